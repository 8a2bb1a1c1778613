"""A table's limits changed between rounds (issue 16, part 6; a floor manager or operator).

The minimum and maximum stake of a bet and the most one player may stake on a round, in the
table's currency. A change applies from the table's **next** round: the round in progress keeps
the limits it opened with, and a change asked for a round already opened is refused
(``round_in_progress``). A table's limits narrow the variant's (the engine still applies those);
an amount left empty is the variant's own limit. Each change is a row (who, when, why) and an
entry of the monitoring record (:func:`.game_status.record`).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, StakeAboveMaximum, StakeBelowMinimum, TableLimitExceeded
from croupier.errors import (
    RoundInProgress as RoundInProgress,  # its code's one class (croupier.errors)
)
from croupier.games.base import BetRequest
from croupier.money import currency, format_minor
from croupier.platform.clock import iso
from croupier.platform.errors import UnknownTable
from croupier.platform.game_status import game_view, reason_text, record
from croupier.platform.wallet import parse_amount
from croupier.store.models import GameTable, Round
from croupier.store.table_admin_models import TableLimits


class InvalidLimits(CroupierError, ValueError):
    code = "invalid_limits"


@dataclass(frozen=True, slots=True)
class Limits:
    """A table's own limits in minor units (None: the variant's)."""

    min_bet: int | None
    max_bet: int | None
    round_max: int | None
    from_number: int
    reason: str

    def to_dict(self, cur: str) -> dict[str, Any]:
        c = currency(cur)
        out: dict[str, Any] = asdict(self)
        for k in ("min_bet", "max_bet", "round_max"):
            v = out.pop(k)
            out[f"{k}_minor"] = v
            out[k] = None if v is None else format_minor(v, c)
        return out


def _limits(row: TableLimits | None) -> Limits | None:
    if row is None or (row.min_bet is None and row.max_bet is None and row.round_max is None):
        return None
    return Limits(row.min_bet, row.max_bet, row.round_max, row.from_number, row.reason)


def limits_for_number(session: Session, table_id: str, number: int) -> Limits | None:
    """The table's own limits for its round number ``number`` (None: the variant's)."""
    row = session.scalars(select(TableLimits).where(TableLimits.table_id == table_id,
                                                    TableLimits.from_number <= number)
                          .order_by(TableLimits.id.desc()).limit(1)).one_or_none()
    return _limits(row)


#: per database engine: round id -> its limits. A round's limits never change once it opened
#: (a change applies from the next round and one for an opened round is refused), so a bet reads
#: them once per round and process.
_ROUNDS: weakref.WeakKeyDictionary[Engine, dict[int, Limits | None]] = weakref.WeakKeyDictionary()
_MAX_ROUNDS = 5000


def _round_cache(session: Session) -> dict[int, Limits | None]:
    bind = session.get_bind()
    engine = bind.engine if isinstance(bind, Connection) else bind
    return _ROUNDS.setdefault(engine, {})


def limits_for_round(session: Session, table_id: str, round_id: int) -> Limits | None:
    cache = _round_cache(session)
    if round_id in cache:
        return cache[round_id]
    number = session.scalar(select(Round.number).where(Round.id == round_id))
    found = None if number is None else limits_for_number(session, table_id, int(number))
    if len(cache) > _MAX_ROUNDS:
        cache.clear()
    cache[round_id] = found
    return found


def check_bets(session: Session, table_id: str, round_id: int, cur: str,
               earlier: Iterable[BetRequest], new: Sequence[BetRequest]) -> None:
    """Refuse a slip that breaks the table's own limits of the round: a new bet under the
    minimum, a position whose stake (earlier + new) is over the maximum, or the player's stake
    on the round over its maximum. The engine has checked the variant's limits already."""
    lim = limits_for_round(session, table_id, round_id)
    if lim is None:
        return
    c = currency(cur)
    for b in new:
        if lim.min_bet is not None and b.stake < lim.min_bet:
            raise StakeBelowMinimum(f"{b.code}: this table's minimum bet is "
                                    f"{format_minor(lim.min_bet, c)} ({lim.reason})")
    per: dict[tuple[str, tuple[Any, ...]], int] = {}
    total = 0
    for b in (*earlier, *new):
        key = (b.code, tuple(b.target))
        per[key] = per.get(key, 0) + b.stake
        total += b.stake
    if lim.max_bet is not None:
        for (code, _t), stake in per.items():
            if stake > lim.max_bet:
                raise StakeAboveMaximum(f"{code}: this table's maximum bet is "
                                        f"{format_minor(lim.max_bet, c)} ({lim.reason})")
    if lim.round_max is not None and total > lim.round_max:
        raise TableLimitExceeded(f"this table takes at most {format_minor(lim.round_max, c)} "
                                 f"a round from one player ({lim.reason})")


