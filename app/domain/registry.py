"""Every game the service plays, by its variant name: the one place in the domain that names
them all."""

from __future__ import annotations

from typing import Any

from app.domain.bura import GAME as BURA
from app.domain.errors import InvalidOption
from app.domain.game import Game
from app.domain.kozel4 import GAME as KOZEL4
from app.domain.kozel24 import GAME as KOZEL24
from app.domain.kozel32 import GAME as KOZEL32
from app.domain.kozly import GAME as KOZLY
from app.domain.sixty_six import GAME as SIXTY_SIX

GAMES: dict[str, Game[Any, Any]] = {
    game.info.variant: game for game in (KOZEL24, KOZEL32, KOZEL4, BURA, KOZLY, SIXTY_SIX)
}


DEFAULT_VARIANT = KOZEL24.info.variant
"""The game of a table created without naming one (the first game of the service)."""


def game_of(variant: str) -> Game[Any, Any]:
    game = GAMES.get(variant)
    if game is None:
        known = ", ".join(GAMES)
        raise InvalidOption(f"unknown variant {variant!r}; known: {known}")
    return game
