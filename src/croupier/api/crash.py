"""Crash tables over HTTP (issue 17, docs/crash.md).

* ``GET /api/crash/tables/{table_id}``: the round and its phase, the multiplier now (never the
  crash point before the crash), the published chains and the last rounds with revealed seeds.
* ``POST /api/crash/tables/{table_id}/bets``: a bet in the betting phase, with an optional auto
  cash-out target (text, two decimals, at least 1.01).
* ``POST /api/crash/rounds/{round_id}/cash-out``: a (50%) cash-out, judged by the server's
  receive time against the crash time.
* ``POST /api/crash/tables/{table_id}/autobet`` (and ``.../autobet/stop``): AUTOBET (§12.20).
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from croupier.api.app import ERRORS, Me, _platform, _state
from croupier.platform import crash as C
from croupier.platform import crash_autobet
from croupier.platform.errors import BettingClosed
from croupier.platform.events import table_message
from croupier.platform.rounds import SlipBet
from croupier.platform.tables import place_bets

router = APIRouter(prefix="/api/crash", responses=ERRORS, tags=["crash"])


class CrashBetIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    stake: StrictStr = Field(max_length=40, description='major units as decimal text, e.g. "1.00"')
    auto_cash_out: StrictStr | None = Field(None, max_length=12, examples=["2.00"],
                                            description="000 §12.20: at least 1.01, two decimals")
    next_round: StrictBool = Field(False, description="000 §12.20 flow 1: bet for the next round "
                                   "if this one is no longer taking bets")


class CashOutIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bet: StrictInt = Field(0, ge=0, le=1000, description="the bet's number in your play of the round")
    half: StrictBool = Field(False, description="000 §12.26: the 50% cash-out (Rocketon)")


class AutobetIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    base: StrictStr = Field(max_length=40, description="000 §12.20 field 1: Base Bet (major units)")
    limit: StrictStr = Field(max_length=40, description="000 §12.20 field 2: Total Bets Limit")
    auto_cash_out: StrictStr = Field("1.01", max_length=12, description="field 3 (default 1.01)")
    after_win: Literal["base", "double"] = "base"
    after_loss: Literal["base", "double"] = "base"


class AutobetOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: int
    status: str
    next_bet_minor: int
    total_minor: int


class CrashRoundOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    round_id: int
    number: int | None
    phase: str
    multiplier: str | None
    crash: str | None


class CrashTableOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    table_id: str
    game: str
    variant: str
    currency: str
    server_time: str
    round: CrashRoundOut | None
    history: list[dict[str, Any]]
    chains: list[dict[str, Any]]


class CashOutOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    round_id: int
    bet: int
    cash_out: str
    at: str


@router.get("/tables/{table_id}", response_model=CrashTableOut)
async def crash_table(table_id: str, request: Request) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: C.table_state(s, table_id, p.clock()))


@router.post("/tables/{table_id}/bets", status_code=201)
async def crash_bet(table_id: str, body: CrashBetIn, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    target: tuple[str, ...] = (body.auto_cash_out,) if body.auto_cash_out is not None else ()

    def fn(s: Any) -> dict[str, Any]:
        C.crash_table_of(s, table_id)
        return place_bets(s, player, table_id, [SlipBet("bet", body.stake, target)], p.clock()).to_dict()

    try:
        return await run_in_threadpool(p.run, fn)
    except BettingClosed:
        if not body.next_round:
            raise
    return await run_in_threadpool(p.run, lambda s: crash_autobet.queue_bet(
        s, player, table_id, body.stake, body.auto_cash_out, p.clock()))


@router.post("/rounds/{round_id}/cash-out", response_model=CashOutOut)
async def crash_cash_out(round_id: int, body: CashOutIn, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(
        p.run, lambda s: C.cash_out(s, player, round_id, body.bet, p.clock(), body.half))
    # other players see the cash-out live (000 §12.20: the server's record)
    await _state(request).broker.publish(table_message(str(out["table_id"]), {
        "type": "crash_cash_out", "round_id": out["round_id"], "player": player.login[:2] + "***",
        "cash_out": out["cash_out"], "at": out["at"]}))
    return out


@router.post("/tables/{table_id}/autobet", status_code=201, response_model=AutobetOut)
async def start_autobet(table_id: str, body: AutobetIn, request: Request, player: Me) -> dict[str, Any]:
    """000 §12.20 AUTOBET: the server bets every round until the total bets limit is reached."""
    p = _platform(request)
    return await run_in_threadpool(p.run, lambda s: crash_autobet.start(
        s, player, table_id, body.base, body.limit, body.auto_cash_out, body.after_win,
        body.after_loss, p.clock()))


@router.post("/tables/{table_id}/autobet/stop", response_model=AutobetOut)
async def stop_autobet(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.run, lambda s: crash_autobet.stop(s, player, table_id))
