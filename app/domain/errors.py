"""The domain's error family: every refusal carries a stable machine-readable `code`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the rules refuse a move, in their words: a stable `code` a client may word itself,
    the ids of the rules it rests on, and the sentence in English and in Russian (a card as it
    is printed, `A♦`, `Т♦`; a suit as its sign, `♦`). `decide` refuses with it, a view says it
    of each card it refuses, and the API sends it with the problem: one wording, one place."""

    code: str
    rules: tuple[str, ...]
    en: str
    ru: str

    def __str__(self) -> str:
        """The English sentence with its rules cited: `… (K-11)`."""
        return f"{self.en} ({', '.join(self.rules)})" if self.rules else self.en


def no_seat(seat: object, seats: object = None) -> Reason:
    """A seat number the table does not have (`seats`: the ones it has, if worth saying)."""
    listed = "" if seats is None else f"; the seats are {seats}"
    listed_ru = "" if seats is None else f"; места: {seats}"
    return Reason(
        "no_seat", (), f"no such seat: {seat!r}{listed}", f"нет места {seat!r}{listed_ru}"
    )


class DomainError(Exception):
    """A command or input the rules refuse. `code` is stable; the API maps it to HTTP."""

    code: ClassVar[str] = "domain_error"
    reason: Reason | None = None
    """Why, in both languages, where the error says it so (every `IllegalAction` does)."""


class MalformedCard(DomainError, ValueError):
    """A card code that is not rank-then-suit (`AS`, `10H`, `QC`, `6D`)."""

    code = "invalid_card"


class IllegalAction(DomainError):
    """The action is not among the seat's legal actions now; `reason` says why."""

    code = "illegal_move"

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


class NotYourTurn(DomainError):
    """The seat has nothing to do now (another seat must act)."""

    code = "not_your_turn"


class MessagesDisabled(DomainError):
    """K-16: messages are off during deal 1 or by the table's options."""

    code = "messages_disabled"


class InvalidMessage(DomainError):
    """K-16: a message must hold 1 to 200 characters."""

    code = "invalid_message"


class GameOver(DomainError):
    """The game has ended; nothing more can be done at this table."""

    code = "game_over"


class MalformedEvent(DomainError, ValueError):
    """A stored event payload that does not decode (unknown type, missing field, bad value)."""

    code = "malformed_event"


class SeatTaken(DomainError):
    """The seat is held by someone else (or the caller already holds another seat)."""

    code = "seat_taken"


class NotSeated(DomainError):
    """The caller holds no seat at this table."""

    code = "not_seated"


class GameAlreadyStarted(DomainError):
    """Seats can change only before the game starts."""

    code = "game_started"


class InvalidOption(DomainError):
    """A table option or variant that the rules do not know."""

    code = "invalid_option"


class GameNotStarted(DomainError):
    """The game starts when all four seats are filled."""

    code = "game_not_started"


class MalformedCommand(DomainError, ValueError):
    """A command or move body that is not one of the game's (unknown type, a field missing or
    of the wrong kind: a cut position that is no `int`, a seed that is no `bytes`, a K-9 answer
    that is no `bool`, a card that is no `Card`)."""

    code = "invalid_command"
