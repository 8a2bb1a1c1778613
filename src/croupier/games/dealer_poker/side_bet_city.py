"""Side Bet City (000 §12.53): bets on the 3-, 5- and 7-card poker hands of one dealt hand.

Seven cards are dealt from a fresh deck: the first three make the 3 Card Hand, the first five the
5 Card Hand, all seven the 7 Card Hand (best five of seven). Each hand bet pays its best
qualifying combination (ASSUMPTION: the highest only); All Lose pays 0.7:1 when none of the three
hands wins, whether or not they were bet on. No decisions, no Ante.

Exact: the 3 Card Hand over its 22,100 hands, the 5 Card Hand over its 2,598,960, the 7 Card
Hand from the seven-card class counts. All Lose depends on all three hands at once (a joint
enumeration of ordered deals is 10^10 and more): its figure is simulated and reported so.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker import (
    _eval,
    combinations,
    evaluate,
    evaluate3,
    hand_name,
    hand_value,
    is_mini_royal,
    three_card_name,
    three_card_value,
)
from croupier.cards.poker_tables import HIGH, STRAIGHT, TOP5
from croupier.errors import InvalidBet
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker.analysis import (
    BetPlan,
    class_distribution,
    classes_from_arrays,
    per_stake,
    seven_card_classes,
    simulate_bets,
    stake_unit,
)
from croupier.games.dealer_poker.engine import Deal, DealerPokerEngine, PokerState, Step
from croupier.games.dealer_poker.variant import PokerVariant, Schema
from croupier.games.maths import BetRTP, summarize

THREE = ("royal_flush", "straight_flush", "three_of_a_kind", "straight", "flush", "pair")
FIVE = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
        "three_of_a_kind", "two_pair", "pair_jacks_or_better")
SEVEN = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
         "three_of_a_kind")
CODES = ("three_card", "five_card", "seven_card", "all_lose")


def schema(game: str) -> Schema:
    return Schema(
        game=game,
        tables={"three_card": frozenset(THREE), "five_card": frozenset(FIVE),
                "seven_card": frozenset(SEVEN), "all_lose": frozenset({"all_lose"})},
        required_tables=frozenset(CODES),
        options={},
        bet_codes=CODES,
    )


def three_hand(cards: tuple[int, ...]) -> str:
    if is_mini_royal(cards):
        return "royal_flush"  # A-K-Q suited (000 §12.53 ASSUMPTION)
    return three_card_name(three_card_value(cards))


def five_hand(cards: tuple[int, ...]) -> str:
    v = hand_value(cards)
    name = hand_name(v)
    if name == "pair":
        return "pair_jacks_or_better" if (v >> 16) & 15 >= 11 else "pair"
    return name


def seven_hand(cards: tuple[int, ...]) -> str:
    return hand_name(hand_value(cards))


class SideBetCityRules:
    initial_codes: tuple[str, ...] = CODES
    requires_ante = False

    def __init__(self, game: str) -> None:
        self.game = game

    def check_bets(self, variant: PokerVariant, stakes: Mapping[str, int]) -> None:
        if not stakes:  # pragma: no cover - the engine refuses an empty slip first
            raise InvalidBet("a round needs at least one bet")

    def next_step(self, state: PokerState) -> Step:
        return Deal("board") if state.count("board") < 7 else None

    def decide(self, state: PokerState, decision: Decision) -> tuple[list[tuple[str, int, bool]], tuple[int, ...]]:
        raise InvalidBet("Side Bet City takes no decision")  # pragma: no cover - never offered

    def returns(self, state: PokerState) -> dict[int, Fraction]:
        v = state.variant
        cards = state.hand("board")
        hands = {"three_card": three_hand(cards[:3]), "five_card": five_hand(cards[:5]),
                 "seven_card": seven_hand(cards)}
        ratio = {code: (v.table(code)[h].total if h in v.table(code) else Fraction(0))
                 for code, h in hands.items()}
        none_wins = all(r == 0 for r in ratio.values())
        ratio["all_lose"] = v.table("all_lose")["all_lose"].total if none_wins else Fraction(0)
        return {b.bet_id: ratio[b.code] for b in state.bets}


def _nobody(state: PokerState, legal: list[Decision]) -> Decision:  # pragma: no cover - no decisions
    raise InvalidBet("Side Bet City takes no decision")


@jit
def _five_classes(top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
                  straight: npt.NDArray[np.int32]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """All five-card hands: class 0..9 categories, 10 royal, 11 a pair of Jacks or better."""
    counts = np.zeros(12, dtype=np.int64)
    reps = np.zeros((12, 5), dtype=np.int64)
    idx = np.arange(5)
    buf = np.empty(5, dtype=np.int64)
    while True:
        for j in range(5):
            buf[j] = idx[j] + 8
        v = _eval(buf, 5, top5, high, straight)
        cat = v >> 20
        if cat == 8 and (v >> 16) & 15 == 14:
            cat = 10
        elif cat == 1 and (v >> 16) & 15 >= 11:
            cat = 11
        if counts[cat] == 0:
            for j in range(5):
                reps[cat, j] = buf[j]
        counts[cat] += 1
        i = 4
        while i >= 0 and idx[i] == 47 + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, 5):
            idx[j] = idx[j - 1] + 1
    return counts, reps


@cache
def _three_classes() -> dict[int, tuple[int, list[int]]]:
    hands = combinations(np.arange(8, 60), 3)
    names = [three_hand(tuple(int(c) for c in h)) for h in hands]
    out: dict[int, tuple[int, list[int]]] = {}
    order = ["high_card", *THREE]
    for h, nm in zip(hands, names, strict=True):
        k = order.index(nm)
        n, rep = out.get(k, (0, [int(c) for c in h]))
        out[k] = (n + 1, rep)
    return out


def _all_lose_keys(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int64]]:
    three = evaluate3(deals[:, :3]) >> 12  # 0 high card: the only losing 3 Card Hand
    five = evaluate(deals[:, :5])
    five_loses = (five >> 20 == 0) | ((five >> 20 == 1) & (((five >> 16) & 15) < 11))
    seven_loses = (evaluate(deals) >> 20) <= 2
    return {"all_lose": ((three == 0) & five_loses & seven_loses).astype(np.int64)}


def exact(engine: DealerPokerEngine, variant: PokerVariant) -> list[BetRTP]:
    unit = stake_unit(variant) * 10  # 0.7:1 needs tenths
    out: list[BetRTP] = []
    c5, r5 = _five_classes(TOP5, HIGH, STRAIGHT)
    sources = {"three_card": _three_classes(), "five_card": classes_from_arrays(c5, r5),
               "seven_card": seven_card_classes()}
    for code, classes in sources.items():
        out.append(summarize(code, [class_distribution(
            engine, variant, [BetRequest(code, unit)], classes, _nobody,
            lambda s, c=code: per_stake(s, c))]))  # type: ignore[misc]
    out += simulate(engine, variant, variant.sim_rounds, 1)
    return out


def simulate(engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int,
             progress: Any = None) -> list[Any]:
    unit = stake_unit(variant) * 10
    plans = {"all_lose": BetPlan([BetRequest("all_lose", unit)], lambda s: per_stake(s, "all_lose"),
                                 "no exact enumeration: the three hands are joint")}
    return list(simulate_bets(engine, variant, rounds, seed, 7, _all_lose_keys, plans, _nobody, progress))
