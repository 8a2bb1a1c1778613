"""draw settlement speed, part 2 (issue 20): room for HOT updates of the accounts on PostgreSQL

A draw's settlement raises the cash balance of every winner (and a voided draw's refund, of every
ticket's player) by one set-based UPDATE; every bet and payout elsewhere updates a balance too.
``balance`` is in no index, so with room on the page the new row version stays there and none of
the table's three indexes (id, code, player) gets a new entry (a heap-only tuple update); with
full pages (the default fill factor, 100) each update writes three index entries. Half of each
new page is left free, as for bets and plays (0016_draw_speed); the rows are small, so the cost
in space is small. SQLite has no fill factor: nothing to do there.

Revision ID: 0017_draw_copy
Revises: 0016_draw_speed
"""

from __future__ import annotations

from alembic import op

revision = "0017_draw_copy"
down_revision = "0016_draw_speed"
branch_labels = None
depends_on = None

FILLFACTOR = 50


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(f"ALTER TABLE accounts SET (fillfactor = {FILLFACTOR})")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("ALTER TABLE accounts RESET (fillfactor)")
