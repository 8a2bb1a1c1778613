"""Baccarat (Punto Banco): 000 §12.13 with the Player/Banker bonus, 001 §9.2 mini and Pro,
002 with and without commission, 003 §1 and 004 §3 live baccarat with its six side bets."""

from __future__ import annotations

from typing import Any

from croupier.games.baccarat.describe import describe, display
from croupier.games.baccarat.engine import ENGINE, BaccaratEngine, BaccaratState, replay_round
from croupier.games.baccarat.exact import exact
from croupier.games.baccarat.simulate import simulate
from croupier.games.baccarat.variant import BaccaratVariant, parse_variant
from croupier.games.base import BetRequest
from croupier.games.registry import GameSpec, ProgressFn, SimBet


def _parse(data: dict[str, Any], name: str) -> BaccaratVariant:
    return parse_variant(data, name)


def _simulate(variant: BaccaratVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(variant, rounds, seed, progress)


def demo_bets(variant: BaccaratVariant, currency: str) -> list[BetRequest]:
    """One bet of every code at the table minimum (or 1 minor unit where no limits are given)."""
    limits = variant.limits_for(currency)
    stake = 100 if limits is None else max(limits.minimum, 100)
    return [BetRequest(code, stake) for code in variant.bet_codes]


GAME = GameSpec(
    name="baccarat",
    title="Baccarat",
    engine=ENGINE,
    parse_variant=_parse,
    exact=exact,
    simulate=_simulate,
    demo_bets=demo_bets,
    describe=describe,
    display=display,
)

__all__ = ["ENGINE", "GAME", "BaccaratEngine", "BaccaratState", "BaccaratVariant", "demo_bets",
           "replay_round"]
