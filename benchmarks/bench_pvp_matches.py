"""Match tables load test (issue 22 part 3): computer opponents play money matches against each
other through the platform - each decision its own transaction (the match row locked, the
state from the cache, the action stored, the clock restarted; at the end the escrow paid out
and the rake to its account) - ``BENCH_PVP_MATCHES`` (4) matches of each game and variant, on
``BENCH_PVP_DB`` (default: a SQLite file in a temporary folder).

Prints, per game, matches and decisions per wall second and per CPU second of this process, the
load average, and the ledger audit after the run (sum zero, every escrow empty).
"""

from __future__ import annotations

import os
import tempfile
import time
import uuid
from datetime import UTC, date, datetime
from typing import Any


def main() -> None:
    from croupier.platform.config import Settings
    from croupier.platform.ledger import Ledger, audit, player_code
    from croupier.platform.matches import bots, money, tables
    from croupier.platform.matches.games import GAMES
    from croupier.platform.service import Platform

    n = int(os.environ.get("BENCH_PVP_MATCHES", "4"))
    tmp = tempfile.mkdtemp(prefix="bench-pvp-")
    url = os.environ.get("BENCH_PVP_DB", f"sqlite:///{tmp}/bench.sqlite3")
    p = Platform(Settings(database_url=url, argon2_fast=True, tables=(), run_tables=False,
                          deposit_confirm_seconds=0.0, rate_limits=False))
    p.migrate()
    now = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)

    def player() -> Any:
        login = f"b{uuid.uuid4().hex[:10]}"
        p.register(login, "password123", date(1980, 1, 1), f"D{uuid.uuid4().hex[:12]}", "AMD")
        pl = p.authenticate(p.login(login, "password123")["token"])
        dep = p.run(lambda s: p.deposit_in(s, pl, "1000000"))
        p.confirm_deposit(dep["id"])
        return pl

    a, b = player(), player()
    print(f"load average {os.getloadavg()[0]:.1f}; {n} bot-vs-bot money matches of each variant, "
          "one transaction a decision")
    ids: list[int] = []
    for g in GAMES.values():
        w0, c0 = time.perf_counter(), time.process_time()
        decisions = matches = 0
        for v in g.variants:
            for _ in range(n):
                mid = p.run(lambda s, g=g, v=v: tables.create(
                    s, a, g.name, v, 500, {}, g.move_choices(v)[-1], g.game_seconds[-1], now,
                    "money", True))["id"]
                p.run(lambda s, mid=mid: tables.join(s, b, mid, now, bot=True))
                while made := p.run(lambda s, mid=mid: bots.advance(s, mid, now, limit=1)):
                    decisions += made
                matches += 1
                ids.append(mid)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        print(f"{g.name:14s} {matches:4d} matches {decisions:6d} decisions | "
              f"{matches / wall:7.1f} matches/s {decisions / wall:8.0f} decisions/s wall | "
              f"{matches / max(cpu, 1e-9):7.1f} matches/s {decisions / max(cpu, 1e-9):8.0f} decisions/s CPU",
              flush=True)
    aud = p.read(audit)
    escrows = p.read(lambda s: sum(Ledger(s).balance(money.escrow_code(i)) for i in ids))
    cash = p.read(lambda s: Ledger(s).balance(player_code(a.id)) + Ledger(s).balance(player_code(b.id)))
    print(f"ledger sum {aud.total}, escrows {escrows}, mismatched {len(aud.mismatched)}, "
          f"players' cash {cash}; load average {os.getloadavg()[0]:.1f}")
    p.db.dispose()


if __name__ == "__main__":
    main()
