"""Belote (000 §12.12, Classic and Open) on the match platform: bot-against-bot matches (the
engine's own computer opponent, ``games/pvp/belote/bot.py``) played to the end through the
platform for both variants, the money to the minor unit; Double stake's maximum bet held in
escrow and the unplayed part returned (the extract's 2,000 / 200 example); Change card's 10%
charge taken from the player's cash when he changes, to the house at the end, refunded on a
void, refused (nothing moved) when his cash cannot cover it; each player sees only his own
cards (Classic) or the face-up upper cards (Open). SQLite and PostgreSQL (``db_url``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from croupier.games.pvp.belote.state import MatchState as BeloteState
from croupier.games.pvp.fund import RAKE_PERCENT
from croupier.platform.ledger import system_code
from croupier.platform.matches import bots, live, money, play, spin, tables
from croupier.platform.matches.errors import StakeNotCovered
from croupier.platform.matches.games import match_game
from croupier.platform.service import Platform
from croupier.store.match_models import PvpMatchMove
from tests.matches_helpers import T0, balance_of, cash, escrow, ledger_total, play_bots, start
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player

DEPOSIT = "100000"  # AMD (exponent 0)


def _players(p: Platform, deposit: str = DEPOSIT) -> list[Any]:
    return [new_player(p, "AMD", deposit=deposit) for _ in range(2)]


def _state(p: Platform, mid: int) -> BeloteState:
    out: BeloteState = p.read(lambda s: live.state_of(s, tables.get(s, mid)))
    return out


def _bots_until(p: Platform, mid: int, done: Callable[[BeloteState], bool], limit: int = 5000) -> BeloteState:
    """The computer opponents play one decision at a time until ``done`` holds."""
    for _ in range(limit):
        st = _state(p, mid)
        if done(st):
            return st
        assert p.run(lambda s: bots.advance(s, mid, T0, limit=1)) == 1
    raise AssertionError("the condition never came")


def _decide(p: Platform, mid: int, name: str, **args: Any) -> dict[str, Any]:
    def fn(s: Any) -> dict[str, Any]:
        m = tables.get(s, mid, lock=True)
        seat = int(m.turn_seat)
        pid = m.creator_id if seat == 0 else m.opponent_id
        return play.decide(s, m, seat, name, args, pid, T0)
    out: dict[str, Any] = p.run(fn)
    return out


def _rake(fund: int) -> int:
    return int(fund * RAKE_PERCENT)  # 4% of these funds is whole


@pytest.mark.parametrize("variant", ["classic", "open"])
def test_000_12_12_belote_bot_match_through_the_platform_pays_the_fund_less_4_percent(
        platform: Platform, variant: str) -> None:
    stake = 1_250
    a, b = _players(platform)
    total = ledger_total(platform)
    mid = start(platform, a, b, game="belote", variant=variant, stake=stake, bot=True)
    assert escrow(platform, mid) == 2 * stake
    out = play_bots(platform, mid)
    res = out["result"]
    assert out["status"] == "done" and res["winner_seat"] in (0, 1) and res["how"] == "score"
    fund = 2 * stake
    assert res["rake_minor"] == _rake(fund) == 100
    returned = {b["bet_id"]: b["returned"] for b in res["settlement"]["bets"]}
    assert returned[res["winner_seat"]] == fund - _rake(fund) and returned[1 - res["winner_seat"]] == 0
    winner, loser = (a, b) if res["winner_seat"] == 0 else (b, a)
    assert cash(platform, winner) == 100_000 + stake - _rake(fund)
    assert cash(platform, loser) == 100_000 - stake
    assert escrow(platform, mid) == 0 and ledger_total(platform) == total
    # the engine's own bot played (it never changes a card nor doubles): every decision legal
    names = set(platform.read(lambda s: [r.name for r in s.query(PvpMatchMove).filter_by(
        match_id=mid, kind="decision")]))
    assert "play" in names and not names & {"double", "change_card", "contra"}
    assert res["spin"] is None  # no Lucky Spin for a computer opponent's win


def test_000_12_12_belote_double_stake_escrow_is_the_maximum_bet_and_1600_returns_to_the_loser(
        platform: Platform) -> None:
    a, b = _players(platform)
    total = ledger_total(platform)
    mid = start(platform, a, b, game="belote", variant="classic", stake=200, bot=True,
                options={"double_max": 4, "max_bet": 2_000})
    assert escrow(platform, mid) == 2 * 2_000  # "charged immediately on joining"
    assert cash(platform, a) == cash(platform, b) == 100_000 - 2_000
    _bots_until(platform, mid, lambda s: s.phase in ("bid", "play"))
    _decide(platform, mid, "double")   # the player to act doubles; the bot accepts
    out = play_bots(platform, mid)
    res = out["result"]
    assert _state(platform, mid).mult == 2
    w = res["winner_seat"]
    returned = {b["bet_id"]: b["returned"] for b in res["settlement"]["bets"]}
    assert returned[1 - w] == 1_600                     # the extract's example
    assert res["rake_minor"] == _rake(800) == 32
    assert returned[w] == 2_000 + 400 - 32
    # 000 §12.12.2 Lucky Spin: the win spun is the fund less the rake, not the unplayed escrow
    assert spin.spun_amount(res["settlement"]["bets"], w) == 800 - 32
    winner, loser = (a, b) if w == 0 else (b, a)
    assert cash(platform, loser) == 100_000 - 400
    assert cash(platform, winner) == 100_000 + 400 - 32
    assert escrow(platform, mid) == 0 and ledger_total(platform) == total


def test_000_12_12_belote_stake_not_covered_is_the_maximum_bet(platform: Platform) -> None:
    a = new_player(platform, "AMD", deposit="1999")
    with pytest.raises(StakeNotCovered, match="maximum bet"):
        platform.run(lambda s: tables.create(s, a, "belote", "classic", 200,
                                             {"double_max": 4, "max_bet": 2_000}, 60, 1800, T0))


def _to_change(platform: Platform, mid: int) -> BeloteState:
    return _bots_until(platform, mid, lambda s: s.phase == "change")


def test_000_12_12_belote_change_card_charge_from_cash_to_the_house(platform: Platform) -> None:
    stake = 1_000
    a, b = _players(platform)
    total = ledger_total(platform)
    house = system_code("house", "AMD")
    house_before = balance_of(platform, house)
    mid = start(platform, a, b, game="belote", variant="classic", stake=stake, bot=True,
                options={"change_card": True})
    st = _to_change(platform, mid)
    i = st.changer
    changer = (a, b)[i]
    before = cash(platform, changer)
    _decide(platform, mid, "change_card", card=sorted(st.hand(i))[0])
    assert cash(platform, changer) == before - 100      # 10% of 1,000, taken at once
    assert escrow(platform, mid) == 2 * stake + 100
    out = play_bots(platform, mid)
    res = out["result"]
    assert res["settlement"]["fees"] == 100
    stakes = sum(b["stake"] for b in res["settlement"]["bets"])
    paid = sum(b["returned"] for b in res["settlement"]["bets"])
    assert stakes == paid + res["rake_minor"] + 100     # stakes + charges = paid + rake + fees
    assert balance_of(platform, house) == house_before + 100
    assert escrow(platform, mid) == 0 and ledger_total(platform) == total


def test_000_12_12_belote_change_card_refunded_on_a_void(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="belote", variant="classic", stake=1_000, bot=True,
                options={"change_card": True})
    st = _to_change(platform, mid)
    _decide(platform, mid, "change_card", card=sorted(st.hand(st.changer))[0])
    platform.run(lambda s: play.void(s, mid, "malfunction", T0))
    assert cash(platform, a) == cash(platform, b) == 100_000
    assert escrow(platform, mid) == 0


def test_000_12_12_belote_change_card_not_covered_is_refused_nothing_moved(platform: Platform) -> None:
    a, b = _players(platform, deposit="1000")   # the stake exactly: nothing left for a charge
    mid = start(platform, a, b, game="belote", variant="classic", stake=1_000, bot=True,
                options={"change_card": True})
    st = _to_change(platform, mid)
    version = platform.read(lambda s: tables.get(s, mid).version)
    with pytest.raises(StakeNotCovered, match="charge"):
        _decide(platform, mid, "change_card", card=sorted(st.hand(st.changer))[0])
    live.forget(mid)
    assert platform.read(lambda s: tables.get(s, mid).version) == version
    assert _state(platform, mid).fees == (0, 0) and escrow(platform, mid) == 2_000


def _view(p: Platform, mid: int, viewer: int | None) -> dict[str, Any]:
    out: dict[str, Any] = p.read(lambda s: play.view(s, mid, viewer))
    return out


def test_000_12_12_belote_classic_each_player_sees_only_his_own_cards(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="belote", variant="classic", stake=500, bot=True)
    st = _bots_until(platform, mid, lambda s: s.phase == "play")
    for seat, pl in enumerate((a, b)):
        v = _view(platform, mid, pl.id)
        assert v["you"]["hand"] == sorted(st.hand(seat))
        assert [p["top"] for p in v["you"]["piles"]] == [pl[-1] for pl in st.piles[seat]]
        assert all(p["top"] is None for side in v["public"]["piles"] for p in side)  # to every socket
        assert v["public"]["hand_counts"] == [len(st.hand(0)), len(st.hand(1))]
    spectator = _view(platform, mid, None)
    assert all(p["top"] is None for side in spectator["public"]["piles"] for p in side)
    assert spectator["you"] is None and "record" not in str(spectator)


def test_000_12_12_belote_open_upper_cards_face_up_lower_cards_hidden(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="belote", variant="open", stake=500, bot=True)
    st = _state(platform, mid)
    assert st.phase == "bid" and st.step == 0
    v = _view(platform, mid, a.id)
    for seat in (0, 1):
        piles = v["public"]["piles"][seat]
        assert [p["top"] for p in piles[:4]] == [pl[-1] for pl in st.piles[seat][:4]]
        assert all(p["top"] is None and p["size"] == 2 for p in piles[4:])
    st = _bots_until(platform, mid, lambda s: s.phase == "play")
    v = _view(platform, mid, b.id)
    assert [p["top"] for p in v["public"]["piles"][0]] == [pl[-1] for pl in st.piles[0]]
    assert match_game("belote").lucky_spin and money.held(tables_get(platform, mid)) == 500


def tables_get(p: Platform, mid: int) -> Any:
    return p.read(lambda s: tables.get(s, mid))
