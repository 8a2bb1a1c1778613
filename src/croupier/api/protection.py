"""HTTP routes of player protection (issue 7): the player's own limits, reality check,
self-exclusion, verification and complaints (``/api/protection/...``), and the back office
(``/api/backoffice/...``, operator role only): verification, blocks, complaints, the
restricted-persons register, bonuses, payouts to the player, and the monitoring record.

Every state-changing request takes an ``Idempotency-Key`` like the rest of the API.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from croupier.api import problems
from croupier.api import protection_schemas as P
from croupier.api import schemas as S
from croupier.api.app import ERRORS, Me, _idempotent, _platform, _respond, _scope
from croupier.platform import throttle, wallet
from croupier.platform.clock import aware, iso
from croupier.platform.errors import NotFound
from croupier.platform.protection import (
    activity,
    audit,
    blocks,
    bonus,
    complaints,
    kyc,
    limits,
    payouts,
    register,
    roles,
)
from croupier.platform.protection.errors import InvalidLimit
from croupier.store.models import Player
from croupier.store.protection_models import Verification

problems.STATUS.update({
    "restricted_person": 403, "account_blocked": 403, "verification_required": 403,
    "third_party_payout": 403, "operator_only": 403,
    "deposit_limit_exceeded": 409, "play_time_limit_reached": 409,
    "limit_change_refused": 409, "complaint_refused": 409, "protection_state": 409,
    "invalid_limit": 422,
})


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DepositLimitIn(_In):
    amount: StrictStr | None = Field(None, max_length=40,
                                     description='major units as decimal text; null removes it')


class TimeLimitIn(_In):
    hours: StrictInt | None = Field(None, description="day: 1-24, week: 24-168; null removes it")


class SelfExclusionIn(_In):
    months: StrictInt | None = Field(None, description="6 to 60 months; null: indefinitely")
    confirm: bool


class VerificationIn(_In):
    documents: StrictStr = Field(min_length=1, max_length=2000)


class ComplaintIn(_In):
    round_id: StrictInt
    text: StrictStr = Field(min_length=1, max_length=5000)


class ReviewIn(_In):
    decision: StrictStr
    note: StrictStr = Field("", max_length=2000)


class BlockIn(_In):
    reason: StrictStr
    note: StrictStr = Field("", max_length=2000)


class NoteIn(_In):
    note: StrictStr = Field("", max_length=2000)


class ResolutionIn(_In):
    outcome: StrictStr
    decision: StrictStr = Field(min_length=1, max_length=5000)


class RegisterEntryIn(_In):
    document_number: StrictStr = Field(min_length=4, max_length=64)
    reason: StrictStr = Field(min_length=1, max_length=2000)
    source: StrictStr = "register"
    until: datetime | None = None


class BonusIn(_In):
    amount: StrictStr = Field(max_length=40)
    wager_multiplier: StrictInt


class PayoutIn(_In):
    amount: StrictStr = Field(max_length=40)
    representative_name: StrictStr | None = Field(None, max_length=200)
    representative_document: StrictStr | None = Field(None, max_length=64)


router = APIRouter(prefix="/api", responses=ERRORS, tags=["protection"])


def _status(s: Session, player: Player, now: datetime) -> dict[str, Any]:
    entry = register.active_entry(s, player.document_number, now)
    active = bonus.active_bonus(s, player.id)
    return {
        "player_id": player.id, "login": player.login,
        "verification": kyc.kyc_dict(s, player.id),
        "blocks": [blocks.block_dict(b) for b in blocks.active_blocks(s, player.id)],
        "restricted": None if entry is None else register.entry_dict(entry),
        "bonus": None if active is None else bonus.bonus_dict(active),
        "is_operator": roles.is_operator(s, player.id),
        "login_lock": throttle.status(s, player, now),  # GLI-19 2.5.4 (issue 13)
        "balance": wallet.balance(s, player).to_dict(),
    }


# -- the player's own ---------------------------------------------------------------------------


@router.get("/protection/status")
async def my_status(request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: _status(s, player, p.clock()))


@router.get("/protection/limits")
async def my_limits(request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: limits.view(s, player, p.clock()))


@router.put("/protection/limits/deposit/{period}", response_model=P.LimitChangeOut)
async def set_deposit_limit(period: str, body: DepositLimitIn, request: Request,
                            player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        value = None if body.amount is None else wallet.parse_amount(body.amount, player.currency)
        change = limits.set_limit(s, player, "deposit", period, value, p.clock())
        return {"immediate": change.immediate, "effective_from": iso(change.row.effective_from),
                "limits": limits.view(s, player, p.clock())}

    return _respond(await _idempotent(request, _scope(player), 200, fn))


@router.put("/protection/limits/time/{period}", response_model=P.LimitChangeOut)
async def set_time_limit(period: str, body: TimeLimitIn, request: Request, player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        change = limits.set_limit(s, player, "time", period, body.hours, p.clock())
        return {"immediate": change.immediate, "effective_from": iso(change.row.effective_from),
                "limits": limits.view(s, player, p.clock())}

    return _respond(await _idempotent(request, _scope(player), 200, fn))


@router.get("/protection/reality-check", response_model=P.RealityCheckOut)
async def get_reality_check(request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: activity.reality_check(s, player.id, p.clock()))


@router.post("/protection/reality-check/ack", response_model=P.RealityCheckOut)
async def ack_reality_check(request: Request, player: Me) -> Response:
    p = _platform(request)
    return _respond(await _idempotent(request, _scope(player), 200,
                                      lambda s: activity.acknowledge(s, player.id, p.clock())))


@router.post("/protection/self-exclusion", status_code=201, response_model=P.SelfExclusionOut)
async def self_exclude(body: SelfExclusionIn, request: Request, player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        if not body.confirm:
            raise InvalidLimit("confirm the self-exclusion: it cannot be undone before its end")
        entry = register.self_exclude(s, player, body.months, p.clock())
        return {"entry": register.entry_dict(entry), "message": register.refusal(entry)}

    return _respond(await _idempotent(request, _scope(player), 201, fn))


@router.post("/protection/verification", status_code=201, response_model=P.KycOut)
async def submit_verification(body: VerificationIn, request: Request, player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        kyc.submit(s, player, body.documents, p.clock())
        return kyc.kyc_dict(s, player.id)

    return _respond(await _idempotent(request, _scope(player), 201, fn))


@router.post("/protection/complaints", status_code=201, response_model=P.ComplaintOut)
async def file_complaint(body: ComplaintIn, request: Request, player: Me) -> Response:
    p = _platform(request)
    return _respond(await _idempotent(request, _scope(player), 201, lambda s: complaints.complaint_dict(
        complaints.file(s, player, body.round_id, body.text, p.clock()))))


@router.get("/protection/complaints")
async def my_complaints(request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    items = await run_in_threadpool(p.read, lambda s: [
        complaints.complaint_dict(c) for c in complaints.list_for(s, player.id)])
    return {"items": items}


# -- the back office ----------------------------------------------------------------------------


async def current_operator(request: Request, player: Me) -> Player:
    await run_in_threadpool(_platform(request).read,
                            lambda s: roles.require_operator(s, player.id))
    return player


Operator = Annotated[Player, Depends(current_operator)]


def _player(s: Session, player_id: int) -> Player:
    pl = s.get(Player, player_id)
    if pl is None:
        raise NotFound(f"no player {player_id}")
    return pl


@router.get("/backoffice/players")
async def find_players(request: Request, op: Operator,
                       login: str = Query("", max_length=32)) -> dict[str, Any]:
    p = _platform(request)

    def fn(s: Session) -> list[dict[str, Any]]:
        q = select(Player).order_by(Player.id.desc()).limit(50)
        if login:
            q = q.where(Player.login.contains(login.strip().lower()))
        return [_status(s, pl, p.clock()) for pl in s.scalars(q)]

    return {"items": await run_in_threadpool(p.read_replica, fn)}  # issue 24 point 4


@router.get("/backoffice/players/{player_id}")
async def player_status(player_id: int, request: Request, op: Operator) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: _status(s, _player(s, player_id), p.clock()))


@router.post("/backoffice/players/{player_id}/login-unlock", response_model=S.LoginUnlockOut)
async def login_unlock(player_id: int, request: Request, op: Operator) -> Response:
    """Lift the lock of a player's login after too many failed logins (GLI-19 2.5.4)."""
    p = _platform(request)
    return _respond(await _idempotent(request, _scope(op), 200, lambda s: throttle.unlock(
        s, player_id, op.id, p.clock())))


