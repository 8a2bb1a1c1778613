"""GLI-19 4.15 (issue 16, part 6; platform/game_status.py): a disabled game refuses its
single-player rounds too — the single-round fast path and its group commit (betpath,
batchbets), a new decision round (interactive: the round in progress finishes) and the spins of
a server autoplay series (it stops, ``stopped_by`` ``disabled``). Each refusal is
``game_disabled`` with the reason, nothing moved."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform import game_status, interactive
from croupier.platform.autoplay import AutoplayRules, advance, open_series, run_autoplay
from croupier.platform.game_status import GameDisabled
from croupier.platform.groupcommit import GroupCommit
from croupier.platform.rounds import SlipBet
from croupier.platform.service import Idem, Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player, slip
from tests.test_platform_batchbets import _player, _result


def _set(p: Platform, game: str, disabled: bool, reason: str | None = None) -> None:
    p.run(lambda s: game_status.set_game(s, game, disabled, reason, 1, p.clock()))


def _cash(p: Platform, player: Any) -> int:
    return int(p.balance(player)["cash_minor"])


def test_gli19_4_15_a_disabled_game_refuses_single_rounds_over_the_api(platform: Platform) -> None:
    p = platform
    with TestClient(create_app(p.settings, platform=p)) as c:
        login = f"g{uuid.uuid4().hex[:10]}"
        assert c.post("/api/players", headers={"Idempotency-Key": login}, json={
            "login": login, "password": "password123", "date_of_birth": "1980-01-01",
            "document_number": f"D{login}", "currency": "EUR"}).status_code == 201
        tok = c.post("/api/sessions", headers={"Idempotency-Key": login + "s"},
                     json={"login": login, "password": "password123"}).json()["token"]
        h = {"Authorization": f"Bearer {tok}"}
        c.post("/api/deposits", headers={**h, "Idempotency-Key": login + "d"},
               json={"amount": "20.00"})
        p.confirm_due_deposits()
        body = {"game": "roulette", "variant": "european",
                "bets": [{"code": "red", "stake": "1.00", "target": []}]}

        def play() -> Any:
            return c.post("/api/rounds", headers={**h, "Idempotency-Key": uuid.uuid4().hex},
                          json=body)

        assert play().status_code == 201  # the fast path, before
        _set(p, "roulette", True, "wheel audit")
        before = c.get("/api/wallet", headers=h).json()["cash_minor"]
        r = play()
        assert r.status_code == 409 and r.json()["code"] == "game_disabled", r.text
        assert "wheel audit" in r.json()["detail"]
        assert c.get("/api/wallet", headers=h).json()["cash_minor"] == before  # nothing moved
        _set(p, "roulette", False)
        assert play().status_code == 201
    audit = p.audit()
    assert audit.total == 0 and audit.mismatched == ()


def test_gli19_4_15_a_batch_of_single_rounds_refuses_the_disabled_game(platform: Platform) -> None:
    p = platform
    player, digest = _player(p, "10.00")
    _set(p, "roulette", True, "wheel audit")
    w = GroupCommit(p, threads=1, max_batch=64, start=False)
    futures = []
    for game, variant in (("roulette", "european"), ("roulette", "european")):
        idem = Idem(f"player:{player.id}", uuid.uuid4().hex,
                    Idem.hash_request("POST", "/api/rounds", game.encode()))
        futures.append(w.submit(idem, 201, p.single_round(player, game, variant,
                                                          slip(("red", "1.00", ()))),
                                (player.id, digest)))
    w.start()
    out = [_result(f) for f in futures]
    w.stop()
    assert [r[:2] for r in out] == [("refused", "GameDisabled")] * 2
    assert "wheel audit" in out[0][2]
    assert _cash(p, player) == 1000


def test_gli19_4_15_a_decision_round_in_progress_finishes_and_a_new_one_is_refused(
        platform: Platform) -> None:
    p = platform
    player = new_player(p, deposit="50.00")
    secs = p.settings.decision_seconds
    view = p.run(lambda s: interactive.start(s, player, "blackjack", "live_004",
                                             slip(("main", "10.00", (1,))), p.clock(), secs))
    _set(p, "blackjack", True, "dealer training")  # no RNG table plays it: the game itself
    before = _cash(p, player)
    with pytest.raises(GameDisabled, match="dealer training"):
        p.run(lambda s: interactive.start(s, player, "blackjack", "live_004",
                                          slip(("main", "10.00", (1,))), p.clock(), secs))
    assert _cash(p, player) == before
    for _ in range(4):  # the round in progress takes its decisions and settles
        if view["state"] != "open":
            break
        names = [a["name"] for a in view["legal_actions"]]
        # an ace up offers insurance first: decline it, then stand
        move = "decline" if "decline" in names else "stand"
        view = p.run(lambda s, move=move, rid=int(view["round_id"]): interactive.act(
            s, player, rid, move, None, p.clock(), secs))
    assert view["state"] == "settled"
    _set(p, "blackjack", False)
    again = p.run(lambda s: interactive.start(s, player, "blackjack", "live_004",
                                              slip(("main", "10.00", (1,))), p.clock(), secs))
    assert again["round_id"] != view["round_id"]


def test_gli19_4_15_a_running_autoplay_series_stops_when_the_slot_is_disabled(
        platform: Platform) -> None:
    p = platform
    player = new_player(p, deposit="50.00")
    spin = [SlipBet("spin", "1.00", (20,))]
    sid = int(p.run(lambda s: open_series(s, player, "slot", "amber_caravan", spin,
                                          AutoplayRules(10), p.clock(), 13.0, "A"))["id"])
    _set(p, "slot", True, "paytable review")
    before = _cash(p, player)
    out = advance(p, sid, "A")
    assert out is not None
    assert (out["status"], out["stopped_by"], out["spins"]) == ("ended", "disabled", 1)
    assert "paytable review" in out["stop_detail"]
    assert _cash(p, player) == before
    with pytest.raises(GameDisabled, match="paytable review"):  # a new series: refused
        run_autoplay(p, player, "slot", "amber_caravan", spin, AutoplayRules(3), 13.0)
    assert _cash(p, player) == before
