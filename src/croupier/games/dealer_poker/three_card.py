"""Three Card Poker / Teen Patti (000 §12.7, 003 §5) and Triple Edge Poker (001 §9.5).

Round: Ante (with optional Pair Plus and 6 Card Bonus) -> three cards to the player -> Play (a
bet equal to the Ante) or Fold -> three cards to the dealer -> settlement. The dealer's cards are
dealt after the decision: they are face down until then, so the order changes no probability and
the engine never holds a card the player must not see.

Settlement (000 §12.7, 003 §5.1):

* the dealer qualifies with Queen high or better;
* dealer does not qualify: Ante 1:1, Play returned (000 §12.7 ASSUMPTION 1, 003 §5.1);
* dealer qualifies: the better hand wins, Ante and Play 1:1 each; a tie pushes both (ASSUMPTION 2);
* Ante Bonus: with a Play bet, a Straight Flush, Three of a Kind or Straight pays the Ante Bonus
  table on the Ante "even if the dealer wins" (option ``ante_bonus_when_beaten``; Triple Edge
  ASSUMPTION: only when not beaten);
* Fold loses the Ante; Pair Plus is settled on the player's three cards even after a fold (003
  §5.1; option ``pair_plus_on_fold``, false for Triple Edge: "forfeiting ANTE and any Pair Plus");
* 6 Card Bonus: the best five of the player's and the dealer's six cards, even after a fold.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker import (
    THREE_CARD_CATEGORIES,
    combinations,
    evaluate3,
    hand_name,
    hand_value,
    is_mini_royal,
    paytable_row,
    three_card_name,
    three_card_value,
)
from croupier.errors import UnknownBetCode
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker.analysis import (
    best_k_classes,
    class_distribution,
    per_ante,
    per_stake,
    stake_unit,
)
from croupier.games.dealer_poker.engine import Deal, DealerPokerEngine, Decide, PokerState, Step
from croupier.games.dealer_poker.variant import PokerVariant, Schema
from croupier.games.maths import BetRTP, summarize

PLAY, FOLD = Decision("play"), Decision("fold")
#: Queen high: the lowest qualifying dealer hand (000 §12.7), as a three-card value floor.
QUEEN_HIGH = 12 << 8
#: The documented strategy: play Q-6-4 or better, fold the rest (the known optimal rule).
Q64 = 12 << 8 | 6 << 4 | 4

PP_HANDS = ("mini_royal", "straight_flush", "three_of_a_kind", "straight", "flush", "pair")
SIX_HANDS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
             "three_of_a_kind")
ANTE_BONUS_HANDS = ("straight_flush", "three_of_a_kind", "straight")
#: Pair Plus classes: the three-card category, with the A-K-Q suited "mini royal" apart.
PP_CLASSES = (*THREE_CARD_CATEGORIES, "mini_royal")


def schema(game: str) -> Schema:
    return Schema(
        game=game,
        tables={
            "ante_bonus": frozenset(ANTE_BONUS_HANDS),
            "pair_plus": frozenset(PP_HANDS),
            "six_card_bonus": frozenset(SIX_HANDS),
        },
        required_tables=frozenset({"ante_bonus"}),
        options={"order": "poker", "pair_plus_on_fold": True, "ante_bonus_when_beaten": True},
        choices={"order": ("poker", "teen_patti")},
        bet_codes=("ante", "pair_plus", "six_card_bonus"),
    )


def pp_class(cards: tuple[int, ...], order: str) -> str:
    return "mini_royal" if is_mini_royal(cards) else three_card_name(three_card_value(cards, order), order)


def table_return(table: Mapping[str, Any], hand: str) -> Fraction:
    pay = paytable_row(table, hand)
    return pay.total if pay is not None else Fraction(0)


class ThreeCardRules:
    initial_codes: tuple[str, ...] = ("ante", "pair_plus", "six_card_bonus")

    def __init__(self, game: str) -> None:
        self.game = game

    def check_bets(self, variant: PokerVariant, stakes: Mapping[str, int]) -> None:
        for code in ("pair_plus", "six_card_bonus"):
            if code in stakes and not variant.table(code):
                raise UnknownBetCode(f"this {self.game} table ({variant.name}) offers no {code} bet")

    def next_step(self, state: PokerState) -> Step:
        if state.count("player") < 3:
            return Deal("player")
        if not state.decisions:
            return Decide((PLAY, FOLD))
        if state.count("dealer") < 3:
            return Deal("dealer")
        return None

    def decide(self, state: PokerState, decision: Decision) -> tuple[list[tuple[str, int, bool]], tuple[int, ...]]:
        if decision.name == "play":
            return [("play", state.stake("ante"), False)], ()
        return [], ()

    def returns(self, state: PokerState) -> dict[int, Fraction]:
        v = state.variant
        order = v.option("order")
        player, dealer = state.hand("player"), state.hand("dealer")
        pv, dv = three_card_value(player, order), three_card_value(dealer, order)
        played = state.decided("play")
        ante = play = Fraction(0)
        if played:
            if dv < QUEEN_HIGH:
                ante, play = Fraction(2), Fraction(1)
            elif pv > dv:
                ante, play = Fraction(2), Fraction(2)
            elif pv == dv:
                ante, play = Fraction(1), Fraction(1)
            beaten = dv >= QUEEN_HIGH and dv > pv
            if not beaten or v.option("ante_bonus_when_beaten"):
                bonus = paytable_row(v.table("ante_bonus"), three_card_name(pv, order))
                if bonus is not None:
                    ante += bonus.net
        out: dict[int, Fraction] = {}
        for b in state.bets:
            if b.code == "ante":
                out[b.bet_id] = ante
            elif b.code == "play":
                out[b.bet_id] = play
            elif b.code == "pair_plus":
                paid = played or v.option("pair_plus_on_fold")
                out[b.bet_id] = table_return(v.table("pair_plus"), pp_class(player, order)) if paid else Fraction(0)
            elif b.code == "six_card_bonus":
                out[b.bet_id] = table_return(v.table("six_card_bonus"), hand_name(hand_value(player + dealer)))
        return out


def q64(state: PokerState, legal: list[Decision]) -> Decision:
    """Play Q-6-4 or better (the optimal Three Card Poker strategy), fold the rest."""
    order = state.variant.option("order")
    return PLAY if three_card_value(state.hand("player"), order) >= Q64 else FOLD


# -- exact analysis ------------------------------------------------------------------------------


@jit
def _main_classes(values: npt.NDArray[np.int64], masks: npt.NDArray[np.int64],
                  pclass: npt.NDArray[np.int64], threshold: int,
                  qualifier: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every (player hand, dealer hand) pair of disjoint three-card hands, by class
    ``pair-plus class * 8 + played * 4 + showdown`` (0 dealer does not qualify, 1 player wins,
    2 tie, 3 dealer wins); a representative pair (hand indices) per class."""
    n = values.shape[0]
    counts = np.zeros(64, dtype=np.int64)
    reps = np.zeros((64, 2), dtype=np.int64)
    for i in range(n):
        pv = values[i]
        played = 1 if pv >= threshold else 0
        base = pclass[i] * 8 + played * 4
        mi = masks[i]
        for j in range(n):
            if mi & masks[j]:
                continue
            dv = values[j]
            if dv < qualifier:
                out = 0
            elif pv > dv:
                out = 1
            elif pv == dv:
                out = 2
            else:
                out = 3
            key = base + out
            if counts[key] == 0:
                reps[key, 0] = i
                reps[key, 1] = j
            counts[key] += 1
    return counts, reps


