"""The domain is pure: it imports only the standard library and itself (STYLE.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import grimp

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


def test_no_module_of_app_is_in_an_import_cycle() -> None:
    """Imports point one way (issue 27): every strongly connected set of modules in the import
    graph of `app` is a single module. Imports under `TYPE_CHECKING` do not count; `from a
    package import a_module` is an import of that module (grimp reads it so)."""
    graph = grimp.build_graph("app", exclude_type_checking_imports=True)
    assert _cycles(graph) == []


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found
