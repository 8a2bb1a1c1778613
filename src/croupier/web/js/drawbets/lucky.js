// lucky.html?id=TABLE: a fixed-odds draw table - Lucky 5, Lucky 7, Lucky 6 (digit balls or 48
// balls), Fruitrace (issue 20, docs/draws.md). The bets and their targets come from the engine's
// description (js/shell/describe.js, js/shell/targets.js); the board from GET /api/draws/{id} and
// the table's WebSocket (draw_closed, draw_started, draw_ball, draw_settled, draw_voided);
// tickets are bought with POST /api/draws/{id}/tickets (every bet of the slip, one stake each,
// for 1 to max_draws draws).
import { ApiError, api, openTableSocket, request, token } from "../api.js";
import { formatMoney, learnExponent, parseMajor, toMajorString } from "../money.js";
import { betsByGroup, loadDescription } from "../shell/describe.js";
import { targetPicker, targetText } from "../shell/targets.js";
import { $, renderHeader, toast } from "../ui.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("id") || "lucky5-eur";
const page = { board: null, desc: null, labels: {}, slip: [], currency: "EUR", drawing: null, balls: [], offset: 0 };

const li = (text, attrs = {}) => {
  const e = document.createElement("li");
  e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};
const label = (ball) => page.labels[String(ball)] || String(ball);

async function main() {
  renderHeader("table");
  try {
    await refresh();
    page.desc = await loadDescription(page.board.game, page.board.variant);
  } catch (e) {
    $("#next").textContent = e instanceof ApiError && e.status === 404 ? `No draw table "${tableId}".` : `Could not load: ${e.message}`;
    return;
  }
  const b = page.board;
  const d = page.desc;
  page.currency = b.currency;
  learnExponent(b.currency, b.currency_exponent);
  page.labels = d.outcome?.labels || {};
  $("#title").textContent = b.title;
  document.title = `${b.title} · Croupier`;
  $("#meta").textContent = `${b.balls.drawn} balls of ${b.balls.last - b.balls.first + 1} every ${b.schedule.every_seconds} s · ${d.bets.length} bets · ${b.currency}`;
  layBets(d);
  const cur = d.currencies?.[b.currency];
  $("#stake").value = toMajorString(cur?.min_minor || 100, b.currency);
  const sel = $("#draws");
  for (let k = 1; k <= b.schedule.max_draws; k += 1) sel.append(new Option(String(k), String(k)));
  $("#clear").addEventListener("click", () => { page.slip = []; renderSlip(); });
  $("#buy").addEventListener("click", buy);
  renderSlip();
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

function layBets(desc) {
  const layout = $("#layout");
  layout.replaceChildren();
  for (const g of betsByGroup(desc)) {
    const box = document.createElement("details");
    box.open = true;
    const summary = document.createElement("summary");
    summary.textContent = g.label;
    box.append(summary);
    for (const bet of g.bets) {
      const row = document.createElement("div");
      row.className = "draw-bet";
      const name = document.createElement("span");
      name.textContent = bet.label;
      const pays = document.createElement("span");
      pays.className = "pays";
      pays.textContent = bet.payout ? `pays ${bet.payout}` : "";
      row.append(name, pays);
      const picker = targetPicker(bet, `Target: ${bet.label}`);
      if (picker?.node) row.append(picker.node);
      const add = document.createElement("button");
      add.type = "button";
      add.className = "add-bet";
      add.dataset.code = bet.code;
      add.textContent = "Add";
      add.setAttribute("aria-label", `Add ${bet.label}`);
      add.addEventListener("click", () => {
        page.slip.push({ code: bet.code, label: bet.label, target: picker ? picker.read() : [] });
        renderSlip();
      });
      row.append(add);
      box.append(row);
    }
    layout.append(box);
  }
}

function renderSlip() {
  const list = $("#slip");
  list.replaceChildren();
  page.slip.forEach((b, i) => {
    const item = li(`${b.label}${targetText(b.target)} `, { "data-code": b.code });
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "Remove";
    remove.addEventListener("click", () => { page.slip.splice(i, 1); renderSlip(); });
    item.append(remove);
    list.append(item);
  });
  list.dataset.count = String(page.slip.length);
  $("#buy").disabled = !page.slip.length || !token();
}

async function refresh() {
  const b = await request("GET", `/api/draws/${encodeURIComponent(tableId)}`, undefined, { auth: false });
  page.board = b;
  page.offset = Date.parse(b.server_time) - Date.now();
  renderRecent(b);
  if (!page.drawing && b.recent.length && !page.balls.length) showBalls(b.recent[0].number, b.recent[0].balls || [], b.recent[0]);
}

async function refreshBalance() {
  try {
    const w = await api.wallet();
    $("#balance").dataset.minor = String(w.cash_minor);
    $("#balance").textContent = formatMoney(w.cash_minor, page.currency);
  } catch (e) { toast(e.message); }
}

async function buy() {
  const mine = $("#mine");
  delete mine.dataset.ticket;
  delete mine.dataset.error;
  const stake = $("#stake").value.trim();
  if (parseMajor(stake, page.currency) === null) { toast(`"${stake}" is not an amount`); return; }
  try {
    const t = await request("POST", `/api/draws/${encodeURIComponent(tableId)}/tickets`, {
      bets: page.slip.map((b) => ({ code: b.code, stake, target: b.target })),
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
    toast(e.message);
  }
}

async function refreshTickets() {
  if (!token()) return;
  const res = await request("GET", `/api/draws/${encodeURIComponent(tableId)}/tickets`);
  const list = $("#tickets");
  list.replaceChildren();
  for (const t of res.tickets) {
    const bets = t.bets.map((b) => `${b.code}${targetText(b.target)}`).join(" / ");
    const item = li(`Ticket ${t.ticket_id} (${bets}): `, { "data-ticket": String(t.ticket_id) });
    for (const d of t.draws) {
      const span = document.createElement("span");
      span.dataset.number = String(d.number);
      span.dataset.state = d.state;
      span.dataset.returned = d.returned_minor === null ? "" : String(d.returned_minor);
      const won = d.bets.filter((b) => b.outcome === "win").length;
      span.textContent = `#${d.number} ${d.state}${d.returned_minor !== null ? `, ${won} bet${won === 1 ? "" : "s"} won ${formatMoney(d.returned_minor, page.currency)}` : ""}; `;
      item.append(span);
    }
    list.append(item);
  }
}

function renderRecent(b) {
  const list = $("#recent");
  list.replaceChildren();
  for (const r of b.recent) {
    list.append(li(`#${r.number}: ${(r.balls || []).map(label).join(", ")} · seed ${r.server_seed || "-"} (SHA-256 ${r.server_seed_hash})`, { "data-number": String(r.number) }));
  }
}

function showBalls(number, balls, info) {
  $("#draw-number").textContent = `#${number}`;
  const ol = $("#balls");
  ol.replaceChildren();
  page.balls = [...balls];
  for (const ball of balls) ol.append(li(label(ball), { "data-ball": String(ball) }));
  ol.dataset.count = String(balls.length);
  ol.dataset.number = String(number);
  if (info) $("#seed").textContent = info.server_seed ? `Seed ${info.server_seed} · SHA-256 ${info.server_seed_hash}` : "";
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
    ol.append(li(label(msg.ball), { "data-ball": String(msg.ball) }));
    ol.dataset.count = String(page.balls.length);
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
