"""The one table from error codes to HTTP: every refusal of the domain and the services has
its status and title there (an unknown code would fall back to `illegal_move`)."""

from __future__ import annotations

from app.api.problems import STATUS, TITLES
from app.domain.errors import DomainError, MalformedEvent
from app.services.errors import ServiceError


def _subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def test_every_refusal_code_has_a_status_and_a_title() -> None:
    errors = _subclasses(DomainError) + _subclasses(ServiceError)
    # A stored event that does not decode is no refusal of a request, but the server's fault.
    codes = {error.code for error in errors if error is not MalformedEvent}
    assert "invalid_command" in codes
    assert codes - STATUS.keys() == set()
    assert codes - TITLES.keys() == set()


def test_a_malformed_command_is_422_like_a_malformed_request() -> None:
    assert STATUS["invalid_command"] == STATUS["validation_error"] == 422
