// keno.html?id=TABLE: a keno draw table (issue 20, docs/draws.md). The board comes from
// GET /api/draws/{id} and the table's WebSocket (draw_closed, draw_started, draw_ball,
// draw_settled, draw_voided); tickets are bought with POST /api/draws/{id}/tickets.
import { ApiError, api, openTableSocket, request, token } from "../api.js";
import { formatMoney, parseMajor } from "../money.js";
import { $, renderHeader, toast } from "../ui.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("id") || "keno-eur";
const page = { board: null, picks: new Set(), currency: "EUR", drawing: null, balls: [], offset: 0 };

const li = (text, attrs = {}) => {
  const e = document.createElement("li");
  e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

async function main() {
  renderHeader("table");
  try {
    await refresh();
  } catch (e) {
    $("#next").textContent = e instanceof ApiError && e.status === 404 ? `No draw table "${tableId}".` : `Could not load: ${e.message}`;
    return;
  }
  const b = page.board;
  page.currency = b.currency;
  $("#title").textContent = b.title;
  document.title = `${b.title} · Croupier`;
  $("#meta").textContent = `${b.balls.drawn} balls of ${b.balls.first}-${b.balls.last} every ${b.schedule.every_seconds} s · pick 1 to ${b.max_picks} · ${b.currency}`;
  buildGrid(b);
  const sel = $("#draws");
  for (let k = 1; k <= b.schedule.max_draws; k += 1) sel.append(new Option(String(k), String(k)));
  $("#qp-count").max = String(b.max_picks);
  $("#quick-pick").addEventListener("click", quickPick);
  $("#clear").addEventListener("click", () => { page.picks.clear(); syncGrid(); });
  $("#buy").addEventListener("click", buy);
  setInterval(tick, 250);
  setInterval(() => refresh().catch(() => {}), 3000);
  openTableSocket(tableId, onMessage);
  if (!token()) {
    $("#buy").disabled = true;
    $("#mine").textContent = "Log in to buy tickets.";
    return;
  }
  await refreshBalance();
  await refreshTickets();
}

async function refresh() {
  const b = await request("GET", `/api/draws/${encodeURIComponent(tableId)}`, undefined, { auth: false });
  page.board = b;
  page.offset = Date.parse(b.server_time) - Date.now();
  renderRecent(b);
  if (!page.drawing && b.recent.length && !page.balls.length) showBalls(b.recent[0].number, b.recent[0].balls || [], b.recent[0]);
}

async function refreshBalance() {
  if (!token()) return;
  try {
    const w = await api.wallet();
    $("#balance").dataset.minor = String(w.cash_minor);
    $("#balance").textContent = formatMoney(w.cash_minor, page.currency);
  } catch (e) { toast(e.message); }
}

function buildGrid(b) {
  const grid = $("#grid");
  for (let n = b.balls.first; n <= b.balls.last; n += 1) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.textContent = String(n);
    btn.dataset.n = String(n);
    btn.setAttribute("aria-pressed", "false");
    btn.addEventListener("click", () => toggle(n));
    grid.append(btn);
  }
}

function toggle(n) {
  if (page.picks.has(n)) page.picks.delete(n);
  else if (page.picks.size >= page.board.max_picks) { toast(`Pick at most ${page.board.max_picks} numbers`); return; }
  else page.picks.add(n);
  syncGrid();
}

function syncGrid() {
  for (const btn of $("#grid").querySelectorAll("button")) btn.setAttribute("aria-pressed", String(page.picks.has(Number(btn.dataset.n))));
  const p = $("#picked");
  p.dataset.count = String(page.picks.size);
  p.textContent = `${page.picks.size} number${page.picks.size === 1 ? "" : "s"} picked: ${[...page.picks].sort((a, b) => a - b).join(" ")}`;
}

function quickPick() {
  // a convenience for the player, not the game's randomness (the draw is the server's)
  const b = page.board;
  const want = Math.max(1, Math.min(b.max_picks, Number($("#qp-count").value) || 5));
  const pool = [];
  for (let n = b.balls.first; n <= b.balls.last; n += 1) pool.push(n);
  const r = new Uint32Array(want);
  crypto.getRandomValues(r);
  page.picks.clear();
  for (let i = 0; i < want; i += 1) page.picks.add(pool.splice(r[i] % pool.length, 1)[0]);
  syncGrid();
}

async function buy() {
  const mine = $("#mine");
  delete mine.dataset.ticket;
  delete mine.dataset.error;
  try {
    parseMajor($("#stake").value, page.currency);
  } catch (e) { toast(e.message); return; }
  try {
    const t = await request("POST", `/api/draws/${encodeURIComponent(tableId)}/tickets`, {
      bets: [{ code: "keno", stake: $("#stake").value.trim(), target: [...page.picks].sort((a, b) => a - b) }],
      draws: Number($("#draws").value),
    });
    mine.dataset.ticket = String(t.ticket_id);
    mine.dataset.first = String(t.first_number);
    mine.textContent = `Ticket ${t.ticket_id}: draws ${t.first_number}-${t.first_number + t.draws_count - 1}, ${formatMoney(t.stake_total_minor, page.currency)}`;
    $("#balance").dataset.minor = String(t.balance.cash_minor);
    $("#balance").textContent = formatMoney(t.balance.cash_minor, page.currency);
    await refreshTickets();
  } catch (e) {
    mine.dataset.error = e.code || "error";
    mine.textContent = e.message;
    toast(e.message);
  }
}

