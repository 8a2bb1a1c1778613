"""Rush & Cash (000 §12.12.3): the player picks a blind level (a pool), not a table; a fast fold
at any time, out of turn, takes him out of the hand at once and deals him into a new hand with
other waiting players while the hand he left goes on without him; his stack follows him; the
ledger balances hand by hand (stakes in = pots out + rake). Played through the pool's runner
(platform/cardroom/rush_runner.py) in an event loop, with bots, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import select

from croupier.errors import IllegalAction, RoundFinished
from croupier.games.pvp.poker.bots import preset
from croupier.games.pvp.poker.engine import ENGINE
from croupier.platform.cardroom import history, rush, seats
from croupier.platform.cardroom.accounts import pot_code
from croupier.platform.cardroom.errors import AlreadySeated, BuyInRefused, NotInHand
from croupier.platform.cardroom.rush_runner import PoolRunner
from croupier.platform.errors import InsufficientFunds, NotFound, RoundStateError
from croupier.platform.service import Platform
from croupier.rng.source import seeded
from croupier.store.cardroom_models import CardroomHand, CardroomHandPlayer, CardroomRushPlayer
from croupier.store.models import Player
from tests.cardroom_helpers import T0, balance, cash, rake, table
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player

POOL = "nl20"


def pool(p: Platform, n_tables: int = 1, **kw: Any) -> str:
    for k in range(n_tables):
        table(p, f"rush-{k}", format="rush", pool=POOL, **kw)
    return POOL


def join(p: Platform, player: Player, amount: int = 1000) -> dict[str, Any]:
    out: dict[str, Any] = p.run(lambda s: rush.join(s, player, POOL, amount, T0))
    return out


def stack_of(p: Platform, player: Player) -> int:
    return balance(p, rush.stack_code(POOL, player.id))


def entry(p: Platform, player: Player) -> CardroomRushPlayer | None:
    def fn(s: Any) -> CardroomRushPlayer | None:
        row = rush.entry_of(s, POOL, player.id)
        if row is not None:
            s.expunge(row)
        return row
    out: CardroomRushPlayer | None = p.read(fn)
    return out


async def until(cond: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    end = asyncio.get_running_loop().time() + seconds
    while not cond():
        if asyncio.get_running_loop().time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def run_pool(p: Platform, bots: dict[int, Any], body: Callable[[PoolRunner, list[dict[str, Any]]], Awaitable[None]],
             **kw: Any) -> list[dict[str, Any]]:
    """Run the pool's runner with ``bots`` while ``body`` plays; every published message."""
    messages: list[dict[str, Any]] = []

    async def publish(m: dict[str, Any]) -> None:
        messages.append(m)

    async def main() -> None:
        stop = asyncio.Event()
        r = PoolRunner(p, publish, POOL, bots=bots, **kw)
        task = asyncio.create_task(r.run(stop))
        await asyncio.wait_for(r.ready.wait(), 30)
        try:
            await body(r, messages)
        finally:
            stop.set()
            r.wake.set()
            for h in list(r.hands.values()):
                h.wake.set()
            await asyncio.wait_for(task, 30)

    asyncio.run(main())
    return messages


def test_000_12_12_3_rush_join_a_blind_level_with_a_buy_in_in_escrow_and_precise_errors(platform: Platform) -> None:
    p = platform
    pool(p)
    ann, bob = new_player(p, deposit="100"), new_player(p, deposit="5")
    out = join(p, ann, 1500)
    assert out == {"pool": POOL, "player_id": ann.id, "stack_minor": 1500, "status": "playing",
                   "time_bank_ms": 30_000}
    assert cash(p, ann) == 10_000 - 1500 and stack_of(p, ann) == 1500
    with pytest.raises(AlreadySeated, match="already play in Rush pool nl20"):
        join(p, ann, 1000)
    with pytest.raises(BuyInRefused, match="below the pool minimum"):
        join(p, bob, 799)  # 40 BB of 20
    with pytest.raises(BuyInRefused, match="above the pool maximum"):
        join(p, bob, 2001)  # 100 BB
    with pytest.raises(InsufficientFunds):
        join(p, bob, 1000)  # 5.00 in the wallet
    with pytest.raises(NotFound, match="no Rush & Cash pool"):
        p.run(lambda s: rush.join(s, bob, "nl999", 1000, T0))
    with pytest.raises(RoundStateError, match="entered through its pool"):
        p.run(lambda s: seats.buy_in(s, bob, "rush-0", 0, 1000, T0))
    assert cash(p, bob) == 500  # nothing moved by the refusals


