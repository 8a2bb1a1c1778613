"""bets by (play_id, seq): a play's next bet number (max(seq) + 1) in one index probe, and the
bets another worker added (seq >= n) read directly (platform/batchbets.py)

Revision ID: 0005_bets_play_seq
Revises: 0004_table_shoes
"""

from __future__ import annotations

from alembic import op

revision = "0005_bets_play_seq"
down_revision = "0004_table_shoes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_bets_play_seq", "bets", ["play_id", "seq"])


def downgrade() -> None:
    op.drop_index("ix_bets_play_seq", table_name="bets")
