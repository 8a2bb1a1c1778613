"""A simple computer opponent for Belote (issue 22: tests, demos and load; never playing real
players for money). It only ever returns one of the legal decisions it is given.

Heuristics: take a trump whose suit is strong in hand (J, 9, A, 10 of it and its length), else
pass while passing is allowed; declare the most valuable combination available; never announce
Contra, never double, never change a card, always accept a double; lead its strongest card;
answer with the cheapest card that wins the trick, else the cheapest card allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.errors import IllegalAction
from croupier.games.base import Decision
from croupier.games.pvp.belote.cards import NO_TRUMP, points, rank, strength, suit, trick_winner
from croupier.games.pvp.belote.combos import classify
from croupier.games.pvp.belote.state import MatchState

#: what a card of the candidate trump suit adds to its strength (J, 9, A, 10; others 1)
_TRUMP_WEIGHT: Final = {11: 6, 9: 5, 14: 3, 10: 2}
#: a suit worth at least this is taken as trump when passing is allowed
TAKE_AT: Final = 10


def suit_strength(cards: Sequence[int], k: int) -> int:
    if k == NO_TRUMP:
        return sum(4 if rank(c) == 14 else 2 if rank(c) == 10 else 0 for c in cards)
    return sum(_TRUMP_WEIGHT.get(rank(c), 1) for c in cards if suit(c) == k)


def choose(s: MatchState, legal: Sequence[Decision]) -> Decision:
    """The bot's decision among ``legal`` (a Decider for :func:`~croupier.games.base.play_seated`)."""
    if not legal:
        raise IllegalAction("the bot was asked to act with no legal decision")
    by: dict[str, list[Decision]] = {}
    for d in legal:
        by.setdefault(d.name, []).append(d)
    for name in ("accept", "keep"):
        if name in by:
            return by[name][0]
    if "declare" in by:
        return max(by["declare"], key=lambda d: classify(s.variant, d.args["cards"], s.trump)[1])
    if s.phase in ("contra", "recontra"):
        return by["pass"][0]
    i = s.setup.seats.index(legal[0].args["seat"])
    hand = s.hand(i)
    if s.phase == "bid":
        return _bid(s, hand, by)
    plays = by["play"]
    v, t = s.variant, s.trump
    if s.led < 0:
        return max(plays, key=lambda d: (strength(v, d.args["card"], t), points(v, d.args["card"], t)))
    winning = [d for d in plays if trick_winner(v, s.led, d.args["card"], t) == 1]
    pool = winning or plays
    return min(pool, key=lambda d: (points(v, d.args["card"], t), strength(v, d.args["card"], t)))


def _bid(s: MatchState, hand: Sequence[int], by: dict[str, list[Decision]]) -> Decision:
    if "take" in by:
        if "pass" not in by or suit_strength([*hand, s.face_up], suit(s.face_up)) >= TAKE_AT:
            return by["take"][0]
        return by["pass"][0]
    best = max(by["trump"], key=lambda d: (suit_strength(hand, d.args["suit"]), d.args.get("open_card", False)))
    if "pass" in by and suit_strength(hand, best.args["suit"]) < TAKE_AT:
        return by["pass"][0]
    return best
