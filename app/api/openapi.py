"""The OpenAPI document as clients need it, made from FastAPI's in one pass after generation.

- FastAPI documents every additional response's model under the route's own media type
  (`application/json`), while a problem goes out as `application/problem+json`: generated
  clients read a body only under the media type they receive, so a problem response names
  that one alone.
- FastAPI drops every null from the document (it dumps its model with `exclude_none`), the
  nulls of examples too: a model's examples go back as the model gives them, whole.
"""

from __future__ import annotations

import copy
from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel

from app.api import games
from app.api.problems import PROBLEM
from app.api.schemas import common, envelope
from app.api.schemas import games as catalogue
from app.api.schemas.problem import Problem


class KozelAPI(FastAPI):
    """FastAPI with the document finished for clients (served at /openapi.json)."""

    def openapi(self) -> dict[str, Any]:
        if not self.openapi_schema:
            self.openapi_schema = finish(super().openapi())
        return self.openapi_schema


def finish(document: dict[str, Any]) -> dict[str, Any]:
    for operations in document.get("paths", {}).values():
        for operation in operations.values():
            for response in operation.get("responses", {}).values():
                _problem_json_only(response)
    for name, schema in document.get("components", {}).get("schemas", {}).items():
        _examples_as_written(name, schema)
    return document


def _problem_json_only(response: dict[str, Any]) -> None:
    """A problem response (see `app.api.docs.errors`) keeps its schema under problem+json."""
    content = response.get("content", {})
    if PROBLEM in content:
        response["content"] = {PROBLEM: {**content.pop("application/json", {}), **content[PROBLEM]}}


def _examples_as_written(name: str, schema: dict[str, Any]) -> None:
    model = _model_named(name)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return
    extra = model.model_config.get("json_schema_extra")
    if isinstance(extra, dict) and "examples" in extra:
        schema["examples"] = copy.deepcopy(extra["examples"])


def _model_named(name: str) -> type[BaseModel] | None:
    """The model of the document's schema `name`, wherever it is defined."""
    if name == Problem.__name__:
        return Problem
    for module in (common, envelope, catalogue):
        found = getattr(module, name, None)
        if isinstance(found, type) and issubclass(found, BaseModel):
            return found
    return games.model_named(name)
