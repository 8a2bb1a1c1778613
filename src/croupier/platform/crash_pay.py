"""The money of a crash round (issue 17, docs/crash.md "Payments"): each exit is credited when it
happens, and the crash only closes the round.

* The manual (or 50%) cash-outs the serialisation point accepts are credited in their batch's
  transaction (:func:`write_credits`, called by ``crash.cash_outs``): the cash-out rows, their
  payout transfers (``house`` -> player cash, key ``cashout:<play>:<bet>:<kind>``) and the
  balances, one statement on PostgreSQL for the whole batch.
* An auto cash-out is executed by the table's ticker as the multiplier passes its target
  (:func:`pay_due_autos`): stored (kind ``auto_cash_out``, at the target) and credited the same
  way, under the same locks as a manual batch (the round ``FOR KEY SHARE``, the plays and their
  cash accounts ``FOR UPDATE`` in account id order, :func:`lock_plays`), so a bet exits once
  whoever comes first.
* The close (:func:`close_round`, after the crash and after a restart): every open play of the
  round is run through the engine from its stored bets, its stored manual cash-outs and the
  round's draw; what the engine returns beyond the credits already made (the auto cash-outs due
  at the crash point itself, or not yet executed) is paid, every stake moves to the house, and
  the bets and plays are marked - a fixed number of statements for any number of plays.

Each movement is a balanced ledger transfer with a unique key, so the ledger sums to zero and a
second attempt of anything fails on the key instead of paying twice.
"""

from __future__ import annotations

import bisect
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, event, select, text
from sqlalchemy.orm import Session

from croupier.games.base import Action, BetRequest, Decision, DrawAction, outcome_label
from croupier.games.crash.engine import DRAW, exit_return, half_of
from croupier.games.crash.multiplier import format_multiplier, parse_multiplier
from croupier.platform.errors import RoundStateError
from croupier.platform.ledger import Ledger, payload_hash, player_code, system_code
from croupier.platform.protection import audit  # protection (issue 7): the record of each win
from croupier.store import bulk
from croupier.store.crash_models import CrashCashOut
from croupier.store.models import Account, Bet, Play, Player, Transfer

CASH_OUT, HALF, AUTO = "cash_out", "half_cash_out", "auto_cash_out"
#: the kinds the engine takes as timed decisions (an auto exit is the engine's own rule)
MANUAL = (CASH_OUT, HALF)


def _tbl(model: Any) -> Table:
    return cast(Table, model.__table__)


@dataclass(frozen=True, slots=True)
class Credit:
    """One exit to store and credit: ``amount`` (minor units) to the player's cash account."""

    round_id: int
    play_id: int
    player_id: int
    cash_id: int
    currency: str
    bet: int
    name: str
    at: str
    received_ms: int
    amount: int
    #: the server's receive time of a manual exit (a batch writes each at its own); else ``now``
    received_at: datetime | None = None

    @property
    def key(self) -> str:
        return self.key_of(self.play_id, self.bet, self.name)

    @staticmethod
    def key_of(play_id: int, bet: int, name: str) -> str:
        """The transfer key of an exit (one per bet and kind, as its stored row)."""
        return f"cashout:{play_id}:{bet}:{name}"


def exit_amount(name: str, stake: int, at: int, halved: bool) -> int:
    """What a stored exit returns: a 50% cash-out half the stake (rounded down, 000 §12.26
    ASSUMPTION) at ``at``; a full or auto exit the part still riding."""
    if name == HALF:
        return exit_return(half_of(stake), at)
    return exit_return(stake - (half_of(stake) if halved else 0), at)


_CASH_OUT_COLS = ("round_id", "play_id", "bet", "name", "at", "received_ms", "received_at")
_TRANSFER_COLS = ("idempotency_key", "payload_hash", "debit_account_id", "credit_account_id",
                  "amount", "currency", "kind", "round_id", "play_id", "created_at")


