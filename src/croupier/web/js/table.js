// The live roulette table: board + bet slip + the table's WebSocket (docs/api.md "Shared tables").
import { ApiError, api, newKey, tableSocketUrl, token } from "./api.js";
import { chipFace, formatMoney, toMajorString } from "./money.js";
import { buildBoard } from "./roulette/board.js";
import { BetSlip } from "./roulette/bets.js";
import { RACETRACK_ORDER, betLabel, colourOf, describeVariant, spotKey } from "./roulette/layout.js";
import { $, renderHeader, toast } from "./ui.js";

// 001 §8.14 "First Corner": the variant files with first_four = true. VariantInfo does not say,
// so the client keeps this list (see the report: an API gap).
const FIRST_FOUR = new Set(["european", "european_en_prison", "french_la_partage", "lightning"]);
// 001 §8.12: the example chip set 1, 2, 5, 10, 25, 50, 100 (times the table's smallest stake).
const CHIP_STEPS = [1, 2, 5, 10, 25, 50, 100];
const AUTO_CONFIRM_MS = 1500; // unsent chips are sent this long before "no more bets"

const params = new URLSearchParams(location.search);
const state = {
  tableId: params.get("id") || params.get("table") || "european-eur",
  currency: "EUR",
  round: null, // {round_id, state, closes_at}
  clockOffset: 0, // server time minus local time, ms
  bettingSeconds: 23,
  accepted: [], // bets accepted by the server in the current round [{code,target,stake}]
  acceptedRound: null,
  balance: null,
  chip: null,
  sending: false,
  board: null,
  offline: false,
};
const slip = new BetSlip();

renderHeader("table");
main().catch((e) => { console.error(e); toast(String(e.message || e)); });

async function main() {
  let table = null;
  let info = null;
  const preview = params.get("preview");
  if (!preview) {
    try {
      table = await api.table(state.tableId);
      info = await api.variant(table.game, table.variant);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        $("#phase").textContent = `No table "${state.tableId}".`;
        return;
      }
      state.offline = true;
    }
  } else {
    state.offline = true;
  }
  let variant;
  if (info) {
    const codes = info.bets.map((b) => b.code);
    const payouts = Object.fromEntries(info.bets.map((b) => [b.code, b.payout]));
    for (const c of RACETRACK_ORDER) delete payouts[c];
    variant = describeVariant({
      wheel: (info.pockets || []).includes("00") ? "american" : "european",
      first_four: FIRST_FOUR.has(table.variant),
      racetrack: RACETRACK_ORDER.filter((c) => codes.includes(c)),
      payouts,
      title: info.title,
    });
    state.currency = table.currency;
    state.bettingSeconds = table.betting_seconds || 23;
    state.limits = info.limits?.[table.currency] || null;
    $("#table-title").textContent = table.name;
    document.title = `${table.name} · Croupier`;
  } else {
    variant = describeVariant({ variant: preview || "european" });
    state.currency = params.get("currency") || "EUR";
    $("#table-title").textContent = `${variant.title} (preview)`;
    $("#phase").textContent = "Preview: not connected to a table";
  }
  state.variant = variant;
  const limitText = state.limits
    ? `Table limits ${formatMoney(state.limits.table_min_minor, state.currency)} – ${formatMoney(state.limits.table_max_minor, state.currency)}`
    : "";
  $("#table-meta").textContent = [variant.title, state.currency, limitText].filter(Boolean).join(" · ");

  state.board = buildBoard($("#board"), variant, { onBet: placeChip });
  buildChips();
  slip.onChange(renderSlip);
  renderSlip();
  wireActions();

  if (table) {
    renderHistory(table.recent || []);
    applyRound(table.round, null);
  }
  if (!state.offline && token()) {
    await refreshBalance();
    connect();
  } else if (!state.offline) {
    $("#confirm-hint").innerHTML = 'You are watching. <a href="/account.html">Log in</a> to bet.';
    connect();
  } else {
    state.board.setEnabled(true);
  }
}

