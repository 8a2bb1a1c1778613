// The result view of a virtual event (issue 23): the event's outcome as the server revealed it
// (GET /api/draws/{id} recent[].result: a race's finishing order, a match's goals with minutes,
// sets, points), played out in a few seconds - runners moving to their finishing order, a match
// ticker. It shows the server's result; it decides nothing.
import { el, sleep } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import { isRace } from "./sports.js";

const STEP_MS = 60;

/** One line of a result (the last events list). */
export const resultText = (r) => r.result?.headline || "-";

/** Play the result of event `number` into #result-view; resolves when the view is final. */
export async function playResult(game, number, result, { fast = false } = {}) {
  const view = document.getElementById("result-view");
  document.getElementById("result-number").textContent = `#${number}`;
  view.dataset.number = String(number);
  delete view.dataset.done;
  const play = isRace(game) ? race : game === "football" ? football : game === "tennis" ? tennis : game === "table_tennis" ? tableTennis : null;
  if (play) await play(view, result, fast);
  view.append(el("p", { class: "headline" }, result.headline || ""));
  view.dataset.done = String(number);
}

// Lanes in number order; each runner moves along its lane and finishes at its place (the leader
// first). Positions in between are the finishing order eased in (a cosmetic path, no randomness).
async function race(view, result, fast) {
  const order = result.order;
  const n = order.length;
  const place = new Map(order.map((r, i) => [r, i]));
  const lanes = [];
  const track = el("ol", { class: "track", "aria-label": t("v_the_race"), dataset: { order: order.join(",") } });
  for (let r = 1; r <= n; r += 1) {
    const runner = el("span", { class: "runner", "aria-hidden": "true" }, String(r));
    const lane = el("li", { dataset: { runner: String(r) } }, runner, el("span", { class: "place" }));
    lanes.push([r, lane, runner]);
    track.append(lane);
  }
  view.replaceChildren(track);
  const frames = fast ? 1 : 40;
  for (let f = 1; f <= frames; f += 1) {
    const t = f / frames;
    for (const [r, , runner] of lanes) {
      const finish = 100 - (place.get(r) * 40) / n; // the winner reaches the line, the last is furthest back
      const wobble = t < 1 ? ((r * 7 + f * 3) % 5) * (1 - t) : 0;
      runner.style.setProperty("--x", `${Math.max(0, finish * t - wobble).toFixed(1)}%`);
    }
    if (!fast) await sleep(STEP_MS);
  }
  for (const [r, lane] of lanes) {
    const p = place.get(r) + 1;
    lane.dataset.place = String(p);
    lane.querySelector(".place").textContent = ordinal(p);
  }
}

const ordinal = (p) => `${p}${p % 10 === 1 && p !== 11 ? "st" : p % 10 === 2 && p !== 12 ? "nd" : p % 10 === 3 && p !== 13 ? "rd" : "th"}`;

// The match clock runs 0 to 90; each goal is ticked at its minute with the score, each incident
// (cards, penalties: 12.59 rows 24-26) at its minute; then the free-kick rounds (rows 27-32).
async function football(view, result, fast) {
  const score = el("p", { class: "score", dataset: { score: "0:0" } }, "0:0");
  const clock = el("span", { class: "clock" }, "0'");
  const ticker = el("ol", { class: "ticker", "aria-label": t("v_ticker") });
  view.replaceChildren(el("div", { class: "scoreboard" }, el("span", {}, t("v_team_n", { n: 1 })), score, el("span", {}, t("v_team_n", { n: 2 })), clock), ticker);
  const goals = [...result.goals];
  const incidents = [...(result.incidents || [])];
  const s = [0, 0];
  for (let minute = 1; minute <= 90; minute += 1) {
    while (goals.length && goals[0][0] === minute) {
      const [, team] = goals.shift();
      s[team - 1] += 1;
      ticker.append(el("li", { dataset: { minute: String(minute), team: String(team) } }, t("v_goal", { m: minute, team, score: `${s[0]}:${s[1]}` })));
    }
    while (incidents.length && incidents[0][0] === minute) {
      const [, team, kind] = incidents.shift();
      ticker.append(el("li", { class: `incident ${kind}`, dataset: { minute: String(minute), team: String(team), incident: kind } },
        t("v_incident", { m: minute, team, what: t(`v_incident_${kind}`) })));
    }
    score.textContent = `${s[0]}:${s[1]}`;
    score.dataset.score = score.textContent;
    clock.textContent = `${minute}'`;
    if (minute === 45) ticker.append(el("li", { class: "muted", dataset: { half: "1" } }, t("v_half_time", { score: result.half_time.join(":") })));
    if (!fast && minute % 2 === 0) await sleep(STEP_MS);
  }
  ticker.append(el("li", { class: "muted", dataset: { full: "1" } }, t("v_full_time", { score: result.full_time.join(":") })));
  for (const [round, team, shirt, way] of result.free_kicks || []) {
    ticker.append(el("li", { class: "free-kick", dataset: { round: String(round), team: String(team), shirt: String(shirt), direction: way } },
      t("v_free_kick", { round, team, shirt, way: t(`v_kick_${way}`) })));
    if (!fast) await sleep(STEP_MS * 3);
  }
}

// The points of the first game, then each set's score.
async function tennis(view, result, fast) {
  const ticker = el("ol", { class: "ticker", "aria-label": t("v_ticker") });
  view.replaceChildren(ticker);
  const game = el("li", {}, t("v_first_game"));
  ticker.append(game);
  for (const p of result.first_game_points) {
    game.append(`${p} `);
    if (!fast) await sleep(STEP_MS * 3);
  }
  for (const [i, [a, b]] of result.sets.entries()) {
    ticker.append(el("li", { dataset: { set: String(i + 1) } }, t("v_set", { n: i + 1, score: `${a}:${b}` })));
    if (!fast) await sleep(STEP_MS * 8);
  }
}

// Point by point, the score of the set.
async function tableTennis(view, result, fast) {
  const score = el("p", { class: "score", dataset: { score: "0:0" } }, "0:0");
  const points = el("ol", { class: "points", "aria-label": t("v_points") });
  view.replaceChildren(el("div", { class: "scoreboard" }, el("span", {}, t("v_player_n", { n: "A" })), score, el("span", {}, t("v_player_n", { n: "B" }))), points);
  const s = [0, 0];
  for (const p of result.points) {
    s[p === "A" ? 0 : 1] += 1;
    points.append(el("li", { class: p === "A" ? "a" : "b" }, p));
    score.textContent = `${s[0]}:${s[1]}`;
    score.dataset.score = score.textContent;
    if (!fast) await sleep(STEP_MS * 3);
  }
}
