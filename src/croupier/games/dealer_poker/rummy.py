"""Three Card Rummy (001 §9.3): the lower hand wins.

Round: Ante (with the optional Bonus) -> three cards to the player -> Raise (a second bet equal to
the Ante) or Pass (the Ante is lost) -> three cards to the dealer -> settlement:

* points: 2-10 face value, J/Q/K 10, Ace 1; a pair, three of a kind, two or three consecutive
  cards of one suit score 0 (A-K is not consecutive); each card in one combination at most; the
  grouping with the fewest points counts (001 §9.3);
* the dealer qualifies with 20 points or fewer. Not qualified: Ante and Raise come back "increased
  by 1.5 times" (Ante 1:1, Raise returned). Qualified: fewer points win by the payout table (not
  given: ASSUMPTION, Ante 1:1 and the Raise table by the player's points), more points lose
  both, equal points push;
* the Bonus pays by its table on the player's three cards whatever happens (ASSUMPTION, table not
  given).

Exact over every pair of disjoint player and dealer hands (22,100 x 18,424), under the documented
strategy "raise with ``raise_max_points`` points or fewer".
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker import combinations, paytable_row
from croupier.errors import UnknownBetCode
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker.analysis import class_distribution, per_ante, per_stake, stake_unit
from croupier.games.dealer_poker.engine import Deal, DealerPokerEngine, Decide, PokerState, Step
from croupier.games.dealer_poker.variant import PokerVariant, Schema
from croupier.games.maths import BetRTP, summarize

RAISE, PASS = Decision("raise"), Decision("pass")
QUALIFY_MAX = 20  # 001 §9.3: the dealer needs 20 points or fewer
RAISE_HANDS = ("points_0", "points_1_5", "points_6_19", "points_20_30")
BONUS_HANDS = ("suited_a23", "points_0", "points_1_5", "points_6_10", "points_11_12")
#: a suited A-2-3 is a run (001 §9.3): 0 points, paid by the 0-point row when it has none
BONUS_PARENTS = {"suited_a23": "points_0"}


def schema(game: str) -> Schema:
    return Schema(
        game=game,
        tables={"raise": frozenset(RAISE_HANDS), "bonus": frozenset(BONUS_HANDS)},
        required_tables=frozenset({"raise"}),
        options={"raise_max_points": 20},
        bet_codes=("ante", "bonus"),
    )


def value(card: int) -> int:
    r = card >> 2
    return 1 if r == 14 else 10 if r >= 11 else r


def _linked(a: int, b: int) -> bool:
    """A pair, or two consecutive cards of one suit (Ace low: A-2 yes, K-A no)."""
    ra, rb = a >> 2, b >> 2
    if ra == rb:
        return True
    if a & 3 != b & 3:
        return False
    la, lb = (1 if ra == 14 else ra), (1 if rb == 14 else rb)
    return abs(la - lb) == 1


def points(cards: tuple[int, ...]) -> int:
    """The fewest points of three cards (001 §9.3)."""
    a, b, c = cards
    best = value(a) + value(b) + value(c)
    for x, y, z in ((a, b, c), (a, c, b), (b, c, a)):
        if _linked(x, y):
            best = min(best, value(z))
    ranks = sorted((1 if r == 14 else r) for r in (a >> 2, b >> 2, c >> 2))
    if a >> 2 == b >> 2 == c >> 2:
        best = 0
    if len({a & 3, b & 3, c & 3}) == 1 and ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        best = 0
    return best


def raise_hand(p: int) -> str:
    return "points_0" if p == 0 else "points_1_5" if p <= 5 else "points_6_19" if p <= 19 else "points_20_30"


def bonus_hand(cards: tuple[int, ...]) -> str | None:
    if len({c & 3 for c in cards}) == 1 and sorted(c >> 2 for c in cards) == [2, 3, 14]:
        return "suited_a23"
    p = points(cards)
    if p == 0:
        return "points_0"
    return "points_1_5" if p <= 5 else "points_6_10" if p <= 10 else "points_11_12" if p <= 12 else None


class RummyRules:
    initial_codes: tuple[str, ...] = ("ante", "bonus")

    def __init__(self, game: str) -> None:
        self.game = game

    def check_bets(self, variant: PokerVariant, stakes: Mapping[str, int]) -> None:
        if "bonus" in stakes and not variant.table("bonus"):
            raise UnknownBetCode(f"this {self.game} table ({variant.name}) offers no bonus bet")

    def next_step(self, state: PokerState) -> Step:
        if state.count("player") < 3:
            return Deal("player")
        if not state.decisions:
            return Decide((RAISE, PASS))
        if state.count("dealer") < 3:
            return Deal("dealer")
        return None

    def decide(self, state: PokerState, decision: Decision) -> tuple[list[tuple[str, int, bool]], tuple[int, ...]]:
        if decision.name == "raise":
            return [("raise", state.stake("ante"), False)], ()
        return [], ()

    def returns(self, state: PokerState) -> dict[int, Fraction]:
        v = state.variant
        player = state.hand("player")
        p = points(player)
        ante = rse = Fraction(0)
        if state.decided("raise"):
            d = points(state.hand("dealer"))
            if d > QUALIFY_MAX:
                ante, rse = Fraction(2), Fraction(1)
            elif p < d:
                pay = v.table("raise").get(raise_hand(p))
                ante, rse = Fraction(2), (pay.total if pay is not None else Fraction(1))
            elif p == d:
                ante, rse = Fraction(1), Fraction(1)
        out: dict[int, Fraction] = {}
        for b in state.bets:
            if b.code == "ante":
                out[b.bet_id] = ante
            elif b.code == "raise":
                out[b.bet_id] = rse
            elif b.code == "bonus":
                h = bonus_hand(player)
                pay = paytable_row(v.table("bonus"), h, BONUS_PARENTS) if h is not None else None
                out[b.bet_id] = pay.total if pay is not None else Fraction(0)
        return out


def raises(state: PokerState, legal: list[Decision]) -> Decision:
    """Raise with ``raise_max_points`` points or fewer (a variant option), pass the rest."""
    return RAISE if points(state.hand("player")) <= int(state.variant.option("raise_max_points")) else PASS


# -- exact analysis ------------------------------------------------------------------------------


@cache
def _hands() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    hands = combinations(np.arange(8, 60), 3)
    pts = np.array([points(tuple(int(c) for c in h)) for h in hands], dtype=np.int64)
    masks = np.zeros(len(hands), dtype=np.int64)
    for j in range(3):
        masks |= np.left_shift(np.int64(1), hands[:, j])
    return hands, pts, masks


@jit
def _classes(pts: npt.NDArray[np.int64], masks: npt.NDArray[np.int64], threshold: int,
             qualify: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Key ``player points * 8 + raised * 4 + outcome`` (0 dealer does not qualify, 1 player
    fewer points, 2 equal, 3 dealer fewer) over every disjoint pair of hands."""
    n = pts.shape[0]
    counts = np.zeros(31 * 8, dtype=np.int64)
    reps = np.zeros((31 * 8, 2), dtype=np.int64)
    for i in range(n):
        p = pts[i]
        base = p * 8 + (4 if p <= threshold else 0)
        for j in range(n):
            if masks[i] & masks[j]:
                continue
            d = pts[j]
            out = 0 if d > qualify else (1 if p < d else (2 if p == d else 3))
            k = base + out
            if counts[k] == 0:
                reps[k, 0] = i
                reps[k, 1] = j
            counts[k] += 1
    return counts, reps


