"""Shared tables: the round state machine, bets after "no more bets", voids and recovery."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from croupier.games.roulette.wheel import RED
from croupier.platform import tables
from croupier.platform.errors import BettingClosed, InsufficientFunds
from croupier.platform.service import Platform
from croupier.rng import fair
from croupier.store.models import Round, RoundEvent, Transfer
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player, slip


def expected_return(code: str, stake: int, target: tuple[int, ...], pocket: int) -> int:
    """Independent payouts of European roulette (000 §12.1): 35:1 straight, 1:1 red."""
    if code == "straight":
        return 36 * stake if pocket == target[0] else 0
    if code == "red":
        return 2 * stake if pocket in RED else 0
    raise AssertionError(code)


def test_004_1_6_round_phases_are_persisted_in_order(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    b = new_player(platform, deposit="50.00")
    r = platform.open_round("t-eur")
    rid = r["round_id"]
    platform.bet(a, "t-eur", slip(("red", "5.00", ()), ("straight", "1.00", (17,))))
    platform.bet(a, "t-eur", slip(("straight", "1.00", (20,))))  # a second slip, same play
    platform.bet(b, "t-eur", slip(("red", "3.00", ())))
    assert platform.close_round(rid)
    res = platform.result_round(rid)
    assert fair.matches(res["server_seed"], r["server_seed_hash"])  # commitment then reveal
    rep = platform.settle_round(rid)
    pocket = int(res["outcome"]["pockets"][0])
    by_player = {pr.player_id: pr for pr in rep.plays}
    exp_a = (expected_return("red", 500, (), pocket) + expected_return("straight", 100, (17,), pocket)
             + expected_return("straight", 100, (20,), pocket))
    exp_b = expected_return("red", 300, (), pocket)
    assert by_player[a.id].returned == exp_a and by_player[a.id].stake == 700
    assert by_player[b.id].returned == exp_b  # the same draw for every player
    assert platform.balance(a)["cash_minor"] == 5000 - 700 + exp_a
    types = platform.read(lambda s: [e.type for e in s.scalars(
        select(RoundEvent).where(RoundEvent.round_id == rid).order_by(RoundEvent.id))])
    assert types == ["betting_open", "no_more_bets", "result", "settled"]
    assert platform.audit().total == 0 and platform.system_balance("stakes", "EUR") == 0


def test_004_1_6_bets_after_no_more_bets_are_refused(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    rid = platform.open_round("t-eur")["round_id"]
    platform.close_round(rid)
    with pytest.raises(BettingClosed):
        platform.bet(a, "t-eur", slip(("red", "1.00", ())))
    assert platform.balance(a)["cash_minor"] == 5000


def test_004_1_6_bets_after_the_betting_window_are_refused_even_before_the_close(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    platform.open_round("t-eur")
    platform.clock = lambda: datetime.now(UTC) + timedelta(seconds=61)
    with pytest.raises(BettingClosed):
        platform.bet(a, "t-eur", slip(("red", "1.00", ())))


def test_000_10_insufficient_funds_refuses_the_whole_slip(platform: Platform) -> None:
    a = new_player(platform, deposit="2.00")
    platform.open_round("t-eur")
    with pytest.raises(InsufficientFunds):
        platform.bet(a, "t-eur", slip(("red", "1.00", ()), ("black", "1.50", ())))
    assert platform.balance(a)["cash_minor"] == 200
    assert platform.read(lambda s: s.query(Transfer).filter(Transfer.kind == "bet").count()) == 0


def test_000_11_void_refunds_every_stake_exactly_once(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    b = new_player(platform, deposit="50.00")
    rid = platform.open_round("t-eur")["round_id"]
    platform.bet(a, "t-eur", slip(("red", "5.00", ())))
    platform.bet(b, "t-eur", slip(("straight", "2.00", (0,))))
    platform.close_round(rid)
    rep = platform.void_round(rid, "software error (000 §11)")
    assert rep is not None and sorted(p.returned for p in rep.plays) == [200, 500]
    assert platform.void_round(rid, "again") is None  # already voided: nothing moves
    assert platform.balance(a)["cash_minor"] == 5000 and platform.balance(b)["cash_minor"] == 5000
    refunds = platform.read(lambda s: Counter(t.play_id for t in s.scalars(
        select(Transfer).where(Transfer.kind == "refund"))))
    assert sorted(refunds.values()) == [1, 1]
    recall = platform.read(lambda s: __import__("croupier.platform.history", fromlist=["x"]).recall(s, a, rid))
    assert recall["state"] == "voided"
    assert [(x["returned_minor"], x["outcome"]) for x in recall["bets"]] == [(500, "refunded")]


def test_000_10_communication_failure_settles_at_odds_1(platform: Platform) -> None:
    """A round whose runner fails before the result (communication failure, 000 §10) is recovered
    by refunding every bet: each is settled at odds of 1."""
    a = new_player(platform, deposit="10.00")
    rid = platform.open_round("t-eur")["round_id"]
    platform.bet(a, "t-eur", slip(("straight", "3.00", (5,)), ("red", "2.00", ())))
    platform.close_round(rid)
    reports = platform.recover_table("t-eur")
    assert [r.state for r in reports] == ["voided"]
    bets = reports[0].plays[0].bets
    assert all(b["returned_minor"] == b["stake_minor"] for b in bets)
    assert platform.balance(a)["cash_minor"] == 1000


def test_recovery_settles_a_round_that_has_its_result(platform: Platform) -> None:
    a = new_player(platform, deposit="10.00")
    rid = platform.open_round("t-eur")["round_id"]
    platform.bet(a, "t-eur", slip(("red", "4.00", ())))
    platform.close_round(rid)
    res = platform.result_round(rid)
    reports = platform.recover_table("t-eur")
    assert [r.state for r in reports] == ["settled"]
    pocket = int(res["outcome"]["pockets"][0])
    assert platform.balance(a)["cash_minor"] == 600 + expected_return("red", 400, (), pocket)
    assert platform.recover_table("t-eur") == []  # nothing left: exactly once


def test_table_refuses_a_player_of_another_currency(platform: Platform) -> None:
    from croupier.errors import CurrencyMismatch

    a = new_player(platform, cur="AMD", deposit="1000")
    platform.open_round("t-eur")
    with pytest.raises(CurrencyMismatch):
        platform.bet(a, "t-eur", slip(("red", "100", ())))


def test_004_1_4_table_maximum_applies_to_all_slips_of_a_round(platform: Platform) -> None:
    from croupier.errors import StakeAboveMaximum, TableLimitExceeded

    a = new_player(platform, deposit="5000.00")
    platform.open_round("t-eur")
    platform.bet(a, "t-eur", slip(("red", "2000.00", ())))
    with pytest.raises((TableLimitExceeded, StakeAboveMaximum)):
        platform.bet(a, "t-eur", slip(("red", "1000.01", ())))
    assert platform.balance(a)["cash_minor"] == 300000


def test_round_numbers_and_seeds_are_per_round(platform: Platform) -> None:
    r1 = platform.open_round("t-eur")
    platform.close_round(r1["round_id"])
    platform.result_round(r1["round_id"])
    platform.settle_round(r1["round_id"])
    r2 = platform.open_round("t-eur")
    assert r2["number"] == r1["number"] + 1 and r2["server_seed_hash"] != r1["server_seed_hash"]
    rounds = platform.read(lambda s: s.scalars(select(Round).where(Round.table_id == "t-eur")).all())
    assert {r.client_seed for r in rounds} == {"t-eur:1", "t-eur:2"}
    assert tables.RESTART_REASON
