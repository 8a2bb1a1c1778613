"""Draw HiLo describes itself (docs/describe.md): the ante, the higher / lower / cash-out
decisions, and the cards drawn as the ``cards`` view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from croupier.games import describe as D

if TYPE_CHECKING:  # the engine module builds GAME from this one
    from croupier.games.cardcompare.draw_hilo.engine import DrawHiLoVariant


def describe(v: DrawHiLoVariant) -> dict[str, Any]:
    from croupier.games.cardcompare.draw_hilo.engine import PREDICTIONS

    bets = [D.bet(code, payout=f"odds of each guess from the cards left, margin {v.margin}")
            for code in v.bet_codes]
    decisions = [*(D.decision(p, adds=None) for p in PREDICTIONS), D.decision("cash_out")]
    return D.assemble(v, bets, kind="cards", decisions=decisions, rules=[
        "Guess whether the next card is higher or lower; each right guess multiplies the amount "
        "at stake, and you may cash out after a win."])


def display(v: DrawHiLoVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    view = D.generic_cards_display(v, outcome)
    wins = int(outcome.get("wins", 0))
    view["headline"] = f"{wins} right guess{'es' if wins != 1 else ''}"
    return view
