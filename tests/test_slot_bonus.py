"""000 §12.17's bonus indicator (Fruit Parlour): 3 of the special image anywhere start it; the
indicator stops at random on a place of its ring; the image there pays its odds when the window
shows it. Engine, exact maths (reel by reel against the engine over every triggering window and
every place), the compiled round simulator on the engine's draws, and the variant's validation."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from croupier.errors import IllegalAction, VariantError
from croupier.games.base import BetRequest, DrawAction
from croupier.games.slots.engine import ENGINE
from croupier.games.slots.exact import bonus_expectation, slot_rtp
from croupier.games.slots.rules import bonus_triggered, evaluate, window
from croupier.games.slots.variant import parse_variant
from tests.slot_helpers import slot, start

# the module's compiled kernels compile once, on one worker (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("numba_slots")

LINES = 5


def _triggering_stops(v: Any, want: bool = True) -> list[int]:
    for stops in itertools.product(*(range(len(s)) for s in v.reels)):
        if bonus_triggered(v, window(v.reels, stops, v.rows)) == want:
            return list(stops)
    raise LookupError


def test_000_12_17_three_special_images_start_the_indicator_and_a_shown_image_pays_its_odds() -> None:
    v = slot("classic_fruit")
    b = v.bonus
    assert b is not None and v.symbols[b.symbol].code == "BB" and b.trigger == 3
    stops = _triggering_stops(v)
    st = start(v, 5 * 10)  # line bet 10 on 5 lines: total bet 50
    for s in stops:
        st = ENGINE.apply(st, DrawAction("reel", s))
    req = ENGINE.next_draw(st)
    assert req is not None and (req.kind, req.n) == ("indicator", len(b.ring))
    win = window(v.reels, stops, v.rows)
    spin_coins = evaluate(v, win, LINES).coins(LINES)
    shown = {x for col in win for x in col}
    for place, image in enumerate(b.ring):
        done = ENGINE.apply(st, DrawAction("indicator", place))
        paid = (spin_coins + (b.odds[image] * LINES if image in shown else 0)) * 10
        assert done.win == paid
        data = next(e.data for e in done.events if e.type == "spin")["bonus"]
        assert data["place"] == place and data["image"] == v.symbols[image].code
        assert data["win"] == (b.odds[image] * 50 if image in shown else 0)
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, DrawAction("reel", 0))  # the indicator comes first
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, DrawAction("indicator", len(b.ring)))  # no such place


def test_000_12_17_fewer_special_images_draw_no_indicator() -> None:
    v = slot("classic_fruit")
    st = start(v, 50)
    for s in _triggering_stops(v, want=False):
        st = ENGINE.apply(st, DrawAction("reel", s))
    assert st.settlement is not None or st.gambling is not None or st.win == 0
    assert all(e.data.get("kind") != "indicator" for e in st.events if e.type == "draw")


def test_000_12_17_bonus_expectation_equals_the_engine_over_every_window_and_place() -> None:
    """Second method: every stop combination whose window starts the bonus, played through the
    engine at every place of the ring; the bonus part is the engine's win less the lines'."""
    v = slot("classic_fruit")
    b = v.bonus
    assert b is not None
    total = 0
    for stops in itertools.product(*(range(len(s)) for s in v.reels)):
        win = window(v.reels, stops, v.rows)
        if not bonus_triggered(v, win):
            continue
        st = start(v, LINES, currency="XXX")
        for s in stops:
            st = ENGINE.apply(st, DrawAction("reel", s))
        base = evaluate(v, win, LINES).coins(LINES)
        for place in range(len(b.ring)):
            total += ENGINE.apply(st, DrawAction("indicator", place)).win - base
    combos = len(b.ring) * len(v.reels[0]) * len(v.reels[1]) * len(v.reels[2])
    assert Fraction(total, combos * LINES) == bonus_expectation(v, v.reels) == slot_rtp(v).bonus
    assert slot_rtp(v).bonus > 0


def test_000_12_17_the_compiled_rounds_draw_the_indicator_as_the_engine_asks() -> None:
    from croupier.games.slots import kernels
    from croupier.games.slots.simulate import Simulator, fast_rounds, round_state

    v = slot("classic_fruit")
    sim = Simulator.of(v)
    state = round_state(5, 0)
    bonuses = 0
    for _ in range(2500):
        mine = state.copy()
        coins, _ = fast_rounds(sim, state, 1)
        st = ENGINE.start(v, [BetRequest("spin", LINES, ())], "XXX")
        while st.settlement is None and st.gambling is None:
            req = ENGINE.next_draw(st)
            assert req is not None
            bonuses += req.kind == "indicator"
            st = ENGINE.apply(st, DrawAction(req.kind, int(kernels.bounded(mine, req.n))))
        assert st.win == coins
        assert (mine == state).all()
    assert bonuses >= 5


def test_bad_input_a_bonus_with_an_unknown_image_or_nothing_to_pay_is_refused() -> None:
    base: dict[str, Any] = {
        "title": "t", "source": "t", "theme": "t", "rows": 1,
        "symbols": {"A": {"name": "A", "role": "theme"}, "B": {"name": "B", "role": "card"}},
        "reels": ["A B", "A B", "A B"], "lines": [[0, 0, 0]], "paytable": {"A": [0, 0, 5]},
        "bet": {"steps": {"EUR": [1]}},
    }
    with pytest.raises(VariantError, match="symbol"):
        parse_variant({**base, "bonus": {"symbol": "Z", "trigger": 3, "ring": "A B", "odds": {"A": 1}}}, "t")
    with pytest.raises(VariantError, match="no image of the ring pays"):
        parse_variant({**base, "bonus": {"symbol": "A", "trigger": 3, "ring": "B", "odds": {"A": 1}}}, "t")
    with pytest.raises(VariantError, match="trigger"):
        parse_variant({**base, "bonus": {"symbol": "A", "trigger": 4, "ring": "A", "odds": {"A": 1}}}, "t")


def test_000_12_17_the_slot_describes_its_bonus_ring_and_odds() -> None:
    from croupier.games import describe as D
    from croupier.games.registry import game

    v = slot("classic_fruit")
    desc = D.describe(game("slot"), v)
    b = desc["outcome"]["bonus"]
    assert b["symbol"] == "BB" and b["trigger"] == 3 and len(b["ring"]) == 16
    assert b["odds"]["7"] == 10 and "X" not in [k for k, o in b["odds"].items() if o]
    assert any("000 §12.17" in r for r in desc["rules"])
