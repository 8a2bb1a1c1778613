"""GLI-19 4.14: the player's last 50 free-spin events, newest first (``GET /api/slots/free-spins``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.store.models import Play, Player, Round


def free_spin_events(session: Session, player: Player, limit: int = 50) -> list[dict[str, Any]]:
    """The player's last ``limit`` free spins, newest first, each with its round, window, win and
    the spins it added."""
    out: list[dict[str, Any]] = []
    q = (select(Round).join(Play, Play.round_id == Round.id)
         .where(Play.player_id == player.id, Round.game == "slot", Round.state == "settled")
         .order_by(Round.id.desc()))
    for rnd in session.scalars(q.execution_options(yield_per=100)):
        spins = (rnd.outcome or {}).get("spins") or []
        free = [s for s in spins if s.get("free")]
        for n, s in reversed(list(enumerate(free, start=1))):
            out.append({"round_id": rnd.id, "variant": rnd.variant, "free_spin": n,
                        "of": len(free), "window": s["window"], "win_minor": s["win"],
                        "multiplier": s["multiplier"], "scatters": s["scatters"],
                        "awarded": s["free_spins_awarded"], "at": rnd.settled_at.isoformat()
                        if rnd.settled_at is not None else None})
            if len(out) >= limit:
                return out
    return out
