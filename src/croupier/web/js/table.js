// The roulette table on the shell (js/shell/table.js): the board and racetrack are this game's
// own layout (js/roulette/), the wheel its renderer (js/renderers/pocket.js). A live table
// (?id=<table>, docs/api.md "Shared tables"), single-player spins of any variant (?solo=<variant>,
// POST /api/rounds), or the layout alone with no server (?preview=european|american).
import { ApiError, api, token } from "./api.js";
import { chipFace, formatMoney } from "./money.js";
import { renderDisplay } from "./renderers/index.js";
import { buildBoard } from "./roulette/board.js";
import { RACETRACK_ORDER, betKey, betLabel, chipCount, colourOf, describeVariant, spotKey } from "./roulette/layout.js";
import { el } from "./shell/dom.js";
import { startPage } from "./shell/page.js";
import { BetSlip } from "./shell/slip.js";
import { BettingShell, sendOnce } from "./shell/table.js";
import { $ } from "./ui.js";

// 001 §8.14 "First Corner": the variant files with first_four = true. VariantInfo does not say,
// so the client keeps this list (see the report: an API gap).
const FIRST_FOUR = new Set(["european", "european_en_prison", "french_la_partage", "lightning"]);
// 001 §8.12: the example chip set 1, 2, 5, 10, 25, 50, 100 (times the table's smallest stake).
const CHIP_STEPS = [1, 2, 5, 10, 25, 50, 100];

const params = new URLSearchParams(location.search);
let shell = null;
let board = null;

startPage(main, { title: "Roulette" });

async function main() {
  const tableId = params.get("id") || params.get("table") || "european-eur";
  const preview = params.get("preview");
  const solo = params.get("solo");
  let table = null;
  let info = null;
  let currency = "EUR";
  let offline = false;
  try {
    if (solo) {
      info = await api.variant("roulette", solo);
      if (token()) currency = (await api.me()).player.currency;
    } else if (!preview) {
      table = await api.table(tableId);
      info = await api.variant(table.game, table.variant);
    } else {
      offline = true;
    }
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      $("#phase").textContent = solo ? `No roulette variant "${solo}".` : `No table "${tableId}".`;
      return;
    }
    offline = true;
  }
  let variant;
  let limits = null;
  if (info) {
    const codes = info.bets.map((b) => b.code);
    const payouts = Object.fromEntries(info.bets.map((b) => [b.code, b.payout]));
    for (const c of RACETRACK_ORDER) delete payouts[c];
    variant = describeVariant({
      wheel: (info.pockets || []).includes("00") ? "american" : "european",
      first_four: FIRST_FOUR.has(solo || table.variant),
      racetrack: RACETRACK_ORDER.filter((c) => codes.includes(c)),
      payouts,
      title: info.title,
    });
    if (table) currency = table.currency;
    limits = info.limits?.[currency] || null;
    const title = table ? table.name : `${info.title} · single player`;
    $("#table-title").textContent = title;
    document.title = `${title} · Croupier`;
  } else {
    variant = describeVariant({ variant: solo || preview || "european" });
    currency = params.get("currency") || "EUR";
    $("#table-title").textContent = `${variant.title} (preview)`;
  }
  const limitText = limits ? `Table limits ${formatMoney(limits.table_min_minor, currency)} – ${formatMoney(limits.table_max_minor, currency)}` : "";
  $("#table-meta").textContent = [variant.title, currency, limitText].filter(Boolean).join(" · ");

  shell = new BettingShell({
    tableId: solo || offline ? null : tableId, currency, offline, verb: solo ? "Spin" : null, spotKey,
    slip: new BetSlip({ key: betKey, label: betLabel, chips: chipCount }),
    bettingSeconds: table?.betting_seconds || 23,
    hooks: {
      showChips: (amounts) => board?.showChips(new Map([...amounts].map(([k, v]) => [k, chipFace(v, currency)]))),
      setEnabled: (on) => board?.setEnabled(on),
      onRound: (round) => {
        if (round?.state === "open") { board.markWinner(null); $("#result").textContent = ""; }
        else if (round?.outcome) { board.markWinner(pocketsOf(round.outcome)); shell.setPhase(resultText(round.outcome)); }
      },
      onResult: (m) => showResult(m.round_id, m.outcome, m.display),
      onSnapshot: (tb) => renderHistory(tb.recent || []),
      onPoll: followLatest,
      settlementText: (outcome) => outcome?.pockets?.join(" and ") ?? "",
      play: spin,
    },
  });
  // ASSUMPTION: whole drams are tiny stakes, so AMD chips start at 100 AMD (above the 1 AMD minimum)
  const unit = Math.max(limits?.table_min_minor || 10, currency === "AMD" ? 100 : 1);
  board = buildBoard($("#board"), variant, { onBet: (code, target) => shell.place(code, target) });
  shell.chips(CHIP_STEPS.map((k) => k * unit), 3);
  shell.wire();
  if (table) {
    renderHistory(table.recent || []);
    shell.applyRound(table.round, null);
  }
  if (offline) {
    board.setEnabled(true);
    shell.setPhase("Preview: not connected to a table");
  } else if (solo) {
    board.setEnabled(true);
    shell.setPhase(token() ? "Place your bets, then spin" : "Log in to play");
    $(".countdown").hidden = true;
    if (token()) await shell.refreshBalance();
    else $("#confirm-hint").append(el("a", { href: "/account.html" }, "Log in"), " to play.");
  } else if (token()) {
    await shell.refreshBalance();
    await shell.restoreAccepted();
    shell.follow();
  } else {
    // The table WebSocket needs a session (docs/api.md): a guest follows the table by polling.
    $("#confirm-hint").append("You are watching. ", el("a", { href: "/account.html" }, "Log in"), " to bet.");
    shell.follow();
  }
  shell.renderSlip();
}

