"""Crash games: Crash (000 §12.20) and Rocketon / Cash Show (000 §12.26); docs/crash.md."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.crash.describe import describe, display
from croupier.games.crash.engine import CRASH_ENGINE, ROCKETON_ENGINE
from croupier.games.crash.exact import exact
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.simulate import simulate
from croupier.games.crash.variant import CrashVariant, parse_variant
from croupier.games.registry import GameSpec


def demo_bets(variant: CrashVariant, currency: str) -> list[BetRequest]:
    """One bet at the minimum stake with an auto cash-out at x2.00 (or the first listed target)."""
    target = 200 if 200 in variant.targets else variant.targets[0]
    return [BetRequest("bet", variant.limits_for(currency).minimum, (format_multiplier(target),))]


def _spec(name: str, title: str, engine: Any) -> GameSpec:
    return GameSpec(
        name=name, title=title, engine=engine,
        parse_variant=lambda data, v: parse_variant(data, v, name),
        exact=exact, simulate=simulate, demo_bets=demo_bets, describe=describe, display=display,
    )


GAMES = [_spec("crash", "Crash", CRASH_ENGINE), _spec("rocketon", "Rocketon / Cash Show", ROCKETON_ENGINE)]

__all__ = ["GAMES", "CrashVariant", "demo_bets"]
