"""Five-card stud against the dealer: Caribbean Stud (000 §12.10), 5 Card Poker (12.3), with Card
Exchange (12.4), 6 Card Poker (12.5) and Poker with Joker (12.6).

Round: Ante (with the optional Bonus) -> five cards to the player, the dealer's face-up card ->
the player folds, raises (Call/Raise: twice the Ante) or, where the variant allows, buys a card
(an exchange of one card, or a sixth card, for a fee equal to the Ante) and then folds or raises
-> the dealer's other four cards -> settlement:

* the dealer qualifies with Ace-King or better (12.3-12.5, 12.10) or a pair (12.6);
* dealer does not qualify: the Ante pays 1:1, the Raise is returned (12.3-12.6; 12.10 ASSUMPTION);
* dealer qualifies: the better hand wins; the Ante pays 1:1 and the Raise by the Raise table
  (12.3-12.6: "Raise multiplied by the table value"; 12.10: the Call table "n:1"); the dealer's
  better hand takes both; identical hands push (kickers compared first);
* the Bonus is settled on the player's first five cards (12.10's 5+1: with the dealer's face-up
  card), whatever the main game does; lost on a purchase where 12.4/12.6 say so.

The main bet is analysed under the documented strategy :func:`raises` (never buy a card; raise
with a hand at least as good as the dealer's qualifying hand), exactly over every deal by
:mod:`.stud_exact` (inclusion-exclusion, seconds); the Bonus is exact too. ``simulate`` plays
sampled deals for the Monte Carlo check.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import name, parse
from croupier.cards._jit import jit
from croupier.cards.poker import _eval, _eval_joker, hand_value, joker_value, paytable_row
from croupier.cards.poker_tables import HIGH, STRAIGHT, TOP5
from croupier.errors import IllegalAction, InvalidBet, InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker.analysis import (
    BetPlan,
    best_k_classes,
    card_classes,
    class_distribution,
    per_ante,
    per_stake,
    simulate_bets,
    stake_unit,
)
from croupier.games.dealer_poker.engine import Deal, DealerPokerEngine, Decide, PokerState, Step
from croupier.games.dealer_poker.stud_exact import stud_classes
from croupier.games.dealer_poker.variant import PokerVariant, Schema
from croupier.games.maths import BetRTP, summarize

FOLD = Decision("fold")
#: Ace-King high: the lowest qualifying dealer hand of 12.3-12.5 and 12.10 (a five-card value).
ACE_KING = 14 << 16 | 13 << 12
ONE_PAIR = 1 << 20
QUALIFIERS = {"ace_king": ACE_KING, "pair": ONE_PAIR}
RAISE_HANDS = ("five_of_a_kind", "royal_flush", "straight_flush", "four_of_a_kind", "full_house",
               "flush", "straight", "three_of_a_kind", "two_pair", "pair_or_less")
BONUS_HANDS = ("five_of_a_kind", "royal_flush", "straight_flush", "four_of_a_kind", "full_house",
               "flush", "straight", "three_of_a_kind")
#: Class numbers of hands: 0..9 categories (9 five of a kind), 10 royal flush.
CLASS_NAMES = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
               "four_of_a_kind", "straight_flush", "five_of_a_kind", "royal_flush")


def schema(game: str) -> Schema:
    return Schema(
        game=game,
        tables={"raise": frozenset(RAISE_HANDS), "bonus": frozenset(BONUS_HANDS)},
        required_tables=frozenset({"raise"}),
        options={
            "raise_name": "raise",          # "call" at Caribbean Stud (000 §12.10)
            "raise_multiple": 2,            # 2 x Ante (12.3-12.6, 12.10)
            "qualifier": "ace_king",        # or "pair" (12.6)
            "purchase": "none",             # "exchange" (12.4, 12.6) or "sixth_card" (12.5)
            "bonus_lost_on_purchase": False,  # 12.4 and 12.6: the Bonus is lost on an exchange
            "bonus_with_upcard": False,     # 12.10 5+1: the player's five and the dealer's up card
            "bonus_max_percent": 0,         # 12.3-12.6: the Bonus is at most 50% of the Ante
            "jokers": False,                # 12.6: a 53-card deck with one joker
        },
        choices={"raise_name": ("raise", "call"), "qualifier": ("ace_king", "pair"),
                 "purchase": ("none", "exchange", "sixth_card")},
        bet_codes=("ante", "bonus"),
    )


def value_of(cards: tuple[int, ...], jokers: bool) -> int:
    """A comparable hand value: joker-deck values carry the 12.6 natural-hand tie rule."""
    return joker_value(cards) if jokers else 2 * hand_value(cards) + 1


def class_of(value: int) -> int:
    v = value >> 1
    cat = v >> 20
    return 10 if cat == 8 and (v >> 16) & 15 == 14 else cat


def raise_hand(value: int) -> str:
    cls = class_of(value)
    return "pair_or_less" if cls <= 1 else CLASS_NAMES[cls]


class StudRules:
    initial_codes: tuple[str, ...] = ("ante", "bonus")

    def __init__(self, game: str) -> None:
        self.game = game

    def check_bets(self, variant: PokerVariant, stakes: Mapping[str, int]) -> None:
        if "bonus" in stakes:
            if not variant.table("bonus"):
                raise UnknownBetCode(f"this {self.game} table ({variant.name}) offers no bonus bet")
            pct = int(variant.option("bonus_max_percent"))
            if pct and stakes["bonus"] * 100 > stakes["ante"] * pct:
                raise InvalidBet(f"the Bonus may be at most {pct}% of the Ante (000 §12.3)")

    def _purchased(self, state: PokerState) -> bool:
        return state.decided("exchange") or state.decided("buy")

    def next_step(self, state: PokerState) -> Step:
        v = state.variant
        if state.count("player") < 5:
            return Deal("player")
        if state.count("dealer") < 1:
            return Deal("dealer")  # the face-up card
        raise_d = Decision(str(v.option("raise_name")))
        final = [d for d in state.decisions if d.name in (raise_d.name, "fold")]
        if not final:
            if self._purchased(state):
                if state.count("player") < 6:
                    return Deal("player")
                return Decide((raise_d, FOLD))
            purchase = v.option("purchase")
            extra = (Decision("exchange"),) if purchase == "exchange" else (Decision("buy"),) if purchase == "sixth_card" else ()
            return Decide((raise_d, FOLD, *extra))
        if state.count("dealer") < 5:
            return Deal("dealer")
        return None

    def decide(self, state: PokerState, decision: Decision) -> tuple[list[tuple[str, int, bool]], tuple[int, ...]]:
        v = state.variant
        ante = state.stake("ante")
        if decision.name == "fold":
            return [], ()
        if decision.name == "buy":
            return [("purchase", ante, True)], ()
        if decision.name == "exchange":
            raw = decision.args.get("card")
            hand = state.hand("player")
            try:
                card = parse(raw) if isinstance(raw, str) else hand[raw] if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < len(hand) else None
            except InvalidSelection:
                card = None
            if card is None or card not in hand:
                shown = " ".join(name(c) for c in hand)
                raise IllegalAction(f"exchange names one card of the hand ({shown}) by name or position, got {raw!r}")
            return [("purchase", ante, True)], (card,)
        return [(decision.name, ante * int(v.option("raise_multiple")), False)], ()

    def returns(self, state: PokerState) -> dict[int, Fraction]:
        v = state.variant
        jokers = bool(v.option("jokers"))
        player, dealer = state.hand("player"), state.hand("dealer")
        raised = state.decided(str(v.option("raise_name")))
        ante = rse = Fraction(0)
        if raised:
            pv, dv = value_of(player, jokers), value_of(dealer, jokers)
            if (dv >> 1) < QUALIFIERS[v.option("qualifier")]:
                ante, rse = Fraction(2), Fraction(1)
            elif pv > dv:
                pay = paytable_row(v.table("raise"), raise_hand(pv))
                ante, rse = Fraction(2), (pay.total if pay is not None else Fraction(1))
            elif pv == dv:
                ante, rse = Fraction(1), Fraction(1)
        out: dict[int, Fraction] = {}
        for b in state.bets:
            if b.code == "ante":
                out[b.bet_id] = ante
            elif b.code == v.option("raise_name"):
                out[b.bet_id] = rse
            elif b.code == "bonus":
                out[b.bet_id] = self._bonus(state, jokers)
        return out

    def _bonus(self, state: PokerState, jokers: bool) -> Fraction:
        v = state.variant
        if self._purchased(state) and v.option("bonus_lost_on_purchase"):
            return Fraction(0)
        first = tuple(c for s, c in state.cards if s == "player")[:5]
        if v.option("bonus_with_upcard"):
            first += tuple(c for s, c in state.cards if s == "dealer")[:1]
        cls = class_of(value_of(first, jokers))
        p = paytable_row(v.table("bonus"), CLASS_NAMES[cls])
        return p.total if p is not None else Fraction(0)


def raises(state: PokerState, legal: list[Decision]) -> Decision:
    """The documented strategy: never buy a card; raise with a hand at least as good as the
    dealer's qualifying hand (Ace-King, or a pair at 12.6), fold the rest."""
    v = state.variant
    pv = value_of(state.hand("player"), bool(v.option("jokers")))
    ok = (pv >> 1) >= QUALIFIERS[v.option("qualifier")]
    return Decision(str(v.option("raise_name"))) if ok else FOLD


