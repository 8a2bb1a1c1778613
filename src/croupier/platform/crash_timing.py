"""A crash round's timing (platform/crash.py): the table's variant with the server's timing
override, the round's draw and crash time, and the per-process cache of a running round's crash
time that the cash-outs and the ticker read without a lock."""

from __future__ import annotations

import dataclasses
import weakref
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import DateTime, text
from sqlalchemy.orm import Session

from croupier.errors import CroupierError
from croupier.games.crash.chain import crash_draw
from croupier.games.crash.distribution import crash_hundredths
from croupier.games.crash.realtime import curve_of
from croupier.games.crash.variant import CrashVariant
from croupier.platform.clock import aware
from croupier.platform.errors import RoundStateError
from croupier.platform.rounds import resolve_game
from croupier.store.models import Round

SCHEME = "crash_chain"
MS = timedelta(milliseconds=1)

#: the server's crash timing override (``CROUPIER_CRASH_TIMING``): betting_ms, growth per second
_TIMING: dict[str, Any] = {}


def set_timing(betting_ms: int, growth_per_second: str) -> None:
    """Every crash table of this process bets for ``betting_ms`` and rises at
    ``growth_per_second`` (a demo or test server); validated as the variant's own fields."""
    from fractions import Fraction

    g = Fraction(growth_per_second)
    if not 1000 <= betting_ms <= 600000 or not 0 < g <= 10:
        raise CroupierError("crash timing: betting_ms in [1000, 600000], growth in (0, 10]")
    _TIMING.update(betting_ms=betting_ms, growth_per_second=g)


def crash_variant(game: str, variant: str) -> tuple[Any, CrashVariant]:
    """The table's game and variant, with the server's timing override if one is set."""
    spec, v = resolve_game(game, variant)
    if not isinstance(v, CrashVariant):
        raise RoundStateError(f"{game} is not a crash game")
    return spec, (dataclasses.replace(v, **_TIMING) if _TIMING else v)


def _variant(rnd: Round) -> CrashVariant:
    return crash_variant(rnd.game, rnd.variant)[1]


def _draw(rnd: Round, v: CrashVariant) -> int:
    if rnd.server_seed is None:  # pragma: no cover - crash rounds always have their seed
        raise RoundStateError("a crash round without its seed")
    return crash_draw(v, rnd.server_seed, rnd.client_seed)


def crash_time(rnd: Round) -> datetime | None:
    """When the round crashes (server time), once it runs."""
    if rnd.closed_at is None:
        return None
    v = _variant(rnd)
    return aware(rnd.closed_at) + curve_of(v).time_of(crash_hundredths(v, _draw(rnd, v))) * MS


_ROW_TYPES = {"closed_at": DateTime(timezone=True)}
_ROUND_ROW = text("""SELECT state, fair_scheme, number, game, variant, closed_at, server_seed,
 client_seed FROM rounds WHERE id = :round""").columns(**_ROW_TYPES)


@dataclass(frozen=True, slots=True)
class _Running:
    """What a cash-out needs of a running round that no longer changes once it runs."""

    number: int
    spec: Any
    variant: CrashVariant
    closed_at: datetime
    crash_at: datetime


#: per database (engine) and round, with the timing override in force: a running round's crash
#: time, computed once (a draw and the curve) - the seed, the variant and ``closed_at`` are fixed
_RUNNING: weakref.WeakKeyDictionary[Any, dict[tuple[int, Any], _Running]] = weakref.WeakKeyDictionary()


def _running(session: Session, round_id: int, row: Any = None) -> _Running | None:
    """The cached crash time of a running round (``row``: the round's columns, to fill it)."""
    per_db = _RUNNING.get(session.get_bind())
    key = (round_id, tuple(sorted(_TIMING.items())))
    hit = per_db.get(key) if per_db is not None else None
    if hit is not None or row is None or row.closed_at is None:
        return hit
    spec, v = crash_variant(row.game, row.variant)
    closed = aware(row.closed_at)
    hundredths = crash_hundredths(v, crash_draw(v, row.server_seed, row.client_seed))
    info = _Running(row.number, spec, v, closed, closed + curve_of(v).time_of(hundredths) * MS)
    if per_db is None:
        per_db = _RUNNING.setdefault(session.get_bind(), {})
    if len(per_db) > 256:
        per_db.clear()
    per_db[key] = info
    return info
