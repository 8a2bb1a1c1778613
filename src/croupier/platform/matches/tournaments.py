"""Knock-out tournaments of the match games (issue 22: "Tournaments are excluded from rake";
docs/pvp_matches.md "Tournaments").

An operator files one: a game and variant with its table options and clocks, a bracket of 2, 4,
8 or 16 seats, a buy-in and a fee (both in minor units), a prize table (shares by place: the
operator's, or ``variants/pvp_tournament/prizes.toml``'s for the size - ASSUMPTION, 000 gives
none) and whether it starts when full (a sit-and-go) or when he starts it.

* **Register** (before the start): the buy-in and the fee held in the tournament's pool
  (:mod:`.tournament_money`); refused precisely - ``already_registered``, ``tournament_full``,
  ``tournament_started``, ``insufficient_funds`` - with nothing moved. **Unregister** before
  the start refunds exactly both; after it: ``tournament_started``.
* **Start** (full, or the operator with at least 2 entrants; byes fill the rest): the fees go to
  the house, the bracket is drawn from the tournament's seed (:mod:`.bracket`), its matches are
  played on the match machinery with no rake and no Lucky Spin.
* **Cancel** (the operator, before the start): every entry refunded exactly.
* Computer opponents (issue 22 part 3) register only where every entrant is one: a bot never
  plays a real player for money (:class:`~.errors.BotNotAllowed`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import VariantError
from croupier.games.pvp import knockout
from croupier.platform.clock import iso
from croupier.platform.errors import NotFound
from croupier.platform.matches import bracket, tournament_money
from croupier.platform.matches.errors import (
    AlreadyRegistered,
    BotNotAllowed,
    MatchState,
    NotRegistered,
    TournamentFull,
    TournamentStarted,
    UnknownOption,
)
from croupier.platform.matches.games import match_game, variant_of
from croupier.platform.matches.live import setup_record
from croupier.rng import fair
from croupier.store.match_models import PvpMatch, PvpTournament, PvpTournamentEntry
from croupier.store.models import Player

#: an entry's states: paid in and waiting, refunded, in the bracket, knocked out
REGISTERED, WITHDRAWN, PLAYING, OUT = "registered", "withdrawn", "playing", "out"


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    name: str
    game: str
    variant: str
    currency: str
    buy_in: int
    fee: int
    seats: int
    move_seconds: int
    game_seconds: int
    options: Mapping[str, Any] = field(default_factory=dict)
    #: shares of the pool by place (None: the prize table of the data for ``seats``)
    prizes: Sequence[Fraction] | None = None
    autostart: bool = True


def _check(spec: TournamentSpec) -> tuple[Fraction, ...]:
    if not spec.name.strip() or len(spec.name) > 60:
        raise VariantError("a tournament's name is 1 to 60 characters")
    for what, amount, least in (("buy-in", spec.buy_in, 1), ("fee", spec.fee, 0)):
        if type(amount) is not int or amount < least or amount > 2**62:
            raise VariantError(f"the {what} is a whole number of minor units >= {least}, got {amount!r}")
    prizes = tuple(spec.prizes) if spec.prizes is not None else knockout.default_prizes(spec.seats)
    knockout.check_prizes(spec.seats, prizes)
    g = match_game(spec.game)
    if spec.move_seconds not in g.move_choices(spec.variant):
        raise UnknownOption(f"{g.name} {spec.variant}: the move time is one of "
                            f"{', '.join(map(str, g.move_choices(spec.variant)))} s ({g.clause})")
    if spec.game_seconds not in g.game_seconds:
        raise UnknownOption(f"{g.name}: the game time is one of "
                            f"{', '.join(map(str, g.game_seconds))} s ({g.clause})")
    return prizes


def create(session: Session, spec: TournamentSpec, operator_id: int | None,
           now: datetime) -> dict[str, Any]:
    """File a tournament (its options checked by the engine itself, with the buy-in as the
    matches' nominal stake)."""
    prizes = _check(spec)
    g = match_game(spec.game)
    v = variant_of(g, spec.variant)
    options = g.options(v)
    for key, value in spec.options.items():
        if key not in options or type(value) is not type(options[key]):
            raise UnknownOption(f"{g.name} has no table option {key!r} of that type; its options: "
                                f"{', '.join(sorted(options)) or 'none'}")
        options[key] = value
    seed = fair.new_server_seed()
    t = PvpTournament(name=spec.name.strip(), game=spec.game, variant=spec.variant,
                      currency=spec.currency, buy_in=spec.buy_in, fee=spec.fee, seats=spec.seats,
                      prizes=[str(x) for x in prizes], options=options,
                      move_ms=spec.move_seconds * 1000, game_ms=spec.game_seconds * 1000,
                      autostart=spec.autostart, status="registering", server_seed=seed,
                      server_seed_hash=fair.commitment(seed), created_by=operator_id,
                      created_at=now, started_at=None, ended_at=None)
    probe = PvpMatch(mode="tourney", options=options, stake=spec.buy_in)
    g.engine.start(v, g.setup_of(setup_record(probe)), spec.currency)  # the engine's checks
    session.add(t)
    session.flush()
    tournament_money.open_pool(session, t)
    return view(session, t.id)


def get(session: Session, tournament_id: int, lock: bool = False) -> PvpTournament:
    q = select(PvpTournament).where(PvpTournament.id == tournament_id)
    t = session.scalars(q.with_for_update() if lock else q).one_or_none()
    if t is None:
        raise NotFound(f"no tournament {tournament_id}")
    return t


def entries(session: Session, tournament_id: int, *states: str) -> list[PvpTournamentEntry]:
    q = select(PvpTournamentEntry).where(PvpTournamentEntry.tournament_id == tournament_id)
    if states:
        q = q.where(PvpTournamentEntry.status.in_(states))
    return list(session.scalars(q.order_by(PvpTournamentEntry.id)))


def _open(t: PvpTournament, what: str) -> None:
    if t.status != "registering":
        raise TournamentStarted(f"tournament {t.id} is {t.status}: {what} only before it starts")


def register(session: Session, player: Player, tournament_id: int, now: datetime,
             bot: bool = False) -> dict[str, Any]:
    t = get(session, tournament_id, lock=True)
    _open(t, "registration is open")
    if player.currency != t.currency:
        raise MatchState(f"tournament {t.id} plays in {t.currency}, your account is in {player.currency}")
    current = entries(session, t.id, REGISTERED)
    if any(e.player_id == player.id for e in current):
        raise AlreadyRegistered(f"you are registered for tournament {t.id} already")
    if len(current) >= t.seats:
        raise TournamentFull(f"tournament {t.id} has all its {t.seats} seats taken")
    if current and any(e.bot != bot for e in current):
        raise BotNotAllowed("a computer opponent plays in a tournament only against other "
                            "computer opponents, never a real player for money (issue 22)")
    e = PvpTournamentEntry(tournament_id=t.id, player_id=player.id, bot=bot, status=REGISTERED,
                           place=None, prize=0, registered_at=now)
    session.add(e)
    session.flush()
    tournament_money.pay_in(session, t, e, now)
    if t.autostart and len(current) + 1 == t.seats:
        start(session, t.id, now)
    return view(session, t.id)


def unregister(session: Session, player: Player, tournament_id: int, now: datetime) -> dict[str, Any]:
    t = get(session, tournament_id, lock=True)
    _open(t, "unregistering is possible")
    mine = [e for e in entries(session, t.id, REGISTERED) if e.player_id == player.id]
    if not mine:
        raise NotRegistered(f"you are not registered for tournament {t.id}")
    tournament_money.refund(session, t, mine[0], now)
    mine[0].status = WITHDRAWN
    return view(session, t.id)


def start(session: Session, tournament_id: int, now: datetime) -> dict[str, Any]:
    """Close the entries, take the fees, draw the bracket and start its first matches."""
    t = get(session, tournament_id, lock=True)
    _open(t, "starting is possible")
    field_ = entries(session, t.id, REGISTERED)
    if len(field_) < 2:
        raise MatchState(f"tournament {t.id} has {len(field_)} entrant(s): it starts with 2 or more")
    tournament_money.take_fees(session, t, len(field_), now)
    for e in field_:
        e.status = PLAYING
    t.status, t.started_at = "running", now
    bracket.draw(session, t, field_, now)
    return view(session, t.id)


def cancel(session: Session, tournament_id: int, now: datetime) -> dict[str, Any]:
    """The operator calls a tournament off before its start: every entry refunded exactly."""
    t = get(session, tournament_id, lock=True)
    _open(t, "cancelling is possible")
    for e in entries(session, t.id, REGISTERED):
        tournament_money.refund(session, t, e, now)
        e.status = WITHDRAWN
    t.status, t.ended_at = "cancelled", now
    return view(session, t.id)


def row(t: PvpTournament) -> dict[str, Any]:
    return {"id": t.id, "name": t.name, "game": t.game, "variant": t.variant,
            "currency": t.currency, "buy_in_minor": t.buy_in, "fee_minor": t.fee,
            "seats": t.seats, "prizes": list(t.prizes), "options": dict(t.options),
            "move_seconds": t.move_ms // 1000, "game_seconds": t.game_ms // 1000,
            "autostart": t.autostart, "status": t.status, "server_seed_hash": t.server_seed_hash,
            "created_at": iso(t.created_at), "started_at": iso(t.started_at),
            "ended_at": iso(t.ended_at), "rake_minor": 0}


def lobby(session: Session, status: str | None = None) -> list[dict[str, Any]]:
    q = select(PvpTournament).order_by(PvpTournament.id.desc())
    if status is not None:
        q = q.where(PvpTournament.status == status)
    out = []
    for t in session.scalars(q.limit(200)):
        r = row(t)
        r["registered"] = len(entries(session, t.id, REGISTERED, PLAYING, OUT))
        out.append(r)
    return out


def view(session: Session, tournament_id: int) -> dict[str, Any]:
    """The tournament, its entrants (places and prizes at the end), the prize pool and each
    place's prize, and the bracket (every pairing with its match)."""
    t = get(session, tournament_id)
    es = entries(session, t.id, REGISTERED, PLAYING, OUT)
    names = dict(session.execute(select(Player.id, Player.login).where(
        Player.id.in_([e.player_id for e in es]))).all()) if es else {}
    out = row(t)
    out["entries"] = [{"entry_id": e.id, "player_id": e.player_id, "name": names.get(e.player_id),
                       "bot": e.bot, "status": e.status, "place": e.place, "prize_minor": e.prize}
                      for e in es]
    out["registered"] = len(es)
    pool = t.buy_in * len(es)
    out["prize_pool_minor"] = pool
    field_ = max(2, len(es))  # before the start: as if it started now
    out["prize_by_place"] = {str(k): v for k, v in sorted(knockout.prizes_by_place(
        pool, [Fraction(x) for x in t.prizes], field_).items())}
    out["bracket"] = bracket.view(session, t)
    if t.status == "finished":
        out["server_seed"] = t.server_seed
    return out
