"""Deposit limits (001 §10.1) and play-time limits (001 §10.2), set by the player.

* A deposit limit is a UAH amount (or its equivalent in the account currency, minimum 100 UAH,
  ``config/protection.toml``) per calendar day, week or month, counting every deposit whatever its
  method (pending and confirmed deposits both count; failed ones do not).
* A deposit limit can be changed only once per calendar month (001 §10.1). ASSUMPTION: the first
  choice of a limit for a period is not a "change"; after it, every change (raise, lower, remove)
  counts, once per calendar month per period.
* ASSUMPTION (issue 7): a lower limit takes effect at once; a higher limit, or the removal of a
  limit, takes effect after the cooling-off period (7 days by default, configurable); a new lower
  limit cancels a pending raise. The same applies to play-time limits, which have no limit on how
  often they change (001 §10.2 states none).
* Play-time limits are in hours: per day 1-24 h; per week 1-7 days, kept as 24-168 h (the
  extract's ASSUMPTION).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from croupier.money import currency, format_minor
from croupier.platform.clock import aware, iso
from croupier.platform.protection.config import settings
from croupier.platform.protection.errors import (
    DepositLimitExceeded,
    InvalidLimit,
    LimitChangeRefused,
)
from croupier.platform.protection.periods import PERIODS, bounds, local_text
from croupier.store.models import Deposit, Player
from croupier.store.protection_models import LimitRow

KINDS = ("deposit", "time")
TIME_PERIODS = ("day", "week")
#: 001 §10.2: per day 1 to 24 hours; per week 1 to 7 days (24 to 168 hours)
TIME_RANGE = {"day": (1, 24), "week": (24, 168)}
PERIOD_WORD = {"day": "daily", "week": "weekly", "month": "monthly"}


def _rows(session: Session, player_id: int, kind: str, period: str) -> list[LimitRow]:
    return list(session.scalars(
        select(LimitRow).where(LimitRow.player_id == player_id, LimitRow.kind == kind,
                               LimitRow.period == period).order_by(LimitRow.id)))


def _in_force_row(rows: list[LimitRow], now: datetime) -> LimitRow | None:
    live = [r for r in rows if not r.cancelled and aware(r.effective_from) <= now]
    return max(live, key=lambda r: (aware(r.effective_from), r.id)) if live else None


def _pending_row(rows: list[LimitRow], now: datetime) -> LimitRow | None:
    ahead = [r for r in rows if not r.cancelled and aware(r.effective_from) > now]
    return max(ahead, key=lambda r: r.id) if ahead else None


def in_force(session: Session, player_id: int, kind: str, period: str, now: datetime) -> int | None:
    row = _in_force_row(_rows(session, player_id, kind, period), now)
    return None if row is None else row.value


def time_limits_in_force(session: Session, player_id: int, now: datetime) -> dict[str, int | None]:
    """The day and week play-time limits in force, in one query (this runs on every bet)."""
    rows = list(session.scalars(select(LimitRow).where(
        LimitRow.player_id == player_id, LimitRow.kind == "time").order_by(LimitRow.id)))
    out: dict[str, int | None] = {}
    for period in TIME_PERIODS:
        row = _in_force_row([r for r in rows if r.period == period], now)
        out[period] = None if row is None else row.value
    return out


def _validate(player: Player, kind: str, period: str, value: int | None) -> None:
    if kind not in KINDS:
        raise InvalidLimit(f"a limit is of kind {' or '.join(KINDS)}, not {kind!r}")
    if kind == "deposit":
        if period not in PERIODS:
            raise InvalidLimit(f"a deposit limit is per {', '.join(PERIODS)}, not {period!r}")
        if value is not None:
            cur = currency(player.currency)
            minimum = settings().deposit_minimum(player.currency)
            if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
                raise InvalidLimit(
                    f"a deposit limit is at least {format_minor(minimum, cur)} per {period} "
                    "(001 §10.1: from 100 UAH or its equivalent)"
                )
    else:
        if period not in TIME_PERIODS:
            raise InvalidLimit(f"a play-time limit is per day or week, not {period!r}")
        lo, hi = TIME_RANGE[period]
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not lo <= value <= hi):
            raise InvalidLimit(
                f"a {PERIOD_WORD[period]} play-time limit is {lo} to {hi} hours (001 §10.2)"
            )


@dataclass(frozen=True, slots=True)
class LimitChange:
    row: LimitRow
    immediate: bool


def set_limit(session: Session, player: Player, kind: str, period: str, value: int | None,
              now: datetime) -> LimitChange:
    """Set (``value``) or remove (``None``) one of the player's limits."""
    _validate(player, kind, period, value)
    cfg = settings()
    rows = _rows(session, player.id, kind, period)
    first = not rows
    current_row = _in_force_row(rows, now)
    current = None if current_row is None else current_row.value
    pending = _pending_row(rows, now)
    if value == current and pending is None and not first:
        raise InvalidLimit(f"the {PERIOD_WORD[period]} {kind} limit is already that value")
    if kind == "deposit" and not first:
        month_start, month_end = bounds("month", now, cfg.tz)
        done = [r for r in rows if r.is_change and aware(r.requested_at) >= month_start]
        if done:
            raise LimitChangeRefused(
                f"your {PERIOD_WORD[period]} deposit limit was already changed this calendar month "
                f"(on {local_text(done[-1].requested_at, cfg.tz)}); it can be changed only once "
                f"per calendar month (001 §10.1): next from {local_text(month_end, cfg.tz)}"
            )
    lower = value is not None and (current is None or value < current)
    effective = now if lower else now + cfg.cooling_off
    for r in rows:
        if not r.cancelled and aware(r.effective_from) > now:
            r.cancelled = True  # a new request replaces a pending one
    row = LimitRow(player_id=player.id, kind=kind, period=period, value=value, requested_at=now,
                   effective_from=effective, is_change=not first, cancelled=False)
    session.add(row)
    session.flush()
    return LimitChange(row, lower)


