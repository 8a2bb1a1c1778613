// The generic game page: game.html?game=G&variant=V[&table=ID]. Everything comes from the
// engine's description (js/shell/describe.js): the bets laid out by group with a target picker
// per target shape, single rounds (POST /api/rounds), decision rounds (/api/interactive) or a
// shared table (/api/tables/{id} and its events), and the round drawn by its outcome kind's
// renderer (js/renderers/).
import { ApiError, api, token } from "./api.js";
import { chipFace, formatMoney, learnExponent } from "./money.js";
import { renderDisplay } from "./renderers/index.js";
import { decisionButtons, decisionTimer, interactive } from "./shell/decision.js";
import { betsByGroup, loadDescription } from "./shell/describe.js";
import { el } from "./shell/dom.js";
import { applyStrings, t } from "./shell/i18n.js";
import { startPage } from "./shell/page.js";
import { mountPanel } from "./shell/panel.js";
import { mountFair, mountRules } from "./shell/panels.js";
import { BetSlip } from "./shell/slip.js";
import { BettingShell, sendOnce } from "./shell/table.js";
import { targetPicker, targetText } from "./shell/targets.js";
import { $, toast } from "./ui.js";

// ASSUMPTION (as roulette, 001 §8.12): chips of 1, 2, 5, 10, 25, 50, 100 times the currency's
// smallest stake when the description gives no chip set.
const CHIP_STEPS = [1, 2, 5, 10, 25, 50, 100];

const params = new URLSearchParams(location.search);
const page = { pickers: new Map(), labels: new Map(), shell: null, desc: null, round: null, currency: "EUR" };

startPage(main, { title: "Game", panel: false });

async function main() {
  const game = params.get("game");
  const variant = params.get("variant");
  if (!game || !variant) { $("#phase").textContent = "Pick a game in the lobby."; return; }
  let desc;
  try {
    desc = await loadDescription(game, variant);
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? `No game "${game}" variant "${variant}".` : `Could not load the game: ${e.message}`;
    return;
  }
  page.desc = desc;
  for (const [c, info] of Object.entries(desc.currencies || {})) learnExponent(c, info.exponent);
  if (token()) { try { page.currency = (await api.me()).player.currency; } catch { /* logged out */ } }
  else page.currency = "EUR" in (desc.currencies || {}) ? "EUR" : Object.keys(desc.currencies || {})[0] || "EUR";
  const tableId = params.get("table") || (desc.play === "table" ? (desc.tables || []).find((tb) => tb.currency === page.currency)?.id : null);
  const mode = tableId ? "table" : desc.play === "decision" ? "decision" : "single";
  document.body.dataset.mode = mode;
  $("#table-title").textContent = desc.title;
  document.title = `${desc.title} · Croupier`;
  const cur = desc.currencies?.[page.currency];
  const lim = cur ? `${formatMoney(cur.min_minor, page.currency)} – ${formatMoney(cur.max_minor, page.currency)}` : "";
  $("#table-meta").textContent = [desc.family, page.currency, lim].filter(Boolean).join(" · ");
  mountRules($("#rules"), desc);
  if (location.hash === "#rules") $("#rules").open = true;
  mountPanel($("#panel"), { verb: mode === "decision" ? "deal" : mode === "single" ? "play" : "place_bets" });
  // a package bet (a racetrack call bet) takes its `chips` equal chips at once
  const packs = Object.fromEntries(desc.bets.map((b) => [b.code, b.chips || 1]));
  const slip = new BetSlip({ label: (code, target) => `${page.labels.get(code) || code}${targetText(target)}`, chips: (code) => packs[code] || 1 });
  const shell = new BettingShell({
    tableId, currency: page.currency, slip, verb: mode === "table" ? null : t(mode === "decision" ? "deal" : "play"),
    maxOf: (code) => desc.bets.find((b) => b.code === code)?.limits?.[page.currency]?.[1],
    hooks: {
      showChips, setEnabled: (on) => $("#layout").toggleAttribute("disabled", !on),
      play: mode === "decision" ? startDecision : playSingle,
      onResult: (m) => showRound(m.display, m.outcome).then(() => shell.setPhase(m.display?.headline || t("result"))),
      onRound: (r) => { if (r?.state === "open") $("#stage").replaceChildren(); },
    },
  });
  page.shell = shell;
  layBets(desc);
  const steps = cur?.chips_minor || CHIP_STEPS.map((k) => k * (cur?.min_minor || 100));
  shell.chips(steps, 0);
  shell.wire();
  applyStrings();
  document.addEventListener("croupier:lang", () => shell.renderSlip());
  if (!cur && desc.currencies) {
    $("#confirm-hint").textContent = `${desc.title} is played in ${Object.keys(desc.currencies).join(", ")}; your account is in ${page.currency}.`;
  }
  if (mode === "table") {
    const tb = await api.table(tableId);
    shell.bettingSeconds = tb.betting_seconds || 23;
    mountFair($("#fair"), { hash: tb.round?.server_seed_hash });
    shell.applyRound(tb.round, null);
    if (token()) { await shell.refreshBalance(); await shell.restoreAccepted(); }
    else $("#confirm-hint").textContent = "You are watching. Log in to bet.";
    shell.follow();
  } else {
    mountFair($("#fair"));
    $("#countdown").parentElement.hidden = mode === "single";
    if (!token()) {
      shell.setPhase(t("log_in_to_play"));
      $("#confirm-hint").append(el("a", { href: "/account.html" }, "Log in"), " to play.");
    } else {
      shell.setPhase(t("place_then_play"));
      await shell.refreshBalance();
      if (mode === "decision") await resume(desc.game);
    }
  }
  shell.renderSlip();
}

