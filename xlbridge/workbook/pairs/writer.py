"""Write the results of a club night into a new workbook, as values.

The output is the input workbook with its result sheets (Board results,
Frequencies, Ranking) rebuilt as values, the traveller's "Score used"
column and the Settings' computed cells filled in, so that it opens with
the right numbers anywhere (LibreOffice, Excel without the add-in, a phone).
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from openpyxl import load_workbook
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.utils.cell import column_index_from_string, get_column_letter
from openpyxl.utils.exceptions import IllegalCharacterError
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.board import FrequencyLine, percent_of_top
from xlbridge.contract import board_dealer, board_vulnerability
from xlbridge.direction import Direction
from xlbridge.errors import InputFileError
from xlbridge.event import Play
from xlbridge.inputs import check_merged_cells
from xlbridge.masterpoints import award_shown
from xlbridge.pair import PairLabel
from xlbridge.report import format_figure
from xlbridge.result import Row, format_result
from xlbridge.scored import BoardResult, EventResult, PairResult
from xlbridge.stratified import event_strata, strata_columns
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.printing import prepare_printing
from xlbridge.workbook.pairs.reader import sheet_row
from xlbridge.workbook.shared.sheets import (
    damage_message,
    is_opendocument,
    ods_workbook,
    sheet_parts,
)
from xlbridge.workbook.shared.style import (
    BOLD,
    COMPUTED_FILL,
    HEADER_FILL,
    HEADER_FONT,
    THIN,
    TITLE_FONT,
    WARN_BOLD,
    Column,
    header_row,
    mark_results,
)
from xlbridge.workbook.shared.written import keep_formulas, save

if TYPE_CHECKING:
    from xlbridge.hands import SessionHands

__all__ = [
    "BulkRows",
    "fill_results",
    "label_cell",
    "result_texts",
    "save_workbook",
    "traveller_values",
    "write_ranking",
    "write_results",
]


def _number(value: Fraction | int | None) -> float | int | None:
    if value is None:
        return None
    if not isinstance(value, Fraction):
        value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def result_texts() -> Callable[[Row], str]:
    """``text(row)``: :func:`~xlbridge.result.format_result`, worked out once per result object.

    A merged field's hundred thousand plays share a few hundred result objects.
    """
    seen: dict[int, tuple[Row, str]] = {}  # the row is kept, so its id stays its own

    def text(row: Row) -> str:
        found = seen.get(id(row))
        if found is None:
            found = seen[id(row)] = (row, format_result(row))
        return found[1]

    return text


def label_cell(label: PairLabel) -> int | str:
    """A pair as a cell holds it: its number (``3``) when the number alone names it, else
    its text (``NS 3``, ``Acol:3``, ``A3``)."""
    if label.number.isdecimal() and not (label.direction or label.club):
        return int(label.number)
    return str(label)


def traveller_values(play: Play, result_text: str, number_only: bool = False) -> tuple[object, ...]:
    """A traveller row's cells A-H as a scorer types them: board, NS pair, EW pair, contract,
    declarer, result (``=``, ``+1``), the NS score as typed, the version.

    ``number_only``: the pairs by their numbers alone, as on a workbook whose Pairs sheet
    gives each pair's direction (a Mitchell numbered in each direction).
    """
    contract, declarer, result = play.played.cells() if play.played else ("", "", "")

    def pair(label: PairLabel) -> object:
        if number_only and label.number.isdecimal() and not label.club:
            return int(label.number)
        return label_cell(label)

    return (
        play.board,
        pair(play.ns),
        pair(play.ew),
        contract,
        declarer,
        result,
        result_text,
        play.version,
    )


def write_results(
    source: str | os.PathLike[str],
    result: EventResult,
    target: Path,
    hands: SessionHands | None = None,
) -> None:
    """Write ``source`` with every result sheet filled from ``result`` to ``target``.

    With ``hands``, each board's deal, makeable contracts and par go beside
    its frequency table (:func:`fill_hands`).
    """
    if is_opendocument(source):  # an .ods: its values, in an .xlsx of their own
        wb = ods_workbook(source)
    else:
        check_merged_cells(source)
        try:
            wb = keep_formulas(load_workbook(io.BytesIO(_without_results(Path(source)))))
        except Exception as exc:  # a part the entries do not need is damaged: name it
            raise InputFileError(damage_message(Path(source), exc)) from exc
    fill_results(wb, result)
    if hands is not None:
        from xlbridge.workbook.pairs.handsheet import fill_hands  # only when hands are given

        fill_hands(wb, hands)
    mark_results(wb)
    save(wb, target)


#: What the parts of the result sheets are read as: :func:`fill_results` writes them anew.
_EMPTY_SHEET = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b"<sheetData/></worksheet>"
)


def _without_results(source: Path) -> bytes:
    """The package at ``source`` with its result sheets' parts empty (stored, not compressed).

    The result sheets are replaced whole by :func:`fill_results`; the
    template's formulas in them (two megabytes of XML for Board results)
    need not be parsed first.
    """
    out = io.BytesIO()
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as new:
        parts = sheet_parts(old)
        results = {parts[t] for t in (L.BOARD_RESULTS, L.FREQUENCIES, L.RANKING) if t in parts}
        for info in old.infolist():
            new.writestr(
                info.filename, _EMPTY_SHEET if info.filename in results else old.read(info)
            )
    return out.getvalue()


def fill_results(
    wb: Workbook,
    result: EventResult,
    bulk: BulkRows | None = None,
    row_of: Callable[[Play], int] | None = None,
) -> None:
    """Replace the formulas of the result sheets of ``wb`` by the values of ``result``.

    With ``bulk``, the rows after the first data row of the big sheets (Board
    results, Ranking) go to ``bulk``, to be written by :func:`save_workbook`.
    ``row_of(play)`` is the play's row on the Travellers sheet (default: the
    row its ``source`` cell is on).
    """
    row_of = row_of or sheet_row
    _settings(wb[L.SETTINGS], result)
    _travellers(wb[L.TRAVELLERS], result, row_of)
    for title in (L.BOARD_RESULTS, L.FREQUENCIES, L.RANKING):
        index = wb.sheetnames.index(title) if title in wb.sheetnames else len(wb.sheetnames)
        if title in wb.sheetnames:
            wb.remove(wb[title])
        ws = wb.create_sheet(title, index)
        if title == L.BOARD_RESULTS:
            _board_results(ws, result, row_of, bulk)
        elif title == L.FREQUENCIES:
            _frequencies(ws, result)
        else:
            _ranking(ws, result, bulk)
            if result.event.provisional:
                _provisional_note(ws, result, bulk)
    if bulk is None:  # a merged field of thousands of pairs is not for printing
        prepare_printing(wb, result)


def _settings(ws: Worksheet, result: EventResult) -> None:
    ws.cell(L.EXPECTED_USED_ROW, 2, result.expected)
    ws.cell(L.EXPECTED_USED_ROW + 1, 2, result.top)


def _travellers(ws: Worksheet, result: EventResult, row_of: Callable[[Play], int]) -> None:
    used: dict[int, object] = {}
    texts = result_texts()
    for board in result.boards:
        for scored in board.plays:
            text = texts(scored.play.result)
            number = text.lstrip("-").isdecimal()
            used[row_of(scored.play)] = int(text) if number else text
    for row in range(2, L.last_row(L.MAX_ROWS) + 1):
        ws.cell(row, 9, used.get(row))
    ws[L.NOTICE_CELLS[L.TRAVELLERS]] = None  # the scores are values: no add-in needed


def _board_results(
    ws: Worksheet,
    result: EventResult,
    row_of: Callable[[Play], int],
    bulk: BulkRows | None = None,
) -> None:
    # an IMP night has no percentage of a top: no NS % and EW % columns (A to H)
    columns = L.RESULT_COLUMNS if result.top is not None else L.RESULT_COLUMNS[:8]
    header_row(ws, columns)
    units = "MP" if result.top is not None else "IMPs"
    ws["G1"], ws["H1"] = f"NS {units}", f"EW {units}"
    rows = sorted(
        (scored for board in result.boards for scored in board.plays),
        key=lambda s: (s.play.board, s.play.version, row_of(s.play)),
    )
    texts = result_texts()
    # A big field's rows share a few hundred figures per board (one object per figure):
    # each figure's cell and percentage cell worked out once, by identity.
    cells: dict[int, tuple[Fraction | None, float | int | None, float | int | None]] = {}

    def figure(value: Fraction | None) -> tuple[float | int | None, float | int | None]:
        found = cells.get(id(value))
        if found is None:
            percent = _percent(value, result.top)
            found = cells[id(value)] = (value, _number(value), _number(percent))
        return found[1], found[2]

    for index, scored in enumerate(rows, start=2):
        play = scored.play
        contract, declarer, made = play.played.cells() if play.played else ("", "", "")
        (ns, ns_percent), (ew, ew_percent) = figure(scored.ns_score), figure(scored.ew_score)
        values = (
            # a fouled board's row names its version (``3A``), as its Frequencies table
            # and its web page's card do: the same score scores differently in each
            f"{play.board}{play.version}" if play.version else play.board,
            label_cell(play.ns),
            label_cell(play.ew),
            contract + made,
            declarer,
            texts(play.result),
            ns,
            ew,
            ns_percent,
            ew_percent,
        )
        if bulk is not None and index > 2:
            bulk.add(ws, index, [value if value != "" else None for value in values], like=2)
            continue
        for column, value in enumerate(values, start=1):
            cell = ws.cell(index, column, value if value != "" else None)
            if 7 <= column <= len(columns):
                cell.number_format = "0.0#"
    ws.print_area = f"A1:{columns[-1].letter}{max(2, len(rows) + 1)}"


def _percent(figure: Fraction | None, top: int | None) -> Fraction | None:
    """A matchpoint figure as a percentage of the top (``None`` in IMP events)."""
    return None if figure is None or top is None else percent_of_top(figure, top)


def _frequencies(ws: Worksheet, result: EventResult) -> None:
    for letter, width in {"A": 12, "B": 8, "C": 10, "D": 9, "E": 9, "F": 30}.items():
        ws.column_dimensions[letter].width = width
    # an IMP night's lines hold the IMPs each score gets (cross-IMPs or Butler), as on
    # Board results
    headers = L.FREQUENCY_HEADERS if result.top is not None else L.IMP_FREQUENCY_HEADERS
    # a fouled board's heading (``Board 27 version B``) whole on screen and on paper: the
    # next cell holds the vulnerability, so column A is as wide as the longest heading
    titles = [len(_frequency_title(board)) + 2 for board in result.boards]
    ws.column_dimensions["A"].width = max([12, *titles])
    row = 1
    for board in result.boards:
        row = _frequency_block(ws, row, board, headers) + 1
    ws.print_area = f"A1:F{max(row, 2)}"


def _frequency_title(board: BoardResult) -> str:
    """A board's heading on the Frequencies sheet: ``Board 3``, ``Board 3 version A``."""
    version = f" version {board.version}" if board.version else ""
    return f"Board {board.board}{version}"


