"""Typed request and response models: the OpenAPI contract (docs/api.md is its summary).

Amounts in requests are decimal strings in major units (``StrictStr``: a JSON number is refused,
so no float ever carries money); amounts in responses are integers of minor units (``*_minor``).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RegisterIn(_In):
    login: StrictStr = Field(min_length=3, max_length=32)
    password: StrictStr = Field(min_length=8, max_length=128)
    date_of_birth: date
    document_number: StrictStr = Field(min_length=4, max_length=64)
    currency: StrictStr = "EUR"


class LoginIn(_In):
    login: StrictStr = Field(max_length=64)
    password: StrictStr = Field(max_length=128)


class PasswordChangeIn(_In):
    current_password: StrictStr = Field(max_length=128)
    new_password: StrictStr = Field(min_length=8, max_length=128)


class AmountIn(_In):
    amount: StrictStr = Field(max_length=40, description='major units as decimal text, e.g. "1.50"')


class BetIn(_In):
    code: StrictStr = Field(max_length=40)
    stake: StrictStr = Field(max_length=40, description='major units as decimal text, e.g. "1.00"')
    target: list[StrictInt | StrictStr] = Field(default_factory=list, max_length=40)


class SlipIn(_In):
    bets: list[BetIn] = Field(min_length=1, max_length=200)


class RoundIn(SlipIn):
    game: StrictStr = "roulette"
    variant: StrictStr = "european"


class ClientSeedIn(_In):
    client_seed: StrictStr = Field(min_length=1, max_length=64)


class _Out(BaseModel):
    model_config = ConfigDict(extra="allow")


class PlayerOut(_Out):
    id: int
    login: str
    currency: str
    currency_exponent: int
    created_at: str


class BalanceOut(_Out):
    currency: str
    currency_exponent: int
    cash_minor: int
    bonus_minor: int
    pending_deposits_minor: int
    withdrawable_minor: int
    deposited_minor: int
    refunded_minor: int
    winnings_paid_minor: int


class SessionOut(_Out):
    token: str
    expires_at: str = Field(description="the idle deadline: 30 minutes after the last request, "
                                        "moved forward by activity (GLI-19 2.5.3)")
    absolute_expires_at: str | None = Field(None, description="the session's hard end")
    player: PlayerOut


class PasswordChangedOut(_Out):
    revoked_sessions: int


class LoginUnlockOut(_Out):
    player_id: int
    login: str
    was_locked: bool


class MeOut(_Out):
    player: PlayerOut
    balance: BalanceOut


class DepositOut(_Out):
    id: int
    amount_minor: int
    currency: str
    status: str
    created_at: str
    confirmed_at: str | None


class DepositsOut(_Out):
    items: list[DepositOut]


class WithdrawalOut(_Out):
    id: int
    amount_minor: int
    refund_minor: int
    winnings_minor: int
    currency: str
    status: str
    created_at: str


class WithdrawalsOut(_Out):
    items: list[WithdrawalOut]


class VariantBrief(_Out):
    name: str
    title: str


class GameOut(_Out):
    name: str
    title: str
    variants: list[VariantBrief]
    play: str = "single"  # "single": POST /api/rounds; "decision": /api/interactive


class GamesOut(_Out):
    items: list[GameOut]


class BetInfo(_Out):
    code: str
    payout: str | None = None
    rtp: str


class VariantInfoOut(_Out):
    game: str
    variant: str
    title: str
    bets: list[BetInfo]
    limits: dict[str, Any]
    decks: int | None = None  # card games: the 52-card decks of a fresh shoe


class BetOut(_Out):
    code: str
    target: list[int | str]
    stake_minor: int
    returned_minor: int | None = None
    outcome: str | None = None


class FairnessData(_Out):
    scheme: str
    server_seed_hash: str
    client_seed: str
    nonce: int
    server_seed: str | None


class HistoryItemOut(_Out):
    round_id: int
    kind: str
    table_id: str | None
    game: str
    variant: str
    state: str
    currency: str
    stake_minor: int
    returned_minor: int | None
    net_minor: int | None
    outcome: dict[str, Any] | None
    display: dict[str, Any] | None = None  # issue 14: the normalised outcome view (docs/describe.md)
    created_at: str
    settled_at: str | None


class HistoryOut(_Out):
    items: list[HistoryItemOut]


class RoundRecallOut(HistoryItemOut):
    currency_exponent: int
    bets: list[BetOut]
    events: list[dict[str, Any]]
    void_reason: str | None
    fairness: FairnessData
    balance: BalanceOut | None = None


class RevealedSeed(_Out):
    server_seed: str
    server_seed_hash: str
    client_seed: str
    rounds: int
    revealed_at: str | None


class FairnessOut(_Out):
    server_seed_hash: str
    client_seed: str
    nonce: int
    revealed: list[RevealedSeed]


class RotateOut(_Out):
    revealed: RevealedSeed
    fairness: FairnessOut


class TableRoundOut(_Out):
    round_id: int
    number: int | None
    state: str
    opened_at: str | None
    closes_at: str | None
    server_seed_hash: str
    outcome: dict[str, Any] | None = None
    display: dict[str, Any] | None = None  # issue 14: the normalised outcome view (docs/describe.md)


class RecentResult(_Out):
    round_id: int
    outcome: dict[str, Any] | None
    display: dict[str, Any] | None = None  # issue 14: the normalised outcome view (docs/describe.md)


class ShoeOut(_Out):
    """A card table's shoe (issue 5): its commitment, progress and, once finished, its reveal."""

    number: int
    state: str
    server_seed_hash: str
    client_seed: str
    cards_total: int
    cards_left: int
    cards_dealt: int
    cut: int
    cut_card_out: bool
    rounds: int
    burned: int
    shown: str | None
    server_seed: str | None = None
    cards: list[str] | None = None


