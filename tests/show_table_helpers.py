"""Forcing a Crazy Time table round's wheel (issue 18 tests): a server seed whose draws land on
the wanted segment, found by trying seeds in order, stored on the round with its commitment (the
round stays provably fair: its draws still come from its own seed)."""

from __future__ import annotations

from sqlalchemy import update

from croupier.games.base import DrawAction
from croupier.games.registry import load_variant
from croupier.games.shows.crazy_time.engine import ENGINE
from croupier.games.shows.crazy_time.variant import MISS
from croupier.platform.service import Platform
from croupier.rng import fair
from croupier.store.models import Round


def seed_landing_on(client_seed: str, segment: str, top_slot: bool | None = None) -> str:
    """The first seed (``00..0i``) whose wheel stops on ``segment`` (``top_slot``: whether the
    Top Slot lines up on it, None: either way)."""
    v = load_variant("crazy_time", "standard")
    for i in range(200_000):
        seed = f"{i:064x}"
        src = fair.stream(seed, client_seed, 0)
        spot = v.top_slot_spots.pick(src.randbelow(v.top_slot_spots.total))
        if spot != MISS:
            src.randbelow(v.top_slot_multipliers.total)
        code = v.segments[src.randbelow(54)]
        if code == segment and (top_slot is None or (spot == segment) == top_slot):
            return seed
    raise AssertionError(f"no seed lands on {segment}")  # pragma: no cover


def force_segment(p: Platform, round_id: int, segment: str, top_slot: bool | None = None) -> str:
    rnd = p.read(lambda s: s.get(Round, round_id))
    assert rnd is not None
    seed = seed_landing_on(rnd.client_seed, segment, top_slot)
    p.run(lambda s: s.execute(update(Round).where(Round.id == round_id).values(
        server_seed=seed, server_seed_hash=fair.commitment(seed))))
    return seed


__all__ = ["DrawAction", "ENGINE", "force_segment", "seed_landing_on"]
