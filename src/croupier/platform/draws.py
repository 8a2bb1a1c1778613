"""Draw games on the platform (issue 20; docs/draws.md, "The draw schedule").

A draw table (a ``game_tables`` row whose game's engine is a
:class:`~croupier.games.draws.ticket.TicketEngine`) runs the draws of its variant's
:class:`~croupier.games.draws.schedule.DrawSchedule`: draw ``n`` is due at ``n * every_seconds``
(Unix time) and takes tickets until ``cutoff_seconds`` before. Each draw is a ``rounds`` row
(``kind = "draw"``, ``number = n``) created ahead of time with its own server seed, whose SHA-256
is published from then on, so the commitment exists before any ticket for it is sold and before
its cut-off. A ticket (``draw_tickets``) plays the same bets on the next K draws: one debit of
K x the bets' stakes, and one ``bets`` row per draw in the player's ``plays`` row of that draw
(Games History, recall).

Phases of a draw: ``open`` -> ``closed`` at the cut-off (:func:`croupier.platform.tables.close_round`:
waits for tickets in flight) -> ``resulted`` when due (the balls drawn from the round's seed by the
engine, the seed revealed; :func:`croupier.platform.tables.result_round`) -> ``settled`` by
:func:`settle_chunk` (statements per batch of plays, never per ticket). A draw that fails is
``voided`` and every stake on it refunded once (:func:`croupier.platform.tables.void_round`:
per-play refund keys and state guards).

Restart rule (:func:`overdue_action`): a draw found unfinished after a restart is
* ``resulted``: settled with its stored balls;
* ``open``/``closed`` and due no more than ``late_seconds`` ago (default 3600, ASSUMPTION):
  closed and drawn now from its committed seed (000 §12.19: "a missing broadcast caused by
  technical problems does not cancel the bet"; the seed was fixed before the cut-off, so a late
  draw is the draw that was promised);
* ``open``/``closed`` and due longer ago: voided, every ticket's stake on it refunded.
Draw numbers that passed while no server ran and that no ticket was bought for have no round:
nothing was sold for them; the runner logs the gap and records a ``gap`` event on the next draw.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from croupier.errors import CurrencyMismatch, InvalidBet
from croupier.games.draws.schedule import DrawSchedule
from croupier.games.draws.ticket import PlacedBet, TicketEngine
from croupier.games.registry import game
from croupier.money import currency
from croupier.platform.clock import aware, iso
from croupier.platform.draw_settlement import SettledChunk as SettledChunk
from croupier.platform.draw_settlement import settle_chunk as settle_chunk
from croupier.platform.errors import BettingClosed, NotFound, UnsupportedGame
from croupier.platform.ledger import Ledger, system_code
from croupier.platform.protection import hooks as protection
from croupier.platform.rounds import SlipBet, add_event, parse_slip, resolve_game
from croupier.platform.tables import get_table
from croupier.platform.wallet import balance
from croupier.rng import fair
from croupier.store.draw_models import DrawTicket
from croupier.store.models import Bet, GameTable, Play, Player, Round

KIND = "draw"
UNFINISHED = ("open", "closed", "resulted")

#: the restart rule's limit: an overdue draw is still run up to this long after it was due
LATE_SECONDS = float(os.environ.get("CROUPIER_DRAW_LATE_SECONDS", "3600"))

LATE_REASON = ("the draw was not run within {late:.0f} s of its time (restart or failure): every "
               "ticket's stake on it is returned (000 §10 odds of 1, 000 §11)")
FAILED_REASON = "the draw failed (000 §11 software error): every ticket's stake on it is returned"


#: ``CROUPIER_DRAW_SCHEDULE`` = ``every_seconds:cutoff_seconds[:ball_interval_ms]`` replaces every
#: draw table's timing on this server (a demo or test: draws every few seconds)
_OVERRIDE: list[tuple[int, int, int | None]] = []


def set_schedule_override(spec: str | None) -> None:
    _OVERRIDE.clear()
    if not spec:
        return
    parts = spec.split(":")
    if len(parts) not in (2, 3) or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"CROUPIER_DRAW_SCHEDULE: {spec!r} is not every:cutoff[:ball_ms]")
    _OVERRIDE.append((int(parts[0]), int(parts[1]), int(parts[2]) if len(parts) == 3 else None))


set_schedule_override(os.environ.get("CROUPIER_DRAW_SCHEDULE"))


def schedule_of(variant: Any) -> DrawSchedule:
    """The variant's schedule, or this server's override (:func:`set_schedule_override`)."""
    s: DrawSchedule = variant.schedule
    if _OVERRIDE:
        every, cutoff, ball_ms = _OVERRIDE[0]
        s = replace(s, every_seconds=every, cutoff_seconds=cutoff,
                    ball_interval_ms=s.ball_interval_ms if ball_ms is None else ball_ms)
    return s


class InvalidDrawCount(InvalidBet):
    """A ticket's number of draws is outside 1 .. the variant's ``max_draws``."""

    code = "invalid_draws"


def is_draw_game(game_name: str) -> bool:
    return isinstance(game(game_name).engine, TicketEngine)


def is_draw_table(session: Session, table_id: str) -> bool:
    t = session.get(GameTable, table_id)
    return t is not None and is_draw_game(t.game)


def _draw_table(session: Session, table_id: str) -> tuple[GameTable, TicketEngine, Any]:
    t = get_table(session, table_id)
    if not is_draw_game(t.game):
        raise UnsupportedGame(f"table {table_id!r} plays {t.game}, not a draw game")
    spec, variant = resolve_game(t.game, t.variant)
    return t, cast(TicketEngine, spec.engine), variant


def _ts(dt: datetime) -> float:
    return aware(dt).timestamp()


def _at(ts: float) -> datetime:
    return datetime.fromtimestamp(ts, UTC)


def due_at(variant: Any, number: int) -> datetime:
    return _at(schedule_of(variant).due(number))


# -- the draws ahead ---------------------------------------------------------------------------


def _round(session: Session, table_id: str, number: int, lock: bool = False) -> Round | None:
    q = select(Round).where(Round.table_id == table_id, Round.number == number)
    if lock:
        q = q.with_for_update(read=True)
    return session.scalars(q).one_or_none()


def ensure_draw(session: Session, t: GameTable, variant: Any, number: int, now: datetime) -> Round:
    """The round of draw ``number``, created with its seed and published commitment if new (a
    concurrent twin makes the unique (table, number) key fail and ``Platform.run`` retry)."""
    rnd = _round(session, t.id, number)
    if rnd is not None:
        return rnd
    seed = fair.new_server_seed()
    s = schedule_of(variant)
    rnd = Round(kind=KIND, table_id=t.id, number=number, game=t.game, variant=t.variant,
                currency=t.currency, state="open", fair_scheme="table_round_seed",
                seed_pair_id=None, server_seed=seed, server_seed_hash=fair.commitment(seed),
                client_seed=f"{t.id}:{number}", nonce=0, draws=None, outcome=None,
                void_reason=None, opened_at=now, closes_at=_at(s.closes(number)), closed_at=None,
                resulted_at=None, settled_at=None)
    session.add(rnd)
    session.flush()
    data: dict[str, Any] = {"number": number, "due_at": iso(due_at(variant, number)),
                            "closes_at": iso(rnd.closes_at), "server_seed_hash": rnd.server_seed_hash}
    pub = published(cast(TicketEngine, game(t.game).engine), variant, rnd)
    if pub is not None:  # a virtual event's form draws, public from now on (issue 23)
        data["published"] = pub
    add_event(session, rnd.id, "scheduled", data, now)
    return rnd


def published(engine: TicketEngine, variant: Any, rnd: Round) -> dict[str, Any] | None:
    """What the draw makes public before its cut-off (:meth:`TicketEngine.publish`), taken from
    the draw's own committed stream: the draws at its due time begin with the same values."""
    if rnd.server_seed is None:  # pragma: no cover - a scheduled draw always has its seed
        return None
    return engine.publish(variant, fair.stream(rnd.server_seed, rnd.client_seed, rnd.nonce))


