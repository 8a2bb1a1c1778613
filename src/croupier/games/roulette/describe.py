"""Roulette describes itself (docs/describe.md): every position of the layout as a legal target,
the racetrack packages, and a spin's pockets as the ``pocket`` view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.roulette.engine import bounds
from croupier.games.roulette.layout import CALL_TITLES, INSIDE_SHAPES, layout_for, request_target
from croupier.games.roulette.variant import (
    INSIDE_CODES,
    RACETRACK_CODES,
    RouletteVariant,
    bet_label,
    is_threshold,
)
from croupier.games.roulette.wheel import DOUBLE_ZERO, RED, colour, label

GROUPS = (("inside", "Inside bets"), ("outside", "Outside bets"), ("two_balls", "Both balls"),
          ("threshold", "Over / under"), ("racetrack", "Racetrack"))
ORDINALS = ("1st", "2nd", "3rd")


def _group(code: str) -> str:
    if code in ("red_black", "double_any", "double_number"):
        return "two_balls"
    if code in INSIDE_CODES:
        return "inside"
    if code in RACETRACK_CODES:
        return "racetrack"
    return "threshold" if is_threshold(code) else "outside"


def describe(v: RouletteVariant) -> dict[str, Any]:
    lay = layout_for(v)
    bets = []
    for code in lay.codes:
        positions = lay.positions(code)
        targets = [list(request_target(p)) for p in positions]
        example = targets[len(targets) // 2]
        title = CALL_TITLES.get(code) or bet_label(code)
        if code in ("dozen", "column"):
            target: dict[str, Any] = D.choice((k, f"{ORDINALS[k - 1]} {title.lower()}") for k in (1, 2, 3))
        elif targets == [[]]:
            target = {"kind": "none"}
        else:
            target = {"kind": "positions", "positions": targets}
            if code in INSIDE_SHAPES:
                target["covers"] = INSIDE_SHAPES[code]
        payout = D.payout_text(v.payouts, code)
        if code in RACETRACK_CODES:
            payout = "chips at the odds of their own bets"
        pos = lay.resolve(code, tuple(example))
        chips, limits = len(pos.chips), {}
        for cur, ls in v.limits.items():
            n, lo, hi = bounds(ls, pos)
            limits[cur] = [n * lo, n * hi]
        bets.append(D.bet(code, label=title, group=_group(code), payout=payout, target=target,
                          example=example, chips=chips, limits=limits))
    present = {b["group"] for b in bets}
    rules = [f"{v.wheel.name.capitalize()} wheel of {len(v.wheel.pockets)} pockets, "
             f"{v.balls} ball{'s' if v.balls > 1 else ''}.",
             f"Zero rule for even-money bets: {v.zero_rule.replace('_', ' ')}."]
    if v.lightning is not None:
        rules.append(f"Lightning: {v.lightning.count_min} to {v.lightning.count_max} lucky numbers "
                     "a spin pay a straight up at their drawn odds.")
    return D.assemble(v, bets, kind="pocket",
                      groups=[D.group(n, lab) for n, lab in GROUPS if n in present],
                      rules=rules,
                      outcome={"wheel": [label(p) for p in v.wheel.order],
                               "red": [label(p) for p in sorted(RED)], "balls": v.balls})


def display(_v: RouletteVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    pockets = [str(p) for p in outcome.get("pockets", ())]
    colours = [colour(DOUBLE_ZERO if p == "00" else int(p)) for p in pockets]
    view: dict[str, Any] = {"kind": "pocket", "pockets": pockets, "colours": colours,
                            "headline": ", ".join(f"{p} {c}" for p, c in zip(pockets, colours, strict=True))}
    lucky = outcome.get("lucky")
    if lucky:
        view["multipliers"] = dict(lucky)
        view["headline"] += "; lucky " + ", ".join(f"{p} ({o})" for p, o in lucky.items())
    return view
