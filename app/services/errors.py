"""The service layer's errors (the domain's own refusals pass through unchanged)."""

from __future__ import annotations

from typing import Any, ClassVar


class ServiceError(Exception):
    code: ClassVar[str] = "service_error"
    retry_after_s: int | None = None
    """When the request may be tried again (`Retry-After`), for refusals that pass."""

    def members(self) -> dict[str, Any]:
        """What the problem tells beside its code and detail."""
        return {}


class NotFound(ServiceError):
    code = "not_found"


class Unauthorized(ServiceError):
    code = "unauthorized"


class DealRunning(ServiceError):
    """A deal's record (every hand, the seed) is shown only once the deal is over."""

    code = "deal_running"


class DealHidden(ServiceError):
    """A finished deal whose rules keep part of it hidden until the game is over
    (`Game.sealed_by`): its record waits for the game's end. The rule is named, and the
    deal's commitment told, so that the shuffle can be checked once the seed is shown."""

    code = "deal_hidden"

    def __init__(self, detail: str, rule: str, commitment: str) -> None:
        super().__init__(detail)
        self.rule, self.commitment = rule, commitment

    def members(self) -> dict[str, Any]:
        return {"rule": self.rule, "commitment": self.commitment}


class GameRunning(ServiceError):
    """A replay shows every hand: only once the game is over."""

    code = "game_running"


class GameNotOver(ServiceError):
    """A rematch is asked of a finished table."""

    code = "game_not_over"


class InvalidRequest(ServiceError):
    code = "validation_error"


class IdempotencyMismatch(ServiceError):
    """A `move_id` or `Idempotency-Key` sent again with another request than the first."""

    code = "idempotency_mismatch"


class Overloaded(ServiceError):
    """This instance holds as many waiting long-polls as it may."""

    code = "rate_limited"

    def __init__(self, detail: str, retry_after_s: int) -> None:
        super().__init__(detail)
        self.retry_after_s = retry_after_s


class BadCredentials(ServiceError):
    """A sign-in with a login and password that do not match: the same whether the login
    exists or not."""

    code = "bad_credentials"


class WrongPassword(ServiceError):
    """Changing credentials that have a password needs the current one."""

    code = "wrong_password"


class LoginTaken(ServiceError):
    code = "login_taken"


class WeakPassword(ServiceError):
    code = "weak_password"


class TooManyFailures(ServiceError):
    """Too many failed sign-ins of a login or from an address lately."""

    code = "rate_limited"

    def __init__(self, detail: str, retry_after_s: int) -> None:
        super().__init__(detail)
        self.retry_after_s = retry_after_s


class SameAddress(ServiceError):
    """A rated table has a seat of another account from the caller's address
    (`docs/security.md`, rating manipulation)."""

    code = "same_address"
