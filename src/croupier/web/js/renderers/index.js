// Renderers per outcome kind (the normalised `display` of a round, docs/describe.md): a new game
// plugs in with its data and at most a renderer here. Each draws into a stage with a short,
// skippable animation; the display's `headline` is the text alternative for screen readers.
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import { outcomeEl } from "../outcome.js";
import { renderBalls } from "./balls.js";
import { renderBoard } from "./board.js";
import { renderCards } from "./cards.js";
import { renderDice } from "./dice.js";
import { Motion } from "./motion.js";
import { renderPocket } from "./pocket.js";
import { renderReels } from "./reels.js";
import { renderSegment } from "./segment.js";

export const RENDERERS = {
  pocket: renderPocket, cards: renderCards, dice: renderDice, segment: renderSegment,
  balls: renderBalls, reels: renderReels, board: renderBoard,
};

let current = null; // the animation playing now

/** Skip the animation playing now (the skip button, Escape). */
export function skipAnimation() { current?.skip(); }
document.addEventListener("keydown", (e) => { if (e.key === "Escape") skipAnimation(); });

/**
 * Show a round in `stage`: `display` (its kind's renderer, its headline as the caption), or, for
 * a round the server gives no display for, the generic reading of its `outcome` (js/outcome.js).
 * Resolves when the animation ends or is skipped.
 */
export async function renderDisplay(stage, display, { outcome, animate = true, money = String } = {}) {
  current?.skip();
  const motion = new Motion({ animate });
  current = motion;
  const visual = el("div", { class: "visual" });
  const caption = el("p", { class: "headline", id: "headline", role: "status", "aria-live": "polite" });
  const skip = el("button", { type: "button", class: "skip-anim", onclick: () => motion.skip(), "data-i18n": "skip" }, t("skip"));
  stage.replaceChildren(visual, caption, skip);
  stage.dataset.kind = display?.kind || "outcome";
  const draw = display && RENDERERS[display.kind];
  skip.hidden = motion.skipped || !draw;
  if (draw) {
    // the picture is for the eyes; the headline (read once the outcome is shown) is its words,
    // except cards, which are a list with spoken names
    if (display.kind !== "cards") visual.setAttribute("aria-hidden", "true");
    await draw(display, visual, motion, money);
  } else {
    visual.append(outcomeEl(outcome ?? display, money));
  }
  skip.hidden = true;
  caption.textContent = display?.headline || "";
  stage.dataset.shown = "true";
  if (current === motion) current = null;
}
