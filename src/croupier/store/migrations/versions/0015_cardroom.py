"""card room (issue 21 part 3): poker tables, seats, seeds, hands, monitoring facts, sit-and-go
tournaments and their entries

Revision ID: 0015_cardroom
Revises: 0014_draws
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_cardroom"
down_revision = "0014_draws"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "cardroom_tables",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("big_blind", sa.BigInteger(), nullable=False),
        sa.Column("min_buy_in", sa.BigInteger(), nullable=False),
        sa.Column("max_buy_in", sa.BigInteger(), nullable=False),
        sa.Column("max_seats", sa.Integer(), nullable=False),
        sa.Column("rake_percent", sa.String(20), nullable=True),
        sa.Column("rake_cap", sa.BigInteger(), nullable=True),
        sa.Column("no_flop_no_drop", sa.Boolean(), nullable=False),
        sa.Column("decision_ms", sa.Integer(), nullable=False),
        sa.Column("time_bank_ms", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(40), nullable=True),
        sa.Column("tournament_id", sa.Integer(), nullable=True),
        sa.Column("next_hand", sa.Integer(), nullable=False),
        sa.Column("button", sa.Integer(), nullable=False),
    )
    op.create_table(
        "cardroom_seats",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("stack", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("time_bank_ms", sa.Integer(), nullable=False),
        sa.Column("joined_at", _TS, nullable=False),
        sa.UniqueConstraint("table_id", "seat", name="cardroom_one_player_per_seat"),
        sa.UniqueConstraint("table_id", "player_id", name="cardroom_one_seat_per_player"),
    )
    op.create_index("ix_cardroom_seats_player_id", "cardroom_seats", ["player_id"])
    op.create_table(
        "cardroom_seeds",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("server_seed_hash", sa.String(64), nullable=False),
        sa.Column("client_seed", sa.String(80), nullable=False),
        sa.Column("first_hand", sa.Integer(), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("revealed_at", _TS, nullable=True),
    )
    op.create_index("ix_cardroom_seeds_table", "cardroom_seeds", ["table_id", "id"])
    op.create_table(
        "cardroom_hands",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.String(40), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("seed_id", sa.Integer(), sa.ForeignKey("cardroom_seeds.id"), nullable=False),
        sa.Column("seat_players", sa.JSON(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("settlement", sa.JSON(), nullable=True),
        sa.Column("rake", sa.BigInteger(), nullable=False),
        sa.Column("void_reason", sa.String(200), nullable=True),
        sa.Column("started_at", _TS, nullable=False),
        sa.Column("ended_at", _TS, nullable=True),
        sa.UniqueConstraint("table_id", "number", name="cardroom_hand_number_per_table"),
    )
    op.create_table(
        "cardroom_hand_players",
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("cardroom_hands.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("returned", sa.BigInteger(), nullable=False),
    )
    op.create_index("ix_cardroom_hand_players_player", "cardroom_hand_players",
                    ["player_id", "hand_id"])
    op.create_table(
        "cardroom_facts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("cardroom_hands.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("other_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_index("ix_cardroom_facts_hand_id", "cardroom_facts", ["hand_id"])
    op.create_index("ix_cardroom_facts_pair", "cardroom_facts", ["player_id", "other_id"])
    op.create_table(
        "cardroom_tournaments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("buy_in", sa.BigInteger(), nullable=False),
        sa.Column("fee", sa.BigInteger(), nullable=False),
        sa.Column("starting_stack", sa.BigInteger(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("level_seconds", sa.Integer(), nullable=False),
        sa.Column("levels", sa.JSON(), nullable=False),
        sa.Column("prizes", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("table_id", sa.String(40), nullable=True),
        sa.Column("started_at", _TS, nullable=True),
        sa.Column("finished_at", _TS, nullable=True),
    )
    op.create_table(
        "cardroom_entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("cardroom_tournaments.id"),
                  nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("prize", sa.BigInteger(), nullable=False),
        sa.Column("entered_at", _TS, nullable=False),
        sa.UniqueConstraint("tournament_id", "player_id", name="cardroom_one_entry"),
    )


def downgrade() -> None:
    for name in ("cardroom_entries", "cardroom_tournaments", "cardroom_facts",
                 "cardroom_hand_players", "cardroom_hands", "cardroom_seeds", "cardroom_seats",
                 "cardroom_tables"):
        op.drop_table(name)
