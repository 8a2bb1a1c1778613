"""draw settlement speed, part 3 (issue 20): the two indexes of ``transfers`` no query reads; a
round's plays indexed in play order

``transfers`` had six indexes: the primary key, the unique idempotency key (every transfer claims
it), the debit and credit accounts (a system account's balance is the sum of its transfers:
``Ledger.derived_balance``, ``ledger_batch.balances``), and ``round_id`` and ``play_id``. No
query filters, joins or sorts transfers by round or by play (the Games History reads plays and
bets; a transfer is found by its key), so those two indexes were only written: one entry each per
transfer, some 2 us of the server's time per winner of a draw (``make bench``; a draw pays tens of
thousands of winners). They are dropped, on PostgreSQL and SQLite alike; the columns stay.

And ``plays``' index of ``round_id`` alone becomes one of ``(round_id, id)``: a draw's settlement
reads the oldest open plays of the draw, 20,000 at a time in id order. With ``round_id`` alone
the server walked the primary key from the first play ever made and skipped, for every batch,
every play of every earlier round (a draw settled after another of 100,000 tickets skipped
500,000 rows: some 0.2 s of the server's 1.8 s for 100,000 tickets, ``make bench``); with the
pair it starts at the draw's first play. Every query of plays by round alone reads the new index
as it read the old one (its first column).

Last, ``bets`` and ``plays`` leave 60% of each new page free on PostgreSQL (``fillfactor`` 40;
``0016_draw_speed`` set 50): the settlement's one update of a row makes it longer (a play's
status, return and settlement time; a bet's return and outcome: some 15-25% more bytes), so a
page half full of rows had no room left for the new versions of its last rows, about one in six
(``pg_stat_user_tables``: 85% of the updates heap-only), and each of those wrote a new entry in
all four indexes of its table. At 40 every update stays on its page. The price: new pages of the
two tables hold a fifth fewer rows than at 50 (ASSUMPTION: an operational choice, undone by
``ALTER TABLE ... SET (fillfactor = 50)``). SQLite has no fill factor.

Revision ID: 0025_transfer_indexes
Revises: 0024_accumulators
"""

from __future__ import annotations

from alembic import op

revision = "0025_transfer_indexes"
down_revision = "0024_accumulators"
branch_labels = None
depends_on = None

FILLFACTOR = 40

INDEXES = (("ix_transfers_round_id", "round_id"), ("ix_transfers_play_id", "play_id"))


def upgrade() -> None:
    for name, _column in INDEXES:
        op.drop_index(name, table_name="transfers")
    op.create_index("ix_plays_round_id_id", "plays", ["round_id", "id"])
    op.drop_index("ix_plays_round_id", table_name="plays")
    if op.get_bind().dialect.name == "postgresql":
        for table in ("bets", "plays"):
            op.execute(f"ALTER TABLE {table} SET (fillfactor = {FILLFACTOR})")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in ("bets", "plays"):
            op.execute(f"ALTER TABLE {table} SET (fillfactor = 50)")  # 0016_draw_speed's
    op.create_index("ix_plays_round_id", "plays", ["round_id"])
    op.drop_index("ix_plays_round_id_id", table_name="plays")
    for name, column in INDEXES:
        op.create_index(name, "transfers", [column])
