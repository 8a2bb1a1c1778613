// A craps table (000 §12.41) on the shell (js/shell/table.js): the layout with every bet of the
// engine (games/dice/craps), the puck (OFF: come-out roll; ON: the point), the dice and the result
// of each roll, and the player's working bets, which stay on the layout from roll to roll (the
// platform carries them into each new round). Chips, slip, countdown, balance and the table's
// events are the shell's. The client never decides a rule: a spot the phase closes is only
// greyed out here; the server's answer (bet_closed, missing_base_bet, odds_above_maximum) is shown.
import { ApiError, api, token } from "../api.js";
import { chipFace, formatMoney } from "../money.js";
import { el } from "../shell/dom.js";
import { startPage } from "../shell/page.js";
import { BetSlip } from "../shell/slip.js";
import { BettingShell } from "../shell/table.js";
import { $, toast } from "../ui.js";

// ASSUMPTION: chips of 1, 2, 5, 10, 25, 50 and 100 times the smallest stake (as the roulette table)
const CHIP_STEPS = [1, 2, 5, 10, 25, 50, 100];
const POINTS = [4, 5, 6, 8, 9, 10];
const GROUPS = [
  ["line", "Line bets", [["pass"], ["dont_pass"], ["come"], ["dont_come"]]],
  ["odds", "Odds", [...POINTS.map((n) => ["odds", n]), ...POINTS.map((n) => ["lay", n])]],
  ["place", "Place", [...POINTS.map((n) => ["place_win", n]), ...POINTS.map((n) => ["place_lose", n])]],
  ["hard", "Hardways", [4, 6, 8, 10].map((n) => ["hardway", n])],
  ["one_roll", "One-roll bets", [["field"], ["seven"], ["craps"], ["crap_2"], ["crap_3"], ["crap_12"], ["eleven"], ["c_and_e"]]],
];
const LABELS = {
  pass: "Pass Line", dont_pass: "Don't Pass", come: "Come", dont_come: "Don't Come", odds: "Odds",
  lay: "Lay", place_win: "Place to Win", place_lose: "Place to Lose", hardway: "Hard",
  field: "Field", seven: "Seven", craps: "Any Craps", crap_2: "Craps 2", crap_3: "Craps 3",
  crap_12: "Craps 12", eleven: "Eleven", c_and_e: "C & E",
};
const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function betLabel(code, target = []) {
  const name = LABELS[code] || code;
  return target.length ? `${name} ${target[0]}` : name;
}

const params = new URLSearchParams(location.search);
const state = { tableId: params.get("id") || "craps-eur", currency: "EUR", point: null, payouts: {}, limits: null,
  working: [], shownRound: null };
let shell = null;

startPage(main, { title: "Craps" });

async function main() {
  let table;
  try {
    table = await api.table(state.tableId);
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? `No table "${state.tableId}".` : `Could not load the table: ${e.message}`;
    return;
  }
  state.currency = table.currency;
  $("#table-title").textContent = table.name;
  document.title = `${table.name} · Croupier`;
  const info = await api.variant(table.game, table.variant);
  state.payouts = Object.fromEntries(info.bets.map((b) => [b.code, b.payout]));
  state.limits = info.limits?.[state.currency] || null;
  $("#table-meta").textContent = [info.title, state.currency].filter(Boolean).join(" · ");
  shell = new BettingShell({
    tableId: state.tableId, currency: state.currency, bettingSeconds: table.betting_seconds || 23,
    slip: new BetSlip({ label: betLabel }), phaseClosed: "No more bets: the dice are rolling",
    maxOf: (code) => state.limits?.bets?.[code]?.[1],
    hooks: {
      showChips: renderSpots,
      setEnabled: () => renderSpots(null),
      onResult: async (m) => { showRoll(m.round_id, m.outcome); },
      onSnapshot: (t) => fromTable(t),
      onOpen: refreshWorking,
      onPoll: (t) => { fromTable(t); },
      settlementText: (o) => rollText(o),
    },
  });
  buildLayout();
  const unit = state.limits?.table_min_minor || 100;
  shell.chips(CHIP_STEPS.map((k) => k * unit), 0);
  shell.wire();
  fromTable(table);
  shell.applyRound(table.round, null);
  if (token()) {
    await shell.refreshBalance();
    await shell.restoreAccepted();
    await refreshWorking();
  } else {
    $("#confirm-hint").append("You are watching. ", el("a", { href: "/account.html" }, "Log in"), " to bet.");
  }
  shell.follow();
  shell.renderSlip();
}

function fmt(minor) { return formatMoney(minor, state.currency); }

// ---------------------------------------------------------------- the layout
function buildLayout() {
  const box = $("#layout");
  box.replaceChildren();
  for (const [id, title, spots] of GROUPS) {
    const group = el("fieldset", { class: `bet-group ${id}`, id: `group-${id}` }, el("legend", {}, title));
    for (const [code, n] of spots) {
      const target = n === undefined ? [] : [n];
      const pays = payoutOf(code, n);
      group.append(el("button", {
        type: "button", class: `spot-btn ${code}`, dataset: { code, target: JSON.stringify(target), amount: "0", working: "0" },
        "aria-label": betLabel(code, target), title: pays ? `${betLabel(code, target)} pays ${pays}` : betLabel(code, target),
        onclick: () => place(code, target),
      }, el("span", { class: "name" }, betLabel(code, target)), el("span", { class: "pay" }, pays || ""),
      el("span", { class: "stack", "aria-hidden": "true" }), el("span", { class: "work", "aria-hidden": "true" })));
    }
    box.append(group);
  }
}