def deposits_in(session: Session, player_id: int, start: datetime, end: datetime) -> int:
    total = session.scalar(select(func.coalesce(func.sum(Deposit.amount), 0)).where(
        Deposit.player_id == player_id, Deposit.status.in_(("pending", "confirmed")),
        Deposit.created_at >= start, Deposit.created_at < end))
    return int(total or 0)


def check_deposit(session: Session, player: Player, amount: int, now: datetime) -> None:
    """001 §10.1: refuse a deposit that would take the period's deposits over a limit."""
    cfg = settings()
    cur = currency(player.currency)
    for period in PERIODS:
        limit = in_force(session, player.id, "deposit", period, now)
        if limit is None:
            continue
        start, end = bounds(period, now, cfg.tz)
        used = deposits_in(session, player.id, start, end)
        if used + amount > limit:
            room = max(0, limit - used)
            raise DepositLimitExceeded(
                f"this deposit of {format_minor(amount, cur)} would take your deposits this "
                f"{period} to {format_minor(used + amount, cur)}, over your {PERIOD_WORD[period]} "
                f"limit of {format_minor(limit, cur)} (001 §10.1); you can deposit up to "
                f"{format_minor(room, cur)} until {local_text(end, cfg.tz)}"
            )


def view(session: Session, player: Player, now: datetime) -> dict[str, Any]:
    """Every limit of the player: in force, pending (with its date) and what is used so far."""
    from croupier.platform.protection.activity import played_seconds

    cfg = settings()
    out: dict[str, Any] = {"timezone": cfg.timezone,
                           "cooling_off_hours": cfg.cooling_off.total_seconds() / 3600,
                           "deposit": {}, "time": {},
                           "deposit_minimum_minor": cfg.deposit_minimum(player.currency),
                           "currency": player.currency,
                           "currency_exponent": currency(player.currency).exponent}
    month_start, month_end = bounds("month", now, cfg.tz)
    for kind, periods in (("deposit", PERIODS), ("time", TIME_PERIODS)):
        for period in periods:
            rows = _rows(session, player.id, kind, period)
            cur_row = _in_force_row(rows, now)
            pend = _pending_row(rows, now)
            start, end = bounds(period, now, cfg.tz)
            item: dict[str, Any] = {
                "value": None if cur_row is None else cur_row.value,
                "pending_value": None if pend is None else pend.value,
                "pending_from": None if pend is None else iso(pend.effective_from),
                "has_pending": pend is not None,
                "period_start": iso(start), "period_end": iso(end),
            }
            if kind == "deposit":
                item["used_minor"] = deposits_in(session, player.id, start, end)
                changed = any(r.is_change and aware(r.requested_at) >= month_start for r in rows)
                item["can_change"] = not changed
                item["next_change_from"] = iso(month_end) if changed else None
            else:
                item["played_seconds"] = int(played_seconds(session, player.id, start, end, now))
                item["can_change"] = True
            out[kind][period] = item
    return out
