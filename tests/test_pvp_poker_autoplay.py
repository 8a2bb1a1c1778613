"""Bot hands through the engine's compiled core with no Python between the steps
(games/pvp/poker/autoplay.py: the benchmark's and the ledger's loop, issue 21) against the same
hands played step by step through ``PokerEngine.apply`` with the Python bots, and against the
engine as it was before the core (tests/pvp_poker_reference.py): on identical deals and bot draws,
the same final hand (the whole core array), the same pots, rakes, winnings and returns, hand by
hand, over every variant, format, pre-deal bet and rake; and the loop's ledger balances."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from croupier.errors import InvalidBet
from croupier.games.pvp.poker import core
from croupier.games.pvp.poker.autoplay import (
    bot_params,
    ledger_many,
    play_engine_stream,
    play_hands,
    play_one,
    rake_params,
)
from croupier.games.pvp.poker.bots import Bot, preset
from croupier.games.pvp.poker.engine import HandSetup
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import all_variants, load_variant
from croupier.games.pvp.splitmix import SplitMixSource, below
from tests.pvp_poker_reference import REFERENCE
from tests.pvp_poker_reference import Bot as RefBot

# the module's compiled kernels compile once, on one worker (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("numba_poker_core")

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
    fmt = ("tournament" if h % 2 else "all_in_or_fold") if rake is None else "regular"
    seats = tuple(range(2, 2 * n + 2, 2))
    button = 2 * (1 + h % n)
    predeal: tuple[tuple[int, str], ...] = ()
    if fmt == "regular" and v.forced_bets == "blinds" and n > 3 and h % 3 == 0:
        seat = seats[(seats.index(button) + 3) % n]
        if v.straddle and stacks[seats.index(seat)] >= 40 and h % 2:
            predeal = ((seat, "straddle"),)
        elif v.no_look_all_in and v.structure != "fixed_limit":
            predeal = ((seat, "no_look_all_in"),)
    return key, HandSetup(seats, stacks, button, 20, fmt, predeal, rake)


def _bots(n: int, h: int, source: SplitMixSource, kind: type = Bot) -> list:
    out = [kind(source, **{**_HABIT[HABITS[(i + h) % 4]], "strength": True}) for i in range(n)]
    if h % 11 == 0:  # a bot that ignores its cards
        out[0] = kind(source, fold=300, bet=400, shove=200, runs=600, strength=False)
    return out


_HABIT = {h: {k: getattr(preset(h, SplitMixSource(0)), k) for k in ("fold", "bet", "shove", "runs")}
          for h in HABITS}


def test_000_12_12_3_compiled_bot_loop_ends_every_hand_as_the_engine_and_the_reference_do() -> None:
    meta = SplitMixSource(2121)
    checked = {"side_pots": 0, "runs": 0, "raked": 0, "showdown": 0, "predeal": 0, "aof": 0}
    for h in range(900):
        key, setup = _table(meta, h)
        v = load_variant(*key)
        seed = meta.next64()
        fast_src, engine_src, ref_src = SplitMixSource(seed), SplitMixSource(seed), SplitMixSource(seed)
        n = len(setup.seats)
        st = play_one(v, setup, _bots(n, h, fast_src), fast_src)
        state = play_engine_stream(v, setup, _bots(n, h, engine_src), engine_src)
        ref = play_engine_stream(v, setup, _bots(n, h, ref_src, RefBot), ref_src, REFERENCE)
        where = f"hand {h}: {key} {setup}"
        assert st.tolist() == state.core.tolist(), where
        assert fast_src.state == engine_src.state == ref_src.state, where  # the same number of draws
        r, rr = state.result, ref.result
        assert r is not None and rr is not None
        assert r == rr, where
        assert state.committed == ref.committed and state.boards == ref.boards, where
        checked["side_pots"] += len(r.pots) > 1
        checked["runs"] += len(state.boards) > 1
        checked["raked"] += r.rake > 0
        checked["showdown"] += len(r.shown) > 1
        checked["predeal"] += bool(setup.predeal)
        checked["aof"] += setup.format == "all_in_or_fold"
    assert all(count >= 10 for count in checked.values()), checked  # the hard cases came up


def test_000_12_12_3_compiled_bots_draw_the_same_stream_as_the_python_source() -> None:
    py = SplitMixSource(99)
    rs = np.array([99], dtype=np.uint64)
    for n in (1, 2, 3, 52, 1000, 2**40 + 7, 2**62 + 5):
        assert [below(rs, n) for _ in range(20)] == [py.randbelow(n) for _ in range(20)]
    with pytest.raises(ValueError):
        py.randbelow(0)


def test_000_12_12_3_compiled_loop_refuses_rush_hands_and_what_the_engine_refuses() -> None:
    v = load_variant("holdem", "no_limit")
    src = SplitMixSource(1)
    bots = [preset("calling", src)] * 4
    with pytest.raises(InvalidBet, match="Rush"):
        play_one(v, HandSetup((1, 2, 3, 4), (500,) * 4, 1, 20, "rush"), bots, src)
    with pytest.raises(InvalidBet, match="odd"):
        play_one(v, HandSetup((1, 2, 3, 4), (500,) * 4, 1, 21), bots, src)


def test_issue21_bench_loop_totals_are_the_sum_of_its_hands() -> None:
    """play_hands (the benchmark's loop) against the same hands one by one."""
    v = load_variant("holdem", "no_limit")
    setup = HandSetup((1, 2, 3, 4, 5, 6), (2000,) * 6, 1, 20,
                      rake=PercentRake(Fraction(5, 100), cap=60, no_flop_no_drop=True))
    habits = ("tight", "loose", "calling", "tight", "maniac", "loose")
    bots = [preset(x, SplitMixSource(0)) for x in habits]
    totals = play_hands(core.variant_params(v), np.array(setup.stacks, dtype=np.int64), 20, 0,
                        rake_params(setup), bot_params(bots), np.array([7], dtype=np.uint64), 300)
    src = SplitMixSource(7)
    stake = back = rake = 0
    for h in range(300):
        st = play_one(v, HandSetup(setup.seats, setup.stacks, setup.seats[h % 6], 20, rake=setup.rake),
                      [preset(x, src) for x in habits], src)
        stake += int(st[core.A_COMMITTED:core.A_COMMITTED + 6].sum())
        back += int(st[core.A_WON:core.A_WON + 6].sum() + st[core.A_RETURNED:core.A_RETURNED + 6].sum())
        rake += int(st[core.S_RAKE])
    assert totals.tolist() == [300, stake, back, rake, 0]
    assert stake == back + rake and rake > 0


def _ledger(hands: int, seed: int) -> None:
    variants = [load_variant(*k) for k in VARIANTS]
    vps = np.array([core.variant_params(v) for v in variants], dtype=np.int64)
    players = np.array([v.max_players for v in variants], dtype=np.int64)
    presets = bot_params([preset(h, SplitMixSource(0)) for h in HABITS])
    staked, returned, raked, unbalanced = (int(x) for x in ledger_many(
        vps, players, presets, 20, np.array([seed], dtype=np.uint64), hands))
    assert unbalanced == 0
    assert staked == returned + raked and raked > 0


def test_platform_rake_ledger_balances_over_the_compiled_loop() -> None:
    _ledger(30_000, 5)


@pytest.mark.slow
def test_platform_rake_ledger_balances_over_10_6_hands_of_the_compiled_loop() -> None:
    _ledger(1_000_000, 6)  # issue 21: stakes in = pots out + rake over 10^6 hands
