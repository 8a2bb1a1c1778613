"""Helpers for the blackjack tests: rigged deals through the engine's own draw interface."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Any

from croupier.cards import parse
from croupier.games.base import BetRequest, Decision
from croupier.games.blackjack import ENGINE
from croupier.games.blackjack.engine import BlackjackState, card_draw
from croupier.games.blackjack.variant import BlackjackVariant, parse_variant
from croupier.games.registry import parse_unchecked


def variant(name: str) -> BlackjackVariant:
    return parse_unchecked("blackjack", name)  # type: ignore[no-any-return]


def raw(name: str) -> dict[str, Any]:
    text = resources.files("croupier.variants").joinpath("blackjack", f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def custom(base: str, **changes: dict[str, Any]) -> BlackjackVariant:
    """A variant like ``base`` with some sections' fields changed, e.g. dealer={...}."""
    data = copy.deepcopy(raw(base))
    for section, fields in changes.items():
        if isinstance(fields, dict) and section in data and isinstance(data[section], dict):
            data[section].update(fields)
        else:
            data[section] = fields
    return parse_variant(data, f"{base}_custom")


def main(box: int = 1, player: str = "p", stake: int = 1000, *flags: str) -> BetRequest:
    return BetRequest("main", stake, (box, player, *flags))


def rig(v: BlackjackVariant, bets: Sequence[BetRequest], cards: Iterable[str],
        decisions: Iterable[tuple[str, dict[str, Any]] | str] = ()) -> BlackjackState:
    """Play a round dealing ``cards`` in order and taking ``decisions`` in order.

    A decision given as a bare name is taken for whoever's turn it is."""
    st = ENGINE.start(v, bets, "XXX")
    cards = list(cards)
    todo = list(decisions)
    while not ENGINE.is_finished(st):
        if ENGINE.next_draw(st) is not None:
            if not cards:
                if todo:
                    raise AssertionError(f"the round wants another card; events: {[e.type for e in st.events]}")
                return st
            st = ENGINE.apply(st, card_draw(st, parse(cards.pop(0))))
            continue
        if not todo:
            return st
        d = todo.pop(0)
        if isinstance(d, str):
            legal = {x.name: x for x in ENGINE.legal_actions(st)}
            if d not in legal:
                raise AssertionError(f"{d} not legal; legal: {sorted(legal)}")
            st = ENGINE.apply(st, legal[d])
        else:
            st = ENGINE.apply(st, Decision(d[0], d[1]))
    assert not cards, f"unused cards {cards}"
    assert not todo, f"unused decisions {todo}"
    return st


def returned(st: BlackjackState, bet_id: int = 0) -> int:
    s = ENGINE.settle(st)
    return next(b.returned for b in s.bets if b.bet_id == bet_id)


def legal(st: BlackjackState) -> list[str]:
    return sorted(d.name for d in ENGINE.legal_actions(st))
