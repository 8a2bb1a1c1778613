"""Group commit of crash cash-outs (issue 17 "Race-freedom", docs/crash.md "Cash-out latency"):
the cash-outs that arrive together are decided and written in one transaction of a fixed number
of statements (platform/crash.py ``cash_outs``, platform/crash_writer.py), each judged by its own
receive time against the crash time at the one serialisation point (the round row). Each bet
settles exactly once, the ledger stays whole, a request received after the crash loses whatever
its batch holds, and a restart settles the round from the stored crash point and cash-outs only."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event

from croupier.errors import CroupierError, IllegalAction, RoundFinished
from croupier.games.crash.chain import crash_point, make_chain
from croupier.games.crash.realtime import curve_of
from croupier.platform import crash as C
from croupier.platform.crash_writer import CashOutWriter
from croupier.platform.service import Platform
from croupier.platform.tables import place_bets
from croupier.store.crash_models import CrashCashOut
from croupier.store.models import Play, Round, Transfer
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip

from .crash_helpers import shipped

T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
SALT = "batch-test-salt"


def _top(game: str, low: int, high: int) -> str:
    v = shipped(game)
    return next(f"{i:064x}" for i in range(20_000)
                if low <= crash_point(v, make_chain(3, f"{i:064x}")[0], SALT) <= high)


def _round(p: Platform, players: list[Any], bets_each: int, table: str = "crash-eur",
           game: str = "crash", stake: str = "1", auto: tuple[str, ...] = ()) -> tuple[int, datetime, datetime]:
    """Round 1 of a ``game`` table crashing in [4.00, 50.00], each player with ``bets_each``
    bets of ``stake``; running. (round id, start, crash time)"""

    def setup(s: Any) -> int:
        C.ensure_crash_table(s, table, table, game, "standard", "EUR")
        C.publish_chain(s, table, T0, length=3, salt=SALT, last_seed=_top(game, 400, 5000))
        return C.open_round(s, table, T0).id

    rid = p.run(setup)
    many = slip(*(("bet", stake, auto) for _ in range(bets_each)))
    for pl in players:
        p.run(lambda s, pl=pl: place_bets(s, pl, table, many, T0 + timedelta(seconds=1)))
    start = T0 + timedelta(milliseconds=shipped(game).betting_ms)
    assert p.run(lambda s: C.tick(s, table, start)) == "running"
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    return rid, start, crash_at


def _at(start: datetime, hundredths: int, game: str = "crash") -> datetime:
    return start + curve_of(shipped(game)).time_of(hundredths) * C.MS


def _whole(p: Platform) -> None:
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players


def test_race_500_simultaneous_cash_outs_in_one_batch_each_settle_exactly_once(db_url: str) -> None:
    """Issue 17 "500 simultaneous cash-outs in one round each settle exactly once", as one batch:
    500 bets (50 players x 10), each requested twice at x3.00 in the same batch, 5 more received
    at the crash time and one from a player with no bet - all in one shuffled batch. Each bet is
    accepted once and credited at once, the repeats are refused, the late ones lose; after a
    restart the round settles from the stored crash point and cash-outs only, paying nothing more."""
    p = make_platform(db_url)
    players = [new_player(p, deposit="20") for _ in range(50)]
    stranger = new_player(p, deposit="20")
    rid, start, crash_at = _round(p, players, 10)
    when = _at(start, 300)
    reqs = [C.CashOutRequest(pl.id, bet, when + k * C.MS) for k in range(2) for pl in players
            for bet in range(10)]
    reqs += [C.CashOutRequest(pl.id, 0, crash_at) for pl in players[:5]]
    reqs.append(C.CashOutRequest(stranger.id, 0, when))
    random.Random(17).shuffle(reqs)  # the order they reach the writer does not matter
    results = p.run(lambda s: C.cash_outs(s, rid, reqs))
    accepted = sorted((r.player_id, r.bet) for r, out in zip(reqs, results, strict=True)
                      if isinstance(out, dict))
    assert accepted == sorted((pl.id, b) for pl in players for b in range(10))  # each bet once
    for r, out in zip(reqs, results, strict=True):
        if r.received >= crash_at:
            assert isinstance(out, RoundFinished)  # received after the crash: loses
        elif r.player_id == stranger.id:
            assert isinstance(out, IllegalAction) and "no bet" in str(out)
        elif r.received > when:
            assert isinstance(out, IllegalAction) and "already cashed out" in str(out)
        else:
            assert isinstance(out, dict) and (out["at"], out["returned_minor"]) == ("3.00", 300)
    assert {p.balance(pl)["cash_minor"] for pl in players} == {2000 - 1000 + 10 * 300}  # at once
    _whole(p)
    p.db.dispose()
    p2 = make_platform(db_url)  # a restart in the running phase
    assert p2.run(lambda s: C.recover(s, "crash-eur", crash_at + timedelta(seconds=1))) == [(rid, "settled")]
    assert {p2.balance(pl)["cash_minor"] for pl in players} == {2000 - 1000 + 10 * 300}
    assert p2.read(lambda s: {pl.returned_total for pl in s.query(Play).filter_by(round_id=rid)}) == {3000}
    assert p2.read(lambda s: s.query(CrashCashOut).filter_by(round_id=rid).count()) == 500
    assert p2.read(lambda s: s.query(Transfer).filter_by(round_id=rid, kind="payout").count()) == 500
    _whole(p2)
    p2.db.dispose()


def test_a_batch_of_cash_outs_takes_the_same_statements_for_5_or_499_requests(db_url: str) -> None:
    """Set-based: the statements a batch sends (read, lock, store, credit) do not grow with it
    (499: every bet of the round but the one cashed out first, to warm the caches)."""
    p = make_platform(db_url)
    players = [new_player(p, deposit="20") for _ in range(50)]
    counts = []
    for n, table in ((5, "c5"), (499, "c499")):
        rid, start, _crash = _round(p, players, 10, table=table)
        p.run(lambda s, r=rid, t=start: C.cash_out(s, players[0], r, 9, _at(t, 150)))  # warm caches
        reqs = [C.CashOutRequest(pl.id, bet, _at(start, 200)) for bet in range(9) for pl in players]
        reqs = (reqs + [C.CashOutRequest(pl.id, 9, _at(start, 200)) for pl in players[1:]])[:n]
        seen: list[str] = []

        def listener(*args: Any, seen: list[str] = seen) -> None:
            seen.append(str(args[2]))

        event.listen(p.db.write, "before_cursor_execute", listener)
        try:
            out = p.run(lambda s, r=rid, q=reqs: C.cash_outs(s, r, q))
        finally:
            event.remove(p.db.write, "before_cursor_execute", listener)
        assert len([o for o in out if isinstance(o, dict)]) == n
        counts.append(len(seen))
    _whole(p)
    p.db.dispose()
    assert counts[0] == counts[1] < 12, counts


def test_000_12_26_half_and_full_cash_out_of_one_bet_in_one_batch_in_receive_order(db_url: str) -> None:
    """Rocketon in one batch: the 50% cash-out then the rest (each at its own receive time's
    multiplier, decided in receive order whatever the order of arrival at the writer); a second
    50% of the bet is refused (once per round, 000 §12.26), and nothing is paid twice."""
    p = make_platform(db_url)
    ann, bob = new_player(p, deposit="100"), new_player(p, deposit="100")
    rid, start, crash_at = _round(p, [ann, bob], 1, table="rocket", game="rocketon", stake="10.01")
    reqs = [C.CashOutRequest(ann.id, 0, _at(start, 200, "rocketon")),
            C.CashOutRequest(ann.id, 0, _at(start, 150, "rocketon"), half=True),
            C.CashOutRequest(bob.id, 0, _at(start, 150, "rocketon"), half=True),
            C.CashOutRequest(bob.id, 0, _at(start, 160, "rocketon"), half=True)]
    out = p.run(lambda s: C.cash_outs(s, rid, reqs))
    assert isinstance(out[1], dict) and out[1]["returned_minor"] == 500 * 150 // 100
    assert isinstance(out[0], dict) and out[0]["returned_minor"] == 501 * 2
    assert isinstance(out[2], dict) and isinstance(out[3], IllegalAction)
    assert p.balance(ann)["cash_minor"] == 10000 - 1001 + 750 + 1002
    p.run(lambda s: C.crash_if_due(s, rid, crash_at))
    assert p.read(lambda s: {pl.player_id: pl.returned_total for pl in s.query(Play).filter_by(round_id=rid)}) == {
        ann.id: 750 + 1002, bob.id: 750}
    assert p.balance(ann)["cash_minor"] == 10000 - 1001 + 750 + 1002
    _whole(p)
    p.db.dispose()


def test_race_the_writer_group_commits_concurrent_cash_outs_and_the_crash_decides_the_rest(db_url: str) -> None:
    """Through the writer (what the route uses): 500 requests submitted at once from 10 threads,
    with the ticker crashing the round while they are written. Batches form (fewer transactions
    than requests); every request received before the crash time and written before the crash is
    paid once, every other one is refused (RoundFinished), and the close pays nothing twice."""
    p = make_platform(db_url)
    players = [new_player(p, deposit="20") for _ in range(50)]
    rid, start, crash_at = _round(p, players, 10)
    writer = CashOutWriter(p, threads=2)
    futures: list[tuple[C.CashOutRequest, Any]] = []
    lock = threading.Lock()
    go = threading.Barrier(11)

    def client(group: list[Any]) -> None:
        go.wait()
        for pl in group:
            for bet in range(10):
                # half of them received just before the crash, 1 in 10 after it
                at = _at(start, 200) if bet < 5 else crash_at - C.MS if bet < 9 else crash_at
                r = C.CashOutRequest(pl.id, bet, at)
                with lock:
                    futures.append((r, writer.submit(rid, r)))

    def crasher() -> None:
        go.wait()
        while p.run(lambda s: C.crash_if_due(s, rid, crash_at, settle=False)) is None:
            pass  # pragma: no cover - crashes at once

    threads = [threading.Thread(target=client, args=(players[i::10],)) for i in range(10)]
    threads.append(threading.Thread(target=crasher))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outcomes: dict[tuple[int, int], Any] = {}
    for r, f in futures:
        try:
            outcomes[(r.player_id, r.bet)] = f.result(timeout=60)
        except CroupierError as exc:
            outcomes[(r.player_id, r.bet)] = exc
    writer.stop()
    assert len(outcomes) == 500 and writer.requests == 500 and writer.batches < 500
    for (_pid, bet), o in outcomes.items():
        if bet == 9:
            assert isinstance(o, RoundFinished)
        else:
            assert isinstance(o, dict | RoundFinished)
    assert p.run(lambda s: C.settle_crashed(s, rid, crash_at)) is not None
    paid = {(pid, b): o["returned_minor"] for (pid, b), o in outcomes.items() if isinstance(o, dict)}
    stored = p.read(lambda s: s.query(CrashCashOut).filter_by(round_id=rid).count())
    assert stored == len(paid)  # each accepted request stored once, nothing else
    for pl in players:
        mine = sum(v for (pid, _b), v in paid.items() if pid == pl.id)
        assert p.balance(pl)["cash_minor"] == 2000 - 1000 + mine
        assert p.read(lambda s, pl=pl: s.query(Play).filter_by(round_id=rid, player_id=pl.id).one().returned_total) == mine
    _whole(p)
    p.db.dispose()


@pytest.mark.parametrize("half", [False, True])
def test_bad_input_a_second_cash_out_in_the_same_batch_is_refused_and_moves_nothing(db_url: str, half: bool) -> None:
    """Issue 17 "Bad input": a cash-out (or a 50% cash-out) twice, both in one batch: precise
    errors for the second, one credit for the first."""
    p = make_platform(db_url)
    ann = new_player(p, deposit="100")
    game = "rocketon" if half else "crash"
    rid, start, _crash = _round(p, [ann], 1, table="twice", game=game, stake="10")
    reqs = [C.CashOutRequest(ann.id, 0, _at(start, 130, game), half),
            C.CashOutRequest(ann.id, 0, _at(start, 140, game), half)]
    first, second = p.run(lambda s: C.cash_outs(s, rid, reqs))
    assert isinstance(first, dict) and isinstance(second, IllegalAction)
    assert ("already used its 50% cash-out" if half else "already cashed out") in str(second)
    paid = first["returned_minor"]
    assert p.balance(ann)["cash_minor"] == 10000 - 1000 + paid
    assert p.read(lambda s: s.query(CrashCashOut).filter_by(round_id=rid).count()) == 1
    _whole(p)
    p.db.dispose()
