"""After every change of a match: either its next turn (whose clock starts) or its end - the
engine's settlement paid from the escrow (:mod:`.money`), the result and the full record
stored, and Lucky Spin offered to the winner of a game that has it (000 §12.12.2, end) - not on
a tournament's match, whose winner gets no money from it (his prize comes from the tournament)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from croupier.games.pvp.match import VOID
from croupier.platform.matches import clocks, money
from croupier.platform.matches.games import match_game
from croupier.platform.matches.live import TOURNEY
from croupier.store.match_models import PvpMatch


def after_change(session: Session, m: PvpMatch, state: Any, now: datetime,
                 how: str | None = None) -> None:
    engine = match_game(m.game).engine
    if engine.is_finished(state):
        finish(session, m, state, now, how)
    else:
        clocks.start_turn(m, engine.to_act(state), now)


def finish(session: Session, m: PvpMatch, state: Any, now: datetime, how: str | None) -> None:
    g = match_game(m.game)
    st = g.engine.settle(state)
    money.pay_out(session, m, st, now)
    result = state.events[-1].data if state.events and state.events[-1].type == "result" else {}
    m.winner_seat = None if state.winner in (VOID, -1) else int(state.winner)
    m.how = how or str(result.get("how", "void" if m.winner_seat is None else "won"))
    m.rake = st.rake
    m.settlement = st.to_dict()
    m.record = [e.to_dict() for e in state.events]
    m.status, m.ended_at = "done", now
    clocks.stop(m)
    if (g.lucky_spin and m.mode != TOURNEY and m.winner_seat is not None
            and m.winner_seat not in m.bot_seats):  # never on a tournament's match
        m.spin = "offered"
