"""Computer opponents (issue 22 part 3): for tests, demos and the load test. One simple bot
serves every game through the engine contract - a random legal decision, never offering or
dropping a backgammon double when anything else is legal (so matches are played out) - drawn
from the match's own seeded stream (``HMAC(server_seed, "pvp-bot:<id>:<n>")``), so a bot game replays.

A game with its own computer opponent (Belote's ``bot.py``: :attr:`~.games.MatchGame.bot`)
plays with it instead; it chooses among the same legal decisions.

They sit only where :mod:`.tables` allows (a demo table, or a money table between two computer
opponents); :func:`advance` plays their turns."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from croupier.games.base import Decision
from croupier.platform.matches import live, play
from croupier.platform.matches.games import MatchEngine, MatchGame, match_game
from croupier.platform.matches.tables import get
from croupier.rng import fair
from croupier.store.match_models import PvpMatch

#: decisions a bot leaves out when it has another
AVOID = ("double", "drop")


def random_legal(m: PvpMatch, state: Any, engine: MatchEngine) -> Decision:
    legal = engine.legal_actions(state)
    legal = [d for d in legal if d.name not in AVOID] or legal
    return legal[fair.stream(m.server_seed, f"pvp-bot:{m.id}", m.version).randbelow(len(legal))]


def choose(m: PvpMatch, state: Any, g: MatchGame) -> Decision:
    """The computer opponent's decision: the game's own bot, else a random legal one."""
    if g.bot is None:
        return random_legal(m, state, g.engine)
    return g.bot(state, g.engine.legal_actions(state))


def advance(session: Session, match_id: int, now: datetime, limit: int = 100_000) -> int:
    """Play the computer opponents' turns (at most ``limit``) until a real player is to act or
    the match ends; returns the decisions made."""
    m = get(session, match_id, lock=True)
    g = match_game(m.game)
    made = 0
    while m.status == "playing" and m.turn_seat in m.bot_seats and made < limit:
        seat = m.turn_seat
        d = choose(m, live.state_of(session, m), g)
        pid = m.creator_id if seat == 0 else m.opponent_id
        play.decide(session, m, seat, d.name, {k: v for k, v in d.args.items() if k != "seat"},
                    pid, now)
        made += 1
    return made
