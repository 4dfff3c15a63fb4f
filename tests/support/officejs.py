"""Run Excel functions through xlwings' Office.js path (xlwings Lite / xlwings Server).

A helper module for tests and benchmarks, not a test file.  Outside Windows,
``@xw.func``, ``@xw.arg`` and ``@xw.ret`` return the function unchanged, so calling
``xlbridge.udfs`` directly never exercises xlwings' argument and return-value
conversion.  With ``XLWINGS_ON_SERVER=true`` (and a license key) set *before*
xlwings is imported, the decorators are the Office.js ones and
``xlwings.server.custom_functions_meta`` / ``custom_functions_call`` run the same
Python code that xlwings Lite runs in Pyodide.  Those variables must be set before
the first ``import xlwings``, so everything runs in ONE separate Python process::

    from support.officejs import officejs_payload, run_officejs

    out = run_officejs(
        "xlbridge.udfs",
        [
            ("matchpoints", [[420, 420, None, -50]]),  # a flat list is a column
            ("neuberg", [[[7]], 8, 10]),                # scalars become [[x]]
            officejs_payload("matchpoints", [[[""]]]),  # a prebuilt payload is sent as is
        ],
        repeat=100,                                     # optional timing
    )
    out["meta"]["functions"]        # what Excel registers (names, descriptions, optional)
    out["results"][0]["value"]      # the JSON value Excel would receive, e.g. [[12, 0], ...]
    out["results"][1]["error"]      # str(exception), the text Excel shows on #VALUE!
    out["results"][0]["timing"]     # {"n": 100, "median_ms": ..., ...}

Shapes, as Excel sends them (every xlwings parameter is registered as
``dimensionality: matrix``): a cell or a literal arrives as ``[[x]]``, a range as
a list of rows, an omitted optional argument as ``null`` (None).  Empty cells
arrive as None or "".  :func:`as_matrix` builds these shapes.

Each result is a dict:

``ok``
    True if the call returned and its value is valid JSON (what Excel receives).
``value``
    The converted return value after a JSON round trip (always a list of rows).
``error`` / ``error_type`` / ``details`` / ``stage``
    On failure: ``str(exc)`` (the message xlwings Lite puts on the #VALUE! cell),
    the exception class name, the traceback, and ``"call"`` (raised) or
    ``"serialize"`` (returned something JSON cannot carry, e.g. a Fraction).
``timing``
    With ``repeat=N``: N further in-process calls of ``custom_functions_call``
    (after the reported one), in milliseconds.

The child can also be run by hand:
``python tests/support/officejs.py MODULE FUNC 'JSON_ARGS'`` prints one call's result.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

__all__ = [
    "OFFICEJS_ENV",
    "REPO_ROOT",
    "as_matrix",
    "officejs_payload",
    "run_officejs",
]

#: Environment that switches xlwings to its Office.js decorators and code path.
OFFICEJS_ENV = {"XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"}

#: Put on the child's sys.path first, so ``xlbridge`` imports from this checkout.
_HERE = Path(__file__).resolve()
#: (tests/support/ in a checkout; in Pyodide this file is copied to /cases/, where it is unused)
REPO_ROOT = _HERE.parents[2] if len(_HERE.parents) > 2 else _HERE.parent

_CHILD_FLAG = "--officejs-child"


# ---------------------------------------------------------------------------
# Payloads (parent side; never imports xlwings)
# ---------------------------------------------------------------------------


def as_matrix(value: Any) -> Any:
    """The shape in which Excel hands one argument to an xlwings function.

    ``None`` stays ``None`` (an omitted optional argument: Office.js sends null);
    a list of lists is a range and is returned as a list of lists; a flat list is
    a single-column range (one item per row, like a traveller); anything else is
    one cell or a literal and becomes ``[[value]]``.

    >>> as_matrix(14), as_matrix([420, None]), as_matrix([[1, 2]]), as_matrix(None)
    ([[14]], [[420], [None]], [[1, 2]], None)
    """
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        items = list(value)
        if not items:
            raise ValueError("Excel never passes an empty range")
        nested = [isinstance(item, (list, tuple)) for item in items]
        if all(nested):
            rows = [list(row) for row in items]
            if len({len(row) for row in rows}) != 1 or not rows[0]:
                raise ValueError(f"a range must be rectangular, got {value!r}")
            return rows
        if any(nested):
            raise ValueError(f"mix of rows and cells in one argument: {value!r}")
        return [[item] for item in items]
    return [[value]]


def _xlwings_version() -> str:
    try:
        return metadata.version("xlwings")
    except metadata.PackageNotFoundError:  # pragma: no cover - xlwings is a dependency
        return "0"


def officejs_payload(
    func_name: str,
    args: Sequence[Any],
    caller_address: str = "Sheet1!B2",
    *,
    runtime: str = "1.4",
    culture_info_name: str = "en-US",
    date_format: str = "M/d/yyyy",
) -> dict[str, Any]:
    """The request body Office.js sends for one custom-function call.

    ``func_name`` is the Python name (xlwings dispatches with ``getattr(module,
    func_name)``), each argument is passed through :func:`as_matrix`.
    """
    return {
        "func_name": func_name,
        "args": [as_matrix(arg) for arg in args],
        "caller_address": caller_address,
        "version": _xlwings_version(),
        "client": "Office.js",
        "runtime": runtime,
        "culture_info_name": culture_info_name,
        "date_format": date_format,
    }


Call = Mapping[str, Any] | tuple[str, Sequence[Any]]


def _to_payload(call: Call) -> dict[str, Any]:
    if isinstance(call, Mapping):
        return dict(call)
    func_name, args = call
    return officejs_payload(func_name, args)


def run_officejs(
    module: str,
    calls: Iterable[Call],
    *,
    repeat: int = 0,
    sys_path: Sequence[str | os.PathLike[str]] = (),
    stub_pyodide: bool = False,
    timeout: float = 120.0,
) -> dict[str, Any]:
    """Import ``module`` in one fresh Office.js-mode process and run every call there.

    ``calls`` holds ``(func_name, args)`` pairs (args shaped by :func:`as_matrix`)
    or ready payload dicts (sent unchanged).  ``repeat`` > 0 times that many extra
    calls of each.  ``sys_path`` entries go on the child's path after the repo root.

    ``stub_pyodide=True`` installs a stand-in ``pyodide.ffi`` module holding only a
    ``JsNull`` class.  xlwings runs ``from pyodide.ffi import JsNull`` once per
    argument cell (``xlwings.utils.is_jsnull``); outside Pyodide that import fails
    and is retried every time, which dominates CPython timings (tens of
    microseconds per cell) although Pyodide pays it once.  Use it for timings that
    should reflect the Lite cost; results are unaffected (nothing is a JsNull).

    Returns ``{"module", "python", "xlwings_version", "meta", "meta_error",
    "results", "stdout", "stderr"}``; raises RuntimeError if the child itself fails.
    """
    request = {
        "module": module,
        "calls": [_to_payload(call) for call in calls],
        "repeat": int(repeat),
        "stub_pyodide": bool(stub_pyodide),
        "sys_path": [str(REPO_ROOT), *(os.fspath(p) for p in sys_path)],
    }
    env = {**os.environ, **OFFICEJS_ENV}
    with tempfile.TemporaryDirectory(prefix="officejs-") as tmp:
        request_file = Path(tmp, "request.json")
        output_file = Path(tmp, "output.json")
        request_file.write_text(json.dumps(request, allow_nan=False), encoding="utf-8")
        proc = subprocess.run(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                _CHILD_FLAG,
                str(request_file),
                str(output_file),
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if proc.returncode != 0 or not output_file.exists():
            raise RuntimeError(
                f"Office.js child process failed (exit {proc.returncode}):\n"
                f"{proc.stderr}{proc.stdout}"
            )
        result: dict[str, Any] = json.loads(output_file.read_text(encoding="utf-8"))
    result["stdout"] = proc.stdout
    result["stderr"] = proc.stderr
    return result


# ---------------------------------------------------------------------------
# Child side: runs with OFFICEJS_ENV set, imports xlwings only here
# ---------------------------------------------------------------------------


def _error(exc: BaseException, stage: str) -> dict[str, Any]:
    import traceback

    return {
        "ok": False,
        "stage": stage,
        "error": str(exc),
        "error_type": type(exc).__name__,
        "details": "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
    }


def _json_roundtrip(value: Any) -> Any:
    # Strict JSON, as the Server's HTTP response must be: no NaN/inf, no Fraction.
    return json.loads(json.dumps(value, allow_nan=False))


async def _run_calls(
    server: Any, module: Any, calls: list[dict[str, Any]], repeat: int
) -> list[dict[str, Any]]:
    import contextlib
    import copy
    import statistics
    import time

    results: list[dict[str, Any]] = []
    for index, payload in enumerate(calls):
        entry: dict[str, Any] = {"index": index, "func_name": payload.get("func_name")}
        try:
            value = await server.custom_functions_call(copy.deepcopy(payload), module)
        except Exception as exc:
            entry.update(_error(exc, "call"))
        else:
            try:
                entry.update(ok=True, value=_json_roundtrip(value))
            except (TypeError, ValueError) as exc:
                entry.update(_error(exc, "serialize"))
                entry["value_repr"] = repr(value)
        if repeat > 0:
            times = []
            for _ in range(repeat):
                fresh = copy.deepcopy(payload)
                start = time.perf_counter()
                with contextlib.suppress(Exception):  # an error path may be timed too
                    await server.custom_functions_call(fresh, module)
                times.append((time.perf_counter() - start) * 1000.0)
            times.sort()
            entry["timing"] = {
                "n": repeat,
                "median_ms": statistics.median(times),
                "min_ms": times[0],
                "p90_ms": times[min(len(times) - 1, int(0.9 * len(times)))],
                "max_ms": times[-1],
            }
        results.append(entry)
    return results


def _install_pyodide_stub() -> None:
    import types

    if "pyodide" in sys.modules:
        return
    ffi = types.ModuleType("pyodide.ffi")

    class JsNull:  # never instantiated: no value is Pyodide's JS null here
        pass

    ffi.JsNull = JsNull  # type: ignore[attr-defined]
    pkg = types.ModuleType("pyodide")
    pkg.__path__ = []
    pkg.ffi = ffi  # type: ignore[attr-defined]
    sys.modules["pyodide"] = pkg
    sys.modules["pyodide.ffi"] = ffi


def _child_run(request: dict[str, Any]) -> dict[str, Any]:
    import asyncio
    import importlib
    import platform

    for path in reversed(request["sys_path"]):
        sys.path.insert(0, path)
    missing = {k: v for k, v in OFFICEJS_ENV.items() if os.environ.get(k) != v}
    if missing:
        raise RuntimeError(f"Office.js environment not set: {missing}")
    if request.get("stub_pyodide"):
        _install_pyodide_stub()

    import xlwings

    server: Any = importlib.import_module("xlwings.server")

    if xlwings.func is not server.func:
        raise RuntimeError("xlwings was imported before XLWINGS_ON_SERVER took effect")

    module = importlib.import_module(request["module"])
    out: dict[str, Any] = {
        "module": request["module"],
        "python": platform.python_version(),
        "stub_pyodide": bool(request.get("stub_pyodide")),
        "xlwings_version": xlwings.__version__,
        "meta": None,
        "meta_error": None,
    }
    try:
        out["meta"] = _json_roundtrip(server.custom_functions_meta(module))
    except Exception as exc:
        out["meta_error"] = _error(exc, "meta")
    out["results"] = asyncio.run(_run_calls(server, module, request["calls"], request["repeat"]))
    return out


def _child_main(argv: list[str]) -> int:
    request_file, output_file = argv
    request = json.loads(Path(request_file).read_text(encoding="utf-8"))
    out = _child_run(request)
    Path(output_file).write_text(json.dumps(out, allow_nan=False), encoding="utf-8")
    return 0


def _cli(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python tests/support/officejs.py MODULE FUNC 'JSON_ARGS'", file=sys.stderr)
        return 2
    module, func_name, args = argv
    out = run_officejs(module, [(func_name, json.loads(args))])
    print(json.dumps(out["results"][0], indent=2))
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == [_CHILD_FLAG]:
        sys.exit(_child_main(sys.argv[2:]))
    sys.exit(_cli(sys.argv[1:]))
