"""Baccarat describes itself (docs/describe.md): the main bets and the side bets of the variant,
and a coup's two hands as the ``cards`` view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.baccarat.variant import BaccaratVariant

MAIN = ("player", "banker", "tie")


def describe(v: BaccaratVariant) -> dict[str, Any]:
    bets = []
    for code in v.bet_codes:
        payout = D.payout_text(v.payouts, code)
        if code.endswith("_bonus") and v.bonus is not None:
            payout = f"natural win {v.bonus.natural_win}, by margin " + ", ".join(
                f"{m}: {p}" for m, p in sorted(v.bonus.margins.items()))
        bets.append(D.bet(code, group="main" if code in MAIN else "side", payout=payout))
    rules = [f"Punto Banco from {v.decks} deck{'s' if v.decks > 1 else ''}; the third card by the "
             "fixed drawing rules."]
    if v.banker_six is not None:
        rules.append(f"A Banker win with 6 pays {v.banker_six}.")
    return D.assemble(v, bets, kind="cards",
                      groups=[D.group("main", "Main bets"), D.group("side", "Side bets")][
                          : 2 if any(b["group"] == "side" for b in bets) else 1],
                      rules=rules)


def display(_v: BaccaratVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    p, b = outcome["player_total"], outcome["banker_total"]
    winner = str(outcome["winner"])
    hands = [D.hand("Player", outcome["player"], p), D.hand("Banker", outcome["banker"], b)]
    if winner == "tie":
        headline = f"Tie {p} to {p}"
    else:
        hi, lo = (p, b) if winner == "player" else (b, p)
        headline = f"{winner.capitalize()} wins {hi} to {lo}"
    return D.cards_view(hands, headline, winner=winner)
