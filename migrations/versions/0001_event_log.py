"""The event log and its projections: players, tables, seats, events, moves, table requests.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("variant", sa.String(20), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("deal_no", sa.Integer(), nullable=False),
        sa.Column("written_0", sa.Integer(), nullable=False),
        sa.Column("written_1", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_game_tables_status_created", "game_tables", ["status", "created_at", "id"])
    op.create_table(
        "seats",
        sa.Column(
            "table_id",
            sa.String(36),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.String(36), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("bot", sa.String(20), nullable=True),
        sa.Column("must_act", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_seats_player_id", "seats", ["player_id"])
    op.create_table(
        "events",
        sa.Column(
            "table_id",
            sa.String(36),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("deal_no", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column(
            "table_id",
            sa.String(36),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("move_id", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(36), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "table_requests",
        sa.Column("player_id", sa.String(36), primary_key=True),
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("table_id", sa.String(36), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for table in ("table_requests", "moves", "events", "seats", "game_tables", "players"):
        op.drop_table(table)
