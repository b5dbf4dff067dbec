"""The JSON shapes of the public API (`../shared/api/contract.md`), for parsing and OpenAPI."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
)
from pydantic_core import PydanticCustomError

from app.domain.cards import Card
from app.domain.errors import MalformedCard
from app.domain.messages import MAX_MESSAGE_LENGTH
from app.domain.registry import DEFAULT_VARIANT, GAMES


def _whole_number(value: object) -> object:
    """JSON integers only: 3 and 3.0 (JSON Schema calls both integers), never true or "3"."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("expected an integer")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError("expected an integer")
        return int(value)
    return value


def _any_card_code(code: str) -> str:
    """A card of the French deck by its wire code (`Card.parse`); any other string is
    `invalid_card` (a validation error whose type is a problem code: see `problems.install`)."""
    try:
        Card.parse(code)
    except MalformedCard:
        raise PydanticCustomError(
            "invalid_card",
            "{code} is not a card code: rank A 10 K Q J 9 8 7 6, then suit C S H D, e.g. AS, 10H",
            {"code": repr(code)},
        ) from None
    return code


def _message_text(text: str) -> str:
    """K-16: 1 to 200 characters once the white space around them is trimmed."""
    if not 1 <= len(text) <= MAX_MESSAGE_LENGTH:
        raise PydanticCustomError(
            "invalid_message",
            "a message holds 1 to {most} characters once trimmed, not {length} (K-16)",
            {"most": MAX_MESSAGE_LENGTH, "length": len(text)},
        )
    return text


def _trimmed_first(schema: dict[str, Any]) -> None:
    """A text whose length counts once trimmed may be longer on the wire: its schema gives no
    `maxLength` (the description says it), so that no valid request breaks the schema."""
    schema.pop("maxLength", None)


WholeNumber = BeforeValidator(_whole_number)
# Constraints first, then the validator: that order keeps `minimum`/`maximum` in the schema.
Seat = Annotated[int, Field(ge=0, le=3, description="Seats 0..3 clockwise"), WholeNumber]
AnyCardCode = Annotated[
    str,
    AfterValidator(_any_card_code),
    Field(
        examples=["AS", "10H", "9D"],
        description="A card by its wire code: rank A 10 K Q J 9 8 7 6, then suit C S H D; "
        "any other string is 422 `invalid_card` (a card the game's deck does not hold is "
        "422 `illegal_move`)",
        json_schema_extra={"pattern": r"^(A|K|Q|J|10|9|8|7|6)[CSHD]$"},
    ),
]
MessageText = Annotated[
    str,
    StringConstraints(strip_whitespace=True),
    AfterValidator(_message_text),
    Field(
        description=f"K-16: 1 to {MAX_MESSAGE_LENGTH} characters once the white space around "
        "them is trimmed (the trimmed text is posted); else 422 `invalid_message`. No "
        "`maxLength` here: trailing white space may make the text longer on the wire",
        json_schema_extra={"minLength": 1},
    ),
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
            strip_whitespace=True,  # the length counts once trimmed, as a message's does
            min_length=1,
            max_length=40,
            # no control characters, and something besides white space
            pattern=r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$",
        ),
    ] = Field(
        examples=["Вася"],
        description="1 to 40 characters once the white space around them is trimmed",
        json_schema_extra=_trimmed_first,
    )
    bot: Annotated[bool, Field(strict=True)] = Field(
        default=False,
        description="A bot account: shown as a bot wherever the player is named; set at "
        "sign-up only",
    )


class PlayerOut(BaseModel):
    id: str
    name: str
    bot: bool = Field(description="A bot account (set at its sign-up)")


class NewPlayerOut(PlayerOut):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"id": "0b7c…", "name": "Вася", "bot": False, "token": "kq3J9…"}]
        }
    )
    token: str = Field(description="The bearer token; shown only this once")


