"""Red Dog describes itself (docs/describe.md): the ante, the spread paytable, the ride / stand
decision, and the three cards as the ``cards`` view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from croupier.games import describe as D

if TYPE_CHECKING:  # the engine module builds GAME from this one
    from croupier.games.cardcompare.red_dog.engine import RedDogVariant


def describe(v: RedDogVariant) -> dict[str, Any]:
    paytable: list[dict[str, Any]] = [
        {"bet": "ante", "label": f"Spread of {s}", "pays": str(p)} for s, p in sorted(v.spread.items())]
    paytable.append({"bet": "ante", "label": "Three of a kind", "pays": str(v.trips)})
    bets = [D.bet("ante", payout="by the spread (paytable)")]
    decisions = [D.decision("ride", label="Raise", adds="1x ante"), D.decision("stand")]
    return D.assemble(v, bets, kind="cards", decisions=decisions, paytable=paytable, rules=[
        f"Dealt from {v.decks} deck{'s' if v.decks > 1 else ''}: the third card must fall between "
        "the first two; after the spread is shown you may raise by your ante."])


def display(v: RedDogVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    view = D.generic_cards_display(v, outcome)
    spread = outcome.get("spread")
    view["headline"] = "Cards: " + " ".join(outcome.get("cards", ())) + (
        f", spread {spread}" if spread is not None else "")
    return view
