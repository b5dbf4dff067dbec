"""A snapshot of each table's folded log on its projection row, so reads need not replay.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("snapshot", sa.JSON(), nullable=True))
        table.add_column(sa.Column("snapshot_schema", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("snapshot_schema")
        table.drop_column("snapshot")
