"""The catalogue of games (`GET /v1/games`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class TitleOut(BaseModel):
    ru: str
    en: str


class GameOut(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "variant": "sixty_six",
                    "title": {"ru": "Шестьдесят шесть", "en": "Sixty-six"},
                    "seats": [2],
                    "teams": None,
                    "deck": 24,
                    "options": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {"matchTarget": {"type": "integer", "default": 7}},
                    },
                    "bots": ["random", "heuristic", "strong"],
                    "rules": "/rules/sixty_six",
                }
            ]
        }
    )
    variant: str
    title: TitleOut
    seats: list[int] = Field(
        description="The table sizes it is played at; the first is the default"
    )
    teams: list[list[int]] | None = Field(
        description="The seats of each team at its first table size; null where each plays "
        "for himself"
    )
    deck: int = Field(description="Cards in the deck, with the default options")
    options: dict[str, Any] = Field(description="The JSON Schema of its `options` object")
    bots: list[str] = Field(description="The bot levels that can take a seat")
    rules: str = Field(description="The rules as players read them (a page of this server)")
