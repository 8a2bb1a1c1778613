"""bets carried to the next round

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 08:21:29.144276
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("bets", schema=None) as batch_op:
        batch_op.add_column(sa.Column("carried_from", sa.Integer(), nullable=True))
        batch_op.create_unique_constraint("uq_bets_carried_from", ["carried_from"])
        batch_op.create_foreign_key("fk_bets_carried_from", "bets", ["carried_from"], ["id"])


def downgrade() -> None:
    with op.batch_alter_table("bets", schema=None) as batch_op:
        batch_op.drop_constraint("fk_bets_carried_from", type_="foreignkey")
        batch_op.drop_constraint("uq_bets_carried_from", type_="unique")
        batch_op.drop_column("carried_from")