def _frequency_block(
    ws: Worksheet, row: int, board: BoardResult, headers: Sequence[str] = L.FREQUENCY_HEADERS
) -> int:
    """Write one board's table(s) from ``row``; return the next free row.

    A Butler board's datum is on its heading line (``datum 110``), or, when its NS and EW
    pairs are compared in tables of different datums, on each table's caption line.
    """
    title = ws.cell(row, 1, _frequency_title(board))
    title.font = BOLD
    ws.cell(row, 2, board_vulnerability(board.board).value)
    ws.cell(row, 3, f"Dealer {board_dealer(board.board).value}")
    ws.cell(row, 4, f"{board.results} results")
    ws.cell(row, 5, f"expected {board.expected}")
    datums = board.datums
    if datums is not None and datums[0] == datums[1]:
        ws.cell(row, 6, f"datum {format_figure(datums[0])}")
    row += 1
    tables: list[tuple[str, Sequence[FrequencyLine], Fraction | None]] = [
        ("", board.ns_lines, None)
    ]
    if board.ew_lines != board.ns_lines:
        own = datums is not None and datums[0] != datums[1]
        tables = [
            ("NS pairs' table", board.ns_lines, datums[0] if own and datums else None),
            ("EW pairs' table", board.ew_lines, datums[1] if own and datums else None),
        ]
    for caption, lines, datum in tables:
        if caption:
            ws.cell(row, 1, caption).font = BOLD
            if datum is not None:
                ws.cell(row, 4, f"datum {format_figure(datum)}")
            row += 1
        for column, text in enumerate(headers, start=1):
            cell = ws.cell(row, column, text)
            cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        row += 1
        for line in lines:
            values = (line.score, line.freq, _number(line.adj_freq), _number(line.ns_mp))
            for column, value in enumerate((*values, _number(line.ew_mp)), start=1):
                cell = ws.cell(row, column, value)
                if column >= 3:  # to two decimals, as Board results and every output
                    cell.number_format = "0.0#"
            row += 1
    return row


