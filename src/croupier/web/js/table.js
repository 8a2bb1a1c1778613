// The live roulette table: board + bet slip + the table's WebSocket (docs/api.md "Shared tables").
import { ApiError, api, newKey, openTableSocket, token } from "./api.js";
import { chipFace, formatMinor, formatMoney, toMajorString } from "./money.js";
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
  const solo = params.get("solo"); // a single-player round per spin (POST /api/rounds)
  state.solo = solo;
  try {
    if (solo) {
      info = await api.variant("roulette", solo);
      if (token()) state.currency = (await api.me()).player.currency;
    } else if (!preview) {
      table = await api.table(state.tableId);
      info = await api.variant(table.game, table.variant);
    } else {
      state.offline = true;
    }
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      $("#phase").textContent = solo ? `No roulette variant "${solo}".` : `No table "${state.tableId}".`;
      return;
    }
    state.offline = true;
  }
  let variant;
  if (info) {
    const name = solo || table.variant;
    const codes = info.bets.map((b) => b.code);
    const payouts = Object.fromEntries(info.bets.map((b) => [b.code, b.payout]));
    for (const c of RACETRACK_ORDER) delete payouts[c];
    variant = describeVariant({
      wheel: (info.pockets || []).includes("00") ? "american" : "european",
      first_four: FIRST_FOUR.has(name),
      racetrack: RACETRACK_ORDER.filter((c) => codes.includes(c)),
      payouts,
      title: info.title,
    });
    if (table) {
      state.currency = table.currency;
      state.bettingSeconds = table.betting_seconds || 23;
    }
    state.limits = info.limits?.[state.currency] || null;
    const title = table ? table.name : `${info.title} · single player`;
    $("#table-title").textContent = title;
    document.title = `${title} · Croupier`;
  } else {
    variant = describeVariant({ variant: solo || preview || "european" });
    state.currency = params.get("currency") || "EUR";
    $("#table-title").textContent = `${variant.title} (preview)`;
    $("#phase").textContent = "Preview: not connected to a table";
  }
  state.variant = variant;
  const limitText = state.limits
    ? `Table limits ${formatMoney(state.limits.table_min_minor, state.currency)} – ${formatMoney(state.limits.table_max_minor, state.currency)}`
    : "";
  $("#table-meta").textContent = [variant.title, state.currency, limitText].filter(Boolean).join(" · ");

  for (const c of document.querySelectorAll(".cur")) c.textContent = `(${state.currency})`;
  state.board = buildBoard($("#board"), variant, { onBet: placeChip });
  buildChips();
  slip.onChange(renderSlip);
  wireActions();

  if (table) {
    renderHistory(table.recent || []);
    applyRound(table.round, null);
  }
  if (state.offline) {
    state.board.setEnabled(true);
  } else if (solo) {
    state.board.setEnabled(true);
    setPhase(token() ? "Place your bets, then spin" : "Log in to play");
    $(".countdown").hidden = true;
    if (token()) await refreshBalance();
    else $("#confirm-hint").innerHTML = '<a href="/account.html">Log in</a> to play.';
  } else if (token()) {
    await refreshBalance();
    await restoreAccepted();
    connect();
  } else {
    // The table WebSocket needs a session (docs/api.md): a guest follows the table by polling.
    $("#confirm-hint").innerHTML = 'You are watching. <a href="/account.html">Log in</a> to bet.';
    poll();
  }
  renderSlip();
}

// ---------------------------------------------------------------- chips and the slip
function buildChips() {
  // ASSUMPTION: whole drams are tiny stakes, so AMD chips start at 100 AMD (above the 1 AMD minimum)
  const unit = Math.max(state.limits?.table_min_minor || 10, state.currency === "AMD" ? 100 : 1);
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
  if (state.offline || state.solo) return true;
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
  tb.textContent = formatMinor(total, state.currency);
  tb.dataset.minor = String(total);
  const open = bettingOpen();
  $("#undo").disabled = slip.isEmpty();
  $("#clear").disabled = slip.isEmpty();
  $("#rebet").disabled = !slip.last.length || !open;
  $("#double").disabled = (slip.isEmpty() && !acc.length && !slip.last.length) || !open;
  $("#confirm").disabled = slip.isEmpty() || !open || state.sending || state.offline;
  const verb = state.solo ? "Spin" : "Place bets";
  $("#confirm").textContent = slip.isEmpty() ? verb : `${verb} · ${fmt(slip.total())}`;
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
  $("#double").addEventListener("click", () => slip.double(state.accepted));
  $("#confirm").addEventListener("click", () => confirmBets());
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); slip.undo(); }
  });
}

async function spin() {
  const bets = slip.bets();
  if (!bets.length || state.sending) return;
  state.sending = true;
  renderSlip();
  const body = bets.map((b) => ({ code: b.code, target: b.target, stake: toMajorString(b.stake, state.currency) }));
  setPhase("Spinning…");
  try {
    const r = await api.playRound("roulette", state.solo, body, newKey());
    state.board.markWinner(pocketsOf(r.outcome));
    addHistory(r.outcome, r.round_id);
    setPhase(resultText(r.outcome));
    showSettlement(r.round_id, r.outcome, r);
    slip.closeRound(bets);
    if (r.balance) setBalance(r.balance);
  } catch (e) {
    setPhase("Place your bets, then spin");
    toast(e.message || String(e));
  } finally {
    state.sending = false;
    renderSlip();
  }
}