def prepare(session: Session, table_id: str, now: datetime) -> list[int]:
    """Create the rounds of the next ``max_draws`` draws still taking tickets (their
    commitments published); the numbers created."""
    t, _engine, variant = _draw_table(session, table_id)
    first = schedule_of(variant).next_open(_ts(now))
    made = []
    for n in range(first, first + schedule_of(variant).max_draws):
        if _round(session, t.id, n) is None:
            ensure_draw(session, t, variant, n, now)
            made.append(n)
    return made


# -- tickets -----------------------------------------------------------------------------------


def buy_ticket(session: Session, player: Player, table_id: str, slip: Sequence[SlipBet],
               draws: object, now: datetime, key: str | None = None,
               first_draw: int | None = None) -> dict[str, Any]:
    """Buy a ticket: the same bets on ``draws`` consecutive draws from ``first_draw`` (default:
    the next draw still taking tickets). Everything is checked before anything is debited; an
    error refuses the whole ticket. A repeated ``key`` returns the ticket it bought."""
    t, engine, variant = _draw_table(session, table_id)
    if t.currency != player.currency:
        raise CurrencyMismatch(f"this draw plays in {t.currency}; your account is in {player.currency}")
    if key is not None:
        old = session.scalars(select(DrawTicket).where(
            DrawTicket.key == f"{player.id}:{key}")).one_or_none()
        if old is not None:
            return ticket_view(session, player, old.id)
    s = schedule_of(variant)
    if type(draws) is not int or not 1 <= draws <= s.max_draws:
        raise InvalidDrawCount(f"a ticket plays 1 to {s.max_draws} draws, not {draws!r}")
    bets = parse_slip(slip, player.currency)
    engine.start(variant, bets, player.currency)  # the engine's precise errors; nothing debited
    selections = [engine.place(variant, b) for b in bets]  # stored: settled as they are
    now_ts = _ts(now)
    first = s.next_open(now_ts) if first_draw is None else first_draw
    if type(first) is not int:
        raise InvalidBet(f"a draw number is a whole number, not {first!r}")
    if first < s.next_open(now_ts):
        raise BettingClosed(f"draw {first} takes no more tickets (the next is {s.next_open(now_ts)})")
    if first >= s.next_open(now_ts) + s.max_draws:
        raise InvalidBet(f"tickets are sold for the next {s.max_draws} draws only (up to draw "
                         f"{s.next_open(now_ts) + s.max_draws - 1})")
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    rounds = [ensure_draw(session, t, variant, n, now) for n in range(first, first + draws)]
    locked = list(session.scalars(select(Round).where(Round.id.in_([r.id for r in rounds]))
                                  .order_by(Round.number).with_for_update(read=True)
                                  .execution_options(populate_existing=True)))
    for r in locked:  # "no more bets" (an UPDATE) waits for this ticket; a later ticket sees it
        if r.state != "open" or r.closes_at is None or aware(r.closes_at) <= now:
            raise BettingClosed(f"draw {r.number} takes no more tickets")
        pub = published(engine, variant, r)
        for i, (b, sel) in enumerate(zip(bets, selections, strict=True)):
            engine.check_published(variant, pub, PlacedBet(i, b.code, b.stake, sel))
    per_draw = sum(b.stake for b in bets)
    ticket = DrawTicket(key=f"{player.id}:{key}" if key else f"{player.id}:auto:{os.urandom(12).hex()}",
                        player_id=player.id, table_id=t.id, game=t.game, variant=t.variant,
                        currency=t.currency,
                        bets=[{"code": b.code, "target": list(b.target), "stake": b.stake} for b in bets],
                        first_number=first, draws=draws, stake_total=per_draw * draws, created_at=now)
    session.add(ticket)
    session.flush()
    plays = [_play_of(session, r, player, now) for r in locked]
    ref = f"draw-ticket:{ticket.id}"
    source = protection.before_bet(session, locked[0], plays[0], ticket.stake_total, now)
    ledger.transfer(ref, source, system_code("stakes", t.currency), ticket.stake_total, "bet",
                    round_id=locked[0].id, play_id=plays[0].id, now=now)
    for p in plays:
        start = int(session.scalar(select(func.count(Bet.id)).where(Bet.play_id == p.id)) or 0)
        session.add_all([Bet(play_id=p.id, seq=start + i, slip_key=ref, code=b.code,
                             target=list(sel), stake=b.stake, returned=None, outcome=None,
                             created_at=now) for i, (b, sel) in enumerate(zip(bets, selections, strict=True))])
        p.stake_total += per_draw
    session.flush()
    protection.bet_accepted(session, locked[0], plays[0], ticket.stake_total, ref, now)
    return ticket_view(session, player, ticket.id)


