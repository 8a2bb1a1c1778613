"""Player-vs-player poker (issue 21): hands per second through the hand engine with 6 bot
players, and the rake ledger (stakes in = pots out + rake) over PVP_LEDGER_HANDS simulated hands.

Rates are printed per wall-clock second and per CPU second of this process (the machine is
shared: the CPU rate is what the engine costs, the wall rate what this run got), with the load
average on every line. One line per variant family (Hold'em NL / PL / FL, Omaha PL, 5 Card Omaha
PL, Short Deck NL, 5 Card Stud FL):

* **through the engine**, the issue's line: the engine's compiled core (games/pvp/poker/core.py:
  the start, deal, act and vote kernels that ``PokerEngine`` calls for every hand) driven by 6
  compiled bots of the Python bots' habits (games/pvp/poker/autoplay.py), deals card by card from
  a SplitMix64 stream, no Python between the steps of a hand;
* **step by step through** ``PokerEngine.apply`` with the Python bots, the card room's path (the
  public state and the event record built at every step), fast PRNG deals (Hold'em NL also from
  the provably fair HMAC stream, ``seeded``).
"""

from __future__ import annotations

import os
import random
import time
from fractions import Fraction

import numpy as np

from croupier.games.pvp.poker.autoplay import (
    T_HANDS,
    T_REFUSED,
    bot_params,
    ledger_many,
    play_hands,
)
from croupier.games.pvp.poker.bots import play_hand, preset
from croupier.games.pvp.poker.engine import HandSetup, variant_vector
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import all_variants, load_variant
from croupier.games.pvp.splitmix import SplitMixSource
from croupier.rng import RandomSource, seeded


class FastSource(RandomSource):
    """A seeded Mersenne Twister instance (never the global ``random``): benchmark only.
    ``randbelow(n)`` is ``Random.randrange(n)`` (the same numbers: rejection sampling on
    ``getrandbits(n.bit_length())``) without its argument handling, so the bots' dice cost
    the benchmark less than the engine it measures."""

    def __init__(self, seed: int) -> None:
        self._bits = random.Random(seed).getrandbits

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"randbelow needs n > 0, got {n}")
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return r


def rate(game: str, structure: str, hands: int, fair: bool) -> tuple[float, float]:
    v = load_variant(game, structure)
    players = min(6, v.max_players)
    bot_src = FastSource(1)
    deal_src: RandomSource = seeded("bench") if fair else FastSource(2)
    habits = ("tight", "loose", "calling", "tight", "maniac", "loose")
    bots = {s: preset(habits[s - 1], bot_src) for s in range(1, players + 1)}
    seats = tuple(range(1, players + 1))
    for h in range(200):  # warm up (numba loads its cached code)
        play_hand(v, HandSetup(seats, (2000,) * players, 1 + h % players, 20), "AMD", deal_src, bots)
    w0, c0 = time.perf_counter(), time.process_time()
    for h in range(hands):
        play_hand(v, HandSetup(seats, (2000,) * players, 1 + h % players, 20), "AMD", deal_src, bots)
    return hands / (time.perf_counter() - w0), hands / max(time.process_time() - c0, 1e-9)


def core_rate(game: str, structure: str, hands: int) -> tuple[float, float]:
    """Hands per second through the engine's compiled core (autoplay.play_hands: the engine's
    own start / deal / act / vote kernels, 6 compiled bots, deals card by card from SplitMix)."""
    v = load_variant(game, structure)
    players = min(6, v.max_players)
    habits = ("tight", "loose", "calling", "tight", "maniac", "loose")[:players]
    bots = bot_params([preset(h, SplitMixSource(1)) for h in habits])
    vp = variant_vector(v)
    stacks = np.full(players, 2000, dtype=np.int64)
    no_rake = np.array([0, 1, -1, 0], dtype=np.int64)
    rs = np.array([2], dtype=np.uint64)
    play_hands(vp, stacks, 20, 0, no_rake, bots, rs, 200)  # warm up (loads the compiled code)
    w0, c0 = time.perf_counter(), time.process_time()
    totals = play_hands(vp, stacks, 20, 0, no_rake, bots, rs, hands)
    wall, cpu = time.perf_counter() - w0, max(time.process_time() - c0, 1e-9)
    if int(totals[T_REFUSED]) or int(totals[T_HANDS]) != hands:
        raise SystemExit(f"{game}/{structure}: {int(totals[T_REFUSED])} hands refused a bot's choice")
    return hands / wall, hands / cpu


