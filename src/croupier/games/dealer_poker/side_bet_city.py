"""Side Bet City (000 §12.53): bets on the 3-, 5- and 7-card poker hands of one dealt hand.

Seven cards are dealt from a fresh deck: the first three make the 3 Card Hand, the first five the
5 Card Hand, all seven the 7 Card Hand (best five of seven). Each hand bet pays its best
qualifying combination (ASSUMPTION: the highest only); All Lose pays 0.7:1 when none of the three
hands wins, whether or not they were bet on. No decisions, no Ante.

Exact: the 3 Card Hand over its 22,100 hands, the 5 Card Hand over its 2,598,960, the 7 Card
Hand from the seven-card class counts, and All Lose over every (first three, next two, last two)
deal: for each first five B that loses both the 3- and the 5-card bets (counting its losing first
threes), the losing pairs of last cards are counted once per suit pattern of B (the four suit
masks, sorted, are the same for every suit permutation), 22,100 x 1,176 x 1,081 deals in all.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import types
from numba.typed import Dict

from croupier.cards._jit import jit
from croupier.cards.poker import (
    combinations,
    evaluate,
    evaluate3,
    hand_name,
    hand_value,
    is_mini_royal,
    paytable_row,
    three_card_name,
    three_card_value,
)
from croupier.cards.poker_tables import STRAIGHT, STRAIGHT3
from croupier.errors import InvalidBet
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker.analysis import (
    BetPlan,
    card_classes,
    class_distribution,
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
        rows = {code: paytable_row(v.table(code), h) for code, h in hands.items()}
        ratio = {code: (Fraction(0) if row is None else row.total) for code, row in rows.items()}
        none_wins = all(r == 0 for r in ratio.values())
        ratio["all_lose"] = v.table("all_lose")["all_lose"].total if none_wins else Fraction(0)
        return {b.bet_id: ratio[b.code] for b in state.bets}


def _nobody(state: PokerState, legal: list[Decision]) -> Decision:  # pragma: no cover - no decisions
    raise InvalidBet("Side Bet City takes no decision")


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


@jit
def _all_lose_count(straight: npt.NDArray[np.int8], straight3: npt.NDArray[np.int8]) -> int:
    """Deals (first three, next two, last two) on which no hand bet wins (see the module docs)."""
    memo = Dict.empty(key_type=types.int64, value_type=types.int64)
    total = 0
    idx = np.arange(5)
    b = np.empty(5, dtype=np.int64)
    while True:
        for j in range(5):
            b[j] = idx[j] + 8
        m1 = 0
        m2 = 0
        m3 = 0
        suitm = np.zeros(4, dtype=np.int64)
        for j in range(5):
            bit = 1 << (b[j] >> 2)
            m3 |= m2 & bit
            m2 |= m1 & bit
            m1 |= bit
            suitm[b[j] & 3] |= bit
        flush5 = False
        for s in range(4):
            cnt = 0
            x = suitm[s]
            while x:
                x &= x - 1
                cnt += 1
            if cnt == 5:
                flush5 = True
        pairs = 0
        x = m2
        while x:
            x &= x - 1
            pairs += 1
        low_pair = pairs == 0 or (pairs == 1 and m2 < (1 << 11))
        if m3 == 0 and low_pair and not flush5 and straight[m1] == 0:
            a = 0  # losing first threes: no pair, not one suit, not three in sequence
            for i1 in range(5):
                for i2 in range(i1 + 1, 5):
                    for i3 in range(i2 + 1, 5):
                        x1, x2, x3 = b[i1], b[i2], b[i3]
                        r1, r2, r3 = x1 >> 2, x2 >> 2, x3 >> 2
                        if r1 == r2 or r2 == r3 or r1 == r3:
                            continue
                        if (x1 & 3) == (x2 & 3) and (x2 & 3) == (x3 & 3):
                            continue
                        if straight3[(1 << r1) | (1 << r2) | (1 << r3)]:
                            continue
                        a += 1
            if a:
                ms = np.sort(suitm)
                key = ms[0] | (ms[1] << 15) | (ms[2] << 30) | (ms[3] << 45)
                c = memo.get(key, -1)
                if c < 0:
                    c = 0
                    for q1 in range(8, 60):
                        if (suitm[q1 & 3] >> (q1 >> 2)) & 1:
                            continue
                        for q2 in range(q1 + 1, 60):
                            if (suitm[q2 & 3] >> (q2 >> 2)) & 1:
                                continue
                            b1 = 1 << (q1 >> 2)
                            b2 = 1 << (q2 >> 2)
                            if (m2 & b1) or (m2 & b2) or (b1 == b2 and (m1 & b1)):
                                continue  # three of a kind
                            if straight[m1 | b1 | b2]:
                                continue
                            s1 = q1 & 3
                            s2 = q2 & 3
                            n1 = 0
                            x = suitm[s1]
                            while x:
                                x &= x - 1
                                n1 += 1
                            if s1 == s2:
                                if n1 + 2 >= 5:
                                    continue
                            else:
                                n2 = 0
                                x = suitm[s2]
                                while x:
                                    x &= x - 1
                                    n2 += 1
                                if n1 + 1 >= 5 or n2 + 1 >= 5:
                                    continue
                            c += 1
                    memo[key] = c
                total += a * c
        i = 4
        while i >= 0 and idx[i] == 47 + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, 5):
            idx[j] = idx[j - 1] + 1
    return total


@cache
def all_lose_classes() -> dict[int, tuple[int, list[int]]]:
    """Exact counts of losing (key 0) and winning (key 1) All Lose deals, with representatives."""
    wins = int(_all_lose_count(STRAIGHT, STRAIGHT3))
    total = comb(52, 3) * comb(49, 2) * comb(47, 2)
    found = sample_classes_plain(_all_lose_keys)
    return {0: (total - wins, found[0]), 1: (wins, found[1])}


def sample_classes_plain(keyer: Any) -> dict[int, list[int]]:
    from croupier.games.dealer_poker.analysis import random_deals, seed_rng

    deals = random_deals(seed_rng(5), 1000, 7)
    keys = keyer(deals)["all_lose"]
    return {k: [int(c) for c in deals[int(np.argmax(keys == k))]] for k in (0, 1)}


def exact(engine: DealerPokerEngine, variant: PokerVariant) -> list[BetRTP]:
    unit = stake_unit(variant) * 10  # 0.7:1 needs tenths
    out: list[BetRTP] = []
    sources = {"three_card": _three_classes(), "five_card": card_classes(5, 52, False, 11),
               "seven_card": seven_card_classes()}
    for code, classes in sources.items():
        out.append(summarize(code, [class_distribution(
            engine, variant, [BetRequest(code, unit)], classes, _nobody,
            lambda s, c=code: per_stake(s, c))]))  # type: ignore[misc]
    out.append(summarize("all_lose", [class_distribution(
        engine, variant, [BetRequest("all_lose", unit)], all_lose_classes(), _nobody,
        lambda s: per_stake(s, "all_lose"))]))
    return out


def simulate(engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int,
             progress: Any = None) -> list[Any]:
    unit = stake_unit(variant) * 10
    plans = {"all_lose": BetPlan([BetRequest("all_lose", unit)], lambda s: per_stake(s, "all_lose"))}
    return list(simulate_bets(engine, variant, rounds, seed, 7, _all_lose_keys, plans, _nobody, progress))