def _play_of(session: Session, rnd: Round, player: Player, now: datetime) -> Play:
    p = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                           Play.player_id == player.id)).one_or_none()
    if p is None:
        p = Play(round_id=rnd.id, player_id=player.id, currency=player.currency, status="open",
                 stake_total=0, returned_total=None, events=None, created_at=now, settled_at=None)
        session.add(p)
        session.flush()
    return p


def _explain(engine: TicketEngine, variant: Any, rnd: Round, b: Bet) -> dict[str, Any]:
    """Why a bet on a resulted draw won or lost, by the engine (:meth:`TicketEngine.explain`):
    ``hits`` (keno: how many of its numbers were drawn; None for a game without hits) and
    ``why`` (one sentence: Lucky games name the bet, what the draw measured and the prize)."""
    out = rnd.outcome or {}
    outcome = engine.outcome(variant, [int(x) for x in out.get("balls", [])],
                             [(str(k), int(v)) for k, v in out.get("extras", [])])
    told = engine.explain(variant, PlacedBet(b.seq, b.code, b.stake, tuple(b.target)), outcome)
    return {"hits": told.get("hits"), "why": str(told["text"]),
            **{k: v for k, v in told.items() if k not in ("hits", "text")}}


def ticket_view(session: Session, player: Player, ticket_id: int) -> dict[str, Any]:
    """A ticket as its owner sees it: its bets and, per draw, the balls, each bet's win and why
    (``why``: the engine's explanation; ``hits`` for keno) - another player's ticket is not found:
    its existence is not disclosed."""
    tk = session.get(DrawTicket, ticket_id) if 0 < ticket_id < 2**31 else None
    if tk is None or tk.player_id != player.id:
        raise NotFound(f"no ticket {ticket_id} of yours")
    ref = f"draw-ticket:{tk.id}"
    spec, variant = resolve_game(tk.game, tk.variant)
    engine = cast(TicketEngine, spec.engine)
    rows = session.execute(
        select(Round, Bet).join(Play, Play.round_id == Round.id).join(Bet, Bet.play_id == Play.id)
        .where(Play.player_id == player.id, Round.table_id == tk.table_id, Bet.slip_key == ref)
        .order_by(Round.number, Bet.seq)).all()
    per: dict[int, dict[str, Any]] = {}
    for rnd, b in rows:
        d = per.get(rnd.id)
        if d is None:
            shown = rnd.state in ("resulted", "settled") or (rnd.state == "voided" and rnd.draws)
            balls = [int(x) for x in (rnd.outcome or {}).get("balls", [])] if shown else []
            d = per[rnd.id] = {"round_id": rnd.id, "number": rnd.number, "state": rnd.state,
                               "closes_at": iso(rnd.closes_at),
                               "due_at": iso(_at(rnd.number * _every(rnd))) if rnd.number else None,
                               "server_seed_hash": rnd.server_seed_hash,
                               "server_seed": rnd.server_seed if shown else None,
                               "balls": balls, "void_reason": rnd.void_reason, "bets": [],
                               "returned_minor": None}
        told = (_explain(engine, variant, rnd, b) if rnd.state in ("resulted", "settled")
                else {"hits": None, "why": None})
        d["bets"].append({"code": b.code, "target": b.target, "stake_minor": b.stake,
                          "returned_minor": b.returned, "outcome": b.outcome, **told})
        if b.returned is not None:
            d["returned_minor"] = (d["returned_minor"] or 0) + b.returned
    draws = sorted(per.values(), key=lambda d: int(d["number"]))
    won = sum(int(d["returned_minor"] or 0) for d in draws)
    return {"ticket_id": tk.id, "table_id": tk.table_id, "game": tk.game, "variant": tk.variant,
            "currency": tk.currency, "currency_exponent": currency(tk.currency).exponent,
            "bets": tk.bets, "first_number": tk.first_number, "draws_count": tk.draws,
            "stake_total_minor": tk.stake_total, "returned_minor": won,
            "created_at": iso(tk.created_at), "draws": draws,
            "balance": balance(session, player).to_dict()}


