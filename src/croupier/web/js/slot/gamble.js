// The gamble card screen (001 §6.7; 000 §12.17): after a winning round the player collects or
// gambles all or half of the win on the colour (x2), the suit (x4) or a higher card (x2). Every
// button is one of the server's legal actions (its args exactly), never guessed: a mode the cap
// forbids (001 §6.7.5) or a sixth move is simply not offered. The amount at risk, the moves left,
// the cap and the last move's cards come from the round's table view.
import { formatMoney } from "../money.js";
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";

const MODES = ["colour", "suit", "higher"];
const GLYPH = { red: "♥♦", black: "♣♠", clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠", higher: "▲" };
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function figure(key, id, text) {
  return el("div", {}, el("dt", { "data-i18n": key }, t(key)), el("dd", { id }, text));
}

/** The last gamble move in words: "Move 2: queen of hearts · win". */
export function moveText(m) {
  const cards = [m.dealer_card, m.player_card].filter(Boolean).join(" / ");
  return t("slot_last_move", { move: m.move, cards, result: m.result });
}

/**
 * Draw the gamble screen of an open round `view` into `box`; `onAct(name, args)` sends a legal
 * action. `part` is the part chosen last ("all" or "half"), kept between moves.
 */
export function renderGamble(box, view, onAct, state = { part: "all" }) {
  const tv = view.table || {};
  const legal = view.legal_actions || [];
  const gambles = legal.filter((a) => a.name === "gamble");
  const parts = [...new Set(gambles.map((a) => a.args.part))];
  if (!parts.includes(state.part)) state.part = parts[0] || "all";
  const fmt = (m) => formatMoney(m, view.currency);
  const last = (tv.gamble || []).at(-1);
  box.replaceChildren(
    el("h2", { class: "section-title", "data-i18n": "slot_gamble" }, t("slot_gamble")),
    el("dl", { class: "figures gamble-figures" },
      figure("slot_at_risk", "gamble-amount", fmt(tv.gamble_amount ?? 0)),
      figure("slot_moves_left", "gamble-moves", String(tv.gamble_moves_left ?? 0)),
      figure("slot_cap", "gamble-cap", fmt(tv.gamble_cap ?? 0))),
    last ? el("p", { class: "gamble-last", id: "gamble-last", dataset: { result: last.result } }, moveText(last)) : "");
  box.querySelector("#gamble-amount").dataset.minor = String(tv.gamble_amount ?? 0);
  if (parts.length > 1) {
    const group = el("fieldset", { class: "gamble-part" }, el("legend", { "data-i18n": "slot_part" }, t("slot_part")));
    for (const p of parts) {
      const input = el("input", { type: "radio", name: "gamble-part", id: `part-${p}`, value: p });
      input.checked = p === state.part;
      input.addEventListener("change", () => { state.part = p; renderGamble(box, view, onAct, state); });
      group.append(el("label", { for: `part-${p}` }, input, ` ${t(`slot_part_${p}`)}`));
    }
    box.append(group);
  }
  for (const mode of MODES) {
    const choices = gambles.filter((a) => a.args.mode === mode && a.args.part === state.part);
    if (!choices.length) continue;
    box.append(el("fieldset", { class: "gamble-mode", dataset: { mode } },
      el("legend", { "data-i18n": `slot_${mode}` }, t(`slot_${mode}`)),
      ...choices.map((a) => el("button", {
        type: "button", id: `gamble-${mode}-${a.args.guess}`, class: `guess guess-${a.args.guess}`,
        "aria-label": `${t(`slot_${mode}`)}: ${a.args.guess}, ${t(`slot_part_${a.args.part}`)}`,
        onclick: () => onAct("gamble", a.args),
      }, el("span", { class: "glyph", "aria-hidden": "true" }, GLYPH[a.args.guess] || ""), ` ${cap(a.args.guess)}`))));
  }
  if (legal.some((a) => a.name === "collect")) {
    box.append(el("button", {
      type: "button", class: "primary", id: "act-collect", "data-action": "collect",
      "aria-describedby": view.default_action === "collect" ? "default-note" : null,
      onclick: () => onAct("collect", {}),
    }, t("slot_collect", { amount: fmt(tv.gamble_amount ?? 0) })));
  }
}
