// kind "board": a grid of cells (a bingo card, a board game's squares). display: {cells: [[...], ...]}.
import { el } from "../shell/dom.js";

export async function renderBoard(d, box, motion) {
  const grid = el("table", { class: "board-grid" });
  for (const row of d.cells || []) {
    const tr = el("tr", {});
    for (const c of row) {
      const v = c && typeof c === "object" ? c : { value: c };
      tr.append(el("td", { class: v.hit || v.marked ? "hit" : "" }, v.value === null || v.value === undefined ? "" : String(v.value)));
    }
    grid.append(tr);
    await motion.wait(80);
  }
  box.append(grid);
}
