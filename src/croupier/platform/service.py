"""The platform's command handlers: one unit of work per command, retried on lost races.

Routes (``croupier.api``) and tests call these; nothing else touches the session. A command with
an HTTP ``Idempotency-Key`` stores its response in the same transaction as its effects
(:meth:`Platform.run_idempotent`), so a replayed request returns the first response and does
nothing twice.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, TypeVar, cast

from sqlalchemy import Table, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import Session

from croupier.errors import CroupierError
from croupier.games.describe import view_of
from croupier.money import currency
from croupier.platform import (
    betpath,
    fairness,
    live,
    live_common,
    live_decisions,
    metrics,
    players,
    shoes,
    show_picks,
    table_limits,
    tables,
    throttle,
    wallet,
)
from croupier.platform.clock import Clock, aware, iso, utcnow
from croupier.platform.config import Settings
from croupier.platform.errors import IdempotencyConflict, Unauthorized
from croupier.platform.ledger import Ledger, LedgerAudit, audit
from croupier.platform.rounds import SlipBet
from croupier.platform.tables import RoundReport
from croupier.store import (
    crash_models,  # noqa: F401  (issue 17: the crash tables' schema)
    replica,
)
from croupier.store.accumulator_models import Accumulator  # noqa: F401  (issue 23: accumulators)
from croupier.store.cardroom_models import CardroomTable  # noqa: F401  (issue 21: the card room)
from croupier.store.db import Database, open_database
from croupier.store.draw_models import DrawTicket  # noqa: F401  (issue 20: the draw tickets' schema)
from croupier.store.match_models import PvpMatch  # noqa: F401  (issue 22: two-player matches)
from croupier.store.migrate import upgrade
from croupier.store.models import IdempotencyRecord, Player, Round
from croupier.store.uow import UnitOfWork

T = TypeVar("T")

#: cached identities (session token hash -> player) per process, at most this many
MAX_IDENTITIES = 20000


@functools.cache
def _store_response(dialect: str) -> Any:
    """``INSERT ... ON CONFLICT (scope, key) DO NOTHING RETURNING id`` (built once)."""
    t = cast(Table, IdempotencyRecord.__table__)
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    return (insert(t).on_conflict_do_nothing(index_elements=["scope", "key"])
            .returning(t.c.id))


class KeyTaken(Exception):
    """The request's Idempotency-Key was stored meanwhile: roll this attempt back."""


@dataclass(frozen=True, slots=True)
class Idem:
    """An HTTP Idempotency-Key: who sent it (``scope``), the key, and a hash of the request."""

    scope: str
    key: str
    request_hash: str

    @staticmethod
    def hash_request(method: str, path: str, body: bytes) -> str:
        h = hashlib.sha256()
        h.update(method.upper().encode())
        h.update(b" ")
        h.update(path.encode())
        h.update(b"\n")
        h.update(body)
        return h.hexdigest()


@dataclass(frozen=True, slots=True)
class Outcome:
    status: int
    body: Any
    replayed: bool


def player_dict(p: Player) -> dict[str, Any]:
    return {"id": p.id, "login": p.login, "currency": p.currency,
            "currency_exponent": currency(p.currency).exponent, "created_at": iso(p.created_at)}


