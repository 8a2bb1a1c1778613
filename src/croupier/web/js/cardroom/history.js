// A hand's history as the player may see it (GET /api/cardroom/hands/{id}: the engine's record
// with others' unseen cards null, and the settlement): one line per event - blinds, cards dealt,
// each decision, the end of each betting round, the showdown, every pot with its rake and
// winners, uncalled bets returned - then each seat's figures (put in, got back, net) with their
// exact values in data-* attributes.
import { cardsText } from "../cards.js";
import { el } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import { money } from "./view.js";

const KINDS = { small_blind: "small blind", big_blind: "big blind", straddle: "straddle", no_look_all_in: "no-look all-in", first_hand: "first-hand bet" };

const RANK = "..23456789TJQKA";
/** A card of the record: the engine's code (rank × 4 + suit, cards/card.py) or a name; null: unseen. */
export function cardName(c) {
  if (c === null || c === undefined) return null;
  if (typeof c === "string") return c;
  return RANK[c >> 2] + "cdhs"[c & 3];
}

function cards(list) {
  const names = list.map(cardName);
  return names.map((c) => c || "??").join(" ") + (names.some((c) => !c) ? "" : ` (${cardsText(names)})`);
}

function decisionText(data, currency) {
  const a = data.args || {};
  switch (data.name) {
    case "bet": return t("cr_bet", { amount: money(a.to, currency) });
    case "raise": return t("cr_raise", { amount: money(a.to, currency) });
    case "run_it": return t("cr_run_it", { times: a.times });
    case "fold": return t("cr_fold");
    case "check": return t("cr_check");
    case "call": return t("cr_call", { amount: "" }).trim();
    case "all_in": return t("cr_all_in");
    case "fast_fold": return t("cr_fast_fold");
    default: return data.name;
  }
}

/** The lines of the record (one <li> per event worth telling). */
export function eventLines(events, currency) {
  const lines = [];
  const add = (type, text) => lines.push(el("li", { dataset: { type } }, text));
  for (const e of events) {
    const d = e.data || {};
    switch (e.type) {
      case "posted": add(e.type, t("cr_ev_posted", { seat: d.seat, kind: KINDS[d.kind] || d.kind, amount: money(d.amount, currency) })); break;
      case "dealt": {
        const bySeat = new Map();
        const boards = new Map();
        for (const [where, card, extra] of d.cards || []) {
          if (where === "board") boards.set(extra, [...(boards.get(extra) || []), card]);
          else bySeat.set(where, [...(bySeat.get(where) || []), card]);
        }
        for (const [seat, list] of bySeat) add(e.type, t("cr_ev_dealt_hole", { seat, cards: cards(list) }));
        for (const [run, list] of boards) add(e.type, t("cr_ev_board", { run: boards.size > 1 || run > 0 ? ` #${run + 1}` : "", cards: cards(list) }));
        break;
      }
      case "decision": add(e.type, t("cr_ev_decision", { seat: d.args?.seat, action: decisionText(d, currency) })); break;
      case "round_closed": add(e.type, t("cr_ev_round", { amount: money(d.pot, currency) })); break;
      case "runs_agreed": add(e.type, t("cr_ev_runs", { times: d.times })); break;
      case "showdown":
        for (const [seat, list] of Object.entries(d.shown || {})) add(e.type, t("cr_ev_shows", { seat, cards: cards(list) }));
        for (const seat of d.mucked || []) add(e.type, t("cr_ev_mucks", { seat }));
        break;
      case "result":
        (d.pots || []).forEach((p, i) => {
          const won = Object.entries(p.won || {}).map(([seat, w]) => `${t("cr_seat_n", { seat })} ${money(w, currency)}`).join(", ");
          add(e.type, t("cr_ev_pot", { pot: i === 0 ? t("cr_main_pot", { amount: "" }).trim() : t("cr_side_pot", { n: i, amount: "" }).trim(), amount: money(p.amount, currency), rake: money(p.rake, currency), won }));
        });
        for (const [seat, amount] of Object.entries(d.returned || {})) add(e.type, t("cr_ev_returned", { seat, amount: money(amount, currency) }));
        break;
      case "misdeal": add(e.type, t("cr_ev_misdeal")); break;
      default: break;
    }
  }
  return lines;
}

/** The settlement table: each seat's stake, return and net (data-seat/-stake/-returned/-net). */
export function settlementTable(settlement, currency) {
  const bets = settlement?.bets || [];
  const th = (key) => el("th", { scope: "col" }, t(key));
  return el("table", { class: "cr-settlement" },
    el("thead", {}, el("tr", {}, th("cr_col_seat"), th("cr_col_stake"), th("cr_col_returned"), th("cr_col_net"))),
    el("tbody", {}, ...bets.map((b) => el("tr", { dataset: { seat: String(b.bet_id), stake: String(b.stake), returned: String(b.returned), net: String(b.returned - b.stake) } },
      el("td", {}, String(b.bet_id)), el("td", {}, money(b.stake, currency)), el("td", {}, money(b.returned, currency)),
      el("td", {}, `${b.returned - b.stake >= 0 ? "+" : ""}${money(b.returned - b.stake, currency)}`)))));
}

/** The whole history of one hand into `box`. */
export function renderHistory(box, view) {
  const currency = view.currency;
  box.dataset.hand = String(view.hand_id);
  box.replaceChildren(
    el("h3", {}, `${t("cr_hand_n", { n: view.number })} · #${view.hand_id}`),
    el("ol", { class: "cr-events" }, ...eventLines(view.events || [], currency)),
    view.settlement ? settlementTable(view.settlement, currency) : null,
    view.rake_minor !== null && view.rake_minor !== undefined ? el("p", { class: "cr-rake", dataset: { minor: String(view.rake_minor) } }, t("cr_rake", { amount: money(view.rake_minor, currency) })) : null);
}
