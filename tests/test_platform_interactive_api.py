"""The decision-round API (``/api/interactive``): bad input gets problem details with a stable
code (issue 4 "acting out of turn, acting after settlement"; issue 6 "calling after a fold,
calling without funds for the call"), Idempotency-Key replays, the decision timer with an
injected clock. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.games.base import BetRequest
from croupier.platform.service import Platform
from tests.interactive_helpers import find_seed, give_seeds, legal_names
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_api import Api, key, problem
from tests.test_platform_interactive import FakeClock

BJ = {"game": "blackjack", "variant": "live_004"}
MAIN = [{"code": "main", "stake": "10.00", "target": [1]}]
TCP = {"game": "three_card_poker", "variant": "live"}


class Client(Api):
    @property
    def platform(self) -> Platform:
        plat: Platform = self.c.app.state.croupier.platform  # type: ignore[attr-defined]
        return plat

    def seeded(self, h: dict[str, str], server: str, client: str) -> None:
        player = self.platform.authenticate(h["Authorization"].split()[1])
        give_seeds(self.platform, player, server, client)

    def start(self, h: dict[str, str], body: dict[str, Any], bets: list[dict[str, Any]],
              headers: dict[str, str] | None = None) -> Any:
        return self.c.post("/api/interactive", headers={**h, **(headers or key())},
                           json={**body, "bets": bets})

    def act(self, h: dict[str, str], rid: int, action: str, headers: dict[str, str] | None = None,
            **extra: Any) -> Any:
        return self.c.post(f"/api/interactive/{rid}/actions", headers={**h, **(headers or key())},
                           json={"action": action, **extra})


@pytest.fixture
def api(db_url: str) -> Iterator[Client]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Client(client)


@pytest.fixture
def clocked_api(db_url: str) -> Iterator[tuple[Client, FakeClock]]:
    clock = FakeClock()
    plat = Platform(make_settings(db_url, deposit_confirm_seconds=0.0), clock=clock)
    with TestClient(create_app(platform=plat)) as client:
        yield Client(client), clock
    plat.db.dispose()


def bj_seeds(wanted: str) -> tuple[str, str]:
    return find_seed("blackjack", "live_004", [BetRequest("main", 1000, (1,))], "EUR",
                     lambda s: s.phase == "play" and wanted in legal_names("blackjack", s))


def test_blackjack_round_over_http_start_resume_and_finish(api: Client) -> None:
    h = api.player(deposit="100.00")
    api.seeded(h, *bj_seeds("stand"))
    r = api.start(h, BJ, MAIN)
    assert r.status_code == 201, r.text
    body = r.json()
    rid = body["round_id"]
    assert body["state"] == "open" and body["decision_deadline"] and body["seconds_left"] == 13.0
    assert len(body["table"]["dealer"]["cards"]) == 1  # 004 §2.5: the hole card is face down
    assert body["balance"]["cash_minor"] == 9000
    cur = api.c.get("/api/interactive/current?game=blackjack", headers=h)
    assert cur.status_code == 200 and cur.json()["round"]["round_id"] == rid
    assert api.c.get("/api/interactive/current?game=casino_holdem", headers=h).json() == {"round": None}
    assert api.c.get(f"/api/interactive/{rid}", headers=h).json()["table"] == body["table"]
    r = api.act(h, rid, "stand")
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["state"] == "settled" and done["legal_actions"] == []
    assert done["balance"]["cash_minor"] == 9000 + done["returned_minor"]
    hist = api.c.get(f"/api/history/{rid}", headers=h).json()
    assert hist["kind"] == "decision" and hist["returned_minor"] == done["returned_minor"]
    assert api.c.get("/api/interactive/current?game=blackjack", headers=h).json() == {"round": None}


def test_acting_on_someone_elses_round_is_not_found(api: Client) -> None:
    a = api.player(deposit="50.00")
    b = api.player(deposit="50.00")
    rid = api.start(a, TCP, [{"code": "ante", "stake": "5.00"}]).json()["round_id"]
    problem(api.act(b, rid, "play"), 404, "not_found")
    problem(api.c.get(f"/api/interactive/{rid}", headers=b), 404, "not_found")
    assert api.c.get("/api/wallet", headers=b).json()["cash_minor"] == 5000


def test_acting_after_settlement_is_a_conflict(api: Client) -> None:
    h = api.player(deposit="50.00")
    rid = api.start(h, TCP, [{"code": "ante", "stake": "5.00"}]).json()["round_id"]
    assert api.act(h, rid, "play").json()["state"] == "settled"
    body = problem(api.act(h, rid, "fold"), 409, "round_finished")
    assert "after play" in body["detail"]


def test_003_3_2_calling_after_a_fold_is_a_conflict(api: Client) -> None:
    h = api.player(deposit="50.00")
    rid = api.start(h, {"game": "casino_holdem", "variant": "live"},
                    [{"code": "ante", "stake": "5.00"}]).json()["round_id"]
    assert api.act(h, rid, "fold").status_code == 200
    body = problem(api.act(h, rid, "call"), 409, "round_finished")
    assert "after fold" in body["detail"]


def test_003_3_4_call_funds_are_needed_at_bet_time(api: Client) -> None:
    h = api.player(deposit="20.00")
    body = problem(api.start(h, {"game": "casino_holdem", "variant": "live"},
                             [{"code": "ante", "stake": "10.00"}]), 409, "insufficient_funds")
    assert "003 §3.4" in body["detail"]
    assert api.c.get("/api/wallet", headers=h).json()["cash_minor"] == 2000


def test_an_illegal_action_is_unprocessable(api: Client) -> None:
    h = api.player(deposit="50.00")
    rid = api.start(h, TCP, [{"code": "ante", "stake": "5.00"}]).json()["round_id"]
    body = problem(api.act(h, rid, "call"), 422, "illegal_action")
    assert "allowed: play, fold" in body["detail"]
    problem(api.c.post(f"/api/interactive/{rid}/actions", headers={**h, **key()},
                       json={"action": "play", "bogus": 1}), 422, "validation_error")


def test_double_without_funds_is_a_conflict(api: Client) -> None:
    h = api.player(deposit="15.00")
    api.seeded(h, *bj_seeds("double"))
    rid = api.start(h, BJ, MAIN).json()["round_id"]
    body = problem(api.act(h, rid, "double"), 409, "insufficient_funds")
    assert "double needs 10.00" in body["detail"]
    assert api.c.get(f"/api/interactive/{rid}", headers=h).json()["state"] == "open"


def test_acting_out_of_turn_is_a_conflict(api: Client) -> None:
    h = api.player(deposit="50.00")
    api.seeded(h, *bj_seeds("stand"))
    rid = api.start(h, BJ, MAIN).json()["round_id"]
    problem(api.act(h, rid, "stand", args={"box": 2}), 409, "not_your_turn")
    problem(api.act(h, rid, "stand", decision_no=3), 409, "stale_decision")
    assert api.act(h, rid, "stand", decision_no=0).status_code == 200


def test_a_replayed_key_returns_the_first_response_and_debits_once(api: Client) -> None:
    h = api.player(deposit="50.00")
    k = key()
    first = api.start(h, TCP, [{"code": "ante", "stake": "5.00"}], headers=k)
    again = api.start(h, TCP, [{"code": "ante", "stake": "5.00"}], headers=k)
    assert first.status_code == again.status_code == 201
    assert again.headers.get("Idempotent-Replayed") == "true" and again.json() == first.json()
    rid = first.json()["round_id"]
    k2 = key()
    played = api.act(h, rid, "play", headers=k2)
    replay = api.act(h, rid, "play", headers=k2)
    assert replay.headers.get("Idempotent-Replayed") == "true" and replay.json() == played.json()
    problem(api.act(h, rid, "fold", headers=k2), 422, "idempotency_key_reused")
    problem(api.c.post(f"/api/interactive/{rid}/actions", headers=h, json={"action": "play"}),
            428, "idempotency_key_missing")
    wallet = api.c.get("/api/wallet", headers=h).json()
    assert wallet["cash_minor"] == 5000 - 1000 + played.json()["returned_minor"]


def test_bad_start_requests(api: Client) -> None:
    h = api.player(deposit="50.00")
    problem(api.start(h, {"game": "tiddlywinks", "variant": "x"}, MAIN), 404, "unknown_game")
    problem(api.start(h, {"game": "blackjack", "variant": "martian"}, MAIN), 404, "unknown_variant")
    problem(api.start(h, BJ, [{"code": "main", "stake": "1.00", "target": [1]}]), 400,
            "stake_below_minimum")
    problem(api.start(h, BJ, [{"code": "main", "stake": "10.00", "target": [9]}]), 400,
            "invalid_selection")
    problem(api.c.post("/api/interactive", headers=key(), json={**BJ, "bets": MAIN}), 401,
            "unauthorized")
    assert api.c.get("/api/wallet", headers=h).json()["cash_minor"] == 5000
    problem(api.c.get("/api/interactive/current?game=tiddlywinks", headers=h), 404, "unknown_game")


def test_table_info_lists_bets_and_limits(api: Client) -> None:
    r = api.c.get("/api/interactive/tables/three_card_poker/live?currency=EUR")
    assert r.status_code == 200, r.text
    body = r.json()
    assert [b["code"] for b in body["bets"]] == ["ante", "pair_plus", "six_card_bonus"]
    assert body["decision_seconds"] == 13.0
    problem(api.c.get("/api/interactive/tables/tiddlywinks/x"), 404, "unknown_game")


def test_004_2_9_4_the_timer_takes_the_default_before_a_late_decision(
        clocked_api: tuple[Client, FakeClock]) -> None:
    api, clock = clocked_api
    h = api.player(deposit="50.00")
    rid = api.start(h, TCP, [{"code": "ante", "stake": "5.00"}]).json()["round_id"]
    clock.advance(13.5)
    r = api.act(h, rid, "play")
    # the sweeper may have taken the default already: either way the late Play is refused
    assert r.status_code == 409 and r.json()["code"] in ("decision_timeout", "round_finished"), r.text
    done = api.c.get(f"/api/interactive/{rid}", headers=h).json()
    assert done["state"] == "settled" and [t["name"] for t in done["timeouts"]] == ["fold"]
    assert done["stake_minor"] == 500


def test_russian_poker_exchange_takes_the_cards_named(api: Client) -> None:
    """002 Russian Poker: an exchange names the cards to discard and buys their replacements."""
    h = api.player(cur="EUR", deposit="100.00")
    info = api.c.get("/api/interactive/tables/russian_poker/tdc?currency=EUR")
    assert info.status_code == 200, info.text
    ante = info.json()["bets"][0]["min_minor"]
    r = api.start(h, {"game": "russian_poker", "variant": "tdc"},
                  [{"code": "ante", "stake": f"{ante // 100}.{ante % 100:02d}"}])
    assert r.status_code == 201, r.text
    body = r.json()
    assert len(body["table"]["hands"]["dealer"]) == 1  # the dealer's face-up card (002)
    first = body["table"]["hands"]["player"][0]
    problem(api.act(h, body["round_id"], "exchange"), 422, "illegal_action")
    r = api.act(h, body["round_id"], "exchange", args={"cards": [first]})
    assert r.status_code == 200, r.text
    after = r.json()
    assert first in after["table"]["discards"] and len(after["table"]["hands"]["player"]) == 5
    assert ("purchase", ante) in [(b["code"], b["stake_minor"]) for b in after["bets"]]
