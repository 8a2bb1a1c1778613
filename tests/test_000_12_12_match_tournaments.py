"""Knock-out tournaments of the match games (issue 22: "Tournaments are excluded from rake";
000 §12.12.1; part A "Rake"): buy-in + fee (the fee to the house), the prize table as data, the
bracket played on the match machinery with no rake and no Lucky Spin, byes, time-outs and
resignations advancing the opponent, drawn or voided matches replayed then decided by lot,
prizes paid from the pool to the minor unit, registration and unregistration refunded exactly,
and the precise refusals. SQLite and PostgreSQL (``db_url``)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from croupier.errors import VariantError
from croupier.games.pvp import knockout
from croupier.platform.errors import InsufficientFunds
from croupier.platform.ledger import system_code
from croupier.platform.matches import bracket, play, tournaments
from croupier.platform.matches.errors import (
    AlreadyRegistered,
    BotNotAllowed,
    MatchState,
    NotRegistered,
    TournamentFull,
    TournamentStarted,
)
from croupier.platform.matches.games import match_game
from croupier.platform.service import Platform
from croupier.store.match_models import PvpMatch
from tests.matches_helpers import T0, balance_of, cash, ledger_total
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player
from tests.tournament_helpers import (
    file,
    playing,
    pool,
    register,
    run_bots,
    run_resigning,
    view,
)

DEPOSIT = "100000"


@pytest.fixture
def p(db_url: str) -> Platform:
    return make_platform(db_url)


def _house(p: Platform) -> int:
    return balance_of(p, system_code("house", "AMD"))


def _matches(p: Platform, tid: int) -> list[PvpMatch]:
    ids = [g["match_id"] for g in view(p, tid)["bracket"] if g["match_id"] is not None]
    return list(p.read(lambda s: [s.get(PvpMatch, i) for i in ids]))


def _check_money(p: Platform, tid: int, before: dict[int, int], house0: int) -> dict[str, Any]:
    """Escrow in = prizes out + fees: the pool is empty, the house has every fee, each entrant's
    cash moved by exactly prize - buy-in - fee, no rake anywhere, the ledger sums to zero."""
    v = view(p, tid)
    t = v["entries"]
    assert v["status"] == "finished" and pool(p, tid) == 0
    assert sum(e["prize_minor"] for e in t) == v["buy_in_minor"] * len(t) == v["prize_pool_minor"]
    assert _house(p) - house0 == v["fee_minor"] * len(t)
    for e in t:
        assert cash(p, _P[e["player_id"]]) - before[e["player_id"]] == (
            e["prize_minor"] - v["buy_in_minor"] - v["fee_minor"])
    assert all(m.rake == 0 and m.mode == "tourney" and m.spin is None for m in _matches(p, tid))
    assert balance_of(p, "pvp_rake:AMD") == 0
    assert ledger_total(p) == 0
    return v


_P: dict[int, Any] = {}


def _entrants(p: Platform, n: int, deposit: str = DEPOSIT) -> list[Any]:
    out = [new_player(p, "AMD", deposit=deposit) for _ in range(n)]
    _P.update({x.id: x for x in out})
    return out


@pytest.mark.parametrize(("game", "variant", "seats"), [
    ("chingachung", "standard", 8), ("backgammon", "short", 4), ("belote", "open", 4)])
def test_issue22_knockout_of_computer_opponents_runs_to_completion_with_no_rake(
        p: Platform, game: str, variant: str, seats: int) -> None:
    """A sit-and-go of computer opponents starts when full and plays every round to the final;
    no match is raked or offered Lucky Spin (backgammon and Belote have it at a table)."""
    g = match_game(game)
    tid = file(p, game=game, variant=variant, seats=seats,
               move_seconds=g.move_choices(variant)[-1], game_seconds=g.game_seconds[-1],
               options={"target": 1} if game == "backgammon" else {})
    players = _entrants(p, seats)
    before, house0 = {x.id: cash(p, x) for x in players}, _house(p)
    for x in players:
        register(p, x, tid, bot=True)
    assert view(p, tid)["status"] == "running"
    v = run_bots(p, tid)
    v = _check_money(p, tid, before, house0)
    places = sorted(e["place"] for e in v["entries"])
    expected = {4: [1, 2, 3, 3], 8: [1, 2, 3, 3, 5, 5, 5, 5]}[seats]
    assert places == expected
    rounds = seats.bit_length() - 1
    assert [g["round"] for g in v["bracket"]].count(rounds - 1) == 1
    shares = knockout.default_prizes(seats)
    by_place = knockout.prizes_by_place(v["prize_pool_minor"], shares, seats)
    assert {e["place"]: e["prize_minor"] for e in v["entries"]} == {k: by_place[k] for k in set(places)}


def test_issue22_registration_refusals_are_precise_and_move_nothing(p: Platform) -> None:
    tid = file(p, seats=4, autostart=False)
    ann, bob, cid, dan, eve = _entrants(p, 5)
    poor = _entrants(p, 1, deposit="1000")[0]  # 1,000 < 1,001 + 99
    register(p, ann, tid)
    held = cash(p, ann)
    assert held == 100_000 - 1_100 and pool(p, tid) == 1_100
    with pytest.raises(AlreadyRegistered):
        register(p, ann, tid)
    with pytest.raises(InsufficientFunds, match="buy-in"):
        register(p, poor, tid)
    assert cash(p, ann) == held and cash(p, poor) == 1_000 and pool(p, tid) == 1_100
    with pytest.raises(BotNotAllowed):
        register(p, bob, tid, bot=True)
    for x in (bob, cid, dan):
        register(p, x, tid)
    assert view(p, tid)["status"] == "registering"  # the operator starts this one
    with pytest.raises(TournamentFull):
        register(p, eve, tid)
    assert cash(p, eve) == 100_000
    with pytest.raises(NotRegistered):
        p.run(lambda s: tournaments.unregister(s, eve, tid, T0))
    p.run(lambda s: tournaments.start(s, tid, T0))
    with pytest.raises(TournamentStarted):
        p.run(lambda s: tournaments.unregister(s, ann, tid, T0))
    with pytest.raises(TournamentStarted):
        register(p, eve, tid)
    with pytest.raises(TournamentStarted):
        p.run(lambda s: tournaments.cancel(s, tid, T0))
    assert pool(p, tid) == 4 * 1_001  # the fees went to the house at the start


def test_issue22_unregistering_and_cancelling_refund_exactly(p: Platform) -> None:
    tid = file(p, seats=8, buy_in=777, fee=33)
    ann, bob, cid = _entrants(p, 3)
    house0 = _house(p)
    for x in (ann, bob, cid):
        register(p, x, tid)
    p.run(lambda s: tournaments.unregister(s, bob, tid, T0))
    assert cash(p, bob) == 100_000
    register(p, bob, tid)  # again, with a new entry
    assert cash(p, bob) == 100_000 - 810 and view(p, tid)["registered"] == 3
    p.run(lambda s: tournaments.cancel(s, tid, T0))
    assert [cash(p, x) for x in (ann, bob, cid)] == [100_000] * 3
    assert pool(p, tid) == 0 and _house(p) == house0 and view(p, tid)["status"] == "cancelled"
    with pytest.raises(TournamentStarted):
        register(p, ann, tid)
    assert ledger_total(p) == 0


def test_issue22_byes_resignations_and_time_outs_advance_the_opponent(p: Platform) -> None:
    """Three entrants of a 4-seat bracket (the operator starts it): one bye; a resignation and a
    time-out each put the opponent through."""
    tid = file(p, seats=4, autostart=False)
    players = _entrants(p, 3)
    before, house0 = {x.id: cash(p, x) for x in players}, _house(p)
    for x in players:
        register(p, x, tid)
    lone = file(p, seats=4, autostart=False)
    register(p, players[0], lone)
    with pytest.raises(MatchState):  # a lone entrant cannot start
        p.run(lambda s: tournaments.start(s, lone, T0))
    p.run(lambda s: tournaments.cancel(s, lone, T0))
    p.run(lambda s: tournaments.start(s, tid, T0))
    first = [g for g in view(p, tid)["bracket"] if g["round"] == 0]
    byes = [g for g in first if g["entry_b"] is None]
    assert len(byes) == 1 and byes[0]["how"] == "bye" and byes[0]["winner_entry"] == byes[0]["entry_a"]
    (mid,) = playing(p, tid)
    m = p.read(lambda s: s.get(PvpMatch, mid))
    late = m.deadline_at + timedelta(seconds=1)
    assert p.run(lambda s: play.expire(s, mid, late))  # seat to act ran out of time
    p.run(lambda s: bracket.after_match(s, mid, late))
    m = p.read(lambda s: s.get(PvpMatch, mid))
    g0 = next(g for g in view(p, tid)["bracket"] if g["match_id"] == mid)
    assert m.how == "time_out" and g0["how"] == "time_out"
    assert g0["winner_player"] == (m.creator_id, m.opponent_id)[m.winner_seat]
    (final,) = playing(p, tid)
    v = run_resigning(p, tid, {x.id: x for x in players}, lambda _mid: 1)
    f = next(g for g in v["bracket"] if g["match_id"] == final)
    fm = p.read(lambda s: s.get(PvpMatch, final))
    assert f["how"] == "resigned" and f["winner_player"] == fm.creator_id
    _P.update({x.id: x for x in players})
    v = _check_money(p, tid, before, house0)
    assert sorted(e["place"] for e in v["entries"]) == [1, 2, 3]
    # 3 entrants of a 70/30 table: 1st 70%, 2nd 30%, 3rd nothing (to the minor unit)
    assert sorted(e["prize_minor"] for e in v["entries"]) == [0, 900, 2_103]


def test_issue22_a_drawn_or_void_match_is_played_again_then_the_lot_decides(p: Platform) -> None:
    tid = file(p, seats=2)
    ann, bob = _entrants(p, 2)
    for x in (ann, bob):
        register(p, x, tid)
    seen = []
    for attempt in range(1, bracket.MAX_ATTEMPTS + 1):
        (mid,) = playing(p, tid)
        seen.append(mid)
        p.run(lambda s, m=mid: play.void(s, m, "test: a malfunction", T0))
        p.run(lambda s, m=mid: bracket.after_match(s, m, T0))
        # played again (a new match) until MAX_ATTEMPTS matches were played
        assert view(p, tid)["bracket"][0]["attempts"] == min(attempt + 1, bracket.MAX_ATTEMPTS)
    v = view(p, tid)
    assert len(set(seen)) == bracket.MAX_ATTEMPTS and v["bracket"][0]["how"] == "lot"
    assert v["status"] == "finished" and sorted(e["prize_minor"] for e in v["entries"]) == [0, 2_002]
    assert pool(p, tid) == 0 and ledger_total(p) == 0


def test_issue22_filing_checks_the_prize_table_and_the_engine(p: Platform) -> None:
    with pytest.raises(VariantError):
        file(p, prizes=(Fraction(1, 2), Fraction(1, 3)))
    with pytest.raises(VariantError):
        file(p, seats=6)
    with pytest.raises(VariantError):
        file(p, prizes=tuple([Fraction(1, 5)] * 5))  # 5 places in a 4-seat bracket
    with pytest.raises(VariantError):
        file(p, buy_in=0)
    v = view(p, file(p, seats=8, prizes=(Fraction(6, 10), Fraction(4, 10))))
    assert v["prizes"] == ["3/5", "2/5"] and v["rake_minor"] == 0


@settings(max_examples=8, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seats=st.sampled_from([2, 4, 8]), buy_in=st.integers(50, 90_000), fee=st.integers(0, 10_000),
       shares=st.lists(st.integers(0, 50), min_size=1, max_size=2).filter(lambda w: sum(w) > 0),
       leave=st.lists(st.booleans(), min_size=8, max_size=8),
       losers=st.lists(st.integers(0, 1), min_size=8, max_size=8))
def test_issue22_property_money_is_conserved_to_the_minor_unit(
        tmp_path_factory: Any, seats: int, buy_in: int, fee: int, shares: list[int],
        leave: list[bool], losers: list[int]) -> None:
    """Whatever the field, unregistrations, prize table and results: the pool pays out exactly
    the buy-ins, the house gets exactly the fees, each player's cash moves by prize - entry
    (or not at all after unregistering), and the ledger sums to zero."""
    url = f"sqlite:///{tmp_path_factory.mktemp('pt') / 'c.sqlite3'}"
    p = make_platform(url)
    try:
        total = sum(shares)
        table = tuple(Fraction(w, total) for w in shares)
        tid = file(p, seats=seats, buy_in=buy_in, fee=fee, prizes=table[:seats], autostart=False)
        players = _entrants(p, seats, deposit="200000")
        before, house0 = {x.id: cash(p, x) for x in players}, _house(p)
        for x in players:
            register(p, x, tid)
        for x, out in zip(players, leave, strict=False):
            if out and view(p, tid)["registered"] > 2:
                p.run(lambda s, x=x: tournaments.unregister(s, x, tid, T0))
        p.run(lambda s: tournaments.start(s, tid, T0))
        v = run_resigning(p, tid, {x.id: x for x in players}, lambda mid: losers[mid % 8])
        v = _check_money(p, tid, {e["player_id"]: before[e["player_id"]] for e in v["entries"]}, house0)
        gone = {x.id for x in players} - {e["player_id"] for e in v["entries"]}
        assert all(cash(p, _P[i]) == before[i] for i in gone)
    finally:
        p.db.dispose()


@settings(max_examples=500, deadline=None)
@given(pool_=st.integers(0, 10**12), weights=st.lists(st.integers(0, 1000), min_size=1, max_size=16)
       .filter(lambda w: sum(w) > 0), entrants=st.integers(2, 16))
def test_issue22_property_prizes_add_up_to_the_pool(pool_: int, weights: list[int], entrants: int) -> None:
    total = sum(weights)
    shares = [Fraction(w, total) for w in weights]
    prizes = knockout.prizes_by_place(pool_, shares, entrants)
    assert sorted(prizes) == list(range(1, entrants + 1))
    assert sum(prizes.values()) == pool_ and min(prizes.values()) >= 0
    for best, worst in knockout.place_groups(knockout.bracket_size(entrants), entrants):
        assert len({prizes[k] for k in range(best, worst + 1)}) <= 1  # shared places: one prize


def test_issue22_the_ticker_plays_a_computer_tournament_to_its_prizes(db_url: str) -> None:
    """The match ticker alone (one bot decision per match a pass, time-outs, then the bracket's
    sweep) plays a 4-seat knock-out of computer opponents to the end and publishes every match
    it starts - the next round's included."""
    import asyncio

    from croupier.platform.matches import runner

    p = make_platform(db_url)
    p.clock = lambda: T0
    tid = file(p, seats=4)
    players = _entrants(p, 4)
    before, house0 = {x.id: cash(p, x) for x in players}, _house(p)
    for x in players:
        register(p, x, tid, bot=True)
    sent: list[dict[str, Any]] = []

    async def publish(msg: dict[str, Any]) -> None:
        sent.append(msg)

    for _ in range(2_000):
        if view(p, tid)["status"] == "finished":
            break
        asyncio.run(runner.tick(p, publish))
    _check_money(p, tid, before, house0)
    final = max(view(p, tid)["bracket"], key=lambda g: g["round"])
    assert final["round"] == 1 and runner.channel(final["match_id"]) in {m["table_id"] for m in sent}
    p.db.dispose()
