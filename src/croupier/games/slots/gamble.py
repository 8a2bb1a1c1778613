"""The gamble (risk game) after a winning round: 001 §6.7 and 000 §12.17.

* colour: guess the colour of the dealer's card; a right guess doubles the amount (x2);
* suit: guess its suit; a right guess quadruples it (x4);
* higher: the dealer's card is shown; the player's card (000: one of 4 face-down cards) beats it
  on rank (2 < ... < A, suits ignored) to double; equal ranks push (000 §12.17: "the winning
  stays") or lose (the variant's ``equal_rank``, 001's reading).

Every card is drawn from one fresh 52-card deck per move; the higher card's player card from the 51
cards the dealer's card left. A wrong guess loses the amount at risk (001 §6.7.3).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from croupier.cards.card import deck, name, rank_of, suit_of
from croupier.errors import InvalidSelection

DECK: Final = tuple(deck())
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")  # card.py suit order c d h s
COLOURS: Final = ("red", "black")
GUESSES: Final = {"colour": COLOURS, "suit": SUIT_NAMES, "higher": ("higher",)}
MULTIPLIER: Final = {"colour": 2, "suit": 4, "higher": 2}


def colour_of(card: int) -> str:
    return "red" if suit_of(card) in (1, 2) else "black"


def check_guess(mode: str, guess: str) -> None:
    options = GUESSES.get(mode)
    if options is None:
        raise InvalidSelection(f"no gamble {mode!r}; the modes are {', '.join(GUESSES)}")
    if guess not in options:
        raise InvalidSelection(f"a {mode} gamble guesses one of {', '.join(options)}, not {guess!r}")


def player_card(dealer_index: int, value: int) -> int:
    """The player's card of a higher-card move: index ``value`` among the 51 other cards."""
    rest = DECK[:dealer_index] + DECK[dealer_index + 1:]
    return rest[value]


def factor(mode: str, guess: str, dealer: int, player: int | None, equal_rank: str) -> int:
    """What the amount at risk is multiplied by: 0 (lost), 1 (push) or the mode's multiplier."""
    if mode == "colour":
        return 2 if colour_of(dealer) == guess else 0
    if mode == "suit":
        return 4 if SUIT_NAMES[suit_of(dealer)] == guess else 0
    if player is None:
        raise InvalidSelection("a higher-card move needs the player's card")
    a, b = rank_of(player), rank_of(dealer)
    if a > b:
        return 2
    if a == b:
        return 1 if equal_rank == "push" else 0
    return 0


def card_names(dealer: int, player: int | None) -> dict[str, str]:
    out = {"dealer_card": name(dealer)}
    if player is not None:
        out["player_card"] = name(player)
    return out


def move_distribution(mode: str, guess: str, equal_rank: str) -> dict[int, Fraction]:
    """The exact distribution of one move's factor, over every card the move can draw."""
    out: dict[int, Fraction] = {}
    if mode == "higher":
        for d in range(52):
            for v in range(51):
                f = factor(mode, guess, DECK[d], player_card(d, v), equal_rank)
                out[f] = out.get(f, Fraction(0)) + Fraction(1, 52 * 51)
    else:
        for d in range(52):
            f = factor(mode, guess, DECK[d], None, equal_rank)
            out[f] = out.get(f, Fraction(0)) + Fraction(1, 52)
    return out
