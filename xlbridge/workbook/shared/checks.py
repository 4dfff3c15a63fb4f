"""The checks every workbook reader makes, pairs and teams alike, with one wording each.

A reader loads its sheets with :func:`xlbridge.workbook.shared.sheets.load_sheets`
(formulas with no saved value and merged cells found in the typed columns),
collects its problems in a :class:`Problems`, reads each entry sheet's rows
with :func:`entries` (a cell holding an Excel error value is reported, cell by
cell, and its row not read further), checks that row 1 holds the headers
(:func:`check_headers`) and that no copied or misspelt sheet is left out
(:func:`check_other_sheets`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from xlbridge.errors import ScoringError
from xlbridge.exact import EXCEL_ERRORS, excel_error, is_blank, normalise_text, quote
from xlbridge.places import CellPlace, Place, Problem
from xlbridge.workbook.shared.sheets import Hidden, Sheets
from xlbridge.workbook.shared.style import Column

__all__ = [
    "CONSEQUENCES_SHOWN",
    "EXCEL_ERRORS",
    "Found",
    "Problems",
    "check_headers",
    "check_other_sheets",
    "data_rows",
    "entries",
    "excel_error",
    "hidden_problem",
    "letter",
]

T = TypeVar("T")
Cells = Sequence[Any]


#: A problem as it was found: a place and its words, or an error that carries its place.
Found = Problem | ScoringError
#: Problems listed after a workbook's structural slips (see :meth:`Problems.cause`).
CONSEQUENCES_SHOWN = 5


@dataclass
class Problems:
    """The problems found reading a workbook: errors (nothing is scored) and warnings.


    Each is kept as it was made (a :class:`~xlbridge.places.Problem` or a
    :class:`~xlbridge.errors.ScoringError`, each knowing its place) and its message
    rendered once, when shown: nobody edits a message or reads a place back from one.
    ``causes`` are structural slips (a header moved by an inserted column, a pair
    listed twice) that make many rows wrong: they are listed first, and only the
    first :data:`CONSEQUENCES_SHOWN` other errors after them, the rest counted.
    """

    errors: list[Found] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    causes: list[Found] = field(default_factory=list)

    def attempt(self, parse: Callable[[], T]) -> T | None:
        """``parse()``, or ``None`` with its error recorded."""
        try:
            return parse()
        except ScoringError as exc:
            self.errors.append(exc)
            return None

    def error(self, where: Place | str, what: str) -> None:
        """An error at ``where``: ``where: what``."""
        self.errors.append(Problem(where, what))

    def warn(self, where: Place | str, what: str) -> None:
        """A warning at ``where``: ``where: what``."""
        self.warnings.append(Problem(where, what))

    def cause(self, where: Place | str, what: str) -> None:
        """A structural slip: listed first, the problems that follow from it cut short."""
        self.causes.append(Problem(where, what))

    def raise_errors(self) -> None:
        """One :class:`ScoringError` listing every error, if there is any.

        After a structural slip its cause comes first, then a few of the other
        errors (most follow from it), the rest counted:

        >>> problems = Problems([Problem(f"Travellers!G{n}", "not a score") for n in range(2, 40)])
        >>> problems.cause("Travellers!E1", "expected the header 'By', found 'Contract'")
        >>> problems.raise_errors()
        Traceback (most recent call last):
        ...
        xlbridge.errors.ScoringError: Travellers!E1: expected the header 'By', found 'Contract'
        38 more problems, most likely from the one above: fix it first. The first 5:
        Travellers!G2: not a score
        Travellers!G3: not a score
        Travellers!G4: not a score
        Travellers!G5: not a score
        Travellers!G6: not a score
        ... and 33 more
        """
        if self.causes:
            rest = [str(found) for found in self.errors]
            lines = [str(found) for found in self.causes]
            if rest:
                shown = rest[:CONSEQUENCES_SHOWN]
                one = len(self.causes) == 1
                lines.append(
                    f"{len(rest)} more problem{'s' if len(rest) > 1 else ''}, most likely from "
                    f"the {'one' if one else 'ones'} above: fix {'it' if one else 'them'} first."
                    + (f" The first {len(shown)}:" if len(shown) < len(rest) else "")
                )
                lines.extend(shown)
                if len(rest) > len(shown):
                    lines.append(f"... and {len(rest) - len(shown)} more")
            raise ScoringError("\n".join(lines))
        if self.errors:
            count = len(self.errors)
            head = f"{count} problem{'s' if count > 1 else ''} in the workbook:\n"
            raise ScoringError(head + "\n".join(str(found) for found in self.errors))


def letter(column: int) -> str:
    """The column letter of a 0-based column index (A-Z)."""
    return chr(ord("A") + column)


def hidden_problem(found: Hidden) -> Problem:
    """A formula with no saved value reads as blank, and a score merged over two rows reads
    as a score on the first row and a blank on the second: both would be scored silently
    as something else, so both are refused."""
    if found.kind == "formula":
        return Problem(
            found.place,
            f"holds a formula (={found.formula}) with no saved "
            "value: type the value, or open the workbook in Excel and save it",
        )
    return Problem(found.place, "merged cells: unmerge them, so that every row has its own entry")


def data_rows(rows: Sequence[Sequence[Any]], width: int) -> Iterator[tuple[int, Cells]]:
    """The non-blank rows below the header, with their sheet row numbers, padded to ``width``."""
    for index, row in enumerate(rows[1:], start=2):
        cells = (*row, *([None] * width))[:width]
        if not all(is_blank(c) for c in cells):
            yield index, cells


def entries(
    problems: Problems, name: str, rows: Sequence[Sequence[Any]], width: int
) -> Iterator[tuple[int, Cells]]:
    """The non-blank rows of an entry sheet below its header, with their sheet row numbers.

    A row holding an Excel error value (``#N/A``, ``#REF!``...) is reported,
    cell by cell, and not read further: the error is what needs fixing.
    """
    for index, cells in data_rows(rows, width):
        errors = [
            (column, message)
            for column, cell in enumerate(cells)
            if isinstance(cell, str) and cell[:1] == "#" and (message := excel_error(cell))
        ]
        for column, message in errors:
            problems.error(CellPlace(name, index, letter(column)), message)
        if not errors:
            yield index, cells


def check_headers(
    problems: Problems,
    sheets: Mapping[str, Sequence[Sequence[Any]]],
    entry_columns: Mapping[str, Sequence[Column]],
) -> None:
    """Row 1 of each entry sheet holds its headers (or is blank): data is read from row 2 on.

    A deleted header row would otherwise make the first row of data a header.
    A header found one column off says a column was inserted or deleted before
    it, and so does a blank where a header belongs with that header in the next
    column (a blank column inserted before the last one typed in, whose header no
    other column's check would see).  Each is a cause (:meth:`Problems.cause`):
    every row below is misread.
    """
    for name, columns in entry_columns.items():
        rows = sheets.get(name)
        if rows is None:
            continue
        header = (*(rows[0] if rows else ()), *([None] * len(columns)))
        places = {column.header.lower(): column for column in columns}
        for index, (column, found) in enumerate(zip(columns, header, strict=False)):
            text = normalise_text(str(found or "")).lower()
            after = normalise_text(str(header[index + 1] or "")).lower()
            inserted = after == column.header.lower()
            if (text and text != column.header.lower()) or (not text and inserted):
                problems.cause(
                    CellPlace(name, 1, column.letter),
                    _moved(column, found, places.get(text), inserted=inserted),
                )
                break


def _moved(column: Column, found: object, belongs: Column | None, *, inserted: bool = False) -> str:
    """Why the header ``found`` is where ``column``'s should be (``inserted``: ``column``'s
    header is in the next column)."""
    if belongs is None and inserted:
        return (
            f"expected the header {quote(column.header)}, found {quote(found)}, and "
            f"{quote(column.header)} in the next column: a column was inserted before it; delete "
            "that column (a column for notes goes after the last one)"
        )
    if belongs is None:
        return (
            f"expected the header {quote(column.header)}, found {quote(found)}: "
            "keep the header row in row 1, with the data from row 2"
        )
    if belongs.letter < column.letter:
        return (
            f"expected the header {quote(column.header)}, found {quote(found)}, the header of "
            f"column {belongs.letter}: a column was inserted before it; delete that column "
            "(a column for notes goes after the last one)"
        )
    return (
        f"expected the header {quote(column.header)}, found {quote(found)}, the header of "
        f"column {belongs.letter}: a column was deleted before it; undo the deletion, or "
        "insert the missing column with its header"
    )


def _letters(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def entry_like(
    name: str,
    first: Sequence[object],
    entry_columns: Mapping[str, Sequence[Column]],
    other_names: Sequence[str] = (),
) -> str:
    """The entry sheet a sheet that is not read looks like, by its name or headers, or ``''``."""
    names = {_letters(sheet): sheet for sheet in (*entry_columns, *other_names)}
    if any(_letters(sheet) == "travellers" for sheet in names.values()):
        traveller = names["travellers"]
        names |= {"travelers": traveller, "traveler": traveller, "traveller": traveller}
    letters = re.sub(r"[^a-z]", "", name.lower().replace("copy of", "")).removesuffix("copy")
    if letters in names:
        return names[letters]
    headers = [normalise_text(str(cell)).lower() for cell in first if not is_blank(cell)]
    for sheet, columns in entry_columns.items():
        wanted = [column.header.lower() for column in columns]
        if headers[: len(wanted)] == wanted:
            return sheet
    return ""


def check_other_sheets(
    problems: Problems,
    loaded: Sheets,
    entry_columns: Mapping[str, Sequence[Column]],
    other_names: Sequence[str] = (),
) -> None:
    """Every sheet that looks like entry data but is not read is reported.

    A copied sheet (``Travellers (2)``), a renamed or misspelt one
    (``Travelers``), or another sheet with an entry sheet's headers would
    otherwise be left out of the scoring without a word.
    """
    for name, first in loaded.others.items():
        like = entry_like(name, first, entry_columns, other_names)
        if like:
            problems.error(
                f"sheet {quote(name)}",
                f"looks like the {like} sheet (its name or headers) but is not read: "
                f"only the sheet named {quote(like)} is scored; move its rows there and "
                "delete it (or rename it so it does not look like an entry sheet)",
            )
