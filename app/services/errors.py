"""The service layer's errors (the domain's own refusals pass through unchanged)."""

from __future__ import annotations

from typing import ClassVar


class ServiceError(Exception):
    code: ClassVar[str] = "service_error"


class NotFound(ServiceError):
    code = "not_found"


class Unauthorized(ServiceError):
    code = "unauthorized"


class DealRunning(ServiceError):
    """A deal's record (every hand, the seed) is shown only once the deal is over."""

    code = "deal_running"


class InvalidRequest(ServiceError):
    code = "validation_error"
