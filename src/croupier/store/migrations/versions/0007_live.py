"""live-dealer operations (issue 16): table sources and status, result devices, incidents

Revision ID: 0007_live
Revises: 0006_hardening
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_live"
down_revision = "0006_hardening"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_tables",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("status_reason", sa.Text()),
        sa.Column("shoe_number", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("shoe_after_event", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "live_devices",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_live_devices_table_id", "live_devices", ["table_id"])
    op.create_table(
        "live_incidents",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("table_id", sa.String(40), nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("clause", sa.String(20), nullable=False),
        sa.Column("outcome", sa.String(20), nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("evidence", sa.String(200)),
        sa.Column("data", sa.JSON()),
        sa.Column("maker_id", sa.Integer()),
        sa.Column("checker_id", sa.Integer()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ix_live_incidents_round_id", "live_incidents", ["round_id"])


def downgrade() -> None:
    op.drop_index("ix_live_incidents_round_id", table_name="live_incidents")
    op.drop_table("live_incidents")
    op.drop_index("ix_live_devices_table_id", table_name="live_devices")
    op.drop_table("live_devices")
    op.drop_table("live_tables")
