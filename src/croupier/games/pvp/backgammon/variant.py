"""Backgammon rule sets as data: ``croupier/variants/pvp_backgammon/<name>.toml`` (000 §12.12.1:
Short, Armenian, Long, Blitz, Pioneer, Hyper, Nack).

Every variant is the same movement engine with different data: the start position, how the two
players' tracks face each other (``geometry``), what blocks a point, whether a blot is hit, where
a checker on the bar enters, the Long Nardy head and six-block rules, Armenian's stop after a hit,
how many moves a double gives, and which cube/Koks/scoring options the variant allows. Points are
numbered from the mover's side: 1–6 his home board, 24 the farthest point; 25 is the bar (Blitz:
the checkers not yet placed) and 0 is borne off. Unknown or wrong fields are refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant

BAR: Final = 25
OFF: Final = 0
GEOMETRIES: Final = ("opposed", "long")
ENTRIES: Final = ("far", "home", "none")
OPTIONS: Final = ("mandatory", "optional", "none")


@dataclass(frozen=True, slots=True, eq=False)
class BackgammonVariant:
    """A backgammon rule set. Compared by identity: variants are loaded once."""

    name: str
    title: str
    source: str
    start: tuple[int, ...]         # 26 counts: index = point (0 off, 1..24, 25 bar/reserve)
    checkers: int                  # per player
    geometry: str                  # opposed (standard) or long (Long Nardy: both move the same way)
    hitting: bool                  # a single opposing checker (blot) is hit to the bar
    block_at: int                  # opposing checkers that close a point: 2, or 1 (Long: no landing)
    entry: str                     # bar -> point 25-d ("far"), point d ("home": Blitz), or "none"
    head_rule: bool                # Long: one checker leaves the head (point 24) per turn
    head_exception: tuple[int, ...]  # Long: doubles that let two leave the head on the first throw
    six_block_rule: bool           # Long: no 6-point block unless an opposing checker is ahead of it
    stop_after_hit: bool           # Armenian: a checker that hits in the opponent's home stops
    double_moves: tuple[int, ...]  # moves a double of 1..6 gives (4; Pioneer 1,1,1,2,2,2)
    cube: str                      # mandatory / optional / none (the table's choice if optional)
    koks: str                      # mandatory / optional / none
    targets: tuple[int, ...]       # the match lengths (points to win) a table may choose
    pip_targets: tuple[int, ...]   # targets scored by the loser's pips (Pioneer, Blitz: 51, 101)
    reserve_pips: int              # pip scoring: what a checker not yet placed (Blitz) counts
    assumptions: tuple[str, ...] = ()


_FIELDS: Final = {
    "title": str, "source": str, "start": list, "geometry": str, "hitting": bool,
    "block_at": int, "entry": str, "head_rule": bool, "head_exception": list,
    "six_block_rule": bool, "stop_after_hit": bool, "double_moves": list, "cube": str,
    "koks": str, "targets": list, "pip_targets": list, "reserve_pips": int, "assumptions": list,
}
_CHOICES: Final = {"geometry": GEOMETRIES, "entry": ENTRIES, "cube": OPTIONS, "koks": OPTIONS}


def parse_variant(data: Mapping[str, Any], name: str) -> BackgammonVariant:
    where = f"pvp_backgammon/{name}.toml"
    check_fields(where, data, _FIELDS, _CHOICES)
    start = [0] * 26
    for item in data["start"]:
        if (not isinstance(item, list) or len(item) != 2 or not all(type(x) is int for x in item)
                or not 1 <= item[0] <= BAR or item[1] <= 0 or start[item[0]]):
            raise VariantError(f"{where}: start lists [point 1..25, count > 0] once per point, got {item!r}")
        start[item[0]] = item[1]
    checkers = sum(start)
    if checkers < 1:
        raise VariantError(f"{where}: the start position has no checkers")
    if start[BAR] and data["entry"] == "none":
        raise VariantError(f"{where}: checkers start on the bar but entry is 'none'")
    if data["block_at"] not in (1, 2):
        raise VariantError(f"{where}: block_at is 1 or 2, got {data['block_at']}")
    if data["hitting"] and data["block_at"] != 2:
        raise VariantError(f"{where}: hitting needs block_at = 2 (a blot can be hit)")
    if data["hitting"] and data["entry"] == "none":
        raise VariantError(f"{where}: a hit checker needs an entry rule")
    moves = data["double_moves"]
    if len(moves) != 6 or not all(type(m) is int and 1 <= m <= 4 for m in moves):
        raise VariantError(f"{where}: double_moves lists 6 counts in 1..4, got {moves!r}")
    exc = data["head_exception"]
    if not all(type(d) is int and 1 <= d <= 6 for d in exc):
        raise VariantError(f"{where}: head_exception lists die values 1..6, got {exc!r}")
    targets = data["targets"]
    if not targets or not all(type(t) is int and t >= 1 for t in targets):
        raise VariantError(f"{where}: targets are match lengths >= 1, got {targets!r}")
    pips = data["pip_targets"]
    if not all(t in targets for t in pips):
        raise VariantError(f"{where}: pip_targets must be among the targets, got {pips!r}")
    return BackgammonVariant(
        name=name, title=data["title"], source=data["source"], start=tuple(start),
        checkers=checkers, geometry=data["geometry"], hitting=data["hitting"],
        block_at=data["block_at"], entry=data["entry"], head_rule=data["head_rule"],
        head_exception=tuple(exc), six_block_rule=data["six_block_rule"],
        stop_after_hit=data["stop_after_hit"], double_moves=tuple(moves), cube=data["cube"],
        koks=data["koks"], targets=tuple(targets), pip_targets=tuple(pips),
        reserve_pips=data["reserve_pips"],
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


def variant_names() -> list[str]:
    folder = resources.files("croupier.variants").joinpath("pvp_backgammon")
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir()
                  if p.name.endswith(".toml") and not p.name.startswith("_"))


@cache
def load_variant(name: str) -> BackgammonVariant:
    """Read and validate ``variants/pvp_backgammon/<name>.toml``."""
    return parse_variant(read_variant("pvp_backgammon", name, "backgammon"), name)
