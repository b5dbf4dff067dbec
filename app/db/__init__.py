"""Persistence: SQLAlchemy models and the append-only event store."""
