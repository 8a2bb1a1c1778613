"""Single-player rounds and Games History (000 §10: a bet is accepted once it is in the history)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from croupier.platform import betpath, history, rounds
from croupier.platform.service import Platform
from croupier.store.models import Bet, Round, Transfer
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player, slip


def _count(p: Platform, model: type) -> int:
    return int(p.read(lambda s: s.scalar(select(func.count()).select_from(model))))


def test_000_10_a_table_bet_is_in_games_history_once_accepted(platform: Platform) -> None:
    a = new_player(platform, deposit="10.00")
    rid = platform.open_round("t-eur")["round_id"]
    platform.bet(a, "t-eur", slip(("red", "2.00", ())))
    items = platform.read(lambda s: history.history(s, a))
    assert [(i["round_id"], i["state"], i["stake_minor"], i["returned_minor"]) for i in items] == [
        (rid, "open", 200, None)]


def test_single_round_debit_record_and_payout_commit_atomically(platform: Platform,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    a = new_player(platform, deposit="10.00")
    before = (_count(platform, Transfer), _count(platform, Bet), _count(platform, Round))
    nonce = platform.fairness(a)["nonce"]

    def broken(*args: object, **kw: object) -> None:
        raise RuntimeError("the process fails between the debit and the payout")

    monkeypatch.setattr(rounds, "settle_play", broken)  # the general (ORM) path
    monkeypatch.setattr(betpath, "write_bets", broken)  # the bet path: after debit and payout
    with pytest.raises(RuntimeError):
        platform.play(a, "roulette", "european", slip(("red", "1.00", ())))
    assert (_count(platform, Transfer), _count(platform, Bet), _count(platform, Round)) == before
    assert platform.balance(a)["cash_minor"] == 1000
    assert platform.fairness(a)["nonce"] == nonce  # the seed pair's nonce is not spent either
    assert platform.read(lambda s: history.history(s, a)) == []


def test_single_round_settlement_matches_the_engine_replay(platform: Platform) -> None:
    from croupier.games.base import Event, replay
    from croupier.games.registry import game, load_variant

    a = new_player(platform, deposit="50.00")
    out = platform.play(a, "roulette", "european",
                        slip(("voisins", "0.90", ()), ("neighbours", "0.50", (17, 2)), ("dozen", "1.00", (3,))))
    events = [Event.from_dict(e) for e in out["events"]]
    settlement = replay(game("roulette").engine, load_variant("roulette", "european"), events)
    assert settlement.total_returned == out["returned_minor"]
    assert [b.returned for b in settlement.bets] == [b["returned_minor"] for b in out["bets"]]
    assert out["balance"]["cash_minor"] == 5000 - 240 + out["returned_minor"]


class ScriptedDraws:
    """A random source that deals the given pocket indices, so a test can put the ball on 0."""

    def __init__(self, values: list[int]) -> None:
        self.values = values

    def stream(self, *_args: object) -> ScriptedDraws:
        return self

    def randbelow(self, n: int) -> int:
        v = self.values.pop(0)
        assert 0 <= v < n
        return v


@pytest.mark.parametrize("second,expected_prisoner", [(1, 100), (2, 0)])
def test_001_8_13_4_en_prison_bet_is_carried_to_the_next_spin(
    platform: Platform, monkeypatch: pytest.MonkeyPatch, second: int, expected_prisoner: int
) -> None:
    """Zero: the even-money bet stays for the next spin (its own round in the history, same
    stake, no new debit); it then gets its stake back if it wins (1 is red) and is lost if not
    (2 is black) — ASSUMPTION of the extract."""
    from croupier.rng import fair

    monkeypatch.setattr(fair, "stream", ScriptedDraws([0, second]).stream)
    a = new_player(platform, deposit="10.00")
    out = platform.play(a, "roulette", "european_en_prison",
                        slip(("red", "1.00", ()), ("straight", "0.10", (0,))))
    assert [(b["code"], b["outcome"]) for b in out["bets"]] == [("red", "carried"), ("straight", "win")]
    assert out["balance"]["cash_minor"] == 1000 - 110 + 360 + expected_prisoner
    items = platform.read(lambda s: history.history(s, a))
    assert len(items) == 2
    follow = platform.read(lambda s: history.recall(s, a, items[0]["round_id"]))
    assert follow["stake_minor"] == 100 and follow["returned_minor"] == expected_prisoner
    assert follow["fairness"]["nonce"] == out["fairness"]["nonce"] + 1
    debits = platform.read(lambda s: s.query(Transfer).filter(Transfer.kind == "bet").count())
    assert debits == 1  # the carried stake was not taken twice
    assert platform.audit().total == 0 and platform.system_balance("stakes", "EUR") == 0


def test_001_8_13_4_en_prison_at_a_shared_table(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    from croupier.platform.config import TableConfig
    from croupier.rng import fair
    from tests.platform_fixtures import make_platform

    prison = TableConfig("t-prison", "En prison", "roulette", "european_en_prison", "EUR")
    p = make_platform(db_url, tables=(prison,))
    monkeypatch.setattr(fair, "stream", ScriptedDraws([0, 1, 5]).stream)
    a = new_player(p, deposit="10.00")
    r1 = p.open_round("t-prison")["round_id"]
    p.bet(a, "t-prison", slip(("red", "5.00", ())))
    p.close_round(r1)
    p.result_round(r1)
    p.settle_round(r1)
    assert p.balance(a)["cash_minor"] == 500 and p.system_balance("stakes", "EUR") == 500
    r2 = p.open_round("t-prison")["round_id"]  # the prisoner is placed in the next round
    assert p.read(lambda s: history.history(s, a))[0]["stake_minor"] == 500
    p.bet(a, "t-prison", slip(("black", "1.00", ())))  # and the player may add bets
    p.close_round(r2)
    p.result_round(r2)  # 1: red wins, so the prisoner's stake comes back; black loses
    rep = p.settle_round(r2)
    assert rep.plays[0].returned == 500 and rep.plays[0].stake == 600
    assert p.balance(a)["cash_minor"] == 900
    r3 = p.open_round("t-prison")["round_id"]  # nothing is carried twice
    assert p.read(lambda s: history.history(s, a))[0]["round_id"] == r2
    assert p.void_round(r3, "test") is not None
    assert p.audit().total == 0 and p.system_balance("stakes", "EUR") == 0
    p.db.dispose()


def test_voiding_a_round_returns_a_carried_stake(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    from croupier.platform.config import TableConfig
    from croupier.rng import fair
    from tests.platform_fixtures import make_platform

    prison = TableConfig("t-prison", "En prison", "roulette", "european_en_prison", "EUR")
    p = make_platform(db_url, tables=(prison,))
    monkeypatch.setattr(fair, "stream", ScriptedDraws([0]).stream)
    a = new_player(p, deposit="10.00")
    r1 = p.open_round("t-prison")["round_id"]
    p.bet(a, "t-prison", slip(("even", "4.00", ())))
    p.close_round(r1)
    p.result_round(r1)
    p.settle_round(r1)
    r2 = p.open_round("t-prison")["round_id"]
    p.close_round(r2)
    assert [r.state for r in p.recover_table("t-prison")] == ["voided"]  # 000 §11: returned
    assert p.balance(a)["cash_minor"] == 1000
    assert p.audit().total == 0 and p.system_balance("stakes", "EUR") == 0
    p.db.dispose()


def test_every_catalogue_game_either_settles_through_the_engine_contract_or_is_refused_cleanly(
    tmp_path: object,
) -> None:
    """Single-player rounds drive any family through GameSpec: a game whose rounds need no
    decision settles and pays; any other is refused before money moves. The ledger stays whole."""
    from croupier.errors import CroupierError
    from croupier.games.registry import games, load_variant, variant_names
    from tests.platform_fixtures import make_platform

    p = make_platform(f"sqlite:///{tmp_path}/all.sqlite3")
    settled: set[str] = set()
    for cur in ("EUR", "AMD", "UAH"):
        pl = new_player(p, cur=cur, deposit="100000")
        for name, spec in games().items():
            v = variant_names(name)[0]
            var = load_variant(name, v)
            try:
                demo = spec.demo_bets(var, cur)[:3]
            except CroupierError:
                continue  # no limits in this currency
            scale = {"EUR": 100, "UAH": 100, "AMD": 1}[cur]
            bets = slip(*((b.code, f"{b.stake // scale}.{b.stake % scale:02d}" if scale > 1
                           else str(b.stake), tuple(b.target)) for b in demo))
            before = p.balance(pl)["cash_minor"]
            try:
                out = p.play(pl, name, v, bets)
            except CroupierError:
                assert p.balance(pl)["cash_minor"] == before
                continue
            assert out["balance"]["cash_minor"] == before - out["stake_minor"] + out["returned_minor"]
            settled.add(name)
    assert {"roulette"} <= settled and len(settled) >= 2
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players
    p.db.dispose()
