"""Lucky Spin on a match win (000 §12.12.2, end; the extract's ASSUMPTION as
``variants/lucky_spin/standard.toml`` reads it): offered to the winner of Backgammon, Domino and
Toto 21 (not the other games); the win as credited (fund less rake) times the sector's multiplier;
declining keeps the win; the wheel's exact expected cost to the house from its data."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.games.registry import game
from croupier.platform.matches import play, spin, tables
from croupier.platform.matches.errors import MatchState
from croupier.platform.matches.games import GAMES
from croupier.platform.service import Platform
from croupier.rng import fair
from croupier.store.match_models import PvpMatch
from tests.matches_helpers import T0, cash, ledger_total, start
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player

STAKE = 500  # AMD: a 1,000 fund pays 960 (000 §12.12.2's "960 AMD backgammon win")


def _won(p: Platform, game_name: str = "backgammon", variant: str = "short") -> tuple[int, Any, Any]:
    a = new_player(p, "AMD", deposit="100000")
    b = new_player(p, "AMD", deposit="100000")
    mid = start(p, a, b, game=game_name, variant=variant, stake=STAKE)
    p.run(lambda s: play.resign(s, b, mid, T0))  # a wins
    return mid, a, b


def _seed_for(p: Platform, mid: int, label: str) -> None:
    """Give the match a server seed whose spin lands on ``label`` (test setup only)."""
    w = spin.wheel().wheel
    n = len(w.positions)
    for i in range(100_000):
        seed = f"{i:064x}"
        if w.segments[w.positions[fair.stream(seed, f"pvp-spin:{mid}", 0).randbelow(n)]].label == label:
            def fn(s: Any, seed: str = seed) -> None:
                s.get(PvpMatch, mid).server_seed = seed
            p.run(fn)
            return
    raise AssertionError(f"no seed lands on {label}")  # pragma: no cover


@pytest.mark.parametrize("label", ["x0", "x4"])
def test_000_12_12_2_the_win_is_multiplied_by_the_sector(platform: Platform, label: str) -> None:
    mid, a, b = _won(platform)
    _seed_for(platform, mid, label)
    before = cash(platform, a)
    out = platform.run(lambda s: spin.spin(s, a, mid, T0))
    w = spin.wheel().wheel
    seg = w.segments[w.positions[out["draw"]]]
    assert seg.label == label and out["multiplier"] == seg.value
    assert out["win_minor"] == 2 * STAKE - 40  # the win as credited, after the 4% rake
    assert out["paid_minor"] == out["win_minor"] * seg.value  # x4: 960 -> 3,840 (000 example)
    assert cash(platform, a) == before - out["win_minor"] + out["paid_minor"]
    assert ledger_total(platform) == 0
    with pytest.raises(MatchState):  # one spin
        platform.run(lambda s: spin.spin(s, a, mid, T0))


def test_000_12_12_2_declining_keeps_the_win_and_only_the_winner_spins(platform: Platform) -> None:
    mid, a, b = _won(platform, "domino", "classic")
    with pytest.raises(MatchState):
        platform.run(lambda s: spin.spin(s, b, mid, T0))
    before = cash(platform, a)
    platform.run(lambda s: spin.decline(s, a, mid))
    assert cash(platform, a) == before
    with pytest.raises(MatchState):
        platform.run(lambda s: spin.spin(s, a, mid, T0))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_000_12_12_2_offered_after_belote_backgammon_toto21_domino_only(platform: Platform, name: str) -> None:
    g = GAMES[name]
    mid, _, _ = _won(platform, name, g.variants[0])
    offered = platform.read(lambda s: tables.get(s, mid).spin)
    assert (offered == "offered") == (name in ("backgammon", "belote", "domino", "toto21"))


def test_000_12_12_2_expected_cost_to_the_house_is_exact_from_the_wheel_data() -> None:
    v = spin.wheel()
    segs = v.wheel.segments
    assert [s.label for s in segs] == ["x0", "x1", "x2", "x4", "x10", "x100"]
    rtp = game("lucky_spin").exact(v)[0].rtp  # the show engine's own exact return
    assert spin.mean_multiplier(v) == rtp
    assert spin.house_edge(v) == 1 - rtp > 0  # the house gains 1 - mean per unit of win spun


def test_000_12_12_2_the_amount_spun_is_the_credited_win_not_the_profit() -> None:
    """The extract's ASSUMPTION (variants/lucky_spin/standard.toml): "the winnings" spun are the
    win as the game credits it, the fund less the rake (500 + 500 AMD -> 960, x4 -> 3,840: the
    000 example), not ``returned - stake`` (460). The code and both documents say so."""
    from pathlib import Path

    from croupier.games.pvp.fund import FundRake, settle_fund

    st = settle_fund("AMD", (0, 1), STAKE, 0, FundRake())
    bets = st.to_dict()["bets"]
    winner = next(b for b in bets if int(b["bet_id"]) == 0)
    assert spin.spun_amount(bets, 0) == 960 == int(winner["returned"])
    assert spin.spun_amount(bets, 0) != int(winner["returned"]) - int(winner["stake"])
    docs = Path(__file__).resolve().parents[1] / "docs"
    for name in ("pvp_matches.md", "pvp_games.md"):
        text = " ".join((docs / name).read_text().split())
        assert "fund − rake" in text and "not the winner's profit `returned − stake`" in text, name
