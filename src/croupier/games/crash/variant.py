"""A crash variant as data (``variants/crash/*.toml``, ``variants/rocketon/*.toml``).

Every field cites its clause; what 000 §12.20 / §12.26 leave open is an ASSUMPTION listed in the
variant file and in docs/crash.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from croupier.errors import CroupierError, VariantError
from croupier.games.crash.multiplier import format_multiplier, parse_multiplier
from croupier.games.fields import boolean, integer, need
from croupier.money import currency

#: 000 §12.20 "For the next round, separately after a win and after a loss": 4.1 / 4.2
AFTER: Final = ("base", "double")


@dataclass(frozen=True, slots=True)
class StakeLimits:
    """Stake range of one bet in minor units of a currency."""

    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True)
class Strategy:
    """A documented AUTOBET strategy (000 §12.20 Auto mode), analysed exactly by ``croupier rtp``.

    ``half_at``: Rocketon's 50% cash-out at that multiplier before the exit at ``target``
    (000 §12.26 step 4), or ``None``."""

    name: str
    target: int            # auto cash-out, hundredths (§12.20 field 3)
    base: int = 0          # base bet in units (§12.20 field 1); 0: a single bet, no session
    limit: int = 0         # total bets limit in units (§12.20 field 2)
    after_win: str = "base"    # §12.20 field 4.1 / 4.2
    after_loss: str = "base"
    half_at: int | None = None

    @property
    def is_session(self) -> bool:
        return self.base > 0


@dataclass(frozen=True, slots=True)
class CrashVariant:
    name: str
    title: str
    source: str
    game: str
    kind: str
    #: ideal law P(crash >= m) = rtp / m (000 §12.20 ambiguity 1, ASSUMPTION)
    rtp: Fraction
    #: the crash draw is an integer u uniform in [0, 2^bits) (docs/crash.md); the realised law is
    #: P(crash >= m) = floor(2^bits * rtp / m) / 2^bits
    resolution_bits: int
    #: the highest crash point, hundredths (000 §12.20 ambiguity 4, ASSUMPTION)
    max_multiplier: int
    #: the lowest auto cash-out target, hundredths (000 §12.20 "default 1.01")
    min_auto: int
    #: the AUTOBET default target (000 §12.20 field 3: "default 1.01")
    default_auto: int
    #: Rocketon's "50% cashout" (000 §12.26 step 4)
    half_cash_out: bool
    #: Crash's AUTOBET with base / limit / double (000 §12.20 Auto mode)
    autobet: bool
    #: the multiplier curve m(t) = exp(growth * t), t in seconds since the running phase began
    growth_per_second: Fraction
    #: betting phase length, milliseconds (ASSUMPTION)
    betting_ms: int
    #: cash-out targets the RTP table lists, hundredths
    targets: tuple[int, ...]
    strategies: tuple[Strategy, ...]
    limits: Mapping[str, StakeLimits]
    assumptions: tuple[str, ...]
    paytable_assumed: bool = True
    admission_override: bool = False

    def parsheet_markdown(self) -> str:
        """The crash games' own par-sheet section (the generic par sheet appends it)."""
        from croupier.games.crash.parsheet import parsheet_markdown

        return parsheet_markdown(self)

    @property
    def payouts(self) -> dict[str, str]:
        """What each row of the RTP table pays (par sheets)."""
        out = {f"auto_{format_multiplier(k)}": f"x{format_multiplier(k)} if the crash point is at "
               f"least {format_multiplier(k)}" for k in self.targets}
        for s in self.strategies:
            out[s.name] = "see note"
        return out

    @property
    def draw_size(self) -> int:
        """N: the crash draw is uniform in [0, N)."""
        return 1 << self.resolution_bits

    def limit(self, cur: str, code: str = "bet") -> StakeLimits | None:
        return self.limits.get(cur)

    def limits_for(self, cur: str) -> StakeLimits:
        if cur == "XXX":  # "no currency": analysis and demonstration rounds have no limits
            return StakeLimits(1, 10**15)
        lim = self.limits.get(cur)
        if lim is None:
            raise CroupierError(f"{self.title} has no stake limits in {cur}; it is played in "
                                f"{', '.join(sorted(self.limits))}")
        return lim


def _mult(value: Any, where: str) -> int:
    try:
        return parse_multiplier(value, where)
    except CroupierError as exc:
        raise VariantError(f"{where}: {exc}") from None


