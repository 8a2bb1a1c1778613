"""Accumulators over virtual events (issue 23 "multi-leg bet slips (accumulators)", "Done when":
"an accumulator with two legs of the same event — precise errors, nothing debited";
docs/virtual.md "Accumulators", every rule an ASSUMPTION: the rules describe no multi-leg slips).

Three virtual tables (two speedway tables, one of greyhounds) run events on the same schedule;
a slip's legs are on different tables' next events. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import hashlib
import itertools
from collections.abc import Iterator
from fractions import Fraction
from math import prod
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from croupier.errors import InvalidSelection, StakeBelowMinimum, UnknownBetCode
from croupier.games.registry import game, load_variant
from croupier.games.virtual.accumulator import (
    combined_odds,
    exact_rtp,
    floor_cents,
    legs_rtp,
    payout,
)
from croupier.games.virtual.engine import SelectionNotOffered
from croupier.platform import accumulators as A
from croupier.platform import draw_runner, tables
from croupier.platform import draws as D
from croupier.platform.config import TableConfig
from croupier.platform.errors import UnsupportedGame
from croupier.platform.history import history, recall
from croupier.platform.ledger import Ledger, system_code
from croupier.platform.service import Platform
from croupier.rng import fair
from croupier.store.accumulator_models import Accumulator
from tests.draw_helpers import Clock, Sink
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player

SPEEDWAY_A, SPEEDWAY_B, DOGS = "speedway-a", "speedway-b", "dogs-six"
VIRTUAL = (TableConfig(SPEEDWAY_A, "Speedway A", "racing", "speedway", "EUR"),
           TableConfig(SPEEDWAY_B, "Speedway B", "racing", "speedway", "EUR"),
           TableConfig(DOGS, "Greyhounds", "greyhounds", "six", "EUR"))
V = load_variant("racing", "speedway")  # an event every 120 s, bets until 10 s before the off
EVENT = 15_000_000


@pytest.fixture
def clock() -> Clock:
    return Clock((EVENT - 1) * 120 + 5)


@pytest.fixture
def vp(db_url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Iterator[Platform]:
    monkeypatch.setattr(draw_runner, "FAST", True)
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, *VIRTUAL)), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()


def _boards(p: Platform, clock: Clock) -> dict[str, dict[str, Any]]:
    out = {}
    for t in (SPEEDWAY_A, SPEEDWAY_B, DOGS):
        p.run(lambda s, t=t: D.prepare(s, t, clock()))
        out[t] = p.read(lambda s, t=t: D.board(s, t, clock()))["upcoming"][0]
    return out


def _selections(event: dict[str, Any], code: str) -> dict[tuple[Any, ...], dict[str, Any]]:
    market = next(m for m in event["board"]["markets"] if m["code"] == code)
    return {tuple(s["target"]): s for s in market["selections"]}


def _place(p: Platform, player: Any, clock: Clock, legs: list[tuple[str, str, tuple[Any, ...]]],
           stake: str = "1.00", **kw: Any) -> dict[str, Any]:
    return p.run(lambda s: A.place(s, player, [A.LegIn(t, c, tg, kw.get("number")) for t, c, tg in legs],
                                   stake, clock()))


def _run_event(p: Platform, clock: Clock, table: str, number: int = EVENT) -> None:
    sink = Sink()
    clock.to(number * 120 - 10)
    asyncio.run(draw_runner.step(p, sink, table))
    clock.to(number * 120)
    asyncio.run(draw_runner.step(p, sink, table))


def _slips(p: Platform) -> int:
    return int(p.read(lambda s: s.scalar(select(func.count(Accumulator.id)))) or 0)


def _cents(text: str) -> Fraction:
    return Fraction(int(text.replace(".", "")), 100)


# -- the maths -----------------------------------------------------------------------------------


def test_issue23_combined_odds_are_the_product_rounded_down_to_a_cent_and_capped() -> None:
    odds = [Fraction(337, 100), Fraction(251, 100), Fraction(119, 100)]  # product 10.065793
    assert combined_odds(odds, Fraction(1000)) == Fraction(1006, 100)
    assert floor_cents(prod(odds)) <= prod(odds) < floor_cents(prod(odds)) + Fraction(1, 100)
    assert combined_odds(odds, Fraction(10)) == 10  # the cap
    assert combined_odds([], Fraction(1000)) == 1  # every leg void: odds 1
    assert payout(150, Fraction(1006, 100)) == 1509 and payout(150, Fraction(1006, 100), 1000) == 1000
    chances = [Fraction(1, 3), Fraction(2, 5), Fraction(3, 4)]
    assert legs_rtp(chances, odds) == prod(c * o for c, o in zip(chances, odds, strict=True))
    assert exact_rtp(chances, odds, Fraction(1000)) == prod(chances) * Fraction(1006, 100)
    assert exact_rtp(chances, odds, Fraction(1000)) < legs_rtp(chances, odds)  # the rounding's margin


# -- a slip paid at the product of the published odds ---------------------------------------------


def test_issue23_an_accumulator_pays_the_product_of_the_legs_board_odds_when_every_leg_wins(
        vp: Platform, clock: Clock) -> None:
    boards = _boards(vp, clock)
    wins_a, wins_b = _selections(boards[SPEEDWAY_A], "win"), _selections(boards[SPEEDWAY_B], "win")
    player = new_player(vp, deposit="100.00")
    placed = {}
    for a, b in itertools.product(wins_a, wins_b):  # one slip on every pair of winners: one wins
        slip = _place(vp, player, clock, [(SPEEDWAY_A, "win", a), (SPEEDWAY_B, "win", b)], "2.00")
        combined = floor_cents(_cents(wins_a[a]["odds"]) * _cents(wins_b[b]["odds"]))
        assert _cents(slip["odds"]) == combined and slip["state"] == "open"
        # the exact RTP: the product of the legs' chances x the combined odds; the product of
        # the legs' own RTPs as the published board prints them is its upper bound
        rtps = [Fraction(wins_a[a]["rtp"]), Fraction(wins_b[b]["rtp"])]
        assert Fraction(slip["legs_rtp_product"]) == prod(rtps)
        chances = [r / _cents(s["odds"]) for r, s in zip(rtps, (wins_a[a], wins_b[b]), strict=True)]
        assert Fraction(slip["rtp"]) == prod(chances) * combined <= prod(rtps)
        placed[(a, b)] = slip
    staked = 200 * len(placed)
    assert int(vp.balance(player)["cash_minor"]) == 10_000 - staked
    _run_event(vp, clock, SPEEDWAY_A)
    _run_event(vp, clock, SPEEDWAY_B)
    views = {k: vp.read(lambda s, i=v["accumulator_id"]: A.slip_view(s, player, i)) for k, v in placed.items()}
    order = {t: recall_order(vp, player, views, i) for i, t in enumerate((SPEEDWAY_A, SPEEDWAY_B))}
    won = (order[SPEEDWAY_A], order[SPEEDWAY_B])
    for k, v in views.items():
        if k == won:
            assert v["state"] == "won" and v["returned_minor"] == 2 * int(v["odds"].replace(".", ""))
        else:
            assert v["state"] == "lost" and v["returned_minor"] == 0
    assert int(vp.balance(player)["cash_minor"]) == 10_000 - staked + views[won]["returned_minor"]
    assert vp.audit().total == 0
    assert vp.read(lambda s: Ledger(s).balance(system_code("stakes", "EUR"))) == 0


def recall_order(p: Platform, player: Any, views: dict[Any, dict[str, Any]], leg: int) -> tuple[int, ...]:
    """The winner of a leg's event, as the player's recall of that event shows it (Games History)."""
    some = next(iter(views.values()))
    rec = p.read(lambda s: recall(s, player, some["legs"][leg]["round_id"]))
    assert rec["stake_minor"] == 0 and len(rec["accumulator_legs"]) == len(views)  # every slip's leg on it
    assert fair.commitment(rec["fairness"]["server_seed"]) == rec["fairness"]["server_seed_hash"]
    return (int(rec["outcome"]["order"][0]),)


def test_issue23_a_losing_leg_loses_the_slip_at_once_and_nothing_is_paid_until_decided(
        vp: Platform, clock: Clock) -> None:
    boards = _boards(vp, clock)
    player = new_player(vp, deposit="100.00")
    slips = {a: _place(vp, player, clock, [(SPEEDWAY_A, "win", a), (DOGS, "win", (1,))])
             for a in _selections(boards[SPEEDWAY_A], "win")}
    before = int(vp.balance(player)["cash_minor"])
    _run_event(vp, clock, SPEEDWAY_A)  # the greyhounds' event has not run yet
    for slip in slips.values():
        v = vp.read(lambda s, i=slip["accumulator_id"]: A.slip_view(s, player, i))
        a_leg, dog_leg = v["legs"]
        assert dog_leg["state"] == "open" and dog_leg["event_state"] == "open"  # its runner has not run it
        assert v["state"] == ("open" if a_leg["state"] == "won" else "lost")
        assert a_leg["state"] in ("won", "lost") and a_leg["headline"]
    assert int(vp.balance(player)["cash_minor"]) == before  # nothing paid before the slip is decided
    items = vp.read(lambda s: history(s, player))
    assert {i["table_id"] for i in items} == {SPEEDWAY_A, DOGS}  # both events are in Games History
    assert vp.audit().total == 0


def test_issue23_a_void_leg_counts_at_odds_one_and_all_void_returns_the_stake(vp: Platform, clock: Clock) -> None:
    boards = _boards(vp, clock)
    player = new_player(vp, deposit="100.00")
    wins_a = _selections(boards[SPEEDWAY_A], "win")
    slips = {a: _place(vp, player, clock, [(SPEEDWAY_A, "win", a), (SPEEDWAY_B, "win", (1,))], "3.00")
             for a in wins_a}
    both_void = _place(vp, player, clock, [(DOGS, "win", (2,)), (SPEEDWAY_B, "win", (2,))], "3.00")
    b_round = slips[(1,)]["legs"][1]["round_id"]
    dogs_round = both_void["legs"][0]["round_id"]
    for rid in (b_round, dogs_round):
        vp.run(lambda s, r=rid: tables.void_round(s, r, "test: the event failed", clock()))
    before = int(vp.balance(player)["cash_minor"])
    v = vp.read(lambda s: A.slip_view(s, player, both_void["accumulator_id"]))
    assert v["state"] == "void" and v["returned_minor"] == 300
    _run_event(vp, clock, SPEEDWAY_A)
    paid = 0
    for a, slip in slips.items():
        v = vp.read(lambda s, i=slip["accumulator_id"]: A.slip_view(s, player, i))
        assert v["legs"][1]["state"] == "void"
        if v["legs"][0]["state"] == "won":  # paid the winning leg's odds alone (the void leg: x1)
            assert v["state"] == "won" and v["returned_minor"] == 3 * int(wins_a[a]["odds"].replace(".", ""))
            paid += v["returned_minor"]
        else:
            assert v["state"] == "lost" and v["returned_minor"] == 0
    assert paid > 0 and int(vp.balance(player)["cash_minor"]) == before + paid
    assert vp.audit().total == 0


# -- bad input: precise errors, nothing debited ---------------------------------------------------


def _refused(p: Platform, player: Any, clock: Clock, exc: type[Exception], match: str,
             legs: list[tuple[str, str, tuple[Any, ...]]], stake: str = "1.00", **kw: Any) -> Any:
    before = int(p.balance(player)["cash_minor"]), _slips(p)
    with pytest.raises(exc, match=match) as err:
        _place(p, player, clock, legs, stake, **kw)
    assert (int(p.balance(player)["cash_minor"]), _slips(p)) == before
    assert p.audit().total == 0
    return err.value


def test_issue23_two_legs_of_the_same_event_are_refused_same_event_legs_nothing_debited(
        vp: Platform, clock: Clock) -> None:
    _boards(vp, clock)
    player = new_player(vp, deposit="10.00")
    e = _refused(vp, player, clock, A.SameEventLegs, "legs 1 and 3 are both on event",
                 [(SPEEDWAY_A, "win", (1,)), (SPEEDWAY_B, "win", (1,)), (SPEEDWAY_A, "forecast", (2, 3))])
    assert e.code == "same_event_legs"
    # the same event named by its number is the same event
    _refused(vp, player, clock, A.SameEventLegs, "legs 1 and 2",
             [(SPEEDWAY_A, "win", (1,)), (SPEEDWAY_A, "win", (2,))], number=EVENT)


def test_issue23_a_leg_after_its_events_cut_off_is_refused_leg_closed(vp: Platform, clock: Clock) -> None:
    _boards(vp, clock)
    player = new_player(vp, deposit="10.00")
    e = _refused(vp, player, clock, A.LegClosed, "past its cut-off",
                 [(SPEEDWAY_A, "win", (1,)), (SPEEDWAY_B, "win", (1,))], number=EVENT - 1)
    assert e.code == "leg_closed"
    _refused(vp, player, clock, A.InvalidBet, "no published board yet",
             [(SPEEDWAY_A, "win", (1,)), (SPEEDWAY_B, "win", (1,))], number=EVENT + 1)
    clock.to(EVENT * 120 - 10)  # the cut-off: the runner has not closed the round yet
    _refused(vp, player, clock, A.LegClosed, "past its cut-off",
             [(SPEEDWAY_A, "win", (1,)), (SPEEDWAY_B, "win", (1,))], number=EVENT)


def test_issue23_too_many_or_too_few_legs_are_refused(vp: Platform, clock: Clock) -> None:
    _boards(vp, clock)
    player = new_player(vp, deposit="10.00")
    assert V.accumulator.max_legs == 8
    nine = [(SPEEDWAY_A, "win", (1,))] * 9
    e = _refused(vp, player, clock, A.TooManyLegs, "at most 8 legs, got 9", nine)
    assert e.code == "too_many_legs"
    _refused(vp, player, clock, A.TooFewLegs, "at least 2 legs, got 1", [(SPEEDWAY_A, "win", (1,))])


def test_issue23_a_leg_not_offered_or_not_valid_is_refused(vp: Platform, clock: Clock,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(seed: str, table: str) -> list[tuple[str, tuple[int, ...]]]:
        forms = tuple(game("racing").engine.publish(V, fair.stream(seed, f"{table}:{EVENT}", 0))["forms"])
        board = game("racing").engine.board(V, forms)
        return [(m.code, s) for m in V.core.markets for s in m.selections(V.core.runners)
                if s not in board.get(m.code, {})]

    # an event seed whose board leaves a selection out (odds under x1.01), among fixed seeds
    seed = next(sd for i in range(500) if missing(sd := hashlib.sha256(f"v{i}".encode()).hexdigest(), SPEEDWAY_B))
    monkeypatch.setattr(fair, "new_server_seed", lambda: seed)
    _boards(vp, clock)
    code, sel = missing(seed, SPEEDWAY_B)[0]
    player = new_player(vp, deposit="10.00")
    e = _refused(vp, player, clock, SelectionNotOffered, "leg 2: .* not offered at this event",
                 [(SPEEDWAY_A, "win", (1,)), (SPEEDWAY_B, code, tuple(sel))])
    assert e.code == "not_offered"
    _refused(vp, player, clock, UnknownBetCode, "no market 'nope'", [(SPEEDWAY_A, "win", (1,)), (DOGS, "nope", ())])
    _refused(vp, player, clock, InvalidSelection, "9", [(SPEEDWAY_A, "win", (9,)), (DOGS, "win", (1,))])
    _refused(vp, player, clock, UnsupportedGame, "not a draw game", [(SPEEDWAY_A, "win", (1,)), ("t-eur", "red", ())])
    _refused(vp, player, clock, StakeBelowMinimum, "below the minimum",
             [(SPEEDWAY_A, "win", (1,)), (DOGS, "win", (1,))], stake="0.01")


def test_issue23_accumulators_off_in_a_variant_are_refused(vp: Platform, clock: Clock,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from croupier.games.virtual.variant import AccumulatorRules

    _boards(vp, clock)
    off = replace(V, accumulator=AccumulatorRules(enabled=False))
    real = D._draw_table
    monkeypatch.setattr(A, "_draw_table", lambda s, t: (lambda r: (r[0], r[1], off if t == SPEEDWAY_B else r[2]))(
        real(s, t)))
    player = new_player(vp, deposit="10.00")
    e = _refused(vp, player, clock, A.AccumulatorsOff, "leg 2: .* takes no accumulators",
                 [(SPEEDWAY_A, "win", (1,)), (SPEEDWAY_B, "win", (1,))])
    assert e.code == "accumulators_off"


# -- the ledger over random slips ----------------------------------------------------------------


_round = itertools.count()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_issue23_the_ledger_sums_to_zero_over_random_slips(vp: Platform, clock: Clock, data: st.DataObject) -> None:
    number = EVENT + 10 * next(_round)  # each example runs its own events
    clock.to((number - 1) * 120 + 5)
    for t in (SPEEDWAY_A, SPEEDWAY_B, DOGS):  # the event a previous example's runner opened: run
        asyncio.run(draw_runner.step(vp, Sink(), t))
    boards = _boards(vp, clock)
    assert all(b["number"] == number for b in boards.values())
    player = new_player(vp, deposit="50.00")
    stakes = 0
    for _ in range(data.draw(st.integers(1, 4), label="slips")):
        tabs = data.draw(st.lists(st.sampled_from(sorted(boards)), min_size=2, max_size=3, unique=True))
        legs = []
        for t in tabs:
            # indices, not the boards' values: the boards differ between runs (fresh seeds)
            markets = [m for m in boards[t]["board"]["markets"] if m["selections"]]
            market = markets[data.draw(st.integers(0, 10**6), label="market") % len(markets)]
            pick = market["selections"][data.draw(st.integers(0, 10**6), label="selection") % len(market["selections"])]
            legs.append((t, market["code"], tuple(pick["target"])))
        stake = data.draw(st.integers(10, 500))
        _place(vp, player, clock, legs, f"{stake // 100}.{stake % 100:02d}")
        stakes += stake
    void = data.draw(st.sampled_from([None, *sorted(boards)]), label="voided event")
    for t in sorted(boards):
        if t == void:
            vp.run(lambda s, r=boards[t]["round_id"]: tables.void_round(s, r, "test: failed", clock()))
        else:
            _run_event(vp, clock, t, number)
    slips = vp.read(lambda s: A.my_slips(s, player))
    assert all(v["state"] in ("won", "lost", "void") for v in slips)
    returned = sum(int(v["returned_minor"]) for v in slips)
    assert int(vp.balance(player)["cash_minor"]) == 5000 - stakes + returned
    audit = vp.audit()
    assert audit.total == 0 and not audit.mismatched and not audit.negative_players
    assert vp.read(lambda s: Ledger(s).balance(system_code("stakes", "EUR"))) == 0


def test_issue23_the_accumulator_option_is_variant_data_checked_when_read() -> None:
    from croupier.errors import VariantError
    from croupier.games.virtual.variant import parse_accumulator

    assert parse_accumulator({}, "v") == V.accumulator  # the files' values are the defaults
    assert parse_accumulator({"accumulator": {"enabled": False, "max_legs": 3, "max_odds": "250.5"}}, "v").max_odds == Fraction(501, 2)
    for bad, why in [({"max_legs": 1}, "max_legs"), ({"max_legs": True}, "max_legs"), ({"enabled": "yes"}, "enabled"),
                     ({"max_odds": "1.5"}, "max_odds"), ({"max_odds": "10.001"}, "max_odds"), ({"max_odds": "x"}, "max_odds"),
                     ({"cap": 5}, "takes enabled")]:
        with pytest.raises(VariantError, match=why):
            parse_accumulator({"accumulator": bad}, "v")
