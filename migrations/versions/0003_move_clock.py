"""The earliest move-clock deadline of each table, so the clock keeper finds due tables fast.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_game_tables_deadline_at", "game_tables", ["deadline_at"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_deadline_at", "game_tables")
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("deadline_at")
