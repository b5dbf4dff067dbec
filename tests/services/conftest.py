from __future__ import annotations

from tests.api.conftest import api

__all__ = ["api"]
