"""A fixed-odds draw game and its variant file.

A :class:`DrawGame` is the code side of a game (its bets, its own data fields); a
:class:`FixedOddsVariant` is one operator rule set read from ``variants/<game>/<name>.toml``::

    title = "Lucky 5"
    source = "000 §12.34"
    kind = "lottery"
    paytable_assumed = true
    odds_rtp = "0.96"          # the documented rule the odds were derived from (see docs/draws.md)
    assumptions = ["..."]

    balls = 36                 # 000 §12.34: 36 balls, 5 drawn
    drawn = 5

    [schedule]                 # see games/draws/schedule.py
    every_seconds = 300
    cutoff_seconds = 120

    [limits.EUR]
    min = 10
    max = 100000

    [payouts]
    number_drawn = "x6.91"     # row 1
    [payouts.six_numbers]      # a prize table: one odds per key
    6 = "x392688"

plus the game's own fields (colours, ball composition...). Every bet of the game must be priced.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError
from croupier.games.base import Target
from croupier.games.draws.balls import BallDraw
from croupier.games.draws.fixedodds.bets import WIN, Bet, by_code
from croupier.games.draws.limits import DrawLimits, limits_for, parse_limits
from croupier.games.draws.schedule import DrawSchedule, parse_schedule
from croupier.games.fields import boolean, integer, need, payout
from croupier.money import Payout

HEADER = frozenset({"game", "title", "source", "kind", "paytable_assumed", "odds_rtp", "assumptions",
                    "admission", "balls", "drawn", "schedule", "limits", "payouts",
                    "jackpots"})  # jackpots: the pools of docs/jackpots.md (the engine ignores them)


@dataclass(frozen=True)
class DrawGame:
    """A fixed-odds draw game: its bets (rows of its clause's table) and its own data fields.

    ``parse_options(data, where, draw)`` reads the game's own fields (``own_fields``) into the
    variant's ``options``; ``ball_label(variant, ball)`` is how a ball is shown (``"7 red"``)."""

    name: str
    title: str
    clause: str
    bets: tuple[Bet, ...]
    default_draw: BallDraw
    default_schedule: DrawSchedule
    own_fields: frozenset[str] = frozenset()
    parse_options: Callable[[Mapping[str, Any], str, BallDraw], Mapping[str, Any]] = (
        lambda data, where, draw: {})
    ball_label: Callable[[Any, int], str] = lambda variant, ball: str(ball)
    demo: tuple[tuple[str, Target], ...] = ()
    #: readings of ambiguous rules: option -> (default, every value); a bet with a ``reading``
    #: is offered only by variants that choose it (the extract's ASSUMPTION is the default)
    readings: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)

    @property
    def codes(self) -> dict[str, Bet]:
        return by_code(self.bets)

    def offered(self, variant: Any) -> tuple[Bet, ...]:
        """The bets a variant offers (every bet without a reading, and those of its readings)."""
        chosen: Mapping[str, str] = variant.readings
        return tuple(b for b in self.bets if b.reading is None or chosen.get(b.reading[0]) == b.reading[1])


@dataclass(frozen=True, slots=True, eq=False)
class FixedOddsVariant:
    name: str
    game: str
    title: str
    source: str
    kind: str
    draw: BallDraw
    schedule: DrawSchedule
    limits: Mapping[str, DrawLimits]
    #: odds of the bets with one odds: code -> total returned per unit staked
    payouts: Mapping[str, Payout]
    #: prize tables: code -> key -> odds (a key left out pays nothing)
    paytables: Mapping[str, Mapping[str, Payout]]
    options: Mapping[str, Any] = field(default_factory=dict)
    #: the variant's reading of each ambiguous rule (see :attr:`DrawGame.readings`)
    readings: Mapping[str, str] = field(default_factory=dict)
    odds_rtp: Fraction | None = None
    paytable_assumed: bool = False
    admission_override: str | None = None
    assumptions: tuple[str, ...] = ()

    def limits_for(self, cur: str) -> DrawLimits:
        return limits_for(self.limits, cur, self.title)

    def odds(self, code: str, key: str) -> Payout | None:
        """The odds a prize key of a bet earns, or None (nothing paid)."""
        if key == WIN and code in self.payouts:
            return self.payouts[code]
        table = self.paytables.get(code)
        return None if table is None else table.get(key)

    def option(self, key: str) -> Any:
        return self.options[key]

    def parsheet_markdown(self) -> str:
        """The par sheet's own section: every prize table with each prize's odds, exact chance
        and share of the return (on the bet's example target)."""
        from croupier.games.draws.fixedodds.exact import win_chance
        from croupier.games.registry import game

        spec: DrawGame = game(self.game).engine.spec  # type: ignore[attr-defined]
        out: list[str] = []
        for b in spec.offered(self):
            if not b.table:
                continue
            target = b.target.example(self)
            out += [f"## Prize table `{b.code}` ({self.source} {b.rows})", "",
                    "| prize | pays | chance | RTP share |", "|---|---|---|---|"]
            for key, odds in self.paytables.get(b.code, {}).items():
                p = win_chance(self, b, target, key)
                out.append(f"| {key} | x{float(odds.total):.2f} ({odds}) | {p} ({float(p):.6g}) | {float(p * odds.total):.4%} |")
            out.append("")
        return "\n".join(out)


def parse_draw(data: Mapping[str, Any], where: str, default: BallDraw) -> BallDraw:
    """``balls`` and ``drawn`` of the variant file: the rules fix them, the file states them."""
    balls = integer(data.get("balls", default.balls), f"{where}.balls", 1, 1000)
    drawn = integer(data.get("drawn", default.drawn), f"{where}.drawn", 1, 1000)
    if (balls, drawn) != (default.balls, default.drawn):
        raise VariantError(f"{where}: the rules fix {default.drawn} balls drawn out of {default.balls}")
    return default


