"""The round state machine of a crash table (platform/crash.py): open (betting), closed
(running), resulted (crashed), settled - with the ticker's step and the restart's recovery."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.crash.distribution import crash_hundredths
from croupier.games.crash.engine import DRAW
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.realtime import curve_of
from croupier.platform import crash_pay
from croupier.platform.clock import aware
from croupier.platform.crash_chains import chain_seed, ensure_chain_ahead
from croupier.platform.crash_timing import (
    _ROUND_ROW,
    MS,
    SCHEME,
    _draw,
    _running,
    crash_time,
    crash_variant,
)
from croupier.platform.errors import RoundStateError, UnknownTable
from croupier.platform.rounds import add_event, resolve_game
from croupier.platform.tables import RoundReport, _lock_round, void_round
from croupier.store.crash_models import CrashChain
from croupier.store.models import GameTable, Round


def open_round(session: Session, table_id: str, now: datetime) -> Round:
    """The betting phase of the table's next round, with its seed from the current chain."""
    t = session.scalars(select(GameTable).where(GameTable.id == table_id).with_for_update()).one()
    _spec, v = crash_variant(t.game, t.variant)
    number = t.next_number
    chain = session.scalars(select(CrashChain).where(
        CrashChain.table_id == table_id, CrashChain.first_round <= number)
        .order_by(CrashChain.first_round.desc()).limit(1)).one_or_none()
    if chain is None or number >= chain.first_round + chain.length:
        raise RoundStateError(f"table {table_id}: no published chain covers round {number}")
    seed = chain_seed(chain, number)
    t.next_number = number + 1
    rnd = Round(kind="table", table_id=t.id, number=number, game=t.game, variant=t.variant,
                currency=t.currency, state="open", fair_scheme=SCHEME, seed_pair_id=None,
                server_seed=seed, server_seed_hash=hashlib.sha256(bytes.fromhex(seed)).hexdigest(),
                client_seed=chain.salt, nonce=number - chain.first_round + 1, draws=None,
                outcome=None, void_reason=None, opened_at=now,
                closes_at=now + timedelta(milliseconds=v.betting_ms), closed_at=None,
                resulted_at=None, settled_at=None)
    session.add(rnd)
    session.flush()
    add_event(session, rnd.id, "betting_open", {"chain_id": chain.id}, now)
    return rnd


def start_round(session: Session, round_id: int, now: datetime) -> Round:
    """The running phase begins: no more bets; the multiplier rises from ``now``."""
    rnd = _lock_round(session, round_id)
    if rnd.state != "open":
        raise RoundStateError(f"round {round_id} is {rnd.state}, not open")
    rnd.state = "closed"
    rnd.closed_at = now
    add_event(session, rnd.id, "running", {}, now)
    return rnd


def crash_if_due(session: Session, round_id: int, now: datetime, settle: bool = True) -> RoundReport | None:
    """Crash the round if its crash time has come: store the result (the round is ``resulted``:
    every cash-out from now on is refused, the crash point and seed are public) and, with
    ``settle``, pay every play in the same transaction. The table's ticker crashes without
    settling (a short transaction: the crash is announced at once) and settles on its next tick
    (:func:`settle_crashed`)."""
    # not due: no lock (the ticker asks every 20 ms; a lock would hold up the cash-outs), and no
    # read either once this process knows the running round's crash time
    info = _running(session, round_id)
    if info is not None and now < info.crash_at:
        return None
    rnd = session.get(Round, round_id)
    if rnd is None or rnd.state != "closed" or (due := crash_time(rnd)) is None or now < due:
        return None
    rnd = _lock_round(session, round_id)
    crash_at = crash_time(rnd)
    if rnd.state != "closed" or crash_at is None or now < crash_at:
        return None
    _result(session, rnd, now)
    if not settle:
        return RoundReport(rnd.id, rnd.table_id or "", "resulted", rnd.outcome)
    return _settle(session, rnd, now)


def pay_autos(session: Session, round_id: int, now: datetime) -> list[dict[str, Any]]:
    """The running round's auto cash-outs due at ``now`` (target reached by the multiplier, before
    the crash time), executed and credited (:func:`crash_pay.pay_due_autos`); what was executed."""
    info = _running(session, round_id)
    if info is None:
        first = session.connection().execute(_ROUND_ROW, {"round": round_id}).one_or_none()
        if first is None or first.fair_scheme != SCHEME or first.state != "closed":
            return []
        info = _running(session, round_id, first)
    if info is None or now >= info.crash_at:
        return []
    ms = (now - info.closed_at) // MS
    return crash_pay.pay_due_autos(session, round_id, curve_of(info.variant).hundredths_at(ms), ms, now)


def settle_crashed(session: Session, round_id: int, now: datetime) -> RoundReport | None:
    """Pay every play of a crashed (``resulted``) round. The round row is held ``FOR NO KEY
    UPDATE``: one settlement at a time, while the cash-outs that still come (``FOR KEY SHARE``)
    do not wait for it - they see the round crashed and are refused at once."""
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update(key_share=True)
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None or rnd.state != "resulted":
        return None
    return _settle(session, rnd, now)


