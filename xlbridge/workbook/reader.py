"""Read a filled club-night workbook into an :class:`~xlbridge.event.Event`.

The workbook is opened read-only (it is never modified).  Every entry is
checked and every problem is collected, each naming its ``sheet!cell``:

* a result cell that is not a score, or weights not adding up to 100%;
* a score no contract can make at the board's vulnerability (an error when
  typed; a *warning* when a TD assigned it through a ruling, which is then
  scored as given);
* a board out of range, a pair against itself, a pair twice on a board, an
  unknown pair, a ruling ID that does not exist, more results than tables;
* a contract, declarer or result that is not valid, a row without a result.

When anything is wrong, :func:`read_workbook` raises one
:class:`~xlbridge.errors.ScoringError` listing every problem, one a line.
Warnings (e.g. a typed score that differs from the contract's) are returned
with the event.
"""

from __future__ import annotations

import io
import math
import os
import re
import zipfile
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import IO, Any, TypeVar
from xml.etree import ElementTree

from openpyxl import load_workbook
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.utils.exceptions import CellCoordinatesException

from xlbridge.contract import (
    Seat,
    board_vulnerability,
    is_possible_score,
    parse_contract,
    parse_tricks_result,
    score_contract,
)
from xlbridge.errors import ScoringError, SettingsError
from xlbridge.event import (
    Adjustment,
    AdjustmentUnit,
    Event,
    Pair,
    Play,
    Settings,
)
from xlbridge.exact import is_blank, normalise_text, parse_fraction, whole_number
from xlbridge.result import (
    Artificial,
    Result,
    Row,
    parse_result,
    parse_rulings,
    parse_score,
    parse_weight,
)
from xlbridge.workbook import layout as L

__all__ = ["NightWorkbook", "pair_label", "read_workbook", "source_row"]

T = TypeVar("T")
Cells = Sequence[Any]


@dataclass(frozen=True)
class NightWorkbook:
    """What a filled workbook holds: the event, and the warnings found reading it."""

    event: Event
    warnings: tuple[str, ...] = ()
    tables: int | None = None
    boards: int | None = None
    #: The file a "Hand records" row of the Settings sheet names, and its cell (or None).
    hand_records: tuple[str, str] | None = None


@dataclass
class _Problems:
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def attempt(self, parse: Callable[[], T]) -> T | None:
        """``parse()``, or ``None`` with its message recorded as an error."""
        try:
            return parse()
        except ScoringError as exc:
            self.errors.append(str(exc))
            return None

    def error(self, where: str, message: str) -> None:
        self.errors.append(f"{where}: {message}")


def source_row(source: str) -> int:
    """The sheet row of a ``Sheet!G14`` source (0 when there is none)."""
    match = _ROW_NUMBER.search(source)
    return int(match.group(1)) if match else 0


_ROW_NUMBER = re.compile(r"(\d+)$")


def pair_label(value: object) -> str:
    """A pair number as the text it is known by (``12.0`` and ``'12'`` are both ``'12'``)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if is_blank(value) else normalise_text(str(value))


def read_workbook(path: str | os.PathLike[str]) -> NightWorkbook:
    """Read and check the club-night workbook at ``path`` (opened read-only, never written).

    The values are read by python-calamine when the workbook holds nothing it
    could read differently from openpyxl (:func:`_fast_sheets`), by openpyxl
    otherwise; either way the sheets, and so every message, are the same.
    """
    fast = _fast_sheets(Path(path))
    if fast is not None:
        sheets, hidden = fast
        return _Reader(sheets, hidden).read()
    try:
        wb = load_workbook(Path(path), read_only=True, data_only=True)
    except (OSError, ValueError, KeyError) as exc:
        raise ScoringError(f"{os.fspath(path)!r} is not a readable .xlsx workbook: {exc}") from exc
    try:
        missing = [s for s in (L.SETTINGS, L.PAIRS, L.TRAVELLERS) if s not in wb.sheetnames]
        if missing:
            raise ScoringError(
                f"{os.fspath(path)!r} has no sheet {missing[0]!r}: "
                "is it a club-night workbook (xlbridge new NIGHT.xlsx)?"
            )
        sheets = {name: _rows(wb[name]) for name in wb.sheetnames if name in _READ}
    finally:
        wb.close()
    return _Reader(sheets, _hidden_problems(Path(path))).read()


#: The entry sheets and how many columns of each a person types in.
_ENTRY_COLUMNS = {
    L.PAIRS: L.PAIR_COLUMNS,
    L.TRAVELLERS: L.TRAVELLER_COLUMNS[:8],
    L.RULINGS: L.RULING_COLUMNS,
    L.ADJUSTMENTS: L.ADJUSTMENT_COLUMNS,
}
_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def _hidden_problems(path: Path) -> list[str]:
    """What the values alone do not show: merged entry cells, formulas with no saved value.

    A formula that was never calculated (a workbook written by a program, not
    saved by Excel) reads as blank, and a score merged over two rows reads as
    a score on the first row and a blank on the second: both would be scored
    silently as something else, so both are refused.  The sheet XML has
    already passed :func:`xlbridge.safefile.check_workbook_file`.
    """
    problems: list[str] = []
    with zipfile.ZipFile(path) as archive:
        for name, target in _sheet_parts(archive).items():
            if name in _ENTRY_COLUMNS:
                width = len(_ENTRY_COLUMNS[name])
                with archive.open(target) as xml:
                    problems.extend(_sheet_problems(name, width, xml))
    return problems


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> the path of its XML part inside the archive."""
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels}
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    parts = {}
    for sheet in book.iter(f"{_MAIN}sheet"):
        target = targets.get(sheet.get(_REL), "")
        path = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
        parts[sheet.get("name", "")] = path
    return parts


