"""Crash money at the moment of the exit (issue 17, docs/crash.md "Payments"): a manual or 50%
cash-out is credited in the transaction that accepts it, an auto cash-out when the server's ticker
sees the multiplier reach its target; the crash only closes the round, set-based, paying what is
still owed (auto targets at the crash point itself). Every bet exits once; the ledger stays whole."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event, select

from croupier.errors import IllegalAction, RoundFinished
from croupier.games.crash.chain import crash_point, make_chain
from croupier.games.crash.realtime import curve_of
from croupier.platform import crash as C
from croupier.platform.protection import audit
from croupier.platform.protection.audit import at_text
from croupier.platform.service import Platform
from croupier.platform.tables import place_bets
from croupier.store.crash_models import CrashCashOut
from croupier.store.models import Play, Round, Transfer
from croupier.store.protection_models import AuditEntry
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip

from .crash_helpers import shipped

T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
SALT = "credit-test-salt"


def _top(game: str, low: int, high: int) -> str:
    """A chain top whose round 1 of ``game`` crashes in [low, high] hundredths."""
    v = shipped(game)
    return next(f"{i:064x}" for i in range(20_000)
                if low <= crash_point(v, make_chain(3, f"{i:064x}")[0], SALT) <= high)


def _round(p: Platform, game: str, top: str, *bets: tuple[Any, str, tuple[str, ...]],
           table: str = "") -> tuple[int, datetime]:
    """A ``game`` table (``table``, default ``<game>-eur``) with round 1 from ``top``; ``bets``
    (player, stake, auto) placed; running."""
    table = table or f"{game}-eur"

    def setup(s: Any) -> int:
        C.ensure_crash_table(s, table, game, game, "standard", "EUR")
        C.publish_chain(s, table, T0, length=3, salt=SALT, last_seed=top)
        return C.open_round(s, table, T0).id

    rid = p.run(setup)
    for pl, stake, auto in bets:
        p.run(lambda s, pl=pl, st=stake, a=auto: place_bets(s, pl, table, slip(("bet", st, a)),
                                                            T0 + timedelta(seconds=1)))
    start = T0 + timedelta(milliseconds=shipped(game).betting_ms)
    assert p.run(lambda s: C.tick(s, table, start)) == "running"
    return rid, start


def _at(game: str, start: datetime, hundredths: int) -> datetime:
    """The server time at which the round's multiplier first reads ``hundredths``."""
    return start + curve_of(shipped(game)).time_of(hundredths) * C.MS


def _cash(p: Platform, pl: Any) -> int:
    return int(p.balance(pl)["cash_minor"])


def _whole(p: Platform) -> None:
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players


def test_000_12_20_a_manual_cash_out_is_credited_at_once_and_the_crash_pays_it_no_more(db_url: str) -> None:
    p = make_platform(db_url)
    ann, bob = (new_player(p, deposit="100") for _ in range(2))
    rid, start = _round(p, "crash", _top("crash", 300, 2000), (ann, "10", ()), (bob, "10", ()))
    out = p.run(lambda s: C.cash_out(s, ann, rid, 0, _at("crash", start, 150)))
    assert (out["at"], out["returned_minor"]) == ("1.50", 1500)
    assert _cash(p, ann) == 10000 - 1000 + 1500  # the balance moved with the cash-out
    assert p.read(lambda s: s.scalars(select(Play.status).where(Play.round_id == rid)).all()) == ["open", "open"]
    _whole(p)  # a balanced transfer: house -> player, before the stake reached the house
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    p.run(lambda s: C.crash_if_due(s, rid, crash_at))
    assert _cash(p, ann) == 10000 - 1000 + 1500 and _cash(p, bob) == 10000 - 1000
    keys = p.read(lambda s: sorted(s.scalars(select(Transfer.idempotency_key).where(
        Transfer.round_id == rid, Transfer.kind == "payout")).all()))
    play = p.read(lambda s: s.scalars(select(Play.id).where(Play.round_id == rid, Play.player_id == ann.id)).one())
    assert keys == [f"cashout:{play}:0:cash_out"]  # paid once, at the cash-out; nothing at the close
    assert p.read(lambda s: {pl.player_id: (pl.status, pl.returned_total)
                             for pl in s.query(Play).filter_by(round_id=rid)}) == {
        ann.id: ("settled", 1500), bob.id: ("settled", 0)}
    # the monitoring record (001 §5.2.10): the win, with the credit's own time and transfer key,
    # written from the stored cash-out when the round closes; the chain stays intact
    wins = p.read(lambda s: [(e.player_id, e.amount, e.ref, e.at) for e in s.scalars(
        select(AuditEntry).where(AuditEntry.kind == "win", AuditEntry.round_id == rid))])
    assert wins == [(ann.id, 1500, f"cashout:{play}:0:cash_out", at_text(_at("crash", start, 150)))]
    assert p.read(audit.verify_session).ok
    _whole(p)
    p.db.dispose()


