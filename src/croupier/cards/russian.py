"""Russian Poker's two combinations (002 "Russian Poker").

"The Player may have up to two combinations on a box, however second combination must include at
least one card that is not used in primary combination. Ace-King is the only possible five-card
second combination. The Player has more opportunities with six-card combination."

Reading (documented, used by the engine and the analysis alike):

* a **combination** is a five-card hand of the player's cards (every five of six) ranked as
  usual, or Ace-King (an Ace and a King, the lowest paying hand); its **cards** are those that make
  it: the pair, both pairs, the three or four of a kind, all five for a straight, flush, full house
  or straight flush, the Ace and the King for Ace-King;
* the **primary** combination is the best five-card hand;
* the **second** is the best other combination whose cards include at least one card outside the
  primary's cards. With five cards only Ace-King can qualify (as the rule says); with six cards a
  second straight, flush or pair can.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from croupier.cards.poker import hand_value
from croupier.errors import InvalidSelection

ACE_KING = -1  # the value of a bare Ace-King second combination: below every five-card value


def combination_cards(cards: Sequence[int], value: int) -> frozenset[int]:
    """The cards that make the combination ``value`` of five ``cards`` (see the module docs)."""
    cat = value >> 20
    if cat in (4, 5, 6, 8):
        return frozenset(cards)
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(c >> 2, []).append(c)
    if cat == 0:
        if (value >> 16) & 15 == 14 and (value >> 12) & 15 == 13:
            return frozenset(by_rank[14] + by_rank[13])
        return frozenset()
    return frozenset(c for r, cs in by_rank.items() if len(cs) >= 2 for c in cs)


def is_ace_king(value: int) -> bool:
    return value >> 20 == 0 and (value >> 16) & 15 == 14 and (value >> 12) & 15 == 13


def two_combinations(cards: Sequence[int]) -> tuple[int, int | None]:
    """``(primary value, second value or None)``; a bare Ace-King second is :data:`ACE_KING`."""
    if len(cards) not in (5, 6) or len(set(cards)) != len(cards):
        raise InvalidSelection("Russian Poker hands have 5 or 6 distinct cards")
    fives = [tuple(s) for s in combinations(cards, 5)]
    scored = [(hand_value(s), s) for s in fives]
    primary, pcards = max(scored)
    used = combination_cards(pcards, primary)
    best: int | None = None
    for v, s in scored:
        if v >> 20 == 0 and not is_ace_king(v):
            continue  # not a combination
        own = combination_cards(s, v)
        if own and not own <= used and (best is None or v > best):
            best = v
    aces = [c for c in cards if c >> 2 == 14]
    kings = [c for c in cards if c >> 2 == 13]
    if best is None and aces and kings and any(a not in used or k not in used for a in aces for k in kings):
        best = ACE_KING
    return primary, best
