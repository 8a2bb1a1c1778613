// The part every draw table page shares (keno.html, lucky.html; issue 20, docs/draws.md): the
// page's head, live draw, tickets and last draws sections (laid into #draw-board and
// #draw-history with the page's class prefix), the board from GET /api/draws/{id} (server-time
// offset, countdown, last draws, ball board), the table's WebSocket (draw_closed, draw_started,
// draw_ball, draw_settled, draw_voided), the balance, the player's tickets
// (GET /api/draws/{id}/tickets) and the buy (POST /api/draws/{id}/tickets). The page passes what
// is its own as callbacks.
import { ApiError, api, openTableSocket, request, token } from "../api.js";
import { formatMoney } from "../money.js";
import { $, renderHeader, toast } from "../ui.js";
import { t } from "../shell/i18n.js";
import "./strings.js";

export const li = (text, attrs = {}) => {
  const e = document.createElement("li");
  e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

// The page's own sections stand between #draw-board (title, meta, balance, live draw) and
// #draw-history (its tickets, the last draws); css is its class prefix ("keno", "draw").
function layPage(css, name, word) {
  const board = document.createElement("template");
  board.innerHTML = `
    <div class="${css}-head">
      <h1 id="title">${name}</h1>
      <p id="meta"></p>
      <p>${t("draw_balance")} <strong id="balance" data-minor="">-</strong></p>
    </div>
    <section class="card ${css}-board" aria-labelledby="board-title">
      <h2 id="board-title">${t("draw_live", { word: word.toLowerCase() })} <span id="draw-number"></span></h2>
      <p id="next" role="status" aria-live="polite"></p>
      <ol class="${css}-balls" id="balls" aria-label="Balls drawn" aria-live="polite" data-count="0"></ol>
      <p class="${css}-seed" id="seed"></p>
    </section>`;
  $("#draw-board").replaceWith(board.content);
  const history = document.createElement("template");
  history.innerHTML = `
    <section class="card" aria-labelledby="tickets-title">
      <h2 id="tickets-title">${t("draw_your_tickets")}</h2>
      <ol class="${css}-tickets" id="tickets"></ol>
    </section>
    <section class="card" aria-labelledby="recent-title">
      <h2 id="recent-title">${t("draw_last", { word: word.toLowerCase() })}</h2>
      <ol class="${css}-recent" id="recent"></ol>
    </section>`;
  $("#draw-history").replaceWith(history.content);
}

// page: the page's state object; the board keeps board, currency, drawing, balls and offset in it.
// hooks:
//   css, name         the page's class prefix and its name until the board has loaded
//   load()            after the first GET, before the page is laid out (may throw like the GET)
//   setup(board)      lays out the page's own part (meta line, bet grid or layout, stake)
//   ballItem(ball)    the <li> of one drawn ball
//   recentBalls(balls) the balls of a past draw as text
//   afterBalls()      after the ball board changes (optional)
//   ticketBets(t)     a ticket's bets as text
//   drawText(d, span) a ticket's draw as text (may add data-attributes to span)
//   bets()            the bets of a purchase, or null (after a toast) when there is none to buy
//   errorInMine       show a failed purchase's message in #mine too
//   settled(msg)      after a draw_settled message (optional; Mega Ball shows its bonus)
// optional, for a virtual event table (issue 23, js/virtual/page.js):
//   word              what a draw is called ("Event"; default "Draw")
//   recentText(r)     a past draw's result as text (in place of recentBalls)
//   refreshed(board)  after every GET of the board
//   firstDraw()       the draw number a purchase is for (the one the page shows), or null
//   started(msg)      after a draw_started message
//   beforeSettled(msg) a promise the draw_settled handling waits for (the result animation)
export function drawBoard(tableId, page, hooks) {
  const afterBalls = hooks.afterBalls || (() => {});
  const word = hooks.word || t("draw_word");
  const tablePath = `/api/draws/${encodeURIComponent(tableId)}`;

  async function open() {
    layPage(hooks.css, hooks.name, word);
    renderHeader("table");
    try {
      await refresh();
      if (hooks.load) await hooks.load();
    } catch (e) {
      $("#next").textContent = e instanceof ApiError && e.status === 404 ? t("draw_no_table", { id: tableId }) : t("draw_could_not_load", { error: e.message });
      return;
    }
    const b = page.board;
    page.currency = b.currency;
    hooks.setup(b);
    $("#title").textContent = b.title;
    document.title = `${b.title} · Croupier`;
    const sel = $("#draws");
    for (let k = 1; k <= b.schedule.max_draws; k += 1) sel.append(new Option(String(k), String(k)));
    $("#buy").addEventListener("click", buy);
    setInterval(tick, 250);
    setInterval(() => refresh().catch(() => {}), 3000);
    openTableSocket(tableId, onMessage);
    if (!token()) {
      $("#buy").disabled = true;
      $("#mine").textContent = t("draw_log_in");
      return;
    }
    await refreshBalance();
    await refreshTickets();
  }

  async function refresh() {
    const b = await request("GET", tablePath, undefined, { auth: false });
    page.board = b;
    page.offset = Date.parse(b.server_time) - Date.now();
    renderRecent(b);
    if (hooks.refreshed) hooks.refreshed(b);
    if (!page.drawing && b.recent.length && !page.balls.length) showBalls(b.recent[0].number, b.recent[0].balls || [], b.recent[0]);
  }

  function showBalance(minor) {
    $("#balance").dataset.minor = String(minor);
    $("#balance").textContent = formatMoney(minor, page.currency);
  }

  async function refreshBalance() {
    if (!token()) return;
    try {
      showBalance((await api.wallet()).cash_minor);
    } catch (e) { toast(e.message); }
  }

  async function buy() {
    const mine = $("#mine");
    delete mine.dataset.ticket;
    delete mine.dataset.error;
    const bets = hooks.bets();
    if (!bets) return;
    try {
      const body = { bets, draws: Number($("#draws").value) };
      const first = hooks.firstDraw ? hooks.firstDraw() : null;
      if (first !== null && first !== undefined) body.first_draw = first;
      const tk = await request("POST", `${tablePath}/tickets`, body);
      mine.dataset.ticket = String(tk.ticket_id);
      mine.dataset.first = String(tk.first_number);
      mine.textContent = t("draw_ticket_bought", { id: tk.ticket_id, from: tk.first_number, to: tk.first_number + tk.draws_count - 1, amount: formatMoney(tk.stake_total_minor, page.currency) });
      showBalance(tk.balance.cash_minor);
      await refreshTickets();
    } catch (e) {
      mine.dataset.error = e.code || "error";
      if (hooks.errorInMine) mine.textContent = e.message;
      toast(e.message);
    }
  }

  async function refreshTickets() {
    if (!token()) return;
    const res = await request("GET", `${tablePath}/tickets`);
    const list = $("#tickets");
    list.replaceChildren();
    for (const tk of res.tickets) {
      const item = li(`${t("draw_ticket", { id: tk.ticket_id })} (${hooks.ticketBets(tk)}): `, { "data-ticket": String(tk.ticket_id) });
      for (const d of tk.draws) {
        const span = document.createElement("span");
        span.dataset.number = String(d.number);
        span.dataset.state = d.state;
        span.dataset.returned = d.returned_minor === null ? "" : String(d.returned_minor);
        span.textContent = hooks.drawText(d, span);
        item.append(span);
      }
      list.append(item);
    }
  }

  function renderRecent(b) {
    const list = $("#recent");
    list.replaceChildren();
    for (const r of b.recent) {
      const text = hooks.recentText ? hooks.recentText(r) : hooks.recentBalls(r.balls || []);
      list.append(li(`#${r.number}: ${text} · ${t("draw_seed").toLowerCase()} ${r.server_seed || "-"} (SHA-256 ${r.server_seed_hash})`, { "data-number": String(r.number) }));
    }
  }

  function showBalls(number, balls, info) {
    $("#draw-number").textContent = `#${number}`;
    const ol = $("#balls");
    ol.replaceChildren();
    page.balls = [...balls];
    for (const ball of balls) ol.append(hooks.ballItem(ball));
    ol.dataset.count = String(balls.length);
    ol.dataset.number = String(number);
    if (info) $("#seed").textContent = info.server_seed ? `${t("draw_seed")} ${info.server_seed} · SHA-256 ${info.server_seed_hash}` : "";
    afterBalls();
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
    $("#next").textContent = `${t("draw_next", { word: word.toLowerCase(), n, s: Math.max(0, Math.ceil(closes - now)) })}${up ? ` · ${t("draw_commitment")} ${up.server_seed_hash.slice(0, 16)}…` : ""}`;
  }

  function settled(msg) {
    page.drawing = null;
    showBalls(msg.number, msg.balls, null);
    $("#balls").dataset.settled = String(msg.number);
    if (msg.you) {
      const mine = $("#mine");
      mine.dataset.settled = String(msg.number);
      mine.dataset.returned = String(msg.you.returned_minor);
      mine.textContent = t("draw_settled_you", { word, n: msg.number, stake: formatMoney(msg.you.stake_minor, page.currency), won: formatMoney(msg.you.returned_minor, page.currency) });
    }
    refreshBalance();
    refreshTickets().catch(() => {});
    refresh().catch(() => {});
    if (hooks.settled) hooks.settled(msg).catch(() => {});
  }

  function onMessage(msg) {
    if (msg.type === "draw_started") {
      page.drawing = msg.number;
      showBalls(msg.number, [], null);
      $("#seed").textContent = `${t("draw_seed")} ${msg.server_seed} · SHA-256 ${msg.server_seed_hash}`;
      if (hooks.started) hooks.started(msg);
    } else if (msg.type === "draw_ball") {
      if (page.drawing !== msg.number) { page.drawing = msg.number; showBalls(msg.number, [], null); }
      page.balls.push(msg.ball);
      const ol = $("#balls");
      ol.append(hooks.ballItem(msg.ball));
      ol.dataset.count = String(page.balls.length);
      afterBalls();
    } else if (msg.type === "draw_settled") {
      const wait = hooks.beforeSettled ? hooks.beforeSettled(msg) : null;
      if (wait) wait.catch(() => {}).then(() => settled(msg));
      else settled(msg);
    } else if (msg.type === "draw_voided") {
      toast(t("draw_voided", { word, n: msg.number, reason: msg.reason }), "info");
      refreshBalance();
      refreshTickets().catch(() => {});
    } else if (msg.type === "draw_closed") {
      refresh().catch(() => {});
    }
  }

  return { open: () => open().catch((e) => { console.error(e); toast(String(e.message || e)); }) };
}
