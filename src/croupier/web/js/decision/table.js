// A single-player decision table (blackjack, Casino Hold'em, Three Card Poker...) over
// /api/interactive (docs/api.md "Decision rounds"): bets, Deal, exactly the legal actions as
// buttons, the decision timer, the cards, the result and the balance. The page supplies
// `renderTable(view, container)` for its game's layout.
import { ApiError, api, newKey, token } from "../api.js";
import { formatMoney, parseMajor, toMajorString } from "../money.js";
import { $, toast } from "../ui.js";
import { backEl, cardEl, handEl } from "../cards.js";
import { Countdown, actionLabel, decisionButtons, decisionTimer, interactive } from "../shell/decision.js";
import { el } from "../shell/dom.js";
import { showBalance } from "../shell/figures.js";
import { startPage } from "../shell/page.js";

export { backEl, cardEl, handEl };

export { actionLabel, el, interactive };

/**
 * Run a decision table on this page.
 * config: { game, variant, title, betLabels: {code: label}, target(code) -> [], renderTable(view, container),
 *           extraInputs(container) (optional), resultText(view) (optional) }
 */
export function runTable(config) {
  startPage(() => start(config), { title: config.title, panel: false, statusLabel: "seconds_left" });
}

/** The panel of a decision table: balance, this round's stake, the bet form with Deal, the result. */
function mountDecisionPanel(aside) {
  const figure = (label, id) => el("div", {}, el("dt", {}, label), el("dd", { id, "data-minor": "" }, "–"));
  aside.replaceChildren(
    el("dl", { class: "figures" }, figure("Balance", "balance"), figure("This round", "round-stake")),
    el("form", { id: "bet-form" },
      el("fieldset", { id: "bets", class: "bets" }, el("legend", { class: "section-title" }, "Bets")),
      el("button", { type: "submit", class: "primary", id: "deal" }, "Deal"),
      el("p", { class: "hint", id: "deal-hint" })),
    el("div", { class: "result", id: "result", role: "status", "aria-live": "polite" }));
}

async function start(config) {
  const st = { currency: "EUR", round: null, info: null, clock: new Countdown(), busy: false };
  mountDecisionPanel($("#panel"));
  $("#table-title").textContent = config.title;
  document.title = `${config.title} · Croupier`;
  if (token()) {
    try { st.currency = (await api.me()).player.currency; } catch { /* logged out */ }
  }
  try {
    st.info = await interactive.table(config.game, config.variant, st.currency);
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? `No such table (${config.game} ${config.variant}).` : `Could not load the table: ${e.message}`;
    return;
  }
  $("#table-meta").textContent = `${st.info.variant_title} · ${st.currency} · ${Math.round(st.info.decision_seconds)} s per decision`;
  for (const c of document.querySelectorAll(".cur")) c.textContent = `(${st.currency})`;
  buildBets(config, st);
  $("#bet-form").addEventListener("submit", (e) => e.preventDefault());
  $("#deal").addEventListener("click", () => deal(config, st));
  if (!token()) {
    $("#phase").textContent = "Log in to play";
    $("#deal").disabled = true;
    $("#deal-hint").innerHTML = '<a href="/account.html">Log in</a> to play.';
    return;
  }
  await refreshBalance(st);
  try {
    const { round } = await interactive.current(config.game);
    if (round) {
      toast("Your round in progress is back on the table.", "info");
      show(config, st, round);
    } else {
      idle(st);
    }
  } catch (e) {
    toast(e.message);
    idle(st);
  }
}

function buildBets(config, st) {
  const box = $("#bets");
  box.replaceChildren(el("legend", { class: "section-title" }, "Bets"));
  for (const b of st.info.bets) {
    const id = `bet-${b.code}`;
    const main = b.code === "main" || b.code === "ante";
    const range = b.min_minor != null ? `${formatMoney(b.min_minor, st.currency)} – ${formatMoney(b.max_minor, st.currency)}` : "";
    const input = el("input", { id, name: b.code, inputmode: "decimal", autocomplete: "off", "aria-describedby": `${id}-range`, value: main && b.min_minor != null ? toMajorString(b.min_minor, st.currency) : "" });
    box.append(el("div", { class: "bet-field" },
      el("label", { for: id }, config.betLabels?.[b.code] || b.code.replace(/_/g, " "), main ? "" : " (optional)"),
      input,
      el("span", { class: "hint", id: `${id}-range` }, range)));
  }
  if (config.extraInputs) config.extraInputs(box, st);
}

