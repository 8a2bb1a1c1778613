// backgammon.html?match=ID: a backgammon match between two players (issue 22; docs/pvp_matches.md).
// The state comes from GET /api/matches/{id}/me and the match's WebSocket (`match_state`, with
// `you`: the seat and, on your turn, the legal actions). Moves are made by clicking a point with
// one of your checkers (or the bar) and then its destination (or "Off"); the steps clicked so far
// must begin one of the legal moves, and when they complete one it is sent. Roll, double, take
// and drop are buttons. The clocks count down from the server's deadline and banks; at the end
// the page shows the winner, the rake and the payout.
import { request, token } from "../api.js";
import { formatMoney } from "../money.js";
import { renderHeader, $ } from "../ui.js";

const params = new URLSearchParams(location.search);
const matchId = Number(params.get("match") || 0);
const st = { m: null, picked: null, steps: [], timer: 0 };

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = String(text);
  return e;
};

function legal() { return (st.m && st.m.you && st.m.you.legal_actions) || []; }
function moves() { return legal().filter((a) => a.name === "move").map((a) => a.args.steps); }
function same(a, b) { return a[0] === b[0] && a[1] === b[1]; }
function startsWith(steps, prefix) { return prefix.every((s, i) => steps[i] && same(steps[i], s)); }
function candidates() { return moves().filter((m) => startsWith(m, st.steps)); }

// my point p holds the opponent's checkers of his point 25 - p (opposed) or p ± 12 (long)
function theirPoint(p, board) {
  if (st.m.variant === "long") return ((p + 11) % 24) + 1;
  return 25 - p;
}

function renderBoard() {
  const box = $("#bg-board");
  box.replaceChildren();
  const m = st.m;
  const b = m && m.board;
  const me = m && m.you ? m.you.seat : 0;
  box.dataset.legal = JSON.stringify(moves());
  box.dataset.seat = String(me);
  if (!b) return;
  const mine = b.sides[me];
  const theirs = b.sides[1 - me];
  const next = new Set(candidates().map((c) => c[st.steps.length]).filter(Boolean).map((s) => (st.picked === null ? s[0] : s[0] === st.picked ? s[1] : -1)));
  // top row 13..24, bottom row 12..1 (the mover's numbering)
  const order = [...Array(12).keys()].map((i) => 13 + i).concat([...Array(12).keys()].map((i) => 12 - i));
  for (const p of order) {
    const btn = el("button", `bg-point ${p >= 13 ? "top" : "bottom"}`);
    btn.type = "button";
    btn.dataset.point = String(p);
    btn.setAttribute("aria-label", `Point ${p}`);
    btn.append(el("span", "bg-num", p));
    if (mine[p]) btn.append(el("span", "bg-stack mine", mine[p]));
    const q = theirPoint(p, b);
    if (theirs[q]) btn.append(el("span", "bg-stack theirs", theirs[q]));
    if (next.has(p)) btn.classList.add(st.picked === null ? "src" : "dst");
    if (st.picked === p) btn.classList.add("picked");
    btn.addEventListener("click", () => clickPoint(p));
    box.append(btn);
  }
  $("#bg-bar").textContent = `Bar ${mine[25] || 0}/${theirs[25] || 0}`;
  $("#bg-off").textContent = `Off ${mine[0] || 0}/${theirs[0] || 0}`;
}

async function clickPoint(p) {
  if (!moves().length) return;
  if (st.picked === null) {
    if (candidates().some((c) => c[st.steps.length] && c[st.steps.length][0] === p)) st.picked = p;
  } else if (p === st.picked) {
    st.picked = null;
  } else {
    const step = [st.picked, p];
    const tried = [...st.steps, step];
    if (moves().some((m) => startsWith(m, tried))) {
      st.steps = tried;
      st.picked = null;
      const done = moves().find((m) => m.length === tried.length && startsWith(m, tried));
      if (done) { await send("move", { steps: done }); return; }
    }
  }
  render();
}

