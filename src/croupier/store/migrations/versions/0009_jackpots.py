"""jackpot pools (issue 16 part 5): pool cycles and hidden drop levels, jackpot wins

Revision ID: 0009_jackpots
Revises: 0008_autoplay
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_jackpots"
down_revision = "0008_autoplay"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jackpot_pools",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("code", sa.String(48), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("cycle", sa.Integer(), nullable=False),
        sa.Column("drop_level", sa.BigInteger()),
        sa.Column("drop_salt", sa.String(32)),
        sa.Column("drop_commitment", sa.String(64)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("code", "currency", name="uq_jackpot_pools_code_currency"),
    )
    op.create_table(
        "jackpot_wins",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("pool_id", sa.Integer(), sa.ForeignKey("jackpot_pools.id"), nullable=False),
        sa.Column("cycle", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("play_id", sa.Integer(), sa.ForeignKey("plays.id"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("bet_id", sa.Integer(), nullable=False),
        sa.Column("row", sa.String(24), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("pool_before", sa.BigInteger(), nullable=False),
        sa.Column("drop_level", sa.BigInteger()),
        sa.Column("drop_salt", sa.String(32)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("pool_id", "play_id", "bet_id", name="uq_jackpot_wins_pool_play_bet"),
    )
    op.create_index("ix_jackpot_wins_pool_id", "jackpot_wins", ["pool_id"])
    op.create_index("ix_jackpot_wins_round_id", "jackpot_wins", ["round_id"])
    op.create_index("ix_jackpot_wins_player_id", "jackpot_wins", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_jackpot_wins_player_id", table_name="jackpot_wins")
    op.drop_index("ix_jackpot_wins_round_id", table_name="jackpot_wins")
    op.drop_index("ix_jackpot_wins_pool_id", table_name="jackpot_wins")
    op.drop_table("jackpot_wins")
    op.drop_table("jackpot_pools")
