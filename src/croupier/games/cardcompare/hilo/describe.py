"""HI LO describes itself (docs/describe.md): its 20 predictions, HI and LO priced against the
previous card, and the card drawn as the ``cards`` view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from croupier.games import describe as D

if TYPE_CHECKING:  # the engine module builds GAME from this one
    from croupier.games.cardcompare.hilo.engine import HiLoVariant

GROUPS = {"hi": "hi_lo", "lo": "hi_lo", "red": "colour", "black": "colour", "joker": "card"}


def describe(v: HiLoVariant) -> dict[str, Any]:
    from croupier.games.cardcompare.hilo.engine import RANK_NAMES

    bets = []
    for code in v.bet_codes:
        if code in ("hi", "lo"):
            table = v.hi if code == "hi" else v.lo
            payout = ", ".join(f"after {RANK_NAMES[r]}: {p}" for r, p in sorted(table.items()))
            bets.append(D.bet(code, label=code.upper(), group="hi_lo", payout=payout,
                              condition="a previous card at the table"))
            continue
        label = f"Rank {code[5:]}" if code.startswith("rank_") else None
        bets.append(D.bet(code, label=label, group=GROUPS.get(code, "card"),
                          payout=D.payout_text(v.payouts, code)))
    return D.assemble(v, bets, kind="cards", rules=[
        f"One card a round from a 25-card deck (2-9, J, Q, K, A in red and black, and a Joker); "
        f"up to {v.bets_per_round} bets a round."])


def display(v: HiLoVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    view = D.generic_cards_display(v, outcome)
    view["headline"] = f"Card {outcome['card']}"
    return view