def exact(engine: DealerPokerEngine, variant: PokerVariant) -> list[BetRTP]:
    hands, pts, masks = _hands()
    unit = stake_unit(variant)
    counts, reps = _classes(pts, masks, int(variant.option("raise_max_points")), QUALIFY_MAX)
    main = {int(k): (int(counts[k]), [*map(int, hands[reps[k, 0]]), *map(int, hands[reps[k, 1]])])
            for k in np.nonzero(counts)[0]}
    out = [summarize("ante", [class_distribution(engine, variant, [BetRequest("ante", unit)], main, raises,
                                                 lambda s: per_ante(s, ("ante", "raise")))],
                     f"per unit of Ante, Raise included; strategy: raise with {variant.option('raise_max_points')} points or fewer")]
    if variant.table("bonus"):
        bonus: dict[int, tuple[int, list[int]]] = {}
        for h in hands:
            cards = tuple(int(c) for c in h)
            name = bonus_hand(cards)
            k = -1 if name is None else BONUS_HANDS.index(name)
            n, rep = bonus.get(k, (0, list(cards)))
            bonus[k] = (n + 1, rep)
        bets = [BetRequest("ante", unit), BetRequest("bonus", unit)]
        out.append(summarize("bonus", [class_distribution(engine, variant, bets, bonus, raises,
                                                          lambda s: per_stake(s, "bonus"))]))
    return out


@cache
def _points_table() -> npt.NDArray[np.int64]:
    """:func:`points` of every three cards, at ``[lowest, middle, highest]`` card code."""
    hands, pts, _ = _hands()
    table = np.full((61, 61, 61), -1, dtype=np.int64)
    ordered = np.sort(hands, axis=1)
    table[ordered[:, 0], ordered[:, 1], ordered[:, 2]] = pts
    return table


def _lookup(table: npt.NDArray[np.int64], cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    c = np.sort(cards.astype(np.int64), axis=1)
    out: npt.NDArray[np.int64] = table[c[:, 0], c[:, 1], c[:, 2]]
    return out


def simulate(engine: DealerPokerEngine, variant: PokerVariant, rounds: int, seed: int,
             progress: Any = None) -> list[Any]:
    """Three Card Rummy is exact; the simulation plays deals through the engine to confirm it."""
    from croupier.games.dealer_poker.analysis import BetPlan, simulate_bets

    threshold = int(variant.option("raise_max_points"))

    table = _points_table()

    def keys(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.int64]]:
        p = _lookup(table, deals[:, :3])
        d = _lookup(table, deals[:, 3:6])
        out = np.where(d > QUALIFY_MAX, 0, np.where(p < d, 1, np.where(p == d, 2, 3)))
        return {"ante": p * 8 + np.where(p <= threshold, 4, 0) + out}

    unit = stake_unit(variant)
    plans = {"ante": BetPlan([BetRequest("ante", unit)], lambda s: per_ante(s, ("ante", "raise")))}
    return list(simulate_bets(engine, variant, rounds, seed, 6, keys, plans, raises, progress))
