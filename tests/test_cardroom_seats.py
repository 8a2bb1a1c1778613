"""Card room seats (issue 21 part 3; 000 §12.12.3 formats): buy-in from the wallet to a table
stack and cash-out back, seat selection, one seat per player, buy-in limits and the balance,
sit-out; the ledger sums to zero with every chip in a stack account, the pot or the rake."""

from __future__ import annotations

import pytest

from croupier.errors import InvalidSelection
from croupier.platform.cardroom import seats
from croupier.platform.cardroom.errors import AlreadySeated, BuyInRefused, NotSeated, SeatTaken
from croupier.platform.errors import InsufficientFunds
from croupier.platform.service import Platform
from tests.cardroom_helpers import T0, cash, seat_rows, sit, stack_account, table
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player


def test_issue21_buy_in_moves_cash_to_the_table_stack_and_cash_out_moves_it_back(platform: Platform) -> None:
    p = platform
    tid = table(p)
    ann = new_player(p, deposit="100")
    out = sit(p, ann, tid, 3, 1500)
    assert out == {"table_id": tid, "seat": 3, "player_id": ann.id, "stack_minor": 1500,
                   "status": "playing", "time_bank_ms": 30_000}
    assert cash(p, ann) == 10_000 - 1500
    assert stack_account(p, tid, ann) == 1500
    left = p.run(lambda s: seats.leave(s, ann, tid, T0))
    assert left["cashed_out_minor"] == 1500
    assert cash(p, ann) == 10_000 and stack_account(p, tid, ann) == 0
    assert seat_rows(p, tid) == []
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players


def test_issue21_seat_selection_refuses_a_taken_seat_a_second_seat_and_a_seat_that_does_not_exist(
        platform: Platform) -> None:
    p = platform
    tid = table(p, max_seats=6)
    ann, bob = new_player(p, deposit="100"), new_player(p, deposit="100")
    sit(p, ann, tid, 2, 1000)
    with pytest.raises(SeatTaken, match="seat 2 at table nl-eur is taken"):
        sit(p, bob, tid, 2, 1000)
    with pytest.raises(AlreadySeated, match="one seat per player"):
        sit(p, ann, tid, 4, 1000)
    with pytest.raises(InvalidSelection, match="seats 0 to 5"):
        sit(p, bob, tid, 6, 1000)
    assert cash(p, bob) == 10_000  # nothing moved by a refusal


def test_issue21_buy_in_above_the_table_maximum_below_the_minimum_or_above_the_balance_is_refused(
        platform: Platform) -> None:
    p = platform
    tid = table(p)  # 40..100 big blinds of 20: 800..2000
    poor = new_player(p, deposit="10")
    with pytest.raises(BuyInRefused, match="above the table maximum"):
        sit(p, poor, tid, 0, 2001)
    with pytest.raises(BuyInRefused, match="below the table minimum"):
        sit(p, poor, tid, 0, 799)
    with pytest.raises(InsufficientFunds, match="balance"):
        sit(p, poor, tid, 0, 1500)
    assert cash(p, poor) == 1000 and seat_rows(p, tid) == []


def test_000_12_12_3_all_in_or_fold_buys_in_with_exactly_8_big_blinds_holdem_and_4_omaha(platform: Platform) -> None:
    p = platform
    holdem = table(p, "aof-holdem", format="all_in_or_fold")
    omaha = table(p, "aof-omaha", game="omaha", variant="pot_limit", format="all_in_or_fold")
    ann = new_player(p, deposit="100")
    with pytest.raises(BuyInRefused, match="above the table maximum"):
        sit(p, ann, holdem, 0, 161)
    assert sit(p, ann, holdem, 0, 160)["stack_minor"] == 8 * 20
    assert sit(p, ann, omaha, 0, 80)["stack_minor"] == 4 * 20
    with pytest.raises(BuyInRefused, match="below the table minimum"):
        sit(p, new_player(p, deposit="100"), omaha, 1, 79)


def test_issue21_sit_out_and_sit_in_and_refusals_for_a_player_without_a_seat(platform: Platform) -> None:
    p = platform
    tid = table(p)
    ann = new_player(p, deposit="100")
    sit(p, ann, tid, 0, 1000)
    assert p.run(lambda s: seats.sit_out(s, ann, tid))["status"] == "sitting_out"
    assert p.run(lambda s: seats.sit_in(s, ann, tid))["status"] == "playing"
    bob = new_player(p, deposit="100")
    with pytest.raises(NotSeated):
        p.run(lambda s: seats.sit_out(s, bob, tid))
    with pytest.raises(NotSeated):
        p.run(lambda s: seats.leave(s, bob, tid, T0))


def test_issue21_top_up_between_hands_up_to_the_table_maximum(platform: Platform) -> None:
    p = platform
    tid = table(p)
    ann = new_player(p, deposit="100")
    sit(p, ann, tid, 0, 1000)
    assert p.run(lambda s: seats.top_up(s, ann, tid, 1000, T0))["stack_minor"] == 2000
    with pytest.raises(BuyInRefused, match="above the table maximum"):
        p.run(lambda s: seats.top_up(s, ann, tid, 1, T0))
    assert stack_account(p, tid, ann) == 2000 and cash(p, ann) == 8000


def test_issue21_cardroom_tables_from_the_environment(platform: Platform, monkeypatch: pytest.MonkeyPatch) -> None:
    from croupier.errors import CroupierError
    from croupier.platform.cardroom import tables

    monkeypatch.setenv("CROUPIER_CARDROOM_TABLES", "nl:holdem:no_limit:EUR:20,aof:omaha:pot_limit:EUR:20:all_in_or_fold:9")
    assert platform.run(tables.ensure_from_env) == ["nl", "aof"]
    lobby = platform.read(tables.list_tables)
    assert [(t["id"], t["format"], t["max_seats"], t["min_buy_in_minor"]) for t in lobby] == [
        ("aof", "all_in_or_fold", 9, 80), ("nl", "regular", 6, 800)]
    with pytest.raises(CroupierError, match="id:game:variant:CUR:big_blind"):
        tables.parse_specs("nl:holdem:no_limit")