def _every(rnd: Round) -> int:
    _spec, variant = resolve_game(rnd.game, rnd.variant)
    return schedule_of(variant).every_seconds


def my_tickets(session: Session, player: Player, table_id: str | None = None,
               limit: int = 20) -> list[dict[str, Any]]:
    q = select(DrawTicket.id).where(DrawTicket.player_id == player.id)
    if table_id is not None:
        q = q.where(DrawTicket.table_id == table_id)
    ids = list(session.scalars(q.order_by(DrawTicket.id.desc()).limit(max(1, min(limit, 100)))))
    return [ticket_view(session, player, i) for i in ids]


# -- settlement in batches: croupier.platform.draw_settlement (re-exported here) ---------------


# -- the schedule's steps ----------------------------------------------------------------------


def unfinished(session: Session, table_id: str) -> list[tuple[int, str, int]]:
    """(round id, state, number) of every unfinished draw of a table, oldest first."""
    return [(r.id, r.state, int(r.number or 0)) for r in session.scalars(
        select(Round).where(Round.table_id == table_id, Round.kind == KIND,
                            Round.state.in_(UNFINISHED)).order_by(Round.number))]


def overdue_action(variant: Any, state: str, number: int, now: datetime,
                   late_seconds: float = LATE_SECONDS) -> str | None:
    """What the schedule (and the restart rule) does now with an unfinished draw: ``close``
    (cut-off passed), ``draw`` (due), ``void`` (due too long ago), ``settle`` (resulted), or
    None (not yet)."""
    s = schedule_of(variant)
    t = _ts(now)
    if state == "resulted":
        return "settle"
    if t >= s.due(number):
        return "void" if t - s.due(number) > late_seconds else "draw"  # an open one is closed first
    if state == "open" and t >= s.closes(number):
        return "close"
    return None


