"""Group commit (platform/groupcommit.py): bets that arrive together commit in one transaction —
every money rule of a bet on its own still holds."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import Future
from datetime import date

import pytest
from sqlalchemy import func, select

from croupier.platform.errors import (
    IdempotencyConflict,
    InsufficientFunds,
    Unauthorized,
)
from croupier.platform.groupcommit import GroupCommit
from croupier.platform.players import token_hash
from croupier.platform.protection import audit as monitoring
from croupier.platform.service import Idem, Outcome, Platform
from croupier.store.models import Bet, Player
from croupier.store.protection_models import AuditEntry
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, slip


def _player(p: Platform, deposit: str) -> tuple[Player, str]:
    name = f"g{uuid.uuid4().hex[:10]}"
    p.register(name, "password123", date(1980, 1, 1), f"D{uuid.uuid4().hex[:12]}", "EUR")
    token = p.login(name, "password123")["token"]
    player = p.authenticate(token)
    dep = p.run(lambda s: p.deposit_in(s, player, deposit))
    p.confirm_deposit(dep["id"])
    return player, token_hash(token)


#: how the bets are submitted: as the route does (a TableBet command, which the group commit runs
#: in batches of statements: platform/batchbets.py) or as an opaque closure (one by one, in one
#: transaction); every test below runs both ways
FORM = "command"


@pytest.fixture(params=["command", "closure"], autouse=True)
def bet_form(request: pytest.FixtureRequest) -> Iterator[None]:
    global FORM
    FORM = request.param
    yield
    FORM = "command"


def _bet(p: Platform, w: GroupCommit, who: tuple[Player, str], stake: str = "1.00",
         key: str | None = None, body: bytes | None = None) -> Future[Outcome]:
    player, digest = who
    key = key or uuid.uuid4().hex
    idem = Idem(f"player:{player.id}", key,
                Idem.hash_request("POST", "/api/tables/t-eur/bets", body or stake.encode()))
    the_slip = slip(("red", stake, ()))
    if FORM == "command":
        return w.submit(idem, 201, p.table_bet(player, "t-eur", the_slip), (player.id, digest))
    return w.submit(idem, 201, lambda s: p.bet_in(s, player, "t-eur", the_slip),
                    (player.id, digest))


def _outcome(f: Future[Outcome]) -> str:
    try:
        f.result(timeout=60)
        return "accepted"
    except InsufficientFunds:
        return "refused"


def test_000_10_grouped_bets_against_balances_covering_10_each(db_url: str) -> None:
    """200 bets of 4 players in batches: each balance covers 10 bets, so exactly 40 are
    accepted, no balance goes negative, the ledger sums to zero, and the monitoring record
    holds exactly the accepted bets (a refused bet wrote nothing)."""
    p = make_platform(db_url)
    players = [_player(p, "10.00") for _ in range(4)]
    p.open_round("t-eur")
    w = GroupCommit(p, threads=2, max_batch=32, start=False)
    futures = [_bet(p, w, players[i % 4]) for i in range(200)]
    w.start()
    results = Counter(_outcome(f) for f in futures)
    w.stop()
    assert results == Counter({"accepted": 40, "refused": 160})
    assert w.largest > 1  # the commands did share transactions
    assert (w.batched > 0) == (FORM == "command")  # the route's form ran in batches
    for player, _ in players:
        assert p.balance(player)["cash_minor"] == 0
    assert p.read(lambda s: s.scalar(select(func.count(Bet.id)))) == 40
    led = p.audit()
    assert led.total == 0 and not led.negative_players and not led.mismatched
    kinds = p.read(lambda s: Counter(s.scalars(select(AuditEntry.kind))))
    assert kinds == Counter({"bet": 40})
    assert p.read(monitoring.verify_session).ok
    p.db.dispose()


def test_idempotency_inside_a_batch_same_key_same_result_other_payload_refused(
        db_url: str) -> None:
    p = make_platform(db_url)
    who = _player(p, "10.00")
    p.open_round("t-eur")
    w = GroupCommit(p, threads=1, max_batch=32, start=False)
    first = _bet(p, w, who, key="k1")
    twin = _bet(p, w, who, key="k1")  # the same request again, in the same batch
    other = _bet(p, w, who, "2.00", key="k1", body=b"another body")
    w.start()
    a, b = first.result(timeout=60), twin.result(timeout=60)
    with pytest.raises(IdempotencyConflict):
        other.result(timeout=60)
    w.stop()
    assert a.body == b.body and not a.replayed and b.replayed
    assert p.balance(who[0])["cash_minor"] == 900  # debited once
    p.db.dispose()


def test_a_replay_after_the_balance_is_spent_gets_the_stored_response(db_url: str) -> None:
    p = make_platform(db_url)
    who = _player(p, "1.00")
    p.open_round("t-eur")
    w = GroupCommit(p, threads=1)
    first = _bet(p, w, who, key="once").result(timeout=60)
    again = _bet(p, w, who, key="once").result(timeout=60)  # running it now would be refused
    w.stop()
    assert again.replayed and again.body == first.body
    assert p.balance(who[0])["cash_minor"] == 0
    p.db.dispose()


def test_a_revoked_session_cannot_bet_through_the_group_commit(db_url: str) -> None:
    from croupier.platform.players import logout

    p = make_platform(db_url)
    name = f"r{uuid.uuid4().hex[:10]}"
    p.register(name, "password123", date(1980, 1, 1), f"D{uuid.uuid4().hex[:12]}", "EUR")
    token = p.login(name, "password123")["token"]
    player, digest = p.identify(token)
    p.open_round("t-eur")
    p.run(lambda s: logout(s, token))
    assert p.cached_identity(digest) is not None  # the cache still knows the identity...
    w = GroupCommit(p, threads=1)
    with pytest.raises(Unauthorized):  # ...but the bet's own transaction checks the session
        _bet(p, w, (player, digest)).result(timeout=60)
    w.stop()
    assert p.cached_identity(digest) is None
    p.db.dispose()


def test_a_command_refused_after_writing_leaves_nothing_and_spares_the_batch(db_url: str) -> None:
    """A command that is not the bet path's is assumed to have written: when it is refused, the
    batch is rolled back and every command runs alone — its writes are gone, the bets stand."""
    from croupier.errors import CroupierError
    from croupier.store.models import Deposit

    p = make_platform(db_url)
    who = _player(p, "10.00")
    player, digest = who
    p.open_round("t-eur")

    def deposit_then_refuse(s: object) -> None:
        p.deposit_in(s, player, "5.00")  # type: ignore[arg-type]
        raise CroupierError("refused after writing")

    w = GroupCommit(p, threads=1, start=False)
    bets = [_bet(p, w, who) for _ in range(3)]
    odd = w.submit(Idem(f"player:{player.id}", "odd", "h"), 201, deposit_then_refuse,
                   (player.id, digest))
    w.start()
    assert [f.result(timeout=60).status for f in bets] == [201, 201, 201]
    with pytest.raises(CroupierError, match="refused after writing"):
        odd.result(timeout=60)
    w.stop()
    deposits = p.read(lambda s: s.scalar(select(func.count(Deposit.id))))
    assert deposits == 1  # only the one of _player()
    assert p.balance(player)["cash_minor"] == 700
    p.db.dispose()
