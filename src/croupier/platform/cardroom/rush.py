"""Rush & Cash pools in the store (000 §12.12.3, docs/pvp_poker.md "Rush & Cash").

The player picks a **blind level**, not a table: a pool is the set of ``rush`` tables that
share a ``pool`` name (one configuration: the first table's, by id - the pool's *anchor*). He
joins the pool with a buy-in (cash -> his pool stack, the escrow account ``rush:<pool>:<id>``),
and the pool's runner (:mod:`.rush_runner`) deals him into a new hand at a free table of the pool
with other waiting players whenever enough wait; his stack follows him from hand to hand.

Money, hand by hand (stakes in = pots out + rake, to the minor unit):

* :func:`release` - a player who folds (a **fast fold** at any time, out of turn, or a fold on
  his turn) leaves the hand at once: a folded player never gets a chip back (the engine's pots:
  "a folded bet never comes back"), so what he put in is final; it moves from his pool stack to
  the table's pot account now, and his stack is free for his next hand while this one goes on.
* :func:`finish_hand` - at the end of the hand the players still in it are settled as at a
  regular table (losers -> pot -> winners and the rake); the released players' parts are checked
  against the engine's settlement (stake = what moved, nothing returned). The pot account is
  back at zero.
* :func:`void_hand` - a hand the server could not finish: every chip goes back, also the
  released players' (000 §11).

A table of a pool plays one hand at a time (its seed is rotated only between its hands, as at a
regular table); when every table of a pool is busy the pool opens one more with the same
configuration (:func:`free_table`).

This module is the one import of the pool's store functions (their names stay importable from
here): the pool's tables and entries (:mod:`.rush_pools`), joining and leaving
(:mod:`.rush_entries`), the hands' money (:mod:`.rush_hands`).
"""

from __future__ import annotations

from croupier.platform.cardroom.rush_entries import (
    cash_out,
    cash_out_leaver,
    join,
    leave,
    sit_in,
    sit_out,
)
from croupier.platform.cardroom.rush_hands import (
    begin_hand,
    finish_hand,
    recover,
    release,
    void_hand,
)
from croupier.platform.cardroom.rush_pools import (
    STATUSES,
    anchor,
    anchor_id,
    check_pool,
    describe,
    entry_dict,
    entry_of,
    free_table,
    is_anchor,
    lobby,
    players_of,
    pool_names,
    pool_tables,
    ready_players,
    stack_code,
)

__all__ = [
    "STATUSES",
    "anchor",
    "anchor_id",
    "begin_hand",
    "cash_out",
    "cash_out_leaver",
    "check_pool",
    "describe",
    "entry_dict",
    "entry_of",
    "finish_hand",
    "free_table",
    "is_anchor",
    "join",
    "leave",
    "lobby",
    "players_of",
    "pool_names",
    "pool_tables",
    "ready_players",
    "recover",
    "release",
    "sit_in",
    "sit_out",
    "stack_code",
    "void_hand",
]
