"""Live blackjack over HTTP (issue 16, 004 §2): a seat's bets, the dealer's scanned cards, the
player's decision, the console and the player's view, with precise problems and nothing moved."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform.config import TableConfig
from croupier.platform.live_roles import DEALER
from croupier.platform.protection import roles
from croupier.platform.service import Platform
from tests.live_helpers import assert_books_balance, cash
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player

T = "live-bj"
LIVE_BJ = TableConfig(T, "Live Blackjack (EUR)", "blackjack", "live_004", "EUR", "live")
H = "live-ch"
LIVE_CH = TableConfig(H, "Live Casino Hold'em", "casino_holdem", "live", "EUR", "live")


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


@pytest.fixture
def env(db_url: str) -> Iterator[tuple[TestClient, Platform]]:
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, LIVE_BJ, LIVE_CH)))
    p.migrate()
    with TestClient(create_app(p.settings, platform=p)) as client:
        yield client, p
    p.db.dispose()


def person(p: Platform, role: str | None = None, deposit: str | None = None) -> tuple[Any, dict[str, str]]:
    login = f"b{uuid.uuid4().hex[:10]}"
    pl = new_player(p, deposit=deposit, login=login)
    if role is not None:
        p.run(lambda s: roles.grant(s, login, p.clock(), role))
    return pl, {"Authorization": f"Bearer {p.login(login, 'password123')['token']}"}


def problem(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["code"] == code and r.json()["detail"]


def test_004_2_live_blackjack_round_over_http(env: tuple[TestClient, Platform]) -> None:
    c, p = env
    a, ah = person(p, deposit="100.00")
    b, bh = person(p, deposit="100.00")
    _d, dh = person(p, DEALER)
    rid = int(p.open_round(T)["round_id"])
    bet = {"bets": [{"code": "main", "stake": "5.00"}]}
    r = c.post(f"/api/live/tables/{T}/seats/2/bets", headers={**ah, **key()}, json=bet)
    assert r.status_code == 201, r.text
    problem(c.post(f"/api/live/tables/{T}/seats/2/bets", headers={**bh, **key()}, json=bet),
            409, "seat_taken")
    problem(c.post(f"/api/tables/{T}/bets", headers={**bh, **key()},
                   json={"bets": [{"code": "main", "stake": "5.00", "target": [4, str(a.id)]}]}),
            422, "seat_required")  # a blackjack seat has its own route
    assert cash(p, b) == 10000
    p.close_round(rid)
    url = f"/api/live/tables/{T}/dealer-readings"
    for card in ("Th", "7c", "Ts", "9d"):  # seat 2: 20; the dealer 7 + 9 (16)
        r = c.post(url, headers={**dh, **key()}, json={"card": card})
        assert r.status_code == 200, r.text
    assert r.json()["waiting_for"] == "decision" and r.json()["turn"]["seat"] == 2
    problem(c.post(url, headers={**dh, **key()}, json={"card": "5c"}), 409, "waiting_for_decision")
    console = c.get(f"/api/live/tables/{T}/console", headers=dh).json()
    assert console["waiting_for"] == "decision" and console["turn"]["seat"] == 2
    assert {x["clause"] for x in console["rules"]} >= {"2.19", "2.34", "2.35"}
    hand = c.get(f"/api/live/tables/{T}/hand", headers=ah).json()
    assert hand["round_id"] == rid and hand["table"]["dealer"]["hidden"] == 1
    assert {x["name"] for x in hand["legal_actions"]} >= {"stand", "hit"}
    assert hand["decision_deadline"] is not None
    problem(c.post(f"/api/live/rounds/{rid}/decisions", headers={**bh, **key()},
                   json={"action": "stand"}), 422, "illegal_action")
    r = c.post(f"/api/live/rounds/{rid}/decisions", headers={**ah, **key()}, json={"action": "stand"})
    assert r.status_code == 200 and r.json()["waiting_for"] == "card"
    r = c.post(url, headers={**dh, **key()}, json={"card": "5c"})  # the dealer draws to 21
    assert r.json()["state"] == "resulted"
    p.settle_round(rid)
    done = c.get(f"/api/live/rounds/{rid}/hand", headers=ah).json()
    assert done["state"] == "settled" and done["returned_minor"] == 0
    assert done["table"]["dealer"]["cards"] == ["7c", "9d", "5c"]
    assert cash(p, a) == 10000 - 500
    assert_books_balance(p)

    # -- 004 §5: a Casino Hold'em player's Play decision over the same routes
    rid = int(p.open_round(H)["round_id"])
    r = c.post(f"/api/tables/{H}/bets", headers={**bh, **key()},
               json={"bets": [{"code": "ante", "stake": "1.00"}]})
    assert r.status_code == 201, r.text
    p.close_round(rid)
    hurl = f"/api/live/tables/{H}/dealer-readings"
    for card in ("Ah", "Ad", "As", "7c", "2d"):
        r = c.post(hurl, headers={**dh, **key()}, json={"card": card})
    assert r.json()["waiting_for"] == "decision"
    seen = c.get(f"/api/live/tables/{H}/hand", headers=bh).json()
    assert {x["name"] for x in seen["legal_actions"]} == {"call", "fold"}
    r = c.post(f"/api/live/rounds/{rid}/decisions", headers={**bh, **key()}, json={"action": "call"})
    assert r.status_code == 200, r.text
    assert cash(p, b) == 10000 - 300
    for card in ("9h", "4s", "Kc", "Qd"):
        r = c.post(hurl, headers={**dh, **key()}, json={"card": card})
    assert r.json()["state"] == "resulted"
    p.settle_round(rid)
    assert c.get(f"/api/live/rounds/{rid}/hand", headers=bh).json()["returned_minor"] == 400
    assert_books_balance(p)
