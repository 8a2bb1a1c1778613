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

from sqlalchemy import Integer, String, Table, any_, bindparam, insert, literal, select, true
from sqlalchemy import cast as sql_cast
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, CurrencyMismatch, IllegalAction
from croupier.games.base import BetRequest, compact_bets, continues_table, play
from croupier.games.describe import view_of
from croupier.games.registry import game
from croupier.money import currency, format_minor
from croupier.platform import betpath
from croupier.platform.betpath import (
    _GUARDS,
    _PLAY_CACHE_PENDING,
    _guard_columns,
    _Guards,
    _transfer_row,
    earlier_bets_of,
    next_seq,
    table_info,
)
from croupier.platform.clock import aware, iso
from croupier.platform.errors import (
    InsufficientFunds,
    Unauthorized,
    UnsupportedGame,
)
from croupier.platform.game_status import check_single, refusal
from croupier.platform.jackpots import has_pools  # issue 16: jackpots
from croupier.platform.ledger import AccountRef, Ledger, player_code, system_code
from croupier.platform.live_decisions import SeatRequired, is_live_blackjack  # issue 16
from croupier.platform.players import slide, touch
from croupier.platform.protection import audit
from croupier.platform.protection.bonus import is_reel_slot
from croupier.platform.protection.config import settings as protection_settings
from croupier.platform.rounds import actions_of, draws_json, outcome_of, parse_slip, resolve_game
from croupier.platform.table_limits import check_bets
from croupier.rng import fair
from croupier.store import bulk
from croupier.store.models import (
    Account,
    Bet,
    IdempotencyRecord,
    Play,
    Player,
    Round,
    RoundEvent,
    SeedPairRow,
    Transfer,
)
from croupier.store.models import Session as SessionRow
from croupier.store.protection_models import PlaySpan


class Deferred:
    """A command that must run on its own, after the batch (the general path judges it)."""


DEFERRED = Deferred()


@dataclass
class Command:
    """One command of a batch (a table bet or a single round): its Idempotency-Key, the hash of
    the player's session token, the command itself, and its result once judged."""

    scope: str
    key: str
    request_hash: str
    status: int
    token_hash: str
    bet: Any  # a betpath.TableBet or betpath.SingleRound
    result: Any = None  # a response dict, a CroupierError, or DEFERRED
    request_id: str | None = None  # issue 24: the submitting request's, for the monitoring record
    # filled while judging
    bets: list[BetRequest] = field(default_factory=list)


@dataclass
class _PlayerState:
    account_id: int
    balance: int  # the cash balance read under the lock
    #: what the batch takes from it: table bets' stakes (positive); for single rounds the net
    #: change, payouts included (negative when the player is behind)
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


def _among(col: Any, name: str, type_: Any, dialect: str) -> Any:
    """``col`` is one of the list bound as ``name``: ``= ANY(array)`` on PostgreSQL (one
    statement text whatever the list's length, so it is prepared once), ``IN (...)`` elsewhere."""
    if dialect == "postgresql":
        return col == any_(bindparam(name, type_=ARRAY(type_)))
    return col.in_(bindparam(name, expanding=True))


@cache
def _lock_stmt(dialect: str) -> Any:
    return (select(Account.player_id, Account.id, Account.balance, SessionRow.token_hash,
                   SessionRow.expires_at, SessionRow.revoked, SessionRow.absolute_expires_at)
            .select_from(Account)
            .join(SessionRow, SessionRow.player_id == Account.player_id)
            .where(_among(Account.code, "codes", String, dialect),
                   _among(SessionRow.token_hash, "hashes", String, dialect))
            .order_by(Account.id)
            .with_for_update(of=Account))


@cache
def _plays_stmt(dialect: str) -> Any:
    """The table's open round (``FOR SHARE``: bets do not block each other, but "no more bets",
    an UPDATE, waits for them and every bet after it sees the round closed) and, in the same
    statement, every player's play on it with its bet count and guards: one row per player, none
    when no round is open."""
    open_round = (select(Round.id.label("round_id"), Round.closes_at)
                  .where(Round.table_id == bindparam("table"), Round.state == "open")
                  .order_by(Round.id.desc()).limit(1)
                  .with_for_update(read=True)).cte("open_round")
    count = next_seq(Play.id)
    bonus_code = literal("player:") + sql_cast(Player.id, String) + literal(":bonus")
    return (select(open_round.c.round_id, open_round.c.closes_at, Player.id, Play.id,
                   Play.stake_total, count,
                   *_guard_columns(Play.id, Player.id, Player.document_number, bonus_code))
            .select_from(open_round.join(Player, true()))
            .outerjoin(Play, (Play.round_id == open_round.c.round_id)
                       & (Play.player_id == Player.id))
            .where(_among(Player.id, "pids", Integer, dialect)))


