"""A game's wire adapter: its move bodies, its view and its deal record as JSON, typed for the
OpenAPI document. `Adapter` serves a game from its own domain types (`generated`); the 24-card
Kozel's adapter keeps the shapes its clients already read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field, TypeAdapter, ValidationError, create_model

from app.api.games.generated import Models, camel, with_example
from app.api.schemas.envelope import DealRecordEnvelope, ResultEnvelope, ViewEnvelope
from app.domain import codec
from app.domain.commands import Command
from app.domain.game import DealRecord, Game
from app.domain.view import Play, TrickView, View
from app.services.table_log import Table

ACTING_FIELDS = {"expected_version", "move_id"}


@dataclass
class Adapter:
    """The wire of one game, made from its domain types: `part` is its view's `game` part,
    `summary` its deal summary (`last_deal`)."""

    game: Game[Any, Any]
    part: type
    summary: type
    example: dict[str, Any] | None = None
    """The view's example (in the document), if the game gives one."""
    body_examples: dict[str, dict[str, Any]] | None = None
    """A move body's example by its `type` (in the document)."""
    models: Models = field(init=False)
    moves: Any = field(init=False)
    """The union of the game's bodies of `POST …/moves`, discriminated by `type`."""
    legal_model: type[BaseModel] = field(init=False)
    view_model: type[BaseModel] = field(init=False)
    record_model: type[BaseModel] = field(init=False)

    def __post_init__(self) -> None:
        variant = self.game.info.variant
        self.models = Models(variant)
        commands = self.game.commands
        self.moves = self.models.moves(commands, commands.classes, self.body_examples)
        self._moves = TypeAdapter(self.moves)
        prefix = self.models.prefix
        fields: dict[str, Any] = {"endpoint": (Literal["moves"], ...), "body": (self.moves, ...)}
        self.legal_model = create_model(
            f"{prefix}LegalMove",
            __doc__=f"`POST …/moves` with this body is accepted now ({variant}).",
            **fields,
        )
        own: Any = Literal[variant]
        fields = {
            "variant": (own, ...),
            "legal_actions": (list[self.legal_model], ...),  # type: ignore[name-defined]
            "last_deal": (self.models.value(self.summary | None), ...),
            "game": (self.models.value(self.part | None), Field(description="Only this game's")),
            "result": (result_model(self.game, prefix) | None, ...),
        }
        self.view_model = create_model(
            f"{prefix}View",
            __base__=with_example(ViewEnvelope, self.example),
            __doc__=f"A seat's view of a {variant} table (the shared envelope, its own `game`).",
            **fields,
        )
        fields = {"variant": (own, ...)}
        self.record_model = create_model(
            f"{prefix}DealRecord", __base__=DealRecordEnvelope, **fields
        )

    @property
    def variant(self) -> str:
        return self.game.info.variant

    @property
    def view_example(self) -> dict[str, Any]:
        return self.example or {}

    def table_fields(self, summary: Any) -> dict[str, Any]:
        """What only this game's tables list beside the shared fields (nothing)."""
        return {}

    # Requests

    def command(self, body: BaseModel, seat: int) -> Command:
        """The command a body of `…/moves` asks of `seat`, read as this game's body (it may
        have been read as another game's: every game's bodies share the route)."""
        try:
            own = self._moves.validate_python(body.model_dump(exclude=ACTING_FIELDS))
        except ValidationError as error:
            raise RequestValidationError(body_errors(error)) from None
        return self.game.commands.parse(seat, own.model_dump(exclude=ACTING_FIELDS))

    def legal_action(self, command: Command) -> dict[str, Any]:
        return {"endpoint": "moves", "body": self.game.commands.body(command)}

    # Responses

    def view(self, table: Table, seat: int | None) -> dict[str, Any]:
        if table.state is None:
            return waiting_view(table, seat, self.game)
        view = self.game.view_for(table.state, seat)
        return {
            **envelope(table, seat, view),
            "legal_actions": [self.legal_action(a) for a in view.legal_actions],
            "last_deal": codec.encode(view.last_deal),
            "game": codec.encode(view.game),
        }

    def deal_record(self, record: DealRecord) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "deal_no": record.deal_no,
            "dealer": record.dealer,
            "seed": record.seed.hex(),
            "commitment": record.commitment,
            "cut": record.cut,
            "deck": [str(card) for card in record.deck],
            "hands": [[str(card) for card in hand] for hand in record.hands],
            "tricks": [trick_out(t) for t in record.tricks],
            "outcome": codec.encode(record.outcome),
            "points": None if record.points is None else list(record.points),
            "game": codec.encode(record.game),
        }

    def model_named(self, name: str) -> type[BaseModel] | None:
        """One of this adapter's models by its name in the document."""
        for model in (self.view_model, self.record_model, self.legal_model):
            if model.__name__ == name:
                return model
        return None


