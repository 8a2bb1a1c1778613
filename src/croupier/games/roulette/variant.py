"""Roulette rule sets as data: ``croupier/variants/roulette/<name>.toml`` parsed and validated.

Every field of a variant file cites the clause it comes from. Validation raises
:class:`~croupier.errors.VariantError` naming the file and the field, never ``assert``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.fields import boolean as _bool
from croupier.games.fields import integer as _int
from croupier.games.fields import need as _need
from croupier.games.fields import payout as _payout
from croupier.games.roulette.wheel import WHEELS, Wheel
from croupier.money import CURRENCIES, Payout, check_minor

#: Bet codes whose chip sits inside the number field (limits default to ``inside``).
INSIDE_CODES: Final = frozenset(
    {"straight", "split", "street", "trio", "corner", "six_line", "five_number", "double_number"}
)
#: The even-money bets of the zero rules (000 §12.1 La Partage; 001 §8.13.4).
EVEN_MONEY: Final = frozenset({"red", "black", "odd", "even", "low", "high"})
OUTSIDE_CODES: Final = frozenset({"column", "dozen"}) | EVEN_MONEY | {"red_black", "double_any"}
RACETRACK_CODES: Final = frozenset({"voisins", "tiers", "orphelins", "jeu_zero", "neighbours"})
THRESHOLD_CODE: Final = re.compile(r"^(over|under)_(\d+)_5$")
ZERO_RULES: Final = ("lose", "la_partage", "en_prison")


def is_threshold(code: str) -> bool:
    return THRESHOLD_CODE.match(code) is not None


@dataclass(frozen=True, slots=True)
class BetLimit:
    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True, eq=False)
class LimitSet:
    """Per-bet and per-table limits in minor units of one currency (004 §1.4, §1.12)."""

    name: str
    currency: str
    table_min: int
    table_max: int
    per_bet: Mapping[str, BetLimit]
    inside: BetLimit
    outside: BetLimit

    def for_code(self, code: str) -> BetLimit:
        hit = self.per_bet.get(code)
        if hit is not None:
            return hit
        return self.inside if code in INSIDE_CODES else self.outside

    @classmethod
    def unlimited(cls, currency: str = "XXX") -> LimitSet:
        big = BetLimit(1, 10**30)
        return cls("unlimited", currency, 1, 10**30, {}, big, big)


@dataclass(frozen=True, slots=True)
class Lightning:
    """Lightning Roulette (000 §12.1): lucky numbers drawn before the spin with their own odds."""

    count_min: int
    count_max: int
    odds: tuple[Payout, ...]
    weights: tuple[int, ...]

    @property
    def expected_count(self) -> Fraction:
        return Fraction(self.count_min + self.count_max, 2)


@dataclass(frozen=True, slots=True, eq=False)
class RouletteVariant:
    """A roulette rule set. Compared and hashed by identity: variants are loaded once."""

    name: str
    title: str
    source: str
    kind: str
    wheel: Wheel
    balls: int
    zero_rule: str
    payouts: Mapping[str, Payout]
    racetrack: frozenset[str]
    neighbours_max: int
    first_four: bool
    zero_wins_under: bool
    lightning: Lightning | None
    limits: Mapping[str, LimitSet]
    seats: int | None
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return tuple(self.payouts) + tuple(c for c in RACETRACK_ORDER if c in self.racetrack)

    def limit_set(self, currency: str) -> LimitSet:
        if currency == "XXX":
            return LimitSet.unlimited()
        try:
            return self.limits[currency]
        except KeyError:
            have = ", ".join(sorted(self.limits))
            raise VariantError(
                f"roulette variant {self.name!r} has no limits in {currency}; it is played in {have}"
            ) from None


RACETRACK_ORDER: Final = ("voisins", "tiers", "orphelins", "jeu_zero", "neighbours")

#: the name of every bet code on the layout and in the paytable (the racetrack packages keep the
#: titles of :data:`~croupier.games.roulette.layout.CALL_TITLES`; 1 Bet's over/under codes read
#: their threshold, "Over 18.5")
BET_LABELS: Final = {
    "straight": "Straight up", "split": "Split", "street": "Street", "trio": "Trio",
    "corner": "Corner", "six_line": "Six line", "five_number": "Five number",
    "double_number": "Double number", "column": "Column", "dozen": "Dozen", "red": "Red",
    "black": "Black", "odd": "Odd", "even": "Even", "low": "1-18", "high": "19-36",
    "red_black": "Red and black", "double_any": "Any double", "neighbours": "Neighbours",
}


def bet_label(code: str) -> str:
    m = THRESHOLD_CODE.match(code)
    if m:
        return f"{m.group(1).capitalize()} {m.group(2)}.5"
    return BET_LABELS.get(code, code)

KNOWN_PAYOUT_CODES: Final = (
    INSIDE_CODES | OUTSIDE_CODES
)

_TOP_KEYS: Final = {
    "game", "title", "source", "kind", "wheel", "balls", "zero_rule", "payouts", "racetrack",
    "neighbours_max", "first_four", "zero_wins_under", "lightning", "limit_sets", "seats",
    "paytable_assumed", "admission", "assumptions",
    "jackpots",  # issue 16: the jackpot pools (games/jackpot.py reads them; the engine does not)
}


def parse_limit_sets(data: Mapping[str, Any]) -> dict[str, LimitSet]:
    """Parse ``_limits.toml``: named limit sets, amounts in minor units."""
    out: dict[str, LimitSet] = {}
    for name, raw in data.items():
        where = f"roulette/_limits.toml [{name}]"
        cur = _need(raw, "currency", where)
        if cur not in CURRENCIES:
            raise VariantError(f"{where}: unknown currency {cur!r}")

        def pair(v: Any, w: str) -> BetLimit:
            if not isinstance(v, list) or len(v) != 2:
                raise VariantError(f"{w}: expected [minimum, maximum] in minor units")
            try:
                lo, hi = check_minor(v[0]), check_minor(v[1])
            except ValueError as exc:
                raise VariantError(f"{w}: {exc}") from None
            if not 0 < lo <= hi:
                raise VariantError(f"{w}: need 0 < minimum <= maximum, got {v}")
            return BetLimit(lo, hi)

        table = pair(_need(raw, "table", where), f"{where}.table")
        per_bet = {
            code: pair(v, f"{where}.bets.{code}") for code, v in raw.get("bets", {}).items()
        }
        out[name] = LimitSet(
            name=name,
            currency=cur,
            table_min=table.minimum,
            table_max=table.maximum,
            per_bet=per_bet,
            inside=pair(_need(raw, "inside", where), f"{where}.inside"),
            outside=pair(_need(raw, "outside", where), f"{where}.outside"),
        )
    return out


def parse_variant(
    data: Mapping[str, Any], name: str, limit_sets: Mapping[str, LimitSet]
) -> RouletteVariant:
    where = f"roulette/{name}.toml"
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if data.get("game", "roulette") != "roulette":
        raise VariantError(f"{where}: game must be 'roulette'")
    wheel_name = _need(data, "wheel", where)
    if wheel_name not in WHEELS:
        raise VariantError(f"{where}: unknown wheel {wheel_name!r}; known: {', '.join(WHEELS)}")
    wheel = WHEELS[wheel_name]
    balls = _int(data.get("balls", 1), f"{where}.balls", 1, 2)
    zero_rule = data.get("zero_rule", "lose")
    if zero_rule not in ZERO_RULES:
        raise VariantError(f"{where}.zero_rule: {zero_rule!r} is not one of {', '.join(ZERO_RULES)}")
    if balls == 2 and zero_rule != "lose":
        raise VariantError(f"{where}: the zero rules apply to one-ball roulette only")

    raw_pay = _need(data, "payouts", where)
    if not isinstance(raw_pay, dict) or not raw_pay:
        raise VariantError(f"{where}.payouts: expected a table of bet code = payout")
    payouts: dict[str, Payout] = {}
    for code, text in raw_pay.items():
        if code not in KNOWN_PAYOUT_CODES and not is_threshold(code):
            raise VariantError(f"{where}.payouts: unknown bet code {code!r}")
        if code in {"red_black", "double_any", "double_number"} and balls != 2:
            raise VariantError(f"{where}.payouts.{code}: a two-ball bet on a one-ball wheel")
        if code == "five_number" and wheel.name != "american":
            raise VariantError(f"{where}.payouts.five_number: the five-number bet needs 00")
        payouts[code] = _payout(text, f"{where}.payouts.{code}")

    racetrack = data.get("racetrack", [])
    if not isinstance(racetrack, list) or not set(racetrack) <= RACETRACK_CODES:
        raise VariantError(f"{where}.racetrack: expected a list of {', '.join(RACETRACK_ORDER)}")
    if balls == 2 and racetrack:
        raise VariantError(f"{where}.racetrack: no racetrack on double-ball roulette")
    french = set(racetrack) - {"neighbours"}
    if french and wheel.name != "european":
        raise VariantError(f"{where}.racetrack: {sorted(french)} are European-wheel series")
    needed = {"straight"} if racetrack else set()
    if french:
        needed |= {"split", "trio", "corner"}
    missing = needed - set(payouts)
    if missing:
        raise VariantError(f"{where}.racetrack needs payouts for {', '.join(sorted(missing))}")

    lightning = None
    if "lightning" in data:
        raw = data["lightning"]
        w = f"{where}.lightning"
        odds = tuple(_payout(t, f"{w}.odds") for t in _need(raw, "odds", w))
        weights = tuple(_int(x, f"{w}.weights", 1, 10**9) for x in _need(raw, "weights", w))
        if not odds or len(odds) != len(weights):
            raise VariantError(f"{w}: odds and weights must be non-empty lists of the same length")
        cmin = _int(_need(raw, "count_min", w), f"{w}.count_min", 1, wheel.size)
        cmax = _int(_need(raw, "count_max", w), f"{w}.count_max", cmin, wheel.size)
        if balls != 1 or "straight" not in payouts:
            raise VariantError(f"{w}: lucky numbers need one ball and the straight bet")
        if racetrack or zero_rule != "lose":
            # ASSUMPTION: Lightning is played without racetrack packages (their straight chips
            # would carry lucky odds) and without La Partage or En Prison.
            raise VariantError(f"{w}: Lightning takes no racetrack and no zero rule")
        lightning = Lightning(cmin, cmax, odds, weights)

    limits: dict[str, LimitSet] = {}
    for set_name in _need(data, "limit_sets", where):
        if set_name not in limit_sets:
            raise VariantError(f"{where}.limit_sets: unknown limit set {set_name!r}")
        ls = limit_sets[set_name]
        if ls.currency in limits:
            raise VariantError(f"{where}.limit_sets: two limit sets for {ls.currency}")
        limits[ls.currency] = ls

    admission = data.get("admission", {})
    override = None
    if admission.get("override"):
        reason = admission.get("reason", "")
        if not isinstance(reason, str) or len(reason.strip()) < 10:
            raise VariantError(f"{where}.admission: an override must give its documented reason")
        override = reason

    seats = data.get("seats")
    return RouletteVariant(
        name=name,
        title=str(_need(data, "title", where)),
        source=str(_need(data, "source", where)),
        kind=str(data.get("kind", "roulette")),
        wheel=wheel,
        balls=balls,
        zero_rule=zero_rule,
        payouts=payouts,
        racetrack=frozenset(racetrack),
        neighbours_max=_int(data.get("neighbours_max", 0), f"{where}.neighbours_max", 0, 18),
        first_four=_bool(data.get("first_four", False), f"{where}.first_four"),
        zero_wins_under=_bool(data.get("zero_wins_under", True), f"{where}.zero_wins_under"),
        lightning=lightning,
        limits=limits,
        seats=None if seats is None else _int(seats, f"{where}.seats", 1, 1000),
        paytable_assumed=_bool(data.get("paytable_assumed", False), f"{where}.paytable_assumed"),
        admission_override=override,
        assumptions=tuple(str(a) for a in data.get("assumptions", [])),
    )
