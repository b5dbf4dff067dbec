"""Again and replay: a rematch's answer and state, and a finished table's replay
(`shared/api/contract.md`, Finding a game)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.api.schemas.envelope import ViewEnvelope


class RematchOut(BaseModel):
    """`POST …/rematch`: `asked` while others have still to ask; `created` with the new
    table once everyone seated has."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"status": "created", "table_id": "9b1d…"}]}
    )
    status: Literal["asked", "created"]
    table_id: str | None = Field(default=None, description="The new table, once created")


class DealSpanOut(BaseModel):
    deal_no: int
    first_version: int = Field(description="The first version of the log in this deal")
    last_version: int


class ShuffleCheckOut(BaseModel):
    """The server's check of the deal on view, from its record (`GET …/deals/{deal_no}`): a
    client may make each check itself from the record."""

    deal_no: int
    commitment: bool = Field(description="SHA-256 of the seed is the published commitment")
    deck: bool = Field(description="The deck follows from the seed: the shuffle, then the cut")
    hands: bool = Field(description="Dealing that deck gives the record's hands")
    verified: bool = Field(description="All three hold")


class ReplayOut(ViewEnvelope):
    """A finished table as it stood after `version` events: the public (spectator) view of
    its game, with every seat's hand face up."""

    model_config = ConfigDict(extra="allow")
    my_seat: None = Field(description="A replay is a spectator's view")
    legal_actions: list[Any] = Field(description="Always empty: nobody acts in a replay")
    last_deal: Any = Field(description="The game's summary of the last finished deal")
    game: Any = Field(description="Only this game's, as in its view")
    hands: list[list[str]] = Field(
        description="Per seat, its hand at this version in the game's order (empty between deals)"
    )
    last_version: int = Field(description="The finished table's version: the last step")
    deals: list[DealSpanOut] = Field(description="The versions of each deal, to jump to one")
    shuffle_check: ShuffleCheckOut | None = Field(
        description="The check of the deal on view (null before the first deal, and for a "
        "deal its game has no record of: one cut short by a resignation, where the game counts "
        "it unfinished)"
    )
