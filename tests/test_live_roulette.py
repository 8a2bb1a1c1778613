"""Live roulette (issue 16): results from a reader device or the dealer console, and every
roulette incident of 004 §1.16–1.24 with the outcome the rules set."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from croupier.platform import history
from croupier.platform.errors import BettingClosed, RoundStateError
from croupier.platform.live_errors import (
    BadIncident,
    BadReading,
    NotLiveTable,
    RoleRequired,
    RoundFinished,
    SameOperator,
    UnknownDevice,
    UnknownPocket,
)
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER
from croupier.platform.live_service import LiveOps
from croupier.platform.service import Platform
from croupier.store.models import Play, Round, RoundEvent
from croupier.store.protection_models import AuditEntry
from tests.live_helpers import *  # noqa: F403
from tests.live_helpers import Clock, assert_books_balance, cash, staff, straight_or_red
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player, slip

T = "live-eur"


def closed_round(p: Platform, *bets: tuple[Any, str, tuple[Any, ...]]) -> tuple[int, list[Any]]:
    """A live round with one player per bet, closed ("no more bets"): the round id and players."""
    rid = int(p.open_round(T)["round_id"])
    players = []
    for code, stake, target in bets:
        pl = new_player(p, deposit="100.00")
        p.bet(pl, T, slip((code, stake, target)))
        players.append(pl)
    assert p.close_round(rid)
    return rid, players


def events(p: Platform, rid: int) -> list[str]:
    return p.read(lambda s: [e.type for e in s.scalars(
        select(RoundEvent).where(RoundEvent.round_id == rid).order_by(RoundEvent.id))])


# -- the feed -------------------------------------------------------------------------------------


def test_004_1_18_a_device_reading_results_the_round_and_it_settles(lp: Platform, ops: LiveOps) -> None:
    token, _ = ops.add_device(T, "wheel reader 1")
    rid, (a, b) = closed_round(lp, ("straight", "2.00", (17,)), ("red", "5.00", ()))
    out = ops.device_reading(T, token, {"pocket": 17})
    assert out["state"] == "resulted" and out["read"] == "17"
    rep = lp.settle_round(rid)
    returned = {pr.player_id: pr.returned for pr in rep.plays}
    assert returned[a.id] == straight_or_red("straight", 200, (17,), 17) == 7200
    assert returned[b.id] == straight_or_red("red", 500, (), 17)  # 17 is black: 0
    assert cash(lp, a) == 10000 - 200 + 7200 and cash(lp, b) == 10000 - 500
    assert events(lp, rid) == ["betting_open", "no_more_bets", "reading", "result", "settled"]
    assert_books_balance(lp)


def test_004_1_18_the_dealer_console_enters_a_result_too(lp: Platform, ops: LiveOps) -> None:
    dealer = staff(lp, DEALER)
    rid, (a,) = closed_round(lp, ("straight", "1.00", (0,)))
    ops.dealer_reading(T, dealer.id, {"pocket": "0"})
    lp.settle_round(rid)
    assert cash(lp, a) == 10000 - 100 + 3600
    assert_books_balance(lp)


def test_004_1_18_a_result_from_an_unknown_device_is_refused_and_nothing_moves(
        lp: Platform, ops: LiveOps) -> None:
    ops.add_device(T, "wheel reader 1")
    rid, (a,) = closed_round(lp, ("straight", "1.00", (5,)))
    before = events(lp, rid)
    for bad in ("dev_not-a-token", "", None):
        with pytest.raises(UnknownDevice):
            ops.device_reading(T, bad, {"pocket": 5})
    assert events(lp, rid) == before and cash(lp, a) == 10000 - 100


def test_004_1_18_a_device_of_another_table_is_refused(db_url: str, clock: Clock) -> None:
    from croupier.platform.config import TableConfig
    from tests.live_helpers import LIVE_TABLES
    from tests.platform_fixtures import make_settings

    second = TableConfig("live-2", "Live Roulette 2", "roulette", "european", "EUR", "live")
    p = Platform(make_settings(db_url, tables=(*LIVE_TABLES, second)), clock=clock)
    p.migrate()
    try:
        ops = LiveOps(p)
        token2, _ = ops.add_device("live-2", "reader of table 2")
        rid, _ = closed_round(p, ("straight", "1.00", (5,)))
        with pytest.raises(UnknownDevice):
            ops.device_reading(T, token2, {"pocket": 5})
        assert events(p, rid)[-1] == "no_more_bets"
    finally:
        p.db.dispose()


@pytest.mark.parametrize("pocket", [37, -1, "00", "seventeen", 3.5, True])
def test_004_1_1_a_pocket_the_wheel_does_not_have_is_refused(
        lp: Platform, ops: LiveOps, pocket: object) -> None:
    token, _ = ops.add_device(T, "reader")
    rid, (a,) = closed_round(lp, ("straight", "1.00", (5,)))
    with pytest.raises(UnknownPocket):
        ops.device_reading(T, token, {"pocket": pocket})
    assert events(lp, rid)[-1] == "no_more_bets" and cash(lp, a) == 10000 - 100


def test_004_1_6_a_reading_while_betting_is_open_or_after_the_result_is_refused(
        lp: Platform, ops: LiveOps) -> None:
    token, _ = ops.add_device(T, "reader")
    rid = int(lp.open_round(T)["round_id"])
    with pytest.raises(RoundFinished, match="still taking bets"):
        ops.device_reading(T, token, {"pocket": 1})
    lp.close_round(rid)
    with pytest.raises(BadReading):  # a card for a wheel
        ops.device_reading(T, token, {"card": "Ah"})
    with pytest.raises(BadReading):
        ops.device_reading(T, token, {"pocket": 1, "round_id": "1"})
    ops.device_reading(T, token, {"pocket": 1})
    lp.settle_round(rid)
    with pytest.raises(RoundFinished, match="settled"):
        ops.device_reading(T, token, {"pocket": 2})
    assert lp.read(lambda s: s.get(Round, rid)).outcome["pockets"] == ["1"]


def test_an_rng_table_takes_no_reading(lp: Platform, ops: LiveOps) -> None:
    dealer = staff(lp, DEALER)
    rid = int(lp.open_round("t-eur")["round_id"])
    lp.close_round(rid)
    with pytest.raises(NotLiveTable):
        ops.dealer_reading("t-eur", dealer.id, {"pocket": 3})
    assert lp.result_round(rid)["outcome"] is not None  # the RNG path is unchanged
    assert not ops.is_live("t-eur") and ops.is_live(T)


def test_a_result_needs_a_dealer(lp: Platform, ops: LiveOps) -> None:
    someone = new_player(lp)
    closed_round(lp, ("red", "1.00", ()))
    with pytest.raises(RoleRequired):
        ops.dealer_reading(T, someone.id, {"pocket": 3})


# -- 1.16-1.17, 1.19, 1.22: re-spin, bets stay ----------------------------------------------------


@pytest.mark.parametrize("cause,clause", [("few_revolutions", "1.16.1"), ("same_direction", "1.16.2"),
                                          ("wrong_direction", "1.16.3"), ("wheel_jammed", "1.16.4"),
                                          ("ball_rides", "1.16.5"), ("ball_ejected", "1.16.6"),
                                          ("foreign_object", "1.16.7")])
def test_004_1_16_1_17_no_spin_respins_with_the_bets_kept(
        lp: Platform, ops: LiveOps, cause: str, clause: str) -> None:
    dealer = staff(lp, DEALER)
    rid, (a,) = closed_round(lp, ("straight", "3.00", (26,)))
    res = ops.incident(rid, "no_spin", dealer.id, "ball made two turns", "cam2 12:00:41",
                       {"cause": cause})
    assert res.incident["clause"] == clause and res.report is None
    assert ops.round_state(rid) == "closed" and cash(lp, a) == 10000 - 300  # bets stay
    with pytest.raises(BettingClosed):  # placed bets cannot be changed: betting stays closed
        lp.bet(a, T, slip(("red", "1.00", ())))
    ops.dealer_reading(T, dealer.id, {"pocket": 26})
    lp.settle_round(rid)
    assert cash(lp, a) == 10000 - 300 + 10800
    assert events(lp, rid)[2:] == ["respin", "reading", "result", "settled"]
    assert_books_balance(lp)


def test_004_1_16_a_no_spin_names_its_cause(lp: Platform, ops: LiveOps) -> None:
    dealer = staff(lp, DEALER)
    rid, _ = closed_round(lp, ("red", "1.00", ()))
    with pytest.raises(BadIncident, match="cause"):
        ops.incident(rid, "no_spin", dealer.id, "bad spin")
    with pytest.raises(BadIncident, match="reason"):
        ops.incident(rid, "no_spin", dealer.id, "  ", data={"cause": "wheel_jammed"})
    assert events(lp, rid)[-1] == "no_more_bets"


@pytest.mark.parametrize("code,clause", [("ball_left_wheel", "1.19"),
                                         ("foreign_object_before_landing", "1.22")])
def test_004_1_19_1_22_respin_cases_keep_the_bets(lp: Platform, ops: LiveOps, code: str,
                                                  clause: str) -> None:
    fm = staff(lp, FLOOR_MANAGER)
    rid, (a,) = closed_round(lp, ("red", "4.00", ()))
    assert ops.incident(rid, code, fm.id, "seen on camera").incident["clause"] == clause
    assert ops.round_state(rid) == "closed" and cash(lp, a) == 10000 - 400


# -- voids: 1.18, 1.20.1, 1.21.2.1, 1.23 ----------------------------------------------------------


@pytest.mark.parametrize("code,clause", [("reader_failure", "1.18"), ("provider_fault_unknown", "1.20.1"),
                                         ("early_spin_unregistered", "1.21.2.1"),
                                         ("foreign_object_after_landing", "1.23")])
def test_004_voids_refund_every_stake_once(lp: Platform, ops: LiveOps, code: str, clause: str) -> None:
    fm = staff(lp, FLOOR_MANAGER)
    rid, players = closed_round(lp, ("straight", "2.00", (9,)), ("red", "7.50", ()))
    res = ops.incident(rid, code, fm.id, "video reviewed", "cam1 2026-01-05T12:00:30Z")
    assert res.report is not None and res.report.state == "voided"
    assert sorted(pr.returned for pr in res.report.plays) == [200, 750]
    assert all(cash(lp, pl) == 10000 for pl in players)
    after = [cash(lp, pl) for pl in players]
    with pytest.raises(RoundFinished):  # a second void changes nothing
        ops.incident(rid, code, fm.id, "again")
    assert [cash(lp, pl) for pl in players] == after
    # the player sees why, in Games History and the round recall
    item = lp.read(lambda s: history.recall(s, players[0], rid))
    assert item["state"] == "voided" and f"004 §{clause}" in item["void_reason"]
    assert "stakes returned" in item["void_reason"]
    # the monitoring record has who, when, why and the evidence reference
    inc = res.incident
    assert inc["maker_id"] == fm.id and inc["reason"] == "video reviewed"
    assert inc["evidence"] == "cam1 2026-01-05T12:00:30Z" and inc["created_at"]
    kinds = lp.read(lambda s: [(e.kind, e.player_id, e.amount) for e in s.scalars(
        select(AuditEntry).where(AuditEntry.round_id == rid).order_by(AuditEntry.seq))])
    assert ("incident", fm.id, 950) in kinds and [k for k, _, _ in kinds].count("refund") == 2
    assert_books_balance(lp)


def test_004_1_18_a_dealer_cannot_void(lp: Platform, ops: LiveOps) -> None:
    dealer = staff(lp, DEALER)
    rid, (a,) = closed_round(lp, ("red", "1.00", ()))
    with pytest.raises(RoleRequired):
        ops.incident(rid, "reader_failure", dealer.id, "no read")
    assert ops.round_state(rid) == "closed" and cash(lp, a) == 10000 - 100


def test_004_1_18_no_reading_in_time_voids_the_round(lp: Platform, ops: LiveOps, clock: Clock) -> None:
    dealer = staff(lp, DEALER)
    wait = lp.settings.live_result_seconds
    rid, (a,) = closed_round(lp, ("straight", "1.00", (4,)))
    clock.advance(wait - 1)
    assert ops.expire(rid) is None
    ops.incident(rid, "no_spin", dealer.id, "jammed", data={"cause": "wheel_jammed"})
    clock.advance(wait - 1)  # the re-spin started the wait again
    assert ops.expire(rid) is None
    clock.advance(1)
    rep = ops.expire(rid)
    assert rep is not None and rep.state == "voided" and "004 §1.18" in (rep.reason or "")
    assert cash(lp, a) == 10000 and ops.expire(rid) is None
    assert_books_balance(lp)


# -- 1.20.2: manual settlement by two people -------------------------------------------------------


def test_004_1_20_2_manual_settlement_needs_a_second_person(lp: Platform, ops: LiveOps) -> None:
    fm1, fm2, dealer = staff(lp, FLOOR_MANAGER), staff(lp, FLOOR_MANAGER), staff(lp, DEALER)
    rid, (a, b) = closed_round(lp, ("straight", "1.00", (32,)), ("red", "2.00", ()))
    prop = ops.incident(rid, "provider_fault_known", fm1.id, "stream froze; ball in 32 on video",
                        "cam1 12:00:58", {"readings": [{"pocket": 32}]})
    assert prop.incident["state"] == "proposed" and ops.round_state(rid) == "held"
    assert ops.expire(rid) is None  # a held round does not time out
    with pytest.raises(SameOperator):
        ops.approve(prop.incident["id"], fm1.id)
    with pytest.raises(RoleRequired):
        ops.approve(prop.incident["id"], dealer.id)
    assert ops.round_state(rid) == "held" and cash(lp, a) == 10000 - 100
    done = ops.approve(prop.incident["id"], fm2.id)
    assert done.incident["state"] == "approved" and done.incident["checker_id"] == fm2.id
    assert done.report is not None and ops.round_state(rid) == "settled"
    assert cash(lp, a) == 10000 - 100 + straight_or_red("straight", 100, (32,), 32)
    assert cash(lp, b) == 10000 - 200 + straight_or_red("red", 200, (), 32)  # 32 is red
    with pytest.raises(RoundFinished):
        ops.approve(prop.incident["id"], fm2.id)
    assert_books_balance(lp)


def test_004_1_20_2_a_refused_proposal_leaves_the_round_held_then_1_20_1_voids_it(
        lp: Platform, ops: LiveOps) -> None:
    fm1, fm2 = staff(lp, FLOOR_MANAGER), staff(lp, FLOOR_MANAGER)
    rid, (a,) = closed_round(lp, ("red", "2.00", ()))
    prop = ops.incident(rid, "provider_fault_known", fm1.id, "fault", None,
                        {"readings": [{"pocket": 1}]})
    ops.reject(prop.incident["id"], fm2.id)
    assert ops.round_state(rid) == "held" and cash(lp, a) == 10000 - 200
    ops.incident(rid, "provider_fault_unknown", fm2.id, "video unclear")
    assert ops.round_state(rid) == "voided" and cash(lp, a) == 10000
    assert_books_balance(lp)


def test_004_1_20_2_a_proposal_with_a_pocket_that_does_not_exist_is_refused(
        lp: Platform, ops: LiveOps) -> None:
    fm = staff(lp, FLOOR_MANAGER)
    rid, _ = closed_round(lp, ("red", "2.00", ()))
    with pytest.raises(UnknownPocket):
        ops.incident(rid, "provider_fault_known", fm.id, "fault", None, {"readings": [{"pocket": 40}]})
    with pytest.raises(BadIncident):
        ops.incident(rid, "provider_fault_known", fm.id, "fault", None, {})
    assert ops.round_state(rid) == "closed"


# -- 1.21: early spin -----------------------------------------------------------------------------


def test_004_1_21_1_early_spin_ball_removed_betting_continues(lp: Platform, ops: LiveOps) -> None:
    dealer = staff(lp, DEALER)
    rid = int(lp.open_round(T)["round_id"])
    ops.incident(rid, "early_spin_on_track", dealer.id, "spun at 15 s")
    a = new_player(lp, deposit="10.00")
    lp.bet(a, T, slip(("red", "1.00", ())))  # betting goes on
    assert ops.round_state(rid) == "open"


def test_004_1_21_2_2_early_spin_registered_result_stands(lp: Platform, ops: LiveOps) -> None:
    fm = staff(lp, FLOOR_MANAGER)
    rid, (a,) = closed_round(lp, ("straight", "1.00", (7,)))
    ops.dealer_reading(T, fm.id, {"pocket": 7})
    lp.settle_round(rid)
    paid = cash(lp, a)
    ops.incident(rid, "early_spin_registered", fm.id, "spin before time; registered")
    assert cash(lp, a) == paid == 10000 - 100 + 3600 and ops.round_state(rid) == "settled"


# -- 1.24: wrong number registered ----------------------------------------------------------------


def _settled_on(lp: Platform, ops: LiveOps, pocket: int, *bets: tuple[Any, str, tuple[Any, ...]]
                ) -> tuple[int, list[Any]]:
    token, _ = ops.add_device(T, "reader")
    rid, players = closed_round(lp, *bets)
    ops.device_reading(T, token, {"pocket": pocket})
    lp.settle_round(rid)
    return rid, players


def test_004_1_24_wrong_number_settles_on_the_video_without_clawback(lp: Platform, ops: LiveOps) -> None:
    fm = staff(lp, FLOOR_MANAGER)
    rid, (a, b) = _settled_on(lp, ops, 17, ("straight", "1.00", (17,)), ("straight", "1.00", (18,)))
    assert cash(lp, a) == 10000 + 3500 and cash(lp, b) == 10000 - 100
    res = ops.incident(rid, "wrong_number", fm.id, "video shows 18", "cam1 12:01:10",
                       {"readings": [{"pocket": 18}]})
    assert cash(lp, a) == 10000 + 3500  # over-credited: not taken back
    assert cash(lp, b) == 10000 - 100 + 3600  # owed on the video's result: paid now
    assert res.credited == {b.id: 3600}
    rnd_outcome = lp.read(lambda s: history.recall(s, b, rid))["outcome"]
    assert rnd_outcome["pockets"] == ["18"] and rnd_outcome["corrected"]["registered"]["pockets"] == ["17"]
    with pytest.raises(RoundFinished):  # one correction per round
        ops.incident(rid, "wrong_number", fm.id, "again", None, {"readings": [{"pocket": 19}]})
    assert_books_balance(lp)


def test_004_1_24_a_bet_on_both_numbers_keeps_the_wrong_win_and_gets_the_right_one(
        lp: Platform, ops: LiveOps) -> None:
    """ASSUMPTION per_bet (the default): each bet is settled on the video; no bet gives back."""
    fm = staff(lp, FLOOR_MANAGER)
    token, _ = ops.add_device(T, "reader")
    rid = int(lp.open_round(T)["round_id"])
    c = new_player(lp, deposit="100.00")
    lp.bet(c, T, slip(("straight", "1.00", (17,)), ("straight", "1.00", (18,))))
    lp.close_round(rid)
    ops.device_reading(T, token, {"pocket": 17})
    lp.settle_round(rid)
    res = ops.incident(rid, "wrong_number", fm.id, "video shows 18", None,
                       {"readings": [{"pocket": 18}]})
    assert res.credited == {c.id: 3600}
    assert cash(lp, c) == 10000 - 200 + 3600 + 3600
    assert_books_balance(lp)


def test_004_1_24_per_play_netting_pays_only_the_shortfall(db_url: str, clock: Clock) -> None:
    """The variant option ``live_correction_netting = "per_play"``: a player's round is owed the
    difference of its totals, if positive."""
    from tests.live_helpers import LIVE_TABLES
    from tests.platform_fixtures import make_settings

    p = Platform(make_settings(db_url, tables=LIVE_TABLES,
                               live_correction_netting="per_play"), clock=clock)
    p.migrate()
    try:
        ops = LiveOps(p)
        fm = staff(p, FLOOR_MANAGER)
        token, _ = ops.add_device(T, "reader")
        rid = int(p.open_round(T)["round_id"])
        c, d = new_player(p, deposit="100.00"), new_player(p, deposit="100.00")
        p.bet(c, T, slip(("straight", "1.00", (17,)), ("straight", "1.00", (18,))))
        p.bet(d, T, slip(("straight", "1.00", (18,))))
        p.close_round(rid)
        ops.device_reading(T, token, {"pocket": 17})
        p.settle_round(rid)
        res = ops.incident(rid, "wrong_number", fm.id, "video shows 18", None,
                           {"readings": [{"pocket": 18}]})
        assert res.credited == {d.id: 3600}  # c was paid 36 either way
        assert cash(p, c) == 10000 - 200 + 3600
        assert_books_balance(p)
    finally:
        p.db.dispose()


def test_004_1_24_only_a_settled_round_is_corrected(lp: Platform, ops: LiveOps) -> None:
    fm = staff(lp, FLOOR_MANAGER)
    rid, (a,) = closed_round(lp, ("red", "1.00", ()))
    with pytest.raises(RoundFinished):
        ops.incident(rid, "wrong_number", fm.id, "no", None, {"readings": [{"pocket": 1}]})
    assert cash(lp, a) == 10000 - 100


# -- property: 1.24 on random bets ----------------------------------------------------------------

POCKETS = st.integers(0, 36)
BET = st.one_of(st.tuples(st.just("straight"), st.integers(1, 20), POCKETS.map(lambda n: (n,))),
                st.tuples(st.just("red"), st.integers(1, 20), st.just(())))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bets=st.lists(BET, min_size=1, max_size=4), registered=POCKETS, video=POCKETS)
def test_004_1_24_property_no_balance_falls_and_each_bet_gets_what_it_is_owed(
        lp: Platform, ops: LiveOps, bets: list[tuple[str, int, tuple[int, ...]]],
        registered: int, video: int) -> None:
    fm = staff(lp, FLOOR_MANAGER)
    token, _ = ops.add_device(T, "reader")
    rid = int(lp.open_round(T)["round_id"])
    player = new_player(lp, deposit="100.00")
    lp.bet(player, T, slip(*[(c, f"{s}.00", t) for c, s, t in bets]))
    lp.close_round(rid)
    ops.device_reading(T, token, {"pocket": registered})
    lp.settle_round(rid)
    paid = cash(lp, player)
    ops.incident(rid, "wrong_number", fm.id, "video", None, {"readings": [{"pocket": video}]})
    owed = sum(max(0, straight_or_red(c, 100 * s, t, video) - straight_or_red(c, 100 * s, t, registered))
               for c, s, t in bets)  # second method: the paytable, bet by bet
    assert cash(lp, player) == paid + owed >= paid
    assert_books_balance(lp)


# -- property: any sequence of incidents on a round ------------------------------------------------

ACTIONS = st.lists(st.sampled_from([
    ("no_spin", {"cause": "wheel_jammed"}), ("ball_left_wheel", {}), ("reader_failure", {}),
    ("provider_fault_unknown", {}), ("provider_fault_known", {"readings": [{"pocket": 5}]}),
    ("early_spin_unregistered", {}), ("foreign_object_after_landing", {}),
    ("wrong_number", {"readings": [{"pocket": 6}]}), ("read", {"pocket": 5}), ("approve", {}),
    ("settle", {}),
]), min_size=1, max_size=6)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS, stakes=st.lists(st.integers(1, 9), min_size=1, max_size=3))
def test_004_1_16_to_1_24_property_any_incident_sequence_keeps_the_books(
        lp: Platform, ops: LiveOps, actions: list[tuple[str, dict[str, Any]]],
        stakes: list[int]) -> None:
    """Whatever the dealer and floor managers press, in whatever order: every refused action
    moves nothing; a voided round returns exactly the stakes; a settled one pays its pocket by the
    paytable (plus a 1.24 correction's extra); the ledger sums to zero."""
    fm1, fm2 = staff(lp, FLOOR_MANAGER), staff(lp, FLOOR_MANAGER)
    rid = int(lp.open_round(T)["round_id"])
    player = new_player(lp, deposit="100.00")
    lp.bet(player, T, slip(*[("straight", f"{s}.00", (5,)) for s in stakes]))
    lp.close_round(rid)
    proposal: int | None = None
    for code, data in actions:
        before = cash(lp, player)
        try:
            if code == "read":
                ops.dealer_reading(T, fm1.id, data)
            elif code == "approve":
                if proposal is None:
                    continue
                ops.approve(proposal, fm2.id)
            elif code == "settle":
                lp.settle_round(rid)
            else:
                res = ops.incident(rid, code, fm1.id, "property", None, data)
                if res.incident["state"] == "proposed":
                    proposal = res.incident["id"]
        except (RoundFinished, BadIncident, BadReading, RoundStateError):
            assert cash(lp, player) == before  # refused: nothing moved
    total = 100 * sum(stakes)
    state = ops.round_state(rid)
    final = cash(lp, player)
    if state == "voided":
        assert final == 10000
    elif state == "settled":
        pockets = lp.read(lambda s: s.get(Round, rid)).outcome["pockets"]
        paid = sum(straight_or_red("straight", 100 * s, (5,), 5) for s in stakes)
        assert pockets in (["5"], ["6"])
        assert final == 10000 - total + paid  # 5 was paid; a correction to 6 claws nothing back
    else:
        assert final == 10000 - total
    # the stakes account holds exactly the stakes of plays not yet settled or refunded (this
    # example's and those earlier examples left held or waiting on the same table)
    held = lp.read(lambda s: sum(p.stake_total for p in s.scalars(
        select(Play).where(Play.status == "open"))))
    assert held >= (total if state in ("closed", "held", "resulted") else 0)
    assert_books_balance(lp, held=held)


def test_004_1_6_the_dealer_closes_betting_early(lp: Platform, ops: LiveOps) -> None:
    dealer, someone = staff(lp, DEALER), new_player(lp, deposit="10.00")
    rid = int(lp.open_round(T)["round_id"])
    with pytest.raises(RoleRequired):
        ops.close_betting(T, someone.id)
    assert ops.close_betting(T, dealer.id) == rid and ops.round_state(rid) == "closed"
    with pytest.raises(BettingClosed):  # "no more bets" holds from now
        lp.bet(someone, T, slip(("red", "1.00", ())))
    with pytest.raises(RoundFinished):  # nothing left to close
        ops.close_betting(T, dealer.id)
    with pytest.raises(NotLiveTable):
        ops.close_betting("t-eur", dealer.id)