async function refreshTickets() {
  if (!token()) return;
  const res = await request("GET", `/api/draws/${encodeURIComponent(tableId)}/tickets`);
  const list = $("#tickets");
  list.replaceChildren();
  for (const t of res.tickets) {
    const nums = t.bets.map((b) => b.target.join(" ")).join(" / ");
    const item = li(`Ticket ${t.ticket_id} (${nums}): `, { "data-ticket": String(t.ticket_id) });
    for (const d of t.draws) {
      const hits = d.bets.map((b) => b.hits).filter((h) => h !== null);
      const span = document.createElement("span");
      span.dataset.number = String(d.number);
      span.dataset.state = d.state;
      span.dataset.hits = hits.length ? String(hits.reduce((a, b) => a + b, 0)) : "";
      span.dataset.returned = d.returned_minor === null ? "" : String(d.returned_minor);
      span.textContent = `#${d.number} ${d.state}${hits.length ? `, ${span.dataset.hits} hits` : ""}${d.returned_minor !== null ? `, won ${formatMoney(d.returned_minor, page.currency)}` : ""}; `;
      item.append(span);
    }
    list.append(item);
  }
}

function renderRecent(b) {
  const list = $("#recent");
  list.replaceChildren();
  for (const r of b.recent) {
    list.append(li(`#${r.number}: ${(r.balls || []).join(" ")} · seed ${r.server_seed || "-"} (SHA-256 ${r.server_seed_hash})`, { "data-number": String(r.number) }));
  }
}

function showBalls(number, balls, info) {
  $("#draw-number").textContent = `#${number}`;
  const ol = $("#balls");
  ol.replaceChildren();
  page.balls = [...balls];
  for (const ball of balls) ol.append(ballItem(ball));
  ol.dataset.count = String(balls.length);
  ol.dataset.number = String(number);
  if (info) $("#seed").textContent = info.server_seed ? `Seed ${info.server_seed} · SHA-256 ${info.server_seed_hash}` : "";
  markDrawn();
}

function ballItem(ball) {
  const e = li(String(ball), { "data-ball": String(ball) });
  if (page.picks.has(ball)) e.className = "hit";
  return e;
}

function markDrawn() {
  const drawn = new Set(page.balls);
  for (const btn of $("#grid").querySelectorAll("button")) btn.classList.toggle("drawn", drawn.has(Number(btn.dataset.n)));
}

function tick() {
  const b = page.board;
  if (!b) return;
  const now = (Date.now() + page.offset) / 1000;
  const s = b.schedule;
  const n = Math.floor((now + s.cutoff_seconds) / s.every_seconds) + 1;
  const closes = n * s.every_seconds - s.cutoff_seconds;
  const up = b.upcoming.find((u) => u.number === n);
  $("#next").dataset.number = String(n);
  $("#next").textContent = `Next draw #${n}: tickets close in ${Math.max(0, Math.ceil(closes - now))} s${up ? ` · commitment ${up.server_seed_hash.slice(0, 16)}…` : ""}`;
}

function onMessage(msg) {
  if (msg.type === "draw_started") {
    page.drawing = msg.number;
    showBalls(msg.number, [], null);
    $("#seed").textContent = `Seed ${msg.server_seed} · SHA-256 ${msg.server_seed_hash}`;
  } else if (msg.type === "draw_ball") {
    if (page.drawing !== msg.number) { page.drawing = msg.number; showBalls(msg.number, [], null); }
    page.balls.push(msg.ball);
    const ol = $("#balls");
    ol.append(ballItem(msg.ball));
    ol.dataset.count = String(page.balls.length);
    markDrawn();
  } else if (msg.type === "draw_settled") {
    page.drawing = null;
    showBalls(msg.number, msg.balls, null);
    $("#balls").dataset.settled = String(msg.number);
    if (msg.you) {
      const mine = $("#mine");
      mine.dataset.settled = String(msg.number);
      mine.dataset.returned = String(msg.you.returned_minor);
      mine.textContent = `Draw #${msg.number}: staked ${formatMoney(msg.you.stake_minor, page.currency)}, won ${formatMoney(msg.you.returned_minor, page.currency)}`;
    }
    refreshBalance();
    refreshTickets().catch(() => {});
    refresh().catch(() => {});
  } else if (msg.type === "draw_voided") {
    toast(`Draw #${msg.number} was voided: ${msg.reason}`, "info");
    refreshBalance();
    refreshTickets().catch(() => {});
  } else if (msg.type === "draw_closed") {
    refresh().catch(() => {});
  }
}

main().catch((e) => { console.error(e); toast(String(e.message || e)); });
