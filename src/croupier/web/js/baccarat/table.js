// A live baccarat table (and any shoe card table: Dragon Tiger...): bet spots for every bet of the
// variant, chips, countdown, the card reveal (hands, third cards, totals, winner), the bead plate
// and big road, balance and last win; events from the table WebSocket (docs/api.md), like the
// roulette table (js/table.js). The cards and scoreboards come from the server (platform/shoes.py).
import { ApiError, api, newKey, openTableSocket, token } from "../api.js";
import { chipFace, formatMinor, formatMoney, toMajorString } from "../money.js";
import { $, renderHeader, toast } from "../ui.js";
import { cardElement, pointOf } from "./cards.js";
import { drawRoad, summary } from "./roads.js";

// ASSUMPTION: chips of 1, 2, 10, 20, 50, 200 and 1000 times the table minimum (0.50 EUR at
// live_004: 0.50 ... 500.00 EUR); without limits the unit is one currency unit.
const CHIP_STEPS = [1, 2, 10, 20, 50, 200, 1000];
const AUTO_CONFIRM_MS = 1500; // unsent chips are sent this long before "no more bets" (as roulette)
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)").matches;
const DEAL_MS = REDUCED ? 0 : 450; // one card turned every DEAL_MS (plus a third of it to deal)

const LABELS = {
  player: "Player", banker: "Banker", tie: "Tie", player_pair: "Player Pair",
  banker_pair: "Banker Pair", either_pair: "Either Pair", perfect_pair: "Perfect Pair",
  big: "Big", small: "Small", player_bonus: "Player Bonus", banker_bonus: "Banker Bonus",
  dragon: "Dragon", tiger: "Tiger", suited_tie: "Suited Tie", home: "Home", away: "Away", draw: "Draw",
};
export function betLabel(code) {
  return LABELS[code] || code.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

const params = new URLSearchParams(location.search);
const state = {
  tableId: params.get("id") || "baccarat-eur",
  game: "baccarat",
  currency: "EUR",
  round: null,
  clockOffset: 0,
  bettingSeconds: 23,
  codes: [],
  payouts: {},
  limits: null,
  sides: ["player", "banker"],
  chip: null,
  pending: [], // unsent chips [{code, stake}]
  accepted: [], // accepted this round [{code, stake}]
  acceptedRound: null,
  last: [], // last round's bets, for Rebet
  sending: false,
  shownRound: null, // the round whose cards are on the table
  reveal: Promise.resolve(),
};

renderHeader("table");
main().catch((e) => { console.error(e); toast(String(e.message || e)); });

async function main() {
  let table;
  try {
    table = await api.table(state.tableId);
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? `No table "${state.tableId}".` : `Could not load the table: ${e.message}`;
    return;
  }
  state.game = table.game;
  state.currency = table.currency;
  state.bettingSeconds = table.betting_seconds || 23;
  $("#table-title").textContent = table.name;
  document.title = `${table.name} · Croupier`;
  setPhase("Loading the table…");
  const info = await api.variant(table.game, table.variant);
  state.codes = info.bets.map((b) => b.code);
  state.payouts = Object.fromEntries(info.bets.map((b) => [b.code, b.payout]));
  state.limits = info.limits?.[state.currency] || null;
  state.sides = state.codes.slice(0, 2); // player/banker, dragon/tiger, home/away
  const lim = state.limits ? `Bets ${formatMoney(state.limits.table_min_minor, state.currency)} – ${formatMoney(state.limits.table_max_minor, state.currency)}` : "";
  $("#table-meta").textContent = [info.title, state.currency, lim].filter(Boolean).join(" · ");
  for (const c of document.querySelectorAll(".cur")) c.textContent = `(${state.currency})`;

  buildHands();
  buildSpots();
  buildChips();
  wireActions();
  renderTable(table);
  const latest = (table.coups || [])[0];
  if (latest) showCoup(latest.round_id, latest.outcome, false);
  applyRound(table.round, null);
  if (token()) {
    await refreshBalance();
    await restoreAccepted();
    connect();
  } else {
    $("#confirm-hint").innerHTML = 'You are watching. <a href="/account.html">Log in</a> to bet.';
    poll();
  }
  renderSlip();
}

function fmt(minor) { return formatMoney(minor, state.currency); }
function setPhase(text) { $("#phase").textContent = text; }
/** The winner as the phase once the cards are shown, unless the next betting window has opened. */
function phaseAfterReveal(outcome) { if (state.round?.state !== "open") setPhase(winnerText(outcome)); }

// ---------------------------------------------------------------- the layout
function buildHands() {
  const box = $("#hands");
  box.replaceChildren();
  for (const side of state.sides) {
    const hand = document.createElement("div");
    hand.className = `hand ${side}`;
    hand.id = `hand-${side}`;
    hand.innerHTML = `<h3><span class="hand-name"></span> <output class="total" id="total-${side}">–</output></h3><ol class="cards" id="cards-${side}"></ol>`;
    hand.querySelector(".hand-name").textContent = betLabel(side);
    hand.querySelector("output").setAttribute("aria-label", `${betLabel(side)} total`);
    hand.querySelector("ol").setAttribute("aria-label", `${betLabel(side)} cards`);
    box.append(hand);
  }
}

function buildSpots() {
  const box = $("#spots");
  box.replaceChildren();
  for (const code of state.codes) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `spot-btn ${code}${state.sides.includes(code) || code === "tie" ? " main" : ""}`;
    b.dataset.code = code;
    b.dataset.amount = "0";
    b.setAttribute("aria-label", betLabel(code));
    const pay = document.createElement("span");
    pay.className = "pay";
    pay.id = `pay-${code}`;
    pay.textContent = `pays ${state.payouts[code] || "–"}`;
    const lim = state.limits?.bets?.[code];
    b.setAttribute("aria-describedby", pay.id);
    b.title = lim ? `${betLabel(code)}: ${fmt(lim[0])} – ${fmt(lim[1])}` : betLabel(code);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = betLabel(code);
    const stack = document.createElement("span");
    stack.className = "stack";
    stack.setAttribute("aria-hidden", "true");
    b.append(name, pay, stack);
    b.addEventListener("click", () => placeChip(code));
    box.append(b);
  }
}

