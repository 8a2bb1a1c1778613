// cardroom.html?table=ID: a player-against-player poker table (issue 21; docs/pvp_poker.md "Card
// room API"). The table's state comes on its WebSocket (`poker_state` after every change, with the
// player's private part `you`: hole cards, legal actions, raise range; `poker_hand_ended` with each
// seat's result) and from GET /api/cardroom/tables/{id}/me. The page offers only the legal actions,
// sizes a bet or raise inside the legal range, runs the decision timer (then the time bank) from
// the server's figures, and shows the last hand's history (GET /api/cardroom/hands/{id}).
// cardroom.html?preview plays a recorded hand (/cardroom-preview.json: the same messages) with a
// "Next step" button and no server.
// cardroom.html?pool=NAME: Rush & Cash (000 §12.12.3): the player joins a pool (a blind level, not
// a table) and is dealt into hand after hand at the pool's tables; the Fast Fold button (legal at any
// time) leaves the hand at once and the page follows him into the new hand (the pool's messages
// come on its anchor table's WebSocket; the page shows the newest hand that carries his `you`).
import "./strings.js";
import { ApiError, api as http, openTableSocket, request, savedPlayer, token } from "../api.js";
import { formatMinor, formatMoney, learnExponent, parseMajor, toMajorString } from "../money.js";
import { Countdown } from "../shell/clock.js";
import { el } from "../shell/dom.js";
import { showAmount, showBalance } from "../shell/figures.js";
import { applyStrings, t } from "../shell/i18n.js";
import { startPage } from "../shell/page.js";
import { $, toast } from "../ui.js";
import { renderHistory } from "./history.js";
import { clamp, isLegal, presets } from "./sizing.js";
import { money, phaseText, renderBoards, renderPots, renderSeats, renderYou, turnText } from "./view.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("table") || params.get("id") || "";
const preview = params.has("preview");
const pool = params.get("pool") || "";
const page = { handId: null, entry: null, anchor: "", msg: null, you: null, mySeat: null, currency: "EUR", clock: new Countdown(), timerKey: "", busy: false, actionsKey: "", lastEnded: null };

const api = (method, path, body) => request(method, `/api/cardroom${path}`, body);

async function main() {
  if (preview) { await runPreview(); return; }
  if (pool) { await mainPool(); return; }
  if (!tableId) { $("#phase").textContent = t("cr_no_table", { id: "" }); hideSeatForm(); return; }
  try {
    const state = await api("GET", `/tables/${encodeURIComponent(tableId)}${token() ? "/me" : ""}`);
    onMessage(state);
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? t("cr_no_table", { id: tableId }) : String(e.message || e);
    hideSeatForm();
    return;
  }
  wireForms();
  openTableSocket(tableId, onMessage);
  if (token()) {
    refreshBalance();
    refreshMyHands();
  }
}

function hideSeatForm() { $("#buyin").hidden = true; }

const poolPath = () => `/rush/${encodeURIComponent(pool)}`;

async function mainPool() {
  $("#buyin-seat").closest("label").hidden = true;
  $("#leave").textContent = t("cr_leave_pool");
  let state;
  try {
    state = await api("GET", `${poolPath()}${token() ? "/me" : ""}`);
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? t("cr_no_pool", { id: pool }) : String(e.message || e);
    hideSeatForm();
    return;
  }
  page.anchor = state.table.anchor;
  onPool(state);
  wireForms();
  openTableSocket(page.anchor, onMessage);
  if (token()) {
    refreshBalance();
    refreshMyHands();
  }
}

/** GET /rush/{pool}/me: the pool, the player's entry, and the hand he is in (or none: waiting). */
function onPool(state) {
  page.entry = state.entry ?? null;
  const tb = state.table;
  document.body.dataset.pool = pool;
  if (state.hand) { onState(state.hand); return; }
  page.handId = null;
  page.you = null;
  onState({ type: "poker_state", event: "snapshot", pool, table: tb, seats: [], hand: null });
  $("#phase").textContent = page.entry ? t("cr_rush_waiting") : t("cr_waiting");
}

async function refreshPool() {
  try { onPool(await api("GET", `${poolPath()}/me`)); } catch (e) { toast(e.message || String(e)); }
}

// -- messages ----------------------------------------------------------------------------------

