"""Two-player match tables on the platform (issue 22 part 2; 000 §12.11, §12.12, §12.12.1-§12.12.8):
every game played to its end bot-against-bot through the platform; the stakes in escrow, the
winner paid the fund less the 4% rake (its own ledger account), the ledger summing to zero;
the creator's acceptance, joining one's own table, a stake not covered, out of turn, illegal
moves, clocks and their time-out outcomes, resignation, voids, restart recovery, computer
opponents kept away from real players' money. SQLite and PostgreSQL (``db_url``)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction
from typing import Any

import pytest

from croupier.errors import IllegalAction, VariantError
from croupier.games.base import Event
from croupier.games.pvp.fund import RAKE_PERCENT
from croupier.games.pvp.match import replay_record
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.matches import live, money, play, tables
from croupier.platform.matches.errors import (
    BotNotAllowed,
    ClockExpired,
    MatchState,
    NotYourTurn,
    OwnTable,
    StakeNotCovered,
    UnknownOption,
)
from croupier.platform.matches.games import GAMES, match_game, variant_of
from croupier.platform.service import Platform
from croupier.store.match_models import PvpMatchMove
from tests.matches_helpers import (
    T0,
    at,
    balance_of,
    cash,
    create,
    escrow,
    ledger_total,
    play_bots,
    play_humans,
    start,
)
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_platform, new_player

STAKE = 500  # AMD (exponent 0): a 1,000 fund, 40 rake, 960 to the winner
DEPOSIT = "100000"
EVERY_VARIANT = [(g.name, v) for g in GAMES.values() for v in g.variants]


def _players(p: Platform, n: int = 2) -> list[Any]:
    return [new_player(p, "AMD", deposit=DEPOSIT) for _ in range(n)]


def _replays(p: Platform, mid: int) -> None:
    """The stored record rebuilds through the engine to the same events and settlement."""
    m = p.read(lambda s: tables.get(s, mid))
    g = match_game(m.game)
    events = [Event.from_dict(e) for e in m.record]
    st = replay_record(g.engine, variant_of(g, m.variant), events, g.setup_of)
    assert st.to_dict() == m.settlement


@pytest.mark.parametrize(("game", "variant"), EVERY_VARIANT)
def test_000_12_12_bot_match_runs_to_the_end_and_stakes_equal_payout_plus_rake(
        platform: Platform, game: str, variant: str) -> None:
    a, b = _players(platform)
    before = cash(platform, a) + cash(platform, b)
    rake_before = balance_of(platform, money.rake_code("AMD"))
    mid = start(platform, a, b, game=game, variant=variant, stake=STAKE, bot=True)
    assert escrow(platform, mid) == 2 * STAKE  # both stakes held from the start
    out = play_bots(platform, mid)
    assert out["status"] == "done" and out["result"]["winner_seat"] in (0, 1)
    rake = out["result"]["rake_minor"]
    paid = sum(bet["returned"] for bet in out["result"]["settlement"]["bets"])
    assert paid + rake == 2 * STAKE  # to the minor unit
    assert escrow(platform, mid) == 0
    assert cash(platform, a) + cash(platform, b) == before - rake
    assert balance_of(platform, money.rake_code("AMD")) - rake_before == rake
    assert ledger_total(platform) == 0
    _replays(platform, mid)


def test_000_12_12_winner_paid_fund_minus_4pct_rake(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="chingachung", stake=STAKE)
    out = play_humans(platform, mid, {0: a, 1: b})
    fund = 2 * STAKE
    rake = fund * RAKE_PERCENT.numerator // RAKE_PERCENT.denominator
    assert Fraction(rake, fund) == Fraction(4, 100)  # 40 of 1,000: exact, no rounding here
    winner, loser = (a, b) if out["result"]["winner_seat"] == 0 else (b, a)
    start_cash = int(DEPOSIT)
    assert cash(platform, winner) == start_cash - STAKE + fund - rake
    assert cash(platform, loser) == start_cash - STAKE
    assert balance_of(platform, money.rake_code("AMD")) == rake  # the rake's own account
    assert balance_of(platform, system_code("rake", "AMD")) == 0  # not the poker rake's
    assert ledger_total(platform) == 0
    _replays(platform, mid)


def test_000_12_12_joining_ones_own_table_is_refused(platform: Platform) -> None:
    (a,) = _players(platform, 1)
    mid = create(platform, a)
    with pytest.raises(OwnTable):
        platform.run(lambda s: tables.join(s, a, mid, T0))
    assert platform.read(lambda s: tables.get(s, mid).status) == "open"


def test_000_12_12_stake_the_opponent_cannot_cover_is_refused_and_nothing_moves(platform: Platform) -> None:
    a, b = _players(platform)
    poor = new_player(platform, "AMD", deposit="100")
    mid = create(platform, a, stake=STAKE)
    with pytest.raises(StakeNotCovered):
        platform.run(lambda s: tables.join(s, poor, mid, T0))
    # covered when joining, not any more when the creator accepts: refused, nothing moved
    platform.run(lambda s: tables.join(s, b, mid, T0))
    platform.run(lambda s: Ledger(s).transfer("spent-elsewhere", player_code(b.id),
                                               system_code("house", "AMD"),
                                               int(DEPOSIT) - STAKE + 1, "test"))
    before = (cash(platform, a), cash(platform, b))
    with pytest.raises(StakeNotCovered):
        platform.run(lambda s: tables.accept(s, a, mid, T0))
    assert (cash(platform, a), cash(platform, b)) == before
    assert escrow(platform, mid) == 0
    assert platform.read(lambda s: tables.get(s, mid).status) == "pending"
    assert ledger_total(platform) == 0


def test_000_12_12_creator_accepts_or_rejects_the_opponent(platform: Platform) -> None:
    a, b, c = _players(platform, 3)
    mid = create(platform, a, stake=STAKE)
    assert [t["id"] for t in platform.read(tables.list_open)] == [mid]
    platform.run(lambda s: tables.join(s, b, mid, T0))
    with pytest.raises(MatchState):  # only the creator decides
        platform.run(lambda s: tables.accept(s, b, mid, T0))
    platform.run(lambda s: tables.reject(s, a, mid))
    assert escrow(platform, mid) == 0 and cash(platform, b) == int(DEPOSIT)
    assert [t["id"] for t in platform.read(tables.list_open)] == [mid]  # open again
    platform.run(lambda s: tables.join(s, c, mid, T0))
    platform.run(lambda s: tables.accept(s, a, mid, T0))
    assert escrow(platform, mid) == 2 * STAKE
    assert cash(platform, a) == cash(platform, c) == int(DEPOSIT) - STAKE
    assert platform.read(tables.list_open) == []


def test_000_12_12_table_setup_is_what_the_rules_allow(platform: Platform) -> None:
    (a,) = _players(platform, 1)
    with pytest.raises(UnknownOption):
        create(platform, a, game="backgammon", variant="short", options={"crawford": True})
    with pytest.raises(UnknownOption):  # 000 §12.12.1: move time 3, 5, 10, 20 or 30 s
        create(platform, a, game="backgammon", variant="short", move=40)
    create(platform, a, game="backgammon", variant="blitz", move=40)  # Blitz: 10-40 s
    with pytest.raises(VariantError):  # the engine: Armenian has no cube
        create(platform, a, game="backgammon", variant="armenian", options={"cube": True})
    with pytest.raises(VariantError):  # 000 §12.12.1 Score: not 4
        create(platform, a, game="backgammon", variant="short", options={"target": 4})


def _decision(p: Platform, mid: int) -> tuple[int, Any]:
    from croupier.platform.matches import bots

    def fn(s: Any) -> tuple[int, Any]:
        m = tables.get(s, mid)
        return int(m.turn_seat), bots.random_legal(m, live.state_of(s, m), match_game(m.game).engine)
    out: tuple[int, Any] = p.read(fn)
    return out


def _version(p: Platform, mid: int) -> int:
    return int(p.read(lambda s: tables.get(s, mid).version))


def test_000_12_12_move_out_of_turn_is_refused(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="hexagon", variant="cells37", stake=STAKE)
    seat, d = _decision(platform, mid)
    other = b if seat == 0 else a
    v = _version(platform, mid)
    with pytest.raises(NotYourTurn, match="out of turn"):
        platform.run(lambda s: play.move(s, other, mid, d.name, {"to": d.args["to"]}, T0))
    assert _version(platform, mid) == v


def test_000_12_12_illegal_move_is_refused_and_nothing_stored(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="backgammon", variant="short", stake=STAKE)
    seat, d = _decision(platform, mid)
    mover = a if seat == 0 else b
    v = _version(platform, mid)
    with pytest.raises(IllegalAction):
        platform.run(lambda s: play.move(s, mover, mid, "move", {"steps": [[24, 30]]}, T0))
    with pytest.raises(MatchState):  # the house's decisions are not a player's
        platform.run(lambda s: play.move(s, mover, mid, "void", {}, T0))
    assert _version(platform, mid) == v


def test_000_12_12_7_step_time_out_loses_the_match(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="chingachung", stake=STAKE, move=5)
    seat, d = _decision(platform, mid)
    mover = a if seat == 0 else b
    late = at(5.001)
    with pytest.raises(ClockExpired):  # a move after the clock: refused
        platform.run(lambda s: play.move(s, mover, mid, d.name, {"step": d.args["step"]}, late))
    with pytest.raises(ClockExpired):  # the time-out comes first: no resigning out of it
        platform.run(lambda s: play.resign(s, b if mover is a else a, mid, late))
    assert platform.read(lambda s: play.due(s, late)) == [mid]
    assert platform.run(lambda s: play.expire(s, mid, late))
    out = platform.read(lambda s: play.view(s, mid, None))
    assert out["result"]["winner_seat"] == 1 - seat and out["result"]["how"] == "time_out"
    assert out["result"]["record"][-1]["data"]["how"] == "time_out"  # the engine's outcome
    assert escrow(platform, mid) == 0 and ledger_total(platform) == 0


def test_000_12_12_1_backgammon_time_out_resigns_for_the_player(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="backgammon", variant="short", stake=STAKE, move=3)
    seat, _ = _decision(platform, mid)
    assert not platform.run(lambda s: play.expire(s, mid, at(3)))  # not yet: 3 s exactly
    assert platform.run(lambda s: play.expire(s, mid, at(3.5)))
    out = platform.read(lambda s: play.view(s, mid, None))
    assert out["result"]["winner_seat"] == 1 - seat and out["result"]["how"] == "time_out"
    assert out["result"]["record"][-2]["data"] == {"name": "resign", "args": {"seat": seat}}


def test_000_12_12_8_game_time_per_player_runs_down(platform: Platform) -> None:
    """The bank (Hexagon: game time per player, 1-5 min) runs while its player is to act; the
    deadline is the move time or the bank, whichever ends first."""
    a, b = _players(platform)
    mid = start(platform, a, b, game="hexagon", variant="cells37", stake=STAKE, move=30, total=60)
    t = 0.0
    used = [0, 0]
    for _ in range(6):
        seat, d = _decision(platform, mid)
        t += 20
        used[seat] += 20_000
        mover, now = (a if seat == 0 else b), at(t)
        platform.run(lambda s, mv=mover, dd=d, now=now: play.move(
            s, mv, mid, dd.name, {k: v for k, v in dd.args.items() if k != "seat"}, now))
    m = platform.read(lambda s: tables.get(s, mid))
    assert list(m.bank_ms) == [60_000 - used[0], 60_000 - used[1]]
    left = m.bank_ms[m.turn_seat]
    assert m.deadline_at.replace(tzinfo=None) == (at(t) + timedelta(milliseconds=min(30_000, left))).replace(tzinfo=None)


def test_000_12_12_resignation_the_opponent_wins(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="domino", variant="classic", stake=STAKE)
    platform.run(lambda s: play.resign(s, a, mid, T0))  # at any time, on his turn or not
    out = platform.read(lambda s: play.view(s, mid, None))
    assert out["result"]["winner_seat"] == 1 and out["result"]["how"] == "resigned"
    assert cash(platform, b) == int(DEPOSIT) - STAKE + 2 * STAKE - out["result"]["rake_minor"]
    with pytest.raises(MatchState):
        platform.run(lambda s: play.resign(s, b, mid, T0))


def test_000_11_void_returns_every_stake_without_rake(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="toto21", stake=STAKE)
    platform.run(lambda s: play.void(s, mid, "a malfunction", T0))
    out = platform.read(lambda s: play.view(s, mid, None))
    assert out["result"]["winner_seat"] is None and out["result"]["rake_minor"] == 0
    assert cash(platform, a) == cash(platform, b) == int(DEPOSIT)
    assert escrow(platform, mid) == 0 and ledger_total(platform) == 0
    assert out["result"]["spin"] is None  # no win, no Lucky Spin


def test_000_12_12_restart_resumes_the_match_from_its_record(db_url: str) -> None:
    p = make_platform(db_url)
    a, b = _players(p)
    mid = start(p, a, b, game="backgammon", variant="short", stake=STAKE)
    players = {0: a, 1: b}
    for _ in range(25):  # part of the match
        seat, d = _decision(p, mid)
        p.run(lambda s, dd=d, pl=players[seat]: play.move(
            s, pl, mid, dd.name, {k: v for k, v in dd.args.items() if k != "seat"}, T0))
    before = p.read(lambda s: play.view(s, mid, a.id))
    p.db.dispose()
    live.forget()  # a new process: nothing in memory
    q = make_platform(db_url)
    assert q.run(lambda s: play.resume_all(s, at(600))) == [mid]
    after = q.read(lambda s: play.view(s, mid, a.id))
    assert after["board"] == before["board"] and after["version"] == before["version"]
    assert after["you"] == before["you"]
    assert after["deadline"] != before["deadline"]  # the clock given again
    out = play_humans(q, mid, players, at(600))
    assert out["status"] == "done"
    rows = q.read(lambda s: s.query(PvpMatchMove).filter_by(match_id=mid).count())
    assert rows == out["version"]
    _replays(q, mid)
    assert escrow(q, mid) == 0 and ledger_total(q) == 0
    q.db.dispose()


def test_issue_22_bots_never_play_a_real_player_for_money(platform: Platform) -> None:
    human, bot, bot2 = _players(platform, 3)
    mid = create(platform, human, stake=STAKE)
    with pytest.raises(BotNotAllowed):
        platform.run(lambda s: tables.join(s, bot, mid, T0, bot=True))
    bot_table = create(platform, bot, stake=STAKE, bot=True)
    with pytest.raises(BotNotAllowed):
        platform.run(lambda s: tables.join(s, human, bot_table, T0))
    platform.run(lambda s: tables.join(s, bot2, bot_table, T0, bot=True))  # bot against bot
    demo = create(platform, bot, stake=STAKE, bot=True, mode="demo")
    platform.run(lambda s: tables.join(s, human, demo, T0))  # a demo table: no money
    for _ in range(1000):  # the bot plays its turns, the human his own
        out = play_bots(platform, demo)
        if out["status"] == "done":
            break
        assert out["turn_seat"] == 1
        play_humans(platform, demo, {1: human}, limit=1)
    assert out["status"] == "done" and out["result"]["winner_seat"] in (0, 1)
    assert cash(platform, human) == int(DEPOSIT) and escrow(platform, demo) == 0


def test_000_12_12_the_ticker_applies_time_outs_and_plays_bot_turns(db_url: str) -> None:
    import asyncio

    from croupier.platform.matches import runner

    now = [T0]
    p = make_platform(db_url)
    p.clock = lambda: now[0]
    a, b, bot = _players(p, 3)
    timed = start(p, a, b, game="goal_penalty", stake=STAKE, move=5)
    demo = create(p, bot, stake=STAKE, bot=True, mode="demo", game="hexagon", variant="cells37")
    p.run(lambda s: tables.join(s, a, demo, T0))
    sent: list[dict[str, Any]] = []

    async def publish(msg: dict[str, Any]) -> None:
        sent.append(msg)

    first = p.read(lambda s: tables.get(s, demo).turn_seat)
    assert asyncio.run(runner.tick(p, publish)) == ([demo] if first == 0 else [])
    now[0] = at(6)
    changed = asyncio.run(runner.tick(p, publish))
    assert timed in changed
    assert p.read(lambda s: tables.get(s, timed).how) == "time_out"
    assert {m["table_id"] for m in sent} >= {runner.channel(timed)}
    msg = next(m for m in sent if m["table_id"] == runner.channel(timed))
    assert msg["message"]["type"] == "match_state" and set(msg["private"]) == {str(a.id), str(b.id)}
    assert escrow(p, timed) == 0 and ledger_total(p) == 0
    p.db.dispose()


def test_000_12_12_2_each_player_sees_his_own_bones_only(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="domino", variant="classic", stake=STAKE)
    state = platform.read(lambda s: live.state_of(s, tables.get(s, mid)))
    mine = platform.read(lambda s: play.view(s, mid, a.id))
    theirs = platform.read(lambda s: play.view(s, mid, b.id))
    public = platform.read(lambda s: play.view(s, mid, None))
    assert mine["you"]["hand"] == [list(x) for x in state.hands[0]]
    assert theirs["you"]["hand"] == [list(x) for x in state.hands[1]]
    assert public["you"] is None and "hands" not in public["public"]
    assert public["public"]["hand_counts"] == [len(state.hands[0]), len(state.hands[1])]
    assert public["public"]["reserve_count"] == len(state.reserve)
    assert mine["public"] == theirs["public"] == public["public"]  # nothing private in it


def test_000_12_12_7_the_first_step_is_not_shown_before_the_second(platform: Platform) -> None:
    a, b = _players(platform)
    mid = start(platform, a, b, game="chingachung", stake=STAKE)
    seat, d = _decision(platform, mid)
    first, second = (a, b) if seat == 0 else (b, a)
    platform.run(lambda s: play.move(s, first, mid, "step", {"step": d.args["step"]}, T0))
    seen = platform.read(lambda s: play.view(s, mid, second.id))
    assert "pending" not in seen["public"] and d.args["step"] not in repr(seen["public"])
    assert "record" not in seen


def test_000_12_12_2_a_player_is_at_three_domino_tables_at_most(platform: Platform) -> None:
    from croupier.platform.matches.errors import TableLimit

    a, b = _players(platform)
    for _ in range(3):
        create(platform, a, game="domino", variant="classic", stake=STAKE)
    with pytest.raises(TableLimit):
        create(platform, a, game="domino", variant="classic", stake=STAKE)
    mid = create(platform, b, game="domino", variant="fives", stake=STAKE)
    with pytest.raises(TableLimit):  # joining counts too
        platform.run(lambda s: tables.join(s, a, mid, T0))
    create(platform, a, game="hexagon", variant="cells37", stake=STAKE)  # no limit stated


def test_000_12_12_1_a_player_is_at_thirteen_backgammon_tables_at_most(platform: Platform) -> None:
    from croupier.platform.matches.errors import TableLimit

    (a,) = _players(platform, 1)
    for _ in range(13):
        create(platform, a, game="backgammon", variant="short", stake=1)
    with pytest.raises(TableLimit):
        create(platform, a, game="backgammon", variant="long", stake=1)
