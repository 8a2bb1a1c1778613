"""The shoe of an RNG baccarat table: shuffled once, burned, dealt in order to the cut card.

* :meth:`TableShoe.new` shuffles ``decks`` decks with the injected source (Fisher-Yates), places the
  cut card ``cut_card_from_end`` cards from the end and, for ``burn = "face_value"``, follows
  004 §3.2: the first card is removed and shown, then as many more cards as its value are burned
  (Ace 1, 2-9 face value, a ten or a picture card 10).
* :meth:`TableShoe.deal_coup` plays one coup through the engine: each ``card`` draw is answered with
  the index of the shoe's next card in the sorted remaining composition (the engine's draw
  convention), so the record of a table coup replays like any other (:func:`.engine.replay_round`).
* When a coup reaches the cut card, the coup is finished and :attr:`TableShoe.finished` tells the
  table to bring a new shoe for the next one (004 §3.2 "When the cut card is drawn the shoe is
  replaced").

The shoe is table state: a table persists ``cards``, ``position`` and ``cut`` and a restart resumes
the same shoe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from croupier.cards import deck, rank_of
from croupier.errors import IllegalAction
from croupier.games.baccarat.engine import ENGINE, BaccaratState
from croupier.games.baccarat.variant import BaccaratVariant
from croupier.games.base import BetRequest, DrawAction, Settlement
from croupier.games.cardcompare.composition import Composition
from croupier.rng import RandomSource


def burn_count(card: int) -> int:
    """004 §3.2: the number of cards burned after the shown card (ASSUMPTION: a ten burns 10)."""
    r = rank_of(card)
    return 1 if r == 14 else 10 if r >= 10 else r


@dataclass(frozen=True, slots=True)
class TableShoe:
    cards: tuple[int, ...]
    position: int
    cut: int
    shown: int | None = None
    burned: tuple[int, ...] = ()

    @classmethod
    def new(cls, variant: BaccaratVariant, source: RandomSource) -> TableShoe:
        cards = deck(variant.decks)
        source.shuffle(cards)
        shoe = cls(tuple(cards), 0, len(cards) - variant.cut_card_from_end)
        if variant.burn == "face_value":
            first = shoe.cards[0]
            n = burn_count(first)
            shoe = replace(shoe, position=1 + n, shown=first, burned=shoe.cards[1:1 + n])
        return shoe

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.position

    @property
    def finished(self) -> bool:
        """The cut card has come out: deal no further coup from this shoe."""
        return self.position >= self.cut

    def composition(self) -> Composition:
        return Composition.of(self.cards[self.position:])

    def deal_coup(
        self, variant: BaccaratVariant, bets: Sequence[BetRequest], currency: str
    ) -> tuple[BaccaratState, Settlement, TableShoe]:
        if self.finished:
            raise IllegalAction("the cut card has come out: this shoe is finished, shuffle a new one")
        state = ENGINE.start(variant, bets, currency, shoe=self.composition())
        pos = self.position
        while not ENGINE.is_finished(state):
            card = self.cards[pos]
            state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(card)))
            pos += 1
        return state, ENGINE.settle(state), replace(self, position=pos)
