"""Compile (or load from numba's disk cache) the move generator the engine calls, before a player
waits for it: the platform calls :func:`warm` once per process at start (croupier.platform.warm).
The first compile after an install takes seconds; a request must never pay it (a match's first
roll would stall past the client's timeout)."""

from __future__ import annotations

from croupier.games.base import Decision, play_seated
from croupier.games.pvp.backgammon.engine import ENGINE, MatchSetup
from croupier.games.pvp.backgammon.variant import load_variant
from croupier.rng.source import HmacStream, RandomSource


def one_point_game(name: str, source: RandomSource) -> None:
    """A one-point game of variant ``name``: chance and each pick among the legal moves from
    ``source``, the cube (where mandatory) always rolled and taken."""

    def pick(_state: object, legal: list[Decision]) -> Decision:
        for d in legal:
            if d.name in ("roll", "take"):
                return d
        return legal[source.randbelow(len(legal))]

    v = load_variant(name)
    setup = MatchSetup((1, 2), 1000, target=1, cube=v.cube == "mandatory",
                       koks=v.koks == "mandatory")
    play_seated(ENGINE, v, setup, "EUR", source, {1: pick, 2: pick})


def warm() -> None:
    """One seeded game reaches every kernel the engine calls: openings, rolls, doubles, hits,
    bearing off (Short backgammon; every variant shares the compiled signatures)."""
    one_point_game("short", HmacStream(b"croupier warm-up", "backgammon", 0))
