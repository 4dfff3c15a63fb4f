"""The look both workbooks share: colours, fonts, header rows, columns, fixed properties."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.worksheet.worksheet import Worksheet

__all__ = [
    "BOLD",
    "COMPUTED_FILL",
    "HEADER_FILL",
    "HEADER_FONT",
    "HTML_STYLE",
    "NOTE_FILL",
    "THIN",
    "TITLE_FONT",
    "WARN_BOLD",
    "WARN_FILL",
    "WARN_FONT",
    "Column",
    "fit_to_texts",
    "fix_properties",
    "header_row",
    "html_page",
]

#: A fixed timestamp, so that a rebuilt template carries the same properties.
_FIXED_TIME = datetime(2024, 1, 1)

HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="1F5C3A")
COMPUTED_FILL = PatternFill("solid", fgColor="EDEDED")
WARN_FILL = PatternFill("solid", fgColor="FFC7CE")
WARN_FONT = Font(color="9C0006")
WARN_BOLD = Font(bold=True, color="9C0006")
NOTE_FILL = PatternFill("solid", fgColor="FFEB9C")
TITLE_FONT = Font(bold=True, size=14)
BOLD = Font(bold=True)
THIN = Border(bottom=Side(style="thin", color="999999"))


@dataclass(frozen=True)
class Column:
    """One column of an entry or result table."""

    letter: str
    header: str
    width: float
    help: str = ""
    number_format: str = "General"


def fit_to_texts(ws: Worksheet, column: Column, texts: Iterable[str]) -> None:
    """``column`` as wide as the longest of ``texts`` (and a margin), never narrower than
    its own width: a name is not cut off on the page a club pins up."""
    longest = max((len(text) for text in texts), default=0)
    ws.column_dimensions[column.letter].width = max(column.width, longest + 3)


def header_row(ws: Worksheet, columns: Sequence[Column], row: int = 1) -> None:
    for col in columns:
        cell = ws[f"{col.letter}{row}"]
        cell.value = col.header
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(horizontal="center", vertical="center")
        ws.column_dimensions[col.letter].width = col.width
    ws.freeze_panes = f"A{row + 1}"
    ws.print_title_rows = f"{row}:{row}"
    ws.auto_filter.ref = None
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.gridLines = True


#: The style sheet every results page starts from (pairs and teams), in the workbook's colours;
#: a page adds the rules of what only it shows.
#: The results pages' style.  On a phone (up to 600 px wide) the tables take a smaller
#: font and less padding and their headings wrap, so a ranking fits 390 px; a table still
#: wider than the screen scrolls in its own box (``div.wide``), never the page.
HTML_STYLE = """
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5em;color:#222}
h1{color:#1f5c3a}h2{border-bottom:2px solid #1f5c3a;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0 1em}
th{background:#1f5c3a;color:#fff;padding:.25em .6em}
td{padding:.2em .6em;border-bottom:1px solid #ddd}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.card{display:inline-block;vertical-align:top;max-width:100%}
.wide{max-width:100%;overflow-x:auto}
@media (max-width:600px){
body{margin:.5em}h1{font-size:1.4em}h2{font-size:1.2em}
table{font-size:.8em;margin:.3em 0 .8em}
th,td{padding:.2em .25em}th{font-size:.9em;font-weight:600}
}
"""


def html_page(title: str, style: str, body: str) -> str:
    """A results page as every one is written: UTF-8, the generator mark by which xlbridge
    knows its own page (``outputs.is_own_output``), a viewport for phones; ``title``
    escaped already."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="generator" content="xlbridge">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{title}</title><style>{style}</style></head><body>{body}</body></html>\n"
    )


def mark_results(wb: Workbook) -> None:
    """Mark a results workbook as xlbridge's own output (its document category, and a
    custom property that will hold the fingerprint of its content), so that the next run
    may replace it while a night being filled in, or results corrected by hand, are never
    replaced."""
    from openpyxl.packaging.custom import StringProperty

    from xlbridge.outputs import CONTENT_PLACEHOLDER, CONTENT_PROPERTY, OWN_WORKBOOK_CATEGORY

    wb.properties.category = OWN_WORKBOOK_CATEGORY
    # the fingerprint of what is written goes here when the file is written (outputs); a
    # results workbook scored again carries the one it was written with: it is replaced
    props = wb.custom_doc_props
    props.props = [prop for prop in props.props if prop.name != CONTENT_PROPERTY]
    props.append(StringProperty(name=CONTENT_PROPERTY, value=CONTENT_PLACEHOLDER))


def fix_properties(wb: Workbook) -> None:
    """Give the workbook fixed document properties, so rebuilding changes nothing."""
    wb.properties.creator = "xlbridge"
    wb.properties.lastModifiedBy = "xlbridge"
    wb.properties.created = _FIXED_TIME
    wb.properties.modified = _FIXED_TIME
