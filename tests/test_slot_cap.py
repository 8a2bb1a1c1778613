"""A per-round max-win cap (``max_win_multiple``, a variant option; none by default): a round never
returns more than the cap x the total bet. On a small slot where the cap binds, the exact RTP of the
capped full cycle (compiled) equals a brute force through the engine over every stop combination,
and the uncapped reel-by-reel sums less what the cap takes off; the simulators cap each round."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from croupier.errors import VariantError
from croupier.games.base import DrawAction
from croupier.games.slots.cycle import cycles
from croupier.games.slots.engine import ENGINE
from croupier.games.slots.exact import exact, slot_rtp
from croupier.games.slots.simulate import Simulator, batch_rng, simulate
from croupier.games.slots.variant import parse_variant
from tests.slot_helpers import start

# the module's compiled kernels compile once, on one worker (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("numba_slots")

CAP = 2


def _capped_slot(cap: int | None = CAP, lines: str = "lines") -> Any:
    data: dict[str, Any] = {
        "title": "t", "source": "t", "theme": "t", "rows": 2, "mode": lines,
        "symbols": {"W": {"name": "Wild", "role": "wild"}, "S": {"name": "Scatter", "role": "scatter"},
                    "A": {"name": "A", "role": "theme"}, "B": {"name": "B", "role": "card"}},
        "reels": ["A B S B A", "W A B B A", "A B W S B"],
        "paytable": {"A": [0, 2, 5], "B": [0, 1, 3]},
        "scatter": {"pays": [0, 0, 1, 4]},
        "bet": {"steps": {"EUR": [1, 2]}},
    }
    if lines == "lines":
        data["lines"] = [[0, 0, 0], [1, 1, 1], [0, 1, 0], [1, 0, 1]]
    else:
        data["bet_multiplier"] = 2
    if cap is not None:
        data["max_win_multiple"] = cap
    return parse_variant(data, "capped")


def _engine_distribution(v: Any) -> dict[int, int]:
    units = v.max_lines if v.mode == "lines" else v.bet_multiplier
    out: dict[int, int] = {}
    for stops in itertools.product(*(range(len(s)) for s in v.reels)):
        st = start(v, units, currency="XXX")
        for s in stops:
            st = ENGINE.apply(st, DrawAction("reel", s))
        out[st.win] = out.get(st.win, 0) + 1
    return out


@pytest.mark.parametrize("mode", ["lines", "ways"])
def test_max_win_cap_binds_and_two_methods_agree_on_the_capped_rtp(mode: str) -> None:
    v, free = _capped_slot(CAP, mode), _capped_slot(None, mode)
    units = v.max_lines if v.mode == "lines" else v.bet_multiplier
    dist = _engine_distribution(v)
    uncapped = _engine_distribution(free)
    assert max(dist) == CAP * units < max(uncapped)  # the cap binds
    combos = sum(dist.values())
    brute = Fraction(sum(w * c for w, c in dist.items()), combos * units)
    cut = Fraction(sum(max(w - CAP * units, 0) * c for w, c in uncapped.items()), combos * units)
    r = slot_rtp(v)
    assert r.total == brute == cycles(v)[0].moment(1)  # the compiled capped cycle = the engine
    assert r.cap_cut == cut > 0 and r.total == slot_rtp(free).total - cut
    assert cycles(v)[0].hist == dist
    assert exact(v)[0].rtp == brute and "round cap" in exact(v)[0].note


def test_max_win_cap_simulators_cap_each_round() -> None:
    v = _capped_slot()
    sim = Simulator.of(v)
    assert int(sim.rounds(batch_rng(1, 0), 20000).max()) == CAP * sim.base.units
    (s,) = simulate(v, 200_000, 5)
    assert s.ci99[0] <= float(slot_rtp(v).total) <= s.ci99[1]


def test_max_win_cap_default_is_none_and_changes_nothing() -> None:
    v = _capped_slot(None)
    assert v.max_win_multiple is None
    assert slot_rtp(v).cap_cut == 0 and int(Simulator.of(v).base.cap) >= 1 << 62


def test_bad_input_a_cap_with_free_spins_or_below_one_bet_is_refused() -> None:
    data: dict[str, Any] = {
        "title": "t", "source": "t", "theme": "t", "rows": 1,
        "symbols": {"A": {"name": "A", "role": "theme"}, "S": {"name": "S", "role": "scatter"}},
        "reels": ["A S", "A S", "A S"], "lines": [[0, 0, 0]], "paytable": {"A": [0, 0, 5]},
        "free_spins": {"awards": [0, 0, 0, 2]}, "bet": {"steps": {"EUR": [1]}},
    }
    with pytest.raises(VariantError, match="free spins"):
        parse_variant({**data, "max_win_multiple": 100}, "t")
    del data["free_spins"]
    with pytest.raises(VariantError, match="max_win_multiple"):
        parse_variant({**data, "max_win_multiple": 0}, "t")
    assert parse_variant({**data, "max_win_multiple": 100}, "t").max_win_multiple == 100


def test_max_win_cap_in_the_engine_settles_at_the_cap() -> None:
    v = _capped_slot()
    units = v.max_lines
    best = max(itertools.product(*(range(len(s)) for s in v.reels)),
               key=lambda stops: _win(v, stops, units))
    st = start(v, units * 2, currency="EUR")  # line bet 2
    for s in best:
        st = ENGINE.apply(st, DrawAction("reel", s))
    assert st.settlement is not None and st.settlement.total_returned == CAP * units * 2
    spin_event = next(e.data for e in st.events if e.type == "spin")
    assert spin_event["capped_at"] == CAP and spin_event["win"] == CAP * units * 2


def _win(v: Any, stops: tuple[int, ...], units: int) -> int:
    free = _capped_slot(None)
    st = start(free, units, currency="XXX")
    for s in stops:
        st = ENGINE.apply(st, DrawAction("reel", s))
    return int(st.win)