// ------------------------------------------------------------------ the layout
function layBets(desc) {
  const box = $("#layout");
  box.replaceChildren(el("legend", { class: "visually-hidden", "data-i18n": "layout" }, t("layout")));
  for (const g of betsByGroup(desc)) {
    const group = el("fieldset", { class: "bet-group", dataset: { group: g.name } }, el("legend", {}, g.label));
    for (const b of g.bets) {
      page.labels.set(b.code, b.label);
      if (b.decision_only) continue; // placed by a decision (Call, Double): in the paytable only
      const picker = targetPicker(b, `${t("target")}: ${b.label}`);
      page.pickers.set(b.code, picker);
      const lim = b.limits?.[page.currency];
      const payId = `pay-${b.code}`;
      const spot = el("button", {
        type: "button", class: "spot-btn", dataset: { code: b.code, amount: "0" }, "aria-label": b.label, "aria-describedby": payId,
        title: lim ? `${b.label}: ${formatMoney(lim[0], page.currency)} – ${formatMoney(lim[1], page.currency)}` : b.label,
        onclick: () => page.shell.place(b.code, picker ? picker.read() : []),
      }, el("span", { class: "name" }, b.label), el("span", { class: "pay", id: payId }, b.payout ? `pays ${b.payout}` : ""),
      el("span", { class: "stack", "aria-hidden": "true" }));
      group.append(el("div", { class: "bet" }, spot, picker?.node || null));
    }
    box.append(group);
  }
}

/** The chips on each bet spot (its total over every target) and its accessible name. */
function showChips(amounts) {
  const per = new Map();
  for (const [key, v] of amounts) { const code = key.slice(0, key.indexOf(":")); per.set(code, (per.get(code) || 0) + v); }
  for (const b of document.querySelectorAll("#layout .spot-btn")) {
    const amount = per.get(b.dataset.code) || 0;
    const label = page.labels.get(b.dataset.code);
    b.dataset.amount = String(amount);
    b.querySelector(".stack").textContent = amount ? chipFace(amount, page.currency) : "";
    b.classList.toggle("has-chip", amount > 0);
    b.setAttribute("aria-label", amount ? `${label}, ${formatMoney(amount, page.currency)} on it` : label);
  }
}

function showRound(display, outcome) {
  return renderDisplay($("#stage"), display, { outcome, money: (m) => formatMoney(m, page.currency) });
}

// ------------------------------------------------------------------ single rounds
async function playSingle(body) {
  page.shell.setPhase(t("playing"));
  try {
    const r = await sendOnce((key) => api.playRound(page.desc.game, page.desc.variant, body, key));
    await showRound(r.display, r.outcome);
    page.shell.settle(r.round_id, r.outcome, r);
    if (r.balance) page.shell.setBalance(r.balance);
  } finally {
    page.shell.setPhase(t("place_then_play"));
  }
}

// ------------------------------------------------------------------ decision rounds
async function resume(game) {
  try {
    const { round } = await interactive.current(game);
    if (round) { toast("Your round in progress is back on the table.", "info"); await showDecision(round); }
  } catch (e) { toast(e.message); }
}

async function startDecision(body) {
  const view = await sendOnce((key) => interactive.start(page.desc.game, page.desc.variant, body, key));
  await showDecision(view);
}

async function act(name) {
  const v = page.round;
  if (!v || page.acting) return;
  page.acting = true;
  for (const b of document.querySelectorAll("#decisions button")) b.disabled = true;
  try {
    await showDecision(await sendOnce((key) => interactive.act(v.round_id, name, v.decision_no, key)));
  } catch (e) {
    toast(e.message);
    try { await showDecision(await interactive.get(v.round_id)); } catch { /* keep the old view */ }
  } finally {
    page.acting = false;
  }
}

async function showDecision(view) {
  page.round = view;
  const stage = $("#stage");
  stage.dataset.round = String(view.round_id);
  stage.dataset.state = view.state;
  stage.dataset.decision = String(view.decision_no);
  const open = view.state === "open";
  page.shell.locked = open; // chips and Deal wait for the round to end
  const labels = Object.fromEntries((page.desc.decisions || []).map((d) => [d.name, d.label]));
  if (view.balance) page.shell.setBalance(view.balance);
  await renderDisplay(stage, view.display, { outcome: view.table, animate: !open, money: (m) => formatMoney(m, view.currency) });
  if (open) {
    page.shell.setPhase(t("your_decision"));
    decisionButtons(view, $("#decisions"), act, labels);
    decisionTimer(page.shell.clock, view, null, async () => {
      if (page.round?.round_id !== view.round_id || page.round.decision_no !== view.decision_no) return;
      try { await showDecision(await interactive.get(view.round_id)); } catch (e) { toast(e.message); }
    });
  } else {
    page.round = null;
    page.shell.clock.stop();
    $("#decisions").replaceChildren();
    $("#default-note").textContent = "";
    page.shell.setPhase(view.state === "voided" ? t("round_voided") : t("round_over"));
    page.shell.settle(view.round_id, view.table, view);
  }
  page.shell.renderSlip();
}
