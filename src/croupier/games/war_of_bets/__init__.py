"""War of Bets (000 §12.39): one card to the Player, then one to the Dealer; 25 predictions.

Ranks 2 < ... < 10 < J < Q < K < A; equal ranks are "War". The bets of the first betting round
(before any card) are implemented; the rulebook's second round (after the Player's card, with
updated odds) would be a second round of bets on the Dealer's card and the result, which needs
odds the rulebook does not give.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Final

from croupier.cards import rank_of, suit_of
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.dealt import DealEngine, DealRules, Dealt, DealtVariant, game_spec

SUITS: Final = ("clubs", "diamonds", "hearts", "spades")  # card suits 0..3
PROPS: Final = ("red", "black", *SUITS, "8", "under_8", "over_8", "picture", "ace_or_number")
CODES: Final = ("dealer_wins", "player_wins", "war",
                *(f"{who}_{p}" for who in ("dealer", "player") for p in PROPS))


def holds(prop: str, card: int) -> bool:
    """000 §12.39 rows 4-25 for one card (ASSUMPTION: "score" is the rank order, J-A over 8)."""
    r, s = rank_of(card), suit_of(card)
    if prop == "red":
        return s in (1, 2)
    if prop == "black":
        return s in (0, 3)
    if prop in SUITS:
        return s == SUITS.index(prop)
    if prop == "8":
        return r == 8
    if prop == "under_8":
        return r < 8
    if prop == "over_8":
        return r > 8
    if prop == "picture":
        return r in (11, 12, 13)
    return r == 14 or r <= 10  # ace or number


class WarOfBetsRules(DealRules):
    game = "war_of_bets"
    title = "War of Bets"
    codes = CODES

    def shoe(self, v: DealtVariant) -> Composition:
        return Composition.decks(v.decks)

    def next_slot(self, v: DealtVariant, dealt: Dealt) -> str | None:
        return ("player", "dealer")[len(dealt)] if len(dealt) < 2 else None

    def bet_return(self, v: DealtVariant, code: str, dealt: Dealt) -> Fraction:
        player, dealer = dealt[0][1], dealt[1][1]
        pr, dr = rank_of(player), rank_of(dealer)
        if code == "dealer_wins":
            won = dr > pr
        elif code == "player_wins":
            won = pr > dr  # ASSUMPTION: Player/Dealer bets lose on a War
        elif code == "war":
            won = pr == dr
        else:
            who, prop = code.split("_", 1)
            won = holds(prop, dealer if who == "dealer" else player)
        return v.payouts[code].total if won else Fraction(0)

    def card_key(self, v: DealtVariant, card: int) -> Hashable:
        return card


RULES = WarOfBetsRules()
GAME = game_spec(RULES)
ENGINE: DealEngine = GAME.engine  # type: ignore[assignment]

__all__ = ["ENGINE", "GAME", "RULES", "holds"]