def _hands(order: str) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    hands = combinations(np.arange(8, 60), 3)
    values = evaluate3(hands, order)
    masks = np.zeros(len(hands), dtype=np.int64)
    for j in range(3):
        masks |= np.left_shift(np.int64(1), hands[:, j])
    _, pclass = pp_classes(hands.astype(np.uint8), order)
    return hands, values, masks, pclass


def exact(engine: DealerPokerEngine, variant: PokerVariant) -> list[BetRTP]:
    order = variant.option("order")
    unit = stake_unit(variant)
    hands, values, masks, pclass = _hands(order)
    out = []

    counts, reps = _main_classes(values, masks, pclass, Q64, QUEEN_HIGH)
    main = {int(k): (int(counts[k]), [*map(int, hands[reps[k, 0]]), *map(int, hands[reps[k, 1]])])
            for k in np.nonzero(counts)[0]}
    dist = class_distribution(engine, variant, [BetRequest("ante", unit)], main, q64,
                              lambda s: per_ante(s, ("ante", "play")))
    out.append(summarize("ante", [dist], "per unit of Ante, Play included; strategy: play Q-6-4 or better"))

    if variant.table("pair_plus"):
        pp: dict[int, tuple[int, list[int]]] = {}
        for i, h in enumerate(hands):
            key = int(pclass[i]) * 2 + int(values[i] >= Q64)
            n, rep = pp.get(key, (0, []))
            if not rep:
                cards = [int(c) for c in h]
                rep = cards + [c for c in range(8, 60) if c not in cards][:3]
            pp[key] = (n + 1, rep)
        bets = [BetRequest("ante", unit), BetRequest("pair_plus", unit)]
        out.append(summarize("pair_plus", [class_distribution(
            engine, variant, bets, pp, q64, lambda s: per_stake(s, "pair_plus"))]))

    if variant.table("six_card_bonus"):
        bets = [BetRequest("ante", unit), BetRequest("six_card_bonus", unit)]
        out.append(summarize("six_card_bonus", [class_distribution(
            engine, variant, bets, best_k_classes(6), q64, lambda s: per_stake(s, "six_card_bonus"))]))
    return out