@cache
def _insert_plays() -> Any:
    t = cast(Table, Play.__table__)
    return insert(t).returning(t.c.id, sort_by_parameter_order=True)


class KeysTaken(Exception):
    """An Idempotency-Key of the batch was stored meanwhile (a replay): roll the batch back."""


# -- the batch ---------------------------------------------------------------------------------


def _lock_players(conn: Any, prepared: list[tuple[Any, ...]], now: datetime
                  ) -> tuple[dict[int, _PlayerState], list[tuple[Any, ...]]]:
    """Lock the cash rows of the players of ``prepared`` (command first, error last in each
    item) in account order and check their sessions, as :func:`betpath.lock_and_verify` does
    for one: a command whose session fails gets ``Unauthorized``; then one whose preparation
    failed gets that error (the session is checked first, as on its own). The players' states,
    and the items left to judge."""
    pids = sorted({item[0].bet.player.id for item in prepared})
    players: dict[int, _PlayerState] = {}
    tokens: dict[tuple[int, str], tuple[Any, bool, Any]] = {}
    if pids:
        hashes = sorted({item[0].token_hash for item in prepared})
        locked = conn.execute(_lock_stmt(conn.dialect.name), {"codes": [player_code(i) for i in pids],
                                             "hashes": hashes}).all()
        for pid, acc_id, bal, th, expires, revoked, absolute in locked:
            players.setdefault(int(pid), _PlayerState(int(acc_id), int(bal)))
            tokens[(int(pid), str(th))] = (expires, bool(revoked), absolute)
    ok = []
    for item in prepared:
        c, err = item[0], item[-1]
        tok = tokens.get((c.bet.player.id, c.token_hash))
        if tok is None or tok[1]:
            c.result = Unauthorized("the session token is not valid")
        elif aware(tok[0]) <= now:
            c.result = Unauthorized("the session has expired (or was idle over 30 minutes): log in again")
        elif err is not None:
            c.result = err
        else:
            ok.append(item)
            until = slide(now, tok[0], tok[2])
            if until is not None:  # activity moves the idle deadline (GLI-19 2.5.3)
                touch(conn, c.token_hash, until)
                tokens[(c.bet.player.id, c.token_hash)] = (until, tok[1], tok[2])
    return players, ok


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
            if is_reel_slot(t.game, t.variant) or continues_table(game(t.game).engine):
                c.result = DEFERRED  # craps (issue 19): judged at the table's puck, on its own
                continue
            if is_live_blackjack(t.game, t.variant):  # issue 16: a seat has its own route
                raise SeatRequired(f"bet on a seat of table {t.id}: POST /api/live/tables/"
                                   f"{t.id}/seats/{{seat}}/bets")
            spec_variant = resolve_game(t.game, t.variant)
            c.bets = parse_slip(c.bet.slip, p.currency)
            prepared.append((c, t, spec_variant, None))
        except CroupierError as exc:  # judged after the session check, as on its own
            prepared.append((c, None, None, exc))

    # 1. the players' cash rows, locked in account order, and their sessions checked
    players, ok = _lock_players(conn, prepared, now)

    # 2. per table: the open round, then every player's play and guards on it
    by_table: dict[str, list[tuple[Command, Any, Any]]] = {}
    for c, t, sv, _err in ok:
        by_table.setdefault(t.id, []).append((c, t, sv))

    writes = _Writes()
    for table_id, items in by_table.items():
        found = conn.execute(_plays_stmt(conn.dialect.name), {
            "table": table_id, "pids": sorted({c.bet.player.id for c, *_ in items})}).all()
        rnd = found[0][:2] if found else None  # the open round's id and closing time
        if rnd is None or rnd[1] is None or aware(rnd[1]) <= now:
            refused = refusal(session, table_id)  # "no more bets", or the game is disabled
            for c, _t, _sv in items:
                c.result = refused
            continue
        round_id = int(rnd[0])
        plays: dict[int, _PlayState] = {}
        spec0, variant0 = items[0][2]  # one table: one game and variant
        rows = [r[2:] for r in found]
        # the earlier bets of the plays that have some (those this worker's cache is behind on
        # read together)
        earlier = earlier_bets_of(session, [(int(r[1]), int(r[3])) for r in rows
                                            if r[1] is not None and r[3]], spec0.engine, variant0)
        for row in rows:
            pid, play_id, stake_total, count = int(row[0]), row[1], int(row[2] or 0), int(row[3])
            own, carried = earlier.get(int(play_id), ((), ())) if play_id is not None else ((), ())
            plays[pid] = _PlayState(None if play_id is None else int(play_id), stake_total, count,
                                    own, carried, _Guards.of(row[4:4 + _GUARDS]))
        # 3. judge each command in order against its player's running state
        for c, t, (spec, variant) in items:
            p = c.bet.player
            st = plays[p.id]
            ps = players[p.id]
            try:  # the player's whole set of bets on the round (the earlier ones compacted)
                spec.engine.start(variant, [*st.own, *c.bets], p.currency, st.carried)
                check_bets(session, t.id, round_id, p.currency, st.own, c.bets)  # issue 16
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


