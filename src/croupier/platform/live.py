"""Live tables (issue 16): a table's chance steps come from a feed instead of its RNG.

A table is ``rng`` (today's behaviour, the default) or ``live`` (``TableConfig.source``). A live
round opens and closes on the same timer as any table round; after "no more bets" it waits in
``closed`` for its **readings**: the winning pocket from a wheel reader, the cards from a card
scanner, or the same entered on the dealer console. Each reading answers the chance step the
engine asks next (``engine.next_draw``) and is validated there: a pocket the wheel does not have,
a card that is not in the shoe, or a reading of the wrong kind is refused with a precise error and
nothing is stored. When the engine's round is complete, the draws and the outcome are stored and
the round is ``resulted`` in the same transaction; it is then settled by the ordinary path
(``tables.settle_round``), by the table runner.

* **Readings** are round events (``reading``: kind, value, label, who): the round's draws are the
  readings since the last re-spin (a No Spin discards nothing: it comes before the ball lands).
* **Chance steps a device cannot report** (Lightning's lucky numbers) still come from the
  round's own seed stream, in the engine's order, so a live Lightning table stays verifiable.
* **Devices**: a reader authenticates as a device of one table with a token created by an
  operator command (``croupier scanner add-device``); only the token's SHA-256 is stored. A
  token of another table, a revoked or unknown token is refused (``unknown_device``).
* **Timeout**: a live round that has no result ``live_result_seconds`` after "no more bets" (or
  after its last re-spin) is voided with every stake returned, as a reader failure (004 §1.18);
  see :func:`croupier.platform.incidents.expire_if_due`.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.cards import name, parse
from croupier.errors import CroupierError, IllegalAction, VariantError
from croupier.games.base import DrawAction, DrawRequest
from croupier.platform.config import TableConfig
from croupier.platform.errors import UnknownTable
from croupier.platform.live_errors import (
    BadReading,
    CardNotInShoe,
    NotLiveTable,
    RoundFinished,
    UnknownDevice,
    UnknownPocket,
)
from croupier.platform.rounds import actions_of, add_event, draws_json, outcome_of, resolve_game
from croupier.rng import fair
from croupier.store.live_models import LiveDevice, LiveTable
from croupier.store.models import GameTable, Round, RoundEvent

SOURCES = ("rng", "live")
#: the chance steps a device or the dealer reports; any other step comes from the round's seed
LIVE_KINDS = frozenset({"ball", "card"})
#: the round event that discards the readings before it (a re-spin)
RESET_EVENTS = frozenset({"respin"})
#: the round event that takes the last ``count`` readings out of the round (004 §3.34)
REMOVED_EVENT = "cards_removed"
#: a player's decision on a live decision table (:mod:`croupier.platform.live_decisions`)
DECISION_EVENT = "live_decision"


class LiveConfigError(VariantError):
    code = "variant_error"


# -- tables and their source ----------------------------------------------------------------------


def ensure_sources(session: Session, configs: Sequence[TableConfig], now: datetime | None = None) -> None:
    """Write each configured table's source (the status of an existing table is kept)."""
    from croupier.platform.clock import utcnow

    at = now or utcnow()
    for cfg in configs:
        if cfg.source not in SOURCES:
            raise LiveConfigError(f"table {cfg.id}: source is one of {', '.join(SOURCES)}, "
                                  f"not {cfg.source!r}")
        row = session.get(LiveTable, cfg.id)
        if row is None:
            session.add(LiveTable(table_id=cfg.id, source=cfg.source, status="open",
                                  status_reason=None, shoe_number=1, shoe_after_event=0,
                                  updated_at=at))
        elif row.source != cfg.source:
            row.source, row.updated_at = cfg.source, at
    session.flush()


def source_of(session: Session, table_id: str) -> str:
    row = session.get(LiveTable, table_id)
    return row.source if row is not None else "rng"


def require_live(session: Session, table_id: str) -> GameTable:
    table = session.get(GameTable, table_id)
    if table is None:
        raise UnknownTable(f"no table {table_id!r}")
    if source_of(session, table_id) != "live":
        raise NotLiveTable(f"table {table_id} draws its results from its RNG; it takes no readings")
    return table


