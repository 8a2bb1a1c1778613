"""Rush & Cash pools (issue 21, 000 §12.12.3): the players of a pool with their pool stack

Revision ID: 0018_rush
Revises: 0016_draw_speed
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_rush"
down_revision = "0017_draw_copy"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cardroom_rush_players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("pool", sa.String(40), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("stack", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("time_bank_ms", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("pool", "player_id", name="cardroom_one_entry_per_pool"),
    )
    op.create_index("ix_cardroom_rush_players_player_id", "cardroom_rush_players", ["player_id"])


def downgrade() -> None:
    op.drop_table("cardroom_rush_players")
