"""player protection (issue 7): limits, play spans, register, blocks, KYC, complaints, roles,
bonuses, play funding, the hash-chained monitoring record

Revision ID: p7_0001
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "p7_0001"
down_revision = "0002"
branch_labels = None
depends_on = None

GENESIS = "0" * 64


def _tz() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "protection_limits",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("period", sa.String(10), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=True),
        sa.Column("requested_at", _tz(), nullable=False),
        sa.Column("effective_from", _tz(), nullable=False),
        sa.Column("is_change", sa.Boolean(), nullable=False),
        sa.Column("cancelled", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_protection_limits_player", "protection_limits",
                    ["player_id", "kind", "period"])
    op.create_table(
        "protection_play_spans",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("started_at", _tz(), nullable=False),
        sa.Column("last_bet_at", _tz(), nullable=False),
        sa.Column("ended_at", _tz(), nullable=False),
        sa.Column("checks_shown", sa.Integer(), nullable=False),
    )
    op.create_index("ix_protection_spans_player", "protection_play_spans",
                    ["player_id", "started_at"])
    op.create_table(
        "protection_restricted",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("document_number", sa.String(32), nullable=False),
        sa.Column("source", sa.String(20), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("starts_at", _tz(), nullable=False),
        sa.Column("ends_at", _tz(), nullable=True),
        sa.Column("created_at", _tz(), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("lifted_at", _tz(), nullable=True),
        sa.Column("lifted_by", sa.Integer(), nullable=True),
    )
    op.create_index("ix_protection_restricted_document_number", "protection_restricted",
                    ["document_number"])
    op.create_table(
        "protection_blocks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("reason", sa.String(40), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", _tz(), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("lifted_at", _tz(), nullable=True),
        sa.Column("lifted_by", sa.Integer(), nullable=True),
        sa.Column("lift_note", sa.Text(), nullable=True),
    )
    op.create_index("ix_protection_blocks_player_id", "protection_blocks", ["player_id"])
    op.create_table(
        "protection_kyc",
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("submitted_at", _tz(), nullable=True),
        sa.Column("documents", sa.Text(), nullable=True),
        sa.Column("reviewed_at", _tz(), nullable=True),
        sa.Column("reviewed_by", sa.Integer(), nullable=True),
        sa.Column("note", sa.Text(), nullable=True),
    )
    op.create_table(
        "protection_complaints",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("filed_at", _tz(), nullable=False),
        sa.Column("round_ended_at", _tz(), nullable=True),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("decision", sa.Text(), nullable=True),
        sa.Column("resolved_at", _tz(), nullable=True),
        sa.Column("resolved_by", sa.Integer(), nullable=True),
    )
    op.create_index("ix_protection_complaints_player_id", "protection_complaints", ["player_id"])
    op.create_index("ix_protection_complaints_round_id", "protection_complaints", ["round_id"])
    op.create_table(
        "protection_roles",
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("granted_at", _tz(), nullable=False),
    )
    op.create_table(
        "protection_bonuses",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("wager_multiplier", sa.Integer(), nullable=False),
        sa.Column("requirement", sa.BigInteger(), nullable=False),
        sa.Column("wagered", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("granted_at", _tz(), nullable=False),
        sa.Column("granted_by", sa.Integer(), nullable=True),
        sa.Column("closed_at", _tz(), nullable=True),
        sa.Column("converted_amount", sa.BigInteger(), nullable=True),
    )
    op.create_index("ix_protection_bonuses_player_id", "protection_bonuses", ["player_id"])
    op.create_table(
        "protection_play_funding",
        sa.Column("play_id", sa.Integer(), sa.ForeignKey("plays.id"), primary_key=True),
        sa.Column("account", sa.String(10), nullable=False),
        sa.Column("bonus_id", sa.Integer(), sa.ForeignKey("protection_bonuses.id"), nullable=True),
    )
    op.create_table(
        "protection_representative_payouts",
        sa.Column("withdrawal_id", sa.Integer(), sa.ForeignKey("withdrawals.id"), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("representative_document", sa.String(32), nullable=False),
        sa.Column("representative_name", sa.String(200), nullable=False),
        sa.Column("operator_id", sa.Integer(), nullable=True),
        sa.Column("created_at", _tz(), nullable=False),
    )
    op.create_index("ix_protection_representative_payouts_player_id",
                    "protection_representative_payouts", ["player_id"])
    op.create_table(
        "protection_audit",
        sa.Column("seq", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=True),
        sa.Column("play_id", sa.Integer(), nullable=True),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("account", sa.String(10), nullable=False),
        sa.Column("ref", sa.String(120), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
    )
    op.create_index("ix_protection_audit_player_id", "protection_audit", ["player_id"])
    head = op.create_table(
        "protection_audit_head",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
    )
    op.bulk_insert(head, [{"id": 1, "seq": 0, "hash": GENESIS}])


def downgrade() -> None:
    for name in ("protection_audit_head", "protection_audit", "protection_representative_payouts",
                 "protection_play_funding",
                 "protection_bonuses", "protection_roles", "protection_complaints",
                 "protection_kyc", "protection_blocks", "protection_restricted",
                 "protection_play_spans", "protection_limits"):
        op.drop_table(name)