def _payout_row(ledger: Ledger, key: str, player_id: int, cash_id: int, amount: int, cur: str,
                round_id: int, play_id: int, now: datetime) -> dict[str, Any]:
    """A payout transfer house -> player cash (the player's cash account id known already)."""
    house = system_code("house", cur)
    return {"idempotency_key": key, "payload_hash": payload_hash(house, player_code(player_id), amount,
                                                                 cur, "payout"),
            "debit_account_id": ledger.account(house).id, "credit_account_id": cash_id,
            "amount": amount, "currency": cur, "kind": "payout", "round_id": round_id,
            "play_id": play_id, "created_at": now}


def write_credits(session: Session, credits: Sequence[Credit], now: datetime,
                  accounts_locked: bool = False) -> None:
    """Store the exits and credit them: the cash-out rows (unique per bet and kind: a second one
    fails and nothing of the statement is written), their payout transfers and the balances -
    one statement on PostgreSQL. The caller holds the plays' locks (and, ``accounts_locked``,
    the accounts': else they are locked here, in id order).

    The monitoring record's ``win`` entry of each credit (001 §5.2.10) is written by the close,
    from the stored exit, with the credit's time and transfer key: the record's chain head is one
    row for the whole casino, and a lock on it in every cash-out would queue the round's
    cash-outs behind one another (ASSUMPTION, docs/crash.md)."""
    if not credits:
        return
    ledger = Ledger(session)
    outs, transfers, balances = [], [], []
    for c in credits:
        when = c.received_at or now
        outs.append({"round_id": c.round_id, "play_id": c.play_id, "bet": c.bet, "name": c.name,
                     "at": c.at, "received_ms": c.received_ms, "received_at": when})
        transfers.append(_payout_row(ledger, c.key, c.player_id, c.cash_id, c.amount, c.currency,
                                     c.round_id, c.play_id, when))
        balances.append({"id": c.cash_id, "balance": c.amount})
    conn = session.connection()
    merged = _merged(balances)
    if not accounts_locked:
        _lock_accounts(conn, merged)
    counts = bulk.write_all(conn, [
        bulk.Write(_tbl(CrashCashOut), _CASH_OUT_COLS, outs),
        bulk.Write(_tbl(Transfer), _TRANSFER_COLS, transfers),
        bulk.Write(_tbl(Account), ("id", "balance"), merged, key="id", op="add"),
    ])
    if counts[:2] != [len(credits)] * 2:  # pragma: no cover - a unique key fails the statement
        raise RoundStateError(f"crash credits: wrote {counts} for {len(credits)} exits")


def _lock_accounts(conn: Any, merged: list[dict[str, int]], least: int = 2) -> None:
    """Accounts to credit (at least ``least`` of them): lock them in id order first (as every
    batch does), so two batches crediting the same players never deadlock. (A cash-out's one
    account needs no such step.)"""
    if len(merged) >= least and conn.dialect.name == "postgresql":
        conn.execute(select(Account.id).where(Account.id.in_([b["id"] for b in merged]))
                     .order_by(Account.id).with_for_update())


def _merged(balances: list[dict[str, int]]) -> list[dict[str, int]]:
    """One balance row per account (a player with several bets exiting at once), in id order."""
    per: dict[int, int] = {}
    for b in balances:
        per[b["id"]] = per.get(b["id"], 0) + b["balance"]
    return [{"id": k, "balance": per[k]} for k in sorted(per)]


# -- auto cash-outs, executed by the ticker -----------------------------------------------------


@dataclass(slots=True)
class _AutoBook:
    """A running round's auto targets (fixed once it runs), to ask the database only when the
    multiplier has passed one: ``targets`` sorted (hundredths, play id); ``done`` the multiplier
    up to which every due auto was executed and committed."""

    targets: list[tuple[int, int]]
    done: int = 0
    keys: list[int] = field(default_factory=list)


_BOOKS: weakref.WeakKeyDictionary[Any, dict[int, _AutoBook]] = weakref.WeakKeyDictionary()


