"""Admission control: a variant is played only if every bet's exact RTP is inside the bounds.

A bet that returns more than the stake (RTP > 100%) or less than the floor the operator's
jurisdiction sets for that kind of game is refused, with the offending bets named, unless the
variant file marks it with an explicit, documented override::

    [admission]
    override = true
    reason = "why this variant may break the bounds, and who approved it"

Floors are configuration, per game kind, in ``croupier/config/rtp_floors.toml``.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from croupier.errors import VariantError, VariantRefused
from croupier.games.maths import BetRTP
from croupier.games.registry import GameSpec


@cache
def floors() -> dict[str, Fraction]:
    text = resources.files("croupier.config").joinpath("rtp_floors.toml").read_text("utf-8")
    data = tomllib.loads(text)
    out: dict[str, Fraction] = {}
    for kind, value in data.get("floors", {}).items():
        out[kind] = Fraction(str(value))
    return out


def floor_for(kind: str) -> Fraction:
    table = floors()
    if kind not in table:
        raise VariantError(f"no RTP floor configured for game kind {kind!r}")
    return table[kind]


def offending(kind: str, rtps: list[BetRTP]) -> list[str]:
    """The bets out of bounds. A figure that comes from simulation (it carries a ``ci99``
    interval) must be inside the bounds over its whole 99% interval: a bet that cannot be shown
    to return at most the stake is refused like one that is known to return more."""
    floor = floor_for(kind)
    bad: list[str] = []
    for r in rtps:
        ci = getattr(r, "ci99", None)
        if ci is not None:
            lo, hi = ci
            if hi > 1:
                bad.append(f"{r.bet}: simulated RTP {float(r.rtp):.4%} has a 99% interval up to "
                           f"{hi:.4%}, so it may return more than the stake")
            if lo < floor:
                bad.append(f"{r.bet}: simulated RTP {float(r.rtp):.4%} has a 99% interval down to "
                           f"{lo:.4%}, below the {kind} floor {float(floor):.2%}")
            continue
        if r.rtp_max > 1:
            bad.append(f"{r.bet}: RTP {float(r.rtp_max):.4%} returns more than the stake")
        if r.rtp < floor:
            bad.append(f"{r.bet}: RTP {float(r.rtp):.4%} is below the {kind} floor {float(floor):.2%}")
    return bad


_EXACT: dict[int, tuple[Any, list[BetRTP]]] = {}


def exact_of(spec: GameSpec, variant: Any) -> list[BetRTP]:
    """``spec.exact(variant)``, computed once per loaded variant object."""
    hit = _EXACT.get(id(variant))
    if hit is None or hit[0] is not variant:
        hit = _EXACT[id(variant)] = (variant, spec.exact(variant))
    return list(hit[1])


def admit(spec: GameSpec, variant: Any) -> list[BetRTP]:
    """Compute every bet's exact RTP and refuse the variant if one is out of bounds."""
    rtps = exact_of(spec, variant)
    bad = offending(variant.kind, rtps)
    if bad and not variant.admission_override:
        raise VariantRefused(
            f"{spec.name} variant {variant.name!r} refused by admission control: " + "; ".join(bad),
            bad,
        )
    return rtps
