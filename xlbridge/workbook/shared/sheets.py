"""Raw sheet loading: a workbook's cells, with their values and number formats.

This layer knows nothing of bridge.  :func:`load_sheets` reads the sheets
asked for, every row the sheet's XML holds (a ``<dimension>`` element,
which some programs write stale, is never trusted), the first twelve columns
of each, as openpyxl's ``values_only`` rows: blank cells ``None``, whole
numbers ``int``, date-formatted numbers ``datetime``.  Beside each value it
keeps the cell's number format (``'0%'``, ``'d-mmm'``...), which tells what
the person typing meant (40% is stored as 0.4).  It also gives the first row
of every other sheet (so the reader can tell a copied entry sheet), and what
the values alone do not show: formulas with no saved value, merged cells.

The values are read by python-calamine when the workbook holds nothing it
could read differently from openpyxl (:func:`_fast_sheets`), by openpyxl
otherwise; either way the sheets are the same.  A damaged package (a part
cut short, garbage XML, a missing part, a number cell that holds no number)
ends in an :class:`~xlbridge.errors.InputFileError` naming the file and the
part or cell.
"""

from __future__ import annotations

import io
import math
import os
import re
import zipfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import cached_property, partial
from pathlib import Path
from typing import IO, Any
from xml.etree import ElementTree
from xml.parsers import expat

from openpyxl import load_workbook
from openpyxl.styles.numbers import BUILTIN_FORMATS
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.utils.exceptions import CellCoordinatesException

from xlbridge.errors import InputFileError
from xlbridge.exact import quote
from xlbridge.places import CellPlace, CellRange

__all__ = [
    "COLUMNS",
    "MAX_ROWS",
    "Hidden",
    "Sheet",
    "Sheets",
    "check_row_numbers",
    "damage_message",
    "find_damage",
    "is_opendocument",
    "is_percent_format",
    "load_sheets",
    "ods_workbook",
    "sheet_names",
    "sheet_parts",
]

#: How many columns of each sheet are read (a pairs night's Travellers run to L, the TD's
#: note; a teams night's to O, the away IMPs).
COLUMNS = 16

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


@dataclass(frozen=True)
class Hidden:
    """Something in a typed column the values do not show.

    ``kind`` is ``'formula'`` (a formula with no saved value: it reads as
    blank) or ``'merged'`` (merged cells: a value on the first row, blanks
    below).  ``place`` is the cell, or the merged range, as the file names it.
    """

    place: CellPlace | CellRange
    kind: str
    formula: str = ""


@dataclass(frozen=True)
class Sheet:
    """One sheet's rows of values (row 1 first, :data:`COLUMNS` wide) and number formats."""

    name: str
    rows: list[tuple[Any, ...]]
    #: what gives the number formats (read only when asked: most sheets never are)
    load_formats: Callable[[], Mapping[tuple[int, int], str]] = field(
        default=dict, repr=False, compare=False
    )

    @cached_property
    def formats(self) -> Mapping[tuple[int, int], str]:
        """(row, column), both from 1 -> the number format of each cell not formatted General."""
        return self.load_formats()

    def number_format(self, row: int, column: int) -> str:
        """The number format of the cell at ``row``, ``column`` (from 1); ``'General'`` if none."""
        return self.formats.get((row, column), "General")


@dataclass(frozen=True)
class Sheets:
    """The sheets read, the first row of each other sheet, and the hidden things found."""

    read: dict[str, Sheet]
    #: every sheet not read, in workbook order -> its first row (``COLUMNS`` wide)
    others: dict[str, tuple[Any, ...]]
    hidden: list[Hidden]


def load_sheets(path: str | os.PathLike[str], widths: Mapping[str, int]) -> Sheets:
    """Read the sheets named in ``widths`` (those the workbook has) from the workbook at ``path``.

    ``widths`` gives, for each sheet, how many columns a person types in:
    formulas with no saved value and merged cells are looked for there (0:
    not looked for).  The file must already have passed
    :func:`xlbridge.inputs.check_workbook_file`.
    """
    source = Path(path)
    if is_opendocument(source):
        return _ods_sheets(source, widths)
    try:
        fast = _fast_sheets(source, widths)
        if fast is not None:
            return fast
        return _openpyxl_sheets(source, widths)
    except InputFileError:
        raise
    except Exception as exc:  # a damaged package: say which part, never a traceback
        raise InputFileError(damage_message(source, exc, widths)) from exc