def test_000_12_12_3_rush_fast_fold_deals_new_hand(platform: Platform) -> None:
    """Seven players, hands of three: the browser-like player fast-folds out of turn in his
    first hand; he is dealt into a new hand at once (with the player who was waiting), and the
    hand he left goes on without him to its end; his stack follows him."""
    p = platform
    pool(p, max_seats=3)
    me = new_player(p, deposit="100")
    others = [new_player(p, deposit="100") for _ in range(6)]
    join(p, me)
    for o in others:
        join(p, o)
    bots = {o.id: preset("calling", seeded(k)) for k, o in enumerate(others)}
    seen: dict[str, Any] = {}

    async def body(r: PoolRunner, messages: list[dict[str, Any]]) -> None:
        await until(lambda: me.id in r.in_hand, "my first hand")
        first, seat = r.in_hand[me.id]
        live = r.hands[first].live
        if live.to_act() == seat:  # my turn: call, so that the fast fold comes out of turn
            names = {d.name for d in ENGINE.legal_actions(live.state)}
            await r.act(me.id, first, "call" if "call" in names else "check", {}, None)
        assert not live.finished and live.to_act() != seat  # a bot thinks (0.2 s): out of turn
        committed = live.state.committed[live.state.setup.seats.index(seat)]
        before = live.state.stacks[live.state.setup.seats.index(seat)] + committed
        out = await r.act(me.id, first, "fast_fold", {}, None)
        seen.update(first=first, committed=committed, before=before, out=out)
        assert out["next_hand_id"] is not None and out["next_hand_id"] != first
        nxt = r.hands[out["next_hand_id"]].live
        assert me.id in nxt.start.seat_players.values()
        my_seat = next(s for s, pid in nxt.start.seat_players.items() if pid == me.id)
        seen["new_stack"] = nxt.start.setup.stacks[nxt.start.setup.seats.index(my_seat)]
        assert first in r.hands  # the hand he left goes on without him
        await until(lambda: first not in r.hands, "the first hand to end")
        seen["messages"] = list(messages)

    run_pool(p, bots, body, bot_delay=0.2, gather=0.0)
    assert seen["new_stack"] == seen["before"] - seen["committed"]  # the stack followed him
    first = seen["first"]
    states = [m for m in seen["messages"] if m["message"].get("type") == "poker_state"
              and m["message"]["hand"]["hand_id"] == first]
    mine = [m for m in states if str(me.id) in m.get("private", {})]
    assert mine and len(mine[0]["private"][str(me.id)]["you"]["hole"]) == 2  # his cards, before
    ended = next(m["message"] for m in seen["messages"] if m["message"].get("type") == "poker_hand_ended"
                 and m["message"]["hand_id"] == first)
    res = next(x for x in ended["results"] if x["player_id"] == me.id)
    assert res["released"] and res["stake_minor"] == seen["committed"] and res["returned_minor"] == 0
    assert len(ended["results"]) == 3
    # after his fast fold, no state of the first hand carried his private part
    after = [m for m in states if m["message"]["hand"]["released"]]
    assert after and all(str(me.id) not in m.get("private", {}) for m in after)
    # the hand he left is in his history, with what he lost there
    view = p.read(lambda s: history.hand_view(s, first, me.id))
    assert view["state"] == "settled" and view["settlement"] is not None
    assert any(e["type"] == "decision" and e["data"]["name"] == "fast_fold" for e in view["events"])
    assert p.read(lambda s: history.replay(s, first, me.id))["matches_record"] is True


