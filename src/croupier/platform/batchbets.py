"""Table bets in batches: the group commit's table-bet commands run in a fixed number of
statements, however many there are.

:func:`croupier.platform.betpath.place_bets` costs about nine statements per bet (lock and session
check, round and guards, debit, span, play, transfer, bets, idempotency record, plus the share of
the commit). Under load the group commit holds many table bets at once; this module runs them
together, with the same checks in the same order and the same rows written:

1. one statement locks every player's cash row (in account order, as every batch does) and checks
   their session tokens, returning the balances;
2. per table, the open round is read ``FOR SHARE`` (as one bet does) and one statement reads every
   player's play on it, its bet count and the protection facts and wallet figures of
   :func:`betpath._guard_columns`;
3. each command is then judged in Python, in order, against the running balance and the bets
   already accepted for its player (the engine validates the player's whole set of bets);
4. the writes go as one statement each for the batch: the debits (``balance = balance - x WHERE
   balance >= x``, every row checked), the new plays, the play totals, the play-time spans, the
   ledger transfers, the bets, the idempotency records; the monitoring record is chained once at
   the commit (``protection.audit``).

A command refused in step 3 (betting closed, no funds, an illegal bet, a bad session) has written
nothing, exactly as on its own. A command that needs the general path (a protection fact is
present, a reel slot) is handed back to run on its own after the batch. Anything unexpected
raises, and the group commit rolls the batch back and runs every command on its own.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any, cast

from sqlalchemy import Integer, String, Table, bindparam, func, insert, literal, select
from sqlalchemy import cast as sql_cast
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, CurrencyMismatch
from croupier.games.base import BetRequest, compact_bets
from croupier.money import currency, format_minor
from croupier.platform import betpath
from croupier.platform.betpath import (
    _GUARDS,
    _PLAY_CACHE_PENDING,
    _earlier_bets,
    _guard_columns,
    _Guards,
    _transfer_row,
    table_info,
)
from croupier.platform.clock import aware
from croupier.platform.errors import BettingClosed, InsufficientFunds, Unauthorized
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.protection import audit
from croupier.platform.protection.bonus import is_reel_slot
from croupier.platform.protection.config import settings as protection_settings
from croupier.platform.rounds import parse_slip, resolve_game
from croupier.store import bulk
from croupier.store.models import (
    Account,
    Bet,
    IdempotencyRecord,
    Play,
    Player,
    Round,
    Transfer,
)
from croupier.store.models import Session as SessionRow
from croupier.store.protection_models import PlaySpan


class Deferred:
    """A command that must run on its own, after the batch (the general path judges it)."""


DEFERRED = Deferred()


@dataclass
class Command:
    """One table-bet command of a batch: its key, the player's session, the command itself."""

    scope: str
    key: str
    request_hash: str
    status: int
    token_hash: str
    bet: betpath.TableBet
    result: Any = None  # a response dict, a CroupierError, or DEFERRED
    # filled while judging
    bets: list[BetRequest] = field(default_factory=list)


@dataclass
class _PlayerState:
    account_id: int
    balance: int
    token_ok: bool
    token_error: str = ""
    debit: int = 0


@dataclass
class _PlayState:
    play_id: int | None
    stake_total: int
    count: int
    own: tuple[BetRequest, ...]
    carried: tuple[BetRequest, ...]
    guards: _Guards
    new_rows: list[dict[str, Any]] = field(default_factory=list)  # bets accepted in this batch
    added: int = 0
    commands: list[Command] = field(default_factory=list)


# -- statements --------------------------------------------------------------------------------


@cache
def _lock_stmt() -> Any:
    return (select(Account.player_id, Account.id, Account.balance, SessionRow.token_hash,
                   SessionRow.expires_at, SessionRow.revoked)
            .select_from(Account)
            .join(SessionRow, SessionRow.player_id == Account.player_id)
            .where(Account.code.in_(bindparam("codes", expanding=True)),
                   SessionRow.token_hash.in_(bindparam("hashes", expanding=True)))
            .order_by(Account.id)
            .with_for_update(of=Account))


@cache
def _round_stmt() -> Any:
    return (select(Round.id, Round.closes_at)
            .where(Round.table_id == bindparam("table"), Round.state == "open")
            .order_by(Round.id.desc()).limit(1)
            # FOR SHARE: bets do not block each other, but "no more bets" (an UPDATE) waits
            # for them and every bet after it sees the round closed.
            .with_for_update(read=True))


@cache
def _plays_stmt() -> Any:
    count = select(func.count(Bet.id)).where(Bet.play_id == Play.id).scalar_subquery()
    bonus_code = literal("player:") + sql_cast(Player.id, String) + literal(":bonus")
    return (select(Player.id, Play.id, Play.stake_total, count,
                   *_guard_columns(Play.id, Player.id, Player.document_number, bonus_code))
            .select_from(Player)
            .outerjoin(Play, (Play.round_id == bindparam("round_id", type_=Integer))
                       & (Play.player_id == Player.id))
            .where(Player.id.in_(bindparam("pids", expanding=True))))


