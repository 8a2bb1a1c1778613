// The blackjack table: one seat (box) per round with its side bets; hit, stand, double, split,
// surrender, insurance as the round allows (POST /api/interactive, docs/api.md "Decision rounds").
import { formatMoney } from "../money.js";
import { el, handEl, runTable } from "./table.js";

const params = new URLSearchParams(location.search);
const variant = params.get("variant") || "live_004";

const LABELS = {
  main: "Main bet", perfect_pairs: "Perfect Pairs", "21_3": "21+3", ideal_pair: "Ideal Pair",
  suitem_up: "Suit'em Up", lucky_lucky: "Lucky Lucky", bust_it: "Bust It", bonus: "Bonus", bet_behind: "Bet Behind",
};

function seatOf(st) {
  const s = document.getElementById("seat");
  return s ? Number(s.value) : 1;
}

function totalText(h) {
  if (!h.cards.length) return "";
  if (h.bust) return `${h.total} – bust`;
  return h.soft && h.total < 21 ? `soft ${h.total}` : String(h.total);
}

function renderTable(view, felt) {
  const t = view.table;
  const d = t.dealer;
  const dealer = el("div", { class: "spot-box", id: "dealer" },
    el("h3", {}, "Dealer", d.cards.length ? el("span", { class: "total", id: "dealer-total" }, d.hidden ? `shows ${d.total}` : String(d.total)) : null),
    handEl("Dealer's cards", d.cards, d.hidden));
  const boxes = t.boxes.map((b) => el("div", { class: "seat-box" }, ...b.hands.map((h, i) => {
    const tags = [h.doubled && "doubled", h.split && "split hand", h.surrendered && "surrendered"].filter(Boolean).join(", ");
    return el("div", { class: `spot-box${h.in_turn ? " in-turn" : ""}`, "aria-current": h.in_turn ? "true" : null },
      el("h3", {}, `Seat ${b.box}${b.hands.length > 1 ? ` · hand ${i + 1}` : ""}`,
        el("span", { class: "total" }, totalText(h)),
        el("span", { class: "tags" }, `${formatMoney(h.stake_minor, view.currency)}${tags ? ` · ${tags}` : ""}`)),
      handEl(`Your cards, seat ${b.box}${b.hands.length > 1 ? ` hand ${i + 1}` : ""}`, h.cards));
  })));
  const ins = t.insurance.length ? el("p", {}, `Insurance: ${t.insurance.map((x) => formatMoney(x.stake_minor, view.currency)).join(", ")}`) : null;
  felt.replaceChildren(...[dealer, ...boxes, ins].filter(Boolean));
}

function resultText(view) {
  const d = view.table.dealer;
  return d.total > 21 ? `Dealer busts with ${d.total}.` : `Dealer has ${d.total}.`;
}

function extraInputs(box, st) {
  const seats = st.info.seats || 1;
  const select = el("select", { id: "seat", name: "seat" });
  for (let i = 1; i <= seats; i += 1) select.append(el("option", { value: String(i) }, `Seat ${i}`));
  box.querySelector("legend").after(el("div", { class: "bet-field" }, el("label", { for: "seat" }, "Seat"), select));
}

document.querySelector(".rules").textContent = "Beat the dealer without going over 21. Blackjack pays 3:2; the dealer stands on 17 (S17). When your decision time runs out, your hand stands and insurance is declined (004 §2.9.4).";
runTable({
  game: "blackjack",
  variant,
  title: "Blackjack",
  betLabels: LABELS,
  target: (_code, st) => [seatOf(st)],
  extraInputs,
  renderTable,
  resultText,
});