function buildChips() {
  const unit = state.limits?.table_min_minor || (state.currency === "AMD" ? 100 : 100);
  const values = CHIP_STEPS.map((k) => k * unit);
  const row = $("#chips");
  row.replaceChildren();
  values.forEach((v, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `chip-btn c${i}`;
    b.textContent = chipFace(v, state.currency);
    b.dataset.minor = String(v);
    b.setAttribute("aria-label", `chip ${fmt(v)}`);
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", () => selectChip(v));
    row.append(b);
  });
  const whole = values.find((v) => v === 10 ** (state.currency === "AMD" ? 3 : 2));
  selectChip(whole || values[0]);
}

function selectChip(v) {
  state.chip = v;
  for (const b of document.querySelectorAll(".chip-btn")) b.setAttribute("aria-pressed", String(Number(b.dataset.minor) === v));
}

// ---------------------------------------------------------------- the slip
function bettingOpen() {
  return !!state.round && state.round.state === "open" && remainingMs() > 0;
}

function stakeOn(code) {
  return [...state.accepted, ...state.pending].filter((b) => b.code === code).reduce((s, b) => s + b.stake, 0);
}

function placeChip(code, stake = state.chip) {
  if (!token()) { toast("Log in to place bets."); return false; }
  if (!bettingOpen()) { toast("No more bets: wait for the next round."); return false; }
  const max = state.limits?.bets?.[code]?.[1];
  if (max && stakeOn(code) + stake > max) { toast(`${betLabel(code)}: the maximum is ${fmt(max)}.`); return false; }
  state.pending.push({ code, stake });
  renderSlip();
  return true;
}

