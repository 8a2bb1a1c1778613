"""Player protection (issue 7): monitoring-record verification (entries/s) and single-player
roulette rounds per second through the platform with every protection check and the hash-chained
append in the transaction (SQLite file, in process).

Environment: ``BENCH_PROTECTION_ENTRIES`` (default 200000), ``BENCH_PROTECTION_ROUNDS`` (400).
"""

from __future__ import annotations

import os
import tempfile
import time
from datetime import date


def _chain(n: int) -> list[dict[str, object]]:
    from croupier.platform.protection import audit

    items: list[dict[str, object]] = []
    prev = audit.GENESIS
    for i in range(1, n + 1):
        e: dict[str, object] = {"seq": i, "at": "2026-11-18T10:00:00.000000Z", "kind": "bet",
                                "player_id": 1, "round_id": i, "play_id": i, "amount": 100,
                                "currency": "EUR", "account": "cash", "ref": f"bet:{i}",
                                "prev_hash": prev}
        e["hash"] = audit.entry_hash(e)
        prev = str(e["hash"])
        items.append(e)
    return items


def main() -> None:
    from croupier.platform.config import Settings
    from croupier.platform.protection import audit
    from croupier.platform.rounds import SlipBet
    from croupier.platform.service import Platform

    n = int(os.environ.get("BENCH_PROTECTION_ENTRIES", "200000"))
    items = _chain(n)
    t = time.perf_counter()
    verdict = audit.verify(items)
    dt = time.perf_counter() - t
    print(f"audit verify: {n} entries in {dt:.2f} s = {n / dt:,.0f} entries/s (ok={verdict.ok})")

    rounds = int(os.environ.get("BENCH_PROTECTION_ROUNDS", "400"))
    with tempfile.TemporaryDirectory() as tmp:
        p = Platform(Settings(database_url=f"sqlite:///{tmp}/bench.sqlite3", argon2_fast=True,
                              run_tables=False, deposit_confirm_seconds=0.0))
        p.migrate()
        p.register("bench", "password123", date(1980, 1, 1), "BENCH0001", "EUR")
        pl = p.authenticate(p.login("bench", "password123")["token"])
        dep = p.run(lambda s: p.deposit_in(s, pl, "100000.00"))
        p.confirm_deposit(dep["id"])
        slip = [SlipBet("red", "1.00", ())]
        t = time.perf_counter()
        for _ in range(rounds):
            p.play(pl, "roulette", "european", slip)
        dt = time.perf_counter() - t
        v = p.read(audit.verify_session)
        print(f"single rounds with protection checks and audit append (SQLite): {rounds / dt:,.0f} "
              f"rounds/s; audit entries {v.entries}, chain ok={v.ok}")
        p.db.dispose()


if __name__ == "__main__":
    main()
