// kind "balls": the draw, one ball at a time; the player's picks that were drawn are marked hits.
// display: {drawn: [4, 17, 33], picked: [4, 5]}.
import { el } from "../shell/dom.js";

export async function renderBalls(d, box, motion) {
  const picked = new Set((d.picked || []).map(String));
  const drawn = el("ol", { class: "balls-drawn" });
  box.append(drawn);
  for (const b of d.drawn || []) {
    drawn.append(el("li", { class: `ball-n${picked.has(String(b)) ? " hit" : ""}` }, String(b)));
    await motion.wait(180);
  }
  if (picked.size) {
    const got = new Set((d.drawn || []).map(String));
    box.append(el("ul", { class: "balls-picked" }, ...[...picked].map((p) => el("li", { class: got.has(p) ? "hit" : "" }, p))));
  }
}
