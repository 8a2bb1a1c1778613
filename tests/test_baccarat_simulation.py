"""The vectorised baccarat dealer is tied to the engine on identical draws (differential test),
and the simulation's 99% intervals contain the exact figures."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.games.baccarat.engine import ENGINE
from croupier.games.baccarat.exact import class_index, key_of
from croupier.games.baccarat.simulate import (
    deal_classes,
    layout,
    repeats,
    return_matrix,
    simulate,
)
from croupier.games.base import BetRequest, DrawAction
from croupier.games.cardcompare.composition import Composition
from croupier.games.registry import load_variant
from croupier.rng import seeded


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_layout_arithmetic_matches_its_codes(decks: int) -> None:
    lay = layout(decks)
    pos = np.arange(lay.size, dtype=np.uint32)
    block = (pos * lay.m1) >> lay.s1
    card = (pos * lay.m2) >> lay.s2
    ranks = lay.codes >> 2
    assert (np.array([14, *range(2, 14)])[block] == ranks).all()
    assert np.array_equal(np.unique(card, return_index=True)[1], np.arange(0, lay.size, decks))
    assert sorted(lay.codes.tolist()) == [c for c, n in Composition.decks(decks).codes() for _ in range(n)]


@pytest.mark.parametrize("variant", ["live_004", "pro_001", "punto_banco_000", "tdc_no_commission_002"])
def test_vectorised_dealer_agrees_with_the_engine_on_identical_draws(variant: str) -> None:
    v = load_variant("baccarat", variant)
    lay = layout(v.decks)
    src = seeded(variant)
    ret = return_matrix(v)
    coups = 400
    pos = np.zeros((6, coups), dtype=np.uint16)
    expected_class = []
    expected_returns = []
    for i in range(coups):
        # six draw values as the engine takes them: an index into the sorted remaining shoe
        comp = Composition.decks(v.decks)
        draws = []
        dealt = []
        for _ in range(6):
            value = src.randbelow(comp.size)
            draws.append(value)
            card = comp.card_at(value)
            dealt.append(card)
            comp = comp.remove(card)
        state = ENGINE.start(v, [BetRequest(c, 100) for c in v.bet_codes], "XXX")
        used = 0
        while not ENGINE.is_finished(state):
            state = ENGINE.apply(state, DrawAction("card", draws[used]))
            used += 1
        # the same cards as layout positions (the k-th copy of a code takes its k-th position)
        taken: dict[int, int] = {}
        for k, card in enumerate(dealt):
            first = int(np.flatnonzero(lay.codes == card)[0])
            pos[k, i] = first + taken.get(card, 0)
            taken[card] = taken.get(card, 0) + 1
        expected_class.append(class_index(key_of(state.player, state.banker)))
        expected_returns.append([b.returned / b.stake for b in ENGINE.settle(state).bets])
    assert not repeats(pos).any()
    got = deal_classes(lay, pos)
    assert got.tolist() == expected_class
    assert np.allclose(ret[:, got].T, np.array(expected_returns))


def test_simulation_interval_contains_the_exact_rtp() -> None:
    from croupier.games.baccarat.exact import exact

    v = load_variant("baccarat", "punto_banco_000")
    exact_rtp = {r.bet: float(r.rtp) for r in exact(v)}
    for s in simulate(v, 2_000_000, 7):
        assert s.ci99[0] <= exact_rtp[s.bet] <= s.ci99[1], s


def test_simulation_depends_on_the_seed_only() -> None:
    v = load_variant("baccarat", "mini_001")
    a = simulate(v, 100_000, 5)
    b = simulate(v, 100_000, 5)
    assert a == b
    assert a != simulate(v, 100_000, 6)
