"""Helpers of the live-table tests (issue 16): a platform with a live roulette table, staff with
live roles, an injected clock, independent roulette payouts and the ledger's invariants."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from croupier.games.roulette.wheel import RED
from croupier.platform.config import TableConfig
from croupier.platform.live_service import LiveOps
from croupier.platform.protection import audit, roles
from croupier.platform.service import Platform
from croupier.store.models import Player
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player

LIVE = TableConfig("live-eur", "Live Roulette (EUR)", "roulette", "european", "EUR", "live")
LIVE_TABLES = (*TEST_TABLES, LIVE)


class Clock:
    """A clock the test moves by hand (no timed assertion anywhere)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def lp(db_url: str, clock: Clock) -> Iterator[Platform]:
    p = Platform(make_settings(db_url, tables=LIVE_TABLES), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()


@pytest.fixture
def ops(lp: Platform) -> LiveOps:
    return LiveOps(lp)


def staff(p: Platform, role: str) -> Player:
    person = new_player(p)
    p.run(lambda s: roles.grant(s, person.login, p.clock(), role))
    return person


def straight_or_red(code: str, stake: int, target: tuple[Any, ...], pocket: int) -> int:
    """Independent European payouts (000 §12.1, 004 §1.12): straight 35:1, red 1:1."""
    if code == "straight":
        return 36 * stake if pocket == int(target[0]) else 0
    if code == "red":
        return 2 * stake if pocket in RED else 0
    raise ValueError(code)


def assert_books_balance(p: Platform, held: int = 0) -> None:
    """The ledger sums to zero, every balance matches its transfers, the stakes account holds
    exactly the stakes of unfinished rounds (``held``), and the monitoring record verifies."""
    a = p.audit()
    assert a.total == 0 and not a.mismatched and not a.negative_players
    assert p.system_balance("stakes", "EUR") == held
    assert p.read(audit.verify_session).ok


def cash(p: Platform, player: Player) -> int:
    return int(p.balance(player)["cash_minor"])
