"""Keno describes itself (docs/describe.md): a ``numbers`` target per pick count and the draw
as a ``balls`` view (drawn balls, the ticket's picks, hits)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.draws.keno.variant import KenoVariant


def describe(variant: KenoVariant) -> dict[str, Any]:
    d = variant.draw
    bets = []
    payouts = variant.payouts
    for n in range(1, variant.max_picks + 1):
        target = {"kind": "numbers", "count": n, "choices": list(d.numbers)}
        bets.append(D.bet(f"pick_{n}", label=f"{n} number{'s' if n > 1 else ''}", group="tickets",
                          payout=payouts[f"pick_{n}"], target=target,
                          example=list(d.numbers)[:n]))
    s = variant.schedule
    rules = [
        f"Pick 1 to {variant.max_picks} numbers of {d.first}-{d.last}; {d.drawn} balls are drawn "
        f"every {s.every_seconds} s (000 §12.19).",
        "The ticket returns the stake times the table's multiplier for its picks and hits "
        "(x1 returns the stake).",
        f"Tickets close {s.cutoff_seconds} s before a draw; one ticket may play the next 1 to "
        f"{s.max_draws} draws.",
    ]
    return D.assemble(variant, bets, kind="balls", rules=rules,
                      outcome={"balls": d.balls, "drawn": d.drawn, "first": d.first})


def display(_variant: KenoVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    balls = [int(b) for b in outcome.get("balls", [])]
    view: dict[str, Any] = {"kind": "balls", "drawn": balls,
                            "headline": "Drawn: " + " ".join(str(b) for b in sorted(balls))}
    picks = outcome.get("picks")
    if picks is not None:
        picked = [int(p) for p in picks]
        hit = sorted(set(picked) & set(balls))
        view.update(picked=picked, hits=hit, headline=f"{len(hit)} hits of {len(picked)}")
    return view
