"""Table management (issue 16, part 6; platform/game_status.py, api/table_admin.py): limits
changed between rounds (from the next round; refused for a round already opened) and a game
disabled across every table (GLI-19 4.15: rounds in progress finish, new rounds and bets are
refused with the reason shown to players; enabled again). Each change is in the monitoring
record; every refusal is a precise code with nothing moved."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from croupier.api.app import create_app
from croupier.errors import StakeAboveMaximum
from croupier.platform import tables
from croupier.platform.game_status import GameDisabled
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER
from croupier.platform.protection import roles
from croupier.platform.rounds import SlipBet
from croupier.platform.service import Platform
from croupier.store.models import Player
from croupier.store.protection_models import AuditEntry
from tests.live_helpers import LIVE_TABLES, assert_books_balance
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_live_device_socket import funded

T = "t-eur"  # an RNG roulette table; live-eur (live) and t-amd play roulette too


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


class Env:
    def __init__(self, client: TestClient, p: Platform) -> None:
        self.c, self.p = client, p

    def person(self, role: str | None = None, deposit: str | None = None) -> dict[str, str]:
        login = f"m{uuid.uuid4().hex[:10]}"
        r = self.c.post("/api/players", headers=key(), json={
            "login": login, "password": "password123", "date_of_birth": "1980-01-01",
            "document_number": f"D{uuid.uuid4().hex[:10]}", "currency": "EUR"})
        assert r.status_code == 201, r.text
        tok = self.c.post("/api/sessions", headers=key(),
                          json={"login": login, "password": "password123"}).json()["token"]
        if role is not None:
            self.p.run(lambda s: roles.grant(s, login, self.p.clock(), role))
        h = {"Authorization": f"Bearer {tok}"}
        if deposit:
            assert self.c.post("/api/deposits", headers={**h, **key()},
                               json={"amount": deposit}).status_code in (200, 201, 202)
            self.p.confirm_due_deposits()
        return h

    def bet(self, who: dict[str, str], *bets: tuple[str, str, list[Any]]) -> Any:
        return self.c.post(f"/api/tables/{T}/bets", headers={**who, **key()}, json={
            "bets": [{"code": c, "stake": s, "target": t} for c, s, t in bets]})

    def cash(self, who: dict[str, str]) -> int:
        return int(self.c.get("/api/wallet", headers=who).json()["cash_minor"])

    def finish(self, rid: int) -> None:
        self.p.close_round(rid)
        self.p.result_round(rid)
        self.p.settle_round(rid)

    def management_entries(self) -> list[str]:
        return list(self.p.read(lambda s: s.scalars(
            select(AuditEntry.ref).where(AuditEntry.account == "management")
            .order_by(AuditEntry.seq)).all()))


@pytest.fixture
def env(db_url: str) -> Iterator[Env]:
    p = Platform(make_settings(db_url, tables=LIVE_TABLES))
    p.migrate()
    with TestClient(create_app(p.settings, platform=p)) as client:
        yield Env(client, p)
    p.db.dispose()


def problem(r: Any, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == code and r.json()["detail"]
    return str(r.json()["detail"])


def test_004_1_4_limits_change_between_rounds_from_the_next_round(env: Env) -> None:
    fm, dealer = env.person(FLOOR_MANAGER), env.person(DEALER)
    player = env.person(deposit="200.00")
    url = f"/api/live/tables/{T}/limits"
    first = int(env.p.open_round(T)["round_id"])
    number = int(env.p.table(T)["round"]["number"])
    change = {"min_bet": "2.00", "max_bet": "5.00", "round_max": "8.00", "reason": "VIP hour"}
    problem(env.c.post(url, headers={**dealer, **key()}, json=change), 403, "role_required")
    problem(env.c.post(url, headers={**fm, **key()}, json={**change, "from_round_number": number}),
            409, "round_in_progress")  # the round in progress keeps its limits
    problem(env.c.post(url, headers={**fm, **key()}, json={**change, "min_bet": "9.00"}),
            422, "invalid_limits")
    problem(env.c.post(url, headers={**fm, **key()}, json={**change, "reason": " "}),
            422, "reason_required")
    h = {**fm, **key()}
    r = env.c.post(url, headers=h, json=change)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["current"] is None and body["next_round_number"] == number + 1
    assert body["next"]["max_bet_minor"] == 500 and body["next"]["round_max"] == "8.00 EUR"
    again = env.c.post(url, headers=h, json=change)  # replayed: the stored answer, no new change
    assert again.headers.get("Idempotent-Replayed") == "true" and again.json() == body
    view = env.p.table(T)
    assert view["table_limits"] is None and view["next_table_limits"]["min_bet_minor"] == 200

    # the round in progress: the variant's limits (a 10.00 straight-up is fine at 004 §1.12)
    assert env.bet(player, ("straight", "10.00", [7])).status_code == 201
    env.finish(first)
    second = int(env.p.open_round(T)["round_id"])
    before = env.cash(player)
    detail = problem(env.bet(player, ("straight", "6.00", [7])), 400, "stake_above_maximum")
    assert "5.00" in detail and "VIP hour" in detail
    problem(env.bet(player, ("straight", "1.00", [7])), 400, "stake_below_minimum")
    assert env.bet(player, ("straight", "4.00", [7])).status_code == 201
    problem(env.bet(player, ("straight", "2.00", [7])), 400, "stake_above_maximum")  # 6 on 7
    assert env.bet(player, ("straight", "3.00", [8])).status_code == 201
    problem(env.bet(player, ("straight", "2.00", [9])), 400, "table_limit")  # 9.00 > 8.00
    assert env.cash(player) == before - 700  # only the accepted bets moved money
    assert env.p.table(T)["table_limits"]["max_bet"] == "5.00 EUR"
    # the ORM bet path (tables.place_bets: taken when protection facts are present) refuses too
    pl = funded(env.p)
    with pytest.raises(StakeAboveMaximum, match="maximum bet is 5.00"):
        env.p.run(lambda s: tables.place_bets(s, s.get_one(Player, pl.id), T,
                                              [SlipBet("red", "6.00", ())], env.p.clock()))
    assert env.p.balance(pl)["cash_minor"] == 5000
    env.finish(second)
    assert len(env.management_entries()) == 1
    assert env.management_entries()[0].startswith(f"table_limits:{T}:")
    assert_books_balance(env.p)


def test_gli19_4_15_a_disabled_game_finishes_its_rounds_and_refuses_new_ones(env: Env) -> None:
    op, fm = env.person("operator"), env.person(FLOOR_MANAGER)
    player = env.person(deposit="50.00")
    rid = int(env.p.open_round(T)["round_id"])
    assert env.bet(player, ("red", "2.00", [])).status_code == 201
    url = "/api/live/games/roulette/status"
    off = {"disabled": True, "reason": "wheel maintenance"}
    problem(env.c.post(url, headers={**fm, **key()}, json=off), 403, "role_required")
    problem(env.c.post(url, headers={**op, **key()}, json={"disabled": True}), 422,
            "reason_required")
    problem(env.c.post("/api/live/games/nope/status", headers={**op, **key()}, json=off), 404,
            "unknown_game")
    r = env.c.post(url, headers={**op, **key()}, json=off)
    assert r.status_code == 200, r.text
    assert r.json()["closed_rounds"] == [{"table_id": T, "round_id": rid}]
    assert set(r.json()["tables"]) == {"t-eur", "t-amd", "live-eur"}
    assert env.c.get(url).json()["reason"] == "wheel maintenance"

    before = env.cash(player)
    detail = problem(env.bet(player, ("red", "2.00", [])), 409, "game_disabled")
    assert "wheel maintenance" in detail and env.cash(player) == before
    with pytest.raises(GameDisabled, match="wheel maintenance"):
        env.p.open_round("live-eur")
    view = env.p.table(T)
    assert view["game_disabled"] and view["game_disabled_reason"] == "wheel maintenance"
    # the round in progress finishes: resulted and settled, the bet accepted before stands
    env.p.result_round(rid)
    rep = env.p.settle_round(rid)
    assert rep.state == "settled" and len(rep.plays) == 1
    assert env.c.get(f"/api/history/{rid}", headers=player).json()["state"] == "settled"

    r = env.c.post(url, headers={**op, **key()}, json={"disabled": False})
    assert r.status_code == 200 and r.json()["disabled"] is False
    assert not env.p.table(T)["game_disabled"]
    env.p.open_round(T)
    assert env.bet(player, ("red", "2.00", [])).status_code == 201
    refs = env.management_entries()
    assert [x.split(":")[0] for x in refs] == ["game_disabled", "game_enabled"]
    assert_books_balance(env.p, held=200)


def test_gli19_4_15_pausing_and_closing_a_table_is_in_the_monitoring_record(env: Env) -> None:
    from croupier.platform.protection import audit

    fm = env.person(FLOOR_MANAGER)
    url = f"/api/live/tables/{T}/status"
    problem(env.c.post(url, headers={**fm, **key()}, json={"status": "paused"}), 422,
            "bad_incident")  # refused: nothing recorded
    assert env.management_entries() == []
    for status, reason in (("paused", "dealer change"), ("closed", "end of shift"),
                           ("open", None)):
        r = env.c.post(url, headers={**fm, **key()}, json={"status": status, "reason": reason})
        assert r.status_code == 200, r.text
    refs = env.management_entries()
    assert [x.rsplit(":", 1)[0] for x in refs] == [f"table_paused:{T}", f"table_closed:{T}",
                                                   f"table_open:{T}"]
    assert all(len(x.rsplit(":", 1)[1]) == 64 for x in refs)  # the SHA-256 of the change
    assert env.p.read(audit.verify_session).ok  # the hash chain holds
