"""Deal or No Deal's engine: the show engine (:class:`~croupier.games.shows.engine.ShowEngine`)
with what the platform asks of a decision game - the round waits for the player's answer to the
banker, the default answer when the timer runs out is No Deal (000 §12.28 "No Deal or no answer
-> continue"; at the last offer "no answer = No Deal"), and the view a player may see."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from croupier.games.base import Decision
from croupier.games.shows.deal_or_no_deal.show import (
    NO_DEAL,
    OPEN_CASES,
    DondShow,
    DondVariant,
    Stage,
    values_of,
)
from croupier.games.shows.engine import ShowEngine, ShowState, added_stake
from croupier.money import apply_ratio


class DondEngine(ShowEngine):
    def __init__(self, show: DondShow) -> None:
        super().__init__(show)

    @staticmethod
    def asks_decisions(variant: DondVariant) -> bool:
        """A qualified round waits for the player's Deal / No Deal (the platform's play mode)."""
        return True

    def default_decision(self, state: ShowState) -> Decision | None:
        """No answer is No Deal (000 §12.28); in the Top Up round no answer opens the cases
        (ASSUMPTION: the timer never buys a top-up spin, which would add a stake)."""
        if not self.legal_actions(state):
            return None
        return Decision(OPEN_CASES) if cast(Stage, state.stage).topping else Decision(NO_DEAL)

    def table_view(self, state: ShowState) -> dict[str, Any]:
        """The vault's rings, the values still in play (the boards at the sides), the values
        opened, the offers and the answers so far; the player's case stays closed until the end."""
        v, st = state.variant, cast(Stage, state.stage)
        out: dict[str, Any] = {"kind": "deal_or_no_deal", "finished": state.settlement is not None,
                               "rings": [bool(g) for g in st.golds]}
        if st.top_segment >= 0 or st.done:
            out.update({"opened": [str(x) for x in st.revealed], "offers": [str(o) for o in st.offers],
                        "answers": list(st.answers), "stage": st.stage + 1})
        if st.top_segment >= 0 and not st.done:
            out["unopened"] = [str(x) for x in values_of(v, st)]
            out["top"] = str(st.top)
        if v.top_up is not None and (st.top_segment >= 0 or st.done):
            bet = state.bets[0]
            out.update({"top_up_round": st.topping, "top_ups": st.topups, "topped_up_bets": str(st.added),
                        "top_up_cost_minor": added_stake(bet.stake, Fraction(1, v.costs[bet.code]))})
        if st.asking and st.offer is not None:
            out["offer_bets"] = str(st.offer)
            bet = state.bets[0]
            out["offer_minor"] = apply_ratio(bet.stake, st.offer / v.costs[bet.code])
        if state.settlement is not None:
            out["outcome"] = self.show.result(v, st)
        return out