def _sheet_problems(name: str, width: int, xml: IO[bytes]) -> Iterator[str]:
    for _, element in ElementTree.iterparse(xml):
        if element.tag == f"{_MAIN}c":
            ref = element.get("r", "")
            formula, value = element.find(f"{_MAIN}f"), element.find(f"{_MAIN}v")
            if formula is not None and (value is None or not value.text) and _entry(ref, width):
                yield (
                    f"{name}!{ref}: holds a formula (={formula.text or ''}) with no saved "
                    "value: type the value, or open the workbook in Excel and save it"
                )
            element.clear()
        elif element.tag == f"{_MAIN}mergeCell":
            ref = element.get("ref", "")
            if _entry(ref.split(":")[0], width) or _entry(ref.split(":")[-1], width):
                yield (
                    f"{name}!{ref}: merged cells: unmerge them, so that every row has its own entry"
                )


def _entry(ref: str, width: int) -> bool:
    """Whether a cell reference lies in the first ``width`` columns."""
    try:
        letters, _ = coordinate_from_string(ref.replace("$", ""))
    except CellCoordinatesException:
        return False
    return int(column_index_from_string(letters)) <= width


_READ = {L.SETTINGS, L.PAIRS, L.TRAVELLERS, L.RULINGS, L.ADJUSTMENTS}


def _rows(ws: Any) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in ws.iter_rows(min_row=1, max_col=9, values_only=True)]


def _data(rows: list[tuple[Any, ...]], width: int) -> Iterator[tuple[int, Cells]]:
    """The non-blank rows below the header, with their sheet row numbers, padded to ``width``."""
    for index, row in enumerate(rows[1:], start=2):
        cells = (*row, *([None] * width))[:width]
        if not all(is_blank(c) for c in cells):
            yield index, cells


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
#: Number formats both libraries read as dates: letters of dates and times, separators.
_PLAIN_DATE = re.compile(r"[dmyhsDMYHS\-/.: ]+")
#: Rows past this many (a huge <dimension>) are left to openpyxl.
_MAX_FAST_ROWS = 100_000


class _NotSure(Exception):
    """The workbook holds something calamine might read otherwise than openpyxl."""