# -- devices --------------------------------------------------------------------------------------


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def add_device(session: Session, table_id: str, device_name: str, now: datetime) -> tuple[str, LiveDevice]:
    """A new reader of a live table: its token (shown once) and its row (the token's hash)."""
    require_live(session, table_id)
    label = device_name.strip()
    if not label or len(label) > 60:
        raise BadReading("a device name is 1 to 60 characters")
    token = "dev_" + secrets.token_urlsafe(32)
    row = LiveDevice(table_id=table_id, name=label, token_hash=token_hash(token), created_at=now,
                     revoked_at=None)
    session.add(row)
    session.flush()
    return token, row


def revoke_device(session: Session, device_id: int, now: datetime) -> None:
    row = session.get(LiveDevice, device_id)
    if row is None:
        raise UnknownDevice(f"no device {device_id}")
    row.revoked_at = row.revoked_at or now


def device_of(session: Session, table_id: str, token: str | None) -> LiveDevice:
    """The device a token belongs to, when it is a live device of ``table_id``."""
    if not token:
        raise UnknownDevice("a reading needs a device token: Authorization: Bearer <token>")
    row = session.scalars(select(LiveDevice).where(LiveDevice.token_hash == token_hash(token))
                          ).one_or_none()
    if row is None or row.revoked_at is not None or row.table_id != table_id:
        raise UnknownDevice(f"this token is not a device of table {table_id}")
    return row


# -- readings -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One reading, as stored: the engine's draw and what was read."""

    kind: str
    value: int
    label: str

    def to_dict(self, by: str) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value, "label": self.label, "by": by}


def readings(session: Session, round_id: int) -> list[Step]:
    """The round's readings since its last re-spin, in order."""
    out: list[Step] = []
    for e in session.scalars(select(RoundEvent).where(RoundEvent.round_id == round_id)
                             .order_by(RoundEvent.id)):
        if e.type in RESET_EVENTS:
            out.clear()
        elif e.type == REMOVED_EVENT:
            del out[len(out) - int(e.data["count"]):]
        elif e.type == "reading":
            out.append(Step(str(e.data["kind"]), int(e.data["value"]), str(e.data["label"])))
    return out


@dataclass
class Build:
    """The engine's round replayed from the readings: finished, or waiting for ``waiting``."""

    state: Any
    waiting: DrawRequest | None
    finished: bool


def build(rnd: Round, steps: Sequence[Step]) -> Build:
    """Replay the round on demonstration bets: live kinds from ``steps``, other chance steps from
    the round's seed stream (in the engine's order)."""
    spec, variant = resolve_game(rnd.game, rnd.variant)
    state = spec.engine.start(variant, spec.demo_bets(variant, "XXX"), "XXX")
    stream = fair.stream(rnd.server_seed, rnd.client_seed, rnd.nonce) if rnd.server_seed else None
    queue = list(steps)
    while not spec.engine.is_finished(state):
        req = spec.engine.next_draw(state)
        if req is None:
            raise BadReading(f"{spec.name} waits for a player decision: it cannot run live yet")
        if req.kind in LIVE_KINDS:
            if not queue:
                return Build(state, req, False)
            step = queue.pop(0)
            action = DrawAction(step.kind, step.value)
        elif stream is not None:
            action = DrawAction(req.kind, stream.randbelow(req.n))
        else:  # pragma: no cover - a table round always has its seed until it is resulted
            raise BadReading(f"the round has no seed for its {req.kind} draw")
        try:
            state = spec.engine.apply(state, action)
        except IllegalAction as exc:
            raise BadReading(f"the reading does not fit the round: {exc}") from None
    return Build(state, None, True)