def _ledger(session: Session, players: dict[int, _PlayerState],
            currencies: dict[int, str]) -> Ledger:
    """A ledger that knows the batch's players' cash accounts: their ids came with the lock."""
    ledger = Ledger(session)
    for pid, cur in currencies.items():
        ledger.know(player_code(pid), AccountRef(players[pid].account_id, "player_cash", cur))
    return ledger


def _tbl(model: Any) -> Table:
    return cast(Table, model.__table__)


#: the columns of the rows each write gives (the same keys as the rows built below)
_SPAN_TOUCH = ("id", "last_bet_at", "ended_at")
_SPAN_NEW = ("player_id", "started_at", "last_bet_at", "ended_at", "checks_shown")
_TRANSFER = ("idempotency_key", "payload_hash", "debit_account_id", "credit_account_id",
             "amount", "currency", "kind", "round_id", "play_id", "created_at")
_BET = ("play_id", "seq", "slip_key", "code", "target", "stake", "returned", "outcome",
        "carried_from", "created_at")
_STORED = ("scope", "key", "request_hash", "status_code", "response", "created_at")
_EVENT = ("round_id", "type", "data", "created_at")


def _span_writes(guards: list[tuple[int, _Guards]], now: datetime) -> list[bulk.Write]:
    """:func:`croupier.platform.protection.activity.note_bet` for each player (once)."""
    gap = protection_settings().continuous_gap
    touch: list[dict[str, Any]] = []
    spans: list[dict[str, Any]] = []
    for pid, g in guards:
        if g.span_id is not None and g.span_last is not None and now <= aware(g.span_last) + gap:
            if now > aware(g.span_last):
                touch.append({"id": g.span_id, "last_bet_at": now, "ended_at": now + gap})
        else:
            spans.append({"player_id": pid, "started_at": now, "last_bet_at": now,
                          "ended_at": now + gap, "checks_shown": 0})
    return [bulk.Write(_tbl(PlaySpan), _SPAN_TOUCH, touch, key="id"),
            bulk.Write(_tbl(PlaySpan), _SPAN_NEW, spans)]


