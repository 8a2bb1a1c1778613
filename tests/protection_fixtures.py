"""Fixtures of the protection tests (issue 7): a platform on SQLite and PostgreSQL (the platform's
``db_url`` fixture) with an injected clock, and helpers to make players and operators."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from croupier.platform.protection import kyc, roles
from croupier.platform.protection.config import ProtectionSettings, configure
from croupier.platform.service import Platform
from croupier.store.models import Player
from tests.platform_fixtures import make_settings

#: a Wednesday, 10:00 UTC (12:00 in Kyiv)
START = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)


class FakeClock:
    """The injected clock: time moves only when a test moves it."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw: float) -> datetime:
        self.now = self.now + timedelta(**kw)
        return self.now

    def set(self, at: datetime) -> datetime:
        self.now = at
        return at


@pytest.fixture(autouse=True)
def protection_settings() -> Iterator[ProtectionSettings]:
    cfg = ProtectionSettings(timezone="Europe/Kyiv")
    configure(cfg)
    yield cfg
    configure(None)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def prot(db_url: str, clock: FakeClock) -> Iterator[Platform]:
    p = Platform(make_settings(db_url), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()


_n = iter(range(10**6))


def document() -> str:
    return f"PD{next(_n)}X{uuid.uuid4().hex[:8].upper()}"


def player(p: Platform, cur: str = "EUR", deposit: str | None = None, verified: bool = False,
           doc: str | None = None) -> Player:
    """Register and log in a player (over 21); optionally deposit, confirm and verify them."""
    login = f"q{next(_n)}_{uuid.uuid4().hex[:6]}"
    p.register(login, "password123", date(1980, 1, 1), doc or document(), cur)
    pl = p.authenticate(p.login(login, "password123")["token"])
    if deposit is not None:
        dep = p.run(lambda s: p.deposit_in(s, pl, deposit))
        assert p.confirm_deposit(dep["id"]) == pl.id
    if verified:
        p.run(lambda s: kyc.review(s, pl.id, "verified", "passport checked", None, p.clock()))
    return pl


def operator(p: Platform) -> Player:
    op = player(p)
    p.run(lambda s: roles.grant(s, op.login, p.clock()))
    return op


def cash(p: Platform, pl: Player) -> int:
    return int(p.balance(pl)["cash_minor"])


def bonus_balance(p: Platform, pl: Player) -> int:
    return int(p.balance(pl)["bonus_minor"])


def every_straight(stake: str = "0.10") -> list[Any]:
    """A slip covering every European pocket with one straight bet: whatever the pocket, exactly
    one bet wins 35:1, so a slip of 37 x s returns 36 x s (000 §12.1) - a known return."""
    from croupier.platform.rounds import SlipBet

    return [SlipBet("straight", stake, (n,)) for n in range(37)]


def red(stake: str = "1.00") -> list[Any]:
    from croupier.platform.rounds import SlipBet

    return [SlipBet("red", stake, ())]
