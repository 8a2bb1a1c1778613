"""Rush & Cash (000 §12.12.3): a pool of tables of one blind level; joining seats the player at
the fullest table with a free seat, one seat in the whole pool; fast fold at any time, out of
turn, only at Rush tables."""

from __future__ import annotations

import pytest

from croupier.errors import IllegalAction
from croupier.platform.cardroom import rush
from croupier.platform.cardroom.errors import AlreadySeated
from croupier.platform.cardroom.live import LiveHand
from croupier.platform.service import Platform
from tests.cardroom_helpers import T0, begin, sit, table
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player


def test_000_12_12_3_rush_pool_seats_at_the_fullest_table_and_one_seat_per_pool(platform: Platform) -> None:
    p = platform
    a = table(p, "rush-a", format="rush", pool="nl20")
    table(p, "rush-b", format="rush", pool="nl20")
    ann, bob = new_player(p, deposit="100"), new_player(p, deposit="100")
    first = p.run(lambda s: rush.join(s, ann, "nl20", 1000, T0))
    assert first["table_id"] == a and first["pool"] == "nl20"
    second = p.run(lambda s: rush.join(s, bob, "nl20", 1000, T0))
    assert second["table_id"] == a and second["seat"] != first["seat"]
    with pytest.raises(AlreadySeated, match="Rush pool nl20"):
        sit(p, ann, "rush-b", 0, 1000)


def test_000_12_12_3_fast_fold_at_any_time_at_a_rush_table_and_nowhere_else(platform: Platform) -> None:
    p = platform
    table(p, "rush-a", format="rush", pool="nl20")
    table(p)
    players = [new_player(p, deposit="100") for _ in range(3)]
    for i, pl in enumerate(players):
        p.run(lambda s, pl=pl: rush.join(s, pl, "nl20", 1000, T0))
        sit(p, pl, "nl-eur", i, 1000)
    start = begin(p, "rush-a")
    assert start is not None
    live = LiveHand(start, 0.0)
    waiting = next(s for s in start.setup.seats if s != live.to_act())
    live.act(waiting, "fast_fold", {}, 0.0)  # out of turn: allowed at Rush
    assert live.state.folded[start.setup.seats.index(waiting)]
    regular = LiveHand(begin(p, "nl-eur"), 0.0)  # type: ignore[arg-type]
    other = next(s for s in regular.start.setup.seats if s != regular.to_act())
    with pytest.raises(IllegalAction, match="only at Rush"):
        regular.act(other, "fast_fold", {}, 0.0)