// ---------------------------------------------------------------- chips and the slip
function buildChips() {
  const unit = Math.max(1, state.limits?.table_min_minor || 10 ** (state.currency === "AMD" ? 2 : 1));
  const values = CHIP_STEPS.map((k) => k * unit);
  const row = $("#chips");
  row.replaceChildren();
  values.forEach((v, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `chip-btn c${i}`;
    b.textContent = chipFace(v, state.currency);
    b.dataset.minor = String(v);
    b.setAttribute("aria-label", `chip ${formatMoney(v, state.currency)}`);
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => selectChip(v));
    row.append(b);
  });
  // default: the chip of one whole unit of the currency if there is one, else the 4th chip
  const whole = values.find((v) => v === 10 ** (state.currency === "AMD" ? 3 : 2));
  selectChip(whole || values[3]);
}

function selectChip(v) {
  state.chip = v;
  for (const b of document.querySelectorAll(".chip-btn")) b.setAttribute("aria-pressed", String(Number(b.dataset.minor) === v));
}

function bettingOpen() {
  if (state.offline) return true;
  return !!state.round && state.round.state === "open" && remainingMs() > 0;
}

function placeChip(code, target) {
  if (!state.offline && !token()) { toast("Log in to place bets."); return; }
  if (!bettingOpen()) { toast("No more bets: wait for the next round."); return; }
  slip.place(code, target, state.chip);
}

function fmt(minor) { return formatMoney(minor, state.currency); }

function renderSlip() {
  const pending = slip.bets();
  const acc = mergeBets(state.accepted);
  const list = $("#slip");
  list.replaceChildren();
  list.dataset.round = String(state.acceptedRound ?? "");
  list.dataset.accepted = String(acc.reduce((s, b) => s + b.stake, 0));
  const amounts = new Map();
  const add = (b) => {
    const k = spotKey(b.code, b.target);
    amounts.set(k, (amounts.get(k) || 0) + b.stake);
  };
  for (const b of acc) {
    add(b);
    const li = document.createElement("li");
    li.className = "accepted";
    li.innerHTML = "<span></span><span></span>";
    li.firstChild.textContent = b.label;
    li.lastChild.textContent = fmt(b.stake);
    li.title = "accepted";
    list.append(li);
  }
  for (const b of pending) {
    add(b);
    const li = document.createElement("li");
    li.className = "pending";
    li.innerHTML = '<span></span><span></span>';
    li.firstChild.textContent = b.label;
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = "not sent";
    li.firstChild.append(tag);
    li.lastChild.textContent = fmt(b.stake);
    list.append(li);
  }
  if (!acc.length && !pending.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "No bets yet: pick a chip and click the layout.";
    list.append(li);
  }
  const chipTexts = new Map([...amounts].map(([k, v]) => [k, chipFace(v, state.currency)]));
  state.board?.showChips(chipTexts);
  const total = acc.reduce((s, b) => s + b.stake, 0) + slip.total();
  const tb = $("#total-bet");
  tb.textContent = fmt(total);
  tb.dataset.minor = String(total);
  const open = bettingOpen();
  $("#undo").disabled = slip.isEmpty();
  $("#clear").disabled = slip.isEmpty();
  $("#rebet").disabled = !slip.last.length || !open;
  $("#double").disabled = (slip.isEmpty() && !slip.last.length) || !open;
  $("#confirm").disabled = slip.isEmpty() || !open || state.sending || state.offline;
  $("#confirm").textContent = slip.isEmpty() ? "Place bets" : `Place bets · ${fmt(slip.total())}`;
}

function mergeBets(bets) {
  const m = new Map();
  for (const b of bets) {
    const k = `${b.code}:${JSON.stringify(b.target)}`;
    const cur = m.get(k);
    if (cur) cur.stake += b.stake;
    else m.set(k, { ...b, label: labelOf(b) });
  }
  return [...m.values()];
}

function labelOf(b) {
  return betLabel(b.code, b.target);
}

function wireActions() {
  $("#undo").addEventListener("click", () => slip.undo());
  $("#clear").addEventListener("click", () => slip.clear());
  $("#rebet").addEventListener("click", () => slip.rebet());
  $("#double").addEventListener("click", () => slip.double());
  $("#confirm").addEventListener("click", () => confirmBets());
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); slip.undo(); }
  });
}

