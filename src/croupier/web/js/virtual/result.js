// The result view of a virtual event (issue 23): the event's outcome as the server revealed it
// (GET /api/draws/{id} recent[].result: a race's finishing order, a match's goals with minutes,
// sets, points), played out in a few seconds - runners moving to their finishing order, a match
// ticker. It shows the server's result; it decides nothing.
import { el, sleep } from "../shell/dom.js";
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
  const track = el("ol", { class: "track", "aria-label": "The race", dataset: { order: order.join(",") } });
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

const INCIDENT = { yellow: "yellow card", red: "red card", penalty: "penalty awarded" };

// The match clock runs 0 to 90; each goal is ticked at its minute with the score, each incident
// (cards, penalties: 12.59 rows 24-26) at its minute; then the free-kick rounds (rows 27-32).
async function football(view, result, fast) {
  const score = el("p", { class: "score", dataset: { score: "0:0" } }, "0:0");
  const clock = el("span", { class: "clock" }, "0'");
  const ticker = el("ol", { class: "ticker", "aria-label": "Match ticker" });
  view.replaceChildren(el("div", { class: "scoreboard" }, el("span", {}, "Team 1"), score, el("span", {}, "Team 2"), clock), ticker);
  const goals = [...result.goals];
  const incidents = [...(result.incidents || [])];
  const s = [0, 0];
  for (let minute = 1; minute <= 90; minute += 1) {
    while (goals.length && goals[0][0] === minute) {
      const [, team] = goals.shift();
      s[team - 1] += 1;
      ticker.append(el("li", { dataset: { minute: String(minute), team: String(team) } }, `${minute}' goal, Team ${team}: ${s[0]}:${s[1]}`));
    }
    while (incidents.length && incidents[0][0] === minute) {
      const [, team, kind] = incidents.shift();
      ticker.append(el("li", { class: `incident ${kind}`, dataset: { minute: String(minute), team: String(team), incident: kind } },
        `${minute}' ${INCIDENT[kind] || kind}, Team ${team}`));
    }
    score.textContent = `${s[0]}:${s[1]}`;
    score.dataset.score = score.textContent;
    clock.textContent = `${minute}'`;
    if (minute === 45) ticker.append(el("li", { class: "muted", dataset: { half: "1" } }, `Half time ${result.half_time.join(":")}`));
    if (!fast && minute % 2 === 0) await sleep(STEP_MS);
  }
  ticker.append(el("li", { class: "muted", dataset: { full: "1" } }, `Full time ${result.full_time.join(":")}`));
  for (const [round, team, shirt, way] of result.free_kicks || []) {
    ticker.append(el("li", { class: "free-kick", dataset: { round: String(round), team: String(team), shirt: String(shirt), direction: way } },
      `Free kick round ${round}, Team ${team}: #${shirt}, ${way}`));
    if (!fast) await sleep(STEP_MS * 3);
  }
}

// The points of the first game, then each set's score.
async function tennis(view, result, fast) {
  const ticker = el("ol", { class: "ticker", "aria-label": "Match ticker" });
  view.replaceChildren(ticker);
  const game = el("li", {}, "First game, points won by: ");
  ticker.append(game);
  for (const p of result.first_game_points) {
    game.append(`${p} `);
    if (!fast) await sleep(STEP_MS * 3);
  }
  for (const [i, [a, b]] of result.sets.entries()) {
    ticker.append(el("li", { dataset: { set: String(i + 1) } }, `Set ${i + 1}: ${a}:${b}`));
    if (!fast) await sleep(STEP_MS * 8);
  }
}

// Point by point, the score of the set.
async function tableTennis(view, result, fast) {
  const score = el("p", { class: "score", dataset: { score: "0:0" } }, "0:0");
  const points = el("ol", { class: "points", "aria-label": "Points" });
  view.replaceChildren(el("div", { class: "scoreboard" }, el("span", {}, "Player A"), score, el("span", {}, "Player B")), points);
  const s = [0, 0];
  for (const p of result.points) {
    s[p === "A" ? 0 : 1] += 1;
    points.append(el("li", { class: p === "A" ? "a" : "b" }, p));
    score.textContent = `${s[0]}:${s[1]}`;
    score.dataset.score = score.textContent;
    if (!fast) await sleep(STEP_MS * 3);
  }
}