def _book(session: Session, round_id: int) -> _AutoBook:
    per_db = _BOOKS.get(session.get_bind())
    if per_db is None:
        per_db = _BOOKS.setdefault(session.get_bind(), {})
    hit = per_db.get(round_id)
    if hit is not None:
        return hit
    rows = session.connection().execute(
        select(Bet.target, Bet.play_id).join(Play, Play.id == Bet.play_id)
        .where(Play.round_id == round_id, Play.status == "open")).all()
    targets = sorted((parse_multiplier(t[0], "auto cash-out"), int(pid)) for t, pid in rows if t)
    if len(per_db) > 64:
        per_db.clear()
    book = per_db[round_id] = _AutoBook(targets, keys=[t for t, _ in targets])
    return book


_LOCK_ROUND_PG = text("SELECT state FROM rounds WHERE id = :round AND state = 'closed' FOR KEY SHARE")
_ROUND_STATE = text("SELECT state FROM rounds WHERE id = :round AND state = 'closed'")


def pay_due_autos(session: Session, round_id: int, multiplier: int, ms: int,
                  now: datetime) -> list[dict[str, Any]]:
    """Execute the auto cash-outs whose target the running round's multiplier (``multiplier``
    hundredths, read at ``now``, ``ms`` into the running phase; before the crash time, so below
    the crash point) has reached: each bet with no exit yet is stored at exactly its target and
    credited. Locks as a manual cash-out's (round ``FOR KEY SHARE``, then the plays ``FOR
    UPDATE`` in id order), so a bet exits once, by whichever comes first. What was executed
    (for the table's live list: masked login, kind, multiplier)."""
    book = _book(session, round_id)
    lo = bisect.bisect_right(book.keys, book.done)
    hi = bisect.bisect_right(book.keys, multiplier)
    if lo >= hi:
        return []
    conn = session.connection()
    pg = conn.dialect.name == "postgresql"
    if conn.execute(_LOCK_ROUND_PG if pg else _ROUND_STATE, {"round": round_id}).first() is None:
        return []  # crashed meanwhile: the close pays what is due
    plays = lock_plays(conn, Play.id.in_(sorted({pid for _t, pid in book.targets[lo:hi]})))
    bets = bets_of(conn, [p[0] for p in plays])
    exits = _exits_of(conn, [p[0] for p in plays])
    credits, shown = [], []
    for play_id, player_id, cur, cash_id, login in plays:
        for i, (_bid, _code, stake, target) in enumerate(bets.get(play_id, [])):
            auto = parse_multiplier(target[0], "auto cash-out") if target else None
            done = exits.get((play_id, i), {})
            if auto is None or auto > multiplier or CASH_OUT in done or AUTO in done:
                continue
            at = format_multiplier(auto)
            credits.append(Credit(round_id, play_id, player_id, cash_id, cur, i, AUTO, at, ms,
                                  exit_amount(AUTO, stake, auto, HALF in done)))
            shown.append({"round_id": round_id, "player": login[:2] + "***", "cash_out": AUTO,
                          "at": at})
    write_credits(session, credits, now, accounts_locked=True)

    def advance(_s: Session) -> None:
        book.done = max(book.done, multiplier)

    event.listen(session, "after_commit", advance, once=True)
    return shown


def lock_plays(conn: Any, which: Any) -> list[Any]:
    """The open plays ``which`` selects (a condition on :class:`Play`) and their players' cash
    accounts, locked ``FOR UPDATE`` together in account id order - the one lock order of every
    exit, manual or auto, batch or not (so :func:`write_credits` needs no lock of its own) - with
    what a credit needs: play id, player id, currency, cash account id, login. One statement."""
    return list(conn.execute(
        select(Play.id, Play.player_id, Play.currency, Account.id, Player.login)
        .join(Account, (Account.player_id == Play.player_id) & (Account.kind == "player_cash"))
        .join(Player, Player.id == Play.player_id)
        .where(which, Play.status == "open").order_by(Account.id, Play.id)
        .with_for_update(of=[Play, Account])).all())


