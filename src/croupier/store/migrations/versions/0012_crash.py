"""crash tables (issue 17): the published hash chains of crash points, accepted cash-outs, AUTOBET sessions

Revision ID: 0012_crash
Revises: 0011_game_status
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_crash"
down_revision = "0011_game_status"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "crash_chains",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("secret_seed", sa.String(64), nullable=False),
        sa.Column("terminating_hash", sa.String(64), nullable=False),
        sa.Column("salt", sa.String(80), nullable=False),
        sa.Column("length", sa.Integer(), nullable=False),
        sa.Column("first_round", sa.Integer(), nullable=False),
        sa.Column("published_at_round", sa.Integer(), nullable=False),
        sa.Column("published_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_crash_chains_table_first", "crash_chains", ["table_id", "first_round"],
                    unique=True)
    op.create_table(
        "crash_cash_outs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("play_id", sa.Integer(), sa.ForeignKey("plays.id"), nullable=False),
        sa.Column("bet", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(16), nullable=False),
        sa.Column("at", sa.String(12), nullable=False),
        sa.Column("received_ms", sa.BigInteger(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("play_id", "bet", "name", name="ux_crash_cash_out_once"),
    )
    op.create_index("ix_crash_cash_outs_round_id", "crash_cash_outs", ["round_id"])
    op.create_table(
        "crash_autobets",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("base", sa.BigInteger(), nullable=False),
        sa.Column("limit_total", sa.BigInteger(), nullable=False),
        sa.Column("target", sa.Integer(), nullable=False),
        sa.Column("after_win", sa.String(8), nullable=False),
        sa.Column("after_loss", sa.String(8), nullable=False),
        sa.Column("next_bet", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("stop_reason", sa.String(200)),
        sa.Column("pending_round_id", sa.Integer(), sa.ForeignKey("rounds.id")),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_crash_autobets_table_status", "crash_autobets", ["table_id", "status"])
    op.create_table(
        "crash_queued_bets",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("stake", sa.String(40), nullable=False),
        sa.Column("target", sa.String(12)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_crash_queued_bets_table_id", "crash_queued_bets", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_crash_queued_bets_table_id", table_name="crash_queued_bets")
    op.drop_table("crash_queued_bets")
    op.drop_index("ix_crash_autobets_table_status", table_name="crash_autobets")
    op.drop_table("crash_autobets")
    op.drop_index("ix_crash_cash_outs_round_id", table_name="crash_cash_outs")
    op.drop_table("crash_cash_outs")
    op.drop_index("ix_crash_chains_table_first", table_name="crash_chains")
    op.drop_table("crash_chains")