def _write(session: Session, w: _Writes, players: dict[int, _PlayerState],
           now: datetime) -> None:
    conn = session.connection()
    betpath.writing(session)
    # the debits: one conditional update per player (balance >= amount), every row must take
    debits = [{"id": ps.account_id, "balance": ps.debit} for ps in players.values() if ps.debit]
    # the plays: new ones inserted first (their ids go into the rows below), the others' totals
    # raised with the rest
    fresh = [(pid, rid, st) for pid, rid, st in w.plays if st.play_id is None]
    grown = [{"id": st.play_id, "stake_total": st.added} for _p, _r, st in w.plays
             if st.play_id is not None]
    cur_of = {c.bet.player.id: c.bet.player.currency for c, *_ in w.commands}
    if fresh:
        ids = conn.execute(_insert_plays(), [
            {"round_id": rid, "player_id": pid, "currency": cur_of[pid], "status": "open",
             "stake_total": st.added, "returned_total": None, "events": None,
             "created_at": now, "settled_at": None} for pid, rid, st in fresh]).scalars().all()
        for (_pid, _rid, st), new_id in zip(fresh, ids, strict=True):
            st.play_id = int(new_id)
    # the ledger transfers, the bets, the monitoring record and the stored responses
    ledger = _ledger(session, players, cur_of)
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
                     currency=cur, account="cash", ref=f"bet:{slip_key}", now=now,
                     request_id=c.request_id)  # protection (issue 7): 001 §5.2.10
        stored.append({"scope": c.scope, "key": c.key, "request_hash": c.request_hash,
                       "status_code": c.status, "response": c.result, "created_at": now})
    for _pid, _rid, st in w.plays:
        pending.append((cast(int, st.play_id),
                        (st.count + len(st.new_rows), st.own, st.carried)))
    # one statement on PostgreSQL: debits, play totals, play-time spans, transfers, bets, the
    # stored responses
    counts = bulk.write_all(conn, [
        bulk.Write(_tbl(Account), ("id", "balance"), debits, key="id", op="take"),
        bulk.Write(_tbl(Play), ("id", "stake_total"), grown, key="id", op="add"),
        # once per player, though they bet on several tables in the batch
        *_span_writes(list({pid: st.guards for pid, _rid, st in w.plays}.items()), now),
        bulk.Write(_tbl(Transfer), _TRANSFER, transfers),
        bulk.Write(_tbl(Bet), _BET, bets),
        bulk.Write(_tbl(IdempotencyRecord), _STORED, stored, on_conflict=("scope", "key")),
    ])
    if counts[0] != len(debits):
        raise RuntimeError("a debit of the batch did not take")  # the batch runs one by one
    if counts[-1] != len(stored):
        raise KeysTaken


# -- single-player rounds in batches -------------------------------------------------------------


@cache
def _pairs_stmt(dialect: str) -> Any:
    bonus_code = literal("player:") + sql_cast(Player.id, String) + literal(":bonus")
    return (select(SeedPairRow.player_id, SeedPairRow.id, SeedPairRow.server_seed,
                   SeedPairRow.server_seed_hash, SeedPairRow.client_seed, SeedPairRow.next_nonce,
                   *_guard_columns(None, Player.id, Player.document_number, bonus_code))
            .select_from(SeedPairRow)
            .join(Player, Player.id == SeedPairRow.player_id)
            .where(_among(SeedPairRow.player_id, "pids", Integer, dialect),
                   SeedPairRow.active.is_(True))
            .with_for_update(of=SeedPairRow))


@dataclass
class _Pair:
    id: int
    server_seed: str
    seed_hash: str
    client_seed: str
    nonce: int
    guards: _Guards
    used: bool = False


@dataclass
class _Played:
    """An accepted single round, waiting for its ids."""

    command: Command
    pair: _Pair
    nonce: int
    bets: list[BetRequest]
    state: Any
    settlement: Any
    total: int
    cash: int
    round_row: dict[str, Any]