# -- simulation (confirms the exact figures) -------------------------------------------------------


def pp_classes(hands: npt.NDArray[np.uint8], order: str) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Three-card values and Pair Plus class indices (into :data:`PP_CLASSES`) of rows of 3 cards."""
    values = evaluate3(hands, order)
    names = [three_card_name(c << 12, order) for c in range(6)]
    by_cat = np.array([PP_CLASSES.index(n) for n in names], dtype=np.int64)
    cls = by_cat[values >> 12]
    ranks = np.sort(hands >> 2, axis=1)
    suits = hands & 3
    mini = (ranks[:, 0] == 12) & (ranks[:, 1] == 13) & (ranks[:, 2] == 14) & (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    return values, np.where(mini, PP_CLASSES.index("mini_royal"), cls)


def keyer(variant: PokerVariant) -> Any:
    from croupier.cards.poker import evaluate
    from croupier.games.dealer_poker.analysis import five_card_classes

    order = variant.option("order")

    def keys(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int64]]:
        pv, pc = pp_classes(deals[:, :3], order)
        dv = evaluate3(deals[:, 3:6], order)
        played = (pv >= Q64).astype(np.int64)
        show = np.where(dv < QUEEN_HIGH, 0, np.where(pv > dv, 1, np.where(pv == dv, 2, 3)))
        return {
            "ante": pc * 8 + played * 4 + show,
            "pair_plus": pc * 2 + played,
            "six_card_bonus": five_card_classes(evaluate(deals[:, :6])),
        }

    return keys


def simulate(engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int,
             progress: Any = None) -> list[Any]:
    from croupier.games.dealer_poker.analysis import BetPlan, simulate_bets

    unit = stake_unit(variant)
    plans = {"ante": BetPlan([BetRequest("ante", unit)], lambda s: per_ante(s, ("ante", "play")))}
    for code in ("pair_plus", "six_card_bonus"):
        if variant.table(code):
            plans[code] = BetPlan([BetRequest("ante", unit), BetRequest(code, unit)],
                                  lambda s, c=code: per_stake(s, c))  # type: ignore[misc]
    return simulate_bets(engine, variant, rounds, seed, 6, keyer(variant), plans, q64, progress)
