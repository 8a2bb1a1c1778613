"""Card codes: ``rank * 4 + suit`` (ranks 2..14, suits 0..3), the joker is 60."""

from __future__ import annotations

from typing import Final

from croupier.errors import InvalidSelection

RANKS: Final = tuple(range(2, 15))
SUITS: Final = (0, 1, 2, 3)
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_CHARS: Final = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
                     11: "J", 12: "Q", 13: "K", 14: "A"}
JOKER: Final = 60


def card(rank: int, suit: int) -> int:
    if rank not in RANK_CHARS or suit not in SUITS:
        raise InvalidSelection(f"no card of rank {rank!r} and suit {suit!r}")
    return rank * 4 + suit


def rank_of(c: int) -> int:
    return c >> 2


def suit_of(c: int) -> int:
    return c & 3


def name(c: int) -> str:
    if c == JOKER:
        return "Jk"
    return RANK_CHARS[rank_of(c)] + SUIT_CHARS[suit_of(c)]


_BY_NAME: Final = {name(card(r, s)): card(r, s) for r in RANKS for s in SUITS} | {"Jk": JOKER}


def parse(text: str) -> int:
    """``"Ah"`` -> ace of hearts; ``"10h"`` and ``"Th"`` are both the ten; ``"Jk"`` the joker."""
    if not isinstance(text, str):
        raise InvalidSelection(f"{text!r} is not a card")
    t = text.strip()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) == 2 and t != "Jk":
        t = t[0].upper() + t[1].lower()
    try:
        return _BY_NAME[t]
    except KeyError:
        raise InvalidSelection(f"{text!r} is not a card (write e.g. 'Ah', 'Td', '7c', 'Jk')") from None


def deck(decks: int = 1, jokers: int = 0) -> list[int]:
    """``decks`` full 52-card decks (ascending codes) plus ``jokers`` jokers."""
    if decks < 0 or jokers < 0:
        raise ValueError("deck counts cannot be negative")
    one = [card(r, s) for r in RANKS for s in SUITS]
    return one * decks + [JOKER] * jokers