function renderSlip() {
  const list = $("#slip");
  list.replaceChildren();
  list.dataset.round = String(state.acceptedRound ?? "");
  const accepted = merge(state.accepted);
  list.dataset.accepted = String(accepted.reduce((s, b) => s + b.stake, 0));
  const row = (b, cls) => {
    const li = document.createElement("li");
    li.className = cls;
    li.innerHTML = "<span></span><span></span>";
    li.firstChild.textContent = betLabel(b.code);
    if (cls === "pending") {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = "not sent";
      li.firstChild.append(tag);
    }
    li.lastChild.textContent = fmt(b.stake);
    list.append(li);
  };
  for (const b of accepted) row(b, "accepted");
  for (const b of merge(state.pending)) row(b, "pending");
  if (!list.children.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = "No bets yet: pick a chip and a bet.";
    list.append(li);
  }
  for (const b of document.querySelectorAll(".spot-btn")) {
    const amount = stakeOn(b.dataset.code);
    b.dataset.amount = String(amount);
    b.querySelector(".stack").textContent = amount ? chipFace(amount, state.currency) : "";
    b.classList.toggle("has-chip", amount > 0);
    b.setAttribute("aria-label", amount ? `${betLabel(b.dataset.code)}, ${fmt(amount)} on it` : betLabel(b.dataset.code));
    b.setAttribute("aria-disabled", String(!bettingOpen()));
  }
  const total = [...state.accepted, ...state.pending].reduce((s, b) => s + b.stake, 0);
  const tb = $("#total-bet");
  tb.textContent = formatMinor(total, state.currency);
  tb.dataset.minor = String(total);
  const open = bettingOpen();
  const unsent = state.pending.reduce((s, b) => s + b.stake, 0);
  $("#undo").disabled = !state.pending.length;
  $("#clear").disabled = !state.pending.length;
  $("#rebet").disabled = !state.last.length || !open;
  $("#double").disabled = (!state.pending.length && !state.accepted.length) || !open;
  $("#confirm").disabled = !state.pending.length || !open || state.sending;
  $("#confirm").textContent = unsent ? `Place bets · ${fmt(unsent)}` : "Place bets";
}

function merge(bets) {
  const m = new Map();
  for (const b of bets) m.set(b.code, (m.get(b.code) || 0) + b.stake);
  return state.codes.filter((c) => m.has(c)).map((c) => ({ code: c, stake: m.get(c) }));
}

function wireActions() {
  $("#undo").addEventListener("click", () => { state.pending.pop(); renderSlip(); });
  $("#clear").addEventListener("click", () => { state.pending = []; renderSlip(); });
  $("#rebet").addEventListener("click", () => { for (const b of state.last) if (!placeChip(b.code, b.stake)) break; });
  $("#double").addEventListener("click", () => {
    for (const b of [...state.accepted, ...state.pending]) if (!placeChip(b.code, b.stake)) break;
  });
  $("#confirm").addEventListener("click", () => confirmBets());
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); state.pending.pop(); renderSlip(); }
  });
}