def test_000_12_12_3_rush_decision_timer_default_as_at_regular_tables(platform: Platform) -> None:
    """A player who does not act: after the decision timer (no time bank here) the card room's
    default (check, else fold) is played for him, and he sits out from the next hands."""
    p = platform
    pool(p, max_seats=2, decision_ms=1000, time_bank_ms=0)
    me, bot = new_player(p, deposit="100"), new_player(p, deposit="100")
    join(p, me)
    join(p, bot)
    got: dict[str, Any] = {}

    async def body(r: PoolRunner, messages: list[dict[str, Any]]) -> None:
        await until(lambda: me.id in r.in_hand, "my hand")
        hid, _seat = r.in_hand[me.id]
        await until(lambda: any(m["message"].get("event") == "timeout" for m in messages), "a time-out", 20)
        await until(lambda: hid not in r.hands, "the hand's end", 30)
        got["timeouts"] = [m["message"]["hand"]["last_action"] for m in messages
                           if m["message"].get("event") == "timeout"]
        got["waiting"] = me.id in r.waiting

    run_pool(p, {bot.id: preset("calling", seeded(3))}, body, gather=0.0)
    assert got["timeouts"] and all(a["timeout"] and a["action"] in ("check", "fold") for a in got["timeouts"])
    assert got["waiting"] is False
    row = entry(p, me)
    assert row is not None and row.status == "sitting_out"


def test_000_12_12_3_rush_fast_fold_when_not_in_a_hand_is_refused(platform: Platform) -> None:
    p = platform
    pool(p, max_seats=3)
    ann, bob = new_player(p, deposit="100"), new_player(p, deposit="100")
    join(p, ann)
    errors: list[str] = []

    async def body(r: PoolRunner, _m: list[dict[str, Any]]) -> None:
        assert r.waiting == {ann.id: r.waiting[ann.id]} and not r.hands  # alone: no hand
        with pytest.raises(NotInHand, match="waiting for your next hand"):
            await r.act(ann.id, 1, "fast_fold", {}, None)
        with pytest.raises(NotInHand, match="not dealt in"):
            await r.act(bob.id, 1, "fast_fold", {}, None)  # not in the pool
        errors.append("checked")

    run_pool(p, {}, body, gather=0.0)
    assert errors == ["checked"]


def test_000_12_12_3_rush_leave_and_sit_out_cash_out_the_pool_stack(platform: Platform) -> None:
    p = platform
    pool(p, max_seats=3)
    ann, bob, cy = (new_player(p, deposit="100") for _ in range(3))
    for pl in (ann, bob, cy):
        join(p, pl)
    bots = {bob.id: preset("calling", seeded(1)), cy.id: preset("calling", seeded(2))}
    got: dict[str, Any] = {}

    async def body(r: PoolRunner, _m: list[dict[str, Any]]) -> None:
        await until(lambda: ann.id in r.in_hand, "ann's hand")
        hid, _seat = r.in_hand[ann.id]
        got["leave"] = await asyncio.to_thread(p.run, lambda s: rush.leave(s, ann, POOL, True, T0))
        r.gone(ann.id)
        await r.act(ann.id, hid, "fast_fold", {}, None)  # leaves the hand: cashed out now
        got["entry"] = entry(p, ann)

    run_pool(p, bots, body, bot_delay=0.2, gather=0.0)
    assert got["leave"]["status"] == "leaving" and got["leave"]["cashed_out_minor"] is None
    assert got["entry"] is None  # cashed out at the fold
    assert stack_of(p, ann) == 0 and 10_000 - 1000 <= cash(p, ann) <= 10_000  # less a blind at most
    # sit out, sit in, leave between hands
    out = p.run(lambda s: rush.sit_out(s, bob, POOL))
    assert out["status"] == "sitting_out"
    assert p.run(lambda s: rush.sit_in(s, bob, POOL))["status"] == "playing"
    before = stack_of(p, bob)
    left = p.run(lambda s: rush.leave(s, bob, POOL, False, T0))
    assert left["cashed_out_minor"] == before and stack_of(p, bob) == 0


