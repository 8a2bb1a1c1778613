"""Lightning Dice (000 §12.47): totals 3-18, Lightning numbers whose multiplier replaces the base
odds; exact RTP over the multiplier distribution checked by a closed form; simulation."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import InvalidSelection
from croupier.games.base import BetRequest
from croupier.games.dice.lightning import GAME
from croupier.games.dice.rolled.engine import draws_for
from croupier.games.dice.rolled.exact import distributions
from croupier.games.registry import load_variant

ENGINE = GAME.engine
V = load_variant("lightning_dice", "lightning_dice")


def ways(t):
    return sum(1 for a in range(1, 7) for b in range(1, 7) if 1 <= t - a - b <= 6)


def roll(bets, dice, struck=()):
    state = ENGINE.start(V, bets, "EUR")
    for d in draws_for(ENGINE, V, dice, struck):
        state = ENGINE.apply(state, d)
    return ENGINE.settle(state)


def test_000_12_47_base_odds_without_lightning():
    s = roll([BetRequest("total", 100, (10,))], (3, 3, 4), [(("total", (3,)), 0)])
    assert s.bets[0].returned == 100 * V.payouts["total_10"].total


def test_000_12_47_lightning_multiplier_replaces_the_base_odds():
    t = V.strikes.table_for(("total", (10,)))
    s = roll([BetRequest("total", 100, (10,)), BetRequest("total", 100, (11,))], (3, 3, 4),
             [(("total", (10,)), 2)])
    assert s.bets[0].returned == 100 * t.values[2]
    assert s.bets[1].returned == 0


@pytest.mark.parametrize("target", [(2,), (19,), ()])
def test_000_12_47_totals_are_3_to_18(target):
    with pytest.raises(InvalidSelection):
        ENGINE.start(V, [BetRequest("total", 100, target)], "EUR")


def test_000_12_47_exact_rtp_equals_closed_form():
    d = distributions(ENGINE, V)
    p = V.strikes.expected_count / 16
    for t in range(3, 19):
        table = V.strikes.table_for(("total", (t,)))
        mean = sum((Fraction(w, table.total_weight) * x for w, x in zip(table.weights, table.values,
                                                                       strict=True)), Fraction(0))
        want = Fraction(ways(t), 216) * ((1 - p) * V.payouts[f"total_{t}"].total + p * mean)
        assert d[("total", (t,))].mean == want
        assert Fraction(95, 100) <= want <= Fraction(975, 1000)


def test_000_12_47_simulation_agrees():
    exact = {r.bet: r.rtp for r in GAME.exact(V)}
    (s,) = GAME.simulate(V, 400_000, 4, None)
    assert s.ci99[0] <= exact["total"] <= s.ci99[1]


def test_000_12_47_a_lightning_multiplier_never_lowers_a_win():
    from croupier.errors import VariantError
    from croupier.games.dice.lightning import RULES
    from croupier.games.dice.rolled.parse import parse_variant
    from croupier.games.registry import read_data

    data = read_data("lightning_dice", "lightning_dice")
    data["payouts"] = dict(data["payouts"], total_10="x500")
    with pytest.raises(VariantError, match="not more than its base"):
        parse_variant(RULES, data, "bad")
