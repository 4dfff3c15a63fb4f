"""Rows written in bulk (big merged fields) read back exactly as openpyxl's own cells."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.utils.exceptions import IllegalCharacterError

from xlbridge.workbook.pairs.writer import BulkRows, save_workbook

ROWS = [
    (1, "Acol:3", "Ann & Bob <x>", " spaced ", "", None, 2.5, -0.0),
    (2**60, "=1+1", "#N/A", "=", 1e20, True, 1 / 3, "line\nbreak"),
    (None, None, None, None, None, None, None, 7),
    # equal keys of other types in one column: each rendered as its own type
    (1, True, 1.0, "1", 0, False, 0.0, "0"),
    (True, 1, "1", 1.0, False, 0, "0", 0.0),
    (1.0, "1", True, 1, 0.0, "0", False, 0),
]


def cells(path: Path, title: str) -> dict[str, tuple[object, str, str]]:
    ws = load_workbook(path)[title]
    return {
        c.coordinate: (c.value, c.data_type, c.number_format)
        for row in ws.iter_rows()
        for c in row
        if c.value is not None or c.has_style
    }


def test_bulk_rows_read_back_as_openpyxl_cells(tmp_path: Path) -> None:
    wb = Workbook()
    own, bulked = wb.active, wb.create_sheet("bulk")
    for ws in (own, bulked):
        ws.append(["header"])
        ws.append(ROWS[0])
        ws["G2"].number_format = "0.0#"
    for index, values in enumerate(ROWS[1:], start=3):
        own.append(values)
        own.cell(index, 7).number_format = "0.0#"
    bulk = BulkRows()
    for index, values in enumerate(ROWS[1:], start=3):
        bulk.add(bulked, index, values, like=2)
    save_workbook(wb, tmp_path / "out.xlsx", bulk)
    assert cells(tmp_path / "out.xlsx", "bulk") == cells(tmp_path / "out.xlsx", own.title)
    assert load_workbook(tmp_path / "out.xlsx")["bulk"].dimensions == own.dimensions


def test_bulk_rows_refuse_what_openpyxl_refuses(tmp_path: Path) -> None:
    wb = Workbook()
    with pytest.raises(IllegalCharacterError):
        BulkRows().add(wb.active, 2, ["bell\x07"])
