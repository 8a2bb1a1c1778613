"""The three accumulative prize funds of Fruitrace (000 §12.45) and Lucky 6 with 48 balls
(§12.46), as Jokerbet's and 1 Bet's (docs/jackpots.md): every stake feeds them, and only a play
that wins its main bet takes one. Single rounds through the platform (SQLite)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

import pytest
from sqlalchemy import select

from croupier.platform import jackpots
from croupier.platform.jackpots import Pool, account_code
from croupier.platform.ledger import Ledger
from croupier.platform.service import Platform
from croupier.rng import seeded
from croupier.store.jackpot_models import JackpotPool
from tests.platform_fixtures import make_platform, new_player, slip

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
SHARES = {"jackpot": Fraction(5, 1000), "mega": Fraction(3, 1000)}
GAMES = [("fruitrace", "fruitrace_000", "fruitrace", ("fruitrace", "10000", ())),
         ("lucky6_48", "lucky6_48_000", "lucky6", ("first_even", "10000", ())),
         ("lucky6_48", "lucky6_48_chosen", "lucky6", ("first_odd", "10000", ()))]


@pytest.fixture
def plat(tmp_path: Any) -> Iterator[Platform]:
    old = jackpots.use_source(seeded("draw jackpot tests"))
    p = make_platform(f"sqlite:///{tmp_path / 'draw_jackpots.sqlite3'}")
    p.run(lambda s: jackpots.ensure_all(s, T0))
    yield p
    p.db.dispose()
    jackpots.use_source(old)


def pool_of(game: str, variant: str, name: str) -> Pool:
    return next(p for p in jackpots.pools_of(game, variant) if p.spec.name == name)


def balance(p: Platform, code: str) -> int:
    return p.read(lambda s: Ledger(s).balance(code))


def set_level(p: Platform, pool: Pool, level: int) -> None:
    def fn(s: Any) -> None:
        row = s.scalars(select(JackpotPool).where(JackpotPool.code == pool.code,
                                                  JackpotPool.currency == "AMD")).one()
        row.drop_level = level
    p.run(fn)


@pytest.mark.parametrize("game,variant,own,bet", GAMES, ids=[g[1] for g in GAMES])
def test_000_12_45_12_46_each_stake_feeds_the_three_funds(plat: Platform, game: str, variant: str, own: str,
                                                          bet: tuple[str, str, tuple[Any, ...]]) -> None:
    shares = {**SHARES, own: Fraction(2, 1000)}
    pools = {n: pool_of(game, variant, n) for n in shares}
    assert all(p.spec.kind == "drop" and p.spec.award == "winner" for p in pools.values())
    for pool in pools.values():
        set_level(plat, pool, pool.spec.cap["AMD"])  # no drop in this test
    player = new_player(plat, "AMD", "100000")
    plat.play(player, game, variant, slip(bet))
    for name, pool in pools.items():
        assert balance(plat, account_code(pool.code, "AMD")) == pool.spec.seed["AMD"] + int(10000 * shares[name])
    assert plat.audit().total == 0


def test_000_12_45_only_a_winner_of_the_main_game_takes_a_fund(plat: Platform) -> None:
    pool = pool_of("fruitrace", "fruitrace_000", "fruitrace")
    for name in ("jackpot", "mega"):
        other = pool_of("fruitrace", "fruitrace_000", name)
        set_level(plat, other, other.spec.cap["AMD"])
    set_level(plat, pool, pool.spec.seed["AMD"])  # reached: the next winner takes it
    player = new_player(plat, "AMD", "1000000")
    for _ in range(80):
        r = plat.play(player, "fruitrace", "fruitrace_000", slip(("fruitrace", "1000", ())))
        if r["returned_minor"] == 0:
            assert r["jackpots"]["wins"] == []
            continue
        assert [w["pool"] for w in r["jackpots"]["wins"]] == [pool.code]
        break
    else:  # pragma: no cover - P(80 losses) = 0.69^80
        raise AssertionError("no winning play")
    assert plat.audit().total == 0
