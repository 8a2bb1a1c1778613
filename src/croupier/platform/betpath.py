"""The hot paths of the bet API in SQLAlchemy Core: a table bet and a single-player round.

They do what :func:`croupier.platform.tables.place_bets` and
:func:`croupier.platform.rounds.play_single` (+ the round recall) do, with the same checks in
the same order and the same rows written, in about a third of the statements and without the
ORM unit of work:

* the player's session is checked in the statement that locks their cash row
  (:func:`lock_and_verify`), so an authenticated bet needs no separate read transaction;
* one statement reads the open round, the player's play on it, the number of bets it holds, the
  protection facts that could refuse the bet (register entry, block, play-time limits, bonus
  funding, the latest continuous-play span) and the wallet figures of the response;
* when any protection fact is present (or the game is a reel slot, whose bets may be paid from a
  bonus) the fast path steps aside and the general ORM path runs instead, in the same
  transaction: it has every rule and every message;
* the response is built from what was just written (the new balance comes back from the
  ``UPDATE ... RETURNING`` of the debit) instead of being read again.

Money rules are unchanged: the debit is ``UPDATE ... SET balance = balance - x WHERE balance >=
x``; a single-player round's debit and payout are one conditional update (the debit must be
covered before the payout is added) plus the three ledger transfers (bet, stake, payout); every
row is written in the caller's unit of work, so the debit, the round record and the payout commit
together or not at all.

Process caches (per database engine): each table's game, variant and currency (fixed while the
server runs; :func:`forget_tables` on start-up), and each open play's bets (validated by their
count under the player's lock, and filled only after a commit).
"""

from __future__ import annotations

import uuid
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, cast

