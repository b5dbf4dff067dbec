"""The envelope every game's view shares, and the record of a finished deal
(`shared/api/contract.md`, The View): what only one game has is its `game` part, typed by its
wire adapter (`app.api.games`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from app.api.schemas.common import DeadlineOut, MessageOut


class PlayEnvelope(BaseModel):
    """One seat's cards in a trick: one card, several, or a face-down discard."""

    seat: int
    cards: list[str] | None = Field(
        description="None for a face-down play that is not the viewer's own"
    )
    count: int
    face: Literal["up", "down"]


class TrickEnvelope(BaseModel):
    leader: int
    plays: list[PlayEnvelope]
    winner: int | None = None
    points: int | None = None


class StockOut(BaseModel):
    size: int
    trump_card: str | None = Field(description="The face-up trump card, while it shows")


class ResultEnvelope(BaseModel):
    winner: int | None = Field(description="The winning side, if one")
    loser: int | None = Field(description="The losing side, if one")
    scores: list[int]
    titles: list[str]
    reason: str


class ViewEnvelope(BaseModel):
    """The fields of every game's view; its subclass per game types `legal_actions`,
    `last_deal` and `game`."""

    table_id: str
    variant: str
    version: int
    status: Literal["waiting", "playing", "finished"]
    deal_no: int
    phase: str | None
    dealer: int | None
    to_act: list[int]
    my_seat: int | None
    my_hand: list[str] | None
    hand_sizes: list[int]
    scores: list[int] = Field(description="Per side, in the game's own unit")
    trick: TrickEnvelope | None
    last_trick: TrickEnvelope | None
    messages: list[MessageOut]
    messages_allowed: bool
    commitment: str | None = Field(description="SHA-256 hex of the running deal's seed")
    move_clock_s: int | None
    deadlines: list[DeadlineOut]
    stock: StockOut | None
    result: ResultEnvelope | None


class DealRecordEnvelope(BaseModel):
    """A finished deal, whole: its seed, the deck after the cut it was dealt from, the
    hands as dealt, every trick face up, and what it scored."""

    variant: str
    deal_no: int
    dealer: int
    seed: str = Field(description="Hex of the shuffle seed")
    commitment: str = Field(description="SHA-256 hex of the seed, published when the deal began")
    cut: int | None
    deck: list[str] = Field(
        description="The whole card order after the cut, top first (stock and trump card "
        "included): shuffled_order(seed) then the cut, as the rules page says"
    )
    hands: list[list[str]]
    tricks: list[TrickEnvelope]
    outcome: dict[str, Any] | None
    points: list[int] | None = Field(
        description="Card points per side, when every card of the deck went to a side"
    )
    game: Any = Field(description="What only this game records")
