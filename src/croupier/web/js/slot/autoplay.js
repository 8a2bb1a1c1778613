// The autoplay panel (001 §6.6): the number of spins, a loss limit, a single win to stop on and
// stop on free spins. POST /api/slots/autoplay starts a series that the server plays (each spin its
// own round, a win collected; it goes on if the page is closed or the server restarts); the panel
// follows it (GET /api/slots/autoplay/{id}) until it ends. Stop asks POST /api/slots/autoplay/stop.
// A page opened while a series runs picks it up. The balance is polled while the series runs.
import { request } from "../api.js";
import { formatMoney, parseMajor } from "../money.js";
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import { toast } from "../ui.js";

const MAX_SPINS = 1000; // platform/autoplay.py MAX_SPINS

function field(key, input) {
  return el("div", { class: "auto-field" }, el("label", { for: input.id, "data-i18n": key }, t(key)), input);
}

/**
 * The panel into `box`. `hooks`: bet() -> the spin bet {code, stake, target}; variant; currency;
 * busy(on) -> lock the page's spin while running; poll() -> refresh the balance;
 * done(summary) once the series has ended.
 */
export function mountAutoplay(box, hooks) {
  const spins = el("input", { type: "number", id: "auto-spins", min: "1", max: String(MAX_SPINS), step: "1", value: "10", inputmode: "numeric" });
  const loss = el("input", { type: "text", id: "auto-loss", inputmode: "decimal", placeholder: "–", autocomplete: "off" });
  const win = el("input", { type: "text", id: "auto-win", inputmode: "decimal", placeholder: "–", autocomplete: "off" });
  const free = el("input", { type: "checkbox", id: "auto-free" });
  const start = el("button", { type: "button", id: "auto-start", "data-i18n": "slot_auto_start" }, t("slot_auto_start"));
  const stop = el("button", { type: "button", id: "auto-stop", disabled: true, "data-i18n": "slot_auto_stop" }, t("slot_auto_stop"));
  const status = el("p", { class: "auto-status", id: "autoplay-status", role: "status", "aria-live": "polite" });
  box.replaceChildren(el("summary", { "data-i18n": "slot_autoplay" }, t("slot_autoplay")),
    el("div", { class: "auto-grid" }, field("slot_auto_spins", spins), field("slot_auto_loss", loss), field("slot_auto_win", win),
      el("div", { class: "auto-field check" }, free, el("label", { for: "auto-free", "data-i18n": "slot_auto_free" }, t("slot_auto_free")))),
    el("div", { class: "actions" }, start, stop), status);

  const amount = (input) => {
    if (!input.value.trim()) return null;
    const m = parseMajor(input.value, hooks.currency());
    if (!m) throw new Error(`${input.labels[0].textContent}: "${input.value}" is not an amount`);
    return m;
  };
  const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
  async function follow(series) {
    start.disabled = true;
    stop.disabled = false;
    box.dataset.state = "running";
    status.textContent = t("slot_auto_running");
    hooks.busy(true);
    try {
      let r = series;
      const progress = () => {
        const net = `${r.net_minor > 0 ? "+" : ""}${formatMoney(r.net_minor, hooks.currency())}`;
        status.dataset.progress = String(r.spins);
        status.textContent = t("slot_auto_progress", { spins: r.spins, total: r.spins_set, net });
      };
      progress();
      while (r.status === "running") {
        await sleep(700);
        hooks.poll();
        r = await request("GET", `/api/slots/autoplay/${series.id}`);
        progress();
      }
      Object.assign(status.dataset, { spins: String(r.spins), net: String(r.net_minor), stoppedBy: r.stopped_by, rounds: r.rounds.join(" ") });
      const net = `${r.net_minor > 0 ? "+" : ""}${formatMoney(r.net_minor, hooks.currency())}`;
      status.textContent = t("slot_auto_done", { spins: r.spins, net, why: r.stopped_by.replace(/_/g, " ") });
      hooks.done(r);
    } catch (e) {
      status.textContent = "";
      toast(e.message);
    } finally {
      box.dataset.state = "idle";
      start.disabled = false;
      stop.disabled = true;
      hooks.busy(false);
      hooks.poll();
    }
  }
  start.addEventListener("click", async () => {
    let body;
    try {
      const n = Number(spins.value);
      if (!Number.isInteger(n) || n < 1 || n > MAX_SPINS) throw new Error(`${t("slot_auto_spins")}: 1 – ${MAX_SPINS}`);
      body = { game: "slot", variant: hooks.variant, bets: [hooks.bet()], spins: n,
        loss_limit_minor: amount(loss), single_win_minor: amount(win), stop_on_free_spins: free.checked };
    } catch (e) { toast(e.message); return; }
    start.disabled = true;
    let series;
    try {
      series = await request("POST", "/api/slots/autoplay", body);
    } catch (e) {
      start.disabled = false;
      toast(e.message);
      return;
    }
    await follow(series);
  });
  request("GET", "/api/slots/autoplay").then((r) => {
    const running = (r.items || []).find((s) => s.status === "running" && s.variant === hooks.variant);
    if (running && box.dataset.state !== "running") follow(running);
  }).catch(() => {});
  stop.addEventListener("click", async () => {
    try { await request("POST", "/api/slots/autoplay/stop", {}); } catch (e) { toast(e.message); }
  });
}
