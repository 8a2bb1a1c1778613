"""Every row of 004's incident summaries of the decision games (issue 16): Blackjack §2.19–2.35,
Unlimited Blackjack §4.18–4.31, Casino Hold'em §5.24–5.33. Each row is reported on a live round
with a stake in play: the outcome and clause the rules set, the ledger summing to zero after it, a
void returning every stake once and a second void changing nothing.

One platform per database serves the whole module (a round per row keeps the rows apart), so the
~60 rows stay fast."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from croupier.platform import live_decisions
from croupier.platform.config import TableConfig
from croupier.platform.incident_rules_blackjack import (
    BLACKJACK,
    CASINO_HOLDEM,
    UNLIMITED,
    rules_of,
)
from croupier.platform.live_errors import BadIncident, RoleRequired, RoundFinished
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER
from croupier.platform.live_service import LiveOps
from croupier.platform.service import Platform
from croupier.store.live_models import LiveTable
from croupier.store.models import Player, Round
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

BJ, UBJ, CH = "live-bj", "live-ubj", "live-ch"
LIVE = (TableConfig(BJ, "Live Blackjack", "blackjack", "live_004", "EUR", "live"),
        TableConfig(UBJ, "Live Unlimited Blackjack", "blackjack", "unlimited_004", "EUR", "live"),
        TableConfig(CH, "Live Casino Hold'em", "casino_holdem", "live", "EUR", "live"))
STAKE = {BJ: 1000, UBJ: 1000, CH: 100}
#: the void that ends a round left running by a "continue" row
END = {BJ: ("provider_fault", {}), UBJ: ("provider_fault", {}),
       CH: ("procedural_error", {"case": "not_fixed"})}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def env(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
        _pg_cleanup: None) -> Iterator[tuple[Platform, Player, Player]]:
    pg = None
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('inc') / 'croupier.sqlite3'}"
    else:
        pg = new_pg_database()
        url = _pg_url(pg)
    p = Platform(make_settings(url, tables=(*TEST_TABLES, *LIVE)), clock=Clock())
    p.migrate()
    yield p, staff(p, DEALER), staff(p, FLOOR_MANAGER)
    p.db.dispose()
    if pg is not None:
        _drop_pg(pg)


def a_round(p: Platform, table: str) -> tuple[int, Player]:
    """A closed round of ``table`` with one player's stake in it."""
    rid = int(p.open_round(table)["round_id"])
    pl = new_player(p, deposit="100.00")
    if table == BJ:
        p.run(lambda s: live_decisions.place(s, pl, BJ, 1, slip(("main", "10.00", ())), p.clock()))
    elif table == UBJ:
        p.bet(pl, UBJ, slip(("main", "10.00", (1,))))
    else:
        p.bet(pl, CH, slip(("ante", "1.00", ())))
    p.close_round(rid)
    return rid, pl


Row = tuple[str, str, dict[str, Any], str, str]  # table, code, data, clause, outcome

