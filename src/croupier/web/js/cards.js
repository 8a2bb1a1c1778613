// Playing cards as the server names them (croupier/cards/card.py): rank "23456789TJQKA" then suit
// "cdhs" ("Td" is the ten of diamonds), the joker "Jk". One naming for every page: the spoken
// name (aria-label), the face shown, the colour. Used by the decision tables, the baccarat table
// (js/baccarat/cards.js adds its flip) and the account page's round recall.
const SUITS = { c: ["♣", "clubs", "black"], d: ["♦", "diamonds", "red"], h: ["♥", "hearts", "red"], s: ["♠", "spades", "black"] };
const RANKS = { T: ["10", "10"], J: ["J", "jack"], Q: ["Q", "queen"], K: ["K", "king"], A: ["A", "ace"] };
const JOKERS = new Set(["Jk", "JK", "Jo", "joker"]);
const CARD_RE = /^(?:[2-9TJQKA][cdhs]|Jk)$/;

/** Whether `x` is a card name as the server writes it ("Td", "As", "Jk"). */
export function isCard(x) {
  return typeof x === "string" && CARD_RE.test(x);
}

/** A card's parts: face ("10", "A"), suit symbol, colour and spoken label ("ten of diamonds"). */
export function parseCard(name) {
  if (JOKERS.has(name)) return { name, rank: "Jk", face: "🃏", symbol: "", colour: "black", label: "joker", joker: true };
  const rank = name.slice(0, -1);
  const suit = name.slice(-1);
  const [face, word] = RANKS[rank] || [rank, rank];
  const [symbol, suitWord, colour] = SUITS[suit] || ["?", suit, "black"];
  return { name, rank, face, symbol, colour, label: `${word} of ${suitWord}`, joker: false };
}

/** The spoken names of cards, comma separated ("ace of spades, ten of hearts"). */
export function cardsText(names) {
  return names.map((n) => parseCard(n).label).join(", ");
}

/** A face-up card as a list item with a spoken name (class "pcard", css/cards.css). */
export function cardEl(name) {
  const c = parseCard(name);
  const li = document.createElement("li");
  li.className = c.joker ? "pcard joker" : `pcard ${c.colour}`;
  li.dataset.card = name;
  li.setAttribute("aria-label", c.label);
  const face = document.createElement("span");
  face.setAttribute("aria-hidden", "true");
  if (c.joker) face.textContent = c.face;
  else face.append(c.face, document.createElement("br"), c.symbol);
  li.append(face);
  return li;
}

/** A face-down card. */
export function backEl() {
  const li = document.createElement("li");
  li.className = "pcard back";
  li.setAttribute("aria-label", "face-down card");
  const s = document.createElement("span");
  s.setAttribute("aria-hidden", "true");
  s.textContent = "🂠";
  li.append(s);
  return li;
}

/** A hand: a labelled list of face-up cards, then `hidden` face-down ones. */
export function handEl(label, cards, hidden = 0, className = "pcards") {
  const ul = document.createElement("ul");
  ul.className = className;
  ul.setAttribute("aria-label", label);
  for (const c of cards) ul.append(cardEl(c));
  for (let i = 0; i < hidden; i += 1) ul.append(backEl());
  return ul;
}
