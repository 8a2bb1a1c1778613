"""Exact RTP of Keno Express: every selection of every bet, P(win) = winners / 100, the return
of a winning and a losing number asked of the engine's settlement. The tests cross-check by
enumerating all 100 numbers through the full engine for sampled selections, and by the closed
form odds(w) x w / 100."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from croupier.errors import InvalidSelection
from croupier.games.base import BetRequest
from croupier.games.draws.kenoexpress.engine import ENGINE, winners, wins
from croupier.games.draws.kenoexpress.variant import CODES, KenoExpressVariant
from croupier.games.draws.ticket import Outcome, PlacedBet, Selection
from croupier.games.maths import BetRTP, Distribution, summarize


def selections(variant: KenoExpressVariant, code: str) -> Iterator[Selection]:
    nums = list(variant.draw.numbers)
    cands: Iterator[Selection] = ((n,) for n in nums) if code in ("lower", "higher") else \
        ((a, b) for a in nums for b in nums if a <= b)
    for sel in cands:
        try:
            yield ENGINE.place(variant, BetRequest(code, 1, sel))
        except InvalidSelection:
            continue


def distribution(variant: KenoExpressVariant, code: str, sel: Selection) -> Distribution:
    nums = list(variant.draw.numbers)
    w = winners(variant, code, sel)
    win = next(n for n in nums if wins(variant, code, sel, n))
    lose = next(n for n in nums if not wins(variant, code, sel, n))
    bet = PlacedBet(0, code, 1, sel)
    n = variant.draw.balls
    return Distribution.of([(Fraction(w, n), ENGINE.ratio(variant, bet, Outcome.of((win,)))),
                            (Fraction(n - w, n), ENGINE.ratio(variant, bet, Outcome.of((lose,))))])


def exact(variant: KenoExpressVariant) -> list[BetRTP]:
    rows = []
    for code in CODES:
        by_w: dict[int, Distribution] = {}
        for sel in selections(variant, code):  # the law depends on the winners' count only
            by_w.setdefault(winners(variant, code, sel), distribution(variant, code, sel))
        rows.append(summarize(code, list(by_w.values()),
                              note=f"{len(by_w)} win probabilities; odds {variant.rtp} / P rounded "
                                   f"{variant.odds_rounding} to 2 decimals"))
    return rows