def _fast_sheets(path: Path) -> tuple[dict[str, list[tuple[Any, ...]]], list[str]] | None:
    """The sheets and hidden problems as openpyxl would give them, read by python-calamine.

    One read of the file serves both the values (calamine, about ten times
    faster than openpyxl's read-only mode) and the XML checks.  ``None`` when
    calamine is not installed (Pyodide), when anything fails, or when the
    workbook holds anything calamine reads differently from openpyxl (error
    cells, empty texts, dates outside the event's date, whole numbers written
    with a point, unusual number formats or XML): :func:`read_workbook` then
    reads it with openpyxl, which also gives the error message.
    """
    try:
        from python_calamine import CalamineWorkbook
    except ImportError:  # pragma: no cover - Pyodide, where the workbook layer is not used
        return None
    try:
        data = path.read_bytes()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = _sheet_parts(archive)
            names = set(archive.namelist())
            if any(s not in parts for s in (L.SETTINGS, L.PAIRS, L.TRAVELLERS)):
                return None
            _check_shared(archive, names)
            xml = {name: archive.read(parts[name]) for name in parts if name in _READ}
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        if book.sheet_names != list(parts):
            return None
        sheets: dict[str, list[tuple[Any, ...]]] = {}
        hidden: list[str] = []
        for name, part in xml.items():
            _check_sheet_xml(part)
            rows = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            sheets[name] = _openpyxl_rows(name, rows, _dimension_rows(part))
        for name, part in xml.items():
            if name in _ENTRY_COLUMNS:
                hidden.extend(_quick_problems(name, len(_ENTRY_COLUMNS[name]), part))
    except Exception:  # anything unusual: openpyxl reads it (and words any error)
        return None
    return sheets, hidden


def _check_shared(archive: zipfile.ZipFile, names: set[str]) -> None:
    """Raise :class:`_NotSure` for shared strings or number formats calamine may read otherwise."""
    if "xl/sharedStrings.xml" in names:
        strings = archive.read("xl/sharedStrings.xml")
        _check_xml(strings)
    if "xl/styles.xml" in names:
        from openpyxl.styles.numbers import is_date_format

        styles = ElementTree.fromstring(archive.read("xl/styles.xml"))
        for fmt in styles.iter(f"{_MAIN}numFmt"):
            code = fmt.get("formatCode", "")
            if is_date_format(code) and not _PLAIN_DATE.fullmatch(code):
                raise _NotSure(f"number format {code!r}")
        for xf in styles.iter(f"{_MAIN}xf"):
            if 23 <= int(xf.get("numFmtId", "0")) < 164 and xf.get("numFmtId") not in _BUILTIN:
                raise _NotSure("a locale-specific built-in number format")


#: Built-in number formats that openpyxl and calamine both know (0-22, 37-49).
_BUILTIN = {str(n) for n in (*range(37, 50),)}


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


def _check_sheet_xml(data: bytes) -> None:
    _check_xml(data)
    for match in _DECIMAL.finditer(data):
        try:
            number = float(match.group(1))
        except ValueError:
            continue
        if number.is_integer():
            raise _NotSure("a whole number written with a point or an exponent")


def _dimension_rows(data: bytes) -> int | None:
    """The last row of the sheet's ``<dimension>``, which openpyxl's read-only mode stops at."""
    head = data[: data.find(b"<sheetData")]
    match = _DIMENSION.search(head)
    if match is None:
        if b"<dimension" in head:
            raise _NotSure("dimension")
        return None
    from openpyxl.utils.cell import range_boundaries

    last = range_boundaries(match.group(1).decode())[3]
    if last is None or last > _MAX_FAST_ROWS:
        raise _NotSure("dimension")
    return int(last)


_TEMPORAL = (date, time, timedelta)
#: The label of a Settings row naming the hand-record file (``xlbridge score --hands``).
HAND_RECORDS_LABEL = "Hand records"

#: The label of the one setting a date belongs in (its value is not read).
_EVENT_DATE = next(s.label for s in L.SETTING_ROWS if s.name == "EventDate").lower()


def _openpyxl_rows(name: str, rows: list[list[Any]], last: int | None) -> list[tuple[Any, ...]]:
    """calamine's rows as openpyxl's read-only ``iter_rows(max_col=9, values_only=True)``.

    Blank cells are ``None``; whole numbers below 2**53 ints; the event's date a
    ``datetime``.  Rows stop at the ``<dimension>``'s last row, as openpyxl's do.
    """
    if last is not None:
        rows = rows[:last]
    out: list[tuple[Any, ...]] = []
    event_date = _EVENT_DATE if name == L.SETTINGS else None
    for row in rows:
        cells = [_value(v) for v in row[:9]]
        if len(cells) < 9:
            cells.extend([None] * (9 - len(cells)))
        if any(isinstance(v, _TEMPORAL) for v in cells):
            label = cells[0].strip().lower() if isinstance(cells[0], str) else None
            if (
                event_date is None
                or label != event_date
                or any(isinstance(v, _TEMPORAL) for v in cells[2:])
            ):
                raise _NotSure("a date or time")
            if isinstance(cells[1], date) and not isinstance(cells[1], datetime):
                cells[1] = datetime.combine(cells[1], time())
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


