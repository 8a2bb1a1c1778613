"""Answer models of the protection routes (``api/protection.py``): what the OpenAPI document
declares for each (issue 13), the fields the platform's ``*_dict`` functions produce."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class _Out(BaseModel):
    model_config = ConfigDict(extra="allow")


class KycOut(_Out):
    player_id: int
    state: str
    submitted_at: str | None
    documents: str | None
    reviewed_at: str | None
    note: str | None


class BlockOut(_Out):
    id: int
    player_id: int
    reason: str
    reason_text: str
    note: str
    created_at: str | None
    lifted_at: str | None
    lift_note: str | None


class ComplaintOut(_Out):
    id: int
    player_id: int
    round_id: int
    text: str
    filed_at: str | None
    round_ended_at: str | None
    state: str
    decision: str | None
    resolved_at: str | None


class RegisterEntryOut(_Out):
    id: int
    document_number: str
    source: str
    reason: str
    starts_at: str | None
    ends_at: str | None
    created_at: str | None
    lifted_at: str | None


class BonusOut(_Out):
    id: int
    player_id: int
    amount_minor: int
    currency: str
    wager_multiplier: int
    requirement_minor: int
    wagered_minor: int
    state: str
    granted_at: str | None
    closed_at: str | None
    converted_minor: int | None


class LimitChangeOut(_Out):
    immediate: bool
    effective_from: str | None
    limits: dict[str, Any]


class RealityCheckOut(_Out):
    playing: bool
    due: bool
    hours_played: int
    minutes_played: int
    session_started_at: str | None
    message: str | None


class SelfExclusionOut(_Out):
    entry: RegisterEntryOut
    message: str
