"""A Crazy Time variant as data (``variants/crazy_time/*.toml``, 000 §12.31).

The main wheel's 54 segments and the bets are the extract's; the Top Slot reels, the Cash Hunt
wall, the Pachinko boards, the Coin Flip sides and the 64-segment bonus wheel are not in the rules
(§12.31 ambiguities 3-4) and are ASSUMPTIONS in the variant file, calibrated so each bet returns
94-97% (docs/shows.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.fields import boolean, integer, need
from croupier.games.shows.showdata import (
    StakeLimits,
    Weighted,
    limits_for,
    parse_limits,
    positive_int,
    weighted,
)

#: the number segments and their net odds n:1 (000 §12.31 "with the odds of the winning segment")
NUMBERS: Final = ("1", "2", "5", "10")
#: the bonus segments (000 §12.31 "Bonus games")
BONUSES: Final = ("cash_hunt", "pachinko", "coin_flip", "crazy_time")
#: every segment, and every bet (000 §12.31 "Bets on 1, 2, 5, 10, Cash Hunt, ...")
SEGMENTS: Final = NUMBERS + BONUSES
#: the Top Slot spot reel's stop with no line-up
MISS: Final = "miss"
#: Pachinko / Crazy Time bonus-wheel special segments
DOUBLE: Final = "DOUBLE"
TRIPLE: Final = "TRIPLE"
FLAPPERS: Final = ("green", "blue", "yellow")


@dataclass(frozen=True, slots=True)
class PachinkoBoard:
    """One landing zone of 16 slots: a multiplier or DOUBLE each."""

    slots: tuple[int | str, ...]


@dataclass(frozen=True, slots=True)
class CrazyTimeVariant:
    name: str
    title: str
    source: str
    kind: str
    #: main wheel: segment -> count, in wheel order (000 §12.31 table, 54 segments)
    wheel: tuple[tuple[str, int], ...]
    #: Top Slot: the spot reel (a segment or "miss") and the multiplier reel (ASSUMPTION)
    top_slot_spots: Weighted[str]
    top_slot_multipliers: Weighted[int]
    #: Cash Hunt: the wall's multipliers, value -> count, 108 in all (000 §12.31; values ASSUMED)
    cash_hunt_wall: tuple[tuple[int, int], ...]
    #: Pachinko: boards drawn per bonus by weight; drop zones; peg rows; the cap (10,000x rule)
    pachinko_boards: Weighted[int]
    pachinko_layouts: tuple[PachinkoBoard, ...]
    pachinko_zones: tuple[int, ...]
    pachinko_pegs: int
    pachinko_cap: int
    #: Coin Flip: each side's multiplier table (ASSUMPTION)
    coin_red: Weighted[int]
    coin_blue: Weighted[int]
    #: Crazy Time bonus wheel: 64 segments in wheel order; flapper offsets; the 20,000x cap
    bonus_wheel: tuple[int | str, ...]
    flapper_offsets: tuple[int, ...]
    bonus_cap: int
    limits: Mapping[str, StakeLimits]
    assumptions: tuple[str, ...]
    paytable_assumed: bool = True
    admission_override: bool = False
    #: the seconds a bonus's decision window stays open at a shared table (Cash Hunt pick,
    #: flapper choice): 000 §12.31 says "during a countdown" without a figure (ASSUMPTION: 15)
    pick_seconds: int = 15

    @property
    def segments(self) -> tuple[str, ...]:
        """The main wheel, one entry per segment (the ``wheel`` draw indexes it)."""
        return tuple(code for code, n in self.wheel for _ in range(n))

    @property
    def wall(self) -> tuple[int, ...]:
        """The Cash Hunt wall's 108 multipliers, ascending (the reveal draws index what is left)."""
        return tuple(v for v, n in self.cash_hunt_wall for _ in range(n))

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self.wheel)

    @property
    def payouts(self) -> dict[str, str]:
        out = {n: f"{n}:1 (x the Top Slot multiplier on {n})" for n in NUMBERS}
        out.update({b: "bonus multiplier:1 (x the Top Slot multiplier)" for b in BONUSES})
        return out

    def count(self, code: str) -> int:
        return dict(self.wheel).get(code, 0)

    def limits_for(self, cur: str) -> StakeLimits:
        return limits_for(self.title, self.limits, cur)

    def limit(self, cur: str, code: str = "1") -> StakeLimits | None:
        return self.limits.get(cur)


def _segment(raw: Any, where: str) -> str:
    if raw not in SEGMENTS:
        raise VariantError(f"{where}: one of {', '.join(SEGMENTS)}, got {raw!r}")
    return str(raw)


def _spot(raw: Any, where: str) -> str:
    if raw != MISS and raw not in SEGMENTS:
        raise VariantError(f"{where}: a segment or {MISS!r}, got {raw!r}")
    return str(raw)


def _mult(raw: Any, where: str) -> int:
    return integer(raw, where, 1, 10**6)


def _cell(raw: Any, where: str, specials: tuple[str, ...]) -> int | str:
    if isinstance(raw, str):
        if raw not in specials:
            raise VariantError(f"{where}: a multiplier or one of {', '.join(specials)}, got {raw!r}")
        return raw
    return _mult(raw, where)