def exits_in_order(conn: Any, play_ids: Sequence[int]) -> dict[int, list[tuple[int, str, str]]]:
    """Each play's stored exits in the order they were stored: (bet, kind, multiplier text)."""
    out: dict[int, list[tuple[int, str, str]]] = {}
    if not play_ids:
        return out
    for pid, bet, name, at in conn.execute(
            select(CrashCashOut.play_id, CrashCashOut.bet, CrashCashOut.name, CrashCashOut.at)
            .where(CrashCashOut.play_id.in_(play_ids)).order_by(CrashCashOut.id)):
        out.setdefault(int(pid), []).append((int(bet), str(name), str(at)))
    return out


def bets_of(conn: Any, play_ids: Sequence[int]) -> dict[int, list[tuple[int, str, int, list[Any]]]]:
    """Each play's bets in their order (the engine's bet numbers): id, code, stake, target."""
    out: dict[int, list[tuple[int, str, int, list[Any]]]] = {}
    if not play_ids:
        return out
    for bid, pid, code, stake, target in conn.execute(
            select(Bet.id, Bet.play_id, Bet.code, Bet.stake, Bet.target)
            .where(Bet.play_id.in_(play_ids)).order_by(Bet.play_id, Bet.seq)):
        out.setdefault(int(pid), []).append((int(bid), str(code), int(stake), list(target or [])))
    return out


def _exits_of(conn: Any, play_ids: Sequence[int]) -> dict[tuple[int, int], dict[str, str]]:
    """(play, bet) -> kind -> multiplier text, of the stored exits."""
    out: dict[tuple[int, int], dict[str, str]] = {}
    for pid, exits in exits_in_order(conn, play_ids).items():
        for bet, name, at in exits:
            out.setdefault((pid, bet), {})[name] = at
    return out


def forget(session: Session, round_id: int) -> None:
    per_db = _BOOKS.get(session.get_bind())
    if per_db is not None:
        per_db.pop(round_id, None)


# -- the close --------------------------------------------------------------------------------