async function confirmBets() {
  if (!state.pending.length || state.sending || !state.round) return;
  state.sending = true;
  const sent = state.pending;
  renderSlip();
  const body = merge(sent).map((b) => ({ code: b.code, target: [], stake: toMajorString(b.stake, state.currency) }));
  try {
    const res = await api.betTable(state.tableId, body, newKey());
    recordAccepted(res.round_id, res.accepted, res.round_stake_minor);
    state.pending = state.pending.filter((b) => !sent.includes(b));
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
  // the HTTP response and the bet_accepted event report the same slip (see js/table.js)
  const have = state.accepted.reduce((s, b) => s + b.stake, 0);
  if (roundStake !== undefined && have >= roundStake) return;
  for (const a of accepted) state.accepted.push({ code: a.code, stake: a.stake_minor });
}

async function restoreAccepted() {
  const r = state.round;
  if (!r || r.state !== "open") return;
  try {
    const { items } = await api.history(5);
    const mine = items.find((h) => h.round_id === r.round_id && h.table_id === state.tableId);
    if (!mine) return;
    const recall = await api.recall(mine.round_id);
    recordAccepted(r.round_id, recall.bets, undefined);
  } catch { /* the slip starts empty */ }
}

// ---------------------------------------------------------------- balance
async function refreshBalance() {
  try { setBalance(await api.wallet()); } catch (e) { toast(e.message); }
}

function setBalance(b) {
  const cur = b.currency || state.currency;
  const el = $("#balance");
  el.textContent = formatMinor(b.cash_minor, cur);
  el.dataset.minor = String(b.cash_minor);
  $("#balance-cur").textContent = `(${cur})`;
  if (cur !== state.currency) $("#confirm-hint").textContent = `This table plays in ${state.currency}; your account is in ${cur}.`;
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
    if (state.accepted.length) state.last = state.accepted.map((b) => ({ ...b }));
    state.accepted = [];
    state.acceptedRound = round.round_id;
  }
  if (round && round.state === "open") {
    setPhase("Place your bets");
    startTick();
  } else {
    stopTick();
    if (!round) setPhase("Waiting for the next round");
    else if (round.state === "closed") setPhase("No more bets");
    else if (round.state === "resulted") setPhase("Dealing…");
    else if (round.outcome?.winner) state.reveal.then(() => phaseAfterReveal(round.outcome));
    else setPhase("Waiting for the next round");
  }
  renderSlip();
}

