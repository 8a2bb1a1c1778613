"""Hexagon boards as data: ``croupier/variants/pvp_hexagon/cells<N>.toml`` (000 §12.12.8: 37, 43
or 61 hexagonal cells), with the geometry each board implies: its cells (axial coordinates
``(q, r)``, numbered in reading order: by ``r``, then ``q``), each cell's neighbours (distance 1:
a clone) and the cells two away (distance 2: a jump)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant
from croupier.games.pvp.variant_file import variant_names as names_in

Cell = tuple[int, int]


def hex_distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


@dataclass(frozen=True, slots=True, eq=False)
class HexagonVariant:
    name: str
    title: str
    source: str
    cells: tuple[Cell, ...]                  # index -> (q, r)
    near: tuple[tuple[int, ...], ...]        # index -> neighbours (distance 1)
    far: tuple[tuple[int, ...], ...]         # index -> cells at distance 2
    start_first: tuple[int, ...]             # the first seat's starting cells (indexes)
    start_second: tuple[int, ...]
    assumptions: tuple[str, ...] = ()

    def index(self, cell: Cell) -> int:
        return self.cells.index(cell)


_FIELDS: Final = {"title": str, "source": str, "radius": int, "extra_cells": list,
                  "start_first": list, "start_second": list, "assumptions": list}


def _cell(where: str, item: Any) -> Cell:
    if not isinstance(item, list) or len(item) != 2 or not all(type(x) is int for x in item):
        raise VariantError(f"{where}: a cell is [q, r], got {item!r}")
    return (item[0], item[1])


def parse_variant(data: Mapping[str, Any], name: str) -> HexagonVariant:
    where = f"pvp_hexagon/{name}.toml"
    check_fields(where, data, _FIELDS)
    radius = data["radius"]
    if radius < 2:
        raise VariantError(f"{where}: radius must be >= 2, got {radius}")
    cells = {(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if hex_distance((q, r), (0, 0)) <= radius}
    for item in data["extra_cells"]:
        c = _cell(where, item)
        if c in cells:
            raise VariantError(f"{where}: extra cell {list(c)} is already on the board")
        cells.add(c)
    ordered = tuple(sorted(cells, key=lambda c: (c[1], c[0])))
    pos = {c: i for i, c in enumerate(ordered)}
    near = tuple(tuple(pos[d] for d in ordered if hex_distance(c, d) == 1) for c in ordered)
    far = tuple(tuple(pos[d] for d in ordered if hex_distance(c, d) == 2) for c in ordered)
    starts = []
    for key in ("start_first", "start_second"):
        idx = []
        for item in data[key]:
            c = _cell(where, item)
            if c not in pos:
                raise VariantError(f"{where}: start cell {list(c)} is not on the board")
            idx.append(pos[c])
        starts.append(tuple(idx))
    if not starts[0] or len(starts[0]) != len(starts[1]) or set(starts[0]) & set(starts[1]):
        raise VariantError(f"{where}: both players start with as many pieces, on different cells")
    return HexagonVariant(
        name=name, title=data["title"], source=data["source"], cells=ordered, near=near, far=far,
        start_first=starts[0], start_second=starts[1],
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


def variant_names() -> list[str]:
    return names_in("pvp_hexagon")


@cache
def load_variant(name: str) -> HexagonVariant:
    return parse_variant(read_variant("pvp_hexagon", name, "Hexagon board"), name)
