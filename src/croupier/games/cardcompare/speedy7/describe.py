"""Speedy 7 describes itself (docs/describe.md): the colour bet, the colour / cash-out decisions,
and the cards opened as the ``cards`` view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from croupier.games import describe as D

if TYPE_CHECKING:  # the engine module builds GAME from this one
    from croupier.games.cardcompare.speedy7.engine import Speedy7Variant


def describe(v: Speedy7Variant) -> dict[str, Any]:
    from croupier.games.cardcompare.speedy7.engine import COLOURS

    payout = f"odds from the cards left, margin {v.margin}"
    bets = [D.bet(c, payout=payout, rtp_code=v.bet_codes[0]) for c in COLOURS]
    decisions = [*(D.decision(c) for c in COLOURS), D.decision("cash_out")]
    return D.assemble(v, bets, kind="cards", decisions=decisions, rules=[
        f"Predict the colour of each of {v.cards} cards; cash out any time. {v.bonus_streak} right "
        f"in a row pays x{v.bonus_streak_pays} of the stake, every card right x{v.bonus_all_pays}."])


def display(v: Speedy7Variant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    view = D.generic_cards_display(v, outcome)
    streak = int(outcome.get("streak", 0))
    view["headline"] = ("Cashed out" if outcome.get("cashed_out") else "Round over") + \
        f" after {streak} right in a row"
    return view