BJ_ROWS: list[Row] = [
    (BJ, "cards_dropped", {"count": 2, "visible": True}, "2.19.1", "continue"),
    (BJ, "cards_dropped", {"count": 1, "visible": False}, "2.19.2", "void"),
    (BJ, "cards_dropped", {"count": 3, "visible": True}, "2.19.3", "void"),
    (BJ, "cards_dropped_shuffling", {"count": 2, "stage": 2}, "2.20.1", "continue"),
    (BJ, "cards_dropped_shuffling", {"count": 1, "stage": 3}, "2.20.2", "reshuffle"),
    (BJ, "cards_dropped_shuffling", {"count": 3, "stage": 1}, "2.20.3", "new_shoe"),
    (BJ, "card_face_down", {"case": "scan"}, "2.21.1", "void"),
    (BJ, "card_face_down", {"case": "replace_shoe"}, "2.21.2", "void"),
    (BJ, "too_few_hands", {"case": "last_card"}, "2.22", "continue"),
    (BJ, "too_few_hands", {"case": "several"}, "2.23", "continue"),
    (BJ, "provider_fault", {}, "2.24", "void"),
    (BJ, "too_many_cards", {"count": 1, "visible": False}, "2.26.1.1", "continue"),
    (BJ, "too_many_cards", {"count": 2, "visible": False}, "2.26.1.2", "continue"),
    (BJ, "too_many_cards", {"count": 1, "visible": True}, "2.26.2", "void"),
    (BJ, "early_deal_unscanned", {"visible": False}, "2.27.1", "continue"),
    (BJ, "early_deal_unscanned", {"visible": True}, "2.27.2", "void"),
    (BJ, "hole_card_exposed", {"case": "initial_deal"}, "2.28.1", "void"),
    (BJ, "hole_card_exposed", {"case": "decisions_open"}, "2.28.2", "void"),
    (BJ, "hole_card_exposed", {"case": "wrong_position"}, "2.28.3", "void"),
    (BJ, "unreadable_card", {}, "2.29", "continue"),
    (BJ, "damaged_card", {}, "2.30", "continue"),
    (BJ, "order_disturbed", {}, "2.31", "void"),
    (BJ, "scanned_differs", {}, "2.32", "void"),
    (BJ, "scanned_twice", {}, "2.33", "void"),
    (BJ, "stuck_cards", {"case": "second_scanned_first"}, "2.34.1", "void"),
    (BJ, "stuck_cards", {"case": "first_scanned_first"}, "2.34.2", "continue"),
    (BJ, "collected_early", {}, "2.35", "continue"),
]
UBJ_ROWS: list[Row] = [
    (UBJ, "cards_dropped", {"count": 2, "visible": True}, "4.18.1", "continue"),
    (UBJ, "cards_dropped", {"count": 2, "visible": False}, "4.18.2", "void"),
    (UBJ, "cards_dropped", {"count": 4, "visible": False}, "4.18.3", "void"),
    (UBJ, "cards_dropped_shuffling", {"count": 1, "stage": 1}, "4.19.1", "continue"),
    (UBJ, "cards_dropped_shuffling", {"count": 2, "stage": 3}, "4.19.2", "reshuffle"),
    (UBJ, "cards_dropped_shuffling", {"count": 3, "stage": 3}, "4.19.3", "new_shoe"),
    (UBJ, "card_face_down", {"case": "scan"}, "4.20.1", "void"),
    (UBJ, "card_face_down", {"case": "replace_shoe"}, "4.20.2", "void"),
    (UBJ, "provider_fault", {}, "4.21", "void"),
    (UBJ, "early_deal_unscanned", {"visible": False}, "4.23.1", "continue"),
    (UBJ, "early_deal_unscanned", {"visible": True}, "4.23.2", "void"),
    (UBJ, "hole_card_exposed", {"case": "initial_deal"}, "4.24.1", "void"),
    (UBJ, "hole_card_exposed", {"case": "decisions_open"}, "4.24.2", "void"),
    (UBJ, "unreadable_card", {}, "4.25", "continue"),
    (UBJ, "damaged_card", {}, "4.26", "continue"),
    (UBJ, "order_disturbed", {}, "4.27", "void"),
    (UBJ, "scanned_differs", {}, "4.28", "void"),
    (UBJ, "scanned_twice", {}, "4.29", "void"),
    (UBJ, "stuck_cards", {"case": "second_scanned_first"}, "4.30.1", "void"),
    (UBJ, "stuck_cards", {"case": "first_scanned_first"}, "4.30.2", "continue"),
    (UBJ, "collected_early", {}, "4.31", "continue"),
]
CH_ROWS: list[Row] = [
    (CH, "procedural_error", {"case": "fixed"}, "5.24", "continue"),
    (CH, "procedural_error", {"case": "not_fixed"}, "5.24", "void"),
    (CH, "cards_dropped", {"count": 1, "visible": True}, "5.25.1", "continue"),
    (CH, "cards_dropped", {"count": 2, "visible": False}, "5.25.2", "void"),
    (CH, "cards_dropped", {"count": 3, "visible": True}, "5.25.3", "void"),
    (CH, "early_deal_unscanned", {"visible": False}, "5.26.1", "continue"),
    (CH, "early_deal_unscanned", {"visible": True}, "5.26.2", "void"),
    (CH, "unreadable_card", {}, "5.27", "continue"),
    (CH, "damaged_card", {}, "5.28", "continue"),
    (CH, "order_disturbed", {}, "5.29", "void"),
    (CH, "scanned_differs", {}, "5.30", "void"),
    (CH, "scanned_twice", {}, "5.31", "void"),
    (CH, "stuck_cards", {"case": "second_scanned_first"}, "5.32.1", "void"),
    (CH, "stuck_cards", {"case": "first_scanned_first"}, "5.32.2", "continue"),
    (CH, "collected_early", {}, "5.33", "continue"),
]


def ids(rows: list[Row]) -> list[str]:
    return [f"{clause}_{code}_{outcome}" for _t, code, _d, clause, outcome in rows]


