"""The registry entry of a one-spin show (:mod:`.spin`): engine, exact walker, vectorised
simulation and demo bets, all from the variant's data."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.maths import BetRTP
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.shows.engine import ShowEngine
from croupier.games.shows.fastsim import simulate_graph
from croupier.games.shows.spin import SpinShow, SpinVariant, parse_spin_variant
from croupier.games.shows.tree import bet_rtp, build_graph


def spin_game(name: str, title: str, kinds: tuple[str, ...]) -> tuple[GameSpec, SpinShow, ShowEngine]:
    show = SpinShow(name)
    engine = ShowEngine(show)

    def parse(data: dict[str, Any], variant: str) -> SpinVariant:
        return parse_spin_variant(data, name, variant, kinds)

    def exact(v: SpinVariant) -> list[BetRTP]:
        return bet_rtp(show, v)

    def simulate(v: SpinVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
        return simulate_graph(show, v, build_graph(show, v), rounds, seed, progress)

    def demo_bets(v: SpinVariant, cur: str) -> list[BetRequest]:
        lim = v.limits_for(cur)
        stake = 100 if lim is None else max(lim.minimum, 100)
        return [BetRequest(code, stake, show.selections(v, code)[0]) for code in v.bets]

    return GameSpec(name, title, engine, parse, exact, simulate, demo_bets), show, engine