class Platform:
    def __init__(self, settings: Settings, db: Database | None = None, clock: Clock = utcnow) -> None:
        self.settings = settings
        self.db = db or open_database(settings.database_url, settings.replica_url)
        self.clock = clock
        self.hasher = players.password_hasher(settings.argon2_fast)
        self._identities: dict[str, Player] = {}
        if settings.crash_timing is not None:  # issue 17: a demo / test crash timing
            from croupier.platform import crash

            crash.set_timing(*settings.crash_timing)

    # -- plumbing ------------------------------------------------------------------------------

    def migrate(self) -> None:
        upgrade(self.db)
        self.run(lambda s: tables.ensure_tables(s, self.settings.tables))

    def run(self, fn: Callable[[Session], T], attempts: int = 6) -> T:
        """Run ``fn`` in one unit of work and commit; retry when a concurrent transaction won a
        race (a unique key taken meanwhile, a deadlock, a busy SQLite file)."""
        for attempt in range(attempts):
            try:
                with UnitOfWork(self.db) as uow:
                    result = fn(uow.session)
                    uow.commit()
                    return result
            except (IntegrityError, OperationalError):
                if attempt == attempts - 1:
                    raise
                time.sleep(0.005 * (attempt + 1))
        raise RuntimeError("unreachable")  # pragma: no cover

    def read_replica(self, fn: Callable[[Session], T]) -> T:
        """A read that may be served off the primary (issue 24 point 4): Games History, recall,
        reports. The replica serves it when it has caught up with the primary (the lag rule of
        ``store/replica.py``), else the primary does. Never for anything that moves money: such
        reads happen inside the command's own unit of work, on the primary."""
        engine, served = replica.choose(self.db, self.settings.replica_wait_seconds)
        if served == "replica":
            try:
                with UnitOfWork(self.db, readonly=True, bind=engine) as uow:
                    out = fn(uow.session)
                metrics.replica_read(served)
                return out
            except DBAPIError:  # the standby failed the read (gone, a recovery conflict)
                served = "unavailable"
        if served != "no_replica":
            metrics.replica_read(served)
        return self.read(fn)

    def read(self, fn: Callable[[Session], T]) -> T:
        with UnitOfWork(self.db, readonly=True) as uow:
            return fn(uow.session)

    def idempotent_body(self, idem: Idem, status: int, fn: Callable[[Session], Any],
                        auth: tuple[int, str] | None = None) -> Callable[[Session], Outcome]:
        """The unit of work of :meth:`run_idempotent` (the group commit runs several in one
        transaction, each in its own savepoint)."""
        def body(s: Session) -> Outcome:
            if auth is not None:
                betpath.lock_and_verify(s, auth[0], auth[1], self.clock())
            result = fn(s)
            stored = s.connection().execute(_store_response(self.db.dialect), {
                "scope": idem.scope, "key": idem.key, "request_hash": idem.request_hash,
                "status_code": status, "response": result, "created_at": self.clock()})
            if stored.scalar_one_or_none() is None:
                raise KeyTaken
            return Outcome(status, result, False)

        return body

    def run_idempotent(self, idem: Idem, status: int, fn: Callable[[Session], Any],
                       auth: tuple[int, str] | None = None) -> Outcome:
        """Run ``fn`` once per Idempotency-Key and store its response in the same transaction.

        The common case (a new key) costs one statement: the response is stored with ``INSERT ...
        ON CONFLICT DO NOTHING`` at the end. When the key is already taken (a replay, or a
        concurrent twin that committed first), or when running the request again fails (the
        first run spent the balance, took the login...), the attempt is rolled back and the
        stored response is returned (same request) or ``IdempotencyConflict`` raised (another
        request under the same key).

        ``auth`` = (player id, session token hash): the session is checked in the statement that
        locks the player's cash row (:func:`betpath.lock_and_verify`)."""
        body = self.idempotent_body(idem, status, fn, auth)
        for _attempt in range(3):
            try:
                return self.run(body)
            except KeyTaken:
                pass
            except CroupierError as exc:
                return self.after_failure(idem, exc, auth)
            stored = self._stored(idem)
            if stored is not None:
                return stored
        raise IdempotencyConflict("this Idempotency-Key is in use by a request still running")

    def after_failure(self, idem: Idem, exc: CroupierError,
                      auth: tuple[int, str] | None) -> Outcome:
        """A request failed: a replay of one that succeeded before gets the stored response;
        otherwise the error stands."""
        if isinstance(exc, Unauthorized):
            if auth is not None:
                self.forget_identity(auth[1])
            raise exc
        stored = self._stored(idem)
        if stored is None:
            raise exc
        return stored

    def _stored(self, idem: Idem) -> Outcome | None:
        rec = self.read(lambda s: s.execute(
            select(IdempotencyRecord.request_hash, IdempotencyRecord.status_code,
                   IdempotencyRecord.response)
            .where(IdempotencyRecord.scope == idem.scope, IdempotencyRecord.key == idem.key)
        ).first())
        if rec is None:
            return None
        if rec[0] != idem.request_hash:
            raise IdempotencyConflict("this Idempotency-Key was already used for a different request")
        return Outcome(int(rec[1]), rec[2], True)

    def audit(self) -> LedgerAudit:
        result = self.read(audit)
        metrics.audited(result.total, len(result.mismatched), len(result.negative_players))
        return result

    # -- players -------------------------------------------------------------------------------

    def register_in(self, s: Session, login: str, password: str, dob: date, document: str,
                    cur: str) -> dict[str, Any]:
        reg = players.Registration(login, password, dob, document, cur)
        return player_dict(players.register(s, self.hasher, reg, self.clock()))

    def login_in(self, s: Session, login: str, password: str) -> dict[str, Any]:
        """A login (its name's lock checked first, GLI-19 2.5.4); a wrong login or password
        raises ``WrongCredentials``: the caller records it with :meth:`login_failed`, in its
        own transaction (this one rolls back)."""
        throttle.check(s, login, self.clock())
        token, row, p = players.login(s, self.hasher, login, password, self.clock(),
                                      self.settings.session_hours)
        throttle.clear(s, login)
        return {"token": token, "expires_at": iso(row.expires_at),
                "absolute_expires_at": iso(row.absolute_expires_at), "player": player_dict(p)}

    def login_failed(self, login: str, address: str) -> None:
        """Count a failed login and write it, with the address, to the monitoring record."""
        self.run(lambda s: throttle.record_failure(s, login, address, self.clock()))

    def change_password(self, s: Session, player: Player, token_hash: str, current: str,
                        new: str) -> dict[str, Any]:
        revoked = players.change_password(s, self.hasher, player.id, current, new, token_hash)
        self._identities.clear()  # revoked tokens leave this worker's cache (others check the row)
        return {"revoked_sessions": revoked}

    def authenticate(self, token: str | None) -> Player:
        now = self.clock()
        player, slide = self.read(lambda s: players.authenticate_session(s, token, now))
        if slide is not None and token:
            digest = players.token_hash(token)
            self.run(lambda s: players.touch(s, digest, slide))
        return player

    def identify(self, token: str | None) -> tuple[Player, str]:
        """The player of a session token and the token's hash, from a per-process cache (a
        player's identity never changes). Only for commands that check the session again in
        their own transaction: ``run_idempotent(..., auth=(player.id, token_hash))``."""
        if not token:
            raise Unauthorized("log in first: send Authorization: Bearer <token>")
        digest = players.token_hash(token)
        player = self._identities.get(digest)
        if player is None:
            player = self.authenticate(token)
            if len(self._identities) >= MAX_IDENTITIES:
                self._identities.clear()
            self._identities[digest] = player
        return player, digest

    def cached_identity(self, digest: str) -> Player | None:
        return self._identities.get(digest)

    def forget_identity(self, digest: str) -> None:
        self._identities.pop(digest, None)

    def register(self, login: str, password: str, dob: date, document: str,
                 cur: str = "EUR") -> dict[str, Any]:
        return self.run(lambda s: self.register_in(s, login, password, dob, document, cur))

    def login(self, login: str, password: str) -> dict[str, Any]:
        return self.run(lambda s: self.login_in(s, login, password))

    # -- wallet --------------------------------------------------------------------------------

    def balance(self, player: Player) -> dict[str, Any]:
        return self.read(lambda s: wallet.balance(s, player).to_dict())

    def deposit_in(self, s: Session, player: Player, amount: object) -> dict[str, Any]:
        return wallet.deposit_dict(wallet.request_deposit(s, player, amount, self.clock()))

    def confirm_deposit(self, deposit_id: int) -> int | None:
        """The simulated provider confirms; returns the player id when money moved."""
        def fn(s: Session) -> int | None:
            dep = wallet.confirm_deposit(s, deposit_id, self.clock())
            return dep.player_id if dep is not None else None
        return self.run(fn)

    def confirm_due_deposits(self) -> list[int]:
        due = self.read(lambda s: wallet.due_deposits(s, self.clock(),
                                                      self.settings.deposit_confirm_seconds))
        out: list[int] = []
        for dep_id in due:
            pid = self.confirm_deposit(dep_id)
            if pid is not None:
                out.append(pid)
        return out

    def withdraw_in(self, s: Session, player: Player, amount: object) -> dict[str, Any]:
        return wallet.withdrawal_dict(wallet.withdraw(s, player, amount, self.clock()))

    # -- rounds --------------------------------------------------------------------------------

    def play_in(self, s: Session, player: Player, game_name: str, variant: str,
                slip: Sequence[SlipBet]) -> dict[str, Any]:
        return betpath.play_round(s, player, game_name, variant, slip, self.clock())

    def single_round(self, player: Player, game_name: str, variant: str,
                     slip: Sequence[SlipBet]) -> betpath.SingleRound:
        """A single-player round as a command object (what the round route submits: the group
        commit runs several of them in one batch of statements)."""
        return betpath.SingleRound(player, game_name, variant, tuple(slip), self.clock)

    def play(self, player: Player, game_name: str, variant: str,
             slip: Sequence[SlipBet]) -> dict[str, Any]:
        return self.run(lambda s: self.play_in(s, player, game_name, variant, slip))

    def bet_in(self, s: Session, player: Player, table_id: str,
               slip: Sequence[SlipBet]) -> dict[str, Any]:
        return betpath.place_bets(s, player, table_id, slip, self.clock())

    def table_bet(self, player: Player, table_id: str,
                  slip: Sequence[SlipBet]) -> betpath.TableBet:
        """A table bet as a command object (what the bet route submits: the group commit runs
        several of them in one batch of statements)."""
        return betpath.TableBet(player, table_id, tuple(slip), self.clock)

    def bet(self, player: Player, table_id: str, slip: Sequence[SlipBet]) -> dict[str, Any]:
        return self.run(lambda s: self.bet_in(s, player, table_id, slip))

    # -- fairness ------------------------------------------------------------------------------

    def fairness(self, player: Player) -> dict[str, Any]:
        return self.run(lambda s: fairness.view(s, player.id, self.clock()))

    def set_client_seed_in(self, s: Session, player: Player, seed: str) -> dict[str, Any]:
        fairness.set_client_seed(s, player.id, seed, self.clock())
        return fairness.view(s, player.id, self.clock())

    def rotate_in(self, s: Session, player: Player) -> dict[str, Any]:
        revealed = fairness.rotate(s, player.id, self.clock())
        return {"revealed": revealed, "fairness": fairness.view(s, player.id, self.clock())}

    # -- tables --------------------------------------------------------------------------------

    def table_ids(self) -> list[str]:
        return self.read(tables.list_tables)

    def table(self, table_id: str) -> dict[str, Any]:
        def fn(s: Session) -> dict[str, Any]:
            out = tables.table_view(s, table_id, self.settings.betting_seconds)
            out.update(shoes.view(s, tables.get_table(s, table_id)))  # shoe tables (issue 5)
            out.update(live.table_status(s, table_id))  # live tables (issue 16)
            out.update(table_limits.view(s, table_id))  # issue 16: game disabled, table limits
            return out
        return self.read(fn)

    def open_round(self, table_id: str) -> dict[str, Any]:
        def fn(s: Session) -> dict[str, Any]:
            rnd = tables.open_round(s, table_id, self.settings.betting_seconds, self.clock())
            if live.source_of(s, table_id) != "live":  # issue 16: a live shoe is physical
                shoes.prepare_round(s, rnd, self.clock())  # a card table publishes its shoe's hash
            return tables.round_brief(rnd)
        return self.run(fn)

    def close_round(self, round_id: int) -> bool:
        return self.run(lambda s: tables.close_round(s, round_id, self.clock()))

    def result_round(self, round_id: int) -> dict[str, Any]:
        def fn(s: Session) -> dict[str, Any]:
            rnd0 = s.get(Round, round_id)
            if rnd0 is not None and rnd0.table_id is not None and show_picks.has_window(rnd0.game):
                # issue 18: a bonus with a decision window answers ``window`` (still closed)
                return show_picks.begin(s, round_id, self.clock(), self.settings.show_pick_seconds)
            rnd = tables.result_round(s, round_id, self.clock())
            return {"round_id": rnd.id, "outcome": rnd.outcome, "server_seed": rnd.server_seed,
                    "display": view_of(rnd.game, rnd.variant, rnd.outcome),  # issue 14
                    "client_seed": rnd.client_seed, "nonce": rnd.nonce}
        return self.run(fn)

    def settle_round(self, round_id: int) -> RoundReport:
        def fn(s: Session) -> RoundReport:
            rnd = s.get(Round, round_id)
            if rnd is not None and rnd.table_id is not None and \
                    live_decisions.is_live_blackjack(rnd.game, rnd.variant):
                # issue 16: a live blackjack round is one engine round of the whole table
                return live_decisions.settle(s, round_id, self.clock())
            if rnd is not None and rnd.table_id is not None and show_picks.has_window(rnd.game):
                return show_picks.settle(s, round_id, self.clock())  # issue 18: per-player picks
            if rnd is not None and rnd.table_id is not None and \
                    live_common.is_shared_table(rnd.game, rnd.variant):
                return live_common.settle(s, round_id, self.clock())  # 004 §4: the common hand
            return tables.settle_round(s, round_id, self.clock())
        return self.run(fn)

    # -- issue 18: a show bonus's decision window --------------------------------------------

    def show_pick(self, player: Player, round_id: int, choice: Any) -> dict[str, Any]:
        return self.run(lambda s: show_picks.pick(s, round_id, player, choice, self.clock()))

    def show_window_done(self, round_id: int) -> bool:
        """The window's deadline passed, or every bettor has picked."""
        def fn(s: Session) -> bool:
            w = show_picks.window_of(s, round_id)
            if w is None:
                return True
            closes = aware(datetime.fromisoformat(str(w["closes_at"])))
            return self.clock() >= closes or show_picks.all_picked(s, round_id)
        return self.read(fn)

    def show_finish(self, round_id: int) -> dict[str, Any] | None:
        return self.run(lambda s: show_picks.finish(s, round_id, self.clock()))

    def void_round(self, round_id: int, reason: str) -> RoundReport | None:
        return self.run(lambda s: tables.void_round(s, round_id, reason, self.clock()))

    def recover_table(self, table_id: str) -> list[RoundReport]:
        """Finish every unfinished round of a table by the recovery rule (see tables.py)."""
        reports: list[RoundReport] = []
        for round_id, state in self.read(lambda s: tables.unfinished_rounds(s, table_id)):
            rep: RoundReport | None
            if state == "resulted":
                try:
                    rep = self.settle_round(round_id)
                except Exception as exc:  # noqa: BLE001 - a software error voids (000 §11)
                    rep = self.void_round(round_id, f"software error while settling: {exc}")
            elif self.read(functools.partial(show_picks.in_window, round_id=round_id)):
                # issue 18: a restart in a bonus window closes it with the defaults and settles
                done = self.run(functools.partial(show_picks.finish, round_id=round_id,
                                                  now=self.clock(), early=True))
                rep = None if done is None else self.settle_round(round_id)
            else:
                rep = self.void_round(round_id, tables.RESTART_REASON)
            if rep is not None:
                reports.append(rep)
        return reports

    def system_balance(self, kind: str, cur: str) -> int:
        from croupier.platform.ledger import system_code

        return self.read(lambda s: Ledger(s).balance(system_code(kind, cur)))