def write_ranking(ws: Worksheet, result: EventResult) -> None:
    """``result``'s ranking on ``ws`` as a night's Ranking sheet shows it (each field apart)."""
    _ranking(ws, result)


def _ranking(ws: Worksheet, result: EventResult, bulk: BulkRows | None = None) -> None:
    """The Ranking sheet: one table, or, where the movement has two fields (a Mitchell),
    each field under its heading (North-South, East-West) with its own header row.

    A merged field (``bulk``) keeps one table, its rows written in bulk.
    """
    matchpoints = result.top is not None
    awards = _awards_column(result)
    extra = _strata_columns(result)
    last = get_column_letter(8 + (awards is not None) + len(extra[0]))
    fields = [name for name in dict.fromkeys(p.field for p in result.pairs) if name]
    if bulk is not None or len(fields) < 2:
        _ranking_header(ws, 1, matchpoints, awards, extra)
        row = 2
        for pair in result.pairs:
            if bulk is not None and row > 2:
                bulk.add(ws, row, _ranking_values(pair, matchpoints, result, awards, extra), like=2)
            else:
                _ranking_row(ws, row, pair, matchpoints, result, awards, extra)
            row += 1
        ws.print_area = f"A1:{last}{max(row - 1, 2)}"
        return
    row = 1
    for name in fields:
        title = ws.cell(row, 1, Direction.heading(name))
        title.font = TITLE_FONT
        _ranking_header(ws, row + 1, matchpoints, awards, extra)
        row += 2
        for pair in result.pairs:
            if pair.field == name:
                _ranking_row(ws, row, pair, matchpoints, result, awards, extra)
                row += 1
        row += 1  # a blank row between the fields
    ws.freeze_panes = None
    ws.print_title_rows = None
    ws.print_options.gridLines = False  # each table ruled, not the headings between them
    ws.print_area = f"A1:{last}{row - 2}"


