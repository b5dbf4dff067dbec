"""Domain values to JSON shapes, through the table's game's wire adapter, and the shared
request helpers (a move's idempotency key)."""

from __future__ import annotations

from typing import Any

from app.api import schemas as s
from app.api.games import adapter_of
from app.db.store import TableSummary
from app.domain.game import DealRecord
from app.domain.options import with_wire_names
from app.domain.registry import game_of
from app.services import idempotency
from app.services.replaying import Replay
from app.services.table_log import Table


def view_out(table: Table, seat: int | None) -> dict[str, Any]:
    """The caller's view as plain JSON values, in its game's shape (the hottest response:
    built directly rather than through model validation; a test checks it against the
    schema)."""
    return {**adapter_of(table.variant).view(table, seat), "rematch": rematch_out(table)}


def rematch_out(table: Table) -> dict[str, Any] | None:
    """Once the game is over: who asked for a rematch, and its table once made."""
    if table.status != "finished":
        return None
    rematch = table.rematch
    return {"asked": list(rematch.asked), "table_id": rematch.table_id}


def replay_out(replay: Replay) -> dict[str, Any]:
    """The public view at the replay's version, every hand face up, the log's deals and the
    shuffle check of the deal on view."""
    check = replay.check
    return {
        **view_out(replay.table, None),
        "hands": [[str(card) for card in hand] for hand in replay.hands],
        "last_version": replay.last_version,
        "deals": [
            {"deal_no": d.deal_no, "first_version": d.first_version, "last_version": d.last_version}
            for d in replay.deals
        ],
        "shuffle_check": None
        if check is None
        else {
            "deal_no": check.deal_no,
            "commitment": check.commitment,
            "deck": check.deck,
            "hands": check.hands,
            "verified": check.verified,
        },
    }


def deal_record_out(variant: str, record: DealRecord) -> dict[str, Any]:
    return adapter_of(variant).deal_record(record)


def move_key(endpoint: str, body: s.Acting) -> tuple[str, str] | None:
    """The client's `(move_id, digest)` of an action, if it sent a `move_id`: the digest of
    the endpoint and the body as read, without the `move_id` (`services.idempotency`)."""
    if body.move_id is None:
        return None
    return body.move_id, idempotency.digest(
        endpoint, body.model_dump(mode="json", exclude={"move_id"})
    )


def table_out(summary: TableSummary) -> s.TableOut:
    scores = list(summary.scores)
    # A table created before the options were snake_case keeps their old names in its row.
    options_type = game_of(summary.variant).info.options_type
    return s.TableOut(
        id=summary.id,
        variant=summary.variant,
        status=summary.status,  # type: ignore[arg-type]
        options=with_wire_names(options_type, summary.options),
        seats=[
            s.SeatOut(
                seat=row.seat,
                player=None
                if row.player_id is None
                else s.PlayerOut(id=row.player_id, name=row.player_name or "", bot=row.player_bot),
                bot=row.bot,
            )
            for row in summary.seats
        ],
        scores=scores,
        **adapter_of(summary.variant).table_fields(summary),
        deal_no=summary.deal_no,
        version=summary.version,
        created_at=summary.created_at,
    )
