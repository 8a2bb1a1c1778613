// crash.html?id=TABLE: a Crash or Rocketon table (issue 17, docs/crash.md). The round's phases
// come from the server (GET /api/crash/tables/{id} and the table's WebSocket: crash_opened,
// crash_running, crash_crashed - the crash is public -, crash_settled - the round is closed -,
// crash_cash_out - a player's or the server's auto cash-out -); the multiplier is drawn from the
// table's curve and the server's clock (js/crash/curve.js), but the server's receive time decides a
// cash-out. A cash-out is credited when the server accepts it and an auto cash-out when the server
// executes it at its target, so the balance is re-read then, not at the crash.
import "./strings.js";
import { ApiError, api, openTableSocket, request, token } from "../api.js";
import { formatMoney, parseMajor } from "../money.js";
import { el } from "../shell/dom.js";
import { showBalance } from "../shell/figures.js";
import { applyStrings, t } from "../shell/i18n.js";
import { startPage } from "../shell/page.js";
import { $, toast } from "../ui.js";
import { mountAutobet } from "./autobet.js";
import { drawCurve, fmt, hundredthsAt } from "./curve.js";
import { addCashOut, renderHistory } from "./history.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("id") || "crash-eur";
const page = { state: null, offset: 0, mine: null, currency: "EUR", lastHistory: "", autobet: null, autobetRunning: false };

startPage(main, { title: "Crash", panel: { chips: false, verb: "crash_bet" } });

const serverNow = () => Date.now() + page.offset;

async function main() {
  $("#slip")?.previousElementSibling?.remove();
  $("#slip")?.remove();
  try {
    await refresh();
  } catch (e) {
    $("#phase").textContent = e instanceof ApiError && e.status === 404 ? `No crash table "${tableId}".` : `Could not load the table: ${e.message}`;
    return;
  }
  const s = page.state;
  page.currency = s.currency;
  $("#table-title").textContent = s.game === "rocketon" ? "Rocketon" : "Crash";
  document.title = `${$("#table-title").textContent} · Croupier`;
  $("#table-meta").textContent = `${s.variant.replace(/_/g, " ")} · ${s.currency}`;
  $("#half-out").hidden = !s.curve.half_cash_out;
  const follow = mountAutobet($("#autobet"), tableId, { ...s.curve, currency: s.currency });
  $("#confirm").addEventListener("click", bet);
  $("#cash-out").addEventListener("click", () => cashOut(false));
  $("#half-out").addEventListener("click", () => cashOut(true));
  applyStrings();
  requestAnimationFrame(frame);
  setInterval(() => refresh().catch(() => {}), 1500); // a missed message never leaves the page stale
  if (!token()) {
    $("#confirm").disabled = true;
    $("#confirm-hint").append(el("a", { href: "/account.html" }, "Log in"), " to play.");
    return;
  }
  await refreshBalance();
  page.autobet = follow;
  $("#autobet-start").addEventListener("click", () => { page.autobetRunning = true; });
  followAutobet();
  openTableSocket(tableId, onMessage);
}

/** The server's AUTOBET rounds for this player: the session's state and the balance they moved. */
async function followAutobet() {
  if (!page.autobet) return;
  try {
    const was = page.autobetRunning;
    page.autobetRunning = await page.autobet();
    if (was || page.autobetRunning) await refreshBalance();
  } catch (e) { /* not logged in any more, or the server is away: the next round tries again */ }
}

async function refresh() {
  const s = await request("GET", `/api/crash/tables/${encodeURIComponent(tableId)}`, undefined, { auth: false });
  apply(s);
}

async function refreshBalance() {
  try { showBalance(await api.wallet(), page.currency); } catch (e) { toast(e.message); }
}

function apply(s) {
  const before = page.state?.round;
  const order = ["betting", "running", "resulted", "settled", "voided"];
  if (before && s.round && (s.round.round_id < before.round_id || (s.round.round_id === before.round_id
      && order.indexOf(s.round.phase) < order.indexOf(before.phase)))) return; // a late, older answer
  if (s.server_time) page.offset = Date.parse(s.server_time) - Date.now();
  page.state = s;
  const r = s.round;
  const stage = $("#stage");
  const phase = r ? (r.phase === "settled" || r.phase === "resulted" ? "crashed" : r.phase) : "";
  if (r && before && before.round_id < r.round_id) {  // the last round's cash-outs stay, older ones go
    for (const li of $("#others").querySelectorAll("li")) if (Number(li.dataset.round) < before.round_id) li.remove();
  }
  stage.dataset.phase = phase;
  stage.dataset.round = r ? String(r.round_id) : "";
  if (page.mine && page.mine.queued && r && phase === "betting" && page.mine.queuedAt !== r.round_id) {
    Object.assign(page.mine, { round_id: r.round_id, number: r.number, queued: false });
    showMine("bet");
  }
  if (phase === "crashed" && r) {
    stage.dataset.crash = r.crash || "";
    if (page.mine && page.mine.round_id === r.round_id && !page.mine.settled) {
      // the crash is public when the round is resulted; its plays are paid when it is settled
      if (!page.mine.cashed) showMine(page.mine.auto && Number(r.crash) >= Number(page.mine.auto) ? "auto" : "lost");
      if (r.phase === "settled") {
        page.mine.settled = true;
        $("#mine").dataset.settled = "true";
        refreshBalance();
      }
    }
  }
  const key = (s.history || []).map((h) => h.round_id).join(",");
  if (key !== page.lastHistory) {
    page.lastHistory = key;
    renderHistory($("#crash-history"), $("#verify-help"), s);
  }
  controls();
}

