"""The jackpot rows a finished blackjack round hit (002 Bonus: ``777_spades``, ``suited_777``).

The engine settles a bet on a jackpot row as ``outcome = "jackpot"`` with nothing returned (the
fixed-odds paytable has no figure for it); the pool pays it (platform/jackpots.py). This names
the row of each such bet, from the box's cards, with the engine's own classification.
"""

from __future__ import annotations

from croupier.games.blackjack.engine import ENGINE, BlackjackState


def jackpot_rows(state: BlackjackState) -> dict[int, str]:
    """``{engine bet id: jackpot row}`` of every bet the settlement put on a jackpot row."""
    if state.settlement is None:
        return {}
    hit = {r.bet_id for r in state.settlement.bets if r.outcome == "jackpot"}
    out: dict[int, str] = {}
    for pb in state.bets:
        if pb.bet_id not in hit:
            continue
        row = ENGINE._side_row(pb.code, ENGINE._box(state, pb.box), state.dealer)
        if row is not None:
            out[pb.bet_id] = row
    return out


__all__ = ["jackpot_rows"]
