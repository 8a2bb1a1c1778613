"""Top Card describes itself (docs/describe.md): the ante on a hand, the tie bet, the war / fold
decision, and the dealer's and the hands' cards as the ``cards`` view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.cardcompare.top_card.variant import TopCardVariant


def describe(v: TopCardVariant) -> dict[str, Any]:
    bets = []
    for code in v.bet_codes:
        if code == "ante" and v.hands > 1:
            target = D.choice((h, f"Hand {h}") for h in range(1, v.hands + 1))
            bets.append(D.bet(code, payout=D.payout_text(v.payouts, code), target=target,
                              example=[v.middle]))
        else:
            bets.append(D.bet(code, payout=D.payout_text(v.payouts, code),
                              group="main" if code == "ante" else "side",
                              requires=() if code == "ante" else ("ante",)))
    decisions = [D.decision("war", label="Go to war", adds="1x ante"),
                 D.decision("fold", label=f"Surrender ({v.fold_refund} back)")]
    return D.assemble(v, bets, kind="cards", decisions=decisions, rules=[
        f"Each hand's card against the dealer's, from {v.decks} decks; on a tie go to war "
        f"({v.burn} burned cards) or surrender; a tie in the war: {v.war_tie}."])


def display(v: TopCardVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    hands = [D.hand("Dealer", [outcome["dealer"]])] if outcome.get("dealer") else []
    outcomes = outcome.get("outcomes", {})
    for h, c in outcome.get("hands", {}).items():
        hands.append(D.hand(f"Hand {h}", [c] if isinstance(c, str) else c, result=outcomes.get(h)))
    headline = ", ".join(f"hand {h} {o}" for h, o in outcomes.items()) or "Round over"
    return D.cards_view(hands, headline[:1].upper() + headline[1:])