/** A numbered bet's payout on its number, from the description's text ("4: 9:5, 5: 7:5, ..."). */
function payoutOf(code, n) {
  const text = state.payouts[code] || "";
  if (n === undefined) return text;
  const m = text.split(", ").find((p) => p.startsWith(`${n}: `));
  return m ? m.slice(String(n).length + 2) : "";
}

/** Why a spot is closed now, or "" (000 §12.41: which bets are open in which phase). */
function closedReason(code, target) {
  if ((code === "pass" || code === "dont_pass") && state.point !== null) return `${betLabel(code)} is open on a come-out roll only (the puck is ON at ${state.point})`;
  if ((code === "come" || code === "dont_come") && state.point === null) return `${betLabel(code)} is open in the point phase only (the puck is OFF)`;
  if (code === "odds" || code === "lay") {
    const bases = code === "odds" ? ["pass", "come"] : ["dont_pass", "dont_come"];
    if (!state.working.some((b) => bases.includes(b.code) && b.target[0] === target[0])) return `${betLabel(code, target)} needs your ${bases.map((b) => betLabel(b)).join(" or ")} bet on ${target[0]}`;
  }
  return "";
}

function place(code, target) {
  const why = closedReason(code, target);
  if (why) { toast(why, "info"); return; }
  shell.place(code, target);
}

/** Chips (accepted and unsent), working bets and whether each spot is open now. */
function renderSpots(amounts) {
  if (amounts) state.amounts = amounts;
  const have = state.amounts || new Map();
  const open = shell?.bettingOpen() ?? false;
  for (const b of document.querySelectorAll("#layout .spot-btn")) {
    const code = b.dataset.code;
    const target = JSON.parse(b.dataset.target);
    const key = `${code}:${JSON.stringify(target)}`;
    const amount = have.get(key) || 0;
    const working = state.working.filter((w) => w.code === code && JSON.stringify(w.target) === JSON.stringify(target))
      .reduce((s, w) => s + w.stake_minor, 0);
    b.dataset.amount = String(amount);
    b.dataset.working = String(working);
    b.querySelector(".stack").textContent = amount ? chipFace(amount, state.currency) : "";
    b.querySelector(".work").textContent = working ? `working ${chipFace(working, state.currency)}` : "";
    b.classList.toggle("has-chip", amount > 0);
    b.classList.toggle("working", working > 0);
    const why = closedReason(code, target);
    b.classList.toggle("closed", Boolean(why));
    b.setAttribute("aria-disabled", String(!open || Boolean(why)));
    const parts = [betLabel(code, target)];
    if (amount) parts.push(`${fmt(amount)} placed`);
    if (working) parts.push(`${fmt(working)} working`);
    if (why) parts.push("closed now");
    b.setAttribute("aria-label", parts.join(", "));
  }
}

// ---------------------------------------------------------------- puck, dice, rolls
function setPuck(point) {
  state.point = point ?? null;
  const p = $("#puck");
  p.dataset.state = state.point === null ? "OFF" : "ON";
  p.dataset.point = state.point === null ? "" : String(state.point);
  p.textContent = state.point === null ? "OFF · come-out roll" : `ON · point ${state.point}`;
  renderSpots(null);
}

function rollText(o) {
  if (!o || !o.dice) return "";
  const total = o.total;
  const hard = o.hard && [4, 6, 8, 10].includes(total) ? " the hard way" : "";
  const after = o.table?.point ?? null;
  let what;
  if (o.point === null || o.point === undefined) what = after !== null ? `point is ${after}` : "come-out again";
  else what = total === o.point ? "point made" : total === 7 ? "seven out" : `point ${o.point}`;
  return `${total}${hard} (${o.dice.join("-")}): ${what}`;
}

function showRoll(roundId, outcome) {
  if (!outcome?.dice || state.shownRound === roundId) return;
  state.shownRound = roundId;
  $("#dice").replaceChildren(...outcome.dice.map((d) => el("span", { class: "die", role: "img", "aria-label": `die ${d}`, dataset: { face: String(d) } }, FACES[d] || String(d))));
  const r = $("#roll-result");
  r.textContent = rollText(outcome);
  r.dataset.round = String(roundId);
  r.dataset.total = String(outcome.total);
  setPuck(outcome.table?.point ?? null);
  const li = el("li", { class: outcome.total === 7 ? "seven" : "", dataset: { round: String(roundId) } }, String(outcome.total));
  $("#rolls").prepend(li);
  while ($("#rolls").children.length > 20) $("#rolls").lastElementChild.remove();
}

function fromTable(t) {
  const recent = t.recent || [];
  if (!state.rollsDrawn) {
    state.rollsDrawn = true;
    for (const r of recent.slice().reverse()) showRoll(r.round_id, r.outcome);
  } else if (recent[0]) {
    showRoll(recent[0].round_id, recent[0].outcome);
  }
}

// ---------------------------------------------------------------- working bets
/** The player's bets carried into the open round (from its recall; 000 §10 Games History). */
async function refreshWorking() {
  if (!token()) return;
  const r = shell.round;
  let bets = [];
  try {
    if (r) {
      const { items } = await api.history(5);
      const mine = items.find((h) => h.round_id === r.round_id && h.table_id === state.tableId);
      if (mine) bets = (await api.recall(mine.round_id)).bets.filter((b) => b.carried_in);
    }
  } catch { /* shown empty until the next round */ }
  state.working = bets;
  const ul = $("#working");
  ul.replaceChildren(...bets.map((b) => el("li", { dataset: { code: b.code, target: JSON.stringify(b.target) } },
    `${betLabel(b.code, b.target)}: ${fmt(b.stake_minor)}`)));
  if (!bets.length) ul.append(el("li", { class: "none" }, "None"));
  ul.dataset.total = String(bets.reduce((s, b) => s + b.stake_minor, 0));
  renderSpots(null);
}
