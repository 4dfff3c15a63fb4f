"""What matters in a workbook, as plain data, to compare a rebuilt template with the committed one.

Byte comparison of ``.xlsx`` files fails on zip timestamps; this compares what
a user sees and what the formulas compute: every cell's value or formula,
array formulas, number formats, fonts and fills, data validation rules and
input messages, conditional formats, widths, frozen panes, print areas and
the defined names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["describe_workbook", "diff_snapshots"]


def _colour(colour: Any) -> str | None:
    return None if colour is None else str(colour.rgb)


def _cell_value(value: object) -> object:
    if isinstance(value, ArrayFormula):
        return ("array", value.ref, value.text)
    return value


def _sheet(ws: Worksheet) -> dict[str, Any]:
    cells: dict[str, Any] = {}
    for row in ws.iter_rows():
        for cell in row:
            style = (
                cell.number_format,
                bool(cell.font.bold),
                _colour(cell.font.color),
                cell.fill.fill_type,
                _colour(cell.fill.fgColor) if cell.fill.fill_type else None,
            )
            if cell.value is not None or style != ("General", False, None, None, None):
                cells[cell.coordinate] = (_cell_value(cell.value), *style)
    validations = sorted(
        tuple(
            str(x)
            for x in (
                str(dv.sqref),
                dv.type,
                dv.formula1,
                dv.formula2,
                dv.operator,
                dv.prompt,
                dv.errorStyle,
            )
        )
        for dv in ws.data_validations.dataValidation
    )
    formats = sorted(
        (str(rng.sqref), str(rule.formula), str(rule.type), str(_colour(rule.dxf.fill.fgColor)))
        for rng in ws.conditional_formatting
        for rule in rng.rules
    )
    return {
        "cells": cells,
        "validations": validations,
        "conditional_formats": formats,
        "widths": {k: v.width for k, v in sorted(ws.column_dimensions.items()) if v.width},
        "freeze_panes": ws.freeze_panes,
        "print_area": ws.print_area,
        "print_titles": ws.print_title_rows,
    }


def describe_workbook(path: Path) -> dict[str, Any]:
    """The comparable content of the workbook at ``path``."""
    with open(path, "rb") as file:  # closed even when openpyxl fails half way
        wb = load_workbook(file, keep_vba=path.suffix == ".xlsm")
    return {
        "sheets": wb.sheetnames,
        "names": {name: dn.attr_text for name, dn in sorted(wb.defined_names.items())},
        **{f"sheet {ws.title}": _sheet(ws) for ws in wb.worksheets},
    }


def diff_snapshots(expected: dict[str, Any], actual: dict[str, Any], limit: int = 20) -> list[str]:
    """Up to ``limit`` differences between two snapshots, each naming where it is."""
    out: list[str] = []

    def walk(a: object, b: object, where: str) -> None:
        if len(out) >= limit:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(a.keys() | b.keys(), key=str):
                walk(a.get(key, "<missing>"), b.get(key, "<missing>"), f"{where}/{key}")
        elif a != b:
            out.append(f"{where}: committed {a!r}, rebuilt {b!r}")

    walk(expected, actual, "")
    return out
