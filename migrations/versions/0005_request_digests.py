"""Move ids and idempotency keys keep a digest of the request they named, so that one sent
again with another body is refused (409 `idempotency_mismatch`) rather than answered with the
first result. Rows written before have no digest (NULL): they match any body, as they did.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TABLES = ("moves", "table_requests")


def upgrade() -> None:
    for name in TABLES:
        with op.batch_alter_table(name) as table:
            table.add_column(sa.Column("digest", sa.String(64), nullable=True))


def downgrade() -> None:
    for name in TABLES:
        with op.batch_alter_table(name) as table:
            table.drop_column("digest")