def sheet_names(path: str | os.PathLike[str]) -> list[str]:
    """The names of the sheets of the workbook (.xlsx or .ods) at ``path``, in order."""
    if is_opendocument(path):
        names: list[str] = _ods_book(Path(path)).sheet_names
        return names
    with zipfile.ZipFile(path) as archive:
        return list(sheet_parts(archive))


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> the path of its XML part inside the archive, in workbook order."""
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels}
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    parts = {}
    for sheet in book.iter(f"{_MAIN}sheet"):
        target = targets.get(sheet.get(_REL), "")
        path = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
        parts[sheet.get("name", "")] = path
    return parts


def is_percent_format(code: str) -> bool:
    """Whether a number format shows the number as a percentage (``'0%'``, ``'0.00%'``).

    A ``%`` in quotes or escaped with a backslash is only a character shown.

    >>> is_percent_format("0%"), is_percent_format('0"%"'), is_percent_format("General")
    (True, False, False)
    """
    return "%" in _QUOTED.sub("", code)


_QUOTED = re.compile(r'"[^"]*"|\\.')


# --- openpyxl ----------------------------------------------------------------------------------


def _openpyxl_sheets(path: Path, widths: Mapping[str, int]) -> Sheets:
    with open(path, "rb") as file:  # closed even when openpyxl fails half way
        return _openpyxl_file(file, path, widths)


def _openpyxl_file(file: IO[bytes], path: Path, widths: Mapping[str, int]) -> Sheets:
    wb = load_workbook(file, read_only=True, data_only=True)
    try:
        read: dict[str, Sheet] = {}
        others: dict[str, tuple[Any, ...]] = {}
        for name in wb.sheetnames:
            ws = wb[name]
            ws.reset_dimensions()  # a stale <dimension> would cut the rows short
            if name not in widths:
                first = next(ws.iter_rows(max_row=1, max_col=COLUMNS, values_only=True), ())
                others[name] = _padded(first)
                continue
            rows: list[tuple[Any, ...]] = []
            formats: dict[tuple[int, int], str] = {}
            for index, row in enumerate(ws.iter_rows(min_row=1, max_col=COLUMNS), start=1):
                if index > MAX_ROWS:  # openpyxl makes every blank row up to the last one
                    raise InputFileError(
                        f"{os.fspath(path)}: the sheet {quote(name)} goes on past row "
                        f"{MAX_ROWS:,}: delete anything typed below the entries; if there is "
                        f"nothing there, the file is damaged: {_AGAIN}"
                    )
                rows.append(_padded(tuple(cell.value for cell in row)))
                for column, cell in enumerate(row, start=1):
                    code = cell.number_format
                    if code and code != "General":
                        formats[index, column] = code
            read[name] = Sheet(name, rows, partial(dict, formats))
    finally:
        wb.close()
    hidden: list[Hidden] = []
    with zipfile.ZipFile(path) as archive:
        for name, target in sheet_parts(archive).items():
            if name in widths:
                _check_rows(path, archive, name, target)
            if widths.get(name):
                with archive.open(target) as xml:
                    hidden.extend(_hidden(name, widths[name], xml))
    return Sheets(read, others, hidden)


def check_row_numbers(path: str | os.PathLike[str]) -> None:
    """Refuse a workbook any of whose sheets numbers its rows out of order (a row -1).

    The readers check the sheets they read; a command that writes the whole workbook
    back (``draw`` adds a round to it) checks every sheet, since openpyxl would drop
    such a row from a sheet without a word, and the rewritten workbook would lack it.
    """
    with zipfile.ZipFile(path) as archive:
        for name, target in sheet_parts(archive).items():
            _check_rows(Path(path), archive, name, target)


def _check_rows(path: Path, archive: zipfile.ZipFile, name: str, target: str) -> None:
    try:
        data = archive.read(target)
    except KeyError:
        return  # a part missing is named by the reading itself
    problem = row_number_problem(data)
    if problem:
        raise InputFileError(
            f"{os.fspath(path)} is damaged: its part {target} (the sheet "
            f"{quote(name)}) {problem}: {_AGAIN}"
        )


def _padded(row: tuple[Any, ...]) -> tuple[Any, ...]:
    return (*row, *([None] * (COLUMNS - len(row))))[:COLUMNS]


def _hidden(name: str, width: int, xml: IO[bytes]) -> Iterator[Hidden]:
    for _, element in ElementTree.iterparse(xml):
        if element.tag == f"{_MAIN}c":
            ref = element.get("r", "")
            formula, value = element.find(f"{_MAIN}f"), element.find(f"{_MAIN}v")
            if formula is not None and (value is None or not value.text):
                cell = _cell(name, ref)
                if cell is not None and _entry(cell, width):
                    yield Hidden(cell, "formula", formula.text or "")
            element.clear()
        elif element.tag == f"{_MAIN}mergeCell":
            first, _, last = element.get("ref", "").partition(":")
            start, end = _cell(name, first), _cell(name, last or first)
            if (
                start is not None
                and end is not None
                and (_entry(start, width) or _entry(end, width))
            ):
                yield Hidden(start.to(end.column, end.row) if last else start, "merged")


def _cell(sheet: str, ref: str) -> CellPlace | None:
    """The cell a file's reference names (``G14``) on ``sheet``; ``None`` if it names none."""
    try:
        letters, row = coordinate_from_string(ref.replace("$", ""))
    except CellCoordinatesException:
        return None
    return CellPlace(sheet, int(row), letters)


def _entry(cell: CellPlace, width: int) -> bool:
    """Whether a cell lies in the first ``width`` columns."""
    return int(column_index_from_string(cell.column)) <= width


# --- damage ------------------------------------------------------------------------------------

_AGAIN = "open it in Excel or LibreOffice, save it again as .xlsx, and retry"
_NUMBER_CELL = re.compile(
    rb"""<c\s(?:[^>]*?\s)?r\s*=\s*["']([A-Z]+\d+)["']([^>]*)>\s*<v>([^<]*)</v>"""
)