def run_rounds(session: Session, commands: Sequence[Command], now: datetime) -> None:
    """Judge, play and write a batch of single-player rounds (``POST /api/rounds``: the commands'
    ``bet`` is a :class:`betpath.SingleRound`) in ``session``; the caller commits. As
    :func:`betpath.play_round` does for one: the player's active seed pair gives each round its
    nonce in turn; a round whose stakes the running balance does not cover is refused; a player
    without a seed pair yet, a protection fact, a reel slot or an en prison follow-up goes to the
    general path (:data:`DEFERRED`)."""
    conn = session.connection()
    prepared: list[tuple[Command, Any, Any, Any]] = []  # command, spec, variant, error
    for c in commands:
        r = c.bet
        try:
            spec, variant = resolve_game(r.game, r.variant)
            check_single(session, spec.name)  # issue 16: GLI-19 4.15, refused as on its own
            c.bets = parse_slip(r.slip, r.player.currency)
            if (is_reel_slot(r.game, r.variant)
                    or getattr(variant, "zero_rule", "") == "en_prison"
                    or has_pools(r.game, r.variant)  # issue 16: jackpots settle on the general path
                    or continues_table(spec.engine)):  # issue 19: craps rolls until decided
                c.result = DEFERRED
                continue
            prepared.append((c, spec, variant, None))
        except CroupierError as exc:  # judged after the session check, as on its own
            prepared.append((c, None, None, exc))
    players, ok = _lock_players(conn, prepared, now)
    if not ok:
        return
    pairs: dict[int, _Pair] = {}
    for row in conn.execute(_pairs_stmt(conn.dialect.name), {"pids": sorted({c.bet.player.id
                                                             for c, *_ in ok})}):
        pairs[int(row[0])] = _Pair(int(row[1]), str(row[2]), str(row[3]), str(row[4]),
                                   int(row[5]), _Guards.of(row[6:6 + _GUARDS]))
    played: list[_Played] = []
    for c, spec, variant, _err in ok:
        p = c.bet.player
        pair = pairs.get(p.id)
        if pair is None or pair.guards.refuse_fast:  # a first round, or a protection fact
            c.result = DEFERRED
            continue
        source = fair.stream(pair.server_seed, pair.client_seed, pair.nonce)
        try:
            state, settlement = play(spec.engine, variant, c.bets, p.currency, source)
        except IllegalAction as exc:
            c.result = UnsupportedGame(
                f"{spec.name} needs player decisions during the round; it is not offered as a "
                f"single-request round ({exc})")
            continue
        except CroupierError as exc:  # an illegal bet: refused before anything is written
            c.result = exc
            continue
        if settlement.carried:  # an en prison follow-up spin: the general path
            c.result = DEFERRED
            continue
        ps = players[p.id]
        total = sum(b.stake for b in c.bets)
        have = ps.balance + ps.debit  # ps.debit: the net change so far (negative: taken)
        if have < total:
            cur = currency(p.currency)
            c.result = InsufficientFunds(f"{format_minor(total, cur)} needed but the balance is "
                                         f"{format_minor(have, cur)}")
            continue
        returned = settlement.total_returned
        ps.debit += returned - total
        nonce = pair.nonce
        pair.nonce += 1
        pair.used = True
        draws = draws_json(actions_of(state.events))
        round_row = {
            "kind": "single", "table_id": None, "number": None, "game": spec.name,
            "variant": c.bet.variant, "currency": p.currency, "state": "settled",
            "fair_scheme": "player_seed_pair", "seed_pair_id": pair.id, "server_seed": None,
            "server_seed_hash": pair.seed_hash, "client_seed": pair.client_seed,
            "nonce": nonce, "draws": draws, "outcome": outcome_of(state.events),
            "void_reason": None, "opened_at": now, "closes_at": None, "closed_at": now,
            "resulted_at": now, "settled_at": now}
        played.append(_Played(c, pair, nonce, c.bets, state, settlement, total,
                              ps.balance + ps.debit, round_row))
    if played:
        _write_rounds(session, played, players, pairs, now)


