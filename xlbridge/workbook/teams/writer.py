"""Write a scored teams night: the input workbook with IMPs and VPs filled in, plus
Ranking, Scorecards (every match board by board) and Frequencies (each board's
results across the room) sheets."""

from __future__ import annotations

import math
import os
from datetime import date
from fractions import Fraction
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import InputFileError
from xlbridge.exact import round_half_away, whole_number
from xlbridge.inputs import check_merged_cells
from xlbridge.report import format_fixed
from xlbridge.result import Result, Row, Weighted, format_result
from xlbridge.teams import TIE_BREAK_RULE, MatchResult, TeamsResult
from xlbridge.workbook.shared.pages import break_between, print_setup
from xlbridge.workbook.shared.sheets import damage_message, is_opendocument, ods_workbook
from xlbridge.workbook.shared.style import (
    HEADER_FILL,
    HEADER_FONT,
    TITLE_FONT,
    WARN_BOLD,
    Column,
    fit_to_texts,
    header_row,
    mark_results,
)
from xlbridge.workbook.shared.written import keep_formulas, save
from xlbridge.workbook.teams.template import (
    HOW_TO,
    MATCHES,
    NOTICE_CELLS,
    PENALTIES,
    RULINGS,
    SETTINGS,
    TRAVELLERS,
)

__all__ = ["FREQUENCIES", "RANKING", "SCORECARDS", "write_teams_results"]

RANKING = "Ranking"
SCORECARDS = "Scorecards"
FREQUENCIES = "Frequencies"
BOLD = Font(bold=True)
CENTRE = Alignment(horizontal="center")
RIGHT = Alignment(horizontal="right")


def _room(row: Row) -> int | str:
    """A room's result as the scorer typed it: a plain score as a number."""
    if row is None:
        return ""
    side = row.ns if isinstance(row, Result) and not row.is_split else None
    if isinstance(side, Weighted) and not side.is_weighted:
        return side.components[0][0]
    return format_result(row)


def _number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return value.numerator if value.denominator == 1 else float(value)


def write_teams_results(
    source: str | os.PathLike[str],
    result: TeamsResult,
    target: Path,
    day: date | None = None,
) -> None:
    """The workbook at ``source`` with ``result`` written into it, saved to ``target``.

    It opens on the Ranking and prints as the pairs results do: the ranking first, then
    the score cards (each one page wide, never split across pages), then the frequency
    tables (never split), with the event and ``day`` at the top of each page and the page
    numbers at the foot; the template's How to use is left out.
    """
    if is_opendocument(source):  # an .ods: its values, in an .xlsx of their own
        wb = ods_workbook(source)
    else:
        check_merged_cells(source)
        try:
            with open(source, "rb") as file:  # closed even when openpyxl fails half way
                wb = keep_formulas(load_workbook(file))
        except Exception as exc:  # a part the entries do not need is damaged: name it
            raise InputFileError(damage_message(Path(source), exc)) from exc
    names = {t.number: t.name for t in result.event.teams}
    by_key = {(m.match.round, m.match.home): m for m in result.matches}
    _fill_travellers(wb[TRAVELLERS], by_key)
    _fill_matches(wb[MATCHES], by_key)
    for title, ref in NOTICE_CELLS.items():  # the figures are values: no add-in needed
        wb[title][ref] = None
    for title in (RANKING, SCORECARDS, FREQUENCIES):
        if title in wb.sheetnames:
            del wb[title]
    _ranking(wb.create_sheet(RANKING, 0), result)
    cards = _scorecards(wb.create_sheet(SCORECARDS, 1), result, names)
    blocks = _frequencies(wb.create_sheet(FREQUENCIES, 2), result)
    if HOW_TO in wb.sheetnames:
        wb.remove(wb[HOW_TO])
    for title in (RULINGS, PENALTIES):  # nothing typed: no page of headers alone
        if title in wb.sheetnames and not any(
            any(v is not None for v in row)
            for row in wb[title].iter_rows(min_row=2, values_only=True)
        ):
            wb.remove(wb[title])
    if SETTINGS in wb.sheetnames:  # what the event was scored with: last
        wb.move_sheet(SETTINGS, len(wb.sheetnames) - 1 - wb.sheetnames.index(SETTINGS))
    for ws in wb.worksheets:
        print_setup(ws, result.marked(result.event.name or "Teams"), day)
        ws.sheet_view.tabSelected = False
    for ws, starts in ((wb[SCORECARDS], cards), (wb[FREQUENCIES], blocks)):
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        break_between(ws, starts)
        ws.print_area = f"A1:E{max(ws.max_row, 1)}"
    wb.active = 0
    wb[RANKING].sheet_view.tabSelected = True
    mark_results(wb)
    save(wb, target)


