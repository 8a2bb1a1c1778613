"""A match tournament's bracket on the match machinery (issue 22; docs/pvp_matches.md
"Tournaments").

* The draw: the entrants in the order of ``HMAC(server_seed, "ptour-draw:<id>")``'s shuffle
  (:func:`croupier.games.pvp.knockout.draw`; the seed's hash is published when the tournament is
  filed, the seed once it is over). A bye wins its pairing at once (``how`` ``bye``).
* Each pairing is an ordinary match (:func:`.tables.start_pairing`, mode ``tourney``: no rake,
  no money, no Lucky Spin): its clocks, time-outs and resignations decide it as at a table - the
  opponent of a player who times out or resigns goes through.
* A drawn or voided match is played again (ASSUMPTION): at most :data:`MAX_ATTEMPTS` matches,
  then the lot decides (``HMAC(server_seed, "ptour-lot:<id>:<round>:<slot>")``, ``how`` ``lot``).
* When both pairings feeding the next one are decided, it starts; when the final is decided the
  places are set (:func:`~croupier.games.pvp.knockout.place_groups`), each prize paid from the
  pool (:func:`~croupier.games.pvp.knockout.prizes_by_place`) and the tournament is finished.

:func:`advance` is idempotent: the API calls it after a move or resignation in a tournament's
match, the ticker on every pass (so a time-out or a computer opponent's last move goes through).
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.pvp import knockout
from croupier.platform.matches import tables, tournament_money
from croupier.rng import fair
from croupier.store.match_models import (
    PvpMatch,
    PvpTournament,
    PvpTournamentEntry,
    PvpTournamentGame,
)

#: matches a pairing plays before the lot decides a run of draws and voids (ASSUMPTION)
MAX_ATTEMPTS = 3


def _games(session: Session, tournament_id: int) -> list[PvpTournamentGame]:
    return list(session.scalars(select(PvpTournamentGame).where(
        PvpTournamentGame.tournament_id == tournament_id)
        .order_by(PvpTournamentGame.rnd, PvpTournamentGame.slot)))


def _entries(session: Session, tournament_id: int) -> dict[int, PvpTournamentEntry]:
    return {e.id: e for e in session.scalars(select(PvpTournamentEntry).where(
        PvpTournamentEntry.tournament_id == tournament_id))}


def _play(session: Session, t: PvpTournament, g: PvpTournamentGame,
          es: dict[int, PvpTournamentEntry], now: datetime) -> None:
    """Start the pairing's next match (the first-named entry is seat 0)."""
    if g.entry_b is None:
        g.winner_entry, g.how = g.entry_a, "bye"
        return
    a, b = es[g.entry_a], es[g.entry_b]
    bots = [seat for seat, e in enumerate((a, b)) if e.bot]
    m = tables.start_pairing(session, t.game, t.variant, t.currency, t.buy_in, t.options,
                             t.move_ms, t.game_ms, (a.player_id, b.player_id), bots, now)
    g.match_id, g.attempts = m.id, g.attempts + 1


def draw(session: Session, t: PvpTournament, field: list[PvpTournamentEntry], now: datetime) -> None:
    size = knockout.bracket_size(len(field))
    rng = fair.stream(t.server_seed, f"ptour-draw:{t.id}", 0)
    es = {e.id: e for e in field}
    for slot, (a, b) in enumerate(knockout.draw([e.id for e in field], size, rng)):
        g = PvpTournamentGame(tournament_id=t.id, rnd=0, slot=slot, entry_a=a, entry_b=b,
                              match_id=None, attempts=0, winner_entry=None, how=None)
        session.add(g)
        _play(session, t, g, es, now)
    session.flush()
    advance(session, t.id, now)


def _decide(session: Session, t: PvpTournament, g: PvpTournamentGame,
            es: dict[int, PvpTournamentEntry], now: datetime) -> None:
    m = session.get(PvpMatch, g.match_id)
    if m is None or m.status != "done":
        return
    if m.winner_seat is not None:
        g.winner_entry = g.entry_a if m.winner_seat == 0 else g.entry_b
        g.how = m.how or "won"
    elif g.attempts < MAX_ATTEMPTS:
        _play(session, t, g, es, now)  # a draw or a void: played again
    else:
        lot = fair.stream(t.server_seed, f"ptour-lot:{t.id}:{g.rnd}:{g.slot}", 0).randbelow(2)
        g.winner_entry, g.how = (g.entry_a, g.entry_b)[lot], "lot"


