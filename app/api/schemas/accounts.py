"""The JSON shapes of accounts: credentials, sign-in, and a player's device tokens."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints
from pydantic_core import PydanticCustomError

from app.api.schemas.common import PlayerOut, Strict
from app.services.accounts import LOGIN, SIGN_IN_LOGIN, login_key
from app.services.passwords import MAX_PASSWORD, MIN_PASSWORD


def _login(login: str) -> str:
    """3 to 32 of a-z 0-9 _ . - (capitals are taken as their small letters); any other string
    is `invalid_login` (a validation error whose type is a problem code: `problems`)."""
    key = login_key(login)
    if key is None:
        raise PydanticCustomError(
            "invalid_login", "a login is 3 to 32 of a-z 0-9 _ . - (capitals count as small)"
        )
    return key


def _new_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise PydanticCustomError(
            "weak_password", "a password has at least {least} characters", {"least": MIN_PASSWORD}
        )
    return password


Login = Annotated[
    str,
    AfterValidator(_login),
    Field(
        examples=["vasya"],
        description="3 to 32 of `a-z 0-9 _ . -`, kept in small letters: logins that differ "
        "only in case are one; else 422 `invalid_login`",
        json_schema_extra={"pattern": f"^{LOGIN.pattern}$"},
    ),
]
NewPassword = Annotated[
    str,
    StringConstraints(max_length=MAX_PASSWORD),
    AfterValidator(_new_password),
    Field(
        description=f"At least {MIN_PASSWORD} characters (else 422 `weak_password`), at most "
        f"{MAX_PASSWORD}. Stored only as an argon2id hash",
        json_schema_extra={"minLength": MIN_PASSWORD},
    ),
]
Password = Annotated[str, StringConstraints(min_length=1, max_length=MAX_PASSWORD)]
Device = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True,
        min_length=1,
        max_length=60,
        pattern=r"^[^\x00-\x1f\x7f-\x9f]*$",  # no control characters
    ),
]


class CredentialsIn(Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"login": "vasya", "password": "korova-2026"},
                {"login": "vasya", "password": "new-secret-9", "current_password": "korova-2026"},
            ]
        },
    )
    login: Login
    password: NewPassword
    current_password: Password | None = Field(
        default=None,
        description="The password now, when the account has one: needed to change the login "
        "or the password (403 `wrong_password` when missing or wrong; failures are counted "
        "as a sign-in's)",
    )


class SessionIn(Strict):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"login": "vasya", "password": "korova-2026", "device": "phone"}]
        },
    )
    login: Annotated[str, StringConstraints(min_length=1, max_length=SIGN_IN_LOGIN)]
    password: Password
    device: Device | None = Field(
        default=None, description="A name for this device's token, for the token list"
    )


class MeOut(PlayerOut):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"id": "0b7c…", "name": "Вася", "bot": False, "login": "vasya"}]
        }
    )
    login: str | None = Field(description="The claimed login; null for a guest")


class SessionOut(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"player": {"id": "0b7c…", "name": "Вася", "bot": False}, "token": "Zt81…"}
            ]
        }
    )
    player: PlayerOut
    token: str = Field(description="This device's bearer token; shown only this once")


class TokenOut(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "id": "4d2a…",
                    "device": "phone",
                    "created_at": "2026-12-07T10:00:00Z",
                    "last_used_at": "2026-12-07T18:42:00Z",
                    "current": True,
                }
            ]
        }
    )
    id: str
    device: str | None
    created_at: datetime
    last_used_at: datetime = Field(description="Kept to the minute")
    current: bool = Field(description="The token of this very request")
