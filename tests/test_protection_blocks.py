"""Account blocking for the reasons of 001 §5.1.4: no bets, no deposits, money preserved."""

from __future__ import annotations

import pytest

from croupier.platform.protection import blocks
from croupier.platform.protection.errors import AccountBlocked, InvalidLimit, ProtectionStateError
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import FakeClock, cash, every_straight, operator, player


@pytest.mark.parametrize("reason", sorted(blocks.REASONS))
def test_001_5_1_4_a_blocked_account_cannot_bet_and_its_money_is_preserved(
        prot: Platform, clock: FakeClock, reason: str) -> None:
    a = player(prot, deposit="30.00", verified=True)
    op = operator(prot)
    b = prot.run(lambda s: blocks.block(s, a.id, reason, "evidence on file", op.id, clock()))
    with pytest.raises(AccountBlocked, match="001 §5.1.4") as exc:
        prot.play(a, "roulette", "european", every_straight())
    assert blocks.REASONS[reason] in str(exc.value)
    with pytest.raises(AccountBlocked):
        prot.run(lambda s: prot.deposit_in(s, a, "5.00"))
    prot.open_round("t-eur")
    with pytest.raises(AccountBlocked):
        prot.bet(a, "t-eur", every_straight())
    assert cash(prot, a) == 3000  # preserved and accounted for
    audit = prot.audit()
    assert audit.total == 0 and not audit.mismatched
    prot.run(lambda s: blocks.lift(s, b.id, "resolved", op.id, clock()))
    prot.play(a, "roulette", "european", every_straight())
    assert cash(prot, a) == 3000 - 10


def test_001_5_1_4_a_block_needs_one_of_the_reasons(prot: Platform, clock: FakeClock) -> None:
    a = player(prot)
    with pytest.raises(InvalidLimit, match="001 §5.1.4"):
        prot.run(lambda s: blocks.block(s, a.id, "dislike", "", None, clock()))


def test_a_block_is_lifted_once(prot: Platform, clock: FakeClock) -> None:
    a = player(prot)
    b = prot.run(lambda s: blocks.block(s, a.id, "several_accounts", "", None, clock()))
    prot.run(lambda s: blocks.lift(s, b.id, "", 1, clock()))
    with pytest.raises(ProtectionStateError):
        prot.run(lambda s: blocks.lift(s, b.id, "", 1, clock()))


def test_001_5_1_4_a_blocked_players_open_round_settles(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="10.00")
    rid = prot.open_round("t-eur")["round_id"]
    prot.bet(a, "t-eur", every_straight())
    prot.run(lambda s: blocks.block(s, a.id, "law_violation", "AML review", None, clock()))
    prot.close_round(rid)
    prot.result_round(rid)
    prot.settle_round(rid)
    assert cash(prot, a) == 1000 - 10
