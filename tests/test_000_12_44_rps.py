"""Rock, Paper, Scissors (000 §12.44): every cell of the resolution table in each zone, a draw
returns the bet, one bet per zone; exact RTP cross-checked by enumerating both cards through the
engine and by the closed form (1 + win + 1) / 3; simulation; bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import InvalidBet, InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import game, load_variant
from croupier.games.shows.rps import ENGINE

from .shows_helpers import assert_simulation_inside

V = load_variant("rps", "standard")
S = ("rock", "paper", "scissors")
#: 000 §12.44 resolution table: player symbol -> (dealer rock, paper, scissors)
TABLE = {"rock": ("draw", "lose", "win"), "paper": ("win", "draw", "lose"),
         "scissors": ("lose", "win", "draw")}


def deal(bets: list[BetRequest], silver: str, gold: str) -> list[int]:
    state = ENGINE.start(V, bets, "EUR")
    state = ENGINE.apply(state, DrawAction("silver", V.deck.labels().index(silver)))
    state = ENGINE.apply(state, DrawAction("gold", V.deck.labels().index(gold)))
    return [r.returned for r in ENGINE.settle(state).bets]


@pytest.mark.parametrize("player", S)
@pytest.mark.parametrize("dealer", S)
def test_000_12_44_resolution_table_cell_in_both_zones(player: str, dealer: str) -> None:
    expected = {"win": 190, "draw": 100, "lose": 0}[TABLE[player][S.index(dealer)]]  # 0.9:1 ASSUMPTION
    other = next(s for s in S if s != dealer)
    assert deal([BetRequest("silver", 100, (player,))], dealer, other) == [expected]
    assert deal([BetRequest("gold", 100, (player,))], other, dealer) == [expected]


def test_000_12_44_silver_card_first_then_gold() -> None:
    state = ENGINE.start(V, [BetRequest("gold", 100, ("rock",))], "EUR")
    assert ENGINE.next_draw(state).kind == "silver"  # type: ignore[union-attr]
    state = ENGINE.apply(state, DrawAction("silver", 0))
    assert ENGINE.next_draw(state).kind == "gold"  # type: ignore[union-attr]


def test_000_12_44_exact_rtp_by_enumeration_and_closed_form() -> None:
    rtps = {r.bet: r for r in game("rps").exact(V)}
    for zone in ("silver", "gold"):
        closed = (V.payouts[zone].total + 1) / 3
        assert rtps[zone].rtp == rtps[zone].rtp_max == closed == Fraction(29, 30)
        for sym in S:
            total = sum(Fraction(deal([BetRequest(zone, 100, (sym,))], a, b)[0], 100) for a in S for b in S)
            assert total / 9 == closed


def test_000_12_44_simulation_within_99_percent_interval() -> None:
    assert_simulation_inside("rps", V)


def test_000_12_44_one_bet_per_zone_and_bad_input() -> None:
    with pytest.raises(InvalidBet, match="one bet per zone"):
        ENGINE.start(V, [BetRequest("silver", 100, ("rock",)), BetRequest("silver", 100, ("paper",))], "EUR")
    assert len(ENGINE.start(V, [BetRequest("silver", 100, ("rock",)), BetRequest("gold", 100, ("rock",))],
                            "EUR").bets) == 2
    with pytest.raises(InvalidSelection, match="one symbol"):
        ENGINE.start(V, [BetRequest("gold", 100, ("lizard",))], "EUR")
    with pytest.raises(UnknownBetCode, match="no bet 'bronze'"):
        ENGINE.start(V, [BetRequest("bronze", 100, ("rock",))], "EUR")
