"""The crash games describe themselves (docs/describe.md): one bet with an optional auto
cash-out target, and the crash point as the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.crash.distribution import instant_crash
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.variant import CrashVariant


def describe(variant: CrashVariant) -> dict[str, Any]:
    options = [(format_multiplier(k), f"Auto cash-out x{format_multiplier(k)}") for k in variant.targets]
    example = format_multiplier(200 if 200 in variant.targets else variant.targets[0])
    bet = D.bet("bet", label="Bet", payout="stake x multiplier at the cash-out",
                target=D.choice(options), example=[example], rtp_code=f"auto_{example}")
    rules = [
        "The multiplier rises from x1.00 until the crash; a cash-out before the crash returns the "
        "stake times the multiplier of that moment (000 §12.20).",
        f"Auto cash-out at a target of x{format_multiplier(variant.min_auto)} or more, two decimals, "
        "executed by the server exactly at the target, if the crash point is at or above it.",
        f"Crash points: P(crash >= m) = {variant.rtp} / m on the two-decimal grid (to 1/2^"
        f"{variant.resolution_bits}); instant crash at x1.00 with probability "
        f"{float(instant_crash(variant)):.4%}; at most x{format_multiplier(variant.max_multiplier)}.",
        "Crash points come from a published hash chain and are fixed at least 10 rounds in "
        "advance (croupier verify crash).",
    ]
    if variant.half_cash_out:
        rules.append("50% cash-out once per round: half the stake (rounded down to the minor unit) "
                     "at the current multiplier, the rest rides (000 §12.26).")
    return D.assemble(variant, [bet], kind="board", rules=rules)


def display(_variant: CrashVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    crash = str(outcome.get("crash", "?"))
    return {"kind": "board", "cells": [[{"label": "crash", "value": f"x{crash}", "hit": True}]],
            "crash": crash, "headline": f"Crashed at x{crash}"}
