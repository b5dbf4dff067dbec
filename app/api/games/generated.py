"""Pydantic models made from a game's own domain dataclasses, so that every game's move
bodies and view are typed in the OpenAPI document without being written twice.

A field's schema follows what `app.domain.codec.encode` makes of its value: a card is its
code, several cards a list of codes, an enum its value, a tuple or a set a list, a nested
dataclass an object (a model of its own, named after the game and the class), bytes hex. A
command's body is its fields without its seat, with its wire `type`, and the two fields every
action accepts (`expected_version`, `move_id`).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

from app.api.schemas.common import Acting, AnyCardCode, WholeNumber
from app.domain.cards import Card
from app.domain.commands import Command, CommandSet


def with_example(base: type[BaseModel], example: dict[str, Any] | None) -> type[BaseModel]:
    """`base`, or a subclass of it whose schema carries `example` (`create_model` takes a
    base or a config, not both)."""
    if example is None:
        return base
    config = ConfigDict(json_schema_extra={"examples": [example]})
    return type(base.__name__, (base,), {"model_config": config, "__module__": base.__module__})


def camel(name: str) -> str:
    """`sixty_six` → `SixtySix`, `claim_out` → `ClaimOut`."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


class Models:
    """The models of one game, made once and named after it (`SixtySixLeadIn`)."""

    def __init__(self, variant: str) -> None:
        self.prefix = camel(variant)
        self._made: dict[type, type[BaseModel]] = {}

    def body(
        self, command: type[Command], example: dict[str, Any] | None = None
    ) -> type[BaseModel]:
        """The body of `POST …/moves` that asks for `command` (with its example, if any)."""
        hints = typing.get_type_hints(command)
        fields: dict[str, Any] = {"type": (Literal[command.TYPE], ...)}
        for f in dataclasses.fields(command):  # type: ignore[arg-type]
            if f.name != "seat":
                fields[f.name] = (self._request_type(hints[f.name]), ...)
        model: type[BaseModel] = create_model(
            f"{self.prefix}{camel(command.TYPE)}In",
            __base__=with_example(Acting, example),
            __doc__=(command.__doc__ or "").strip() or None,
            **fields,
        )
        return model

    def moves(
        self,
        commands: CommandSet,
        classes: tuple[type[Command], ...],
        examples: Mapping[str, dict[str, Any]] | None = None,
    ) -> Any:
        """The union of the game's move bodies, discriminated by `type`; `examples`: a body's
        example by its `type`."""
        given = examples or {}
        bodies = tuple(
            self.body(cls, given.get(cls.TYPE)) for cls in classes if cls.TYPE in commands.types
        )
        if len(bodies) == 1:
            return bodies[0]
        return Annotated[Union[bodies], Field(discriminator="type")]  # noqa: UP007

    def value(self, tp: Any) -> Any:
        """The type of what `codec.encode` makes of a value of type `tp` (a view's part)."""
        origin = typing.get_origin(tp)
        if origin in (Union, types.UnionType):
            return Union[tuple(self.value(arg) for arg in typing.get_args(tp))]  # noqa: UP007
        if tp is type(None):
            return type(None)
        if tp is Any or tp is object:
            return Any
        if origin is Literal:
            return tp
        if origin is tuple:
            args = typing.get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return list[self.value(args[0])]  # type: ignore[misc]
            return tuple[tuple(self.value(arg) for arg in args)]  # type: ignore[misc]
        if origin in (frozenset, set, list):
            return list[self.value(typing.get_args(tp)[0])]  # type: ignore[misc]
        if origin is dict:
            return dict[str, self.value(typing.get_args(tp)[1])]  # type: ignore[misc]
        if tp is Card:
            return str
        if tp is bytes:
            return str
        if tp in (bool, int, str, float, datetime):
            return tp
        if isinstance(tp, type) and issubclass(tp, Enum):
            return Literal[tuple(member.value for member in tp)]
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            return self.model(tp)
        raise TypeError(f"no wire schema for {tp!r}")

    def model(self, cls: type) -> type[BaseModel]:
        """The model of a dataclass of the game's view (made once)."""
        made = self._made.get(cls)
        if made is not None:
            return made
        hints = typing.get_type_hints(cls)
        fields = {f.name: (self.value(hints[f.name]), ...) for f in dataclasses.fields(cls)}
        model: type[BaseModel] = create_model(  # type: ignore[call-overload]
            f"{self.prefix}{cls.__name__}",
            __config__=ConfigDict(extra="forbid"),
            __doc__=(cls.__doc__ or "").strip() or None,
            **fields,
        )
        self._made[cls] = model
        return model

    def _request_type(self, tp: Any) -> Any:
        origin = typing.get_origin(tp)
        if origin in (Union, types.UnionType):
            return Union[tuple(self._request_type(a) for a in typing.get_args(tp))]  # noqa: UP007
        if tp is type(None):
            return type(None)
        if tp is Card:
            return AnyCardCode
        if origin is tuple and typing.get_args(tp)[1:] == (Ellipsis,):
            return Annotated[list[self._request_type(typing.get_args(tp)[0])], Field(min_length=1)]  # type: ignore[misc]
        if tp is bool:
            return Annotated[bool, Field(strict=True)]
        if tp is int:
            return Annotated[int, WholeNumber]
        if tp is str:
            return str
        if origin is Literal:
            return tp
        if isinstance(tp, type) and issubclass(tp, Enum):
            return Literal[tuple(member.value for member in tp)]
        raise TypeError(f"no body schema for a command field of type {tp!r}")