def _ledger_check(p: Platform, players: list[Player], buy_in: int) -> dict[str, int]:
    def fn(s: Any) -> tuple[list[CardroomHand], list[CardroomHandPlayer]]:
        hands = list(s.scalars(select(CardroomHand).where(CardroomHand.format == "rush")))
        hps = list(s.scalars(select(CardroomHandPlayer)))
        for x in [*hands, *hps]:
            s.expunge(x)
        return hands, hps
    hands, hps = p.read(fn)
    settled = {h.id: h for h in hands if h.state == "settled"}
    stakes = returned = 0
    for h in settled.values():
        st = h.settlement or {}
        mine = [x for x in hps if x.hand_id == h.id]
        s_in, s_out = sum(x.stake for x in mine), sum(x.returned for x in mine)
        assert s_in == s_out + h.rake, f"hand {h.id}: stakes {s_in} != pots out {s_out} + rake {h.rake}"
        assert s_in == sum(b["stake"] for b in st["bets"])
        stakes, returned = stakes + s_in, returned + s_out
    total_rake = sum(h.rake for h in settled.values())
    assert rake(p) == total_rake
    for pl in players:  # each pool stack = buy-in + its nets, to the minor unit
        net = sum(x.returned - x.stake for x in hps if x.player_id == pl.id and x.hand_id in settled)
        assert stack_of(p, pl) == buy_in + net
        row = entry(p, pl)
        assert row is not None and row.stack == stack_of(p, pl)
    for tid in {h.table_id for h in hands}:
        assert balance(p, pot_code(tid)) == 0
    return {"hands": len(settled), "stakes": stakes, "returned": returned, "rake": total_rake}


def test_000_12_12_3_rush_ledger_stakes_in_equal_pots_out_plus_rake_over_many_hands(platform: Platform) -> None:
    """Nine bots in hands of up to six, random fast folds out of turn from an injected source:
    every hand's stakes = pots out + rake, the pool stacks are the buy-ins plus the nets, the pot
    accounts are empty, the rake account holds the hands' rake."""
    p = platform
    pool(p, max_seats=6)
    players = [new_player(p, deposit="100") for _ in range(9)]
    for pl in players:
        join(p, pl, 2000)
    kinds = ("loose", "calling", "tight", "maniac")
    bots = {pl.id: preset(kinds[k % 4], seeded(100 + k)) for k, pl in enumerate(players)}
    rng = seeded(7)
    target = int(os.environ.get("RUSH_LEDGER_HANDS", "120"))
    folds = {"fast": 0}
    refused: list[str] = []

    async def body(r: PoolRunner, _m: list[dict[str, Any]]) -> None:
        end = asyncio.get_running_loop().time() + 240
        while r.hands_played < target:
            if asyncio.get_running_loop().time() > end:
                raise AssertionError(f"{r.hands_played} hands in 240 s; waiting {r.waiting}, "
                                     f"in play {list(r.hands)}")
            await asyncio.sleep(0)
            hands = list(r.hands.values())
            if not hands or rng.randbelow(2):
                await asyncio.sleep(0.001)
                continue
            h = hands[rng.randbelow(len(hands))]
            st = h.live.state
            cands = [s for i, s in enumerate(st.setup.seats) if not st.folded[i] and st.stacks[i] > 0
                     and s not in h.released and st.phase in ("bet", "deal")]
            if not cands or h.live.finished:
                continue
            seat = cands[rng.randbelow(len(cands))]
            try:
                await r.act(h.live.start.seat_players[seat], h.live.hand_id, "fast_fold", {}, None)
                folds["fast"] += 1
            except (IllegalAction, RoundFinished) as exc:  # the engine refused (the hand moved on)
                refused.append(str(exc))

    run_pool(p, bots, body, gather=0.0, bot_delay=0.002)
    # the hands still in play when the runner stopped stay "playing": void them (000 §11)
    p.run(lambda s: rush.recover(s, POOL, T0))
    totals = _ledger_check(p, players, 2000)
    assert totals["hands"] >= target and folds["fast"] >= target // 10
    assert totals["stakes"] == totals["returned"] + totals["rake"] and totals["rake"] > 0
    # money is conserved: wallets + pool stacks + rake = the deposits
    assert sum(cash(p, pl) + stack_of(p, pl) for pl in players) + rake(p) == 9 * 10_000


