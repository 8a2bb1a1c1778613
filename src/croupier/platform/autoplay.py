"""Slot autoplay run by the server (001 §6.6): a series of spins at one bet, each debited and
settled on its own (each a decision round that collects its win, 001 §6.7.1), until

(a) the set number of spins is done; (b) the account being debited cannot pay the next spin
(``InsufficientFunds``: cash or bonus, 001 §6.8.5); (c) the player stops it; and the stops players
expect: the series' loss reaches a limit, one round returns at least a set amount, or a round
triggers free spins.

The series is a row (``store/autoplay_models.AutoplaySeries``): its settings, progress and status
survive a restart, and its stop flag is seen by every worker. A spin is one unit of work that
plays the round *and* records it in the series (with the series row locked), so a crash loses
nothing and plays nothing twice. The worker playing a series holds a lease renewed every spin;
when it lapses (the worker died or shut down) any worker resumes the series
(:mod:`croupier.platform.autoplay_runner`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, InvalidBet
from croupier.platform import interactive
from croupier.platform.clock import aware, iso
from croupier.platform.errors import InsufficientFunds, NotFound, RoundStateError, UnsupportedGame
from croupier.platform.game_status import GameDisabled
from croupier.platform.ledger import Ledger
from croupier.platform.rounds import SlipBet
from croupier.platform.service import Platform
from croupier.store.autoplay_models import AutoplaySeries
from croupier.store.models import Player

MAX_SPINS = 1000  # ASSUMPTION: 001 §6.6 sets no maximum; a series runs at most this many
LEASE_SECONDS = 15.0  # a runner's claim on a series; renewed every spin
REASONS = ("count", "funds", "player", "loss_limit", "single_win", "free_spins", "refused",
           "disabled")  # disabled: the game was disabled (GLI-19 4.15; issue 16)


class AutoplayRunning(RoundStateError):
    """The player already has an autoplay series running (stop it first)."""


class SpinRefused(CroupierError):
    """The next spin of a series was refused (``reason``: ``funds``, ``disabled`` or
    ``refused``)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


@dataclass(frozen=True)
class AutoplayRules:
    spins: int                          # 001 §6.6 (a)
    loss_limit: int | None = None       # stop once the series has lost this much (minor units)
    single_win: int | None = None       # stop after a round returning at least this much
    stop_on_free_spins: bool = False    # stop after a round with free spins

    def __post_init__(self) -> None:
        if not 1 <= self.spins <= MAX_SPINS:
            raise InvalidBet(f"autoplay runs 1 to {MAX_SPINS} spins, not {self.spins}")
        for name in ("loss_limit", "single_win"):
            v = getattr(self, name)
            if v is not None and v <= 0:
                raise InvalidBet(f"an autoplay {name.replace('_', ' ')} must be positive, got {v}")


def _slip_rows(slip: Sequence[SlipBet]) -> list[dict[str, Any]]:
    return [{"code": b.code, "stake": b.stake, "target": list(b.target)} for b in slip]


def _slip_of(rows: Sequence[dict[str, Any]]) -> list[SlipBet]:
    return [SlipBet(r["code"], r["stake"], tuple(r["target"])) for r in rows]


def series_view(row: AutoplaySeries, now: datetime) -> dict[str, Any]:
    end = aware(row.ended_at) if row.ended_at is not None else now
    return {
        "id": row.id, "player_id": row.player_id, "game": row.game, "variant": row.variant,
        "status": row.status, "stopped_by": row.stopped_by, "stop_requested": row.stop_requested,
        "spins_set": row.spins, "spins": row.played, "rounds": list(row.rounds),
        "stake_minor": row.stake, "returned_minor": row.returned,
        "net_minor": row.returned - row.stake,
        "loss_limit_minor": row.loss_limit, "single_win_minor": row.single_win,
        "stop_on_free_spins": row.stop_on_free_spins,
        "started_at": iso(aware(row.created_at)), "ended_at": iso(row.ended_at and aware(row.ended_at)),
        "elapsed_seconds": max(0.0, (end - aware(row.created_at)).total_seconds()),
    }


def _end(row: AutoplaySeries, reason: str, now: datetime) -> None:
    row.status, row.stopped_by, row.ended_at, row.updated_at = "ended", reason, now, now
    row.runner = row.lease_until = None


