// A live baccarat table (and any shoe card table: Dragon Tiger...) on the shell (js/shell/table.js):
// bet spots for every bet of the variant, the card reveal (hands, third cards, totals, winner),
// the bead plate and big road, the shoe. The cards and scoreboards come from the server
// (platform/shoes.py); chips, slip, countdown, balance and the table's events are the shell's.
import { ApiError, api, token } from "../api.js";
import { chipFace, formatMoney } from "../money.js";
import { el, sleep } from "../shell/dom.js";
import { startPage } from "../shell/page.js";
import { BetSlip } from "../shell/slip.js";
import { BettingShell } from "../shell/table.js";
import { $ } from "../ui.js";
import { cardElement, pointOf } from "./cards.js";
import { drawRoad, summary } from "./roads.js";

// ASSUMPTION: chips of 1, 2, 10, 20, 50, 200 and 1000 times the table minimum (0.50 EUR at
// live_004: 0.50 ... 500.00 EUR); without limits the unit is one currency unit.
const CHIP_STEPS = [1, 2, 10, 20, 50, 200, 1000];
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
  codes: [],
  payouts: {},
  limits: null,
  sides: ["player", "banker"],
  shownRound: null, // the round whose cards are on the table
};
let shell = null;

startPage(main, { title: "Baccarat" });

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
  $("#table-title").textContent = table.name;
  document.title = `${table.name} · Croupier`;
  $("#phase").textContent = "Loading the table…";
  const info = await api.variant(table.game, table.variant);
  state.codes = info.bets.map((b) => b.code);
  state.payouts = Object.fromEntries(info.bets.map((b) => [b.code, b.payout]));
  state.limits = info.limits?.[state.currency] || null;
  state.sides = state.codes.slice(0, 2); // player/banker, dragon/tiger, home/away
  const lim = state.limits ? `Bets ${fmt(state.limits.table_min_minor)} – ${fmt(state.limits.table_max_minor)}` : "";
  $("#table-meta").textContent = [info.title, state.currency, lim].filter(Boolean).join(" · ");

  shell = new BettingShell({
    tableId: state.tableId, currency: state.currency, bettingSeconds: table.betting_seconds || 23,
    slip: new BetSlip({ label: betLabel }), phaseClosed: "No more bets",
    maxOf: (code) => state.limits?.bets?.[code]?.[1],
    hooks: {
      showChips: renderSpots,
      onRound,
      onResult: (m) => {
        shell.setPhase("Dealing…");
        return revealOnce(m.round_id, m.outcome, true).then(() => { phaseAfterReveal(m.outcome); refreshTable(); });
      },
      onSnapshot: renderTable,
      onOpen: refreshTable, // a new shoe may have been shuffled
      onPoll: (t) => {
        const latest = (t.coups || [])[0];
        if (latest && latest.round_id !== state.shownRound) showCoup(latest.round_id, latest.outcome).then(() => renderTable(t));
        else renderTable(t);
      },
    },
  });
  buildHands();
  buildSpots();
  shell.chips(CHIP_STEPS.map((k) => k * (state.limits?.table_min_minor || 100)), 0);
  shell.wire();
  renderTable(table);
  const latest = (table.coups || [])[0];
  if (latest) showCoup(latest.round_id, latest.outcome, false);
  shell.applyRound(table.round, null);
  if (token()) {
    await shell.refreshBalance();
    await shell.restoreAccepted();
  } else {
    $("#confirm-hint").append("You are watching. ", el("a", { href: "/account.html" }, "Log in"), " to bet.");
  }
  shell.follow();
  shell.renderSlip();
}

function fmt(minor) { return formatMoney(minor, state.currency); }
/** The winner as the phase once the cards are shown, unless the next betting window has opened. */
function phaseAfterReveal(outcome) { if (shell.round?.state !== "open") shell.setPhase(winnerText(outcome)); }

function onRound(round) {
  if (!round || round.state === "open" || round.state === "closed") return;
  if (round.state === "resulted") shell.setPhase("Dealing…");
  else if (round.outcome?.winner) shell.reveal.then(() => phaseAfterReveal(round.outcome));
}

// ---------------------------------------------------------------- the layout
function buildHands() {
  const box = $("#hands");
  box.replaceChildren();
  for (const side of state.sides) {
    const name = betLabel(side);
    box.append(el("div", { class: `hand ${side}`, id: `hand-${side}` },
      el("h3", {}, el("span", { class: "hand-name" }, name), " ",
        el("output", { class: "total", id: `total-${side}`, "aria-label": `${name} total` }, "–")),
      el("ol", { class: "cards", id: `cards-${side}`, "aria-label": `${name} cards` })));
  }
}

function buildSpots() {
  const box = $("#spots");
  box.replaceChildren();
  for (const code of state.codes) {
    const lim = state.limits?.bets?.[code];
    box.append(el("button", {
      type: "button", class: `spot-btn ${code}${state.sides.includes(code) || code === "tie" ? " main" : ""}`,
      dataset: { code, amount: "0" }, "aria-label": betLabel(code), "aria-describedby": `pay-${code}`,
      title: lim ? `${betLabel(code)}: ${fmt(lim[0])} – ${fmt(lim[1])}` : betLabel(code),
      onclick: () => shell.place(code, []),
    }, el("span", { class: "name" }, betLabel(code)), el("span", { class: "pay", id: `pay-${code}` }, `pays ${state.payouts[code] || "–"}`),
    el("span", { class: "stack", "aria-hidden": "true" })));
  }
}

/** The chips on every spot (accepted and not sent), its accessible name, and whether bets are open. */
function renderSpots(amounts) {
  for (const b of document.querySelectorAll(".spot-btn")) {
    const amount = amounts.get(`${b.dataset.code}:[]`) || 0;
    b.dataset.amount = String(amount);
    b.querySelector(".stack").textContent = amount ? chipFace(amount, state.currency) : "";
    b.classList.toggle("has-chip", amount > 0);
    b.setAttribute("aria-label", amount ? `${betLabel(b.dataset.code)}, ${fmt(amount)} on it` : betLabel(b.dataset.code));
    b.setAttribute("aria-disabled", String(!shell.bettingOpen()));
  }
}

// ---------------------------------------------------------------- the cards

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
  shell.reveal = shell.reveal.then(() => revealOnce(roundId, outcome, animate));
  return shell.reveal;
}

/** Reveal a coup unless it is already on the table. */
function revealOnce(roundId, outcome, animate) {
  if (!outcome || state.shownRound === roundId) return Promise.resolve();
  state.shownRound = roundId;
  return revealCoup(roundId, outcome, animate);
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

