"""What every player may see of a crash table (platform/crash.py, ``GET /api/crash/tables/{id}``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.realtime import curve_of
from croupier.platform.clock import aware
from croupier.platform.crash_rounds import _latest
from croupier.platform.crash_timing import MS, SCHEME, _variant, crash_time, crash_variant
from croupier.platform.errors import UnknownTable
from croupier.store.crash_models import CrashChain
from croupier.store.models import GameTable, Round


def table_state(session: Session, table_id: str, now: datetime, history: int = 20) -> dict[str, Any]:
    """What every player may see of a crash table at ``now``: the round (its phase, the multiplier
    while it runs - never the crash point before the crash), the published chains (never their
    secret) and the last rounds with their revealed seeds, to verify (``croupier verify crash``)."""
    t = session.get(GameTable, table_id)
    if t is None:
        raise UnknownTable(f"no table {table_id!r}")
    rnd = _latest(session, table_id)
    current: dict[str, Any] | None = None
    if rnd is not None:
        phase = {"open": "betting", "closed": "running"}.get(rnd.state, rnd.state)
        current = {"round_id": rnd.id, "number": rnd.number, "phase": phase,
                   "closes_at": rnd.closes_at and aware(rnd.closes_at).isoformat(),
                   "started_at": rnd.closed_at and aware(rnd.closed_at).isoformat(),
                   "seed_hash": rnd.server_seed_hash, "multiplier": None, "crash": None}
        if rnd.state == "closed" and rnd.closed_at is not None:
            crash_at = crash_time(rnd)
            v = _variant(rnd)
            if crash_at is not None and now < crash_at:
                ms = (now - aware(rnd.closed_at)) // MS
                current["multiplier"] = format_multiplier(curve_of(v).hundredths_at(ms))
        if rnd.outcome is not None:
            current["crash"] = rnd.outcome.get("crash")
    done = session.scalars(select(Round).where(Round.table_id == table_id, Round.fair_scheme == SCHEME,
                                               Round.state == "settled")
                           .order_by(Round.id.desc()).limit(history)).all()
    chains = session.scalars(select(CrashChain).where(CrashChain.table_id == table_id)
                             .order_by(CrashChain.first_round)).all()
    _spec, tv = crash_variant(t.game, t.variant)
    return {
        "table_id": t.id, "game": t.game, "variant": t.variant, "currency": t.currency,
        # the display's curve m(t) = floor(100 e^(g t)) / 100, t in seconds since started_at (the
        # server's clock decides every cash-out; the client only draws it)
        "curve": {"growth_per_second": float(tv.growth_per_second),
                  "max_multiplier": format_multiplier(tv.max_multiplier), "betting_ms": tv.betting_ms,
                  "min_auto": format_multiplier(tv.min_auto), "half_cash_out": tv.half_cash_out,
                  "autobet": tv.autobet},
        "server_time": now.isoformat(), "round": current,
        "history": [{"round_id": r.id, "number": r.number, "crash": (r.outcome or {}).get("crash"),
                     "seed": r.server_seed, "chain_position": r.nonce} for r in done],
        "chains": [{"terminating_hash": c.terminating_hash, "salt": c.salt, "length": c.length,
                    "first_round": c.first_round, "published_at_round": c.published_at_round}
                   for c in chains],
    }
