"""AUTOBET on a crash table (000 §12.20 Auto mode; Rocketon's auto mode, §12.26, is the same
session with the same stake every round; the session logic is games/crash/autobet.py):
the server places the session's bet in every betting phase and, after the crash, sets the next
bet from the result, connected or not. A bet the platform refuses (funds, limits, protection)
stops the session with that reason; nothing else moves."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, IllegalAction
from croupier.games.crash.autobet import Autobet
from croupier.games.crash.engine import auto_target
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.variant import CrashVariant
from croupier.money import currency, parse_amount_text
from croupier.platform.rounds import SlipBet, resolve_game
from croupier.store.crash_models import CrashAutobet, CrashQueuedBet
from croupier.store.models import GameTable, Play, Player, Round


def _text(minor: int, code: str) -> str:
    cur = currency(code)
    if cur.exponent == 0:
        return str(minor)
    whole, frac = divmod(minor, cur.scale)
    return f"{whole}.{frac:0{cur.exponent}d}"


def _model(row: CrashAutobet) -> Autobet:
    return Autobet(row.base, row.limit_total, row.target, row.after_win, row.after_loss,
                   next_bet=row.next_bet, total=row.total, rounds=row.rounds,
                   stopped=row.stop_reason if row.status == "stopped" else None)


def view(row: CrashAutobet) -> dict[str, Any]:
    return {"id": row.id, "table_id": row.table_id, "base_minor": row.base,
            "limit_minor": row.limit_total, "auto_cash_out": format_multiplier(row.target),
            "after_win": row.after_win, "after_loss": row.after_loss,
            "next_bet_minor": row.next_bet, "total_minor": row.total, "rounds": row.rounds,
            "status": row.status, "stop_reason": row.stop_reason}


def start(session: Session, player: Player, table_id: str, base: str, limit: str,
          target: str = "1.01", after_win: str = "base", after_loss: str = "base",
          now: datetime | None = None) -> dict[str, Any]:
    from croupier.platform.crash import crash_table_of

    t: GameTable = crash_table_of(session, table_id)
    _spec, v = resolve_game(t.game, t.variant)
    if not isinstance(v, CrashVariant):  # pragma: no cover - crash_table_of checked the game
        raise IllegalAction(f"{t.game} is not a crash game")
    if not v.autobet and (after_win, after_loss) != ("base", "base"):
        # 000 §12.26 Auto mode: a bet every round, no Base / Limit / Double (ambiguity 4,
        # ASSUMPTION: the same stake every round; the limit is the player's own budget)
        raise IllegalAction(f"{v.title}'s auto mode bets the same stake every round: no "
                            "'double' (000 §12.26)")
    if player.currency != t.currency:
        raise IllegalAction(f"this table plays in {t.currency}")
    cur = currency(t.currency)
    lim = v.limits_for(t.currency)
    base_minor, limit_minor = parse_amount_text(base, cur), parse_amount_text(limit, cur)
    if base_minor < lim.minimum:
        raise IllegalAction(f"the base bet is below the table minimum {_text(lim.minimum, t.currency)}")
    session_ = Autobet.begin(base_minor, limit_minor, auto_target(v, target), after_win, after_loss,
                             table_max=lim.maximum)
    if session_.stake is None:
        raise IllegalAction(f"the base bet is above the total bets limit or the table maximum ({session_.stopped})")
    running = session.scalars(select(CrashAutobet).where(
        CrashAutobet.player_id == player.id, CrashAutobet.table_id == table_id,
        CrashAutobet.status == "running")).first()
    if running is not None:
        raise IllegalAction("an AUTOBET session is already running on this table: stop it first")
    row = CrashAutobet(player_id=player.id, table_id=table_id, base=base_minor,
                       limit_total=limit_minor, target=session_.target, after_win=after_win,
                       after_loss=after_loss, next_bet=base_minor, total=0, rounds=0,
                       status="running", stop_reason=None, pending_round_id=None,
                       created_at=now or datetime.now().astimezone())
    session.add(row)
    session.flush()
    return view(row)


def stop(session: Session, player: Player, table_id: str) -> dict[str, Any]:
    row = session.scalars(select(CrashAutobet).where(
        CrashAutobet.player_id == player.id, CrashAutobet.table_id == table_id,
        CrashAutobet.status == "running").with_for_update()).first()
    if row is None:
        raise IllegalAction("no AUTOBET session is running on this table")
    row.status, row.stop_reason = "stopped", "player"
    return view(row)


def current(session: Session, player: Player, table_id: str) -> dict[str, Any] | None:
    """The player's latest AUTOBET session on the table (running or how it stopped), if any: the
    page follows the rounds the server plays for them."""
    row = session.scalars(select(CrashAutobet).where(
        CrashAutobet.player_id == player.id, CrashAutobet.table_id == table_id)
        .order_by(CrashAutobet.id.desc()).limit(1)).first()
    return None if row is None else view(row)


def queue_bet(session: Session, player: Player, table_id: str, stake: str, target: str | None,
              now: datetime) -> dict[str, Any]:
    """000 §12.20 flow 1: a bet for the next round (checked now, debited when it is placed)."""
    from croupier.games.base import BetRequest
    from croupier.games.crash.engine import check_bet
    from croupier.platform.crash import crash_table_of

    t = crash_table_of(session, table_id)
    _spec, v = resolve_game(t.game, t.variant)
    if player.currency != t.currency:
        raise IllegalAction(f"this table plays in {t.currency}")
    check_bet(v, BetRequest("bet", parse_amount_text(stake, currency(t.currency)),
                            (target,) if target is not None else ()), t.currency)
    row = CrashQueuedBet(player_id=player.id, table_id=table_id, stake=stake, target=target,
                         created_at=now)
    session.add(row)
    session.flush()
    return {"queued": row.id, "table_id": table_id, "stake": stake, "auto_cash_out": target}


def place_for_round(session: Session, rnd: Round, now: datetime) -> int:
    """In the betting phase of ``rnd``: the bets queued for it (§12.20 flow 1), then every
    running AUTOBET session's bet (the server's, §12.20 Auto mode)."""
    from croupier.platform.tables import place_bets

    placed = 0
    queued = session.scalars(select(CrashQueuedBet).where(CrashQueuedBet.table_id == rnd.table_id)
                             .order_by(CrashQueuedBet.id)).all()
    for q in queued:
        player = session.get(Player, q.player_id)
        session.delete(q)
        if player is None:  # pragma: no cover - foreign key
            continue
        try:
            with session.begin_nested():
                place_bets(session, player, rnd.table_id or "",
                           [SlipBet("bet", q.stake, (q.target,) if q.target else ())], now)
            placed += 1
        except CroupierError:
            continue  # ASSUMPTION: a queued bet the round refuses (funds, limits) is dropped
    rows = session.scalars(select(CrashAutobet).where(CrashAutobet.table_id == rnd.table_id,
                                                      CrashAutobet.status == "running")
                           .order_by(CrashAutobet.id)).all()
    for row in rows:
        player = session.get(Player, row.player_id)
        if player is None:  # pragma: no cover - foreign key
            continue
        bet = SlipBet("bet", _text(row.next_bet, rnd.currency), (format_multiplier(row.target),))
        try:
            with session.begin_nested():
                place_bets(session, player, rnd.table_id or "", [bet], now)
        except CroupierError as exc:
            row.status, row.stop_reason = "stopped", f"bet refused: {exc}"[:200]
            continue
        row.pending_round_id = rnd.id
        placed += 1
    return placed


def after_round(session: Session, rnd: Round) -> None:
    """After the crash: each session whose bet was in ``rnd`` moves on by its result."""
    rows = session.scalars(select(CrashAutobet).where(CrashAutobet.pending_round_id == rnd.id)).all()
    for row in rows:
        play = session.scalars(select(Play).where(Play.round_id == rnd.id,  # closed in bulk:
                                                  Play.player_id == row.player_id)  # re-read
                               .execution_options(populate_existing=True)).first()
        won = play is not None and (play.returned_total or 0) > 0
        nxt = _model(row).after(won) if row.status == "running" else None
        row.pending_round_id = None
        if nxt is None:
            continue
        row.next_bet, row.total, row.rounds = nxt.next_bet, nxt.total, nxt.rounds
        if nxt.stopped:
            row.status, row.stop_reason = "stopped", nxt.stopped
