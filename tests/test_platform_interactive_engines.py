"""Decision rounds against every engine that asks for decisions (no database): what the platform
debits is what the engine settles, a stake-free default exists at every decision (004 §2.9.4;
003 §3.2), and the player's view never shows a card that is still face down."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import CroupierError
from croupier.games.base import DrawAction
from croupier.games.registry import all_variants, game, load_variant
from croupier.platform.decisions import default_decision, stakes_of, table_view
from croupier.rng import fair


def _currency(variant: Any) -> str:
    limits = getattr(variant, "limits", {}) or {}
    return "EUR" if "EUR" in limits or not limits else next(iter(limits))


def _decision_games() -> list[tuple[str, str]]:
    out = []
    for g, v in all_variants():
        spec = game(g)
        try:
            variant = load_variant(g, v)
            cur = _currency(variant)
            bets = spec.demo_bets(variant, cur)
            state = spec.engine.start(variant, bets, cur)
        except CroupierError:
            continue
        source = fair.stream("ab" * 32, "probe", 0)
        for _ in range(200):  # the first decision point of one deal
            req = spec.engine.next_draw(state)
            if spec.engine.is_finished(state) or req is None:
                break
            state = spec.engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
        if spec.engine.legal_actions(state):
            out.append((g, v))
    return out


DECISION_GAMES = _decision_games()


def test_the_decision_games_include_blackjack_and_the_dealer_poker_tables() -> None:
    names = {g for g, _ in DECISION_GAMES}
    assert {"blackjack", "casino_holdem", "three_card_poker", "red_dog", "top_card"} <= names


def _visible_ok(g: str, state: Any) -> None:
    """No card face down while the player decides: 004 §2.5 (hole card), 003 §3.2, §5.1."""
    view = table_view(game(g), state)
    if view["kind"] == "blackjack":
        assert len(view["dealer"]["cards"]) <= 1
        assert len(view["dealer"]["cards"]) + view["dealer"]["hidden"] == len(state.dealer)
    elif view["kind"] == "poker":
        shown = view["hands"].get("dealer", [])
        assert len(shown) <= 1
        assert sum(len(c) for c in view["hands"].values()) + sum(view["hidden"].values()) == len(
            [c for _s, c in state.cards if c not in state.discards])


@pytest.mark.parametrize(("g", "v"), DECISION_GAMES, ids=[f"{g}-{v}" for g, v in DECISION_GAMES])
@given(seed=st.integers(0, 2**32 - 1), picks=st.lists(st.integers(0, 7), max_size=12))
def test_debited_stakes_equal_settled_stakes_and_a_default_always_exists(
        g: str, v: str, seed: int, picks: list[int]) -> None:
    spec = game(g)
    variant = load_variant(g, v)
    cur = _currency(variant)
    state = spec.engine.start(variant, spec.demo_bets(variant, cur), cur)
    source = fair.stream(f"{seed:064x}", "prop", 0)
    picks = list(picks)
    while not spec.engine.is_finished(state):
        req = spec.engine.next_draw(state)
        if req is not None:
            state = spec.engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
            continue
        legal = spec.engine.legal_actions(state)
        assert legal
        _visible_ok(g, state)
        d = default_decision(spec, state)
        assert d is not None and d.name in {x.name for x in legal}
        before = stakes_of(state)
        after = stakes_of(spec.engine.apply(state, d))
        assert all(after[i][1] <= before.get(i, ("", 0))[1] for i in after)  # adds no stake
        choice = legal[(picks.pop(0) if picks else 0) % len(legal)]
        try:
            state = spec.engine.apply(state, choice)
        except CroupierError:  # a choice needing the player's input (which cards to exchange)
            state = spec.engine.apply(state, d)
    settlement = spec.engine.settle(state)
    assert {i: s for i, (_c, s) in stakes_of(state).items()} == {
        b.bet_id: b.stake for b in settlement.bets}