def _amount(value: str | None, cur: str, what: str) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        return parse_amount(value, cur)
    except CroupierError as exc:
        raise InvalidLimits(f"{what}: {exc}") from None


def set_limits(session: Session, table_id: str, min_bet: str | None, max_bet: str | None,
               round_max: str | None, reason: str | None, actor: int, now: datetime,
               from_number: int | None = None) -> dict[str, Any]:
    """Change a table's limits from its next round (or a later ``from_number``)."""
    t = session.scalars(select(GameTable).where(GameTable.id == table_id)
                        .with_for_update()).one_or_none()  # serialised with opening a round
    if t is None:
        raise UnknownTable(f"no table {table_id!r}")
    text = reason_text(reason, "a change of limits")
    lo = _amount(min_bet, t.currency, "min_bet")
    hi = _amount(max_bet, t.currency, "max_bet")
    top = _amount(round_max, t.currency, "round_max")
    if lo is not None and hi is not None and lo > hi:
        raise InvalidLimits("the minimum bet is more than the maximum bet")
    if lo is not None and top is not None and lo > top:
        raise InvalidLimits("the minimum bet is more than the most a player may stake a round")
    nxt = int(t.next_number)
    if from_number is None:
        from_number = nxt
    elif isinstance(from_number, bool) or not isinstance(from_number, int):
        raise InvalidLimits("from_round_number is a round number")
    elif from_number < nxt:
        raise RoundInProgress(f"round number {from_number} of {table_id} has already opened: "
                              f"limits change between rounds, from round number {nxt} on")
    row = TableLimits(table_id=table_id, from_number=from_number, min_bet=lo, max_bet=hi,
                      round_max=top, reason=text, set_by=actor, set_at=now)
    session.add(row)
    session.flush()
    record(session, f"table_limits:{table_id}:{row.id}",
            {"table_id": table_id, "from_number": from_number, "min_bet": lo, "max_bet": hi,
             "round_max": top, "reason": text, "by": actor, "at": iso(now)}, actor,
            t.currency, now)
    return limits_view(session, table_id)


def limits_view(session: Session, table_id: str) -> dict[str, Any]:
    """The limits of the table's latest round (``current``) and of its next round (``next``,
    when a change is waiting for it)."""
    t = session.get(GameTable, table_id)
    if t is None:
        raise UnknownTable(f"no table {table_id!r}")
    nxt = int(t.next_number)
    current = limits_for_number(session, table_id, nxt - 1) if nxt > 1 else None
    coming = limits_for_number(session, table_id, nxt)
    pending = session.scalar(select(TableLimits.id).where(TableLimits.table_id == table_id,
                                                          TableLimits.from_number >= nxt)
                             .limit(1)) is not None
    return {"table_id": table_id, "currency": t.currency, "next_round_number": nxt,
            "current": current.to_dict(t.currency) if current else None,
            "next": (coming.to_dict(t.currency) if coming else None) if pending else None,
            "changes_pending": pending}


def view(session: Session, table_id: str) -> dict[str, Any]:
    """What a player's page shows of table management: the game's status and the limits."""
    game = session.scalar(select(GameTable.game).where(GameTable.id == table_id))
    if game is None:
        raise UnknownTable(f"no table {table_id!r}")
    g = game_view(session, str(game))
    lv = limits_view(session, table_id)
    return {"game_disabled": g["disabled"], "game_disabled_reason": g["reason"],
            "table_limits": lv["current"], "next_table_limits": lv["next"]}
