// belote.html?match=ID: a Belote match (Classic or Open) between two players (issue 22;
// docs/pvp_matches.md "Web"). The common match page (state, socket, clocks, actions, result):
// ./match_page.js. A card is played (or, at Change card, changed) by clicking it; the trump offer,
// Contra, declarations, Double stake and its answer are buttons. Your cards are yours only
// (Classic); Open shows both players' face-up upper cards, a hidden card as "?".
import { $ } from "../ui.js";
import { el, matchPage } from "./match_page.js";

const SUITS = ["♣", "♦", "♥", "♠", "NT"];
const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades", "no trump"];
const RANKS = { 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A" };
const cardName = (c) => `${RANKS[c >> 2]}${SUITS[c & 3]}`;

function label(a) {
  const x = a.args || {};
  if (a.name === "trump") return `trump ${SUIT_NAMES[x.suit]}${x.open_card ? " + face-up card" : ""}`;
  if (a.name === "declare") return `declare ${x.cards.map(cardName).join(" ")}`;
  return a.name.replace("_", " ");
}

const page = matchPage({
  prefix: "bl",
  title: (m) => `Belote (${m.variant}) · match ${m.id}`,
  clickActions: ["play", "change_card"],
  board: renderBoard,
  label,
});

function clickable() {
  return page.legal().filter((a) => a.name === "play" || a.name === "change_card");
}

function cardButton(card, size, mine) {
  const b = el("button", "bl-card", card === null ? "?" : cardName(card));
  b.type = "button";
  if (card === null) { b.classList.add("hidden"); b.disabled = true; return b; }
  if ((card & 3) === 1 || (card & 3) === 2) b.classList.add("red");
  b.dataset.card = String(card);
  if (size > 1) b.title = `${size} cards in this pile`;
  const acts = mine ? clickable().filter((a) => a.args.card === card) : [];
  if (acts.length) {
    b.classList.add("playable");
    b.addEventListener("click", () => page.send(acts[0].name, acts[0].args));
  } else {
    b.disabled = true;
  }
  return b;
}

function renderBoard() {
  const m = page.m;
  const pub = (m && m.public) || {};
  const me = page.me() ?? 0;
  const piles = pub.piles || [[], []];
  const them = $("#bl-them");
  them.replaceChildren(...piles[1 - me].filter((p) => p.size).map((p) => cardButton(p.top, p.size, false)));
  const hand = $("#bl-hand");
  hand.dataset.legal = JSON.stringify(clickable().map((a) => a.args.card));
  // your own cards come in `you` (private to you); the public piles are a spectator's
  const mine = (m.you && m.you.piles) || piles[me];
  hand.replaceChildren(...mine.filter((p) => p.size).map((p) => cardButton(p.top, p.size, m.you !== null)));
  $("#bl-trump").textContent = pub.trump_name || "–";
  $("#bl-faceup").textContent = pub.face_up === null || pub.face_up === undefined ? "–" : cardName(pub.face_up);
  $("#bl-led").textContent = pub.led === undefined || pub.led < 0 ? "–" : cardName(pub.led);
  const ours = (pair) => (pair ? (me === 1 ? [pair[1], pair[0]] : pair).join(" : ") : "–");
  $("#bl-points").textContent = ours(pub.points);
  $("#bl-tricks").textContent = ours(pub.tricks);
  $("#bl-mult").textContent = pub.multiplier ? `×${pub.multiplier}` : "–";
}

page.start();
