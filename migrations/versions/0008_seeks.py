"""Seeks: a player's wish for a game, matched into a table in the database (one waiting seek
per player and variant); and the tables where a player's move clock ran out, which bench a
bot account from seeks.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

WAITING = sa.text("status = 'waiting'")


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(36),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("variant", sa.String(20), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("bot", sa.Boolean(), nullable=False),
        sa.Column("pool", sa.String(64), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("bots_after_s", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("table_id", sa.String(36), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("matched_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_seeks_player_id", "seeks", ["player_id"])
    op.create_index("ix_seeks_table_id", "seeks", ["table_id"])
    op.create_index("ix_seeks_matched_at", "seeks", ["matched_at"])
    op.create_index(
        "ix_seeks_one_waiting",
        "seeks",
        ["player_id", "variant"],
        unique=True,
        sqlite_where=WAITING,
        postgresql_where=WAITING,
    )
    op.create_index(
        "ix_seeks_waiting_pool",
        "seeks",
        ["pool", "created_at"],
        sqlite_where=WAITING,
        postgresql_where=WAITING,
    )
    op.create_table(
        "clock_lapses",
        sa.Column(
            "player_id",
            sa.String(36),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "table_id",
            sa.String(36),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("clock_lapses")
    op.drop_table("seeks")
