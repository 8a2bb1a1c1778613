"""Invariants of the PvP poker engine over random games with random all-ins (issue 21):
chips are conserved at every step, a legal action exists until the hand ends, every hand
settles as stakes in = pots out + rake, and every record replays to the same hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.poker.bots import play_hand, preset
from croupier.games.pvp.poker.engine import ENGINE, FORMATS, HandSetup, HandState, replay_hand
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import all_variants, load_variant
from croupier.rng import RandomSource, seeded

VARIANTS = all_variants()


def random_decision(state: HandState, source: RandomSource) -> Decision:
    """Any legal decision, a raise to any legal amount: random all-ins come out often."""
    legal = ENGINE.legal_actions(state)
    pick = legal[source.randbelow(len(legal))]
    if pick.name in ("bet", "raise"):
        low, high = ENGINE.raise_range(state)  # type: ignore[misc]
        to = high if source.randbelow(3) == 0 else low + source.randbelow(high - low + 1)
        return Decision(pick.name, {"seat": pick.args["seat"], "to": to})
    return pick


def play_checked(variant_key: tuple[str, str], setup: HandSetup, source: RandomSource,
                 fast_fold: bool = False) -> HandState:
    v = load_variant(*variant_key)
    state = ENGINE.start(v, setup, "AMD")
    total = sum(setup.stacks)
    while not ENGINE.is_finished(state):
        assert sum(state.stacks) + sum(state.committed) == total  # chips conserved
        assert min(state.stacks) >= 0
        req = ENGINE.next_draw(state)
        if req is not None:
            state = ENGINE.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
            continue
        legal = ENGINE.legal_actions(state)
        assert legal, "a legal action exists until the hand ends"
        assert ENGINE.to_act(state) == legal[0].args["seat"]
        if fast_fold and setup.format == "rush" and state.phase == "bet" and source.randbelow(8) == 0:
            able = [seat for i, seat in enumerate(setup.seats) if not state.folded[i] and state.stacks[i] > 0]
            state = ENGINE.apply(state, Decision("fast_fold", {"seat": able[source.randbelow(len(able))]}))
            continue
        state = ENGINE.apply(state, random_decision(state, source))
    se = ENGINE.settle(state)
    assert se.total_stake == se.total_returned + se.rake  # the ledger: stakes in = pots out + rake
    assert se.rake >= 0 and all(b.returned >= 0 for b in se.bets)
    final = [state.stacks[i] + b.returned for i, b in enumerate(se.bets)]
    assert sum(final) + se.rake == total
    assert replay_hand(ENGINE, v, state.events) == se
    return state


@st.composite
def tables(draw: st.DrawFn) -> tuple[tuple[str, str], HandSetup, int]:
    key = draw(st.sampled_from(VARIANTS))
    v = load_variant(*key)
    n = draw(st.integers(v.min_players, v.max_players))
    bb = draw(st.sampled_from([2, 10, 20, 100]))
    stacks = tuple(draw(st.lists(st.integers(1, 60 * bb), min_size=n, max_size=n)))
    fmt = draw(st.sampled_from(FORMATS))
    button = draw(st.integers(1, n))
    predeal: tuple[tuple[int, str], ...] = ()
    if fmt not in ("rush", "all_in_or_fold", "tournament") and v.straddle and n >= 3:
        choice = draw(st.sampled_from(["", "straddle", "no_look_all_in"]))
        seats = list(range(1, n + 1))
        b = button - 1
        blinds = {seats[(b + 1) % n], seats[(b + 2) % n]}
        free = [s for s in seats if s not in blinds]
        if choice == "straddle" and free:
            seat = draw(st.sampled_from(free))
            if stacks[seat - 1] >= 2 * bb:
                predeal = ((seat, "straddle"),)
        elif choice == "no_look_all_in" and v.structure != "fixed_limit":
            predeal = ((draw(st.integers(1, n)), "no_look_all_in"),)
    rake = None
    if fmt != "tournament" and draw(st.booleans()):
        rake = PercentRake(Fraction(draw(st.integers(3, 5)), 100), draw(st.sampled_from([None, 0, 7, 300])),
                           draw(st.booleans()))
    setup = HandSetup(tuple(range(1, n + 1)), stacks, button, bb, fmt, predeal, rake)
    return key, setup, draw(st.integers(0, 2**32))


@given(tables())
@settings(max_examples=300, deadline=None)
def test_chips_conserved_and_a_legal_action_exists_until_the_hand_ends(table: tuple[tuple[str, str], HandSetup, int]) -> None:
    key, setup, seed = table
    play_checked(key, setup, seeded(seed), fast_fold=True)


def _ledger_run(hands: int, seed: str) -> None:
    """Stakes in = pots out + rake, to the minor unit, over many hands of bots at 5% rake."""
    source = seeded(seed)
    staked = paid = raked = 0
    for h in range(hands):
        key = VARIANTS[h % len(VARIANTS)]
        v = load_variant(*key)
        n = 2 + source.randbelow(v.max_players - 1)
        stacks = tuple(1 + source.randbelow(2000) for _ in range(n))
        setup = HandSetup(tuple(range(1, n + 1)), stacks, 1 + h % n, 20,
                          rake=PercentRake(Fraction(5, 100), cap=60, no_flop_no_drop=bool(h % 2)))
        bots = {s: preset(("calling", "tight", "loose", "maniac")[(s + h) % 4], source) for s in setup.seats}
        state, se = play_hand(v, setup, "AMD", source, bots)
        staked += se.total_stake
        paid += se.total_returned
        raked += se.rake
        assert se.total_stake == se.total_returned + se.rake
    assert staked == paid + raked and raked > 0


def test_rake_ledger_stakes_in_equal_pots_out_plus_rake() -> None:
    _ledger_run(1500, "ledger")


@pytest.mark.slow
def test_rake_ledger_stakes_in_equal_pots_out_plus_rake_exhaustive() -> None:
    _ledger_run(10_000, "ledger-slow")  # 10^6 hands: make bench (bench_pvp_poker)


def test_a_hand_replays_from_its_json_record() -> None:
    import json

    from croupier.games.base import Event

    source = seeded("json")
    v = load_variant("omaha", "pot_limit")
    setup = HandSetup((2, 4, 5, 7), (500, 900, 120, 2000), 4, 20, "regular", ((2, "straddle"),),
                      PercentRake(Fraction(4, 100), 100, True))
    for _ in range(30):
        state, se = play_hand(v, setup, "EUR", source, {s: preset("maniac", source) for s in setup.seats})
        record = json.loads(json.dumps([e.to_dict() for e in state.events]))
        assert replay_hand(ENGINE, v, [Event.from_dict(e) for e in record]) == se
