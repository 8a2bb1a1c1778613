"""Issue 24 point 3: the request id of structured logs also goes into the monitoring record
(001 §5.2.10, ``platform/protection/audit.py``; migration 0020_request_id)."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform import request_id
from croupier.platform.groupcommit import GroupCommit
from croupier.platform.players import token_hash
from croupier.platform.protection import audit
from croupier.platform.service import Idem, Platform
from croupier.store.models import Player
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, make_settings, new_player, slip
from tests.test_platform_api import Api, key


@pytest.fixture
def api(db_url: str) -> Iterator[Api]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Api(client)


def _entries(p: Platform) -> list[dict[str, Any]]:
    return p.read(lambda s: list(audit.entries(s)))


def _every_straight(stake: str = "0.10") -> list[dict[str, Any]]:
    return [{"code": "straight", "stake": stake, "target": [n]} for n in range(37)]


def test_issue_24_3_a_bet_placed_over_http_carries_its_request_id_in_the_monitoring_record(
        api: Api) -> None:
    p: Platform = api.c.app.state.croupier.platform  # type: ignore[attr-defined]
    h = api.player(deposit="20.00")
    # a single round: the bet and its win carry the id of the request that played it (echoed)
    r = api.play(h, _every_straight(), headers={**key(), "X-Request-ID": "round-req-0001"})
    assert r.status_code == 201, r.text
    assert r.headers["X-Request-ID"] == "round-req-0001"
    single = [e for e in _entries(p) if e["round_id"] == r.json()["round_id"]]
    assert {e["kind"] for e in single} == {"bet", "win"}  # 37 straights: one of them wins
    assert {e["request_id"] for e in single} == {"round-req-0001"}
    # a table bet: its entry carries the id; the win written later by the table's settlement
    # (no request) carries none
    rid = p.open_round("t-eur")["round_id"]
    r = api.c.post("/api/tables/t-eur/bets", json={"bets": _every_straight()},
                   headers={**h, **key(), "X-Request-ID": "table-bet.7"})
    assert r.status_code == 201, r.text
    assert r.headers["X-Request-ID"] == "table-bet.7"
    p.close_round(rid)
    p.result_round(rid)
    p.settle_round(rid)
    table = [e for e in _entries(p) if e["round_id"] == rid]
    assert [(e["kind"], e["request_id"]) for e in table] == [("bet", "table-bet.7"),
                                                            ("win", None)]
    # no X-Request-ID (or one that is not a short token): the id made for the request, echoed
    for sent in ({}, {"X-Request-ID": 'not "a" token'}):
        r = api.play(h, [{"code": "red", "stake": "1.00", "target": []}],
                     headers={**key(), **sent})
        assert r.status_code == 201, r.text
        made = r.headers["X-Request-ID"]
        assert len(made) == 32 and made != sent.get("X-Request-ID")
        assert {e["request_id"] for e in _entries(p)
                if e["round_id"] == r.json()["round_id"]} == {made}
    assert p.read(audit.verify_session).ok  # the ids are part of an intact chain


def _who(p: Platform) -> tuple[Player, str]:
    from datetime import date

    name = f"r{uuid.uuid4().hex[:10]}"
    p.register(name, "password123", date(1980, 1, 1), f"D{uuid.uuid4().hex[:12]}", "EUR")
    token = p.login(name, "password123")["token"]
    player = p.authenticate(token)
    dep = p.run(lambda s: p.deposit_in(s, player, "10.00"))
    p.confirm_deposit(dep["id"])
    return player, token_hash(token)


def test_issue_24_3_each_command_of_a_group_commit_batch_keeps_its_own_request_id(
        db_url: str) -> None:
    """The group commit runs commands of several requests on a writer thread, in one
    transaction: each entry carries the id of the request that submitted its command."""
    p = make_platform(db_url)
    p.open_round("t-eur")
    w = GroupCommit(p, threads=1, max_batch=64, start=False)
    sent: dict[int, str] = {}
    futures = []
    for i in range(6):
        player, digest = _who(p)
        rid = f"req-{i}-{uuid.uuid4().hex[:6]}"
        sent[player.id] = rid
        cmd = (p.table_bet(player, "t-eur", slip(("red", "1.00", ()))) if i % 2
               else p.single_round(player, "roulette", "european", slip(("red", "1.00", ()))))
        idem = Idem(f"player:{player.id}", uuid.uuid4().hex,
                    Idem.hash_request("POST", "/api/x", str(i).encode()))
        with request_id.bound(rid):  # the submitting request's id, as the request front sets it
            futures.append(w.submit(idem, 201, cmd, (player.id, digest)))
    w.start()  # every command is waiting: they run as one batch
    try:
        for f in futures:
            assert f.result(timeout=30).status == 201
    finally:
        w.stop()
    assert w.batches == 1 and w.batched == 6  # one batch, all on the batch path
    got = {e["player_id"]: e["request_id"] for e in _entries(p) if e["kind"] == "bet"}
    assert got == sent
    assert all(e["request_id"] == sent[e["player_id"]] for e in _entries(p)
               if e["kind"] == "win")
    # outside any request (a runner, the CLI) an entry has none
    assert request_id.current() is None
    out = p.play(new_player(p, deposit="5.00"), "roulette", "european", slip(("red", "1.00", ())))
    assert [e["request_id"] for e in _entries(p) if e["round_id"] == out["round_id"]
            and e["kind"] == "bet"] == [None]


def _canonical_sha(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _chain(ids: list[str | None]) -> list[dict[str, Any]]:
    out, prev = [], audit.GENESIS
    for seq, rid in enumerate(ids, 1):
        e = {"seq": seq, "at": "2026-11-26T08:00:00.000000Z", "kind": "bet", "player_id": 7,
             "round_id": seq, "play_id": seq, "amount": 100, "currency": "EUR",
             "account": "cash", "ref": f"bet:{seq}", "prev_hash": prev, "request_id": rid}
        e["hash"] = audit.entry_hash(e)
        prev = e["hash"]
        out.append(e)
    return out


def test_issue_24_3_the_request_id_is_hashed_and_an_entry_without_one_hashes_as_before() -> None:
    old, new = _chain([None, "req-1"])
    # an entry without a request id (one written before migration 0020): the fields it had then
    assert old["hash"] == _canonical_sha({k: old[k] for k in audit.FIELDS})
    assert new["hash"] == _canonical_sha({**{k: new[k] for k in audit.FIELDS},
                                          "request_id": "req-1"})
    # an export made before the column existed (no request_id key at all) still verifies
    legacy = [{k: v for k, v in e.items() if k != "request_id"} for e in _chain([None, None])]
    assert audit.verify(legacy).ok
    assert audit.verify(_chain([None, "req-1", None])).ok
    for forged in ("req-2", None):  # a request id edited, or removed
        chain = _chain([None, "req-1", None])
        chain[1]["request_id"] = forged
        v = audit.verify(chain)
        assert not v.ok and v.first_broken == 2
    chain = _chain([None, "req-1", None])
    chain[0]["request_id"] = "added-later"  # a request id added to an entry that had none
    assert audit.verify(chain).first_broken == 1
