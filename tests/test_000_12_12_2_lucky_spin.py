"""Lucky Spin (000 §12.12.2, end): six sectors x0, x1, x2, x4, x10, x100 multiply the winnings; the
sector weights (ASSUMPTION) give a mean of 0.96, cross-checked through the engine; bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import game, load_variant
from croupier.games.shows.lucky_spin import ENGINE, GAME

from .shows_helpers import assert_simulation_inside, one_spin_rtp

V = load_variant("lucky_spin", "standard")
SECTORS = [("x0", 0), ("x1", 1), ("x2", 2), ("x4", 4), ("x10", 10), ("x100", 100)]


def test_000_12_12_2_six_sectors_x0_x1_x2_x4_x10_x100() -> None:
    assert [(s.label, s.value) for s in V.wheel.segments] == SECTORS


@pytest.mark.parametrize(("label", "factor"), SECTORS)
def test_000_12_12_2_sector_multiplies_the_winnings(label: str, factor: int) -> None:
    x = V.wheel.positions.index(V.wheel.segments.index(V.wheel.segment(label)))
    state = ENGINE.apply(ENGINE.start(V, [BetRequest("spin", 960)], "AMD"), DrawAction("spin", x))
    assert ENGINE.settle(state).bets[0].returned == 960 * factor  # 960 AMD on x4 pays 3,840


def test_000_12_12_2_equal_probabilities_would_return_19_5_so_weights_are_assumed() -> None:
    equal = GAME.parse_variant({"title": "t", "source": "s", "segments": [
        {"label": s, "count": 1, "value": f} for s, f in SECTORS], "bets": [{"code": "spin", "pays": "value"}]}, "eq")
    assert game("lucky_spin").exact(equal)[0].rtp == Fraction(117, 6)  # 19.5
    weights = {s.label: s.count for s in V.wheel.segments}
    assert sum(weights.values()) == 1000
    mean = sum(Fraction(weights[s] * f, 1000) for s, f in SECTORS)
    assert game("lucky_spin").exact(V)[0].rtp == mean == Fraction(96, 100)
    assert one_spin_rtp(ENGINE, V, BetRequest("spin", 1)) == mean


def test_000_12_12_2_simulation_within_99_percent_interval() -> None:
    assert_simulation_inside("lucky_spin", V)


def test_000_12_12_2_bad_input_is_refused() -> None:
    with pytest.raises(UnknownBetCode):
        ENGINE.start(V, [BetRequest("x100", 100)], "AMD")
    with pytest.raises(InvalidSelection):
        ENGINE.start(V, [BetRequest("spin", 100, ("x100",))], "AMD")
    with pytest.raises(VariantError, match="wins on no segment"):
        GAME.parse_variant({"title": "t", "source": "s", "segments": [{"label": "a", "count": 1}],
                            "bets": [{"code": "b", "pays": "x2", "when": {"label": "z"}}]}, "bad")
