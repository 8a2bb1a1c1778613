// kind "reels": the reels spin and stop left to right on the window; the paying lines are listed.
// display: {window: [["A", "K", "Q"], ...] (one array a reel, top to bottom), lines: [{line, symbols, pays_minor}]}.
import { el } from "../shell/dom.js";

export async function renderReels(d, box, motion, money = String) {
  const reels = (d.window || []).map((col) => el("ol", { class: "reel spinning" }, ...col.map((s) => el("li", {}, String(s)))));
  box.append(el("div", { class: "reels" }, ...reels));
  await motion.wait(400);
  for (const r of reels) {
    r.classList.remove("spinning");
    await motion.wait(250);
  }
  for (const r of reels) r.classList.remove("spinning");
  if (d.lines?.length) {
    box.append(el("ul", { class: "paylines" }, ...d.lines.map((l) => el("li", {}, `Line ${l.line}: ${l.symbols}${l.pays_minor !== undefined ? ` · ${money(l.pays_minor)}` : ""}`))));
  }
}
