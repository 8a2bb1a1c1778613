"""hardening (issue 13): login throttling, sliding idle sessions, collision-free table locks

* ``login_throttle``: the times of a login name's recent failed logins and, once there were too
  many within the window, until when it is locked (``platform/throttle.py``);
* ``sessions.absolute_expires_at``: a session's hard end; ``expires_at`` becomes the idle deadline
  that activity moves forward (GLI-19 2.5.3), never past the hard end;
* ``game_tables.lock_id``: a small integer per table, unique, the second key of the table runner's
  two-key advisory lock (``platform/locks.py``; a hash of the name collided).

Revision ID: 0006_hardening
Revises: 0005_bets_play_seq
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_hardening"
down_revision = "0005_bets_play_seq"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_throttle",
        sa.Column("login", sa.String(64), primary_key=True),
        sa.Column("recent", sa.JSON(), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("absolute_expires_at", sa.DateTime(timezone=True),
                                      nullable=True))
    with op.batch_alter_table("game_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("lock_id", sa.Integer(), nullable=True))
    tables = sa.table("game_tables", sa.column("id", sa.String), sa.column("lock_id", sa.Integer))
    conn = op.get_bind()
    ids = [r[0] for r in conn.execute(sa.select(tables.c.id).order_by(tables.c.id))]
    for n, table_id in enumerate(ids, 1):
        conn.execute(tables.update().where(tables.c.id == table_id).values(lock_id=n))
    op.create_index("ux_game_tables_lock_id", "game_tables", ["lock_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_game_tables_lock_id", table_name="game_tables")
    with op.batch_alter_table("game_tables", schema=None) as batch_op:
        batch_op.drop_column("lock_id")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_column("absolute_expires_at")
    op.drop_table("login_throttle")
