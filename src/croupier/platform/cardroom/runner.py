"""The card room's table runners (issue 21 part 3): one asyncio runner per poker table, run by
the platform's supervisor under the table's lock (one runner per table across workers,
:mod:`croupier.platform.locks`), and :data:`ROOM`, this process's registry of them that the API
hands players' actions to.

A runner loops: start a hand in the store (:func:`.hands.begin_hand`), play it in memory
(:class:`.live.LiveHand`: each action applied at once, the timer's default on time-out), publish
the table state after every change on the table's WebSocket channel (``poker_state``; each
player's own cards and legal actions in his private part), then settle it in the store
(:func:`.hands.finish_hand`) and publish ``poker_hand_ended``. Actions go to the runner in the
process that runs the table; another process answers :class:`TableNotRunning` (ASSUMPTION: one
server process runs the card room - a multi-worker forwarder is not built).

Bots (tests, demos, the load test) are seats whose decisions come from a
:class:`croupier.games.pvp.poker.bots.Bot` instead of the API, after ``bot_delay`` seconds."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from croupier.errors import CroupierError, IllegalAction
from croupier.games.pvp.poker.bots import BotFn
from croupier.platform.cardroom import hands, seats, tables, views
from croupier.platform.cardroom.errors import NotSeated, TableNotRunning
from croupier.platform.cardroom.live import LiveHand
from croupier.platform.clock import iso
from croupier.platform.events import player_message, table_message

log = logging.getLogger("croupier.cardroom")

Publish = Callable[[dict[str, Any]], Awaitable[None]]

#: the card room's database work (a hand's start and end, seat reads): one thread, not the
#: loop's default pool - fewer threads taking the interpreter lock from the event loop that runs
#: every table's decisions (the load test's latency), and SQLite serialises writes anyway
_DB_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardroom-db")
T = TypeVar("T")


async def _db(run: Callable[[Callable[[Session], T]], T], fn: Callable[[Session], T]) -> T:
    return await asyncio.get_running_loop().run_in_executor(_DB_POOL, run, fn)


def _seat_rows(session: Session, table_id: str) -> list[dict[str, Any]]:
    return seats.seat_rows(session, table_id)


class TableRunner:
    def __init__(self, platform: Any, publish: Publish, table_id: str,
                 bots: Mapping[int, BotFn] | None = None, bot_delay: float = 0.0,
                 between_hands: float = 1.0, latencies: list[float] | None = None) -> None:
        self.platform = platform
        self.publish = publish
        self.table_id = table_id
        self.bots = dict(bots or {})  # player id -> decider
        self.bot_delay = bot_delay
        self.between_hands = between_hands
        self.hand: LiveHand | None = None
        self.wake = asyncio.Event()
        self.predeal: list[tuple[int, str]] = []
        self.seat_info: list[dict[str, Any]] = []
        self.config: dict[str, Any] = {}
        self.hands_played = 0
        self.decisions = 0
        #: seconds from a decision's arrival to its state published (the load test's measure)
        self.latencies = latencies

    # -- the loop --------------------------------------------------------------------------------

    def _now(self) -> float:
        return time.monotonic()

    async def refresh(self) -> None:
        def fn(s: Session) -> tuple[list[dict[str, Any]], dict[str, Any]]:
            t, cfg = tables.get(s, self.table_id)
            return _seat_rows(s, self.table_id), tables.describe(t, cfg)
        self.seat_info, self.config = await _db(self.platform.read, fn)

    async def run(self, stop: asyncio.Event) -> None:
        p = self.platform
        await asyncio.to_thread(warm_up)
        await asyncio.to_thread(p.run, lambda s: hands.recover(s, self.table_id, p.clock()))
        await self.refresh()
        while not stop.is_set():
            try:
                played = await self.one_hand(stop)
            except Exception:  # noqa: BLE001 - 000 §11: a software error voids the hand
                log.exception("table %s: hand failed; voiding it", self.table_id)
                hand, self.hand = self.hand, None
                if hand is not None:
                    hid = hand.hand_id
                    with contextlib.suppress(Exception):
                        await asyncio.to_thread(p.run, lambda s, h=hid: hands.void_hand(
                            s, h, "a software error stopped the hand (000 §11)", p.clock()))
                played = False
            if not played:
                self.wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), timeout=1.0)
            elif self.between_hands > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), timeout=self.between_hands)

    async def one_hand(self, stop: asyncio.Event) -> bool:
        p = self.platform
        predeal, self.predeal = self.predeal, []
        start = await _db(p.run, lambda s: hands.begin_hand(s, self.table_id, p.clock(), predeal))
        if start is None:
            return False
        hand = self.hand = LiveHand(start, self._now())
        await self.broadcast("hand_started")
        while not hand.finished and not stop.is_set():
            seat = hand.to_act()
            player = start.seat_players.get(seat) if seat is not None else None
            if seat is not None and player is not None and player in self.bots:
                due = time.perf_counter() + self.bot_delay  # the decision is made then
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                if hand.finished or hand.to_act() != seat:
                    continue
                t0 = due  # the latency counts the event loop's lag in waking the bot too
                d = self.bots[player](hand.state, views_legal(hand))
                hand.act(seat, d.name, {k: v for k, v in d.args.items() if k != "seat"}, self._now())
                await self.after_decision(t0)
                continue
            if seat is not None and player is not None:
                ROOM.mark_connection(hand, self.table_id, seat, player)
            self.wake.clear()
            dl = hand.deadline()
            timeout = None if dl is None else max(0.0, dl - self._now())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=timeout)
            t0 = time.perf_counter()
            if hand.timeout(self._now()) is not None:
                await self.after_decision(t0, "timeout")
        if not hand.finished:  # stopped: the next runner voids it on recovery
            return True
        self.hand = None
        end = await _db(p.run, lambda s: hands.finish_hand(
            s, hand.hand_id, hand.state, p.clock(), hand.banks, hand.timed_out))
        self.hands_played += 1
        self.seat_info = end.seats  # read in the settlement's own transaction
        await self.publish(table_message(self.table_id, {
            "type": "poker_hand_ended", "table_id": self.table_id, "hand_id": end.hand_id,
            "rake_minor": end.rake, "results": end.results,
            "hand": views.hand_public(hand.state, hand.hand_id, start.number, start.server_seed_hash),
            "seats": self.seat_info, "server_time": iso(p.clock())}))
        for pid, amount in end.left:
            await self.publish(player_message(pid, {"type": "poker_cashed_out", "table_id": self.table_id,
                                                    "amount_minor": amount}))
        return True

    async def after_decision(self, t0: float, event: str = "action") -> None:
        self.decisions += 1
        await self.broadcast(event)
        if self.latencies is not None:
            self.latencies.append(time.perf_counter() - t0)

    # -- messages --------------------------------------------------------------------------------

    def state_message(self, event: str) -> dict[str, Any]:
        hand = self.hand
        public: dict[str, Any] = {"type": "poker_state", "event": event, "table_id": self.table_id,
                                  "table": self.config, "seats": self.seat_info, "hand": None,
                                  "server_time": iso(self.platform.clock())}
        private: dict[str, dict[str, Any]] = {}
        if hand is not None:
            h = views.hand_public(hand.state, hand.hand_id, hand.start.number,
                                  hand.start.server_seed_hash)
            dl = hand.deadline()
            now = self._now()
            h["last_action"] = hand.last
            h["decision_ms_left"] = None if dl is None else max(0, int((dl - now) * 1000))
            bank = hand.bank_starts()
            h["time_bank_in_use"] = bank is not None and now >= bank
            h["time_banks_ms"] = {str(k): v for k, v in hand.banks.items()}
            public["hand"] = h
            for seat, pid in hand.start.seat_players.items():
                private[str(pid)] = {"you": views.you(hand.state, seat)}
        return table_message(self.table_id, public, private)

    async def broadcast(self, event: str) -> None:
        await self.publish(self.state_message(event))

    # -- players ---------------------------------------------------------------------------------

    def seat_of(self, player_id: int) -> int:
        hand = self.hand
        if hand is not None:
            for seat, pid in hand.start.seat_players.items():
                if pid == player_id:
                    return seat
        raise NotSeated("you are not in the hand being played at this table")

    async def act(self, player_id: int, hand_id: int, name: str, args: dict[str, Any],
                  version: int | None) -> dict[str, Any]:
        hand = self.hand
        if hand is None:
            raise IllegalAction("no hand is being played at this table")
        seat = self.seat_of(player_id)
        t0 = time.perf_counter()
        hand.act(seat, name, args, self._now(), hand_id, version)
        await self.after_decision(t0)
        self.wake.set()
        return {"accepted": True, "hand_id": hand.hand_id, "version": hand.version,
                "to_act": hand.to_act()}


_WARM: list[bool] = []
_WARMING = threading.Lock()


def warm_up() -> None:
    """Play one showdown of every game off the event loop, once per process: the hand
    evaluator's tables are built on first use (a second and more), which must not stall the
    loop that runs every table's decisions."""
    with _WARMING:
        if not _WARM:
            _warm()