def close_round(session: Session, spec: Any, variant: Any, round_id: int, draw: int,
                now: datetime) -> int:
    """Settle every open play of a crashed round, set-based: read the plays, their bets and
    stored exits (three statements); run each through the engine (its stored bets, its stored
    manual cash-outs in order, the round's draw); then write, in one statement on PostgreSQL,
    the stakes' transfers to the house, the payouts the engine owes beyond the credits already
    made (``payout:<play>``), the balances, the bets' and the plays' results. The number of plays."""
    conn = session.connection()
    plays = conn.execute(
        select(Play.id, Play.player_id, Play.currency, Play.stake_total, Account.id)
        .join(Account, (Account.player_id == Play.player_id) & (Account.kind == "player_cash"))
        .where(Play.round_id == round_id, Play.status == "open").order_by(Play.id)).all()
    if not plays:
        return 0
    ids = [p[0] for p in plays]
    bets = bets_of(conn, ids)
    outs: dict[int, list[tuple[int, str, str]]] = {}
    when: dict[int, list[datetime]] = {}
    for pid, bet, name, at, received in conn.execute(
            select(CrashCashOut.play_id, CrashCashOut.bet, CrashCashOut.name, CrashCashOut.at,
                   CrashCashOut.received_at)
            .where(CrashCashOut.round_id == round_id).order_by(CrashCashOut.id)):
        outs.setdefault(int(pid), []).append((int(bet), str(name), str(at)))
        when.setdefault(int(pid), []).append(received)
    ledger = Ledger(session)
    engine = spec.engine
    transfers: list[dict[str, Any]] = []
    balances: list[dict[str, int]] = []
    bet_rows: list[dict[str, Any]] = []
    play_rows: list[dict[str, Any]] = []
    for play_id, player_id, cur, stake_total, cash_id in plays:
        mine = bets.get(play_id, [])
        exits = outs.get(play_id, [])
        state = engine.start(variant, [BetRequest(c, s, tuple(t)) for _b, c, s, t in mine], cur)
        actions: list[Action] = [Decision(n, {"bet": b, "at": a}) for b, n, a in exits if n in MANUAL]
        for a in (*actions, DrawAction(DRAW, draw)):
            state = engine.apply(state, a)
        settlement = engine.settle(state)
        credited = _credited(mine, exits)
        for (b, n, m), received in zip(exits, when.get(play_id, []), strict=True):
            # issue 7: the record of each credit, written now from the stored exit
            audit.append(session, "win", player_id=player_id, round_id=round_id, play_id=play_id,
                         amount=_exit_credit(mine, exits, b, n, m), currency=cur, account="cash",
                         ref=Credit.key_of(play_id, b, n), now=received)
        for (bid, _c, stake, _t), r in zip(mine, settlement.bets, strict=True):
            if credited.get(r.bet_id, 0) > r.returned:
                raise RoundStateError(f"play {play_id} bet {r.bet_id}: credited "
                                      f"{credited[r.bet_id]} but the round returns {r.returned}")
            bet_rows.append({"id": bid, "returned": r.returned,
                             "outcome": outcome_label(stake, r.returned)})
        owed = settlement.total_returned - sum(credited.values())
        if stake_total:
            transfers.append(_stake_row(ledger, play_id, stake_total, cur, round_id, now))
        if owed:
            key = f"payout:{play_id}"
            transfers.append(_payout_row(ledger, key, player_id, cash_id, owed, cur, round_id,
                                         play_id, now))
            balances.append({"id": cash_id, "balance": owed})
            audit.append(session, "win", player_id=player_id, round_id=round_id,  # issue 7
                         play_id=play_id, amount=owed, currency=cur, account="cash", ref=key,
                         now=now)
        play_rows.append({"id": play_id, "status": "settled",
                          "returned_total": settlement.total_returned, "settled_at": now,
                          "events": [e.to_dict() for e in state.events]})
    merged = _merged(balances)
    _lock_accounts(conn, merged, least=1)
    bulk.write_all(conn, [w for w in (
        bulk.Write(_tbl(Transfer), _TRANSFER_COLS, transfers),
        bulk.Write(_tbl(Account), ("id", "balance"), merged, key="id", op="add"),
        bulk.Write(_tbl(Bet), ("id", "returned", "outcome"), bet_rows, key="id"),
        bulk.Write(_tbl(Play), ("id", "status", "returned_total", "settled_at", "events"),
                   play_rows, key="id"),
    ) if w.rows])
    forget(session, round_id)
    return len(plays)


def _credited(bets: list[tuple[int, str, int, list[Any]]],
              exits: list[tuple[int, str, str]]) -> dict[int, int]:
    """Bet number -> what its stored exits were credited (as :func:`write_credits` paid them)."""
    out: dict[int, int] = {}
    for b, n, a in exits:
        out[b] = out.get(b, 0) + _exit_credit(bets, exits, b, n, a)
    return out


def _exit_credit(bets: list[tuple[int, str, int, list[Any]]], exits: list[tuple[int, str, str]],
                 bet: int, name: str, at: str) -> int:
    """What one stored exit of a play was credited."""
    halved = any(b == bet and n == HALF for b, n, _a in exits)
    return exit_amount(name, bets[bet][2], parse_multiplier(at, "cash-out"), halved)


def _stake_row(ledger: Ledger, play_id: int, amount: int, cur: str, round_id: int,
               now: datetime) -> dict[str, Any]:
    stakes, house = system_code("stakes", cur), system_code("house", cur)
    return {"idempotency_key": f"stake:{play_id}",
            "payload_hash": payload_hash(stakes, house, amount, cur, "stake"),
            "debit_account_id": ledger.account(stakes).id,
            "credit_account_id": ledger.account(house).id, "amount": amount, "currency": cur,
            "kind": "stake", "round_id": round_id, "play_id": play_id, "created_at": now}
