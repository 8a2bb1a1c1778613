"""Slot autoplay run by the server (001 §6.6): a series of spins at one bet, each debited and
settled on its own (each a decision round that collects its win, 001 §6.7.1), until

(a) the set number of spins is done; (b) the account being debited cannot pay the next spin
(``InsufficientFunds``: cash or bonus, 001 §6.8.5); (c) the player stops it (``stop()`` is asked
before every spin); and the stops players expect: the series' loss reaches a limit, one round wins
at least a set amount, or a round triggers free spins.

Every spin is its own unit of work (a crash loses at most the spin in progress, which the decision
round's record recovers); the summary gives the elapsed time (the platform clock) and the net
position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from croupier.errors import InvalidBet
from croupier.platform import interactive
from croupier.platform.errors import InsufficientFunds
from croupier.platform.rounds import SlipBet
from croupier.platform.service import Platform
from croupier.store.models import Player

MAX_SPINS = 1000  # ASSUMPTION: 001 §6.6 sets no maximum; one request runs at most this many


@dataclass(frozen=True)
class AutoplayRules:
    spins: int                          # 001 §6.6 (a)
    loss_limit: int | None = None       # stop once the series has lost this much (minor units)
    single_win: int | None = None       # stop after a round returning at least this much
    stop_on_free_spins: bool = False    # stop after a round with free spins

    def __post_init__(self) -> None:
        if not 1 <= self.spins <= MAX_SPINS:
            raise InvalidBet(f"autoplay runs 1 to {MAX_SPINS} spins, not {self.spins}")
        for name in ("loss_limit", "single_win"):
            v = getattr(self, name)
            if v is not None and v <= 0:
                raise InvalidBet(f"an autoplay {name.replace('_', ' ')} must be positive, got {v}")


@dataclass
class AutoplayResult:
    rounds: list[int] = field(default_factory=list)
    stake: int = 0
    returned: int = 0
    reason: str = "count"
    elapsed_seconds: float = 0.0
    last: dict[str, Any] | None = None

    @property
    def net(self) -> int:
        return self.returned - self.stake

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "spins": len(self.rounds), "stake_minor": self.stake,
                "returned_minor": self.returned, "net_minor": self.net, "stopped_by": self.reason,
                "elapsed_seconds": self.elapsed_seconds}


def _collect(player: Player, round_id: int, p: Platform,
             seconds: float) -> Callable[[Session], dict[str, Any]]:
    return lambda s: interactive.act(s, player, round_id, "collect", None, p.clock(), seconds)


def run_autoplay(p: Platform, player: Player, game: str, variant: str, slip: Sequence[SlipBet],
                 rules: AutoplayRules, seconds: float,
                 stop: Callable[[], bool] = lambda: False) -> AutoplayResult:
    out = AutoplayResult()
    started = p.clock()
    for _ in range(rules.spins):
        if stop():
            out.reason = "player"
            break
        try:
            view = p.run(lambda s: interactive.start(s, player, game, variant, slip, p.clock(),
                                                     seconds))
        except InsufficientFunds:
            out.reason = "funds"
            break
        if view["state"] == "open":  # a win waits for collect or gamble: autoplay collects
            view = p.run(_collect(player, int(view["round_id"]), p, seconds))
        out.rounds.append(int(view["round_id"]))
        out.stake += int(view["stake_minor"])
        returned = int(view["returned_minor"] or 0)
        out.returned += returned
        out.last = view
        table = view.get("table") or {}
        if rules.single_win is not None and returned >= rules.single_win:
            out.reason = "single_win"
            break
        if rules.loss_limit is not None and -out.net >= rules.loss_limit:
            out.reason = "loss_limit"
            break
        if rules.stop_on_free_spins and int(table.get("free_spins", 0)) > 0:
            out.reason = "free_spins"
            break
    out.elapsed_seconds = (p.clock() - started).total_seconds()
    return out


def free_spin_events(session: Session, player: Player, limit: int = 50) -> list[dict[str, Any]]:
    """The player's last ``limit`` free spins, newest first (GLI-19 4.14: the last 50 free-spin
    events can be recalled), each with its round, window, win and the spins it added."""
    from sqlalchemy import select

    from croupier.store.models import Play, Round

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
