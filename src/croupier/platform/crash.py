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
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import weakref
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import DateTime, bindparam, select, text
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, IllegalAction, RoundFinished
from croupier.games.base import BetRequest, Decision
from croupier.games.crash.chain import crash_draw, make_chain, terminating_hash
from croupier.games.crash.distribution import crash_hundredths
from croupier.games.crash.engine import DRAW, auto_target, exit_return
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.realtime import curve_of
from croupier.games.crash.variant import CrashVariant
from croupier.platform import crash_pay, jackpots
from croupier.platform.clock import aware
from croupier.platform.errors import RoundStateError, UnknownTable
from croupier.platform.ledger import Ledger
from croupier.platform.rounds import add_event, play_bets, resolve_game
from croupier.platform.tables import RoundReport, _lock_round, _next_lock_id, void_round
from croupier.store.crash_models import CrashChain
from croupier.store.models import GameTable, Play, Player, Round

SCHEME = "crash_chain"
MS = timedelta(milliseconds=1)

#: the server's crash timing override (``CROUPIER_CRASH_TIMING``): betting_ms, growth per second
_TIMING: dict[str, Any] = {}


def set_timing(betting_ms: int, growth_per_second: str) -> None:
    """Every crash table of this process bets for ``betting_ms`` and rises at
    ``growth_per_second`` (a demo or test server); validated as the variant's own fields."""
    from fractions import Fraction

    g = Fraction(growth_per_second)
    if not 1000 <= betting_ms <= 600000 or not 0 < g <= 10:
        raise CroupierError("crash timing: betting_ms in [1000, 600000], growth in (0, 10]")
    _TIMING.update(betting_ms=betting_ms, growth_per_second=g)


def crash_variant(game: str, variant: str) -> tuple[Any, CrashVariant]:
    """The table's game and variant, with the server's timing override if one is set."""
    spec, v = resolve_game(game, variant)
    if not isinstance(v, CrashVariant):
        raise RoundStateError(f"{game} is not a crash game")
    return spec, (dataclasses.replace(v, **_TIMING) if _TIMING else v)


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


def _variant(rnd: Round) -> CrashVariant:
    return crash_variant(rnd.game, rnd.variant)[1]


def _draw(rnd: Round, v: CrashVariant) -> int:
    if rnd.server_seed is None:  # pragma: no cover - crash rounds always have their seed
        raise RoundStateError("a crash round without its seed")
    return crash_draw(v, rnd.server_seed, rnd.client_seed)


def crash_time(rnd: Round) -> datetime | None:
    """When the round crashes (server time), once it runs."""
    if rnd.closed_at is None:
        return None
    v = _variant(rnd)
    return aware(rnd.closed_at) + curve_of(v).time_of(crash_hundredths(v, _draw(rnd, v))) * MS


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
_ROW_TYPES = {"closed_at": DateTime(timezone=True)}
_ROUND_ROW = text("""SELECT state, fair_scheme, number, game, variant, closed_at, server_seed,
 client_seed FROM rounds WHERE id = :round""").columns(**_ROW_TYPES)


@dataclass(frozen=True, slots=True)
class _Running:
    """What a cash-out needs of a running round that no longer changes once it runs."""

    number: int
    spec: Any
    variant: CrashVariant
    closed_at: datetime
    crash_at: datetime


#: per database (engine) and round, with the timing override in force: a running round's crash
#: time, computed once (a draw and the curve) - the seed, the variant and ``closed_at`` are fixed
_RUNNING: weakref.WeakKeyDictionary[Any, dict[tuple[int, Any], _Running]] = weakref.WeakKeyDictionary()


