"""The engine contract shared by every game family.

A game engine is pure: no I/O, no clock, and randomness only through :class:`DrawAction` values fed
to :meth:`Engine.apply` (by an RNG, a provably fair stream, or a live dealer's console; the engine
cannot tell which).

* ``start(variant, bets, currency)`` validates the bets and opens a round (state is immutable).
* ``next_draw(state)`` names the chance step the round waits for, if any (:class:`DrawRequest`).
* ``legal_actions(state)`` lists the player decisions allowed now (empty for roulette).
* ``apply(state, action)`` returns a new state or raises :class:`~croupier.errors.IllegalAction`.
* ``settle(state)`` returns the :class:`Settlement` of a finished round.
* ``state.events`` is the append-only record; :func:`replay` rebuilds a round from it and checks
  that the same events and settlement come out.

Stakes added mid-round (a blackjack double or split, a poker Call, a Deal or No Deal top-up
spin): a decision may raise what a bet has at stake; the settlement's ``BetResult.stake`` is the
bet's total stake. The platform debits the difference in the decision's transaction
(``platform/interactive.py``); it reads what each bet has at stake from the state's optional
``committed_stakes() -> {bet_id: (code, stake)}`` (the show engine's states offer it), else from
what it knows of the older engines (``platform/decisions.py``, ``stakes_of``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from croupier.errors import IllegalAction, InvalidSelection, ReplayMismatch, UnknownBetCode
from croupier.rng import RandomSource

Target = tuple[int | str, ...]


@dataclass(frozen=True, slots=True)
class BetRequest:
    """A bet as a player asks for it: a bet code, a stake in minor units and a target.

    The target is game specific: the numbers of a roulette split ``(17, 20)``, a dozen ``(2,)``,
    a neighbours bet ``(number, pairs)``, a blackjack box ``(3,)``; empty for red, black, etc.
    """

    code: str
    stake: int
    target: Target = ()

    def __post_init__(self) -> None:
        if not isinstance(self.code, str):
            raise UnknownBetCode(f"a bet code is text, got {self.code!r}")
        target = self.target
        if not isinstance(target, tuple):
            if not isinstance(target, list):
                raise InvalidSelection(f"{self.code}: the target must be a list, got {target!r}")
            target = tuple(target)
            object.__setattr__(self, "target", target)
        for t in target:
            if type(t) is not int and type(t) is not str:
                raise InvalidSelection(
                    f"{self.code}: {t!r} ({type(t).__name__}) is not a number or a name"
                )

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "stake": self.stake, "target": list(self.target)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BetRequest:
        return cls(str(data["code"]), data["stake"], tuple(data.get("target", ())))


class Event(NamedTuple):
    """One entry of a round's append-only record; immutable (a named tuple: cheap to create).

    ``data`` holds JSON values, or frozen records with a ``to_dict`` (a :class:`BetRequest`, a
    :class:`BetResult`) that :meth:`to_dict` turns into JSON: engines keep the hot path cheap.
    """

    seq: int
    type: str
    data: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "type": self.type, "data": jsonable(self.data)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Event:
        return cls(int(d["seq"]), str(d["type"]), dict(d["data"]))


def jsonable(value: Any) -> Any:
    """JSON form of event data: mappings, sequences, primitives and records with ``to_dict``."""
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return jsonable(to_dict())
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class DrawRequest:
    """A chance step the round waits for: an outcome index in ``[0, n)`` of a given kind."""

    kind: str
    n: int


@dataclass(frozen=True, slots=True)
class DrawAction:
    """The outcome of a chance step, from an RNG or from a live dealer's console."""

    kind: str
    value: int


@dataclass(frozen=True, slots=True)
class Decision:
    """A player's decision (hit, stand, fold...) with its arguments, e.g. the box it is for."""

    name: str
    args: Mapping[str, Any] = field(default_factory=dict)


Action = DrawAction | Decision


def outcome_label(stake: int, returned: int) -> str:
    """The one reading of a settled bet's outcome: nothing back loses, more than the stake wins,
    the stake alone is a push, part of it is ``partial``."""
    if returned == 0:
        return "lose"
    if returned > stake:
        return "win"
    return "push" if returned == stake else "partial"


def checked_draw(action: DrawAction, kind: str, n: int) -> int:
    """The value of a draw the round waits for: of the ``kind`` it asked for, an index in
    [0, ``n``) (a bool is not an index); anything else is an IllegalAction."""
    if action.kind != kind:
        raise IllegalAction(f"the round waits for a {kind} draw, not {action.kind!r}")
    value = action.value
    if type(value) is not int or not 0 <= value < n:
        raise IllegalAction(f"a {kind} draw is in [0, {n}), got {value!r}")
    return value


