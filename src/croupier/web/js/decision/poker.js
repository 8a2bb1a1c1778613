// Poker against the dealer: Casino Hold'em (Ante + AA Bonus; Call or Fold) and Three Card Poker
// (Ante, Pair Plus, 6 Card Bonus; Play or Fold). ?game=casino_holdem|three_card_poker&variant=...
import { el, handEl, runTable } from "./table.js";

const params = new URLSearchParams(location.search);
const GAMES = {
  casino_holdem: { title: "Casino Hold'em", variant: "live", rules: "Ante and the optional AA Bonus; after the flop Call (twice the Ante) or Fold. You need funds for the Call when you place the Ante (003 §3.4). When the time runs out your hand folds (003 §3.2)." },
  three_card_poker: { title: "Three Card Poker", variant: "live", rules: "Ante and the optional Pair Plus and 6 Card Bonus; then Play (equal to the Ante) or Fold. The dealer qualifies with Queen high (003 §5.1). When the time runs out your hand folds (ASSUMPTION: 003 §5 names no default)." },
};
const game = GAMES[params.get("game")] ? params.get("game") : "three_card_poker";
const conf = GAMES[game];
const variant = params.get("variant") || conf.variant;

const LABELS = { ante: "Ante", bonus: "AA Bonus", pair_plus: "Pair Plus", six_card_bonus: "6 Card Bonus", blind: "Blind", trips: "Trips", jackpot: "Jackpot" };
const SLOTS = { dealer: "Dealer", board: "Board", player: "Your hand" };

function renderTable(view, felt) {
  const t = view.table;
  const order = ["dealer", "board", "player", ...Object.keys(t.hands).filter((s) => !SLOTS[s])];
  const parts = [];
  for (const slot of order) {
    const cards = t.hands[slot] || [];
    const hidden = t.hidden?.[slot] || 0;
    if (!cards.length && !hidden && slot !== "dealer") continue;
    parts.push(el("div", { class: "spot-box", id: `hand-${slot}` },
      el("h3", {}, SLOTS[slot] || slot),
      cards.length || hidden ? handEl(SLOTS[slot] || slot, cards, hidden) : el("p", { class: "empty" }, "Dealt after your decision")));
  }
  if (t.decisions.length) parts.push(el("p", {}, `You chose: ${t.decisions.join(", ")}`));
  felt.replaceChildren(...parts);
}

document.querySelector(".rules").textContent = conf.rules;
runTable({ game, variant, title: conf.title, betLabels: LABELS, renderTable });
