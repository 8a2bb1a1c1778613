"""Player-vs-player games of issue 22: random legal games per second through each engine
(backgammon's seven variants as one-point games, the cube always answered roll/take so every game
is played out; Hexagon; Domino to the first target; Chingachung to 3; Goal Penalty of 5 shots; Baron to 3; Toto11 to 62; Toto 21 to 4; Belote Classic and Open to 1 win (about one
hand) and to 51 points), with both players choosing uniformly among the legal moves (Belote's
random players also double, declare, change cards and announce Contra at random).

Backgammon has two lines per variant: ``engine`` plays through ``BackgammonEngine`` (draws,
decisions, events, settlement: what the platform runs); ``movegen`` is the compiled random-game
loop of :mod:`croupier.games.pvp.backgammon.playout`, which picks among the legal plays of the
engine's own move generator (:mod:`croupier.games.pvp.backgammon.movegen`) and **skips the
engine's per-move event bookkeeping** (the issue's "games/s with the engine's move generator";
a test checks it plays the engine's games from the same stream). ``PVP_BG_GAMES`` sets its games
per line (default 5000).

Rates are per wall-clock second and per CPU second of this process (the machine is shared), with
the load average. Dice, deals and bot choices come from a fast seeded PRNG (benchmark only, never
the global ``random``). ``PVP_GAMES`` sets the number of games per line (default 100).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import Any

from croupier.games.base import Decision, play_seated
from croupier.games.pvp.backgammon.board import legal_turns as bg_turns
from croupier.games.pvp.backgammon.engine import ENGINE as BG
from croupier.games.pvp.backgammon.engine import MatchSetup
from croupier.games.pvp.backgammon.playout import G_CHOICES, G_TURNS, random_games
from croupier.games.pvp.backgammon.variant import load_variant as bg_variant
from croupier.games.pvp.backgammon.variant import variant_names as bg_names
from croupier.games.pvp.baron.engine import ENGINE as BARON
from croupier.games.pvp.baron.engine import TableSetup as BaronSetup
from croupier.games.pvp.baron.variant import load_variant as baron_variant
from croupier.games.pvp.belote.engine import ENGINE as BELOTE
from croupier.games.pvp.belote.engine import TableSetup as BeloteSetup
from croupier.games.pvp.belote.variant import load_variant as belote_variant
from croupier.games.pvp.belote.variant import variant_names as belote_names
from croupier.games.pvp.chingachung.engine import ENGINE as RPS
from croupier.games.pvp.chingachung.engine import TableSetup as RpsSetup
from croupier.games.pvp.chingachung.variant import load_variant as rps_variant
from croupier.games.pvp.domino.engine import ENGINE as DOM
from croupier.games.pvp.domino.engine import TableSetup as DomSetup
from croupier.games.pvp.domino.variant import load_variant as dom_variant
from croupier.games.pvp.domino.variant import variant_names as dom_names
from croupier.games.pvp.goal_penalty.engine import ENGINE as GOAL
from croupier.games.pvp.goal_penalty.engine import TableSetup as GoalSetup
from croupier.games.pvp.goal_penalty.variant import load_variant as goal_variant
from croupier.games.pvp.hexagon.engine import ENGINE as HEX
from croupier.games.pvp.hexagon.engine import TableSetup as HexSetup
from croupier.games.pvp.hexagon.variant import load_variant as hex_variant
from croupier.games.pvp.hexagon.variant import variant_names as hex_names
from croupier.games.pvp.splitmix import SplitMixSource
from croupier.games.pvp.toto11.engine import ENGINE as TOTO11
from croupier.games.pvp.toto11.engine import TableSetup as Toto11Setup
from croupier.games.pvp.toto11.variant import load_variant as toto11_variant
from croupier.games.pvp.toto21.engine import ENGINE as TOTO
from croupier.games.pvp.toto21.engine import TableSetup as TotoSetup
from croupier.games.pvp.toto21.variant import load_variant as toto_variant
from croupier.rng import RandomSource


class FastSource(RandomSource):
    """A seeded Mersenne Twister instance (never the global ``random``): benchmark only."""

    def __init__(self, seed: int) -> None:
        self._rnd = random.Random(seed)

    def randbelow(self, n: int) -> int:
        return self._rnd.randrange(n)


def measure(label: str, games: int, one: Callable[[RandomSource, Any], None],
            fixed: tuple[str, ...] = ("roll", "take")) -> None:
    src = FastSource(7)
    pick = FastSource(8)

    def bot(_state: Any, legal: list[Decision]) -> Decision:
        # the cube's answers are not chosen at random (a random double/drop ends the game at
        # once and would measure nothing): roll and take, so every game is played out
        for d in legal:
            if d.name in fixed:
                return d
        return legal[pick.randbelow(len(legal))]

    w0, c0 = time.perf_counter(), time.process_time()
    for _ in range(games):
        one(src, bot)
    wall = games / (time.perf_counter() - w0)
    cpu = games / max(time.process_time() - c0, 1e-9)
    print(f"{label:28s} {wall:10.1f} games/s wall {cpu:10.1f} games/s CPU", flush=True)


def measure_movegen(name: str, games: int) -> None:
    """Random legal one-point games of a backgammon variant in the compiled loop (no events)."""
    v = bg_variant(name)
    random_games(v, 1, SplitMixSource(1))  # load the compiled code outside the timing
    w0, c0 = time.perf_counter(), time.process_time()
    rows = random_games(v, games, SplitMixSource(7))
    wall = games / (time.perf_counter() - w0)
    cpu = games / max(time.process_time() - c0, 1e-9)
    turns = int(rows[:, G_TURNS].sum())
    print(f"{'backgammon ' + name + ' movegen':28s} {wall:10.1f} games/s wall {cpu:10.1f} games/s CPU"
          f"  ({turns / games:.0f} turns/game, {rows[:, G_CHOICES].sum() / turns:.1f} legal plays/turn,"
          f" load {os.getloadavg()[0]:.1f})", flush=True)


def main() -> None:
    games = int(os.environ.get("PVP_GAMES", "100"))
    bg_games = int(os.environ.get("PVP_BG_GAMES", "5000"))
    print(f"load average {os.getloadavg()[0]:.1f}; {games} random legal games a line "
          f"(backgammon movegen: {bg_games})")
    for name in bg_names():
        v = bg_variant(name)
        setup = MatchSetup((1, 2), 1000, target=1, cube=v.cube == "mandatory",
                           koks=v.koks == "mandatory")
        bg_turns(v, v.start, v.start, (2, 1))  # load the compiled generator outside the timing
        measure(f"backgammon {name} engine", games, lambda src, bot, v=v, setup=setup: play_seated(
            BG, v, setup, "AMD", src, {1: bot, 2: bot}))
        measure_movegen(name, bg_games)
    for name in hex_names():
        hv = hex_variant(name)
        measure(f"hexagon {name}", games, lambda src, bot, hv=hv: play_seated(
            HEX, hv, HexSetup((1, 2), 1000), "AMD", src, {1: bot, 2: bot}))
    for name in dom_names():
        dv = dom_variant(name)
        measure(f"domino {name} to {dv.targets[0]}", games, lambda src, bot, dv=dv: play_seated(
            DOM, dv, DomSetup((1, 2), 1000, dv.targets[0]), "AMD", src, {1: bot, 2: bot}))
    rv = rps_variant()
    measure("chingachung to 3", games, lambda src, bot: play_seated(
        RPS, rv, RpsSetup((1, 2), 1000, 3), "AMD", src, {1: bot, 2: bot}))
    gv = goal_variant()
    measure("goal penalty, 5 shots", games, lambda src, bot: play_seated(
        GOAL, gv, GoalSetup((1, 2), 1000, 5), "AMD", src, {1: bot, 2: bot}))
    bv = baron_variant()
    measure("baron to 3", games, lambda src, bot: play_seated(
        BARON, bv, BaronSetup((1, 2), 1000, 3), "AMD", src, {1: bot, 2: bot}))
    t11 = toto11_variant()
    measure("toto11 to 62", games, lambda src, bot: play_seated(
        TOTO11, t11, Toto11Setup((1, 2), 1000, 62), "AMD", src, {1: bot, 2: bot}))
    for name in belote_names():
        lv = belote_variant(name)
        extra: dict[str, Any] = {"no_trump": True}
        if lv.contra:
            extra.update(contra=True, change_card=True, double_max=16)
        for mode, target in (("wins", 1), ("points", 51)):
            opts = {**extra, "contra": extra.get("contra", False) and mode == "points"}
            measure(f"belote {name} to {target} {mode}", games, lambda src, bot, lv=lv, mode=mode, target=target, opts=opts: play_seated(
                BELOTE, lv, BeloteSetup((1, 2), 1000, target, mode, **opts), "AMD", src, {1: bot, 2: bot}), fixed=())
    tv = toto_variant()
    measure("toto 21 to 4", games, lambda src, bot: play_seated(
        TOTO, tv, TotoSetup((1, 2), 1000, 4), "AMD", src, {1: bot, 2: bot}))


if __name__ == "__main__":
    main()
