"""Ratings: each rated player's standing per variant (an account, or a server bot level),
the seats of finished games (a player's history, with the rating before and after), and the
address each account took a seat of a rated table from.

Both are projections of the finished tables' logs: this revision creates them empty, and
`kozel ratings rebuild` fills them from the logs of the games finished before it.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("holder", sa.String(40), primary_key=True),
        sa.Column("variant", sa.String(20), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(36),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("provisional", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("played", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("won", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("lost", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("last_finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_table_id", sa.String(36), nullable=True),
    )
    op.create_index("ix_ratings_player", "ratings", ["player_id", "variant"])
    op.create_index(
        "ix_ratings_leaderboard", "ratings", ["variant", "bot", "provisional", "rating", "holder"]
    )
    op.create_table(
        "finished_seats",
        sa.Column(
            "table_id",
            sa.String(36),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("variant", sa.String(20), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("holder", sa.String(40), nullable=False),
        sa.Column(
            "player_id",
            sa.String(36),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("bot", sa.String(20), nullable=True),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(5), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
    )
    op.create_index(
        "ix_finished_seats_history", "finished_seats", ["player_id", "finished_at", "table_id"]
    )
    op.create_index(
        "ix_finished_seats_variant_history",
        "finished_seats",
        ["player_id", "variant", "finished_at", "table_id"],
    )

    op.create_table(
        "seat_addresses",
        sa.Column(
            "table_id",
            sa.String(36),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("player_id", sa.String(36), primary_key=True),
        sa.Column("address", sa.String(64), nullable=False),
    )
    op.create_index("ix_seat_addresses_address", "seat_addresses", ["table_id", "address"])


def downgrade() -> None:
    op.drop_table("seat_addresses")
    op.drop_table("finished_seats")
    op.drop_table("ratings")
