"""Crash tables on the platform (issue 17, docs/crash.md): rounds of Crash and Rocketon whose
crash points come from a published hash chain, cash-outs judged by the server's receive time.

Phases of a crash round (a :class:`~croupier.store.models.Round` with ``fair_scheme
"crash_chain"``): ``open`` = betting phase (bets through :func:`tables.place_bets`: validated,
debited, recorded), ``closed`` = running phase from ``closed_at``, then ``settled`` at the crash
(or ``voided`` if it never started).

* Serialisation point: the round row. A cash-out holds it ``FOR SHARE`` (cash-outs do not wait
  for each other; a player's own commands are serial), reads the clock inside the lock, and is
  accepted only if that time is before the crash time (``closed_at`` + the curve's time of the
  crash point); it is stored (``crash_cash_outs``, unique per bet and kind) in the same
  transaction. The crash takes the row ``FOR UPDATE``: it waits for the cash-outs in flight and
  every later one sees the round crashed. Its multiplier is the curve's at the receive time.
* Auto cash-outs need no request: the engine pays them at the crash from the bets' targets.
* At the crash (:func:`crash_if_due`, called by the table's ticker) and after a restart
  (:func:`recover`), each play settles from its stored bets, its stored cash-outs and the draw of
  the round's stored seed - nothing else.

The ticker is platform/crash_runner.py, the routes api/crash.py, the page web/crash.html.
"""

from __future__ import annotations

import dataclasses
import hashlib
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, IllegalAction, RoundFinished
from croupier.games.base import Action, BetRequest, Decision, DrawAction
from croupier.games.crash.chain import crash_draw, make_chain, terminating_hash
from croupier.games.crash.distribution import crash_hundredths
from croupier.games.crash.engine import DRAW
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.realtime import curve_of
from croupier.games.crash.variant import CrashVariant
from croupier.platform.clock import aware
from croupier.platform.errors import RoundStateError, UnknownTable
from croupier.platform.ledger import Ledger
from croupier.platform.rounds import add_event, play_bets, resolve_game, settle_play
from croupier.platform.tables import RoundReport, _lock_round, _next_lock_id, void_round
from croupier.store.crash_models import CrashCashOut, CrashChain
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


def _cash_outs(session: Session, play_id: int) -> list[Action]:
    rows = session.scalars(select(CrashCashOut).where(CrashCashOut.play_id == play_id)
                           .order_by(CrashCashOut.id))
    return [Decision(r.name, {"bet": r.bet, "at": r.at}) for r in rows]


def cash_out(session: Session, player: Player, round_id: int, bet: int, now: datetime,
             half: bool = False) -> dict[str, Any]:
    """A cash-out request received at ``now``: accepted and stored, or refused with a reason.

    Serialisation: the player's own commands one at a time (their cash row), the round row
    ``FOR SHARE`` - cash-outs do not wait for each other, the crash (``FOR UPDATE``) waits for
    those in flight and every later one sees the round crashed; a unique key stores each
    cash-out of a bet at most once."""
    # lock order round -> player, as the crash (round -> the players' accounts): no deadlock
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update(read=True)
                          .execution_options(populate_existing=True)).one_or_none()
    Ledger(session).lock_player(player.id)
    if rnd is None or rnd.fair_scheme != SCHEME:
        raise IllegalAction(f"round {round_id} is not a crash round")
    if rnd.state == "open":
        raise IllegalAction(f"round {rnd.number} has not started: nothing to cash out yet")
    crash_at = crash_time(rnd)
    if rnd.state != "closed" or crash_at is None or now >= crash_at:
        raise RoundFinished(f"round {rnd.number} crashed before the cash-out arrived: the "
                            "server's record decides (000 §12.20)")
    play_row = session.scalars(select(Play).where(Play.round_id == rnd.id,
                                                  Play.player_id == player.id)).one_or_none()
    if play_row is None:
        raise IllegalAction(f"you have no bet in round {rnd.number}")
    spec, v = crash_variant(rnd.game, rnd.variant)
    reqs = [BetRequest(b.code, b.stake, tuple(b.target)) for b in play_bets(session, play_row.id)]
    state = spec.engine.start(v, reqs, play_row.currency)
    for d in _cash_outs(session, play_row.id):
        state = spec.engine.apply(state, d)
    ms = (now - aware(rnd.closed_at or now)) // MS
    at = format_multiplier(curve_of(v).hundredths_at(ms))
    name = "half_cash_out" if half else "cash_out"
    spec.engine.apply(state, Decision(name, {"bet": bet, "at": at}))  # the engine's rules decide
    session.add(CrashCashOut(round_id=rnd.id, play_id=play_row.id, bet=bet, name=name, at=at,
                             received_ms=ms, received_at=now))
    session.flush()
    return {"round_id": rnd.id, "number": rnd.number, "table_id": rnd.table_id, "bet": bet,
            "cash_out": name, "at": at}


def crash_if_due(session: Session, round_id: int, now: datetime) -> RoundReport | None:
    """Crash and settle the round if its crash time has come (the table's ticker calls this)."""
    rnd = _lock_round(session, round_id)
    crash_at = crash_time(rnd)
    if rnd.state != "closed" or crash_at is None or now < crash_at:
        return None
    return _finish(session, rnd, now)


def _finish(session: Session, rnd: Round, now: datetime) -> RoundReport:
    """Store the result and settle every play from its stored bets, its stored cash-outs and the
    draw of the stored seed (the same path at the crash and after a restart)."""
    spec, v = resolve_game(rnd.game, rnd.variant)
    draw = _draw(rnd, v)
    crash = format_multiplier(crash_hundredths(v, draw))
    rnd.draws = [{"kind": DRAW, "value": draw}]
    rnd.outcome = {"crash": crash}
    rnd.state = "resulted"
    rnd.resulted_at = now
    add_event(session, rnd.id, "result", {"outcome": rnd.outcome, "draws": rnd.draws,
                                          "seed": rnd.server_seed}, now)
    ledger = Ledger(session)
    report = RoundReport(rnd.id, rnd.table_id or "", "settled", rnd.outcome)
    plays = session.scalars(select(Play).where(Play.round_id == rnd.id, Play.status == "open")
                            .order_by(Play.player_id)).all()
    for p in plays:
        actions = [*_cash_outs(session, p.id), DrawAction(DRAW, draw)]
        settle_play(session, ledger, spec, v, rnd, p, actions, now)
    rnd.state = "settled"
    rnd.settled_at = now
    add_event(session, rnd.id, "settled", {"plays": len(plays)}, now)
    from croupier.platform import crash_autobet

    crash_autobet.after_round(session, rnd)
    session.flush()
    return report


def recover(session: Session, table_id: str, now: datetime) -> list[tuple[int, str]]:
    """After a restart: a round still betting is voided (stakes returned: it had not started);
    a running or resulted round settles from its stored seed and cash-outs."""
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
        else:
            _finish(session, _lock_round(session, r.id), now)
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


def tick(session: Session, table_id: str, now: datetime, chain_length: int = 10_000) -> str:
    """Move the table on at ``now``: open a round, end its betting phase, or crash it. What was
    done (``"opened"``, ``"running"``, ``"crashed"``) or ``"waiting"``."""
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
    if rnd.state in ("closed", "resulted") and crash_if_due(session, rnd.id, now) is not None:
        return "crashed"
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
