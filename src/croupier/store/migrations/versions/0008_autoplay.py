"""slot autoplay series run by the server (issue 15; 001 §6.6)

Revision ID: 0008_autoplay
Revises: 0007_live
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_autoplay"
down_revision = "0007_live"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "autoplay_series",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("slip", sa.JSON(), nullable=False),
        sa.Column("spins", sa.Integer(), nullable=False),
        sa.Column("loss_limit", sa.BigInteger()),
        sa.Column("single_win", sa.BigInteger()),
        sa.Column("stop_on_free_spins", sa.Boolean(), nullable=False),
        sa.Column("decision_seconds", sa.Float(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("returned", sa.BigInteger(), nullable=False),
        sa.Column("rounds", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("stopped_by", sa.String(12)),
        sa.Column("stop_requested", sa.Boolean(), nullable=False),
        sa.Column("runner", sa.String(40)),
        sa.Column("lease_until", sa.DateTime(timezone=True)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_autoplay_series_player_id", "autoplay_series", ["player_id"])
    op.create_index("ix_autoplay_series_status", "autoplay_series", ["status"])


def downgrade() -> None:
    op.drop_index("ix_autoplay_series_status", table_name="autoplay_series")
    op.drop_index("ix_autoplay_series_player_id", table_name="autoplay_series")
    op.drop_table("autoplay_series")