def _spin(session: Session, row: AutoplaySeries, player: Player, now: datetime) -> None:
    """Play one spin of the series and record it (a win is collected: no gamble in autoplay)."""
    slip = _slip_of(row.slip)
    try:
        view = interactive.start(session, player, row.game, row.variant, slip, now,
                                 row.decision_seconds)
        if view["state"] == "open":
            view = interactive.act(session, player, int(view["round_id"]), "collect", None, now,
                                   row.decision_seconds)
    except InsufficientFunds as exc:
        raise SpinRefused("funds", str(exc)) from exc
    except GameDisabled as exc:  # issue 16: GLI-19 4.15, the running series stops
        raise SpinRefused("disabled", str(exc)) from exc
    except (SpinRefused, AutoplayRunning):
        raise
    except CroupierError as exc:  # a protection limit, a round of the player's own waiting, ...
        raise SpinRefused("refused", str(exc)) from exc
    returned = int(view["returned_minor"] or 0)
    row.played += 1
    row.stake += int(view["stake_minor"])
    row.returned += returned
    row.rounds = [*row.rounds, int(view["round_id"])]
    row.updated_at = now
    table = view.get("table") or {}
    if row.single_win is not None and returned >= row.single_win:
        _end(row, "single_win", now)
    elif row.loss_limit is not None and row.stake - row.returned >= row.loss_limit:
        _end(row, "loss_limit", now)
    elif row.stop_on_free_spins and int(table.get("free_spins", 0)) > 0:
        _end(row, "free_spins", now)
    elif row.played >= row.spins:
        _end(row, "count", now)


def open_series(session: Session, player: Player, game: str, variant: str,
                slip: Sequence[SlipBet], rules: AutoplayRules, now: datetime, seconds: float,
                runner: str | None = None, lease: float = LEASE_SECONDS) -> dict[str, Any]:
    """Start a series and play its first spin in the same unit of work: a slip the slot refuses
    or a balance that cannot pay the first spin refuses the series itself (precise errors)."""
    if game != "slot":
        raise UnsupportedGame(f"autoplay is for slots (001 §6.6), not {game!r}")
    Ledger(session).lock_player(player.id)  # two starts of one player queue here
    running = session.scalars(select(AutoplaySeries.id).where(
        AutoplaySeries.player_id == player.id, AutoplaySeries.status == "running")).first()
    if running is not None:
        raise AutoplayRunning(f"your autoplay series {running} is running; stop it first "
                              "(POST /api/slots/autoplay/stop)")
    row = AutoplaySeries(
        player_id=player.id, game=game, variant=variant, slip=_slip_rows(slip), spins=rules.spins,
        loss_limit=rules.loss_limit, single_win=rules.single_win,
        stop_on_free_spins=rules.stop_on_free_spins, decision_seconds=seconds, played=0, stake=0,
        returned=0, rounds=[], status="running", stopped_by=None, stop_requested=False,
        runner=runner, lease_until=now + timedelta(seconds=lease) if runner else None,
        created_at=now, updated_at=now, ended_at=None)
    session.add(row)
    session.flush()
    try:
        _spin(session, row, player, now)
    except SpinRefused as exc:
        cause = exc.__cause__
        raise cause if isinstance(cause, CroupierError) else exc from None
    session.flush()
    return series_view(row, now)


def _locked(session: Session, series_id: int) -> AutoplaySeries | None:
    return session.scalars(select(AutoplaySeries).where(AutoplaySeries.id == series_id)
                           .with_for_update()).one_or_none()


def play_next(session: Session, series_id: int, runner: str, now: datetime,
              lease: float = LEASE_SECONDS) -> dict[str, Any] | None:
    """The next spin of a series this runner holds (None when it ended or another runner took
    it). The stop flag is read under the series' row lock, before the spin."""
    row = _locked(session, series_id)
    if row is None or row.status != "running" or row.runner != runner:
        return None
    if row.stop_requested:  # 001 §6.6 (c)
        _end(row, "player", now)
    else:
        player = session.get_one(Player, row.player_id)
        _spin(session, row, player, now)
        if row.status == "running":
            row.lease_until = now + timedelta(seconds=lease)
    session.flush()
    return series_view(row, now)


