"""Blackjack: Digitain 000 §12.2 (no hole card, five side bets, Bet Behind), Blackjack Turbo
000 §12.49, BETON 001 §9.1 (6 decks and single deck), TDC 002 (shared boxes, Bonus), Live
Blackjack 003 §2, live Blackjack and Unlimited Blackjack 004 §2, §4 (one player's view through
the engine; many players on the common hand through :class:`.common.CommonHandTable`)."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.blackjack.common import CommonHandTable, CommonRound
from croupier.games.blackjack.describe import describe, display
from croupier.games.blackjack.engine import (
    ENGINE,
    BlackjackEngine,
    BlackjackState,
    card_draw,
    replay_round,
)
from croupier.games.blackjack.exact import exact
from croupier.games.blackjack.simulate import simulate
from croupier.games.blackjack.variant import BlackjackVariant, parse_variant
from croupier.games.registry import GameSpec, ProgressFn, SimBet


def _parse(data: dict[str, Any], name: str) -> BlackjackVariant:
    return parse_variant(data, name)


def _simulate(variant: BlackjackVariant, rounds: int, seed: int,
              progress: ProgressFn | None) -> list[SimBet]:
    return simulate(variant, rounds, seed, progress)


def demo_bets(variant: BlackjackVariant, currency: str) -> list[BetRequest]:
    """One main bet on box 1 at the minimum stake."""
    lo = variant.limit_set(currency).main[0]
    return [BetRequest("main", lo, (1, "player"))]


GAME = GameSpec(
    name="blackjack",
    title="Blackjack",
    engine=ENGINE,
    parse_variant=_parse,
    exact=exact,
    simulate=_simulate,
    demo_bets=demo_bets,
    describe=describe,
    display=display,
)

__all__ = ["ENGINE", "GAME", "BlackjackEngine", "BlackjackState", "BlackjackVariant",
           "CommonHandTable", "CommonRound", "card_draw", "demo_bets", "replay_round"]
