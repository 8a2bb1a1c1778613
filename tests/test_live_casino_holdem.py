"""Live Casino Hold'em (issue 16, 004 §5): every player shares the same cards (5.9), scanned one
by one; each decides alone (Play or Fold, 5.10); a player who does nothing folds (5.10.2, the
004 platform rules); the dealer deals the turn and river once everyone has decided (5.11)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from croupier.errors import IllegalAction
from croupier.platform import live_common
from croupier.platform.config import TableConfig
from croupier.platform.live_decisions import WaitingForDecision
from croupier.platform.live_errors import CardNotInShoe
from croupier.platform.live_roles import DEALER
from croupier.platform.live_service import LiveOps
from croupier.platform.service import Platform
from tests.live_helpers import Clock, assert_books_balance, cash, staff
from tests.live_helpers import clock as clock  # noqa: F401 - the fixture
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player, slip

H = "live-ch"
LIVE_CH = TableConfig(H, "Live Casino Hold'em", "casino_holdem", "live", "EUR", "live")


@pytest.fixture
def hp(db_url: str, clock: Clock) -> Iterator[Platform]:
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, LIVE_CH)), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()


def test_004_5_9_to_5_12_shared_cards_each_player_plays_or_folds_alone(hp: Platform,
                                                                       clock: Clock) -> None:
    ops = LiveOps(hp)
    dealer = staff(hp, DEALER)
    rid = int(hp.open_round(H)["round_id"])
    a, b = new_player(hp, deposit="100.00"), new_player(hp, deposit="100.00")
    for who in (a, b):
        hp.bet(who, H, slip(("ante", "1.00", ())))
    hp.close_round(rid)
    for card in ("Ah", "Ad", "As", "7c"):  # the players' two cards, then the flop
        ops.dealer_reading(H, dealer.id, {"card": card})
    with pytest.raises(CardNotInShoe):  # one deck (004 §5.2): a second ace of spades
        ops.dealer_reading(H, dealer.id, {"card": "As"})
    out = ops.dealer_reading(H, dealer.id, {"card": "2d"})
    assert out["waiting_for"] == "decision" and out["deciding"] == 2
    with pytest.raises(WaitingForDecision):
        ops.dealer_reading(H, dealer.id, {"card": "9h"})
    hp.run(lambda s: live_common.decide(s, rid, a, "call", hp.clock()))  # Play: twice the Ante
    assert cash(hp, a) == 10000 - 300
    with pytest.raises(IllegalAction):  # a decided already
        hp.run(lambda s: live_common.decide(s, rid, a, "fold", hp.clock()))
    clock.advance(13.0)  # b does nothing: Fold (004 §5.10.2)
    ops.expire(rid)
    assert ops.dealer_reading(H, dealer.id, {"card": "9h"})["waiting_for"] == "card"
    for card in ("4s", "Kc"):
        ops.dealer_reading(H, dealer.id, {"card": card})
    assert ops.dealer_reading(H, dealer.id, {"card": "Qd"})["state"] == "resulted"
    hp.settle_round(rid)
    # a: three aces; the dealer A-K-Q-9-7 does not qualify (5.22): the Ante paid 1:1 on the
    # Three of a Kind row (5.23), the Play bet returned: 1.00 + 1.00 + 2.00 back on 3.00
    assert cash(hp, a) == 10000 - 300 + 400
    assert cash(hp, b) == 10000 - 100  # folded: the Ante lost
    back = hp.read(lambda s: live_common.player_view(s, rid, b, hp.clock()))
    assert back["your_decisions"] == [{"name": "fold", "by": "timeout",
                                       "at": "2026-01-05T12:00:13Z"}]
    assert back["returned_minor"] == 0
    assert_books_balance(hp)


def test_004_5_9_each_view_of_the_shared_cards_settles_as_the_engine_alone() -> None:
    """Differential: a player's view at the shared table settles exactly as a single-player
    Casino Hold'em round on the same cards and decision."""
    from croupier.cards import parse
    from croupier.games.base import BetRequest, Decision, DrawAction
    from croupier.games.dealer_poker.shared import SharedCardsTable
    from croupier.platform.rounds import resolve_game

    spec, variant = resolve_game("casino_holdem", "live")
    table = SharedCardsTable(spec.engine)  # type: ignore[arg-type]
    slips = {"a": [BetRequest("ante", 100, ())], "b": [BetRequest("ante", 300, ())]}
    state = table.start(variant, slips, "EUR")
    cards = [parse(c) for c in ("Kh", "Kd", "Ks", "3c", "8d", "9h", "4s", "Jc", "Qd")]
    decisions = {"a": "call", "b": "fold"}
    for c in cards[:5]:
        state = table.apply_draw(state, DrawAction("card", state.remaining.index(c)))
    for p, d in decisions.items():
        state = table.decide(state, p, Decision(d))
    for c in cards[5:]:
        if table.is_finished(state):
            break
        state = table.apply_draw(state, DrawAction("card", state.remaining.index(c)))
    shared = table.settle(state)
    for p, d in decisions.items():
        alone = spec.engine.start(variant, slips[p], "EUR")
        for c in cards[:5]:
            alone = spec.engine.apply(alone, DrawAction("card", alone.remaining.index(c)))
        alone = spec.engine.apply(alone, Decision(d))
        for c in cards[5:]:
            if spec.engine.is_finished(alone):
                break
            alone = spec.engine.apply(alone, DrawAction("card", alone.remaining.index(c)))
        assert shared[p].total_returned == spec.engine.settle(alone).total_returned
        assert shared[p].total_stake == spec.engine.settle(alone).total_stake
    assert shared["a"].total_returned > 0 and shared["b"].total_returned == 0