def _awards_column(result: EventResult) -> dict[str, str] | None:
    """Each pair's master points as the Ranking shows them (the ABF's as masterpoints,
    0.24), or ``None`` when no pair has any: the column is left out."""
    body = result.event.facts.mp_body
    shown: dict[str, str] = {
        p.pair.label: award_shown(p.pair.master_points, body) for p in result.pairs
    }
    return shown if any(shown.values()) else None


#: A stratified event's columns on the Ranking (their headings, each pair's cells).
_Extra = tuple[tuple[str, ...], dict[str, tuple[str, ...]]]
_NO_EXTRA: _Extra = ((), {})


def _strata_columns(result: EventResult) -> _Extra:
    """A stratified event's Strat column and each stratum's places (none when not)."""
    found = event_strata(result)
    return _NO_EXTRA if found is None else strata_columns(result, found)


def _ranking_header(
    ws: Worksheet,
    row: int,
    matchpoints: bool,
    awards: dict[str, str] | None = None,
    extra: _Extra = _NO_EXTRA,
) -> None:
    header_row(ws, L.RANKING_COLUMNS, row)
    if not matchpoints:
        for letter, text in zip("FGH", ("IMPs", "Per board", "Ranked on"), strict=True):
            ws[f"{letter}{row}"] = text
        for letter in "GH":  # wide enough for their headings, printed bold
            ws.column_dimensions[letter].width = 11
    if awards is not None:
        header_row(ws, (L.RANKING_AWARDS_COLUMN,), row)
    first = 9 + (awards is not None)
    columns = tuple(
        Column(get_column_letter(first + i), text, 9) for i, text in enumerate(extra[0])
    )
    if columns:
        header_row(ws, columns, row)


