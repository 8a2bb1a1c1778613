"""Belote cards (000 §12.12): points, trick order, the play obligations and the trick winner.

Cards are :mod:`croupier.cards.card` codes ``rank * 4 + suit`` (10 is rank 10, J 11 ... A 14).
The trump is a suit 0..3, or :data:`NO_TRUMP` (4) for a No Trump (Boy) game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from croupier.cards.card import name as card_name
from croupier.games.pvp.belote.variant import BeloteVariant

NO_TRUMP: Final = 4
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades", "no trump")


def rank(c: int) -> int:
    return c >> 2


def suit(c: int) -> int:
    return c & 3


def names(cards: Iterable[int]) -> str:
    return " ".join(card_name(c) for c in cards)


def points(v: BeloteVariant, c: int, trump: int) -> int:
    """000 §12.12 card points: trump, non-trump, or the No Trump column."""
    if trump == NO_TRUMP:
        return v.no_trump_points[rank(c)]
    return (v.trump_points if suit(c) == trump else v.plain_points)[rank(c)]


def strength(v: BeloteVariant, c: int, trump: int) -> int:
    """A card's place in its suit's trick order (higher wins): the trump order for a trump."""
    order = v.trump_order if suit(c) == trump else v.plain_order
    return len(order) - order.index(rank(c))


def trick_winner(v: BeloteVariant, led: int, answer: int, trump: int) -> int:
    """0 if the card led wins, 1 if the answer does: a trump beats every other card; in the
    suit led the higher card wins; a card of another suit never wins."""
    if suit(answer) == suit(led):
        return 1 if strength(v, answer, trump) > strength(v, led, trump) else 0
    return 1 if suit(answer) == trump else 0


def legal_answers(v: BeloteVariant, hand: Sequence[int], led: int, trump: int) -> list[int]:
    """000 §12.12 Trick rules 1-3: follow a non-trump suit led; void, a trump (if the variant
    says must); to a trump led, a higher trump, else any trump; else any card."""
    s = suit(led)
    same = [c for c in hand if suit(c) == s]
    if s == trump:
        higher = [c for c in same if strength(v, c, trump) > strength(v, led, trump)]
        return higher or same or list(hand)
    if same:
        return same
    if trump != NO_TRUMP and v.must_trump:
        trumps = [c for c in hand if suit(c) == trump]
        if trumps:
            return trumps
    return list(hand)


def why_illegal(v: BeloteVariant, hand: Sequence[int], led: int, card: int, trump: int) -> str:
    """The rule a refused answer breaks."""
    s = suit(led)
    if s == trump:
        if any(suit(c) == trump and strength(v, c, trump) > strength(v, led, trump) for c in hand):
            return (f"{card_name(card)} is not allowed: {card_name(led)} is a trump and you hold a "
                    f"higher trump (000 §12.12 Trick rules 3)")
        return (f"{card_name(card)} is not allowed: {card_name(led)} is a trump and you hold a trump "
                f"(000 §12.12 Trick rules 3)")
    if any(suit(c) == s for c in hand):
        return (f"{card_name(card)} is not allowed: you hold {SUIT_NAMES[s]} and must follow suit "
                f"(000 §12.12 Trick rules 1)")
    return (f"{card_name(card)} is not allowed: you have no {SUIT_NAMES[s]} and must play a trump "
            f"(000 §12.12 Trick rules 2)")
