"""Deposits (000 §10: bet only confirmed funds) and withdrawals (001 §4.4 refund vs winnings)."""

from __future__ import annotations

import pytest

from croupier.errors import InvalidAmount
from croupier.platform.errors import InsufficientFunds
from croupier.platform.service import Platform
from croupier.platform.wallet import split_withdrawal
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player, slip


def test_000_10_only_confirmed_deposits_can_be_bet(platform: Platform) -> None:
    a = new_player(platform)
    dep = platform.run(lambda s: platform.deposit_in(s, a, "20.00"))
    assert dep["status"] == "pending"
    bal = platform.balance(a)
    assert bal["cash_minor"] == 0 and bal["pending_deposits_minor"] == 2000
    with pytest.raises(InsufficientFunds):
        platform.play(a, "roulette", "european", slip(("red", "1.00", ())))
    assert platform.confirm_deposit(dep["id"]) == a.id
    assert platform.confirm_deposit(dep["id"]) is None  # the provider's second call moves nothing
    assert platform.balance(a)["cash_minor"] == 2000
    platform.play(a, "roulette", "european", slip(("red", "1.00", ())))


@pytest.mark.parametrize("amount", ["-1.00", "0", "0.001", "NaN", "Infinity", "1e3", "abc", "", 5])
def test_deposit_refuses_bad_amounts(platform: Platform, amount: object) -> None:
    a = new_player(platform)
    with pytest.raises(InvalidAmount):
        platform.run(lambda s: platform.deposit_in(s, a, amount))


def test_001_4_4_withdrawal_split_formula() -> None:
    assert split_withdrawal(4000, 10000, 0) == (4000, 0)
    assert split_withdrawal(4000, 10000, 8000) == (2000, 2000)
    assert split_withdrawal(4000, 10000, 10000) == (0, 4000)


def test_001_4_4_withdrawals_split_into_refund_and_winnings(platform: Platform) -> None:
    from croupier.platform.ledger import Ledger, player_code, system_code

    a = new_player(platform, deposit="100.00")
    # winnings of 50.00 (the house pays the player)
    platform.run(lambda s: Ledger(s).transfer("win-1", system_code("house", "EUR"), player_code(a.id), 5000, "payout"))
    w1 = platform.run(lambda s: platform.withdraw_in(s, a, "80.00"))
    assert (w1["refund_minor"], w1["winnings_minor"]) == (8000, 0)
    w2 = platform.run(lambda s: platform.withdraw_in(s, a, "60.00"))
    # refund may not exceed deposits (100) minus refunds already paid (80): 20 refund, 40 winnings
    assert (w2["refund_minor"], w2["winnings_minor"]) == (2000, 4000)
    assert platform.balance(a)["cash_minor"] == 1000
    with pytest.raises(InsufficientFunds):
        platform.run(lambda s: platform.withdraw_in(s, a, "10.01"))
    assert platform.audit().total == 0