def _result(session: Session, rnd: Round, now: datetime) -> None:
    """Store the crash: the draw of the stored seed and its crash point; the round is resulted."""
    _spec, v = resolve_game(rnd.game, rnd.variant)
    draw = _draw(rnd, v)
    rnd.draws = [{"kind": DRAW, "value": draw}]
    rnd.outcome = {"crash": format_multiplier(crash_hundredths(v, draw))}
    rnd.state = "resulted"
    rnd.resulted_at = now
    add_event(session, rnd.id, "result", {"outcome": rnd.outcome, "draws": rnd.draws,
                                          "seed": rnd.server_seed}, now)
    session.flush()


def _settle(session: Session, rnd: Round, now: datetime) -> RoundReport:
    """Close a resulted round: every play from its stored bets, its stored cash-outs and the draw
    of the stored seed (the same path at the crash and after a restart), set-based
    (:func:`crash_pay.close_round`: the exits were credited when they happened; this pays what
    is still owed - the auto cash-outs due at the crash point - and moves the stakes)."""
    spec, v = resolve_game(rnd.game, rnd.variant)
    plays = crash_pay.close_round(session, spec, v, rnd.id, _draw(rnd, v), now)
    report = RoundReport(rnd.id, rnd.table_id or "", "settled", rnd.outcome)
    rnd.state = "settled"
    rnd.settled_at = now
    add_event(session, rnd.id, "settled", {"plays": plays}, now)
    from croupier.platform import crash_autobet

    crash_autobet.after_round(session, rnd)
    session.flush()
    return report


def recover(session: Session, table_id: str, now: datetime) -> list[tuple[int, str]]:
    """After a restart: a round still betting is voided (stakes returned: it had not started);
    a running round crashes and a crashed one settles, from its stored seed and cash-outs."""
    done = []
    rounds = session.scalars(select(Round).where(Round.table_id == table_id,
                                                 Round.fair_scheme == SCHEME,
                                                 Round.state.in_(("open", "closed", "resulted")))
                             .order_by(Round.id)).all()
    for r in rounds:
        if r.state == "open":
            void_round(session, r.id, "the betting phase was interrupted by a restart: every "
                       "stake is returned (000 §11)", now)
            done.append((r.id, "voided"))
            continue
        if r.state == "closed":
            _result(session, _lock_round(session, r.id), now)
        settle_crashed(session, r.id, now)
        done.append((r.id, "settled"))
    return done


def _latest(session: Session, table_id: str) -> Round | None:
    return session.scalars(select(Round).where(Round.table_id == table_id, Round.fair_scheme == SCHEME)
                           .order_by(Round.id.desc()).limit(1)).one_or_none()


def tick(session: Session, table_id: str, now: datetime, chain_length: int = 10_000,
         cashed: list[dict[str, Any]] | None = None) -> str:
    """Move the table on at ``now``: open a round, end its betting phase, execute the auto
    cash-outs the multiplier has reached (each appended to ``cashed``), crash it, or settle it.
    What was done (``"opened"``, ``"running"``, ``"cashed"``, ``"crashed"``, ``"settled"``) or
    ``"waiting"``."""
    # one tick at a time per table, whichever process runs it (lock order table -> round -> player)
    if session.scalars(select(GameTable.id).where(GameTable.id == table_id).with_for_update()).one_or_none() is None:
        raise UnknownTable(f"no table {table_id!r}")
    rnd = _latest(session, table_id)
    if rnd is None or rnd.state in ("settled", "voided"):
        ensure_chain_ahead(session, table_id, now, chain_length)
        from croupier.platform import crash_autobet  # 000 §12.20 AUTOBET: the server's bets

        crash_autobet.place_for_round(session, open_round(session, table_id, now), now)
        return "opened"
    if rnd.state == "open" and rnd.closes_at is not None and now >= aware(rnd.closes_at):
        start_round(session, rnd.id, now)
        return "running"
    if rnd.state == "closed" and crash_if_due(session, rnd.id, now, settle=False) is not None:
        return "crashed"  # announced at once; closed on the next tick
    if rnd.state == "closed":
        paid = pay_autos(session, rnd.id, now)
        if paid:
            if cashed is not None:
                cashed.extend(paid)
            return "cashed"
    if rnd.state == "resulted" and settle_crashed(session, rnd.id, now) is not None:
        return "settled"
    return "waiting"


def run_table(platform: Any, table_id: str, stop: Any, interval: float = 0.02,
              chain_length: int = 10_000, on_change: Any = None) -> int:
    """Tick a crash table until ``stop()`` is true (``croupier crash-table``): the table's
    lifecycle from the platform's clock, in a process of its own or a thread of the server; any
    number of them may run (a tick locks the table). The number of ticks that changed something."""
    import time

    changed = 0
    while not stop():
        done = platform.run(lambda s: tick(s, table_id, platform.clock(), chain_length))
        if done != "waiting":
            changed += 1
            if on_change is not None:
                on_change(done)
        time.sleep(interval)
    return changed
