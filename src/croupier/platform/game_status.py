"""Table management (issue 16, part 6): a game disabled across every table (a table's limits
changed between rounds: :mod:`.table_limits`).

**Disabling a game** (GLI-19 4.15; an operator): no table of the game opens a new round and no
new bet is taken; a round in progress finishes — its betting window is closed at once ("no more
bets": the bets already accepted stand) and it is resulted and settled as usual. Enabling it again
lets the tables open rounds. The reason is shown to players (the table's view, its WebSocket's
``game_status`` message and the refusal of a bet: ``game_disabled``).

**Single-player rounds** of a disabled game are refused too (``game_disabled``, with the reason,
nothing moved): the single-round paths (:mod:`.betpath`, :mod:`.batchbets`), a new decision round
(:mod:`.interactive`: a round in progress still takes its decisions and finishes) and so the spins
of a server autoplay series (:mod:`.autoplay` ends a running series, ``stopped_by`` ``disabled``).
These paths read the disabled games from a small in-process cache (:func:`check_single`) refreshed
every :data:`CACHE_SECONDS` and dropped at once by a change made in this process (ASSUMPTION: a
change made by another worker takes effect there within :data:`CACHE_SECONDS`).

Each change (here and in :mod:`.table_limits`) is a row (who, when, why) and an entry of the
hash-chained monitoring record (001 §5.2.10; kind ``incident``, account ``management``, the
reference naming the change and the SHA-256 of its content).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import event, select, update
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, UnknownGame
from croupier.games.registry import game as registered_game
from croupier.platform.clock import iso
from croupier.platform.errors import BettingClosed
from croupier.platform.protection import audit
from croupier.platform.rounds import add_event
from croupier.store.models import GameTable, Round
from croupier.store.table_admin_models import GameStatus


class GameDisabled(CroupierError):
    """A new round or bet of a game disabled across every table (GLI-19 4.15)."""

    code = "game_disabled"


class ReasonRequired(CroupierError, ValueError):
    code = "reason_required"


def reason_text(value: str | None, what: str, limit: int = 300) -> str:
    text = (value or "").strip()
    if not text:
        raise ReasonRequired(f"{what} needs its reason (shown to players and in the record)")
    if len(text) > limit:
        raise ReasonRequired(f"the reason is at most {limit} characters")
    return text


def record(session: Session, ref: str, content: dict[str, Any], actor: int, cur: str,
            now: datetime) -> None:
    """The change in the monitoring record: its reference and the SHA-256 of its content."""
    digest = hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":"),
                                       default=str).encode()).hexdigest()
    audit.append(session, "incident", player_id=actor, round_id=None, play_id=None, amount=0,
                 currency=cur, account="management", ref=f"{ref}:{digest}", now=now)


# -- games disabled across every table (GLI-19 4.15) ---------------------------------------------


def disabled_reason(session: Session, game: str) -> str | None:
    """Why ``game`` is disabled, or None when it may be played."""
    row = session.get(GameStatus, game)
    return (row.reason or "disabled") if row is not None and row.disabled else None


def check_open(session: Session, game: str) -> None:
    """Refuse a new round of a disabled game (:class:`GameDisabled`, with the reason)."""
    reason = disabled_reason(session, game)
    if reason is not None:
        raise GameDisabled(f"{game} is disabled: {reason}")


# -- single-player rounds: a small cache of the disabled games (the fast path stays fast) -----------

CACHE_SECONDS = 1.0
_cache_lock = threading.Lock()
_cache: dict[str, tuple[float, dict[str, str]]] = {}  # database URL -> (loaded at, game -> reason)


def _db_key(session: Session) -> str:
    return str(session.get_bind().engine.url)


def forget_disabled() -> None:
    """Drop the cache (a change was made in this process): the next round reads the table."""
    with _cache_lock:
        _cache.clear()


def disabled_games(session: Session) -> dict[str, str]:
    """The games disabled now (game -> reason), read at most every :data:`CACHE_SECONDS`."""
    key, now = _db_key(session), time.monotonic()
    with _cache_lock:
        hit = _cache.get(key)
    if hit is not None and now - hit[0] < CACHE_SECONDS:
        return hit[1]
    rows = session.execute(select(GameStatus.game, GameStatus.reason)
                           .where(GameStatus.disabled.is_(True))).all()
    games = {str(g): (r or "disabled") for g, r in rows}
    with _cache_lock:
        _cache[key] = (now, games)
    return games


def check_single(session: Session, game: str) -> None:
    """Refuse a single-player round of a disabled game (:class:`GameDisabled`; GLI-19 4.15)."""
    reason = disabled_games(session).get(game)
    if reason is not None:
        raise GameDisabled(f"{game} is disabled: {reason}")


def game_view(session: Session, game: str) -> dict[str, Any]:
    row = session.get(GameStatus, game)
    disabled = bool(row is not None and row.disabled)
    return {"game": game, "disabled": disabled, "reason": row.reason if row and disabled else None,
            "changed_at": iso(row.changed_at) if row else None}


@dataclass(frozen=True, slots=True)
class GameChange:
    """A game's new status and the rounds whose betting it closed (to announce)."""

    game: str
    disabled: bool
    reason: str | None
    tables: list[str]
    closed: list[tuple[str, int]]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "disabled": self.disabled, "reason": self.reason,
                "tables": self.tables,
                "closed_rounds": [{"table_id": t, "round_id": r} for t, r in self.closed]}


