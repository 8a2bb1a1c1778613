"""Live blackjack (issue 16, 004 §2): a seated round dealt card by card from scanner readings,
waiting for each player's decision, the defaults of a disconnected player (004 §2.36-2.37) and
the result seen again on reconnecting."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from croupier.errors import IllegalAction
from croupier.platform import history, live, live_decisions
from croupier.platform.clock import iso
from croupier.platform.config import TableConfig
from croupier.platform.errors import BettingClosed
from croupier.platform.live_decisions import SeatRequired, SeatTaken, WaitingForDecision
from croupier.platform.live_errors import CardNotInShoe, RoundFinished
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER
from croupier.platform.live_service import LiveOps
from croupier.platform.service import Platform
from croupier.platform.tables import RoundReport
from croupier.store.models import Player
from tests.live_helpers import Clock, assert_books_balance, cash, staff
from tests.platform_fixtures import (
    TEST_TABLES,
    _drop_pg,
    _pg_url,
    make_settings,
    new_pg_database,
    new_player,
    slip,
)
from tests.platform_fixtures import _pg_cleanup as _pg_cleanup  # noqa: F401 - the fixture

T = "live-bj"
LIVE_BJ = TableConfig(T, "Live Blackjack (EUR)", "blackjack", "live_004", "EUR", "live")


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def jp(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
       _pg_cleanup: None) -> Iterator[Platform]:
    """One platform per database for the module (each test plays its own rounds and players
    and finishes them), so the module stays fast."""
    pg = None
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('lbj') / 'croupier.sqlite3'}"
    else:
        pg = new_pg_database()
        url = _pg_url(pg)
    p = Platform(make_settings(url, tables=(*TEST_TABLES, LIVE_BJ)), clock=Clock())
    p.migrate()
    yield p
    p.db.dispose()
    if pg is not None:
        _drop_pg(pg)


@pytest.fixture
def clock(jp: Platform) -> Clock:
    return jp.clock  # type: ignore[return-value]


def at(clock: Clock, seconds: float) -> str:
    return iso(clock.now + timedelta(seconds=seconds)) or ""


def seat_bet(p: Platform, player: Player, seat: int, *bets: tuple[str, str]) -> dict[str, Any]:
    return p.run(lambda s: live_decisions.place(
        s, player, T, seat, slip(*((c, st, ()) for c, st in bets)), p.clock()).to_dict())


def view(p: Platform, rid: int, player: Player) -> dict[str, Any]:
    return p.read(lambda s: live_decisions.player_view(s, rid, player, p.clock()))


def decide(p: Platform, rid: int, player: Player, action: str) -> dict[str, Any]:
    return p.run(lambda s: live_decisions.decide(s, rid, player, action, None, p.clock()))


def scan(ops: LiveOps, dealer: Player, *cards: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for c in cards:
        out = ops.dealer_reading(T, dealer.id, {"card": c})
    return out


def two_seats(p: Platform) -> tuple[int, Player, Player]:
    rid = int(p.open_round(T)["round_id"])
    a, b = new_player(p, deposit="100.00"), new_player(p, deposit="100.00")
    seat_bet(p, a, 1, ("main", "10.00"))
    seat_bet(p, b, 3, ("main", "10.00"))
    p.close_round(rid)
    return rid, a, b


def test_004_2_5_cards_come_from_the_scanner_by_seat_and_the_round_waits_for_decisions(
        jp: Platform, clock: Clock) -> None:
    ops = LiveOps(jp)
    dealer = staff(jp, DEALER)
    rid, a, b = two_seats(jp)
    # 004 §2.5: seat 1, seat 3, the dealer's up card, seat 1, seat 3, the dealer's hole card
    out = scan(ops, dealer, "Th", "Kd", "7c", "6s", "2h")
    assert out["waiting_for"] == "card"
    out = scan(ops, dealer, "Ts")  # the hole card: now seat 1 (16) decides first (004 §2.8)
    assert out["waiting_for"] == "decision" and out["turn"]["seat"] == 1
    assert out["turn"]["player_id"] == a.id and "hit" in out["turn"]["options"]
    with pytest.raises(WaitingForDecision):  # no card while a player decides
        ops.dealer_reading(T, dealer.id, {"card": "5d"})
    with pytest.raises(IllegalAction, match="seat 1 decides"):  # not b's turn
        decide(jp, rid, b, "stand")
    seen = view(jp, rid, a)
    assert seen["table"]["dealer"]["cards"] == ["7c"] and seen["table"]["dealer"]["hidden"] == 1
    assert {x["name"] for x in seen["legal_actions"]} >= {"hit", "stand", "double"}
    assert decide(jp, rid, a, "hit")["waiting_for"] == "card"
    out = scan(ops, dealer, "5d")  # 21: seat 1 is done, seat 3 (12) decides
    assert out["turn"]["seat"] == 3
    # b disconnected: after 13 s (004 §2.10) the default Stand is taken (004 §2.9.4, §2.36)
    due = at(clock, 13.0)
    clock.advance(13.0)
    assert ops.expire(rid) is None  # the runner's step takes the default, voids nothing
    assert ops.round_state(rid) == "resulted"  # dealer 17 stands: no card needed
    rep = jp.settle_round(rid)
    assert {x.player_id: x.returned for x in rep.plays} == {a.id: 2000, b.id: 0}
    assert cash(jp, a) == 10000 + 1000 and cash(jp, b) == 10000 - 1000
    assert_books_balance(jp)
    # 004 §2.36-2.37: on reconnecting, b sees the outcome and the default taken for them
    back = view(jp, rid, b)
    assert back["state"] == "settled" and back["returned_minor"] == 0
    assert back["your_decisions"] == [{"name": "stand", "seat": 3, "by": "timeout", "at": due}]
    assert back["table"]["dealer"]["cards"] == ["7c", "Ts"]
    recalled = jp.read(lambda s: history.recall(s, b, rid))  # Games History's round recall
    assert recalled["state"] == "settled" and recalled["bets"][0]["outcome"] == "lose"
    assert recalled["outcome"]["decisions"][-1]["by"] == "timeout"


def test_004_2_2_a_seat_is_one_players_and_a_player_takes_at_most_two(jp: Platform) -> None:
    rid = int(jp.open_round(T)["round_id"])
    a, b = new_player(jp, deposit="100.00"), new_player(jp, deposit="100.00")
    seat_bet(jp, a, 2, ("main", "5.00"))
    with pytest.raises(SeatTaken):
        seat_bet(jp, b, 2, ("main", "5.00"))
    with pytest.raises(SeatTaken):
        seat_bet(jp, b, 8, ("main", "5.00"))
    seat_bet(jp, a, 4, ("main", "5.00"))
    with pytest.raises(Exception, match="at most 2 box"):
        seat_bet(jp, a, 6, ("main", "5.00"))
    assert cash(jp, a) == 10000 - 1000 and cash(jp, b) == 10000
    with pytest.raises(SeatRequired):  # the tables' bet route: a seat has its own (no impostor)
        jp.bet(b, T, slip(("main", "5.00", (5, str(a.id)))))
    jp.close_round(rid)
    # 004 platform rules: a bet not accepted before "No more bets" takes no part, nothing moves
    with pytest.raises(BettingClosed):
        seat_bet(jp, b, 5, ("main", "5.00"))
    assert cash(jp, b) == 10000
    jp.void_round(rid, "test over")
    assert_books_balance(jp)


def test_004_2_8_a_double_debits_its_stake_and_a_void_refunds_it_too_once(jp: Platform) -> None:
    ops = LiveOps(jp)
    dealer, fm = staff(jp, DEALER), staff(jp, FLOOR_MANAGER)
    rid, a, b = two_seats(jp)
    scan(ops, dealer, "6h", "Kd", "9c", "5s", "7h", "Ts")  # seat 1: 11
    decide(jp, rid, a, "double")
    assert cash(jp, a) == 10000 - 2000  # 004 §2.8: the stake doubled, debited now
    assert jp.system_balance("stakes", "EUR") == 3000
    res = ops.incident(rid, "cards_dropped", fm.id, "two cards fell", "cam1 12:00:30",
                       {"count": 2, "visible": False})
    assert res.incident["clause"] == "2.19.2" and res.incident["outcome"] == "void"
    assert cash(jp, a) == 10000 and cash(jp, b) == 10000
    assert_books_balance(jp)
    with pytest.raises(RoundFinished):  # a second void changes nothing
        ops.incident(rid, "order_disturbed", fm.id, "again")
    assert cash(jp, a) == 10000
    assert "card dropped" in (view(jp, rid, a)["void_reason"] or "")


def test_004_2_8_a_won_double_pays_even_money_on_both_stakes(jp: Platform) -> None:
    ops = LiveOps(jp)
    dealer = staff(jp, DEALER)
    rid = int(jp.open_round(T)["round_id"])
    a = new_player(jp, deposit="100.00")
    seat_bet(jp, a, 5, ("main", "10.00"))
    jp.close_round(rid)
    scan(ops, dealer, "6h", "9c", "5s", "Ts")  # 11 against 9 + 10 (19)
    decide(jp, rid, a, "double")
    assert scan(ops, dealer, "Td")["state"] == "resulted"  # 21 beats 19
    rep = jp.settle_round(rid)
    assert rep.plays[0].stake == 2000 and rep.plays[0].returned == 4000
    assert cash(jp, a) == 10000 + 2000
    assert_books_balance(jp)


def test_004_2_9_4_a_disconnected_player_declines_insurance_and_stands_by_default(
        jp: Platform, clock: Clock) -> None:
    ops = LiveOps(jp)
    dealer = staff(jp, DEALER)
    rid = int(jp.open_round(T)["round_id"])
    a = new_player(jp, deposit="100.00")
    seat_bet(jp, a, 1, ("main", "10.00"))
    jp.close_round(rid)
    out = scan(ops, dealer, "Th", "Ac", "9h", "7d")  # 19 against an Ace: the insurance prompt
    assert out["waiting_for"] == "decision"
    first, second = at(clock, 13.0), at(clock, 26.0)
    clock.advance(30.0)  # two deadlines pass: "No" to insurance, then "Stand" (13 s each)
    ops.expire(rid)
    assert ops.round_state(rid) == "resulted"  # the dealer has Ace + 7 = 18, no more cards
    jp.settle_round(rid)
    back = view(jp, rid, a)
    assert [(d["name"], d["by"], d["at"]) for d in back["your_decisions"]] == [
        ("decline", "timeout", first), ("stand", "timeout", second)]
    assert back["returned_minor"] == 2000 and cash(jp, a) == 10000 + 1000  # 19 beats 18
    assert_books_balance(jp)


def test_004_2_13_a_card_the_eight_deck_shoe_no_longer_holds_is_refused(jp: Platform) -> None:
    ops = LiveOps(jp)
    dealer = staff(jp, DEALER)
    rid, a, _b = two_seats(jp)
    for bad in ("Zz", "", "Jk"):
        with pytest.raises(CardNotInShoe):
            ops.dealer_reading(T, dealer.id, {"card": bad})
    assert jp.read(lambda s: live.readings(s, rid)) == []  # nothing stored
    assert cash(jp, a) == 10000 - 1000
    jp.void_round(rid, "test over")


def test_004_2_25_a_hand_not_offered_its_action_gets_its_initial_stake_back(jp: Platform) -> None:
    ops = LiveOps(jp)
    dealer, fm = staff(jp, DEALER), staff(jp, FLOOR_MANAGER)
    rid = int(jp.open_round(T)["round_id"])
    a = new_player(jp, deposit="100.00")
    seat_bet(jp, a, 1, ("main", "10.00"))
    jp.close_round(rid)
    scan(ops, dealer, "4h", "Kc", "6d", "9s")  # 10 against 19
    decide(jp, rid, a, "stand")
    rep: RoundReport = jp.settle_round(rid)
    assert rep.plays[0].returned == 0
    res = ops.incident(rid, "action_not_offered", fm.id, "no buttons shown", "cam2 12:01:00",
                       {"player_id": a.id, "total": 10})
    assert res.incident["clause"] == "2.25" and res.credited == {a.id: 1000}
    assert cash(jp, a) == 10000
    assert_books_balance(jp)
    with pytest.raises(RoundFinished):  # once
        ops.incident(rid, "action_not_offered", fm.id, "again", None, {"player_id": a.id, "total": 10})
    stands = ops.incident(rid, "action_not_offered", fm.id, "total 12", None,
                          {"player_id": a.id, "total": 12})
    assert stands.incident["outcome"] == "stands" and cash(jp, a) == 10000
    assert_books_balance(jp)


def test_004_2_24_no_card_in_time_voids_the_round_as_a_technical_interruption(
        jp: Platform, clock: Clock) -> None:
    ops = LiveOps(jp)
    dealer = staff(jp, DEALER)
    rid, a, b = two_seats(jp)
    scan(ops, dealer, "9h")
    clock.advance(jp.settings.live_result_seconds - 1)
    assert ops.expire(rid) is None  # the wait restarts with each reading
    clock.advance(2)
    rep = ops.expire(rid)
    assert rep is not None and "004 §2.24" in (rep.reason or "")
    assert cash(jp, a) == 10000 and cash(jp, b) == 10000
    assert_books_balance(jp)


def test_004_2_3_a_round_nobody_bet_on_is_dealt_nothing_and_settles_empty(jp: Platform) -> None:
    ops = LiveOps(jp)
    rid = int(jp.open_round(T)["round_id"])
    jp.close_round(rid)
    ops.expire(rid)  # the runner's step
    assert ops.round_state(rid) == "resulted"
    assert jp.settle_round(rid).plays == [] and ops.round_state(rid) == "settled"
    assert_books_balance(jp)
