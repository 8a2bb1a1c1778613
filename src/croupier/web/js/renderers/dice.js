// kind "dice": dice tumble, then show their faces (pips) and the total. display: {dice: [3, 5, 6], total: 14}.
import { el } from "../shell/dom.js";

const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

function die(n) {
  const face = el("span", { class: "die", "data-face": String(n) });
  for (let cell = 1; cell <= 9; cell += 1) face.append(el("span", { class: (PIPS[n] || []).includes(cell) ? "pip" : "" }));
  if (!PIPS[n]) face.append(el("span", { class: "die-num" }, String(n))); // more than six faces
  return face;
}

export async function renderDice(d, box, motion) {
  const row = el("div", { class: "dice-row" }, ...(d.dice || []).map(die));
  box.append(row);
  row.classList.add("rolling");
  await motion.wait(900);
  row.classList.remove("rolling");
  if (d.total !== undefined) box.append(el("p", { class: "dice-total" }, String(d.total)));
}
