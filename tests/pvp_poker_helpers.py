"""Helpers for the player-vs-player poker tests: rigged deals and short-hand decisions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.cards.card import parse
from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.poker.engine import ENGINE, HandSetup, HandState, encode_deal
from croupier.games.pvp.poker.variant import PokerVariant, load_variant


def cards(text: str) -> list[int]:
    return [parse(t) for t in text.split()]


def variant(game: str = "holdem", structure: str = "no_limit") -> PokerVariant:
    return load_variant(game, structure)


def start(v: PokerVariant, stacks: Sequence[int], button: int = 1, bb: int = 20, **kw: Any) -> HandState:
    seats = tuple(range(1, len(stacks) + 1))
    return ENGINE.start(v, HandSetup(seats, tuple(stacks), button, bb, **kw), "AMD")


def deal(s: HandState, text: str) -> HandState:
    """Deal the named cards to the pending targets, in dealing order."""
    want = cards(text)
    assert len(want) == len(s.queue), f"the deal needs {len(s.queue)} cards, got {len(want)}"
    return ENGINE.apply(s, DrawAction("deal", encode_deal(s.deck, want)))


def deal_any(s: HandState) -> HandState:
    """Deal the first cards of the deck (any deal will do)."""
    return ENGINE.apply(s, DrawAction("deal", 0))


def act(s: HandState, seat: int, name: str, **args: Any) -> HandState:
    return ENGINE.apply(s, Decision(name, {"seat": seat, **args}))


def hole_order(v: PokerVariant, n: int, button: int, per_seat: dict[int, str]) -> str:
    """The deal string that gives each seat its named hole cards (dealt one at a time from the
    button's left)."""
    order = [(button + k) % n + 1 for k in range(n)]
    split = {seat: text.split() for seat, text in per_seat.items()}
    return " ".join(split[seat][r] for r in range(v.hole_cards) for seat in order)


def check_down(s: HandState) -> HandState:
    """Everyone checks (or calls) until the hand needs cards or ends."""
    while s.phase == "bet":
        seat = ENGINE.to_act(s)
        assert seat is not None
        legal = {d.name for d in ENGINE.legal_actions(s)}
        s = act(s, seat, "check" if "check" in legal else "call")
    return s