def test_000_12_20_auto_cash_out_is_executed_and_credited_when_the_multiplier_reaches_it(db_url: str) -> None:
    """The server executes an auto cash-out at exactly its target, connected or not, as the
    multiplier passes it (the ticker), and credits it then; a bet that exited by hand first is
    not executed again; a target at the crash point itself is paid when the round closes."""
    p = make_platform(db_url)
    top = _top("crash", 300, 2000)
    k = crash_point(shipped(), make_chain(3, top)[0], SALT)
    ann, bob, cat, dan = (new_player(p, deposit="100") for _ in range(4))
    at_k = f"{k // 100}.{k % 100:02d}"
    rid, start = _round(p, "crash", top, (ann, "10", ("1.50",)), (bob, "10", ("2.00",)),
                        (cat, "10", (at_k,)), (dan, "10", (f"{(k + 1) // 100}.{(k + 1) % 100:02d}",)))
    assert p.run(lambda s: C.cash_out(s, bob, rid, 0, _at("crash", start, 120)))["at"] == "1.20"
    assert p.run(lambda s: C.tick(s, "crash-eur", _at("crash", start, 150) - C.MS)) == "waiting"
    assert _cash(p, ann) == 9000
    cashed: list[dict[str, Any]] = []
    assert p.run(lambda s: C.tick(s, "crash-eur", _at("crash", start, 150), cashed=cashed)) == "cashed"
    assert cashed == [{"round_id": rid, "player": ann.login[:2] + "***", "cash_out": "auto_cash_out", "at": "1.50"}]
    assert _cash(p, ann) == 9000 + 1500  # credited at the target, no request from the player
    # a manual cash-out received before the target but reaching the play after the server's
    # execution: the serialisation point has already taken the bet out
    with pytest.raises(IllegalAction, match="already cashed out at x1.50: its auto cash-out"):
        p.run(lambda s: C.cash_out(s, ann, rid, 0, _at("crash", start, 140)))
    with pytest.raises(IllegalAction, match="already cashed out at x1.50"):
        p.run(lambda s: C.cash_out(s, ann, rid, 0, _at("crash", start, 160)))
    # bob's target passes: he left at x1.20 by hand, so nothing is executed for him
    assert p.run(lambda s: C.pay_autos(s, rid, _at("crash", start, 200))) == []
    assert p.run(lambda s: C.pay_autos(s, rid, _at("crash", start, 200))) == []
    assert _cash(p, bob) == 9000 + 1200
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    assert p.run(lambda s: C.pay_autos(s, rid, crash_at - C.MS)) == []  # below the crash point
    assert p.run(lambda s: C.tick(s, "crash-eur", crash_at)) == "crashed"
    assert p.run(lambda s: C.pay_autos(s, rid, crash_at)) == []  # crashed: nothing more executed
    assert _cash(p, cat) == 9000  # its target is the crash point: paid by the close
    assert p.run(lambda s: C.tick(s, "crash-eur", crash_at)) == "settled"
    assert _cash(p, cat) == 9000 + 10 * k and _cash(p, dan) == 9000 and _cash(p, ann) == 10500
    assert p.read(lambda s: {pl.player_id: pl.returned_total for pl in s.query(Play).filter_by(round_id=rid)}) == {
        ann.id: 1500, bob.id: 1200, cat.id: 10 * k, dan.id: 0}
    exits = p.read(lambda s: sorted((r.name, r.at) for r in s.query(CrashCashOut).filter_by(round_id=rid)))
    assert exits == [("auto_cash_out", "1.50"), ("cash_out", "1.20")]
    _whole(p)
    p.db.dispose()


