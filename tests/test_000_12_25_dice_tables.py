"""Shared dice tables (000 §12.25, §12.40, §12.47 on the generic timed table, issue 19): the
commitment published when betting opens, the same dice for every player, settlement, recall."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from croupier.platform import history
from croupier.platform.config import TableConfig, dice_tables
from croupier.platform.service import Platform
from croupier.rng import fair
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip

DICE_TABLES = (
    TableConfig("sicbo-eur", "Sic Bo (EUR)", "sicbo", "classic", "EUR"),
    TableConfig("super-eur", "Super Sic Bo (EUR)", "sicbo", "super", "EUR"),
    TableConfig("lightning-eur", "Lightning Dice (EUR)", "lightning_dice", "lightning_dice", "EUR"),
    TableConfig("duel-eur", "Dice Duel (EUR)", "dice_duel", "dice_duel", "EUR"),
)


@pytest.fixture
def dice_platform(db_url: str) -> Iterator[Platform]:
    p = make_platform(db_url, tables=DICE_TABLES)
    yield p
    p.db.dispose()


def sicbo_return(code: str, stake: int, target: tuple[int, ...], dice: list[int]) -> int:
    """Independent payouts of 000 §12.25 for the bets placed below."""
    total, triple = sum(dice), len(set(dice)) == 1
    if code == "small":
        return 2 * stake if 4 <= total <= 10 and not triple else 0
    if code == "single":
        n = dice.count(target[0])
        return (n + 1) * stake if n else 0
    if code == "total":
        return 7 * stake if total == target[0] == 10 else 0
    raise AssertionError(code)


def test_000_12_25_shared_table_same_dice_for_every_player_commitment_first(dice_platform: Platform) -> None:
    p = dice_platform
    a = new_player(p, deposit="50.00")
    b = new_player(p, deposit="50.00")
    opened = p.open_round("sicbo-eur")
    rid = opened["round_id"]
    assert len(opened["server_seed_hash"]) == 64  # the commitment, published before betting closes
    p.bet(a, "sicbo-eur", slip(("small", "5.00", ()), ("single", "1.00", (3,))))
    p.bet(b, "sicbo-eur", slip(("total", "2.00", (10,))))
    assert p.close_round(rid)
    res = p.result_round(rid)
    assert fair.matches(res["server_seed"], opened["server_seed_hash"])
    dice = [int(d) for d in res["outcome"]["dice"]]
    assert len(dice) == 3 and all(1 <= d <= 6 for d in dice)
    rep = p.settle_round(rid)
    got = {pr.player_id: pr.returned for pr in rep.plays}
    assert got[a.id] == sicbo_return("small", 500, (), dice) + sicbo_return("single", 100, (3,), dice)
    assert got[b.id] == sicbo_return("total", 200, (10,), dice)
    assert p.balance(a)["cash_minor"] == 5000 - 600 + got[a.id]
    recall = p.read(lambda s: history.recall(s, a, rid))
    assert [x["code"] for x in recall["bets"]] == ["small", "single"]
    assert recall["fairness"]["server_seed"] == res["server_seed"]
    assert p.audit().total == 0


@pytest.mark.parametrize(("table", "bets"), [
    ("super-eur", [("total", "1.00", (10,)), ("triple", "1.00", (6,))]),
    ("lightning-eur", [("total", "1.00", (11,))]),
    ("duel-eur", [("red", "1.00", ()), ("combination", "1.00", (2, 5))]),
])
def test_000_12_25_every_dice_game_plays_at_a_shared_table(dice_platform: Platform, table, bets) -> None:
    p = dice_platform
    a = new_player(p, deposit="20.00")
    rid = p.open_round(table)["round_id"]
    p.bet(a, table, slip(*bets))
    p.close_round(rid)
    res = p.result_round(rid)
    rep = p.settle_round(rid)
    assert res["outcome"]["dice"] and rep.plays[0].stake == 100 * len(bets)
    assert p.audit().total == 0


def test_000_12_25_bad_dice_bets_are_refused_at_the_table(dice_platform: Platform) -> None:
    from croupier.errors import InvalidSelection

    p = dice_platform
    a = new_player(p, deposit="20.00")
    p.open_round("sicbo-eur")
    with pytest.raises(InvalidSelection):
        p.bet(a, "sicbo-eur", slip(("small", "1.00", ()), ("total", "1.00", (18,))))
    with pytest.raises(InvalidSelection):
        p.bet(a, "sicbo-eur", slip(("combination", "1.00", (2, 2))))
    assert p.balance(a)["cash_minor"] == 2000


def test_dice_tables_are_configured_from_the_environment() -> None:
    tables = dice_tables("sicbo-eur:sicbo:classic:EUR, duel:dice_duel:dice_duel:AMD")
    assert [(t.id, t.game, t.variant, t.currency) for t in tables] == [
        ("sicbo-eur", "sicbo", "classic", "EUR"), ("duel", "dice_duel", "dice_duel", "AMD")]
    with pytest.raises(ValueError, match="CROUPIER_DICE_TABLES"):
        dice_tables("sicbo-eur:sicbo")
