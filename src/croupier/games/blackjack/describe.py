"""Blackjack describes itself (docs/describe.md): the main bet on a box, the side bets and Bet
Behind of the variant, the decisions it may offer, and the dealer's and the boxes' hands as the
``cards`` view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.blackjack.variant import BlackjackVariant

#: the player a Bet Behind names when the box's main bet is another's
BEHIND = "behind"


def decisions(v: BlackjackVariant) -> list[dict[str, Any]]:
    """Every decision ``v`` may offer (``legal_actions``), with the stake it adds."""
    out = [D.decision("stand"), D.decision("hit"),
           D.decision("double", adds="1x the hand's bet")]
    if v.splittable:
        out.append(D.decision("split", adds="1x the hand's bet"))
    if v.surrender != "none":
        out.append(D.decision("surrender", label="Surrender (half back)"))
    if v.insurance_up:
        out.append(D.decision("insurance", adds="half the main bet"))
        if v.even_money and 1 in v.insurance_up:
            out.append(D.decision("even_money", label="Even money"))
    if v.insurance_up or v.surrender == "early":
        out.append(D.decision("decline", label="No, thanks"))
    return out


def describe(v: BlackjackVariant) -> dict[str, Any]:
    box = D.choice((b, f"Box {b}") for b in range(1, v.seats + 1))
    payouts = v.payouts
    behind = {"kind": "positions", "positions": [[b, BEHIND] for b in range(1, v.seats + 1)],
              "note": "a box where another player has the main bet"}
    bets = []
    for code in v.bet_codes:
        side = code not in ("main", "bet_behind")
        bets.append(D.bet(code, label="Main bet" if code == "main" else None,
                          group="side" if side else "main", payout=payouts.get(code),
                          target=behind if code == "bet_behind" else box,
                          example=[1, BEHIND] if code == "bet_behind" else [1],
                          requires=("main",) if code != "main" else ()))
    paytable = [{"bet": code, "label": D.label_of(code), "row": D.label_of(row), "pays": str(pay)}
                for code, sb in v.side_bets.items() for row, pay in sb.pays.items()]
    rules = [f"{v.decks} deck{'s' if v.decks > 1 else ''}; Blackjack pays {v.blackjack_pays}; the "
             f"dealer {'hits' if v.hits_soft_17 else 'stands on'} soft 17; "
             f"{'a hole card' if v.hole_card else 'no hole card'}."]
    return D.assemble(v, bets, kind="cards", decisions=decisions(v), rules=rules,
                      paytable=[*D.paytable_of(bets[:1]), *paytable])


def display(_v: BlackjackVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The platform keeps a decision round's table view (dealer and boxes) as its outcome; an
    engine's own ``result`` event names one bet's result only."""
    if "boxes" not in outcome:
        code, result = outcome.get("code", "main"), outcome.get("outcome", "")
        return D.cards_view([], f"{D.label_of(str(code))}: {result}".strip(": "))
    dealer = outcome.get("dealer") or {}
    hands = [D.hand("Dealer", dealer.get("cards", ()), dealer.get("total"))]
    parts = []
    for box in outcome["boxes"]:
        for i, h in enumerate(box.get("hands", ())):
            name = f"Box {box['box']}" + (f" hand {i + 1}" if len(box["hands"]) > 1 else "")
            hands.append(D.hand(name, h.get("cards", ()), h.get("total"), bust=h.get("bust", False)))
            parts.append(f"{name} {h.get('total')}" + (" bust" if h.get("bust") else ""))
    headline = f"Dealer {dealer.get('total')}" + (f"; {', '.join(parts)}" if parts else "")
    return D.cards_view(hands, headline)
