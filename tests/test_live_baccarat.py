"""Live baccarat (issue 16): cards scanned one by one into the engine, the table's physical shoe,
and every row of 004's baccarat incident summary (§3.15–3.36) with its outcome."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from croupier.cards import parse
from croupier.platform.config import TableConfig
from croupier.platform.live_errors import BadIncident, CardNotInShoe, RoundFinished
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER
from croupier.platform.live_service import LiveOps
from croupier.platform.service import Platform
from croupier.store.live_models import LiveTable
from croupier.store.models import Player
from tests.live_helpers import Clock, assert_books_balance, cash, staff
from tests.live_helpers import clock as clock  # noqa: F401 - the fixture
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player, slip

B = "live-bac"
LIVE_BAC = TableConfig(B, "Live Baccarat (EUR)", "baccarat", "live_004", "EUR", "live")
#: P 9h Kd (natural 9), B 2c 3s (5): dealt P, B, P, B (004 §3.6)
NATURAL = ["9h", "2c", "Kd", "3s"]


@pytest.fixture
def bp(db_url: str, clock: Clock) -> Iterator[Platform]:
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, LIVE_BAC)), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()


def points(cards: list[str]) -> int:
    """Baccarat hand value (004 §3.3-3.4), independently: A=1, 2-9 face, 10/J/Q/K 0, mod 10."""
    value = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0}
    return sum(value.get(c[0], int(c[0]) if c[0].isdigit() else 0) for c in cards) % 10


def dealt_round(p: Platform, *bets: tuple[str, str]) -> tuple[int, list[Player]]:
    rid = int(p.open_round(B)["round_id"])
    players = []
    for code, stake in bets:
        pl = new_player(p, deposit="100.00")
        p.bet(pl, B, slip((code, stake, ())))
        players.append(pl)
    p.close_round(rid)
    return rid, players


def scan(ops: LiveOps, dealer: Player, *cards: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for c in cards:
        out = ops.dealer_reading(B, dealer.id, {"card": c})
    return out


def test_004_3_6_a_scanned_coup_is_dealt_by_the_tableau_and_settles(bp: Platform) -> None:
    ops = LiveOps(bp)
    dealer = staff(bp, DEALER)
    rid, (a, b) = dealt_round(bp, ("player", "10.00"), ("banker", "10.00"))
    waiting = scan(ops, dealer, *NATURAL[:3])
    assert waiting["state"] == "closed" and waiting["waiting_for"] == "card"
    done = scan(ops, dealer, NATURAL[3])
    assert done["state"] == "resulted"
    outcome = done["outcome"]
    assert outcome["player"] == ["9h", "Kd"] and outcome["banker"] == ["2c", "3s"]
    assert points(outcome["player"]) == 9 > points(outcome["banker"]) == 5
    assert outcome["winner"] == "player"
    bp.settle_round(rid)
    assert cash(bp, a) == 10000 + 1000 and cash(bp, b) == 10000 - 1000  # Player 1:1 (004 §3.8)
    assert_books_balance(bp)


@pytest.mark.parametrize("card", ["Zz", "Jk", "1h", ""])
def test_004_3_2_a_card_that_is_not_in_the_shoe_is_refused(bp: Platform, card: str) -> None:
    ops = LiveOps(bp)
    dealer = staff(bp, DEALER)
    rid, (a,) = dealt_round(bp, ("player", "1.00"))
    with pytest.raises(CardNotInShoe):
        ops.dealer_reading(B, dealer.id, {"card": card})
    assert ops.round_state(rid) == "closed" and cash(bp, a) == 10000 - 100


def test_004_3_2_the_eight_deck_shoe_holds_eight_of_each_card_until_a_new_shoe(bp: Platform) -> None:
    ops = LiveOps(bp)
    dealer = staff(bp, DEALER)
    # six aces: P A A (2) draws A, B A A (2) with Player's third an Ace draws (0-3): 6 cards
    rid1, _ = dealt_round(bp, ("tie", "1.00"))
    assert scan(ops, dealer, *["As"] * 6)["state"] == "resulted"
    bp.settle_round(rid1)
    rid2, (a,) = dealt_round(bp, ("player", "1.00"))
    scan(ops, dealer, "As", "As")  # the 7th and 8th ace of spades
    with pytest.raises(CardNotInShoe, match="already been dealt"):
        ops.dealer_reading(B, dealer.id, {"card": "As"})
    assert ops.new_shoe(B, dealer.id)["shoe_number"] == 2
    ops.dealer_reading(B, dealer.id, {"card": "As"})  # a new shoe holds them again
    assert bp.read(lambda s: s.get(LiveTable, B)).shoe_number == 2
    assert cash(bp, a) == 10000 - 100


# -- voids ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("data,clause,outcome", [
    ({"count": 2, "visible": True}, "3.20.1", "continue"),
    ({"count": 2, "visible": False}, "3.20.2", "void"),
    ({"count": 3, "visible": True}, "3.20.3", "void"),
], ids=["3.20.1_seen_continue", "3.20.2_unseen_void", "3.20.3_three_void"])
def test_004_3_20_cards_dropped_by_count_and_visibility(bp: Platform, data: dict[str, Any],
                                                        clause: str, outcome: str) -> None:
    ops = LiveOps(bp)
    fm = staff(bp, FLOOR_MANAGER)
    rid, (a,) = dealt_round(bp, ("banker", "4.00"))
    scan(ops, fm, "9h", "2c")
    res = ops.incident(rid, "cards_dropped", fm.id, "cards fell", "cam3 10:00:01", data)
    assert res.incident["clause"] == clause and res.incident["outcome"] == outcome
    if outcome == "void":
        assert ops.round_state(rid) == "voided" and cash(bp, a) == 10000
        assert f"004 §{clause}" in (res.report.reason if res.report else "")
        with pytest.raises(RoundFinished):
            ops.incident(rid, "cards_dropped", fm.id, "again", None, data)
        assert cash(bp, a) == 10000
    else:
        assert ops.round_state(rid) == "closed" and cash(bp, a) == 10000 - 400
    assert_books_balance(bp, held=0 if outcome == "void" else 400)


@pytest.mark.parametrize("code,clause", [("first_card_face_up", "3.22"), ("provider_fault", "3.23"),
                                         ("objective_reason", "3.35")])
def test_004_3_22_3_23_3_35_voids_return_the_stakes(bp: Platform, code: str, clause: str) -> None:
    ops = LiveOps(bp)
    fm = staff(bp, FLOOR_MANAGER)
    rid, players = dealt_round(bp, ("player", "3.00"), ("tie", "1.50"))
    res = ops.incident(rid, code, fm.id, "seen on video", "cam1 10:00:00")
    assert res.incident["clause"] == clause and ops.round_state(rid) == "voided"
    assert all(cash(bp, pl) == 10000 for pl in players)
    assert_books_balance(bp)


# -- 3.34: misread, double scan, stuck cards ------------------------------------------------------


def test_004_3_34_a_card_scanned_twice_is_removed_and_the_coup_continues(bp: Platform) -> None:
    ops = LiveOps(bp)
    fm = staff(bp, FLOOR_MANAGER)
    rid, (a,) = dealt_round(bp, ("player", "10.00"))
    scan(ops, fm, "9h", "2c", "2c")  # the banker's 2c scanned twice
    res = ops.incident(rid, "misread_card", fm.id, "double scan", None, {"count": 1})
    assert res.incident["clause"] == "3.34" and res.incident["outcome"] == "remove_cards"
    done = scan(ops, fm, "Kd", "3s")
    assert done["outcome"]["player"] == ["9h", "Kd"] and done["outcome"]["banker"] == ["2c", "3s"]
    bp.settle_round(rid)
    assert cash(bp, a) == 10000 + 1000
    assert_books_balance(bp)


@pytest.mark.parametrize("scanned,count,clause", [(["9h"], 1, "3.34.1"), (["9h", "2c", "Kd"], 3, "3.34.2")],
                         ids=["3.34.1_first_card", "3.34.2_more_than_two"])
def test_004_3_34_1_3_34_2_removal_beyond_the_rule_voids(bp: Platform, scanned: list[str],
                                                         count: int, clause: str) -> None:
    ops = LiveOps(bp)
    fm = staff(bp, FLOOR_MANAGER)
    rid, (a,) = dealt_round(bp, ("player", "2.00"))
    scan(ops, fm, *scanned)
    res = ops.incident(rid, "misread_card", fm.id, "stuck cards", None, {"count": count})
    assert res.incident["clause"] == clause and ops.round_state(rid) == "voided"
    assert cash(bp, a) == 10000
    assert_books_balance(bp)


@pytest.mark.parametrize("scanned,clause,state", [([], "3.28.2", "voided"), (["9h"], "3.28.1", "closed")],
                         ids=["3.28.2_first_card_visible_void", "3.28.1_manager_scans"])
def test_004_3_28_an_unreadable_visible_card(bp: Platform, scanned: list[str], clause: str,
                                             state: str) -> None:
    ops = LiveOps(bp)
    fm = staff(bp, FLOOR_MANAGER)
    rid, _ = dealt_round(bp, ("player", "2.00"))
    scan(ops, fm, *scanned)
    res = ops.incident(rid, "unreadable_card", fm.id, "would not scan", None, {"visible": True})
    assert res.incident["clause"] == clause and ops.round_state(rid) == state


# -- shuffling and the shoe -----------------------------------------------------------------------


@pytest.mark.parametrize("code,data,clause,outcome", [
    ("cards_dropped_shuffling", {"count": 2, "stage": 1}, "3.21.1", "continue"),
    ("cards_dropped_shuffling", {"count": 1, "stage": 3}, "3.21.2", "reshuffle"),
    ("cards_dropped_shuffling", {"count": 3, "stage": 2}, "3.21.3", "new_shoe"),
    ("cards_exposed_shuffling", {"count": 2, "stage": 2}, "3.24.1", "continue"),
    ("cards_exposed_shuffling", {"count": 2, "stage": 3}, "3.24.2", "reshuffle"),
    ("cards_exposed_shuffling", {"count": 4, "stage": 1}, "3.25", "reshuffle"),
], ids=["3.21.1", "3.21.2", "3.21.3", "3.24.1", "3.24.2", "3.25"])
def test_004_3_21_3_24_3_25_shuffle_incidents(bp: Platform, code: str, data: dict[str, Any],
                                              clause: str, outcome: str) -> None:
    ops = LiveOps(bp)
    dealer = staff(bp, DEALER)
    rid, (a,) = dealt_round(bp, ("player", "1.00"))
    res = ops.incident(rid, code, dealer.id, "during the shuffle", None, data)
    assert (res.incident["clause"], res.incident["outcome"]) == (clause, outcome)
    shoe = bp.read(lambda s: s.get(LiveTable, B)).shoe_number
    assert shoe == (2 if outcome == "new_shoe" else 1)
    assert ops.round_state(rid) == "closed" and cash(bp, a) == 10000 - 100


# -- the rows that continue the game (recorded, nothing moves) -------------------------------------


@pytest.mark.parametrize("code,data,clause,scanned", [
    ("over_burn", {"case": "not_shown"}, "3.15.1", []),
    ("over_burn", {"case": "shown"}, "3.15.2", []),
    ("over_burn", {"case": "in_discard"}, "3.15.3", []),
    ("over_burn", {"case": "after_games"}, "3.15.4", []),
    ("under_burn", {"case": "fewer"}, "3.16", []),
    ("under_burn", {"case": "none"}, "3.17", []),
    ("burn_card_exposed", {"count": 1}, "3.18", []),
    ("burn_card_exposed", {"count": 2}, "3.19", []),
    ("wrong_position", {"count": 1}, "3.29.1", ["9h"]),
    ("wrong_position", {"count": 2}, "3.29.2", ["9h", "2c"]),
    ("scanner_replaced", {}, "3.30", []),
    ("leftover_cards", {"case": "before_next_deal"}, "3.31.1", []),
    ("leftover_cards", {"case": "after_next_deal"}, "3.31.2", ["9h"]),
    ("damaged_cards", {"count": 1}, "3.32", []),
    ("damaged_cards", {"count": 3}, "3.33", []),
    ("collected_early", {}, "3.36", ["9h", "2c"]),
], ids=lambda v: v if isinstance(v, str) and v[:1] == "3" else None)
def test_004_3_15_to_3_36_rows_that_continue_the_game(bp: Platform, code: str, data: dict[str, Any],
                                                      clause: str, scanned: list[str]) -> None:
    ops = LiveOps(bp)
    fm = staff(bp, FLOOR_MANAGER)
    rid, (a,) = dealt_round(bp, ("player", "1.00"))
    scan(ops, fm, *scanned)
    res = ops.incident(rid, code, fm.id, "noted", "cam1", data)
    assert res.incident["clause"] == clause and res.incident["outcome"] == "continue"
    assert res.report is None and ops.round_state(rid) == "closed"
    assert cash(bp, a) == 10000 - 100
    assert_books_balance(bp, held=100)


@pytest.mark.parametrize("shown,clause", [(False, "3.26"), (True, "3.27")])
def test_004_3_26_3_27_an_unneeded_last_card(bp: Platform, shown: bool, clause: str) -> None:
    ops = LiveOps(bp)
    dealer = staff(bp, DEALER)
    rid, (a,) = dealt_round(bp, ("player", "1.00"))
    scan(ops, dealer, *NATURAL)
    bp.settle_round(rid)
    paid = cash(bp, a)
    with pytest.raises(RoundFinished):  # the round takes no fifth card
        ops.dealer_reading(B, dealer.id, {"card": "5d"})
    res = ops.incident(rid, "extra_last_card", dealer.id, "extra card", None, {"shown": shown})
    assert res.incident["clause"] == clause and cash(bp, a) == paid


def test_004_3_incidents_need_their_facts(bp: Platform) -> None:
    ops = LiveOps(bp)
    fm = staff(bp, FLOOR_MANAGER)
    rid, _ = dealt_round(bp, ("player", "1.00"))
    for code, data in [("cards_dropped", {}), ("cards_dropped", {"count": 1}),
                       ("cards_dropped", {"count": True, "visible": True}),
                       ("cards_dropped_shuffling", {"count": 1, "stage": 4}),
                       ("over_burn", {"case": "maybe"}), ("no_spin", {"cause": "wheel_jammed"})]:
        with pytest.raises(BadIncident):
            ops.incident(rid, code, fm.id, "x", None, data)
    assert ops.round_state(rid) == "closed"
    assert parse("Th") == parse("10h")  # the console accepts both spellings of a ten


def test_004_3_35_a_coup_whose_cards_stop_coming_times_out_void(bp: Platform, clock: Clock) -> None:
    """ASSUMPTION: a reader that stops mid-coup is an equipment failure (3.35); the wait restarts
    with every card read."""
    ops = LiveOps(bp)
    dealer = staff(bp, DEALER)
    wait = bp.settings.live_result_seconds
    rid, (a,) = dealt_round(bp, ("player", "5.00"))
    clock.advance(wait - 1)
    scan(ops, dealer, "9h", "2c")
    clock.advance(wait - 1)
    assert ops.expire(rid) is None  # the last card restarted the wait
    clock.advance(1)
    rep = ops.expire(rid)
    assert rep is not None and "004 §3.35" in (rep.reason or "") and cash(bp, a) == 10000
    assert_books_balance(bp)
