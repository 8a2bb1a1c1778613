"""The odds of a virtual event's market board, from the event's exact chances (ASSUMPTION: 000
Part D gives neither the model nor the odds; docs/virtual.md). Races and matches price alike.

Each selection pays ``rtp / P(win)`` (its total return per unit staked, stake included) rounded
down to 0.01, so that no selection returns more than the variant's ``rtp`` (the operator's margin
is ``1 − rtp``, applied in proportion to every selection's chance). A selection whose odds would
fall below x1.01 is not offered for that event: a win must return more than the stake.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from croupier.games.virtual.football.chances import MatchChances
from croupier.games.virtual.football.markets import Market as FootballMarket
from croupier.games.virtual.football.markets import markets as football_markets
from croupier.games.virtual.football.variant import FootballVariant
from croupier.games.virtual.race.chances import RaceChances
from croupier.games.virtual.race.markets import Market
from croupier.games.virtual.tabletennis.game import TableTennisVariant
from croupier.games.virtual.tabletennis.game import chances as table_tennis_chances
from croupier.games.virtual.tennis.markets import chances as tennis_chances
from croupier.games.virtual.tennis.variant import TennisVariant

MIN_ODDS = Fraction(101, 100)


def odds_for(chance: Fraction, rtp: Fraction) -> Fraction | None:
    """``rtp / chance`` rounded down to 0.01, or None below x1.01 (or for an impossible bet)."""
    if chance.numerator <= 0:
        return None
    cents = rtp.numerator * 100 * chance.denominator // (rtp.denominator * chance.numerator)
    return Fraction(cents, 100) if cents >= 101 else None  # MIN_ODDS


@dataclass(frozen=True)
class Price:
    """One selection of the board: its exact chance, its odds and their product, the RTP."""

    market: str
    selection: tuple[int, ...] | str
    chance: Fraction
    odds: Fraction

    @property
    def rtp(self) -> Fraction:
        return self.chance * self.odds


def race_board(markets: tuple[Market, ...], strengths: tuple[int, ...],
               rtp: Fraction) -> dict[str, dict[tuple[int, ...], Price]]:
    """Every offered selection of every race market for a field of ``strengths``."""
    chances = RaceChances(strengths)
    out: dict[str, dict[tuple[int, ...], Price]] = {}
    for m in markets:
        row: dict[tuple[int, ...], Price] = {}
        for sel in m.selections(len(strengths)):
            p = chances.chance(m, sel)
            odds = odds_for(p, rtp)
            if odds is not None:
                row[sel] = Price(m.code, sel, p, odds)
        out[m.code] = row
    return out


def priced(chances: dict[str, dict[str, Fraction]], rtp: Fraction) -> dict[str, dict[str, Price]]:
    """The offered selections of markets given as {code: {selection: chance}}."""
    out: dict[str, dict[str, Price]] = {}
    for code, chance in chances.items():
        row: dict[str, Price] = {}
        for sel, p in chance.items():
            odds = odds_for(p, rtp)
            if odds is not None:
                row[sel] = Price(code, sel, p, odds)
        out[code] = row
    return out


def _incident_scope(m: FootballMarket) -> bool:
    return m.scope.startswith(("incident_", "kick_"))


@lru_cache(maxsize=16)
def _incident_board(variant: FootballVariant) -> dict[str, dict[str, Price]]:
    """Rows 24–32 do not depend on the goal rates: priced once per variant, shared by every event
    (read only)."""
    chances = MatchChances(Fraction(0), Fraction(0), variant.minutes_per_half, variant.incidents, variant.free_kicks)
    return priced(chances.markets(tuple(m for m in football_markets(variant) if _incident_scope(m))), variant.rtp)


def football_board(variant: FootballVariant, rates: tuple[int, int]) -> dict[str, dict[str, Price]]:
    """Every offered selection of every football market for the event's two goal rates."""
    chances = MatchChances(variant.rates[rates[0]], variant.rates[rates[1]], variant.minutes_per_half)
    goals = tuple(m for m in football_markets(variant) if not _incident_scope(m))
    return priced(chances.markets(goals), variant.rtp) | _incident_board(variant)


def table_tennis_board(variant: TableTennisVariant, form: int) -> dict[str, dict[str, Price]]:
    """Every offered selection of every table tennis market for the event's point chance."""
    return priced(table_tennis_chances(variant.point_chances[form]), variant.rtp)


def tennis_board(variant: TennisVariant, forms: tuple[int, int]) -> dict[str, dict[str, Price]]:
    """Every offered selection of every tennis market for the players' serve chances."""
    return priced(tennis_chances((variant.serve_chances[forms[0]], variant.serve_chances[forms[1]])), variant.rtp)
