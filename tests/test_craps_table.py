"""A multi-roll craps table on the platform (000 §12.41, issue 19): each player's working bets
persist across rolls and rounds, survive a restart, and are settled on later rolls; the puck is
the table's state; refused bets move no money."""

from __future__ import annotations

import pytest

from croupier.errors import BetClosed, InvalidSelection, MissingBaseBet, OddsAboveMaximum
from croupier.platform import history
from croupier.platform.config import TableConfig
from croupier.rng import fair
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player, slip
from tests.test_platform_rounds import ScriptedDraws

CRAPS = TableConfig("t-craps", "Craps", "craps", "standard", "EUR")


def _roll(p: object, rid: int) -> dict[str, object]:
    p.close_round(rid)  # type: ignore[attr-defined]
    p.result_round(rid)  # type: ignore[attr-defined]
    rep = p.settle_round(rid)  # type: ignore[attr-defined]
    return {"outcome": rep.outcome, "plays": rep.plays}


def test_000_12_41_working_bets_persist_across_rolls_and_a_restart(
    db_url: str, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
) -> None:
    p = make_platform(db_url, tables=(CRAPS,))
    # die values (face - 1): 1+3, 2+3, (restart), 2+2, 1+4
    monkeypatch.setattr(fair, "stream", ScriptedDraws([0, 2, 1, 2, 1, 1, 0, 3]).stream)
    a = new_player(p, deposit="10.00")

    r1 = p.open_round("t-craps")["round_id"]
    with pytest.raises(BetClosed):  # puck OFF: no come bet
        p.bet(a, "t-craps", slip(("come", "1.00", ())))
    p.bet(a, "t-craps", slip(("pass", "5.00", ()), ("field", "1.00", ())))
    out = _roll(p, r1)
    assert out["outcome"]["table"] == {"point": 4}  # type: ignore[index]
    assert p.balance(a)["cash_minor"] == 600  # field won on 4; the pass bet works on
    assert p.system_balance("stakes", "EUR") == 500

    r2 = p.open_round("t-craps")["round_id"]  # the pass bet, now on 4, is on the layout
    for bad, err in [(("pass", "1.00", ()), BetClosed), (("odds", "16.00", (4,)), OddsAboveMaximum),
                     (("odds", "1.00", (5,)), MissingBaseBet), (("place_win", "1.00", (7,)), InvalidSelection)]:
        with pytest.raises(err):
            p.bet(a, "t-craps", slip(bad))
    assert p.balance(a)["cash_minor"] == 600  # nothing was taken
    p.bet(a, "t-craps", slip(("odds", "3.00", (4,)), ("come", "1.00", ())))
    _roll(p, r2)  # 5: the come bet moves to 5; nothing is decided
    assert p.balance(a)["cash_minor"] == 200
    assert p.system_balance("stakes", "EUR") == 900

    r3 = p.open_round("t-craps")["round_id"]
    p.close_round(r3)
    assert [r.state for r in p.recover_table("t-craps")] == ["voided"]  # a restart
    assert p.balance(a)["cash_minor"] == 200  # the bets stay on the layout, not refunded
    assert p.system_balance("stakes", "EUR") == 900

    r4 = p.open_round("t-craps")["round_id"]
    working = [(b["code"], b["target"]) for b in p.read(lambda s: history.recall(s, a, r4))["bets"]]
    assert sorted(working) == [("come", [5]), ("odds", [4]), ("pass", [4])]
    out = _roll(p, r4)  # 4: the point is made; pass 1:1 and odds 2:1 win, the come bet stays
    assert out["outcome"]["table"] == {"point": None}  # type: ignore[index]
    assert p.balance(a)["cash_minor"] == 200 + 1000 + 900
    assert p.system_balance("stakes", "EUR") == 100

    r5 = p.open_round("t-craps")["round_id"]  # a come-out roll: the come bet on 5 still works
    p.bet(a, "t-craps", slip(("pass", "1.00", ())))
    out = _roll(p, r5)  # 5 wins the come bet and sets the point for the new pass bet
    assert out["outcome"]["table"] == {"point": 5}  # type: ignore[index]
    assert p.balance(a)["cash_minor"] == 2100 - 100 + 200
    assert p.system_balance("stakes", "EUR") == 100
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players
    p.db.dispose()


def test_000_12_41_a_single_player_craps_round_rolls_until_every_bet_is_decided(
    db_url: str, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
) -> None:
    p = make_platform(db_url)
    # 3+3 sets the point 6, 1+1 (field wins), 2+4 makes the point
    monkeypatch.setattr(fair, "stream", ScriptedDraws([2, 2, 0, 0, 1, 3]).stream)
    a = new_player(p, deposit="10.00")
    out = p.play(a, "craps", "standard", slip(("pass", "2.00", ()), ("hardway", "1.00", (6,))))
    # hard 6 (9:1) on the first roll; the pass bet wins 1:1 on the third
    assert p.balance(a)["cash_minor"] == 1000 - 300 + 1000 + 400
    assert out["round_id"]
    recalled = p.read(lambda s: history.history(s, a))
    assert len(recalled) == 3  # one round per roll
    assert p.system_balance("stakes", "EUR") == 0
    assert p.audit().total == 0
    p.db.dispose()
