"""Players: age, one account per person, login (000 §9-10, 001 §2.1)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from croupier.platform.errors import DocumentAlreadyRegistered, LoginTaken, Unauthorized, UnderAge
from croupier.platform.players import age_on
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform


def _dob_years_ago(years: int, days: int = 0) -> date:
    today = datetime.now(UTC).date()
    try:
        d = today.replace(year=today.year - years)
    except ValueError:  # 29 February
        d = today.replace(year=today.year - years, day=28)
    return d + timedelta(days=days)


def test_000_9_registration_under_21_is_refused(platform: Platform) -> None:
    with pytest.raises(UnderAge):
        platform.register("young", "password123", _dob_years_ago(21, days=1), "YOUNG001")
    with pytest.raises(UnderAge):
        platform.register("younger", "password123", _dob_years_ago(18), "YOUNG002")


def test_001_2_1_registration_on_the_21st_birthday_is_accepted(platform: Platform) -> None:
    p = platform.register("justturned", "password123", _dob_years_ago(21), "ADULT001")
    assert p["login"] == "justturned"


def test_age_counts_full_years() -> None:
    assert age_on(date(2000, 5, 17), date(2021, 5, 16)) == 20
    assert age_on(date(2000, 5, 17), date(2021, 5, 17)) == 21
    assert age_on(date(2000, 2, 29), date(2021, 2, 28)) == 20


def test_000_10_second_account_with_the_same_document_is_refused(platform: Platform) -> None:
    platform.register("first", "password123", date(1980, 1, 1), "AB 123-456")
    with pytest.raises(DocumentAlreadyRegistered):
        platform.register("second", "password123", date(1981, 2, 2), "ab123456")


def test_login_is_unique(platform: Platform) -> None:
    platform.register("same", "password123", date(1980, 1, 1), "DOC00001")
    with pytest.raises(LoginTaken):
        platform.register("SAME", "password123", date(1980, 1, 1), "DOC00002")


def test_login_with_a_wrong_password_is_refused(platform: Platform) -> None:
    platform.register("carol", "password123", date(1980, 1, 1), "DOC00003")
    with pytest.raises(Unauthorized):
        platform.login("carol", "password124")
    with pytest.raises(Unauthorized):
        platform.login("nobody", "password123")
    token = platform.login("carol", "password123")["token"]
    assert platform.authenticate(token).login == "carol"
    with pytest.raises(Unauthorized):
        platform.authenticate(token + "x")


def test_passwords_are_stored_as_argon2_hashes(platform: Platform) -> None:
    from croupier.store.models import Player

    platform.register("dave", "password123", date(1980, 1, 1), "DOC00004")
    stored = platform.read(lambda s: s.query(Player).filter(Player.login == "dave").one().password_hash)
    assert stored.startswith("$argon2id$") and "password123" not in stored


def test_sessions_expire(db_url: str) -> None:  # noqa: F811
    p = make_platform(db_url, session_hours=1.0)
    p.register("erin", "password123", date(1980, 1, 1), "DOC00005")
    token = p.login("erin", "password123")["token"]
    p.clock = lambda: datetime.now(UTC) + timedelta(hours=2)
    with pytest.raises(Unauthorized):
        p.authenticate(token)
    p.db.dispose()
