"""001 §6.8.5 for slot rounds (issue 15 part 4): a win goes back to the balance the bet came from.
A slot bet the bonus account paid (001 §4.1: cash first, the bonus when cash does not cover the
slip; docs/protection.md) is credited to the bonus account with everything the round returns:
its free spins and its gamble; a cash bet's win goes to cash. Autoplay spins (001 §6.6) follow the
same rule, each spin its own round. The ledger sums to zero after each. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from croupier.api.app import create_app
from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.registry import game, load_variant
from croupier.platform.protection import bonus
from croupier.platform.service import Platform
from croupier.rng import RandomSource, fair
from croupier.store.models import Play, Player
from croupier.store.protection_models import Bonus, PlayFunding
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.protection_fixtures import operator
from tests.test_platform_interactive_api import Client

AMBER = {"game": "slot", "variant": "amber_caravan"}
STAKE = 100  # 1.00 EUR: 0.05 a line on 20 lines
SPIN = [{"code": "spin", "stake": "1.00", "target": [20]}]
RED = {"mode": "colour", "guess": "red", "part": "all"}


def _deal(state: Any, source: RandomSource) -> Any:
    engine = game("slot").engine
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        if req is None:
            break
        state = engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
    return state


def _free_spins_and_a_winning_gamble(tries: int = 5000) -> tuple[str, str, int]:
    """Seeds whose first Amber Caravan round wins with free spins and whose first gamble move
    (colour, red, all of the win) wins too; and what the engine pays for that round when the win
    is collected after that one move (computed here, never typed in)."""
    engine = game("slot").engine
    variant = load_variant("slot", "amber_caravan")
    for i in range(tries):
        server = f"{i:064x}"
        source = fair.stream(server, "tests", 0)
        state = _deal(engine.start(variant, [BetRequest("spin", STAKE, (20,))], "EUR"), source)
        if engine.is_finished(state) or state.gambling is None or state.free_played == 0:
            continue
        before = state.gambling.banked + state.gambling.at_risk
        if Decision("gamble", RED) not in engine.legal_actions(state):
            continue
        state = _deal(engine.apply(state, Decision("gamble", RED)), source)
        if engine.is_finished(state) or state.gambling is None:
            continue
        if state.gambling.banked + state.gambling.at_risk <= before:
            continue  # a push: the gamble must have moved money
        state = _deal(engine.apply(state, Decision("collect")), source)
        return server, "tests", engine.settle(state).total_returned
    raise LookupError("no seed in range gives that round")  # pragma: no cover


@pytest.fixture(scope="module")
def seeds() -> tuple[str, str, int]:
    return _free_spins_and_a_winning_gamble()


@pytest.fixture
def api(db_url: str) -> Iterator[Client]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Client(client)


def _player(api: Client, h: dict[str, str]) -> Player:
    return api.platform.authenticate(h["Authorization"].split()[1])


def _grant(api: Client, h: dict[str, str], amount: int) -> None:
    """A bonus of ``amount`` whose wagering requirement (x100) this test never meets."""
    p, pl = api.platform, _player(api, h)
    op = operator(p)
    p.run(lambda s: bonus.grant(s, pl.id, amount, 100, op.id, p.clock()))


def _balances(api: Client, h: dict[str, str]) -> tuple[int, int]:
    w = api.c.get("/api/wallet", headers=h).json()
    return int(w["cash_minor"]), int(w["bonus_minor"])


def _ledger_sums_to_zero(p: Platform) -> None:
    ledger = p.audit()
    assert ledger.total == 0 and not ledger.mismatched and not ledger.negative_players


def _funding(p: Platform, round_id: int) -> str:
    def fn(s: Any) -> str:
        play = s.scalars(select(Play).where(Play.round_id == round_id)).one()
        row = s.get(PlayFunding, play.id)
        return "cash" if row is None else str(row.account)
    return str(p.read(fn))


def _wagered(p: Platform, pl: Player) -> int:
    return int(p.read(lambda s: s.scalars(select(Bonus).where(Bonus.player_id == pl.id)).one()
                      .wagered))


def _play_free_spins_and_gamble(api: Client, h: dict[str, str],
                                seeds: tuple[str, str, int]) -> dict[str, Any]:
    server, client, paid = seeds
    api.seeded(h, server, client)
    r = api.start(h, AMBER, SPIN)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["state"] == "open" and body["table"]["free_spins"] > 0
    rid = body["round_id"]
    r = api.act(h, rid, "gamble", args=RED)
    assert r.status_code == 200, r.text
    r = api.act(h, rid, "collect")
    assert r.status_code == 200, r.text
    done: dict[str, Any] = r.json()
    assert done["state"] == "settled" and done["stake_minor"] == STAKE
    assert done["returned_minor"] == paid > 0  # the engine's own settlement of the same draws
    hist = api.c.get(f"/api/history/{rid}", headers=h).json()
    assert hist["outcome"]["free_spins"] > 0 and len(hist["outcome"]["gamble"]) == 1
    return done


def test_001_6_8_5_a_bonus_funded_slot_win_with_free_spins_and_gamble_goes_to_the_bonus_account(
        api: Client, seeds: tuple[str, str, int]) -> None:
    h = api.player()  # no cash: 001 §4.1, the bonus pays the slot slip
    _grant(api, h, 10000)
    assert _balances(api, h) == (0, 10000)
    done = _play_free_spins_and_gamble(api, h, seeds)
    assert _balances(api, h) == (0, 10000 - STAKE + done["returned_minor"])
    assert _funding(api.platform, done["round_id"]) == "bonus"
    assert _wagered(api.platform, _player(api, h)) == STAKE
    _ledger_sums_to_zero(api.platform)


def test_001_6_8_5_a_cash_funded_slot_win_goes_to_cash_not_to_the_bonus_account(
        api: Client, seeds: tuple[str, str, int]) -> None:
    h = api.player(deposit="100.00")  # 001 §4.1 (ASSUMPTION): cash is used first
    _grant(api, h, 5000)
    done = _play_free_spins_and_gamble(api, h, seeds)
    assert _balances(api, h) == (10000 - STAKE + done["returned_minor"], 5000)
    assert _funding(api.platform, done["round_id"]) == "cash"
    assert _wagered(api.platform, _player(api, h)) == 0
    _ledger_sums_to_zero(api.platform)


def _autoplay(api: Client, h: dict[str, str], spins: int) -> dict[str, Any]:
    """A series run by the server (POST starts it, the runner plays it), followed to its end."""
    from tests.test_slot_autoplay import _follow, key

    r = api.c.post("/api/slots/autoplay", headers={**h, **key()},
                   json={"variant": "amber_caravan", "bets": SPIN, "spins": spins})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = _follow(api, h, int(r.json()["id"]))
    assert out["stopped_by"] == "count" and out["spins"] == spins
    assert out["stake_minor"] == spins * STAKE and out["returned_minor"] > 0  # round 1 wins
    return out


def test_001_6_8_5_autoplay_spins_paid_by_the_bonus_account_win_back_into_it(
        api: Client, seeds: tuple[str, str, int]) -> None:
    h = api.player()
    _grant(api, h, 2000)
    api.seeded(h, seeds[0], seeds[1])  # the first spin wins (free spins, collected)
    out = _autoplay(api, h, 5)
    assert _balances(api, h) == (0, 2000 + out["net_minor"])
    assert {_funding(api.platform, rid) for rid in out["rounds"]} == {"bonus"}
    assert _wagered(api.platform, _player(api, h)) == 5 * STAKE
    _ledger_sums_to_zero(api.platform)


def test_001_6_8_5_autoplay_spins_paid_in_cash_win_to_cash(
        api: Client, seeds: tuple[str, str, int]) -> None:
    h = api.player(deposit="20.00")
    _grant(api, h, 2000)
    api.seeded(h, seeds[0], seeds[1])
    out = _autoplay(api, h, 5)
    assert _balances(api, h) == (2000 + out["net_minor"], 2000)
    assert {_funding(api.platform, rid) for rid in out["rounds"]} == {"cash"}
    assert _wagered(api.platform, _player(api, h)) == 0
    _ledger_sums_to_zero(api.platform)