def parse_reading(rnd: Round, state: Any, req: DrawRequest, reading: Mapping[str, Any],
                  left: Mapping[int, int] | None = None) -> Step:
    """The draw a reading makes for the step ``req``: ``{"pocket": 17}`` for a ball,
    ``{"card": "Ah"}`` for a card (refused when the table's shoe, ``left``, has no such card
    left)."""
    _spec, variant = resolve_game(rnd.game, rnd.variant)
    if req.kind == "ball":
        if "pocket" not in reading:
            raise BadReading("the round waits for the winning pocket: send {\"pocket\": N}")
        wheel = getattr(variant, "wheel", None)
        if wheel is None:  # pragma: no cover - only roulette asks for a ball
            raise BadReading("this game has no wheel")
        try:
            pocket = wheel.parse_pocket(reading["pocket"])
        except CroupierError:
            raise UnknownPocket(f"{reading['pocket']!r} is not a pocket of the {wheel.name} wheel"
                                ) from None
        from croupier.games.roulette.wheel import label

        return Step("ball", wheel.pockets.index(pocket), label(pocket))
    if req.kind == "card":
        if "card" not in reading:
            raise BadReading("the round waits for a card: send {\"card\": \"Ah\"}")
        try:
            code = parse(str(reading["card"]))
            value = state.shoe.index_of(code)
        except (CroupierError, IllegalAction, AttributeError):
            raise CardNotInShoe(f"{reading['card']!r} is not a card of this shoe") from None
        if left is not None and left.get(code, 0) <= 0:
            raise CardNotInShoe(f"every {name(code)} of this shoe has already been dealt")
        return Step("card", value, name(code))
    raise BadReading(f"the round waits for a {req.kind} draw, which no device reports")