class RoadCell(_Out):
    col: int
    row: int
    winner: str
    player_pair: bool
    banker_pair: bool
    ties: int


class RoadsOut(_Out):
    rows: int
    bead_plate: list[RoadCell]
    big_road: list[RoadCell]


class CoupOut(_Out):
    round_id: int
    number: int | None
    state: str
    outcome: dict[str, Any] | None
    display: dict[str, Any] | None = None  # issue 14: the normalised outcome view (docs/describe.md)


class TableOut(_Out):
    id: str
    name: str
    game: str
    variant: str
    currency: str
    currency_exponent: int
    betting_seconds: float
    round: TableRoundOut | None
    recent: list[RecentResult]
    # shoe tables only (issue 5): the shoe in play, the last revealed one, the scoreboards of the
    # shoe's rounds so far and their cards (latest first)
    shoe: ShoeOut | None = None
    previous_shoe: ShoeOut | None = None
    roads: RoadsOut | None = None
    coups: list[CoupOut] | None = None
    # issue 16: where the results come from (rng, live) and the table's status with its reason
    source: str | None = None
    status: str | None = None
    status_reason: str | None = None
    # issue 16 (table management): the game disabled on every table, and the table's own limits
    # of the latest round and of the next one (a change waiting for it)
    game_disabled: bool | None = None
    game_disabled_reason: str | None = None
    table_limits: dict[str, Any] | None = None
    next_table_limits: dict[str, Any] | None = None


class TablesOut(_Out):
    items: list[TableOut]


class AcceptedBet(_Out):
    code: str
    target: list[int | str]
    stake_minor: int


class TableBetAcceptedOut(_Out):
    round_id: int
    table_id: str
    accepted: list[AcceptedBet]
    round_stake_minor: int
    balance: BalanceOut


class ProblemOut(_Out):
    type: str
    title: str
    status: int
    detail: str
    code: str


class HealthOut(_Out):
    status: str
    database: str
