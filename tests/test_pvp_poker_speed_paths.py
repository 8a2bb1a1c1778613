"""The hand engine's fast paths (issue 21 `make bench`) decide exactly as the plain ones:

* the showdown's batched evaluation (:func:`evaluate.hand_values`, one compiled call per board)
  gives each hand the value :func:`evaluate.hand_value` gives it alone (000 §12.12.3 rankings);
* :func:`bots.play_hand`'s loop plays a hand as the generic :func:`games.base.play_seated`;
* the bet sizes a bot reads from the legal actions are :meth:`PokerEngine.raise_range`'s;
* the shared argument-free legal decisions cannot be changed by a caller;
* and, over random hands of every variant and format, chips are conserved, a legal action exists
  until the hand ends, and the record replays to the same events and settlement.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from croupier.games.base import Decision, play_seated
from croupier.games.pvp.poker.bots import Bot, play_hand, preset
from croupier.games.pvp.poker.engine import ENGINE, FORMATS, HandSetup, HandState, replay_hand
from croupier.games.pvp.poker.evaluate import hand_value, hand_values
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import PokerVariant, all_variants, load_variant
from croupier.rng import RandomSource

STANDARD = range(8, 60)
SHORT = range(24, 60)


class _Source(RandomSource):
    """A seeded PRNG instance for the tests (never the global ``random``)."""

    def __init__(self, seed: int) -> None:
        self._rnd = random.Random(seed)

    def randbelow(self, n: int) -> int:
        return self._rnd.randrange(n)


@pytest.mark.parametrize(("ranking", "deck", "hole", "board"), [
    ("best5", STANDARD, 2, 5), ("best5", STANDARD, 2, 3), ("best5", STANDARD, 5, 0),
    ("omaha", STANDARD, 4, 5), ("omaha", STANDARD, 5, 5), ("short_deck", SHORT, 2, 5),
])
def test_000_12_12_3_batched_showdown_values_equal_hand_value(ranking: str, deck: range, hole: int,
                                                              board: int) -> None:
    rnd = random.Random(f"{ranking}{hole}{board}")
    for _ in range(1500):
        players = rnd.randint(1, 6 if hole * 6 + board <= len(deck) else 4)
        dealt = rnd.sample(list(deck), players * hole + board)
        holes = [tuple(dealt[p * hole:(p + 1) * hole]) for p in range(players)]
        common = tuple(dealt[players * hole:])
        assert hand_values(ranking, holes, common) == [hand_value(ranking, h, common) for h in holes]


def test_000_12_12_3_batched_showdown_checks_the_card_counts_as_hand_value() -> None:
    from croupier.errors import InvalidSelection

    for ranking, holes, board in (("best5", [(8, 9)], (10, 11)), ("omaha", [(8,)], (10, 11, 12)),
                                  ("omaha", [(8, 9)], (10, 11)), ("nope", [(8, 9)], (10, 11, 12))):
        with pytest.raises(InvalidSelection):
            hand_value(ranking, holes[0], board)
        with pytest.raises(InvalidSelection):
            hand_values(ranking, holes, board)


@pytest.mark.parametrize(("ranking", "deck", "counts", "board"), [
    ("best5", STANDARD, (2, 3, 4), 3), ("best5", STANDARD, (4, 2), 3), ("omaha", STANDARD, (4, 5, 2), 5),
    ("short_deck", SHORT, (2, 4), 3),
])
def test_issue21_batched_showdown_mixed_hole_counts_equal_hand_value(ranking: str, deck: range,
                                                                      counts: tuple[int, ...], board: int) -> None:
    """hand_values has two compiled paths: one for hands of one hole-card count (the engine's
    showdown, every board card passed once) and one for hands of mixed counts; both give each
    hand :func:`hand_value`'s value (000 §12.12.3 rankings)."""
    rnd = random.Random(f"mixed{ranking}{counts}")
    for _ in range(1000):
        dealt = rnd.sample(list(deck), sum(counts) + board)
        holes, at = [], 0
        for c in counts:
            holes.append(tuple(dealt[at:at + c]))
            at += c
        common = tuple(dealt[at:])
        assert hand_values(ranking, holes, common) == [hand_value(ranking, h, common) for h in holes]


def _table(k: int, rnd: _Source) -> tuple[PokerVariant, HandSetup]:
    keys = all_variants()
    v = load_variant(*keys[k % len(keys)])
    n = 2 + rnd.randbelow(v.max_players - 1)
    fmt = FORMATS[k % len(FORMATS)]
    stacks = tuple(1 + rnd.randbelow(3000) for _ in range(n))
    rake = None if fmt == "tournament" else PercentRake(Fraction(3 + k % 3, 100), cap=(None, 60)[k % 2],
                                                        no_flop_no_drop=bool(k % 5))
    straddler = (k % n + 3) % n
    predeal: tuple[tuple[int, str], ...] = ()
    if fmt == "regular" and v.straddle and n >= 4 and k % 3 == 0 and stacks[straddler] >= 40:
        predeal = ((straddler + 1, "straddle"),)
    return v, HandSetup(tuple(range(1, n + 1)), stacks, 1 + k % n, 20, format=fmt, rake=rake, predeal=predeal)