def core_ledger(hands: int) -> None:
    keys = all_variants()
    variants = [load_variant(*k) for k in keys]
    vps = np.array([variant_vector(v) for v in variants], dtype=np.int64)
    players = np.array([v.max_players for v in variants], dtype=np.int64)
    presets = bot_params([preset(h, SplitMixSource(0)) for h in ("calling", "tight", "loose", "maniac")])
    rs = np.array([3], dtype=np.uint64)
    ledger_many(vps, players, presets, 20, rs, 15)  # warm up
    w0 = time.perf_counter()
    staked, returned, raked, unbalanced = (int(x) for x in ledger_many(vps, players, presets, 20, rs, hands))
    ok = "OK" if staked == returned + raked and not unbalanced else f"MISMATCH ({unbalanced} hands)"
    wall = time.perf_counter() - w0
    print(f"pvp ledger (engine core, compiled bots) over {hands:,} hands of all {len(keys)} variants: stakes in "
          f"{staked:,} = pots out {returned:,} + rake {raked:,}: {ok} ({wall:.1f} s, {hands / wall:,.0f} hands/s)")


def ledger(hands: int) -> None:
    src = FastSource(3)
    keys = all_variants()
    staked = returned = raked = 0
    w0 = time.perf_counter()
    for h in range(hands):
        v = load_variant(*keys[h % len(keys)])
        n = 2 + src.randbelow(v.max_players - 1)
        stacks = tuple(1 + src.randbelow(3000) for _ in range(n))
        setup = HandSetup(tuple(range(1, n + 1)), stacks, 1 + h % n, 20,
                          rake=PercentRake(Fraction(3 + h % 3, 100), cap=(None, 60)[h % 2],
                                           no_flop_no_drop=bool(h % 5)))
        bots = {s: preset(("calling", "tight", "loose", "maniac")[(s + h) % 4], src) for s in setup.seats}
        _, se = play_hand(v, setup, "AMD", src, bots)
        staked += se.total_stake
        returned += se.total_returned
        raked += se.rake
    ok = "OK" if staked == returned + raked else "MISMATCH"
    print(f"pvp ledger (engine) over {hands:,} hands of all 15 variants: stakes in {staked:,} = pots out "
          f"{returned:,} + rake {raked:,}: {ok} ({hands / (time.perf_counter() - w0):,.0f} hands/s)")


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} / {five:.2f} / {fifteen:.2f} (1 / 5 / 15 min) on {os.cpu_count()} cores"


#: the variant families of issue 21's bench line: Hold'em NL / PL / FL, Omaha, 5 Card Omaha,
#: Short Deck, 5 Card Stud
FAMILIES = (("holdem", "no_limit"), ("holdem", "pot_limit"), ("holdem", "fixed_limit"),
            ("omaha", "pot_limit"), ("omaha5", "pot_limit"), ("short_deck", "no_limit"),
            ("five_card_stud", "fixed_limit"))


def main() -> None:
    hands = int(os.environ.get("PVP_BENCH_HANDS", "20000"))
    print(_load())
    for game, structure in FAMILIES:
        wall, cpu = core_rate(game, structure, 10 * hands)
        print(f"pvp {game}/{structure}, 6 bots, through the engine (its compiled core, compiled bots): "
              f"{wall:,.0f} hands/s wall, {cpu:,.0f} hands/CPU-s (issue 21 target >= 20,000 in one process); "
              f"{_load()}")
        for fair in ((False, True) if (game, structure) == ("holdem", "no_limit") else (False,)):
            wall, cpu = rate(game, structure, hands if game == "holdem" else hands // 2, fair)
            deal = "HMAC deals" if fair else "fast deals"
            print(f"pvp {game}/{structure}, 6 Python bots, step by step through PokerEngine.apply (the card "
                  f"room's path: state and record at every step), {deal}: {wall:,.0f} hands/s wall, "
                  f"{cpu:,.0f} hands/CPU-s; {_load()}")
    core_ledger(int(os.environ.get("PVP_LEDGER_HANDS", "1000000")))
    ledger(int(os.environ.get("PVP_ENGINE_LEDGER_HANDS", "20000")))
    print(_load())


if __name__ == "__main__":
    main()
