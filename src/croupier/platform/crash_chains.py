"""The published hash chains of a crash table (platform/crash.py, 000 §12.20): publishing a
chain, a round's seed from it, and the next chain published in advance."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.crash.chain import make_chain, terminating_hash
from croupier.platform.errors import RoundStateError, UnknownTable
from croupier.store.crash_models import CrashChain
from croupier.store.models import GameTable


def publish_chain(session: Session, table_id: str, now: datetime, length: int, salt: str,
                  first_round: int | None = None, last_seed: str | None = None) -> CrashChain:
    """Create and publish a chain for the table's rounds from ``first_round`` (default: the next
    round). Its terminating hash, salt and ``published_at_round`` are public from now on."""
    t = session.scalars(select(GameTable).where(GameTable.id == table_id).with_for_update()).one_or_none()
    if t is None:
        raise UnknownTable(f"no table {table_id!r}")
    seeds = make_chain(1, last_seed)  # s_L only; the rest is derived on demand
    top = seeds[-1]
    chain = CrashChain(table_id=table_id, secret_seed=top,
                       terminating_hash=terminating_hash(make_chain(length, top)), salt=salt,
                       length=length, first_round=first_round or t.next_number,
                       published_at_round=t.next_number - 1, published_at=now)
    session.add(chain)
    session.flush()
    return chain


def chain_seed(chain: CrashChain, number: int) -> str:
    """The seed of table round ``number``: s_i with i = number - first_round + 1."""
    pos = number - chain.first_round + 1
    if not 1 <= pos <= chain.length:
        raise RoundStateError(f"round {number} is outside chain {chain.id}")
    seed = chain.secret_seed
    for _ in range(chain.length - pos):
        seed = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    return seed


#: a new chain is published when the current one has this many rounds left, so every round of
#: the next chain is fixed at least 10 rounds in advance (000 §12.20)
REPUBLISH_AT = 2 * 10


def ensure_chain_ahead(session: Session, table_id: str, now: datetime, length: int,
                       salt_of: Any = None) -> CrashChain | None:
    """Publish the table's next chain while the current one still has ``REPUBLISH_AT`` rounds to
    go (the first chain of a table starts with its next round). ``salt_of(first_round)`` gives the
    public salt (ASSUMPTION: an external value the operator names; by default the table and round)."""
    t = session.get(GameTable, table_id)
    if t is None:
        raise UnknownTable(f"no table {table_id!r}")
    last = session.scalars(select(CrashChain).where(CrashChain.table_id == table_id)
                           .order_by(CrashChain.first_round.desc()).limit(1)).one_or_none()
    salt = salt_of or (lambda first: f"{table_id}:{first}")
    if last is None:
        return publish_chain(session, table_id, now, length, salt(t.next_number))
    end = last.first_round + last.length  # the first round the last chain does not cover
    if end - t.next_number > REPUBLISH_AT:
        return None
    return publish_chain(session, table_id, now, length, salt(end), first_round=end)