def _quick_problems(name: str, width: int, data: bytes) -> list[str]:
    """:func:`_sheet_problems` on the sheet XML, skipping the parse when it cannot find any.

    With no merged cells and every formula outside the first ``width``
    columns (the template's computed column), there is nothing to report.
    """
    if b"mergeCell" not in data:
        for match in _FORMULA.finditer(data):
            cell = _CELL.match(data, data.rfind(b"<c", 0, match.start()))
            if (
                cell is None
                or data[cell.end() - 2 : cell.end()] == b"/>"
                or data.find(b"</c>", cell.end(), match.start()) != -1
                or _column(cell.group(1)) <= width
            ):
                break
        else:
            return []
    return list(_sheet_problems(name, width, io.BytesIO(data)))


class _Reader:
    def __init__(
        self, sheets: dict[str, list[tuple[Any, ...]]], hidden: Sequence[str] = ()
    ) -> None:
        self.sheets = sheets
        self.problems = _Problems(list(hidden))
        #: contract scores by board and the three cells' types and values: a board's
        #: tables often bid and make the same; only scores read without a problem
        self.contract_scores: dict[tuple[object, ...], int] = {}
        #: one (immutable) result per score read from a contract
        self.contract_results: dict[int, Result] = {}
        #: the Settings row naming the hand-record file: its text and cell
        self.hand_records: tuple[str, str] | None = None

    def read(self) -> NightWorkbook:
        settings, name, tables, boards = self._settings()
        pairs = self._pairs()
        rulings, ruling_rows = self._rulings()
        self._check_headers()
        plays = self._travellers({p.label for p in pairs}, rulings, ruling_rows, tables, boards)
        if not plays and not self.problems.errors:
            self.problems.error(f"{L.TRAVELLERS}!A2", "no traveller row has a result to score")
        adjustments = self._adjustments({p.label for p in pairs}, boards)
        if self.problems.errors:
            count = len(self.problems.errors)
            head = f"{count} problem{'s' if count > 1 else ''} in the workbook:\n"
            raise ScoringError(head + "\n".join(self.problems.errors))
        event = Event(tuple(pairs), tuple(plays), tuple(adjustments), settings, name)
        warnings = tuple(self.problems.warnings)
        return NightWorkbook(event, warnings, tables, boards, self.hand_records)

    def _check_headers(self) -> None:
        """Row 1 of each entry sheet holds its headers (or is blank): data is read from row 2 on.

        A deleted header row would otherwise make the first traveller a header.
        """
        for name, columns in _ENTRY_COLUMNS.items():
            rows = self.sheets.get(name)
            if rows is None:
                continue
            header = (*(rows[0] if rows else ()), *([None] * len(columns)))
            for column, found in zip(columns, header, strict=False):
                text = normalise_text(str(found or "")).lower()
                if text and text != column.header.lower():
                    self.problems.error(
                        f"{name}!{column.letter}1",
                        f"expected the header {column.header!r}, found {found!r}: "
                        "keep the header row in row 1, with the data from row 2",
                    )
                    break

    # --- settings -----------------------------------------------------------------------------

    def _settings(self) -> tuple[Settings, str, int | None, int | None]:
        found: dict[str, tuple[object, str]] = {}
        for index, row in enumerate(self.sheets.get(L.SETTINGS, []), start=1):
            if row and isinstance(row[0], str):
                value = row[1] if len(row) > 1 else None
                found[row[0].strip().lower()] = (value, f"{L.SETTINGS}!B{index}")
        hands, cell = found.get(HAND_RECORDS_LABEL.lower(), (None, ""))
        self.hand_records = None if is_blank(hands) else (str(hands).strip(), cell)
        values: dict[str, tuple[object, str]] = {}
        for setting in L.SETTING_ROWS:
            values[setting.name] = found.get(setting.label.lower(), (None, ""))

        def get(name: str, convert: Callable[[object], T], default: T) -> T:
            value, where = values[name]
            if is_blank(value):
                return default
            try:
                return convert(value)
            except (ScoringError, ValueError) as exc:
                self.problems.error(where or L.SETTINGS, _quote_free(str(exc), value))
                return default

        tables = get("Tables", _positive, None)
        boards = get("Boards", _positive, None)
        fields = {setting: name for name, setting in _SETTING_FIELDS.items()}
        typed = {fields[name]: values[name][0] for name in fields}
        sources = {fields[name]: values[name][1] or L.SETTINGS for name in fields}
        try:
            settings = Settings.parse(typed, sources)
        except SettingsError as exc:  # every bad value reported; the others still count
            self.problems.errors.extend(message for _, message in exc.problems)
            bad = {field for field, _ in exc.problems}
            settings = Settings.parse({k: v for k, v in typed.items() if k not in bad})
        name = values["EventName"][0]
        return settings, "" if is_blank(name) else str(name), tables, boards

    # --- pairs --------------------------------------------------------------------------------

    def _pairs(self) -> list[Pair]:
        pairs: list[Pair] = []
        seen: dict[str, int] = {}
        for index, (label_cell, names, _direction) in _data(self.sheets[L.PAIRS], 3):
            where = f"{L.PAIRS}!A{index}"
            label = pair_label(label_cell)
            if not label:
                self.problems.error(where, f"a pair needs a number (the row names {names!r})")
                continue
            if label in seen:
                self.problems.error(
                    where, f"pair {label} is listed twice (also {L.PAIRS}!A{seen[label]})"
                )
                continue
            seen[label] = index
            pairs.append(Pair(label, "" if is_blank(names) else str(names).strip(), where))
        if not pairs:
            self.problems.error(f"{L.PAIRS}!A2", "no pairs are listed")
        return pairs

    # --- rulings ------------------------------------------------------------------------------

    def _rulings(self) -> tuple[dict[str, Result], dict[str, list[int]]]:
        groups: dict[str, list[tuple[int, Cells]]] = defaultdict(list)
        for index, cells in _data(self.sheets.get(L.RULINGS, []), 5):
            ident, _side, score, weight, _note = cells
            if is_blank(ident):
                self.problems.error(f"{L.RULINGS}!A{index}", "a ruling row needs an ID (R1)")
                continue
            ok = self._ruling_cells(index, score, weight)
            key = normalise_text(str(ident)).upper().replace(" ", "")
            groups[key].append((index, cells if ok else ()))
        rulings: dict[str, Result] = {}
        rows: dict[str, list[int]] = {}
        for key, members in groups.items():
            rows[key] = [index for index, _ in members]
            if any(not cells for _, cells in members):
                continue
            first, last = rows[key][0], rows[key][-1]
            where = f"{L.RULINGS}!A{first}" + (f":E{last}" if last != first else "")
            parsed = self.problems.attempt(partial(_one_ruling, members, where))
            if parsed is not None:
                rulings[key] = parsed
        return rulings, rows

    def _ruling_cells(self, index: int, score: object, weight: object) -> bool:
        before = len(self.problems.errors)
        score_at, weight_at = f"{L.RULINGS}!C{index}", f"{L.RULINGS}!D{index}"
        if is_blank(score):
            self.problems.error(score_at, "a ruling row needs a score")
        elif not (isinstance(score, str) and normalise_text(score).upper().startswith("A")):
            self.problems.attempt(lambda: parse_score(score, score_at))
        if not is_blank(weight):
            self.problems.attempt(lambda: parse_weight(weight, weight_at))
        return len(self.problems.errors) == before

    # --- travellers ---------------------------------------------------------------------------

    def _travellers(
        self,
        labels: set[str],
        rulings: dict[str, Result],
        ruling_rows: dict[str, list[int]],
        tables: int | None,
        boards: int | None,
    ) -> list[Play]:
        plays: list[Play] = []
        seen: dict[tuple[int, str], tuple[int, str]] = {}
        per_board: dict[int, int] = defaultdict(int)
        for index, cells in _data(self.sheets[L.TRAVELLERS], 8):
            row = _TravellerRow(index, cells)
            board = self._board(row, boards)
            ns, ew = self._pair_cells(row, labels)
            result = self._result(row, board, rulings, ruling_rows)
            if board is None:
                continue
            for label, letter in ((ns, "B"), (ew, "C")):
                first = seen.setdefault((board, label), (index, row.at(letter)))
                if label and first[0] != index:
                    self.problems.error(
                        row.at(letter), f"pair {label} is on board {board} twice (also {first[1]})"
                    )
            per_board[board] += 1
            if tables is not None and per_board[board] == tables + 1:
                self.problems.error(
                    row.at("A"),
                    f"board {board} has more results than the {tables} tables in play",
                )
            if ns and ew and result is not None:
                plays.append(row.play(board, ns, ew, result))
        return plays

    def _board(self, row: _TravellerRow, boards: int | None) -> int | None:
        value = row.cells[0]
        try:
            board = whole_number(value)
        except ValueError:
            self.problems.error(row.at("A"), f"board {value!r} is not a board number")
            return None
        if board < 1 or (boards is not None and board > boards):
            top = f"1 to {boards}" if boards is not None else "1 or more"
            self.problems.error(row.at("A"), f"board {value!r} is out of range ({top})")
            return None
        return board

    def _pair_cells(self, row: _TravellerRow, labels: set[str]) -> tuple[str, str]:
        found = []
        for offset, letter, side in ((1, "B", "NS"), (2, "C", "EW")):
            label = pair_label(row.cells[offset])
            if not label:
                self.problems.error(row.at(letter), f"no {side} pair")
            elif label not in labels:
                self.problems.error(row.at(letter), f"pair {label!r} is not on the {L.PAIRS} sheet")
                label = ""
            found.append(label)
        ns, ew = found
        if ns and ns == ew:
            self.problems.error(row.at("C"), f"pair {ns} plays against itself")
        return ns, ew

    def _result(
        self,
        row: _TravellerRow,
        board: int | None,
        rulings: dict[str, Result],
        ruling_rows: dict[str, list[int]],
    ) -> Row:
        typed = row.cells[6]
        contract_score = self._contract_score(row, board)
        if is_blank(typed):
            if contract_score is None and is_blank(row.cells[3]):
                self.problems.error(
                    row.at("G"),
                    "no result: type the contract, declarer and result, or the NS score "
                    "(NP when the board was not played)",
                )
            if contract_score is None:
                return None
            found = self.contract_results.get(contract_score)
            if found is None:
                found = self.contract_results[contract_score] = Result.of(contract_score)
            return found
        key = normalise_text(str(typed)).upper().replace(" ", "") if isinstance(typed, str) else ""
        if key in ruling_rows and key not in rulings:
            return None  # the ruling itself is wrong; reported on the Rulings sheet
        parsed = self.problems.attempt(lambda: parse_result(typed, row.at("G"), rulings))
        if isinstance(parsed, Result) and board is not None:
            self._check_possible(row, board, parsed, key if key in rulings else "", ruling_rows)
            if contract_score is not None and parsed != Result.of(contract_score):
                self.problems.warnings.append(
                    f"{row.at('G')}: the typed score {typed!r} differs from the contract's "
                    f"({row.cells[3]} by {row.cells[4]} {row.cells[5]}: {contract_score}); "
                    "the typed score is used"
                )
        return parsed

    def _contract_score(self, row: _TravellerRow, board: int | None) -> int | None:
        contract_cell, declarer, result = row.cells[3:6]
        if is_blank(contract_cell) or board is None:
            return None
        key = (board, *((type(cell), cell) for cell in (contract_cell, declarer, result)))
        score = self.contract_scores.get(key)
        if score is None:
            errors = len(self.problems.errors)
            score = self._score_contract(row, board)
            if score is not None and len(self.problems.errors) == errors:
                self.contract_scores[key] = score
        return score

    def _score_contract(self, row: _TravellerRow, board: int) -> int | None:
        contract_cell, declarer, result = row.cells[3:6]
        contract = self.problems.attempt(lambda: _at(row.at("D"), parse_contract, contract_cell))
        if contract is None and not _passed(contract_cell):
            return None
        seat = None
        if contract is not None:
            seat = self.problems.attempt(lambda: _at(row.at("E"), Seat.parse, declarer))
        tricks = self.problems.attempt(
            lambda: _at(row.at("F"), lambda v: parse_tricks_result(v, contract), result)
        )
        if tricks is None or (contract is not None and seat is None):
            return None
        return score_contract(contract, seat, tricks, board_vulnerability(board))

    def _check_possible(
        self,
        row: _TravellerRow,
        board: int,
        result: Result,
        ruling: str,
        ruling_rows: dict[str, list[int]],
    ) -> None:
        vulnerability = board_vulnerability(board)
        scores = {
            score
            for side in (result.ns, result.ew)
            if not isinstance(side, Artificial)
            for score, _ in side.components
        }
        for score in sorted(scores):
            if is_possible_score(score, vulnerability):
                continue
            why = (
                f"no contract scores {score} for NS on board {board} "
                f"(vulnerable: {vulnerability.value})"
            )
            if ruling:
                first = ruling_rows[ruling][0]
                self.problems.warnings.append(
                    f"{row.at('G')}: ruling {ruling} ({L.RULINGS}!C{first}): {why}; "
                    "scored as the TD assigned it"
                )
            else:
                self.problems.error(row.at("G"), f"{row.cells[6]!r}: {why}")

    # --- adjustments --------------------------------------------------------------------------

    def _adjustments(self, labels: set[str], boards: int | None) -> list[Adjustment]:
        found: list[Adjustment] = []
        for index, cells in _data(self.sheets.get(L.ADJUSTMENTS, []), 5):
            pair_cell, board_cell, amount_cell, unit_cell, reason = cells
            at = f"{L.ADJUSTMENTS}!{{}}{index}".format
            pair = pair_label(pair_cell)
            before = len(self.problems.errors)
            if pair not in labels:
                self.problems.error(at("A"), f"pair {pair_cell!r} is not on the {L.PAIRS} sheet")
            board = None
            if not is_blank(board_cell):
                try:
                    board = whole_number(board_cell)
                    if board < 1 or (boards is not None and board > boards):
                        raise ValueError
                except ValueError:
                    self.problems.error(at("B"), f"board {board_cell!r} is out of range")
            try:
                amount = parse_fraction(amount_cell)
            except ValueError:
                self.problems.error(at("C"), f"{amount_cell!r} is not an amount (e.g. -1 or -0.5)")
                amount = Fraction(0)
            unit = AdjustmentUnit.MATCHPOINTS
            if not is_blank(unit_cell):
                parsed = self.problems.attempt(partial(_at, at("D"), _unit, unit_cell))
                unit = parsed if parsed is not None else unit
            if len(self.problems.errors) == before:
                note = "" if is_blank(reason) else str(reason)
                found.append(Adjustment(pair, amount, unit, board, note, at("C")))
        return found


