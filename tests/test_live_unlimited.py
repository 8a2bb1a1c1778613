"""Live Unlimited Blackjack (issue 16, 004 §4): one common hand dealt from scanner readings, every
player deciding alone on their copy, the defaults of a player who went away (004 §4.8, §4.32)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from croupier.errors import IllegalAction
from croupier.platform import history, live_common
from croupier.platform.config import TableConfig
from croupier.platform.live_decisions import WaitingForDecision
from croupier.platform.live_errors import CardNotInShoe
from croupier.platform.live_roles import DEALER
from croupier.platform.live_service import LiveOps
from croupier.platform.service import Platform
from croupier.store.models import Player
from tests.live_helpers import Clock, assert_books_balance, cash, staff
from tests.live_helpers import clock as clock  # noqa: F401 - the fixture
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player, slip

U = "live-ubj"
LIVE_UBJ = TableConfig(U, "Live Unlimited Blackjack", "blackjack", "unlimited_004", "EUR", "live")


@pytest.fixture
def up(db_url: str, clock: Clock) -> Iterator[Platform]:
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, LIVE_UBJ)), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()


def decide(p: Platform, rid: int, who: Player, action: str) -> dict[str, Any]:
    return p.run(lambda s: live_common.decide(s, rid, who, action, p.clock()))


def test_004_4_7_players_decide_alone_on_one_common_hand_dealt_from_the_scanner(
        up: Platform, clock: Clock) -> None:
    ops = LiveOps(up)
    dealer = staff(up, DEALER)
    rid = int(up.open_round(U)["round_id"])
    a, b, c = (new_player(up, deposit="100.00") for _ in range(3))
    for who in (a, b, c):
        up.bet(who, U, slip(("main", "10.00", (1,))))
    up.close_round(rid)
    for card in ("Th", "7c", "6s"):
        assert ops.dealer_reading(U, dealer.id, {"card": card})["waiting_for"] == "card"
    with pytest.raises(CardNotInShoe):
        ops.dealer_reading(U, dealer.id, {"round_id": rid, "card": "Zz"})
    out = ops.dealer_reading(U, dealer.id, {"card": "Ts"})  # 16 against 7 + hole 10
    assert out["waiting_for"] == "decision" and out["deciding"] == 3
    with pytest.raises(WaitingForDecision):
        ops.dealer_reading(U, dealer.id, {"card": "5d"})
    decide(up, rid, a, "hit")  # a hits; the card for a is now due while b still decides
    decide(up, rid, b, "double")  # 004 §4.7: another doubles on the same 16
    assert cash(up, b) == 10000 - 2000
    with pytest.raises(IllegalAction):
        decide(up, rid, b, "stand")  # b's copy waits for its card
    out = ops.dealer_reading(U, dealer.id, {"card": "5d"})  # the common card: 21 for a and b
    assert out["waiting_for"] == "decision"
    assert up.read(lambda s: live_common.player_view(s, rid, c, up.clock()))["legal_actions"]
    clock.advance(13.0)  # c went away: the default Stand at the deadline (004 §4.8, §4.32)
    ops.expire(rid)
    assert ops.round_state(rid) == "resulted"  # the dealer has 17: no more cards
    up.settle_round(rid)
    assert (cash(up, a), cash(up, b), cash(up, c)) == (10000 + 1000, 10000 + 2000, 10000 - 1000)
    assert_books_balance(up)
    back = up.read(lambda s: live_common.player_view(s, rid, c, up.clock()))
    assert back["state"] == "settled" and back["your_decisions"][0]["by"] == "timeout"
    assert back["table"]["boxes"][0]["hands"][0]["cards"] == ["Th", "6s"]
    assert up.read(lambda s: history.recall(s, c, rid))["bets"][0]["outcome"] == "lose"
