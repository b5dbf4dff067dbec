"""Every game's wire adapter, by variant: the one place in the API that names the games.

Each game's move bodies are one discriminated union (by `type`); the route of `…/moves`
takes any game's, and the table's own adapter reads it as its game's. A view and a deal
record are typed per game, discriminated by `variant`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Protocol, Union

from pydantic import BaseModel, Field

from app.api.games import bura, kozel4, kozel24, kozel32, kozly, sixty_six
from app.db.store import TableSummary
from app.domain.commands import Command
from app.domain.game import DealRecord, Game
from app.domain.registry import GAMES
from app.services.table_log import Table


class WireAdapter(Protocol):
    @property
    def variant(self) -> str: ...
    @property
    def game(self) -> Game[Any, Any]: ...
    @property
    def moves(self) -> Any: ...
    @property
    def legal_model(self) -> type[BaseModel]: ...
    @property
    def view_model(self) -> type[BaseModel]: ...
    @property
    def record_model(self) -> type[BaseModel]: ...

    @property
    def view_example(self) -> dict[str, Any]: ...

    def table_fields(self, summary: TableSummary) -> dict[str, Any]: ...
    def command(self, body: BaseModel, seat: int) -> Command: ...
    def legal_action(self, command: Command) -> dict[str, Any]: ...
    def view(self, table: Table, seat: int | None) -> dict[str, Any]: ...
    def deal_record(self, record: DealRecord) -> dict[str, Any]: ...
    def model_named(self, name: str) -> type[BaseModel] | None: ...


ADAPTERS: dict[str, WireAdapter] = {
    adapter.variant: adapter
    for adapter in (
        kozel24.ADAPTER,
        kozel32.ADAPTER,
        kozel4.ADAPTER,
        bura.ADAPTER,
        kozly.ADAPTER,
        sixty_six.ADAPTER,
    )
}
assert set(ADAPTERS) == set(GAMES), "every registered game has its wire adapter"


def adapter_of(variant: str) -> WireAdapter:
    return ADAPTERS[variant]


# The unions below are made from the adapters at import time: to the type checker they are
# the models they are unions of.
if TYPE_CHECKING:
    from app.api.schemas.common import Acting as MoveBody

    AnyView = BaseModel
    AnyDealRecord = BaseModel
    AnyLegalAction = BaseModel
else:
    MoveBody = Union[tuple(adapter.moves for adapter in ADAPTERS.values())]  # noqa: UP007
    """A body of `POST …/moves`: one of some game's moves (the table's game reads it)."""
    AnyView = Annotated[
        Union[tuple(adapter.view_model for adapter in ADAPTERS.values())],  # noqa: UP007
        Field(discriminator="variant"),
    ]
    AnyDealRecord = Annotated[
        Union[tuple(adapter.record_model for adapter in ADAPTERS.values())],  # noqa: UP007
        Field(discriminator="variant"),
    ]
    AnyLegalAction = Union[
        (kozel24.LegalAction, *(a.legal_model for a in ADAPTERS.values() if a.variant != "kozel24"))
    ]


def model_named(name: str) -> type[BaseModel] | None:
    for adapter in ADAPTERS.values():
        found = adapter.model_named(name)
        if found is not None:
            return found
    return None


__all__ = [
    "ADAPTERS",
    "AnyDealRecord",
    "AnyLegalAction",
    "AnyView",
    "MoveBody",
    "WireAdapter",
    "adapter_of",
    "model_named",
]
