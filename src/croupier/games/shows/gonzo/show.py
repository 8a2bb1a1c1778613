"""Gonzo's Treasure Hunt (000 §12.56): a wall of 70 stones hides gems (1x, 2x, 4x, 20x, 65x). A
bet names a gem and is one opportunity to open a stone (1 to 20 per player, each on its own
stone); Gonzo drops bonuses that multiply the stone they stop on (3x to 100x) or are redrawn; a
bet wins when its stone shows its gem: bet x gem multiplier x the bonuses on that stone.

The wall's contents are not given (ASSUMPTION): each stone holds a gem drawn from the variant's
``gems`` weights, independently; a round drops ``drops`` bonuses, each a draw from ``bonus``
(a ``redraw`` segment is drawn again) then a stone no bonus fell on yet (ASSUMPTION: the bonuses
of a round fall on distinct stones). Only the players' stones
the same draws serve every player of a shared table: every drop (bonus, stone), then the gem of
each stone 1..70 in order (the wall revealed at the end). The order of the draws changes no
probability: the wall is mixed before anything is shown.

Stage: picks (stones), drops done, the bonus falling (its stone not drawn yet), each pick's
factor and revealed gem. The exact walker analyses one bet on stone 1 (every bet's RTP is that:
stones are alike and independent).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from croupier.errors import InvalidBet, InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import Target
from croupier.games.fields import integer, need
from croupier.games.shows.tree import Chance, Show
from croupier.games.shows.variant import ShowVariant, parse_common
from croupier.games.shows.wheel import Wheel, parse_wheel


@dataclass(frozen=True, slots=True, eq=False)
class GonzoVariant(ShowVariant):
    stones: int            # 000 §12.56 "a wall of 70 stones"
    max_picks: int         # 000 §12.56 "1 to 20" opportunities
    gems: Wheel            # gem weights (ASSUMPTION), value = the gem's multiplier
    drops: int             # bonus drops a round (ASSUMPTION)
    bonus: Wheel           # multiplier (3..100) or redraw segments (ASSUMPTION weights)

    @property
    def payouts(self) -> dict[str, str]:
        return {s.label: f"x{s.value}" for s in self.gems.segments}

    def parsheet_markdown(self) -> str:
        from croupier.games.shows.parsheet import pct, segment_table

        mult = [s for s in self.bonus.segments if s.kind == "multiplier"]
        weight = sum(s.count for s in mult)
        mean = sum((s.count * s.value for s in mult), Fraction(0)) / weight
        p_hit = Fraction(self.drops, self.stones)
        redraw = 1 - Fraction(weight, self.bonus.size)
        return "\n".join([
            "## Wall and bonus (000 §12.56)", "", *segment_table("Gems (each stone)", self.gems, "multiplier"),
            *segment_table("Bonus draw", self.bonus, "factor"),
            "### Bonus", "",
            f"- {self.drops} bonus drops a round on distinct stones of {self.stones}",
            f"- P(a draw is a redraw) = {redraw} ({pct(redraw)})",
            f"- P(a bet's stone takes a bonus) = {p_hit} ({pct(p_hit)}); its mean factor = {mean} ({float(mean):.4f})",
            f"- mean factor of a bet's stone = {1 + p_hit * (mean - 1)} ({float(1 + p_hit * (mean - 1)):.6f})", ""])


def parse_variant(data: dict[str, Any], name: str) -> GonzoVariant:
    head = parse_common(data, "gonzo", name, {"stones", "max_picks", "gems", "drops", "bonus"})
    where = f"gonzo/{name}.toml"
    gems = parse_wheel(need(data, "gems", where), f"{where}.gems", ("gem",))
    bonus = parse_wheel(need(data, "bonus", where), f"{where}.bonus", ("multiplier", "redraw"))
    if any(s.value <= 0 for s in gems.segments):
        raise VariantError(f"{where}.gems: every gem needs a positive multiplier (value)")
    if any(s.kind == "multiplier" and s.value <= 1 for s in bonus.segments):
        raise VariantError(f"{where}.bonus: a bonus multiplies by more than 1")
    if not bonus.labels("multiplier"):
        raise VariantError(f"{where}.bonus: at least one multiplier segment (a redraw alone never ends)")
    stones = integer(need(data, "stones", where), f"{where}.stones", 1, 1000)
    return GonzoVariant(**head, stones=stones,
                        max_picks=integer(data.get("max_picks", 20), f"{where}.max_picks", 1, stones),
                        gems=gems, drops=integer(data.get("drops", 0), f"{where}.drops", 0, min(20, stones)),
                        bonus=bonus)


@dataclass(frozen=True, slots=True)
class Stage:
    picks: tuple[int, ...]
    drop: int
    falling: Fraction | None
    factors: tuple[Fraction, ...]     # per pick: 1 until a bonus falls on it
    gems: tuple[str | None, ...]      # per pick: its gem once revealed
    revealed: int = 0                 # stones revealed (1..revealed), after every drop
    #: what no bet depends on - the bonuses on other stones (stone, factor) and the whole wall as
    #: revealed - is recorded but left out of the stage's equality, so the exact walker folds it
    others: tuple[tuple[int, Fraction], ...] = field(default=(), compare=False)
    wall: tuple[str, ...] = field(default=(), compare=False)

    def hit(self) -> set[int]:
        return {s for s, f in zip(self.picks, self.factors, strict=True) if f != 1} | {s for s, _ in self.others}

    def free(self, stones: int) -> list[int]:
        """The stones no bonus fell on yet, in order: a drop's ``stone`` draw indexes them."""
        hit = self.hit()
        return [x for x in range(1, stones + 1) if x not in hit]


