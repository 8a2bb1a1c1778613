// The player's session at the slot page (issue 15 point 4; 001 §6.6's elapsed time and net
// position): the time since the session began and the net of every round settled in it (spins
// and autoplay series). ASSUMPTION: a session is the browser tab's (sessionStorage), begun at
// the first visit of the slot page, so a reload keeps it and a new tab starts a new one.
import { formatMoney } from "../money.js";
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";

const KEY = "croupier.slot.session";

function load(currency) {
  try {
    const s = JSON.parse(sessionStorage.getItem(KEY) || "null");
    if (s && s.currency === currency && Number.isInteger(s.net) && Number.isFinite(s.start)) return s;
  } catch { /* a new session */ }
  return { start: Date.now(), net: 0, currency };
}

/** "1:02:05" or "2:05" */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(s / 60) % 60).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

export class SlotSession {
  constructor(box, currency) {
    this.currency = currency;
    this.state = load(currency);
    this.elapsed = el("dd", { id: "session-elapsed", role: "timer", "aria-live": "off" }, "0:00");
    this.netEl = el("dd", { id: "session-net", "data-minor": "0" }, "–");
    box.replaceChildren(el("h2", { class: "section-title", "data-i18n": "slot_session" }, t("slot_session")),
      el("dl", { class: "figures" },
        el("div", {}, el("dt", { "data-i18n": "slot_elapsed" }, t("slot_elapsed")), this.elapsed),
        el("div", {}, el("dt", { "data-i18n": "slot_net" }, t("slot_net")), this.netEl)));
    this.save();
    this.show();
    setInterval(() => this.tick(), 1000);
  }

  tick() { this.elapsed.textContent = clockText((Date.now() - this.state.start) / 1000); }

  /** A settled round's (or series') net, in minor units. */
  add(netMinor) {
    this.state.net += netMinor;
    this.save();
    this.show();
  }

  save() { sessionStorage.setItem(KEY, JSON.stringify(this.state)); }

  show() {
    const n = this.state.net;
    this.netEl.dataset.minor = String(n);
    this.netEl.textContent = `${n > 0 ? "+" : ""}${formatMoney(n, this.currency)}`;
    this.netEl.classList.toggle("won", n > 0);
    this.tick();
  }
}
