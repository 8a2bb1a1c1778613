"""The rules of blackjack written once: hand totals, the dealer's rule, the main-bet result and the
side-bet classifiers. The engine settles through these functions and the exact analysis counts
through them too, so there is one copy of every rule.

Cards are the ints of :mod:`croupier.cards` (``rank * 4 + suit``, ranks 2..14, Ace = 14).
A card's *point value* (``points``) is 2..10 with Ace = 1 (counted 11 when that does not bust).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from croupier.cards import rank_of, suit_of

ACE = 14


def points(c: int) -> int:
    """Point value of a card: 2-10 at face value, J/Q/K = 10, Ace = 1 (000 §12.2, 001 §9.1)."""
    r = rank_of(c)
    if r == ACE:
        return 1
    return 10 if r >= 10 else r


@dataclass(frozen=True, slots=True)
class Total:
    """A hand's best total: ``value`` counts one Ace as 11 when that does not bust (``soft``)."""

    value: int
    soft: bool

    @property
    def bust(self) -> bool:
        return self.value > 21


def total_of_points(pts: Sequence[int]) -> Total:
    hard = sum(pts)
    if 1 in pts and hard + 10 <= 21:
        return Total(hard + 10, True)
    return Total(hard, False)


def total(cards: Sequence[int]) -> Total:
    """000 §12.2, 003 §2.2: an Ace counts 1 or 11, whichever is more favourable to the hand."""
    return total_of_points([points(c) for c in cards])


def is_natural(cards: Sequence[int]) -> bool:
    """Ace + a 10-value card as the first two cards (000 §12.2; 001 §9.1)."""
    return len(cards) == 2 and sorted(points(c) for c in cards) == [1, 10]


def dealer_hits(cards: Sequence[int], hits_soft_17: bool) -> bool:
    """The dealer draws on 16 or less and stands on 17 or more; on soft 17 only if H17 (001 §9.1)."""
    t = total(cards)
    if t.value < 17:
        return True
    return t.value == 17 and t.soft and hits_soft_17


def dealer_hits_points(pts: Sequence[int], hits_soft_17: bool) -> bool:
    t = total_of_points(pts)
    return t.value < 17 or (t.value == 17 and t.soft and hits_soft_17)


# -- side bets -----------------------------------------------------------------------------------

def red(c: int) -> bool:
    return suit_of(c) in (1, 2)  # diamonds, hearts


def classify_pair(c1: int, c2: int) -> str | None:
    """Ideal Pair (000 §12.2) / Perfect Pairs (003 §2, 004 §2.14) on the first two cards.

    A pair is the same *rank* (K-K, not K-Q). ``perfect`` = same suit (identical cards),
    ``coloured`` = same colour, different suit, ``mixed`` = different colours.
    """
    if rank_of(c1) != rank_of(c2):
        return None
    if suit_of(c1) == suit_of(c2):
        return "perfect"
    if red(c1) == red(c2):
        return "coloured"
    return "mixed"


def _is_straight(ranks: Sequence[int]) -> bool:
    """Three consecutive ranks; the Ace is high (Q-K-A) or low (A-2-3); K-A-2 is not (000 §12.2
    ASSUMPTION 9, 004 §2.14)."""
    rs = sorted(ranks)
    if len(set(rs)) != 3:
        return False
    if rs[2] - rs[0] == 2:
        return True
    return rs == [2, 3, ACE]


def classify_21_3(c1: int, c2: int, up: int) -> str | None:
    """21+3 on the player's first two cards and the dealer's up card (000 §12.2, 004 §2.14).

    Only the highest category pays: suited trips, straight flush, three of a kind, straight, flush.
    """
    cards = (c1, c2, up)
    ranks = [rank_of(c) for c in cards]
    suits = {suit_of(c) for c in cards}
    flush = len(suits) == 1
    if len(set(ranks)) == 1:
        return "suited_trips" if flush else "three_of_a_kind"
    straight = _is_straight(ranks)
    if straight and flush:
        return "straight_flush"
    if straight:
        return "straight"
    if flush:
        return "flush"
    return None


def classify_suitem_up(c1: int, c2: int) -> str | None:
    """Suit'em Up on the first two cards (000 §12.2): only suited hands win.

    Suited Aces > suited Blackjack > suited pair > suited eleven > any suited cards.
    """
    if suit_of(c1) != suit_of(c2):
        return None
    r1, r2 = rank_of(c1), rank_of(c2)
    if r1 == r2 == ACE:
        return "suited_aces"
    if is_natural((c1, c2)):
        return "suited_blackjack"
    if r1 == r2:
        return "suited_pair"
    if points(c1) + points(c2) == 11:
        return "suited_eleven"
    return "suited"


def classify_lucky_lucky(c1: int, c2: int, up: int) -> str | None:
    """Lucky Lucky on the first two cards and the dealer's up card (000 §12.2, ASSUMPTION 8).

    The total counts an Ace 1 or 11 for the best total of 21 or less.
    """
    cards = (c1, c2, up)
    ranks = sorted(rank_of(c) for c in cards)
    suited = len({suit_of(c) for c in cards}) == 1
    if ranks == [7, 7, 7]:
        return "suited_777" if suited else "777"
    if ranks == [6, 7, 8]:
        return "suited_678" if suited else "678"
    t = total(cards).value
    if t == 21:
        return "suited_21" if suited else "21"
    if t == 20:
        return "20"
    if t == 19:
        return "19"
    return None


def classify_bust_it(dealer: Sequence[int]) -> str | None:
    """Bust It (000 §12.2, ASSUMPTION 7): wins when the dealer busts, by the dealer's card count."""
    if not total(dealer).bust:
        return None
    n = len(dealer)
    if n >= 8:
        return "8_plus"
    if n <= 4:
        return "3_4"
    return str(n)


def classify_bonus(cards: Sequence[int]) -> str | None:
    """TDC Bonus (002): the first two cards, or the first two plus the box's third card.

    Three-card rows: 777 of spades, 777 of one suit, 678 of one suit, 777, 678; two-card rows:
    Blackjack of one suit, Blackjack. The best row wins. Jackpot rows (``777_spades``,
    ``suited_777``) are classified here and paid from the jackpot pool of a later issue.
    """
    if len(cards) >= 3:
        three = cards[:3]
        ranks = sorted(rank_of(c) for c in three)
        suits = {suit_of(c) for c in three}
        if ranks == [7, 7, 7]:
            if suits == {3}:
                return "777_spades"
            return "suited_777" if len(suits) == 1 else "777"
        if ranks == [6, 7, 8]:
            return "suited_678" if len(suits) == 1 else "678"
    if len(cards) >= 2 and is_natural(cards[:2]):
        return "suited_blackjack" if suit_of(cards[0]) == suit_of(cards[1]) else "blackjack"
    return None


# The order of each side bet's rows, best first (the paytables themselves are variant data).
SIDE_BET_ROWS: dict[str, tuple[str, ...]] = {
    "ideal_pair": ("perfect", "coloured", "mixed"),
    "perfect_pairs": ("perfect", "coloured", "mixed"),
    "21_3": ("suited_trips", "straight_flush", "three_of_a_kind", "straight", "flush"),
    "suitem_up": ("suited_aces", "suited_blackjack", "suited_pair", "suited_eleven", "suited"),
    "lucky_lucky": ("suited_777", "suited_678", "777", "678", "suited_21", "21", "20", "19"),
    "bust_it": ("8_plus", "7", "6", "5", "3_4"),
    "bonus": ("777_spades", "suited_777", "suited_678", "777", "678", "suited_blackjack",
              "blackjack"),
}