def check_row(env: tuple[Platform, Player, Player], row: Row) -> None:
    p, _dealer, fm = env
    table, code, data, clause, outcome = row
    ops = LiveOps(p)
    rid, pl = a_round(p, table)
    stake = STAKE[table]
    shoe = p.read(lambda s: s.get(LiveTable, table)).shoe_number
    res = ops.incident(rid, code, fm.id, f"row {clause}", "cam1 12:00:00", data)
    assert (res.incident["clause"], res.incident["outcome"]) == (clause, outcome)
    if outcome == "void":
        assert ops.round_state(rid) == "voided" and cash(p, pl) == 10000
        assert_books_balance(p)
        with pytest.raises(RoundFinished):  # a second void changes nothing
            ops.incident(rid, code, fm.id, "again", None, data)
        assert cash(p, pl) == 10000
        reason = p.read(lambda s: s.get(Round, rid)).void_reason
        assert f"004 §{clause}" in str(reason)  # what players see in Games History
    else:  # the game goes on: nothing moved, the stake still in play
        assert ops.round_state(rid) == "closed" and cash(p, pl) == 10000 - stake
        assert_books_balance(p, held=stake)
        now_shoe = p.read(lambda s: s.get(LiveTable, table)).shoe_number
        assert now_shoe == shoe + (1 if outcome == "new_shoe" else 0)
        end, end_data = END[table]
        ops.incident(rid, end, fm.id, "end of the test round", None, end_data)
        assert cash(p, pl) == 10000
    assert_books_balance(p)


@pytest.mark.parametrize("row", BJ_ROWS, ids=ids(BJ_ROWS))
def test_004_2_19_to_2_35_blackjack_incident_rows(env: tuple[Platform, Player, Player],
                                                   row: Row) -> None:
    check_row(env, row)


@pytest.mark.parametrize("row", UBJ_ROWS, ids=ids(UBJ_ROWS))
def test_004_4_18_to_4_31_unlimited_blackjack_incident_rows(env: tuple[Platform, Player, Player],
                                                             row: Row) -> None:
    check_row(env, row)


@pytest.mark.parametrize("row", CH_ROWS, ids=ids(CH_ROWS))
def test_004_5_24_to_5_33_casino_holdem_incident_rows(env: tuple[Platform, Player, Player],
                                                      row: Row) -> None:
    check_row(env, row)


def test_004_every_rule_of_the_three_sections_has_its_rows() -> None:
    """Each rule, and each clause its outcome can take, is a row above (2.25 / 4.22 are tested on
    settled rounds: test_live_blackjack, and the rule table below)."""
    for rules, rows, extra in ((BLACKJACK, BJ_ROWS, {"2.25"}), (UNLIMITED, UBJ_ROWS, {"4.22"}),
                               (CASINO_HOLDEM, CH_ROWS, set())):
        assert {r[1] for r in rows} | ({"action_not_offered"} if extra else set()) == set(rules)
        clauses = [r[3] for r in rows]
        assert len(set(clauses)) == len(clauses) - (1 if rules is CASINO_HOLDEM else 0)  # 5.24 x2
        assert not extra & set(clauses)
    assert rules_of("blackjack", "unlimited_004") is UNLIMITED
    assert rules_of("blackjack", "live_004") is BLACKJACK
    assert rules_of("casino_holdem", "live") is CASINO_HOLDEM
    assert "no_spin" in rules_of("roulette", "european")


@pytest.mark.parametrize("rules,clause", [(BLACKJACK, "2.25"), (UNLIMITED, "4.22")])
def test_004_2_25_and_4_22_an_action_not_offered_refunds_the_hand_at_11_or_less(
        rules: dict[str, Any], clause: str) -> None:
    rule = rules["action_not_offered"]
    assert rule.resolve({"player_id": 7, "total": 11}, 4) == (clause, "refund_hand")
    assert rule.resolve({"player_id": 7, "total": 12}, 4) == (clause, "stands")
    with pytest.raises(BadIncident):
        rule.resolve({"player_id": 7, "total": 22}, 4)
    with pytest.raises(BadIncident):
        rule.resolve({"total": 9}, 4)


def test_004_2_27_the_early_deal_rule_is_for_the_first_card_only_and_a_dealer_cannot_void(
        env: tuple[Platform, Player, Player]) -> None:
    p, dealer, fm = env
    ops = LiveOps(p)
    rid, pl = a_round(p, BJ)
    ops.dealer_reading(BJ, dealer.id, {"card": "9h"})
    with pytest.raises(BadIncident, match="very first card"):
        ops.incident(rid, "early_deal_unscanned", fm.id, "late", None, {"visible": True})
    with pytest.raises(RoleRequired):
        ops.incident(rid, "order_disturbed", dealer.id, "a dealer's void")
    with pytest.raises(BadIncident, match="no incident"):
        ops.incident(rid, "no_spin", fm.id, "a roulette rule", None, {"cause": "ball_rides"})
    with pytest.raises(BadIncident):
        ops.incident(rid, "stuck_cards", fm.id, "no case")
    assert ops.round_state(rid) == "closed" and cash(p, pl) == 10000 - 1000
    ops.incident(rid, "provider_fault", fm.id, "end")
    assert cash(p, pl) == 10000
    assert_books_balance(p)