function onMessage(m) {
  if (!m || typeof m !== "object") return;
  if (m.type === "poker_state") onState(m);
  else if (m.type === "poker_hand_ended") onEnded(m);
  else if (m.type === "poker_cashed_out") toast(`${formatMoney(m.amount_minor, page.currency)}`, "info");
  else if (m.type === "balance") showBalance(m.balance, page.currency);
  else if (m.type === "rush_entry" && pool && m.pool === pool) refreshPool();
  else if (m.type === "rush_pool") onPool(m);
  else if (m.type === "history") renderHistory($("#history"), m);
}

function onState(m) {
  if (pool) {
    if (m.pool !== pool) return;
    const id = m.hand?.hand_id ?? null;
    if ("you" in m && m.you && id !== null && (page.handId === null || id >= page.handId)) {
      if (id !== page.handId) { page.handId = id; page.you = null; }
    } else if (id !== null && id !== page.handId) return; // another hand of the pool
    document.body.dataset.hand = page.handId === null ? "" : String(page.handId);
  }
  if (m.table_id && tableId && m.table_id !== tableId) return;
  if (m.table) {
    page.currency = m.table.currency || page.currency;
    learnExponent(page.currency, m.table.currency_exponent);
    $("#table-title").textContent = m.table.title || t("cr_title");
    $("#table-meta").textContent = tableMeta(m.table);
    document.title = `${m.table.title || t("cr_title")} · Croupier`;
  }
  // the private part: present for a player dealt into this hand (a later public-only message
  // of the same hand keeps what we knew)
  if ("you" in m) page.you = m.you;
  else if (!m.hand || (page.msg?.hand && page.msg.hand.hand_id !== m.hand.hand_id)) page.you = null;
  page.msg = m;
  if (pool && m.table) m.table = { ...m.table, max_seats: m.table.hand_size ?? m.table.max_seats };
  const me = token() ? savedPlayerId() : null;
  const mine = (m.seats || []).find((s) => me !== null && s.player_id === me);
  page.mySeat = page.you?.seat ?? mine?.seat ?? null;
  render();
}

function onEnded(m) {
  if (pool && (m.pool !== pool || m.hand_id !== page.handId)) {
    if (pool && m.pool === pool && (m.results || []).some((r) => r.player_id === savedPlayerId())) refreshMyHands();
    return;
  }
  page.lastEnded = m;
  const lines = (m.results || []).map((r) => t("cr_result", { seat: r.seat, stake: money(r.stake_minor, page.currency), returned: money(r.returned_minor, page.currency), net: `${r.net_minor >= 0 ? "+" : ""}${money(r.net_minor, page.currency)}` }));
  const box = $("#hand-result");
  box.dataset.hand = String(m.hand_id);
  box.replaceChildren(...lines.map((line, i) => el("span", { class: "cr-line", dataset: { seat: String(m.results[i].seat), net: String(m.results[i].net_minor), stack: String(m.results[i].stack_minor) } }, line, el("br"))),
    el("span", { class: "cr-rake", dataset: { minor: String(m.rake_minor) } }, t("cr_rake", { amount: money(m.rake_minor, page.currency) })));
  // the final state: shown cards, the pots' results, the stacks after the hand
  if (m.hand) onState({ type: "poker_state", event: "ended", settled: true, pool: m.pool, table_id: m.table_id, table: page.msg?.table, seats: m.seats || page.msg?.seats, hand: m.hand, you: page.you });
  if (!preview && token() && (m.results || []).some((r) => r.player_id === savedPlayerId())) {
    showHand(m.hand_id);
    refreshBalance();
    refreshMyHands();
  }
}

function savedPlayerId() {
  return savedPlayer()?.id ?? null;
}

function tableMeta(tb) {
  const blinds = `${formatMinor(tb.small_blind_minor, tb.currency)}/${formatMinor(tb.big_blind_minor, tb.currency)}`;
  const rake = tb.rake ? ` · rake ${Math.round(Number(evalFraction(tb.rake.percent)) * 1000) / 10}%` : "";
  return `${(tb.structure || "").replace(/_/g, " ")} · ${blinds} ${tb.currency} · ${(tb.format || "").replace(/_/g, " ")}${rake}`;
}

/** "1/20" or "0.05" -> a number, for the table's description only (never for money). */
function evalFraction(text) {
  const m = /^(\d+)\/(\d+)$/.exec(String(text));
  return m ? Number(m[1]) / Number(m[2]) : Number(text);
}

