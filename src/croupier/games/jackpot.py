"""Jackpot pools as variant data (issue 16 part 5): the ``[jackpots.<name>]`` sections of a
variant file, validated into frozen :class:`PoolSpec` values, and the pure arithmetic of a pool.

A pool is fed ``contribution`` of every stake of its ``bets`` (all bets of the play when the list
is empty), starts from its ``seed`` (house money) and pays in one of two ways:

* ``kind = "share"``: a share of the pool when the engine settles a bet on a jackpot row
  (``wins``: row -> share of the pool), e.g. 002 Bonus "777 Spades: from 20% of the Jackpot";
* ``kind = "drop"``: the whole pool at a hidden level drawn uniformly between ``seed`` and
  ``cap`` (both included) each time the pool is (re)seeded: a "must drop by ``cap``" mystery
  jackpot. ``award = "contributor"``: the bet whose contribution takes the pool to the level wins
  (002 Mystery Jackpot); ``award = "winner"``: the first play after that which wins the main game
  (000 §12.54: "won by the player chosen by chance from the winners of the game").

``overflow`` says where contributions go while the pool stands at its cap (``reserve``, the
default, or ``house``: not taken); ``top_up`` whether the house refills a pool that a win left
below its seed (default true). Amounts are per currency, decimal text in major units (``seed = { EUR = "1000.00" }``); a
currency without a seed has no pool (nothing is contributed, a jackpot row pays nothing there).
Nothing here does I/O or draws randomness except through the source it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Any, Final

from croupier.errors import InvalidAmount, VariantError
from croupier.money import CURRENCIES, currency, parse_amount_text
from croupier.rng import RandomSource

KINDS: Final = ("share", "drop")
AWARDS: Final = ("contributor", "winner")
OVERFLOWS: Final = ("reserve", "house")
_KEYS: Final = {"title", "clause", "kind", "contribution", "bets", "seed", "cap", "wins", "award",
                "overflow", "top_up"}


@dataclass(frozen=True, slots=True)
class PoolSpec:
    """One jackpot pool of a variant. ``seed``/``cap`` are minor units per currency."""

    name: str
    title: str
    clause: str
    kind: str
    contribution: Fraction
    bets: tuple[str, ...]
    seed: Mapping[str, int]
    cap: Mapping[str, int]
    wins: Mapping[str, Fraction]
    award: str
    #: contributions while the pool stands at its cap: to the pool's ``reserve`` (it refills the
    #: pool after a win) or not taken at all (``house``: the stake stays with the house)
    overflow: str = "reserve"
    #: after a win leaves the pool below its seed, the house tops it up to the seed
    top_up: bool = True

    def offered_in(self, cur: str) -> bool:
        return cur in self.seed

    def feeds_on(self, code: str) -> bool:
        """Does a stake on bet ``code`` contribute to this pool?"""
        return not self.bets or code in self.bets


def _fraction(text: Any, where: str) -> Fraction:
    if not isinstance(text, str):
        raise VariantError(f"{where}: expected a decimal as text, such as \"0.01\", got {text!r}")
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}: expected a decimal such as \"0.01\", got {text!r}") from None


def _amounts(raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, dict) or not raw:
        raise VariantError(f"{where}: expected a table of currency = amount, such as "
                           "{ EUR = \"100.00\" }")
    out = {}
    for cur, text in raw.items():
        if cur not in CURRENCIES:
            raise VariantError(f"{where}.{cur}: unknown currency")
        if not isinstance(text, str):
            raise VariantError(f"{where}.{cur}: amounts are decimal text, such as \"100.00\"")
        try:
            out[cur] = parse_amount_text(text, currency(cur))
        except InvalidAmount as exc:
            raise VariantError(f"{where}.{cur}: {exc}") from None
    return out


def parse_pool(name: str, raw: Any, where: str, default_contribution: Any = None) -> PoolSpec:
    """One ``[jackpots.<name>]`` section. ``default_contribution`` is taken when the section
    gives no ``contribution`` (21 Bet keeps its rate in ``options.jackpot_contribution``)."""
    w = f"{where} jackpots.{name}"
    if not isinstance(raw, dict):
        raise VariantError(f"{w}: expected a table")
    unknown = set(raw) - _KEYS
    if unknown:
        raise VariantError(f"{w}: unknown field(s) {', '.join(sorted(unknown))}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise VariantError(f"{w}.kind: expected one of {', '.join(KINDS)}, got {kind!r}")
    text = raw.get("contribution", default_contribution)
    if text is None:
        raise VariantError(f"{w}.contribution: missing (the share of each stake fed to the pool)")
    rate = _fraction(text, f"{w}.contribution")
    if not 0 < rate < 1:
        raise VariantError(f"{w}.contribution: expected a share between 0 and 1, got {text}")
    bets = raw.get("bets", [])
    if not isinstance(bets, list) or not all(isinstance(b, str) and b for b in bets):
        raise VariantError(f"{w}.bets: expected a list of bet codes")
    seed = _amounts(raw.get("seed"), f"{w}.seed")
    cap = _amounts(raw.get("cap"), f"{w}.cap")
    if set(seed) != set(cap):
        raise VariantError(f"{w}: seed and cap must name the same currencies")
    for cur in seed:
        if not 0 <= seed[cur] < cap[cur]:
            raise VariantError(f"{w}.cap.{cur}: the cap must be above the seed")
    wins: dict[str, Fraction] = {}
    award = str(raw.get("award", "row" if kind == "share" else ""))
    if kind == "share":
        raw_wins = raw.get("wins")
        if not isinstance(raw_wins, dict) or not raw_wins:
            raise VariantError(f"{w}.wins: a share pool needs rows, such as "
                               "{ \"777_spades\" = \"0.20\" }")
        for row, share_text in raw_wins.items():
            share = _fraction(share_text, f"{w}.wins.{row}")
            if not 0 < share <= 1:
                raise VariantError(f"{w}.wins.{row}: expected a share in (0, 1], got {share_text}")
            wins[row] = share
        if award != "row":
            raise VariantError(f"{w}.award: a share pool pays the rows of its wins table")
    else:
        if "wins" in raw:
            raise VariantError(f"{w}.wins: a drop pool pays the whole pool, it has no rows")
        if award not in AWARDS:
            raise VariantError(f"{w}.award: expected one of {', '.join(AWARDS)}, got {award!r}")
    overflow = raw.get("overflow", "reserve")
    if overflow not in OVERFLOWS:
        raise VariantError(f"{w}.overflow: expected one of {', '.join(OVERFLOWS)}, got {overflow!r}")
    top_up = raw.get("top_up", True)
    if not isinstance(top_up, bool):
        raise VariantError(f"{w}.top_up: expected true or false, got {top_up!r}")
    if kind == "drop" and not top_up:
        raise VariantError(f"{w}.top_up: a drop pool is emptied by its win and must be reseeded")
    title = raw.get("title", name)
    clause = raw.get("clause", "")
    if not isinstance(title, str) or not isinstance(clause, str):
        raise VariantError(f"{w}: title and clause are text")
    return PoolSpec(name, title, clause, kind, rate, tuple(bets), seed, cap, wins, award,
                    str(overflow), top_up)


def parse_pools(data: Mapping[str, Any], where: str) -> tuple[PoolSpec, ...]:
    """Every pool of a variant's data (``()`` when it has none)."""
    raw = data.get("jackpots", {})
    if not isinstance(raw, dict):
        raise VariantError(f"{where} jackpots: expected tables [jackpots.<name>]")
    options = data.get("options", {})
    default = options.get("jackpot_contribution") if isinstance(options, dict) else None
    return tuple(parse_pool(name, body, where, default) for name, body in raw.items())