def _key(ws: Worksheet, row: int, *columns: int) -> tuple[int, ...] | None:
    try:
        return tuple(whole_number(ws.cell(row, c).value) for c in columns)
    except (ValueError, TypeError):
        return None


def _fill_travellers(ws: Worksheet, by_key: dict[tuple[int, int], MatchResult]) -> None:
    for row in range(2, ws.max_row + 1):
        key = _key(ws, row, 1, 4, 3)
        if key is None or (key[0], key[1]) not in by_key:
            continue
        match = by_key[(key[0], key[1])]
        board = next((b for b in match.boards if b.board == key[2]), None)
        if board is None:
            continue
        ws.cell(row, 14).value = _number(board.home)
        ws.cell(row, 15).value = _number(board.away)


def _fill_matches(ws: Worksheet, by_key: dict[tuple[int, int], MatchResult]) -> None:
    for row in range(2, ws.max_row + 1):
        key = _key(ws, row, 1, 3)
        if key is None or key not in by_key:
            continue
        m = by_key[key]
        values = (
            (m.home_imps, m.away_imps, m.home_vps, m.away_vps)
            if m.match.away is not None
            else (None, None, m.home_vps, None)
        )
        for column, value in enumerate(values, start=6):
            cell = ws.cell(row, column)
            cell.value = _number(value)
            cell.number_format = "0.00" if column >= 8 else "0.##"


def _ranking(ws: Worksheet, result: TeamsResult) -> None:
    columns = (
        Column("A", "Rank", 7),
        Column("B", "Team", 7),
        Column("C", "Name", 26),
        Column("D", "Played", 8),
        Column("E", "IMPs won", 10),
        Column("F", "IMPs lost", 10),
        Column("G", "Quotient", 10),
        Column("H", "VP penalty", 10),
        Column("I", "VPs", 9),
        Column("J", "Tie decided by", 30),
    )
    header_row(ws, columns)
    for row, s in enumerate(result.standings, start=2):
        quotient = s.quotient
        values = (
            s.rank_text,
            s.team.number,
            s.team.name + (" (withdrawn)" if s.team.withdrawn_after is not None else ""),
            s.played,
            _number(s.imps_won),
            _number(s.imps_lost),
            None if quotient is None else float(round_half_away(quotient, Fraction(1, 1000))),
            _number(s.penalty_vps) or None,
            _number(s.vps),
            s.decided_by or None,
        )
        for column, value in enumerate(values, start=1):
            ws.cell(row, column, value)
        ws.cell(row, 9).number_format = "0.00"
    fit_to_texts(ws, columns[2], (str(ws.cell(row, 3).value) for row in range(2, ws.max_row + 1)))
    note = len(result.standings) + 3
    cell = ws.cell(note, 1, f"VPs on {result.event.settings.vp_scale.in_words}; {TIE_BREAK_RULE}.")
    cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(start_row=note, start_column=1, end_row=note, end_column=len(columns))
    ws.row_dimensions[note].height = 30
    if result.provisional:  # below the note: what is still to come
        note += 1
        text = f"PROVISIONAL: {result.provisional}; not the final results"
        ws.cell(note, 1, text).font = WARN_BOLD
    ws.print_area = f"A1:{columns[-1].letter}{note}"