# -- analysis -------------------------------------------------------------------------------------


@jit
def _stud_keys(deals: npt.NDArray[np.uint8], jokers: bool, qualifier: int, top5: npt.NDArray[np.int32],
               high: npt.NDArray[np.int32], straight: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """Deals in engine order (player 5, dealer up card, dealer 4): 0 for a fold, else
    ``1 + player class * 4 + showdown``."""
    n = deals.shape[0]
    out = np.empty(n, dtype=np.int64)
    p = np.empty(5, dtype=np.int64)
    d = np.empty(5, dtype=np.int64)
    for i in range(n):
        for j in range(5):
            p[j] = deals[i, j]
            d[j] = deals[i, 5 + j]
        if jokers:
            pv = _eval_joker(p, 5, top5, high, straight)
            dv = _eval_joker(d, 5, top5, high, straight)
        else:
            pv = 2 * _eval(p, 5, top5, high, straight) + 1
            dv = 2 * _eval(d, 5, top5, high, straight) + 1
        if (pv >> 1) < qualifier:
            out[i] = 0
            continue
        v = pv >> 1
        cls = v >> 20
        if cls == 8 and (v >> 16) & 15 == 14:
            cls = 10
        if (dv >> 1) < qualifier:
            show = 0
        elif pv > dv:
            show = 1
        elif pv == dv:
            show = 2
        else:
            show = 3
        out[i] = 1 + cls * 4 + show
    return out


@cache
def joker5_classes() -> dict[int, tuple[int, list[int]]]:
    """All 2,869,685 five-card hands of the 53-card deck by class (0..9, 10 royal)."""
    return card_classes(5, 53, True, 0)


def _keyer(variant: PokerVariant) -> Any:
    jokers = bool(variant.option("jokers"))
    qual = QUALIFIERS[variant.option("qualifier")]

    def keys(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int64]]:
        return {"ante": _stud_keys(deals, jokers, qual, TOP5, HIGH, STRAIGHT)}

    return keys