@dataclass(frozen=True)
class _TravellerRow:
    index: int
    cells: Cells

    def at(self, letter: str) -> str:
        return f"{L.TRAVELLERS}!{letter}{self.index}"

    def play(self, board: int, ns: str, ew: str, result: Row) -> Play:
        contract, declarer, tricks, _score, version = self.cells[3:8]
        text = [("" if is_blank(v) else str(v).strip()) for v in (contract, declarer, tricks)]
        return Play(
            board,
            ns,
            ew,
            result,
            self.at("G"),
            "" if is_blank(version) else pair_label(version),
            *text,
        )


def _at(where: str, parse: Callable[[Any], T], value: object) -> T:
    try:
        return parse(value)
    except ScoringError as exc:
        raise type(exc)(f"{where}: {exc}") from None


def _passed(cell: object) -> bool:
    return isinstance(cell, str) and normalise_text(cell).upper() in {"PASS", "P", "AP"}


def _one_ruling(members: list[tuple[int, Cells]], where: str) -> Result:
    try:
        (only,) = parse_rulings([cells[:4] for _, cells in members], where).values()
    except ScoringError as exc:
        message = str(exc)
        prefix = f"{where}: "
        raise type(exc)(message if message.startswith(where) else prefix + message) from None
    return only


#: The Settings sheet's defined names of the settings that make a Settings, by field.
_SETTING_FIELDS = {
    "form": "ScoringForm",
    "scale": "Scale",
    "expected": "ExpectedSetting",
    "unequal": "Unequal",
    "avplus_method": "AvplusMethod",
    "aplus": "Aplus",
    "aminus": "Aminus",
    "trim": "ButlerTrim",
    "datum_round": "DatumRound",
    "datum_real_results": "DatumReal",
    "cross_divide_by": "DivideBy",
    "factor_fewer_boards": "FactorBoards",
    "small_versions": "SmallVersions",
    "ranking": "Ranking",
}


def _quote_free(message: str, value: object) -> str:
    return message if repr(value) in message else f"{value!r}: {message}"


def _unit(value: object) -> AdjustmentUnit:
    return AdjustmentUnit.parse(value)


def _positive(value: object) -> int:
    number = whole_number(value)
    if number < 1:
        raise ValueError(f"{value!r} is not a whole number from 1")
    return number