@router.get("/backoffice/verifications")
async def verifications(request: Request, op: Operator,
                        state: str = Query("pending", max_length=12)) -> dict[str, Any]:
    p = _platform(request)

    def fn(s: Session) -> list[dict[str, Any]]:
        rows = s.scalars(select(Verification).where(Verification.state == state)
                         .order_by(Verification.submitted_at).limit(200))
        return [dict(kyc.kyc_dict(s, r.player_id), login=_player(s, r.player_id).login)
                for r in rows]

    return {"items": await run_in_threadpool(p.read_replica, fn)}  # issue 24 point 4


@router.post("/backoffice/players/{player_id}/verification", response_model=P.KycOut)
async def review_verification(player_id: int, body: ReviewIn, request: Request,
                              op: Operator) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        kyc.review(s, player_id, body.decision, body.note, op.id, p.clock())
        return kyc.kyc_dict(s, player_id)

    return _respond(await _idempotent(request, _scope(op), 200, fn))


@router.post("/backoffice/players/{player_id}/blocks", status_code=201, response_model=P.BlockOut)
async def block_player(player_id: int, body: BlockIn, request: Request, op: Operator) -> Response:
    p = _platform(request)
    return _respond(await _idempotent(request, _scope(op), 201, lambda s: blocks.block_dict(
        blocks.block(s, player_id, body.reason, body.note, op.id, p.clock()))))


