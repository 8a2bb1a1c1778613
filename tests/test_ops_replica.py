"""Issue 24 point 4: Games History, recall and reports read from a PostgreSQL replica when one is
configured (``CROUPIER_REPLICA_URL``), under the lag rule of ``store/replica.py``; nothing that
moves money ever touches it.

A throwaway primary and a hot standby in streaming replication (``tests/pg_replica_helpers.py``)
stand in for the production pair; the statements each engine runs are recorded per request."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, event, text

from croupier.api.app import create_app
from croupier.platform import metrics
from croupier.platform.protection import roles
from croupier.platform.service import Platform
from croupier.store import replica
from croupier.store.db import ReplicaNeedsPostgres, open_database
from tests.pg_replica_helpers import Pair, primary_and_standby, wait_replayed
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, make_settings, new_player, slip
from tests.test_platform_api import Api, key

#: generous: under CI load a standby may take a moment; a paused one never catches up
WAIT = 2.0


class Statements:
    """Every statement an engine runs (``before_cursor_execute``)."""

    def __init__(self, engine: Engine) -> None:
        self.seen: list[str] = []
        event.listen(engine, "before_cursor_execute", self._note)

    def _note(self, _conn: Any, _cur: Any, statement: str, *_rest: Any) -> None:
        self.seen.append(" ".join(statement.split()))

    def since(self, mark: int) -> list[str]:
        return self.seen[mark:]


class Cluster:
    def __init__(self, pair: Pair, api: Api) -> None:
        self.pair = pair
        self.api = api
        self.p: Platform = api.c.app.state.croupier.platform  # type: ignore[attr-defined]
        assert self.p.db.replica is not None
        self.on_replica = Statements(self.p.db.replica)
        self.on_primary = Statements(self.p.db.write)

    def request(self, method: str, path: str, **kw: Any) -> tuple[Any, list[str], list[str]]:
        """The answer, and the statements run on the replica and on the primary meanwhile."""
        r0, p0 = len(self.on_replica.seen), len(self.on_primary.seen)
        r = self.api.c.request(method, path, **kw)
        assert r.status_code < 300, r.text
        return r, self.on_replica.since(r0), self.on_primary.since(p0)


def _data(statements: list[str]) -> list[str]:
    """The statements that read the platform's tables (not the lag check's WAL positions)."""
    return [s for s in statements if "wal" not in s.lower()]


def _served(label: str) -> float:
    return float(metrics.REPLICA_READS.labels(label)._value.get())


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    with primary_and_standby() as pair:
        admin = create_engine(pair.primary(), isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(text("CREATE DATABASE croupier"))
        admin.dispose()
        settings = make_settings(pair.primary("croupier"), replica_url=pair.standby("croupier"),
                                 replica_wait_seconds=WAIT)
        with TestClient(create_app(settings)) as client:  # its lifespan migrates the primary
            wait_replayed(pair)
            yield Cluster(pair, Api(client))


def test_issue_24_4_history_recall_and_reports_read_the_replica_and_money_never_touches_it(
        cluster: Cluster) -> None:
    c, api = cluster, cluster.api
    # every request that moves money (or changes state) runs on the primary only
    r0 = len(c.on_replica.seen)
    h = api.player(deposit="20.00")  # registration, login, a deposit and its confirmation
    played, rep, _ = c.request("POST", "/api/rounds", headers={**h, **key()}, json={
        "game": "roulette", "variant": "european",
        "bets": [{"code": "straight", "stake": "0.10", "target": [n]} for n in range(37)]})
    round_id = played.json()["round_id"]
    assert rep == []
    table_round = c.p.open_round("t-eur")["round_id"]
    _, rep, _ = c.request("POST", "/api/tables/t-eur/bets", headers={**h, **key()},
                          json={"bets": [{"code": "red", "stake": "1.00", "target": []}]})
    assert rep == []
    c.p.close_round(table_round)
    c.p.result_round(table_round)
    c.p.settle_round(table_round)
    _, rep, _ = c.request("POST", "/api/fairness/rotate", headers={**h, **key()})
    _, rep2, _ = c.request("POST", "/api/deposits", headers={**h, **key()},
                           json={"amount": "5.00"})
    _, rep3, _ = c.request("GET", "/api/wallet", headers=h)  # a balance is read on the primary
    assert rep == rep2 == rep3 == [] and c.on_replica.seen[r0:] == []

    # Games History and recall: the data from the replica, which has caught up (lag rule)
    wait_replayed(c.pair)
    before = _served("replica")
    r, rep, prim = c.request("GET", "/api/history", headers=h)
    assert [i["round_id"] for i in r.json()["items"]] == [table_round, round_id]
    assert any("FROM rounds JOIN plays" in s for s in _data(rep)), rep
    assert not any("rounds" in s for s in prim)  # the primary only says where its WAL is
    r, rep, prim = c.request("GET", f"/api/history/{round_id}", headers=h)
    assert r.json()["round_id"] == round_id and len(r.json()["bets"]) == 37
    assert any("FROM rounds JOIN plays" in s for s in _data(rep))
    assert not any("rounds" in s for s in prim)

    # a report of the back office: the monitoring record's verification
    me = api.c.get("/api/me", headers=h).json()
    c.p.run(lambda s: roles.grant(s, me["player"]["login"], c.p.clock()))
    wait_replayed(c.pair)
    r, rep, prim = c.request("GET", "/api/backoffice/audit/verify", headers=h)
    assert r.json()["ok"] is True and r.json()["entries"] >= 3
    assert any("protection_audit" in s for s in _data(rep))
    assert not any("protection_audit" in s for s in prim)
    assert _served("replica") == before + 3


def test_issue_24_4_a_lagging_replica_is_not_read_the_primary_serves_the_just_settled_round(
        cluster: Cluster) -> None:
    """With the standby's replay paused, a round settled since is missing on the replica (it is
    stale); Games History shows it anyway, from the primary, and bets go on regardless."""
    c, api = cluster, cluster.api
    h = api.player(deposit="10.00")
    standby = create_engine(c.pair.standby(), isolation_level="AUTOCOMMIT")
    try:
        with standby.connect() as conn:
            conn.execute(text("SELECT pg_wal_replay_pause()"))
            while conn.execute(text("SELECT pg_get_wal_replay_pause_state()")).scalar() != \
                    "paused":
                pass
        played, rep, _ = c.request("POST", "/api/rounds", headers={**h, **key()}, json={
            "game": "roulette", "variant": "european",
            "bets": [{"code": "red", "stake": "1.00", "target": []}]})
        assert rep == []  # a bet never waits for, nor reads, the replica
        round_id = played.json()["round_id"]
        stale = create_engine(c.pair.standby("croupier"))
        with stale.connect() as conn:  # the replica has not seen the round
            assert conn.execute(text("SELECT count(*) FROM rounds WHERE id = :r"),
                                {"r": round_id}).scalar() == 0
        stale.dispose()
        lagging = _served("lagging")
        r, rep, prim = c.request("GET", "/api/history", headers=h)
        assert [i["round_id"] for i in r.json()["items"]] == [round_id]  # from the primary
        assert _data(rep) == [] and any("FROM rounds JOIN plays" in s for s in prim)
        assert _served("lagging") == lagging + 1
    finally:
        with standby.connect() as conn:
            conn.execute(text("SELECT pg_wal_replay_resume()"))
        standby.dispose()
    wait_replayed(c.pair)
    r, rep, prim = c.request("GET", "/api/history", headers=h)
    assert [i["round_id"] for i in r.json()["items"]] == [round_id]
    assert any("FROM rounds JOIN plays" in s for s in _data(rep))
    assert not any("rounds" in s for s in prim)


def test_issue_24_4_no_replica_an_unreachable_one_or_one_that_is_no_standby_falls_back(
        pg_url: str) -> None:
    p = make_platform(pg_url)
    assert replica.choose(p.db, 0.0) == (p.db.read, "no_replica")
    pl = new_player(p, deposit="5.00")
    p.play(pl, "roulette", "european", slip(("red", "1.00", ())))
    history = p.read(lambda s: s.execute(text("SELECT count(*) FROM plays")).scalar())
    for url, why in (("postgresql+psycopg://postgres@127.0.0.1:1/croupier", "unavailable"),
                     (pg_url, "not_standby")):  # the primary itself: not in recovery
        db = open_database(pg_url, url)
        try:
            assert replica.choose(db, 0.0) == (db.read, why)
        finally:
            db.dispose()
        q = make_platform(pg_url, replica_url=url)
        count = _served(why)
        assert q.read_replica(lambda s: s.execute(
            text("SELECT count(*) FROM plays")).scalar()) == history
        assert _served(why) == count + 1
        q.db.dispose()


def test_issue_24_4_a_replica_needs_a_postgresql_primary(tmp_path: Any) -> None:
    with pytest.raises(ReplicaNeedsPostgres, match="PostgreSQL standby"):
        open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}",
                      "postgresql+psycopg://postgres@127.0.0.1:5432/x")
    with pytest.raises(ReplicaNeedsPostgres, match="not PostgreSQL"):
        open_database("postgresql+psycopg://postgres@127.0.0.1:5432/x",
                      f"sqlite:///{tmp_path / 'x.sqlite3'}")
