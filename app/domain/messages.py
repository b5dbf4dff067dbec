"""Table messages (K-16 and its like): short free text to the whole table, where the game
allows it now (`Game.messages_allowed`). They are the table's, not a game's: every game
shares this event and its rule of length."""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.commands import PostMessage
from app.domain.errors import GameOver, InvalidMessage, MessagesDisabled
from app.domain.events import Event, EventRegistry

MAX_MESSAGE_LENGTH = 200
"""K-16: a message holds 1 to 200 characters once trimmed."""


@dataclass(frozen=True, slots=True)
class MessagePosted(Event):
    TYPE = "message_posted"
    seat: int
    text: str


MESSAGE_EVENTS = EventRegistry(MessagePosted)


def decide_message(command: PostMessage, allowed: bool, game_over: bool) -> list[MessagePosted]:
    """The message, trimmed, if the table takes one now."""
    if game_over:
        raise GameOver("the game is over")
    if not allowed:
        raise MessagesDisabled(
            "messages are not allowed now (K-16: not during deal 1, nor when the table turns "
            "them off; each game says when)"
        )
    text = command.text.strip() if isinstance(command.text, str) else ""
    if not text or len(text) > MAX_MESSAGE_LENGTH:
        raise InvalidMessage(f"a message holds 1 to {MAX_MESSAGE_LENGTH} characters (K-16)")
    return [MessagePosted(command.seat, text)]