function startTick() {
  stopTick();
  let autoSent = false;
  const total = state.bettingSeconds * 1000;
  const step = () => {
    const ms = Math.max(0, remainingMs());
    $("#countdown").textContent = String(Math.ceil(ms / 1000));
    $("#countdown-bar").style.width = `${Math.min(100, (ms / total) * 100)}%`;
    if (!autoSent && ms <= AUTO_CONFIRM_MS && ms > 0 && state.pending.length && token()) {
      autoSent = true;
      confirmBets();
    }
    if (ms <= 0) { stopTick(); setPhase("No more bets"); renderSlip(); }
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

// ---------------------------------------------------------------- the cards
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

/** The cards of a coup in the order dealt: [{card, to}] (from the shoe part of the outcome). */
function dealtCards(outcome) {
  const sh = outcome?.shoe;
  if (sh?.cards && sh.to && sh.cards.length === sh.to.length) return sh.cards.map((card, i) => ({ card, to: sh.to[i] }));
  const out = [];
  for (const side of state.sides) for (const card of [].concat(outcome?.[side] || [])) out.push({ card, to: side });
  return out;
}

function handTotal(cards) {
  return cards.reduce((s, c) => s + pointOf(c), 0) % 10;
}

function winnerText(outcome) {
  const w = outcome?.winner;
  if (!w) return "";
  const totals = state.sides.map((s) => outcome[`${s}_total`]);
  const score = totals.every((t) => t !== undefined) ? ` ${Math.max(...totals)} to ${Math.min(...totals)}` : "";
  if (w === "tie" || w === "draw") return `${betLabel(w)}${totals[0] !== undefined ? ` at ${totals[0]}` : ""}`;
  return `${betLabel(w)} wins${score}`;
}

/** Show a coup: deal its cards face down, turn them in order (third cards last), then the winner. */
function showCoup(roundId, outcome, animate = true) {
  if (!outcome || state.shownRound === roundId) return state.reveal;
  state.shownRound = roundId;
  state.reveal = state.reveal.then(() => revealCoup(roundId, outcome, animate));
  return state.reveal;
}

async function revealCoup(roundId, outcome, animate) {
  const cards = dealtCards(outcome);
  const per = Object.fromEntries(state.sides.map((s) => [s, []]));
  const winner = $("#winner");
  winner.textContent = "";
  winner.className = "winner";
  winner.dataset.round = "";
  for (const s of state.sides) {
    $(`#cards-${s}`)?.replaceChildren();
    const t = $(`#total-${s}`);
    if (t) { t.textContent = "–"; t.dataset.total = ""; }
    $(`#hand-${s}`)?.classList.remove("won");
  }
  for (const { card, to } of cards) {
    if (!per[to]) continue;
    const li = cardElement(card, { third: per[to].length === 2 });
    per[to].push(card);
    $(`#cards-${to}`).append(li);
    if (animate && DEAL_MS) {
      await sleep(DEAL_MS / 3);
      li.classList.add("up");
      await sleep(DEAL_MS);
    } else {
      li.classList.add("up");
    }
    const t = $(`#total-${to}`);
    if (state.game === "baccarat") { t.textContent = String(handTotal(per[to])); t.dataset.total = t.textContent; }
  }
  for (const s of state.sides) {
    const total = outcome[`${s}_total`];
    const t = $(`#total-${s}`);
    if (total !== undefined && t) { t.textContent = String(total); t.dataset.total = String(total); }
  }
  if (outcome.winner) $(`#hand-${outcome.winner}`)?.classList.add("won");
  winner.textContent = winnerText(outcome);
  winner.className = `winner ${outcome.winner || ""}`;
  winner.dataset.winner = outcome.winner || "";
  winner.dataset.round = String(roundId);
  for (const b of document.querySelectorAll(".spot-btn")) b.classList.toggle("winning", b.dataset.code === outcome.winner);
}

// ---------------------------------------------------------------- shoe, roads, recent coups
function renderTable(t) {
  const sh = t.shoe;
  if (sh) {
    $("#shoe-number").textContent = `#${sh.number}${sh.state === "finished" ? " (finished)" : ""}`;
    $("#shoe-left").textContent = `${sh.cards_left} of ${sh.cards_total}${sh.cut_card_out ? " · cut card out" : ""}`;
    $("#shoe-left").dataset.left = String(sh.cards_left);
    $("#shoe-burn").textContent = sh.shown ? `${sh.shown} shown, then ${sh.burned - 1} burned (004 §3.2)` : (sh.burned ? String(sh.burned) : "none");
    $("#shoe-hash").textContent = sh.server_seed_hash;
  }
  const prev = t.previous_shoe;
  $("#shoe-reveal").textContent = prev?.server_seed
    ? `Shoe #${prev.number} revealed: server seed ${prev.server_seed}, client seed ${prev.client_seed}.`
    : "The shoe's server seed is revealed when its cut card comes out.";
  const roads = t.roads || { rows: 6, bead_plate: [], big_road: [] };
  drawRoad($("#bead-plate"), roads.bead_plate, roads.rows, "bead");
  drawRoad($("#big-road"), roads.big_road, roads.rows, "big");
  $("#road-summary").textContent = roads.bead_plate.length ? summary(roads.bead_plate) : "No coup yet in this shoe.";
  const ol = $("#coups");
  ol.replaceChildren();
  for (const c of (t.coups || []).slice(0, 8)) {
    const li = document.createElement("li");
    li.dataset.round = String(c.round_id);
    const o = c.outcome || {};
    const hands = state.sides.map((s) => `${betLabel(s)} ${[].concat(o[s] || []).join(" ")}${o[`${s}_total`] !== undefined ? ` (${o[`${s}_total`]})` : ""}`);
    li.textContent = `#${c.number}: ${hands.join(" · ")} → ${winnerText(o)}`;
    ol.append(li);
  }
}

async function refreshTable() {
  try { renderTable(await api.table(state.tableId)); } catch { /* the next event will tell */ }
}

// ---------------------------------------------------------------- settlement
function showSettlement(roundId, you) {
  const r = $("#result");
  r.dataset.round = String(roundId);
  r.dataset.stake = String(you.stake_minor);
  r.dataset.returned = String(you.returned_minor);
  r.dataset.net = String(you.net_minor);
  const net = `net ${you.net_minor >= 0 ? "+" : ""}${fmt(you.net_minor)}`;
  if (you.returned_minor > 0) {
    r.className = "result win";
    r.textContent = `You get ${fmt(you.returned_minor)} back (bet ${fmt(you.stake_minor)}, ${net})`;
  } else {
    r.className = "result";
    r.textContent = `No win this time (bet ${fmt(you.stake_minor)})`;
  }
  const lw = $("#last-win");
  lw.textContent = formatMinor(you.returned_minor, state.currency);
  lw.dataset.minor = String(you.returned_minor);
  lw.classList.toggle("won", you.returned_minor > 0);
  if (you.bets?.length) state.last = you.bets.filter((b) => !b.carried_in).map((b) => ({ code: b.code, stake: b.stake_minor }));
  renderSlip();
}

// ---------------------------------------------------------------- events
let socket = null;
let retry = 0;
let failures = 0;
function connect() {
  socket = openTableSocket(state.tableId, onEvent);
  let opened = false;
  socket.addEventListener("open", () => { retry = 0; failures = 0; opened = true; });
  socket.addEventListener("close", () => {
    if (!opened && ++failures >= 3) { poll(); return; }
    setPhase("Reconnecting…");
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 500 * 2 ** retry);
  });
}
setInterval(() => { if (socket && socket.readyState === WebSocket.OPEN) socket.send("ping"); }, 20000);

/** A guest follows the table by polling GET /api/tables/{id} every second (no WebSocket). */
async function poll() {
  for (;;) {
    try {
      const t = await api.table(state.tableId);
      const r = t.round;
      const changed = !state.round || !r || r.round_id !== state.round.round_id || r.state !== state.round.state;
      if (changed) applyRound(r, null);
      const latest = (t.coups || [])[0];
      if (latest && latest.round_id !== state.shownRound) {
        showCoup(latest.round_id, latest.outcome).then(() => renderTable(t));
      } else {
        renderTable(t);
      }
    } catch { /* the next poll will tell */ }
    await sleep(1000);
  }
}

function onEvent(m) {
  switch (m.type) {
    case "snapshot":
      renderTable(m.table);
      applyRound(m.table.round, m.server_time);
      break;
    case "betting_open":
      applyRound({ round_id: m.round_id, number: m.number, state: "open", closes_at: m.closes_at, server_seed_hash: m.server_seed_hash }, m.server_time);
      refreshTable(); // a new shoe may have been shuffled
      break;
    case "bet_accepted":
      if (!state.sending) { recordAccepted(m.round_id, m.accepted, m.round_stake_minor); renderSlip(); }
      break;
    case "no_more_bets":
      if (state.round && state.round.round_id === m.round_id) state.round = { ...state.round, state: "closed" };
      if (state.pending.length) { toast("No more bets: the bets you had not sent were not placed."); state.pending = []; }
      stopTick();
      setPhase("No more bets · dealing");
      renderSlip();
      break;
    case "result":
      if (state.round && state.round.round_id === m.round_id) state.round = { ...state.round, state: "resulted" };
      setPhase("Dealing…");
      showCoup(m.round_id, m.outcome).then(() => { phaseAfterReveal(m.outcome); refreshTable(); });
      break;
    case "settled":
      if (m.you) { const you = m.you; state.reveal.then(() => showSettlement(m.round_id, you)); }
      break;
    case "voided":
      state.reveal.then(() => {
        setPhase(`Round voided: ${m.reason}. Every stake is refunded.`);
        toast(`Round ${m.round_id} was voided: stakes refunded.`, "info");
      });
      break;
    case "balance": {
      const b = m.balance;
      state.reveal.then(() => setBalance(b));
      break;
    }
    default:
      break;
  }
}