function slipFromForm(config, st) {
  const bets = [];
  for (const b of st.info.bets) {
    const text = $(`#bet-${b.code}`).value.trim();
    if (!text) continue;
    const minor = parseMajor(text, st.currency);
    if (minor === null || minor <= 0) throw new Error(`${config.betLabels?.[b.code] || b.code}: "${text}" is not an amount`);
    bets.push({ code: b.code, stake: toMajorString(minor, st.currency), target: config.target ? config.target(b.code, st) : [] });
  }
  if (!bets.length) throw new Error("Place a bet first");
  return bets;
}

async function deal(config, st) {
  if (st.busy) return;
  let bets;
  try { bets = slipFromForm(config, st); } catch (e) { toast(e.message); return; }
  st.busy = true;
  $("#deal").disabled = true;
  setResult("", "");
  try {
    const view = await interactive.start(config.game, config.variant, bets, newKey());
    show(config, st, view);
  } catch (e) {
    toast(e.message);
    idle(st);
  } finally {
    st.busy = false;
  }
}

async function act(config, st, name) {
  if (st.busy || !st.round) return;
  st.busy = true;
  for (const b of document.querySelectorAll("#decisions button")) b.disabled = true;
  try {
    const view = await interactive.act(st.round.round_id, name, st.round.decision_no, newKey());
    show(config, st, view);
  } catch (e) {
    toast(e.message);
    try { show(config, st, await interactive.get(st.round.round_id)); } catch { /* keep the old view */ }
  } finally {
    st.busy = false;
  }
}

function idle(st) {
  st.round = null;
  st.clock.stop();
  $("#phase").textContent = "Place your bets, then deal";
  $("#deal").disabled = false;
  $("#bets").disabled = false;
  $("#decisions").replaceChildren();
}

function show(config, st, view) {
  st.round = view;
  const felt = $("#felt");
  config.renderTable(view, felt, st);
  felt.dataset.round = String(view.round_id);
  felt.dataset.state = view.state;
  felt.dataset.decision = String(view.decision_no);
  setBalance(st, view.balance);
  $("#round-stake").textContent = formatMoney(view.stake_minor, view.currency);
  $("#round-stake").dataset.minor = String(view.stake_minor);
  const box = $("#decisions");
  box.replaceChildren();
  if (view.state === "open") {
    $("#bets").disabled = true;
    $("#deal").disabled = true;
    $("#phase").textContent = view.table?.prompt ? "Insurance?" : "Your decision";
    decisionButtons(view, box, (name) => act(config, st, name));
    const id = view.round_id;
    decisionTimer(st.clock, view, config.decisionSeconds, async () => {
      // the server takes the default (on this request, or its sweeper already did)
      if (st.round?.round_id !== id) return;
      try { show(config, st, await interactive.get(id)); } catch (e) { toast(e.message); }
    });
    setResult("", "");
  } else {
    st.clock.stop();
    $("#default-note").textContent = "";
    $("#bets").disabled = false;
    $("#deal").disabled = false;
    $("#phase").textContent = view.state === "voided" ? "Round voided" : "Round over: place your bets";
    const net = view.net_minor ?? 0;
    const timeouts = view.timeouts?.length ? ` Time ran out: ${view.timeouts.map((t) => actionLabel(t.name)).join(", ")} taken for you.` : "";
    const text = (config.resultText ? config.resultText(view) + " " : "") + (net > 0
      ? `You win ${formatMoney(net, view.currency)} (returned ${formatMoney(view.returned_minor, view.currency)}).`
      : net < 0 ? `You lose ${formatMoney(-net, view.currency)}.` : `Push: ${formatMoney(view.returned_minor ?? 0, view.currency)} back.`) + timeouts;
    setResult(text, net > 0 ? "win" : "", view);
  }
}

function setResult(text, cls, view) {
  const r = $("#result");
  r.textContent = text;
  r.className = `result ${cls}`;
  if (view) {
    r.dataset.round = String(view.round_id);
    r.dataset.stake = String(view.stake_minor);
    r.dataset.returned = String(view.returned_minor ?? 0);
    r.dataset.net = String(view.net_minor ?? 0);
  } else {
    delete r.dataset.round;
  }
}

async function refreshBalance(st) {
  try { setBalance(st, await api.wallet()); } catch (e) { toast(e.message); }
}

function setBalance(st, bal) {
  showBalance(bal, st.currency);
}
