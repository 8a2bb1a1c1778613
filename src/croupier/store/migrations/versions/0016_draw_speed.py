"""draw settlement speed (issue 20): room for HOT updates in bets and plays on PostgreSQL

Every bet and play row is written once when it is placed and updated once when it is settled
(``returned``/``outcome``; ``status``/``returned_total``/``settled_at``), columns no index
holds. With full pages that update writes a new row version elsewhere and a new entry in every
index of the table (four each); with half of each page left free the new version stays on its
page and no index is touched (a heap-only tuple update), which made a draw's settlement UPDATEs
about three times cheaper in the server (``make bench``). The cost: new pages of the two tables
are filled to half, so they take up to twice the space (old pages are untouched until rewritten).
SQLite has no fill factor: nothing to do there.

Revision ID: 0016_draw_speed
Revises: 0015_cardroom
"""

from __future__ import annotations

from alembic import op

revision = "0016_draw_speed"
down_revision = "0015_cardroom"
branch_labels = None
depends_on = None

FILLFACTOR = 50


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in ("bets", "plays"):
        op.execute(f"ALTER TABLE {table} SET (fillfactor = {FILLFACTOR})")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in ("bets", "plays"):
        op.execute(f"ALTER TABLE {table} RESET (fillfactor)")