def damage_message(path: Path, exc: Exception, widths: Mapping[str, int] | None = None) -> str:
    """Why the workbook at ``path`` could not be read (``exc`` was raised reading it): the
    damaged part, or the cell of a sheet in ``widths`` (default: every sheet), and what to do."""
    found = find_damage(path, widths)
    if found:
        return found
    name = os.fspath(path)
    # openpyxl's own words, without the path it repeats and the advice to read a traceback
    said = str(exc).split("\n")[0].replace(f" from {name}", "").rstrip(".")
    cause = exc.__cause__ or exc.__context__
    detail = f" ({cause})" if cause is not None and str(cause) else ""
    if "stylesheet" in said:
        return (
            f"{name} is damaged: its part xl/styles.xml (the cells' formats) could not be "
            f"read{detail}: {_AGAIN}"
        )
    return (
        f"{name} could not be read as a workbook: {said or 'a part is damaged'}{detail}: {_AGAIN}"
    )


def find_damage(path: Path, widths: Mapping[str, int] | None = None) -> str:
    """What is damaged in the workbook at ``path`` and what to do (``''`` if nothing is found):
    a missing or ill-formed part, a number cell (of a sheet in ``widths``) holding no number."""
    name = os.fspath(path)
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            for part in ("xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml"):
                if part not in names:
                    return f"{name} is damaged: it has no part {part}: {_AGAIN}"
            for part in sorted(names):
                if part.endswith((".xml", ".rels")) and not part.startswith(("xl/media/",)):
                    problem = _xml_problem(archive.read(part))
                    if problem:
                        return f"{name} is damaged: its part {part} {problem}: {_AGAIN}"
            parts = sheet_parts(archive)
            for sheet, part in parts.items():
                if part not in names:
                    return (
                        f"{name} is damaged: the sheet {quote(sheet)} has no part {part}: {_AGAIN}"
                    )
            if "xl/styles.xml" not in names:
                return (
                    f"{name} is damaged: it has no part xl/styles.xml (the cells' formats): "
                    f"{_AGAIN}"
                )
            shared = _shared_count(archive, names)
            for sheet, part in parts.items():
                if widths is None or sheet in widths:
                    past = _past_shared(sheet, archive.read(part), shared)
                    if past is not None:
                        at, index = past
                        held = f"has only {shared}" if shared else "is missing or empty"
                        return (
                            f"{name} is damaged: {at} is text number {index + 1} of "
                            f"the shared text table (xl/sharedStrings.xml), which {held}: "
                            f"{_AGAIN}"
                        )
                    found = _bad_number(sheet, archive.read(part))
                    if found is not None:
                        cell, text = found
                        return (
                            f"{name} is damaged: {cell} is stored as a number but holds "
                            f"{quote(text)}: retype the cell in Excel or LibreOffice and save again"
                        )
    except (zipfile.BadZipFile, OSError, KeyError, ElementTree.ParseError):
        pass
    return ""


def _shared_count(archive: zipfile.ZipFile, names: set[str]) -> int:
    """How many texts the shared text table holds (0 when there is none)."""
    if "xl/sharedStrings.xml" not in names:
        return 0
    table = ElementTree.fromstring(archive.read("xl/sharedStrings.xml"))
    return sum(1 for _ in table.iter(f"{_MAIN}si"))


_SHARED_CELL = re.compile(rb"<c\s([^>]*)>\s*<v>\s*(\d+)\s*</v>")
_REF_ATTRIBUTE = re.compile(rb"""\br\s*=\s*["']([A-Z]+\d+)["']""")
_SHARED_KIND = re.compile(rb"""\bt\s*=\s*["']s["']""")


def _past_shared(sheet: str, data: bytes, count: int) -> tuple[CellPlace | str, int] | None:
    """The first cell of a sheet's XML holding a shared text past the table's ``count``
    texts: the cell (words for it when the file gives no reference) and the index it
    holds (from 0)."""
    for match in _SHARED_CELL.finditer(data):
        attributes = match.group(1)
        if int(match.group(2)) >= count and _SHARED_KIND.search(attributes):
            ref = _REF_ATTRIBUTE.search(attributes)
            cell = None if ref is None else _cell(sheet, ref.group(1).decode())
            return (cell or f"a cell of the sheet {quote(sheet)}"), int(match.group(2))
    return None


def _xml_problem(data: bytes) -> str:
    try:
        ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        line, column = exc.position
        if not data.strip():
            return "is empty"
        return f"is not well-formed XML (cut short or garbled at line {line}, column {column + 1})"
    return ""


def _bad_number(sheet: str, data: bytes) -> tuple[CellPlace | str, str] | None:
    """The first cell stored as a number (no type, or ``t="n"``) whose value is not a number."""
    for match in _NUMBER_CELL.finditer(data):
        attributes = match.group(2)
        kind = re.search(rb"""\bt\s*=\s*["'](\w+)["']""", attributes)
        if kind is not None and kind.group(1) != b"n":
            continue
        text = match.group(3).decode("utf-8", "replace")
        try:
            float(text)
        except ValueError:
            cell = _cell(sheet, match.group(1).decode())
            return (cell or f"a cell of the sheet {quote(sheet)}"), text
    return None


# --- the fast path: python-calamine, where it reads exactly what openpyxl reads ---------------

