"""Knock-out tournaments of the match games over HTTP (issue 22; docs/pvp_matches.md
"Tournaments"), under ``/api/matches/tournaments``.

Players: the lobby and a tournament's view (entrants, prize pool, prize by place, bracket);
``register`` and ``unregister`` (money: an ``Idempotency-Key`` header, as every wallet command).
Operators: file a tournament, start it before it is full (byes fill the bracket), cancel it
before its start (every entry refunded). Refusals: ``already_registered``, ``tournament_full``,
``tournament_started``, ``not_registered``, ``insufficient_funds``, ``operator_only``,
``variant_error``, ``unknown_option``, ``bot_not_allowed``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from croupier.api import problems
from croupier.api.app import ERRORS, PROBLEM, Me, _idempotent, _platform, _respond, _scope
from croupier.errors import VariantError
from croupier.platform.matches import tournaments
from croupier.platform.protection.roles import require_operator

problems.STATUS.update({"already_registered": 409, "tournament_full": 409,
                        "tournament_started": 409, "not_registered": 409, "operator_only": 403})

OptionText = Annotated[str, Field(max_length=24)]

router = APIRouter(prefix="/tournaments", responses={**ERRORS, 403: PROBLEM}, tags=["matches"])

TournamentId = Annotated[int, PathParam(ge=1, le=2**31 - 1)]


class TournamentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=60)
    game: str = Field(max_length=24)
    variant: str = Field(max_length=24)
    currency: str = Field(min_length=3, max_length=3)
    buy_in_minor: StrictInt = Field(gt=0, le=2**62)
    fee_minor: StrictInt = Field(ge=0, le=2**62)
    seats: Literal[2, 4, 8, 16]
    move_seconds: StrictInt
    game_seconds: StrictInt
    #: bool, int or text (Belote's ``mode`` "wins" / "points" and ``combos``: text options)
    options: dict[str, bool | int | OptionText] = Field(default_factory=dict)
    prizes: list[str] | None = Field(None, max_length=16,
                                     description='shares of the pool by place, e.g. ["7/10", "3/10"] '
                                     "(empty: the prize table of the data for the seats)")
    autostart: StrictBool = True


def _shares(text: list[str] | None) -> list[Fraction] | None:
    if text is None:
        return None
    try:
        return [Fraction(x) for x in text]
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"a prize share is a fraction such as '3/10', got {text!r}") from None


@router.get("")
async def lobby(request: Request, status: str | None = Query(None, max_length=12)) -> dict[str, Any]:
    p = _platform(request)
    return {"items": await run_in_threadpool(p.read, lambda s: tournaments.lobby(s, status))}


@router.post("", status_code=201)
async def create(body: TournamentIn, request: Request, player: Me) -> dict[str, Any]:
    """File a tournament (an operator)."""
    p = _platform(request)
    spec = tournaments.TournamentSpec(
        body.name, body.game, body.variant, body.currency.upper(), body.buy_in_minor,
        body.fee_minor, body.seats, body.move_seconds, body.game_seconds, body.options,
        _shares(body.prizes), body.autostart)

    def fn(s: Session) -> dict[str, Any]:
        require_operator(s, player.id)
        return tournaments.create(s, spec, player.id, p.clock())

    out: dict[str, Any] = await run_in_threadpool(p.run, fn)
    return out


@router.get("/{tournament_id}")
async def view(tournament_id: TournamentId, request: Request) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.read, lambda s: tournaments.view(s, tournament_id))
    return out


@router.post("/{tournament_id}/register")
async def register(tournament_id: TournamentId, request: Request, player: Me) -> Response:
    """Register: the buy-in and the fee held in the tournament's pool."""
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200, lambda s: tournaments.register(
        s, player, tournament_id, p.clock()))
    return _respond(out)


@router.post("/{tournament_id}/unregister")
async def unregister(tournament_id: TournamentId, request: Request, player: Me) -> Response:
    """Unregister before the start: the buy-in and the fee refunded exactly."""
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200, lambda s: tournaments.unregister(
        s, player, tournament_id, p.clock()))
    return _respond(out)


@router.post("/{tournament_id}/start")
async def start(tournament_id: TournamentId, request: Request, player: Me) -> dict[str, Any]:
    """Start now (an operator): at least 2 entrants; byes fill the bracket."""
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        require_operator(s, player.id)
        return tournaments.start(s, tournament_id, p.clock())

    out: dict[str, Any] = await run_in_threadpool(p.run, fn)
    return out


@router.post("/{tournament_id}/cancel")
async def cancel(tournament_id: TournamentId, request: Request, player: Me) -> dict[str, Any]:
    """Call it off before the start (an operator): every entry refunded exactly."""
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        require_operator(s, player.id)
        return tournaments.cancel(s, tournament_id, p.clock())

    out: dict[str, Any] = await run_in_threadpool(p.run, fn)
    return out
