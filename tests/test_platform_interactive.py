"""Decision rounds on the platform (issues 4 and 6 "Play"; docs/platform.md "Decision rounds"):
persisted rounds, additional stakes debited at decision time, funds for the Call at bet time
(003 §3.4), the decision timer and its defaults (004 §2.9.4, §4.8; 003 §3.2), restart, ownership,
Games History and provably fair recomputation. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.errors import IllegalAction, RoundFinished
from croupier.games.base import BetRequest, Event, reenact
from croupier.games.blackjack.rules import points
from croupier.games.registry import game, load_variant
from croupier.platform import history, interactive
from croupier.platform.errors import InsufficientFunds, NotFound
from croupier.platform.interactive import RoundInProgress
from croupier.platform.service import Platform
from croupier.rng import fair
from tests.interactive_helpers import find_seed, give_seeds, legal_names
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings, new_player, slip

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
BJ = ("blackjack", "live_004")
MAIN = [BetRequest("main", 1000, (1,))]


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clocked(db_url: str) -> Iterator[tuple[Platform, FakeClock]]:
    clock = FakeClock()
    p = Platform(make_settings(db_url), clock=clock)
    p.migrate()
    yield p, clock
    p.db.dispose()


def start(p: Platform, player: Any, g: str, v: str, *bets: tuple[str, str, tuple[int | str, ...]]
          ) -> dict[str, Any]:
    return p.run(lambda s: interactive.start(s, player, g, v, slip(*bets), p.clock(),
                                             p.settings.decision_seconds))


def act(p: Platform, player: Any, rid: int, action: str, args: dict[str, Any] | None = None
        ) -> dict[str, Any]:
    return p.run(lambda s: interactive.act(s, player, rid, action, args, p.clock(),
                                           p.settings.decision_seconds))


def get(p: Platform, player: Any, rid: int) -> dict[str, Any]:
    return p.run(lambda s: interactive.get(s, player, rid, p.clock(), p.settings.decision_seconds))


def in_play(state: Any) -> bool:
    return bool(state.phase == "play")


def engine_result(g: str, v: str, bets: list[BetRequest], cur: str, seeds: tuple[str, str],
                  decisions: list[str]) -> Any:
    """The settlement the engine gives for these seeds and decisions (each decision by name,
    the legal action's arguments; after the list, stand/fold until the end)."""
    spec = game(g)
    source = fair.stream(seeds[0], seeds[1], 0)
    from croupier.games.base import DrawAction

    state = spec.engine.start(load_variant(g, v), bets, cur)
    todo = list(decisions)
    while not spec.engine.is_finished(state):
        req = spec.engine.next_draw(state)
        if req is not None:
            state = spec.engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
            continue
        legal = spec.engine.legal_actions(state)
        want = todo.pop(0) if todo else next(n for n in ("decline", "stand", "fold")
                                             if n in {d.name for d in legal})
        state = spec.engine.apply(state, next(d for d in legal if d.name == want))
    return spec.engine.settle(state)


def finish(p: Platform, player: Any, view: dict[str, Any]) -> dict[str, Any]:
    while view["state"] == "open":
        names = [a["name"] for a in view["legal_actions"]]
        view = act(p, player, view["round_id"],
                   next(n for n in ("decline", "stand", "fold") if n in names))
    return view


# -- a round from bet to payout -------------------------------------------------------------------


def test_004_2_blackjack_round_debits_at_bet_and_pays_the_engine_settlement(platform: Platform) -> None:
    seeds = find_seed(*BJ, MAIN, "EUR", in_play)
    a = new_player(platform, deposit="100.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    assert v["state"] == "open" and v["balance"]["cash_minor"] == 9000
    # 004 §2.5: the hole card stays face down while the player decides
    assert len(v["table"]["dealer"]["cards"]) == 1 and v["table"]["dealer"]["hidden"] == 1
    assert "stand" in [x["name"] for x in v["legal_actions"]]
    assert v["default_action"] == "stand"
    done = act(platform, a, v["round_id"], "stand")
    expected = engine_result(*BJ, MAIN, "EUR", seeds, ["stand"])
    assert done["state"] == "settled"
    assert done["returned_minor"] == expected.total_returned
    assert done["balance"]["cash_minor"] == 9000 + expected.total_returned
    assert len(done["table"]["dealer"]["cards"]) >= 2 and done["table"]["dealer"]["hidden"] == 0
    assert platform.audit().total == 0
    rec = platform.read(lambda s: history.recall(s, a, v["round_id"]))
    assert rec["kind"] == "decision" and rec["state"] == "settled"
    assert [(b["code"], b["stake_minor"], b["returned_minor"]) for b in rec["bets"]] == [
        ("main", 1000, expected.total_returned)]
    assert any(e["type"] == "decision" and e["data"]["name"] == "stand" for e in rec["events"])
    assert rec["fairness"]["nonce"] == 0
    assert rec["fairness"]["server_seed_hash"] == fair.commitment(seeds[0])


def test_open_round_shows_no_card_in_games_history(platform: Platform) -> None:
    seeds = find_seed(*BJ, MAIN, "EUR", in_play)
    a = new_player(platform, deposit="100.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    rec = platform.read(lambda s: history.recall(s, a, v["round_id"]))
    assert rec["state"] == "open" and rec["events"] == [] and rec["outcome"] is None
    assert [(b["code"], b["stake_minor"], b["returned_minor"]) for b in rec["bets"]] == [
        ("main", 1000, None)]


# -- additional stakes ----------------------------------------------------------------------------


def test_004_2_8_double_debits_a_second_stake_and_settles_both(platform: Platform) -> None:
    seeds = find_seed(*BJ, MAIN, "EUR", lambda s: in_play(s) and "double" in legal_names("blackjack", s))
    a = new_player(platform, deposit="100.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    dbl = next(x for x in v["legal_actions"] if x["name"] == "double")
    assert dbl["adds_stake_minor"] == 1000
    done = finish(platform, a, act(platform, a, v["round_id"], "double"))
    expected = engine_result(*BJ, MAIN, "EUR", seeds, ["double"])
    assert done["stake_minor"] == 2000 == expected.total_stake
    assert [(b["code"], b["stake_minor"]) for b in done["bets"]] == [("main", 1000), ("double", 1000)]
    assert sum(b["returned_minor"] for b in done["bets"]) == expected.total_returned
    assert done["balance"]["cash_minor"] == 10000 - 2000 + expected.total_returned
    assert platform.audit().total == 0


def test_double_without_funds_is_refused_and_nothing_changes(platform: Platform) -> None:
    seeds = find_seed(*BJ, MAIN, "EUR", lambda s: in_play(s) and "double" in legal_names("blackjack", s))
    a = new_player(platform, deposit="15.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    with pytest.raises(InsufficientFunds, match="double needs 10.00"):
        act(platform, a, v["round_id"], "double")
    again = get(platform, a, v["round_id"])
    assert again["state"] == "open" and again["decision_no"] == 0
    assert again["balance"]["cash_minor"] == 500
    assert finish(platform, a, again)["state"] == "settled"


def test_004_2_8_split_adds_a_stake_row_and_the_rows_sum_to_the_settlement(platform: Platform) -> None:
    seeds = find_seed(*BJ, MAIN, "EUR", lambda s: in_play(s) and "split" in legal_names("blackjack", s))
    a = new_player(platform, deposit="100.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    done = finish(platform, a, act(platform, a, v["round_id"], "split"))
    expected = engine_result(*BJ, MAIN, "EUR", seeds, ["split"])
    assert [(b["code"], b["stake_minor"]) for b in done["bets"]] == [("main", 1000), ("split", 1000)]
    assert len(done["table"]["boxes"][0]["hands"]) == 2
    assert sum(b["returned_minor"] for b in done["bets"]) == expected.total_returned
    assert done["balance"]["cash_minor"] == 10000 - 2000 + expected.total_returned
    assert platform.audit().total == 0


def dealer_ace_prompt(state: Any) -> bool:
    return bool(state.phase == "prompt" and points(state.dealer[0]) == 1
                and "insurance" in legal_names("blackjack", state))


def test_004_2_9_1_insurance_is_half_the_stake_debited_at_the_prompt(platform: Platform) -> None:
    seeds = find_seed(*BJ, MAIN, "EUR", dealer_ace_prompt)
    a = new_player(platform, deposit="100.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    assert v["table"]["prompt"] == {"box": 1, "question": "insurance"}
    assert v["table"]["dealer"]["cards"][0].startswith("A")
    after = act(platform, a, v["round_id"], "insurance")
    assert ("insurance", 500) in [(b["code"], b["stake_minor"]) for b in after["bets"]]
    done = finish(platform, a, after)
    expected = engine_result(*BJ, MAIN, "EUR", seeds, ["insurance"])
    assert done["stake_minor"] == expected.total_stake == 1500
    assert done["returned_minor"] == expected.total_returned
    assert done["balance"]["cash_minor"] == 10000 - 1500 + expected.total_returned
    assert platform.audit().total == 0


# -- poker: funds for the Call, call after fold ----------------------------------------------------


def test_003_3_4_casino_holdem_needs_funds_for_ante_and_call_at_bet_time(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    with pytest.raises(InsufficientFunds, match="003 §3.4"):
        start(platform, a, "casino_holdem", "live", ("ante", "20.00", ()))  # 20 + 40 > 50
    assert platform.balance(a)["cash_minor"] == 5000
    assert platform.read(lambda s: history.history(s, a)) == []
    v = start(platform, a, "casino_holdem", "live", ("ante", "16.00", ()))  # 16 + 32 <= 50
    assert v["balance"]["cash_minor"] == 5000 - 1600
    assert {x["name"]: x["adds_stake_minor"] for x in v["legal_actions"]} == {"call": 3200, "fold": 0}


def test_casino_holdem_call_without_funds_for_the_call_is_refused(platform: Platform) -> None:
    a = new_player(platform, deposit="30.00")
    v = start(platform, a, "casino_holdem", "live", ("ante", "10.00", ()))
    platform.run(lambda s: platform.withdraw_in(s, a, "15.00"))  # the Call's money leaves
    with pytest.raises(InsufficientFunds, match="call needs 20.00"):
        act(platform, a, v["round_id"], "call")
    folded = act(platform, a, v["round_id"], "fold")
    assert folded["state"] == "settled" and folded["returned_minor"] == 0


def test_003_3_2_calling_after_a_fold_is_refused(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    v = start(platform, a, "casino_holdem", "live", ("ante", "5.00", ()), ("bonus", "1.00", ()))
    done = act(platform, a, v["round_id"], "fold")
    # 003 §3.2: by folding "you will lose all bets placed - the Ante and the Bonus bet"
    assert [(b["code"], b["returned_minor"]) for b in done["bets"]] == [("ante", 0), ("bonus", 0)]
    with pytest.raises(RoundFinished, match="after fold"):
        act(platform, a, v["round_id"], "call")
    assert platform.balance(a)["cash_minor"] == 5000 - 600


def test_003_5_three_card_poker_play_adds_a_stake_equal_to_the_ante(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    v = start(platform, a, "three_card_poker", "live", ("ante", "5.00", ()), ("pair_plus", "1.00", ()),
              ("six_card_bonus", "1.00", ()))
    assert "dealer" not in v["table"]["hands"] and len(v["table"]["hands"]["player"]) == 3
    done = act(platform, a, v["round_id"], "play")
    assert [(b["code"], b["stake_minor"]) for b in done["bets"]] == [
        ("ante", 500), ("pair_plus", 100), ("six_card_bonus", 100), ("play", 500)]
    assert len(done["table"]["hands"]["dealer"]) == 3
    assert done["balance"]["cash_minor"] == 5000 - 1200 + done["returned_minor"]
    assert platform.audit().total == 0


def test_three_card_poker_play_without_funds_is_refused(platform: Platform) -> None:
    a = new_player(platform, deposit="5.00")
    v = start(platform, a, "three_card_poker", "live", ("ante", "5.00", ()))
    with pytest.raises(InsufficientFunds, match="play needs 5.00"):
        act(platform, a, v["round_id"], "play")
    assert get(platform, a, v["round_id"])["state"] == "open"


# -- who may act, and what ------------------------------------------------------------------------


def test_only_the_owner_sees_and_acts_on_a_round(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    b = new_player(platform, deposit="50.00")
    v = start(platform, a, "three_card_poker", "live", ("ante", "5.00", ()))
    with pytest.raises(NotFound):
        act(platform, b, v["round_id"], "fold")
    with pytest.raises(NotFound):
        get(platform, b, v["round_id"])
    assert get(platform, a, v["round_id"])["state"] == "open"


def test_an_illegal_action_is_refused_with_the_allowed_ones(platform: Platform) -> None:
    seeds = find_seed(*BJ, MAIN, "EUR", lambda s: in_play(s) and "split" not in legal_names("blackjack", s))
    a = new_player(platform, deposit="50.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    with pytest.raises(IllegalAction, match="'split' is not allowed now; allowed: stand"):
        act(platform, a, v["round_id"], "split")


def test_one_open_round_per_game(platform: Platform) -> None:
    a = new_player(platform, deposit="100.00")
    v = start(platform, a, "three_card_poker", "live", ("ante", "5.00", ()))
    with pytest.raises(RoundInProgress):
        start(platform, a, "three_card_poker", "live", ("ante", "5.00", ()))
    other = start(platform, a, "casino_holdem", "live", ("ante", "5.00", ()))
    assert other["state"] == "open"
    cur = platform.run(lambda s: interactive.current(s, a, "three_card_poker", platform.clock()))
    assert cur is not None and cur["round_id"] == v["round_id"]


def test_seeds_cannot_rotate_while_a_round_is_open_then_the_round_recomputes(platform: Platform) -> None:
    a = new_player(platform, deposit="100.00")
    v = start(platform, a, "three_card_poker", "live", ("ante", "5.00", ()), ("pair_plus", "1.00", ()))
    with pytest.raises(RoundInProgress, match="reveal the server seed"):
        platform.run(lambda s: platform.rotate_in(s, a))
    done = act(platform, a, v["round_id"], "play")
    revealed = platform.run(lambda s: platform.rotate_in(s, a))["revealed"]
    rec = platform.read(lambda s: history.recall(s, a, v["round_id"]))
    assert rec["fairness"]["server_seed"] == revealed["server_seed"]
    f = rec["fairness"]
    settlement = reenact(game("three_card_poker").engine, load_variant("three_card_poker", "live"),
                         [Event.from_dict(e) for e in rec["events"]],
                         fair.stream(f["server_seed"], f["client_seed"], f["nonce"]))
    assert settlement.total_returned == done["returned_minor"] == rec["returned_minor"]


def test_croupier_verify_recomputes_a_blackjack_recall(platform: Platform, tmp_path: Any) -> None:
    """The recall of a decision round is a record `croupier verify --record` re-enacts from the
    revealed seeds (bets and decisions from the record, every card from the seeds)."""
    import io
    import json

    from croupier.cli import main as cli

    seeds = find_seed(*BJ, MAIN, "EUR", lambda s: in_play(s) and "hit" in legal_names("blackjack", s))
    a = new_player(platform, deposit="100.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    done = finish(platform, a, act(platform, a, v["round_id"], "hit"))
    platform.run(lambda s: platform.rotate_in(s, a))
    rec = platform.read(lambda s: history.recall(s, a, v["round_id"]))
    path = tmp_path / "round.json"
    path.write_text(json.dumps(rec))
    f = rec["fairness"]
    out = io.StringIO()
    code = cli(["verify", "--server-seed", f["server_seed"], "--client-seed", f["client_seed"],
                "--nonce", str(f["nonce"]), "--commitment", f["server_seed_hash"],
                "--game", "blackjack", "--variant", "live_004", "--record", str(path), "--json"], out)
    result = json.loads(out.getvalue())
    assert code == 0 and result["record_matches"] is True
    assert result["total_returned"] == done["returned_minor"]


# -- restart and the decision timer ---------------------------------------------------------------


def test_an_open_round_survives_a_restart_and_play_goes_on(db_url: str) -> None:
    seeds = find_seed(*BJ, MAIN, "EUR", lambda s: in_play(s) and "hit" in legal_names("blackjack", s))
    p1 = Platform(make_settings(db_url))
    p1.migrate()
    a = new_player(p1, deposit="100.00")
    give_seeds(p1, a, *seeds)
    v = start(p1, a, *BJ, ("main", "10.00", (1,)))
    p1.db.dispose()  # the server stops
    p2 = Platform(make_settings(db_url))
    p2.migrate()
    try:
        again = get(p2, a, v["round_id"])
        assert again["table"] == v["table"] and again["legal_actions"] == v["legal_actions"]
        done = finish(p2, a, act(p2, a, v["round_id"], "hit"))
        expected = engine_result(*BJ, MAIN, "EUR", seeds, ["hit"])
        assert done["returned_minor"] == expected.total_returned
        assert p2.audit().total == 0
    finally:
        p2.db.dispose()


def test_004_2_9_4_no_decision_in_time_stands(clocked: tuple[Platform, FakeClock]) -> None:
    p, clock = clocked
    seeds = find_seed(*BJ, MAIN, "EUR", in_play)
    a = new_player(p, deposit="100.00")
    give_seeds(p, a, *seeds)
    v = start(p, a, *BJ, ("main", "10.00", (1,)))
    assert v["seconds_left"] == p.settings.decision_seconds == 13.0
    clock.advance(12)
    assert get(p, a, v["round_id"])["state"] == "open"
    clock.advance(2)
    done = get(p, a, v["round_id"])
    assert done["state"] == "settled"
    assert done["timeouts"] == [{"name": "stand", "at": "2026-01-05T12:00:13Z"}]
    rec = p.read(lambda s: history.recall(s, a, v["round_id"]))
    assert rec["outcome"]["decisions"] == [
        {"name": "stand", "by": "timeout", "at": "2026-01-05T12:00:13Z"}]
    assert done["returned_minor"] == engine_result(*BJ, MAIN, "EUR", seeds, ["stand"]).total_returned


def test_004_2_9_4_timeout_declines_insurance_then_stands(clocked: tuple[Platform, FakeClock]) -> None:
    p, clock = clocked
    seeds = find_seed(*BJ, MAIN, "EUR", lambda s: dealer_ace_prompt(s)
                      and engine_after(s, "decline").phase == "play")
    a = new_player(p, deposit="100.00")
    give_seeds(p, a, *seeds)
    v = start(p, a, *BJ, ("main", "10.00", (1,)))
    clock.advance(13 * 2 + 1)
    done = get(p, a, v["round_id"])
    assert [t["name"] for t in done["timeouts"]] == ["decline", "stand"]
    assert [t["at"] for t in done["timeouts"]] == ["2026-01-05T12:00:13Z", "2026-01-05T12:00:26Z"]
    assert done["stake_minor"] == 1000  # no insurance was bought for the player
    assert p.audit().total == 0


def engine_after(state: Any, name: str) -> Any:
    """The state right after decision ``name`` (no card drawn: the peek needs none)."""
    spec = game("blackjack")
    return spec.engine.apply(state, next(d for d in spec.engine.legal_actions(state)
                                         if d.name == name))


def test_003_3_2_casino_holdem_timeout_auto_folds_by_the_sweeper(clocked: tuple[Platform, FakeClock]) -> None:
    p, clock = clocked
    a = new_player(p, deposit="50.00")
    v = start(p, a, "casino_holdem", "live", ("ante", "5.00", ()), ("bonus", "1.00", ()))
    clock.advance(13)
    assert interactive.sweep(p.run, clock(), p.settings.decision_seconds) == 1
    done = get(p, a, v["round_id"])
    assert done["state"] == "settled" and done["timeouts"][0]["name"] == "fold"
    assert done["returned_minor"] == 0 and done["balance"]["cash_minor"] == 5000 - 600
    assert interactive.sweep(p.run, clock(), p.settings.decision_seconds) == 0


def test_a_player_action_after_the_deadline_gets_the_timeout_problem(clocked: tuple[Platform, FakeClock]) -> None:
    p, clock = clocked
    a = new_player(p, deposit="50.00")
    v = start(p, a, "three_card_poker", "live", ("ante", "5.00", ()))
    clock.advance(20)
    with pytest.raises(interactive.DecisionTimeout, match="fold"):
        act(p, a, v["round_id"], "play")
    done = get(p, a, v["round_id"])
    assert done["state"] == "settled" and done["stake_minor"] == 500


def test_a_restart_after_the_deadline_takes_the_default(db_url: str) -> None:
    clock = FakeClock()
    p1 = Platform(make_settings(db_url), clock=clock)
    p1.migrate()
    a = new_player(p1, deposit="50.00")
    v = start(p1, a, "casino_holdem", "live", ("ante", "5.00", ()))
    p1.db.dispose()
    clock.advance(60)  # the server was down longer than the decision time
    p2 = Platform(make_settings(db_url), clock=clock)
    p2.migrate()
    try:
        assert interactive.sweep(p2.run, clock(), 13.0) == 1
        done = get(p2, a, v["round_id"])
        assert done["state"] == "settled" and done["timeouts"][0]["name"] == "fold"
    finally:
        p2.db.dispose()


def test_a_new_round_of_the_same_game_after_the_deadline_closes_the_old_one(
        clocked: tuple[Platform, FakeClock]) -> None:
    p, clock = clocked
    a = new_player(p, deposit="50.00")
    old = start(p, a, "three_card_poker", "live", ("ante", "5.00", ()))
    clock.advance(14)
    new = start(p, a, "three_card_poker", "live", ("ante", "5.00", ()))
    assert new["round_id"] != old["round_id"]
    assert get(p, a, old["round_id"])["state"] == "settled"


def test_decision_with_engine_arguments_goes_through(platform: Platform) -> None:
    """Arguments the client adds are merged over the legal action's (the box stays the engine's)."""
    seeds = find_seed(*BJ, MAIN, "EUR", in_play)
    a = new_player(platform, deposit="50.00")
    give_seeds(platform, a, *seeds)
    v = start(platform, a, *BJ, ("main", "10.00", (1,)))
    from croupier.games.blackjack.engine import NotYourTurn

    with pytest.raises(NotYourTurn):
        act(platform, a, v["round_id"], "stand", {"box": 2})
    assert act(platform, a, v["round_id"], "stand", {"box": 1})["state"] == "settled"


GAMES_PLAYED = [("blackjack", "live_004", (("main", "5.00", (1,)), ("perfect_pairs", "5.00", (1,)))),
                ("blackjack", "tdc", (("main", "5.00", (2,)),)),
                ("casino_holdem", "live", (("ante", "1.00", ()), ("bonus", "1.00", ()))),
                ("three_card_poker", "live", (("ante", "1.00", ()), ("six_card_bonus", "1.00", ()))),
                ("red_dog", "red_dog_000", (("ante", "1.00", ()),))]


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(which=st.integers(0, len(GAMES_PLAYED) - 1),
       moves=st.lists(st.tuples(st.integers(0, 7), st.booleans()), min_size=1, max_size=8))
def test_any_play_and_timeouts_keep_the_ledger_and_the_balance_exact(
        clocked: tuple[Platform, FakeClock], which: int,
        moves: list[tuple[int, bool]]) -> None:
    """Invariant (DESIGN "the ledger sums to zero", 000 §10): whatever the decisions and timeouts,
    the balance moves by exactly stake - returned, the bet rows sum to the settlement, and the
    ledger balances."""
    p, clock = clocked
    g, v, bets = GAMES_PLAYED[which]
    a = new_player(p, deposit="200.00")
    view = start(p, a, g, v, *bets)
    for pick, wait in moves:
        if view["state"] != "open":
            break
        if wait:
            clock.advance(p.settings.decision_seconds)
            view = get(p, a, view["round_id"])
            continue
        names = [x["name"] for x in view["legal_actions"]]
        view = act(p, a, view["round_id"], names[pick % len(names)])
    clock.advance(p.settings.decision_seconds * 10)
    view = get(p, a, view["round_id"])
    assert view["state"] == "settled"
    assert sum(b["stake_minor"] for b in view["bets"]) == view["stake_minor"]
    assert sum(b["returned_minor"] for b in view["bets"]) == view["returned_minor"]
    assert view["balance"]["cash_minor"] == 20000 - view["stake_minor"] + view["returned_minor"]
    assert p.audit().total == 0
