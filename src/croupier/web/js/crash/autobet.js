// AUTOBET (000 §12.20; Rocketon's auto mode §12.26): the server bets for the player every round
// (POST /api/crash/tables/{id}/autobet, .../autobet/stop), connected or not; the page follows the
// session (GET the same path) after every round: rounds played, total bet, next bet, why it stopped.
import { request } from "../api.js";
import { formatMoney } from "../money.js";
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import { toast } from "../ui.js";

export function mountAutobet(box, tableId, curve) {
  const field = (key, id, value) => el("label", {}, el("span", { "data-i18n": key }, t(key)), " ",
    el("input", { id, value, inputmode: "decimal", autocomplete: "off" }));
  const choice = (key, id) => el("label", {}, el("span", { "data-i18n": key }, t(key)), " ",
    el("select", { id }, el("option", { value: "base" }, "base"),
      ...(curve.autobet ? [el("option", { value: "double" }, "double")] : [])));
  const status = el("p", { class: "hint", id: "autobet-status", role: "status" });
  const start = el("button", { type: "button", id: "autobet-start", "data-i18n": "crash_start" }, t("crash_start"));
  const stop = el("button", { type: "button", id: "autobet-stop", "data-i18n": "crash_stop" }, t("crash_stop"));
  box.replaceChildren(el("summary", { "data-i18n": "crash_autobet" }, t("crash_autobet")),
    field("crash_base", "ab-base", "1.00"), field("crash_limit", "ab-limit", "10.00"),
    field("crash_auto", "ab-auto", curve.min_auto), choice("crash_after_win", "ab-win"),
    choice("crash_after_loss", "ab-loss"), el("div", { class: "actions" }, start, stop), status);
  const path = `/api/crash/tables/${encodeURIComponent(tableId)}/autobet`;
  const show = (r) => {
    if (!r) return;
    Object.assign(status.dataset, { status: r.status, rounds: String(r.rounds), total: String(r.total_minor),
      next: String(r.next_bet_minor), reason: r.stop_reason || "" });
    const reason = r.stop_reason ? ` (${r.stop_reason})` : "";
    status.textContent = `${r.status}${reason} · ${t("crash_rounds")} ${r.rounds} · ${t("crash_total")} ${formatMoney(r.total_minor, curve.currency)}`
      + (r.status === "running" ? ` · ${t("crash_next_bet")} ${formatMoney(r.next_bet_minor, curve.currency)}` : "");
  };
  start.addEventListener("click", async () => {
    try {
      show(await request("POST", path, {
        base: box.querySelector("#ab-base").value.trim(), limit: box.querySelector("#ab-limit").value.trim(),
        auto_cash_out: box.querySelector("#ab-auto").value.trim() || curve.min_auto,
        after_win: box.querySelector("#ab-win").value, after_loss: box.querySelector("#ab-loss").value,
      }));
    } catch (e) { toast(e.message); }
  });
  stop.addEventListener("click", async () => {
    try { show(await request("POST", `${path}/stop`, {})); } catch (e) { toast(e.message); }
  });
  /** Re-read the session (after each round); whether one is running. */
  return async function refresh() {
    const r = await request("GET", path);
    show(r);
    return r?.status === "running";
  };
}
