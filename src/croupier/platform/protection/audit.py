"""The monitoring record (001 §5.2.10): every bet acceptance, refund payment and win, appended to
a hash-chained log, exportable as JSON lines and verifiable (``croupier audit verify|export``).

Entry ``n`` carries ``prev_hash`` = the hash of entry ``n - 1`` (64 zeros for the first) and
``hash`` = SHA-256 of its canonical JSON (sorted keys, no spaces) including ``seq`` and
``prev_hash``. Editing an entry breaks its hash; deleting or moving one breaks the sequence and
the next entry's ``prev_hash``; cutting the tail disagrees with the chain's head row.

Issue 24 point 3: an entry written while an HTTP request is served carries that request's id
(``request_id``, the ``X-Request-ID`` the request front took or made, also on its log lines;
None for an entry no request wrote, e.g. a table runner's settlement). An entry with a request id
hashes it too; an entry without one hashes exactly the fields it hashed before the column existed,
so a chain written before migration 0020 still verifies, and adding, removing or editing a request
id breaks the entry's hash like any other edit.

Appends are collected during a unit of work and written in the session's ``before_commit``: the
chain head is locked last, after every other lock the transaction takes, so it cannot deadlock
with the ledger's row locks and is held only for the inserts and the commit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from json.encoder import encode_basestring_ascii
from operator import itemgetter
from typing import Any, TextIO, cast

from sqlalchemy import Table, event, select
from sqlalchemy.orm import Session

from croupier.platform import request_id as request_ids
from croupier.platform.clock import aware
from croupier.store import bulk
from croupier.store.protection_models import AuditEntry, AuditHead

GENESIS = "0" * 64
#: logins: platform/throttle.py (issue 13); incident: live rounds (issue 16)
KINDS = ("bet", "refund", "win", "login_failed", "login_unlock", "incident")
FIELDS = ("seq", "at", "kind", "player_id", "round_id", "play_id", "amount", "currency",
          "account", "ref", "prev_hash")
_PENDING = "croupier.protection.audit"


def at_text(now: datetime) -> str:
    return aware(now).astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


#: the canonical JSON of an entry: what ``json.dumps(body, sort_keys=True, separators=(",", ":"),
#: ensure_ascii=True)`` writes, by one encoder made once (``dumps`` with options builds a new
#: encoder per call, which was most of the cost of a draw's thousands of win entries)
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)


_text = encode_basestring_ascii  # the encoder's own string writer (C): quotes and escapes
_fields = itemgetter("account", "amount", "at", "currency", "kind", "play_id", "player_id",
                     "prev_hash", "ref", "round_id", "seq")  # FIELDS in key order


def canonical(entry: dict[str, Any]) -> str:
    """The canonical JSON of an entry's :data:`FIELDS`: what ``_CANONICAL`` writes, by one
    format string when the values have their usual types (a draw chains thousands of entries)."""
    acc, amount, at, cur, kind, play, player, prev, ref, rnd, seq = _fields(entry)
    if (type(acc) is str and type(amount) is int and type(at) is str and type(cur) is str
            and type(kind) is str and (play is None or type(play) is int) and type(player) is int
            and type(prev) is str and type(ref) is str and (rnd is None or type(rnd) is int)
            and type(seq) is int):
        return (f'{{"account":{_text(acc)},"amount":{amount},"at":{_text(at)},'
                f'"currency":{_text(cur)},"kind":{_text(kind)},'
                f'"play_id":{"null" if play is None else play},"player_id":{player},'
                f'"prev_hash":{_text(prev)},"ref":{_text(ref)},'
                f'"round_id":{"null" if rnd is None else rnd},"seq":{seq}}}')
    return _CANONICAL.encode({k: entry[k] for k in FIELDS})


def entry_hash(entry: dict[str, Any]) -> str:
    if entry.get("request_id") is not None:  # issue 24: hashed when there is one
        body = {k: entry[k] for k in FIELDS}
        body["request_id"] = entry["request_id"]
        return hashlib.sha256(_CANONICAL.encode(body).encode()).hexdigest()
    return hashlib.sha256(canonical(entry).encode()).hexdigest()


def append(session: Session, kind: str, *, player_id: int, round_id: int | None,
           play_id: int | None, amount: int, currency: str, account: str, ref: str,
           now: datetime, request_id: str | None = None) -> None:
    """Queue an entry; it is chained and written when the unit of work commits. ``request_id``:
    the id of the request that made it (default: the request being served, if any)."""
    append_many(session, kind, ((player_id, round_id, play_id, amount, currency, account, ref),), now,
                request_id)


def append_many(session: Session, kind: str,
                items: Iterable[tuple[int, int | None, int | None, int, str, str, str]],
                now: datetime, request_id: str | None = None) -> None:
    """Queue entries of one kind and time, each (player_id, round_id, play_id, amount, currency,
    account, ref), in order: :func:`append` of each (all made by one request, if any)."""
    if kind not in KINDS:
        raise ValueError(f"an audit entry is one of {', '.join(KINDS)}, not {kind!r}")
    at = at_text(now)
    pending: list[dict[str, Any]] = session.info.setdefault(_PENDING, [])
    rid = request_id or request_ids.current()
    pending.extend({"at": at, "kind": kind, "player_id": player_id, "round_id": round_id,
                    "play_id": play_id, "amount": amount, "currency": currency, "account": account,
                    "ref": ref, "request_id": rid}
                   for player_id, round_id, play_id, amount, currency, account, ref in items)


@cache
def _head_for_update() -> Any:
    h = AuditHead.__table__
    return select(h.c.seq, h.c.hash).where(h.c.id == 1).with_for_update()


def _write_pending(session: Session) -> None:
    if session.in_nested_transaction():  # a savepoint (group commit): the entries wait for the
        return  # outer commit, so the chain head is still locked last, once per transaction
    pending: list[dict[str, Any]] | None = session.info.pop(_PENDING, None)
    if not pending:
        return
    session.flush()  # the unit of work's own rows first (the head is locked last)
    conn = session.connection()  # Core statements: this runs in every bet's commit
    seq, prev = conn.execute(_head_for_update()).one()
    rows = pending  # queued here and nowhere else: each entry is completed in place
    for entry in rows:
        seq += 1
        entry["seq"] = seq
        entry["prev_hash"] = prev
        prev = entry["hash"] = entry_hash(entry)
    # the entries and the new head: one statement on PostgreSQL
    bulk.write_all(conn, [
        bulk.Write(cast(Table, AuditEntry.__table__), tuple(rows[0]), rows, arrays=True),
        bulk.Write(cast(Table, AuditHead.__table__), ("id", "seq", "hash"),
                   [{"id": 1, "seq": seq, "hash": prev}], key="id"),
    ])
    loaded = session.identity_map.get(session.identity_key(AuditHead, 1))
    if loaded is not None:  # an AuditHead the ORM loaded earlier is stale now
        session.expire(loaded)


def _discard_pending(session: Session, previous: Any = None) -> None:
    if previous is not None and getattr(previous, "nested", False):
        return  # a savepoint rolled back: whoever opened it restores the entries queued before it
    session.info.pop(_PENDING, None)


event.listen(Session, "before_commit", _write_pending)
event.listen(Session, "after_soft_rollback", _discard_pending)


# -- reading, export, verification --------------------------------------------------------------


def row_dict(e: AuditEntry) -> dict[str, Any]:
    return {"seq": e.seq, "at": e.at, "kind": e.kind, "player_id": e.player_id,
            "round_id": e.round_id, "play_id": e.play_id, "amount": e.amount,
            "currency": e.currency, "account": e.account, "ref": e.ref,
            "request_id": e.request_id, "prev_hash": e.prev_hash, "hash": e.hash}


def entries(session: Session, batch: int = 5000) -> Iterator[dict[str, Any]]:
    last = 0
    while True:
        rows = session.scalars(select(AuditEntry).where(AuditEntry.seq > last)
                               .order_by(AuditEntry.seq).limit(batch)).all()
        if not rows:
            return
        for r in rows:
            yield row_dict(r)
        last = rows[-1].seq


def head(session: Session) -> tuple[int, str]:
    h = session.scalars(select(AuditHead).where(AuditHead.id == 1)
                        .execution_options(populate_existing=True)).one()
    return h.seq, h.hash


def export(session: Session, out: TextIO) -> int:
    n = 0
    for e in entries(session):
        out.write(json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n")
        n += 1
    return n


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    entries: int
    first_broken: int | None  # the seq (or position) of the first broken entry
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "entries": self.entries, "first_broken": self.first_broken,
                "reason": self.reason}


def verify(items: Iterable[dict[str, Any]], expected_head: tuple[int, str] | None = None) -> Verdict:
    """Check a chain in its stored order; name the first broken entry."""
    expected, prev, n = 1, GENESIS, 0
    for e in items:
        n += 1
        try:
            seq = int(e["seq"])
            missing = [k for k in (*FIELDS, "hash") if k not in e]
        except (KeyError, TypeError, ValueError):
            return Verdict(False, n - 1, expected, f"entry at position {n} has no valid seq")
        if missing:
            return Verdict(False, n - 1, seq, f"entry {seq} lacks {', '.join(missing)}")
        if seq != expected:
            what = "missing (deleted)" if seq > expected else "repeated"
            return Verdict(False, n - 1, seq,
                           f"entry {seq} stands where entry {expected} belongs: entry "
                           f"{expected} is {what} or the entries were reordered")
        if e["prev_hash"] != prev:
            return Verdict(False, n - 1, seq,
                           f"entry {seq} does not follow entry {seq - 1}: its prev_hash differs "
                           "(an entry was altered, removed or reordered)")
        if entry_hash(e) != e["hash"]:
            return Verdict(False, n - 1, seq, f"entry {seq} was altered: its hash does not match "
                                              "its contents")
        prev, expected = e["hash"], expected + 1
    if expected_head is not None and expected_head != (expected - 1, prev):
        hseq, _ = expected_head
        return Verdict(False, n, expected if hseq >= expected else hseq,
                       f"the log ends at entry {expected - 1} but its head records entry {hseq}: "
                       "entries at the end were deleted or the head was altered")
    return Verdict(True, n, None, f"{n} entries, chain intact, last hash {prev}")


def verify_session(session: Session) -> Verdict:
    return verify(entries(session), head(session))


def read_jsonl(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            yield {"seq": f"unreadable line {i}"}
            continue
        yield item if isinstance(item, dict) else {"seq": f"unreadable line {i}"}
