"""What a virtual sport gives the event engine (:mod:`.engine`): its model, its board and its
markets, each already built in the sport's own package (race/, football/, tennis/, tabletennis/).

An event is the sport's ``run(variant, source)``: ``forms`` draws first (the strengths, goal rates or
point chances the board is priced from), then the outcome draws (``place``, ``goal``, ``point``).
The engine never re-implements a sport's loop: it replays ``run`` over the draws recorded so far
(:class:`Replay`), and the first draw that ``run`` asks for beyond them is the round's next chance
step. So live play, replay, exact analysis and simulation run the sport's one model.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.errors import IllegalAction, InvalidSelection
from croupier.games.base import DrawRequest, Target
from croupier.games.virtual.pricing import Price
from croupier.rng.source import RandomSource

Key = Any  # a selection in the sport's own normal form (runner numbers, a selection's name)
Board = Mapping[str, Mapping[Key, Price]]


@dataclass(frozen=True)
class MarketInfo:
    code: str
    label: str
    rows: str


@dataclass(frozen=True)
class Played:
    """A whole event: the form draws' indices and the sport's own record of what happened."""

    forms: tuple[int, ...]
    detail: Any


class NeedDraw(Exception):
    """``run`` asked for a draw the record does not hold yet: the round's next chance step."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.n = n


class Replay(RandomSource):
    """The draws recorded so far, fed back in order; the next one raises :class:`NeedDraw`."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = values
        self.i = 0

    def randbelow(self, n: int) -> int:
        if self.i >= len(self.values):
            raise NeedDraw(n)
        v = self.values[self.i]
        if not 0 <= v < n:  # pragma: no cover - the engine checks each draw against its request
            raise IllegalAction(f"draw {self.i} is in [0, {n}), got {v}")
        self.i += 1
        return v


def one_name(code: str, target: Target) -> str:
    """The selection of a market whose selections are names: a target of one name."""
    if len(target) != 1 or type(target[0]) is not str:
        raise InvalidSelection(f"{code}: the target is one selection's name, got {list(target)}")
    return target[0]


class Sport(ABC):
    """One sport's part of the event engine (see the module docstring)."""

    #: the kind of the outcome draws (after the ``form`` draws)
    outcome_kind: str
    #: the chance-step kind of the form draws
    form_kind = "form"

    @abstractmethod
    def parse(self, raw: dict[str, Any], name: str) -> Any:
        """The sport's variant from its file."""

    @abstractmethod
    def form_count(self, core: Any) -> int:
        """How many form draws an event makes before its board is priced."""

    @abstractmethod
    def form_values(self, core: Any) -> Sequence[Any]:
        """What one form draw chooses among (strengths, goal rates, serve or point chances)."""

    @abstractmethod
    def run(self, core: Any, source: RandomSource) -> Played:
        """A whole event from ``source``: the form draws, then the outcome draws."""

    @abstractmethod
    def board(self, core: Any, forms: tuple[int, ...]) -> Board:
        """Every offered selection of every market, priced for the event's forms."""

    @abstractmethod
    def markets(self, core: Any) -> tuple[MarketInfo, ...]:
        """The markets the variant offers, in the order of its clause."""

    @abstractmethod
    def selection(self, core: Any, code: str, target: Target) -> Key:
        """A bet's selection in normal form; UnknownBetCode / InvalidSelection otherwise."""

    @abstractmethod
    def winners(self, core: Any, played: Played) -> Mapping[str, frozenset[Key]]:
        """The winning selections of every market once the event is played."""

    def wins(self, core: Any, played: Played, code: str, key: Key) -> bool:
        """Whether selection ``key`` of market ``code`` wins on the played event."""
        return key in self.winners(core, played)[code]

    @abstractmethod
    def target(self, key: Key) -> Target:
        """A selection as a bet's target (the inverse of :meth:`selection`)."""

    @abstractmethod
    def result(self, core: Any, played: Played) -> dict[str, Any]:
        """What the result view shows (finishing order, goals with minutes, points)."""

    @abstractmethod
    def headline(self, core: Any, played: Played) -> str:
        """The result in one line."""

    #: every kind an outcome draw may have (a sport whose draws differ gives them in draw_kind)
    @property
    def outcome_kinds(self) -> tuple[str, ...]:
        return (self.outcome_kind,)

    def draw_kind(self, core: Any, index: int) -> str:
        """The chance-step kind of draw number ``index`` (from 0) of an event."""
        return self.form_kind if index < self.form_count(core) else self.outcome_kind

    def next_request(self, core: Any, values: Sequence[int]) -> DrawRequest | None:
        """The chance step after ``values``, or None once the event is over."""
        try:
            self.run(core, Replay(values))
        except NeedDraw as need:
            return DrawRequest(self.draw_kind(core, len(values)), need.n)
        return None

    def played(self, core: Any, values: Sequence[int]) -> Played:
        """The event the complete record ``values`` describes."""
        replay = Replay(values)
        out = self.run(core, replay)
        if replay.i != len(values):
            raise IllegalAction(f"the event ended after {replay.i} draws; the record holds {len(values)}")
        return out
