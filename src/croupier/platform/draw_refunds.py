"""A voided draw's refund, set-based (issue 20, docs/draws.md "A draw that fails"): every open
play of the draw refunded once by a fixed number of statements whatever the tickets, instead of
a few statements per play.

Each open play gets back its bets' stakes (000 §10 odds of 1, 000 §11): its bets marked
``refunded`` (returned = stake), one ledger transfer ``refund:<play>`` stakes -> the player's
cash (the key :func:`croupier.platform.rounds.refund_play` uses, so a play is never refunded by
both), the cash balance raised, a ``refund`` entry in the protection audit, and the play
``refunded`` with its refund. The round's row lock (taken by the caller) and the ``open`` status
read in the same transaction make it exactly once.

Draw tickets are always paid from cash (a bonus pays reel slots only,
:func:`croupier.platform.protection.bonus.fund_play`); a play that has a funding row all the same
is refunded by the per-play path, which returns the money where it came from.
"""

from __future__ import annotations

from datetime import datetime

import numpy as np
from sqlalchemy import exists, func, select, update
from sqlalchemy.orm import Session

from croupier.platform.draw_writes import credit_players, write_plays
from croupier.platform.ledger import system_code
from croupier.store.models import Bet, Play, Round
from croupier.store.protection_models import PlayFunding


def refund_open_plays(session: Session, rnd: Round, now: datetime) -> list[tuple[int, int, int, int]]:
    """Refund every open play of ``rnd`` (locked by the caller) except those with a funding row;
    (play, player, staked, refunded) of each play refunded, in play order."""
    conn = session.connection()
    unfunded = ~exists().where(PlayFunding.play_id == Play.id)
    rows = conn.execute(
        select(Play.id, Play.player_id, func.coalesce(func.sum(Bet.stake), 0))
        .outerjoin(Bet, Bet.play_id == Play.id)
        .where(Play.round_id == rnd.id, Play.status == "open", unfunded)
        .group_by(Play.id, Play.player_id).order_by(Play.id)).all()
    if not rows:
        return []
    plays = np.asarray([r[0] for r in rows], dtype=np.int64)
    players = np.asarray([r[1] for r in rows], dtype=np.int64)
    staked = np.asarray([r[2] for r in rows], dtype=np.int64)
    hi = int(plays[-1])
    in_round = select(Play.id).where(Play.round_id == rnd.id, Play.status == "open", Play.id <= hi,
                                     unfunded)
    conn.execute(update(Bet).where(Bet.play_id.in_(in_round))
                 .values(returned=Bet.stake, outcome="refunded")
                 .execution_options(synchronize_session=False))
    back = np.flatnonzero(staked)
    credit_players(session, rnd.id, rnd.currency, "refund", system_code("stakes", rnd.currency),
                   list(zip(plays[back].tolist(), players[back].tolist(), staked[back].tolist(),
                            strict=True)), now)
    write_plays(conn, plays.tolist(), staked.tolist(), now, status="refunded")
    return list(zip(plays.tolist(), players.tolist(), staked.tolist(), staked.tolist(), strict=True))
