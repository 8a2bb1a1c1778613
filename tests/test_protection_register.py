"""The restricted-persons register and self-exclusion (001 §2.1, §5.1.5): registration, login,
deposits and bets refused; open rounds settle; the balance stays the player's and withdrawable."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import func, select

from croupier.platform import players
from croupier.platform.protection import register
from croupier.platform.protection.documents import normalise_document
from croupier.platform.protection.errors import ProtectionStateError, RestrictedPerson
from croupier.platform.service import Platform
from croupier.store.models import Player
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import FakeClock, cash, document, every_straight, operator, player


def listed(p: Platform, doc: str, reason: str = "court decision") -> int:
    op = operator(p)
    return int(p.run(lambda s: register.add_entry(s, doc, reason, "register", None, op.id,
                                                  p.clock()).id))


def test_001_2_1_a_listed_person_cannot_register(prot: Platform) -> None:
    listed(prot, "AB 123-456")
    with pytest.raises(RestrictedPerson, match="Register of persons with restricted access"):
        prot.register("listed1", "password123", date(1980, 1, 1), "ab123456", "EUR")
    assert prot.read(lambda s: s.scalar(
        select(func.count()).select_from(Player).where(Player.login == "listed1"))) == 0


def test_001_2_1_a_listed_player_cannot_log_in(prot: Platform) -> None:
    doc = document()
    a = player(prot, doc=doc)
    listed(prot, doc)
    with pytest.raises(RestrictedPerson):
        prot.login(a.login, "password123")


def test_001_2_1_self_exclusion_refuses_login_deposits_and_bets_and_keeps_the_money(
        prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="50.00", verified=True)
    prot.play(a, "roulette", "european", every_straight())  # 50.00 - 3.70 + 3.60
    assert cash(prot, a) == 4990
    entry = prot.run(lambda s: register.self_exclude(s, a, 6, clock()))
    assert "you excluded yourself" in register.refusal(entry)
    with pytest.raises(RestrictedPerson):
        prot.login(a.login, "password123")
    with pytest.raises(RestrictedPerson):
        prot.play(a, "roulette", "european", every_straight())
    with pytest.raises(RestrictedPerson):
        prot.run(lambda s: prot.deposit_in(s, a, "10.00"))
    assert cash(prot, a) == 4990  # nothing taken
    w = prot.run(lambda s: prot.withdraw_in(s, a, "49.90"))  # the balance stays withdrawable
    assert w["amount_minor"] == 4990 and cash(prot, a) == 0
    assert prot.audit().total == 0
    # 6 calendar months later the exclusion has ended
    clock.set(register.add_months(clock(), 6))
    prot.login(a.login, "password123")


def test_001_2_1_the_open_round_of_a_newly_excluded_player_settles(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="20.00")
    rid = prot.open_round("t-eur")["round_id"]
    prot.bet(a, "t-eur", every_straight())
    prot.run(lambda s: register.self_exclude(s, a, None, clock()))
    prot.close_round(rid)
    prot.result_round(rid)
    rep = prot.settle_round(rid)
    assert [(pr.stake, pr.returned) for pr in rep.plays] == [(370, 360)]
    assert cash(prot, a) == 2000 - 370 + 360
    # and a void refunds them too
    b = player(prot, deposit="20.00")
    rid2 = prot.open_round("t-eur")["round_id"]
    prot.bet(b, "t-eur", every_straight())
    prot.run(lambda s: register.self_exclude(s, b, None, clock()))
    prot.void_round(rid2, "test void")
    assert cash(prot, b) == 2000
    assert prot.audit().total == 0


def test_001_2_1_self_exclusion_periods_and_no_early_lifting(prot: Platform, clock: FakeClock) -> None:
    from croupier.platform.protection.errors import InvalidLimit

    a = player(prot)
    for months in (0, 5, 61):
        with pytest.raises(InvalidLimit):
            prot.run(lambda s, m=months: register.self_exclude(s, a, m, clock()))
    entry = prot.run(lambda s: register.self_exclude(s, a, None, clock()))
    op = operator(prot)
    with pytest.raises(ProtectionStateError, match="cannot be lifted"):
        prot.run(lambda s: register.lift(s, entry.id, op.id, clock()))


def test_001_5_1_5_an_operator_lifts_its_register_entry(prot: Platform) -> None:
    doc = document()
    a = player(prot, doc=doc)
    entry_id = listed(prot, doc)
    with pytest.raises(RestrictedPerson):
        prot.login(a.login, "password123")
    op = operator(prot)
    prot.run(lambda s: register.lift(s, entry_id, op.id, prot.clock()))
    prot.login(a.login, "password123")


def test_documents_are_normalised_as_the_platform_stores_them() -> None:
    for raw in ("ab 12-34", "AB1234", " a-b-1 2 3 4 ", "xy\t99"):
        assert normalise_document(raw) == players.normalise_document(raw)


def test_001_2_1_a_register_entry_ends_on_its_date(prot: Platform, clock: FakeClock) -> None:
    from datetime import timedelta

    doc = document()
    a = player(prot, doc=doc)
    op = operator(prot)
    prot.run(lambda s: register.add_entry(s, doc, "limited term", "register",
                                          clock() + timedelta(days=30), op.id, clock()))
    with pytest.raises(RestrictedPerson, match="until"):
        prot.login(a.login, "password123")
    clock.advance(days=30)
    prot.login(a.login, "password123")
