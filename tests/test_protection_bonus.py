"""Bonus funds with a wagering requirement, usable only on reel slots (001 §4.1, §5.3.4); a win
goes back to the balance the bet came from (001 §6.8.5). Until slots exist, roulette is flagged
as a slot for these tests (``bonus.game_kind``)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from croupier.platform.errors import InsufficientFunds
from croupier.platform.protection import bonus
from croupier.platform.protection.errors import ProtectionStateError
from croupier.platform.service import Platform
from croupier.store.protection_models import Bonus
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import (
    bonus_balance,
    cash,
    every_straight,
    operator,
    player,
)


@pytest.fixture
def roulette_as_slot(monkeypatch: pytest.MonkeyPatch) -> None:
    real = bonus.game_kind
    monkeypatch.setattr(bonus, "game_kind",
                        lambda g, v: "slot" if g == "roulette" else real(g, v))


def grant(p: Platform, player_id: int, amount: int, multiplier: int) -> Bonus:
    op = operator(p)
    return p.run(lambda s: bonus.grant(s, player_id, amount, multiplier, op.id, p.clock()))


def test_001_4_1_bonus_funds_are_not_used_outside_reel_slots(prot: Platform) -> None:
    a = player(prot)
    grant(prot, a.id, 1000, 10)
    assert bonus_balance(prot, a) == 1000 and cash(prot, a) == 0
    with pytest.raises(InsufficientFunds):
        prot.play(a, "roulette", "european", every_straight())  # roulette is not a slot
    assert bonus_balance(prot, a) == 1000
    assert prot.audit().total == 0


def test_001_6_8_5_a_bonus_bet_on_a_slot_wins_back_into_the_bonus_balance(
        prot: Platform, roulette_as_slot: None) -> None:
    a = player(prot)
    grant(prot, a.id, 1000, 10)
    prot.play(a, "roulette", "european", every_straight())  # 3.70 from bonus, 3.60 back to bonus
    assert bonus_balance(prot, a) == 1000 - 370 + 360
    assert cash(prot, a) == 0
    b = prot.read(lambda s: s.scalars(select(Bonus).where(Bonus.player_id == a.id)).one())
    assert b.wagered == 370 and b.state == "active"


def test_001_4_1_cash_is_used_first_and_wins_go_to_cash(prot: Platform, roulette_as_slot: None) -> None:
    a = player(prot, deposit="10.00")
    grant(prot, a.id, 1000, 10)
    prot.play(a, "roulette", "european", every_straight())
    assert (cash(prot, a), bonus_balance(prot, a)) == (1000 - 10, 1000)


def test_001_4_1_the_wagering_requirement_turns_the_bonus_into_cash(
        prot: Platform, roulette_as_slot: None) -> None:
    a = player(prot)
    grant(prot, a.id, 1000, 1)  # requirement: 10.00 of bonus-funded stakes
    for _ in range(2):
        prot.play(a, "roulette", "european", every_straight("0.10"))
    assert bonus_balance(prot, a) == 980
    prot.play(a, "roulette", "european", every_straight("0.10"))  # wagered 11.10 >= 10.00
    b = prot.read(lambda s: s.scalars(select(Bonus).where(Bonus.player_id == a.id)).one())
    assert b.state == "converted" and b.converted_amount == 970
    assert (cash(prot, a), bonus_balance(prot, a)) == (970, 0)
    ledger = prot.audit()
    assert ledger.total == 0 and not ledger.mismatched and not ledger.negative_players


def test_bonus_rules(prot: Platform) -> None:
    a = player(prot)
    grant(prot, a.id, 1000, 5)
    with pytest.raises(ProtectionStateError):
        grant(prot, a.id, 1000, 5)  # one active bonus at a time
    with pytest.raises(Exception, match="multiplier"):
        grant(prot, player(prot).id, 1000, 0)
