"""Tables of any game: the projection keeps the scores per side (a list: two teams, or two
to four players) instead of the 24-card Kozel's two written totals. Every row keeps its
figures: `written_0, written_1` become `scores = [written_0, written_1]`, and back.

No step rebuilds `game_tables`: on SQLite a rebuild drops the old table, and with foreign keys
on that deletes every row that refers to it (events, seats, moves) by their ON DELETE CASCADE.
So the columns are added with a default and dropped in place (SQLite 3.35 and later).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _drop(column: str) -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"ALTER TABLE game_tables DROP COLUMN {column}")
    else:
        op.drop_column("game_tables", column)


def upgrade() -> None:
    postgres = op.get_bind().dialect.name == "postgresql"
    op.add_column(
        "game_tables",
        sa.Column("scores", sa.JSON(), nullable=False, server_default=sa.text("'[]'")),
    )
    pair = (
        "json_build_array(written_0, written_1)" if postgres else "json_array(written_0, written_1)"
    )
    op.execute(f"UPDATE game_tables SET scores = {pair}")
    _drop("written_0")
    _drop("written_1")


def downgrade() -> None:
    postgres = op.get_bind().dialect.name == "postgresql"
    for column in ("written_0", "written_1"):
        op.add_column(
            "game_tables",
            sa.Column(column, sa.Integer(), nullable=False, server_default=sa.text("0")),
        )
    if postgres:
        first, second = "(scores->>0)::int", "(scores->>1)::int"
    else:
        first, second = "json_extract(scores, '$[0]')", "json_extract(scores, '$[1]')"
    op.execute(
        f"UPDATE game_tables SET written_0 = COALESCE({first}, 0), "
        f"written_1 = COALESCE({second}, 0)"
    )
    _drop("scores")
