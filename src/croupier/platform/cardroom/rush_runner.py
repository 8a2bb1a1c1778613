"""The runner of a Rush & Cash pool (000 §12.12.3, docs/pvp_poker.md "Rush & Cash").

One :class:`PoolRunner` per pool, run under the lock of the pool's anchor table (the other
tables of the pool are its hand slots; their own runners idle). It keeps the pool's **waiting**
players (in the order they became free) and the **hands in play** (several at once, one per
table of the pool, each a :class:`.live.LiveHand` with its decision timer, time bank and
default, as at a regular table).

* **Dealing**: a new hand starts as soon as ``hand_size`` (the tables' ``max_seats``) players
  wait, or as soon as two wait and either no hand of the pool is in play or the first of them
  has waited ``gather`` seconds (ASSUMPTION: 0.5 s by default, so a small pool still plays
  full-ish hands; 0 deals every two waiting players at once).
* **Fast fold** (ASSUMPTION, from the seed text "without waiting for their turn ... immediately
  discard the cards, join a new table"): it takes effect **immediately**, out of turn; the hand
  goes on without the player, and the player is released at once: what he put in moves to the
  pot (:func:`.rush.release`), he joins the waiting players and is dealt into a new hand at once
  when enough others wait. A fold on his turn releases him the same way ("also ... when he
  makes a fold in his turn"); the players still in a hand at its end wait again ("... as well
  as when he wins a hand"). A time-out's default fold releases him to sit out.
* **Messages** go on the anchor table's WebSocket channel (``/api/tables/<anchor>/ws``):
  ``poker_state`` of every hand of the pool (``pool``, ``table_id`` = the hand's table; ``you``
  only for the players still in that hand), ``poker_hand_ended``, and to a player
  ``rush_entry`` (his stack and whether he waits) and ``poker_cashed_out``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping
from typing import Any

from sqlalchemy.orm import Session

from croupier.games.pvp.poker.bots import BotFn
from croupier.platform.cardroom import rush, tables, views
from croupier.platform.cardroom.errors import NotInHand
from croupier.platform.cardroom.hands import HandStart
from croupier.platform.cardroom.live import LiveHand
from croupier.platform.cardroom.runner import Publish, _db, views_legal, warm_up
from croupier.platform.cardroom.rush_messages import PoolHand, pool_view, state_message
from croupier.platform.clock import iso
from croupier.platform.events import player_message, table_message
from croupier.store.models import Player

log = logging.getLogger("croupier.cardroom.rush")


class PoolRunner:
    def __init__(self, platform: Any, publish: Publish, pool: str, bots: Mapping[int, BotFn] | None = None,
                 bot_delay: float = 0.0, gather: float = 0.5, latencies: list[float] | None = None) -> None:
        self.platform = platform
        self.publish = publish
        self.pool = pool
        self.bots = dict(bots or {})
        self.bot_delay = bot_delay
        self.gather = gather
        self.latencies = latencies
        self.waiting: dict[int, float] = {}       # player id -> waiting since (in order)
        self.hands: dict[int, PoolHand] = {}      # hand id -> the hand in play
        self.in_hand: dict[int, tuple[int, int]] = {}  # player id -> (hand id, seat), not released
        self.config: dict[str, Any] = {}
        self.channel = ""
        self.hand_size = 2
        self.wake = asyncio.Event()
        self.dealing = asyncio.Lock()
        self.stop = asyncio.Event()
        self.tasks: set[asyncio.Task[None]] = set()
        self.hands_played = 0
        self.decisions = 0
        self.ready = asyncio.Event()

    def _now(self) -> float:
        return time.monotonic()

    # -- the loop --------------------------------------------------------------------------------

    async def start(self) -> None:
        p = self.platform
        await asyncio.to_thread(warm_up)
        await _db(p.run, lambda s: rush.recover(s, self.pool, p.clock()))

        def fn(s: Session) -> tuple[dict[str, Any], list[int]]:
            rush.check_pool(s, self.pool)
            return rush.describe(s, self.pool), rush.ready_players(s, self.pool)
        self.config, ready = await _db(p.read, fn)
        self.channel = str(self.config["anchor"])
        self.hand_size = int(self.config["hand_size"])
        now = self._now()
        for pid in ready:
            self.waiting.setdefault(pid, now)
        self.ready.set()

    async def run(self, stop: asyncio.Event) -> None:
        self.stop = stop
        await self.start()
        while not stop.is_set():
            try:
                await self.deal()
            except Exception:  # noqa: BLE001 - a failed deal: the players wait for the next try
                log.exception("Rush pool %s: dealing failed", self.pool)
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=self.gather if self.waiting else 1.0)
        for t in list(self.tasks):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(t, timeout=5.0)

    def _group(self, now: float) -> list[int] | None:
        ids = list(self.waiting)
        if len(ids) >= self.hand_size:
            return ids[:self.hand_size]
        if len(ids) >= 2 and (not self.hands or self.gather <= 0
                              or now - min(self.waiting.values()) >= self.gather):
            return ids
        return None

    async def deal(self) -> list[int]:
        """Deal the waiting players into new hands while enough wait (the new hands' ids)."""
        p = self.platform
        started: list[int] = []
        async with self.dealing:
            while not self.stop.is_set():
                group = self._group(self._now())
                if group is None:
                    break
                since = {pid: self.waiting.pop(pid) for pid in group}
                busy = {h.table_id for h in self.hands.values()}

                def fn(s: Session, group: list[int] = group, busy: set[str] = busy
                       ) -> tuple[HandStart | None, list[dict[str, Any]], list[int]]:
                    table_id = rush.free_table(s, self.pool, busy)
                    start = rush.begin_hand(s, self.pool, group, table_id, p.clock())
                    if start is None:
                        return None, [], rush.ready_players(s, self.pool)
                    names = dict(s.execute(_names(list(start.seat_players.values()))).all())
                    seats = [{"seat": seat, "player_id": pid, "name": names.get(pid),
                              "stack_minor": start.setup.stacks[seat], "status": "playing",
                              "table_id": start.table_id}
                             for seat, pid in start.seat_players.items()]
                    return start, seats, []
                try:
                    start, seat_rows, ready = await _db(p.run, fn)
                except Exception:
                    self.waiting.update(since)  # they wait on for the next try
                    raise
                if start is None:  # some of them may no longer play: the others wait on
                    for pid in group:
                        if pid in ready:
                            self.waiting[pid] = since[pid]
                    break
                hand = PoolHand(LiveHand(start, self._now()), seat_rows)
                self.hands[start.hand_id] = hand
                for seat, pid in start.seat_players.items():
                    self.in_hand[pid] = (start.hand_id, seat)
                started.append(start.hand_id)
                task = asyncio.get_running_loop().create_task(self.play(hand))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
                await self.broadcast(hand, "hand_started")
        return started

    async def play(self, hand: PoolHand) -> None:
        live = hand.live
        try:
            await self._play(hand)
        except Exception:  # noqa: BLE001 - 000 §11: a software error voids the hand
            log.exception("Rush pool %s: hand %s failed; voiding it", self.pool, live.hand_id)
            p = self.platform
            with contextlib.suppress(Exception):
                await _db(p.run, lambda s: rush.void_hand(s, self.pool, live.hand_id,
                                                          "a software error stopped the hand (000 §11)",
                                                          p.clock()))
            self._drop(hand)
            await self._requeue([pid for seat, pid in live.start.seat_players.items()
                                 if seat not in hand.released])

    async def _requeue(self, pids: list[int]) -> None:
        """The players of a voided hand who may still play wait again."""
        ready = set(await _db(self.platform.read, lambda s: rush.ready_players(s, self.pool)))
        now = self._now()
        for pid in pids:
            if pid in ready and pid not in self.in_hand:
                self.waiting.setdefault(pid, now)
        self.wake.set()

    async def _play(self, hand: PoolHand) -> None:
        live, p = hand.live, self.platform
        from croupier.platform.cardroom.runner import ROOM

        while not live.finished and not self.stop.is_set():
            seat = live.to_act()
            player = live.start.seat_players.get(seat) if seat is not None else None
            if seat is not None and player is not None and player in self.bots:
                due = time.perf_counter() + self.bot_delay
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                if live.finished or live.to_act() != seat:
                    continue
                d = self.bots[player](live.state, views_legal(live))
                live.act(seat, d.name, {k: v for k, v in d.args.items() if k != "seat"}, self._now())
                await self.after(hand, due)
                continue
            if seat is not None and player is not None:
                ROOM.mark_connection(live, self.channel, seat, player)
            hand.wake.clear()
            dl = live.deadline()
            timeout = None if dl is None else max(0.0, dl - self._now())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(hand.wake.wait(), timeout=timeout)
            t0 = time.perf_counter()
            if live.timeout(self._now()) is not None:
                await self.after(hand, t0, "timeout")
        if not live.finished:  # stopped: the next runner voids it on recovery
            return
        async with hand.lock:
            await self._release_pending(hand)  # the folds not yet in the store, first
            end = await _db(p.run, lambda s: rush.finish_hand(
                s, self.pool, live.hand_id, live.state, p.clock(), hand.released, live.banks,
                live.timed_out))
        self.hands_played += 1
        self._drop(hand)
        now = self._now()
        for r in end.results:
            pid = int(r["player_id"])
            if not r["released"] and r["status"] in ("playing", "sitting_out"):
                if r["status"] == "playing":
                    self.waiting.setdefault(pid, now)
                await self._entry(pid, r["stack_minor"])
        await self.publish(table_message(self.channel, {
            "type": "poker_hand_ended", "pool": self.pool, "table_id": hand.table_id,
            "hand_id": end.hand_id, "rake_minor": end.rake, "results": end.results,
            "hand": views.hand_public(live.state, live.hand_id, live.start.number,
                                      live.start.server_seed_hash),
            "seats": hand.seats, "server_time": iso(p.clock())}))
        for pid, amount in end.left:
            await self.publish(player_message(pid, {"type": "poker_cashed_out", "pool": self.pool,
                                                    "amount_minor": amount}))
        self.wake.set()
        await self.deal()

    def _drop(self, hand: PoolHand) -> None:
        self.hands.pop(hand.live.hand_id, None)
        for pid, (hid, _seat) in list(self.in_hand.items()):
            if hid == hand.live.hand_id:
                self.in_hand.pop(pid, None)

    async def _entry(self, pid: int, stack: int | None) -> None:
        await self.publish(player_message(pid, {"type": "rush_entry", "pool": self.pool,
                                                "stack_minor": stack, "waiting": pid in self.waiting}))

    async def after(self, hand: PoolHand, t0: float, event: str = "action") -> None:
        """After a decision: the players who folded out are out of the hand at once (the state
        published without their private part), then released in the store (their chips to the
        pot) and dealt into a new hand at once when enough wait."""
        self.decisions += 1
        live = hand.live
        st = live.state
        out = [seat for i, seat in enumerate(st.setup.seats) if st.folded[i] and seat not in hand.released]
        for seat in out:
            hand.released.add(seat)
            hand.pending.append(seat)
            self.in_hand.pop(live.start.seat_players[seat], None)
        await self.broadcast(hand, event)
        if self.latencies is not None:
            self.latencies.append(time.perf_counter() - t0)
        if not out:
            return
        async with hand.lock:
            freed = await self._release_pending(hand)
        if freed:
            await self.deal()
            for seat in out:
                pid = live.start.seat_players[seat]
                if pid in self.waiting:
                    await self._entry(pid, None)

    async def _release_pending(self, hand: PoolHand) -> bool:
        """Release the seats folded out and not yet released in the store (``hand.lock`` held:
        in order, and always before the hand's settlement). Whether any player waits again."""
        live, p = hand.live, self.platform
        freed = False
        while hand.pending:
            seat = hand.pending.pop(0)
            pid = live.start.seat_players[seat]
            st = live.state  # a folded seat's chips in the hand no longer change

            def fn(s: Session, seat: int = seat, st: Any = st) -> dict[str, Any]:
                return rush.release(s, self.pool, live.hand_id, seat, st, p.clock(),
                                    live.banks.get(seat), sit_out=seat in live.timed_out)
            res = await _db(p.run, fn)
            if res["status"] == "playing":
                self.waiting.setdefault(pid, self._now())
                freed = True
            if res["cashed_out_minor"] is not None:
                await self.publish(player_message(pid, {"type": "poker_cashed_out", "pool": self.pool,
                                                        "amount_minor": res["cashed_out_minor"]}))
        return freed

    # -- messages --------------------------------------------------------------------------------

    def state_message(self, hand: PoolHand, event: str) -> dict[str, Any]:
        return state_message(self, hand, event)

    async def broadcast(self, hand: PoolHand, event: str) -> None:
        await self.publish(self.state_message(hand, event))

    # -- players ---------------------------------------------------------------------------------

    async def act(self, player_id: int, hand_id: int, name: str, args: dict[str, Any],
                  version: int | None) -> dict[str, Any]:
        where = self.in_hand.get(player_id)
        if where is None:
            state = "waiting for your next hand" if player_id in self.waiting else "not dealt in"
            raise NotInHand(f"you are in no hand of Rush pool {self.pool} now ({state}): "
                            f"{name.replace('_', ' ')} refused")
        hid, seat = where
        hand = self.hands[hid]
        t0 = time.perf_counter()
        hand.live.act(seat, name, args, self._now(), hand_id, version)
        await self.after(hand, t0)
        hand.wake.set()
        nxt = self.in_hand.get(player_id)
        return {"accepted": True, "hand_id": hid, "version": hand.live.version,
                "to_act": hand.live.to_act(),
                "next_hand_id": nxt[0] if nxt is not None and nxt[0] != hid else None,
                "waiting": player_id in self.waiting}

    async def joined(self, player_id: int) -> None:
        if player_id not in self.in_hand:
            self.waiting.setdefault(player_id, self._now())
        self.wake.set()
        await self.deal()

    async def left(self, player_id: int) -> int | None:
        """After a leave was stored: a leaving player in no hand now (he folded out meanwhile)
        is cashed out at once (the amount), else when his hand ends or he folds out of it."""
        self.waiting.pop(player_id, None)
        if player_id in self.in_hand:
            return None
        p = self.platform
        out: int | None = await _db(p.run, lambda s: rush.cash_out_leaver(s, self.pool, player_id, p.clock()))
        if out is not None:
            await self.publish(player_message(player_id, {"type": "poker_cashed_out", "pool": self.pool,
                                                          "amount_minor": out}))
        return out

    def gone(self, player_id: int) -> None:
        """Sat out or left: no new hand (the hand he is in goes on)."""
        self.waiting.pop(player_id, None)

    def view(self, player_id: int | None) -> dict[str, Any]:
        """The pool and, for a player, the hand he is in (as the ``poker_state`` message)."""
        return pool_view(self, player_id)

def _names(ids: list[int]) -> Any:
    from sqlalchemy import select

    return select(Player.id, Player.login).where(Player.id.in_(ids))


async def run_pool(platform: Any, publish: Publish, pool: str, stop: asyncio.Event) -> None:
    """The supervisor's entry for a pool's anchor table (its lock held)."""
    from croupier.platform.cardroom.runner import ROOM

    r = PoolRunner(platform, publish, pool)
    ROOM.pools[pool] = r
    try:
        await r.run(stop)
    finally:
        ROOM.pools.pop(pool, None)


def anchor_pool(platform: Any, table_id: str) -> tuple[bool, str | None]:
    """(is a Rush table, the pool it anchors or None)."""
    def fn(s: Session) -> tuple[bool, str | None]:
        cfg = tables.get(s, table_id)[1]
        return cfg.format == "rush", rush.is_anchor(s, table_id)
    out: tuple[bool, str | None] = platform.read(fn)
    return out


__all__ = ["PoolHand", "PoolRunner", "anchor_pool", "run_pool"]
