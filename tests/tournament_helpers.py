"""Helpers of the match-tournament tests: a tournament filed, its matches played to the end
through the platform's own functions (computer opponents, or players who resign), and the
money of the tournament read from the ledger."""

from __future__ import annotations

from typing import Any

from croupier.platform.matches import bots, bracket, play, tournament_money, tournaments
from croupier.platform.service import Platform
from croupier.store.match_models import PvpMatch
from croupier.store.models import Player
from tests.matches_helpers import T0, balance_of


def spec(**kw: Any) -> tournaments.TournamentSpec:
    base: dict[str, Any] = {"name": "KO", "game": "chingachung", "variant": "standard",
                            "currency": "AMD", "buy_in": 1_001, "fee": 99, "seats": 4,
                            "move_seconds": 30, "game_seconds": 300}
    base.update(kw)
    return tournaments.TournamentSpec(**base)


def file(p: Platform, **kw: Any) -> int:
    return int(p.run(lambda s: tournaments.create(s, spec(**kw), None, T0))["id"])


def view(p: Platform, tid: int) -> dict[str, Any]:
    out: dict[str, Any] = p.read(lambda s: tournaments.view(s, tid))
    return out


def register(p: Platform, player: Player, tid: int, bot: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = p.run(lambda s: tournaments.register(s, player, tid, T0, bot))
    return out


def pool(p: Platform, tid: int) -> int:
    return balance_of(p, tournament_money.pool_code(tid))


def playing(p: Platform, tid: int) -> list[int]:
    return [g["match_id"] for g in view(p, tid)["bracket"]
            if g["match_status"] == "playing" and g["winner_entry"] is None]


def run_bots(p: Platform, tid: int, limit: int = 200) -> dict[str, Any]:
    """Every match of the bracket played by the computer opponents, the bracket advanced after
    each, until the tournament is over."""
    for _ in range(limit):
        mids = playing(p, tid)
        if not mids:
            break
        for mid in mids:
            p.run(lambda s, m=mid: bots.advance(s, m, T0))
            p.run(lambda s, m=mid: bracket.after_match(s, m, T0))
    return view(p, tid)


def run_resigning(p: Platform, tid: int, players: dict[int, Player], loser_seat: Any,
                  limit: int = 100) -> dict[str, Any]:
    """Every match decided by a resignation: ``loser_seat(match_id)`` (0 or 1) resigns."""
    for _ in range(limit):
        mids = playing(p, tid)
        if not mids:
            break
        for mid in mids:
            m = p.read(lambda s, m=mid: s.get(PvpMatch, m))
            seat = loser_seat(mid)
            who = players[m.creator_id if seat == 0 else m.opponent_id]
            p.run(lambda s, m=mid, w=who: play.resign(s, w, m, T0))
            p.run(lambda s, m=mid: bracket.after_match(s, m, T0))
    return view(p, tid)