async function confirmBets() {
  const bets = slip.bets();
  if (!bets.length || state.sending || !state.round) return;
  state.sending = true;
  renderSlip();
  const roundId = state.round.round_id;
  const body = bets.map((b) => ({ code: b.code, target: b.target, stake: toMajorString(b.stake, state.currency) }));
  try {
    const res = await api.betTable(state.tableId, body, newKey());
    recordAccepted(res.round_id ?? roundId, res.accepted, res.round_stake_minor);
    slip.actions = [];
    if (res.balance) setBalance(res.balance);
    toast(`Bets accepted: ${fmt(res.accepted.reduce((s, b) => s + b.stake_minor, 0))}`, "info");
  } catch (e) {
    toast(e.message || String(e));
  } finally {
    state.sending = false;
    renderSlip();
  }
}

function recordAccepted(roundId, accepted, roundStake) {
  if (state.acceptedRound !== roundId) { state.accepted = []; state.acceptedRound = roundId; }
  // The HTTP response and the bet_accepted event report the same slip; both carry the round's
  // total stake, so a slip is added only while the record is short of that total.
  const have = state.accepted.reduce((s, b) => s + b.stake, 0);
  if (roundStake !== undefined && have >= roundStake) return;
  for (const a of accepted) state.accepted.push({ code: a.code, target: a.target, stake: a.stake_minor });
}

// ---------------------------------------------------------------- balance and results
async function refreshBalance() {
  try { setBalance(await api.wallet()); } catch (e) { toast(e.message); }
}

function setBalance(b) {
  state.balance = b.cash_minor;
  if (b.currency) state.currency = b.currency;
  const el = $("#balance");
  el.textContent = fmt(b.cash_minor);
  el.dataset.minor = String(b.cash_minor);
}

function renderHistory(recent) {
  const ol = $("#history");
  ol.replaceChildren();
  for (const r of recent.slice(0, 20)) addHistory(r.outcome, r.round_id, false);
}

function addHistory(outcome, roundId, prepend = true) {
  if (!outcome || !outcome.pockets) return;
  const ol = $("#history");
  if (roundId && ol.querySelector(`[data-round="${roundId}"]`)) return;
  for (const p of outcome.pockets) {
    const num = p === "00" ? "00" : Number(p);
    const li = document.createElement("li");
    li.className = colourOf(num);
    li.textContent = String(p);
    li.dataset.round = String(roundId ?? "");
    li.setAttribute("aria-label", `${p} ${colourOf(num)}`);
    if (prepend) ol.prepend(li); else ol.append(li);
  }
  while (ol.children.length > 20) ol.lastChild.remove();
}

// ---------------------------------------------------------------- the round clock
let tick = null;
function remainingMs() {
  if (!state.round?.closes_at) return 0;
  return Date.parse(state.round.closes_at) - (Date.now() + state.clockOffset);
}

function applyRound(round, serverTime) {
  if (serverTime) state.clockOffset = Date.parse(serverTime) - Date.now();
  state.round = round;
  if (round && state.acceptedRound !== round.round_id) {
    if (state.accepted.length) slip.last = state.accepted.map((b) => ({ ...b }));
    state.accepted = [];
    state.acceptedRound = round.round_id;
  }
  if (round && round.state === "open") {
    setPhase("Place your bets");
    state.board.setEnabled(true);
    state.board.markWinner(null);
    $("#result").textContent = "";
    startTick();
  } else {
    state.board.setEnabled(false);
    stopTick();
    if (round) setPhase(round.state === "closed" ? "No more bets" : "Waiting for the next round");
    else setPhase("Waiting for the next round");
  }
  renderSlip();
}

function setPhase(text) { $("#phase").textContent = text; }

