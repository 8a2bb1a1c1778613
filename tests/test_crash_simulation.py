"""The vectorised crash simulation is tied to the engine on identical draws (differential test)
and its 99% intervals contain the exact figures (000 §12.20, §12.26)."""

from __future__ import annotations

import io

import numpy as np
import pytest

from croupier.cli import main
from croupier.games.base import BetRequest, DrawAction
from croupier.games.crash.engine import CRASH_ENGINE, ROCKETON_ENGINE
from croupier.games.crash.exact import exact
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.simulate import crash_points, draws, simulate

from .crash_helpers import shipped


@pytest.mark.parametrize("game", ["crash", "rocketon"])
def test_vectorised_crash_points_and_returns_equal_the_engine_on_identical_draws(game: str) -> None:
    v = shipped(game)
    engine = CRASH_ENGINE if game == "crash" else ROCKETON_ENGINE
    rng = np.random.default_rng(17)
    u = draws(rng, v, 3000)
    # the edges of the draw space too: the instant crash and the cap
    u = np.concatenate([u, np.array([0, 1, v.draw_size - 2, v.draw_size - 1], dtype=np.int64)])
    fast = crash_points(v, u)
    bets = [BetRequest("bet", 100, (format_multiplier(k),)) for k in v.targets]
    for i, draw in enumerate(u.tolist()):
        state = engine.apply(engine.start(v, bets, "EUR"), DrawAction("crash", draw))
        assert state.crash == int(fast[i])
        returned = [b.returned for b in engine.settle(state).bets]
        assert returned == [k if fast[i] >= k else 0 for k in v.targets]
    assert int(fast[-1]) == v.max_multiplier and int(fast[-4]) == 100


@pytest.mark.parametrize("game", ["crash", "rocketon"])
def test_simulated_rtps_lie_in_their_99_intervals_around_the_exact_figures(game: str) -> None:
    v = shipped(game)
    rows = {r.bet: r for r in exact(v)}
    sims = simulate(v, 400_000, seed=2026)
    assert len(sims) >= len(v.targets)
    misses = [s for s in sims if not s.ci99[0] <= float(rows[s.bet].rtp) <= s.ci99[1]]
    assert len(misses) <= 1, misses


def test_simulate_cli_reports_every_target() -> None:
    out = io.StringIO()
    assert main(["simulate", "crash", "--variant", "standard", "--rounds", "100000", "--seed", "3"], out=out) == 0
    text = out.getvalue()
    assert "auto_2.00" in text and "auto_10000.00" in text