class TableOptionsIn(BaseModel):
    """The table's own options (`move_clock_s`, `first_dealer`, `rated`) and its game's, by the
    names its catalogue entry gives (`GET /v1/games/{variant}`: `options` is their JSON Schema);
    a name the game does not know, or a value it does not take, is 422 `invalid_option`.
    Every name is snake_case; an option's old camelCase name (the rules file's, which its
    schema's description gives: `matchTarget` for `match_target`) is read as an alias, and
    the table shows the snake_case name. One option named both ways is 422 `invalid_option`.
    `eggs` and `messages` are the 24-card Kozel's (K-15, K-16)."""

    model_config = ConfigDict(extra="allow")
    eggs: Annotated[bool, Field(strict=True, description="kozel24 (K-15)")] = True
    messages: Annotated[bool, Field(strict=True, description="kozel24 (K-16)")] = True
    move_clock_s: Annotated[int, Field(ge=1, le=3600), WholeNumber] | None = None
    first_dealer: Seat | None = None
    rated: Annotated[
        bool,
        Field(
            strict=True,
            description="The game counts for the players' ratings (every game; docs/ratings.md)",
        ),
    ] = False

    def game_options(self) -> dict[str, Any]:
        """What the client asked of the game itself: the options it named, less the table's."""
        named = self.model_dump(include=self.model_fields_set)
        extra = dict(self.model_extra or {})
        chosen = {**named, **extra}
        chosen.pop("move_clock_s", None)
        chosen.pop("first_dealer", None)
        chosen.pop("rated", None)
        return chosen


class NewTableIn(Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"seat": 0, "bots": {"1": "random", "2": "random", "3": "random"}}]
        },
    )
    variant: Literal[tuple(GAMES)] = Field(  # type: ignore[valid-type]
        default=DEFAULT_VARIANT, description="One of `GET /v1/games`"
    )
    seats: Annotated[int, Field(ge=2, le=4), WholeNumber] | None = Field(
        default=None,
        description="How many players, where the game is played by several counts (its "
        "catalogue entry's `seats`); by default its first",
    )
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
                        "rated": False,
                    },
                    "seats": [
                        {
                            "seat": 0,
                            "player": {"id": "0b7c…", "name": "Вася", "bot": False},
                            "bot": None,
                        },
                        {"seat": 1, "player": None, "bot": "random"},
                        {"seat": 2, "player": None, "bot": "random"},
                        {"seat": 3, "player": None, "bot": "random"},
                    ],
                    "scores": [4, 2],
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
    scores: list[int] = Field(description="Per side, in the game's own unit")
    written: list[int] | None = Field(
        default=None, description="kozel24: the written totals of the two teams (= scores)"
    )
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
        default=None,
        description="A client id, the player's own: a retry with the same id and the same "
        "request changes nothing and returns the first result; the same id with another "
        "request is 409 `idempotency_mismatch`. The same request is the same endpoint and the "
        "same body as the server reads it, `move_id` left out (canonical JSON: sorted keys, "
        "no white space, defaults filled in; key order, `5.0` for `5` or a default spelled "
        "out change nothing)",
    )


class MessageIn(Acting):
    text: MessageText


class ResignIn(Acting):
    pass


class MessageOut(BaseModel):
    seat: int
    text: str
    at: datetime


class DeadlineOut(BaseModel):
    seat: int
    at: datetime


class EventOut(BaseModel):
    """One event of the table's log as the caller may see it; every seq is listed."""

    seq: int = Field(description="Its place in the log: 1 .. the table's version")
    type: str = Field(
        description="The event's type name (fixed forever), or `hidden` where the caller "
        "may not see the event (yet)"
    )
    deal_no: int
    at: datetime
    data: dict[str, Any] | None = Field(
        description="The payload as the caller may see it; null for a `hidden` event"
    )


class EventPage(BaseModel):
    items: list[EventOut]
    next_after_seq: int = Field(
        description="The last seq listed (`after_seq` when none is): read on after it"
    )


class TurnOut(BaseModel):
    table_id: str
    version: int


class InvalidField(BaseModel):
    loc: list[str] = Field(description="Where: the part of the request, then the field")
    msg: str