def _write_rounds(session: Session, played: list[_Played], players: dict[int, _PlayerState],
                  pairs: dict[int, _Pair], now: datetime) -> None:
    conn = session.connection()
    betpath.writing(session)
    moves = [{"id": ps.account_id, "balance": ps.debit} for ps in players.values() if ps.debit]
    nonces = [{"id": pr.id, "next_nonce": pr.nonce} for pr in pairs.values() if pr.used]
    round_ids = {(int(pair_id), int(nonce)): int(rid) for rid, pair_id, nonce in
                 bulk.insert_returning(conn, _tbl(Round), [x.round_row for x in played],
                                       ("id", "seed_pair_id", "nonce"))}
    plays_rows = []
    events_of: list[list[dict[str, Any]]] = []
    for x in played:
        events = [e.to_dict() for e in x.state.events]
        events_of.append(events)
        plays_rows.append({"round_id": round_ids[(x.pair.id, x.nonce)],
                           "player_id": x.command.bet.player.id,
                           "currency": x.command.bet.player.currency, "status": "settled",
                           "stake_total": x.total, "returned_total": x.settlement.total_returned,
                           "events": events, "created_at": now, "settled_at": now})
    play_ids = {int(rid): int(pid) for pid, rid in
                bulk.insert_returning(conn, _tbl(Play), plays_rows, ("id", "round_id"))}
    ledger = _ledger(session, players, {x.command.bet.player.id: x.command.bet.player.currency
                                        for x in played})
    transfers: list[dict[str, Any]] = []
    bet_rows: list[dict[str, Any]] = []
    events_rows: list[dict[str, Any]] = []
    stored: list[dict[str, Any]] = []
    for x, events in zip(played, events_of, strict=True):
        c = x.command
        p = c.bet.player
        cur = p.currency
        round_id = round_ids[(x.pair.id, x.nonce)]
        play_id = play_ids[round_id]
        returned = x.settlement.total_returned
        slip_key = uuid.uuid4().hex
        me, stakes, house = player_code(p.id), system_code("stakes", cur), system_code("house", cur)
        transfers.append(_transfer_row(ledger, f"bet:{slip_key}", me, stakes, x.total, "bet",
                                       round_id, play_id, now))
        transfers.append(_transfer_row(ledger, f"stake:{play_id}", stakes, house, x.total,
                                       "stake", round_id, play_id, now))
        if returned:
            transfers.append(_transfer_row(ledger, f"payout:{play_id}", house, me, returned,
                                           "payout", round_id, play_id, now))
        rows = [{"play_id": play_id, "seq": i, "slip_key": slip_key, "code": b.code,
                 "target": list(b.target), "stake": b.stake, "returned": r.returned,
                 "outcome": r.outcome, "carried_from": None, "created_at": now}
                for i, (b, r) in enumerate(zip(x.bets, x.settlement.bets, strict=True))]
        bet_rows += rows
        events_rows.append({"round_id": round_id, "type": "settled",
                            "data": {"stake": x.total, "returned": returned}, "created_at": now})
        # protection (issue 7): 001 §5.2.10 — the bet and its win in the monitoring record
        audit.append(session, "bet", player_id=p.id, round_id=round_id, play_id=play_id,
                     amount=x.total, currency=cur, account="cash", ref=f"bet:{slip_key}",
                     now=now, request_id=c.request_id)
        if returned > 0:
            audit.append(session, "win", player_id=p.id, round_id=round_id, play_id=play_id,
                         amount=returned, currency=cur, account="cash",
                         ref=f"payout:{play_id}", now=now, request_id=c.request_id)
        g = x.pair.guards
        c.result = {
            "round_id": round_id, "kind": "single", "table_id": None,
            "game": x.round_row["game"], "variant": c.bet.variant, "state": "settled",
            "currency": cur, "stake_minor": x.total, "returned_minor": returned,
            "net_minor": returned - x.total, "outcome": x.round_row["outcome"],
            "display": view_of(x.round_row["game"], c.bet.variant,  # issue 14: with the result
                               x.round_row["outcome"]),
            "created_at": iso(now), "settled_at": iso(now),
            "currency_exponent": currency(cur).exponent,
            "bets": [{"code": r["code"], "target": r["target"], "stake_minor": r["stake"],
                      "returned_minor": r["returned"], "outcome": r["outcome"],
                      "carried_in": False} for r in rows],
            "events": events, "void_reason": None,
            "fairness": {"scheme": "player_seed_pair", "server_seed_hash": x.pair.seed_hash,
                         "client_seed": x.pair.client_seed, "nonce": x.nonce,
                         "server_seed": None},
            "balance": g.balance(cur, x.cash),
        }
        stored.append({"scope": c.scope, "key": c.key, "request_hash": c.request_hash,
                       "status_code": c.status, "response": c.result, "created_at": now})
    counts = bulk.write_all(conn, [
        bulk.Write(_tbl(Account), ("id", "balance"), moves, key="id", op="add"),
        bulk.Write(_tbl(SeedPairRow), ("id", "next_nonce"), nonces, key="id"),
        *_span_writes([(pid, pairs[pid].guards) for pid in sorted(
            {x.command.bet.player.id for x in played})], now),
        bulk.Write(_tbl(Transfer), _TRANSFER, transfers),
        bulk.Write(_tbl(Bet), _BET, bet_rows),
        bulk.Write(_tbl(RoundEvent), _EVENT, events_rows),
        bulk.Write(_tbl(IdempotencyRecord), _STORED, stored, on_conflict=("scope", "key")),
    ])
    if counts[0] != len(moves):
        raise RuntimeError("a balance of the batch did not change")  # one by one instead
    if counts[-1] != len(stored):
        raise KeysTaken
