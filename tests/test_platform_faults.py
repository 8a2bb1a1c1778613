"""Faults: a worker killed between debit and settlement; 200 concurrent bets on PostgreSQL."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select

from croupier.errors import CroupierError
from croupier.games.roulette.wheel import RED
from croupier.platform.errors import InsufficientFunds
from croupier.store.models import Bet, Play, Transfer
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip

CRASHING_WORKER = textwrap.dedent("""
    import json, os, signal, sys
    from croupier.platform.rounds import SlipBet
    from croupier.platform.service import Platform
    from croupier.platform.config import Settings, TableConfig
    url, mode, ids = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    tables = (TableConfig("t-eur", "Test table EUR", "roulette", "european", "EUR"),)
    p = Platform(Settings(database_url=url, betting_seconds=60, argon2_fast=True, tables=tables,
                          run_tables=False))
    rid = p.open_round("t-eur")["round_id"]
    from croupier.store.models import Player
    for pid, stake in ids:
        player = p.read(lambda s: s.get(Player, pid))
        p.bet(player, "t-eur", [SlipBet("red", stake, ())])
    if mode in ("closed", "resulted"):
        p.close_round(rid)
    if mode == "resulted":
        p.result_round(rid)
    print(rid, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # the worker dies: no settlement, no cleanup
""")


@pytest.mark.parametrize("mode", ["open", "closed", "resulted"])
def test_000_11_worker_killed_between_debit_and_settlement(db_url: str, mode: str) -> None:  # noqa: F811
    """After a restart every stake is settled (the round had its result: 004 §1.20) or refunded
    (it had not: 000 §10-11), exactly once."""
    p = make_platform(db_url)
    players = [new_player(p, deposit="20.00") for _ in range(3)]
    stakes = {pl.id: s for pl, s in zip(players, (100, 250, 700), strict=True)}
    arg = json.dumps([[pid, f"{s // 100}.{s % 100:02d}"] for pid, s in stakes.items()])
    proc = subprocess.run([sys.executable, "-c", CRASHING_WORKER, db_url, mode, arg],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    rid = int(proc.stdout.strip())
    for pl in players:  # the debits were committed before the crash
        assert p.balance(pl)["cash_minor"] == 2000 - stakes[pl.id]

    restarted = make_platform(db_url)  # a new worker on the same database
    reports = restarted.recover_table("t-eur")
    assert [r.round_id for r in reports] == [rid]
    assert reports[0].state == ("settled" if mode == "resulted" else "voided")
    outcome = reports[0].outcome
    for pl in players:
        s = stakes[pl.id]
        if mode == "resulted":
            assert outcome is not None
            won = int(outcome["pockets"][0]) in RED
            expected = 2000 - s + (2 * s if won else 0)
        else:
            expected = 2000
        assert restarted.balance(pl)["cash_minor"] == expected
    # exactly once: a second recovery does nothing, and each play has one settlement or refund
    assert restarted.recover_table("t-eur") == []
    counts = restarted.read(lambda s: Counter(
        (t.play_id, t.kind) for t in s.scalars(select(Transfer).where(Transfer.round_id == rid))))
    kinds = {"resulted": ("bet", "stake")}.get(mode, ("bet", "refund"))
    for (_, kind), n in counts.items():
        assert n == 1 and (kind in kinds or kind == "payout")
    plays = restarted.read(lambda s: s.scalars(select(Play).where(Play.round_id == rid)).all())
    assert {pl.status for pl in plays} == {"settled" if mode == "resulted" else "refunded"}
    audit = restarted.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players
    assert restarted.system_balance("stakes", "EUR") == 0
    p.db.dispose()
    restarted.db.dispose()


def test_000_10_200_concurrent_bets_against_a_balance_covering_10(pg_url: str) -> None:
    """PostgreSQL: 200 bets at once, the balance covers 10: exactly 10 are accepted, the balance
    never goes negative and the ledger sums to zero."""
    p = make_platform(pg_url)
    a = new_player(p, deposit="10.00")
    p.open_round("t-eur")

    def one(_: int) -> str:
        try:
            p.bet(a, "t-eur", slip(("red", "1.00", ())))
            return "accepted"
        except InsufficientFunds:
            return "refused"
        except CroupierError as exc:
            return type(exc).__name__

    with ThreadPoolExecutor(max_workers=32) as pool:
        results = Counter(pool.map(one, range(200)))
    assert results == Counter({"accepted": 10, "refused": 190})
    assert p.balance(a)["cash_minor"] == 0
    bets = p.read(lambda s: s.scalars(select(Bet)).all())
    assert len(bets) == 10 and sum(b.stake for b in bets) == 1000
    audit = p.audit()
    assert audit.total == 0 and not audit.negative_players and not audit.mismatched
    p.db.dispose()


def test_000_10_concurrent_single_rounds_never_overdraw(db_url: str) -> None:  # noqa: F811
    p = make_platform(db_url)
    a = new_player(p, deposit="5.00")

    def one(_: int) -> bool:
        try:
            p.play(a, "roulette", "european", slip(("straight", "1.00", (36,))))
            return True
        except InsufficientFunds:
            return False

    with ThreadPoolExecutor(max_workers=8) as pool:
        accepted = sum(pool.map(one, range(40)))
    assert accepted >= 5
    audit = p.audit()
    assert audit.total == 0 and not audit.negative_players and not audit.mismatched
    assert p.balance(a)["cash_minor"] >= 0
    p.db.dispose()