def _provisional_note(ws: Worksheet, result: EventResult, bulk: BulkRows | None) -> None:
    """Below the ranking: the results are provisional, and what is still to come."""
    # two rows below the last: a merged field's rows past row 2 are written in bulk later
    row = (len(result.pairs) + 1 if bulk is not None else ws.max_row) + 2
    text = f"PROVISIONAL: {result.event.provisional}; not the final results"
    if bulk is not None and row > 3:  # a merged field: the rows below row 2 are written in bulk
        bulk.add(ws, row, (text,))
        return
    ws.cell(row, 1, text).font = WARN_BOLD
    ws.print_area = f"A1:H{row}"


def _ranking_row(
    ws: Worksheet,
    row: int,
    pair: PairResult,
    matchpoints: bool,
    result: EventResult,
    awards: dict[str, str] | None = None,
    extra: _Extra = _NO_EXTRA,
) -> None:
    values = _ranking_values(pair, matchpoints, result, awards, extra)
    for column, value in enumerate(values, start=1):
        cell = ws.cell(row, column, value)
        cell.border = THIN
        if 6 <= column <= 8:
            # Max is whole (252, not 252.00); a score or percentage to two decimals even when
            # whole (177.00 under 179.46, as the terminal and the web page show it)
            cell.number_format = "0" if matchpoints and column == 7 else "0.00"
        if column == 1:
            cell.fill = COMPUTED_FILL


def _ranking_values(
    pair: PairResult,
    matchpoints: bool,
    result: EventResult,
    awards: dict[str, str] | None = None,
    extra: _Extra = _NO_EXTRA,
) -> tuple[object, ...]:
    third = pair.percentage if matchpoints else pair.score
    second = pair.maximum if matchpoints else pair.average
    award = () if awards is None else (awards.get(pair.pair.label) or None,)
    return (
        pair.rank or None,
        label_cell(pair.pair.label),
        pair.pair.names,
        pair.field or "all",
        len(pair.boards),
        _number(result.ranking_total(pair)),
        _number(second),
        _number(third),
        *award,
        *(cell or None for cell in extra[1].get(pair.pair.label, ("",) * len(extra[0]))),
    )


# --- big sheets: rows written straight into the saved file -----------------------------------


class BulkRows:
    """Rows to write straight into sheets' XML once openpyxl has saved the workbook.

    openpyxl makes a cell object per cell and writes each through ElementTree
    (some 25 us a cell: a minute for a merged field's two million cells).
    Rows added here are rendered at once as openpyxl would write them (inline
    strings, ``%.16g`` numbers, a leading ``=`` a formula, an error code an
    error, each column styled as in a row written by openpyxl) and spliced
    into the saved file by :func:`save_workbook`.  They must follow every row
    openpyxl writes in their sheet.
    """

    def __init__(self) -> None:
        self.sheets: dict[str, _Rows] = {}

    def add(
        self, ws: Worksheet, row: int, values: Sequence[object], like: int | None = None
    ) -> None:
        """Add sheet row ``row`` of ``ws`` (``values`` from column A).

        Its cells are styled like those of row ``like`` (already written by
        openpyxl), or not at all; the first row added to a sheet decides.
        """
        rows = self.sheets.get(ws.title)
        if rows is None:
            styles = _styles(ws, like, len(values)) if like is not None else []
            rows = self.sheets[ws.title] = _Rows(row, styles)
        rows.add(row, values)


class _Rows:
    def __init__(self, first: int, styles: Sequence[int]) -> None:
        self.first, self.last, self.width = first, first - 1, 0
        self.styles = [f' s="{style}"' if style else "" for style in styles]
        self.prefixes = [f'<c r="{_letter(column)}' for column in range(1, len(styles) + 1)]
        #: per column, each value's cell XML after its row number: values repeat.  Keyed by
        #: the value (an int and the equal float render alike), a bool by (bool, value).
        self.rendered: list[dict[object, str]] = [{} for _ in styles]
        self.xml: list[str] = []

    def add(self, row: int, values: Sequence[object]) -> None:
        if row <= self.last:
            raise ValueError(f"bulk row {row} after row {self.last}")
        while len(self.prefixes) < len(values):
            self.styles.append("")
            self.prefixes.append(f'<c r="{_letter(len(self.prefixes) + 1)}')
            self.rendered.append({})
        number = str(row)
        parts = [f'<row r="{number}">']
        for value, prefix, rendered, style in zip(
            values, self.prefixes, self.rendered, self.styles, strict=False
        ):
            key = value if value.__class__ is not bool else (bool, value)
            rest = rendered.get(key)
            if rest is None:
                cell = _cell(value, style)
                rest = rendered[key] = f'"{cell}' if cell else ""
            if rest:
                parts += (prefix, number, rest)
        parts.append("</row>")
        self.xml.append("".join(parts))
        self.last = row
        if len(values) > self.width:
            self.width = len(values)


