// The game-show table pages (issue 18): dreamcatcher.html?table=ID and crazytime.html?table=ID
// (the game is the page's body[data-game]). The bets come from the engine's description, the rest
// is the shared shell: chips, slip, countdown and the table's events (js/shell/table.js). The
// wheel is drawn by the segment renderer; Crazy Time's bonus stage (Top Slot, Cash Hunt wall,
// Pachinko, Coin Flip, the bonus wheel) and its decision window (the pick with its countdown, for
// the players who bet on the bonus; everyone else watches) are js/shows/bonus.js.
import { ApiError, api, token } from "../api.js";
import { chipFace, formatMoney, learnExponent } from "../money.js";
import { renderDisplay } from "../renderers/index.js";
import { loadDescription } from "../shell/describe.js";
import { el } from "../shell/dom.js";
import { applyStrings, t } from "../shell/i18n.js";
import { startPage } from "../shell/page.js";
import { mountPanel } from "../shell/panel.js";
import { mountFair, mountRules } from "../shell/panels.js";
import { BetSlip } from "../shell/slip.js";
import { BettingShell } from "../shell/table.js";
import { $ } from "../ui.js";
import { BonusStage } from "./bonus.js";

const params = new URLSearchParams(location.search);
const GAME = document.body.dataset.game;
const TITLES = { dream_catcher: "Dream Catcher", crazy_time: "Crazy Time" };
const page = { shell: null, desc: null, currency: "EUR", bonus: null };

startPage(main, { title: TITLES[GAME] || "Game show", panel: false });

const spotKey = (code) => code;

function spot(bet, onPlace) {
  return el("button", {
    type: "button", class: "spot-btn show-spot", dataset: { code: bet.code, target: "[]", amount: "0", key: bet.code, group: bet.group || "" },
    "aria-label": bet.label || bet.code, onclick: () => onPlace(bet.code, []),
  }, el("span", { class: "name" }, bet.label || bet.code), el("span", { class: "pay" }, bet.payout || ""),
  el("span", { class: "stack", "aria-hidden": "true" }));
}

function showChips(amounts) {
  for (const b of document.querySelectorAll("#layout .spot-btn")) {
    const amount = amounts.get(b.dataset.key) || 0;
    const label = b.querySelector(".name").textContent;
    b.dataset.amount = String(amount);
    b.querySelector(".stack").textContent = amount ? chipFace(amount, page.currency) : "";
    b.classList.toggle("has-chip", amount > 0);
    b.setAttribute("aria-label", amount ? `${label}, ${formatMoney(amount, page.currency)} on it` : label);
  }
}

async function main() {
  const tableId = params.get("table");
  let tb = null;
  if (tableId) {
    try { tb = await api.table(tableId); } catch (e) {
      $("#phase").textContent = e instanceof ApiError && e.status === 404 ? `No table "${tableId}".` : `Could not load the table: ${e.message}`;
      return;
    }
  }
  const variant = tb?.variant || params.get("variant") || "standard";
  let desc;
  try {
    desc = await loadDescription(GAME, variant);
  } catch (e) {
    $("#phase").textContent = `Could not load the game: ${e.message}`;
    return;
  }
  page.desc = desc;
  for (const [c, info] of Object.entries(desc.currencies || {})) learnExponent(c, info.exponent);
  page.currency = tb?.currency || page.currency;
  $("#table-title").textContent = tb?.name || desc.title;
  document.title = `${desc.title} · Croupier`;
  mountRules($("#rules"), desc);
  mountPanel($("#panel"), { verb: "place_bets" });
  const box = $("#layout");
  box.replaceChildren(el("legend", { class: "visually-hidden" }, `${desc.title} bets`));
  if (!tableId) {
    $("#phase").textContent = "Pick a table in the lobby to play.";
    $("#links").append(" ", el("a", { href: "/index.html#tables" }, "Tables"), " · ",
      el("a", { href: `/game.html?game=${encodeURIComponent(GAME || "")}&variant=${encodeURIComponent(variant)}` }, "Single rounds"));
    $("#countdown").parentElement.hidden = true;
    mountFair($("#fair"));
    applyStrings();
    return;
  }
  const cur = desc.currencies?.[page.currency];
  const lim = cur ? `${formatMoney(cur.min_minor, page.currency)} – ${formatMoney(cur.max_minor, page.currency)}` : "";
  $("#table-meta").textContent = [page.currency, lim].filter(Boolean).join(" · ");
  const slip = new BetSlip({ label: (code) => desc.bets.find((b) => b.code === code)?.label || code });
  page.bonus = new BonusStage($("#bonus"), {
    currency: page.currency,
    onWheel: (display) => renderDisplay($("#stage"), display, { money: (x) => formatMoney(x, page.currency) }),
  });
  const shell = new BettingShell({
    tableId, currency: page.currency, slip,
    maxOf: (code) => desc.bets.find((b) => b.code === code)?.limits?.[page.currency]?.[1],
    spotKey,
    hooks: {
      showChips,
      setEnabled: (on) => $("#layout").toggleAttribute("disabled", !on),
      onResult: (m) => showRound(m).then(() => shell.setPhase(m.display?.headline || t("result"))),
      onRound: (r) => { if (r?.state === "open") { $("#stage").replaceChildren(); page.bonus.clear(); } },
    },
  });
  page.shell = shell;
  const groups = {};
  for (const b of desc.bets) (groups[b.group || "bets"] ||= []).push(b);
  for (const [name, bets] of Object.entries(groups)) {
    box.append(el("div", { class: "show-row", role: "group", "aria-label": name, dataset: { group: name } },
      ...bets.map((b) => spot(b, (code, target) => shell.place(code, target)))));
  }
  shell.chips(cur?.chips_minor || [100, 200, 500, 1000], 0);
  shell.wire();
  // the bonus window's events come on the same socket as the round's
  const base = shell.onEvent.bind(shell);
  shell.onEvent = (m) => {
    base(m);
    if (m.type === "bonus_window") page.bonus.openWindow(m, m.round_id);
    else if (m.type === "bonus_pick") page.bonus.progress(m);
  };
  applyStrings();
  shell.bettingSeconds = tb.betting_seconds || 23;
  mountFair($("#fair"), { hash: tb.round?.server_seed_hash });
  shell.applyRound(tb.round, null);
  if (token()) {
    await shell.refreshBalance();
    await shell.restoreAccepted();
    await page.bonus.resume(tableId); // a window open when the page (re)loads
  } else $("#confirm-hint").textContent = "You are watching. Log in to bet.";
  shell.follow();
  shell.renderSlip();
}

async function showRound(m) {
  page.bonus.closeWindow();
  await renderDisplay($("#stage"), m.display, { outcome: m.outcome, money: (x) => formatMoney(x, page.currency) });
  if (GAME === "crazy_time") page.bonus.showOutcome(m.outcome);
}