def _bots(k: int, setup: HandSetup, source: RandomSource) -> dict[int, Bot]:
    return {s: preset(("calling", "tight", "loose", "maniac")[(s + k) % 4], source) for s in setup.seats}


def test_bot_play_hand_loop_plays_as_the_generic_play_seated() -> None:
    for k in range(400):
        v, setup = _table(k, _Source(k))
        a_src, b_src = _Source(10_000 + k), _Source(10_000 + k)
        a, a_settle = play_hand(v, setup, "AMD", a_src, _bots(k, setup, a_src))
        b, b_settle = play_seated(ENGINE, v, setup, "AMD", b_src, _bots(k, setup, b_src))
        assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
        assert a_settle == b_settle


def test_000_12_12_3_legal_bet_sizes_are_the_raise_range_and_chips_are_conserved_and_replay() -> None:
    """Each state of random hands: the bet/raise entries of the legal actions are the least and
    the most of raise_range; a legal action exists until the hand ends; chips are conserved;
    the record replays to the same events and settlement."""
    checked = 0
    for k in range(600):
        v, setup = _table(k, _Source(k))
        src = _Source(20_000 + k)
        bots = _bots(k, setup, src)
        total = sum(setup.stacks)

        def watch(state: HandState, legal: list[Decision], bots: Mapping[int, Bot] = bots,
                  total: int = total) -> Decision:
            nonlocal checked
            assert legal, "a player to act has a legal action"
            assert sum(state.stacks) + sum(state.committed) == total
            sizes = [d.args["to"] for d in legal if d.name in ("bet", "raise")]
            rng = ENGINE.raise_range(state)
            if sizes:
                assert rng is not None and (sizes[0], sizes[-1]) == rng
                checked += 1
            elif state.phase == "bet" and state.setup.format != "all_in_or_fold":
                assert rng is None
            seat = ENGINE.to_act(state)
            assert seat is not None
            return bots[seat](state, legal)

        end, settle = play_hand(v, setup, "AMD", src, {s: watch for s in setup.seats})
        assert ENGINE.legal_actions(end) == []
        assert settle.total_stake == settle.total_returned + settle.rake
        assert replay_hand(ENGINE, v, end.events) == settle
    assert checked > 1000  # the check above really ran


def test_legal_decisions_shared_between_hands_cannot_be_changed() -> None:
    v = load_variant("holdem", "no_limit")
    s = ENGINE.start(v, HandSetup((1, 2, 3), (1000, 1000, 1000), 1, 20), "AMD")
    s = play_until_bet(s)
    fold = ENGINE.legal_actions(s)[0]
    args: Any = fold.args
    with pytest.raises(TypeError):
        args["seat"] = 99
    assert ENGINE.legal_actions(s)[0].args == {"seat": fold.args["seat"]}


def play_until_bet(s: HandState) -> HandState:
    from croupier.games.base import DrawAction

    while s.phase == "deal":
        s = ENGINE.apply(s, DrawAction("deal", 0))
    return s


def _open_key_by_groups(cards: list[int]) -> tuple[int, ...]:
    """000 §12.9 open-card order spelled out: (count, rank) groups, largest first."""
    ranks = [c >> 2 for c in cards]
    groups = sorted({(ranks.count(r), r) for r in ranks}, reverse=True)
    return (*(n for n, _ in groups), *(r for _, r in groups))


def test_000_12_9_open_cards_key_orders_groups_then_ranks() -> None:
    from croupier.games.pvp.poker.core import open_cards_key

    rnd = random.Random(129)
    for _ in range(5000):  # the core's one-int key orders open cards as the spelled-out groups do
        k = rnd.randint(1, 4)
        a, b = rnd.sample(list(STANDARD), k), rnd.sample(list(STANDARD), k)
        mine = (open_cards_key(a) > open_cards_key(b)) - (open_cards_key(a) < open_cards_key(b))
        spelled = (_open_key_by_groups(a) > _open_key_by_groups(b)) - (_open_key_by_groups(a) < _open_key_by_groups(b))
        assert mine == spelled, (a, b)


def test_a_hand_state_never_changes_once_made() -> None:
    """The engine is pure: every step works on a copy of the core array; a state's own array is
    read-only, and an earlier state reads the same after later steps."""
    v = load_variant("holdem", "no_limit")
    s = play_until_bet(ENGINE.start(v, HandSetup((1, 2, 3), (1000, 1000, 1000), 1, 20), "AMD"))
    before = s.fields()
    t = ENGINE.apply(s, ENGINE.legal_actions(s)[-1])
    assert t.fields() != before and s.fields() == before
    with pytest.raises(ValueError, match="read-only"):
        s.core[0] = 1
