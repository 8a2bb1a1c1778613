"""Crash tables on the platform (issue 17, docs/crash.md): rounds of Crash and Rocketon whose
crash points come from a published hash chain, cash-outs judged by the server's receive time.

Phases of a crash round (a :class:`~croupier.store.models.Round` with ``fair_scheme
"crash_chain"``): ``open`` = betting phase (bets through :func:`tables.place_bets`: validated,
debited, recorded), ``closed`` = running phase from ``closed_at``, then ``settled`` at the crash
(or ``voided`` if it never started).

* Serialisation point: the round row. Cash-outs are group-committed (:func:`cash_outs`, fed by
  platform/crash_writer.py): a batch holds the row ``FOR KEY SHARE`` (batches do not wait for
  each other; a player's own cash-outs are serial: their play row), and a request is accepted
  only if its receive time (stamped on arrival) is before the crash time (``closed_at`` + the
  curve's time of the crash point); it is stored (``crash_cash_outs``, unique per bet and kind)
  and credited to the player's cash in the batch's transaction. The crash takes the row ``FOR
  UPDATE``: it waits for the batch in flight and every later one sees the round crashed. Its
  multiplier is the curve's at the receive time.
* Auto cash-outs need no request: the table's ticker executes and credits them as the multiplier
  passes their targets (:func:`pay_autos`), under the same locks.
* At the crash (:func:`crash_if_due`, called by the table's ticker: a short transaction that
  stores the result, so the crash is public at once) and then (:func:`settle_crashed`, the next
  tick; or after a restart, :func:`recover`), the round closes set-based (platform/crash_pay.py):
  each play settles from its stored bets, its stored cash-outs and the draw of the round's stored
  seed - nothing else -, paying only what was not credited yet.

The ticker is platform/crash_runner.py, the routes api/crash.py, the page web/crash.html.

This module sets a table up and is the one import of the rest (its names stay importable from
here): the timing and crash time (platform/crash_timing.py), the published chains
(platform/crash_chains.py), the round state machine and ticker (platform/crash_rounds.py), the
cash-outs and auto targets (platform/crash_cashout.py), the public view (platform/crash_view.py).
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from croupier.errors import CroupierError
from croupier.games.crash.distribution import crash_hundredths
from croupier.games.crash.variant import CrashVariant
from croupier.platform import jackpots
from croupier.platform.clock import aware
from croupier.platform.crash_cashout import (
    CashOutRequest,
    CashOutResult,
    cash_out,
    cash_outs,
    set_auto,
)
from croupier.platform.crash_chains import (
    REPUBLISH_AT,
    chain_seed,
    ensure_chain_ahead,
    publish_chain,
)
from croupier.platform.crash_rounds import (
    crash_if_due,
    open_round,
    pay_autos,
    recover,
    run_table,
    settle_crashed,
    start_round,
    tick,
)
from croupier.platform.crash_timing import MS, SCHEME, crash_time, crash_variant, set_timing
from croupier.platform.crash_view import table_state
from croupier.platform.errors import UnknownTable
from croupier.platform.ledger import Ledger
from croupier.platform.rounds import resolve_game
from croupier.platform.tables import _next_lock_id
from croupier.store.models import GameTable


def ensure_crash_table(session: Session, table_id: str, name: str, game: str, variant: str,
                       cur: str) -> GameTable:
    _spec, v = resolve_game(game, variant)
    if not isinstance(v, CrashVariant):
        raise CroupierError(f"{game} is not a crash game")
    if jackpots.has_pools(game, variant):  # the crash's set-based close pays no jackpot
        raise CroupierError(f"{game}/{variant}: a crash table takes no jackpot pools")
    v.limits_for(cur)
    row = session.get(GameTable, table_id)
    if row is None:
        row = GameTable(id=table_id, name=name, game=game, variant=variant, currency=cur,
                        next_number=1, lock_id=_next_lock_id(session))
        session.add(row)
    Ledger(session).ensure_system_accounts(cur)
    session.flush()
    return row


def crash_table_of(session: Session, table_id: str) -> GameTable:
    """The table, if it is a crash table (bets of other tables go through their own routes)."""
    t = session.get(GameTable, table_id)
    if t is None or t.game not in ("crash", "rocketon"):
        raise UnknownTable(f"no crash table {table_id!r}")
    return t


#: the names importers use (the rest of the crash table lives in the modules above)
__all__ = [
    "CashOutRequest",
    "CashOutResult",
    "MS",
    "REPUBLISH_AT",
    "SCHEME",
    "aware",
    "cash_out",
    "cash_outs",
    "chain_seed",
    "crash_hundredths",
    "crash_if_due",
    "crash_table_of",
    "crash_time",
    "crash_variant",
    "ensure_chain_ahead",
    "ensure_crash_table",
    "open_round",
    "pay_autos",
    "publish_chain",
    "recover",
    "run_table",
    "set_auto",
    "set_timing",
    "settle_crashed",
    "start_round",
    "table_state",
    "tick",
]