#: What calamine could read otherwise than openpyxl, in a read sheet or the shared strings:
#: an error cell (calamine: blank), an empty text (openpyxl: '', calamine: blank), escaped
#: characters, phonetic runs, prefixed tags.  Each starts with a literal, so each is a quick
#: scan; comments, CDATA, DTDs and carriage returns are looked for as bytes.
_UNSURE = tuple(
    re.compile(pattern)
    for pattern in (
        rb"""t\s*=\s*["']e["']""",
        rb"<t(?:\s[^>]*)?(?:/>|>\s*</)",
        rb"<(?:is|si|r)\s*(?:/>|>\s*</)",
        rb"<[\w.-]+:(?:c|f|v|is|si|t|r|row|sheetData|mergeCell|dimension)[\s/>]",
    )
)
_ESCAPE = re.compile(rb"_x[0-9A-Fa-f]{4}_")
#: A number written with a point or an exponent (openpyxl: float, even when whole).
_DECIMAL = re.compile(rb"<v>([^<]*[.eE][^<]*)</v>")
_DIMENSION = re.compile(rb"""<dimension\s+ref\s*=\s*["']([^"']*)["']""")
_FORMULA = re.compile(rb"<f[\s/>]")
_CELL = re.compile(rb"""<c\s(?:[^>]*?\s)?r\s*=\s*["']\$?([A-Z]+)\$?(\d+)["'][^>]*>""")
_STYLE = re.compile(rb"""\ss\s*=\s*["'](\d+)["']""")
#: Number formats both libraries read as dates: letters of dates and times, separators.
_PLAIN_DATE = re.compile(r"[dmyhsDMYHS\-/.: ]+")
#: The most rows an entry sheet is read to (a club night's entries are a few hundred); a
#: sheet whose XML declares more (a huge <dimension>) is left to openpyxl, which stops there.
MAX_ROWS = 100_000
#: Built-in number formats that openpyxl and calamine both know (0-22, 37-49).
_BUILTIN = {str(n) for n in range(37, 50)}


class _NotSure(Exception):
    """The workbook holds something calamine might read otherwise than openpyxl."""


def _fast_sheets(path: Path, widths: Mapping[str, int]) -> Sheets | None:
    """The sheets as openpyxl would give them, read by python-calamine.

    One read of the file serves the values (calamine, about ten times faster
    than openpyxl's read-only mode), the number formats and the XML checks.
    ``None`` when calamine is not installed (Pyodide), when anything fails, or
    when the workbook holds anything calamine reads differently from openpyxl
    (error cells, empty texts, dates outside the event's date, whole numbers
    written with a point, unusual number formats or XML): :func:`load_sheets`
    then reads it with openpyxl, which also gives the error message.
    """
    try:
        from python_calamine import CalamineWorkbook
    except ImportError:  # pragma: no cover - Pyodide, where the workbook layer is not used
        return None
    try:
        data = path.read_bytes()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = sheet_parts(archive)
            names = set(archive.namelist())
            styles = _styles(archive, names)
            xml = {name: archive.read(parts[name]) for name in parts if name in widths}
            strings = _SharedStrings(archive)
            others: dict[str, tuple[Any, ...]] = {
                name: _first_row(archive, parts[name], strings)
                for name in parts
                if name not in widths
            }
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        if book.sheet_names != list(parts):
            return None
        read: dict[str, Sheet] = {}
        hidden: list[Hidden] = []
        scanned: dict[str, bytes] = {}  # each sheet's XML as its scans see it
        for name in parts:
            if name not in widths:
                continue
            part = xml[name]
            scanned[name] = _without_repeats(part)
            _check_sheet_xml(scanned[name])
            rows = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            read[name] = Sheet(name, _openpyxl_rows(rows), partial(_formats, part, styles))
        for name, part in xml.items():
            if widths[name]:
                hidden.extend(_quick_hidden(name, widths[name], part, scanned[name]))
    except Exception:  # anything unusual: openpyxl reads it (and words any error)
        return None
    return Sheets(read, others, hidden)


def _first_row(archive: zipfile.ZipFile, part: str, strings: _SharedStrings) -> tuple[Any, ...]:
    """The texts of row 1 of a sheet not read (its headers), parsing no further than row 1.

    Only the texts matter (they tell a copied entry sheet): a number, a
    boolean or an error is ``None``.
    """
    found: list[Any] = [None] * COLUMNS
    shared: dict[int, int] = {}  # column -> index in the shared strings
    for _, element in ElementTree.iterparse(io.BytesIO(_head(archive, part))):
        if element.tag == f"{_MAIN}row":
            break
        kind = element.get("t")
        if element.tag != f"{_MAIN}c" or kind not in ("inlineStr", "str", "s"):
            continue
        match = _REF.fullmatch(element.get("r", ""))
        if match is None or match.group(2) != "1":
            break
        column = _column(match.group(1).encode())
        if column > COLUMNS:
            continue
        if kind == "s":
            value = element.find(f"{_MAIN}v")
            if value is not None and (value.text or "").isdecimal():
                shared[column] = int(value.text or "")
        elif kind == "str":
            value = element.find(f"{_MAIN}v")
            found[column - 1] = None if value is None else value.text
        else:
            text = element.find(f"{_MAIN}is")
            found[column - 1] = None if text is None else "".join(text.itertext())
    if shared:
        texts = strings.texts
        for column, index in shared.items():
            if index < len(texts):
                found[column - 1] = texts[index]
    return tuple(found)


def _head(archive: zipfile.ZipFile, part: str, chunk: int = 1 << 14) -> bytes:
    """A sheet part up to the end of its first row (the whole part when it has none)."""
    data = b""
    with archive.open(part) as xml:
        while block := xml.read(chunk):
            data += block
            end = data.find(b"</row>", max(0, len(data) - len(block) - 6))
            if end >= 0:
                return data[: end + 6]
    return data