from sqlalchemy import (
    Engine,
    Integer,
    Select,
    Table,
    and_,
    bindparam,
    event,
    exists,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from croupier.errors import CurrencyMismatch, IllegalAction
from croupier.games.base import BetRequest, compact_bets, continues_table, play
from croupier.games.describe import view_of
from croupier.games.registry import GameSpec
from croupier.money import currency, format_minor
from croupier.platform.clock import aware, iso
from croupier.platform.errors import (
    InsufficientFunds,
    Unauthorized,
    UnknownTable,
    UnsupportedGame,
)
from croupier.platform.game_status import check_single, refusal
from croupier.platform.jackpots import has_pools  # issue 16: jackpots
from croupier.platform.ledger import Ledger, payload_hash, player_code, system_code
from croupier.platform.live_decisions import SeatRequired, is_live_blackjack  # issue 16
from croupier.platform.players import slide, touch
from croupier.platform.protection import audit
from croupier.platform.protection.bonus import is_reel_slot
from croupier.platform.protection.config import settings as protection_settings
from croupier.platform.rounds import (
    SlipBet,
    actions_of,
    draws_json,
    outcome_of,
    parse_slip,
    resolve_game,
)
from croupier.platform.table_limits import check_bets
from croupier.rng import fair
from croupier.store.models import (
    Account,
    Bet,
    Deposit,
    GameTable,
    Play,
    Player,
    Round,
    RoundEvent,
    SeedPairRow,
    Transfer,
    Withdrawal,
)
from croupier.store.models import Session as SessionRow
from croupier.store.protection_models import (
    AccountBlock,
    LimitRow,
    PlayFunding,
    PlaySpan,
    RestrictedPerson,
)

LOCKED = "croupier.locked_player"
#: set once a command has written a row (the group commit can keep a command refused before it)
WROTE = "croupier.command_wrote"
_PLAY_CACHE_PENDING = "croupier.play_bets_pending"
_MAX_CACHED_PLAYS = 20000


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: str
    game: str
    variant: str
    currency: str


@dataclass
class _EngineCache:
    tables: dict[str, TableInfo]
    #: play id -> (bets stored, own bets, carried bets), in the engine's order
    plays: dict[int, tuple[int, tuple[BetRequest, ...], tuple[BetRequest, ...]]]


_CACHES: weakref.WeakKeyDictionary[Engine, _EngineCache] = weakref.WeakKeyDictionary()


def _cache(session: Session) -> _EngineCache:
    bind = session.get_bind()
    engine = bind.engine if isinstance(bind, Connection) else bind
    c = _CACHES.get(engine)
    if c is None:
        c = _EngineCache({}, {})
        _CACHES[engine] = c
    return c


def forget_tables(session: Session) -> None:
    """Drop the cached table configuration (the tables were created or changed)."""
    _cache(session).tables.clear()


def table_info(session: Session, table_id: str) -> TableInfo:
    tables = _cache(session).tables
    info = tables.get(table_id)
    if info is None:
        row = session.connection().execute(
            select(GameTable.game, GameTable.variant, GameTable.currency)
            .where(GameTable.id == table_id)).first()
        if row is None:
            raise UnknownTable(f"no table {table_id!r}")
        info = TableInfo(table_id, str(row[0]), str(row[1]), str(row[2]))
        tables[table_id] = info
    return info


def _apply_play_cache(session: Session) -> None:
    pending = session.info.pop(_PLAY_CACHE_PENDING, None)
    if not pending:
        return
    plays = _cache(session).plays
    if len(plays) > _MAX_CACHED_PLAYS:
        plays.clear()
    for play_id, value in pending:
        plays[play_id] = value


def _drop_play_cache(session: Session, previous: Any = None) -> None:
    if previous is not None and getattr(previous, "nested", False):
        return  # a savepoint: the group commit restores what was queued before it
    session.info.pop(_PLAY_CACHE_PENDING, None)


def _apply_if_outer(session: Session) -> None:
    if not session.in_nested_transaction():  # a savepoint's release is not the commit
        _apply_play_cache(session)


event.listen(Session, "after_commit", _apply_if_outer)
event.listen(Session, "after_soft_rollback", _drop_play_cache)


# -- prebuilt statements (built once: no per-call construction or cache-key work) ------------------

def _table(model: Any) -> Table:
    return cast(Table, model.__table__)


_t_spans, _t_accounts, _t_plays = _table(PlaySpan), _table(Account), _table(Play)
_t_seeds = _table(SeedPairRow)


@cache
def _stmt(name: str) -> Any:
    """The bet path's fixed statements, with bound parameters."""
    if name == "span_touch":
        return (update(_t_spans).where(_t_spans.c.id == bindparam("s_id"))
                .values(last_bet_at=bindparam("s_at"), ended_at=bindparam("s_end")))
    if name == "debit":
        a = _t_accounts
        return (update(a).where(a.c.id == bindparam("a_id"), a.c.balance >= bindparam("a_amt"))
                .values(balance=a.c.balance - bindparam("a_amt") + bindparam("a_credit"))
                .returning(a.c.balance))
    if name == "play_add":
        return (update(_t_plays).where(_t_plays.c.id == bindparam("p_id"))
                .values(stake_total=_t_plays.c.stake_total + bindparam("p_amt")))
    if name == "nonce":
        return (update(_t_seeds).where(_t_seeds.c.id == bindparam("n_id"))
                .values(next_nonce=bindparam("n_next")))
    if name == "insert_play":
        return insert(_t_plays).returning(_t_plays.c.id)
    if name == "insert_round":
        return insert(_table(Round)).returning(_table(Round).c.id)
    tables = {"insert_span": _t_spans, "insert_transfer": _table(Transfer),
              "insert_bet": _table(Bet), "insert_event": _table(RoundEvent)}
    return insert(tables[name])


# -- the session check and the player's lock ---------------------------------------------------


@cache
def _lock_stmt() -> Any:
    return (select(SessionRow.expires_at, SessionRow.revoked, SessionRow.absolute_expires_at)
            .select_from(Account)
            .join(SessionRow, SessionRow.player_id == Account.player_id)
            .where(Account.code == bindparam("code"), SessionRow.token_hash == bindparam("th"))
            .with_for_update(of=Account))


def lock_and_verify(session: Session, player_id: int, token_hash: str, now: datetime) -> None:
    """Lock the player's cash row (their commands run one at a time) and check, in the same
    statement, that the session token is still valid (not revoked, not expired)."""
    row = session.connection().execute(
        _lock_stmt(), {"code": player_code(player_id), "th": token_hash}).first()
    if row is None or row[1]:
        raise Unauthorized("the session token is not valid")
    if aware(row[0]) <= now:
        raise Unauthorized("the session has expired (or was idle over 30 minutes): log in again")
    session.info[LOCKED] = player_id
    until = slide(now, row[0], row[2])
    if until is not None:  # activity moves the idle deadline (GLI-19 2.5.3), once a minute
        touch(session, token_hash, until)


def writing(session: Session) -> None:
    """Mark that the running command has written: a refusal from now on needs a rollback."""
    session.info[WROTE] = True


def _ensure_locked(session: Session, player_id: int) -> None:
    if session.info.get(LOCKED) != player_id:
        Ledger(session).lock_player(player_id)
        session.info[LOCKED] = player_id


# -- what could refuse a bet, and the wallet figures of the response -----------------------------


def _guard_columns(play_id: Any, pid: Any = None, doc: Any = None,
                   bonus_code: Any = None) -> list[Any]:
    """Columns of the facts that send a bet down the general path, then the wallet figures.

    ``pid``, ``doc`` and ``bonus_code`` are the player's id, document number and bonus account
    code (bound parameters unless given: the batch path correlates them with a row).
    Supersets are fine here (a listed document whose entry has ended, a time-limit row not yet in
    force): the general path then applies the exact rule."""
    pid = bindparam("pid") if pid is None else pid
    doc = bindparam("doc") if doc is None else doc
    bonus_code = bindparam("bonus_code") if bonus_code is None else bonus_code
    E = RestrictedPerson
    restricted = exists().where(E.document_number == doc, E.lifted_at.is_(None))
    blocked = exists().where(AccountBlock.player_id == pid, AccountBlock.lifted_at.is_(None))
    limits = exists().where(LimitRow.player_id == pid, LimitRow.kind == "time")
    funded = (exists().where(PlayFunding.play_id == play_id) if play_id is not None
              else literal(False))
    span = (select(PlaySpan.id, PlaySpan.last_bet_at).where(PlaySpan.player_id == pid)
            .order_by(PlaySpan.started_at.desc(), PlaySpan.id.desc()).limit(1))
    span_id = span.with_only_columns(PlaySpan.id).scalar_subquery()
    span_last = span.with_only_columns(PlaySpan.last_bet_at).scalar_subquery()

    def total(col: Any, *where: Any) -> Any:
        return select(func.coalesce(func.sum(col), 0)).where(*where).scalar_subquery()

    bonus = select(Account.balance).where(Account.code == bonus_code).scalar_subquery()
    return [
        restricted, blocked, limits, funded, span_id, span_last,
        bonus,
        total(Deposit.amount, Deposit.player_id == pid, Deposit.status == "pending"),
        total(Deposit.amount, Deposit.player_id == pid, Deposit.status == "confirmed"),
        total(Withdrawal.refund_part, Withdrawal.player_id == pid),
        total(Withdrawal.winnings_part, Withdrawal.player_id == pid),
    ]


_GUARDS = 11


@dataclass(frozen=True, slots=True)
class _Guards:
    refuse_fast: bool  # a fact that the general path must judge
    span_id: int | None
    span_last: datetime | None
    bonus: int
    pending: int
    deposited: int
    refunded: int
    winnings: int

    @classmethod
    def of(cls, values: Sequence[Any]) -> _Guards:
        restricted, blocked, limits, funded, span_id, span_last = values[:6]
        bonus, pending, deposited, refunded, winnings = (int(v or 0) for v in values[6:11])
        return cls(bool(restricted or blocked or limits or funded),
                   None if span_id is None else int(span_id), span_last,
                   bonus, pending, deposited, refunded, winnings)

    def balance(self, cur: str, cash: int) -> dict[str, Any]:
        return {
            "currency": cur, "currency_exponent": currency(cur).exponent,
            "cash_minor": cash, "bonus_minor": self.bonus,
            "pending_deposits_minor": self.pending, "withdrawable_minor": cash,
            "deposited_minor": self.deposited, "refunded_minor": self.refunded,
            "winnings_paid_minor": self.winnings,
        }


def _params(player: Player) -> dict[str, Any]:
    return {"pid": player.id, "doc": player.document_number,
            "bonus_code": player_code(player.id, "bonus")}


def _note_bet(conn: Connection, g: _Guards, player_id: int, now: datetime) -> None:
    """:func:`croupier.platform.protection.activity.note_bet` in one statement."""
    gap = protection_settings().continuous_gap
    if g.span_id is not None and g.span_last is not None and now <= aware(g.span_last) + gap:
        if now > aware(g.span_last):
            conn.execute(_stmt("span_touch"), {"s_id": g.span_id, "s_at": now, "s_end": now + gap})
        return
    conn.execute(_stmt("insert_span"), {"player_id": player_id, "started_at": now,
                                        "last_bet_at": now, "ended_at": now + gap,
                                        "checks_shown": 0})


def _debit(conn: Connection, ledger: Ledger, player_id: int, cur: str, amount: int,
           credit: int = 0) -> int:
    """Take ``amount`` from the player's cash if it covers it (and add ``credit``, a payout of the
    same unit of work); the new balance."""
    acc = ledger.account(player_code(player_id))
    new = conn.execute(_stmt("debit"), {"a_id": acc.id, "a_amt": amount,
                                        "a_credit": credit}).scalar_one_or_none()
    if new is None:
        have = conn.execute(select(Account.balance).where(Account.id == acc.id)).scalar_one()
        c = currency(cur)
        raise InsufficientFunds(
            f"{format_minor(amount, c)} needed but the balance is {format_minor(int(have), c)}"
        )
    return int(new)


def _transfer_row(ledger: Ledger, key: str, debit: str, credit: str, amount: int, kind: str,
                  round_id: int, play_id: int, now: datetime) -> dict[str, Any]:
    src, dst = ledger.account(debit), ledger.account(credit)
    if src.currency != dst.currency:  # pragma: no cover - accounts of one play share a currency
        raise CurrencyMismatch(f"cannot move {src.currency} into a {dst.currency} account")
    return {"idempotency_key": key, "payload_hash": payload_hash(debit, credit, amount,
                                                                 src.currency, kind),
            "debit_account_id": src.id, "credit_account_id": dst.id, "amount": amount,
            "currency": src.currency, "kind": kind, "round_id": round_id, "play_id": play_id,
            "created_at": now}


def write_bets(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """Insert a slip's bets (one statement; several rows go as one batch)."""
    conn.execute(_stmt("insert_bet"), rows)


# -- a bet on a shared table -------------------------------------------------------------------


def next_seq(play_id: Any) -> Any:
    """A play's number of bets: its bets are numbered 0, 1, ... as they are placed (``seq``), so
    this is max(seq) + 1, one probe of the (play_id, seq) index however many bets it holds."""
    return (select(func.coalesce(func.max(Bet.seq) + 1, 0)).where(Bet.play_id == play_id)
            .scalar_subquery())


@cache
def _table_stmt() -> Select[Any]:
    count = next_seq(Play.id)
    return (select(Round.id, Round.closes_at, Play.id, Play.stake_total, count,
                   *_guard_columns(Play.id))
            .select_from(Round)
            .outerjoin(Play, and_(Play.round_id == Round.id, Play.player_id == bindparam("pid")))
            .where(Round.table_id == bindparam("table"), Round.state == "open")
            .order_by(Round.id.desc()).limit(1)
            # FOR SHARE: bets do not block each other, but "no more bets" (an UPDATE) waits
            # for them and every bet after it sees the round closed.
            .with_for_update(read=True, of=Round))


def _earlier_bets(session: Session, play_id: int, count: int, engine: Any, variant: Any
                  ) -> tuple[tuple[BetRequest, ...], tuple[BetRequest, ...]]:
    """A play's own bets (compacted by the engine: :func:`compact_bets`) and carried bets, from
    the process cache when it holds the play's current bet count, else from the database."""
    return earlier_bets_of(session, [(play_id, count)], engine, variant)[play_id]


def earlier_bets_of(session: Session, plays: Sequence[tuple[int, int]], engine: Any,
                    variant: Any) -> dict[int, tuple[tuple[BetRequest, ...],
                                                     tuple[BetRequest, ...]]]:
    """:func:`_earlier_bets` for several plays (``(play_id, bet count)``) of one game: those the
    cache is behind on are read together, in one statement on PostgreSQL."""
    cached_plays = _cache(session).plays
    out: dict[int, tuple[tuple[BetRequest, ...], tuple[BetRequest, ...]]] = {}
    behind: list[tuple[int, int, int]] = []  # play id, first seq to read, bet count
    for play_id, count in plays:
        cached = cached_plays.get(play_id)
        if cached is not None and cached[0] == count:
            out[play_id] = cached[1], cached[2]
        else:  # bets are only ever added, with seq = the number before them: read only the
            # ones the cache has not seen (another worker took them), or all of them
            behind.append((play_id, cached[0] if cached is not None and cached[0] < count
                           else 0, count))
    if not behind:
        return out
    conn = session.connection()
    read: dict[int, list[tuple[Any, ...]]] = {}
    if len(behind) > 1 and conn.dialect.name == "postgresql":
        for row in conn.execute(_bets_from_many(), {"ids": [b[0] for b in behind],
                                                    "starts": [b[1] for b in behind]}):
            read.setdefault(int(row[0]), []).append(row[1:])
    else:
        for play_id, start, _count in behind:
            read[play_id] = list(conn.execute(_bets_from(), {"play_id": play_id, "start": start}))
    for play_id, start, count in behind:
        cached = cached_plays.get(play_id)
        own: list[BetRequest] = list(cached[1]) if cached is not None and start else []
        carried: list[BetRequest] = list(cached[2]) if cached is not None and start else []
        for code, stake, target, carried_from in read.get(play_id, ()):
            (own if carried_from is None else carried).append(
                BetRequest(str(code), int(stake), tuple(target)))
        value = (count, compact_bets(engine, variant, own), tuple(carried))
        if len(cached_plays) > _MAX_CACHED_PLAYS:
            cached_plays.clear()
        cached_plays[play_id] = value  # committed bets, counted under the player's lock
        out[play_id] = value[1], value[2]
    return out


@cache
def _bets_from_many() -> Any:
    """The bets of several plays from a first seq each (PostgreSQL: the two lists unnested)."""
    wanted = (func.unnest(bindparam("ids", type_=ARRAY(Integer)),
                          bindparam("starts", type_=ARRAY(Integer)))
              .table_valued("play_id", "start").render_derived(name="wanted"))
    return (select(Bet.play_id, Bet.code, Bet.stake, Bet.target, Bet.carried_from)
            .join_from(Bet, wanted, (Bet.play_id == wanted.c.play_id)
                       & (Bet.seq >= wanted.c.start))
            .order_by(Bet.play_id, Bet.seq))


@cache
def _bets_from() -> Any:
    return (select(Bet.code, Bet.stake, Bet.target, Bet.carried_from)
            .where(Bet.play_id == bindparam("play_id"), Bet.seq >= bindparam("start"))
            .order_by(Bet.seq))


def place_bets(session: Session, player: Player, table_id: str, slip: Sequence[SlipBet],
               now: datetime) -> dict[str, Any]:
    """A slip for the open round of a table: validate, debit, record, or refuse it all. The
    response of ``POST /api/tables/{id}/bets`` (see :class:`tables.BetsAccepted`)."""
    session.info[WROTE] = False  # nothing written by this command yet
    t = table_info(session, table_id)
    if t.currency != player.currency:
        raise CurrencyMismatch(
            f"this table plays in {t.currency}; your account is in {player.currency}"
        )
    spec, variant = resolve_game(t.game, t.variant)
    if is_live_blackjack(t.game, t.variant):  # issue 16: a seat's bets have their own route
        raise SeatRequired(f"bet on a seat of table {t.id}: POST /api/live/tables/{t.id}/seats/"
                           "{seat}/bets")
    bets = parse_slip(slip, player.currency)
    if is_reel_slot(t.game, t.variant) or continues_table(spec.engine):
        # craps: the bets are judged at the puck of the table (issue 19): the general path
        return _general_bet(session, player, table_id, slip, now)
    _ensure_locked(session, player.id)
    conn = session.connection()
    row = conn.execute(_table_stmt(), {**_params(player), "table": t.id}).first()
    if row is None or row[1] is None or aware(row[1]) <= now:
        raise refusal(session, t.id)  # "no more bets", or the game is disabled (issue 16)
    round_id, play_id, stake_total, count = int(row[0]), row[2], int(row[3] or 0), int(row[4])
    g = _Guards.of(row[5:5 + _GUARDS])
    if play_id is not None and count:
        own, carried = _earlier_bets(session, int(play_id), count, spec.engine, variant)
    else:
        own, carried = (), ()
    spec.engine.start(variant, [*own, *bets], player.currency, carried)  # all the player's bets
    check_bets(session, t.id, round_id, player.currency, own, bets)  # the table's limits (issue 16)
    if g.refuse_fast:
        return _general_bet(session, player, table_id, slip, now)
    total = sum(b.stake for b in bets)
    ledger = Ledger(session)
    cash = _debit(conn, ledger, player.id, player.currency, total)  # refused: nothing written
    writing(session)
    _note_bet(conn, g, player.id, now)
    if play_id is None:
        play_id = conn.execute(_stmt("insert_play"), {
            "round_id": round_id, "player_id": player.id, "currency": player.currency,
            "status": "open", "stake_total": total, "returned_total": None, "events": None,
            "created_at": now, "settled_at": None}).scalar_one()
    else:
        conn.execute(_stmt("play_add"), {"p_id": play_id, "p_amt": total})
    play_id = int(play_id)
    slip_key = uuid.uuid4().hex
    conn.execute(_stmt("insert_transfer"), [_transfer_row(
        ledger, f"bet:{slip_key}", player_code(player.id), system_code("stakes", player.currency),
        total, "bet", round_id, play_id, now)])
    write_bets(conn, [
        {"play_id": play_id, "seq": count + i, "slip_key": slip_key, "code": b.code,
         "target": list(b.target), "stake": b.stake, "returned": None, "outcome": None,
         "carried_from": None, "created_at": now} for i, b in enumerate(bets)])
    audit.append(session, "bet", player_id=player.id, round_id=round_id, play_id=play_id,
                 amount=total, currency=player.currency, account="cash", ref=f"bet:{slip_key}",
                 now=now)  # protection (issue 7): 001 §5.2.10
    session.info.setdefault(_PLAY_CACHE_PENDING, []).append(
        (play_id, (count + len(bets), compact_bets(spec.engine, variant, (*own, *bets)),
                   carried)))
    accepted = [{"code": b.code, "target": list(b.target), "stake_minor": b.stake} for b in bets]
    return {"round_id": round_id, "table_id": t.id, "accepted": accepted,
            "round_stake_minor": stake_total + total,
            "balance": g.balance(player.currency, cash)}


def _general_bet(session: Session, player: Player, table_id: str, slip: Sequence[SlipBet],
                 now: datetime) -> dict[str, Any]:
    from croupier.platform import tables

    writing(session)
    return tables.place_bets(session, player, table_id, slip, now).to_dict()


# -- a single-player round ---------------------------------------------------------------------


@cache
def _round_stmt() -> Select[Any]:
    return (select(SeedPairRow.id, SeedPairRow.server_seed, SeedPairRow.server_seed_hash,
                   SeedPairRow.client_seed, SeedPairRow.next_nonce, *_guard_columns(None))
            .where(SeedPairRow.player_id == bindparam("pid"), SeedPairRow.active.is_(True))
            .with_for_update(of=SeedPairRow))


def play_round(session: Session, player: Player, game_name: str, variant_name: str,
               slip: Sequence[SlipBet], now: datetime) -> dict[str, Any]:
    """A single-player round in one unit of work: the response of ``POST /api/rounds`` (the
    round's recall, as :func:`croupier.platform.history.recall` gives it, and the balance)."""
    session.info[WROTE] = False  # nothing written by this command yet
    spec, variant = resolve_game(game_name, variant_name)
    check_single(session, spec.name)  # issue 16: a disabled game plays no round (GLI-19 4.15)
    bets = parse_slip(slip, player.currency)
    if (is_reel_slot(game_name, variant_name) or getattr(variant, "zero_rule", "") == "en_prison"
            or has_pools(game_name, variant_name) or continues_table(spec.engine)):
        # bonus-funded slots, en prison follow-up spins (001 §8.13.4) and games with jackpot
        # pools (issue 16: contributions and wins move in the settlement): the general path
        return _general_round(session, player, game_name, variant_name, slip, now)
    _ensure_locked(session, player.id)
    conn = session.connection()
    row = conn.execute(_round_stmt(), _params(player)).first()
    if row is None:  # the player's first round: create their seed pair, then read it again
        from croupier.platform.fairness import active_pair

        writing(session)
        active_pair(session, player.id, now, lock=True)
        row = conn.execute(_round_stmt(), _params(player)).first()
        if row is None:  # pragma: no cover - just created
            return _general_round(session, player, game_name, variant_name, slip, now)
    pair_id, server_seed, seed_hash, client_seed, nonce = (
        int(row[0]), str(row[1]), str(row[2]), str(row[3]), int(row[4]))
    g = _Guards.of(row[5:5 + _GUARDS])
    source = fair.stream(server_seed, client_seed, nonce)
    try:
        state, settlement = play(spec.engine, variant, bets, player.currency, source)
    except IllegalAction as exc:
        raise UnsupportedGame(
            f"{spec.name} needs player decisions during the round; it is not offered as a "
            f"single-request round ({exc})"
        ) from None
    if g.refuse_fast or settlement.carried:  # protection facts, or an en prison follow-up spin
        return _general_round(session, player, game_name, variant_name, slip, now)
    return _record_round(session, conn, spec, variant_name, player, bets, state, settlement,
                         pair_id, seed_hash, client_seed, nonce, g, now)


def _record_round(session: Session, conn: Connection, spec: GameSpec, variant_name: str,
                  player: Player, bets: Sequence[BetRequest], state: Any, settlement: Any,
                  pair_id: int, seed_hash: str, client_seed: str, nonce: int, g: _Guards,
                  now: datetime) -> dict[str, Any]:
    cur = player.currency
    total = sum(b.stake for b in bets)
    returned = settlement.total_returned
    ledger = Ledger(session)
    cash = _debit(conn, ledger, player.id, cur, total, credit=returned)  # refused: nothing written
    writing(session)
    conn.execute(_stmt("nonce"), {"n_id": pair_id, "n_next": nonce + 1})
    draws = draws_json(actions_of(state.events))
    outcome = outcome_of(state.events)
    round_id = int(conn.execute(_stmt("insert_round"), {
        "kind": "single", "table_id": None, "number": None, "game": spec.name,
        "variant": variant_name, "currency": cur, "state": "settled",
        "fair_scheme": "player_seed_pair", "seed_pair_id": pair_id, "server_seed": None,
        "server_seed_hash": seed_hash, "client_seed": client_seed, "nonce": nonce,
        "draws": draws, "outcome": outcome, "void_reason": None, "opened_at": now,
        "closes_at": None, "closed_at": now, "resulted_at": now,
        "settled_at": now}).scalar_one())
    events = [e.to_dict() for e in state.events]
    play_id = int(conn.execute(_stmt("insert_play"), {
        "round_id": round_id, "player_id": player.id, "currency": cur, "status": "settled",
        "stake_total": total, "returned_total": returned, "events": events, "created_at": now,
        "settled_at": now}).scalar_one())
    _note_bet(conn, g, player.id, now)
    slip_key = uuid.uuid4().hex
    me, stakes, house = player_code(player.id), system_code("stakes", cur), system_code("house", cur)
    moves = [_transfer_row(ledger, f"bet:{slip_key}", me, stakes, total, "bet", round_id,
                           play_id, now),
             _transfer_row(ledger, f"stake:{play_id}", stakes, house, total, "stake", round_id,
                           play_id, now)]
    if returned:
        moves.append(_transfer_row(ledger, f"payout:{play_id}", house, me, returned, "payout",
                                   round_id, play_id, now))
    conn.execute(_stmt("insert_transfer"), moves)
    bet_rows = [{"play_id": play_id, "seq": i, "slip_key": slip_key, "code": b.code,
                 "target": list(b.target), "stake": b.stake, "returned": r.returned,
                 "outcome": r.outcome, "carried_from": None, "created_at": now}
                for i, (b, r) in enumerate(zip(bets, settlement.bets, strict=True))]
    write_bets(conn, bet_rows)
    conn.execute(_stmt("insert_event"), {"round_id": round_id, "type": "settled",
                                         "data": {"stake": total, "returned": returned},
                                         "created_at": now})
    # protection (issue 7): 001 §5.2.10 — the bet and its win in the monitoring record
    audit.append(session, "bet", player_id=player.id, round_id=round_id, play_id=play_id,
                 amount=total, currency=cur, account="cash", ref=f"bet:{slip_key}", now=now)
    if returned > 0:
        audit.append(session, "win", player_id=player.id, round_id=round_id, play_id=play_id,
                     amount=returned, currency=cur, account="cash", ref=f"payout:{play_id}",
                     now=now)
    return {
        "round_id": round_id, "kind": "single", "table_id": None, "game": spec.name,
        "variant": variant_name, "state": "settled", "currency": cur, "stake_minor": total,
        "returned_minor": returned, "net_minor": returned - total, "outcome": outcome,
        "display": view_of(spec.name, variant_name, outcome),  # issue 14: once, with the result
        "created_at": iso(now), "settled_at": iso(now),
        "currency_exponent": currency(cur).exponent,
        "bets": [{"code": r["code"], "target": r["target"], "stake_minor": r["stake"],
                  "returned_minor": r["returned"], "outcome": r["outcome"], "carried_in": False}
                 for r in bet_rows],
        "events": events, "void_reason": None,
        "fairness": {"scheme": "player_seed_pair", "server_seed_hash": seed_hash,
                     "client_seed": client_seed, "nonce": nonce, "server_seed": None},
        "balance": g.balance(cur, cash),
    }


def _general_round(session: Session, player: Player, game_name: str, variant_name: str,
                   slip: Sequence[SlipBet], now: datetime) -> dict[str, Any]:
    from croupier.platform import history, wallet
    from croupier.platform.rounds import play_single_rounds

    writing(session)
    ids = play_single_rounds(session, player, game_name, variant_name, slip, now)
    round_id = ids[0]
    out = history.recall(session, player, round_id)
    if len(ids) > 1 and continues_table(resolve_game(game_name, variant_name)[0].engine):
        # issue 19: a craps round rolls until every bet is decided; the response is the first
        # roll with every roll's recall, and what the bets returned over all of them
        rolls = [out, *(history.recall(session, player, i) for i in ids[1:])]
        returned = sum(int(r["returned_minor"] or 0) for r in rolls)
        out = {**out, "rolls": rolls, "returned_minor": returned,
               "net_minor": returned - int(out["stake_minor"])}
    out["balance"] = wallet.balance(session, player).to_dict()
    if has_pools(game_name, variant_name):  # issue 16: the pools and this round's jackpot wins
        from croupier.platform.jackpots import brief

        out["jackpots"] = brief(session, game_name, variant_name, player.currency, round_id)
    return out


# -- a table bet as a command object (the group commit batches these) ---------------------------


@dataclass(frozen=True, slots=True)
class TableBet:
    """``POST /api/tables/{id}/bets`` as a command: calling it runs :func:`place_bets` in the
    given session; the group commit recognises it and runs many in a few statements
    (:mod:`croupier.platform.batchbets`)."""

    player: Player
    table_id: str
    slip: tuple[SlipBet, ...]
    clock: Any  # () -> datetime

    def __call__(self, session: Session) -> dict[str, Any]:
        return place_bets(session, self.player, self.table_id, self.slip, self.clock())


@dataclass(frozen=True, slots=True)
class SingleRound:
    """``POST /api/rounds`` as a command: calling it runs :func:`play_round` in the given session;
    the group commit runs many in a few statements (:func:`croupier.platform.batchbets.run_rounds`)."""

    player: Player
    game: str
    variant: str
    slip: tuple[SlipBet, ...]
    clock: Any  # () -> datetime

    def __call__(self, session: Session) -> dict[str, Any]:
        return play_round(session, self.player, self.game, self.variant, self.slip, self.clock())
