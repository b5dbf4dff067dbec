"""The catalogue of games (`GET /v1/games`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.domain.options import ALIASES_READ


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
                        "description": ALIASES_READ,
                        "additionalProperties": False,
                        "properties": {
                            "match_target": {
                                "type": "integer",
                                "minimum": 1,
                                "maximum": 21,
                                "default": 7,
                                "description": "the game points that win the match (S66-27); "
                                "old name `matchTarget` (the rules file's), still read",
                            }
                        },
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
    options: dict[str, Any] = Field(
        description="The JSON Schema of its `options` object, by snake_case names; an "
        "option's old camelCase name (the rules file's), where it has one, is in its "
        "description and is read as an alias of it"
    )
    bots: list[str] = Field(description="The bot levels that can take a seat")
    rules: str = Field(description="The rules as players read them (a page of this server)")