def advance(session: Session, tournament_id: int, now: datetime) -> bool:
    """Decide the pairings whose match ended, start the next round's, finish the tournament
    after its final. Returns whether anything changed."""
    t = session.scalars(select(PvpTournament).where(PvpTournament.id == tournament_id)
                        .with_for_update()).one()
    if t.status != "running":
        return False
    es = _entries(session, t.id)
    changed = False
    while True:
        games = _games(session, t.id)
        rounds = knockout.check_size(2 * sum(1 for g in games if g.rnd == 0))
        for g in games:
            if g.winner_entry is None and g.match_id is not None:
                before = g.match_id
                _decide(session, t, g, es, now)
                changed |= g.winner_entry is not None or g.match_id != before
        by = {(g.rnd, g.slot): g for g in games}
        new = False
        for g in games:
            if g.winner_entry is None or g.slot % 2 or g.rnd + 1 >= rounds:
                continue
            other = by.get((g.rnd, g.slot + 1))
            if other is None or other.winner_entry is None or (g.rnd + 1, g.slot // 2) in by:
                continue
            nxt = PvpTournamentGame(tournament_id=t.id, rnd=g.rnd + 1, slot=g.slot // 2,
                                    entry_a=g.winner_entry, entry_b=other.winner_entry,
                                    match_id=None, attempts=0, winner_entry=None, how=None)
            session.add(nxt)
            _play(session, t, nxt, es, now)
            session.flush()
            new = changed = True
        final = by.get((rounds - 1, 0))
        if final is not None and final.winner_entry is not None:
            _finish(session, t, games, es, now)
            return True
        if not new:
            return changed


def _finish(session: Session, t: PvpTournament, games: list[PvpTournamentGame],
            es: dict[int, PvpTournamentEntry], now: datetime) -> None:
    field = [e for e in es.values() if e.status in ("playing", "out")]
    size = knockout.bracket_size(len(field))
    groups = knockout.place_groups(size, len(field))
    for g in games:
        if g.entry_b is None or g.winner_entry is None:
            continue
        loser = es[g.entry_b if g.winner_entry == g.entry_a else g.entry_a]
        loser.place, loser.status = groups[g.rnd][0], "out"
    final = max(games, key=lambda g: g.rnd)
    champion = es[final.winner_entry or final.entry_a]
    champion.place = 1
    prizes = knockout.prizes_by_place(t.buy_in * len(field), [Fraction(x) for x in t.prizes],
                                      len(field))
    for e in field:
        e.prize = prizes[e.place or 1]
        tournament_money.pay_prize(session, t, e, now)
    t.status, t.ended_at = "finished", now


def after_match(session: Session, match_id: int, now: datetime) -> bool:
    """Advance the tournament a match belongs to (nothing for a table's match)."""
    tid = session.scalar(select(PvpTournamentGame.tournament_id).where(
        PvpTournamentGame.match_id == match_id))
    return False if tid is None else advance(session, int(tid), now)


def sweep(session: Session, now: datetime) -> list[int]:
    """Advance every running tournament (the ticker's pass); the ids that changed."""
    ids = session.scalars(select(PvpTournament.id).where(PvpTournament.status == "running")).all()
    return [int(i) for i in ids if advance(session, int(i), now)]


def view(session: Session, t: PvpTournament) -> list[dict[str, Any]]:
    games = _games(session, t.id)
    es = _entries(session, t.id)
    matches = {m.id: m for m in session.scalars(select(PvpMatch).where(
        PvpMatch.id.in_([g.match_id for g in games if g.match_id is not None])))} if games else {}

    def who(entry_id: int | None) -> int | None:
        return None if entry_id is None else es[entry_id].player_id

    out = []
    for g in games:
        m = matches.get(g.match_id) if g.match_id is not None else None
        out.append({"round": g.rnd, "slot": g.slot, "entry_a": g.entry_a, "entry_b": g.entry_b,
                    "player_a": who(g.entry_a), "player_b": who(g.entry_b),
                    "match_id": g.match_id, "match_status": None if m is None else m.status,
                    "attempts": g.attempts, "winner_entry": g.winner_entry,
                    "winner_player": who(g.winner_entry), "how": g.how})
    return out