def _scorecards(ws: Worksheet, result: TeamsResult, names: dict[int, str]) -> list[int]:
    """Each match's card; the first row of each (where a page may break)."""
    widths = {"A": 8, "B": 26, "C": 26, "D": 12, "E": 12}
    for letter, width in widths.items():
        ws.column_dimensions[letter].width = width
    row = 1
    starts: list[int] = []
    longest = 0
    for m in result.matches:
        starts.append(row)
        match = m.match
        if match.away is None:
            bye = f"Round {match.round}: bye for team {match.home} {names.get(match.home, '')}"
            ws.cell(row, 1, f"{bye}: {format_fixed(m.home_vps)} VPs").font = BOLD
            row += 2
            continue
        for line in _card_title(m, names):
            ws.cell(row, 1, line).font = TITLE_FONT
            longest = max(longest, len(line))
            row += 1
        for column, header in enumerate(
            ("Board", "Open room (NS score)", "Closed room (NS score)", "Home IMPs", "Away IMPs"),
            start=1,
        ):
            cell = ws.cell(row, column, header)
            cell.font = HEADER_FONT
            cell.fill = HEADER_FILL
        row += 1
        for b in m.boards:
            values = (
                b.board,
                _room(b.open_room),
                _room(b.closed_room),
                _number(b.home) if b.home is not None and b.home > 0 else None,
                _number(b.away) if b.away is not None and b.away > 0 else None,
            )
            for column, value in enumerate(values, start=1):
                ws.cell(row, column, value if value != "" else None)
            ws.cell(row, 1).alignment = CENTRE
            ws.cell(row, 2).alignment = ws.cell(row, 3).alignment = RIGHT
            row += 1
        ws.cell(row, 1, "IMPs").font = BOLD
        ws.cell(row, 4, _number(m.home_imps)).font = BOLD
        ws.cell(row, 5, _number(m.away_imps)).font = BOLD
        row += 1
        ws.cell(row, 1, "VPs").font = BOLD
        for column, vps in ((4, m.home_vps), (5, m.away_vps)):
            cell = ws.cell(row, column, _number(vps))
            cell.font = BOLD
            cell.number_format = "0.00"
        row += 2
    if longest > _TITLE_FITS:  # a title longer still: the card widened to it, page fitted
        extra = math.ceil((longest - _TITLE_FITS) * 1.2 / 2)
        for letter in ("B", "C"):
            ws.column_dimensions[letter].width = widths[letter] + extra
    return starts


#: The characters of a card's title (14 pt bold) that its five columns hold on the page.
_TITLE_FITS = 64


def _card_title(m: MatchResult, names: dict[int, str]) -> list[str]:
    """``Round 1, table 1: 1 Aces v 2 Blackwood`` on one line when it fits the card, else
    the away team on a second line (a long name ran off the printed page)."""
    match = m.match
    home = f"Round {match.round}, table {match.table}: {match.home} {names.get(match.home, '')}"
    away = f"v {match.away} {names.get(match.away or 0, '')}"
    title = f"{home} {away}"
    return [title] if len(title) <= _TITLE_FITS else [home, away]


def _frequencies(ws: Worksheet, result: TeamsResult) -> list[int]:
    """Each board's frequency table; the first row of each (where a page may break)."""
    ws.column_dimensions["A"].width = 8
    ws.column_dimensions["B"].width = 30
    ws.column_dimensions["C"].width = 8
    row = 1
    starts: list[int] = []
    for board, lines in result.frequencies().items():
        starts.append(row)
        ws.cell(row, 1, f"Board {board}").font = TITLE_FONT
        row += 1
        for column, header in enumerate(("", "NS score", "Tables"), start=1):
            cell = ws.cell(row, column, header or None)
            cell.font = HEADER_FONT
            cell.fill = HEADER_FILL
        row += 1
        for text, count in lines:
            ws.cell(row, 2, text)
            ws.cell(row, 3, count)
            row += 1
        row += 1
    return starts
