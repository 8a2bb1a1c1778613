"""Cards, decks and shoes shared by every card game.

A card is an ``int``: ``rank * 4 + suit`` with ranks 2..14 (14 = Ace) and suits 0..3
(clubs, diamonds, hearts, spades), i.e. codes 8..59; :data:`JOKER` is 60. Ints keep hot loops
and numpy arrays cheap; :func:`name` and :func:`parse` convert for people ("Ah", "Tc", "Jk").
"""

from croupier.cards.card import (
    JOKER,
    RANKS,
    SUITS,
    card,
    deck,
    name,
    parse,
    rank_of,
    suit_of,
)
from croupier.cards.shoe import Shoe

__all__ = ["JOKER", "RANKS", "SUITS", "Shoe", "card", "deck", "name", "parse", "rank_of", "suit_of"]