function startTick() {
  stopTick();
  let autoSent = false;
  const total = state.bettingSeconds * 1000;
  const step = () => {
    const ms = Math.max(0, remainingMs());
    $("#countdown").textContent = String(Math.ceil(ms / 1000));
    $("#countdown-bar").style.width = `${Math.min(100, (ms / total) * 100)}%`;
    if (!autoSent && ms <= AUTO_CONFIRM_MS && ms > 0 && !slip.isEmpty() && token()) {
      autoSent = true;
      confirmBets();
    }
    if (ms <= 0) { stopTick(); state.board.setEnabled(false); setPhase("No more bets"); renderSlip(); }
  };
  step();
  tick = setInterval(step, 200);
}
function stopTick() {
  clearInterval(tick);
  tick = null;
  $("#countdown").textContent = "–";
  $("#countdown-bar").style.width = "0";
}

// ---------------------------------------------------------------- the WebSocket
let socket = null;
let retry = 0;
function connect() {
  socket = new WebSocket(tableSocketUrl(state.tableId));
  socket.addEventListener("open", () => { retry = 0; });
  socket.addEventListener("message", (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    onEvent(msg);
  });
  socket.addEventListener("close", () => {
    setPhase("Reconnecting…");
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 500 * 2 ** retry);
  });
  setInterval(() => { if (socket.readyState === WebSocket.OPEN) socket.send("ping"); }, 20000);
}

function onEvent(m) {
  switch (m.type) {
    case "snapshot":
      renderHistory(m.table.recent || []);
      applyRound(m.table.round, m.server_time);
      break;
    case "betting_open":
      applyRound({ round_id: m.round_id, number: m.number, state: "open", closes_at: m.closes_at, server_seed_hash: m.server_seed_hash }, m.server_time);
      break;
    case "bet_accepted":
      if (!state.sending) { recordAccepted(m.round_id, m.accepted, m.round_stake_minor); renderSlip(); }
      break;
    case "no_more_bets":
      if (state.round && state.round.round_id === m.round_id) state.round = { ...state.round, state: "closed" };
      if (!slip.isEmpty()) { toast("No more bets: the bets you had not sent were not placed."); slip.clear(); }
      stopTick();
      state.board.setEnabled(false);
      setPhase("No more bets");
      renderSlip();
      break;
    case "result": {
      const p = m.outcome?.pockets?.[0];
      const num = p === "00" ? "00" : Number(p);
      state.board.markWinner(num);
      addHistory(m.outcome, m.round_id);
      setPhase(`Result: ${m.outcome.pockets.join(" and ")} ${m.outcome.pockets.length === 1 ? colourOf(num) : ""}`.trim());
      const r = $("#result");
      r.dataset.round = String(m.round_id);
      break;
    }
    case "settled":
      if (m.you) showSettlement(m.round_id, m.outcome, m.you);
      break;
    case "voided":
      setPhase(`Round voided: ${m.reason}. Every stake is refunded.`);
      toast(`Round ${m.round_id} was voided: stakes refunded.`, "info");
      break;
    case "balance":
      setBalance(m.balance);
      break;
    default:
      break;
  }
}

function showSettlement(roundId, outcome, you) {
  const r = $("#result");
  r.dataset.round = String(roundId);
  r.dataset.stake = String(you.stake_minor);
  r.dataset.returned = String(you.returned_minor);
  r.dataset.net = String(you.net_minor);
  const pockets = outcome?.pockets?.join(" and ") ?? "";
  if (you.returned_minor > 0) {
    r.className = "result win";
    r.textContent = `${pockets}: you win ${fmt(you.returned_minor)} (bet ${fmt(you.stake_minor)}, net ${you.net_minor >= 0 ? "+" : ""}${fmt(you.net_minor)})`;
  } else {
    r.className = "result";
    r.textContent = `${pockets}: no win this time (bet ${fmt(you.stake_minor)})`;
  }
  const lw = $("#last-win");
  lw.textContent = fmt(you.returned_minor);
  lw.dataset.minor = String(you.returned_minor);
  lw.classList.toggle("won", you.returned_minor > 0);
  // rebet (004 §1.5.1) repeats the bets of this round
  if (you.bets?.length) slip.last = you.bets.map((b) => ({ code: b.code, target: b.target, stake: b.stake_minor }));
  renderSlip();
}