def waiting_round(session: Session, table_id: str, round_id: int | None = None) -> Round:
    """The table's round waiting for readings (locked): its latest round, ``closed``."""
    q = select(Round).where(Round.table_id == table_id)
    q = q.where(Round.id == round_id) if round_id is not None else q.order_by(Round.id.desc())
    rnd = session.scalars(q.limit(1).with_for_update()
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None:
        raise RoundFinished(f"table {table_id} has no round waiting for a result")
    if rnd.state != "closed":
        what = "is still taking bets" if rnd.state == "open" else f"is {rnd.state}"
        raise RoundFinished(f"round {rnd.id} {what}: it takes no reading")
    return rnd


def close_betting(session: Session, table_id: str, now: datetime) -> int:
    """"No more bets" now on the live table's open round (the dealer's call); its id."""
    from croupier.platform import tables

    require_live(session, table_id)
    rnd = tables.open_round_of(session, table_id)
    if rnd is None or not tables.close_round(session, rnd.id, now):
        raise RoundFinished(f"table {table_id} has no round taking bets")
    return rnd.id


def store_result(session: Session, rnd: Round, state: Any, now: datetime) -> None:
    """The round's draws and outcome from a finished replay: the round is ``resulted``."""
    rnd.draws = draws_json(actions_of(state.events))
    rnd.outcome = outcome_of(state.events)
    rnd.state = "resulted"
    rnd.resulted_at = now
    add_event(session, rnd.id, "result", {"outcome": rnd.outcome, "draws": rnd.draws}, now)


#: issue 16: the card sources of live decision tables, ``(accepts(game, variant), submit)``;
#: :mod:`croupier.platform.live_decisions` registers live blackjack's on import
Submit = Callable[[Session, str, Mapping[str, Any], str, datetime], dict[str, Any]]
DECISION_TABLES: list[tuple[Callable[[str, str], bool], Submit]] = []


def submit_reading(session: Session, table_id: str, reading: Mapping[str, Any], by: str,
                   now: datetime) -> dict[str, Any]:
    """Take one reading for the table's waiting round (from ``by``: ``device:<id>`` or
    ``dealer:<player id>``); store the result when it completes the round."""
    table = require_live(session, table_id)
    for accepts, submit in DECISION_TABLES:  # a decision round's card (live blackjack)
        if accepts(table.game, table.variant):
            return submit(session, table_id, reading, by, now)
    raw_round = reading.get("round_id")
    if raw_round is not None and (isinstance(raw_round, bool) or not isinstance(raw_round, int)):
        raise BadReading("round_id is a round number")
    rnd = waiting_round(session, table_id, raw_round)
    current = build(rnd, readings(session, rnd.id))
    if current.waiting is None:  # pragma: no cover - a complete round is already resulted
        raise RoundFinished(f"round {rnd.id} has all its readings")
    left = shoe_left(session, table_id) if current.waiting.kind == "card" else None
    step = parse_reading(rnd, current.state, current.waiting, reading, left)
    done = build(rnd, [*readings(session, rnd.id), step])  # the engine validates the draw
    add_event(session, rnd.id, "reading", step.to_dict(by), now)
    if done.finished:
        store_result(session, rnd, done.state, now)
    session.flush()
    return {"round_id": rnd.id, "table_id": table_id, "read": step.label, "state": rnd.state,
            "waiting_for": None if done.waiting is None else done.waiting.kind,
            "outcome": rnd.outcome}


def read_draws(rnd: Round, steps: Sequence[Step]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The draws and outcome that complete readings make (a manual settlement, a correction)."""
    b = build(rnd, steps)
    if not b.finished:
        kind = b.waiting.kind if b.waiting is not None else "draw"
        raise BadReading(f"the result is incomplete: it needs another {kind}")
    return draws_json(actions_of(b.state.events)), dict(outcome_of(b.state.events) or {})


def steps_from(rnd: Round, items: Sequence[Mapping[str, Any]]) -> list[Step]:
    """Readings given all at once (``[{"pocket": 17}]``, ``[{"card": "Ah"}, ...]``), each
    validated against the step it answers."""
    steps: list[Step] = []
    for item in items:
        b = build(rnd, steps)
        if b.waiting is None:
            raise BadReading("more readings than the round takes")
        steps.append(parse_reading(rnd, b.state, b.waiting, item))
    return steps


def table_status(session: Session, table_id: str) -> dict[str, Any]:
    """What players see of a table's source and status (and the reason it is not open)."""
    row = session.get(LiveTable, table_id)
    return {"source": row.source if row else "rng", "status": row.status if row else "open",
            "status_reason": row.status_reason if row else None}


# -- the physical shoe of a live card table -------------------------------------------------------


def shoe_left(session: Session, table_id: str) -> dict[int, int]:
    """How many of each card the table's shoe still holds: a fresh shoe of the game (baccarat:
    its decks) minus every card read since the shoe was started (cards removed by 004 §3.34 went
    to the discard holder: they count as dealt). ASSUMPTION: burned cards are not scanned, so
    this bounds what can still come out rather than listing it exactly."""
    table = session.get(GameTable, table_id)
    row = session.get(LiveTable, table_id)
    if table is None:
        raise UnknownTable(f"no table {table_id!r}")
    spec, variant = resolve_game(table.game, table.variant)
    started = spec.engine.start(variant, spec.demo_bets(variant, "XXX"), "XXX")
    fresh = getattr(started, "shoe", None)
    if fresh is not None:
        left = {code: n for code, n in fresh.codes()}
    else:  # blackjack keeps its undealt cards as a tuple (issue 16: live decision tables)
        left = {}
        for code in started.remaining:
            left[code] = left.get(code, 0) + 1
    after = row.shoe_after_event if row is not None else 0
    q = (select(RoundEvent.data).join(Round, Round.id == RoundEvent.round_id)
         .where(Round.table_id == table_id, RoundEvent.type == "reading", RoundEvent.id > after))
    for data in session.scalars(q):
        if data.get("kind") == "card":
            code = parse(str(data["label"]))
            left[code] = left.get(code, 0) - 1
    return left


def new_shoe(session: Session, table_id: str, now: datetime) -> dict[str, Any]:
    """The dealer starts a new shoe (after the shuffle, or a replaced card set, 004 §3.21.3)."""
    require_live(session, table_id)
    row = session.get(LiveTable, table_id)
    if row is None:  # pragma: no cover - ensure_sources wrote it
        raise NotLiveTable(f"table {table_id} has no live record")
    last = session.scalar(select(RoundEvent.id).order_by(RoundEvent.id.desc()).limit(1))
    row.shoe_number += 1
    row.shoe_after_event = int(last or 0)
    row.updated_at = now
    session.flush()
    return {"table_id": table_id, "shoe_number": row.shoe_number}
