"""knock-out tournaments of the two-player match games (issue 22): tournaments, their entries
and the bracket's pairings

Revision ID: 0021_pvp_tournaments
Revises: 0020_request_id
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021_pvp_tournaments"
down_revision = "0020_request_id"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "pvp_tournaments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("game", sa.String(24), nullable=False),
        sa.Column("variant", sa.String(24), nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("buy_in", sa.BigInteger(), nullable=False),
        sa.Column("fee", sa.BigInteger(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("prizes", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("move_ms", sa.Integer(), nullable=False),
        sa.Column("game_ms", sa.Integer(), nullable=False),
        sa.Column("autostart", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("server_seed_hash", sa.String(64), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("started_at", _TS, nullable=True),
        sa.Column("ended_at", _TS, nullable=True),
    )
    op.create_index("ix_pvp_tournaments_status", "pvp_tournaments", ["status"])
    op.create_table(
        "pvp_tournament_entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("pvp_tournaments.id"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("bot", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("prize", sa.BigInteger(), nullable=False),
        sa.Column("registered_at", _TS, nullable=False),
    )
    op.create_index("ix_pvp_tournament_entries_t_p", "pvp_tournament_entries",
                    ["tournament_id", "player_id"])
    op.create_table(
        "pvp_tournament_games",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("pvp_tournaments.id"), primary_key=True),
        sa.Column("rnd", sa.Integer(), primary_key=True),
        sa.Column("slot", sa.Integer(), primary_key=True),
        sa.Column("entry_a", sa.Integer(), nullable=False),
        sa.Column("entry_b", sa.Integer(), nullable=True),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("winner_entry", sa.Integer(), nullable=True),
        sa.Column("how", sa.String(12), nullable=True),
    )
    op.create_index("ix_pvp_tournament_games_match_id", "pvp_tournament_games", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_pvp_tournament_games_match_id", table_name="pvp_tournament_games")
    op.drop_table("pvp_tournament_games")
    op.drop_index("ix_pvp_tournament_entries_t_p", table_name="pvp_tournament_entries")
    op.drop_table("pvp_tournament_entries")
    op.drop_index("ix_pvp_tournaments_status", table_name="pvp_tournaments")
    op.drop_table("pvp_tournaments")