async function confirmBets() {
  if (state.solo) { await spin(); return; }
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

/** After a reload: the bets already accepted in the open round, from the Games History (000 §10). */
async function restoreAccepted() {
  const r = state.round;
  if (!r || r.state !== "open") return;
  try {
    const { items } = await api.history(5);
    const mine = items.find((h) => h.round_id === r.round_id && h.table_id === state.tableId);
    if (!mine) return;
    const recall = await api.recall(mine.round_id);
    recordAccepted(r.round_id, recall.bets, undefined);
    renderSlip();
  } catch { /* the slip just starts empty */ }
}

// ---------------------------------------------------------------- balance and results
async function refreshBalance() {
  try { setBalance(await api.wallet()); } catch (e) { toast(e.message); }
}

function setBalance(b) {
  state.balance = b.cash_minor;
  const cur = b.currency || state.currency;
  const el = $("#balance");
  el.textContent = formatMinor(b.cash_minor, cur);
  el.dataset.minor = String(b.cash_minor);
  $("#balance-cur").textContent = `(${cur})`;
  if (cur !== state.currency && !state.mismatch) {
    state.mismatch = true; // docs/api.md: a table plays in one currency (422 currency_mismatch)
    $("#confirm-hint").textContent = `This table plays in ${state.currency}; your account is in ${cur}. Pick a ${cur} table in the lobby.`;
  }
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
    if (round?.outcome) {
      state.board.markWinner(pocketsOf(round.outcome));
      setPhase(resultText(round.outcome));
    } else if (round) setPhase(round.state === "closed" ? "No more bets" : "Waiting for the next round");
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
let failures = 0;
function connect() {
  socket = openTableSocket(state.tableId, onEvent);
  let opened = false;
  socket.addEventListener("open", () => { retry = 0; failures = 0; opened = true; });
  socket.addEventListener("close", () => {
    if (!opened && ++failures >= 3) { poll(); return; } // refused (e.g. an expired session)
    setPhase("Reconnecting…");
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 500 * 2 ** retry);
  });
}
setInterval(() => { if (socket && socket.readyState === WebSocket.OPEN) socket.send("ping"); }, 20000);

/** Follow the table without a WebSocket: GET /api/tables/{id} every second. */
async function poll() {
  let lastResult = null;
  for (;;) {
    try {
      const t = await api.table(state.tableId);
      const r = t.round;
      const changed = !state.round || !r || r.round_id !== state.round.round_id || r.state !== state.round.state;
      if (changed && (r?.state === "open" || !state.round || state.round.state === "open")) applyRound(r, null);
      const latest = (t.recent || [])[0];
      if (latest && latest.round_id !== lastResult) {
        if (lastResult !== null && r?.state !== "open") {
          state.board.markWinner(pocketsOf(latest.outcome));
          setPhase(resultText(latest.outcome));
        }
        lastResult = latest.round_id;
        renderHistory(t.recent);
      }
    } catch { /* the next poll will tell */ }
    await new Promise((res) => setTimeout(res, 1000));
  }
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
      state.board.markWinner(pocketsOf(m.outcome));
      addHistory(m.outcome, m.round_id);
      setPhase(resultText(m.outcome));
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

function pocketsOf(outcome) {
  return (outcome?.pockets || []).map((p) => (p === "00" ? "00" : Number(p)));
}

/** "Result: 17 red"; two balls "Result: 17 red and 0 green"; Lightning adds its lucky numbers. */
function resultText(outcome) {
  const ps = pocketsOf(outcome).map((p) => `${p} ${colourOf(p)}`).join(" and ");
  const lucky = outcome?.lucky ? Object.entries(outcome.lucky).map(([n, o]) => `${n} pays ${o}`).join(", ") : "";
  return `Result: ${ps}${lucky ? ` · lucky numbers: ${lucky}` : ""}`;
}

function showSettlement(roundId, outcome, you) {
  const r = $("#result");
  r.dataset.round = String(roundId);
  r.dataset.stake = String(you.stake_minor);
  r.dataset.returned = String(you.returned_minor);
  r.dataset.net = String(you.net_minor);
  const pockets = outcome?.pockets?.join(" and ") ?? "";
  const net = `net ${you.net_minor >= 0 ? "+" : ""}${fmt(you.net_minor)}`;
  if (you.returned_minor > 0) {
    r.className = "result win";
    r.textContent = `${pockets}: you win ${fmt(you.returned_minor)} (bet ${fmt(you.stake_minor)}, ${net})`;
  } else {
    r.className = "result";
    r.textContent = `${pockets}: no win this time (bet ${fmt(you.stake_minor)})`;
  }
  const lw = $("#last-win");
  lw.textContent = formatMinor(you.returned_minor, state.currency);
  lw.dataset.minor = String(you.returned_minor);
  lw.classList.toggle("won", you.returned_minor > 0);
  // rebet (004 §1.5.1) repeats the bets of this round
  if (you.bets?.length) slip.last = you.bets.map((b) => ({ code: b.code, target: b.target, stake: b.stake_minor }));
  renderSlip();
}
