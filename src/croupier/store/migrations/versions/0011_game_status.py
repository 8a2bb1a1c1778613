"""table management (issue 16): games disabled across tables, table limits set between rounds

Revision ID: 0011_game_status
Revises: 0009_jackpots
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_game_status"
down_revision = "0009_jackpots"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_status",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("disabled", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.Text()),
        sa.Column("changed_by", sa.Integer(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "table_limits",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("from_number", sa.Integer(), nullable=False),
        sa.Column("min_bet", sa.Integer()),
        sa.Column("max_bet", sa.Integer()),
        sa.Column("round_max", sa.Integer()),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("set_by", sa.Integer(), nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_table_limits_table_id", "table_limits", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_table_limits_table_id", table_name="table_limits")
    op.drop_table("table_limits")
    op.drop_table("game_status")
