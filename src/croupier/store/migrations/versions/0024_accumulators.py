"""accumulators (issue 23): multi-leg slips over virtual events and their legs

Revision ID: 0024_accumulators
Revises: 0021_pvp_tournaments
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024_accumulators"
down_revision = "0021_pvp_tournaments"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accumulators",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(120), nullable=False, unique=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("odds_cents", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("returned", sa.BigInteger(), nullable=True),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("settled_at", _TS, nullable=True),
    )
    op.create_index("ix_accumulators_player", "accumulators", ["player_id", "id"])
    op.create_table(
        "accumulator_legs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("accumulator_id", sa.Integer(), sa.ForeignKey("accumulators.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("number", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("target", sa.JSON(), nullable=False),
        sa.Column("odds_cents", sa.BigInteger(), nullable=False),
        sa.Column("chance", sa.Text(), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
    )
    op.create_index("ix_accumulator_legs_round", "accumulator_legs", ["round_id"])


def downgrade() -> None:
    op.drop_index("ix_accumulator_legs_round", "accumulator_legs")
    op.drop_table("accumulator_legs")
    op.drop_index("ix_accumulators_player", "accumulators")
    op.drop_table("accumulators")
