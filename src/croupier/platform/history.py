"""Games History (000 §10: a bet is accepted once it appears here) and round recall."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.describe import view_of
from croupier.money import currency
from croupier.platform.clock import iso
from croupier.platform.errors import NotFound
from croupier.platform.rounds import play_bets
from croupier.store.accumulator_models import Accumulator, AccumulatorLeg
from croupier.store.models import Play, Player, Round, SeedPairRow


def _item(rnd: Round, p: Play) -> dict[str, Any]:
    returned = p.returned_total
    return {
        "round_id": rnd.id, "kind": rnd.kind, "table_id": rnd.table_id, "game": rnd.game,
        "variant": rnd.variant, "state": rnd.state, "currency": p.currency,
        "stake_minor": p.stake_total, "returned_minor": returned,
        "net_minor": None if returned is None else returned - p.stake_total,
        "outcome": rnd.outcome if rnd.state in ("resulted", "settled", "voided") else None,
        "display": (view_of(rnd.game, rnd.variant, rnd.outcome)  # issue 14
                    if rnd.state in ("resulted", "settled", "voided") else None),
        "created_at": iso(p.created_at), "settled_at": iso(p.settled_at),
    }


def history(session: Session, player: Player, limit: int = 50, before: int | None = None) -> list[dict[str, Any]]:
    limit = max(1, min(limit, 200))
    q = (select(Round, Play).join(Play, Play.round_id == Round.id)
         .where(Play.player_id == player.id))
    if before is not None:
        q = q.where(Round.id < before)
    rows = session.execute(q.order_by(Round.id.desc()).limit(limit)).all()
    return [_item(r, p) for r, p in rows]


def recall(session: Session, player: Player, round_id: int) -> dict[str, Any]:
    """One round as the player played it; another player's round is not found (not forbidden:
    its existence is not disclosed)."""
    row = session.execute(select(Round, Play).join(Play, Play.round_id == Round.id).where(
        Round.id == round_id, Play.player_id == player.id)).one_or_none()
    if row is None:
        raise NotFound(f"no round {round_id} in your games history")
    rnd, p = row
    bets = [{"code": b.code, "target": b.target, "stake_minor": b.stake,
             "returned_minor": b.returned, "outcome": b.outcome,
             "carried_in": b.carried_from is not None} for b in play_bets(session, p.id)]
    server_seed: str | None = None
    if rnd.fair_scheme == "player_seed_pair" and rnd.seed_pair_id is not None:
        pair = session.get(SeedPairRow, rnd.seed_pair_id)
        if pair is not None and pair.revealed_at is not None:
            server_seed = pair.server_seed
    elif rnd.state in ("resulted", "settled") or (rnd.state == "voided" and rnd.draws):
        server_seed = rnd.server_seed
    out = _item(rnd, p)
    out.update({
        "currency_exponent": currency(p.currency).exponent,
        "bets": bets, "events": p.events or [], "void_reason": rnd.void_reason,
        "accumulator_legs": _legs(session, player, rnd.id),
        "fairness": {"scheme": rnd.fair_scheme, "server_seed_hash": rnd.server_seed_hash,
                     "client_seed": rnd.client_seed, "nonce": rnd.nonce,
                     "server_seed": server_seed},
    })
    return out


def _legs(session: Session, player: Player, round_id: int) -> list[dict[str, Any]]:
    """The player's accumulator legs on a virtual event (issue 23): the slip's stake is one
    transfer for all its legs, so the event's play shows no stake and each leg is listed here."""
    rows = session.execute(select(AccumulatorLeg, Accumulator).join(
        Accumulator, Accumulator.id == AccumulatorLeg.accumulator_id).where(
        AccumulatorLeg.round_id == round_id, Accumulator.player_id == player.id)
        .order_by(AccumulatorLeg.id)).all()
    return [{"accumulator_id": a.id, "leg": leg.seq + 1, "code": leg.code, "target": leg.target,
             "odds": f"{leg.odds_cents // 100}.{leg.odds_cents % 100:02d}", "state": leg.state,
             "slip_state": a.state, "slip_stake_minor": a.stake, "slip_returned_minor": a.returned}
            for leg, a in rows]
