// slot.html?variant=V: the slot page (issue 15 point 5) on the shell. The spin is a decision
// round (/api/interactive: the paid spin and its free spins dealt at once, then collect or
// gamble after a win); the reels through the shell's `reels` renderer with the winning lines
// marked and the free spins played under their counter (js/slot/reels.js); the gamble card
// screen (js/slot/gamble.js); autoplay (js/slot/autoplay.js); the session's elapsed time and net
// position (js/slot/session.js).
import "./strings.js";
import { ApiError, api, request, token } from "../api.js";
import { formatMoney, learnExponent, toMajorString } from "../money.js";
import { Countdown, decisionTimer, interactive } from "../shell/decision.js";
import { loadDescription } from "../shell/describe.js";
import { el } from "../shell/dom.js";
import { showAmount, showBalance, showSettlement } from "../shell/figures.js";
import { applyStrings, t } from "../shell/i18n.js";
import { startPage } from "../shell/page.js";
import { mountFair, mountRules } from "../shell/panels.js";
import { sendOnce } from "../shell/table.js";
import { $, toast } from "../ui.js";
import { mountAutoplay } from "./autoplay.js";
import { mountRing, showBonus } from "./bonus.js";
import { renderGamble } from "./gamble.js";
import { displayOf, playRound } from "./reels.js";
import { SlotSession } from "./session.js";

const params = new URLSearchParams(location.search);
const page = { desc: null, currency: "EUR", round: null, acting: false, busy: false, session: null, clock: new Countdown(), gamble: { part: "all" } };

startPage(main, { title: "Slot", panel: { chips: false, verb: "slot_spin" } });

async function main() {
  const variant = params.get("variant") || "amber_caravan";
  let desc;
  try {
    desc = await loadDescription("slot", variant);
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? `No slot "${variant}".` : `Could not load the game: ${e.message}`;
    return;
  }
  page.desc = desc;
  for (const [c, info] of Object.entries(desc.currencies || {})) learnExponent(c, info.exponent);
  if (token()) { try { page.currency = (await api.me()).player.currency; } catch { /* logged out */ } }
  else page.currency = "EUR" in (desc.currencies || {}) ? "EUR" : Object.keys(desc.currencies || {})[0] || "EUR";
  $("#table-title").textContent = desc.title;
  document.title = `${desc.title} · Croupier`;
  $("#table-meta").textContent = [desc.variant_title, page.currency].filter(Boolean).join(" · ");
  // the shell's panel without a bet slip: a spin is one bet
  $("#slip")?.previousElementSibling?.remove();
  $("#slip")?.remove();
  page.session = new SlotSession($("#panel").appendChild(el("div", { class: "session", id: "session" })), page.currency);
  mountRules($("#rules"), desc);
  mountFair($("#fair"));
  layControls(desc);
  mountRing($("#bonus"), desc.outcome.bonus, Object.fromEntries((desc.outcome.symbols || []).map((s) => [s.code, s])));
  mountAutoplay($("#autoplay"), {
    variant, currency: () => page.currency, bet: spinBet, poll: refreshBalance,
    busy: (on) => { page.busy = on; lock(); },
    done: (r) => { page.session.add(r.net_minor); showAmount("#last-win", null, page.currency); },
  });
  $("#confirm").addEventListener("click", spin);
  applyStrings();
  if (!token()) {
    $("#phase").textContent = t("log_in_to_play");
    $("#confirm-hint").append(el("a", { href: "/account.html" }, "Log in"), " to play.");
    $("#confirm").disabled = true;
    return;
  }
  $("#phase").textContent = t("place_then_play");
  await refreshBalance();
  try {
    const { round } = await interactive.current("slot");
    if (round) { toast("Your round in progress is back on the reels.", "info"); await showView(round, false); }
  } catch (e) { toast(e.message); }
}

// ------------------------------------------------------------------ the bet
function spinBet() {
  const units = spinUnits();
  const stake = Number($("#line-bet").value) * units;
  return { code: "spin", stake: toMajorString(stake, page.currency), target: page.desc.outcome.mode === "lines" ? [units] : [] };
}

function spinUnits() {
  if (page.desc.outcome.mode !== "lines") return page.spin.target.units;
  const n = Number($("#lines").value);
  return Number.isInteger(n) && n >= 1 && n <= page.spin.target.max ? n : page.spin.target.max;
}

function showTotal() {
  showAmount("#total-bet", Number($("#line-bet").value) * spinUnits(), page.currency);
}