class BetResult(NamedTuple):
    """How one bet ended: ``returned`` is the total paid back, stake included (0 on a loss)."""

    bet_id: int
    code: str
    stake: int
    returned: int
    outcome: str  # "win", "lose", "push", "partial" (some of the stake back), "carried"

    @property
    def net(self) -> int:
        return self.returned - self.stake

    def to_dict(self) -> dict[str, Any]:
        return {"bet_id": self.bet_id, "code": self.code, "stake": self.stake,
                "returned": self.returned, "outcome": self.outcome}


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of a round for every bet, in minor units of ``currency``."""

    currency: str
    bets: tuple[BetResult, ...]
    carried: tuple[BetRequest, ...] = ()

    @property
    def total_stake(self) -> int:
        return sum(b.stake for b in self.bets)

    @property
    def total_returned(self) -> int:
        return sum(b.returned for b in self.bets)

    @property
    def net(self) -> int:
        return self.total_returned - self.total_stake

    def to_dict(self) -> dict[str, Any]:
        return {
            "currency": self.currency,
            "total_stake": self.total_stake,
            "total_returned": self.total_returned,
            "bets": [b.to_dict() for b in self.bets],
            "carried": [c.to_dict() for c in self.carried],
        }


class RoundState(Protocol):
    @property
    def events(self) -> tuple[Event, ...]: ...


V = TypeVar("V", contravariant=True)
S = TypeVar("S", bound=RoundState)


class Engine(Protocol, Generic[V, S]):
    """What every game engine offers. See the module docstring."""

    game: str

    def start(
        self, variant: V, bets: Sequence[BetRequest], currency: str,
        carried: Sequence[BetRequest] = (),
    ) -> S: ...

    def next_draw(self, state: S) -> DrawRequest | None: ...

    def legal_actions(self, state: S) -> list[Decision]: ...

    def apply(self, state: S, action: Action) -> S: ...

    def is_finished(self, state: S) -> bool: ...

    def settle(self, state: S) -> Settlement: ...


def compact_bets(engine: Any, variant: Any, bets: Sequence[BetRequest]) -> tuple[BetRequest, ...]:
    """A shorter list of bets that ``engine.start`` judges exactly as it judges ``bets`` when
    more bets are added after them (the platform validates a player's bets on a shared table
    together with every bet they placed on the round before). An engine may offer
    ``compact_bets(variant, bets)`` (roulette merges the stakes on one position); otherwise the
    bets are kept as they are."""
    compact = getattr(engine, "compact_bets", None)
    return tuple(bets) if compact is None else tuple(compact(variant, bets))


def at_table(engine: Any, variant: Any, table: Mapping[str, Any] | None) -> Any:
    """The variant as a table in state ``table`` plays it. A game whose rounds continue one
    another at a table (craps: the puck's point) offers ``engine.at_table(variant, table)`` and
    writes the table's state after the round in its ``result`` event as ``table``; every other
    game, or no state yet (a new table), plays the variant itself."""
    hook = getattr(engine, "at_table", None)
    return variant if hook is None or table is None else hook(variant, table)


def continues_table(engine: Any) -> bool:
    """Whether the engine's rounds continue a table state (see :func:`at_table`)."""
    return getattr(engine, "at_table", None) is not None


def table_of(events: Sequence[Event]) -> Mapping[str, Any] | None:
    """The table state a round's record started in (``round_started`` ``table``), if any."""
    for e in events:
        if e.type == "round_started":
            table = e.data.get("table")
            return None if table is None else dict(table)
    return None


Decider = Callable[[Any, list[Decision]], Decision]


def play(
    engine: Engine[V, S],
    variant: V,
    bets: Sequence[BetRequest],
    currency: str,
    source: RandomSource,
    decide: Decider | None = None,
    carried: Sequence[BetRequest] = (),
) -> tuple[S, Settlement]:
    """Run a round to its end: chance steps from ``source``, decisions from ``decide``."""
    state = engine.start(variant, bets, currency, carried)
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        if req is not None:
            state = engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
            continue
        legal = engine.legal_actions(state)
        if not legal:
            raise IllegalAction("the round is stuck: no draw pending and no legal decision")
        if decide is None:
            raise IllegalAction("the round waits for a decision and no decider was given")
        state = engine.apply(state, decide(state, legal))
    return state, engine.settle(state)


def inputs_from_events(
    events: Sequence[Event],
) -> tuple[str, list[BetRequest], list[BetRequest], list[Action]]:
    """The inputs of a round as its record holds them: currency, bets, carried bets, actions.

    Record conventions: ``round_started`` {currency}; ``bets_placed`` {bets: [BetRequest],
    carried: [BetRequest]}; ``draw`` {kind, value}; ``decision`` {name, args}. Other events are
    outputs. The record may be live events or their JSON form (``Event.to_dict``).
    """
    currency = ""
    bets: list[BetRequest] = []
    carried: list[BetRequest] = []
    actions: list[Action] = []
    for e in events:
        if e.type == "round_started":
            currency = str(e.data["currency"])
        elif e.type == "bets_placed":
            for key, into in (("bets", bets), ("carried", carried)):
                for item in e.data.get(key, ()):
                    into.append(item if isinstance(item, BetRequest) else BetRequest.from_dict(item))
        elif e.type == "draw":
            actions.append(DrawAction(str(e.data["kind"]), int(e.data["value"])))
        elif e.type == "decision":
            actions.append(Decision(str(e.data["name"]), dict(e.data.get("args", {}))))
    if not currency:
        raise ReplayMismatch("the record has no round_started event")
    return currency, bets, carried, actions


def replay(engine: Engine[V, S], variant: V, events: Sequence[Event]) -> Settlement:
    """Rebuild a round from its record; the events and settlement must come out identical."""
    currency, bets, carried, actions = inputs_from_events(events)
    variant = at_table(engine, variant, table_of(events))
    state = engine.start(variant, bets, currency, carried)
    for action in actions:
        state = engine.apply(state, action)
    mine = [e.to_dict() for e in state.events]
    theirs = [e.to_dict() for e in events]
    if mine != theirs:
        for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            if a != b:
                raise ReplayMismatch(f"replay diverges at event {i}: {a} != {b}")
        raise ReplayMismatch(f"replay produced {len(mine)} events, the record has {len(theirs)}")
    return engine.settle(state)


def reenact(
    engine: Engine[V, S], variant: V, events: Sequence[Event], source: RandomSource
) -> Settlement:
    """Replay a round's record with every draw recomputed from ``source`` (the provably fair
    stream of revealed seeds): the bets and decisions come from the record, the randomness from
    the seeds. Raises :class:`ReplayMismatch` at the first draw the seeds do not give, or if the
    record's events or settlement differ from the recomputed ones."""
    currency, bets, carried, actions = inputs_from_events(events)
    variant = at_table(engine, variant, table_of(events))
    state = engine.start(variant, bets, currency, carried)
    for i, action in enumerate(actions):
        if isinstance(action, DrawAction):
            req = engine.next_draw(state)
            if req is None or req.kind != action.kind:
                raise ReplayMismatch(f"action {i}: the record has a {action.kind} draw the round does not ask for")
            value = source.randbelow(req.n)
            if value != action.value:
                raise ReplayMismatch(
                    f"action {i}: the record's {action.kind} draw is {action.value}, the seeds give {value}"
                )
        state = engine.apply(state, action)
    mine = [e.to_dict() for e in state.events]
    theirs = [e.to_dict() for e in events]
    if mine != theirs:
        raise ReplayMismatch("the record's events differ from the round the seeds and inputs give")
    return engine.settle(state)


# -- several players at one table (player against player) ---------------------------------------
#
# The contract above is one player (or several independent bets) against the house. A
# player-vs-player hand (poker, 000 §12.12.3) extends it once, generically: ``start`` takes the
# table (seats, stacks, button, stakes) instead of bets, every Decision names its ``seat`` in
# ``args``, ``to_act`` says whose decision the hand waits for, and ``settle`` returns one BetResult
# per seat (stake = chips put in, returned = chips taken back) whose difference is the house's
# rake. Chance steps, events, immutability and replay are unchanged (docs/pvp_poker.md).

T = TypeVar("T", contravariant=True)


class SeatedEngine(Protocol, Generic[V, T, S]):
    """What a multi-player (player-vs-player) engine offers; see the comment above."""

    game: str

    def start(self, variant: V, setup: T, currency: str) -> S: ...

    def next_draw(self, state: S) -> DrawRequest | None: ...

    def to_act(self, state: S) -> int | None: ...

    def legal_actions(self, state: S) -> list[Decision]: ...

    def apply(self, state: S, action: Action) -> S: ...

    def is_finished(self, state: S) -> bool: ...

    def settle(self, state: S) -> Settlement: ...


def play_seated(
    engine: SeatedEngine[V, T, S], variant: V, setup: T, currency: str, source: RandomSource,
    deciders: Mapping[int, Decider],
) -> tuple[S, Settlement]:
    """Run a multi-player round to its end: chance from ``source``, each seat's decisions from
    ``deciders[seat]``."""
    state = engine.start(variant, setup, currency)
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        if req is not None:
            state = engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
            continue
        seat = engine.to_act(state)
        if seat is None:
            raise IllegalAction("the round is stuck: no draw pending and nobody to act")
        state = engine.apply(state, deciders[seat](state, engine.legal_actions(state)))
    return state, engine.settle(state)


def replay_seated(
    engine: SeatedEngine[V, T, S], variant: V, events: Sequence[Event],
    setup_of: Callable[[Mapping[str, Any]], T],
) -> Settlement:
    """Rebuild a multi-player round from its record: the table from its ``round_started`` event
    (``setup_of``), then every ``draw`` and ``decision``; the events must come out identical."""
    if not events or events[0].type != "round_started":
        raise ReplayMismatch("the record does not start with round_started")
    head = events[0].data
    state = engine.start(variant, setup_of(head), str(head["currency"]))
    for e in events:
        if e.type == "draw":
            state = engine.apply(state, DrawAction(str(e.data["kind"]), int(e.data["value"])))
        elif e.type == "decision":
            state = engine.apply(state, Decision(str(e.data["name"]), dict(e.data.get("args", {}))))
    mine = [e.to_dict() for e in state.events]
    theirs = [e.to_dict() for e in events]
    if mine != theirs:
        for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            if a != b:
                raise ReplayMismatch(f"replay diverges at event {i}: {a} != {b}")
        raise ReplayMismatch(f"replay produced {len(mine)} events, the record has {len(theirs)}")
    return engine.settle(state)
