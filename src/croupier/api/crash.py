"""Crash tables over HTTP (issue 17, docs/crash.md).

* ``GET /api/crash/tables/{table_id}``: the round and its phase, the multiplier now (never the
  crash point before the crash), the published chains and the last rounds with revealed seeds.
* ``POST /api/crash/tables/{table_id}/bets``: a bet in the betting phase, with an optional auto
  cash-out target (text, two decimals, at least 1.01).
* ``POST /api/crash/rounds/{round_id}/cash-out``: a (50%) cash-out, judged by the server's
  receive time against the crash time.
* ``POST /api/crash/rounds/{round_id}/auto``: change a bet's auto cash-out, betting phase only.
* ``POST /api/crash/tables/{table_id}/autobet`` (and ``.../autobet/stop``): AUTOBET (§12.20);
  ``GET`` the same path: your latest session there (running, or why it stopped).
* ``GET /api/crash/verify?game=&variant=&seed=&round=&terminating_hash=&salt=&first_round=&
  published_at_round=``: recompute a round from its revealed seed and its chain's public data -
  the code of ``croupier verify crash`` (§12.20 "players can verify that the crash point was set
  beforehand"). It reads nothing stored: the answer follows from the query alone.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from croupier.api.app import ERRORS, Me, _platform, _state
from croupier.errors import CroupierError
from croupier.games.crash.chain import ADVANCE, CRASH_GAMES, Chain, proof_record
from croupier.games.registry import load_variant
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


class AutoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bet: StrictInt = Field(0, ge=0, le=1000, description="the bet's number in your play of the round")
    auto_cash_out: StrictStr | None = Field(max_length=12, examples=["2.00"],
                                            description="000 §12.20: at least 1.01, two decimals; null: manual")


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
    st = _state(request)
    now = p.clock()  # the server's receive time, stamped on arrival: the crash time judges it
    out: dict[str, Any]
    if st.cash_outs is not None:  # group-committed with the other cash-outs arriving now
        out = await st.cash_outs.submit_async(round_id, C.CashOutRequest(player.id, body.bet, now,
                                                                         body.half))
    else:
        out = await run_in_threadpool(
            p.run, lambda s: C.cash_out(s, player, round_id, body.bet, now, body.half))
    # other players see the cash-out live (000 §12.20: the server's record)
    await st.broker.publish(table_message(str(out["table_id"]), {
        "type": "crash_cash_out", "round_id": out["round_id"], "player": player.login[:2] + "***",
        "cash_out": out["cash_out"], "at": out["at"]}))
    return out


@router.post("/rounds/{round_id}/auto")
async def crash_set_auto(round_id: int, body: AutoIn, request: Request, player: Me) -> dict[str, Any]:
    """Change a bet's auto cash-out target - in the betting phase only (000 §12.20, §12.26: it
    "cannot be changed after the round starts")."""
    p = _platform(request)
    return await run_in_threadpool(p.run, lambda s: C.set_auto(
        s, player, round_id, body.bet, body.auto_cash_out, p.clock()))


@router.post("/tables/{table_id}/autobet", status_code=201, response_model=AutobetOut)
async def start_autobet(table_id: str, body: AutobetIn, request: Request, player: Me) -> dict[str, Any]:
    """000 §12.20 AUTOBET: the server bets every round until the total bets limit is reached."""
    p = _platform(request)
    return await run_in_threadpool(p.run, lambda s: crash_autobet.start(
        s, player, table_id, body.base, body.limit, body.auto_cash_out, body.after_win,
        body.after_loss, p.clock()))


@router.get("/tables/{table_id}/autobet", response_model=AutobetOut | None)
async def current_autobet(table_id: str, request: Request, player: Me) -> dict[str, Any] | None:
    """Your latest AUTOBET session on the table (``null`` if none): its next bet, the total bet so
    far, the rounds played, and why it stopped (``limit``, ``player``, a refused bet)."""
    p = _platform(request)

    def fn(s: Any) -> dict[str, Any] | None:
        C.crash_table_of(s, table_id)
        return crash_autobet.current(s, player, table_id)

    return await run_in_threadpool(p.read, fn)


@router.post("/tables/{table_id}/autobet/stop", response_model=AutobetOut)
async def stop_autobet(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.run, lambda s: crash_autobet.stop(s, player, table_id))


class CrashProofOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    game: str
    variant: str
    round: int
    chain_position: int
    seed_hashes_to_terminating_hash: bool
    draw: int
    crash: str
    determined_rounds_in_advance: int
    ok: bool


_HEX64 = r"^[0-9a-fA-F]{64}$"


@router.get("/verify", response_model=CrashProofOut)
async def verify_crash_round(
    seed: str = Query(pattern=_HEX64, description="the round's revealed seed"),
    round: int = Query(ge=1, description="the table's round number"),  # noqa: A002
    terminating_hash: str = Query(pattern=_HEX64, description="the chain's published terminating hash"),
    salt: str = Query(max_length=80, description="the chain's published salt"),
    first_round: int = Query(1, ge=1, description="the table round of the chain's first round"),
    published_at_round: int | None = Query(None, ge=0, description="the table round at which the "
                                           "terminating hash was published (default: first_round - 10)"),
    chain_length: int = Query(10**7, ge=1, le=10**7),
    game: str = Query("crash", description="crash or rocketon"),
    variant: str = Query("standard", max_length=40),
) -> dict[str, object]:
    """000 §12.20 Fairness: recompute a crash round from its revealed seed, as ``croupier verify
    crash`` does (the same function): whether the seed hashes down to the published terminating
    hash at the round's chain position, the draw, the crash point, and how many rounds in advance
    it was fixed (``ok``: both checks hold)."""
    if game not in CRASH_GAMES:
        raise CroupierError(f"{game!r} is not a crash game ({', '.join(CRASH_GAMES)})")
    published = first_round - ADVANCE if published_at_round is None else published_at_round
    chain = Chain(terminating_hash.lower(), salt, chain_length, first_round, published)
    return proof_record(game, variant, load_variant(game, variant), chain, round, seed.lower())
