"""A shoe as an ordered, immutable sequence of cards with a cut card.

RNG tables shuffle the shoe once from the injected source (Fisher-Yates) and deal it in order;
the shoe's order and position are table state that a restart restores. A live table has no known
order: its cards come from the dealer's scanner as draws.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from croupier.cards.card import deck
from croupier.errors import IllegalAction
from croupier.rng import RandomSource


@dataclass(frozen=True, slots=True)
class Shoe:
    cards: tuple[int, ...]
    position: int = 0
    cut: int | None = None  # index of the cut card: reaching it ends the shoe after the round

    @classmethod
    def shuffled(
        cls, source: RandomSource, decks: int = 1, jokers: int = 0, penetration: float | None = None
    ) -> Shoe:
        cards = deck(decks, jokers)
        source.shuffle(cards)
        cut = None if penetration is None else int(len(cards) * penetration)
        return cls(tuple(cards), 0, cut)

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.position

    @property
    def cut_reached(self) -> bool:
        return self.cut is not None and self.position >= self.cut

    def deal(self) -> tuple[int, Shoe]:
        if self.position >= len(self.cards):
            raise IllegalAction("the shoe is empty")
        return self.cards[self.position], replace(self, position=self.position + 1)

    def burn(self, n: int) -> Shoe:
        if n < 0 or self.position + n > len(self.cards):
            raise IllegalAction(f"cannot burn {n} cards with {self.remaining} left")
        return replace(self, position=self.position + n)