async function spin(body) {
  shell.setPhase("Spinning…");
  try {
    const r = await sendOnce((key) => api.playRound("roulette", params.get("solo"), body, key));
    await showResult(r.round_id, r.outcome, r.display);
    shell.settle(r.round_id, r.outcome, r);
    if (r.balance) shell.setBalance(r.balance);
  } catch (e) {
    shell.setPhase("Place your bets, then spin");
    throw e;
  }
}

/** The wheel turns and the ball lands (skippable), then the board marks the winning numbers. */
async function showResult(roundId, outcome, display) {
  const pockets = (outcome?.pockets || []).map(String);
  await renderDisplay($("#wheel"), display || { kind: "pocket", pockets, colours: pockets.map((p) => colourOf(p === "00" ? "00" : Number(p))), headline: pockets.join(" and ") }, { outcome });
  board.markWinner(pocketsOf(outcome));
  addHistory(outcome, roundId);
  shell.setPhase(resultText(outcome));
  $("#result").dataset.round = String(roundId);
}

let lastResult = null;
/** A guest polling the table: the newest result once it is in. */
function followLatest(tb) {
  const latest = (tb.recent || [])[0];
  if (!latest || latest.round_id === lastResult) return;
  if (lastResult !== null && tb.round?.state !== "open") {
    board.markWinner(pocketsOf(latest.outcome));
    shell.setPhase(resultText(latest.outcome));
  }
  lastResult = latest.round_id;
  renderHistory(tb.recent);
}

function renderHistory(recent) {
  $("#history").replaceChildren();
  for (const r of recent.slice(0, 20)) addHistory(r.outcome, r.round_id, false);
}

function addHistory(outcome, roundId, prepend = true) {
  if (!outcome || !outcome.pockets) return;
  const ol = $("#history");
  if (roundId && ol.querySelector(`[data-round="${roundId}"]`)) return;
  for (const p of outcome.pockets) {
    const c = colourOf(p === "00" ? "00" : Number(p));
    const li = el("li", { class: c, dataset: { round: String(roundId ?? "") }, "aria-label": `${p} ${c}` }, String(p));
    if (prepend) ol.prepend(li); else ol.append(li);
  }
  while (ol.children.length > 20) ol.lastChild.remove();
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
