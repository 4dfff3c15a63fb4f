"""The package's layers (docs/architecture.md): imports go one way, no cycle, no private reach.

Every ``import`` in ``xlbridge/`` is read from the source (those inside
functions too: a lazy import is still a dependency), so the checks cover
what runs, not only what is imported at start-up.
"""

from __future__ import annotations

import ast
from pathlib import Path

from support import paths

PACKAGE = paths.ROOT / "xlbridge"

#: Modules that are adapters: they may import xlwings, openpyxl and the workbook code.
ADAPTERS = (
    "xlbridge.udfs",
    "xlbridge.cli",
    "xlbridge.__main__",  # ``python -m xlbridge``: runs xlbridge.cli
    "xlbridge.lite",
    "xlbridge.workbook",
    "xlbridge.formats",
)

#: Private names one module still takes from another, each with the work that removes it.
KNOWN_PRIVATE: set[tuple[str, str, str]] = set()


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Each import of the module at ``path``: (module imported, names taken from it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = tuple(alias.name for alias in node.names)
            found.append((node.module, names))
            # ``from xlbridge import fast`` imports the module xlbridge.fast
            found.extend((f"{node.module}.{name}", ()) for name in names)
    return found


def graph() -> dict[str, dict[str, tuple[str, ...]]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    edges: dict[str, dict[str, tuple[str, ...]]] = {}
    for name, path in modules.items():
        edges[name] = {}
        for target, names in imports(path):
            if target in modules and target != name:
                edges[name][target] = edges[name].get(target, ()) + names
    return edges


def test_no_import_cycle() -> None:
    edges = graph()
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            cycle = [*path[path.index(node) :], node]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if node in done:
            return
        for target in edges[node]:
            if target != "xlbridge":  # the package's __init__ only re-exports
                visit(target, [*path, node])
        done.add(node)

    for module in edges:
        visit(module, [])


def test_no_module_takes_another_modules_private_names() -> None:
    taken = {
        (module, target, name)
        for module, targets in graph().items()
        for target, names in targets.items()
        for name in names
        if name.startswith("_") and not name.startswith("__")
    }
    assert taken <= KNOWN_PRIVATE, sorted(taken - KNOWN_PRIVATE)


def test_the_core_imports_no_adapter() -> None:
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        if name == "xlbridge" or name.startswith(ADAPTERS):
            continue
        for target, _ in imports(path):
            assert not target.startswith(("xlwings", "openpyxl", "python_calamine", *ADAPTERS)), (
                f"{name} imports {target}"
            )


def test_there_is_one_scoring_engine() -> None:
    """The second engine (fast.py) is gone; every board is scored by xlbridge.board.Board."""
    assert not (PACKAGE / "fast.py").exists()
    users = {name for name, targets in graph().items() if "xlbridge.board" in targets}
    assert {"xlbridge.session", "xlbridge.udfs"} <= users
