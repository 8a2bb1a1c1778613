"""draw games (issue 20): tickets bought for one or several scheduled draws

Revision ID: 0014_draws
Revises: 0012_crash
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_draws"
down_revision = "0012_crash"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "draw_tickets",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(120), nullable=False, unique=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("bets", sa.JSON(), nullable=False),
        sa.Column("first_number", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("stake_total", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_draw_tickets_player", "draw_tickets", ["player_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_draw_tickets_player", table_name="draw_tickets")
    op.drop_table("draw_tickets")