def result_model(game: Game[Any, Any], prefix: str) -> type[ResultEnvelope]:
    """The envelope's result with the game's own codes: why a game ends, and its titles."""
    info = game.info
    reasons: Any = Literal[info.end_reasons]
    titles: Any = Literal[info.titles]
    model: type[ResultEnvelope] = create_model(
        f"{prefix}Result",
        __base__=ResultEnvelope,
        __doc__=f"How a {info.variant} game ended: `reason` is one of the game's stable codes "
        f"({', '.join(info.end_reasons)}), `titles` are its rules file's.",
        reason=(reasons, ...),
        titles=(list[titles], ...),
    )
    return model


def body_errors(error: ValidationError) -> list[Any]:
    """A body's errors as FastAPI reports a request body's: each under `body`."""
    return [{**e, "loc": ("body", *e["loc"])} for e in error.errors(include_url=False)]


def envelope(table: Table, seat: int | None, view: View[Any]) -> dict[str, Any]:
    """The fields every game's view has, as JSON values."""
    return {
        "table_id": table.id,
        "variant": table.variant,
        "version": table.version,
        "status": table.status,
        "deal_no": view.deal_no,
        "phase": None if view.phase is None else view.phase.value,
        "dealer": view.dealer,
        "to_act": list(view.to_act),
        "my_seat": seat,
        "my_hand": None if view.hand is None else [str(c) for c in view.hand],
        "trumps": [str(c) for c in view.trumps],
        "hand_sizes": list(view.hand_sizes),
        "scores": list(view.scores),
        "trick": trick_out(view.trick),
        "last_trick": trick_out(view.last_trick),
        "messages": messages_out(table),
        "messages_allowed": view.messages_allowed,
        "commitment": view.commitment,
        "move_clock_s": move_clock(table),
        "deadlines": deadlines_out(table, view.to_act),
        "stock": None
        if view.stock is None
        else {
            "size": view.stock.size,
            "trump_card": None if view.stock.trump_card is None else str(view.stock.trump_card),
        },
        "refused": codec.encode(view.refused),
        "pick": codec.encode(view.pick),
        "result": None if view.result is None else codec.encode(view.result),
        "target": codec.encode(view.target),
        "cautions": codec.encode(view.cautions),
    }


def waiting_view(table: Table, seat: int | None, game: Game[Any, Any]) -> dict[str, Any]:
    """The view of a table whose game has not started: its seats fill."""
    assert table.lobby is not None
    count = table.lobby.seating.count
    sides = table.lobby.seating.sides
    return {
        "table_id": table.id,
        "variant": table.variant,
        "version": table.version,
        "status": "waiting",
        "deal_no": 0,
        "phase": None,
        "dealer": None,
        "to_act": [],
        "my_seat": seat,
        "my_hand": None if seat is None else [],
        "trumps": [],
        "hand_sizes": [0] * count,
        "scores": [0] * sides,
        "trick": None,
        "last_trick": None,
        "messages": [],
        "messages_allowed": False,
        "commitment": None,
        "move_clock_s": move_clock(table),
        "deadlines": [],
        "stock": None,
        "refused": [],
        "pick": None,
        "result": None,
        "target": None,
        "cautions": [],
        "legal_actions": [],
        "last_deal": None,
        "game": None,
    }


def trick_out(trick: TrickView | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {
        "leader": trick.leader,
        "plays": [play_out(p) for p in trick.plays],
        "winner": trick.winner,
        "points": trick.points,
    }


def play_out(play: Play) -> dict[str, Any]:
    return {
        "seat": play.seat,
        "cards": None if play.cards is None else [str(c) for c in play.cards],
        "count": play.count,
        "face": play.face.value,
    }


def messages_out(table: Table) -> list[dict[str, Any]]:
    return [{"seat": m.seat, "text": m.text, "at": m.at.isoformat()} for m in table.messages]


def deadlines_out(table: Table, visible: tuple[int, ...]) -> list[dict[str, Any]]:
    """Only the seats this viewer may know are to act (a private option stays private)."""
    return [
        {"seat": seat, "at": due.isoformat()}
        for seat, due in sorted(table.deadlines().items())
        if seat in visible
    ]


def move_clock(table: Table) -> int | None:
    return table.lobby.created.move_clock_s if table.lobby is not None else None


__all__ = ["Adapter", "camel"]
