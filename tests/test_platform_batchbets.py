"""Table bets in batches (platform/batchbets.py): a batch of table-bet commands gives every
command exactly the answer it gets on its own, one after another (the same acceptances, refusals,
messages, running balances and round stakes), and writes the same rows."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from sqlalchemy import func, select

from croupier.errors import CroupierError
from croupier.platform.groupcommit import GroupCommit
from croupier.platform.players import logout, token_hash
from croupier.platform.protection import audit as monitoring
from croupier.platform.protection import blocks
from croupier.platform.service import Idem, Outcome, Platform
from croupier.store.models import Bet, Play, Player, Transfer
from croupier.store.models import Session as SessionRow
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, slip

Who = tuple[Player, str]


def _player(p: Platform, deposit: str | None, cur: str = "EUR", revoked: bool = False,
            blocked: bool = False) -> Who:
    name = f"b{uuid.uuid4().hex[:10]}"
    p.register(name, "password123", date(1980, 1, 1), f"D{uuid.uuid4().hex[:12]}", cur)
    token = p.login(name, "password123")["token"]
    player = p.authenticate(token)
    if deposit is not None:
        dep = p.run(lambda s: p.deposit_in(s, player, deposit))
        p.confirm_deposit(dep["id"])
    if blocked:
        p.run(lambda s: blocks.block(s, player.id, "several_accounts", "test", None, p.clock()))
    if revoked:
        p.run(lambda s: logout(s, token))
    return player, token_hash(token)


#: (player letter, bet code, stake, target); A holds 10.00, B 3.00, C's session is revoked,
#: D plays in AMD, E is blocked (a protection fact: the general path judges E's bet)
SCRIPT: list[tuple[str, str, str, tuple[int, ...]]] = [
    ("A", "red", "1.00", ()),
    ("A", "straight", "0.50", (17,)),
    ("B", "red", "2.00", ()),
    ("B", "red", "2.00", ()),  # 1.00 left: refused
    ("C", "red", "1.00", ()),  # revoked session
    ("A", "no_such_bet", "1.00", ()),  # an illegal bet: refused, nothing written
    ("B", "red", "1.00", ()),  # exactly the rest
    ("A", "red", "0.50", ()),  # below the table minimum
    ("D", "red", "1000", ()),  # an AMD account on a EUR table
    ("A", "red", "1.00", ()),
    ("E", "red", "1.00", ()),  # blocked: deferred to the general path, refused there
    ("A", "straight", "0.001", (1,)),  # a fraction of a cent
]


def _cast(p: Platform) -> dict[str, Who]:
    return {"A": _player(p, "10.00"), "B": _player(p, "3.00"),
            "C": _player(p, "5.00", revoked=True), "D": _player(p, None, cur="AMD"),
            "E": _player(p, "5.00", blocked=True)}


def _norm(res: Outcome | BaseException) -> tuple[Any, ...]:
    if isinstance(res, BaseException):
        return ("refused", type(res).__name__, str(res))
    return ("accepted", res.status, res.body)


def _submit(p: Platform, submit: Callable[..., Any], cast: dict[str, Who]) -> list[Any]:
    out = []
    for who, code, stake, target in SCRIPT:
        player, digest = cast[who]
        idem = Idem(f"player:{player.id}", uuid.uuid4().hex,
                    Idem.hash_request("POST", "/api/tables/t-eur/bets", f"{code}{stake}".encode()))
        out.append(submit(idem, 201, p.table_bet(player, "t-eur", slip((code, stake, target))),
                          (player.id, digest)))
    return out


def _one_by_one(p: Platform, cast: dict[str, Who]) -> list[tuple[Any, ...]]:
    return _submit(p, _run_alone(p), cast)


def _batched(p: Platform, cast: dict[str, Who]) -> tuple[list[tuple[Any, ...]], GroupCommit]:
    w = GroupCommit(p, threads=1, max_batch=64, start=False)
    futures = _submit(p, w.submit, cast)
    w.start()  # every command is waiting: they form one batch
    out = [_result(f) for f in futures]
    w.stop()
    return out, w


def _rows(p: Platform, cast: dict[str, Who]) -> list[Any]:
    """What the bets wrote, per cast member (ids left out)."""
    def fn(s: Any) -> list[Any]:
        out = []
        for letter in sorted(cast):
            pid = cast[letter][0].id
            plays = s.execute(select(Play.stake_total, Play.status).where(Play.player_id == pid)
                              .order_by(Play.id)).all()
            bets = s.execute(select(Bet.seq, Bet.code, Bet.target, Bet.stake)
                             .join(Play, Play.id == Bet.play_id).where(Play.player_id == pid)
                             .order_by(Bet.seq)).all()
            moved = s.execute(select(func.count(Transfer.id), func.coalesce(func.sum(
                Transfer.amount), 0)).join(Play, Play.id == Transfer.play_id)
                .where(Play.player_id == pid, Transfer.kind == "bet")).one()
            out.append((letter, [tuple(r) for r in plays], [tuple(r) for r in bets],
                        tuple(moved), p.balance(cast[letter][0])["cash_minor"]))
        return out
    return p.read(fn)


def test_000_10_a_batch_answers_each_bet_as_it_would_be_answered_alone(db_url: str) -> None:
    p = make_platform(db_url)
    rnd = p.open_round("t-eur")
    alone_cast = _cast(p)
    alone = _one_by_one(p, alone_cast)
    batch_cast = _cast(p)
    batched, w = _batched(p, batch_cast)

    assert batched == alone  # the same round and figures: nothing differs but the players
    kinds = [r[0] for r in batched]
    assert kinds.count("accepted") == 5 and kinds.count("refused") == 7
    assert all(r[2]["round_id"] == rnd["round_id"] for r in batched if r[0] == "accepted")
    assert w.batched == len(SCRIPT)  # they did run through the batch path
    # the same rows: plays, bets in order, one "bet" transfer per slip, balances
    assert [r[1:] for r in _rows(p, batch_cast)] == [r[1:] for r in _rows(p, alone_cast)]
    led = p.audit()
    assert led.total == 0 and not led.negative_players and not led.mismatched
    assert p.read(monitoring.verify_session).ok
    p.db.dispose()


def test_004_1_6_a_batch_after_no_more_bets_is_refused_as_each_bet_alone(db_url: str) -> None:
    p = make_platform(db_url)
    rnd = p.open_round("t-eur")
    p.close_round(rnd["round_id"])
    alone = _one_by_one(p, _cast(p))
    cast = _cast(p)
    batched, _w = _batched(p, cast)
    assert batched == alone
    assert [r[1] for r in batched].count("BettingClosed") == 9  # all but the bad session, currency, amount
    assert p.read(lambda s: s.scalar(select(func.count(Bet.id)))) == 0
    assert p.balance(cast["A"][0])["cash_minor"] == 1000
    p.db.dispose()


def test_a_replayed_key_in_a_batch_gets_the_stored_response(db_url: str) -> None:
    """A key already stored makes the batch's idempotency insert come up short: the batch is
    rolled back and each bet runs alone (the replay gets the stored response, the rest stand)."""
    p = make_platform(db_url)
    p.open_round("t-eur")
    a = _player(p, "10.00")
    player, digest = a
    body = Idem.hash_request("POST", "/api/tables/t-eur/bets", b"x")
    first = p.run_idempotent(Idem(f"player:{player.id}", "k", body), 201,
                             p.table_bet(player, "t-eur", slip(("red", "1.00", ()))),
                             (player.id, digest))
    w = GroupCommit(p, threads=1, start=False)
    again = w.submit(Idem(f"player:{player.id}", "k", body), 201,
                     p.table_bet(player, "t-eur", slip(("red", "1.00", ()))), (player.id, digest))
    fresh = w.submit(Idem(f"player:{player.id}", "k2", body), 201,
                     p.table_bet(player, "t-eur", slip(("red", "2.00", ()))), (player.id, digest))
    w.start()
    replay, other = again.result(timeout=60), fresh.result(timeout=60)
    w.stop()
    assert replay.replayed and replay.body == first.body
    assert not other.replayed and other.body["round_stake_minor"] == 300
    assert p.balance(player)["cash_minor"] == 700
    p.db.dispose()


# -- single-player rounds in batches (batchbets.run_rounds) ---------------------------------------

#: (player letter, game, variant, bet code, stake, target)
ROUND_SCRIPT: list[tuple[str, str, str, str, str, tuple[int, ...]]] = [
    ("A", "roulette", "european", "red", "1.00", ()),
    ("A", "roulette", "european", "straight", "1.00", (17,)),
    ("B", "roulette", "european", "red", "2.00", ()),
    ("B", "roulette", "european", "red", "5.00", ()),  # more than B can have left: refused
    ("C", "roulette", "european", "red", "1.00", ()),  # revoked session
    ("A", "roulette", "european", "no_such_bet", "1.00", ()),  # illegal: refused
    ("A", "roulette", "nowhere", "red", "1.00", ()),  # unknown variant: refused
    ("E", "roulette", "european", "red", "1.00", ()),  # blocked: the general path refuses it
    ("A", "roulette", "european", "dozen", "2.00", (2,)),
    ("B", "roulette", "european", "red", "1.00", ()),
    ("A", "blackjack", "live_004", "main", "1.00", ()),  # decisions: not a single round
]


def _seeded(p: Platform, who: Who, letter: str) -> Who:
    """Give the player an active seed pair with a fixed server and client seed (per letter),
    so two players with the same letter draw the same outcomes."""
    from croupier.platform import fairness
    from croupier.rng import fair
    from croupier.store.models import SeedPairRow

    server = (letter.encode().hex() * 64)[:64]

    def fn(s: Any) -> None:
        row = fairness.active_pair(s, who[0].id, p.clock())
        s.execute(SeedPairRow.__table__.update().where(SeedPairRow.id == row.id).values(
            server_seed=server, server_seed_hash=fair.commitment(server),
            client_seed=f"client-{letter}", next_nonce=0))
    p.run(fn)
    return who


def _round_cast(p: Platform) -> dict[str, Who]:
    cast = {"A": _player(p, "10.00"), "B": _player(p, "3.00"),
            "C": _player(p, "5.00"), "E": _player(p, "5.00", blocked=True)}
    for letter, who in cast.items():
        _seeded(p, who, letter)
    p.run(lambda s: s.execute(SessionRow.__table__.update()  # C logs out after seeding
                              .where(SessionRow.token_hash == cast["C"][1]).values(revoked=True)))
    return cast


def _round_submit(p: Platform, submit: Callable[..., Any], cast: dict[str, Who]) -> list[Any]:
    out = []
    for who, game, variant, code, stake, target in ROUND_SCRIPT:
        player, digest = cast[who]
        idem = Idem(f"player:{player.id}", uuid.uuid4().hex,
                    Idem.hash_request("POST", "/api/rounds", f"{game}{code}{stake}".encode()))
        out.append(submit(idem, 201, p.single_round(player, game, variant,
                                                    slip((code, stake, target))),
                          (player.id, digest)))
    return out


def _strip_ids(res: tuple[Any, ...]) -> tuple[Any, ...]:
    if res[0] != "accepted":
        return res
    body = dict(res[2])
    for varies in ("round_id", "created_at", "settled_at"):  # ids and clock times
        body.pop(varies)
    return (res[0], res[1], body)


def test_000_10_a_batch_of_single_rounds_plays_each_as_it_would_play_alone(db_url: str) -> None:
    """Same seeds, same script: every round draws, settles and answers as it does on its own
    (nonces in turn per player, running balances, refusals and messages)."""
    p = make_platform(db_url)
    alone_cast = _round_cast(p)
    batch_cast = _round_cast(p)
    alone = [_strip_ids(r) for r in _round_submit(p, _run_alone(p), alone_cast)]
    w = GroupCommit(p, threads=1, max_batch=64, start=False)
    futures = _round_submit(p, w.submit, batch_cast)
    w.start()
    batched = [_strip_ids(_result(f)) for f in futures]
    w.stop()
    assert batched == alone
    kinds = [r[0] for r in batched]
    assert kinds.count("accepted") == 5
    assert w.batched == len(ROUND_SCRIPT)
    for letter in ("A", "B"):
        assert (p.balance(batch_cast[letter][0])["cash_minor"]
                == p.balance(alone_cast[letter][0])["cash_minor"])
    led = p.audit()
    assert led.total == 0 and not led.negative_players and not led.mismatched
    assert p.read(monitoring.verify_session).ok
    p.db.dispose()


def test_a_first_round_in_a_batch_creates_the_seed_pair_on_the_general_path(db_url: str) -> None:
    p = make_platform(db_url)
    fresh = [_player(p, "5.00") for _ in range(3)]  # no seed pair yet
    w = GroupCommit(p, threads=1, start=False)
    futures = [w.submit(Idem(f"player:{pl.id}", uuid.uuid4().hex, "h"), 201,
                        p.single_round(pl, "roulette", "european", slip(("red", "1.00", ()))),
                        (pl.id, d)) for pl, d in fresh]
    w.start()
    outs = [f.result(timeout=60) for f in futures]
    w.stop()
    assert all(o.status == 201 and o.body["fairness"]["nonce"] == 0 for o in outs)
    led = p.audit()
    assert led.total == 0 and not led.negative_players and not led.mismatched
    p.db.dispose()


def _run_alone(p: Platform) -> Callable[..., Any]:
    def run(*args: Any) -> tuple[Any, ...]:
        try:
            return _norm(p.run_idempotent(*args))
        except CroupierError as exc:
            return _norm(exc)
    return run


def _result(f: Any) -> tuple[Any, ...]:
    try:
        return _norm(f.result(timeout=60))
    except CroupierError as exc:
        return _norm(exc)


def test_004_1_limits_count_bets_placed_through_another_worker(db_url: str) -> None:
    """Two workers (two platforms, each with its own cache of a play's bets) take bets of one
    player on one round: each sees the bets the other took (the position maximum, 150.00 on a
    straight up, counts them all), reading only the bets it has not seen."""
    from croupier.errors import StakeAboveMaximum

    one = make_platform(db_url)
    other = make_platform(db_url)
    one.open_round("t-eur")
    player, digest = _player(one, "1000.00")

    def bet(p: Platform, stake: str) -> Outcome:
        idem = Idem(f"player:{player.id}", uuid.uuid4().hex, "h")
        return p.run_idempotent(idem, 201, p.table_bet(player, "t-eur",
                                                       slip(("straight", stake, (17,)))),
                                (player.id, digest))

    assert bet(one, "60.00").body["round_stake_minor"] == 6000
    assert bet(other, "60.00").body["round_stake_minor"] == 12000  # the other worker's cache
    with pytest.raises(StakeAboveMaximum):  # 160.00 on 17, although this worker took 60
        bet(one, "40.00")
    assert bet(one, "30.00").body["round_stake_minor"] == 15000  # exactly the maximum
    with pytest.raises(StakeAboveMaximum):
        bet(other, "0.10")
    one.db.dispose()
    other.db.dispose()


def test_004_1_a_batch_reads_the_bets_another_worker_took_for_every_player(db_url: str) -> None:
    """Three players bet through one worker; the other worker then takes a batch of their bets:
    it reads every play it is behind on (together, in one statement on PostgreSQL) from the first
    bet it has not seen, and judges each against all of that player's bets on the round (the
    position maximum, 150.00 on a straight up, counts them all)."""
    one = make_platform(db_url)
    other = make_platform(db_url)
    one.open_round("t-eur")
    cast = [_player(one, "1000.00") for _ in range(3)]
    run_one = _run_alone(one)

    def submit(p: Platform, how: Callable[..., Any], who: Who, stake: str) -> Any:
        player, digest = who
        idem = Idem(f"player:{player.id}", uuid.uuid4().hex, "h")
        return how(idem, 201, p.table_bet(player, "t-eur", slip(("straight", stake, (17,)))),
                   (player.id, digest))

    # the other worker has seen the first player's first bet only: it reads the rest from seq 1
    assert submit(one, run_one, cast[0], "50.00")[0] == "accepted"
    assert submit(other, _run_alone(other), cast[0], "10.00")[2]["round_stake_minor"] == 6000
    for who, stakes in zip(cast, (("40.00",), ("70.00", "60.00"), ("100.00",)), strict=True):
        for stake in stakes:
            assert submit(one, run_one, who, stake)[0] == "accepted"
    w = GroupCommit(other, threads=1, max_batch=64, start=False)
    futures = [submit(other, w.submit, who, stake) for who, stake in
               ((cast[0], "50.00"), (cast[1], "20.00"), (cast[1], "0.10"), (cast[2], "50.00"))]
    w.start()
    results = [_result(f) for f in futures]
    w.stop()
    assert w.batched == 4 and w.fallbacks == 0
    # 100.00 on 17 before: 50.00 more is exactly the maximum
    assert results[0][:2] == ("accepted", 201) and results[0][2]["round_stake_minor"] == 15000
    # 130.00 before: 20.00 is exactly the maximum, then 0.10 is above it
    assert results[1][:2] == ("accepted", 201) and results[1][2]["round_stake_minor"] == 15000
    assert results[2][:2] == ("refused", "StakeAboveMaximum")
    # 100.00 before: 50.00 more is exactly the maximum
    assert results[3][:2] == ("accepted", 201) and results[3][2]["round_stake_minor"] == 15000
    one.db.dispose()
    other.db.dispose()


def test_one_batch_on_two_tables_debits_each_player_once_per_bet(db_url: str) -> None:
    """A player's bets on two tables in one batch: each table's round gets its play, the cash
    row is debited by the sum (one conditional update), each answer shows the balance after its
    own debit, one play-time span is opened (not one per table), the ledger sums to zero."""
    from croupier.platform.config import TableConfig
    from croupier.store.protection_models import PlaySpan
    from tests.platform_fixtures import TEST_TABLES

    tables = (*TEST_TABLES, TableConfig("t-eur-2", "Second EUR table", "roulette", "european",
                                        "EUR"))
    p = make_platform(db_url, tables=tables)
    p.open_round("t-eur")
    p.open_round("t-eur-2")
    player, digest = _player(p, "10.00")
    w = GroupCommit(p, threads=1, start=False)
    futures = [w.submit(Idem(f"player:{player.id}", uuid.uuid4().hex, "h"), 201,
                        p.table_bet(player, table, slip(("red", stake, ()))),
                        (player.id, digest))
               for table, stake in (("t-eur", "2.00"), ("t-eur-2", "3.00"), ("t-eur", "1.00"))]
    w.start()
    outs = [f.result(timeout=60) for f in futures]
    w.stop()
    assert [o.body["round_stake_minor"] for o in outs] == [200, 300, 300]
    # concurrent requests: each answer is the balance after its own debit in one serial order
    # (the batch takes a table's bets together), so the balances step down by the stakes
    seen = sorted(((o.body["balance"]["cash_minor"], stake) for o, stake
                   in zip(outs, (200, 300, 100), strict=True)), reverse=True)
    before = 1000
    for balance, stake in seen:
        assert balance == before - stake
        before = balance
    assert w.batched == 3
    assert p.balance(player)["cash_minor"] == 400
    spans = p.read(lambda s: s.scalar(select(func.count(PlaySpan.id))
                                      .where(PlaySpan.player_id == player.id)))
    assert spans == 1
    led = p.audit()
    assert led.total == 0 and not led.negative_players and not led.mismatched
    p.db.dispose()
