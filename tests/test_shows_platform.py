"""Game shows on shared timed tables (platform/tables.py is generic over the engine): a Dream
Catcher round with multipliers settles every player through the engine; a malfunction voids the
round and returns every bet (000 §12.22); a bet on a segment the wheel does not have is refused
with nothing moved; the other shows run on tables too. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import load_variant
from croupier.games.shows.dream_catcher import ENGINE
from croupier.platform.config import TableConfig
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip

TABLES = (
    TableConfig("dc-eur", "Dream Catcher (EUR)", "dream_catcher", "standard", "EUR"),
    TableConfig("wheel-eur", "Wheel of Fortune (EUR)", "wheel_of_fortune", "standard", "EUR"),
    TableConfig("penalty-eur", "Penalty (EUR)", "penalty", "standard", "EUR"),
    TableConfig("rps-eur", "Rock Paper Scissors (EUR)", "rps", "standard", "EUR"),
    TableConfig("gonzo-eur", "Gonzo's Treasure Hunt (EUR)", "gonzo", "standard", "EUR"),
)
MALFUNCTION = "wheel malfunction: the round is cancelled and every bet returned (000 §12.22)"


@pytest.fixture
def sp(db_url: str) -> Iterator[Platform]:
    p = make_platform(db_url, tables=TABLES)
    yield p
    p.db.dispose()


def cash(p: Platform, pl: Any) -> int:
    return int(p.balance(pl)["cash_minor"])


def test_000_12_22_a_table_round_settles_every_player_through_the_engine(sp: Platform) -> None:
    v = load_variant("dream_catcher", "standard")
    rid = int(sp.open_round("dc-eur")["round_id"])
    a, b = new_player(sp, deposit="100.00"), new_player(sp, deposit="100.00")
    sp.bet(a, "dc-eur", slip(("1", "2.00", ()), ("40", "1.00", ())))
    sp.bet(b, "dc-eur", slip(("5", "3.00", ())))
    sp.bet(b, "dc-eur", slip(("10", "1.50", ())))  # a second slip of the same player adds up
    assert sp.close_round(rid)
    res = sp.result_round(rid)
    rep = sp.settle_round(rid)
    draws = [DrawAction("spin", x) for x in res["outcome"]["positions"]]  # every spin, re-spins too
    got = {pr.player_id: pr.returned for pr in rep.plays}
    for pl, bets in ((a, [BetRequest("1", 200), BetRequest("40", 100)]),
                     (b, [BetRequest("5", 300), BetRequest("10", 150)])):
        state = ENGINE.start(v, bets, "EUR")
        for d in draws:
            state = ENGINE.apply(state, d)
        assert got[pl.id] == ENGINE.settle(state).total_returned
        assert cash(sp, pl) == 10000 - sum(x.stake for x in bets) + got[pl.id]


def test_000_12_22_malfunction_voids_the_round_and_returns_the_bets(sp: Platform) -> None:
    for close in (False, True):
        rid = int(sp.open_round("dc-eur")["round_id"])
        a = new_player(sp, deposit="50.00")
        sp.bet(a, "dc-eur", slip(("2", "5.00", ()), ("20", "2.50", ())))
        assert cash(sp, a) == 5000 - 750
        if close:
            assert sp.close_round(rid)
        rep = sp.void_round(rid, MALFUNCTION)
        assert rep is not None and rep.state == "voided" and [pr.returned for pr in rep.plays] == [750]
        assert cash(sp, a) == 5000
        assert sp.void_round(rid, MALFUNCTION) is None  # once only
        assert cash(sp, a) == 5000


def test_000_12_22_a_bet_on_a_segment_the_wheel_does_not_have_moves_nothing(sp: Platform) -> None:
    rid = int(sp.open_round("dc-eur")["round_id"])
    a = new_player(sp, deposit="20.00")
    for bad, err in ((("3", "1.00", ()), UnknownBetCode), (("7x", "1.00", ()), UnknownBetCode),
                     (("5", "1.00", (5,)), InvalidSelection)):
        with pytest.raises(err):
            sp.bet(a, "dc-eur", slip(("1", "1.00", ()), bad))
        assert cash(sp, a) == 2000
    assert sp.close_round(rid)


@pytest.mark.parametrize(("table", "bets"), [
    ("wheel-eur", [("number", "1.00", ("7",)), ("red", "2.00", ())]),
    ("penalty-eur", [("sector", "1.00", ("12",)), ("bar", "1.00", ())]),
    ("rps-eur", [("silver", "1.00", ("rock",)), ("gold", "1.00", ("paper",))]),
    ("gonzo-eur", [("gem1", "1.00", ()), ("gem65", "1.00", (33,))]),
])
def test_every_show_runs_on_a_shared_table(sp: Platform, table: str, bets: list[Any]) -> None:
    rid = int(sp.open_round(table)["round_id"])
    a = new_player(sp, deposit="10.00")
    sp.bet(a, table, slip(*bets))
    assert sp.close_round(rid)
    sp.result_round(rid)
    rep = sp.settle_round(rid)
    (pr,) = rep.plays
    assert cash(sp, a) == 1000 - pr.stake + pr.returned and pr.stake == 100 * sum(float(s) for _, s, _ in bets)


def test_000_12_56_a_pick_outside_the_wall_or_a_stone_twice_moves_nothing(sp: Platform) -> None:
    rid = int(sp.open_round("gonzo-eur")["round_id"])
    a = new_player(sp, deposit="5.00")
    sp.bet(a, "gonzo-eur", slip(("gem2", "1.00", (7,))))
    for bad, err in ((("gem1", "1.00", (71,)), InvalidSelection), (("gem4", "1.00", (7,)), InvalidSelection),
                     (("gem3", "1.00", ()), UnknownBetCode)):
        with pytest.raises(err):
            sp.bet(a, "gonzo-eur", slip(bad))  # checked with the stone 7 bet already placed
        assert cash(sp, a) == 400
    assert sp.close_round(rid)
