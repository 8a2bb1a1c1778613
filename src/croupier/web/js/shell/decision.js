// Decision rounds (/api/interactive, docs/api.md "Decision rounds") for every page that plays
// them: the API, the decision buttons (exactly the server's legal actions, never guessed; the
// default one described by the "If the time runs out" note) and the decision timer, which asks
// the server for the round when it runs out (the server takes the default) rather than acting.
import { request } from "../api.js";
import { formatMoney } from "../money.js";
import { Countdown } from "./clock.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

export const interactive = {
  table: (game, variant, currency) => request("GET", `/api/interactive/tables/${encodeURIComponent(game)}/${encodeURIComponent(variant)}?currency=${encodeURIComponent(currency)}`, undefined, { auth: false }),
  current: (game) => request("GET", `/api/interactive/current?game=${encodeURIComponent(game)}`),
  get: (id) => request("GET", `/api/interactive/${id}`),
  start: (game, variant, bets, key) => request("POST", "/api/interactive", { game, variant, bets }, { key }),
  act: (id, action, decisionNo, key) => request("POST", `/api/interactive/${id}/actions`, { action, decision_no: decisionNo }, { key }),
};

const ACTION_LABELS = {
  hit: "Hit", stand: "Stand", double: "Double", split: "Split", surrender: "Surrender",
  insurance: "Insurance", decline: "No insurance", even_money: "Even money",
  call: "Call", fold: "Fold", play: "Play", check: "Check", raise: "Raise", pass: "Pass", bet: "Bet",
};

/** An action's label: the description's (`labels`), else a known one, else its name in words. */
export function actionLabel(name, labels = {}) {
  return labels[name] || ACTION_LABELS[name] || name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** One <button id="act-NAME" data-action> per legal action of an open round into `box`. */
export function decisionButtons(view, box, onAct, labels = {}) {
  box.replaceChildren();
  for (const a of view.legal_actions || []) {
    const extra = a.adds_stake_minor ? ` (+${formatMoney(a.adds_stake_minor, view.currency)})` : "";
    box.append(el("button", {
      type: "button", id: `act-${a.name}`, "data-action": a.name, onclick: () => onAct(a.name),
      "aria-describedby": a.name === view.default_action ? "default-note" : null,
    }, actionLabel(a.name, labels) + extra));
  }
  const note = document.getElementById("default-note");
  if (note) note.textContent = view.default_action ? t("if_timeout", { action: actionLabel(view.default_action, labels) }) : "";
}

/** The decision timer of an open round; `onTimeout()` once it has run out (plus a moment). */
export function decisionTimer(clock, view, totalSeconds, onTimeout) {
  clock.stop();
  if (!view.decision_deadline) return;
  const total = (totalSeconds || view.seconds_left || 13) * 1000;
  clock.start(Date.now() + (view.seconds_left ?? 0) * 1000, total, { onEnd: () => setTimeout(onTimeout, 400) });
}

export { Countdown };
