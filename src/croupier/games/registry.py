"""The catalogue of games: every package under ``croupier.games`` that exports ``GAME``.

A family joins the catalogue by defining ``GAME = GameSpec(...)`` (or ``GAMES = [GameSpec, ...]``
for a family of several games) in its package ``__init__``; nothing else has to be edited. Packages
nest: a family package (``games/cardcompare/``) holds one sub-package per game, and discovery
walks every sub-package, so ``games/cardcompare/hilo/__init__.py`` exporting ``GAME`` is found. Variants are data files in ``croupier/variants/<game>/<name>.toml``
(files whose names start with ``_`` hold shared data such as limit sets).
"""

from __future__ import annotations

import importlib
import pkgutil
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from math import sqrt
from statistics import NormalDist
from typing import Any

from croupier.errors import UnknownGame, UnknownVariant, VariantError
from croupier.games.base import BetRequest, Engine
from croupier.games.maths import BetRTP

#: the two-sided 99% normal quantile of every simulation's interval
Z99 = NormalDist().inv_cdf(0.995)


@dataclass(frozen=True)
class SimBet:
    """Monte Carlo estimate of one bet code's RTP with its 99% confidence interval."""

    bet: str
    rounds: int
    rtp: float
    ci99: tuple[float, float]
    #: the raw sum and sum of squares of the returns (set by :meth:`of_sums`; None when a family
    #: built the estimate itself). Not part of equality: two estimates are the same figures.
    total: float | None = field(default=None, compare=False, repr=False)
    total_sq: float | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of_sums(cls, bet: str, rounds: int, total: float, total_sq: float) -> SimBet:
        """The estimate from the sum and the sum of squares of ``rounds`` returns per unit
        staked: their mean, and the mean ± Z99 standard errors."""
        mean = total / rounds
        half = Z99 * sqrt(max(total_sq / rounds - mean * mean, 0.0) / rounds)
        return cls(bet, rounds, mean, (mean - half, mean + half), total, total_sq)

    def sums(self) -> tuple[float, float]:
        """The sum and the sum of squares of the returns behind this estimate, so that estimates
        of disjoint runs combine (issue 24: :mod:`croupier.analysis.batches`). A family that built
        the estimate without :meth:`of_sums` has them rebuilt from its mean and its interval's
        half-width (exact up to float rounding; the same estimate always gives the same sums)."""
        if self.total is not None and self.total_sq is not None:
            return self.total, self.total_sq
        half = (self.ci99[1] - self.ci99[0]) / 2
        var = (half / Z99) ** 2 * self.rounds
        return self.rtp * self.rounds, self.rounds * (var + self.rtp * self.rtp)


ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True)
class GameSpec:
    """What a game family gives the rest of Croupier."""

    name: str
    title: str
    engine: Engine[Any, Any]
    parse_variant: Callable[[dict[str, Any], str], Any]
    exact: Callable[[Any], list[BetRTP]]
    simulate: Callable[[Any, int, int, ProgressFn | None], list[SimBet]]
    demo_bets: Callable[[Any, str], list[BetRequest]]
    #: variant -> the game-specific part of its description (docs/describe.md); None: generic
    describe: Callable[[Any], dict[str, Any]] | None = None
    #: (variant, outcome) -> the normalised view of a round's outcome; None: generic
    display: Callable[[Any, Mapping[str, Any]], dict[str, Any]] | None = None


@cache
def games() -> dict[str, GameSpec]:
    import croupier.games as pkg

    found: dict[str, GameSpec] = {}
    _discover(pkg.__path__, "croupier.games", found)
    return dict(sorted(found.items()))


def _discover(path: Sequence[str], prefix: str, found: dict[str, GameSpec]) -> None:
    """Import every package under ``path`` (recursively: packages only, never plain modules)
    and collect the ``GAME`` / ``GAMES`` each exports."""
    for mod in pkgutil.iter_modules(path):
        if not mod.ispkg:
            continue
        module = importlib.import_module(f"{prefix}.{mod.name}")
        specs = list(getattr(module, "GAMES", []))
        single = getattr(module, "GAME", None)
        if single is not None:
            specs.append(single)
        for spec in specs:
            if isinstance(spec, GameSpec):
                found[spec.name] = spec
        _discover(module.__path__, module.__name__, found)


def game(name: str) -> GameSpec:
    try:
        return games()[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}; known: {', '.join(games())}") from None


def _variant_dir(name: str) -> Any:
    return resources.files("croupier.variants").joinpath(name)


def variant_names(game_name: str) -> list[str]:
    game(game_name)
    folder = _variant_dir(game_name)
    if not folder.is_dir():
        return []
    return sorted(
        p.name[:-5] for p in folder.iterdir()
        if p.name.endswith(".toml") and not p.name.startswith("_")
    )


def read_data(game_name: str, file_stem: str) -> dict[str, Any]:
    """Read ``variants/<game>/<file_stem>.toml`` as a dict."""
    path = _variant_dir(game_name).joinpath(f"{file_stem}.toml")
    if not path.is_file():
        if file_stem.startswith("_"):
            raise VariantError(f"{game_name}: missing data file {file_stem}.toml")
        known = ", ".join(variant_names(game_name))
        raise UnknownVariant(f"unknown {game_name} variant {file_stem!r}; known: {known}")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{game_name}/{file_stem}.toml: {exc}") from None


def parse_unchecked(game_name: str, variant: str) -> Any:
    """Parse and validate a variant file without admission control (for tools and tests)."""
    spec = game(game_name)
    return spec.parse_variant(read_data(game_name, variant), variant)


@cache
def load_variant(game_name: str, variant: str) -> Any:
    """Parse a variant and pass it through admission control (see :mod:`.admission`)."""
    from croupier.games.admission import admit

    parsed = parse_unchecked(game_name, variant)
    admit(game(game_name), parsed)
    return parsed


def all_variants() -> Sequence[tuple[str, str]]:
    return [(g, v) for g in games() for v in variant_names(g)]
