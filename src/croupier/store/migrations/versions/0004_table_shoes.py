"""shoe tables (issue 5): the persisted shoe of a card table, and the shoe of each round

Revision ID: 0004_table_shoes
Revises: p7_0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_table_shoes"
down_revision = "p7_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_shoes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("server_seed_hash", sa.String(64), nullable=False),
        sa.Column("client_seed", sa.String(80), nullable=False),
        sa.Column("cards", sa.JSON(), nullable=False),
        sa.Column("first", sa.Integer(), nullable=False),
        sa.Column("cut", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("rounds_dealt", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("table_id", "number", name="shoe_number_per_table"),
    )
    op.create_index("ix_table_shoes_table_state", "table_shoes", ["table_id", "state"])
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.add_column(sa.Column("shoe_id", sa.Integer(), nullable=True))
        batch_op.create_index("ix_rounds_shoe_id", ["shoe_id"])
        batch_op.create_foreign_key("fk_rounds_shoe_id", "table_shoes", ["shoe_id"], ["id"])


def downgrade() -> None:
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_constraint("fk_rounds_shoe_id", type_="foreignkey")
        batch_op.drop_index("ix_rounds_shoe_id")
        batch_op.drop_column("shoe_id")
    op.drop_index("ix_table_shoes_table_state", table_name="table_shoes")
    op.drop_table("table_shoes")