# -- the arithmetic of a pool -------------------------------------------------------------------


def contribution_of(stake: int, rate: Fraction) -> int:
    """What a stake feeds the pool: ``stake * rate`` rounded down to the minor unit (ASSUMPTION:
    the fraction of a minor unit stays with the house, which also pays the seeds)."""
    return floor(stake * rate)


def share_of(balance: int, share: Fraction) -> int:
    """A share-of-pool prize: ``balance * share`` rounded down to the minor unit; the remainder
    stays in the pool (it is paid to a later winner, never to the house)."""
    return floor(balance * share)


def drop_level(source: RandomSource, seed: int, cap: int) -> int:
    """The hidden level of a drop pool: uniform on the integers ``seed..cap`` (minor units)."""
    if not 0 <= seed < cap:
        raise ValueError(f"a drop level needs 0 <= seed < cap, got {seed}, {cap}")
    return seed + source.randbelow(cap - seed + 1)


def long_run_return(spec: PoolSpec, cur: str) -> Fraction:
    """What the pool returns in the long run per unit staked on a contributing bet.

    * share pool: the pool is never emptied (a share of it is paid), so over time it pays out
      everything that enters it: the contribution rate (the one-off seed is negligible).
    * drop pool (renewal reward): each cycle starts at ``seed`` (house money) and pays the level
      ``D`` it reaches, uniform on ``seed..cap``; the contributions of a cycle are ``D - seed``,
      so paid / contributed = E[D] / E[D - seed] = (seed + cap) / (cap - seed), and the return
      is ``rate * (seed + cap) / (cap - seed)``. Model: the pool is paid at the level (what the
      pool gathers past it before the next winner is ignored; it lowers the return slightly).
    """
    if spec.kind == "share":
        return spec.contribution
    s, c = spec.seed[cur], spec.cap[cur]
    return spec.contribution * Fraction(s + c, c - s)


__all__ = ["AWARDS", "KINDS", "OVERFLOWS", "PoolSpec", "contribution_of", "drop_level", "long_run_return",
           "parse_pool", "parse_pools", "share_of"]
