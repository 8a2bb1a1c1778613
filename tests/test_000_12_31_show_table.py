"""Crazy Time at a shared timed table (000 §12.31, issue 18 part 4, platform/show_picks.py): when
the wheel stops on Cash Hunt or the Crazy Time bonus, the players who bet on it get a decision
window; a bettor who does not pick gets the RNG's pick (000 §12.31 "no decision, or a connection
failure: a random spot"); a second pick, a pick off the board, a pick by a watcher or after the
window are refused with nothing moved; every player is settled by their own engine round on the
table's one set of draws (the same wall, the same bonus-wheel spins); a malfunction voids the
round and returns the bets once (000 §12.22, §12.31); a restart during the window closes it with
the defaults and settles. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from croupier.errors import CroupierError
from croupier.games.base import BetRequest
from croupier.games.registry import load_variant
from croupier.games.shows.crazy_time.engine import ENGINE
from croupier.platform import show_draws, show_picks
from croupier.platform.config import Settings, TableConfig, crash_tables
from croupier.platform.errors import RoundStateError
from croupier.platform.rounds import draws_from_json
from croupier.platform.service import Platform
from croupier.store.models import Round
from tests.live_helpers import Clock
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings, new_player, slip
from tests.show_table_helpers import force_segment

T = "ct-eur"
TABLES = (TableConfig(T, "Crazy Time (EUR)", "crazy_time", "standard", "EUR"),)
MALFUNCTION = "wheel malfunction: the round is cancelled and every bet returned (000 §12.31)"
V = load_variant("crazy_time", "standard")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def ct(db_url: str, clock: Clock) -> Iterator[Platform]:
    p = Platform(make_settings(db_url, tables=TABLES), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()


def cash(p: Platform, pl: Any) -> int:
    return int(p.balance(pl)["cash_minor"])


def to_bonus(p: Platform, segment: str, bets: list[tuple[Any, list[tuple[str, str]]]],
             top_slot: bool | None = False) -> tuple[int, dict[str, Any]]:
    rid = int(p.open_round(T)["round_id"])
    force_segment(p, rid, segment, top_slot)
    for pl, items in bets:
        p.bet(pl, T, slip(*((c, s, ()) for c, s in items)))
    assert p.close_round(rid)
    return rid, p.result_round(rid)


def test_000_12_31_cash_hunt_window_picks_defaults_and_one_wall_for_everyone(ct: Platform, clock: Clock) -> None:
    a, b, c = (new_player(ct, deposit="100.00") for _ in range(3))
    rid, res = to_bonus(ct, "cash_hunt", [(a, [("cash_hunt", "2.00"), ("1", "1.00")]),
                                          (b, [("cash_hunt", "3.00")]), (c, [("2", "5.00")])])
    w = res["window"]
    assert (w["bonus"], w["segment"], w["open"], w["bettors"], w["seconds_left"]) == \
        ("cash_hunt", "cash_hunt", True, 2, float(V.pick_seconds))
    before = [cash(ct, x) for x in (a, b, c)]
    ct.show_pick(a, rid, 5)
    for who, choice, error in ((c, 3, "not_in_bonus"), (a, 6, "already_picked"),
                               (b, 108, "pick_outside_board"), (b, -1, "pick_outside_board"),
                               (b, "green", "pick_outside_board"), (b, True, "pick_outside_board")):
        with pytest.raises(CroupierError) as exc:
            ct.show_pick(who, rid, choice)
        assert exc.value.code == error
    assert [cash(ct, x) for x in (a, b, c)] == before  # refusals move nothing
    assert not ct.show_window_done(rid)  # b has not picked, the time is not over
    with pytest.raises(RoundStateError):
        ct.show_finish(rid)
    clock.advance(V.pick_seconds)
    with pytest.raises(CroupierError) as exc:
        ct.show_pick(b, rid, 7)  # the window is over
    assert exc.value.code == "no_pick_window"
    assert ct.show_window_done(rid)
    done = ct.show_finish(rid)
    assert done is not None
    wall = done["outcome"]["cash_hunt"]["wall"]
    rnd = ct.read(lambda s: s.get(Round, rid))
    assert rnd is not None
    b_cell = show_draws.default_choice(rnd, b.id, "cash_hunt")
    assert done["outcome"]["cash_hunt"]["picks"] == {str(a.id): 5, str(b.id): b_cell}
    rep = ct.settle_round(rid)
    got = {pr.player_id: pr.returned for pr in rep.plays}
    assert got == {a.id: 200 + 200 * wall[5], b.id: 300 + 300 * wall[b_cell], c.id: 0}
    assert [cash(ct, x) for x in (a, b, c)] == [before[0] + got[a.id], before[1] + got[b.id], before[2]]
    assert sorted(wall) == sorted(V.wall)  # the wall is the variant's 108 values (no Top Slot here)


def test_000_12_31_each_pick_changes_only_its_own_result_the_wall_is_the_tables(ct: Platform, clock: Clock) -> None:
    a = new_player(ct, deposit="50.00")
    rid, res = to_bonus(ct, "cash_hunt", [(a, [("cash_hunt", "1.00")])], top_slot=True)
    m = res["window"]["top_slot"]["multiplier"]
    assert res["window"]["top_slot"]["spot"] == "cash_hunt" and m > 1
    assert res["window"]["display"]["label"] == "cash_hunt"  # the wheel as it stopped
    clock.advance(V.pick_seconds)
    done = ct.show_finish(rid)
    assert done is not None
    wall = done["outcome"]["cash_hunt"]["wall"]  # the Top Slot multiplier included
    assert sorted(wall) == sorted(m * x for x in V.wall)
    rnd = ct.read(lambda s: s.get(Round, rid))
    assert rnd is not None and rnd.draws is not None
    draws = draws_from_json(rnd.draws)
    for cell in (0, 1, 17, 53, 106, 107):  # whatever a player picks, the cell holds the table's value
        for by in ("player", "default"):
            acts = show_draws.player_actions(ENGINE, V, [BetRequest("cash_hunt", 100)], "EUR", draws, (cell, by))
            state = ENGINE.start(V, [BetRequest("cash_hunt", 100)], "EUR")
            for x in acts:
                state = ENGINE.apply(state, x)
            assert ENGINE.settle(state).total_returned == 100 + 100 * wall[cell]
    # two bets of one player on the bonus play the same pick
    acts = show_draws.player_actions(ENGINE, V, [BetRequest("cash_hunt", 100), BetRequest("cash_hunt", 50)],
                                     "EUR", draws, (9, "player"))
    state = ENGINE.start(V, [BetRequest("cash_hunt", 100), BetRequest("cash_hunt", 50)], "EUR")
    for x in acts:
        state = ENGINE.apply(state, x)
    assert ENGINE.settle(state).total_returned == 150 + 150 * wall[9]
    ct.settle_round(rid)


def test_000_12_31_crazy_time_bonus_flapper_choice_and_default(ct: Platform, clock: Clock) -> None:
    a, b, c = (new_player(ct, deposit="100.00") for _ in range(3))
    rid, res = to_bonus(ct, "crazy_time", [(a, [("crazy_time", "1.00")]), (b, [("crazy_time", "2.00")]),
                                           (c, [("crazy_time", "1.50")])])
    assert res["window"]["bonus"] == "crazy_time" and res["window"]["choices"] == 3
    ct.show_pick(a, rid, "blue")
    ct.show_pick(c, rid, "yellow")
    for who, choice, error in ((a, "green", "already_picked"), (b, "purple", "pick_outside_board"),
                               (b, 1, "pick_outside_board")):
        with pytest.raises(CroupierError) as exc:
            ct.show_pick(who, rid, choice)
        assert exc.value.code == error
    clock.advance(V.pick_seconds + 1)
    done = ct.show_finish(rid)
    assert done is not None
    out = done["outcome"]["crazy_time"]
    rnd = ct.read(lambda s: s.get(Round, rid))
    assert rnd is not None
    b_flapper = ("green", "blue", "yellow")[show_draws.default_choice(rnd, b.id, "crazy_time")]
    assert out["picks"] == {str(a.id): "blue", str(b.id): b_flapper, str(c.id): "yellow"}
    mult = out["multipliers"]
    assert set(mult) == {"green", "blue", "yellow"}  # the table spins until every flapper is final
    rep = ct.settle_round(rid)
    got = {pr.player_id: pr.returned for pr in rep.plays}
    assert got == {a.id: 100 + 100 * mult["blue"], b.id: 200 + 200 * mult[b_flapper],
                   c.id: 150 + 150 * mult["yellow"]}


def test_000_12_31_everyone_picked_closes_the_window_early_and_no_bettor_means_no_window(
        ct: Platform, clock: Clock) -> None:
    a = new_player(ct, deposit="20.00")
    rid, _ = to_bonus(ct, "cash_hunt", [(a, [("cash_hunt", "1.00")])])
    ct.show_pick(a, rid, 0)
    assert ct.show_window_done(rid)  # every bettor picked: no need to wait
    assert ct.show_finish(rid) is not None
    ct.settle_round(rid)
    rid, res = to_bonus(ct, "cash_hunt", [(a, [("5", "1.00")])])
    assert res["window"]["bettors"] == 0 and res["window"]["open"] is False  # everyone watches
    assert ct.show_window_done(rid)
    with pytest.raises(CroupierError) as exc:
        ct.show_pick(a, rid, 3)
    assert exc.value.code == "no_pick_window"
    ct.show_finish(rid)
    rep = ct.settle_round(rid)
    assert [pr.returned for pr in rep.plays] == [0]


def test_000_12_31_pachinko_and_numbers_need_no_window(ct: Platform) -> None:
    a = new_player(ct, deposit="20.00")
    for seg in ("pachinko", "coin_flip", "10"):
        rid, res = to_bonus(ct, seg, [(a, [(seg, "1.00")])])
        assert "window" not in res and res["outcome"]["segment"] == seg
        rep = ct.settle_round(rid)
        rnd = ct.read(lambda s, r=rid: s.get(Round, r))  # type: ignore[misc]
        assert rnd is not None and rnd.draws is not None
        state = ENGINE.start(V, [BetRequest(seg, 100)], "EUR")
        for x in draws_from_json(rnd.draws):
            if ENGINE.is_finished(state):
                break
            state = ENGINE.apply(state, x)
        assert [pr.returned for pr in rep.plays] == [ENGINE.settle(state).total_returned]


def test_000_12_31_malfunction_in_the_window_voids_once_and_refuses_later_picks(ct: Platform, clock: Clock) -> None:
    a, b = new_player(ct, deposit="30.00"), new_player(ct, deposit="30.00")
    rid, _ = to_bonus(ct, "cash_hunt", [(a, [("cash_hunt", "2.00")]), (b, [("1", "4.00")])])
    ct.show_pick(a, rid, 11)
    rep = ct.void_round(rid, MALFUNCTION)
    assert rep is not None and sorted(pr.returned for pr in rep.plays) == [200, 400]
    assert (cash(ct, a), cash(ct, b)) == (3000, 3000)
    assert ct.void_round(rid, MALFUNCTION) is None  # exactly once
    with pytest.raises(CroupierError) as exc:
        ct.show_pick(a, rid, 12)
    assert exc.value.code == "no_pick_window"
    clock.advance(V.pick_seconds)
    assert ct.show_finish(rid) is None
    assert ct.recover_table(T) == []
    assert (cash(ct, a), cash(ct, b)) == (3000, 3000)


def test_000_12_31_a_restart_in_the_window_keeps_the_picks_and_applies_the_defaults(
        ct: Platform, clock: Clock) -> None:
    a, b = new_player(ct, deposit="30.00"), new_player(ct, deposit="30.00")
    rid, _ = to_bonus(ct, "cash_hunt", [(a, [("cash_hunt", "1.00")]), (b, [("cash_hunt", "1.00")])])
    ct.show_pick(a, rid, 40)
    # a new process: the window and the pick are in the database
    p2 = Platform(ct.settings, clock=clock)
    try:
        assert p2.read(lambda s: show_picks.in_window(s, rid))
        reps = p2.recover_table(T)
        assert [r.state for r in reps] == ["settled"]
        rnd = p2.read(lambda s: s.get(Round, rid))
        assert rnd is not None and rnd.outcome is not None
        wall = rnd.outcome["cash_hunt"]["wall"]
        b_cell = show_draws.default_choice(rnd, b.id, "cash_hunt")
        assert rnd.outcome["cash_hunt"]["picks"] == {str(a.id): 40, str(b.id): b_cell}
        got = {pr.player_id: pr.returned for pr in reps[0].plays}
        assert got == {a.id: 100 + 100 * wall[40], b.id: 100 + 100 * wall[b_cell]}
        assert p2.recover_table(T) == []  # settled once
        assert cash(p2, a) == 3000 - 100 + got[a.id]
    finally:
        p2.db.dispose()


def test_000_12_31_a_crazy_time_table_is_configured_from_the_environment() -> None:
    (cfg,) = crash_tables("ct-eur:crazy_time:standard:EUR", "CROUPIER_EXTRA_TABLES")
    assert (cfg.game, cfg.variant) == ("crazy_time", "standard")
    assert Settings(show_pick_seconds=5.0).show_pick_seconds == 5.0


def test_000_12_31_picks_over_http_precise_problems_nothing_moved(db_url: str) -> None:
    import uuid

    from fastapi.testclient import TestClient

    from croupier.api.app import create_app

    p = Platform(make_settings(db_url, tables=TABLES))
    p.migrate()

    def person() -> tuple[Any, dict[str, str]]:
        login = f"s{uuid.uuid4().hex[:10]}"
        pl = new_player(p, deposit="20.00", login=login)
        return pl, {"Authorization": f"Bearer {p.login(login, 'password123')['token']}"}

    def key() -> dict[str, str]:
        return {"Idempotency-Key": str(uuid.uuid4())}

    try:
        with TestClient(create_app(p.settings, platform=p)) as c:
            (a, ah), (b, bh) = person(), person()
            url = "/api/shows/rounds/{}/picks"
            rid = int(p.open_round(T)["round_id"])
            r = c.post(url.format(rid), headers={**ah, **key()}, json={"choice": 3})
            assert (r.status_code, r.json()["code"]) == (409, "no_pick_window")  # betting is open
            force_segment(p, rid, "crazy_time")
            p.bet(a, T, slip(("crazy_time", "1.00", ())))
            p.bet(b, T, slip(("1", "1.00", ())))
            p.close_round(rid)
            assert p.result_round(rid)["window"]["bonus"] == "crazy_time"
            view = c.get(f"/api/shows/tables/{T}/round", headers=ah).json()
            assert view["window"]["open"] and view["window"]["you_play"] and view["window"]["your_pick"] is None
            for who, body, status, code in ((bh, {"choice": "green"}, 403, "not_in_bonus"),
                                            (ah, {"choice": "red"}, 422, "pick_outside_board")):
                r = c.post(url.format(rid), headers={**who, **key()}, json=body)
                assert (r.status_code, r.json()["code"]) == (status, code), r.text
            k = key()
            r = c.post(url.format(rid), headers={**ah, **k}, json={"choice": "yellow"})
            assert r.status_code == 200 and r.json()["your_pick"] == {"choice": "yellow", "by": "player"}
            again = c.post(url.format(rid), headers={**ah, **k}, json={"choice": "yellow"})
            assert again.headers.get("Idempotent-Replayed") == "true"  # the same request, replayed
            r = c.post(url.format(rid), headers={**ah, **key()}, json={"choice": "blue"})
            assert (r.status_code, r.json()["code"]) == (409, "already_picked")
            assert (cash(p, a), cash(p, b)) == (1900, 1900)
            assert p.show_window_done(rid)  # every bettor picked
            p.show_finish(rid)
            rep = p.settle_round(rid)
            mult = p.read(lambda s: s.get(Round, rid)).outcome["crazy_time"]["multipliers"]  # type: ignore[union-attr]
            assert {pr.player_id: pr.returned for pr in rep.plays} == {a.id: 100 + 100 * mult["yellow"], b.id: 0}
            mine = c.get(f"/api/shows/rounds/{rid}", headers=ah).json()
            assert mine["state"] == "settled" and mine["returned_minor"] == 100 + 100 * mult["yellow"]
    finally:
        p.db.dispose()


def test_000_12_31_the_table_runner_opens_the_window_waits_and_settles(db_url: str) -> None:
    """The runner end to end: betting, the wheel on Cash Hunt, the window (one player picks, the
    other gets the default), the result and the settlement, with no call but the players'."""
    import time

    from fastapi.testclient import TestClient
    from sqlalchemy import select as sa_select
    from sqlalchemy import update

    from croupier.api.app import create_app
    from croupier.rng import fair
    from tests.show_table_helpers import seed_landing_on

    seeds = {n: seed_landing_on(f"{T}:{n}", "cash_hunt", top_slot=False) for n in range(1, 9)}
    p = Platform(make_settings(db_url, tables=TABLES, run_tables=True, betting_seconds=1.5,
                               result_seconds=0.05, show_pick_seconds=2.0))
    p.migrate()
    try:
        a, b = new_player(p, deposit="20.00"), new_player(p, deposit="20.00")
        with TestClient(create_app(p.settings, platform=p)):
            rid = 0
            for _ in range(500):  # the first round found open with time to force its seed
                brief = p.table(T)["round"]
                if brief and brief["state"] == "open":
                    number = int(brief["number"])
                    p.run(lambda s, r=int(brief["round_id"]), n=number: s.execute(  # type: ignore[misc]
                        update(Round).where(Round.id == r, Round.state == "open").values(
                            server_seed=seeds[n], server_seed_hash=fair.commitment(seeds[n]))))
                    try:
                        p.bet(a, T, slip(("cash_hunt", "1.00", ())))
                        p.bet(b, T, slip(("cash_hunt", "2.00", ())))
                        rid = int(brief["round_id"])
                        break
                    except CroupierError:  # the window closed meanwhile: the next one
                        pass
                time.sleep(0.02)
            assert rid
            for _ in range(500):
                if p.read(lambda s: show_picks.window_of(s, rid)) is not None:
                    break
                time.sleep(0.02)
            p.show_pick(a, rid, 77)
            for _ in range(1000):
                rnd = p.read(lambda s: s.get(Round, rid))
                if rnd is not None and rnd.state == "settled":
                    break
                time.sleep(0.02)
        assert rnd is not None and rnd.state == "settled" and rnd.outcome is not None
        wall = rnd.outcome["cash_hunt"]["wall"]
        d = show_draws.default_choice(rnd, b.id, "cash_hunt")
        assert rnd.outcome["cash_hunt"]["picks"] == {str(a.id): 77, str(b.id): d}
        from croupier.store.models import Play

        def returned(pl: Any) -> int:
            return int(p.read(lambda s: s.scalars(sa_select(Play.returned_total).where(
                Play.round_id == rid, Play.player_id == pl.id)).one()))

        assert (returned(a), returned(b)) == (100 + 100 * wall[77], 200 + 200 * wall[d])
    finally:
        p.db.dispose()
