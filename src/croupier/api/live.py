"""Live-dealer routes (issue 16): reader devices, the dealer console, incidents, table status.

* ``POST /api/live/tables/{id}/readings`` — a reader device (``Authorization: Bearer <device
  token>``) reports a pocket or a card;
* ``GET /api/live/tables/{id}/console`` — the dealer console's view (dealer, floor manager,
  operator);
* ``POST /api/live/tables/{id}/dealer-readings`` — the dealer enters a result;
* ``POST /api/live/tables/{id}/close-betting`` — the dealer calls "no more bets" now;
* ``POST /api/live/tables/{id}/new-shoe`` — the dealer puts a freshly shuffled shoe in play;
* ``POST /api/live/rounds/{round_id}/incidents`` — one incident of 004 with its outcome;
* ``POST /api/live/incidents/{id}/approve`` and ``/reject`` — the checker of a manual
  settlement (a second person);
* ``POST /api/live/tables/{id}/status`` — open, pause or close a table (floor manager);
* ``GET /api/live/me`` — the caller's live role.

Every state-changing route takes an ``Idempotency-Key`` like the rest of the API: a replay returns
the stored answer and moves nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from croupier.api import problems
from croupier.api.app import (
    ERRORS,
    PROBLEM,
    Me,
    _idempotent,
    _platform,
    _respond,
    _scope,
    _state,
    _token,
)
from croupier.platform import incidents, live
from croupier.platform.events import table_message
from croupier.platform.live_errors import UnknownDevice
from croupier.platform.live_roles import DEALER, require, role_of
from croupier.platform.live_service import LiveOps
from croupier.platform.runner import publish_report

problems.STATUS.update({
    "unknown_device": 401, "role_required": 403, "same_operator": 403,
    "unknown_incident": 404, "not_live_table": 409, "round_finished": 409,
    "unknown_pocket": 422, "card_not_in_shoe": 422, "bad_reading": 422,
    "bad_incident": 422,
})

#: besides ERRORS, every live route may answer 403 (a role the account lacks, or a floor manager
#: approving their own proposal); api/contract.py makes every answer >= 400 a problem answer
router = APIRouter(prefix="/api/live", tags=["live"], responses={**ERRORS, 403: PROBLEM})


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ReadingIn(_In):
    pocket: StrictInt | StrictStr | None = Field(None, description="roulette: the winning pocket")
    card: StrictStr | None = Field(None, max_length=4, description='a scanned card, e.g. "Ah"')
    round_id: StrictInt | None = Field(None, description="the round read (default: the one waiting)")

    def reading(self) -> dict[str, Any]:
        return {k: v for k, v in self.model_dump().items() if v is not None}


class IncidentIn(_In):
    code: StrictStr = Field(max_length=40)
    reason: StrictStr = Field(max_length=500, description="why: shown in the monitoring record")
    evidence: StrictStr | None = Field(None, max_length=200,
                                       description="the evidence reference, e.g. a video timestamp")
    data: dict[str, Any] | None = Field(None, description='e.g. {"cause": "wheel_jammed"} or '
                                        '{"readings": [{"pocket": 17}]}')


class StatusIn(_In):
    status: StrictStr = Field(max_length=10)
    reason: StrictStr | None = Field(None, max_length=300)


def _report_body(res: incidents.IncidentResult) -> dict[str, Any]:
    rep = res.report
    return {"incident": res.incident,
            "round": None if rep is None else {"round_id": rep.round_id, "state": rep.state,
                                               "reason": rep.reason, "plays": len(rep.plays)},
            "credited_minor": {str(k): v for k, v in res.credited.items()}}


async def _publish(request: Request, message: dict[str, Any]) -> None:
    await _state(request).broker.publish(message)


@router.get("/me")
async def me(request: Request, player: Me) -> dict[str, Any]:
    role = await run_in_threadpool(_platform(request).read, lambda s: role_of(s, player.id))
    return {"player_id": player.id, "login": player.login, "role": role}


@router.post("/tables/{table_id}/readings")
async def device_reading(table_id: str, body: ReadingIn, request: Request) -> Response:
    token = _token(request)
    if token is None:
        raise UnknownDevice("a reading needs a device token: Authorization: Bearer <token>")
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        dev = live.device_of(s, table_id, token)
        return live.submit_reading(s, table_id, body.reading(), f"device:{dev.id}", p.clock())

    out = await _idempotent(request, f"device:{live.token_hash(token)[:32]}", 200, fn)
    if not out.replayed:
        await _publish(request, table_message(table_id, {"type": "reading", **out.body}))
    return _respond(out)


@router.post("/tables/{table_id}/dealer-readings")
async def dealer_reading(table_id: str, body: ReadingIn, request: Request, player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        require(s, player.id, DEALER)
        return live.submit_reading(s, table_id, body.reading(), f"dealer:{player.id}", p.clock())

    out = await _idempotent(request, _scope(player), 200, fn)
    if not out.replayed:
        await _publish(request, table_message(table_id, {"type": "reading", **out.body}))
    return _respond(out)


@router.post("/tables/{table_id}/close-betting")
async def close_betting(table_id: str, request: Request, player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        require(s, player.id, DEALER)
        return {"round_id": live.close_betting(s, table_id, p.clock()), "state": "closed"}

    out = await _idempotent(request, _scope(player), 200, fn)
    if not out.replayed:
        await _publish(request, table_message(table_id, {"type": "no_more_bets", "table_id": table_id,
                                                         "round_id": out.body["round_id"]}))
    return _respond(out)


@router.post("/tables/{table_id}/new-shoe")
async def new_shoe(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    out = await run_in_threadpool(LiveOps(_platform(request)).new_shoe, table_id, player.id)
    await _publish(request, table_message(table_id, {"type": "new_shoe", **out}))
    return out


@router.get("/tables/{table_id}/console")
async def console(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    return await run_in_threadpool(LiveOps(_platform(request)).console, table_id, player.id)


async def _after(request: Request, res: incidents.IncidentResult | None) -> None:
    if res is not None and res.report is not None:
        await publish_report(_platform(request), _state(request).broker.publish, res.report)


@router.post("/rounds/{round_id}/incidents", status_code=201)
async def report_incident(round_id: int, body: IncidentIn, request: Request, player: Me) -> Response:
    p = _platform(request)
    holder: list[incidents.IncidentResult] = []
    netting = p.settings.live_correction_netting

    def fn(s: Session) -> dict[str, Any]:
        res = incidents.report(s, round_id, body.code, player.id, body.reason, body.evidence,
                               body.data, p.clock(), netting)
        holder[:] = [res]
        return _report_body(res)

    out = await _idempotent(request, _scope(player), 201, fn)
    if not out.replayed and holder:
        await _after(request, holder[-1])
        inc = holder[-1].incident
        await _publish(request, table_message(inc["table_id"], {
            "type": "incident", "table_id": inc["table_id"], "round_id": round_id,
            "code": inc["code"], "clause": inc["clause"], "outcome": inc["outcome"],
            "state": inc["state"]}))
    return _respond(out)


async def _decide(request: Request, player: Any, incident_id: int, approve: bool) -> Response:
    p = _platform(request)
    holder: list[incidents.IncidentResult] = []

    def fn(s: Session) -> dict[str, Any]:
        decide = incidents.approve if approve else incidents.reject
        res = decide(s, incident_id, player.id, p.clock())
        holder[:] = [res]
        return _report_body(res)

    out = await _idempotent(request, _scope(player), 200, fn)
    if not out.replayed and holder:
        await _after(request, holder[-1])
    return _respond(out)


@router.post("/incidents/{incident_id}/approve")
async def approve(incident_id: int, request: Request, player: Me) -> Response:
    return await _decide(request, player, incident_id, True)


@router.post("/incidents/{incident_id}/reject")
async def reject(incident_id: int, request: Request, player: Me) -> Response:
    return await _decide(request, player, incident_id, False)


@router.post("/tables/{table_id}/status")
async def set_status(table_id: str, body: StatusIn, request: Request, player: Me) -> dict[str, Any]:
    out = await run_in_threadpool(LiveOps(_platform(request)).set_status, table_id, body.status,
                                  body.reason, player.id)
    await _publish(request, table_message(table_id, {"type": "table_status", **out}))
    return out