// -- drawing -------------------------------------------------------------------------------------

function render() {
  const m = page.msg;
  const hand = m.hand;
  $("#phase").textContent = phaseText(m, page.mySeat);
  $("#turn").textContent = turnText(hand, page.mySeat);
  renderSeats(m, page.mySeat, page.currency, page.you);
  renderBoards(hand);
  renderPots(hand, page.currency);
  renderYou(page.you);
  renderActions();
  renderTimer();
  renderSeatControls();
}

function renderTimer() {
  const hand = page.msg.hand;
  const left = hand?.decision_ms_left;
  if (!hand || hand.phase === "done" || left === null || left === undefined) { page.clock.stop(); page.timerKey = ""; return; }
  const key = `${hand.hand_id}:${hand.version}:${hand.time_bank_in_use}`;
  if (key === page.timerKey) return;
  page.timerKey = key;
  page.clock.syncTo(page.msg.server_time);
  const now = page.msg.server_time ? Date.parse(page.msg.server_time) : Date.now();
  const tb = page.msg.table || {};
  const total = hand.time_bank_in_use ? (hand.time_banks_ms?.[String(hand.to_act)] ?? left) : (tb.decision_ms || left);
  page.clock.start(now + left, Math.max(total, left, 1));
  const timer = $("#countdown");
  timer.dataset.seat = String(hand.to_act);
  timer.dataset.bank = String(!!hand.time_bank_in_use);
}

const LABELS = {
  fold: () => t("cr_fold"),
  check: () => t("cr_check"),
  call: (y) => t("cr_call", { amount: money(Math.min(y.to_call_minor, myStack() + y.to_call_minor), page.currency) }),
  all_in: () => t("cr_all_in"),
  fast_fold: () => t("cr_fast_fold"),
};

function myStack() {
  const p = (page.msg.hand?.players || []).find((x) => x.seat === page.mySeat);
  return p ? p.stack_minor : 0;
}

function renderActions() {
  const box = $("#actions");
  const y = page.you;
  const hand = page.msg.hand;
  const legal = y && hand && hand.phase !== "done" ? y.legal || [] : [];
  const key = JSON.stringify([hand?.hand_id, hand?.version, legal, y?.raise_range]);
  if (key === page.actionsKey) return;
  page.actionsKey = key;
  const buttons = [];
  const range = y?.raise_range;
  for (const a of legal) {
    if (a.action === "bet" || a.action === "raise") continue; // the sizing form's button
    if (a.action === "run_it") {
      buttons.push(el("button", { type: "button", dataset: { action: "run_it", times: String(a.times) }, onclick: () => send("run_it", { times: a.times }) }, t("cr_run_it", { times: a.times })));
      continue;
    }
    const label = (LABELS[a.action] || (() => a.action))(y);
    buttons.push(el("button", { type: "button", dataset: { action: a.action }, onclick: () => send(a.action) }, label));
  }
  const sizing = $("#sizing");
  const raise = legal.find((a) => a.action === "bet" || a.action === "raise");
  if (raise && range) {
    const submit = el("button", { type: "submit", form: "sizing", class: "primary", id: "raise-button", dataset: { action: raise.action } });
    buttons.push(submit);
    setupSizing(raise.action, range, submit);
    sizing.hidden = false;
  } else {
    sizing.hidden = true;
  }
  box.replaceChildren(...buttons);
}