@router.post("/backoffice/blocks/{block_id}/lift", response_model=P.BlockOut)
async def lift_block(block_id: int, body: NoteIn, request: Request, op: Operator) -> Response:
    p = _platform(request)
    return _respond(await _idempotent(request, _scope(op), 200, lambda s: blocks.block_dict(
        blocks.lift(s, block_id, body.note, op.id, p.clock()))))


@router.get("/backoffice/complaints")
async def all_complaints(request: Request, op: Operator,
                         state: str | None = Query(None, max_length=12)) -> dict[str, Any]:
    p = _platform(request)
    items = await run_in_threadpool(p.read_replica, lambda s: [  # issue 24 point 4
        complaints.complaint_dict(c) for c in complaints.list_for(s, None, state)])
    return {"items": items}


@router.post("/backoffice/complaints/{complaint_id}/resolution", response_model=P.ComplaintOut)
async def resolve_complaint(complaint_id: int, body: ResolutionIn, request: Request,
                            op: Operator) -> Response:
    p = _platform(request)
    return _respond(await _idempotent(request, _scope(op), 200, lambda s: complaints.complaint_dict(
        complaints.resolve(s, complaint_id, body.outcome, body.decision, op.id, p.clock()))))


@router.get("/backoffice/register")
async def register_entries(request: Request, op: Operator) -> dict[str, Any]:
    p = _platform(request)
    items = await run_in_threadpool(p.read_replica, lambda s: [  # issue 24 point 4
        register.entry_dict(e) for e in register.list_entries(s)])
    return {"items": items}


@router.post("/backoffice/register", status_code=201, response_model=P.RegisterEntryOut)
async def add_register_entry(body: RegisterEntryIn, request: Request, op: Operator) -> Response:
    p = _platform(request)
    until = None if body.until is None else aware(body.until)
    return _respond(await _idempotent(request, _scope(op), 201, lambda s: register.entry_dict(
        register.add_entry(s, body.document_number, body.reason, body.source, until, op.id,
                           p.clock()))))


@router.post("/backoffice/register/{entry_id}/lift", response_model=P.RegisterEntryOut)
async def lift_register_entry(entry_id: int, request: Request, op: Operator) -> Response:
    p = _platform(request)
    return _respond(await _idempotent(request, _scope(op), 200, lambda s: register.entry_dict(
        register.lift(s, entry_id, op.id, p.clock()))))


@router.post("/backoffice/players/{player_id}/bonuses", status_code=201, response_model=P.BonusOut)
async def grant_bonus(player_id: int, body: BonusIn, request: Request, op: Operator) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        pl = _player(s, player_id)
        amount = wallet.parse_amount(body.amount, pl.currency)
        return bonus.bonus_dict(bonus.grant(s, player_id, amount, body.wager_multiplier, op.id,
                                            p.clock()))

    return _respond(await _idempotent(request, _scope(op), 201, fn))


@router.post("/backoffice/players/{player_id}/payout", status_code=201, response_model=S.WithdrawalOut)
async def payout(player_id: int, body: PayoutIn, request: Request, op: Operator) -> Response:
    """Pay a player's own money out to the player (never a third party, 001 §5.2.18), e.g. for
    a self-excluded or listed person who can no longer log in (001 §2.1); or, for a listed
    person, the refund of their contributions to their legal representative (001 §5.2.18)."""
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        pl = _player(s, player_id)
        if body.representative_name is None and body.representative_document is None:
            return wallet.withdrawal_dict(payouts.pay_player(s, pl, body.amount, p.clock()))
        return wallet.withdrawal_dict(payouts.pay_representative(
            s, pl, body.amount, body.representative_name or "", body.representative_document or "",
            op.id, p.clock()))

    return _respond(await _idempotent(request, _scope(op), 201, fn))


@router.get("/backoffice/audit/verify")
async def audit_verify(request: Request, op: Operator) -> dict[str, Any]:
    # issue 24 point 4: the monitoring record's verification is a report: off the primary
    return (await run_in_threadpool(_platform(request).read_replica,
                                    audit.verify_session)).to_dict()
