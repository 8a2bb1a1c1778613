// Table management on the dealer console (issue 16, part 6; docs/live.md): the table's limits
// changed from its next round (floor manager or operator; refused for a round already opened) and
// the game disabled on every table (operator; GLI-19 4.15: rounds in progress finish, new rounds
// and bets are refused with the reason shown to players) or enabled again. Every text from the
// server goes in with textContent; no inline script or handler (CSP script-src 'self').
import { request } from "../api.js";
import { $, toast } from "../ui.js";

const POLL_MS = 1500;
let table = null;

const tableId = () => $("#table-select")?.value || new URLSearchParams(location.search).get("table");

function limitsText(l) {
  if (!l) return "the variant's";
  return [l.min_bet && `min ${l.min_bet}`, l.max_bet && `max ${l.max_bet}`, l.round_max && `round max ${l.round_max}`]
    .filter(Boolean).join(", ") || "the variant's";
}

function render() {
  if (!table) return;
  $("#limits-line").textContent = `Limits now: ${limitsText(table.table_limits)}`
    + (table.next_table_limits ? ` · from the next round: ${limitsText(table.next_table_limits)} (${table.next_table_limits.reason})` : "");
  $("#game-line").textContent = table.game_disabled
    ? `${table.game} is disabled on every table: ${table.game_disabled_reason}`
    : `${table.game} is enabled.`;
  $("#game-disable").disabled = !!table.game_disabled;
  $("#game-enable").disabled = !table.game_disabled;
}

async function refresh() {
  const id = tableId();
  if (!id) return;
  try {
    table = await request("GET", `/api/tables/${encodeURIComponent(id)}`, undefined, { auth: false });
    render();
  } catch { /* the next poll will tell */ }
}

async function act(fn, done) {
  try {
    await fn();
    toast(done, "info");
  } catch (e) {
    toast(e.message || String(e));
  }
  await refresh();
}

function start() {
  const id = () => encodeURIComponent(tableId());
  $("#limits-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const value = (sel) => $(sel).value.trim() || null;
    act(() => request("POST", `/api/live/tables/${id()}/limits`, {
      min_bet: value("#limit-min"), max_bet: value("#limit-max"), round_max: value("#limit-round"),
      reason: $("#limit-reason").value,
    }), "limits change from the next round");
  });
  $("#game-disable").addEventListener("click", () => act(() => request("POST",
    `/api/live/games/${encodeURIComponent(table.game)}/status`,
    { disabled: true, reason: $("#game-reason").value || null }), "game disabled on every table"));
  $("#game-enable").addEventListener("click", () => act(() => request("POST",
    `/api/live/games/${encodeURIComponent(table.game)}/status`,
    { disabled: false, reason: $("#game-reason").value || null }), "game enabled"));
  $("#table-select")?.addEventListener("change", refresh);
  refresh();
  setInterval(refresh, POLL_MS);
}

start();
