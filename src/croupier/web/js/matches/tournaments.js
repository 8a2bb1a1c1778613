// matches.html "Tournaments" (issue 22; docs/pvp_matches.md "Tournaments"): the knock-out
// tournaments of the match games - each with its buy-in + fee, seats taken, prize by place and
// status; register / unregister (money: an Idempotency-Key per click) while it is registering;
// the bracket, round by round, with a link to each match's board (no rake on these matches).
import { request, token } from "../api.js";
import { formatMoney } from "../money.js";
import { $ } from "../ui.js";
import { el } from "./match_page.js";

const BOARDS = { backgammon: "/backgammon.html", domino: "/domino.html", belote: "/belote.html" };
const player = () => { try { return JSON.parse(localStorage.getItem("croupier.player") || "null"); } catch { return null; } };

function button(name, fn) {
  const b = el("button", "match-act", name);
  b.type = "button";
  b.dataset.action = name;
  b.addEventListener("click", fn);
  return b;
}

async function act(path) {
  try { await request("POST", path); $("#tn-status").textContent = ""; }
  catch (e) { $("#tn-status").textContent = String(e.message || e); }
  await refresh();
}

function who(v, pid) {
  if (pid === null || pid === undefined) return "bye";
  const e = v.entries.find((x) => x.player_id === pid);
  return (e && e.name) || `#${pid}`;
}

function bracket(v) {
  const ol = el("ol", "tn-bracket");
  const rounds = [...new Set(v.bracket.map((g) => g.round))];
  for (const r of rounds) {
    const li = el("li", "", `Round ${r + 1}: `);
    li.dataset.round = String(r);
    for (const g of v.bracket.filter((x) => x.round === r)) {
      const span = el("span", "tn-game", `${who(v, g.player_a)} v ${who(v, g.player_b)}`);
      span.dataset.slot = String(g.slot);
      if (g.winner_player !== null) span.append(` → ${who(v, g.winner_player)} (${g.how})`);
      if (g.match_id && BOARDS[v.game]) {
        const a = el("a", "", "board");
        a.href = `${BOARDS[v.game]}?match=${g.match_id}`;
        span.append(" ", a);
      }
      li.append(span, " ");
    }
    ol.append(li);
  }
  return ol;
}

function row(v) {
  const me = player();
  const money = (x) => formatMoney(x, v.currency);
  const li = el("li", "", `${v.name} · ${v.game} ${v.variant} · buy-in ${money(v.buy_in_minor)} + fee ` +
    `${money(v.fee_minor)} · ${v.registered}/${v.seats} · ${v.status} · no rake`);
  li.dataset.tournament = String(v.id);
  const prizes = Object.entries(v.prize_by_place).filter(([, x]) => x > 0).map(([k, x]) => `${k}: ${money(x)}`);
  li.append(el("div", "muted tn-prizes", `Prizes: ${prizes.join(", ") || "–"} (pool ${money(v.prize_pool_minor)})`));
  const mine = me && v.entries.some((e) => e.player_id === me.id);
  if (token() && v.status === "registering") {
    li.append(mine ? button("unregister", () => act(`/api/matches/tournaments/${v.id}/unregister`))
      : button("register", () => act(`/api/matches/tournaments/${v.id}/register`)));
  }
  if (v.bracket.length) li.append(bracket(v));
  return li;
}

async function refresh() {
  try {
    const items = (await request("GET", "/api/matches/tournaments", undefined, { auth: false })).items;
    const views = await Promise.all(items.slice(0, 20).map((t) =>
      request("GET", `/api/matches/tournaments/${t.id}`, undefined, { auth: false })));
    $("#tn-list").replaceChildren(...views.map(row));
    if (!views.length) $("#tn-list").replaceChildren(el("li", "muted", "No tournament is filed."));
  } catch (e) {
    $("#tn-list").replaceChildren(el("li", "error", `Could not load the tournaments: ${e.message}`));
  }
  $("#tn-list").setAttribute("aria-busy", "false");
}

refresh();
setInterval(refresh, 3000);
