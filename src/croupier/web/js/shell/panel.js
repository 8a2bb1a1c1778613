// The shell's markup, built once here for every game page (no page repeats it): the round status
// (phase, countdown, the "if the time runs out" note) and the player's panel (balance, total bet,
// last win, chips, undo / clear / rebet / double, Place bets, the slip, the result).
import { el } from "./dom.js";
import { t } from "./i18n.js";

const label = (key) => el("span", { "data-i18n": key }, t(key));

/** The phase line and the countdown (role="timer") into `box`. */
export function mountStatus(box, { timerLabel = "seconds_left" } = {}) {
  box.replaceChildren(
    el("p", { class: "phase", id: "phase", role: "status", "aria-live": "polite" }, "Loading…"),
    el("div", { class: "countdown" },
      el("span", { class: "visually-hidden", "data-i18n": timerLabel }, t(timerLabel)),
      el("span", { id: "countdown", role: "timer", "aria-live": "off" }, "–"),
      el("div", { class: "countdown-bar", "aria-hidden": "true" }, el("div", { id: "countdown-bar" }))),
    el("p", { class: "hint", id: "default-note" }));
}

/** The player's panel into `aside`; `chips: false` leaves out the chip rack and bet actions. */
export function mountPanel(aside, { chips = true, verb = "place_bets" } = {}) {
  const figure = (key, id) => el("div", {}, el("dt", {}, label(key)), el("dd", { id, "data-minor": "" }, "–"));
  const action = (key) => el("button", { type: "button", id: key }, label(key));
  aside.replaceChildren(
    el("dl", { class: "figures" }, figure("balance", "balance"), figure("total_bet", "total-bet"), figure("last_win", "last-win")),
    chips ? el("fieldset", { class: "chips" }, el("legend", {}, label("chip")), el("div", { class: "chip-row", id: "chips" })) : "",
    chips ? el("div", { class: "actions", role: "group", "aria-label": "Bet actions" },
      action("undo"), action("clear"), action("rebet"), action("double")) : "",
    el("button", { type: "button", class: "primary", id: "confirm" }, label(verb)),
    el("p", { class: "hint", id: "confirm-hint" }),
    el("h2", { class: "section-title" }, label("bet_slip")),
    el("ul", { class: "slip", id: "slip", "aria-live": "polite" }),
    el("div", { class: "result", id: "result", role: "status", "aria-live": "polite" }));
}