function layControls(desc) {
  const spin = desc.bets.find((b) => b.code === "spin");
  page.spin = spin;
  const steps = spin.target.line_bets?.[page.currency] || [];
  const lines = desc.outcome.mode === "lines";
  const select = el("select", { id: "line-bet" }, ...steps.map((s) => el("option", { value: String(s) }, formatMoney(s, page.currency))));
  const label = lines ? "slot_line_bet" : "slot_coin";
  const box = $("#layout");
  box.replaceChildren(el("legend", { "data-i18n": "layout" }, t("layout")),
    el("div", { class: "slot-field" }, el("label", { for: "line-bet", "data-i18n": label }, t(label)), select));
  if (lines) {
    box.append(el("div", { class: "slot-field" }, el("label", { for: "lines", "data-i18n": "slot_lines" }, t("slot_lines")),
      el("input", { type: "number", id: "lines", min: "1", max: String(spin.target.max), step: "1", value: String(spin.target.max), inputmode: "numeric" })));
    $("#lines").addEventListener("input", showTotal);
  }
  select.addEventListener("change", showTotal);
  showTotal();
}

async function refreshBalance() {
  try { showBalance(await api.wallet(), page.currency); } catch (e) { toast(e.message); }
}

/** Spin and autoplay wait while a round is open or a series runs. */
function lock() {
  const open = page.round?.state === "open";
  $("#confirm").disabled = page.busy || open || page.acting || !token();
  $("#auto-start").disabled = page.busy || open;
  $("#layout").toggleAttribute("disabled", page.busy || open);
}

// ------------------------------------------------------------------ rounds
async function spin() {
  if (page.acting || page.busy) return;
  page.acting = true;
  lock();
  $("#phase").textContent = t("playing");
  try {
    const view = await sendOnce((key) => interactive.start("slot", page.desc.variant, [spinBet()], key));
    page.acting = false;
    await showView(view, true);
  } catch (e) {
    toast(e.message);
    $("#phase").textContent = t("place_then_play");
  } finally {
    page.acting = false;
    lock();
  }
}

async function act(name, args) {
  const v = page.round;
  if (!v || page.acting) return;
  page.acting = true;
  for (const b of document.querySelectorAll("#gamble button")) b.disabled = true;
  try {
    const body = { action: name, args, decision_no: v.decision_no };
    await showView(await sendOnce((key) => request("POST", `/api/interactive/${v.round_id}/actions`, body, { key })), false);
  } catch (e) {
    toast(e.message);
    try { await showView(await interactive.get(v.round_id), false); } catch { /* keep the old view */ }
  } finally {
    page.acting = false;
    lock();
  }
}

async function showView(view, animate) {
  const fresh = page.round?.round_id !== view.round_id;
  page.round = view;
  const stage = $("#stage");
  Object.assign(stage.dataset, { round: String(view.round_id), state: view.state, decision: String(view.decision_no) });
  if (view.balance) showBalance(view.balance, page.currency);
  lock();
  if (fresh || view.state !== "open") {
    const shapes = page.desc.outcome.lines || [];
    const display = displayOf(view, shapes);
    showBonus($("#bonus"), null, view.currency);
    await playRound(stage, $("#free-spins"), display, {
      shapes, currency: view.currency, animate,
      roles: Object.fromEntries((page.desc.outcome.symbols || []).map((s) => [s.code, s])),
    });
    showBonus($("#bonus"), display.bonus, view.currency); // 000 §12.17
  }
  const box = $("#gamble");
  if (view.state === "open") {
    $("#phase").textContent = t("your_decision");
    box.hidden = false;
    renderGamble(box, view, act, page.gamble);
    $("#default-note").textContent = view.default_action ? t("if_timeout", { action: (page.desc.decisions || []).find((d) => d.name === view.default_action)?.label || view.default_action }) : "";
    decisionTimer(page.clock, view, null, async () => {
      if (page.round?.round_id !== view.round_id || page.round.decision_no !== view.decision_no) return;
      try { await showView(await interactive.get(view.round_id), false); } catch (e) { toast(e.message); }
    });
  } else {
    page.round = null;
    page.clock.stop();
    box.hidden = true;
    box.replaceChildren();
    $("#default-note").textContent = "";
    $("#phase").textContent = view.state === "voided" ? t("round_voided") : t("round_over");
    if (view.state === "settled") {
      showSettlement(view.round_id, view, view.currency, view.display?.headline || "");
      page.session.add(view.net_minor);
    }
    await refreshBalance();
  }
  lock();
}