def parse_variant(data: Mapping[str, Any], name: str) -> CrazyTimeVariant:
    w = f"crazy_time/{name}.toml"
    wheel_raw = need(data, "wheel", w)
    wheel = tuple((_segment(c, f"{w}.wheel"), positive_int(n, f"{w}.wheel.{c}"))
                  for c, n in dict(wheel_raw).items())
    if sum(n for _, n in wheel) != 54:  # 000 §12.31 "54 equal segments"
        raise VariantError(f"{w}.wheel: the main wheel has 54 segments, got {sum(n for _, n in wheel)}")
    ts = dict(need(data, "top_slot", w))
    spots = weighted(need(ts, "spots", f"{w}.top_slot"), f"{w}.top_slot.spots", _spot)
    mults = weighted(need(ts, "multipliers", f"{w}.top_slot"), f"{w}.top_slot.multipliers", _mult)
    ch = dict(need(data, "cash_hunt", w))
    wall = tuple((_mult(v, f"{w}.cash_hunt.wall"), positive_int(n, f"{w}.cash_hunt.wall"))
                 for v, n in need(ch, "wall", f"{w}.cash_hunt"))
    if sum(n for _, n in wall) != 108:  # 000 §12.31 "a wall of 108 random multipliers"
        raise VariantError(f"{w}.cash_hunt.wall: 108 multipliers, got {sum(n for _, n in wall)}")
    if len({v for v, _ in wall}) != len(wall) or [v for v, _ in wall] != sorted(v for v, _ in wall):
        raise VariantError(f"{w}.cash_hunt.wall: distinct values in ascending order")
    pa = dict(need(data, "pachinko", w))
    layouts: list[PachinkoBoard] = []
    weights: list[int] = []
    for i, b in enumerate(need(pa, "boards", f"{w}.pachinko")):
        where = f"{w}.pachinko.boards[{i}]"
        slots = tuple(_cell(s, where, (DOUBLE,)) for s in need(b, "slots", where))
        if len(slots) != 16:  # 000 §12.31 "a landing zone of 16 random multipliers"
            raise VariantError(f"{where}: 16 slots, got {len(slots)}")
        if all(s == DOUBLE for s in slots):
            raise VariantError(f"{where}: at least one multiplier")
        layouts.append(PachinkoBoard(slots))
        weights.append(positive_int(b.get("weight", 1), f"{where}.weight"))
    zones = tuple(integer(z, f"{w}.pachinko.zones", 1, 16) for z in need(pa, "zones", f"{w}.pachinko"))
    pegs = integer(need(pa, "pegs", f"{w}.pachinko"), f"{w}.pachinko.pegs", 0, 16)
    if not zones or len(set(zones)) != len(zones):
        raise VariantError(f"{w}.pachinko.zones: distinct drop zones")
    if min(zones) - 1 + 0 < 0 or max(zones) - min(zones) + pegs != 15:
        raise VariantError(f"{w}.pachinko: the drop zones and the {pegs} peg rows must reach "
                           "exactly the 16 slots (last zone - first zone + pegs = 15)")
    cf = dict(need(data, "coin_flip", w))
    ct = dict(need(data, "crazy_time", w))
    bw = tuple(_cell(s, f"{w}.crazy_time.wheel", (DOUBLE, TRIPLE)) for s in need(ct, "wheel", f"{w}.crazy_time"))
    if len(bw) != 64:  # 000 §12.31 "a wheel of 64 segments"
        raise VariantError(f"{w}.crazy_time.wheel: 64 segments, got {len(bw)}")
    offs = tuple(integer(o, f"{w}.crazy_time.flappers", 0, 63)
                 for o in need(ct, "flappers", f"{w}.crazy_time"))
    if len(offs) != 3 or len(set(offs)) != 3:  # 000 §12.31 "three flappers"
        raise VariantError(f"{w}.crazy_time.flappers: three distinct offsets")
    return CrazyTimeVariant(
        name=name, title=str(need(data, "title", w)), source=str(need(data, "source", w)),
        kind=str(data.get("kind", "wheel")), wheel=wheel, top_slot_spots=spots,
        top_slot_multipliers=mults, cash_hunt_wall=wall, pachinko_boards=Weighted(
            tuple(range(len(layouts))), tuple(weights)), pachinko_layouts=tuple(layouts),
        pachinko_zones=zones, pachinko_pegs=pegs,
        pachinko_cap=positive_int(pa.get("cap", 10000), f"{w}.pachinko.cap"),
        coin_red=weighted(need(cf, "red", f"{w}.coin_flip"), f"{w}.coin_flip.red", _mult),
        coin_blue=weighted(need(cf, "blue", f"{w}.coin_flip"), f"{w}.coin_flip.blue", _mult),
        bonus_wheel=bw, flapper_offsets=offs,
        bonus_cap=positive_int(ct.get("cap", 20000), f"{w}.crazy_time.cap"),
        limits=parse_limits(need(data, "limits", w), f"{w}.limits"),
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
        admission_override=boolean(dict(data.get("admission", {})).get("override", False),
                                   f"{w}.admission.override"),
        pick_seconds=integer(data.get("pick_seconds", 15), f"{w}.pick_seconds", 1, 600),
    )
