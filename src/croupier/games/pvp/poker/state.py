"""The data of a player-vs-player poker hand: the table input (:class:`HandSetup`), the immutable
:class:`HandState`, the results (:class:`HandResult`, :class:`PotResult`, :class:`HandSettlement`),
and the deal codec: one draw per street is an index into the ordered deals of the remaining deck
(:func:`decode_deal`; a live dealer's console makes it with :func:`encode_deal`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, NamedTuple

from croupier.errors import IllegalAction
from croupier.games.base import Event, Settlement
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import PokerVariant

FORMATS: Final = ("regular", "rush", "all_in_or_fold", "tournament")


# -- table input --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandSetup:
    """What the card room tells the engine about one hand.

    ``seats``: the occupied seat numbers, ascending; ``stacks``: each seat's chips on the table
    (minor units); ``button``: the button's seat; ``big_blind``: the stake (the small blind is half
    of it: 000 §12.12.3; in 5 Card Stud the first hand's closed bet). ``predeal``: the Straddle or
    No-Look All-In announced before the deal, as ``(seat, "straddle" | "no_look_all_in")`` in the
    order announced. ``rake``: the table's percentage rake (None: no pot rake, e.g. hourly rake
    or a tournament)."""

    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    button: int
    big_blind: int
    format: str = "regular"
    predeal: tuple[tuple[int, str], ...] = ()
    rake: PercentRake | None = None


class PotResult(NamedTuple):
    """How one pot ended: its size, rake, contenders and what each seat won from it."""

    amount: int
    rake: int
    eligible: tuple[int, ...]  # seats
    won: Mapping[int, int]     # seat -> minor units
    runs: tuple[tuple[int, ...], ...]  # winners (seats) of each run


class HandResult(NamedTuple):
    won: tuple[int, ...]        # per player index: pot winnings (after rake)
    returned: tuple[int, ...]   # per player index: uncalled bets and misdeal refunds
    rake: int
    pots: tuple[PotResult, ...]
    shown: Mapping[int, tuple[int, ...]]  # seat -> cards shown at showdown
    mucked: tuple[int, ...]
    misdeal: bool


class HandState(NamedTuple):
    """The immutable state of one hand. Per-player tuples are indexed by player (seat order)."""

    variant: PokerVariant
    setup: HandSetup
    currency: str
    phase: str                          # deal / bet / runs / done
    street: int                         # betting round: 0 = before the flop (stud: 2 cards)
    deck: tuple[int, ...]               # undealt cards
    queue: tuple[int, ...]              # where the next cards go: player i, or -1-r: board of run r
    hole: tuple[tuple[int, ...], ...]
    boards: tuple[tuple[int, ...], ...]  # one board, or one per run after "run it" agreement
    stacks: tuple[int, ...]
    bets: tuple[int, ...]               # this round
    committed: tuple[int, ...]          # this hand
    folded: tuple[bool, ...]
    acted: tuple[int, ...]              # the round's bet when the player last acted; -1: not yet
    actor: int                          # player to act (-1: none)
    current_bet: int
    min_raise: int                      # the smallest raise increment now
    raises: int                         # bets and raises this round (Fixed Limit cap)
    aggressor: int                      # last bettor/raiser of this round (-1: none)
    runout: bool                        # all-in: the rest is dealt with no more betting
    votes: tuple[int, ...]              # run it k times: each player's choice (0: not yet)
    result: HandResult | None
    events: tuple[Event, ...]

    @property
    def n(self) -> int:
        return len(self.stacks)

    @property
    def board(self) -> tuple[int, ...]:
        return self.boards[0]


@dataclass(frozen=True, slots=True)
class HandSettlement(Settlement):
    """A hand's settlement: one :class:`BetResult` per seat (``bet_id`` = seat, ``stake`` =
    chips put in, ``returned`` = chips taken back) and the house's ``rake``. Conservation:
    ``total_stake == total_returned + rake``."""

    rake: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {**Settlement.to_dict(self), "rake": self.rake}


# -- dealing --------------------------------------------------------------------------------------


_DEAL_COUNTS: dict[tuple[int, int], int] = {}


def deal_count(remaining: int, k: int) -> int:
    """How many ordered deals of ``k`` cards a deck of ``remaining`` cards has (remembered: a
    hand asks for the same few counts again and again)."""
    out = _DEAL_COUNTS.get((remaining, k))
    if out is not None:
        return out
    key = (remaining, k)
    out = 1
    for m in range(remaining, remaining - k, -1):
        out *= m
    if len(_DEAL_COUNTS) < 4096:  # decks are small: a few hundred (deck, k) pairs at most
        _DEAL_COUNTS[key] = out
    return out


def decode_deal(deck: Sequence[int], k: int, value: int) -> tuple[list[int], tuple[int, ...]]:
    """The ``k`` cards (in dealing order) that deal index ``value`` picks from ``deck``, and the
    deck left: digit ``j`` of ``value`` in the mixed radix ``(m, m-1, ...)`` picks the next card
    among those left. A bijection onto ordered deals, so a uniform ``value`` is a fair deal."""
    cards = list(deck)
    out = []
    for _ in range(k):
        value, idx = divmod(value, len(cards))
        out.append(cards.pop(idx))
    return out, tuple(cards)


def encode_deal(deck: Sequence[int], cards: Sequence[int]) -> int:
    """The deal index of ``cards`` (a live dealer's console turns scanned cards into the draw)."""
    left = list(deck)
    value = 0
    mult = 1
    for c in cards:
        if c not in left:
            raise IllegalAction(f"card {c} is not in the deck (dealt twice?)")
        value += left.index(c) * mult
        mult *= len(left)
        left.remove(c)
    return value


def order_from_button(n: int, button: int) -> list[int]:
    """Player indexes clockwise from the first seat left of the button (the button last)."""
    return [(button + 1 + k) % n for k in range(n)]


def setup_from_record(data: Mapping[str, Any]) -> HandSetup:
    """The :class:`HandSetup` a hand's ``round_started`` event holds."""
    rake = data.get("rake")
    return HandSetup(
        seats=tuple(int(x) for x in data["seats"]), stacks=tuple(int(x) for x in data["stacks"]),
        button=int(data["button"]), big_blind=int(data["big_blind"]), format=str(data["format"]),
        predeal=tuple((int(seat), str(kind)) for seat, kind in data["predeal"]),
        rake=None if rake is None else PercentRake(Fraction(rake["percent"]), rake["cap"],
                                                   bool(rake["no_flop_no_drop"])),
    )
