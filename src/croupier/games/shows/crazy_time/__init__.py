"""Crazy Time (000 §12.31): the 54-segment wheel, the Top Slot, and the Cash Hunt, Pachinko,
Coin Flip and Crazy Time bonus games (docs/shows.md, "Crazy Time")."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.shows.crazy_time.describe import describe, display
from croupier.games.shows.crazy_time.engine import ENGINE, CrazyTimeEngine, CrazyTimeState
from croupier.games.shows.crazy_time.exact import exact
from croupier.games.shows.crazy_time.simulate import simulate
from croupier.games.shows.crazy_time.variant import CrazyTimeVariant, parse_variant


def _parse(data: dict[str, Any], name: str) -> CrazyTimeVariant:
    return parse_variant(data, name)


def _simulate(v: CrazyTimeVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


def demo_bets(v: CrazyTimeVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = max(lim.minimum, 100)
    return [BetRequest(code, stake) for code in v.bet_codes]


GAME = GameSpec("crazy_time", "Crazy Time", ENGINE, _parse, exact, _simulate, demo_bets,
                describe=describe, display=display)

__all__ = ["ENGINE", "GAME", "CrazyTimeEngine", "CrazyTimeState", "CrazyTimeVariant", "demo_bets"]
