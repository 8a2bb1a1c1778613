"""Monopoly Live (000 §12.27) on the show shape (:class:`~croupier.games.shows.tree.Show`).

Main wheel (54): 1 ×22, 2 ×15, 5 ×7, 10 ×4 (n:1, stake returned), Chance ×2, 2 Rolls ×3, 4 Rolls ×1.

* **Chance** draws a card: a *multiplier* keeps every bet and spins again, any win multiplied
  (stacking: the show's ``scale``); a *cash prize* pays every number bet ``k`` times its stake
  with the stake back and ends the round (§12.27 ambiguities 2-3, ASSUMPTION).
* **2 Rolls / 4 Rolls**: only the bets on that segment play the board walk: ``buildings``
  (weighted layouts of houses / hotels: field factors), then ``dice`` (36 equally likely pairs).
  Mr. Monopoly moves by the sum; a property, railway or Free Parking adds its value (x its
  building factor x the GO factor); Chance / Community Chest add a ``board_card``; Income Tax,
  Super Tax and the Utilities deduct 10% / 20% / 10% of the bet only if the winnings cover it;
  stopping on GO doubles every field's value for the rest of the walk; a double gives an extra
  roll (the third double in a row goes to Jail, ASSUMPTION from the board game); from Jail only a
  double moves on (no extra roll), anything else ends the walk. The win is the bet x the total
  (x the Chance multipliers), the stake returned.

Amounts inside a stage are integers in tenths of the bet.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import Target
from croupier.games.fields import integer, need
from croupier.games.shows.tree import Chance, Show
from croupier.games.shows.variant import ShowVariant, parse_common
from croupier.games.shows.wheel import Wheel, parse_wheel

KINDS = ("number", "chance", "rolls")
FIELDS = ("go", "jail", "go_to_jail", "chance", "chest", "income_tax", "super_tax", "utility")
#: the fees of 000 §12.27 step 8, in tenths of the bet (the Utilities' is an ASSUMPTION)
FEES = {"income_tax": 1, "super_tax": 2, "utility": 1}
JAIL = 10
_OWN = {"segments", "layout", "chance_cards", "board", "buildings", "board_cards"}


@dataclass(frozen=True, slots=True)
class Card:
    kind: str          # "multiplier" or "cash"
    value: int


@dataclass(frozen=True, slots=True, eq=False)
class MonopolyVariant(ShowVariant):
    wheel: Wheel
    chance_cards: tuple[tuple[Card, int], ...]      # (card, weight)
    board: tuple[int | str, ...]                      # 40 fields: a value in bets, or a FIELDS name
    buildings: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # ((position, factor)...), weight
    board_cards: tuple[tuple[int, int], ...]          # (value in bets, weight)

    @property
    def numbers(self) -> tuple[str, ...]:
        return self.wheel.labels("number")

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return (*self.numbers, *self.wheel.labels("rolls"))

    @property
    def payouts(self) -> dict[str, str]:
        out = {n: f"{self.wheel.segment(n).value}:1" for n in self.numbers}
        out.update({r: "bonus total:1 (board walk)" for r in self.wheel.labels("rolls")})
        return out


def _weights(raw: Any, where: str) -> list[tuple[Any, int]]:
    if not isinstance(raw, list) or not raw:
        raise VariantError(f"{where}: a non-empty array")
    return [(item, integer(dict(item).get("weight", 1), f"{where}[{i}].weight", 1, 10**9))
            for i, item in enumerate(raw)]


def parse_variant(data: dict[str, Any], name: str) -> MonopolyVariant:
    head = parse_common(data, "monopoly", name, _OWN)
    w = f"monopoly/{name}.toml"
    wheel = parse_wheel(data.get("segments"), f"{w}.segments", KINDS, data.get("layout"))
    if wheel.size != 54:  # 000 §12.27 "a vertical wheel of 54 segments"
        raise VariantError(f"{w}.segments: the wheel has 54 segments, got {wheel.size}")
    cards = []
    for item, weight in _weights(need(data, "chance_cards", w), f"{w}.chance_cards"):
        kind = str(need(item, "kind", f"{w}.chance_cards"))
        if kind not in ("multiplier", "cash"):
            raise VariantError(f"{w}.chance_cards: kind is multiplier or cash, got {kind!r}")
        cards.append((Card(kind, integer(need(item, "value", f"{w}.chance_cards"), f"{w}.chance_cards.value",
                                         1, 10**6)), weight))
    board: list[int | str] = []
    for i, f in enumerate(need(data, "board", w)):
        if isinstance(f, str):
            if f not in FIELDS:
                raise VariantError(f"{w}.board[{i}]: a value or one of {', '.join(FIELDS)}, got {f!r}")
            board.append(f)
        else:
            board.append(integer(f, f"{w}.board[{i}]", 1, 10**6))
    if len(board) != 40 or board[0] != "go" or board[JAIL] != "jail":
        raise VariantError(f"{w}.board: 40 fields, GO first and Jail at 10")
    buildings = []
    for item, weight in _weights(need(data, "buildings", w), f"{w}.buildings"):
        ups = tuple((integer(p, f"{w}.buildings.upgrades", 0, 39), integer(f, f"{w}.buildings.upgrades", 1, 100))
                    for p, f in item.get("upgrades", []))
        for p, _ in ups:
            if not isinstance(board[p], int):
                raise VariantError(f"{w}.buildings: field {p} is not a property")
        buildings.append((ups, weight))
    board_cards = tuple((integer(need(item, "value", f"{w}.board_cards"), f"{w}.board_cards.value", 1, 10**6), wt)
                        for item, wt in _weights(need(data, "board_cards", w), f"{w}.board_cards"))
    return MonopolyVariant(**head, wheel=wheel, chance_cards=tuple(cards), board=tuple(board),
                           buildings=tuple(buildings), board_cards=board_cards)


class Walk(NamedTuple):
    """The board walk: layout, position, rolls left, doubles in a row, in Jail, GO factor,
    total (tenths of the bet), waiting for a card."""

    layout: int
    pos: int
    rolls: int
    doubles: int
    jail: bool
    go: int
    total: int
    card: bool


class Stage(NamedTuple):
    scale: Fraction            # the Chance multipliers so far
    phase: str                 # spin, chance, buildings, walk, done
    landed: str | None         # the number, "cash", or the rolls segment played
    cash: int                  # the cash prize (bets)
    rolls: int                 # rolls of the bonus (2 / 4)
    walk: Walk | None


def _expand(pairs: tuple[tuple[Any, int], ...]) -> tuple[int, ...]:
    """Draw classes: the index of the entry each draw value picks (cumulative weights)."""
    return tuple(i for i, (_, wt) in enumerate(pairs) for _ in range(wt))


def dice_of(value: int) -> tuple[int, int]:
    return value // 6 + 1, value % 6 + 1


DICE_CLASSES = tuple((a + b) * 2 + (a == b) for a, b in (dice_of(x) for x in range(36)))


class MonopolyShow(Show[MonopolyVariant, Stage]):
    game = "monopoly"

    def bet_codes(self, v: MonopolyVariant) -> tuple[str, ...]:
        return v.bet_codes

    def resolve(self, v: MonopolyVariant, code: str, target: Target) -> Hashable:
        if code not in v.bet_codes:
            raise UnknownBetCode(f"{v.title} has no bet {code!r}; its bets: {', '.join(v.bet_codes)}")
        if target:
            raise InvalidSelection(f"a bet on {code} takes no target, got {list(target)}")
        return code

    def opening(self, v: MonopolyVariant) -> Stage:
        return Stage(Fraction(1), "spin", None, 0, 0, None)

    def chance(self, v: MonopolyVariant, st: Stage) -> Chance | None:
        if st.phase == "spin":
            return Chance("wheel", v.wheel.size, v.wheel.positions)
        if st.phase == "chance":
            return Chance("chance_card", len(_expand(v.chance_cards)), _expand(v.chance_cards))
        if st.phase == "buildings":
            return Chance("buildings", len(_expand(v.buildings)), _expand(v.buildings))
        if st.phase == "walk" and st.walk is not None:
            if st.walk.card:
                return Chance("board_card", len(_expand(v.board_cards)), _expand(v.board_cards))
            return Chance("dice", 36, DICE_CLASSES)
        return None

    def advance(self, v: MonopolyVariant, st: Stage, value: int) -> Stage:
        if st.phase == "spin":
            seg = v.wheel.at(value)
            if seg.kind == "number":
                return st._replace(phase="done", landed=seg.label)
            if seg.kind == "chance":
                return st._replace(phase="chance")
            return st._replace(phase="buildings", landed=seg.label, rolls=int(seg.value))
        if st.phase == "chance":
            card = v.chance_cards[_expand(v.chance_cards)[value]][0]
            if card.kind == "cash":
                return st._replace(phase="done", landed="cash", cash=card.value)
            return st._replace(phase="spin", scale=st.scale * card.value)
        if st.phase == "buildings":
            return st._replace(phase="walk", walk=Walk(_expand(v.buildings)[value], 0, st.rolls, 0, False, 1, 0, False))
        walk = st.walk
        if walk is None:
            raise VariantError("the board walk has no state")  # pragma: no cover
        if walk.card:
            got = v.board_cards[_expand(v.board_cards)[value]][0]
            return self._after_move(st, walk._replace(card=False, total=walk.total + 10 * got))
        a, b = dice_of(value)
        double = a == b
        if walk.jail:
            if not double:
                return st._replace(phase="done", walk=walk._replace(rolls=0))
            return self._land(v, st, walk._replace(jail=False, rolls=walk.rolls - 1, doubles=0), a + b)
        if double and walk.doubles == 2:   # the third double in a row: Go to Jail (ASSUMPTION)
            return self._after_move(st, walk._replace(pos=JAIL, jail=True, doubles=0))
        if double:
            walk = walk._replace(doubles=walk.doubles + 1)
        else:
            walk = walk._replace(rolls=walk.rolls - 1, doubles=0)
        return self._land(v, st, walk, a + b)

    def _land(self, v: MonopolyVariant, st: Stage, walk: Walk, steps: int) -> Stage:
        pos = (walk.pos + steps) % 40
        walk = walk._replace(pos=pos)
        field = v.board[pos]
        if isinstance(field, int):
            factor = dict(v.buildings[walk.layout][0]).get(pos, 1)
            walk = walk._replace(total=walk.total + 10 * field * factor * walk.go)
        elif field == "go":
            walk = walk._replace(go=walk.go * 2)
        elif field in FEES:
            if walk.total >= FEES[field]:
                walk = walk._replace(total=walk.total - FEES[field])
        elif field in ("chance", "chest"):
            return st._replace(walk=walk._replace(card=True))
        elif field == "go_to_jail":
            walk = walk._replace(pos=JAIL, jail=True, doubles=0)
        return self._after_move(st, walk)

    def _after_move(self, st: Stage, walk: Walk) -> Stage:
        if walk.rolls == 0 and not walk.card:
            return st._replace(phase="done", walk=walk)
        return st._replace(walk=walk)

    def finished(self, v: MonopolyVariant, st: Stage) -> bool:
        return st.phase == "done"

    def pays(self, v: MonopolyVariant, st: Stage, bet: Hashable) -> tuple[Fraction, Fraction]:
        if st.landed == "cash":
            return (Fraction(1 + st.cash), Fraction(0)) if bet in v.numbers else (Fraction(0), Fraction(0))
        if bet != st.landed:
            return Fraction(0), Fraction(0)
        if bet in v.numbers:
            return Fraction(1), v.wheel.segment(str(bet)).value
        total = st.walk.total if st.walk is not None else 0
        return Fraction(1), Fraction(total, 10)

    def scale(self, st: Stage) -> Fraction:
        return st.scale

    def unscaled(self, st: Stage) -> Stage:
        return st._replace(scale=Fraction(1))

    def draw_data(self, v: MonopolyVariant, st: Stage, kind: str, value: int) -> dict[str, Any]:
        if kind == "wheel":
            return {"segment": v.wheel.at(value).label}
        if kind == "chance_card":
            card = v.chance_cards[_expand(v.chance_cards)[value]][0]
            return {"card": card.kind, "card_value": card.value}
        if kind == "dice":
            return {"dice": list(dice_of(value))}
        return {}

    def result(self, v: MonopolyVariant, st: Stage) -> dict[str, Any]:
        out: dict[str, Any] = {"segment": st.landed, "multiplier": str(st.scale)}
        if st.landed == "cash":
            out["cash_prize"] = st.cash
        if st.walk is not None:
            out["bonus"] = {"total": str(Fraction(st.walk.total, 10)), "position": st.walk.pos,
                            "layout": st.walk.layout}
        return out


SHOW = MonopolyShow()


def field_value(v: MonopolyVariant, layout: int, pos: int) -> int:
    f = v.board[pos]
    return f * dict(v.buildings[layout][0]).get(pos, 1) if isinstance(f, int) else 0


__all__ = ["SHOW", "Card", "MonopolyShow", "MonopolyVariant", "Stage", "Walk", "field_value", "parse_variant"]
