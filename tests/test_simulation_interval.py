"""SimBet.of_sums: every simulation's estimate and 99% interval come from one formula."""

from __future__ import annotations

from math import isclose
from statistics import NormalDist

from croupier.games.registry import SimBet


def test_sim_bet_of_sums_is_the_mean_and_z99_standard_errors() -> None:
    # returns 0, 2, 0, 2 per unit staked: mean 1, variance 1, standard error 1/2
    est = SimBet.of_sums("red", 4, 4.0, 8.0)
    z = NormalDist().inv_cdf(0.995)
    assert est.rtp == 1.0 and est.rounds == 4
    assert isclose(est.ci99[0], 1 - z / 2) and isclose(est.ci99[1], 1 + z / 2)
    flat = SimBet.of_sums("red", 3, 3.0, 3.0)  # no spread: the interval is the point
    assert flat.ci99 == (1.0, 1.0)
