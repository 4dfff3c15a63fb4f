"""Write the results of a club night into a new workbook, as values.

The output is the input workbook with its result sheets (Board results,
Frequencies, Ranking) rebuilt as values, the traveller's "Score used"
column and the Settings' computed cells filled in, so that it opens with
the right numbers anywhere (LibreOffice, Excel without the add-in, a phone).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.board import FrequencyLine
from xlbridge.contract import board_dealer, board_vulnerability
from xlbridge.result import format_result
from xlbridge.session import BoardResult, EventResult, PairResult
from xlbridge.workbook import layout as L
from xlbridge.workbook.reader import source_row
from xlbridge.workbook.template import (
    BOLD,
    COMPUTED_FILL,
    HEADER_FILL,
    HEADER_FONT,
    header_row,
)

__all__ = ["fill_results", "write_results"]


def _number(value: Fraction | int | None) -> float | int | None:
    if value is None:
        return None
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def write_results(source: str | os.PathLike[str], result: EventResult, target: Path) -> None:
    """Write ``source`` with every result sheet filled from ``result`` to ``target``."""
    wb = load_workbook(Path(source))
    fill_results(wb, result)
    wb.save(target)


def fill_results(wb: Workbook, result: EventResult) -> None:
    """Replace the formulas of the result sheets of ``wb`` by the values of ``result``."""
    _settings(wb[L.SETTINGS], result)
    _travellers(wb[L.TRAVELLERS], result)
    for title, fill in (
        (L.BOARD_RESULTS, _board_results),
        (L.FREQUENCIES, _frequencies),
        (L.RANKING, _ranking),
    ):
        index = wb.sheetnames.index(title) if title in wb.sheetnames else len(wb.sheetnames)
        if title in wb.sheetnames:
            wb.remove(wb[title])
        ws = wb.create_sheet(title, index)
        fill(ws, result)


def _settings(ws: Worksheet, result: EventResult) -> None:
    ws.cell(L.EXPECTED_USED_ROW, 2, result.expected)
    ws.cell(L.EXPECTED_USED_ROW + 1, 2, result.top)


def _travellers(ws: Worksheet, result: EventResult) -> None:
    used: dict[int, object] = {}
    for board in result.boards:
        for scored in board.plays:
            text = format_result(scored.play.result)
            number = text.lstrip("-").isdigit()
            used[source_row(scored.play.source)] = int(text) if number else text
    for row in range(2, L.last_row(L.MAX_ROWS) + 1):
        ws.cell(row, 9, used.get(row))


def _board_results(ws: Worksheet, result: EventResult) -> None:
    header_row(ws, L.RESULT_COLUMNS)
    units = "MP" if result.top is not None else "IMPs"
    ws["G1"], ws["H1"] = f"NS {units}", f"EW {units}"
    rows = sorted(
        (scored for board in result.boards for scored in board.plays),
        key=lambda s: (s.play.board, s.play.version, source_row(s.play.source)),
    )
    for index, scored in enumerate(rows, start=2):
        play = scored.play
        contract = f"{play.contract}{_tricks(play.tricks)}" if play.contract else ""
        values = (
            play.board,
            _number_label(play.ns),
            _number_label(play.ew),
            contract,
            play.declarer,
            format_result(play.result),
            _number(scored.ns_score),
            _number(scored.ew_score),
        )
        for column, value in enumerate(values, start=1):
            cell = ws.cell(index, column, value if value != "" else None)
            if column >= 7:
                cell.number_format = "0.0#"
    ws.print_area = f"A1:H{max(2, len(rows) + 1)}"


def _tricks(text: str) -> str:
    if not text:
        return ""
    if text in {"=", "0", "0.0"}:
        return "="
    try:
        number = int(float(text))
    except ValueError:
        return text
    return "=" if number == 0 else f"{number:+d}"


def _number_label(label: str) -> int | str:
    return int(label) if label.isdigit() else label


def _frequencies(ws: Worksheet, result: EventResult) -> None:
    for letter, width in {"A": 12, "B": 8, "C": 10, "D": 9, "E": 9, "F": 30}.items():
        ws.column_dimensions[letter].width = width
    row = 1
    for board in result.boards:
        row = _frequency_block(ws, row, board) + 1
    ws.print_area = f"A1:F{max(row, 2)}"


def _frequency_block(ws: Worksheet, row: int, board: BoardResult) -> int:
    """Write one board's table(s) from ``row``; return the next free row."""
    version = f" version {board.version}" if board.version else ""
    title = ws.cell(row, 1, f"Board {board.board}{version}")
    title.font = BOLD
    ws.cell(row, 2, board_vulnerability(board.board).value)
    ws.cell(row, 3, f"Dealer {board_dealer(board.board).value}")
    ws.cell(row, 4, f"{board.results} results")
    ws.cell(row, 5, f"expected {board.expected}")
    row += 1
    tables: list[tuple[str, Sequence[FrequencyLine]]] = [("", board.ns_lines)]
    if board.ew_lines != board.ns_lines:
        tables = [("NS pairs' table", board.ns_lines), ("EW pairs' table", board.ew_lines)]
    for caption, lines in tables:
        if caption:
            ws.cell(row, 1, caption).font = BOLD
            row += 1
        for column, text in enumerate(L.FREQUENCY_HEADERS, start=1):
            cell = ws.cell(row, column, text)
            cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        row += 1
        for line in lines:
            values = (line.score, line.freq, _number(line.adj_freq), _number(line.ns_mp))
            for column, value in enumerate((*values, _number(line.ew_mp)), start=1):
                cell = ws.cell(row, column, value)
                if column >= 3:
                    cell.number_format = "0.0##"
            row += 1
    return row


def _ranking(ws: Worksheet, result: EventResult) -> None:
    header_row(ws, L.RANKING_COLUMNS)
    if result.top is None:
        ws["F1"], ws["G1"], ws["H1"] = "IMPs", "Per board", "Ranked on"
    row = 2
    for pair in result.pairs:
        _ranking_row(ws, row, pair, result.top is not None)
        row += 1
    ws.print_area = f"A1:H{max(row - 1, 2)}"


def _ranking_row(ws: Worksheet, row: int, pair: PairResult, matchpoints: bool) -> None:
    third = pair.percentage if matchpoints else pair.score
    second = pair.maximum if matchpoints else pair.average
    values = (
        pair.rank or None,
        _number_label(pair.pair.label),
        pair.pair.names,
        pair.field or "all",
        len(pair.boards),
        _number(pair.total),
        _number(second),
        _number(third),
    )
    for column, value in enumerate(values, start=1):
        cell = ws.cell(row, column, value)
        if column >= 6:
            cell.number_format = "0.00"
        if column == 1:
            cell.fill = COMPUTED_FILL