def test_000_12_26_half_cash_out_is_credited_at_once_and_the_autoexit_takes_the_rest(db_url: str) -> None:
    p = make_platform(db_url)
    ann = new_player(p, deposit="100")
    rid, start = _round(p, "rocketon", _top("rocketon", 400, 2000), (ann, "10.01", ("3.00",)))
    out = p.run(lambda s: C.cash_out(s, ann, rid, 0, _at("rocketon", start, 150), half=True))
    assert (out["cash_out"], out["returned_minor"]) == ("half_cash_out", 500 * 150 // 100)
    assert _cash(p, ann) == 10000 - 1001 + 750
    with pytest.raises(IllegalAction, match="already used its 50% cash-out"):
        p.run(lambda s: C.cash_out(s, ann, rid, 0, _at("rocketon", start, 160), half=True))
    assert len(p.run(lambda s: C.pay_autos(s, rid, _at("rocketon", start, 300)))) == 1
    assert _cash(p, ann) == 10000 - 1001 + 750 + 501 * 3  # the odd unit rode with the rest
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    p.run(lambda s: C.crash_if_due(s, rid, crash_at))
    assert _cash(p, ann) == 10000 - 1001 + 750 + 1503
    assert p.read(lambda s: s.query(Play).filter_by(round_id=rid).one().returned_total) == 2253
    _whole(p)
    p.db.dispose()


def test_restart_after_credits_pays_only_what_the_stored_record_still_owes(tmp_path: Any) -> None:
    """A restart in the running phase: the round crashes from its stored seed and closes from the
    stored cash-outs (manual and auto, already credited) and the stored auto targets only."""
    url = f"sqlite:///{tmp_path}/credit.sqlite3"
    p = make_platform(url)
    ann, bob, cat = (new_player(p, deposit="100") for _ in range(3))
    rid, start = _round(p, "crash", _top("crash", 300, 2000), (ann, "10", ()), (bob, "10", ("1.30",)),
                        (cat, "10", ("2.50",)))
    p.run(lambda s: C.cash_out(s, ann, rid, 0, _at("crash", start, 120)))
    assert len(p.run(lambda s: C.pay_autos(s, rid, _at("crash", start, 130)))) == 1
    p.db.dispose()
    p2 = make_platform(url)  # the restart, before the multiplier reached cat's target
    assert p2.run(lambda s: C.recover(s, "crash-eur", start + timedelta(seconds=1))) == [(rid, "settled")]
    assert [_cash(p2, pl) for pl in (ann, bob, cat)] == [9000 + 1200, 9000 + 1300, 9000 + 2500]
    assert p2.read(lambda s: [pl.returned_total for pl in s.query(Play).filter_by(round_id=rid)
                              .order_by(Play.player_id)]) == [1200, 1300, 2500]
    assert p2.run(lambda s: C.recover(s, "crash-eur", start + timedelta(seconds=2))) == []
    _whole(p2)
    p2.db.dispose()


def test_race_auto_and_manual_cash_outs_of_the_same_bets_exit_each_bet_once(pg_url: str) -> None:
    """40 bets with an auto target of 2.00; their players press cash-out from threads with
    receive times around the target while the ticker executes the autos: one play lock decides,
    so each bet leaves exactly once (by hand below 2.00, or by the server at 2.00), each paid once."""
    p = make_platform(pg_url)
    players = [new_player(p, deposit="20") for _ in range(40)]
    rid, start = _round(p, "crash", _top("crash", 400, 5000), *((pl, "10", ("2.00",)) for pl in players))
    times = [_at("crash", start, 190 + i % 20) for i in range(len(players))]  # 1.90 .. 2.09
    outcomes: dict[int, str] = {}
    lock = threading.Lock()
    go = threading.Barrier(len(players) + 1)

    def press(pl: Any, at: datetime) -> None:
        go.wait()
        try:
            m = p.run(lambda s: C.cash_out(s, pl, rid, 0, at))["at"]
        except (IllegalAction, RoundFinished):
            m = "refused"
        with lock:
            outcomes[pl.id] = m

    def ticker() -> None:
        go.wait()
        for ms in range(0, 600, 20):
            p.run(lambda s, ms=ms: C.tick(s, "crash-eur", _at("crash", start, 195) + ms * C.MS))

    threads = [threading.Thread(target=press, args=(pl, t)) for pl, t in zip(players, times, strict=True)]
    threads.append(threading.Thread(target=ticker))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    exits = p.read(lambda s: s.execute(select(CrashCashOut.play_id, CrashCashOut.name, CrashCashOut.at)
                                       .where(CrashCashOut.round_id == rid)).all())
    assert len(exits) == len({e[0] for e in exits}) == len(players)  # one exit per bet
    for pl in players:
        m = outcomes[pl.id]
        want = 2000 if m == "refused" else 10 * int(m.replace(".", ""))
        assert m == "refused" or m < "2.00"
        assert _cash(p, pl) == 2000 - 1000 + want  # credited before the crash
    crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
    assert crash_at is not None
    p.run(lambda s: C.crash_if_due(s, rid, crash_at))
    paid = p.read(lambda s: s.execute(select(Transfer.play_id).where(
        Transfer.round_id == rid, Transfer.kind == "payout")).scalars().all())
    assert len(paid) == len(set(paid)) == len(players)  # one payout each: none at the close
    _whole(p)
    p.db.dispose()


def test_the_close_of_a_crashed_round_takes_the_same_statements_for_3_or_30_plays(db_url: str) -> None:
    """Set-based: the number of statements that close a round does not grow with its plays."""
    counts = []
    p = make_platform(db_url)
    for n in (3, 30):
        players = [new_player(p, deposit="20") for _ in range(n)]
        bets = [(pl, "1", ("1.50",) if i % 3 == 0 else ()) for i, pl in enumerate(players)]
        rid, start = _round(p, "crash", _top("crash", 300, 2000), *bets, table=f"c{n}")
        for pl in players[1::3]:
            p.run(lambda s, pl=pl, r=rid, t=start: C.cash_out(s, pl, r, 0, _at("crash", t, 120)))
        crash_at = p.read(lambda s, r=rid: C.crash_time(s.get(Round, r)))
        assert crash_at is not None
        p.run(lambda s, r=rid, c=crash_at: C.crash_if_due(s, r, c, settle=False))
        seen: list[str] = []

        def listener(*args: Any, seen: list[str] = seen) -> None:
            seen.append(str(args[2]))

        event.listen(p.db.write, "before_cursor_execute", listener)
        try:
            assert p.run(lambda s, r=rid, c=crash_at: C.settle_crashed(s, r, c)) is not None
        finally:
            event.remove(p.db.write, "before_cursor_execute", listener)
        counts.append(len(seen))
        assert p.read(lambda s, r=rid: {pl.status for pl in s.query(Play).filter_by(round_id=r)}) == {"settled"}
        paid = (n + 2) // 3 * 150 + len(players[1::3]) * 120
        assert sum(_cash(p, pl) for pl in players) == n * 2000 - n * 100 + paid
        _whole(p)
    p.db.dispose()
    assert counts[0] == counts[1] < 20, counts