@lru_cache(maxsize=64)
def _one_class(n: int) -> tuple[int, ...]:
    return (0,) * n


class GonzoShow(Show[GonzoVariant, Stage]):
    game = "gonzo"

    def bet_codes(self, v: GonzoVariant) -> tuple[str, ...]:
        return v.gems.labels()

    def resolve(self, v: GonzoVariant, code: str, target: Target) -> Hashable:
        if code not in v.gems.labels():
            raise UnknownBetCode(f"{v.title} has no gem {code!r}; its gems: {', '.join(v.gems.labels())}")
        if not target:
            return (code, 0)  # a stone is given when the slip is seated
        stone = target[0]
        if len(target) != 1 or isinstance(stone, bool) or not isinstance(stone, int) \
                or not 1 <= stone <= v.stones:
            raise InvalidSelection(f"a pick names one stone of 1 to {v.stones}; got {list(target)}")
        return (code, stone)

    def check_slip(self, v: GonzoVariant, bets: list[tuple[str, Hashable]]) -> None:
        if len(bets) > v.max_picks:
            raise InvalidBet(f"at most {v.max_picks} opportunities a round (000 §12.56); got {len(bets)}")
        stones = [cast(tuple[str, int], k)[1] for _, k in bets if cast(tuple[str, int], k)[1]]
        for s in stones:
            if stones.count(s) > 1:
                raise InvalidSelection(f"stone {s} is picked twice; each hand opens its own stone")

    def seat(self, v: GonzoVariant, bets: list[tuple[str, Hashable]]) -> list[Hashable]:
        """Open picks take the lowest free stones (as good as random ones: the wall is mixed)."""
        keys = [cast(tuple[str, int], k) for _, k in bets]
        taken = {s for _, s in keys if s}
        free = (s for s in range(1, v.stones + 1) if s not in taken)
        return [(g, s if s else next(free)) for g, s in keys]

    def opening(self, v: GonzoVariant) -> Stage:
        return Stage((1,), 0, None, (Fraction(1),), (None,))

    def opening_for(self, v: GonzoVariant, keys: list[Hashable]) -> Stage:
        picks = tuple(cast(tuple[str, int], k)[1] for k in keys)
        return Stage(picks, 0, None, (Fraction(1),) * len(picks), (None,) * len(picks))

    def chance(self, v: GonzoVariant, stage: Stage) -> Chance | None:
        if stage.drop < v.drops:
            if stage.falling is None:
                return Chance("bonus", v.bonus.size, v.bonus.positions)
            index = {s: i for i, s in enumerate(stage.picks)}
            classes = tuple(index.get(x, len(stage.picks)) for x in stage.free(v.stones))
            return Chance("stone", len(classes), classes)
        if stage.revealed < v.stones:
            if stage.revealed + 1 in stage.picks:
                return Chance("gem", v.gems.size, v.gems.positions)
            return Chance("gem", v.gems.size, _one_class(v.gems.size))  # no bet's stone: one class
        return None

    def advance(self, v: GonzoVariant, stage: Stage, value: int) -> Stage:
        if stage.drop < v.drops:
            if stage.falling is None:
                seg = v.bonus.at(value)
                return stage if seg.kind == "redraw" else replace(stage, falling=seg.value)
            stone = stage.free(v.stones)[value]
            factors = tuple(f * stage.falling if s == stone else f
                            for s, f in zip(stage.picks, stage.factors, strict=True))
            others = stage.others if stone in stage.picks else stage.others + ((stone, stage.falling),)
            return replace(stage, drop=stage.drop + 1, falling=None, factors=factors, others=others)
        stone, gem = stage.revealed + 1, v.gems.at(value).label
        gems = tuple(gem if s == stone else g for s, g in zip(stage.picks, stage.gems, strict=True))
        return replace(stage, gems=gems, revealed=stone, wall=stage.wall + (gem,))

    def finished(self, v: GonzoVariant, stage: Stage) -> bool:
        return stage.drop >= v.drops and stage.revealed == v.stones

    def pays(self, v: GonzoVariant, stage: Stage, bet: Hashable) -> tuple[Fraction, Fraction]:
        gem, stone = cast(tuple[str, int], bet)
        i = stage.picks.index(stone) if stone else 0
        if stage.gems[i] != gem:
            return Fraction(0), Fraction(0)
        return v.gems.segment(gem).value * stage.factors[i], Fraction(0)

    def draw_data(self, v: GonzoVariant, stage: Stage, kind: str, value: int) -> dict[str, Any]:
        if kind == "bonus":
            seg = v.bonus.at(value)
            return {"bonus": seg.label, "bonus_kind": seg.kind}
        if kind == "stone":
            return {"stone": stage.free(v.stones)[value], "multiplier": str(stage.falling)}
        return {"stone": stage.revealed + 1, "gem": v.gems.at(value).label}

    def result(self, v: GonzoVariant, stage: Stage) -> dict[str, Any]:
        """The whole wall: every stone's gem and final multiplier (gem x bonus)."""
        bonus = dict(stage.others) | {s: f for s, f in zip(stage.picks, stage.factors, strict=True) if f != 1}
        return {"wall": [{"stone": i + 1, "gem": g, "bonus": str(bonus.get(i + 1, 1)),
                          "multiplier": str(v.gems.segment(g).value * bonus.get(i + 1, 1))}
                         for i, g in enumerate(stage.wall)]}


SHOW = GonzoShow()
