"""Text written into a workbook stays text: no name or title becomes a live formula.

openpyxl takes any text that begins with ``=`` for a formula.  xlbridge writes
formulas only where it means to: in its templates (the club-night and teams
workbooks, a teams round's match rows).  Every other text it writes (a player's
name, an event's title, read from an imported file or from the workbook being
scored) must reach the new workbook as the text it was: a USEBIO file naming a
player ``=HYPERLINK("http://...","results")`` must not put a live link into the
club's workbook.

:func:`keep_formulas` records the formulas a workbook holds when it is built or
loaded (the template's, and those the scorer typed); :func:`save` turns every
other cell openpyxl took for a formula back into the text it was written as,
then saves.  Every workbook xlbridge writes is saved through :func:`save`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import IO

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["keep_formulas", "save"]

#: The attribute of a worksheet holding the (row, column) of the formulas xlbridge means.
_KEPT = "_xlbridge_formulas"


def _formulas(ws: Worksheet) -> set[tuple[int, int]]:
    cells = ws._cells
    return {place for place, cell in cells.items() if cell.data_type == "f"}


def keep_formulas(wb: Workbook, sheets: Iterable[str] | None = None) -> Workbook:
    """Record every formula ``wb`` (or its ``sheets``) holds now as meant; return ``wb``.

    Called when a workbook is built from a template or loaded from a file, and when
    a template adds formulas of its own (a teams round's match rows).
    """
    for ws in wb.worksheets if sheets is None else [wb[title] for title in sheets]:
        kept: set[tuple[int, int]] = getattr(ws, _KEPT, set())
        setattr(ws, _KEPT, kept | _formulas(ws))
    return wb


def save(wb: Workbook, target: str | os.PathLike[str] | IO[bytes]) -> None:
    """Save ``wb`` to ``target``, every formula not recorded by :func:`keep_formulas` as text.

    A sheet made after the record (a results sheet) holds no formula: all its text is text.
    """
    for ws in wb.worksheets:
        kept: set[tuple[int, int]] = getattr(ws, _KEPT, set())
        cells = ws._cells
        for place in _formulas(ws) - kept:
            cell = cells[place]
            if isinstance(cell.value, str):
                cell.data_type = "s"
    wb.save(target)
