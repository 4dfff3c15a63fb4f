"""How a results sheet prints, pairs and teams alike: the page header and footer, and page
breaks that never split a block (a board's frequency table, a match's score card)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from openpyxl.worksheet.pagebreak import Break, RowBreak
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.exact import format_date

__all__ = ["PAGE_ROWS", "break_between", "print_setup"]

#: Rows that fit on a printed page (portrait, the default font, a header and a footer).
PAGE_ROWS = 40


def print_setup(ws: Worksheet, event: str, day: date | None) -> None:
    """Event name and date in the page header, the sheet and page numbers in the footer."""
    for header in (ws.oddHeader, ws.evenHeader, ws.firstHeader):
        header.left.text = _escape(event)
        header.right.text = _escape(format_date(day)) or None  # none: no empty "&R" part
    for footer in (ws.oddFooter, ws.evenFooter, ws.firstFooter):
        footer.left.text = "&A"
        footer.right.text = "Page &P of &N"


def _escape(text: str) -> str:
    """Header text as Excel shows it: ``&`` starts a code there, ``&&`` is an ampersand."""
    return text.replace("&", "&&")


def break_between(ws: Worksheet, starts: Sequence[int]) -> None:
    """Page breaks before blocks (from each start to the next), so that none is split."""
    ws.row_breaks = RowBreak()
    page_top = 1
    ends = [start - 1 for start in starts[1:]] + [ws.max_row] if starts else []
    for start, end in zip(starts, ends, strict=True):
        if end - page_top + 1 > PAGE_ROWS and start > page_top + 1:
            ws.row_breaks.append(Break(id=start - 1))
            page_top = start
    ws.page_setup.orientation = "portrait"
