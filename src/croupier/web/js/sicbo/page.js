// The Sic Bo table page (000 §12.25): sicbo.html?variant=V[&table=ID][&view=simple].
// The board is js/sicbo/board.js (the full layout, or the simplified version with its dice
// panel); the rest is the shared shell: chips, slip, countdown and the table's events
// (js/shell/table.js), single rounds (POST /api/rounds) when no table is named, and the round
// drawn by the dice renderer. Super and Mega Sic Bo show their struck positions in the result.
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
import { BettingShell, sendOnce } from "../shell/table.js";
import { $ } from "../ui.js";
import { fullBoard, showChips, simpleBoard, spotKey, spotLabel } from "./board.js";

const params = new URLSearchParams(location.search);
const page = { shell: null, desc: null, currency: "EUR" };

startPage(main, { title: "Sic Bo", panel: false });

async function main() {
  const variant = params.get("variant") || "classic";
  const simple = params.get("view") === "simple";
  let desc;
  try {
    desc = await loadDescription("sicbo", variant);
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? `No Sic Bo variant "${variant}".` : `Could not load the game: ${e.message}`;
    return;
  }
  page.desc = desc;
  for (const [c, info] of Object.entries(desc.currencies || {})) learnExponent(c, info.exponent);
  if (token()) { try { page.currency = (await api.me()).player.currency; } catch { /* logged out */ } }
  const tableId = params.get("table");
  document.body.dataset.mode = tableId ? "table" : "single";
  document.body.dataset.view = simple ? "simple" : "full";
  $("#table-title").textContent = `${desc.title}${simple ? " (simplified)" : ""}`;
  document.title = `${desc.title} · Croupier`;
  const cur = desc.currencies?.[page.currency];
  const lim = cur ? `${formatMoney(cur.min_minor, page.currency)} – ${formatMoney(cur.max_minor, page.currency)}` : "";
  $("#table-meta").textContent = [page.currency, lim].filter(Boolean).join(" · ");
  const other = new URLSearchParams(params);
  if (simple) other.delete("view"); else other.set("view", "simple");
  $("#links").append(" ", el("a", { href: `/sicbo.html?${other}`, id: "switch-view" }, simple ? "Full board" : "Simplified version"));
  mountRules($("#rules"), desc);
  mountPanel($("#panel"), { verb: tableId ? "place_bets" : "play" });
  const slip = new BetSlip({ label: spotLabel });
  const shell = new BettingShell({
    tableId, currency: page.currency, slip, verb: tableId ? null : t("play"),
    maxOf: (code) => desc.bets.find((b) => b.code === code)?.limits?.[page.currency]?.[1],
    spotKey,
    hooks: {
      showChips: (amounts) => showChips(amounts, (m) => chipFace(m, page.currency)),
      setEnabled: (on) => $("#layout").toggleAttribute("disabled", !on),
      play: playSingle,
      onResult: (m) => showRound(m.display, m.outcome).then(() => shell.setPhase(m.display?.headline || t("result"))),
      onRound: (r) => { if (r?.state === "open") $("#stage").replaceChildren(); },
    },
  });
  page.shell = shell;
  // §12.25 simplified version: one option per "Bet" press (a new option replaces the unsent one)
  const place = (code, target) => { if (simple) slip.clear(); shell.place(code, target); };
  const box = $("#layout");
  box.replaceChildren(el("legend", { class: "visually-hidden" }, "Sic Bo board"));
  (simple ? simpleBoard : fullBoard)(box, desc, place);
  shell.chips(cur?.chips_minor || [100, 200, 500, 1000], 0);
  shell.wire();
  applyStrings();
  if (tableId) {
    const tb = await api.table(tableId);
    shell.bettingSeconds = tb.betting_seconds || 23;
    mountFair($("#fair"), { hash: tb.round?.server_seed_hash });
    shell.applyRound(tb.round, null);
    if (token()) { await shell.refreshBalance(); await shell.restoreAccepted(); }
    else $("#confirm-hint").textContent = "You are watching. Log in to bet.";
    shell.follow();
  } else {
    mountFair($("#fair"));
    $("#countdown").parentElement.hidden = true;
    if (!token()) {
      shell.setPhase(t("log_in_to_play"));
      $("#confirm-hint").append(el("a", { href: "/account.html" }, "Log in"), " to play.");
    } else {
      shell.setPhase(t("place_then_play"));
      await shell.refreshBalance();
    }
  }
  shell.renderSlip();
}

function showRound(display, outcome) {
  return renderDisplay($("#stage"), display, { outcome, money: (m) => formatMoney(m, page.currency) });
}

async function playSingle(body) {
  page.shell.setPhase(t("playing"));
  try {
    const r = await sendOnce((key) => api.playRound("sicbo", page.desc.variant, body, key));
    await showRound(r.display, r.outcome);
    page.shell.settle(r.round_id, r.outcome, r);
    if (r.balance) page.shell.setBalance(r.balance);
  } finally {
    page.shell.setPhase(t("place_then_play"));
  }
}
