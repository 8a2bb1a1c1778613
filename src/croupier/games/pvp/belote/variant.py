"""The Belote rule sets as data: ``croupier/variants/pvp_belote/<name>.toml`` (000 §12.12).

What differs between Classic and Open Belote is data: the deck, the deal (Classic: 6 each, the
trump, 3 more; Open: 16 each as 8 piles of 2), the card points, the trick orders, the
combination points, how declarations count (Classic: only the better side's; Open: all), the
equal-points rule, the match targets and the options the creator may choose (Contra, Change
card, Double stake only in Classic).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant
from croupier.games.pvp.variant_file import variant_names as names_in


@dataclass(frozen=True, slots=True, eq=False)
class BeloteVariant:
    name: str
    title: str
    source: str
    style: str                           # "classic" (6 + trump + 3) or "open" (8 piles of 2)
    ranks: tuple[int, ...]               # the deck's ranks, ascending (7..14 or 9..14)
    plain_points: Mapping[int, int]      # rank -> points in a non-trump suit
    trump_points: Mapping[int, int]      # rank -> points in the trump suit
    no_trump_points: Mapping[int, int]   # rank -> points in a No Trump game
    trump_order: tuple[int, ...]         # trick order of the trump suit, highest first
    plain_order: tuple[int, ...]         # trick order of other suits (and No Trump), highest first
    must_trump: bool                     # a player void in the suit led must trump if he can
    last_trick: int
    capot: int
    belote: int                          # K + Q of trump
    sequences: Mapping[int, int]         # run length (3, 4, 5: 5 and more) -> points
    fours: Mapping[int, int]             # rank -> points of "4 cards" (ranks absent: not declared)
    four_order_trump: tuple[int, ...]    # "4 cards" rank order in a trump game, highest first
    four_order_no_trump: tuple[int, ...]
    declarations: str                    # "best" (Classic) or "all" (Open)
    ties: str                            # equal hand points: "chooser" wins or "split"
    win_targets: tuple[int, ...]
    point_targets: tuple[int, ...]
    double_capot_targets: tuple[int, ...]
    contra: bool
    contra_excluded_wins: tuple[int, ...]
    change_card_percent: int             # 0: no "Change card" option
    double_multipliers: tuple[int, ...]  # (): no "Double stake" option
    assumptions: tuple[str, ...] = ()

    @property
    def deck(self) -> tuple[int, ...]:
        """Card codes ``rank * 4 + suit`` (:mod:`croupier.cards.card`), ascending."""
        return tuple(r * 4 + s for r in self.ranks for s in range(4))


_FIELDS: Final = {
    "title": str, "source": str, "style": str, "ranks": list, "plain_points": list,
    "trump_points": list, "no_trump_points": list, "trump_order": list, "plain_order": list,
    "must_trump": bool, "last_trick": int, "capot": int, "belote": int, "sequences": list,
    "fours": list, "four_order_trump": list, "four_order_no_trump": list, "declarations": str,
    "ties": str, "win_targets": list, "point_targets": list, "double_capot_targets": list,
    "contra": bool, "contra_excluded_wins": list, "change_card_percent": int,
    "double_multipliers": list, "assumptions": list,
}
_CHOICES: Final = {"style": ("classic", "open"), "declarations": ("best", "all"),
                   "ties": ("chooser", "split")}


def _pairs(where: str, key: str, raw: list[Any], ranks: tuple[int, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for p in raw:
        if (not isinstance(p, list) or len(p) != 2 or not all(type(x) is int for x in p)
                or p[0] not in ranks or p[1] < 0 or p[0] in out):
            raise VariantError(f"{where}: {key} holds [rank, points] of the deck's ranks, got {p!r}")
        out[p[0]] = p[1]
    return out


def _ints(where: str, key: str, raw: list[Any]) -> tuple[int, ...]:
    if not all(type(x) is int and x >= 1 for x in raw):
        raise VariantError(f"{where}: {key} holds whole numbers >= 1, got {raw!r}")
    return tuple(raw)


def parse_variant(data: Mapping[str, Any], name: str) -> BeloteVariant:
    where = f"pvp_belote/{name}.toml"
    check_fields(where, data, _FIELDS, _CHOICES)
    ranks = _ints(where, "ranks", data["ranks"])
    if list(ranks) != sorted(set(ranks)) or not set(ranks) <= set(range(2, 15)) or len(ranks) < 6:
        raise VariantError(f"{where}: ranks are 6 or more distinct ascending ranks 2..14, got {ranks!r}")
    if data["style"] == "classic" and len(ranks) != 6:
        raise VariantError(f"{where}: Classic Belote deals 9 of 24 cards (6 ranks), got {len(ranks)}")
    points = {k: _pairs(where, k, data[k], ranks) for k in ("plain_points", "trump_points", "no_trump_points")}
    for k, table in points.items():
        if set(table) != set(ranks):
            raise VariantError(f"{where}: {k} gives every rank of the deck")
    orders = {k: _ints(where, k, data[k]) for k in ("trump_order", "plain_order")}
    for k, order in orders.items():
        if sorted(order) != list(ranks):
            raise VariantError(f"{where}: {k} orders every rank of the deck once")
    seqs = _pairs(where, "sequences", data["sequences"], (3, 4, 5))
    if set(seqs) != {3, 4, 5}:
        raise VariantError(f"{where}: sequences gives the points of 3, 4 and 5 in a row")
    fours = _pairs(where, "fours", data["fours"], ranks)
    four_orders = {k: _ints(where, k, data[k]) for k in ("four_order_trump", "four_order_no_trump")}
    for k, order in four_orders.items():
        if not set(order) <= set(fours) or len(set(order)) != len(order):
            raise VariantError(f"{where}: {k} orders ranks that have 'fours' points")
    multipliers = _ints(where, "double_multipliers", data["double_multipliers"])
    if any(m < 2 or m & (m - 1) for m in multipliers):
        raise VariantError(f"{where}: double_multipliers are powers of two >= 2, got {multipliers!r}")
    if not 0 <= data["change_card_percent"] < 100:
        raise VariantError(f"{where}: change_card_percent is 0..99")
    for k in ("last_trick", "capot", "belote"):
        if data[k] < 0:
            raise VariantError(f"{where}: {k} cannot be negative")
    return BeloteVariant(
        name=name, title=data["title"], source=data["source"], style=data["style"], ranks=ranks,
        plain_points=points["plain_points"], trump_points=points["trump_points"],
        no_trump_points=points["no_trump_points"], trump_order=orders["trump_order"],
        plain_order=orders["plain_order"], must_trump=data["must_trump"],
        last_trick=data["last_trick"], capot=data["capot"], belote=data["belote"], sequences=seqs,
        fours=fours, four_order_trump=four_orders["four_order_trump"],
        four_order_no_trump=four_orders["four_order_no_trump"], declarations=data["declarations"],
        ties=data["ties"], win_targets=_ints(where, "win_targets", data["win_targets"]),
        point_targets=_ints(where, "point_targets", data["point_targets"]),
        double_capot_targets=_ints(where, "double_capot_targets", data["double_capot_targets"]),
        contra=data["contra"], contra_excluded_wins=_ints(where, "contra_excluded_wins", data["contra_excluded_wins"]),
        change_card_percent=data["change_card_percent"], double_multipliers=multipliers,
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


def variant_names() -> list[str]:
    return names_in("pvp_belote")


@cache
def load_variant(name: str) -> BeloteVariant:
    return parse_variant(read_variant("pvp_belote", name, "belote"), name)
