// Playing cards as the server names them (croupier/cards/card.py): rank "23456789TJQKA" then suit
// "cdhs" ("Td" is the ten of diamonds). Baccarat values: A 1, 2-9 face value, tens and pictures 0.
const SUITS = { c: ["♣", "clubs", "black"], d: ["♦", "diamonds", "red"], h: ["♥", "hearts", "red"], s: ["♠", "spades", "black"] };
const RANKS = { T: ["10", "ten"], J: ["J", "jack"], Q: ["Q", "queen"], K: ["K", "king"], A: ["A", "ace"] };

export function parseCard(name) {
  const rank = name.slice(0, -1);
  const suit = name.slice(-1);
  const [face, word] = RANKS[rank] || [rank, rank];
  const [symbol, suitWord, colour] = SUITS[suit] || ["?", suit, "black"];
  return { name, rank, face, symbol, colour, label: `${word} of ${suitWord}` };
}

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
