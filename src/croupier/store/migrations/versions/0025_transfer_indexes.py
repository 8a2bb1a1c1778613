"""draw settlement speed, part 3 (issue 20): the two indexes of ``transfers`` no query reads

``transfers`` had six indexes: the primary key, the unique idempotency key (every transfer claims
it), the debit and credit accounts (a system account's balance is the sum of its transfers:
``Ledger.derived_balance``, ``ledger_batch.balances``), and ``round_id`` and ``play_id``. No
query filters, joins or sorts transfers by round or by play (the Games History reads plays and
bets; a transfer is found by its key), so those two indexes were only written: one entry each per
transfer, some 2 us of the server's time per winner of a draw (``make bench``; a draw pays tens of
thousands of winners). They are dropped, on PostgreSQL and SQLite alike; the columns stay.

Revision ID: 0025_transfer_indexes
Revises: 0024_accumulators
"""

from __future__ import annotations

from alembic import op

revision = "0025_transfer_indexes"
down_revision = "0024_accumulators"
branch_labels = None
depends_on = None

INDEXES = (("ix_transfers_round_id", "round_id"), ("ix_transfers_play_id", "play_id"))


def upgrade() -> None:
    for name, _column in INDEXES:
        op.drop_index(name, table_name="transfers")


def downgrade() -> None:
    for name, column in INDEXES:
        op.create_index(name, "transfers", [column])
