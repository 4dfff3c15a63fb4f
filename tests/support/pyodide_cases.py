"""Every Excel function on the docs' calls and on 10,000-row boards, in whichever Python runs it.

A helper module for tests/external/test_pyodide.py, not a test file.  The same module
runs in CPython and in Pyodide (npm ``pyodide`` under node), and each side
writes what every call gave, directly (``xlbridge.udfs``) and through xlwings'
``custom_functions_call`` on the ``main.py`` that ``xlbridge lite`` writes, as
xlwings Lite makes it.  The test compares the two sides exactly.

Inputs are made here from fixed seeds, so both sides build the same ranges
without shipping them; each case's inputs are hashed, and the hashes are
compared too.  Only the standard library, xlwings and xlbridge are imported.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

try:  # run as a script beside officejs.py (a child process, or Pyodide's /cases)
    from officejs import OFFICEJS_ENV, as_matrix
except ImportError:  # imported by pytest as tests/support/pyodide_cases.py
    from support.officejs import OFFICEJS_ENV, as_matrix

__all__ = ["OFFICEJS_ENV", "ROWS", "board_cases", "run"]

ROWS = 10_000
POOL = list(range(-1500, 1510, 10))
RULINGS = [
    ["ID", "Side", "Score", "Weight", "Note"],
    ["R1", None, 1430, 0.3, "6H made"],
    ["R1", None, 680, 0.4, ""],
    ["R1", None, 650, 0.2, ""],
    ["R1", None, -100, 0.1, ""],
    ["R2", "NS", 680, None, "split"],
    ["R2", "EW", 1460, None, ""],
]

Case = tuple[str, str, list[Any]]  # (id, function, positional arguments)


def _column(values: list[Any]) -> list[list[Any]]:
    return [[v] for v in values]


def _traveller(rng: random.Random, kind: str) -> list[list[Any]]:
    """A 10,000-row traveller of one kind, as Excel passes a range."""
    if kind == "plain":
        return _column([rng.choice(POOL) for _ in range(ROWS)])
    if kind == "wide":  # 1,500 distinct scores: the banded cross-IMP sums, not numpy's matrix
        values = [-7490 + 10 * k for k in range(1500)]
        return _column(values + [rng.choice(values) for _ in range(ROWS - len(values))])
    if kind == "two-column":
        rows: list[list[Any]] = []
        for _ in range(ROWS):
            score = rng.choice(POOL)
            rows.append([score, None] if score >= 0 else [None, -score])
        return rows
    specials = [
        "30% 1430; 70% -100",
        "60% 420; 40% -50",
        "NP",
        "A+/A-",
        "A60/40",
        "A=",
        "NS: 680 | EW: 1430",
        "R1",
        "R2",
        None,
        "",
        420.0,
        "420",
    ]
    cells: list[Any] = []
    for _ in range(ROWS):
        cells.append(rng.choice(specials) if rng.random() < 0.05 else rng.choice(POOL))
    return _column(cells)


def board_cases() -> list[Case]:
    """Every Excel function on 10,000 rows (boards of every kind, columns of cells)."""
    rng = random.Random(2024)
    cases: list[Case] = []
    for kind in ("plain", "mixed", "two-column", "wide"):
        grid = _traveller(rng, kind)
        rulings = RULINGS if kind == "mixed" else None
        # The options' variants run directly only: through Office.js they would convert
        # the same 10,000 cells again (minutes in Pyodide), not test anything new.
        cases += [
            (f"MATCHPOINTS {kind}", "MATCHPOINTS", [grid, None, None, rulings]),
            (f"MATCHPOINT_PERCENT {kind}", "MATCHPOINT_PERCENT", [grid, None, None, rulings]),
            (f"direct: MATCHPOINTS {kind} Neuberg", "MATCHPOINTS", [grid, ROWS + 100, 1, rulings]),
            (f"CROSS_IMPS {kind}", "CROSS_IMPS", [grid, rulings]),
            (
                f"direct: CROSS_IMPS {kind} comparisons",
                "CROSS_IMPS",
                [grid, rulings, "comparisons"],
            ),
            (
                f"direct: CROSS_IMPS {kind} scores",
                "CROSS_IMPS",
                [grid, rulings, "scores", ROWS + 50],
            ),
            (f"BUTLER_IMPS {kind}", "BUTLER_IMPS", [grid, rulings]),
            (f"direct: BUTLER_IMPS {kind} trimmed exact", "BUTLER_IMPS", [grid, rulings, 2, 0]),
            (
                f"direct: BUTLER_IMPS {kind} real results",
                "BUTLER_IMPS",
                [grid, rulings, 1, 10, True],
            ),
        ]
        if kind != "two-column":
            cases.append(
                (f"FREQUENCY_TABLE {kind}", "FREQUENCY_TABLE", [grid, None, None, rulings])
            )
    plain = _traveller(rng, "plain")
    cases.append(
        ("WEIGHTED_MP 10,000 others", "WEIGHTED_MP", [plain, [[420], [-50]], [[0.6], [0.4]]])
    )
    cases.append(("FREQUENCY_TABLE EW split", "FREQUENCY_TABLE", [
        [*plain[:ROWS - 1], ["NS: 680 | EW: 1430"]], None, None, None, "EW",
    ]))  # fmt: skip
    differences = _column([rng.randrange(-5000, 5000) for _ in range(ROWS)])
    margins = _column([rng.randrange(-80, 80) for _ in range(ROWS)])
    boards = _column([rng.randrange(1, 37) for _ in range(ROWS)])
    weighted = _column(
        [rng.choice([f"{p}% {rng.choice(POOL)}; {100 - p}% {rng.choice(POOL)}" for p in (30, 60)])
         if rng.random() < 0.5 else rng.choice(POOL) for _ in range(ROWS)]
    )  # fmt: skip
    levels = [rng.randrange(1, 8) for _ in range(ROWS)]
    contracts = [f"{level}{rng.choice(['C', 'D', 'H', 'S', 'NT'])}{rng.choice(['', 'X', 'XX'])}"
                 for level in levels]  # fmt: skip
    made = [rng.choice(["=", *range(-3, 14 - 6 - level)]) for level in levels]
    mps = _column([rng.randrange(0, 41) / 2 for _ in range(ROWS)])
    pair = _column([rng.choice(["A+", "A-", "A=", rng.randrange(0, 25), rng.randrange(0, 49) / 2])
                    for _ in range(ROWS)])  # fmt: skip
    cases += [
        ("IMPS 10,000", "IMPS", [differences]),
        ("MATCH_IMPS 10,000 boards", "MATCH_IMPS", [weighted, plain, RULINGS]),
        # a match of 1,000 boards: the longest the WBF VP scale is computed for here
        ("MATCH_VPS 1,000 boards", "MATCH_VPS", [weighted[:1000], plain[:1000], 1000, RULINGS]),
        ("VICTORY_POINTS 10,000", "VICTORY_POINTS", [margins, 8]),
        ("NEUBERG 10,000", "NEUBERG", [mps, 20, 22]),
        ("AGGREGATE_SCORE 10,000", "AGGREGATE_SCORE", [weighted]),
        ("TEAMS_IMPS 10,000", "TEAMS_IMPS", [weighted, plain]),
        (
            "BRIDGE_SCORE 10,000",
            "BRIDGE_SCORE",
            [
                _column(contracts),
                _column([rng.choice("NESW") for _ in range(ROWS)]),
                _column(made),
                boards,
            ],
        ),
        ("VULNERABILITY 10,000", "VULNERABILITY", [boards]),
        ("DEALER 10,000", "DEALER", [boards]),
        ("APPLY_AVPLUS 10,000 boards", "APPLY_AVPLUS", [pair, 24]),
        ("direct: APPLY_AVPLUS magic", "APPLY_AVPLUS", [pair, 24, "magic", 60, 40]),
        ("MATCHPOINTS error at row 9,999", "MATCHPOINTS", [[*plain[:9998], ["42O"], [420]]]),
    ]
    return cases


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def _outcome(call: Callable[[], Any]) -> tuple[dict[str, Any], float]:
    """What the call gave (its value as JSON, or its message), and how long it took (ms)."""
    start = time.perf_counter()
    try:
        value = call()
    except Exception as exc:  # the message Excel shows on the cell
        return {"error": str(exc), "type": type(exc).__name__}, _since(start)
    elapsed = _since(start)
    return {"value": json.loads(json.dumps(value, allow_nan=False))}, elapsed


def _since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


async def _officejs(
    server: Any, module: Any, name: str, args: list[Any]
) -> tuple[dict[str, Any], float]:
    import xlwings

    payload = {
        "func_name": name,
        "args": [as_matrix(arg) for arg in args],
        "caller_address": "Sheet1!B2",
        "version": xlwings.__version__,
        "client": "Office.js",
        "runtime": "1.4",
        "culture_info_name": "en-US",
        "date_format": "M/d/yyyy",
    }
    start = time.perf_counter()
    try:
        value = await server.custom_functions_call(payload, module)
    except Exception as exc:
        return {"error": str(exc), "type": type(exc).__name__}, _since(start)
    elapsed = _since(start)
    return {"value": json.loads(json.dumps(value, allow_nan=False))}, elapsed


def _fastest(call: Callable[[], Any], first: float, repeat: int) -> float:
    """The quickest of ``repeat`` calls in ms, ``first`` (a call already timed) among them."""
    return min([first] + [_outcome(call)[1] for _ in range(repeat - 1)])


async def run(doc_calls: list[Case], repeat: int = 1) -> dict[str, Any]:
    """Each case's inputs' hash, its direct and its Office.js outcome, and their times.

    A board case's direct call is timed ``repeat`` times (the quickest is kept).

    ``xlwings`` must be imported after ``OFFICEJS_ENV`` is in ``os.environ``, and
    ``main`` (the ``main.py`` of ``xlbridge lite``) must be importable.
    """
    import importlib
    import sys

    import xlwings

    server = importlib.import_module("xlwings.server")
    main = importlib.import_module("main")
    import xlbridge
    from xlbridge import udfs

    out: dict[str, Any] = {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "xlbridge": xlbridge.__version__,
        "xlbridge_file": xlbridge.__file__,
        "xlwings": xlwings.__version__,
        "numpy": "numpy" in sys.modules,
        "cases": {},
    }
    for case_id, name, args in [*doc_calls, *board_cases()]:
        func = getattr(udfs, name)
        call = functools.partial(func, *args)
        outcome, elapsed = _outcome(call)
        entry: dict[str, Any] = {"inputs": _digest(args), "direct": outcome, "direct_ms": elapsed}
        if not case_id.startswith("doc"):
            entry["direct_ms"] = _fastest(call, elapsed, repeat)
        if not case_id.startswith("direct"):
            # main.py registers the twins of VP and AGGREGATE (Office.js cannot take those)
            twin = udfs.ALIASES.get(name, name)
            entry["officejs"], entry["officejs_ms"] = await _officejs(server, main, twin, args)
        out["cases"][case_id] = entry
    out["numpy"] = "numpy" in sys.modules
    return out


if __name__ == "__main__":  # CPython's side: python pyodide_cases.py DOC_CALLS.json OUT.json N
    import asyncio
    import os
    import sys

    if any(os.environ.get(k) != v for k, v in OFFICEJS_ENV.items()):
        raise SystemExit("set OFFICEJS_ENV before running (xlwings reads it on import)")
    # xlwings looks for pyodide.ffi.JsNull once per cell; Pyodide has it, CPython pays a
    # failed import each time.  A stand-in keeps CPython's Office.js times comparable.
    import types

    ffi = types.ModuleType("pyodide.ffi")
    ffi.JsNull = type("JsNull", (), {})  # type: ignore[attr-defined]
    stub = types.ModuleType("pyodide")
    stub.__path__ = []
    stub.ffi = ffi  # type: ignore[attr-defined]
    sys.modules.update({"pyodide": stub, "pyodide.ffi": ffi})
    calls, output, repeat = sys.argv[1:4]
    with open(calls, encoding="utf-8") as file:
        doc = [tuple(c) for c in json.load(file)]
    result = asyncio.run(run(doc, int(repeat)))  # type: ignore[arg-type]
    with open(output, "w", encoding="utf-8") as file:
        json.dump(result, file)
