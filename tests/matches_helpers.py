"""Helpers of the match-table tests: players with cash, tables created and started, bot
matches played to the end through the platform's own functions (no event loop)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from croupier.platform.ledger import Ledger, audit, player_code
from croupier.platform.matches import bots, money, play, tables
from croupier.platform.service import Platform
from croupier.store.models import Player

T0 = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def cash(p: Platform, player: Player) -> int:
    out: int = p.read(lambda s: Ledger(s).balance(player_code(player.id)))
    return out


def balance_of(p: Platform, code: str) -> int:
    def fn(s: Any) -> int:
        try:
            return Ledger(s).balance(code)
        except Exception:  # noqa: BLE001 - an account never opened holds nothing
            return 0
    return int(p.read(fn))


def escrow(p: Platform, match_id: int) -> int:
    return balance_of(p, money.escrow_code(match_id))


def ledger_total(p: Platform) -> int:
    a = p.read(audit)
    assert a.mismatched == () and a.negative_players == ()
    return a.total


def create(p: Platform, creator: Player, game: str = "chingachung", variant: str = "standard",
           stake: int = 50_000, options: dict[str, Any] | None = None, move: int | None = None,
           total: int | None = None, mode: str = "money", bot: bool = False) -> int:
    from croupier.platform.matches.games import match_game

    g = match_game(game)
    out = p.run(lambda s: tables.create(
        s, creator, game, variant, stake, options or {}, move or g.move_choices(variant)[-1],
        total or g.game_seconds[-1], T0, mode, bot))
    return int(out["id"])


def start(p: Platform, creator: Player, opponent: Player, **kw: Any) -> int:
    mid = create(p, creator, **kw)
    p.run(lambda s: tables.join(s, opponent, mid, T0, bot=kw.get("bot", False)))
    if not kw.get("bot", False):
        p.run(lambda s: tables.accept(s, creator, mid, T0))
    return mid


def play_bots(p: Platform, match_id: int, now: datetime = T0) -> dict[str, Any]:
    p.run(lambda s: bots.advance(s, match_id, now))
    out: dict[str, Any] = p.read(lambda s: play.view(s, match_id, None))
    return out


def play_humans(p: Platform, match_id: int, players: dict[int, Player], now: datetime = T0,
                limit: int = 100_000) -> dict[str, Any]:
    """Both seats played by real players through :func:`play.move`, each choosing what the
    random bot would (the seat to act's legal decisions)."""
    from croupier.platform.matches import live
    from croupier.platform.matches.games import match_game

    for _ in range(limit):
        def fn(s: Any) -> bool:
            m = tables.get(s, match_id)
            if m.status != "playing":
                return False
            d = bots.random_legal(m, live.state_of(s, m), match_game(m.game).engine)
            play.move(s, players[int(m.turn_seat)], match_id, d.name,
                      {k: v for k, v in d.args.items() if k != "seat"}, now)
            return True
        if not p.run(fn):
            break
    out: dict[str, Any] = p.read(lambda s: play.view(s, match_id, None))
    return out