@cache
def _insert_plays() -> Any:
    t = cast(Table, Play.__table__)
    return insert(t).returning(t.c.id, sort_by_parameter_order=True)


class KeysTaken(Exception):
    """An Idempotency-Key of the batch was stored meanwhile (a replay): roll the batch back."""


# -- the batch ---------------------------------------------------------------------------------


def run(session: Session, commands: Sequence[Command], now: datetime) -> None:
    """Judge and write a batch of table bets in ``session`` (the caller commits). Each command's
    ``result`` is set: its response (accepted; stored under its key), a ``CroupierError``
    (refused, nothing written) or :data:`DEFERRED`."""
    conn = session.connection()
    prepared: list[tuple[Command, Any, Any, Any]] = []  # command, table info, spec+variant, error
    for c in commands:
        p = c.bet.player
        try:
            t = table_info(session, c.bet.table_id)
            if t.currency != p.currency:
                raise CurrencyMismatch(
                    f"this table plays in {t.currency}; your account is in {p.currency}")
            if is_reel_slot(t.game, t.variant):
                c.result = DEFERRED
                continue
            spec_variant = resolve_game(t.game, t.variant)
            c.bets = parse_slip(c.bet.slip, p.currency)
            prepared.append((c, t, spec_variant, None))
        except CroupierError as exc:  # judged after the session check, as on its own
            prepared.append((c, None, None, exc))

    # 1. the players' cash rows, locked in account order, and their sessions checked
    pids = sorted({c.bet.player.id for c, *_ in prepared})
    players: dict[int, _PlayerState] = {}
    if pids:
        hashes = sorted({c.token_hash for c, *_ in prepared})
        locked = conn.execute(_lock_stmt(), {"codes": [player_code(i) for i in pids],
                                             "hashes": hashes}).all()
        tokens: dict[tuple[int, str], tuple[Any, bool]] = {}
        for pid, acc_id, bal, th, expires, revoked in locked:
            players.setdefault(int(pid), _PlayerState(int(acc_id), int(bal), True))
            tokens[(int(pid), str(th))] = (expires, bool(revoked))
    else:
        tokens = {}

    # 2. per table: the open round, then every player's play and guards on it
    by_table: dict[str, list[tuple[Command, Any, Any]]] = {}
    for c, t, sv, err in prepared:
        pid = c.bet.player.id
        tok = tokens.get((pid, c.token_hash))
        if tok is None or tok[1]:
            c.result = Unauthorized("the session token is not valid")
            continue
        if aware(tok[0]) <= now:
            c.result = Unauthorized("the session has expired: log in again")
            continue
        if err is not None:
            c.result = err
            continue
        by_table.setdefault(t.id, []).append((c, t, sv))

    writes = _Writes()
    for table_id, items in by_table.items():
        rnd = conn.execute(_round_stmt(), {"table": table_id}).first()
        if rnd is None or rnd[1] is None or aware(rnd[1]) <= now:
            for c, _t, _sv in items:
                c.result = BettingClosed("no more bets: wait for the next betting window")
            continue
        round_id = int(rnd[0])
        plays: dict[int, _PlayState] = {}
        spec0, variant0 = items[0][2]  # one table: one game and variant
        for row in conn.execute(_plays_stmt(), {"round_id": round_id,
                                                "pids": sorted({c.bet.player.id
                                                                for c, *_ in items})}):
            pid, play_id, stake_total, count = int(row[0]), row[1], int(row[2] or 0), int(row[3])
            own: tuple[BetRequest, ...] = ()
            carried: tuple[BetRequest, ...] = ()
            if play_id is not None and count:
                own, carried = _earlier_bets(session, int(play_id), count, spec0.engine,
                                             variant0)
            plays[pid] = _PlayState(None if play_id is None else int(play_id), stake_total, count,
                                    own, carried, _Guards.of(row[4:4 + _GUARDS]))
        # 3. judge each command in order against its player's running state
        for c, t, (spec, variant) in items:
            p = c.bet.player
            st = plays[p.id]
            ps = players[p.id]
            try:  # the player's whole set of bets on the round (the earlier ones compacted)
                spec.engine.start(variant, [*st.own, *c.bets], p.currency, st.carried)
            except CroupierError as exc:
                c.result = exc
                continue
            if st.guards.refuse_fast:
                c.result = DEFERRED
                continue
            total = sum(b.stake for b in c.bets)
            if ps.balance - ps.debit < total:
                cur = currency(p.currency)
                c.result = InsufficientFunds(
                    f"{format_minor(total, cur)} needed but the balance is "
                    f"{format_minor(ps.balance - ps.debit, cur)}")
                continue
            ps.debit += total
            slip_key = uuid.uuid4().hex
            seq0 = st.count + len(st.new_rows)
            bet_rows = [{"play_id": None, "seq": seq0 + i, "slip_key": slip_key, "code": b.code,
                     "target": list(b.target), "stake": b.stake, "returned": None,
                     "outcome": None, "carried_from": None, "created_at": now}
                        for i, b in enumerate(c.bets)]
            st.new_rows += bet_rows
            st.own = compact_bets(spec.engine, variant, (*st.own, *c.bets))
            st.added += total
            st.commands.append(c)
            writes.commands.append((c, st, p.id, round_id, slip_key, total, bet_rows))
            c.result = {"round_id": round_id, "table_id": t.id,
                        "accepted": [{"code": b.code, "target": list(b.target),
                                      "stake_minor": b.stake} for b in c.bets],
                        "round_stake_minor": st.stake_total + st.added,
                        "balance": st.guards.balance(p.currency, ps.balance - ps.debit)}
        for pid, st in plays.items():
            if st.commands:
                writes.plays.append((pid, round_id, st))
    if writes.commands:
        _write(session, writes, players, now)


