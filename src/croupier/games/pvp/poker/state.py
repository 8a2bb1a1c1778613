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
from croupier.games.pvp.poker import core
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


#: the public fields of a :class:`HandState`, in the order of the hand's earlier tuple form
STATE_FIELDS: Final = ("variant", "setup", "currency", "phase", "street", "deck", "queue", "hole", "boards",
                       "stacks", "bets", "committed", "folded", "acted", "actor", "current_bet",
                       "min_raise", "raises", "aggressor", "runout", "votes", "result", "events")


class HandState:
    """The immutable state of one hand: the table input, the event record, and the hand itself
    as the compiled core's array (:mod:`.core`; never changed once the state exists: every step
    works on a copy). The public fields (per-player tuples indexed by player, in seat order) are
    read from the array on demand.

    ``phase``: deal / bet / runs / done; ``street``: the betting round (0 = before the flop;
    stud: 2 cards); ``deck``: the undealt cards; ``queue``: where the next cards go (player
    ``i``, or ``-1 - r``: the board of run ``r``); ``boards``: one, or one per run after a "run
    it" agreement; ``bets``: this round; ``committed``: this hand; ``acted``: the round's bet when
    the player last acted (-1: not yet); ``actor``: the player to act (-1: none); ``min_raise``:
    the smallest raise increment now; ``raises``: bets and raises this round (Fixed Limit cap);
    ``aggressor``: the round's last bettor or raiser (-1: none); ``runout``: all-in, the rest is
    dealt with no more betting; ``votes``: each player's "run it" choice (0: not yet)."""

    __slots__ = ("variant", "setup", "currency", "core", "events", "vp", "_h", "_hole", "_result")

    def __init__(self, variant: PokerVariant, setup: HandSetup, currency: str, array: Any,
                 events: tuple[Event, ...], vp: Any = None) -> None:
        self.vp = core.variant_vector(variant) if vp is None else vp  # the core's variant vector
        self.variant = variant
        self.setup = setup
        self.currency = currency
        array.flags.writeable = False  # a state never changes: each step works on a copy
        self.core = array
        self.events = events
        self._h: list[int] | None = None
        self._hole: tuple[tuple[int, ...], ...] | None = None
        self._result: HandResult | None = None

    def head(self) -> list[int]:
        """The core's scalars (``core.S_*``), read once per state."""
        out = self._h
        if out is None:
            out = self._h = self.core[:core.A_STACKS].tolist()
        return out

    def _block(self, base: int) -> tuple[int, ...]:
        return tuple(self.core[base:base + self.head()[core.S_N]].tolist())

    @property
    def n(self) -> int:
        return self.head()[core.S_N]

    @property
    def phase(self) -> str:
        return core.PHASES[self.head()[core.S_PHASE]]

    @property
    def street(self) -> int:
        return self.head()[core.S_STREET]

    @property
    def actor(self) -> int:
        return self.head()[core.S_ACTOR]

    @property
    def current_bet(self) -> int:
        return self.head()[core.S_CB]

    @property
    def min_raise(self) -> int:
        return self.head()[core.S_MR]

    @property
    def raises(self) -> int:
        return self.head()[core.S_RAISES]

    @property
    def aggressor(self) -> int:
        return self.head()[core.S_AGG]

    @property
    def runout(self) -> bool:
        return bool(self.head()[core.S_RUNOUT])

    @property
    def deck(self) -> tuple[int, ...]:
        return tuple(self.core[core.A_DECK:core.A_DECK + self.head()[core.S_DECK]].tolist())

    @property
    def queue(self) -> tuple[int, ...]:
        return tuple(self.core[core.A_QUEUE:core.A_QUEUE + self.head()[core.S_QLEN]].tolist())

    def cards_of(self, i: int) -> tuple[int, ...]:
        """Player ``i``'s cards, in dealing order (the hot path's :attr:`hole` entry)."""
        if self._hole is not None:
            return self._hole[i]
        base = core.A_HOLE + i * core.HOLE_W
        return tuple(self.core[base:base + int(self.core[core.A_NHOLE + i])].tolist())

    @property
    def hole(self) -> tuple[tuple[int, ...], ...]:
        out = self._hole
        if out is None:
            n = self.head()[core.S_N]
            cards = self.core[core.A_HOLE:core.A_HOLE + n * core.HOLE_W].tolist()
            counts = self.core[core.A_NHOLE:core.A_NHOLE + n].tolist()
            out = self._hole = tuple([tuple(cards[i * core.HOLE_W:i * core.HOLE_W + counts[i]])
                                      for i in range(n)])
        return out

    @property
    def boards(self) -> tuple[tuple[int, ...], ...]:
        runs = self.head()[core.S_RUNS]
        cards = self.core[core.A_BOARDS:core.A_BOARDS + runs * core.BOARD_W].tolist()
        counts = self.core[core.A_NBOARD:core.A_NBOARD + runs].tolist()
        return tuple([tuple(cards[r * core.BOARD_W:r * core.BOARD_W + counts[r]]) for r in range(runs)])

    @property
    def board(self) -> tuple[int, ...]:
        return self.boards[0]

    @property
    def stacks(self) -> tuple[int, ...]:
        return self._block(core.A_STACKS)

    @property
    def bets(self) -> tuple[int, ...]:
        return self._block(core.A_BETS)

    @property
    def committed(self) -> tuple[int, ...]:
        return self._block(core.A_COMMITTED)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple([x != 0 for x in self._block(core.A_FOLDED)])

    @property
    def acted(self) -> tuple[int, ...]:
        return self._block(core.A_ACTED)

    @property
    def votes(self) -> tuple[int, ...]:
        return self._block(core.A_VOTES)

    @property
    def result(self) -> HandResult | None:
        """How the hand ended (None until it has)."""
        if self.head()[core.S_PHASE] != core.DONE:
            return None
        if self._result is None:
            self._result = _result_of(self.core.tolist(), self.setup.seats, self.hole)
        return self._result

    def fields(self) -> tuple[Any, ...]:
        """Every public field, in :data:`STATE_FIELDS` order (comparisons, tests)."""
        return tuple(getattr(self, f) for f in STATE_FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return (self.variant == other.variant and self.setup == other.setup
                and self.currency == other.currency and self.events == other.events
                and self.core.tolist() == other.core.tolist())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"HandState({self.variant.game}/{self.variant.name}, seats={self.setup.seats}, "
                f"phase={self.phase}, street={self.street}, actor={self.actor}, events={len(self.events)})")


