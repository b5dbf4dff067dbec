"""The JSON shapes of the public API (`../shared/api/contract.md`), for parsing and OpenAPI."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints


def _whole_number(value: object) -> object:
    """JSON integers only: 3 and 3.0 (JSON Schema calls both integers), never true or "3"."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("expected an integer")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError("expected an integer")
        return int(value)
    return value


WholeNumber = BeforeValidator(_whole_number)
# Constraints first, then the validator: that order keeps `minimum`/`maximum` in the schema.
Seat = Annotated[int, Field(ge=0, le=3, description="Seats 0..3 clockwise"), WholeNumber]
CardCode = Annotated[
    str, StringConstraints(pattern=r"^(A|K|Q|J|10|6)[CSHD]$"), Field(examples=["AS", "10H"])
]
MoveId = Annotated[
    str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")
]
Version = Annotated[int, Field(ge=0, le=2**31 - 1), WholeNumber]
BotLevel = Annotated[
    Literal["random", "heuristic", "strong"],
    Field(description="random: uniform legal moves; heuristic: card counting; strong: search"),
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewPlayerIn(Strict):
    name: Annotated[
        str,
        StringConstraints(
            min_length=1,
            max_length=40,
            # no control characters, and something besides white space
            pattern=r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$",
        ),
    ] = Field(examples=["Вася"])


class PlayerOut(BaseModel):
    id: str
    name: str


class NewPlayerOut(PlayerOut):
    model_config = ConfigDict(
        json_schema_extra={"examples": [{"id": "0b7c…", "name": "Вася", "token": "kq3J9…"}]}
    )
    token: str = Field(description="The bearer token; shown only this once")


class TableOptionsIn(Strict):
    eggs: Annotated[bool, Field(strict=True)] = True
    messages: Annotated[bool, Field(strict=True)] = True
    move_clock_s: Annotated[int, Field(ge=1, le=3600), WholeNumber] | None = None
    first_dealer: Seat | None = None


class NewTableIn(Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"seat": 0, "bots": {"1": "random", "2": "random", "3": "random"}}]
        },
    )
    variant: Literal["kozel24"] = "kozel24"
    seat: Seat | None = None
    bots: dict[Literal["0", "1", "2", "3"], BotLevel] = Field(default_factory=dict)
    options: TableOptionsIn = Field(default_factory=TableOptionsIn)


class SeatOut(BaseModel):
    seat: int
    player: PlayerOut | None
    bot: str | None


class TableOut(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "id": "5f0e…",
                    "variant": "kozel24",
                    "status": "playing",
                    "options": {
                        "eggs": True,
                        "messages": True,
                        "move_clock_s": None,
                        "first_dealer": None,
                    },
                    "seats": [
                        {"seat": 0, "player": {"id": "0b7c…", "name": "Вася"}, "bot": None},
                        {"seat": 1, "player": None, "bot": "random"},
                        {"seat": 2, "player": None, "bot": "random"},
                        {"seat": 3, "player": None, "bot": "random"},
                    ],
                    "written": [4, 2],
                    "deal_no": 3,
                    "version": 57,
                    "created_at": "2026-11-30T10:00:00Z",
                }
            ]
        }
    )
    id: str
    variant: str
    status: Literal["waiting", "playing", "finished"]
    options: dict[str, Any]
    seats: list[SeatOut]
    written: list[int]
    deal_no: int
    version: int
    created_at: datetime


class TablePage(BaseModel):
    items: list[TableOut]
    next_cursor: str | None


class SeatIn(Strict):
    bot: BotLevel | None = None


class Acting(Strict):
    expected_version: Version | None = Field(
        default=None, description="409 version_conflict unless the table is at this version"
    )
    move_id: MoveId | None = Field(
        default=None, description="A client id; a retry with the same id changes nothing"
    )


class CutIn(Acting):
    type: Literal["cut"]
    position: Annotated[int, Field(ge=1, le=23), WholeNumber]


class PlayIn(Acting):
    type: Literal["play"]
    card: CardCode


class ClaimIn(Acting):
    type: Literal["claim_no_queens"]


class PlayOnIn(Acting):
    type: Literal["play_on"]


MoveIn = Annotated[CutIn | PlayIn | ClaimIn | PlayOnIn, Field(discriminator="type")]


class DecisionIn(Acting):
    """K-9: the holder of a lone trump exchanges it or keeps it."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"decision": "exchange"}]}
    )
    decision: Literal["exchange", "keep"]


class GiveIn(Acting):
    """K-9: the partner's card in return."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"give": "10H"}]})
    give: CardCode


ExchangeIn = DecisionIn | GiveIn


class MessageIn(Acting):
    text: Annotated[str, StringConstraints(min_length=1, max_length=200)]


class ResignIn(Acting):
    pass


class PlayOut(BaseModel):
    seat: int
    card: str


class TrickOut(BaseModel):
    leader: int
    cards: list[PlayOut]
    winner: int | None = None
    points: int | None = None


