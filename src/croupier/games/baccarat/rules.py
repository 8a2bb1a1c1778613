"""The baccarat rules: card points, the third-card rule and what each bet returns.

The one place they are written. The engine deals with :func:`next_to_draw` and settles with
:func:`bet_return`; exact analysis and the vectorised simulation settle through the engine.

Card points (000 §12.13, 001 §9.2, 004 §3.3): Ace 1, 2-9 face value, 10/J/Q/K 0; a hand's total
is its points mod 10 (004 §3.4). Deal order (002 "Game Start"): cards 1 and 3 to the Player,
2 and 4 to the Banker, then the Player's third card (if any) and the Banker's.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from croupier.cards import rank_of, suit_of

if TYPE_CHECKING:
    from croupier.games.baccarat.variant import BaccaratVariant

PLAYER: Final = "player"
BANKER: Final = "banker"
TIE: Final = "tie"


def point(card: int) -> int:
    """000 §12.13, 004 §3.3: Ace 1, 2-9 face value, tens and pictures 0."""
    r = rank_of(card)
    if r == 14:
        return 1
    return r if r <= 9 else 0


def total(cards: tuple[int, ...]) -> int:
    """004 §3.4: the points of a hand mod 10."""
    return sum(point(c) for c in cards) % 10


#: THE THIRD-CARD RULE for the Banker when the Player drew (004 §3.7; 002 "Baccarat table of
#: play"; 000 §12.13 ASSUMPTION standard tableau): Banker two-card total -> the points of the
#: Player's third card on which the Banker draws. Banker 0-2 always draws; 7 stands.
BANKER_DRAWS_ON: Final[dict[int, frozenset[int]]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},      # "Any card except 8"
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}


def is_natural(cards: tuple[int, ...]) -> bool:
    """004 §3.5-3.6: a two-card total of 8 or 9."""
    return len(cards) == 2 and total(cards) >= 8


def player_draws(player_total: int) -> bool:
    """004 §3.6: with no natural on the table the Player draws on 0-5 and stands on 6-7."""
    return player_total <= 5


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """The Banker's third-card rule (no natural on the table).

    ``player_third`` is the *points* of the Player's third card, or ``None`` if the Player stood:
    then the Banker draws "by the same rule" as the Player, on 0-5 (004 §3.6; 002 Note).
    """
    if not 0 <= banker_total <= 9:
        raise ValueError(f"a baccarat total is 0-9, got {banker_total}")
    if banker_total >= 8:
        return False
    if player_third is None:
        return banker_total <= 5
    if not 0 <= player_third <= 9:
        raise ValueError(f"a card's points are 0-9, got {player_third}")
    return player_third in BANKER_DRAWS_ON[banker_total]


def next_to_draw(player: tuple[int, ...], banker: tuple[int, ...]) -> str | None:
    """Which hand gets the next card (``"player"``/``"banker"``), or ``None`` when the coup is over."""
    n = len(player) + len(banker)
    if n < 4:
        return PLAYER if len(player) == len(banker) else BANKER
    if len(banker) == 3:
        return None
    if is_natural(player[:2]) or is_natural(banker[:2]):
        return None  # 004 §3.6: a natural ends the deal
    pt, bt = total(player[:2]), total(banker[:2])
    if len(player) == 2:
        if player_draws(pt):
            return PLAYER
        return BANKER if banker_draws(bt, None) else None
    return BANKER if banker_draws(bt, point(player[2])) else None


def is_pair(a: int, b: int) -> bool:
    """ASSUMPTION (001 §9.2): a pair is two cards of the same rank (K+Q is not a pair)."""
    return rank_of(a) == rank_of(b)


def is_perfect_pair(a: int, b: int) -> bool:
    """001 §9.2, 004 §3.11: the same rank and the same suit."""
    return a == b


@dataclass(frozen=True, slots=True)
class Coup:
    """A finished deal: the Player's and the Banker's cards in the order dealt."""

    player: tuple[int, ...]
    banker: tuple[int, ...]

    @property
    def player_total(self) -> int:
        return total(self.player)

    @property
    def banker_total(self) -> int:
        return total(self.banker)

    @property
    def winner(self) -> str:
        p, b = self.player_total, self.banker_total
        return PLAYER if p > b else BANKER if b > p else TIE

    @property
    def cards(self) -> int:
        return len(self.player) + len(self.banker)

    @property
    def player_pair(self) -> bool:
        return is_pair(self.player[0], self.player[1])

    @property
    def banker_pair(self) -> bool:
        return is_pair(self.banker[0], self.banker[1])

    @property
    def perfect_pairs(self) -> int:
        """How many hands open with a perfect (suited) pair: 0, 1 or 2."""
        return int(is_perfect_pair(*self.player[:2])) + int(is_perfect_pair(*self.banker[:2]))

    def hand(self, side: str) -> tuple[int, ...]:
        return self.player if side == PLAYER else self.banker


def _main(v: BaccaratVariant, side: str, coup: Coup) -> Fraction:
    w = coup.winner
    if w == TIE:
        return Fraction(1)  # 000 §12.13, 003 §1.2, 004 §3.9: Player and Banker bets are returned
    if w != side:
        return Fraction(0)
    if side == BANKER and v.banker_six is not None and coup.banker_total == 6:
        return v.banker_six.total  # 002 no commission: "in case banker wins with 6 ... 1:2"
    return v.payouts[side].total


def _bonus(v: BaccaratVariant, side: str, coup: Coup) -> Fraction:
    """000 §12.13 Player/Banker bonus (ASSUMPTION: standard "Dragon Bonus" reading)."""
    b = v.bonus
    if b is None:  # pragma: no cover - bet codes are validated against the variant
        raise ValueError("this variant has no bonus bet")
    mine = coup.hand(side)
    other = coup.hand(BANKER if side == PLAYER else PLAYER)
    margin = total(mine) - total(other)
    if is_natural(mine):
        if margin > 0:
            return b.natural_win.total
        if margin == 0:
            return b.natural_tie.total  # both hands are naturals: no one drew
        return Fraction(0)
    if margin > 0 and margin in b.margins:
        return b.margins[margin].total
    return Fraction(0)  # a non-natural win by fewer than the smallest margin, a tie, a loss


def bet_return(v: BaccaratVariant, code: str, coup: Coup) -> Fraction:
    """Total returned per unit staked (stake included) by bet ``code`` on ``coup``."""
    if code in (PLAYER, BANKER):
        return _main(v, code, coup)
    if code == "player_bonus":
        return _bonus(v, PLAYER, coup)
    if code == "banker_bonus":
        return _bonus(v, BANKER, coup)
    pay = v.payouts[code]
    if code == TIE:
        won = coup.winner == TIE
    elif code == "player_pair":
        won = coup.player_pair
    elif code == "banker_pair":
        won = coup.banker_pair
    elif code == "either_pair":
        won = coup.player_pair or coup.banker_pair  # paid once when both hands pair (001 §9.2)
    elif code == "perfect_pair":
        n = coup.perfect_pairs
        if n == 2 and v.perfect_pair_both is not None:
            return v.perfect_pair_both.total  # 000 §12.13 "Perfect Pair with 2 pair" 200:1
        won = n >= 1
    elif code == "big":
        won = coup.cards >= 5  # 001 §9.2, 004 §3.11: 5 or 6 cards
    elif code == "small":
        won = coup.cards == 4
    else:  # pragma: no cover - bet codes are validated against the variant
        raise ValueError(f"unknown baccarat bet {code!r}")
    return pay.total if won else Fraction(0)


def describe(card: int) -> tuple[int, int]:
    """(rank, suit) of a card, for events and tests."""
    return rank_of(card), suit_of(card)
