"""A night workbook opened without the xlbridge add-in: one line says so, no error grids.

The result columns of a night workbook call xlbridge's Excel functions
(``MATCHPOINTS``, ``BRIDGE_SCORE``, ``MATCH_IMPS``, ...), which only Excel
with the xlwings add-in knows.  Opened anywhere else (LibreOffice, Excel
without the add-in) each such cell would be ``#NAME?``, and every cell
computed from it too.

So each sheet with such columns holds one notice cell in its header row,
right of its columns: a cheap call to one of the functions (the probe),
blank when the call gives a number, the :data:`NOTICE` when it does not.
Each formula that calls the add-in is :func:`guarded` by that cell: blank
while the notice shows, the formula itself otherwise.  With the add-in
loaded, the formulas are computed as before, and an error one of them
gives (a ``#VALUE!`` naming a bad score) still shows: only a missing
add-in is blanked.  ``xlbridge score`` reads none of these cells, and
clears the notice in the results workbook it writes (its figures are
values).
"""

from __future__ import annotations

__all__ = ["NOTICE", "guarded", "notice_formula"]

#: What a sheet that needs the add-in says when it is missing: one line.
NOTICE = (
    "These results need the xlbridge add-in: run  xlbridge score NIGHT.xlsx  "
    "or install the add-in (see docs/excel.md)"
)


def notice_formula(probe: str) -> str:
    """The notice cell's formula: blank when ``probe`` (a call of one of xlbridge's
    functions that gives a number) does, else the :data:`NOTICE`."""
    return f'=IF(ISNUMBER({probe}),"","{NOTICE}")'


def guarded(notice: str, formula: str) -> str:
    """``formula`` (an expression, no ``=``) blank while the ``notice`` cell (an absolute
    reference such as ``$N$1``) shows the notice."""
    return f'IF({notice}<>"","",{formula})'