@dataclass
class _Writes:
    commands: list[tuple[Command, _PlayState, int, int, str, int, list[dict[str, Any]]]] = field(
        default_factory=list)
    plays: list[tuple[int, int, _PlayState]] = field(default_factory=list)


def _tbl(model: Any) -> Table:
    return cast(Table, model.__table__)


def _write(session: Session, w: _Writes, players: dict[int, _PlayerState],
           now: datetime) -> None:
    conn = session.connection()
    betpath.writing(session)
    # the debits: one conditional update per player (balance >= amount), every row must take
    debits = [{"id": ps.account_id, "balance": ps.debit} for ps in players.values() if ps.debit]
    if bulk.update_rows(conn, _tbl(Account), "id", debits, op="take") != len(debits):
        raise RuntimeError("a debit of the batch did not take")  # the batch runs one by one
    # the plays: new ones inserted, the others' totals raised
    fresh = [(pid, rid, st) for pid, rid, st in w.plays if st.play_id is None]
    grown = [{"id": st.play_id, "stake_total": st.added} for _p, _r, st in w.plays
             if st.play_id is not None]
    if fresh:
        cur_of = {c.bet.player.id: c.bet.player.currency for c, *_ in w.commands}
        ids = conn.execute(_insert_plays(), [
            {"round_id": rid, "player_id": pid, "currency": cur_of[pid], "status": "open",
             "stake_total": st.added, "returned_total": None, "events": None,
             "created_at": now, "settled_at": None} for pid, rid, st in fresh]).scalars().all()
        for (_pid, _rid, st), new_id in zip(fresh, ids, strict=True):
            st.play_id = int(new_id)
    bulk.update_rows(conn, _tbl(Play), "id", grown, op="add")
    # the play-time spans (protection.activity.note_bet), once per player
    gap = protection_settings().continuous_gap
    touch: list[dict[str, Any]] = []
    spans: list[dict[str, Any]] = []
    for pid, _rid, st in w.plays:
        g = st.guards
        if g.span_id is not None and g.span_last is not None and now <= aware(g.span_last) + gap:
            if now > aware(g.span_last):
                touch.append({"id": g.span_id, "last_bet_at": now, "ended_at": now + gap})
        else:
            spans.append({"player_id": pid, "started_at": now, "last_bet_at": now,
                          "ended_at": now + gap, "checks_shown": 0})
    bulk.update_rows(conn, _tbl(PlaySpan), "id", touch)
    bulk.insert_rows(conn, _tbl(PlaySpan), spans)
    # the ledger transfers, the bets, the monitoring record and the stored responses
    ledger = Ledger(session)
    transfers = []
    bets = []
    stored = []
    pending = session.info.setdefault(_PLAY_CACHE_PENDING, [])
    for c, st, pid, rid, slip_key, total, rows in w.commands:
        play_id = cast(int, st.play_id)
        cur = c.bet.player.currency
        transfers.append(_transfer_row(ledger, f"bet:{slip_key}", player_code(pid),
                                       system_code("stakes", cur), total, "bet", rid, play_id,
                                       now))
        for r in rows:
            r["play_id"] = play_id
        bets += rows
        audit.append(session, "bet", player_id=pid, round_id=rid, play_id=play_id, amount=total,
                     currency=cur, account="cash", ref=f"bet:{slip_key}",
                     now=now)  # protection (issue 7): 001 §5.2.10
        stored.append({"scope": c.scope, "key": c.key, "request_hash": c.request_hash,
                       "status_code": c.status, "response": c.result, "created_at": now})
    for _pid, _rid, st in w.plays:
        pending.append((cast(int, st.play_id),
                        (st.count + len(st.new_rows), st.own, st.carried)))
    bulk.insert_rows(conn, _tbl(Transfer), transfers)
    bulk.insert_rows(conn, _tbl(Bet), bets)
    taken = bulk.insert_rows(conn, _tbl(IdempotencyRecord), stored,
                             on_conflict_do_nothing=("scope", "key"))
    if taken != len(stored):
        raise KeysTaken
