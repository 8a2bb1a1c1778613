"""Jokerbet (000 §12.51)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import IllegalAction, InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction, play, replay
from croupier.games.dealer_poker.jokerbet import ENGINE, RED_JOKER
from croupier.games.registry import game, load_variant, parse_unchecked
from croupier.rng import seeded

V = parse_unchecked("jokerbet", "digitain")


def settle(bets: list[BetRequest], outcome: int) -> list[int]:
    state = ENGINE.apply(ENGINE.start(V, bets, "AMD"), DrawAction("card", outcome))
    return [b.returned for b in ENGINE.settle(state).bets]


def test_000_12_51_rows_73_74_a_joker_counts_for_its_colour_and_loses_the_suits() -> None:
    bets = [BetRequest("red", 100), BetRequest("black", 100), BetRequest("suit", 100, ("hearts",)),
            BetRequest("nondigital", 100), BetRequest("joker", 100), BetRequest("red_joker", 100)]
    assert settle(bets, RED_JOKER) == [190, 0, 0, 285, 2550, 5100]


def test_000_12_51_exact_card_and_rank() -> None:
    # index 0 is the two of clubs
    assert settle([BetRequest("card", 100, ("2c",)), BetRequest("rank", 100, ("2",)),
                   BetRequest("digital", 100)], 0) == [5100, 1280, 142]


def test_bad_selections_are_refused() -> None:
    with pytest.raises(InvalidSelection):
        ENGINE.start(V, [BetRequest("rank", 100, ("1",))], "AMD")
    with pytest.raises(InvalidSelection):
        ENGINE.start(V, [BetRequest("red", 100, ("x",))], "AMD")
    with pytest.raises(UnknownBetCode):
        ENGINE.start(V, [BetRequest("colour", 100)], "AMD")
    with pytest.raises(IllegalAction):
        ENGINE.apply(ENGINE.start(V, [BetRequest("red", 100)], "AMD"), DrawAction("card", 54))


def test_000_12_51_rtp_is_the_winning_share_of_54_times_the_odds() -> None:
    winners = {"rank": 4, "card": 1, "joker": 2, "red_joker": 1, "black_joker": 1, "suit": 13,
               "red": 27, "black": 27, "nondigital": 4 * 4 + 2, "digital": 9 * 4}
    odds = V.table("odds")
    for r in game("jokerbet").exact(V):
        assert r.rtp == Fraction(winners[r.bet], 54) * odds[r.bet].total


def test_rounds_replay() -> None:
    state, settlement = play(ENGINE, V, [BetRequest("black", 100)], "AMD", seeded(3))
    assert replay(ENGINE, V, state.events) == settlement
    assert load_variant("jokerbet", "digitain").game == "jokerbet"


def _result(outcome: int) -> dict[str, object]:
    state = ENGINE.apply(ENGINE.start(V, [BetRequest("red", 100)], "AMD"), DrawAction("card", outcome))
    [data] = [e.data for e in state.events if e.type == "result"]
    return dict(data)


def test_000_12_51_the_result_names_the_card_drawn_for_recall_and_display() -> None:
    from croupier.games.describe import view_of

    assert _result(0) == {"card": "2c", "name": "2c"}
    view = view_of("jokerbet", "digitain", _result(0))
    assert view is not None and view["hands"] == [{"label": "Card", "cards": ["2c"]}]
    assert view["headline"] == "2c"


def test_000_12_51_a_joker_is_shown_as_a_joker_of_its_colour() -> None:
    from croupier.games.describe import view_of

    data = _result(RED_JOKER)
    assert data["card"] == "Jk" and data["joker"] == "red"
    view = view_of("jokerbet", "digitain", data)
    assert view is not None and view["hands"][0]["cards"] == ["Jk"] and view["headline"] == "Red Joker"
