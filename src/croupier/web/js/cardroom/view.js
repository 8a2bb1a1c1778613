// The poker table drawn from one `poker_state` message (docs/pvp_poker.md "Card room API"): the
// seats (name, stack, bet, cards, button, whose turn, folded / all-in), the board (one per run),
// the pot and side pots, the player's own cards. Every amount keeps its exact value in
// `data-minor` (what the browser tests read); text goes in with textContent only.
import { handEl } from "../cards.js";
import { formatMoney } from "../money.js";
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";

const $ = (sel) => document.querySelector(sel);

export const money = (minor, currency) => formatMoney(minor, currency);

function amount(cls, minor, currency, text) {
  return el("p", { class: cls, dataset: { minor: String(minor) } }, text ?? money(minor, currency));
}

/** A seat's cards: the names it may see, then face-down cards for the unseen (null) ones. */
function cardsOf(cards, label) {
  const seen = cards.filter((c) => c);
  return handEl(label, seen, cards.length - seen.length);
}

/** The seats: every seat of the table, occupied or not, with the hand's figures when dealt in. */
export function renderSeats(msg, mySeat, currency, you = null) {
  const table = msg.table || {};
  const hand = msg.hand;
  const bySeat = new Map((msg.seats || []).map((s) => [s.seat, s]));
  const inHand = new Map((hand?.players || []).map((p) => [p.seat, p]));
  const box = $("#seats");
  const items = [];
  const count = Math.max(table.max_seats || 0, ...[...bySeat.keys()].map((s) => s + 1), 0);
  for (let seat = 0; seat < count; seat += 1) {
    const info = bySeat.get(seat);
    const p = inHand.get(seat);
    const cls = ["cr-seat"];
    if (!info && !p) cls.push("empty");
    if (hand && hand.to_act === seat && hand.phase !== "done") cls.push("to-act");
    if (p?.folded) cls.push("folded");
    if (seat === mySeat) cls.push("mine");
    // after the settlement (poker_hand_ended) the seat's stack holds the winnings; during the
    // hand it is what is left behind the bets
    const stack = p && !msg.settled ? p.stack_minor : info?.stack_minor ?? p?.stack_minor;
    const li = el("li", { class: cls.join(" "), dataset: { seat: String(seat), player: info ? String(info.player_id) : "" } },
      el("div", { class: "who" },
        el("span", {}, t("cr_seat_n", { seat })),
        hand && hand.button === seat ? el("span", { class: "button-mark", title: t("cr_dealer"), "aria-label": t("cr_dealer") }, "D") : null,
        el("span", { class: "name" }, info?.name || (info ? `#${info.player_id}` : t("cr_empty")))));
    if (stack !== undefined && stack !== null) li.append(amount("stack", stack, currency));
    if (p) {
      if (p.bet_minor) li.append(amount("bet", p.bet_minor, currency));
      const tags = [];
      if (p.folded) tags.push(t("cr_folded"));
      if (p.all_in) tags.push(t("cr_all_in_tag"));
      if (info && info.status && info.status !== "playing") tags.push(info.status.replace(/_/g, " "));
      if (tags.length) li.append(el("p", { class: "tag" }, tags.join(" · ")));
      // the player's own seat: his cards from his private part (the public part hides them)
      const own = seat === mySeat && you?.hole?.length ? you.hole : null;
      li.append(cardsOf(own || p.cards || [], t("cr_seat_n", { seat })));
    } else if (info && info.status && info.status !== "playing") {
      li.append(el("p", { class: "tag" }, info.status.replace(/_/g, " ")));
    }
    items.push(li);
  }
  box.replaceChildren(...items);
}

/** The board (one row per run after "run it twice / three times"). */
export function renderBoards(hand) {
  const box = $("#boards");
  const boards = hand?.boards || [];
  box.replaceChildren(...boards.filter((b, i) => b.length || i === 0).map((b, i) => el("div", { class: "cr-board", dataset: { run: String(i) } },
    boards.length > 1 ? el("span", { class: "run-label" }, `#${i + 1}`) : null,
    handEl(boards.length > 1 ? `Board ${i + 1}` : "Board", b))));
}

/** The pot line: the total, then the main pot and each side pot with its amount. */
export function renderPots(hand, currency) {
  const box = $("#pots");
  if (!hand) { box.replaceChildren(); box.dataset.minor = ""; return; }
  box.dataset.minor = String(hand.pot_minor);
  const parts = [el("strong", { id: "pot-total", dataset: { minor: String(hand.pot_minor) } }, t("cr_pot_line", { amount: money(hand.pot_minor, currency) }))];
  const pots = hand.pots || [];
  if (pots.length > 1) {
    pots.forEach((p, i) => {
      const text = i === 0 ? t("cr_main_pot", { amount: money(p.amount_minor, currency) })
        : t("cr_side_pot", { n: i, amount: money(p.amount_minor, currency) });
      parts.push(" · ", el("span", { class: "cr-pot", dataset: { minor: String(p.amount_minor), pot: String(i), eligible: (p.eligible || []).join(",") } }, text));
    });
  }
  box.replaceChildren(...parts);
}

/** The player's own cards (from `you.hole`). */
export function renderYou(you) {
  const box = $("#you");
  if (!you || !you.hole?.length) { box.replaceChildren(); return; }
  box.replaceChildren(el("span", {}, t("cr_you_hold")), handEl(t("cr_you_hold"), you.hole));
}

/** The phase line: hand number, street, who is to act. */
export function phaseText(msg, mySeat) {
  const hand = msg.hand;
  if (!hand) return t("cr_waiting");
  const phase = hand.phase === "bet" ? t("cr_phase_bet", { street: hand.street + 1 })
    : t(`cr_phase_${hand.phase}`);
  return `${t("cr_hand_n", { n: hand.number })} · ${phase}`;
}

export function turnText(hand, mySeat) {
  if (!hand || hand.to_act === null || hand.to_act === undefined || hand.phase === "done") return "";
  const who = hand.to_act === mySeat ? t("cr_your_turn") : t("cr_to_act", { seat: hand.to_act });
  return hand.time_bank_in_use ? `${who} (${t("cr_time_bank")})` : who;
}
