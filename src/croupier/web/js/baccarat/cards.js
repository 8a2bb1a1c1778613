// Baccarat's cards: the names and spoken labels are js/cards.js's; here the point values (A 1, 2-9
// face value, tens and pictures 0) and the card that turns face up on the table.
import { parseCard } from "../cards.js";

export { parseCard };

/** Baccarat point value of a card (000 §12.13, 004 §3.3). */
export function pointOf(name) {
  const r = name.slice(0, -1);
  if (r === "A") return 1;
  if (r === "T" || r === "J" || r === "Q" || r === "K") return 0;
  return Number(r);
}

/** A face-down card element that turns face up with `reveal()` (CSS flip; none with reduced motion). */
export function cardElement(name, { third = false } = {}) {
  const c = parseCard(name);
  const li = document.createElement("li");
  li.className = `playing-card ${c.colour}${third ? " third" : ""}`;
  li.dataset.card = name;
  li.setAttribute("aria-label", c.label + (third ? " (third card)" : ""));
  const inner = document.createElement("span");
  inner.className = "pc-inner";
  inner.setAttribute("aria-hidden", "true");
  inner.innerHTML = '<span class="pc-back"></span><span class="pc-face"><span class="pc-rank"></span><span class="pc-suit"></span></span>';
  inner.querySelector(".pc-rank").textContent = c.face;
  inner.querySelector(".pc-suit").textContent = c.symbol;
  li.append(inner);
  return li;
}