function onMessage(msg) {
  if (msg.type === "crash_cash_out") { addCashOut($("#others"), msg); return; }
  if (typeof msg.type === "string" && msg.type.startsWith("crash_") && msg.round !== undefined) {
    // a broadcast carries one history row: keep the page's longer list until the next poll
    apply({ ...msg, history: page.state?.history ?? [] });
    if (msg.type === "crash_crashed" || msg.type === "crash_settled") refresh().catch(() => {});
    if (msg.type === "crash_settled" || msg.type === "crash_opened") followAutobet();
  }
}

function controls() {
  const r = page.state?.round;
  const running = r?.phase === "running";
  const mine = page.mine && r && page.mine.round_id === r.round_id ? page.mine : null;
  $("#cash-out").disabled = !(running && mine && !mine.cashed && !mine.autoSeen);
  $("#half-out").disabled = !(running && mine && !mine.cashed && !mine.autoSeen && !mine.half);
}

function frame() {
  const s = page.state;
  const r = s?.round;
  const box = $("#multiplier");
  if (r && s.curve) {
    if (r.phase !== "betting") $("#countdown").textContent = "–";
    if (r.phase === "running" && r.started_at) {
      const ms = serverNow() - Date.parse(r.started_at);
      const h = hundredthsAt(s.curve, ms);
      box.textContent = `x${fmt(h)}`;
      drawCurve($("#curve"), s.curve, ms, false);
      autoReached(r, h);
    } else if (r.crash) {
      box.textContent = t("crash_crashed", { m: r.crash });
    } else if (r.phase === "betting" && r.closes_at) {
      const left = Math.max(0, (Date.parse(r.closes_at) - serverNow()) / 1000);
      box.textContent = t("crash_betting", { s: left.toFixed(1) });
      $("#countdown").textContent = String(Math.ceil(left));
      drawCurve($("#curve"), s.curve, 0, false);
    }
    $("#phase").textContent = r.phase === "running" ? t("crash_running") : r.crash ? t("crash_crashed", { m: r.crash }) : t("place_your_bets");
  }
  requestAnimationFrame(frame);
}

/** The multiplier reached my bet's auto target: the server executes and credits it within a tick
 * (the round's crash below the target, if the display ran ahead, corrects this to "lost"). */
function autoReached(r, h) {
  const mine = page.mine;
  if (!mine || mine.round_id !== r.round_id || !mine.auto || mine.cashed || mine.autoSeen) return;
  if (h < Math.round(Number(mine.auto) * 100)) return;
  mine.autoSeen = true;
  showMine("auto");
  setTimeout(refreshBalance, 250);
  controls();
}

function showMine(state, at) {
  const m = $("#mine");
  const mine = page.mine;
  m.dataset.state = state;
  m.dataset.round = String(mine.round_id ?? "");
  if (at) m.dataset.at = at;
  const auto = mine.auto ? t("crash_auto_at", { m: mine.auto }) : "";
  const head = t("crash_your_bet", { amount: formatMoney(mine.stake_minor, page.currency), n: mine.number ?? "…", auto });
  const tail = { queued: t("crash_next"), cashed: t("crash_cashed", { m: at }), half: t("crash_half_done", { m: at }),
    lost: t("crash_lost"), auto: t("crash_cashed", { m: mine.auto }) }[state] || "";
  m.textContent = tail ? `${head} · ${tail}` : head;
}

async function bet() {
  const stake = $("#stake").value.trim();
  const auto = $("#auto").value.trim() || null;
  const stakeMinor = parseMajor(stake, page.currency);
  if (stakeMinor === null) { toast(`Not an amount: ${stake}`); return; }
  $("#confirm").disabled = true;
  try {
    const out = await request("POST", `/api/crash/tables/${encodeURIComponent(tableId)}/bets`, { stake, auto_cash_out: auto, next_round: true });
    $("#mine").dataset.settled = "";
    delete $("#mine").dataset.at;
    if (out.queued !== undefined) {
      page.mine = { queued: true, queuedAt: page.state?.round?.round_id, stake_minor: stakeMinor, auto };
      showMine("queued");
    } else {
      page.mine = { round_id: out.round_id, number: page.state?.round?.number, stake_minor: stakeMinor, auto };
      showMine("bet");
      if (out.balance) showBalance(out.balance, page.currency);
    }
  } catch (e) {
    toast(e.message);
  } finally {
    $("#confirm").disabled = false;
    controls();
  }
}

async function cashOut(half) {
  const mine = page.mine;
  if (!mine) return;
  try {
    const out = await request("POST", `/api/crash/rounds/${mine.round_id}/cash-out`, { bet: 0, half });
    if (half) mine.half = true; else mine.cashed = true;
    showMine(half ? "half" : "cashed", out.at);
    refreshBalance();  // credited by the same transaction that accepted it
  } catch (e) {
    toast(e.message);
    $("#mine").dataset.refused = String(mine.round_id);
  }
  controls();
}
