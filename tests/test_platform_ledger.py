"""The double-entry ledger on SQLite and PostgreSQL (DESIGN.md "Ledger"; issue 3 §2)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.errors import InvalidAmount
from croupier.platform.errors import IdempotencyConflict, InsufficientFunds
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.service import Platform
from croupier.store.models import Transfer
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip


def test_ledger_same_key_same_payload_returns_the_first_transfer(platform: Platform) -> None:
    a = new_player(platform, deposit="10.00")
    move = lambda s: Ledger(s).transfer("k-1", player_code(a.id), system_code("house", "EUR"), 300, "test")  # noqa: E731
    first = platform.run(move)
    second = platform.run(move)
    assert second.id == first.id and second.replayed and not first.replayed
    assert platform.balance(a)["cash_minor"] == 1000 - 300  # moved once


def test_ledger_same_key_different_payload_is_an_error(platform: Platform) -> None:
    a = new_player(platform, deposit="10.00")
    platform.run(lambda s: Ledger(s).transfer("k-2", player_code(a.id), system_code("house", "EUR"), 300, "test"))
    with pytest.raises(IdempotencyConflict):
        platform.run(lambda s: Ledger(s).transfer("k-2", player_code(a.id), system_code("house", "EUR"), 301, "test"))
    assert platform.balance(a)["cash_minor"] == 700


def test_ledger_player_balance_never_negative(platform: Platform) -> None:
    a = new_player(platform, deposit="1.00")
    with pytest.raises(InsufficientFunds):
        platform.run(lambda s: Ledger(s).transfer("k-3", player_code(a.id), system_code("house", "EUR"), 101, "test"))
    assert platform.balance(a)["cash_minor"] == 100
    audit = platform.audit()
    assert audit.total == 0 and not audit.negative_players and not audit.mismatched


@pytest.mark.parametrize("amount", [0, -5, 1.5, True])
def test_ledger_refuses_amounts_that_are_not_positive_whole_minor_units(platform: Platform, amount: object) -> None:
    a = new_player(platform, deposit="1.00")
    with pytest.raises((InvalidAmount, ValueError)):
        platform.run(lambda s: Ledger(s).transfer(f"k-{amount}", player_code(a.id), system_code("house", "EUR"), amount, "test"))  # type: ignore[arg-type]
    assert platform.read(lambda s: s.query(Transfer).filter(Transfer.kind == "test").count()) == 0


def test_ledger_all_accounts_sum_to_zero_after_a_day_of_play(platform: Platform) -> None:

    a = new_player(platform, deposit="50.00")
    b = new_player(platform, deposit="20.00")
    for _ in range(5):
        platform.play(a, "roulette", "european", slip(("red", "1.00", ()), ("straight", "0.50", (17,))))
        platform.play(b, "roulette", "european", slip(("dozen", "2.00", (2,))))
    platform.run(lambda s: platform.withdraw_in(s, a, "3.00"))
    audit = platform.audit()
    assert audit.total == 0
    assert audit.mismatched == () and audit.negative_players == ()
    # The house's result is exactly what the players lost, from the transfers alone.
    house = platform.system_balance("house", "EUR")
    provider = platform.system_balance("provider", "EUR")
    stakes = platform.system_balance("stakes", "EUR")
    cash = platform.balance(a)["cash_minor"] + platform.balance(b)["cash_minor"]
    assert stakes == 0
    assert house + provider + cash == 0


OPS = st.lists(st.tuples(st.sampled_from(["deposit", "bet", "play", "withdraw", "settle", "void"]),
                         st.integers(0, 2), st.integers(1, 4000)), min_size=1, max_size=12)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_ledger_sums_to_zero_property(db_url: str, ops: list[tuple[str, int, int]]) -> None:  # noqa: F811
    """Hypothesis: whatever deposits, bets, rounds, withdrawals, settlements and voids happen (and
    whichever of them are refused), every account sums to zero and no player is negative."""
    from croupier.errors import CroupierError

    p = make_platform(db_url)
    try:
        players = [new_player(p) for _ in range(3)]
        for op, who, amount in ops:
            pl = players[who]
            text = f"{amount // 100}.{amount % 100:02d}"
            try:
                if op == "deposit":
                    dep = p.run(lambda s, pl=pl, text=text: p.deposit_in(s, pl, text))
                    p.confirm_deposit(dep["id"])
                elif op == "bet":
                    if p.read(lambda s: __import__("croupier.platform.tables", fromlist=["x"]).open_round_of(s, "t-eur")) is None:
                        p.open_round("t-eur")
                    p.bet(pl, "t-eur", slip(("red", text, ())))
                elif op == "play":
                    p.play(pl, "roulette", "european", slip(("straight", text, (amount % 37,))))
                elif op == "withdraw":
                    p.run(lambda s, pl=pl, text=text: p.withdraw_in(s, pl, text))
                else:
                    from croupier.platform import tables

                    rnd = p.read(lambda s: tables.open_round_of(s, "t-eur"))
                    if rnd is not None:
                        if op == "settle":
                            p.close_round(rnd.id)
                            p.result_round(rnd.id)
                            p.settle_round(rnd.id)
                        else:
                            p.void_round(rnd.id, "test")
            except CroupierError:
                pass
            audit = p.audit()
            assert audit.total == 0
            assert audit.negative_players == () and audit.mismatched == ()
    finally:
        p.db.dispose()


def test_ledger_forgets_an_account_whose_creation_rolled_back(platform: Platform) -> None:
    """The ledger caches account ids per connection; an account created by work that rolled back
    never existed, so the connection must not remember it (DESIGN.md "Ledger": every movement
    between real accounts)."""
    from sqlalchemy.orm import Session

    from croupier.platform.errors import NotFound
    from croupier.store.models import Account

    code = "test:rolled-back:EUR"
    with platform.db.write.connect() as conn:
        with Session(bind=conn) as s:
            s.add(Account(code=code, kind="house", player_id=None, currency="EUR", balance=0))
            s.flush()
            assert Ledger(s).account(code).currency == "EUR"  # cached on this connection
            s.rollback()
        with Session(bind=conn) as s, pytest.raises(NotFound):
            Ledger(s).account(code)
