"""Shared helpers for the roulette tests."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.games.base import BetRequest, DrawAction, Settlement
from croupier.games.registry import load_variant
from croupier.games.roulette import ENGINE, RouletteState, RouletteVariant


def variant(name: str) -> RouletteVariant:
    v: RouletteVariant = load_variant("roulette", name)
    return v


def spin(v: RouletteVariant, bets: Sequence[BetRequest], *pockets: int | str,
         currency: str = "EUR", carried: Sequence[BetRequest] = ()) -> tuple[RouletteState, Settlement]:
    """Play a round whose ball(s) land on ``pockets`` (numbers, or "00")."""
    state = ENGINE.start(v, bets, currency, carried)
    for p in pockets:
        idx = 37 if p == "00" else int(p)
        state = ENGINE.apply(state, DrawAction("ball", v.wheel.pockets.index(idx)))
    return state, ENGINE.settle(state)


def returned(v: RouletteVariant, bet: BetRequest, *pockets: int | str, currency: str = "EUR") -> int:
    return spin(v, [bet], *pockets, currency=currency)[1].bets[0].returned
