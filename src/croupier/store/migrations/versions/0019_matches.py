"""two-player match tables (issue 22 part 2): tables and their matches, and every applied action

Revision ID: 0019_matches
Revises: 0016_draw_speed
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019_matches"
down_revision = "0018_rush"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "pvp_matches",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(24), nullable=False),
        sa.Column("variant", sa.String(24), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("move_ms", sa.Integer(), nullable=False),
        sa.Column("game_ms", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("creator_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("opponent_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("bot_seats", sa.JSON(), nullable=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("server_seed_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("turn_seat", sa.Integer(), nullable=True),
        sa.Column("turn_started_at", _TS, nullable=True),
        sa.Column("deadline_at", _TS, nullable=True),
        sa.Column("bank_ms", sa.JSON(), nullable=False),
        sa.Column("winner_seat", sa.Integer(), nullable=True),
        sa.Column("how", sa.String(24), nullable=True),
        sa.Column("rake", sa.BigInteger(), nullable=False),
        sa.Column("settlement", sa.JSON(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("spin", sa.String(10), nullable=True),
        sa.Column("spin_multiplier", sa.Integer(), nullable=True),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("started_at", _TS, nullable=True),
        sa.Column("ended_at", _TS, nullable=True),
    )
    op.create_index("ix_pvp_matches_status", "pvp_matches", ["status"])
    op.create_index("ix_pvp_matches_creator_id", "pvp_matches", ["creator_id"])
    op.create_index("ix_pvp_matches_opponent_id", "pvp_matches", ["opponent_id"])
    op.create_index("ix_pvp_matches_deadline_at", "pvp_matches", ["deadline_at"])
    op.create_table(
        "pvp_match_moves",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("pvp_matches.id"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("args", sa.JSON(), nullable=False),
        sa.Column("value", sa.String(120), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("at", _TS, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pvp_match_moves")
    for ix in ("deadline_at", "opponent_id", "creator_id", "status"):
        op.drop_index(f"ix_pvp_matches_{ix}", table_name="pvp_matches")
    op.drop_table("pvp_matches")
