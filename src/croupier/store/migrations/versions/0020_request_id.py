"""the request id in the monitoring record (issue 24 point 3): ``protection_audit.request_id``

Revision ID: 0020_request_id
Revises: 0019_matches
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020_request_id"
down_revision = "0019_matches"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # nullable: the entries written before it have none (and their hashes do not include one)
    op.add_column("protection_audit", sa.Column("request_id", sa.String(100), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("protection_audit") as batch:
        batch.drop_column("request_id")
