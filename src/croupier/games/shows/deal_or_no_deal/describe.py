"""Deal or No Deal describes itself (docs/describe.md): three ways to spin the vault, the
player's answers to the banker, and a board of the briefcase values as the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.shows.deal_or_no_deal.show import DondVariant

LABELS = {"spin": "Spin the vault", "buy_one_ring": "Buy one ring (3 bets)",
          "buy_two_rings": "Buy two rings (9 bets)"}


def describe(v: DondVariant) -> dict[str, Any]:
    bets = [D.bet(c, label=LABELS.get(c, c), group="qualify", payout=v.payouts[c]) for c in v.costs]
    rules = [
        f"Qualify: spin the vault until its {v.rings} rings line up gold; a spin costs the bet, "
        "buying one ring costs 3 bets, two rings 9 bets (000 §12.28).",
        f"Qualified: 16 briefcases of 1 to 500 times the bet; cases are opened "
        f"{', '.join(map(str, v.stages))} at a time and after each stage the banker makes an offer.",
        "Deal takes the offer; No Deal (or no answer) goes on; at the last offer you may also "
        "Switch Briefcases. No Deal at the end wins your own case.",
        "A spin that does not qualify loses its stake; spin again in the next round.",
    ]
    decisions = [D.decision("deal", label="Deal"), D.decision("no_deal", label="No Deal", default=True),
                 D.decision("switch", label="Switch Briefcases")]
    if v.top_up is not None:
        amounts = sorted({s.value for s in v.top_up.segments})
        cap = "any number of spins" if v.top_up_cap is None else f"at most {v.top_up_cap} spins"
        rules.insert(1, f"Top Up round (after qualifying, before the cases open): each spin of the Top Up "
                        f"wheel costs one bet and adds {amounts[0]} to {amounts[-1]} bets to the top "
                        f"briefcase; {cap}; no answer opens the cases (000 §12.28).")
        decisions = [D.decision("top_up", label="Top Up", adds="1 bet"),
                     D.decision("open_cases", label="Open the briefcases", default=True), *decisions]
    return D.assemble(v, bets, kind="board", rules=rules, decisions=decisions)


def display(v: DondVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """A board: the vault's rings, then the values opened (marked) and still in play. Reads the
    stored result or the table view of a round in play (its ``outcome`` once settled)."""
    if isinstance(outcome.get("outcome"), Mapping):
        outcome = {**outcome, **outcome["outcome"]}
        outcome.pop("unopened", None)
    rings = [("gold" if g else "-") for g in outcome.get("rings", [])]
    cells: list[list[Any]] = [[{"value": f"ring {i + 1}: {r}", "hit": r == "gold"} for i, r in enumerate(rings)]]
    opened = [str(x) for x in outcome.get("opened", [])]
    unopened = [str(x) for x in outcome.get("unopened", [])]
    if opened or unopened:
        cells.append([{"value": x, "marked": True} for x in opened])
        if unopened:
            cells.append([{"value": x} for x in unopened])
    offers = [str(x) for x in outcome.get("offers", [])]
    if outcome.get("top_up_round") and not outcome.get("finished"):
        headline = (f"Top Up round: the top briefcase holds {outcome.get('top')} bets "
                    f"({outcome.get('top_ups', 0)} top-up spin(s)); Top Up or open the briefcases")
    elif "offer_bets" in outcome:
        headline = f"The banker offers {outcome['offer_bets']} bets: Deal or No Deal?"
    elif outcome.get("qualified") is False or (outcome.get("finished") and not opened and rings):
        headline = "Not qualified: spin again"
    elif "win_bets" in outcome:
        answers = list(outcome.get("answers", []))
        how = "Deal" if answers and answers[-1] == "deal" else \
            "Switch" if answers and answers[-1] == "switch" else "No Deal"
        headline = f"{how}: won {outcome['win_bets']} bets"
    elif rings and len(rings) < v.rings:
        headline = "The vault spins"
    else:
        headline = "Qualified: the briefcases open" if offers or opened else "The vault spins"
    return {"kind": "board", "cells": cells, "headline": headline}
