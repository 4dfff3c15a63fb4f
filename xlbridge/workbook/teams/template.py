"""The teams workbook: Settings, Teams, Matches, Travellers (both rooms on a row), Rulings, etc.

:func:`build_teams_workbook` lays it out for ``xlbridge new --teams``; :func:`add_round`
writes one round's matches and their traveller rows (``new`` for the first round of a
Swiss or every round of a round robin, ``draw`` for each later Swiss round).

A traveller row is one board of one match: the open room (home team North-South)
and the closed room (away team North-South), each with contract, declarer, result
and NS score, then the home and away IMPs.  The IMP cells hold ``MATCH_IMPS``
formulas, which Excel evaluates with the xlwings add-in; ``xlbridge score`` fills
them with values in the results workbook.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scales import VP_SCALES as SCALES
from xlbridge.teams import BYE_VPS, Match
from xlbridge.workbook.shared.addin import guarded, notice_formula
from xlbridge.workbook.shared.style import (
    COMPUTED_FILL,
    TITLE_FONT,
    WARN_FONT,
    Column,
    fix_properties,
    header_row,
)
from xlbridge.workbook.shared.written import keep_formulas

__all__ = [
    "FORMATS",
    "MATCHES",
    "NOTICE_CELLS",
    "OWN_TABLE",
    "PENALTIES",
    "RULINGS",
    "SETTINGS",
    "TEAMS",
    "TEAMS_SHEETS",
    "TRAVELLERS",
    "VP_SCALES",
    "VP_TABLE",
    "VP_TABLE_COLUMNS",
    "TeamsLayout",
    "add_round",
    "build_teams_workbook",
    "round_boards",
]

HOW_TO = "How to use"
SETTINGS = "Settings"
TEAMS = "Teams"
MATCHES = "Matches"
TRAVELLERS = "Travellers"
RULINGS = "Rulings"
PENALTIES = "Penalties"
#: A club's own VP table, read when Settings' VP scale says ``OWN_TABLE`` (added by the club).
VP_TABLE = "VP table"
OWN_TABLE = "own table"
#: The sheets that make a workbook a teams workbook.
TEAMS_SHEETS = (TEAMS, MATCHES, TRAVELLERS)

FORMATS = ("swiss", "round-robin")
#: The VP scales a teams workbook may name in Settings.
VP_SCALES = tuple(SCALES)
#: Rows of the Rulings sheet the MATCH_IMPS formulas read.
RULINGS_ROWS = 200
PLAYERS = 4

SETTING_LABELS = {
    "event": "Event name",
    "date": "Date",
    "format": "Format",
    "teams": "Teams",
    "boards": "Boards per match",
    "rounds": "Rounds",
    "vp_scale": "VP scale",
    "bye_vps": "VPs for a bye",
}
SETTING_NOTES = {
    "format": "swiss (xlbridge draw writes each next round) or round-robin (all rounds drawn)",
    "boards": (
        "Every match of a round plays the same boards: round 1 boards 1-B, round 2 the next B"
    ),
    "vp_scale": (
        "WBF 20-VP continuous (two decimals, the two teams summing to 20), "
        "WBF 20-VP discrete (5 to 16, 20, 24, 28, 32, 40, 48, 56 or 64 boards), "
        "ACBL 20-VP (6 to 36 boards) or ACBL 30-VP (6 to 11 boards): whole VPs; "
        "or own table: the club's table on a sheet named VP table (IMP margin from, "
        "Winner's VPs, Loser's VPs)"
    ),
    "bye_vps": "The VPs a team scores for a bye round (a condition of contest: 12 by default)",
}

TEAM_COLUMNS = (
    Column("A", "Team", 7),
    Column("B", "Name", 24),
    *(
        column
        for i in range(1, PLAYERS + 1)
        for column in (
            Column(chr(ord("C") + 2 * (i - 1)), f"Player {i}", 20),
            Column(chr(ord("D") + 2 * (i - 1)), f"Number {i}", 11),
        )
    ),
    Column("K", "Withdrawn after round", 12),
)
MATCH_COLUMNS = (
    Column("A", "Round", 7),
    Column("B", "Table", 7),
    Column("C", "Home", 7),
    Column("D", "Away", 7),
    Column("E", "Boards", 9),
    Column("F", "Home IMPs", 11),
    Column("G", "Away IMPs", 11),
    Column("H", "Home VPs", 10),
    Column("I", "Away VPs", 10),
)
TRAVELLER_COLUMNS = (
    Column("A", "Round", 7),
    Column("B", "Table", 7),
    Column("C", "Board", 7),
    Column("D", "Home", 7),
    Column("E", "Away", 7),
    Column("F", "Open contract", 14),
    Column("G", "Open declarer", 14),
    Column("H", "Open result", 12),
    Column("I", "Open NS score", 16),
    Column("J", "Closed contract", 15),
    Column("K", "Closed declarer", 15),
    Column("L", "Closed result", 13),
    Column("M", "Closed NS score", 16),
    Column("N", "Home IMPs", 11),
    Column("O", "Away IMPs", 11),
)
RULING_COLUMNS = (
    Column("A", "ID", 8),
    Column("B", "Side", 8),
    Column("C", "Score", 10),
    Column("D", "Weight", 10),
    Column("E", "Note", 40),
)
PENALTY_COLUMNS = (
    Column("A", "Round", 7),
    Column("B", "Team", 7),
    Column("C", "IMPs", 8),
    Column("D", "VPs", 8),
    Column("E", "Reason", 50),
)

VP_TABLE_COLUMNS = (
    Column("A", "IMP margin from", 10),
    Column("B", "Winner's VPs", 10),
    Column("C", "Loser's VPs", 10),
)

_RULINGS_RANGE = f"{RULINGS}!$A$1:$E${RULINGS_ROWS}"

#: The cell of each sheet with add-in formulas that says, in one line, when the add-in is
#: missing (``workbook/shared/addin.py``): in the header row, one column right of the
#: sheet's own.
NOTICE_CELLS = {MATCHES: "K1", TRAVELLERS: "Q1"}
#: The cheap call of an xlbridge function that tells whether the add-in is there (10 VPs).
ADDIN_PROBE = "VICTORY_POINTS(0,8)"

HOW_TO_TEXT = (
    "How to use this workbook (xlbridge teams)",
    "",
    "1. Teams: one row per team: number, name, players and their national numbers.",
    "2. Matches: each round's matches (home team, away team, boards).  A Swiss draws",
    "   the next round from the standings: xlbridge draw NIGHT.xlsx --round 2",
    "3. Travellers: one row per board of each match, both rooms on the row.  The home",
    "   team sits North-South in the open room, the away team in the closed room.",
    "   Type contract, declarer and result, or the NS score itself, for each room.",
    "   A score may also be NP, A+/A- (NS/EW), A=, a weighted score '60% 420; 40% -50',",
    "   a split score 'NS: 680 | EW: 1430', or a ruling ID (R1) from the Rulings sheet.",
    "   A weighted score is weighted in IMPs and rounded to whole IMPs; A+ is +3 IMPs.",
    "4. Penalties: round, team, and IMPs (taken from that match) or VPs (from the total).",
    "5. Score without Excel: xlbridge score NIGHT.xlsx --html NIGHT.html",
    "   Opened in LibreOffice, or in Excel without the xlwings add-in, the IMPs and VPs",
    "   stay blank and one red line at the top of Matches and Travellers says so.",
)


@dataclass(frozen=True)
class TeamsLayout:
    """What ``xlbridge new --teams`` asks for."""

    teams: int
    boards: int
    rounds: int
    format: str = "swiss"
    event: str = ""
    date: dt.date | None = None


def round_boards(round_number: int, boards: int) -> tuple[int, ...]:
    """The boards of a round: round 1 plays 1..B, round 2 B+1..2B, ..."""
    first = (round_number - 1) * boards + 1
    return tuple(range(first, first + boards))


def build_teams_workbook(layout: TeamsLayout) -> Workbook:
    """A fresh teams workbook for ``layout`` (no matches yet: see :func:`add_round`)."""
    wb = Workbook()
    wb.remove(wb.active)
    _how_to(wb.create_sheet(HOW_TO))
    _settings(wb.create_sheet(SETTINGS), layout)
    _teams(wb.create_sheet(TEAMS), layout.teams)
    header_row(ws := wb.create_sheet(MATCHES), MATCH_COLUMNS)
    ws.print_title_rows = "1:1"
    header_row(wb.create_sheet(TRAVELLERS), TRAVELLER_COLUMNS)
    for title, ref in NOTICE_CELLS.items():
        cell = wb[title][ref]
        cell.value, cell.font = notice_formula(ADDIN_PROBE), WARN_FONT
    header_row(wb.create_sheet(RULINGS), RULING_COLUMNS)
    header_row(wb.create_sheet(PENALTIES), PENALTY_COLUMNS)
    wb.active = 0
    fix_properties(wb)
    return wb


def add_round(wb: Workbook, matches: Sequence[Match]) -> None:
    """Append ``matches`` (one round) to Matches, and their boards to Travellers."""
    ws, tr = wb[MATCHES], wb[TRAVELLERS]
    for match in matches:
        row = _next_row(ws)
        first_board = match.boards[0] if match.boards else None
        values: tuple[object, ...] = (
            match.round,
            match.table,
            match.home,
            "BYE" if match.away is None else match.away,
            "" if first_board is None else f"{first_board}-{match.boards[-1]}",
        )
        for column, value in enumerate(values, start=1):
            ws.cell(row, column, value if value != "" else None)
        if match.away is None:
            continue
        _match_formulas(ws, row)
        for board in match.boards:
            _traveller_row(tr, _next_row(tr), match, board)
    # the matches' columns, not the add-in notice right of them
    ws.print_area = f"A1:{MATCH_COLUMNS[-1].letter}{_next_row(ws) - 1}"
    tr.print_area = f"A1:{TRAVELLER_COLUMNS[-1].letter}{max(_next_row(tr) - 1, 1)}"
    keep_formulas(wb, (MATCHES, TRAVELLERS))  # numbers and the template's formulas only


def _next_row(ws: Worksheet) -> int:
    row: int = ws.max_row
    while row > 1 and all(ws.cell(row, c).value in (None, "") for c in range(1, 6)):
        row -= 1
    return row + 1


def _match_formulas(ws: Worksheet, row: int) -> None:
    t = f"{TRAVELLERS}!"
    rows = f"{t}$A$2:$A$5000,$A{row},{t}$D$2:$D$5000,$C{row}"
    # IMPs won: the boards where the team's IMPs are positive; VPs from the margin.
    notice = _absolute(NOTICE_CELLS[MATCHES])
    for letter, imps in (("F", "N"), ("G", "O")):
        won = f'SUMIFS({t}${imps}$2:${imps}$5000,{rows},{t}${imps}$2:${imps}$5000,">0")'
        ws[f"{letter}{row}"] = f"={guarded(notice, won)}"
    boards = f"COUNTIFS({rows})"
    scale = f"{SETTINGS}!$B${2 + list(SETTING_LABELS).index('vp_scale')}"  # the chosen VP scale
    ws[f"H{row}"] = f"={guarded(notice, f'VICTORY_POINTS(F{row}-G{row},{boards},{scale})')}"
    ws[f"I{row}"] = f"={guarded(notice, f'VICTORY_POINTS(G{row}-F{row},{boards},{scale})')}"
    for letter in "FGHI":
        ws[f"{letter}{row}"].fill = COMPUTED_FILL
        ws[f"{letter}{row}"].number_format = "0.00" if letter in "HI" else "0.##"


def _traveller_row(ws: Worksheet, row: int, match: Match, board: int) -> None:
    for column, value in enumerate(
        (match.round, match.table, board, match.home, match.away), start=1
    ):
        ws.cell(row, column, value)
    imps = f"MATCH_IMPS(I{row},M{row},{_RULINGS_RANGE})"
    notice = _absolute(NOTICE_CELLS[TRAVELLERS])
    for column, letter in ((1, "N"), (2, "O")):
        won = guarded(notice, f"INDEX({imps},1,{column})")
        ws[f"{letter}{row}"] = ArrayFormula(
            f"{letter}{row}", f'=IF(OR(I{row}="",M{row}=""),"",{won})'
        )
        ws[f"{letter}{row}"].fill = COMPUTED_FILL
        ws[f"{letter}{row}"].number_format = "0.##"


def _absolute(ref: str) -> str:
    """``K1`` as ``$K$1``."""
    return f"${ref[0]}${ref[1:]}"


def _how_to(ws: Worksheet) -> None:
    for row, line in enumerate(HOW_TO_TEXT, start=1):
        ws.cell(row, 1, line or None)
    ws["A1"].font = TITLE_FONT
    ws.column_dimensions["A"].width = 100


def _settings(ws: Worksheet, layout: TeamsLayout) -> None:
    header_row(ws, (Column("A", "Setting", 22), Column("B", "Value", 24), Column("C", "Notes", 80)))
    values: dict[str, object] = {
        "event": layout.event or None,
        "date": layout.date,
        "format": layout.format,
        "teams": layout.teams,
        "boards": layout.boards,
        "rounds": layout.rounds,
        "vp_scale": VP_SCALES[0],
        "bye_vps": int(BYE_VPS),
    }
    for row, (key, label) in enumerate(SETTING_LABELS.items(), start=2):
        ws.cell(row, 1, label).font = Font(bold=True)
        cell = ws.cell(row, 2, values[key])
        if key == "date":
            cell.number_format = "yyyy-mm-dd"
        ws.cell(row, 3, SETTING_NOTES.get(key))
    choices = (("format", FORMATS), ("vp_scale", (*VP_SCALES, OWN_TABLE)))
    for key, options in choices:
        row = 2 + list(SETTING_LABELS).index(key)
        rule = DataValidation(type="list", formula1='"' + ",".join(options) + '"')
        rule.add(f"B{row}")
        ws.add_data_validation(rule)


def _teams(ws: Worksheet, count: int) -> None:
    header_row(ws, TEAM_COLUMNS)
    for number in range(1, count + 1):
        ws.cell(number + 1, 1, number)
        ws.cell(number + 1, 2, f"Team {number}")
