"""Helpers of the decision-round tests: find a provably fair seed pair whose first round reaches
a wanted decision point (computed through the engine, never typed in), and give it to a player."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import select

from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import game, load_variant
from croupier.platform.service import Platform
from croupier.rng import fair
from croupier.store.models import Player, SeedPairRow


def first_decision(game_name: str, variant_name: str, bets: Sequence[BetRequest], cur: str,
                   server_seed: str, client_seed: str, nonce: int = 0) -> Any:
    """The state at the round's first decision (or its end) when dealt from these seeds."""
    spec = game(game_name)
    source = fair.stream(server_seed, client_seed, nonce)
    state = spec.engine.start(load_variant(game_name, variant_name), list(bets), cur)
    while not spec.engine.is_finished(state):
        req = spec.engine.next_draw(state)
        if req is None:
            break
        state = spec.engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
    return state


def find_seed(game_name: str, variant_name: str, bets: Sequence[BetRequest], cur: str,
              wanted: Callable[[Any], bool], tries: int = 5000) -> tuple[str, str]:
    """A (server seed, client seed) whose first round's first decision point is ``wanted``."""
    spec = game(game_name)
    for i in range(tries):
        server = f"{i:064x}"
        state = first_decision(game_name, variant_name, bets, cur, server, "tests")
        if not spec.engine.is_finished(state) and wanted(state):
            return server, "tests"
    raise LookupError("no seed in range gives that deal")  # pragma: no cover


def legal_names(game_name: str, state: Any) -> set[str]:
    return {d.name for d in game(game_name).engine.legal_actions(state)}


def give_seeds(p: Platform, player: Player, server_seed: str, client_seed: str) -> None:
    """Make (server_seed, client_seed, nonce 0) the player's active seed pair."""
    def fn(s: Any) -> None:
        from croupier.platform.fairness import active_pair

        row = active_pair(s, player.id, p.clock(), lock=True)
        row.server_seed = server_seed
        row.server_seed_hash = fair.commitment(server_seed)
        row.client_seed = client_seed
        row.next_nonce = 0
    p.run(fn)


def seed_row(p: Platform, player: Player) -> SeedPairRow:
    return p.read(lambda s: s.scalars(select(SeedPairRow).where(
        SeedPairRow.player_id == player.id, SeedPairRow.active.is_(True))).one())
