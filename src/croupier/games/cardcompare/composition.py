"""A shoe as a multiset of card codes, and the ``card`` draw convention.

A :class:`Composition` holds how many copies of each card code (``rank * 4 + suit``, joker 60)
remain. Its cards, sorted by code, are numbered ``0 .. size - 1``; a ``card`` draw names the next
card by that number. Drawing a uniform number in ``[0, size)`` is drawing a uniformly random
remaining card: exactly the law of dealing the next card of a well shuffled shoe. A table that
holds an ordered shoe (RNG or live) feeds :meth:`Composition.index_of` of its next card instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from croupier.cards import JOKER, deck
from croupier.errors import IllegalAction

CODES = JOKER + 1  # codes 0..60; only 8..60 are used


@dataclass(frozen=True, slots=True)
class Composition:
    """How many of each card code remain (``counts[code]``), immutable."""

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.counts) != CODES or any(c < 0 for c in self.counts):
            raise ValueError("a composition needs a non-negative count for each of the 61 codes")

    @classmethod
    def of(cls, cards: Iterable[int]) -> Composition:
        counts = [0] * CODES
        for c in cards:
            if isinstance(c, bool) or not isinstance(c, int) or not 8 <= c <= JOKER:
                raise ValueError(f"{c!r} is not a card code")
            counts[c] += 1
        return cls(tuple(counts))

    @classmethod
    def decks(cls, decks: int, jokers: int = 0, ranks: Iterable[int] | None = None) -> Composition:
        """``decks`` full decks (optionally only some ranks, e.g. 32 Cards) plus jokers."""
        return _full(decks, jokers, None if ranks is None else tuple(sorted(set(ranks))))

    @property
    def size(self) -> int:
        return sum(self.counts)

    def count(self, code: int) -> int:
        return self.counts[code]

    def codes(self) -> Iterator[tuple[int, int]]:
        """``(code, count)`` for every code present, ascending."""
        for code, n in enumerate(self.counts):
            if n:
                yield code, n

    def card_at(self, index: int) -> int:
        """The card numbered ``index`` in the sorted remaining composition."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise IllegalAction(f"a card draw is in [0, {self.size}), got {index!r}")
        for code, n in enumerate(self.counts):
            if index < n:
                return code
            index -= n
        raise IllegalAction("card index out of range")  # pragma: no cover - checked above

    def index_of(self, code: int) -> int:
        """The draw value that deals ``code`` (its first number in the sorted composition)."""
        if not 0 <= code < CODES or self.counts[code] == 0:
            raise IllegalAction(f"card code {code!r} is not in the shoe")
        return sum(self.counts[:code])

    def remove(self, code: int) -> Composition:
        if self.counts[code] == 0:
            raise IllegalAction(f"card code {code} is not in the shoe")
        counts = list(self.counts)
        counts[code] -= 1
        return Composition(tuple(counts))

    def to_list(self) -> list[list[int]]:
        """JSON form: ``[[code, count], ...]`` for the codes present."""
        return [[c, n] for c, n in self.codes()]

    @classmethod
    def from_list(cls, data: Iterable[Iterable[int]]) -> Composition:
        counts = [0] * CODES
        for pair in data:
            code, n = (int(x) for x in pair)
            if not 8 <= code <= JOKER or n < 0:
                raise ValueError(f"bad composition entry {pair!r}")
            counts[code] = n
        return cls(tuple(counts))


@cache
def _full(decks: int, jokers: int, ranks: tuple[int, ...] | None) -> Composition:
    return Composition.of(
        c for c in deck(decks, jokers) if ranks is None or c == JOKER or c >> 2 in ranks
    )
