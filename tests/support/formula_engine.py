"""A workbook's formulas evaluated by an independent formula engine (``formulas``), with
xlbridge's Excel functions registered as Excel would call them (cells as lists of lists,
blanks as ``None``).

``evaluate(path, {"MATCHPOINTS": (udfs.MATCHPOINTS, ())})`` gives ``value(sheet, ref)``;
the second item of each pair lists the arguments Excel passes as one value, not a range.
Skips the calling test when ``formulas``, numpy or schedula is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

Functions = Mapping[str, tuple[Callable[..., Any], tuple[int, ...]]]


def evaluate(path: Path, functions: Functions) -> Callable[[str, str], Any]:
    formulas = pytest.importorskip("formulas")
    np = pytest.importorskip("numpy")
    schedula = pytest.importorskip("schedula")

    def cells(value: Any) -> Any:
        if type(value).__name__ == "Ranges":
            value = value.value
        if isinstance(value, np.ndarray):
            return [[cells(x) for x in row] for row in np.atleast_2d(value)]
        if value is schedula.EMPTY or (isinstance(value, str) and value == ""):
            return None
        return value.item() if isinstance(value, np.generic) else value

    def scalar(value: Any) -> Any:
        """A cell argument (not a range) as Excel passes it: the value itself."""
        while isinstance(value, list) and len(value) == 1:
            value = value[0]
        return value

    def registered(function: Callable[..., Any], single: tuple[int, ...]) -> Any:
        def call(*args: Any) -> Any:
            values = [cells(a) for a in args]
            values = [scalar(v) if i in single else v for i, v in enumerate(values)]
            out = function(*values)
            if isinstance(out, list):
                grid = [["" if x is None else x for x in row] for row in out]
                return np.array(grid, dtype=object)
            return "" if out is None else out

        return call

    known = formulas.get_functions()
    for name, (function, single) in functions.items():
        known[name] = registered(function, single)
    solution = formulas.ExcelModel().loads(str(path)).finish().calculate()

    def value(sheet: str, ref: str) -> Any:
        found = solution[f"'[{path.name}]{sheet.upper()}'!{ref}"].value
        return found.tolist()[0][0] if hasattr(found, "tolist") else found

    return value
