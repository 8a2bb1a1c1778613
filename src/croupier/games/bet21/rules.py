"""The rules of 21 Bet (000 §12.54) as small pure functions on integer hands.

A hand is ``(hard, aces, cards)``: its points with every Ace counted 1, how many Aces it holds and
how many cards. The engine (:mod:`croupier.games.bet21`) folds the dealt cards into two hands with
:func:`add` and asks :func:`next_player` and :func:`outcome`; the exact analysis
(:mod:`.exact`) and the simulation call the same functions, so the rules are written once.

The dealing procedure, with the ASSUMPTIONS that settle what 000 §12.54 leaves open (each is
repeated in the variant file and in docs/bet21.md):

1. Player 1 gets two cards, then Player 2 two cards ("the dealer first deals two cards to Player 1
   and two cards to Player 2").
2. A *golden point* on those two cards ends the game at once: two Aces, or (option
   ``golden_two_card_21``, on by default as the text says "golden point (21, two Aces)") a
   two-card 21. One golden point wins; two golden points are a draw (ASSUMPTION, as TvBet's 21 Bet).
3. Otherwise extra rounds: in each round Player 1, then Player 2, gets one card if below
   ``stand_on`` (17) points and below ``max_cards`` (5: 2 + 3 extra cards, the "4 rounds of card
   dealing"; ASSUMPTION reading "no more than three cards" as three *additional* cards). A card that
   busts a player (> 21) ends the game at once and the opponent wins ("until either of them ...
   gets busted"), so both players never bust.
4. When nobody draws any more, the higher total wins; equal totals are a draw (ASSUMPTION: also when
   a player is still below 17 after five cards, which the text's draw rule does not cover).
5. An Ace counts 11 unless that busts the hand (option ``ace_high``; off = an Ace is always 1, as
   the Wizard of Odds describes TvBet's game).
"""

from __future__ import annotations

from typing import Final, NamedTuple

#: 000 §12.54: the ranks of the 36-card deck (6..10, J, Q, K, A as 11..14)
RANKS: Final = (6, 7, 8, 9, 10, 11, 12, 13, 14)
#: 000 §12.54 card points, an Ace as 1 (an Ace may also count 11, see :func:`total`)
POINTS: Final = {6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 2, 12: 3, 13: 4, 14: 1}

Hand = tuple[int, int, int]  # (hard points, aces, cards)
EMPTY: Final[Hand] = (0, 0, 0)

#: bet codes in the order of 000 §12.54's list (1..15)
CODES: Final = (
    "player_1", "player_2", "draw",
    "win_2_cards", "win_3_cards", "win_4_cards", "win_5_cards",
    "win_17_points", "win_18_points", "win_19_points", "win_20_points", "win_21_points",
    "bust", "no_bust", "golden_point",
)


class Opts(NamedTuple):
    """The rule options of a variant (see the module docstring)."""

    ace_high: bool = True
    golden_two_card_21: bool = True
    stand_on: int = 17
    max_cards: int = 5


class Outcome(NamedTuple):
    """How a game ended: ``winner`` 1 or 2 (0 = draw), the winner's cards and points (0 on a
    draw), whether a player busted and whether the winner won with a golden point."""

    winner: int
    cards: int
    points: int
    bust: bool
    golden: bool


def add(hand: Hand, rank: int) -> Hand:
    return hand[0] + POINTS[rank], hand[1] + (rank == 14), hand[2] + 1


def total(hand: Hand, o: Opts) -> int:
    """000 §12.54: "A - one point or eleven points": 11 when that does not bust (``ace_high``)."""
    hard, aces, _ = hand
    if o.ace_high and aces and hard + 10 <= 21:
        return hard + 10
    return hard


def golden(hand: Hand, o: Opts) -> bool:
    """000 §12.54 golden point on the first two cards: two Aces, or (option) a two-card 21."""
    return hand[2] == 2 and (hand[1] == 2 or (o.golden_two_card_21 and total(hand, o) == 21))


def _draws(hand: Hand, o: Opts) -> bool:
    return hand[2] < o.max_cards and total(hand, o) < o.stand_on


def next_player(h1: Hand, h2: Hand, o: Opts) -> int | None:
    """Who gets the next card (1 or 2), ``None`` when the game is over."""
    if h1[2] < 2:
        return 1
    if h2[2] < 2:
        return 2
    if h1[2] == 2 and h2[2] == 2 and (golden(h1, o) or golden(h2, o)):
        return None
    if total(h1, o) > 21 or total(h2, o) > 21:
        return None
    d1 = _draws(h1, o)
    d2 = _draws(h2, o)
    if d1 and (not d2 or h1[2] <= h2[2]):
        return 1
    if d2:
        return 2
    return None


def outcome(h1: Hand, h2: Hand, o: Opts) -> Outcome:
    """The result of a finished game (:func:`next_player` is ``None``)."""
    t1, t2 = total(h1, o), total(h2, o)
    if h1[2] == 2 and h2[2] == 2:
        g1, g2 = golden(h1, o), golden(h2, o)
        if g1 and g2:
            return Outcome(0, 0, 0, False, False)
        if g1:
            return Outcome(1, 2, t1, False, True)
        if g2:
            return Outcome(2, 2, t2, False, True)
    if t1 > 21:
        return Outcome(2, h2[2], t2, True, False)
    if t2 > 21:
        return Outcome(1, h1[2], t1, True, False)
    if t1 > t2:
        return Outcome(1, h1[2], t1, False, False)
    if t2 > t1:
        return Outcome(2, h2[2], t2, False, False)
    return Outcome(0, 0, 0, False, False)


def wins(code: str, out: Outcome) -> bool:
    """Whether bet ``code`` wins (ASSUMPTIONS: every "win with" bet is about the winner's hand and
    loses on a draw; "bust" = a player busted; "golden_point" = the winner won with one)."""
    if code == "player_1":
        return out.winner == 1
    if code == "player_2":
        return out.winner == 2
    if code == "draw":
        return out.winner == 0
    if code == "bust":
        return out.bust
    if code == "no_bust":
        return not out.bust
    if code == "golden_point":
        return out.golden
    if out.winner == 0:
        return False
    kind, n = code.split("_")[2], int(code.split("_")[1])
    return out.cards == n if kind == "cards" else out.points == n


def hands(ranks_dealt: list[tuple[int, int]]) -> tuple[Hand, Hand]:
    """Fold ``(player, rank)`` pairs into the two hands."""
    h1: Hand = EMPTY
    h2: Hand = EMPTY
    for who, rank in ranks_dealt:
        if who == 1:
            h1 = add(h1, rank)
        else:
            h2 = add(h2, rank)
    return h1, h2