def _warm() -> None:
    from croupier.games.pvp.poker.bots import play_hand, preset
    from croupier.games.pvp.poker.state import HandSetup
    from croupier.games.pvp.poker.variant import all_variants, load_variant
    from croupier.rng.source import seeded

    for game, name in all_variants():
        v = load_variant(game, name)
        calling = {1: preset("calling", seeded(1)), 2: preset("calling", seeded(2))}
        play_hand(v, HandSetup((1, 2), (1000, 1000), 1, 20), "EUR", seeded(0), calling)
    _WARM.append(True)


def views_legal(hand: LiveHand) -> list[Any]:
    from croupier.games.pvp.poker.engine import ENGINE

    return ENGINE.legal_actions(hand.state)


class Room:
    """This process's running poker tables (the API's way to them)."""

    def __init__(self) -> None:
        self.runners: dict[str, TableRunner] = {}
        #: the Rush & Cash pools run here (platform/cardroom/rush_runner.py)
        self.pools: dict[str, Any] = {}
        self.spawner: Callable[[str], None] | None = None
        #: the server's WebSocket hub (bound by the API): who has a table's socket open
        self.hub: Any = None

    def mark_connection(self, hand: LiveHand, table_id: str, seat: int, player_id: int) -> None:
        """Disconnect rule: a player to act without the table's (authenticated) WebSocket open
        in this server is disconnected - his turn gets the decision timer only, no time bank."""
        if self.hub is None:
            return
        conns = self.hub.tables.get(table_id, ())
        if any(c.player_id == player_id for c in conns):
            hand.disconnected.discard(seat)
        else:
            hand.disconnected.add(seat)

    def runner(self, table_id: str) -> TableRunner:
        r = self.runners.get(table_id)
        if r is None:
            raise TableNotRunning(f"poker table {table_id} is not running in this server")
        return r

    def state_view(self, platform: Any, table_id: str, player_id: int | None) -> dict[str, Any]:
        r = self.runners.get(table_id)
        if r is None:  # not running here: the stored part only
            def fn(s: Session) -> dict[str, Any]:
                t, cfg = tables.get(s, table_id)
                return {"type": "poker_state", "event": "snapshot", "table_id": table_id,
                        "table": tables.describe(t, cfg), "seats": _seat_rows(s, table_id),
                        "hand": None, "running": False}
            out: dict[str, Any] = platform.read(fn)
            return out
        msg = r.state_message("snapshot")
        out = {**dict(msg["message"]), "running": True}
        if player_id is not None:
            out.update(msg["private"].get(str(player_id), {"you": None}))
        return out

    def _format(self, platform: Any, table_id: str) -> str:
        r = self.runners.get(table_id)
        if r is not None:
            return str(r.config.get("format"))
        return str(platform.read(lambda s: tables.get(s, table_id)[1].format))

    def _not_rush(self, platform: Any, table_id: str) -> None:
        """A Rush table's hands are played through its pool (it has no runner of its own)."""
        if table_id not in self.runners and self._format(platform, table_id) == "rush":
            pool = platform.read(lambda s: tables.get(s, table_id)[1].pool)
            raise IllegalAction(f"table {table_id} is a Rush & Cash table: play through its pool "
                                f"(/api/cardroom/rush/{pool}/...)")

    async def act(self, platform: Any, table_id: str, player_id: int, hand_id: int, name: str,
                  args: dict[str, Any], version: int | None) -> dict[str, Any]:
        if table_id not in self.runners:  # the runner's own table: no look-up on the way
            await asyncio.to_thread(self._not_rush, platform, table_id)
        return await self.runner(table_id).act(player_id, hand_id, name, args, version)

    async def announce(self, platform: Any, table_id: str, player_id: int, kind: str) -> dict[str, Any]:
        fmt = await asyncio.to_thread(self._format, platform, table_id)
        if fmt in ("rush", "all_in_or_fold", "tournament"):
            raise IllegalAction(f"no {kind.replace('_', ' ')} at a {fmt} table (000 §12.12.3)")
        r = self.runner(table_id)
        seat = next((s["seat"] for s in r.seat_info if s["player_id"] == player_id), None)
        if seat is None:
            raise NotSeated(f"you have no seat at table {table_id}")
        if any(k for _s, k in r.predeal):
            raise IllegalAction("one announcement per hand: the next hand has one already")
        r.predeal.append((int(seat), kind))
        return {"announced": kind, "seat": seat, "for": "the next hand"}

    async def seats_changed(self, platform: Any, table_id: str) -> None:
        r = self.runners.get(table_id)
        if r is not None:
            await r.refresh()
            r.wake.set()
            await r.broadcast("seats")

    async def tournament_changed(self, platform: Any, tournament_id: int) -> None:
        from croupier.platform.cardroom import tournaments

        tid = await asyncio.to_thread(platform.read, lambda s: tournaments.table_of(s, tournament_id))
        if tid is not None and tid not in self.runners and self.spawner is not None:
            self.spawner(tid)

    def pool(self, platform: Any, pool: str) -> Any:
        """The runner of a Rush pool (``NotFound`` for no such pool, ``TableNotRunning`` for a
        pool not run by this process)."""
        r = self.pools.get(pool)
        if r is None:
            from croupier.platform.cardroom import rush

            platform.read(lambda s: rush.anchor(s, pool))
            raise TableNotRunning(f"Rush pool {pool} is not running in this server")
        return r


