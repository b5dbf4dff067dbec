"""Accounts: a player may claim a login and a password, and holds a token per device. Every
player's one token becomes its first device token (existing players keep working); bot
accounts are marked; failed sign-ins are kept for throttling.

The migrated token's id is its player's id (ids are per table; every later token gets a new
one). The downgrade gives each player its earliest token back, and loses logins, passwords,
the bot mark and every other token; a player left without a token gets a hash no token has.

SQLite cannot drop a UNIQUE column in place, so there `players` is rebuilt: copied aside,
dropped and made anew in one transaction. Seats refer to players, so foreign keys are deferred
to the commit for it (by then every seat's player is back); the transaction is opened by a
write first, because SQLite runs a DDL statement outside a transaction on its own.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

GONE = "'revoked:' || id"
"""The token hash of a player left without a token by the downgrade: not hex, so no token's
SHA-256 is ever equal to it."""


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    if sqlite:
        _begin_deferred()
        op.execute("CREATE TABLE players_0007 AS SELECT * FROM players")
        op.drop_table("players")
        _players(login=True)
        op.execute(
            "INSERT INTO players (id, name, bot, created_at) "
            "SELECT id, name, false, created_at FROM players_0007"
        )
    else:
        op.add_column(
            "players",
            sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false()),
        )
        op.add_column("players", sa.Column("login", sa.String(32), nullable=True))
        op.add_column("players", sa.Column("password_hash", sa.String(200), nullable=True))
        op.create_index("ix_players_login", "players", ["login"], unique=True)
    op.create_table(
        "tokens",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(36),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("device", sa.String(60), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tokens_hash", "tokens", ["hash"], unique=True)
    op.create_index("ix_tokens_player_id", "tokens", ["player_id"])
    source = "players_0007" if sqlite else "players"
    op.execute(
        "INSERT INTO tokens (id, player_id, hash, device, created_at, last_used_at) "
        f"SELECT id, id, token_hash, NULL, created_at, created_at FROM {source}"
    )
    if sqlite:
        op.drop_table("players_0007")
    else:
        op.drop_column("players", "token_hash")
    op.create_table(
        "credential_failures",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("login", sa.String(64), nullable=True),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_credential_failures_at", "credential_failures", ["at"])
    op.create_index("ix_credential_failures_login", "credential_failures", ["login", "at"])
    op.create_index("ix_credential_failures_address", "credential_failures", ["address", "at"])


def downgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.drop_table("credential_failures")
    first_token = (
        "(SELECT hash FROM tokens WHERE tokens.player_id = players.id "
        "ORDER BY created_at, id LIMIT 1)"
    )
    if sqlite:
        _begin_deferred()
        op.execute(
            "CREATE TABLE players_0007 AS SELECT id, name, created_at, "
            f"COALESCE({first_token}, {GONE}) AS token_hash FROM players"
        )
        op.drop_table("tokens")
        op.drop_table("players")
        _players(login=False)
        op.execute(
            "INSERT INTO players (id, name, token_hash, created_at) "
            "SELECT id, name, token_hash, created_at FROM players_0007"
        )
        op.drop_table("players_0007")
        return
    op.add_column("players", sa.Column("token_hash", sa.String(64), nullable=True))
    op.execute(f"UPDATE players SET token_hash = COALESCE({first_token}, {GONE})")
    op.alter_column("players", "token_hash", nullable=False)
    op.create_unique_constraint("players_token_hash_key", "players", ["token_hash"])
    op.drop_table("tokens")
    op.drop_index("ix_players_login", "players")
    for column in ("password_hash", "login", "bot"):
        op.drop_column("players", column)


def _begin_deferred() -> None:
    """Open the transaction with a write (SQLite would run the DDL that follows outside one),
    and defer foreign keys to its commit."""
    op.execute("UPDATE alembic_version SET version_num = version_num")
    op.execute("PRAGMA defer_foreign_keys = ON")


def _players(login: bool) -> None:
    """`players` as this revision leaves it (`login`), or as it found it."""
    columns = [
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
    ]
    if login:
        columns += [
            sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false()),
            sa.Column("login", sa.String(32), nullable=True),
            sa.Column("password_hash", sa.String(200), nullable=True),
        ]
    else:
        columns.append(sa.Column("token_hash", sa.String(64), nullable=False, unique=True))
    columns.append(sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))
    op.create_table("players", *columns)
    if login:
        op.create_index("ix_players_login", "players", ["login"], unique=True)
