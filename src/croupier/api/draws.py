"""Draw tables over HTTP (issue 20, docs/draws.md; live messages on ``/api/tables/{id}/ws``).

* ``GET /api/draws/{table_id}``: the board - schedule, next draws with their commitments, last
  results with revealed seeds, hot and cold balls.
* ``POST /api/draws/{table_id}/tickets``: buy a ticket - bets (code, stake, numbers) played on
  ``draws`` consecutive draws from ``first_draw`` (default: the next one taking tickets).
* ``GET /api/draws/tickets/{ticket_id}``: a ticket with each draw's balls and each bet's win and why (``why``; keno ``hits``; recall).
* ``GET /api/draws/{table_id}/tickets``: your latest tickets on a table.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from croupier.api import schemas as S
from croupier.api.app import ERRORS, Me, _platform, _slip, _state
from croupier.platform import draws as D
from croupier.platform.events import player_message

router = APIRouter(prefix="/api/draws", responses=ERRORS, tags=["draws"])


class TicketIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bets: list[S.BetIn] = Field(min_length=1, max_length=200)  # Mega Ball: up to 200 cards
    draws: StrictInt = Field(1, description="the number of consecutive draws the ticket plays "
                             "(1 to the variant's max_draws)")
    first_draw: StrictInt | None = Field(None, description="the first draw's number (default: "
                                         "the next draw taking tickets)")
    key: StrictStr | None = Field(None, max_length=64, description="your idempotency key: a "
                                  "repeated purchase with the same key returns the first ticket")


@router.get("/{table_id}")
async def draw_board(table_id: str, request: Request) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: D.board(s, table_id, p.clock()))


@router.post("/{table_id}/tickets", status_code=201)
async def buy_ticket(table_id: str, body: TicketIn, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: D.buy_ticket(
        s, player, table_id, _slip(body.bets), body.draws, p.clock(), body.key, body.first_draw))
    await _state(request).broker.publish(player_message(player.id, {
        "type": "balance", "balance": out["balance"]}))
    return out


@router.get("/tickets/{ticket_id}")
async def get_ticket(ticket_id: int, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: D.ticket_view(s, player, ticket_id))


@router.get("/{table_id}/tickets")
async def my_tickets(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    items = await run_in_threadpool(p.read, lambda s: D.my_tickets(s, player, table_id))
    return {"tickets": items}
