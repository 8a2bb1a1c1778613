"""Craps (000 §12.41): come-out and point phases with the puck, line, come, odds, place,
hardway and one-roll bets; one round is one roll and working bets carry to the next."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.dice.craps.describe import describe, display
from croupier.games.dice.craps.engine import ENGINE, CrapsEngine, CrapsState
from croupier.games.dice.craps.exact import exact
from croupier.games.dice.craps.simulate import simulate
from croupier.games.dice.craps.variant import CrapsVariant, parse_variant
from croupier.games.registry import GameSpec, ProgressFn, SimBet


def _parse(data: dict[str, Any], name: str) -> CrapsVariant:
    return parse_variant(data, name)


def _simulate(v: CrapsVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


def demo_bets(v: CrapsVariant, cur: str) -> list[BetRequest]:
    """Bets open in every phase of the puck: the field, a place bet on 6 and a hard 8."""
    lim = v.limits_for(cur)
    stake = 60 if lim is None else max(lim.minimum, 60)
    stake -= stake % 6
    return [BetRequest("field", stake), BetRequest("place_win", stake, (6,)),
            BetRequest("hardway", stake, (8,))]


GAME = GameSpec("craps", "Craps", ENGINE, _parse, exact, _simulate, demo_bets,
                describe=describe, display=display)

__all__ = ["ENGINE", "GAME", "CrapsEngine", "CrapsState", "CrapsVariant", "demo_bets"]
