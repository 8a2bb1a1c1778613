// matches.html: the match tables (issue 22; docs/pvp_matches.md "Web"): create a table (game,
// variant, stake, clocks from GET /api/matches/games), the open tables to join, and your own
// tables (remembered in this browser) to accept or reject the opponent who joined; a table in play
// links to its board page (backgammon.html, domino.html, belote.html).
import { request, token } from "../api.js";
import { formatMoney, parseMajor } from "../money.js";
import { renderHeader, $ } from "../ui.js";
import { el } from "./match_page.js";

const BOARDS = { backgammon: "/backgammon.html", domino: "/domino.html", belote: "/belote.html" };
const MINE = "croupier.matches.mine";
let games = [];

const mine = () => { try { return JSON.parse(localStorage.getItem(MINE) || "[]"); } catch { return []; } };
const remember = (id) => localStorage.setItem(MINE, JSON.stringify([...new Set([...mine(), id])].slice(-20)));
const board = (t) => (BOARDS[t.game] ? `${BOARDS[t.game]}?match=${t.id}` : null);
const player = () => { try { return JSON.parse(localStorage.getItem("croupier.player") || "null"); } catch { return null; } };

function options(select, values) {
  select.replaceChildren(...values.map((v) => { const o = el("option", "", v); o.value = String(v); return o; }));
}

function fillGame() {
  const g = games.find((x) => x.game === $("#mt-game").value) || games[0];
  if (!g) return;
  options($("#mt-variant"), g.variants);
  options($("#mt-total"), g.game_seconds);
  fillMove();
}

function fillMove() {
  const g = games.find((x) => x.game === $("#mt-game").value);
  if (!g) return;
  const v = $("#mt-variant").value;
  options($("#mt-move"), (g.move_seconds_by_variant || {})[v] || g.move_seconds);
}

async function act(path, key) {
  try { await request("POST", path, undefined, key ? { key } : {}); } catch (e) { $("#mt-status").textContent = String(e.message || e); }
  await refresh();
}

function row(t, buttons) {
  const li = el("li", "", `#${t.id} ${t.game} ${t.variant} · ${formatMoney(t.stake_minor, t.currency)} · ${t.move_seconds} s / ${t.game_seconds} s · ${t.status}`);
  li.dataset.match = String(t.id);
  for (const [name, fn] of buttons) {
    const b = el("button", "match-act", name);
    b.type = "button";
    b.dataset.action = name;
    b.addEventListener("click", fn);
    li.append(" ", b);
  }
  const href = board(t);
  if (href && (t.status === "playing" || t.status === "done")) {
    const a = el("a", "", "open the board");
    a.href = href;
    li.append(" ", a);
  }
  return li;
}

async function refresh() {
  const me = player();
  try {
    const open = (await request("GET", "/api/matches/tables", undefined, { auth: false })).items;
    $("#mt-open").replaceChildren(...open.filter((t) => !me || t.creator_id !== me.id).map((t) =>
      row(t, token() ? [["join", () => act(`/api/matches/tables/${t.id}/join`)]] : [])));
  } catch (e) {
    $("#mt-open").replaceChildren(el("li", "error", `Could not load the tables: ${e.message}`));
  }
  $("#mt-open").setAttribute("aria-busy", "false");
  const rows = [];
  for (const id of mine()) {
    try {
      const t = await request("GET", `/api/matches/${id}`, undefined, { auth: false });
      const buttons = t.status === "pending" && me && t.creator_id === me.id
        ? [["accept", () => act(`/api/matches/tables/${id}/accept`)], ["reject", () => act(`/api/matches/tables/${id}/reject`)]]
        : [];
      rows.push(row(t, buttons));
    } catch { /* a table of another database: forgotten */ }
  }
  $("#mt-mine").replaceChildren(...rows);
}

async function create(ev) {
  ev.preventDefault();
  const g = games.find((x) => x.game === $("#mt-game").value);
  const cur = (player() && player().currency) || "EUR";
  try {
    const t = await request("POST", "/api/matches/tables", {
      game: g.game, variant: $("#mt-variant").value, stake_minor: parseMajor($("#mt-stake").value, cur),
      options: {}, move_seconds: Number($("#mt-move").value), game_seconds: Number($("#mt-total").value) });
    remember(t.id);
    $("#mt-status").textContent = `Table ${t.id} is open: wait for an opponent to join, then accept him.`;
  } catch (e) {
    $("#mt-status").textContent = String(e.message || e);
  }
  await refresh();
}

async function main() {
  renderHeader("lobby");
  games = (await request("GET", "/api/matches/games", undefined, { auth: false })).items;
  options($("#mt-game"), games.map((g) => g.game));
  $("#mt-game").addEventListener("change", fillGame);
  $("#mt-variant").addEventListener("change", fillMove);
  $("#mt-create").addEventListener("submit", create);
  $("#mt-submit").disabled = !token();
  if (!token()) $("#mt-status").textContent = "Log in to create or join a table.";
  fillGame();
  await refresh();
  setInterval(refresh, 3000);
}

main();
