"""Cash-outs of a running crash round (platform/crash.py): the group-committed manual cash-outs
(:func:`cash_outs`, fed by platform/crash_writer.py) and the change of a bet's auto target."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select, text
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, IllegalAction, RoundFinished
from croupier.games.base import BetRequest, Decision
from croupier.games.crash.engine import auto_target, exit_return
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.realtime import curve_of
from croupier.platform import crash_pay
from croupier.platform.clock import aware
from croupier.platform.crash_timing import _ROUND_ROW, MS, SCHEME, _running, crash_variant
from croupier.platform.errors import RoundStateError
from croupier.platform.ledger import Ledger
from croupier.platform.rounds import add_event, play_bets
from croupier.store.models import Play, Player, Round

#: the serialisation point of a batch of cash-outs, one statement: the round row ``FOR KEY SHARE``
#: (it conflicts only with the crash's and the start's ``FOR UPDATE``: batches never wait for each
#: other on it), with the batch's plays and their players' cash accounts ``FOR UPDATE`` in account
#: id order (as :func:`crash_pay.lock_plays` for the ticker's auto cash-outs: a player's exits one
#: at a time, manual or auto, and one lock order for every credit). SQLite: the write lock
#: serialises all. Only a running round's row qualifies: a round the statement sees crashed
#: (after waiting for the crash's lock, re-read) is filtered out, so a cash-out never waits for a
#: settlement (which holds the plays), and its whole batch is refused.
_BATCH_LOCK = """SELECT r.number, r.table_id, p.id, p.player_id, p.currency, a.id
 FROM rounds r JOIN plays p ON p.round_id = r.id AND p.status = 'open'
 JOIN accounts a ON a.player_id = p.player_id AND a.kind = 'player_cash'
 WHERE r.id = :round AND r.state = 'closed' AND p.player_id IN :players ORDER BY a.id, p.id"""
#: the batch's plays' bets (in order) and stored exits (in order), one statement - read after the
#: locks, so it sees every exit committed before them
_RECORDS = text("""SELECT 0 AS k, play_id, seq AS o, code AS a, stake AS n, CAST(target AS TEXT) AS t
 FROM bets WHERE play_id IN :plays
 UNION ALL SELECT 1, play_id, id, name, bet, at FROM crash_cash_outs WHERE play_id IN :plays
 ORDER BY 1, 2, 3""").bindparams(bindparam("plays", expanding=True))


def _crashed(number: int | None) -> RoundFinished:
    return RoundFinished(f"round {number} crashed before the cash-out arrived: the server's "
                         "record decides (000 §12.20)")


@dataclass(frozen=True, slots=True)
class CashOutRequest:
    """A manual cash-out (or Rocketon's 50%) of bet number ``bet`` as the server received it:
    ``received`` is the server's clock stamped on arrival, before any queue - what the crash time
    judges, however long the request then waits for its batch."""

    player_id: int
    bet: int
    received: datetime
    half: bool = False


CashOutResult = dict[str, Any] | CroupierError


def cash_outs(session: Session, round_id: int, requests: list[CashOutRequest]) -> list[CashOutResult]:
    """A batch of cash-out requests of one round, decided and written together (the group commit
    of cash-outs, platform/crash_writer.py; docs/crash.md "Cash-out latency"): for each request,
    in its order, what it was paid (``returned_minor``, ...) or why it was refused.

    A fixed number of statements for any number of requests: (1) the round row (the
    serialisation point) with the plays of the requests' players and their cash accounts, locked;
    (2) the plays' bets and stored exits; then the engine decides each request in receive order
    (a player's second request of the batch sees the first), and (3) the accepted ones are stored
    and credited set-based (:func:`crash_pay.write_credits`: the cash-out rows, the payout
    transfers, the balances - one statement on PostgreSQL).

    Serialisation: the round row is the one point where a cash-out meets the crash. A batch holds
    it ``FOR KEY SHARE``; the crash holds it ``FOR UPDATE``, so it waits for the batch in flight
    and every later batch sees the round crashed (and refuses all of its requests). A request
    received at or after the crash time loses without any lock, whatever the database says and
    whatever else its batch holds. The plays' locks serialise a player's batches and the ticker's
    auto cash-outs of their bets; the unique key stores each exit of a bet at most once."""
    out: list[CashOutResult | None] = [None] * len(requests)
    info = _running(session, round_id)
    if info is None:  # this process's first cash-out of the round: read it without a lock
        first = session.connection().execute(_ROUND_ROW, {"round": round_id}).one_or_none()
        if first is not None and first.fair_scheme == SCHEME:
            info = _running(session, round_id, first)
    if info is None:
        return [_refusal(session, round_id)] * len(requests)
    live = []
    for i, r in enumerate(requests):
        if r.received >= info.crash_at:
            out[i] = _crashed(info.number)
        else:
            live.append(i)
    if not live:  # (no transaction was begun: nothing was asked of the database)
        return _done(out)
    conn = session.connection()
    lock = _BATCH_LOCK + ("" if conn.dialect.name == "sqlite" else " FOR KEY SHARE OF r FOR UPDATE OF p, a")
    rows = conn.execute(text(lock).bindparams(bindparam("players", expanding=True)), {
        "round": round_id, "players": sorted({requests[i].player_id for i in live})}).all()
    if not rows:  # crashed meanwhile (the serialisation point decides, for the whole batch), or
        err = _refusal(session, round_id)  # no bet of any of them
        for i in live:
            out[i] = err
        return _done(out)
    number, table_id = rows[0][0], rows[0][1]
    plays = {int(row[3]): row[2:] for row in rows}
    bets: dict[int, list[BetRequest]] = {}
    exits: dict[int, list[tuple[int, str, str]]] = {}
    for k, pid, _o, a, n, t in conn.execute(_RECORDS, {"plays": [int(r[0]) for r in plays.values()]}):
        if k == 0:
            bets.setdefault(pid, []).append(BetRequest(a, n, tuple(json.loads(t) if t else ())))
        else:
            exits.setdefault(pid, []).append((int(n), str(a), str(t)))
    engine, curve = info.spec.engine, curve_of(info.variant)
    credits: list[crash_pay.Credit] = []
    for i in sorted(live, key=lambda k: requests[k].received):
        r = requests[i]
        play = plays.get(r.player_id)
        if play is None:
            out[i] = IllegalAction(f"you have no bet in round {info.number}")
            continue
        play_id, _player, cur, cash_id = play
        mine = exits.setdefault(play_id, [])
        auto = next((a for b, n, a in mine if b == r.bet and n == crash_pay.AUTO), None)
        if auto is not None:  # the server's auto cash-out (the engine's own rule) came first
            out[i] = IllegalAction(f"bet {r.bet} has already cashed out at x{auto}: its auto "
                                   "cash-out (000 §12.20)")
            continue
        ms = (r.received - info.closed_at) // MS
        hundredths = curve.hundredths_at(ms)
        at = format_multiplier(hundredths)
        name = crash_pay.HALF if r.half else crash_pay.CASH_OUT
        try:
            state = engine.start(info.variant, bets.get(play_id, []), cur)
            for b, n, a in mine:
                if n in crash_pay.MANUAL:
                    state = engine.apply(state, Decision(n, {"bet": b, "at": a}))
            state = engine.apply(state, Decision(name, {"bet": r.bet, "at": at}))  # it decides
        except CroupierError as exc:
            out[i] = exc
            continue
        exited = state.bets[r.bet]
        amount = (crash_pay.exit_amount(name, exited.stake, hundredths, False) if r.half
                  else exit_return(exited.riding, hundredths))
        mine.append((r.bet, name, at))
        credits.append(crash_pay.Credit(round_id, play_id, r.player_id, cash_id, cur, r.bet, name,
                                        at, ms, amount, received_at=r.received))
        out[i] = {"round_id": round_id, "number": number, "table_id": table_id,
                  "bet": r.bet, "cash_out": name, "at": at, "returned_minor": amount}
    crash_pay.write_credits(session, credits, max(requests[i].received for i in live),
                            accounts_locked=True)
    return _done(out)


def _done(out: list[CashOutResult | None]) -> list[CashOutResult]:
    return [r if r is not None else RoundStateError("a cash-out left undecided") for r in out]


def cash_out(session: Session, player: Player, round_id: int, bet: int, now: datetime,
             half: bool = False) -> dict[str, Any]:
    """One cash-out request received at ``now``: accepted, stored and credited, or refused with a
    reason - a batch of one (:func:`cash_outs`, the one path of every manual cash-out)."""
    res = cash_outs(session, round_id, [CashOutRequest(player.id, bet, now, half)])[0]
    if isinstance(res, CroupierError):
        raise res
    return res


def _refusal(session: Session, round_id: int) -> CroupierError:
    """Why a round took none of a batch's cash-outs (no lock: every answer is final once the
    round runs; a running round: none of the batch's players has a bet in it)."""
    rnd = session.get(Round, round_id)
    if rnd is None or rnd.fair_scheme != SCHEME:
        return IllegalAction(f"round {round_id} is not a crash round")
    if rnd.state == "open":
        return IllegalAction(f"round {rnd.number} has not started: nothing to cash out yet")
    if rnd.state == "closed":
        return IllegalAction(f"you have no bet in round {rnd.number}")
    return _crashed(rnd.number)


def set_auto(session: Session, player: Player, round_id: int, bet: int, target: str | None,
             now: datetime) -> dict[str, Any]:
    """Change (or clear, ``None``) a bet's auto cash-out target: in the betting phase only
    (000 §12.20 "the Auto Cashout odds cannot be changed after the round starts"; §12.26 the
    same). Lock order as a bet's: the player, then the round ``FOR SHARE`` - the start of the
    running phase waits for it, and every later change sees the round started."""
    Ledger(session).lock_player(player.id)
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update(read=True)
                          .execution_options(populate_existing=True)).one_or_none()
    if rnd is None or rnd.fair_scheme != SCHEME:
        raise IllegalAction(f"round {round_id} is not a crash round")
    play_row = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                                  Play.player_id == player.id)).one_or_none()
    rows = [] if play_row is None else play_bets(session, play_row.id)
    if play_row is None or isinstance(bet, bool) or not 0 <= bet < len(rows):
        raise IllegalAction(f"you have no bet {bet} in round {rnd.number}")
    spec, v = crash_variant(rnd.game, rnd.variant)
    if rnd.state != "open" or rnd.closes_at is None or now >= aware(rnd.closes_at):
        reqs = [BetRequest(b.code, b.stake, tuple(b.target)) for b in rows]
        state = spec.engine.start(v, reqs, play_row.currency)
        spec.engine.apply(state, Decision("set_auto", {"bet": bet}))  # refuses, with the clause
    text = None if target is None else format_multiplier(auto_target(v, target))
    rows[bet].target = [] if text is None else [text]
    add_event(session, rnd.id, "auto_changed", {"play_id": rows[bet].play_id, "bet": bet,
                                                "auto_cash_out": text}, now)
    session.flush()
    return {"round_id": rnd.id, "number": rnd.number, "bet": bet, "auto_cash_out": text}
