"""32 Cards (000 §12.57): four players 8, 9, 10, 11 race with one card each; tied leaders draw again.

The deck: 6, 7, 8, 9, J, Q, K and the ace "T" of four suits, scoring 6, 7, 8, 9, 11, 12, 13 and 10
(000 §12.57 table). Player n starts with n points; each gets one card (in the order 8, 9, 10, 11);
the highest total wins; if several share the highest total, only they get one more card each,
added to their totals, until one leads. Suits do not matter.

Exact analysis deals the four first cards by rank through the engine. At a tie among ``k`` leaders
the leaders are exchangeable (equal totals, cards from the same deck), so each wins with
probability exactly ``1/k`` (a deck that runs out goes on with a fresh one): the engine settles one
decisive tie-break per leader.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from croupier.cards import name as card_name
from croupier.cards import rank_of
from croupier.cards._jit import jit
from croupier.games.base import BetRequest, DrawAction
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.dealt import (
    DealEngine,
    DealRules,
    Dealt,
    DealtState,
    DealtVariant,
    game_spec,
    unit_stake,
)
from croupier.games.cardcompare.fastsim import deal_codes
from croupier.games.describe import generic_cards_display
from croupier.games.maths import BetRTP, Distribution, summarize

RANKS: Final = (6, 7, 8, 9, 11, 12, 13, 14)
#: 000 §12.57 points table: the ace "T" scores 10
POINTS: Final = {6: 6, 7: 7, 8: 8, 9: 9, 14: 10, 11: 11, 12: 12, 13: 13}
PLAYERS: Final = (8, 9, 10, 11)


def standing(dealt: Dealt) -> tuple[tuple[int, ...], str | None]:
    """The players still in contention and the slot of the next card (``None``: decided)."""
    totals = {p: p for p in PLAYERS}
    contenders: tuple[int, ...] = PLAYERS
    i = 0
    while True:
        for p in contenders:
            if i == len(dealt):
                return contenders, f"player_{p}"
            totals[p] += POINTS[rank_of(dealt[i][1])]
            i += 1
        best = max(totals[p] for p in contenders)
        contenders = tuple(p for p in contenders if totals[p] == best)
        if len(contenders) == 1:
            return contenders, None


class Cards32Rules(DealRules):
    game = "cards32"
    title = "32 Cards"
    codes = tuple(f"player_{p}" for p in PLAYERS)

    def shoe(self, v: DealtVariant) -> Composition:
        return Composition.decks(v.decks, ranks=RANKS)

    def next_slot(self, v: DealtVariant, dealt: Dealt) -> str | None:
        return standing(dealt)[1]

    def bet_return(self, v: DealtVariant, code: str, dealt: Dealt) -> Fraction:
        winner = standing(dealt)[0][0]
        return v.payouts[code].total if code == f"player_{winner}" else Fraction(0)

    def result(self, v: DealtVariant, dealt: Dealt) -> dict[str, Any]:
        return {"cards": [[slot, card_name(c)] for slot, c in dealt],
                "winner": standing(dealt)[0][0]}

    def display(self, v: DealtVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
        view = generic_cards_display(v, outcome)
        view["headline"] = f"Player {outcome['winner']} wins"
        return view

    def card_key(self, v: DealtVariant, card: int) -> Hashable:
        return rank_of(card)

    fast_draws = 16

    def fast_keys(self, v: DealtVariant, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
        """The winner (0-3 for players 8-11; everything a bet looks at), -1 past the row's cards."""
        codes = deal_codes(np.asarray(self.shoe(v).counts, dtype=np.int64), u)
        table = np.zeros(16, dtype=np.int64)
        for r, pts in POINTS.items():
            table[r] = pts
        out = np.empty(len(codes), dtype=np.int64)
        _winners(table[codes >> 2], np.asarray(PLAYERS, dtype=np.int64), out)
        return out


@jit
def _winners(points: Any, start: Any, out: Any) -> None:  # pragma: no cover - compiled
    """As :func:`standing`: one card each to the contenders in order until one leads."""
    n, d = points.shape
    for i in range(n):
        totals = start.copy()
        alive = np.ones(4, dtype=np.bool_)
        j = 0
        out[i] = -1
        while True:
            short = False
            for p in range(4):
                if alive[p]:
                    if j >= d:
                        short = True
                        break
                    totals[p] += points[i, j]
                    j += 1
            if short:
                break
            best = -1
            for p in range(4):
                if alive[p] and totals[p] > best:
                    best = totals[p]
            count = 0
            last = -1
            for p in range(4):
                if alive[p] and totals[p] == best:
                    count += 1
                    last = p
                else:
                    alive[p] = False
            if count == 1:
                out[i] = last
                break


RULES = Cards32Rules()


def _deal_rank(engine: DealEngine, state: DealtState, rank: int) -> DealtState:
    code = next(c for c, _ in state.shoe.codes() if rank_of(c) == rank)
    return engine.apply(state, DrawAction("card", state.shoe.index_of(code)))


def exact(v: DealtVariant) -> list[BetRTP]:
    engine = ENGINE
    unit = unit_stake(RULES, v)
    start = engine.start(v, [BetRequest(c, unit) for c in v.bet_codes], "XXX")
    acc: list[dict[Fraction, Fraction]] = [defaultdict(Fraction) for _ in v.bet_codes]

    def record(state: DealtState, w: Fraction) -> None:
        for i, b in enumerate(engine.settle(state).bets):
            acc[i][Fraction(b.returned, b.stake)] += w

    def walk(state: DealtState, w: Fraction, depth: int) -> None:
        if engine.is_finished(state):
            record(state, w)
            return
        if depth == 4:  # a tie among the leaders: each wins with probability 1/k
            leaders = standing(state.dealt)[0]
            for winner in leaders:
                s = state
                low = iter(sorted((r for r in RANKS for _ in range(4)), key=lambda r: POINTS[r]))
                for p in leaders:
                    top = max((r for c, _ in s.shoe.codes() for r in [rank_of(c)]), key=lambda r: POINTS[r])
                    if p == winner:
                        s = _deal_rank(engine, s, top)
                    else:
                        r = next(r for r in low if any(rank_of(c) == r for c, _ in s.shoe.codes())
                                 and POINTS[r] < POINTS[top])
                        s = _deal_rank(engine, s, r)
                record(s, w / len(leaders))
            return
        counts: dict[int, int] = defaultdict(int)
        for c, n in state.shoe.codes():
            counts[rank_of(c)] += n
        size = state.shoe.size
        for r, n in counts.items():
            walk(_deal_rank(engine, state, r), w * Fraction(n, size), depth + 1)

    walk(start, Fraction(1), 0)
    return [summarize(code, [Distribution.of((p, r) for r, p in acc[i].items())])
            for i, code in enumerate(v.bet_codes)]


GAME = game_spec(RULES, exact)
ENGINE: DealEngine = GAME.engine  # type: ignore[assignment]

__all__ = ["ENGINE", "GAME", "POINTS", "RULES", "standing"]
