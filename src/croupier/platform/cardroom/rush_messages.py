"""The messages of a Rush & Cash pool's runner (platform/cardroom/rush_runner.py): a hand in play
(:class:`PoolHand`), its ``poker_state`` message and the pool's view for a player."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Protocol

from croupier.platform.cardroom import views
from croupier.platform.cardroom.live import LiveHand
from croupier.platform.clock import iso
from croupier.platform.events import table_message


@dataclass(slots=True)
class PoolHand:
    live: LiveHand
    seats: list[dict[str, Any]]
    released: set[int] = field(default_factory=set)  # seats folded out of the hand
    pending: list[int] = field(default_factory=list)  # of those, not yet released in the store
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def table_id(self) -> str:
        return self.live.start.table_id


class PoolView(Protocol):
    """What the messages read of a pool's runner (:class:`.rush_runner.PoolRunner`)."""

    platform: Any
    pool: str
    config: dict[str, Any]
    channel: str
    waiting: dict[int, float]
    hands: dict[int, PoolHand]
    in_hand: dict[int, tuple[int, int]]

    def _now(self) -> float: ...


def state_message(pool: PoolView, hand: PoolHand, event: str) -> dict[str, Any]:
    live = hand.live
    h = views.hand_public(live.state, live.hand_id, live.start.number, live.start.server_seed_hash)
    dl = live.deadline()
    now = pool._now()
    h["last_action"] = live.last
    h["decision_ms_left"] = None if dl is None else max(0, int((dl - now) * 1000))
    bank = live.bank_starts()
    h["time_bank_in_use"] = bank is not None and now >= bank
    h["time_banks_ms"] = {str(k): v for k, v in live.banks.items()}
    h["released"] = sorted(hand.released)
    public = {"type": "poker_state", "event": event, "pool": pool.pool, "table_id": hand.table_id,
              "table": {**pool.config, "id": hand.table_id}, "seats": hand.seats, "hand": h,
              "server_time": iso(pool.platform.clock())}
    private = {str(pid): {"you": views.you(live.state, seat)}
               for seat, pid in live.start.seat_players.items() if seat not in hand.released}
    return table_message(pool.channel, public, private)


def pool_view(pool: PoolView, player_id: int | None) -> dict[str, Any]:
    """The pool and, for a player, the hand he is in (as the ``poker_state`` message)."""
    out: dict[str, Any] = {"type": "rush_pool", "pool": pool.pool, "running": True,
                           "table": pool.config, "waiting": len(pool.waiting),
                           "hands_in_play": len(pool.hands), "you_waiting": None, "hand": None}
    if player_id is None:
        return out
    out["you_waiting"] = player_id in pool.waiting
    where = pool.in_hand.get(player_id)
    if where is not None:
        msg = state_message(pool, pool.hands[where[0]], "snapshot")
        out["hand"] = {**dict(msg["message"]), **msg["private"].get(str(player_id), {})}
    return out
