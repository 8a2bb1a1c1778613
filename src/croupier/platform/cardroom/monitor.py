"""Collusion-relevant facts of each hand (issue 21 part 4), for the monitoring record.

* Who sat with whom: ``cardroom_hand_players`` (every hand's players and seats) is the record;
  :func:`pairs` counts the hands two players played together.
* Chip transfers by folding: a player who folded lost the chips he had put in to the hand's
  winners; :func:`fold_transfers` splits each folder's loss between the winners in proportion
  to what they won (floor; the odd units to the biggest winner, so the split adds up exactly),
  stored as ``fold_transfer`` facts (folder -> winner, amount)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, aliased

from croupier.games.base import BetResult
from croupier.store.cardroom_models import CardroomFact, CardroomHandPlayer


def fold_transfers(folded: Mapping[int, bool], results: tuple[BetResult, ...]) -> list[tuple[int, int, int]]:
    """``(folder seat, winner seat, amount)`` for every folder's lost chips and every winner."""
    gains = {int(r.bet_id): r.returned - r.stake for r in results if r.returned > r.stake}
    total = sum(gains.values())
    out: list[tuple[int, int, int]] = []
    if total <= 0:
        return out
    top = max(gains, key=lambda s: (gains[s], -s))
    for r in results:
        seat = int(r.bet_id)
        lost = r.stake - r.returned
        if not folded.get(seat) or lost <= 0:
            continue
        parts = {w: lost * g // total for w, g in gains.items()}
        parts[top] += lost - sum(parts.values())
        out.extend((seat, w, a) for w, a in sorted(parts.items()) if a > 0)
    return out


def record(session: Session, hand_id: int, seat_players: Mapping[int, int],
           folded: Mapping[int, bool], results: tuple[BetResult, ...], now: datetime) -> int:
    facts = fold_transfers(folded, results)
    for f, w, amount in facts:
        session.add(CardroomFact(hand_id=hand_id, kind="fold_transfer", player_id=seat_players[f],
                                 other_id=seat_players[w], amount=amount, created_at=now))
    return len(facts)


def pairs(session: Session, player_id: int) -> list[dict[str, Any]]:
    """The players ``player_id`` sat with: hands together, and fold transfers both ways."""
    me = aliased(CardroomHandPlayer)
    other = aliased(CardroomHandPlayer)
    together = dict(session.execute(
        select(other.player_id, func.count()).join(me, me.hand_id == other.hand_id)
        .where(me.player_id == player_id, other.player_id != player_id)
        .group_by(other.player_id)).all())
    gave = dict(session.execute(select(CardroomFact.other_id, func.sum(CardroomFact.amount)).where(
        CardroomFact.player_id == player_id, CardroomFact.kind == "fold_transfer")
        .group_by(CardroomFact.other_id)).all())
    got = dict(session.execute(select(CardroomFact.player_id, func.sum(CardroomFact.amount)).where(
        CardroomFact.other_id == player_id, CardroomFact.kind == "fold_transfer")
        .group_by(CardroomFact.player_id)).all())
    return [{"player_id": int(o), "hands_together": int(n),
             "folded_to_them_minor": int(gave.get(o, 0) or 0),
             "they_folded_to_me_minor": int(got.get(o, 0) or 0)}
            for o, n in sorted(together.items())]