def _strategy(raw: Mapping[str, Any], where: str) -> Strategy:
    name = str(need(raw, "name", where))
    w = f"{where}.{name}"
    after_win = str(raw.get("after_win", "base"))
    after_loss = str(raw.get("after_loss", "base"))
    for label, v in (("after_win", after_win), ("after_loss", after_loss)):
        if v not in AFTER:
            raise VariantError(f"{w}.{label}: one of {', '.join(AFTER)}, got {v!r}")
    base = integer(raw.get("base", 0), f"{w}.base", 0, 10**12)
    limit = integer(raw.get("limit", 0), f"{w}.limit", 0, 10**12)
    if base and not base <= limit <= 24 * base:
        raise VariantError(f"{w}: the limit must be 1 to 24 base bets (the session tree is "
                           "enumerated exactly)")
    half = raw.get("half_at")
    return Strategy(name, _mult(need(raw, "target", w), f"{w}.target"), base, limit, after_win,
                    after_loss, None if half is None else _mult(half, f"{w}.half_at"))


def parse_variant(data: Mapping[str, Any], name: str, game: str) -> CrashVariant:
    where = f"{game}/{name}.toml"
    try:
        rtp = Fraction(str(need(data, "rtp", where)))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}.rtp: an exact decimal such as \"0.97\"") from None
    if not Fraction(1, 2) <= rtp < 1:
        raise VariantError(f"{where}.rtp: must be in [0.5, 1), got {rtp}")
    bits = integer(data.get("resolution_bits", 52), f"{where}.resolution_bits", 8, 52)
    hundred_rtp = 100 * rtp
    if hundred_rtp.numerator << bits >= 1 << 63 or hundred_rtp.denominator << bits >= 1 << 63:
        raise VariantError(f"{where}: 100 * rtp = {hundred_rtp} with {bits} bits overflows the "
                           "64-bit vectorised simulation; use fewer bits or a simpler rtp")
    max_m = _mult(need(data, "max_multiplier", where), f"{where}.max_multiplier")
    min_auto = _mult(data.get("min_auto", "1.01"), f"{where}.min_auto")
    default_auto = _mult(data.get("default_auto", "1.01"), f"{where}.default_auto")
    if not 101 <= min_auto <= default_auto <= max_m:
        raise VariantError(f"{where}: need 1.01 <= min_auto <= default_auto <= max_multiplier")
    try:
        growth = Fraction(str(data.get("growth_per_second", "0.06")))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}.growth_per_second: an exact decimal") from None
    if not 0 < growth <= 10:
        raise VariantError(f"{where}.growth_per_second: in (0, 10], got {growth}")
    targets = tuple(_mult(t, f"{where}.targets") for t in need(data, "targets", where))
    for t in targets:
        if not min_auto <= t <= max_m:
            raise VariantError(f"{where}.targets: {format_multiplier(t)} outside "
                               f"[{format_multiplier(min_auto)}, {format_multiplier(max_m)}]")
    strategies = tuple(_strategy(s, f"{where}.strategies") for s in data.get("strategies", ()))
    limits: dict[str, StakeLimits] = {}
    for cur_code, pair in dict(need(data, "limits", where)).items():
        currency(cur_code)
        if not (isinstance(pair, list) and len(pair) == 2):
            raise VariantError(f"{where}.limits.{cur_code}: [minimum, maximum] in minor units")
        lo = integer(pair[0], f"{where}.limits.{cur_code}", 1, 10**12)
        hi = integer(pair[1], f"{where}.limits.{cur_code}", lo, 10**12)
        limits[cur_code] = StakeLimits(lo, hi)
    half = boolean(data.get("half_cash_out", False), f"{where}.half_cash_out")
    for s in strategies:
        if s.half_at is not None and (not half or not min_auto <= s.half_at < s.target):
            raise VariantError(f"{where}.strategies.{s.name}: a 50% cash-out needs half_cash_out "
                               "and min_auto <= half_at < target")
    return CrashVariant(
        name=name, title=str(need(data, "title", where)), source=str(need(data, "source", where)),
        game=game, kind=str(data.get("kind", "crash")), rtp=rtp, resolution_bits=bits,
        max_multiplier=max_m, min_auto=min_auto, default_auto=default_auto, half_cash_out=half,
        autobet=boolean(data.get("autobet", False), f"{where}.autobet"),
        growth_per_second=growth,
        betting_ms=integer(data.get("betting_ms", 10000), f"{where}.betting_ms", 1000, 600000),
        targets=targets, strategies=strategies, limits=limits,
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
        admission_override=bool(dict(data.get("admission", {})).get("override", False)),
    )