def _running(session: Session, round_id: int, row: Any = None) -> _Running | None:
    """The cached crash time of a running round (``row``: the round's columns, to fill it)."""
    per_db = _RUNNING.get(session.get_bind())
    key = (round_id, tuple(sorted(_TIMING.items())))
    hit = per_db.get(key) if per_db is not None else None
    if hit is not None or row is None or row.closed_at is None:
        return hit
    spec, v = crash_variant(row.game, row.variant)
    closed = aware(row.closed_at)
    hundredths = crash_hundredths(v, crash_draw(v, row.server_seed, row.client_seed))
    info = _Running(row.number, spec, v, closed, closed + curve_of(v).time_of(hundredths) * MS)
    if per_db is None:
        per_db = _RUNNING.setdefault(session.get_bind(), {})
    if len(per_db) > 256:
        per_db.clear()
    per_db[key] = info
    return info


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


#: a new chain is published when the current one has this many rounds left, so every round of
#: the next chain is fixed at least 10 rounds in advance (000 §12.20)
REPUBLISH_AT = 2 * 10


def _latest(session: Session, table_id: str) -> Round | None:
    return session.scalars(select(Round).where(Round.table_id == table_id, Round.fair_scheme == SCHEME)
                           .order_by(Round.id.desc()).limit(1)).one_or_none()


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


def table_state(session: Session, table_id: str, now: datetime, history: int = 20) -> dict[str, Any]:
    """What every player may see of a crash table at ``now``: the round (its phase, the multiplier
    while it runs - never the crash point before the crash), the published chains (never their
    secret) and the last rounds with their revealed seeds, to verify (``croupier verify crash``)."""
    t = session.get(GameTable, table_id)
    if t is None:
        raise UnknownTable(f"no table {table_id!r}")
    rnd = _latest(session, table_id)
    current: dict[str, Any] | None = None
    if rnd is not None:
        phase = {"open": "betting", "closed": "running"}.get(rnd.state, rnd.state)
        current = {"round_id": rnd.id, "number": rnd.number, "phase": phase,
                   "closes_at": rnd.closes_at and aware(rnd.closes_at).isoformat(),
                   "started_at": rnd.closed_at and aware(rnd.closed_at).isoformat(),
                   "seed_hash": rnd.server_seed_hash, "multiplier": None, "crash": None}
        if rnd.state == "closed" and rnd.closed_at is not None:
            crash_at = crash_time(rnd)
            v = _variant(rnd)
            if crash_at is not None and now < crash_at:
                ms = (now - aware(rnd.closed_at)) // MS
                current["multiplier"] = format_multiplier(curve_of(v).hundredths_at(ms))
        if rnd.outcome is not None:
            current["crash"] = rnd.outcome.get("crash")
    done = session.scalars(select(Round).where(Round.table_id == table_id, Round.fair_scheme == SCHEME,
                                               Round.state == "settled")
                           .order_by(Round.id.desc()).limit(history)).all()
    chains = session.scalars(select(CrashChain).where(CrashChain.table_id == table_id)
                             .order_by(CrashChain.first_round)).all()
    _spec, tv = crash_variant(t.game, t.variant)
    return {
        "table_id": t.id, "game": t.game, "variant": t.variant, "currency": t.currency,
        # the display's curve m(t) = floor(100 e^(g t)) / 100, t in seconds since started_at (the
        # server's clock decides every cash-out; the client only draws it)
        "curve": {"growth_per_second": float(tv.growth_per_second),
                  "max_multiplier": format_multiplier(tv.max_multiplier), "betting_ms": tv.betting_ms,
                  "min_auto": format_multiplier(tv.min_auto), "half_cash_out": tv.half_cash_out,
                  "autobet": tv.autobet},
        "server_time": now.isoformat(), "round": current,
        "history": [{"round_id": r.id, "number": r.number, "crash": (r.outcome or {}).get("crash"),
                     "seed": r.server_seed, "chain_position": r.nonce} for r in done],
        "chains": [{"terminating_hash": c.terminating_hash, "salt": c.salt, "length": c.length,
                    "first_round": c.first_round, "published_at_round": c.published_at_round}
                   for c in chains],
    }


def crash_table_of(session: Session, table_id: str) -> GameTable:
    """The table, if it is a crash table (bets of other tables go through their own routes)."""
    t = session.get(GameTable, table_id)
    if t is None or t.game not in ("crash", "rocketon"):
        raise UnknownTable(f"no crash table {table_id!r}")
    return t


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