def parse_readings(game: DrawGame, data: Mapping[str, Any], where: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for option, (default, values) in game.readings.items():
        value = data.get(option, default)
        if value not in values:
            raise VariantError(f"{where}.{option}: one of {', '.join(values)}, got {value!r}")
        out[option] = str(value)
    return out


def parse_payouts(game: DrawGame, data: Mapping[str, Any], where: str, readings: Mapping[str, str]) -> tuple[
        dict[str, Payout], dict[str, dict[str, Payout]]]:
    raw = need(data, "payouts", where)
    if not isinstance(raw, Mapping):
        raise VariantError(f"{where}.payouts: expected a table of bet code = odds")
    codes = {b.code: b for b in game.bets
             if b.reading is None or readings.get(b.reading[0]) == b.reading[1]}
    unknown = set(raw) - set(codes)
    if unknown:
        raise VariantError(f"{where}.payouts: {game.title} (as this variant reads it) has no bet "
                           f"{', '.join(sorted(unknown))}")
    missing = [c for c in codes if c not in raw]
    if missing:
        raise VariantError(f"{where}.payouts: every bet needs its odds; missing {', '.join(missing)}")
    single: dict[str, Payout] = {}
    tables: dict[str, dict[str, Payout]] = {}
    for code, value in raw.items():
        b = codes[code]
        w = f"{where}.payouts.{code}"
        if b.table:
            if not isinstance(value, Mapping):
                raise VariantError(f"{w}: a prize table ({', '.join(b.keys)} = odds)")
            bad = set(map(str, value)) - set(b.keys)
            if bad:
                raise VariantError(f"{w}: no prize {', '.join(sorted(bad))}; prizes: {', '.join(b.keys)}")
            tables[code] = {str(k): _odds(v, f"{w}.{k}") for k, v in value.items()}
        else:
            single[code] = _odds(value, w)
    return single, tables


def _odds(value: Any, where: str) -> Payout:
    p = payout(value, where)
    if p.total <= 1:
        raise VariantError(f"{where}: odds {value!r} return no more than the stake on a win")
    return p


def parse_variant(game: DrawGame, data: Mapping[str, Any], name: str) -> FixedOddsVariant:
    where = f"{game.name}/{name}.toml"
    unknown = set(data) - HEADER - game.own_fields - set(game.readings)
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if data.get("game", game.name) != game.name:
        raise VariantError(f"{where}: game must be {game.name!r}")
    admission = data.get("admission", {})
    override = None
    if isinstance(admission, Mapping) and admission.get("override"):
        reason = admission.get("reason", "")
        if not isinstance(reason, str) or len(reason.strip()) < 10:
            raise VariantError(f"{where}.admission: an override must give its documented reason")
        override = reason
    draw = parse_draw(data, where, game.default_draw)
    readings = parse_readings(game, data, where)
    single, tables = parse_payouts(game, data, where, readings)
    rtp = data.get("odds_rtp")
    return FixedOddsVariant(
        name=name,
        game=game.name,
        title=str(need(data, "title", where)),
        source=str(need(data, "source", where)),
        kind=str(data.get("kind", "lottery")),
        draw=draw,
        schedule=parse_schedule(data, where, game.default_schedule),
        limits=parse_limits(data, where),
        payouts=single,
        paytables=tables,
        options=game.parse_options(data, where, draw),
        readings=readings,
        odds_rtp=None if rtp is None else Fraction(str(rtp)),
        paytable_assumed=boolean(data.get("paytable_assumed", False), f"{where}.paytable_assumed"),
        admission_override=override,
        assumptions=tuple(str(a) for a in data.get("assumptions", [])),
    )


#: the least odds of the documented default: a win returns more than the stake
MIN_ODDS = Fraction(101, 100)


def derived_odds(p_win: Fraction, rtp: Fraction) -> Fraction:
    """The documented default odds of a bet (ASSUMPTION, 000 Part D: odds are not given): the
    total return ``rtp / P(win)`` rounded down to 0.01, P(win) being the bet's chance on its most
    likely target, so that no target returns more than ``rtp``; but at least x1.01, as a win
    must return more than the stake (Lucky 7's "under 200.5", won 95.4% of the time, returns
    96.36% at x1.01; admission control refuses any bet above 100%)."""
    return max(Fraction(int(rtp / p_win * 100), 100), MIN_ODDS)


def sqrt_share_table(chances: Sequence[tuple[str, Fraction]], rtp: Fraction) -> dict[str, Fraction]:
    """The documented default prize table (ASSUMPTION): prize ``k`` pays ``λ / √P(k)``, with
    ``λ = rtp / Σ_j √P(j)`` so that the table returns ``rtp``; each prize's share of the return
    is proportional to the square root of its chance (rarer prizes pay more, the common ones
    still more than the stake). Rounded down to 0.01 (so the table returns at most ``rtp``).

    The square roots are irrational: they are computed to 40 significant digits
    (:class:`decimal.Decimal`), well past the 0.01 the odds are rounded to."""
    with localcontext() as ctx:
        ctx.prec = 40
        roots = {k: (Decimal(p.numerator) / Decimal(p.denominator)).sqrt() for k, p in chances}
        lam = Decimal(rtp.numerator) / Decimal(rtp.denominator) / sum(roots.values())
        return {k: Fraction(int(lam / r * 100), 100) for k, r in roots.items()}
