"""Jackpot pools in the ledger (issue 16 part 5; docs/jackpots.md): 21 Bet's pool (000 §12.54),
TDC Blackjack's 777 rows and Mystery Jackpot (002 Bonus). Contributions, seeds and wins are
ledger transfers in the settlement's unit of work; a pool's amount is its account's balance."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from croupier.games.base import BetRequest
from croupier.games.blackjack import ENGINE
from croupier.games.blackjack.jackpot import jackpot_rows
from croupier.platform import interactive, jackpots
from croupier.platform.jackpots import Pool, account_code, commitment, reserve_code
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.rounds import record_bets
from croupier.platform.service import Platform
from croupier.rng import seeded
from croupier.store.jackpot_models import JackpotPool, JackpotWin
from croupier.store.models import Play, Player, Round, RoundEvent, Transfer
from tests.blackjack_helpers import main, rig, variant
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip

BET21 = ("bet21", "bet21_000")
T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _seeded_levels() -> Iterator[None]:
    old = jackpots.use_source(seeded("jackpot tests"))
    yield
    jackpots.use_source(old)


@pytest.fixture
def platform(db_url: str) -> Iterator[Platform]:
    """The platform with every pool seeded, as the server does at start-up (api/app.py)."""
    p = make_platform(db_url)
    p.run(lambda s: jackpots.ensure_all(s, T0))
    yield p
    p.db.dispose()


@pytest.fixture
def sqlite_platform(tmp_path: Any) -> Iterator[Platform]:
    p = make_platform(f"sqlite:///{tmp_path / 'jackpots.sqlite3'}")
    p.run(lambda s: jackpots.ensure_all(s, T0))
    yield p
    p.db.dispose()


def pool_of(game: str, variant_name: str, name: str) -> Pool:
    return next(p for p in jackpots.pools_of(game, variant_name) if p.spec.name == name)


def balance(p: Platform, code: str) -> int:
    return p.read(lambda s: Ledger(s).balance(code))


def pool_row(p: Platform, pool: Pool, cur: str = "EUR") -> JackpotPool:
    return p.read(lambda s: s.scalars(select(JackpotPool).where(
        JackpotPool.code == pool.code, JackpotPool.currency == cur)).one())


def set_level(p: Platform, pool: Pool, level: int, cur: str = "EUR") -> None:
    def fn(s: Any) -> None:
        row = s.scalars(select(JackpotPool).where(JackpotPool.code == pool.code,
                                                  JackpotPool.currency == cur)).one()
        row.drop_level = level
    p.run(fn)


def test_000_12_54_every_pool_is_seeded_by_the_house_at_start(platform: Platform) -> None:
    pool = pool_of(*BET21, "jackpot")
    acc = account_code(pool.code, "EUR")
    assert balance(platform, acc) == pool.spec.seed["EUR"] == 10000
    row = pool_row(platform, pool)
    assert pool.spec.seed["EUR"] <= (row.drop_level or 0) <= pool.spec.cap["EUR"]
    assert row.drop_commitment == commitment(pool.code, "EUR", 0, row.drop_level or 0,
                                             row.drop_salt or "")
    seeds = platform.read(lambda s: s.scalars(select(Transfer).where(
        Transfer.kind == "jackpot_seed")).all())
    assert {t.amount for t in seeds} >= {10000, 500000}
    assert platform.audit().total == 0


def test_000_12_54_each_bet_feeds_one_percent_of_its_stake_to_the_pool(platform: Platform) -> None:
    pool = pool_of(*BET21, "jackpot")
    acc = account_code(pool.code, "EUR")
    set_level(platform, pool, pool.spec.cap["EUR"])  # no drop in this test
    player = new_player(platform, "EUR", "100.00")
    house0 = balance(platform, system_code("house", "EUR"))
    r = platform.play(player, *BET21, slip(("player_1", "10.00", ()), ("draw", "5.55", ())))
    fed = (1000 + 555) // 100  # 1% of 15.55, rounded down to the cent
    assert fed == 15
    assert balance(platform, acc) == 10000 + fed
    assert balance(platform, system_code("house", "EUR")) == house0 + 1555 - fed - r["returned_minor"]
    assert balance(platform, system_code("stakes", "EUR")) == 0
    assert r["jackpots"]["pools"][0]["amount_minor"] == 10000 + fed
    assert platform.audit().total == 0


def _play_until_won(p: Platform, player: Player) -> dict[str, Any]:
    for _ in range(20):
        r = p.play(player, *BET21, slip(("player_1", "1.00", ()), ("player_2", "1.00", ())))
        if any(b["returned_minor"] > b["stake_minor"] for b in r["bets"]):
            return r
    raise AssertionError("twenty draws in a row")  # pragma: no cover


def test_000_12_54_the_pool_drops_whole_to_the_first_winner_past_its_level(platform: Platform) -> None:
    pool = pool_of(*BET21, "jackpot")
    acc = account_code(pool.code, "EUR")
    old = pool_row(platform, pool)
    set_level(platform, pool, 10000)  # reached already: the next winner takes the pool
    player = new_player(platform, "EUR", "100.00")
    cash0 = balance(platform, player_code(player.id))
    r = _play_until_won(platform, player)
    won = r["jackpots"]["wins"]
    assert len(won) == 1 and won[0]["row"] == "drop" and won[0]["pool"] == pool.code
    assert won[0]["amount_minor"] >= 10002  # the seed and this play's own 2 cents at least
    after = balance(platform, player_code(player.id))
    rounds = platform.read(lambda s: s.scalars(select(Play).where(Play.player_id == player.id)).all())
    staked = sum(x.stake_total for x in rounds)
    paid = sum(x.returned_total or 0 for x in rounds)
    assert after == cash0 - staked + paid + won[0]["amount_minor"]
    assert balance(platform, acc) == pool.spec.seed["EUR"]  # refilled by the house
    new = pool_row(platform, pool)
    assert new.cycle == old.cycle + 1 and new.drop_commitment != old.drop_commitment
    w = platform.read(lambda s: s.scalars(select(JackpotWin)).one())
    assert w.drop_level == 10000
    events = platform.read(lambda s: [e.type for e in s.scalars(select(RoundEvent).where(
        RoundEvent.round_id == r["round_id"]))])
    assert "jackpot" in events
    assert platform.audit().total == 0


def test_000_12_54_a_losing_play_does_not_take_the_pool(sqlite_platform: Platform) -> None:
    p = sqlite_platform
    pool = pool_of(*BET21, "jackpot")
    set_level(p, pool, 10000)
    player = new_player(p, "EUR", "100.00")
    for _ in range(30):
        r = p.play(player, *BET21, slip(("draw", "1.00", ())))
        if r["returned_minor"] == 0:
            assert r["jackpots"]["wins"] == []
            break
    assert balance(p, account_code(pool.code, "EUR")) > 10000
    assert p.audit().total == 0


def _finish(p: Platform, player: Player, view: dict[str, Any]) -> dict[str, Any]:
    while view["state"] == "open":
        names = [a["name"] for a in view["legal_actions"]]
        name = "stand" if "stand" in names else ("decline" if "decline" in names else names[0])
        view = p.run(lambda s, v=view, n=name: interactive.act(s, player, v["round_id"], n, {}, T0))
    return view


def test_002_mystery_jackpot_drops_to_the_bonus_bet_that_reaches_its_level(platform: Platform) -> None:
    mystery = pool_of("blackjack", "tdc", "mystery")
    acc = account_code(mystery.code, "EUR")
    set_level(platform, mystery, 10001)  # one cent more than the seed
    player = new_player(platform, "EUR", "100.00")
    # a round without a Bonus bet feeds no pool of the Bonus
    v = platform.run(lambda s: interactive.start(s, player, "blackjack", "tdc",
                                                 slip(("main", "1.00", (1, "p"))), T0))
    v = _finish(platform, player, v)
    assert balance(platform, acc) == 10000 and v["jackpots"]["wins"] == []
    v = platform.run(lambda s: interactive.start(
        s, player, "blackjack", "tdc", slip(("main", "1.00", (1, "p")), ("bonus", "1.00", (1, "p"))), T0))
    v = _finish(platform, player, v)
    # 30% of the 1.00 Bonus: 10000 + 30 >= 10001, the whole pool to this Bonus bet
    assert v["jackpots"]["wins"] == [{"pool": mystery.code, "title": "Mystery Jackpot",
                                      "currency": "EUR",
                                      "amount_minor": 10030, "row": "drop", "bet_id": -1}]
    assert balance(platform, acc) == 10000
    seven = account_code(pool_of("blackjack", "tdc", "777").code, "EUR")
    assert balance(platform, seven) == 500000 + 2  # 2% of the Bonus
    assert platform.audit().total == 0


def _rigged_settle(p: Platform, player: Player, bets: list[BetRequest], cards: list[str],
                   decisions: list[Any]) -> tuple[int, int]:
    """A TDC round dealt from ``cards`` settled through the jackpot hook and the ordinary
    stake/payout transfers (what interactive._settle does); (returned, pooled)."""
    state = rig(variant("tdc"), bets, cards, decisions)
    assert ENGINE.is_finished(state)
    settlement = ENGINE.settle(state)

    def fn(s: Any) -> tuple[int, int]:
        ledger = Ledger(s)
        rnd = Round(kind="decision", table_id=None, number=None, game="blackjack", variant="tdc",
                    currency="EUR", state="open", fair_scheme="player_seed_pair",
                    seed_pair_id=None, server_seed=None, server_seed_hash="x", client_seed="x",
                    nonce=0, draws=None, outcome=None, void_reason=None, opened_at=T0,
                    closes_at=None, closed_at=T0, resulted_at=None, settled_at=None)
        s.add(rnd)
        s.flush()
        play = Play(round_id=rnd.id, player_id=player.id, currency="EUR", status="open",
                    stake_total=0, returned_total=None, events=None, created_at=T0, settled_at=None)
        s.add(play)
        s.flush()
        record_bets(s, ledger, rnd, play, bets, T0, start=0)
        pooled = jackpots.on_settle(s, ledger, rnd, play, state, settlement, T0)
        ledger.transfer(f"stake:{play.id}", system_code("stakes", "EUR"), system_code("house", "EUR"),
                        play.stake_total - pooled, "stake", now=T0)
        if settlement.total_returned:
            ledger.transfer(f"payout:{play.id}", system_code("house", "EUR"), player_code(player.id),
                            settlement.total_returned, "payout", now=T0)
        return settlement.total_returned, pooled
    return p.run(fn)


def bonus(box: int = 1, stake: int = 100) -> BetRequest:
    return BetRequest("bonus", stake, (box, "p"))


def test_002_bonus_777_of_spades_is_a_jackpot_row() -> None:
    state = rig(variant("tdc"), [main(1, "p", 100), bonus()], ["7s", "9h", "7s", "7s", "8d"], ["hit"])
    assert jackpot_rows(state) == {1: "777_spades"}
    state = rig(variant("tdc"), [main(1, "p", 100), bonus()], ["7h", "9h", "7h", "7h", "8d"], ["hit"])
    assert jackpot_rows(state) == {1: "suited_777"}
    state = rig(variant("tdc"), [main(1, "p", 100), bonus()], ["7h", "9h", "7s", "7h", "8d"], ["hit"])
    assert jackpot_rows(state) == {}  # 777 of mixed suits: a fixed-odds row (120:1)


def test_002_bonus_777_spades_pays_20_percent_and_suited_777_10_percent_of_the_jackpot(
        sqlite_platform: Platform) -> None:
    p = sqlite_platform
    seven = pool_of("blackjack", "tdc", "777")
    acc = account_code(seven.code, "EUR")
    set_level(p, pool_of("blackjack", "tdc", "mystery"), 50000)  # keep the mystery out of it
    player = new_player(p, "EUR", "100.00")
    cash0 = balance(p, player_code(player.id))
    # two boxes of one player: box 1 777 of spades, box 2 777 of hearts, in one round
    bets = [main(1, "p", 100), main(2, "p", 100), bonus(1), bonus(2)]
    cards = ["7s", "7h", "9c", "7s", "7h", "7s", "7h", "8d"]
    returned, pooled = _rigged_settle(p, player, bets, cards, ["hit", "hit"])
    assert pooled == 200 * 2 // 100 + 200 * 30 // 100  # 2% and 30% of the two 1.00 Bonus bets
    pool0 = 500000 + 2 * 2  # the seed and 2% of each Bonus
    first = pool0 // 5  # 20% (777 of spades, box 1 first), rounded down
    # the pool is topped up to its seed by the house (ASSUMPTION: it never shows less), then
    # box 2 takes 10% of it (ASSUMPTION: simultaneous winners are paid one after the other)
    second = 500000 // 10
    wins = p.read(lambda s: [(w.bet_id, w.row, w.amount, w.pool_before)
                             for w in s.scalars(select(JackpotWin).order_by(JackpotWin.id))])
    assert wins == [(2, "777_spades", first, pool0), (3, "suited_777", second, 500000)]
    assert balance(p, acc) == 500000
    assert balance(p, player_code(player.id)) == cash0 - 400 + returned + first + second
    assert p.audit().total == 0


def test_jackpot_above_its_cap_feeds_the_reserve_which_refills_it_after_a_win(
        sqlite_platform: Platform, monkeypatch: pytest.MonkeyPatch) -> None:
    p = sqlite_platform
    seven = pool_of("blackjack", "tdc", "777")
    small = dataclasses.replace(seven, spec=dataclasses.replace(
        seven.spec, seed={"EUR": 1000}, cap={"EUR": 500003}, contribution=Fraction(1, 20)))
    mystery = pool_of("blackjack", "tdc", "mystery")
    monkeypatch.setattr(jackpots, "pools_of", lambda g, v: (small, mystery))
    set_level(p, mystery, 50000)
    player = new_player(p, "EUR", "100.00")
    acc, res = account_code(seven.code, "EUR"), reserve_code(seven.code, "EUR")
    _rigged_settle(p, player, [main(1, "p", 100), bonus(1, 100)], ["9s", "8h", "9c", "Td"],
                   ["stand"])
    assert (balance(p, acc), balance(p, res)) == (500003, 2)  # 5 cents: 3 to the cap, 2 over
    _rigged_settle(p, player, [main(1, "p", 100), bonus(1, 100)],
                   ["7s", "9h", "7s", "7s", "8d"], ["hit"])
    # 5 more to the reserve (the pool is at its cap), then 20% paid: 500003 // 5 = 100000;
    # the reserve's 7 cents refill it (never above the cap); it stays above its seed (10.00)
    assert balance(p, res) == 0
    assert balance(p, acc) == 500003 - 100000 + 7
    assert p.audit().total == 0


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plays=st.lists(st.tuples(st.sampled_from(["player_1", "player_2", "draw", "bust"]),
                                st.integers(min_value=1, max_value=5000),
                                st.integers(min_value=10000, max_value=10100)),
                      min_size=1, max_size=6))
def test_000_12_54_ledger_sums_to_zero_with_contributions_drops_and_seeds(
        sqlite_platform: Platform, plays: list[tuple[str, int, int]]) -> None:
    p = sqlite_platform
    pool = pool_of(*BET21, "jackpot")
    acc = account_code(pool.code, "EUR")
    player = new_player(p, "EUR", "500.00")
    for code, cents, level in plays:
        set_level(p, pool, level)  # low levels: drops happen often
        p.play(player, *BET21, slip((code, f"{cents // 100}.{cents % 100:02d}", ())))
        a = p.audit()
        assert a.total == 0 and not a.mismatched and not a.negative_players
        assert balance(p, acc) >= pool.spec.seed["EUR"]
    wins = p.read(lambda s: sum(w.amount for w in s.scalars(select(JackpotWin))))
    fed = p.read(lambda s: sum(t.amount for t in s.scalars(select(Transfer).where(
        Transfer.kind.in_(("jackpot_in", "jackpot_seed", "jackpot_refill"))))
        if t.credit_account_id == Ledger(s).account(acc).id))
    assert balance(p, acc) == fed - wins


def test_jackpot_options_overflow_to_the_house_and_no_top_up(
        sqlite_platform: Platform, monkeypatch: pytest.MonkeyPatch) -> None:
    """The variant options where the rules are silent: ``overflow = "house"`` takes nothing while
    the pool stands at its cap; ``top_up = false`` leaves a pool below its seed after a win."""
    p = sqlite_platform
    seven = pool_of("blackjack", "tdc", "777")
    spec = dataclasses.replace(seven.spec, cap={"EUR": 500003}, contribution=Fraction(1, 20),
                               overflow="house", top_up=False)
    mystery = pool_of("blackjack", "tdc", "mystery")
    monkeypatch.setattr(jackpots, "pools_of", lambda g, v: (dataclasses.replace(seven, spec=spec),
                                                            mystery))
    set_level(p, mystery, 50000)
    player = new_player(p, "EUR", "100.00")
    acc, res = account_code(seven.code, "EUR"), reserve_code(seven.code, "EUR")
    _, pooled = _rigged_settle(p, player, [main(1, "p", 100), bonus(1, 100)],
                               ["7s", "9h", "7s", "7s", "8d"], ["hit"])
    # 5 cents due, 3 fit under the cap, 2 stay with the house; then 20% of 500003 is paid
    assert pooled == 3 + 30
    assert (balance(p, acc), balance(p, res)) == (500003 - 100000, 0)
    topups = p.read(lambda s: s.scalars(select(Transfer).where(
        Transfer.idempotency_key.like("jackpot:seed:w%"))).all())
    assert topups == []  # below its seed of 5,000.00, and not topped up
    assert p.audit().total == 0


# --- 000 §12.51 / §12.52: the three accumulative prize funds of Jokerbet and 1 Bet -------------

ONE_BET = ("roulette", "one_bet")
FUNDS = {"jackpot": Fraction(5, 1000), "mega": Fraction(3, 1000), "one_bet": Fraction(2, 1000)}


def test_000_12_51_12_52_three_funds_each_game_fed_from_each_stake() -> None:
    for game, variant_name, own in (("jokerbet", "digitain", "jokerbet"), (*ONE_BET, "one_bet")):
        specs = {p.spec.name: p.spec for p in jackpots.pools_of(game, variant_name)}
        assert set(specs) == {"jackpot", "mega", own}, game
        assert all(s.kind == "drop" and s.award == "winner" for s in specs.values())
        assert sum(s.contribution for s in specs.values()) == Fraction(1, 100)
        assert specs["mega"].seed == {c: 10 * a for c, a in specs["jackpot"].seed.items()}


def test_000_12_52_each_stake_feeds_the_three_funds(sqlite_platform: Platform) -> None:
    p = sqlite_platform
    pools = {n: pool_of(*ONE_BET, n) for n in FUNDS}
    for pool in pools.values():
        set_level(p, pool, pool.spec.cap["EUR"])  # no drop in this test
    player = new_player(p, "EUR", "100.00")
    p.play(player, *ONE_BET, slip(("straight", "10.00", (17,))))
    for name, pool in pools.items():
        fed = int(1000 * FUNDS[name])  # 5, 3 and 2 cents of 10.00
        assert balance(p, account_code(pool.code, "EUR")) == pool.spec.seed["EUR"] + fed
    assert p.audit().total == 0


def test_000_12_52_only_a_winner_of_the_main_game_takes_a_fund(sqlite_platform: Platform) -> None:
    """'Only players who have won the main game can win a jackpot': a fund past its level waits
    through losing plays and drops whole to the first winning one."""
    p = sqlite_platform
    pool = pool_of(*ONE_BET, "one_bet")
    for name in ("jackpot", "mega"):
        other = pool_of(*ONE_BET, name)
        set_level(p, other, other.spec.cap["EUR"])
    set_level(p, pool, pool.spec.seed["EUR"])  # reached: the next winner takes it
    player = new_player(p, "EUR", "100.00")
    for _ in range(60):
        r = p.play(player, *ONE_BET, slip(("red", "1.00", ())))
        if r["returned_minor"] == 0:
            assert r["jackpots"]["wins"] == []
            continue
        won = r["jackpots"]["wins"]
        assert [w["pool"] for w in won] == [pool.code]
        assert won[0]["amount_minor"] >= pool.spec.seed["EUR"]
        assert balance(p, account_code(pool.code, "EUR")) == pool.spec.seed["EUR"]  # reseeded
        break
    else:  # pragma: no cover - 60 losses on red in a row
        raise AssertionError("no winning play")
    assert p.audit().total == 0


def test_000_12_51_a_jokerbet_stake_feeds_its_three_funds(sqlite_platform: Platform) -> None:
    p = sqlite_platform
    shares = {"jackpot": Fraction(5, 1000), "mega": Fraction(3, 1000), "jokerbet": Fraction(2, 1000)}
    pools = {n: pool_of("jokerbet", "digitain", n) for n in shares}
    for pool in pools.values():
        set_level(p, pool, pool.spec.cap["AMD"], "AMD")
    player = new_player(p, "AMD", "100000")
    p.play(player, "jokerbet", "digitain", slip(("black", "10000", ())))
    for name, pool in pools.items():
        fed = int(10000 * shares[name])  # 50, 30 and 20 AMD of 10,000
        assert balance(p, account_code(pool.code, "AMD")) == pool.spec.seed["AMD"] + fed
    assert p.audit().total == 0