def _note(variant: PokerVariant) -> str:
    q = "Ace-King" if variant.option("qualifier") == "ace_king" else "a pair"
    what = variant.option("raise_name").capitalize()
    return f"per unit of Ante, {what} included; strategy: never buy a card, {what.lower()} with {q} or better"


def _main_plan(variant: PokerVariant) -> dict[str, BetPlan]:
    unit = stake_unit(variant)
    return {"ante": BetPlan([BetRequest("ante", unit)],
                            lambda s: per_ante(s, ("ante", str(variant.option("raise_name")))), _note(variant))}


def exact_bonus(engine: DealerPokerEngine, variant: PokerVariant) -> BetRTP:
    unit = stake_unit(variant)
    if variant.option("jokers"):
        classes = joker5_classes()
    else:
        classes = best_k_classes(6 if variant.option("bonus_with_upcard") else 5)
    bets = [BetRequest("ante", 2 * unit), BetRequest("bonus", unit)]
    return summarize("bonus", [class_distribution(engine, variant, bets, classes, raises,
                                                  lambda s: per_stake(s, "bonus"))])


def exact_main(engine: DealerPokerEngine, variant: PokerVariant) -> BetRTP:
    """The main bet under the documented strategy over every deal (:mod:`.stud_exact`)."""
    plan = _main_plan(variant)["ante"]
    classes = stud_classes(bool(variant.option("jokers")), QUALIFIERS[variant.option("qualifier")])
    return summarize("ante", [class_distribution(engine, variant, plan.bets, classes, raises, plan.read)],
                     note=plan.note)


def exact(engine: DealerPokerEngine, variant: PokerVariant) -> list[BetRTP]:
    """The main bet and the Bonus, both exact."""
    out: list[BetRTP] = [exact_main(engine, variant)]
    if variant.table("bonus"):
        out.append(exact_bonus(engine, variant))
    return out


def simulate(engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int,
             progress: Any = None) -> list[Any]:
    return list(simulate_bets(engine, variant, rounds, seed, 10, _keyer(variant), _main_plan(variant),
                              raises, progress))