def next_event_at(session: Session, table_id: str, now: datetime) -> float:
    """Seconds until the table's next cut-off or draw (at most 1 s)."""
    _t, _e, variant = _draw_table(session, table_id)
    s = schedule_of(variant)
    n = s.next_open(_ts(now))
    soonest = min(s.closes(n), s.due(n - 1) if s.due(n - 1) > _ts(now) else s.due(n))
    return max(0.0, min(1.0, soonest - _ts(now)))


def board(session: Session, table_id: str, now: datetime, recent: int = 10) -> dict[str, Any]:
    """The public view of a draw table: the schedule, the next draws with their commitments,
    the last results with their revealed seeds, hot and cold balls of the last 100 draws."""
    t, engine, variant = _draw_table(session, table_id)
    s = schedule_of(variant)
    upcoming = session.scalars(select(Round).where(Round.table_id == t.id, Round.state == "open")
                               .order_by(Round.number).limit(s.max_draws)).all()
    done = session.scalars(select(Round).where(Round.table_id == t.id, Round.state.in_(
        ("resulted", "settled"))).order_by(Round.number.desc()).limit(100)).all()
    counts: dict[int, int] = {}
    for r in done:
        for b in (r.outcome or {}).get("balls", []):
            counts[int(b)] = counts.get(int(b), 0) + 1
    d = getattr(variant, "draw", None)  # None: a virtual event (issue 23), no balls
    ranked = sorted(d.numbers, key=lambda b: (-counts.get(b, 0), b)) if d is not None else []
    return {
        "table_id": t.id, "name": t.name, "game": t.game, "variant": t.variant,
        "title": variant.title, "currency": t.currency,
        "currency_exponent": currency(t.currency).exponent, "server_time": iso(now),
        "schedule": s.to_dict(), "next_open": s.next_open(_ts(now)),
        "balls": {"first": d.first, "last": d.last, "drawn": d.drawn} if d is not None else None,
        "max_picks": getattr(variant, "max_picks", None),
        "upcoming": [_brief(r, variant, engine) for r in upcoming],
        "recent": [_brief(r, variant, engine) for r in done[:recent]],
        "hot": ranked[:10] if done and ranked else [], "cold": ranked[-10:][::-1] if done and ranked else [],
        "draws_counted": len(done),
    }


def _brief(r: Round, variant: Any, engine: TicketEngine) -> dict[str, Any]:
    shown = r.state in ("resulted", "settled")
    out = {"round_id": r.id, "number": r.number, "state": r.state,
           "due_at": iso(due_at(variant, int(r.number or 0))), "closes_at": iso(r.closes_at),
           "server_seed_hash": r.server_seed_hash, "client_seed": r.client_seed,
           "server_seed": r.server_seed if shown else None,
           "balls": (r.outcome or {}).get("balls") if shown else None}
    if getattr(variant, "draw", None) is None:  # a virtual event: its board, then its result (issue 23)
        pub = None if shown else published(engine, variant, r)
        out["board"] = engine.published_view(variant, pub) if pub is not None else None
        out["result"] = r.outcome if shown else None
    return out
