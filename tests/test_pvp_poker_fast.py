"""The compiled fast path (games/pvp/poker/fast.py) against the hand engine (issue 21): on
identical deals and identical bot draws both give the same pots, pot rakes, winnings, returns and
total rake, hand by hand, over every variant; and its ledger balances over many hands."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from croupier.errors import InvalidBet
from croupier.games.pvp.poker.bots import Bot, preset
from croupier.games.pvp.poker.engine import HandSetup
from croupier.games.pvp.poker.fast import (
    SplitMixSource,
    _below,
    bot_params,
    ledger_many,
    play_engine_stream,
    play_fast,
    variant_params,
)
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import all_variants, load_variant

# the module's compiled kernels compile once, on one worker (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("numba_poker_fast")

VARIANTS = all_variants()
HABITS = ("calling", "tight", "loose", "maniac")


def _table(meta: SplitMixSource, h: int) -> tuple[tuple[str, str], HandSetup]:
    key = VARIANTS[h % len(VARIANTS)]
    v = load_variant(*key)
    n = 2 + meta.randbelow(v.max_players - 1)
    # short stacks (below the blinds too) make all-ins, side pots and runs common
    stacks = tuple(1 + meta.randbelow((60, 600, 3000)[h % 3]) for _ in range(n))
    rake = None if h % 7 == 0 else PercentRake(Fraction(3 + h % 3, 100), cap=(None, 60)[h % 2],
                                               no_flop_no_drop=bool(h % 5))
    fmt = "tournament" if rake is None and h % 2 else "regular"
    return key, HandSetup(tuple(range(2, 2 * n + 2, 2)), stacks, 2 * (1 + h % n), 20, fmt, rake=rake)


def _bots(n: int, h: int, source: SplitMixSource) -> list[Bot]:
    out = [preset(HABITS[(i + h) % 4], source) for i in range(n)]
    if h % 11 == 0:  # a bot that ignores its cards
        out[0] = Bot(source, fold=300, bet=400, shove=200, runs=600, strength=False)
    return out


def test_000_12_12_3_fast_path_gives_the_engines_pots_winnings_and_rake_on_identical_deals() -> None:
    meta = SplitMixSource(2121)
    checked = {"side_pots": 0, "runs": 0, "raked": 0, "showdown": 0}
    for h in range(900):
        key, setup = _table(meta, h)
        v = load_variant(*key)
        seed = meta.next64()
        fast_src, engine_src = SplitMixSource(seed), SplitMixSource(seed)
        n = len(setup.seats)
        fast = play_fast(v, setup, _bots(n, h, fast_src), fast_src)
        state = play_engine_stream(v, setup, _bots(n, h, engine_src), engine_src)
        r = state.result
        assert r is not None
        where = f"hand {h}: {key} {setup}"
        assert fast.pots == tuple((p.amount, p.rake) for p in r.pots), where
        assert fast.won == r.won, where
        assert fast.returned == r.returned, where
        assert fast.rake == r.rake, where
        assert fast.committed == state.committed, where
        assert fast_src.state == engine_src.state, where  # the same number of draws
        checked["side_pots"] += len(r.pots) > 1
        checked["runs"] += len(state.boards) > 1
        checked["raked"] += r.rake > 0
        checked["showdown"] += len(r.shown) > 1
    assert all(count >= 10 for count in checked.values()), checked  # the hard cases came up


def test_000_12_12_3_fast_path_draws_the_same_stream_as_the_python_source() -> None:
    py = SplitMixSource(99)
    rs = np.array([99], dtype=np.uint64)
    for n in (1, 2, 3, 52, 1000, 2**40 + 7, 2**62 + 5):
        assert [_below(rs, n) for _ in range(20)] == [py.randbelow(n) for _ in range(20)]
    with pytest.raises(ValueError):
        py.randbelow(0)


def test_000_12_12_3_fast_path_refuses_what_it_does_not_play() -> None:
    v = load_variant("holdem", "no_limit")
    src = SplitMixSource(1)
    bots = [preset("calling", src)] * 4
    for setup in (HandSetup((1, 2, 3, 4), (500,) * 4, 1, 20, "regular", ((4, "straddle"),)),
                  HandSetup((1, 2, 3, 4), (500,) * 4, 1, 20, "rush"),
                  HandSetup((1, 2, 3, 4), (500,) * 4, 1, 20, "all_in_or_fold")):
        with pytest.raises(InvalidBet, match="fast path"):
            play_fast(v, setup, bots, src)


def _fast_ledger(hands: int, seed: int) -> None:
    variants = [load_variant(*k) for k in VARIANTS]
    vps = np.array([variant_params(v) for v in variants], dtype=np.int64)
    players = np.array([v.max_players for v in variants], dtype=np.int64)
    presets = bot_params([preset(h, SplitMixSource(0)) for h in HABITS])
    staked, returned, raked, unbalanced = (int(x) for x in ledger_many(
        vps, players, presets, 20, np.array([seed], dtype=np.uint64), hands))
    assert unbalanced == 0
    assert staked == returned + raked and raked > 0


def test_platform_rake_ledger_balances_over_the_fast_path() -> None:
    _fast_ledger(30_000, 5)


@pytest.mark.slow
def test_platform_rake_ledger_balances_over_10_6_hands_of_the_fast_path() -> None:
    _fast_ledger(1_000_000, 6)  # issue 21: stakes in = pots out + rake over 10^6 hands (~12 s)