def end_series(session: Session, series_id: int, runner: str, reason: str,
               now: datetime) -> dict[str, Any] | None:
    row = _locked(session, series_id)
    if row is None or row.status != "running" or row.runner != runner:
        return None
    _end(row, reason, now)
    session.flush()
    return series_view(row, now)


def advance(p: Platform, series_id: int, runner: str,
            lease: float = LEASE_SECONDS) -> dict[str, Any] | None:
    """One step of a series in its own unit of work; a refused spin ends the series
    (``funds``: 001 §6.6 (b); ``disabled``: the game was disabled, GLI-19 4.15; ``refused``: any
    other refusal, e.g. a protection limit)."""
    try:
        return p.run(lambda s: play_next(s, series_id, runner, p.clock(), lease))
    except SpinRefused as exc:
        reason, detail = exc.reason, str(exc)
    view = p.run(lambda s: end_series(s, series_id, runner, reason, p.clock()))
    if view is not None:  # why the spin was refused (e.g. the disabled game's reason)
        view["stop_detail"] = detail
    return view


def _free(runner: str, now: datetime) -> Any:
    return or_(AutoplaySeries.runner.is_(None), AutoplaySeries.runner == runner,
               AutoplaySeries.lease_until < now)


def claimable(session: Session, runner: str, now: datetime) -> list[int]:
    """The running series this runner may take (a read: the runner polls with it)."""
    return list(session.scalars(select(AutoplaySeries.id).where(
        AutoplaySeries.status == "running", _free(runner, now)).order_by(AutoplaySeries.id)))


def claim(session: Session, runner: str, now: datetime, lease: float = LEASE_SECONDS) -> list[int]:
    """Take every running series that has no runner or whose runner's lease has lapsed (and
    renew this runner's own); the conditional update makes two workers never hold one series."""
    free = _free(runner, now)
    ids = claimable(session, runner, now)
    got = []
    for sid in ids:
        res = session.execute(update(AutoplaySeries).where(
            AutoplaySeries.id == sid, AutoplaySeries.status == "running", free).values(
            runner=runner, lease_until=now + timedelta(seconds=lease)))
        if getattr(res, "rowcount", 0) == 1:
            got.append(sid)
    return got


def release(session: Session, runner: str) -> None:
    """A runner shutting down hands its series back (resumed by the next worker to look)."""
    session.execute(update(AutoplaySeries).where(
        AutoplaySeries.runner == runner, AutoplaySeries.status == "running").values(
        runner=None, lease_until=None))


def request_stop(session: Session, player: Player) -> bool:
    """001 §6.6 (c): flag the player's running series; whichever worker plays it stops before
    its next spin."""
    res = session.execute(update(AutoplaySeries).where(
        AutoplaySeries.player_id == player.id, AutoplaySeries.status == "running").values(
        stop_requested=True))
    return bool(getattr(res, "rowcount", 0))


def get_series(session: Session, player: Player, series_id: int, now: datetime) -> dict[str, Any]:
    row = session.get(AutoplaySeries, series_id)
    if row is None or row.player_id != player.id:
        raise NotFound(f"no autoplay series {series_id} of yours")
    return series_view(row, now)


def recent_series(session: Session, player: Player, now: datetime,
                  limit: int = 10) -> list[dict[str, Any]]:
    rows = session.scalars(select(AutoplaySeries).where(AutoplaySeries.player_id == player.id)
                           .order_by(AutoplaySeries.id.desc()).limit(limit))
    return [series_view(r, now) for r in rows]


def run_autoplay(p: Platform, player: Player, game: str, variant: str, slip: Sequence[SlipBet],
                 rules: AutoplayRules, seconds: float,
                 stop: Callable[[], bool] = lambda: False) -> dict[str, Any]:
    """Play a whole series in the calling thread (the CLI and tests; the server uses the runner).
    ``stop`` is asked before every spin after the first."""
    runner = f"inline-{uuid.uuid4().hex[:12]}"
    view: dict[str, Any] | None = p.run(lambda s: open_series(
        s, player, game, variant, slip, rules, p.clock(), seconds, runner))
    sid = int(view["id"]) if view else 0
    while view is not None and view["status"] == "running":
        if stop():
            p.run(lambda s: request_stop(s, player))
        view = advance(p, sid, runner)
    final: dict[str, Any] = p.read(lambda s: get_series(s, player, sid, p.clock()))
    return final