def _styles(ws: Worksheet, row: int, width: int) -> list[int]:
    """The style of each cell of sheet row ``row`` (0: none), as openpyxl writes it."""
    styles = []
    for column in range(1, width + 1):
        cell = ws._cells.get((row, column))
        styles.append(cell.style_id if cell is not None and cell.has_style else 0)
    return styles


_LETTERS: dict[int, str] = {}


def _letter(column: int) -> str:
    letter = _LETTERS.get(column)
    if letter is None:
        letter = _LETTERS[column] = get_column_letter(column)
    return letter


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _cell(value: object, style: str) -> str:
    """A cell's XML after ``<c r="A1"``, as openpyxl writes it; "" for no cell."""
    if value is None:
        return f'{style} t="n" />' if style else ""
    if isinstance(value, bool):
        return f'{style} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int | float):
        return f'{style} t="n"><v>{value:.16g}</v></c>'
    if not isinstance(value, str):
        raise TypeError(f"cannot write {value!r} in bulk")
    value = value[:32767]
    if ILLEGAL_CHARACTERS_RE.search(value):
        raise IllegalCharacterError(f"{value} cannot be used in worksheets.")
    if value == "":
        return f'{style} t="inlineStr" />'
    if value in ERROR_CODES:
        return f'{style} t="e"><v>{_escape(value)}</v></c>'
    stripped = value.strip()
    space = ' xml:space="preserve"' if stripped and stripped != value else ""
    return f'{style} t="inlineStr"><is><t{space}>{_escape(value)}</t></is></c>'


_DIMENSION = re.compile(rb'<dimension ref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?" />')


def save_workbook(wb: Workbook, target: str | os.PathLike[str], bulk: BulkRows) -> None:
    """Save ``wb`` to ``target`` with the rows of ``bulk`` added to their sheets."""
    for title, rows in bulk.sheets.items():
        if wb[title].max_row >= rows.first:
            raise ValueError(
                f"{title}: bulk rows from {rows.first} overlap row {wb[title].max_row}"
            )
    save(wb, target)
    if not bulk.sheets:
        return
    path = Path(target)
    saved = path.read_bytes()
    with (
        zipfile.ZipFile(io.BytesIO(saved)) as source,
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as out,
    ):
        parts = {part: title for title, part in sheet_parts(source).items()}
        for info in source.infolist():
            bulk_rows = bulk.sheets.get(parts.get(info.filename, ""))
            if bulk_rows is None:
                out.writestr(info, source.read(info))
                continue
            head, tail = _split_sheet(source.read(info), bulk_rows)
            # By name, the part gets the archive's compression: level 1 (3x faster, 25% larger).
            with out.open(info.filename, "w", force_zip64=True) as xml:
                xml.write(head)
                for start in range(0, len(bulk_rows.xml), 4096):
                    xml.write("".join(bulk_rows.xml[start : start + 4096]).encode())
                xml.write(tail)


def _split_sheet(xml: bytes, rows: _Rows) -> tuple[bytes, bytes]:
    """The sheet's XML before and after where the bulk rows go, its dimension widened to them."""
    match = _DIMENSION.search(xml)
    if match:
        first_col, first_row, last_col, last_row = match.groups()
        end_col = max(column_index_from_string((last_col or first_col).decode()), rows.width)
        end_row = max(int(last_row or first_row), rows.last)
        ref = f"{first_col.decode()}{first_row.decode()}:{_letter(end_col)}{end_row}"
        xml = xml[: match.start()] + f'<dimension ref="{ref}" />'.encode() + xml[match.end() :]
    if b"<sheetData />" in xml:
        head, tail = xml.split(b"<sheetData />", 1)
        return head + b"<sheetData>", b"</sheetData>" + tail
    head, tail = xml.split(b"</sheetData>", 1)
    return head, b"</sheetData>" + tail