function setupSizing(action, range, submit) {
  const input = $("#size-input");
  const slider = $("#size-range");
  const cur = page.currency;
  const fixed = range.min_to_minor === range.max_to_minor;
  slider.min = String(range.min_to_minor);
  slider.max = String(range.max_to_minor);
  slider.step = "1";
  slider.disabled = fixed;
  input.readOnly = fixed;
  $("#sizing").dataset.min = String(range.min_to_minor);
  $("#sizing").dataset.max = String(range.max_to_minor);
  $("#size-hint").textContent = fixed ? "" : t("cr_size_range", { min: money(range.min_to_minor, cur), max: money(range.max_to_minor, cur) });
  const show = (to) => {
    slider.value = String(to);
    input.value = toMajorString(to, cur);
    submit.dataset.to = String(to);
    submit.disabled = false;
    submit.textContent = t(action === "bet" ? "cr_bet" : "cr_raise", { amount: money(to, cur) });
    $("#size-hint").textContent = fixed ? "" : t("cr_size_range", { min: money(range.min_to_minor, cur), max: money(range.max_to_minor, cur) });
  };
  slider.oninput = () => show(clamp(Number(slider.value), range));
  input.oninput = () => {
    const to = parseMajor(input.value, cur);
    if (to === null || !isLegal(to, range)) {
      submit.disabled = true;
      delete submit.dataset.to;
      $("#size-hint").textContent = t("cr_size_illegal", { min: money(range.min_to_minor, cur), max: money(range.max_to_minor, cur) });
      return;
    }
    slider.value = String(to);
    submit.dataset.to = String(to);
    submit.disabled = false;
    submit.textContent = t(action === "bet" ? "cr_bet" : "cr_raise", { amount: money(to, cur) });
    $("#size-hint").textContent = t("cr_size_range", { min: money(range.min_to_minor, cur), max: money(range.max_to_minor, cur) });
  };
  $("#presets").replaceChildren(...(fixed ? [] : presets(page.msg.hand, page.you, range).map(([k, to]) =>
    el("button", { type: "button", dataset: { to: String(to), preset: k }, onclick: () => show(to) }, t(k)))));
  $("#sizing").onsubmit = (ev) => {
    ev.preventDefault();
    const to = Number(submit.dataset.to);
    if (!isLegal(to, range)) return;
    send(action, { to_minor: to });
  };
  show(range.min_to_minor);
}

async function send(action, extra = {}) {
  const hand = page.msg?.hand;
  if (!hand || page.busy) return;
  if (preview) { $("#actions").dataset.sent = JSON.stringify({ action, ...extra }); return; }
  page.busy = true;
  try {
    if (pool) {
      const out = await api("POST", `${poolPath()}/actions`, { hand_id: hand.hand_id, action, ...(action === "fast_fold" ? {} : { version: hand.version }), ...extra });
      if (out.next_hand_id || out.waiting) await refreshPool(); // a fold: on to the next hand at once
    } else {
      await api("POST", `/tables/${encodeURIComponent(tableId)}/actions`, { hand_id: hand.hand_id, action, version: hand.version, ...extra });
    }
  } catch (e) {
    toast(e.message || String(e));
  } finally {
    page.busy = false;
  }
}

// -- the seat: buy-in, sit out / in, leave --------------------------------------------------------

function renderSeatControls() {
  const m = page.msg;
  const tb = m.table || {};
  const me = savedPlayerId();
  const mine = pool ? (page.entry ? { ...page.entry, stack_minor: myPoolStack() } : null)
    : (m.seats || []).find((s) => me !== null && s.player_id === me);
  const form = $("#buyin");
  if (preview) { form.hidden = true; return; }
  if (pool) {
    form.hidden = !!mine || !token();
    $("#sit-out").hidden = !mine || mine.status === "sitting_out";
    $("#sit-in").hidden = !mine || mine.status !== "sitting_out";
    $("#leave").hidden = !mine;
    showAmount("#my-stack", mine ? mine.stack_minor : null, page.currency);
    if (!token()) $("#buyin-hint").textContent = t("cr_log_in");
    else if (tb.min_buy_in_minor) $("#buyin-hint").textContent = t("cr_buy_in_range", { min: money(tb.min_buy_in_minor, page.currency), max: money(tb.max_buy_in_minor, page.currency) });
    const amount = $("#buyin-amount");
    if (!amount.value && tb.max_buy_in_minor) amount.value = toMajorString(tb.max_buy_in_minor, page.currency);
    return;
  }
  form.hidden = !!mine || !token();
  $("#sit-out").hidden = !mine || mine.status === "sitting_out";
  $("#sit-in").hidden = !mine || mine.status !== "sitting_out";
  $("#leave").hidden = !mine;
  showAmount("#my-stack", mine ? mine.stack_minor : null, page.currency);
  if (!token()) { $("#buyin-hint").textContent = t("cr_log_in"); }
  else if (tb.min_buy_in_minor) $("#buyin-hint").textContent = t("cr_buy_in_range", { min: money(tb.min_buy_in_minor, page.currency), max: money(tb.max_buy_in_minor, page.currency) });
  const select = $("#buyin-seat");
  const taken = new Set((m.seats || []).map((s) => s.seat));
  const free = [];
  for (let s = 0; s < (tb.max_seats || 0); s += 1) if (!taken.has(s)) free.push(s);
  const key = free.join(",");
  if (select.dataset.free !== key) {
    const was = select.value;
    select.dataset.free = key;
    select.replaceChildren(...free.map((s) => el("option", { value: String(s) }, t("cr_seat_n", { seat: s }))));
    if (free.includes(Number(was)) && was !== "") select.value = was;
  }
  const amount = $("#buyin-amount");
  if (!amount.value && tb.max_buy_in_minor) amount.value = toMajorString(tb.max_buy_in_minor, page.currency);
}

