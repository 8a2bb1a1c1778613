"""An accumulator's legs decided as their events finish (issue 23, docs/virtual.md "Accumulators").

When a virtual event's round is settled or voided (:func:`croupier.platform.draw_settlement.settle_chunk`,
:func:`croupier.platform.tables.void_round`), :func:`round_decided` decides every open leg on it —
won, lost, or void (the event voided, or the selection void at its board: odds 1) — then settles
each slip it touched:

* a leg lost: the slip is **lost at once** (ASSUMPTION), its stake goes to the house and nothing
  is paid; its other legs stay as they are and are still decided as their events run (shown, not
  paid);
* every leg decided and none lost: paid ``stake × combined odds`` of the won legs (void legs at
  odds 1), rounded down to 0.01, capped at the slip's ``max_odds`` and at the legs' ``max_win``;
  every leg void: the stake is returned.

Ledger keys: ``acca-stake:<id>`` stakes -> house; ``acca-payout:<id>`` house -> cash;
``acca-refund:<id>`` stakes -> cash. Each slip is decided once (its row locked, state ``open``).
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.draws.ticket import PlacedBet, TicketEngine
from croupier.games.virtual.accumulator import combined_odds, payout
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.protection import audit
from croupier.platform.rounds import resolve_game
from croupier.store.accumulator_models import Accumulator, AccumulatorLeg
from croupier.store.models import Round

OPEN, WON, LOST, VOID = "open", "won", "lost", "void"


def leg_state(engine: TicketEngine, variant: Any, rnd: Round, leg: AccumulatorLeg) -> str:
    """A leg on a settled or voided event: won, lost or void."""
    if rnd.state == "voided" or rnd.outcome is None:
        return VOID
    out = rnd.outcome
    outcome = engine.outcome(variant, [int(b) for b in out.get("balls", [])],
                             [(str(k), int(v)) for k, v in out.get("extras", [])])
    r = engine.ratio(variant, PlacedBet(leg.seq, leg.code, 1, tuple(leg.target)), outcome)
    return LOST if r == 0 else VOID if r == 1 else WON


def round_decided(session: Session, rnd: Round, now: datetime) -> list[int]:
    """Decide the open legs on ``rnd`` (settled or voided) and settle the slips they belong to;
    the ids of the slips decided now."""
    legs = list(session.scalars(select(AccumulatorLeg).where(
        AccumulatorLeg.round_id == rnd.id, AccumulatorLeg.state == OPEN).order_by(AccumulatorLeg.id)))
    if not legs:
        return []
    spec, variant = resolve_game(rnd.game, rnd.variant)
    engine = cast(TicketEngine, spec.engine)
    for leg in legs:
        leg.state = leg_state(engine, variant, rnd, leg)
    session.flush()
    decided = []
    for slip_id in sorted({leg.accumulator_id for leg in legs}):
        if settle_slip(session, slip_id, now):
            decided.append(slip_id)
    return decided


def rules_of(legs: list[AccumulatorLeg], cur: str) -> tuple[Fraction, int | None]:
    """The strictest cap of the legs' variants: the combined odds' and the return's (max_win)."""
    caps: list[Fraction] = []
    wins: list[int] = []
    for leg in legs:
        _spec, v = resolve_game(leg.game, leg.variant)
        caps.append(v.accumulator.max_odds)
        mw = v.limits_for(cur).max_win
        if mw is not None:
            wins.append(mw)
    return min(caps), (min(wins) if wins else None)


def settle_slip(session: Session, slip_id: int, now: datetime) -> bool:
    """Settle one slip if it is decided (see the module docstring); whether it was."""
    slip = session.scalars(select(Accumulator).where(Accumulator.id == slip_id).with_for_update()
                           .execution_options(populate_existing=True)).one()
    if slip.state != OPEN:
        return False
    legs = list(session.scalars(select(AccumulatorLeg).where(AccumulatorLeg.accumulator_id == slip.id)
                                .order_by(AccumulatorLeg.seq)))
    states = [leg.state for leg in legs]
    cur = slip.currency
    ledger = Ledger(session)
    cash = player_code(slip.player_id, "cash")
    if LOST in states:
        slip.state, slip.returned = LOST, 0
        ledger.transfer(f"acca-stake:{slip.id}", system_code("stakes", cur), system_code("house", cur),
                        slip.stake, "stake", now=now)
    elif OPEN in states:
        return False
    elif all(s == VOID for s in states):
        slip.state, slip.returned = VOID, slip.stake
        ledger.transfer(f"acca-refund:{slip.id}", system_code("stakes", cur), cash, slip.stake, "refund",
                        now=now)
        audit.append(session, "refund", player_id=slip.player_id, round_id=None, play_id=None,
                     amount=slip.stake, currency=cur, account="cash", ref=f"acca-refund:{slip.id}", now=now)
    else:
        cap, max_win = rules_of(legs, cur)
        odds = combined_odds((Fraction(leg.odds_cents, 100) for leg in legs if leg.state == WON), cap)
        won = payout(slip.stake, odds, max_win)
        slip.state, slip.returned = WON, won
        ledger.transfer(f"acca-stake:{slip.id}", system_code("stakes", cur), system_code("house", cur),
                        slip.stake, "stake", now=now)
        ledger.transfer(f"acca-payout:{slip.id}", system_code("house", cur), cash, won, "payout", now=now)
        audit.append(session, "win", player_id=slip.player_id, round_id=None, play_id=None,
                     amount=won, currency=cur, account="cash", ref=f"acca-payout:{slip.id}", now=now)
    slip.settled_at = now
    session.flush()
    return True
