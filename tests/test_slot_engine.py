"""The slot engine: how windows pay, bets, free spins and the gamble (000 §12.17; 001 §6)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.base import BetRequest, Decision, DrawAction, play, reenact, replay
from croupier.games.slots.engine import ENGINE
from croupier.games.slots.rules import evaluate, line_pay
from croupier.rng import fair, seeded
from tests.slot_helpers import collect, scatter_stops, slot, small_slot, spin, start, stop_showing


def sym(v, code):  # type: ignore[no-untyped-def]
    return [s.code for s in v.symbols].index(code)


# -- how a window pays -------------------------------------------------------------------------

def test_001_6_5_1_a_line_pays_its_chain_from_the_leftmost_reel() -> None:
    v = slot("amber_caravan")
    a, k, cm = sym(v, "A"), sym(v, "K"), sym(v, "CM")
    assert line_pay(v, [a, a, a, k, k]) == (a, 3, v.pays[a][3])
    assert line_pay(v, [k, a, a, a, a])[2] == 0  # the chain must start on reel 1
    assert line_pay(v, [cm, cm, k, cm, cm]) == (cm, 2, v.pays[cm][2])


def test_001_6_4_3_wild_substitutes_for_every_symbol_but_scatter() -> None:
    v = slot("amber_caravan")
    a, w, s, k = sym(v, "A"), sym(v, "W"), sym(v, "S"), sym(v, "K")
    assert line_pay(v, [a, w, w, a, k]) == (a, 4, v.pays[a][4])
    assert line_pay(v, [s, w, s, k, k])[2] == 0  # no scatter chain made with wilds
    t = small_slot()
    tw, ta, ts = sym(t, "W"), sym(t, "A"), sym(t, "S")
    assert t.pays[tw][2] < t.pays[ta][3]
    assert line_pay(t, [tw, tw, ta]) == (ta, 3, t.pays[ta][3])  # the wilds complete the A chain
    assert line_pay(t, [tw, tw, ts]) == (tw, 2, t.pays[tw][2])  # a chain of wilds alone pays as wild


def test_001_6_4_3_scatter_pays_anywhere_in_multiples_of_the_total_bet() -> None:
    v = slot("amber_caravan")
    stops = scatter_stops(v, 3)
    state = spin(start(v, 20 * 5, 20), stops)
    spin_event = next(e.data for e in state.events if e.type == "spin")
    assert spin_event["scatters"] == 3
    assert spin_event["scatter_win"] == v.scatter_pays[3] * 100


def test_000_12_17_wins_on_several_lines_add_up() -> None:
    t = small_slot(free=False)
    a = sym(t, "A")
    win = ((a, a), (a, a), (a, a))  # every line shows A A A
    res = evaluate(t, win, 4)
    assert len(res.wins) == 4 and res.line_coins == 4 * t.pays[a][3]
    assert evaluate(t, win, 2).line_coins == 2 * t.pays[a][3]  # only active lines pay


def test_243_ways_pay_the_product_of_the_counts() -> None:
    t = small_slot("ways", free=False)
    a, b, w = sym(t, "A"), sym(t, "B"), sym(t, "W")
    res = evaluate(t, ((a, a), (a, w), (b, a)), 1)
    a_win = next(x for x in res.wins if x.symbol == a)
    assert (a_win.length, a_win.ways, a_win.coins) == (3, 2 * 2 * 1, 4 * t.pays[a][3])


# -- the bet (001 §6.5.2) ----------------------------------------------------------------------

def test_001_6_5_2_total_bet_is_line_bet_times_active_lines() -> None:
    v = slot("amber_caravan")
    state = start(v, 5 * 10, 10)
    assert (state.lines, state.coin) == (10, 5)
    with pytest.raises(InvalidBet, match="line bet x 10 active lines"):
        start(v, 51, 10)


def test_bad_input_more_lines_than_the_slot_has() -> None:
    with pytest.raises(InvalidSelection, match="this slot has 20 lines"):
        start(slot("amber_caravan"), 21, 21)


def test_bad_input_a_line_bet_off_the_allowed_steps() -> None:
    v = slot("amber_caravan")
    with pytest.raises(InvalidBet, match="not one of the allowed steps"):
        start(v, 3 * 20, 20)
    with pytest.raises(StakeAboveMaximum):
        start(v, 1000 * 20, 20)
    with pytest.raises(StakeBelowMinimum):
        start(slot("classic_fruit"), 1 * 5, 5)


def test_bad_input_a_ways_game_takes_no_lines_and_other_codes_are_refused() -> None:
    with pytest.raises(InvalidSelection):
        start(slot("aurora_fjord"), 25, 5)
    with pytest.raises(InvalidBet, match="25 coins"):
        start(slot("aurora_fjord"), 26)
    with pytest.raises(UnknownBetCode):
        ENGINE.start(slot("aurora_fjord"), [BetRequest("red", 25)], "EUR")


# -- free spins (001 §6.4.3, §6.8.2) -----------------------------------------------------------

def _trigger(v, stake=100):  # type: ignore[no-untyped-def]
    state = spin(start(v, stake, 20), scatter_stops(v, 3))
    assert v.free_spins is not None
    assert state.free_left == v.free_spins.awards[3]
    return state


def test_001_6_8_2_free_spins_are_chance_steps_of_the_same_round_without_debit() -> None:
    v = slot("amber_caravan")
    state = _trigger(v)
    fs = v.free_spins
    assert fs is not None
    quiet = [stop_showing(s, v.scatter, v.rows, False) for s in fs.reels]
    for _ in range(fs.awards[3]):
        assert ENGINE.next_draw(state) is not None and state.in_free
        state = spin(state, quiet)
    spins = [e.data for e in state.events if e.type == "spin"]
    assert len(spins) == 1 + fs.awards[3]
    assert all(s["free"] and s["multiplier"] == fs.multiplier for s in spins[1:])
    assert sum(s["win"] for s in spins) == state.win
    if state.settlement is None:
        state = ENGINE.apply(state, Decision("collect"))
    settlement = ENGINE.settle(state)
    assert settlement.total_stake == 100  # one debit for the whole series
    assert settlement.total_returned == state.win


def test_001_6_4_3_free_spin_wins_are_multiplied() -> None:
    v = slot("amber_caravan")
    state = _trigger(v)
    fs = v.free_spins
    assert fs is not None
    stops = [stop_showing(s, v.scatter, v.rows, False) for s in fs.reels]
    after = spin(state, stops)
    data = [e.data for e in after.events if e.type == "spin"][-1]
    from croupier.games.slots.rules import window

    res = evaluate(v, window(fs.reels, stops, v.rows), 20)
    assert data["win"] == res.coins(20) * 5 * fs.multiplier


def test_001_6_4_3_scatters_during_free_spins_retrigger() -> None:
    v = slot("amber_caravan")
    state = _trigger(v)
    fs = v.free_spins
    assert fs is not None
    before = state.free_left
    state = spin(state, scatter_stops(v, 3, free=True))
    assert state.free_left == before - 1 + fs.retriggers[3]


def test_bad_input_no_decision_while_a_free_spin_series_is_open() -> None:
    state = _trigger(slot("amber_caravan"))
    with pytest.raises(IllegalAction, match="free spins are running"):
        ENGINE.apply(state, Decision("collect"))


# -- the gamble (001 §6.7; 000 §12.17) ---------------------------------------------------------

def _won(v=None):  # type: ignore[no-untyped-def]
    v = v or slot("amber_caravan")
    for stops in _all_quiet_stops(v):
        state = spin(start(v, v.steps["EUR"][0] * v.max_lines, v.max_lines), stops)
        if state.gambling is not None:
            return state
    raise LookupError("no winning quiet spin")


def _all_quiet_stops(v):  # type: ignore[no-untyped-def]
    base = [stop_showing(s, v.scatter, v.rows, False) for s in v.reels]
    for a in range(len(v.reels[0])):
        yield [a, *base[1:]]


def _card(code: str) -> int:
    from croupier.cards.card import parse
    from croupier.games.slots.gamble import DECK

    return DECK.index(parse(code))


def test_001_6_7_1_collect_is_offered_after_a_win_and_pays_it() -> None:
    state = _won()
    legal = ENGINE.legal_actions(state)
    assert legal[0] == Decision("collect")
    done = ENGINE.apply(state, Decision("collect"))
    assert ENGINE.settle(done).total_returned == state.win


def test_001_6_7_2_colour_doubles_and_001_6_7_3_a_wrong_guess_zeros_everything() -> None:
    state = _won()
    g = ENGINE.apply(state, Decision("gamble", {"mode": "colour", "guess": "red"}))
    right = ENGINE.apply(g, DrawAction("gamble_card", _card("Ah")))
    assert right.gambling is not None and right.gambling.at_risk == 2 * state.win
    wrong = ENGINE.apply(g, DrawAction("gamble_card", _card("As")))
    assert ENGINE.settle(wrong).total_returned == 0


def test_001_6_7_2_suit_quadruples() -> None:
    state = _won()
    g = ENGINE.apply(state, Decision("gamble", {"mode": "suit", "guess": "clubs"}))
    right = ENGINE.apply(g, DrawAction("gamble_card", _card("7c")))
    assert right.gambling is not None and right.gambling.at_risk == 4 * state.win


def test_000_12_17_higher_card_equal_ranks_push() -> None:
    from croupier.games.slots.gamble import DECK, player_card

    state = _won()
    g = ENGINE.apply(state, Decision("gamble", {"mode": "higher"}))
    g = ENGINE.apply(g, DrawAction("gamble_card", _card("9h")))
    rest = [player_card(_card("9h"), i) for i in range(51)]
    push = ENGINE.apply(g, DrawAction("player_card", rest.index(DECK[_card("9s")])))
    assert push.gambling is not None and push.gambling.at_risk == state.win
    up = ENGINE.apply(g, DrawAction("player_card", rest.index(DECK[_card("Ts")])))
    assert up.gambling is not None and up.gambling.at_risk == 2 * state.win


def test_000_12_17_gamble_half_keeps_the_other_half() -> None:
    state = _won()
    g = ENGINE.apply(state, Decision("gamble", {"mode": "colour", "guess": "black", "part": "half"}))
    lost = ENGINE.apply(g, DrawAction("gamble_card", _card("Ad")))
    kept = state.win - state.win // 2
    assert lost.gambling is not None and lost.gambling.at_risk == kept
    assert ENGINE.settle(ENGINE.apply(lost, Decision("collect"))).total_returned == kept


def test_bad_input_a_sixth_gamble_move() -> None:
    state = _won()
    for _ in range(5):
        state = ENGINE.apply(state, Decision("gamble", {"mode": "colour", "guess": "red"}))
        state = ENGINE.apply(state, DrawAction("gamble_card", _card("Ah")))
    assert ENGINE.legal_actions(state) == [Decision("collect")]
    with pytest.raises(IllegalAction, match="at most 5 moves"):
        ENGINE.apply(state, Decision("gamble", {"mode": "colour", "guess": "red"}))


def test_bad_input_a_gamble_above_the_cap() -> None:
    v = slot("classic_fruit")  # cap 100x the total bet
    state = _won(v)
    while True:
        legal = ENGINE.legal_actions(state)
        if len(legal) == 1:
            break
        state = ENGINE.apply(state, Decision("gamble", {"mode": "colour", "guess": "red"}))
        state = ENGINE.apply(state, DrawAction("gamble_card", _card("Ah")))
        assert state.gambling is not None
        if state.gambling.at_risk * 2 > 100 * state.stake:
            with pytest.raises(IllegalAction, match="above the gamble cap"):
                ENGINE.apply(state, Decision("gamble", {"mode": "colour", "guess": "red"}))
            return
    pytest.fail("the cap was never reached within 5 moves")


def test_bad_input_a_gamble_without_a_win() -> None:
    v = slot("amber_caravan")
    for stops in _all_quiet_stops(v):
        state = spin(start(v, 20, 20), stops)
        if state.settlement is not None:
            with pytest.raises(IllegalAction, match="no win to gamble"):
                ENGINE.apply(state, Decision("gamble", {"mode": "colour", "guess": "red"}))
            return
    pytest.fail("no losing spin found")


def test_bad_input_unknown_gamble_mode_and_guess() -> None:
    state = _won(slot("classic_fruit"))
    with pytest.raises(InvalidSelection):
        ENGINE.apply(state, Decision("gamble", {"mode": "suit", "guess": "hearts"}))
    with pytest.raises(InvalidSelection):
        ENGINE.apply(state, Decision("gamble", {"mode": "colour", "guess": "green"}))


# -- records, provably fair, invariants ----------------------------------------------------------

@pytest.mark.parametrize("name", ["classic_fruit", "amber_caravan", "aurora_fjord"])
def test_a_round_replays_and_reenacts_from_the_seeds(name: str) -> None:
    v = slot(name)
    server = "ab" * 32
    for nonce in range(30):
        state, settlement = play(ENGINE, v, [BetRequest("spin", 25 * 4 if name == "aurora_fjord" else 100, ())],
                                 "EUR", fair.stream(server, "client", nonce), collect)
        assert replay(ENGINE, v, state.events) == settlement
        assert reenact(ENGINE, v, state.events, fair.stream(server, "client", nonce)) == settlement


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), moves=st.lists(st.sampled_from(["colour", "suit", "higher", "collect"]), max_size=6))
def test_property_gamble_never_pays_above_the_cap_and_the_round_ends(seed: int, moves: list[str]) -> None:
    v = slot("amber_caravan")
    src = seeded(seed)
    plan = iter(moves)

    def decide(state, legal):  # type: ignore[no-untyped-def]
        want = next(plan, "collect")
        for d in legal:
            if d.name == "gamble" and d.args["mode"] == want:
                return d
        return Decision("collect")

    state, settlement = play(ENGINE, v, [BetRequest("spin", 20, (20,))], "EUR", src, decide)
    spins_win = sum(e.data["win"] for e in state.events if e.type == "spin")
    assert settlement.total_returned <= max(spins_win, 500 * 20)
    assert ENGINE.is_finished(state) and ENGINE.legal_actions(state) == []
    with pytest.raises(RoundFinished):
        ENGINE.apply(state, DrawAction("reel", 0))


def test_001_6_7_5_the_cap_counts_the_half_kept_aside() -> None:
    """No move may reach above the cap, the half kept aside included: with 0.8 x cap won, a half
    colour gamble could reach 0.4 + 0.8 = 1.2 x cap and is refused."""
    from croupier.games.slots.engine import Gambling

    state = _won(slot("amber_caravan"))
    cap = ENGINE.cap(state)
    near = state._replace(gambling=Gambling(0, cap * 8 // 10, 0))
    offered = {(d.args["mode"], d.args["part"]) for d in ENGINE.legal_actions(near) if d.name == "gamble"}
    assert ("colour", "half") not in offered and ("colour", "all") not in offered
    with pytest.raises(IllegalAction, match="above the gamble cap"):
        ENGINE.apply(near, Decision("gamble", {"mode": "colour", "guess": "red", "part": "half"}))
    low = state._replace(gambling=Gambling(0, cap * 4 // 10, 0))
    offered = {(d.args["mode"], d.args["part"]) for d in ENGINE.legal_actions(low) if d.name == "gamble"}
    assert ("colour", "half") in offered and ("colour", "all") in offered
    assert ("suit", "half") in offered  # 0.2 + 0.2 x 4 = exactly the cap: allowed
    assert ("suit", "all") not in offered  # 0.4 x 4 = 1.6 x cap