/** In a pool: the stack in the hand being shown (what is left behind the bets), else the entry's. */
function myPoolStack() {
  const p = page.you ? (page.msg?.hand?.players || []).find((x) => x.seat === page.you.seat) : null;
  return p ? p.stack_minor : page.entry?.stack_minor ?? null;
}

function wireForms() {
  $("#buyin").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const minor = parseMajor($("#buyin-amount").value, page.currency);
    if (minor === null) { toast(t("cr_buy_in")); return; }
    if (pool) {
      try {
        await api("POST", `${poolPath()}/join`, { buy_in_minor: minor });
        await refreshPool();
        refreshBalance();
      } catch (e) { toast(e.message || String(e)); }
      return;
    }
    try {
      await api("POST", `/tables/${encodeURIComponent(tableId)}/seats`, { seat: Number($("#buyin-seat").value), buy_in_minor: minor });
      const state = await api("GET", `/tables/${encodeURIComponent(tableId)}/me`);
      onMessage(state);
      refreshBalance();
    } catch (e) { toast(e.message || String(e)); }
  });
  const seatCall = (path) => async () => {
    if (pool) {
      try { await api("POST", `${poolPath()}/${path}`, undefined); await refreshPool(); refreshBalance(); } catch (e) { toast(e.message || String(e)); }
      return;
    }
    try { await api("POST", `/tables/${encodeURIComponent(tableId)}/${path}`, undefined); onMessage(await api("GET", `/tables/${encodeURIComponent(tableId)}/me`)); refreshBalance(); } catch (e) { toast(e.message || String(e)); }
  };
  $("#sit-out").addEventListener("click", seatCall("sit-out"));
  $("#sit-in").addEventListener("click", seatCall("sit-in"));
  $("#leave").addEventListener("click", seatCall("leave"));
  document.addEventListener("croupier:lang", () => { page.actionsKey = ""; applyStrings(); if (page.msg) render(); });
}

async function refreshBalance() {
  try { showBalance(await http.wallet(), page.currency); } catch { /* not logged in */ }
}

async function refreshMyHands() {
  try {
    const out = await api("GET", pool ? "/hands?limit=10" : `/hands?table_id=${encodeURIComponent(tableId)}&limit=10`);
    $("#my-hands").replaceChildren(...(out.items || []).map((h) => el("li", { dataset: { hand: String(h.hand_id), net: String(h.net_minor) } },
      `${t("cr_hand_n", { n: h.number })}: ${h.net_minor >= 0 ? "+" : ""}${money(h.net_minor, page.currency)} `,
      el("button", { type: "button", onclick: () => showHand(h.hand_id) }, t("cr_show")))));
  } catch { /* not logged in */ }
}

async function showHand(handId) {
  try {
    renderHistory($("#history"), await api("GET", `/hands/${handId}`));
  } catch (e) { toast(e.message || String(e)); }
}

// -- preview: a recorded hand, step by step ---------------------------------------------------------

async function runPreview() {
  hideSeatForm();
  let steps;
  try {
    const res = await fetch("/cardroom-preview.json");
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    steps = await res.json();
  } catch {
    $("#phase").textContent = t("cr_waiting");
    return;
  }
  let i = 0;
  const bar = $("#preview-bar");
  bar.hidden = false;
  const next = () => {
    if (i >= steps.messages.length) return;
    onMessage(steps.messages[i]);
    i += 1;
    bar.dataset.step = String(i);
    $("#preview-next").disabled = i >= steps.messages.length;
  };
  $("#preview-next").addEventListener("click", next);
  next();
}

startPage(main, { title: t("cr_title"), panel: false, statusLabel: "seconds_left" });
