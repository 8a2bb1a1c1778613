"""Issue 21 (``make bench``: hands per second through the engine): the engine was made faster
without changing a single hand. The oracle is the engine and bots as they were before that work
(tests/pvp_poker_reference.py); every variant is played from the same seeds by both, with mixed
tables (2 to max players, random stacks and seats, every format, straddles and no-look all-ins,
percentage rakes with and without a cap and "no flop, no drop", fast folds at Rush tables, a
dealer's misdeal, bad decisions: out of turn, a bet or raise off the limits, a wrong action), and
at every step the two must agree: the whole state (the event record included), the legal actions,
the raise range, the seat to act, the draw asked for, each refusal and its message; at the end
the settlement and the record's JSON form."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from croupier.errors import CroupierError
from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.poker.bots import PRESETS, Bot
from croupier.games.pvp.poker.engine import ENGINE, HandSetup, HandState
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import PokerVariant, all_variants, load_variant
from croupier.rng import RandomSource
from tests.pvp_poker_reference import REFERENCE
from tests.pvp_poker_reference import Bot as RefBot

HABITS = ("tight", "loose", "calling", "tight", "maniac", "loose")


class Dice(RandomSource):
    """A seeded Mersenne Twister instance (test only; never the global ``random``)."""

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)

    def randbelow(self, n: int) -> int:
        return self._r.randrange(n)


def _setup(v: PokerVariant, h: int, src: Dice) -> HandSetup:
    n = 2 + src.randbelow(v.max_players - 1)
    seats = tuple(sorted(random.Random(h).sample(range(1, 10), n)))
    stacks = tuple(1 + src.randbelow(3000) for _ in range(n))
    fmt = ("regular", "rush", "all_in_or_fold", "tournament", "regular")[h % 5]
    rake = None
    if fmt != "tournament" and h % 3:
        rake = PercentRake(Fraction(3 + h % 3, 100), cap=(None, 60)[h % 2], no_flop_no_drop=bool(h % 4))
    predeal: tuple[tuple[int, str], ...] = ()
    button = seats[h % n]
    if fmt == "regular" and v.forced_bets == "blinds" and n > 3 and h % 4 == 0:
        seat = seats[(seats.index(button) + 3) % n]
        if v.straddle and stacks[seats.index(seat)] >= 40 and h % 8:
            predeal = ((seat, "straddle"),)
        elif v.no_look_all_in and v.structure != "fixed_limit":
            predeal = ((seat, "no_look_all_in"),)
    return HandSetup(seats, stacks, button, 20, format=fmt, predeal=predeal, rake=rake)


def _bad(d: Decision, s: HandState, src: Dice) -> Decision:
    """A decision the engine must refuse (or, now and then, accept: both engines decide)."""
    seats = s.setup.seats
    k = src.randbelow(4)
    if k == 0:  # out of turn
        return Decision(d.name, {**d.args, "seat": seats[src.randbelow(len(seats))]})
    if k == 1:  # a bet or raise off the limits
        to = int(d.args.get("to", s.current_bet)) + src.randbelow(41) - 20
        return Decision("raise" if s.current_bet else "bet", {"seat": d.args["seat"], "to": to})
    if k == 2:
        return Decision(("check", "call", "all_in", "run_it", "bet")[src.randbelow(5)], dict(d.args))
    return Decision("run_it", {"seat": d.args["seat"], "times": src.randbelow(5)})


def _both(a: HandState, b: HandState, d: Decision) -> tuple[HandState, HandState]:
    """Apply ``d`` to both states: the same next state, or the same refusal."""
    try:
        x = ENGINE.apply(a, d)
    except CroupierError as exc:
        with pytest.raises(type(exc)) as ref:
            REFERENCE.apply(b, d)
        assert str(ref.value) == str(exc)
        return a, b
    return x, REFERENCE.apply(b, d)


@pytest.mark.parametrize("key", all_variants(), ids="/".join)
def test_issue21_fast_engine_plays_every_seeded_hand_as_the_reference_engine(key: tuple[str, str]) -> None:
    v = load_variant(*key)
    src = Dice(sum(map(ord, "/".join(key))))
    for h in range(150):
        setup = _setup(v, h, src)
        seed = src.randbelow(1 << 30)
        mine, ref = Dice(seed), Dice(seed)
        bots = {s: Bot(mine, **PRESETS[HABITS[(s + h) % 6]]) for s in setup.seats}
        ref_bots = {s: RefBot(ref, **PRESETS[HABITS[(s + h) % 6]]) for s in setup.seats}
        a = ENGINE.start(v, setup, "AMD")
        b = REFERENCE.start(v, setup, "AMD")
        while True:
            assert a.fields() == tuple(b), f"hand {h}: the states differ"
            assert ENGINE.is_finished(a) == REFERENCE.is_finished(b)
            if ENGINE.is_finished(a):
                break
            req = ENGINE.next_draw(a)
            assert req == REFERENCE.next_draw(b)
            seat = ENGINE.to_act(a)
            assert seat == REFERENCE.to_act(b)
            if req is not None:
                draw = DrawAction(req.kind, src.randbelow(req.n))
                a, b = ENGINE.apply(a, draw), REFERENCE.apply(b, draw)
                continue
            assert seat is not None
            legal = ENGINE.legal_actions(a)
            assert legal == REFERENCE.legal_actions(b)
            assert ENGINE.raise_range(a) == REFERENCE.raise_range(b)
            d = bots[seat](a, legal)
            assert d == ref_bots[seat](b, legal)
            live = [x for i, x in enumerate(setup.seats) if not a.folded[i] and a.stacks[i] > 0]
            if src.randbelow(12) == 0:
                a, b = _both(a, b, _bad(d, a, src))
            if setup.format == "rush" and live and src.randbelow(8) == 0:
                d = Decision("fast_fold", {"seat": live[src.randbelow(len(live))]})
            elif h % 37 == 11 and src.randbelow(25) == 0:
                d = Decision("misdeal", {"seat": "dealer", "reason": "a card face up"})
            a, b = _both(a, b, d)
        assert ENGINE.settle(a) == REFERENCE.settle(b)
        assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]