async function send(name, args) {
  try {
    const m = await request("POST", `/api/matches/${matchId}/moves`, { name, args });
    st.steps = []; st.picked = null;
    onState(m);
  } catch (e) {
    st.steps = []; st.picked = null;
    $("#bg-status").textContent = String(e.message || e);
    render();
  }
}

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function renderClocks() {
  const m = st.m;
  if (!m) return;
  const me = m.you ? m.you.seat : 0;
  const banks = m.bank_ms.slice();
  let moveLeft = null;
  if (m.status === "playing" && m.turn_seat !== null && m.deadline && m.turn_started_at) {
    const used = Date.now() - Date.parse(m.turn_started_at);
    banks[m.turn_seat] = Math.max(0, banks[m.turn_seat] - used);
    moveLeft = Math.max(0, Date.parse(m.deadline) - Date.now());
  }
  const show = (seat) => `${clockText(banks[seat])}${moveLeft !== null && m.turn_seat === seat ? ` (move ${clockText(moveLeft)})` : ""}`;
  $("#bg-clock-you").textContent = show(me);
  $("#bg-clock-them").textContent = show(1 - me);
}

function render() {
  const m = st.m;
  if (!m) return;
  const me = m.you ? m.you.seat : null;
  $("#bg-title").textContent = `Backgammon (${m.variant}) · match ${m.id}`;
  $("#bg-score").textContent = m.score ? (me === 1 ? [m.score[1], m.score[0]] : m.score).join(" : ") : "–";
  $("#bg-dice").textContent = m.board && m.board.dice.length ? m.board.dice.join(" ") : "–";
  $("#bg-cube").textContent = m.board ? String(m.board.cube) : "–";
  $("#bg-stake").textContent = formatMoney(m.stake_minor, m.currency);
  const yourTurn = m.status === "playing" && me !== null && m.turn_seat === me;
  $("#bg-status").textContent = m.status === "playing" ? (yourTurn ? "Your turn" : "Opponent's turn") : `Match ${m.status}`;
  $("#bg-status").dataset.turn = yourTurn ? "you" : "them";
  $("#bg-pending").textContent = st.steps.length ? `Steps: ${st.steps.map((s) => s.join("→")).join(", ")}` : "";
  const box = $("#bg-actions");
  box.replaceChildren();
  for (const a of legal().filter((x) => x.name !== "move")) {
    const btn = el("button", "bg-act", a.name);
    btn.type = "button";
    btn.dataset.action = a.name;
    btn.addEventListener("click", () => send(a.name, a.args));
    box.append(btn);
  }
  $("#bg-resign").hidden = !(m.status === "playing" && me !== null);
  renderBoard();
  renderClocks();
  if (m.status === "done" && m.result) {
    const r = m.result;
    const paid = (r.settlement.bets.find((x) => x.bet_id === r.winner_seat) || { returned: 0 }).returned;
    const who = r.winner_seat === null ? "Void: every stake returned" : r.winner_seat === me ? "You won" : "You lost";
    const res = $("#bg-result");
    res.textContent = `${who} (${r.how}). Payout ${formatMoney(paid, m.currency)}, rake ${formatMoney(r.rake_minor, m.currency)}.`;
    res.dataset.payout = String(paid);
    res.dataset.rake = String(r.rake_minor);
    res.dataset.winner = String(r.winner_seat);
  }
}

function onState(m) {
  if (!m || typeof m !== "object") return;
  if (st.m && m.version < st.m.version) return; // an older message
  if (st.m && m.version !== st.m.version) { st.steps = []; st.picked = null; }
  st.m = m;
  render();
}

function openSocket() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/api/matches/${matchId}/ws`);
  ws.addEventListener("open", () => { const t = token(); if (t) ws.send(JSON.stringify({ type: "auth", token: t })); });
  ws.addEventListener("message", (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    if (msg && msg.type === "match_state") {
      const m = msg.match;
      if (msg.you !== undefined) m.you = msg.you;
      else if (st.m && st.m.you && m.you === null && token()) return; // the public snapshot
      onState(m);
    }
  });
}

async function main() {
  renderHeader("table");
  if (!matchId) { $("#bg-status").textContent = "No match: open backgammon.html?match=ID"; return; }
  try {
    onState(await request("GET", `/api/matches/${matchId}${token() ? "/me" : ""}`));
  } catch (e) {
    $("#bg-status").textContent = String(e.message || e);
    return;
  }
  $("#bg-off").addEventListener("click", () => clickPoint(0));
  $("#bg-bar").addEventListener("click", () => clickPoint(25));
  $("#bg-resign").addEventListener("click", async () => {
    try { onState(await request("POST", `/api/matches/${matchId}/resign`, {})); } catch (e) { $("#bg-status").textContent = String(e.message || e); }
  });
  openSocket();
  st.timer = setInterval(renderClocks, 500);
}

main();
