"""Craps (000 §12.41): phases and the puck, every bet, bets carried between rolls, bad input."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    BetClosed,
    IllegalAction,
    InvalidSelection,
    MissingBaseBet,
    OddsAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.base import BetRequest, DrawAction, Settlement, at_table, replay
from croupier.games.dice.craps import ENGINE, CrapsState
from croupier.games.dice.craps.variant import BET_CODES, HARD, ONE_ROLL, POINTS, CrapsVariant
from croupier.games.registry import load_variant


def v(point: int | None = None) -> CrapsVariant:
    base: CrapsVariant = load_variant("craps", "standard")
    return base.at_point(point)


def roll(bets: Sequence[BetRequest], d1: int, d2: int, point: int | None = None,
         carried: Sequence[BetRequest] = ()) -> tuple[CrapsState, Settlement]:
    state = ENGINE.start(v(point), bets, "EUR", carried)
    state = ENGINE.apply(state, DrawAction("die", d1 - 1))
    state = ENGINE.apply(state, DrawAction("die", d2 - 1))
    return state, ENGINE.settle(state)


def result(state: CrapsState) -> dict[str, object]:
    return dict(next(e for e in state.events if e.type == "result").data)


# -- phases and the puck ---------------------------------------------------------------------------


@pytest.mark.parametrize("d1,d2,after", [(2, 2, 4), (3, 3, 6), (4, 6, 10), (3, 4, None), (1, 1, None),
                                         (5, 6, None)])
def test_000_12_41_come_out_point_number_turns_the_puck_on(d1: int, d2: int, after: int | None) -> None:
    state, _ = roll([BetRequest("field", 100)], d1, d2)
    assert result(state)["table"] == {"point": after}
    assert result(state)["puck"] == "OFF"


@pytest.mark.parametrize("d1,d2,after", [(3, 3, None), (3, 4, None), (2, 2, 6), (5, 6, 6)])
def test_000_12_41_point_phase_ends_on_seven_or_the_point(d1: int, d2: int, after: int | None) -> None:
    state, _ = roll([BetRequest("field", 100)], d1, d2, point=6)
    assert result(state)["table"] == {"point": after}


# -- line bets -----------------------------------------------------------------------------------


@pytest.mark.parametrize("d1,d2,outcome", [(3, 4, "win"), (5, 6, "win"), (1, 1, "lose"), (1, 2, "lose"),
                                           (6, 6, "lose"), (2, 2, "carried")])
def test_000_12_41_pass_line_come_out(d1: int, d2: int, outcome: str) -> None:
    _, s = roll([BetRequest("pass", 100)], d1, d2)
    assert s.bets[0].outcome == outcome
    if outcome == "carried":
        assert s.carried == (BetRequest("pass", 100, (4,)),)


def test_000_12_41_pass_line_wins_on_point_before_seven_loses_on_seven() -> None:
    carried = [BetRequest("pass", 100, (8,))]
    assert roll([], 4, 4, 8, carried)[1].bets[0].returned == 200
    assert roll([], 3, 4, 8, carried)[1].bets[0].returned == 0
    assert roll([], 2, 4, 8, carried)[1].bets[0].outcome == "carried"


@pytest.mark.parametrize("d1,d2,returned", [(1, 1, 200), (1, 2, 200), (6, 6, 100), (3, 4, 0), (5, 6, 0)])
def test_000_12_41_dont_pass_come_out_12_is_a_tie(d1: int, d2: int, returned: int) -> None:
    assert roll([BetRequest("dont_pass", 100)], d1, d2)[1].bets[0].returned == returned


def test_000_12_41_dont_pass_point_is_set_then_wins_on_seven() -> None:
    # ASSUMPTION of the extract: a point number at the come-out sets the point (not a loss)
    _, s = roll([BetRequest("dont_pass", 100)], 2, 3)
    assert s.carried == (BetRequest("dont_pass", 100, (5,)),)
    carried = list(s.carried)
    assert roll([], 3, 4, 5, carried)[1].bets[0].returned == 200
    assert roll([], 1, 4, 5, carried)[1].bets[0].returned == 0


def test_000_12_41_come_bet_moves_to_its_own_point() -> None:
    _, s = roll([BetRequest("come", 100)], 3, 3, point=4)
    assert s.bets[0].outcome == "carried"
    assert s.carried == (BetRequest("come", 100, (6,)),)
    # the come bet on 6 still works after the table's point is decided
    _, s2 = roll([], 2, 2, 4, s.carried)
    assert s2.carried == s.carried
    _, s3 = roll([], 1, 5, None, s.carried)  # a come-out roll of 6 wins it
    assert s3.bets[0].returned == 200


@pytest.mark.parametrize("d1,d2,returned", [(3, 4, 200), (5, 6, 200), (1, 1, 0), (6, 6, 0)])
def test_000_12_41_come_bet_first_roll(d1: int, d2: int, returned: int) -> None:
    assert roll([BetRequest("come", 100)], d1, d2, point=9)[1].bets[0].returned == returned


@pytest.mark.parametrize("d1,d2,returned", [(1, 1, 200), (1, 2, 200), (6, 6, 100), (3, 4, 0), (5, 6, 0)])
def test_000_12_41_dont_come_first_roll(d1: int, d2: int, returned: int) -> None:
    assert roll([BetRequest("dont_come", 100)], d1, d2, point=9)[1].bets[0].returned == returned


def test_000_12_41_dont_come_wins_if_seven_before_its_point() -> None:
    carried = [BetRequest("dont_come", 100, (10,))]
    assert roll([], 3, 4, 6, carried)[1].bets[0].returned == 200
    assert roll([], 5, 5, 6, carried)[1].bets[0].returned == 0


# -- odds ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("point,stake,returned", [(4, 300, 900), (5, 400, 1000), (6, 500, 1100),
                                                  (8, 500, 1100), (9, 400, 1000), (10, 300, 900)])
def test_000_12_41_take_odds_pays_true_odds(point: int, stake: int, returned: int) -> None:
    carried = [BetRequest("pass", 100, (point,))]
    d1 = point // 2
    _, s = roll([BetRequest("odds", stake, (point,))], d1, point - d1, point, carried)
    assert [b.returned for b in s.bets] == [returned, 200]


@pytest.mark.parametrize("point,stake,returned", [(4, 600, 900), (5, 600, 1000), (6, 600, 1100)])
def test_000_12_41_lay_odds_pays_true_odds(point: int, stake: int, returned: int) -> None:
    carried = [BetRequest("dont_pass", 100, (point,))]
    _, s = roll([BetRequest("lay", stake, (point,))], 3, 4, point, carried)
    assert [b.returned for b in s.bets] == [returned, 200]


def test_000_12_41_come_odds_are_off_on_the_come_out_roll() -> None:
    carried = [BetRequest("come", 100, (6,)), BetRequest("odds", 500, (6,))]
    _, s = roll([], 3, 4, None, carried)  # seven on the come-out: the come bet loses, odds back
    assert [b.returned for b in s.bets] == [0, 500]
    _, s = roll([], 3, 3, None, carried)
    assert [b.returned for b in s.bets] == [200, 500]


def test_000_12_41_odds_without_a_line_bet_is_refused() -> None:
    with pytest.raises(MissingBaseBet, match="needs a pass or come bet whose point is 6"):
        ENGINE.start(v(6), [BetRequest("odds", 100, (6,))], "EUR")
    with pytest.raises(MissingBaseBet):  # a line bet on another number does not count
        ENGINE.start(v(6), [BetRequest("lay", 100, (6,))], "EUR", [BetRequest("dont_come", 100, (8,))])


def test_000_12_41_odds_above_the_multiple_is_refused() -> None:
    carried = [BetRequest("pass", 100, (6,))]
    ENGINE.start(v(6), [BetRequest("odds", 500, (6,))], "EUR", carried)
    with pytest.raises(OddsAboveMaximum, match="above 5x"):
        ENGINE.start(v(6), [BetRequest("odds", 501, (6,))], "EUR", carried)
    with pytest.raises(OddsAboveMaximum):  # with the odds already working
        ENGINE.start(v(6), [BetRequest("odds", 100, (6,))], "EUR",
                     [*carried, BetRequest("odds", 500, (6,))])
    with pytest.raises(OddsAboveMaximum, match="above 3x"):
        ENGINE.start(v(4), [BetRequest("odds", 301, (4,))], "EUR", [BetRequest("pass", 100, (4,))])


# -- place, hardways, one-roll ---------------------------------------------------------------------


@pytest.mark.parametrize("n,returned", [(4, 168), (5, 144), (6, 130), (8, 130), (9, 144), (10, 168)])
def test_000_12_41_place_to_win(n: int, returned: int) -> None:
    d1 = n // 2
    assert roll([BetRequest("place_win", 60, (n,))], d1, n - d1)[1].bets[0].returned == returned
    assert roll([BetRequest("place_win", 60, (n,))], 3, 4)[1].bets[0].returned == 0
    assert roll([BetRequest("place_win", 60, (n,))], 1, 1)[1].bets[0].outcome == "carried"


def test_000_12_41_place_pays_its_odds_rounded_down() -> None:
    assert roll([BetRequest("place_win", 600, (6,))], 3, 3)[1].bets[0].returned == 1300
    assert roll([BetRequest("place_win", 100, (6,))], 3, 3)[1].bets[0].returned == 216  # 100*13/6
    assert roll([BetRequest("place_lose", 1100, (4,))], 3, 4)[1].bets[0].returned == 1600
    assert roll([BetRequest("place_lose", 100, (4,))], 2, 2)[1].bets[0].returned == 0


@pytest.mark.parametrize("n", POINTS)
def test_000_12_41_place_bets_work_on_the_come_out_roll(n: int) -> None:
    # ASSUMPTION of the extract: place bets stay active across come-out rolls
    assert roll([BetRequest("place_lose", 100, (n,))], 3, 4, None)[1].bets[0].outcome == "win"


def test_000_12_41_place_bet_on_seven_is_refused() -> None:
    with pytest.raises(InvalidSelection, match="not 7"):
        ENGINE.start(v(), [BetRequest("place_win", 100, (7,))], "EUR")
    with pytest.raises(InvalidSelection, match="not 7"):
        ENGINE.start(v(), [BetRequest("place_lose", 100, (7,))], "EUR")


@pytest.mark.parametrize("n", HARD)
def test_000_12_41_hardway_wins_on_the_pair_loses_easy_or_seven(n: int) -> None:
    bet = [BetRequest("hardway", 100, (n,))]
    assert roll(bet, n // 2, n // 2)[1].bets[0].outcome == "win"
    easy = (n // 2 - 1, n // 2 + 1)
    assert roll(bet, *easy)[1].bets[0].outcome == "lose"
    assert roll(bet, 1, 6)[1].bets[0].outcome == "lose"
    assert roll(bet, 1, 2)[1].bets[0].outcome == "carried"


def test_000_12_41_hard_eight_example() -> None:
    bet = [BetRequest("hardway", 100, (8,))]
    assert roll(bet, 4, 4)[1].bets[0].returned == 1000
    for d in ((2, 6), (3, 5), (6, 2)):
        assert roll(bet, *d)[1].bets[0].returned == 0


@pytest.mark.parametrize("code", list(ONE_ROLL))
def test_000_12_41_one_roll_bets_settle_on_every_roll(code: str) -> None:
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            for point in (None, 6):
                _, s = roll([BetRequest(code, 100)], d1, d2, point)
                wins = d1 + d2 in ONE_ROLL[code]
                assert (s.bets[0].returned > 0) == wins
                assert s.carried == ()


def test_000_12_41_field_pays_double_on_2_and_12() -> None:
    assert roll([BetRequest("field", 100)], 1, 1)[1].bets[0].returned == 300
    assert roll([BetRequest("field", 100)], 6, 6)[1].bets[0].returned == 300
    assert roll([BetRequest("field", 100)], 4, 5)[1].bets[0].returned == 200
    assert roll([BetRequest("field", 100)], 3, 4)[1].bets[0].returned == 0


def test_000_12_41_c_and_e() -> None:
    assert roll([BetRequest("c_and_e", 100)], 1, 2)[1].bets[0].returned == 400
    assert roll([BetRequest("c_and_e", 100)], 5, 6)[1].bets[0].returned == 800


# -- bets closed in the phase, bad input ------------------------------------------------------------


def test_000_12_41_pass_is_closed_when_the_puck_is_on() -> None:
    with pytest.raises(BetClosed, match="come-out roll only; the puck is ON at 6"):
        ENGINE.start(v(6), [BetRequest("pass", 100)], "EUR")
    with pytest.raises(BetClosed):
        ENGINE.start(v(6), [BetRequest("dont_pass", 100)], "EUR")


def test_000_12_41_come_is_closed_on_the_come_out_roll() -> None:
    with pytest.raises(BetClosed, match="point phase only; the puck is OFF"):
        ENGINE.start(v(), [BetRequest("come", 100)], "EUR")
    with pytest.raises(BetClosed):
        ENGINE.start(v(), [BetRequest("dont_come", 100)], "EUR")


def test_000_12_41_bad_input_rejects_the_whole_slip() -> None:
    good = BetRequest("field", 100)
    for bad, err in [(BetRequest("buy", 100), UnknownBetCode),
                     (BetRequest("hardway", 100, (5,)), InvalidSelection),
                     (BetRequest("field", 100, (5,)), InvalidSelection),
                     (BetRequest("field", 1), StakeBelowMinimum)]:
        with pytest.raises(err):
            ENGINE.start(v(), [good, bad], "EUR")


def test_000_12_41_one_roll_bet_cannot_be_carried() -> None:
    with pytest.raises(Exception, match="cannot be carried"):
        ENGINE.start(v(), [], "EUR", [BetRequest("field", 100)])


def test_000_12_41_draws_are_dice() -> None:
    state = ENGINE.start(v(), [BetRequest("field", 100)], "EUR")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("die", 6))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("ball", 1))


# -- properties ------------------------------------------------------------------------------------

bet_st = st.one_of(
    st.builds(BetRequest, st.sampled_from(list(ONE_ROLL)), st.integers(10, 10_000)),
    st.builds(lambda c, n, s: BetRequest(c, s, (n,)), st.sampled_from(["place_win", "place_lose"]),
              st.sampled_from(POINTS), st.integers(10, 10_000)),
    st.builds(lambda n, s: BetRequest("hardway", s, (n,)), st.sampled_from(HARD), st.integers(10, 10_000)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(bet_st, min_size=1, max_size=6), st.sampled_from([None, *POINTS]),
       st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=12),
       st.integers(10, 10_000))
def test_000_12_41_chips_conserved_and_every_roll_settles_or_keeps_every_bet(
    bets: list[BetRequest], point: int | None, rolls: list[tuple[int, int]], line: int,
) -> None:
    """Over several rolls: every bet is settled or carried by each roll; a carried bet keeps
    its stake; the chips that end up returned plus those still working equal the chips bet plus
    the winnings, and no bet returns more than its odds allow."""
    own = list(bets) + ([BetRequest("pass" if point is None else "come", line)])
    carried: list[BetRequest] = []
    for d1, d2 in rolls:
        state = ENGINE.start(v(point), own, "EUR", carried)
        state = ENGINE.apply(ENGINE.apply(state, DrawAction("die", d1)), DrawAction("die", d2))
        s = ENGINE.settle(state)
        assert len(s.bets) == len(own) + len(carried)
        chips_in = sum(b.stake for b in own) + sum(c.stake for c in carried)
        settled = [b for b in s.bets if b.outcome != "carried"]
        kept = [b for b in s.bets if b.outcome == "carried"]
        assert [b.stake for b in kept] == [c.stake for c in s.carried]
        assert sum(b.stake for b in settled) + sum(c.stake for c in s.carried) == chips_in
        for b in s.bets:
            assert b.outcome in ("win", "lose", "push", "carried")
            assert 0 <= b.returned <= b.stake * 31
            assert b.returned == 0 or b.outcome != "carried"
        assert replay(ENGINE, v(), state.events) == s
        point = result(state)["table"]["point"]  # type: ignore[index]
        carried, own = list(s.carried), []
        # odds and lay on every line bet that has its point and none yet, at its full multiple
        have = {(c.code, c.target) for c in carried}
        for c in carried:
            side = "odds" if c.code in ("pass", "come") else "lay" if c.code in ("dont_pass", "dont_come") else None
            if side and (side, c.target) not in have:
                n = int(c.target[0])
                multiple = (v().odds_max if side == "odds" else v().lay_max)[n]
                own.append(BetRequest(side, c.stake * multiple, c.target))
                have.add((side, c.target))
        if not carried:
            break


@settings(max_examples=60, deadline=None)
@given(st.lists(bet_st, min_size=1, max_size=5), st.integers(0, 35))
def test_000_12_41_ledger_of_one_roll_balances(bets: list[BetRequest], r: int) -> None:
    _, s = roll(bets, r // 6 + 1, r % 6 + 1)
    held = sum(b.stake for b in s.bets if b.outcome == "carried")
    settled_stake = s.total_stake - held
    paid = s.total_returned
    assert sum(b.returned - b.stake for b in s.bets if b.outcome != "carried") == paid - settled_stake


def test_every_bet_code_is_known() -> None:
    assert set(BET_CODES) == {"pass", "dont_pass", "come", "dont_come", "odds", "lay", "place_win",
                              "place_lose", "hardway", *ONE_ROLL}


def test_replay_binds_the_table_state() -> None:
    state, s = roll([BetRequest("come", 100)], 2, 2, point=9)
    assert replay(ENGINE, v(), state.events) == s  # the record names the puck
    assert at_table(ENGINE, v(), {"point": 9}).point == 9