class _SharedStrings:
    """A workbook's shared strings, parsed when first needed, once."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive

    @cached_property
    def texts(self) -> list[str]:
        if "xl/sharedStrings.xml" not in self.archive.namelist():
            return []
        table = ElementTree.fromstring(self.archive.read("xl/sharedStrings.xml"))
        return ["".join(si.itertext()) for si in table.iter(f"{_MAIN}si")]


_REF = re.compile(r"\$?([A-Z]+)\$?(\d+)")


def _styles(archive: zipfile.ZipFile, names: set[str]) -> list[str]:
    """Each cell style's number format (``cellXfs`` in order); raise :class:`_NotSure` for
    shared strings or number formats calamine may read otherwise than openpyxl."""
    if "xl/sharedStrings.xml" in names:
        strings = archive.read("xl/sharedStrings.xml")
        _check_xml(strings)
        _well_formed(strings)
    if "xl/styles.xml" not in names:
        raise _NotSure("no styles")
    from openpyxl.styles.numbers import is_date_format

    styles = ElementTree.fromstring(archive.read("xl/styles.xml"))
    codes = {int(k): v for k, v in BUILTIN_FORMATS.items()}
    for fmt in styles.iter(f"{_MAIN}numFmt"):
        code = fmt.get("formatCode", "")
        if is_date_format(code) and not _PLAIN_DATE.fullmatch(code):
            raise _NotSure(f"number format {code!r}")
        codes[int(fmt.get("numFmtId", "0"))] = code
    found: list[str] = []
    cell_xfs = styles.find(f"{_MAIN}cellXfs")
    for xf in cell_xfs if cell_xfs is not None else ():
        number = xf.get("numFmtId", "0")
        if 23 <= int(number) < 164 and number not in _BUILTIN:
            raise _NotSure("a locale-specific built-in number format")
        found.append(codes.get(int(number), "General"))
    return found


def _formats(data: bytes, styles: list[str]) -> dict[tuple[int, int], str]:
    """(row, column) -> number format of each cell of the sheet XML not formatted General."""
    formatted = {str(i).encode() for i, code in enumerate(styles) if code != "General"}
    found: dict[tuple[int, int], str] = {}
    if not formatted:
        return found
    for match in _CELL.finditer(data):
        style = _STYLE.search(match.group(0))
        if style is None or style.group(1) not in formatted:
            continue
        column = _column(match.group(1))
        if column <= COLUMNS:
            found[int(match.group(2)), column] = styles[int(style.group(1))]
    return found


def _well_formed(data: bytes) -> None:
    """Raise :class:`_NotSure` unless ``data`` is well-formed XML (calamine reads on past
    what is cut short or garbled; openpyxl stops, and :func:`_damage` says where)."""
    try:
        expat.ParserCreate().Parse(data, True)
    except expat.ExpatError:
        raise _NotSure("not well-formed XML") from None


def _after_declaration(data: bytes) -> int:
    """Where the XML after its declaration starts (a declaration may end in CR LF)."""
    if not data.startswith((b"<?xml", b"\xef\xbb\xbf<?xml")):
        if not data.startswith(b"<"):
            raise _NotSure("not UTF-8 XML")
        return 0
    return data.index(b"?>") + 2


def _check_xml(data: bytes) -> None:
    start = _after_declaration(data)
    if data.find(b"\r", start) >= 0 or b"<!" in data or b"rPh" in data:
        raise _NotSure("a carriage return, a comment, CDATA, a DTD or a phonetic run")
    if (b"_x" in data and _ESCAPE.search(data)) or any(p.search(data, start) for p in _UNSURE):
        raise _NotSure("an error cell, an empty text, an escaped character or a prefixed tag")


#: A row's or a cell's start tag: its kind, ``r`` if it has a place (the ``r`` attribute,
#: which may be left out), and the place; with a namespace prefix (``<x:row``) or without.
#: Looking for a prefix doubles the time, so it is looked for only where one may be.
_PLACE_TAIL = rb"(row|c)(?=[\s/>])(?:[^>]*?\s(r)=[\"']([^\"']*)[\"']|)[^>]*>"
_PLACE = re.compile(rb"<" + _PLACE_TAIL)
_PREFIXED_PLACE = re.compile(rb"<(?:[\w.-]+:)?" + _PLACE_TAIL)
_CELL_REF = re.compile(r"([A-Z]{1,3})([0-9]+)")


def row_number_problem(data: bytes) -> str:
    """What is wrong with the places of a sheet's rows and cells, or ``''``.

    Each row's number must be a whole number from 1, larger than the one before;
    each cell's reference must be in its row, to the right of the cell before.  A row
    numbered -1, or 5 after 26, or a cell of row 27 marked D5, is read by openpyxl
    somewhere else or not at all, without a word.
    """
    row, column, digits = 0, 0, b"0"
    prefixed = b":row" in data or b":c" in data  # a prefixed tag has one of them
    for kind, placed, place in (_PREFIXED_PLACE if prefixed else _PLACE).findall(data):
        if kind == b"row":
            if placed:
                if not place.isdigit() or int(place) <= row:
                    text = place.decode("ascii", "replace")
                    return f"numbers a row {quote(text)}" + (f" after row {row}" if row else "")
                row = int(place)
            else:
                row += 1
            column, digits = 0, str(row).encode()
            continue
        if not placed:
            column += 1
            continue
        known = _PLACES.get(place)
        found: int | None
        if known is not None and known[0] == row:
            found = known[1]
        else:
            # the usual place: the column's capital letters, then the row's number as written
            found = _COLUMNS.get(place[: -len(digits)]) if place.endswith(digits) else None
            if found is None:
                found = _column_of(place.decode("ascii", "replace"), row)
            elif len(_PLACES) < _MOST_PLACES:
                _PLACES[place] = (row, found)
        if found is None or found <= column:
            text = place.decode("ascii", "replace")
            return f"places a cell at {quote(text)} in row {row}" + (
                f" after column {_letter(column)}" if column else ""
            )
        column = found
    return ""


#: The usual places met (b"B12" -> row 12, column 2), each worked out once: the same
#: thousands of cells are in every club's sheets.
_PLACES: dict[bytes, tuple[int, int]] = {}
_MOST_PLACES = 100_000


def _column_of(text: str, row: int) -> int | None:
    """The column of the cell reference ``text`` if it is in ``row`` (``None`` if not)."""
    found = _CELL_REF.fullmatch(text.upper())
    if found is None or int(found.group(2)) != row:
        return None
    return _letters(found.group(1))


def _letters(text: str) -> int:
    column = 0
    for letter in text:
        column = column * 26 + ord(letter) - 64
    return column


def _letter(column: int) -> str:
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


#: Columns A to ZZ by their letters as written (b"AB" is 28): looked up, not worked out,
#: for each of a sheet's thousands of cells.
_COLUMNS = {_letter(number).encode(): number for number in range(1, 26 * 27 + 1)}


def _check_sheet_xml(data: bytes) -> None:
    _check_xml(data)
    _well_formed(data)
    if row_number_problem(data):
        raise _NotSure("rows out of order")  # openpyxl's reading names the part
    for match in _DECIMAL.finditer(data):
        try:
            number = float(match.group(1))
        except ValueError:
            continue
        if number.is_integer():
            raise _NotSure("a whole number written with a point or an exponent")
    head = data[: data.find(b"<sheetData")]
    dimension = _DIMENSION.search(head)
    if dimension is None:
        if b"<dimension" in head:
            raise _NotSure("dimension")
        return
    from openpyxl.utils.cell import range_boundaries

    try:
        last = range_boundaries(dimension.group(1).decode())[3]
    except ValueError:
        raise _NotSure("dimension") from None
    if last is not None and last > MAX_ROWS:
        raise _NotSure("a huge dimension")  # calamine might make every row up to it


#: Below this many rows alike at a sheet's end, :func:`_without_repeats` leaves the XML whole.
_FEWEST_REPEATS = 8
#: A start tag, strictly (each attribute quoted); its attributes one by one.
_START_TAG = re.compile(
    rb"""<[^\s/>!?<]+((?:\s+[^\s=/><"']+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*/?>"""
)
_ATTRIBUTE = re.compile(rb"""\s+[^\s=/><"']+\s*=\s*(?:"([^"<]*)"|'([^'<]*)')""")
#: A cell reference's row number in a formula (``A500``, ``$G$500``).
_FORMULA_ROW = rb"(?<=[A-Z$])%s(?![0-9])"


def _without_repeats(data: bytes) -> bytes:
    """A sheet's XML without most of the rows at its end that are alike but for their
    numbers (a template's empty rows, or Excel's): the same verdicts, fewer bytes.

    The run is of consecutive rows, each the last one's bytes with its number (in its
    ``r``, its cells' ``r`` and its formulas' references) changed to the row's own; each
    of those numbers is within an attribute's value or a formula's text.  Of the run, the
    first row of each length of number (``242``, ``1000``) is kept: a removed row is the
    kept one of its length with some digits for others, which neither the scans of
    :func:`_check_sheet_xml` nor :func:`_quick_hidden` tell apart (no ``<v>`` is changed,
    the rows stay numbered in order, the cells in their rows), and each row is a whole
    element, so the XML is well-formed with the run exactly when without it.  ``data``
    itself when it ends in no such run.
    """
    end = data.rfind(b"</sheetData>")
    start = data.rfind(b"<row", 0, max(end, 0))
    if start < 0 or _PREFIXED_PLACE.search(data, end) is not None:
        return data  # no rows, or a row or a cell after them (the row order would differ)
    template = _row_template(data[start:end])
    if template is None:
        return data
    last, pieces = template
    number, at = last, start
    while number > 1:
        row = str(number - 1).encode().join(pieces)
        if at < len(row) or data[at - len(row) : at] != row:
            break
        at -= len(row)
        number -= 1
    if last - number + 1 < _FEWEST_REPEATS:
        return data
    # the first row of each length of number
    kept = [number] + [10**n for n in range(len(str(number)), len(str(last)))]
    return b"".join((data[:at], *(str(k).encode().join(pieces) for k in kept), data[end:]))


def _row_template(row: bytes) -> tuple[int, list[bytes]] | None:
    """A sheet's last row (its XML up to ``</sheetData>``) cut where its number is
    and its number (``None`` if it is not one well-formed ``<row>`` numbered in its
    ``r``; its number is cut from that, its cells' ``r`` and its formulas' references)."""
    if b"&#" in row or not row.rstrip().endswith(b"</row>"):
        return None
    places = list(_PREFIXED_PLACE.finditer(row))
    if not places or places[0].start() != 0 or places[0].group(1) != b"row":
        return None
    digits = places[0].group(3)
    if not places[0].group(2) or not digits.isdigit() or digits.startswith(b"0"):
        return None
    cuts = []
    for index, place in enumerate(places):
        if index and place.group(1) == b"row":
            return None  # a row within the row
        ref = place.group(3) or b""
        letters = ref[: -len(digits)]
        if index == 0 or (ref.endswith(digits) and letters.isalpha() and letters.isupper()):
            value = _attribute_value(row, place)
            if value is None:
                return None
            cuts.append(value[1] - len(digits))
    for formula in _FORMULA.finditer(row):
        tag = _START_TAG.match(row, formula.start())
        if tag is None or row.rfind(b"<c", 0, formula.start()) < 0:
            return None  # a formula's cell would be looked for before the row
        if row[tag.end() - 2 : tag.end()] == b"/>":
            continue
        text_end = row.find(b"<", tag.end())
        pattern = re.compile(_FORMULA_ROW % digits)
        cuts.extend(m.start() for m in pattern.finditer(row, tag.end(), text_end))
    try:
        expat.ParserCreate().Parse(row, True)
    except expat.ExpatError:
        return None
    cuts.sort()
    pieces, at = [], 0
    for cut in cuts:
        pieces.append(row[at:cut])
        at = cut + len(digits)
    pieces.append(row[at:])
    return int(digits), pieces


def _attribute_value(xml: bytes, place: re.Match[bytes]) -> tuple[int, int] | None:
    """Where the ``r`` that ``place`` (a match of :data:`_PREFIXED_PLACE`) found is, if it
    is an attribute's whole value in a strictly written start tag (else ``None``)."""
    tag = _START_TAG.match(xml, place.start())
    if tag is None or tag.end() != place.end() or not place.group(2):
        return None
    for attribute in _ATTRIBUTE.finditer(xml, tag.start(1), tag.end(1)):
        span = attribute.span(1) if attribute.group(1) is not None else attribute.span(2)
        if span == place.span(3):
            return span
    return None


_TEMPORAL = (date, time, timedelta)
#: The types of calamine's cells that are neither dates nor times.
_PLAIN_TYPES = frozenset((str, float, int, bool))
#: Dates from here on are the same day in both libraries (Excel's day 60 is 29 Feb 1900).
_FIRST_SURE_DATE = date(1900, 3, 1)


def _openpyxl_rows(rows: list[list[Any]]) -> list[tuple[Any, ...]]:
    """calamine's rows as openpyxl's read-only ``iter_rows(max_col=9, values_only=True)``.

    Blank cells are ``None``; whole numbers below 2**53 ints; a date a
    ``datetime``.  A date or time whose type openpyxl might give otherwise (a
    time of day, a duration, a date without a time) is left to openpyxl.
    """
    out: list[tuple[Any, ...]] = []
    padding = [None] * COLUMNS
    for row in rows:
        typed = row[:COLUMNS]
        if _PLAIN_TYPES.issuperset(map(type, typed)):
            # texts and numbers only (most rows): a blank text is None, a number as _value
            # says; nothing temporal to look at
            cells = [(v or None) if type(v) is str else _value(v) for v in typed]
            cells.extend(padding[len(cells) :])
            out.append(tuple(cells))
            continue
        cells = [_value(v) for v in typed]
        if len(cells) < COLUMNS:
            cells.extend([None] * (COLUMNS - len(cells)))
        for column, v in enumerate(cells):
            if isinstance(v, _TEMPORAL):
                if type(v) is not date or v < _FIRST_SURE_DATE:
                    raise _NotSure("a time, a duration, or a date near Excel's 1900 leap day")
                cells[column] = datetime.combine(v, time())
        out.append(tuple(cells))
    return out


def _value(value: Any) -> Any:
    if value == "" and isinstance(value, str):
        return None
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _NotSure("not a finite number")
        if value.is_integer():
            if abs(value) >= 2**53:
                raise _NotSure("a whole number beyond 2**53")
            return int(value)
    return value


def _column(letters: bytes) -> int:
    column = 0
    for letter in letters:
        column = column * 26 + letter - 64
    return column


def _quick_hidden(name: str, width: int, data: bytes, scan: bytes | None = None) -> list[Hidden]:
    """:func:`_hidden` on the sheet XML, skipping the parse when it cannot find any.

    With no merged cells and every formula outside the first ``width``
    columns (the template's computed column), there is nothing to report.
    ``scan``, if given, is ``data`` as :func:`_without_repeats` gives it: the
    formulas are looked at there (the same verdict), and parsed in ``data``.
    """
    seen = data if scan is None else scan
    if b"mergeCell" not in seen:
        for match in _FORMULA.finditer(seen):
            cell = _CELL.match(seen, seen.rfind(b"<c", 0, match.start()))
            if (
                cell is None
                or seen[cell.end() - 2 : cell.end()] == b"/>"
                or seen.find(b"</c>", cell.end(), match.start()) != -1
                or _column(cell.group(1)) <= width
            ):
                break
        else:
            return []
    return list(_hidden(name, width, io.BytesIO(data)))


# --- OpenDocument spreadsheets (.ods), LibreOffice's own format --------------------------------

_ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_ODS_AGAIN = "open it in LibreOffice, save it again (as .ods or .xlsx), and retry"


def is_opendocument(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is an OpenDocument spreadsheet (its ``mimetype`` says so)."""
    try:
        with zipfile.ZipFile(path) as archive:
            if "mimetype" not in archive.namelist():
                return False
            with archive.open("mimetype") as member:
                return member.read(len(_ODS_MIMETYPE) + 1).strip() == _ODS_MIMETYPE
    except (OSError, zipfile.BadZipFile):
        return False


def _ods_book(path: Path) -> Any:
    from python_calamine import CalamineWorkbook

    try:
        return CalamineWorkbook.from_filelike(io.BytesIO(path.read_bytes()))  # no file kept open
    except Exception as exc:
        raise InputFileError(
            f"{os.fspath(path)} could not be read as an OpenDocument spreadsheet "
            f"({str(exc).splitlines()[0] if str(exc) else type(exc).__name__}): {_ODS_AGAIN}"
        ) from None


def _ods_sheets(path: Path, widths: Mapping[str, int]) -> Sheets:
    """The sheets of an .ods workbook as :func:`load_sheets` gives an .xlsx workbook's.

    The values are python-calamine's (LibreOffice saves every formula's value);
    a cell LibreOffice stores as a percentage gets the number format ``0%``, and
    merged cells in a typed column are reported as they are in an .xlsx.
    """
    name = os.fspath(path)
    book = _ods_book(path)
    try:
        with zipfile.ZipFile(path) as archive, archive.open("content.xml") as content:
            formats, hidden = _ods_layout(content, widths)
        read: dict[str, Sheet] = {}
        others: dict[str, tuple[Any, ...]] = {}
        for title in book.sheet_names:
            rows = book.get_sheet_by_name(title).to_python(skip_empty_area=False)
            if title not in widths:
                others[title] = _padded(tuple(_ods_value(v) for v in (rows[0] if rows else ())))
                continue
            if len(rows) > MAX_ROWS:
                raise InputFileError(
                    f"the sheet {quote(title)} goes on past row {MAX_ROWS:,}: delete "
                    "anything typed below the entries",
                    name,
                )
            values = [_padded(tuple(_ods_value(v) for v in row[:COLUMNS])) for row in rows]
            read[title] = Sheet(title, values, partial(dict, formats.get(title, {})))
    except InputFileError:
        raise
    except Exception as exc:  # a damaged package: say so, never a traceback
        raise InputFileError(
            f"{name} is a damaged OpenDocument spreadsheet ({exc}): {_ODS_AGAIN}"
        ) from exc
    return Sheets(read, others, hidden)


def _ods_value(value: Any) -> Any:
    """A calamine value of an .ods cell as openpyxl gives an .xlsx cell's."""
    if isinstance(value, str):
        return value or None
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if type(value) is date:
        return datetime.combine(value, time())
    return value


def _ods_layout(
    content: IO[bytes], widths: Mapping[str, int]
) -> tuple[dict[str, dict[tuple[int, int], str]], list[Hidden]]:
    """From ``content.xml``: each read sheet's percentage cells (as the format ``0%``) and
    its merged cells in the typed columns."""
    formats: dict[str, dict[tuple[int, int], str]] = {}
    hidden: list[Hidden] = []
    title, row = "", 0
    for event, element in ElementTree.iterparse(content, ("start", "end")):
        if event == "start":
            if element.tag == f"{_TABLE}table":
                title, row = element.get(f"{_TABLE}name", ""), 0
            continue
        if element.tag != f"{_TABLE}table-row":
            if element.tag == f"{_TABLE}table":
                element.clear()
            continue
        repeated = int(element.get(f"{_TABLE}number-rows-repeated", "1"))
        if title in widths and row < MAX_ROWS:
            column = 0
            for cell in element:
                if column >= COLUMNS:
                    break
                span = int(cell.get(f"{_TABLE}number-columns-repeated", "1"))
                if cell.get(f"{_OFFICE}value-type") == "percentage":
                    for r in range(row + 1, row + 1 + min(repeated, MAX_ROWS)):
                        for c in range(column + 1, min(column + span, COLUMNS) + 1):
                            formats.setdefault(title, {})[r, c] = "0%"
                across = int(cell.get(f"{_TABLE}number-columns-spanned", "1"))
                down = int(cell.get(f"{_TABLE}number-rows-spanned", "1"))
                if (across > 1 or down > 1) and column < widths[title]:
                    first = CellPlace(title, row + 1, _letter(column + 1))
                    hidden.append(Hidden(first.to(_letter(column + across), row + down), "merged"))
                column += span
        row += repeated
        element.clear()
    return formats, hidden


def ods_workbook(path: str | os.PathLike[str]) -> Any:
    """The .ods workbook at ``path`` as an openpyxl ``Workbook`` of its values (every sheet,
    every cell; percentages formatted ``0%``), for the results to be written into."""
    from openpyxl import Workbook

    source = Path(path)
    book = _ods_book(source)
    with zipfile.ZipFile(source) as archive, archive.open("content.xml") as content:
        formats, _ = _ods_layout(content, dict.fromkeys(book.sheet_names, 0))
    wb = Workbook()
    wb.remove(wb.active)
    for title in book.sheet_names:
        ws = wb.create_sheet(title)
        for values in book.get_sheet_by_name(title).to_python(skip_empty_area=False):
            ws.append([_ods_value(v) for v in values])
        for (r, c), code in formats.get(title, {}).items():
            ws.cell(r, c).number_format = code
    return wb