def set_game(session: Session, game: str, disabled: bool, reason: str | None, actor: int,
             now: datetime) -> GameChange:
    """Disable (with the reason shown to players) or enable a game on every table and for its
    single-player rounds (a game without a table: a slot, an RNG game played alone)."""
    tables = list(session.scalars(select(GameTable.id).where(GameTable.game == game)
                                  .order_by(GameTable.id)))
    if not tables:
        try:
            registered_game(game)
        except UnknownGame:
            raise UnknownGame(f"no game or table plays {game!r}") from None
    text = reason_text(reason, "disabling a game") if disabled else (reason or "").strip() or None
    row = session.get(GameStatus, game)
    if row is None:
        row = GameStatus(game=game, disabled=disabled, reason=text, changed_by=actor,
                         changed_at=now)
        session.add(row)
    row.disabled, row.reason, row.changed_by, row.changed_at = disabled, text, actor, now
    closed: list[tuple[str, int]] = []
    if disabled:  # rounds in progress finish: the bets accepted stand, no new one is taken
        for rnd in session.scalars(select(Round).where(Round.table_id.in_(tables),
                                                       Round.state == "open")).all():
            res = session.execute(update(Round).where(Round.id == rnd.id, Round.state == "open")
                                  .values(state="closed", closed_at=now)
                                  .execution_options(synchronize_session=False))
            if getattr(res, "rowcount", 0) == 1:
                add_event(session, rnd.id, "no_more_bets", {"game_disabled": text}, now)
                closed.append((str(rnd.table_id), rnd.id))
    session.flush()
    forget_disabled()  # now, and again once committed (a round in between read the old state)
    event.listen(session, "after_commit", lambda _s: forget_disabled(), once=True)
    cur = (session.scalar(select(GameTable.currency).where(GameTable.id == tables[0]))
           if tables else None) or "EUR"
    record(session, f"game_{'disabled' if disabled else 'enabled'}:{game}",
            {"game": game, "disabled": disabled, "reason": text, "by": actor, "at": iso(now)},
            actor, cur, now)
    return GameChange(game, disabled, text, tables, closed)


def refusal(session: Session, table_id: str) -> CroupierError:
    """Why a bet finds no open round: the game is disabled (with its reason), else "no more
    bets". Read only on the refusal path: the bet path itself is unchanged."""
    game = session.scalar(select(GameTable.game).where(GameTable.id == table_id))
    reason = disabled_reason(session, str(game)) if game is not None else None
    if reason is not None:
        return GameDisabled(f"{game} is disabled: {reason}")
    return BettingClosed("no more bets: wait for the next betting window")
