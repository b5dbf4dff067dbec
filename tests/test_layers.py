"""The domain is pure: it imports only the standard library and itself (STYLE.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

DOMAIN = Path(__file__).resolve().parent.parent / "app" / "domain"


def test_domain_imports_only_the_standard_library() -> None:
    offenders = []
    for path in DOMAIN.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                inside = name == "app" or name.startswith("app.domain")
                stdlib = top in sys.stdlib_module_names or top == "__future__"
                if not (inside or stdlib):
                    offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_domain_has_no_io_clock_or_randomness() -> None:
    """No I/O, no randomness, and no reading of the clock (times arrive as data)."""
    banned = {"random", "time", "os", "socket", "secrets", "uuid", "io", "pathlib", "asyncio"}
    clock_calls = {"now", "utcnow", "today", "monotonic", "perf_counter"}
    for path in DOMAIN.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not {a.name.split(".")[0] for a in node.names} & banned, path
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in banned, path
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr not in clock_calls, f"{path.name} reads the clock"