def _result_of(a: list[int], seats: tuple[int, ...], hole: tuple[tuple[int, ...], ...]) -> HandResult:
    """The :class:`HandResult` of a finished hand's core array (as a list)."""
    n = a[core.S_N]
    won = tuple(a[core.A_WON:core.A_WON + n])
    returned = tuple(a[core.A_RETURNED:core.A_RETURNED + n])
    order = [(a[core.S_BTN] + 1 + k) % n for k in range(n)]
    pots = []
    for p in range(a[core.S_NPOTS]):
        base = core.A_POTS + p * core.POT_W
        mask = a[base + 2]
        runs = []
        got: dict[int, int] = {}
        for r in range(a[base + 3]):
            ws = a[base + 4 + r]
            members = [i for i in order if ws >> i & 1]
            runs.append(tuple([seats[i] for i in members]))
            for i in members:
                got.setdefault(seats[i], a[core.A_POT_WON + p * core.P + i])
        pots.append(PotResult(a[base], a[base + 1], tuple([seats[i] for i in range(n) if mask >> i & 1]),
                              got, tuple(runs)))
    show = a[core.A_SHOW_ORDER:core.A_SHOW_ORDER + a[core.S_NSHOW]]
    shown = {seats[i]: hole[i] for i in show if a[core.A_SHOWN + i] == 1}
    mucked = tuple([seats[i] for i in show if a[core.A_SHOWN + i] == 2])
    return HandResult(won, returned, a[core.S_RAKE], tuple(pots), shown, mucked, bool(a[core.S_MISDEAL]))


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