ROOM = Room()


def _spawner(platform: Any, publish: Publish, stop: asyncio.Event) -> Callable[[str], None]:
    """Start a table opened while the server runs (a sit-and-go's table) as the supervisor
    would: under the table's lock, in this event loop."""
    from croupier.platform.locks import table_lock

    def spawn(table_id: str) -> None:
        async def one() -> None:
            lock = table_lock(platform.db, table_id)
            try:
                while not stop.is_set():
                    if await asyncio.to_thread(lock.acquire):
                        await run_cardroom_table(platform, publish, table_id, stop)
                        break
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(stop.wait(), timeout=2.0)
            finally:
                await asyncio.to_thread(lock.release)

        task = asyncio.get_running_loop().create_task(one())
        _TASKS.add(task)
        task.add_done_callback(_TASKS.discard)

    return spawn


_TASKS: set[asyncio.Task[None]] = set()


async def run_cardroom_table(platform: Any, publish: Publish, table_id: str, stop: asyncio.Event) -> None:
    """The supervisor's entry (its lock held): run the table until ``stop``. A card room table
    running also lets the room start tables opened later (sit-and-go tables)."""
    ROOM.spawner = _spawner(platform, publish, stop)  # this server's (a test starts several)
    from croupier.platform.cardroom import rush_runner

    is_rush, pool = await asyncio.to_thread(rush_runner.anchor_pool, platform, table_id)
    if is_rush:  # a Rush table: its pool's runner (on the anchor) deals there
        if pool is not None:
            await rush_runner.run_pool(platform, publish, pool, stop)
        else:
            await stop.wait()
        return
    r = TableRunner(platform, publish, table_id)
    ROOM.runners[table_id] = r
    try:
        await r.run(stop)
    finally:
        ROOM.runners.pop(table_id, None)


def is_cardroom_table(platform: Any, table_id: str) -> bool:
    return bool(platform.read(lambda s: tables.is_cardroom_table(s, table_id)))


__all__ = ["ROOM", "CroupierError", "Room", "TableRunner", "is_cardroom_table", "run_cardroom_table"]