def test_000_11_rush_hand_voided_on_recovery_returns_the_released_stakes(platform: Platform) -> None:
    p = platform
    pool(p, max_seats=3)
    players = [new_player(p, deposit="100") for _ in range(3)]
    for pl in players:
        join(p, pl)
    start = p.run(lambda s: rush.begin_hand(s, POOL, [pl.id for pl in players], "rush-0", T0))
    from croupier.platform.cardroom.live import LiveHand

    live = LiveHand(start, 0.0)
    sb = next(i for i, c in enumerate(live.state.committed) if c == 10)
    seat = live.state.setup.seats[sb]
    live.act(seat, "fast_fold", {}, 0.0)
    res = p.run(lambda s: rush.release(s, POOL, start.hand_id, seat, live.state, T0))
    assert res["stake_minor"] == 10 and res["stack_minor"] == 990
    assert balance(p, pot_code("rush-0")) == 10
    assert p.run(lambda s: rush.recover(s, POOL, T0)) == [start.hand_id]
    assert balance(p, pot_code("rush-0")) == 0
    assert all(stack_of(p, pl) == 1000 for pl in players)


def test_000_12_12_3_rush_pool_opens_another_table_when_all_are_busy(platform: Platform) -> None:
    p = platform
    pool(p, max_seats=2)
    players = [new_player(p, deposit="100") for _ in range(4)]
    for pl in players:
        join(p, pl)
    a = p.run(lambda s: rush.begin_hand(s, POOL, [players[0].id, players[1].id],
                                        rush.free_table(s, POOL, ()), T0))
    b_table = p.run(lambda s: rush.free_table(s, POOL, ()))
    assert a.table_id == "rush-0" and b_table == "rush-0~2"
    with pytest.raises(RoundStateError, match="has a hand in play"):
        p.run(lambda s: rush.begin_hand(s, POOL, [players[2].id, players[3].id], "rush-0", T0))
    b = p.run(lambda s: rush.begin_hand(s, POOL, [players[2].id, players[3].id], b_table, T0))
    assert b.setup.format == "rush" and b.setup.big_blind == 20 and b.table_id == "rush-0~2"


def test_000_12_12_3_rush_pools_from_the_environment(platform: Platform, monkeypatch: pytest.MonkeyPatch) -> None:
    from croupier.platform.cardroom import tables

    monkeypatch.setenv("CROUPIER_CARDROOM_TABLES",
                       "r1:holdem:no_limit:EUR:20:rush:6:nl20,r2:holdem:no_limit:EUR:20:rush:6:nl20,"
                       "r3:omaha:pot_limit:EUR:50:rush")
    assert platform.run(tables.ensure_from_env) == ["r1", "r2", "r3"]
    pools = platform.read(rush.lobby)
    assert [(x["pool"], x["anchor"], x["tables"], x["hand_size"]) for x in pools] == [
        ("nl20", "r1", ["r1", "r2"], 6), ("r3", "r3", ["r3"], 6)]