class ExchangeOut(BaseModel):
    from_seat: int
    to_seat: int
    trump: str | None = Field(default=None, description="Only for the two partners")
    given: str | None = Field(default=None, description="Only for the two partners")


class MessageOut(BaseModel):
    seat: int
    text: str
    at: datetime


class LegalAction(BaseModel):
    endpoint: Literal["moves", "exchange"]
    body: dict[str, Any]


class DeadlineOut(BaseModel):
    seat: int
    at: datetime


class LastDealOut(BaseModel):
    deal_no: int
    points: list[int]
    written_on: int | None
    amount: int
    reason: str
    wiped: int | None
    queen_caught_by: int | None


class ResultOut(BaseModel):
    loser: int
    written: list[int]
    titles: list[str]
    reason: Literal["written", "resigned"]


class ViewOut(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "table_id": "5f0e…",
                    "version": 57,
                    "status": "playing",
                    "deal_no": 3,
                    "phase": "play",
                    "dealer": 1,
                    "cutter": 0,
                    "first_leader": 2,
                    "to_act": [0],
                    "my_seat": 0,
                    "my_hand": ["AS", "QC", "10H", "KD", "6S"],
                    "hand_sizes": [5, 5, 4, 4],
                    "trick": {"leader": 2, "cards": [{"seat": 2, "card": "KH"}]},
                    "last_trick": {
                        "leader": 1,
                        "cards": [
                            {"seat": 1, "card": "AH"},
                            {"seat": 2, "card": "6H"},
                            {"seat": 3, "card": "10H"},
                            {"seat": 0, "card": "JD"},
                        ],
                        "winner": 0,
                        "points": 23,
                    },
                    "tricks_taken": [1, 0],
                    "points": [23, 0],
                    "written": [4, 2],
                    "eggs_multiplier": 1,
                    "eggs_played": False,
                    "exchanges": [{"from_seat": 1, "to_seat": 3}],
                    "messages": [{"seat": 1, "text": "прицеп", "at": "2026-11-30T10:01:00Z"}],
                    "messages_allowed": True,
                    "commitment": "9f86d081884c7d659a2feaa0c55ad015"
                    "a3bf4f1b2b0b822cd15d6c15b0f00a08",
                    "legal_actions": [
                        {"endpoint": "moves", "body": {"type": "play", "card": "10H"}}
                    ],
                    "move_clock_s": 30,
                    "deadlines": [{"seat": 0, "at": "2026-11-30T10:01:30Z"}],
                    "last_deal": {
                        "deal_no": 2,
                        "points": [70, 50],
                        "written_on": 1,
                        "amount": 2,
                        "reason": "points",
                        "wiped": None,
                        "queen_caught_by": None,
                    },
                    "result": None,
                }
            ]
        }
    )
    table_id: str
    version: int
    status: Literal["waiting", "playing", "finished"]
    deal_no: int
    phase: Literal["cut", "decisions", "play", "game_over"] | None
    dealer: int | None
    cutter: int | None
    first_leader: int | None
    to_act: list[int]
    my_seat: int | None
    my_hand: list[str] | None
    hand_sizes: list[int]
    trick: TrickOut | None
    last_trick: TrickOut | None
    tricks: list[TrickOut] = Field(description="Every trick taken in this deal, in order")
    tricks_taken: list[int]
    points: list[int]
    written: list[int]
    eggs_multiplier: int
    eggs_played: bool
    exchanges: list[ExchangeOut]
    messages: list[MessageOut]
    messages_allowed: bool
    commitment: str | None
    legal_actions: list[LegalAction]
    move_clock_s: int | None = Field(description="The table's move clock, if it has one")
    deadlines: list[DeadlineOut] = Field(
        description="When each seat that must act runs out of time (move clock only); then "
        "the server plays for it"
    )
    last_deal: LastDealOut | None
    result: ResultOut | None


class EventOut(BaseModel):
    seq: int
    type: str
    deal_no: int
    at: datetime
    data: dict[str, Any]


class EventPage(BaseModel):
    items: list[EventOut]
    next_after_seq: int


class TurnOut(BaseModel):
    table_id: str
    version: int


class TrickRecord(BaseModel):
    leader: int
    cards: list[PlayOut]
    winner: int
    points: int


class ExchangeRecord(BaseModel):
    from_seat: int
    to_seat: int
    trump: str
    given: str


class DealRecordOut(BaseModel):
    deal_no: int
    dealer: int
    cutter: int
    cut_position: int | None
    seed: str = Field(description="Hex of the shuffle seed (docs/rules.md, K-5)")
    commitment: str = Field(description="SHA-256 hex of the seed, published when the deal began")
    hands: list[list[str]] = Field(description="Each seat's six dealt cards")
    exchanges: list[ExchangeRecord]
    tricks: list[TrickRecord]
    outcome: dict[str, Any] | None


class Problem(BaseModel):
    """RFC 9457 problem details with a stable `code`."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    current_version: int | None = None
    legal_actions: list[LegalAction] | None = None
