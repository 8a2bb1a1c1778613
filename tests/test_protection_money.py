"""Nothing in player protection can make a player's money disappear (issue 7): whatever mix of
deposits, bets, withdrawals, limits, blocks, self-exclusion and refusals happens, every refused
command leaves the balances as they were, every accepted one moves exactly its amount, and the
ledger still sums to zero with each player's balance equal to its transfers."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.errors import CroupierError
from croupier.platform.protection import blocks, limits, register
from croupier.platform.protection.errors import AccountBlocked, RestrictedPerson
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import FakeClock, bonus_balance, cash, every_straight, player

OPS = st.lists(st.one_of(
    st.tuples(st.just("deposit"), st.integers(1, 40)),
    st.tuples(st.just("bet"), st.integers(10, 60)),
    st.tuples(st.just("withdraw"), st.integers(1, 60)),
    st.tuples(st.just("limit"), st.integers(3, 60)),
    st.tuples(st.just("block"), st.just(0)),
    st.tuples(st.just("unblock"), st.just(0)),
    st.tuples(st.just("exclude"), st.just(0)),
    st.tuples(st.just("wait"), st.integers(1, 2000)),
), min_size=1, max_size=14)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_issue7_balances_survive_blocks_exclusion_and_refusals(prot: Platform, clock: FakeClock,
                                                               ops: list[tuple[str, int]]) -> None:
    a = player(prot, deposit="20.00", verified=True)
    expected = 2000
    blocked: list[int] = []
    excluded = False
    for op, n in ops:
        before = (cash(prot, a), bonus_balance(prot, a))
        try:
            if op == "deposit":
                dep = prot.run(lambda s, n=n: prot.deposit_in(s, a, f"{n}.00"))
                assert not blocked and not excluded
                prot.confirm_deposit(int(dep["id"]))
                expected += n * 100
            elif op == "bet":
                prot.play(a, "roulette", "european", every_straight(f"0.{n:02d}"))
                assert not blocked and not excluded
                expected -= n  # 37 x stake in, 36 x stake back
            elif op == "withdraw":
                prot.run(lambda s, n=n: prot.withdraw_in(s, a, f"{n}.00"))
                expected -= n * 100  # allowed even when blocked or excluded
            elif op == "limit":
                prot.run(lambda s, n=n: limits.set_limit(s, a, "deposit", "day", n * 100, clock()))
            elif op == "block":
                blocked.append(prot.run(lambda s: blocks.block(
                    s, a.id, "third_party_card", "test", None, clock())).id)
            elif op == "unblock" and blocked:
                prot.run(lambda s: blocks.lift(s, blocked.pop(), "", 1, clock()))
            elif op == "exclude" and not excluded:
                prot.run(lambda s: register.self_exclude(s, a, None, clock()))
                excluded = True
            elif op == "wait":
                clock.advance(minutes=n)
        except CroupierError as exc:
            if op in ("deposit", "bet") and (blocked or excluded):
                assert isinstance(exc, AccountBlocked | RestrictedPerson)
            assert (cash(prot, a), bonus_balance(prot, a)) == before, (op, n, exc)
        assert cash(prot, a) == expected, (op, n)
    audit = prot.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players
