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
    """How the game ended: who won, who lost, why (a stable code of the game, see its
    `reason`), the titles of its rules file, the final scores and every side's place."""

    winner: int | None = Field(description="The winning side, if one")
    loser: int | None = Field(description="The losing side, if one")
    scores: list[int]
    titles: list[str]
    reason: str
    places: list[int] = Field(
        description="Per side, its final place: 1 is the best; sides the rules rank alike share "
        "a place and the next is skipped (1, 2, 2, 4)"
    )


_RU_EXAMPLE = "сейчас нельзя ходить Т♠: зашли с К♥, а у вас есть черви: ходите в масть ♥"  # noqa: RUF001


class ReasonOut(BaseModel):
    """Why the rules refuse a move (or what a move must be), in their words: a stable `code`
    of the game, the ids of the rules it rests on, and the sentence in English and Russian
    (cards as printed, `A♦`, in Russian with its letters: `Т♦`)."""  # noqa: RUF002

    code: str = Field(examples=["follow_suit"])
    rules: list[str] = Field(examples=[["K-11"]])
    en: str = Field(
        examples=[
            "you may not play A♠ now: K♥ was led and you hold hearts, so you play one of them"
        ]
    )
    ru: str = Field(examples=[_RU_EXAMPLE])


class RefusalOut(BaseModel):
    """A card of the caller's hand that no legal action holds now, and why: the reason a
    `POST …/moves` of it is refused with."""

    card: str
    reason: ReasonOut


class PickOut(BaseModel):
    """What the caller's move of several cards must hold now (a lead or an answer of several
    cards, a give, a discard)."""

    moves: list[str] = Field(
        description="The types of the moves (`legal_actions` bodies) that take these cards"
    )
    least: int = Field(description="The fewest cards the move takes")
    most: int = Field(description="The most cards the move takes (= least for an answer)")
    discard: Literal["up", "down"] | None = Field(
        description="How a discard of such cards lies, where one is among the moves; null: "
        "the cards cannot be discarded"
    )
    beat: list[str] = Field(description="The top set a beat must beat card by card (or none)")
    rule: ReasonOut


class TargetOut(BaseModel):
    """The figure that ends the game, in the game's own unit, and each side's way towards
    it (its score, or what the game counts instead)."""

    score: int = Field(examples=[12])
    toward: list[int] = Field(
        description="Per side, its figure measured against `score`: its score, or the game's "
        "own (Kozly's marks received, KZ-19)",
        examples=[[4, 2]],
    )
    rules: list[str] = Field(description="The rule ids that set it", examples=[["K-17"]])


class CautionOut(BaseModel):
    """A legal move that ends the deal at once, and what the rules say it costs: ask first."""

    move: str = Field(description="The move's `type`", examples=["declare"])
    reason: ReasonOut


class RematchView(BaseModel):
    """A finished table's rematch: the seats whose players asked, and the new table once
    every seated person has (the server's bots agree)."""

    asked: list[int]
    table_id: str | None


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
    my_hand: list[str] | None = Field(
        description="The caller's hand in the game's own order: the trumps from the strongest "
        "(as `trumps` lists them), then the plain suits ♣ ♠ ♥ ♦, each from its highest card"
    )
    trumps: list[str] = Field(
        description="Every card that is a trump in the deal being played, the strongest first "
        "(Kozly's jacks above the trump suit first); empty between deals and while the deal "
        "has no trump yet"
    )
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
    refused: list[RefusalOut] = Field(
        description="While the caller must move cards of its hand: each card of it that no "
        "legal action holds, with why"
    )
    pick: PickOut | None = Field(
        description="While the caller must move several cards at once: how many, and how"
    )
    result: ResultEnvelope | None
    cautions: list[CautionOut] = Field(
        description="The caller's legal moves that end the deal at once (a declaration of 61, "
        "a claim of 66, a redeal demand), each with what it costs: a client asks before it "
        "posts one"
    )
    target: TargetOut | None = Field(
        description="The figure the game is played to, and how far each side is towards it; "
        "null while the table waits, or where no figure ends the game"
    )
    rematch: RematchView | None = Field(
        default=None,
        description="Once the game is over: the seats whose players asked for a rematch, and "
        "the new table once everyone seated has (`POST …/rematch`)",
    )


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
