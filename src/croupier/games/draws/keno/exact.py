"""Exact RTP of keno (``croupier rtp keno``): for each pick count n, the hit count h of the
player's n numbers against 20 of 80 balls is hypergeometric; the return for each h is asked of
the engine's own settlement (:meth:`KenoEngine.ratio` on a draw holding exactly h of the picks).

``tests/test_draws_keno.py`` cross-checks by a second method: every draw of a reduced drum
enumerated through the full engine (``start``/``apply``/``settle``), and the closed form
sum_h C(n,h) C(80-n,20-h) / C(80,20) * pays(n,h) on the variant's table.
"""

from __future__ import annotations

from fractions import Fraction

from croupier.games.base import BetRequest
from croupier.games.draws.hypergeom import hit_distribution
from croupier.games.draws.keno.engine import ENGINE
from croupier.games.draws.keno.variant import KenoVariant
from croupier.games.draws.ticket import Outcome, PlacedBet
from croupier.games.maths import BetRTP, Distribution, summarize


def draw_with_hits(variant: KenoVariant, picks: tuple[int, ...], hits: int) -> tuple[int, ...]:
    """A draw holding exactly ``hits`` of ``picks`` (the first ones) and other balls after."""
    others = [b for b in variant.draw.numbers if b not in picks]
    return picks[:hits] + tuple(others[: variant.draw.drawn - hits])


def pick_distribution(variant: KenoVariant, n: int) -> Distribution:
    """The return per unit staked of a pick-``n`` ticket, through the engine's settlement."""
    d = variant.draw
    picks = tuple(d.numbers)[:n]
    bet = PlacedBet(0, f"pick_{n}", 1, picks)
    ENGINE.place(variant, BetRequest(f"pick_{n}", 1, picks))  # the ticket is one the engine takes
    pairs = []
    for h, p in enumerate(hit_distribution(d.balls, d.drawn, n)):
        if p:
            pairs.append((p, ENGINE.ratio(variant, bet, Outcome.of(draw_with_hits(variant, picks, h)))))
    return Distribution.of(pairs)


def exact(variant: KenoVariant) -> list[BetRTP]:
    rows = []
    for n in range(1, variant.max_picks + 1):
        dist = pick_distribution(variant, n)
        rows.append(summarize(f"pick_{n}", [dist], note=""))
    return rows


def rtp_of(variant: KenoVariant, n: int) -> Fraction:
    return pick_distribution(variant, n).mean
