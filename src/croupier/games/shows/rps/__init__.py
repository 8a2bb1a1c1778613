"""Rock, Paper, Scissors (000 §12.44): Silver and Gold zones against the dealer's cards."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.maths import BetRTP
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.shows.engine import ShowEngine
from croupier.games.shows.fastsim import simulate_graph
from croupier.games.shows.rps.show import SHOW, RpsVariant, parse_variant
from croupier.games.shows.tree import bet_rtp, build_graph

ENGINE = ShowEngine(SHOW)


def _parse(data: dict[str, Any], name: str) -> RpsVariant:
    return parse_variant(data, name)


def exact(v: RpsVariant) -> list[BetRTP]:
    return bet_rtp(SHOW, v)


def simulate(v: RpsVariant, rounds: int, seed: int, progress: ProgressFn | None = None) -> list[SimBet]:
    return simulate_graph(SHOW, v, build_graph(SHOW, v), rounds, seed, progress)


def demo_bets(v: RpsVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    return [BetRequest("silver", stake, ("rock",)), BetRequest("gold", stake, ("paper",))]


GAME = GameSpec("rps", "Rock, Paper, Scissors", ENGINE, _parse, exact, simulate, demo_bets)

__all__ = ["ENGINE", "GAME", "SHOW", "RpsVariant"]
