"""Crash rounds on the platform (issue 17): bets debited in the betting phase, cash-outs judged by
the server's receive time at one serialisation point (the round row's lock), settlement from the
stored seed and cash-outs, at the crash and after a restart; the ledger stays whole."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from croupier.errors import IllegalAction, InvalidSelection, RoundFinished
from croupier.games.crash.chain import crash_point, make_chain, terminating_hash
from croupier.games.crash.realtime import curve_of
from croupier.platform import crash as C
from croupier.platform import crash_rounds, crash_timing
from croupier.platform.errors import BettingClosed
from croupier.platform.service import Platform
from croupier.platform.tables import place_bets
from croupier.store.models import Bet, Play, Round
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip

from .crash_helpers import shipped

T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
V = shipped()
SALT = "platform-test-salt"


def _seed_with_crash(low: int, high: int) -> str:
    """A chain top whose round 1 crashes in [low, high] hundredths."""
    for i in range(10_000):
        top = f"{i:064x}"
        if low <= crash_point(V, make_chain(3, top)[0], SALT) <= high:
            return top
    raise AssertionError("no such seed")  # pragma: no cover


def _table(p: Platform, top: str) -> int:
    def setup(s: Any) -> int:
        C.ensure_crash_table(s, "crash-eur", "Crash EUR", "crash", "standard", "EUR")
        chain = C.publish_chain(s, "crash-eur", T0, length=3, salt=SALT, last_seed=top)
        assert chain.terminating_hash == terminating_hash(make_chain(3, top))
        return C.open_round(s, "crash-eur", T0).id
    return p.run(setup)


def _running(p: Platform, crash_lo: int, crash_hi: int, *bets: tuple[Any, tuple[str, ...]]) -> tuple[int, datetime]:
    rid = _table(p, _seed_with_crash(crash_lo, crash_hi))
    for player, target in bets:
        p.run(lambda s, pl=player, t=target: place_bets(s, pl, "crash-eur", slip(("bet", "10", t)), T0 + timedelta(seconds=1)))
    start = T0 + timedelta(milliseconds=V.betting_ms)
    p.run(lambda s: C.start_round(s, rid, start))
    return rid, start


def test_000_12_20_a_crash_round_on_the_platform_pays_cash_outs_before_the_crash_only(db_url: str) -> None:
    p = make_platform(db_url)
    ann, bob, cat = (new_player(p, deposit="100") for _ in range(3))
    rid, start = _running(p, 300, 2000, (ann, ()), (bob, ("2.00",)), (cat, ()))
    with pytest.raises(BettingClosed):
        p.run(lambda s: place_bets(s, ann, "crash-eur", slip(("bet", "1", ())), start + timedelta(seconds=1)))
    t15 = start + curve_of(V).time_of(150) * C.MS
    out = p.run(lambda s: C.cash_out(s, ann, rid, 0, t15))
    assert out["at"] == "1.50"
    with pytest.raises(IllegalAction, match="already cashed out"):
        p.run(lambda s: C.cash_out(s, ann, rid, 0, t15 + timedelta(seconds=1)))
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    with pytest.raises(RoundFinished, match="crashed before the cash-out arrived"):
        p.run(lambda s: C.cash_out(s, cat, rid, 0, crash_at))
    assert p.run(lambda s: C.crash_if_due(s, rid, crash_at - C.MS)) is None
    p.run(lambda s: C.crash_if_due(s, rid, crash_at))
    returned = p.read(lambda s: {pl: s.query(Play).filter_by(round_id=rid, player_id=pl.id).one().returned_total
                                 for pl in (ann, bob, cat)})
    assert returned == {ann: 1500, bob: 2000, cat: 0}
    assert p.balance(ann)["cash_minor"] == 10000 - 1000 + 1500
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players
    p.db.dispose()


def test_restart_during_the_running_phase_settles_from_the_stored_seed_and_cash_outs(tmp_path: Any) -> None:
    p = make_platform(f"sqlite:///{tmp_path}/crash.sqlite3")
    ann, bob = (new_player(p, deposit="100") for _ in range(2))
    rid, start = _running(p, 250, 2000, (ann, ()), (bob, ()))
    p.run(lambda s: C.cash_out(s, ann, rid, 0, start + curve_of(V).time_of(120) * C.MS))
    p.db.dispose()
    p2 = make_platform(f"sqlite:///{tmp_path}/crash.sqlite3")  # the restart
    assert p2.run(lambda s: C.recover(s, "crash-eur", start + timedelta(seconds=1))) == [(rid, "settled")]
    assert p2.read(lambda s: [pl.returned_total for pl in s.query(Play).filter_by(round_id=rid).order_by(Play.player_id)]) == [1200, 0]
    assert p2.run(lambda s: C.recover(s, "crash-eur", start + timedelta(seconds=2))) == []
    assert p2.audit().total == 0
    p2.db.dispose()


def test_race_simultaneous_cash_outs_settle_once_and_none_after_the_crash(pg_url: str) -> None:
    """16 players cash out at once from threads, twice each, one of them after the crash: one
    serialisation point (the round row's lock) accepts each exactly once."""
    p = make_platform(pg_url)
    players = [new_player(p, deposit="20") for _ in range(16)]
    rid, start = _running(p, 400, 5000, *((pl, ()) for pl in players))
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    when = start + curve_of(V).time_of(300) * C.MS
    accepted: list[int] = []
    refused: list[str] = []
    lock = threading.Lock()

    def go(pl: Any, at: datetime) -> None:
        try:
            p.run(lambda s: C.cash_out(s, pl, rid, 0, at))
            with lock:
                accepted.append(pl.id)
        except (IllegalAction, RoundFinished) as exc:
            with lock:
                refused.append(str(exc))

    threads = [threading.Thread(target=go, args=(pl, when)) for pl in players for _ in range(2)]
    threads.append(threading.Thread(target=go, args=(players[0], crash_at)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(accepted) == sorted(pl.id for pl in players)
    assert len(refused) == 17
    p.run(lambda s: C.crash_if_due(s, rid, crash_at))
    assert p.read(lambda s: {pl.returned_total for pl in s.query(Play).filter_by(round_id=rid)}) == {3000}
    assert p.audit().total == 0
    p.db.dispose()


def test_race_500_simultaneous_cash_outs_in_one_round_each_settle_exactly_once(pg_url: str) -> None:
    """Issue 17 "race-freedom": 500 bets (50 players x 10) in one round, every bet cashed out
    twice at once from 32 threads (1,000 requests) and once more after the crash: each bet is
    accepted exactly once, none after the crash, and each is credited exactly once, at its
    cash-out (the crash pays nothing more)."""
    import queue

    p = make_platform(pg_url)
    players = [new_player(p, deposit="20") for _ in range(50)]
    rid = _table(p, _seed_with_crash(400, 5000))
    ten = slip(*(("bet", "1", ()) for _ in range(10)))
    for pl in players:
        p.run(lambda s, pl=pl: place_bets(s, pl, "crash-eur", ten, T0 + timedelta(seconds=1)))
    start = T0 + timedelta(milliseconds=V.betting_ms)
    p.run(lambda s: C.start_round(s, rid, start))
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    when = start + curve_of(V).time_of(300) * C.MS
    jobs: queue.Queue[tuple[Any, int, datetime]] = queue.Queue()
    for k in range(2):
        for pl in players:
            for bet in range(10):
                jobs.put((pl, bet, when + k * C.MS))
    for pl in players[:5]:
        jobs.put((pl, 0, crash_at))
    accepted: list[tuple[int, int]] = []
    refused: list[str] = []
    lock = threading.Lock()
    go = threading.Barrier(32)

    def worker() -> None:
        go.wait()
        while True:
            try:
                pl, bet, at = jobs.get_nowait()
            except queue.Empty:
                return
            try:
                p.run(lambda s, pl=pl, bet=bet, at=at: C.cash_out(s, pl, rid, bet, at))
                with lock:
                    accepted.append((pl.id, bet))
            except (IllegalAction, RoundFinished) as exc:
                with lock:
                    refused.append(type(exc).__name__)

    threads = [threading.Thread(target=worker) for _ in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(accepted) == sorted((pl.id, b) for pl in players for b in range(10))
    assert sorted(refused) == ["IllegalAction"] * 500 + ["RoundFinished"] * 5
    assert {p.balance(pl)["cash_minor"] for pl in players} == {2000 - 1000 + 10 * 300}  # at once
    p.run(lambda s: C.crash_if_due(s, rid, crash_at))
    assert {p.balance(pl)["cash_minor"] for pl in players} == {2000 - 1000 + 10 * 300}
    assert p.read(lambda s: {pl.returned_total for pl in s.query(Play).filter_by(round_id=rid)}) == {3000}
    assert p.read(lambda s: s.query(Bet).filter(Bet.returned == 300).count()) == 500
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players
    p.db.dispose()


def test_000_12_20_ticker_runs_rounds_and_publishes_each_chain_10_rounds_ahead(tmp_path: Any) -> None:
    p = make_platform(f"sqlite:///{tmp_path}/tick.sqlite3")
    p.run(lambda s: C.ensure_crash_table(s, "crash-eur", "Crash EUR", "crash", "standard", "EUR"))
    now, seen = T0, []
    for _ in range(45):
        seen.append(p.run(lambda s, n=now: C.tick(s, "crash-eur", n, chain_length=25)))
        now += timedelta(seconds=40)  # past any betting phase; crashes below ~x10 are due
    rounds = p.read(lambda s: s.query(Round).filter_by(table_id="crash-eur").order_by(Round.number).all())
    # a crash point above ~x11 runs past one 40 s step (P ~ 9%): the crash need not be the 3rd tick
    assert seen[:2] == ["opened", "running"] and seen[2] in ("crashed", "waiting") and len(rounds) >= 7
    from croupier.games.crash.chain import Chain, verify_round
    from croupier.store.crash_models import CrashChain

    chains = p.read(lambda s: s.query(CrashChain).order_by(CrashChain.first_round).all())
    assert len(chains) == 2 and chains[1].first_round == 26 and chains[1].first_round - chains[1].published_at_round >= 10
    for r in rounds:
        if r.state != "settled":
            continue
        ch = next(c for c in chains if c.first_round <= r.number < c.first_round + c.length)
        proof = verify_round(V, Chain(ch.terminating_hash, ch.salt, ch.length, ch.first_round,
                                      ch.published_at_round), r.number, r.server_seed)
        assert proof.chain_ok and r.outcome == {"crash": f"{proof.crash // 100}.{proof.crash % 100:02d}"}
    p.db.dispose()


def test_run_table_moves_a_table_on_the_platform_clock(tmp_path: Any) -> None:
    """The loop of ``croupier crash-table``: ticks until stopped, on the platform's clock."""
    from croupier.platform.config import Settings

    now = [T0]

    def clock() -> datetime:
        now[0] += timedelta(seconds=15)
        return now[0]

    p = Platform(Settings(database_url=f"sqlite:///{tmp_path}/run.sqlite3", argon2_fast=True,
                          run_tables=False, deposit_confirm_seconds=0.0), clock=clock)
    p.migrate()
    p.run(lambda s: C.ensure_crash_table(s, "r1", "R1", "rocketon", "standard", "EUR"))
    ticks = iter(range(12))
    seen: list[str] = []
    changed = C.run_table(p, "r1", lambda: next(ticks, None) is None, interval=0, chain_length=50,
                          on_change=seen.append)
    assert changed == len(seen) >= 3 and seen[:3] == ["opened", "running", "crashed"]
    p.db.dispose()


def test_the_server_runner_ticks_a_crash_table_and_broadcasts_its_phases(tmp_path: Any) -> None:
    """The table supervisor hands a crash table to its runner: phases go out on the table's
    channel, and no crash point is in a message before the crash."""
    import asyncio

    from croupier.platform import crash_runner
    from croupier.platform.config import Settings

    now = [T0]

    def clock() -> datetime:
        now[0] += timedelta(seconds=4)
        return now[0]

    p = Platform(Settings(database_url=f"sqlite:///{tmp_path}/srv.sqlite3", argon2_fast=True,
                          run_tables=False, deposit_confirm_seconds=0.0), clock=clock)
    p.migrate()
    p.run(lambda s: C.ensure_crash_table(s, "c1", "C1", "crash", "standard", "EUR"))
    assert crash_runner.is_crash_table(p, "c1") and not crash_runner.is_crash_table(p, "nope")
    sent: list[dict[str, Any]] = []

    async def main() -> None:
        stop = asyncio.Event()

        async def publish(msg: dict[str, Any]) -> None:
            sent.append(msg)
            if len(sent) >= 5:
                stop.set()

        await asyncio.wait_for(crash_runner.run_crash_table(p, publish, "c1", stop, tick_seconds=0), 30)

    asyncio.run(main())
    types = [m["message"]["type"] for m in sent]
    # the crash is announced at once (a short transaction), the payment on the next tick
    assert types[:4] == ["crash_opened", "crash_running", "crash_crashed", "crash_settled"]
    assert sent[2]["message"]["round"]["phase"] == "resulted" and sent[3]["message"]["round"]["phase"] == "settled"
    for m in sent:
        r = m["message"]["round"]
        assert m["table_id"] == "c1"
        assert (r["crash"] is None) == (m["message"]["type"] in ("crash_opened", "crash_running"))
    p.db.dispose()


def test_000_12_20_autobet_runs_on_the_server_and_stops_at_the_total_bets_limit(tmp_path: Any) -> None:
    """Base 0.50, limit 5.00, auto 2.00, win: base, loss: double - the worked example's settings:
    the server bets every round without the player, each next bet follows the last result, and
    the session stops when the next bet would take the total above 5.00."""
    from croupier.games.crash.autobet import Autobet
    from croupier.platform import crash_autobet as A
    from croupier.store.crash_models import CrashAutobet
    from croupier.store.models import Bet

    p = make_platform(f"sqlite:///{tmp_path}/auto.sqlite3")
    pl = new_player(p, deposit="100")
    p.run(lambda s: C.ensure_crash_table(s, "crash-eur", "Crash EUR", "crash", "standard", "EUR"))
    p.run(lambda s: C.ensure_crash_table(s, "rocket", "Rocketon", "rocketon", "standard", "EUR"))
    with pytest.raises(IllegalAction, match="same stake every round"):  # 000 §12.26 auto mode
        p.run(lambda s: A.start(s, pl, "rocket", "0.50", "5.00", "2.00", "base", "double", now=T0))
    rocket = p.run(lambda s: A.start(s, pl, "rocket", "0.50", "5.00", "2.00", now=T0))
    assert rocket["status"] == "running"
    p.run(lambda s: A.stop(s, pl, "rocket"))
    with pytest.raises(IllegalAction, match="below the table minimum"):
        p.run(lambda s: A.start(s, pl, "crash-eur", "0.05", "5.00", "2.00", now=T0))
    with pytest.raises(InvalidSelection):
        p.run(lambda s: A.start(s, pl, "crash-eur", "0.50", "5.00", "2.005", now=T0))
    started = p.run(lambda s: A.start(s, pl, "crash-eur", "0.50", "5.00", "2.00", "base", "double", now=T0))
    assert started["auto_cash_out"] == "2.00" and started["next_bet_minor"] == 50
    with pytest.raises(IllegalAction, match="already running"):
        p.run(lambda s: A.start(s, pl, "crash-eur", "0.50", "5.00", now=T0))
    now = T0
    for _ in range(200):
        p.run(lambda s, n=now: C.tick(s, "crash-eur", n))
        now += timedelta(seconds=60)
        if p.read(lambda s: s.query(CrashAutobet).filter_by(table_id="crash-eur").one().status) == "stopped":
            break
    row = p.read(lambda s: A.view(s.query(CrashAutobet).filter_by(table_id="crash-eur").one()))
    assert row["status"] == "stopped" and row["stop_reason"] == "limit"
    bets = p.read(lambda s: [(b.stake, b.returned, b.target) for b in s.query(Bet).order_by(Bet.id)])
    model = Autobet.begin(50, 500, 200, "base", "double")
    for stake, returned, target in bets:
        assert target == ["2.00"] and stake == model.stake
        assert returned in (0, stake * 2)
        model = model.after(returned > 0)
    assert model.stake is None and row["total_minor"] == sum(b[0] for b in bets) <= 500
    assert row["total_minor"] + row["next_bet_minor"] > 500
    assert p.balance(pl)["cash_minor"] == 10000 - sum(b[0] for b in bets) + sum(b[1] for b in bets)
    assert p.audit().total == 0
    p.db.dispose()


def test_000_12_26_auto_mode_bets_every_round_and_the_player_may_still_cash_out_50(tmp_path: Any) -> None:
    """§12.26 Auto mode: the system places the bet every round (the same stake: ASSUMPTION,
    ambiguity 4) with the autoexit; the player may still press the 50% cash-out or exit."""
    from croupier.platform import crash_autobet as A
    from croupier.store.models import Bet

    p = make_platform(f"sqlite:///{tmp_path}/rocket-auto.sqlite3")
    pl = new_player(p, deposit="100")
    rv = shipped("rocketon")
    p.run(lambda s: C.ensure_crash_table(s, "rocket", "Rocketon", "rocketon", "standard", "EUR"))
    p.run(lambda s: A.start(s, pl, "rocket", "0.50", "100.00", "5.00", now=T0))
    now, pressed = T0, None
    for _ in range(400):
        p.run(lambda s, n=now: C.tick(s, "rocket", n))
        rnd = p.read(lambda s: crash_rounds._latest(s, "rocket"))
        assert rnd is not None and (rnd.state != "closed" or rnd.closed_at is not None)
        if pressed is None and rnd.state == "closed" and C.crash_hundredths(rv, crash_timing._draw(rnd, rv)) > 150:
            at = C.aware(rnd.closed_at) + curve_of(rv).time_of(150) * C.MS  # type: ignore[arg-type]
            assert p.run(lambda s, r=rnd.id, a=at: C.cash_out(s, pl, r, 0, a, half=True))["at"] == "1.50"
            pressed = rnd.id
        now += timedelta(seconds=5)
        if pressed is not None and rnd.number >= 3 and rnd.state == "settled":
            break
    assert pressed is not None
    bets = p.read(lambda s: [(b.stake, tuple(b.target)) for b in s.query(Bet).order_by(Bet.id)])
    assert len(bets) >= 2 and set(bets) == {(50, ("5.00",))}
    assert p.read(lambda s: s.query(Play).filter_by(round_id=pressed).one().returned_total) >= 25 * 150 // 100
    assert p.audit().total == 0
    p.db.dispose()


def test_a_cash_out_during_the_settlement_is_refused_at_once_without_waiting_for_it(pg_url: str) -> None:
    """The crash is a short transaction; the settlement after it holds the plays it pays. A
    cash-out that arrives meanwhile (received just before the crash time, reaching the round after
    the crash) sees the round crashed and is refused at once: it never waits for the payments."""
    import time

    from croupier.store.uow import UnitOfWork

    p = make_platform(pg_url)
    ann, bob = (new_player(p, deposit="20") for _ in range(2))
    rid, start = _running(p, 300, 2000, (ann, ()), (bob, ()))
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    assert p.run(lambda s: C.crash_if_due(s, rid, crash_at, settle=False)) is not None
    with UnitOfWork(p.db) as uow:  # the settlement in flight: every play row locked, not committed
        assert C.settle_crashed(uow.session, rid, crash_at) is not None
        t = time.perf_counter()
        for who in (ann, bob):
            with pytest.raises(RoundFinished, match="crashed before the cash-out arrived"):
                p.run(lambda s, pl=who: C.cash_out(s, pl, rid, 0, crash_at - C.MS))
        assert time.perf_counter() - t < 5  # (a wait would last until the commit below)
        uow.commit()
    assert p.read(lambda s: {pl.returned_total for pl in s.query(Play).filter_by(round_id=rid)}) == {0}
    assert p.audit().total == 0
    p.db.dispose()
