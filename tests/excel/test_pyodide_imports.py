"""The core and the Excel functions import where xlwings Lite runs them (Pyodide).

Pyodide has the standard library (less a few modules) and the packages it
ships; xlwings Lite adds xlwings.  Each check runs in a fresh process whose
``sys.meta_path`` refuses every other third-party import, so a stray
``import openpyxl`` or ``import click`` at module level fails here first.
"""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys

import pytest
from support import paths

import xlbridge

pytestmark = pytest.mark.subprocess

REPO_ROOT = paths.ROOT

#: Adapters: they may import xlwings, openpyxl or click (lite: for the `xlbridge lite` command;
#: __main__: `python -m xlbridge`).
ADAPTERS = {"__main__", "cli", "lite", "udfs", "workbook"}

CORE = sorted(
    f"xlbridge.{m.name}" for m in pkgutil.iter_modules(xlbridge.__path__) if m.name not in ADAPTERS
)

CHILD = r"""
import importlib, json, sys

allowed_third_party, modules, call_udf = json.loads(sys.argv[1])
# Not in Pyodide's standard library (https://pyodide.org/en/stable/usage/wasm-constraints.html).
PYODIDE_MISSING = {"tkinter", "turtle", "curses", "readline", "dbm", "idlelib", "venv",
                   "ensurepip", "msvcrt", "winreg", "_winapi", "multiprocessing"}

for name in allowed_third_party:      # what the host has loaded already (Lite: xlwings)
    importlib.import_module(name)
for name in [m for m in sys.modules if m.split(".")[0] in ("openpyxl", "click")]:
    del sys.modules[name]             # loaded by the host only: xlbridge must not need them

refused = []

class Pyodide:
    def find_spec(self, fullname, path=None, target=None):
        top = fullname.split(".")[0]
        stdlib = top in sys.stdlib_module_names and top not in PYODIDE_MISSING
        if stdlib or top == "xlbridge" or top in sys.modules:
            return None
        frame = sys._getframe(1)
        while frame.f_globals.get("__name__", "").startswith(("importlib", "_frozen_importlib")):
            frame = frame.f_back
        importer = frame.f_globals.get("__name__", "")
        if importer.split(".")[0] == "xlbridge":  # the standard library probes too (copy: org)
            refused.append(f"{importer} imports {fullname}")
        raise ImportError(f"{fullname!r} is not available under Pyodide")

sys.meta_path.insert(0, Pyodide())
for name in modules:
    importlib.import_module(name)
result = None
if call_udf:
    from xlbridge.udfs import MATCHPOINTS
    result = MATCHPOINTS([[420], [""], [450]])
print(json.dumps({"refused": refused, "result": result,
                  "openpyxl": "openpyxl" in sys.modules, "click": "click" in sys.modules}))
"""


def run_child(allowed: list[str], modules: list[str], call_udf: bool, env: dict[str, str]) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps([allowed, modules, call_udf])],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out: dict = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


def test_core_is_listed() -> None:
    assert {"xlbridge.board", "xlbridge.result", "xlbridge.exact", "xlbridge.scales"} <= set(CORE)


def test_core_imports_without_xlwings_openpyxl_or_click() -> None:
    out = run_child([], ["xlbridge", *CORE], call_udf=False, env={})
    assert out["refused"] == []
    assert not out["openpyxl"] and not out["click"]


def test_udfs_import_with_only_xlwings_added() -> None:
    # As in xlwings Lite: xlwings is loaded (Office.js mode), nothing else third-party.
    env = {"XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"}
    out = run_child(["xlwings", "xlwings.server"], ["xlbridge.udfs"], call_udf=True, env=env)
    assert out["refused"] == []
    assert not out["openpyxl"] and not out["click"]
    assert out["result"] == [[0.0, 2.0], [None, None], [2.0, 0.0]]


def test_blocking_works() -> None:
    # The guard itself: a module that needs openpyxl is refused.
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps([[], ["openpyxl"], False])],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode != 0 and "not available under Pyodide" in proc.stderr
