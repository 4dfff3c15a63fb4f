"""The individual workbook, laid out from the club-pairs template.

``xlbridge new NIGHT.xlsx --individual --tables N`` writes the pairs
template's Settings, Rulings and Adjustments sheets (the same rows, read by the
same code), a Players sheet in place of Pairs (each player's number, name and
national number) and a Travellers sheet with one row for every board at every
table, its Board, Round, Table and the four players (North, South, East, West)
pre-filled from the movement, then the Contract, By, Result and NS score a
pairs traveller has.  A Table cards sheet holds one card a page for each table: round by round, the
boards and the player who sits North, South, East and West.  The pairs
template's result sheets are left out: ``xlbridge
score`` writes the results workbook.
"""

from __future__ import annotations

from datetime import date

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.individual import IndividualMovement
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.printing import format_day
from xlbridge.workbook.pairs.template import build_template
from xlbridge.workbook.shared.pages import print_setup
from xlbridge.workbook.shared.style import HEADER_FILL, HEADER_FONT, TITLE_FONT, Column, header_row

__all__ = [
    "ADJUSTMENT_COLUMNS",
    "CARD_HEADERS",
    "PLAYERS",
    "PLAYER_COLUMNS",
    "TRAVELLER_COLUMNS",
    "individual_workbook",
]

PLAYERS = "Players"

PLAYER_COLUMNS = (
    Column("A", "Player", 8, "The player's number, as the travellers name it"),
    Column("B", "Name", 30, "The player's name"),
    Column("C", "ID", 12, "The player's national (federation) number, or 'guest'"),
)

_SEATS = (("D", "North"), ("E", "South"), ("F", "East"), ("G", "West"))

TRAVELLER_COLUMNS = (
    Column("A", "Board", 7, "The board number", "0"),
    Column("B", "Round", 7, "The round (filled by xlbridge new --individual)", "0"),
    Column("C", "Table", 7, "The table (filled by xlbridge new --individual)", "0"),
    *(Column(letter, seat, 7, f"The {seat} player's number") for letter, seat in _SEATS),
    *(
        Column(letter, column.header, column.width, column.help, column.number_format)
        for letter, column in zip("HIJK", L.TRAVELLER_COLUMNS[3:7], strict=True)
    ),
)

ADJUSTMENT_COLUMNS = (
    Column(
        "A", "Player", 8, "The player penalised (negative amount) or awarded (positive)", "General"
    ),
    *L.ADJUSTMENT_COLUMNS[1:],
)

HOW_TO_TEXT = (
    "How to use this workbook (xlbridge individual)",
    "",
    "1. Settings: the event name and date; tables and boards are the movement's.",
    "2. Players: each player's name beside the number the travellers give it.",
    "3. Travellers: one row per table per board, the four players already filled in",
    "   from the movement.  Type the contract, declarer and result and leave 'NS score'",
    "   blank: the score is computed.  Or type the NS score itself (NP, A+/A-, A=,",
    "   a weighted score or a ruling ID, as on a pairs night).",
    "4. Rulings and Adjustments as on a pairs night; an adjustment names a player.",
    "   Table cards: print it and put each table's card on its table (one a page).",
    "5. Score it:  xlbridge score NIGHT.xlsx  (writes NIGHT-results.xlsx).",
    "",
    "Each player gets the score of the partnership it sat in on each board, and the",
    "players are ranked in one field.  Rows left blank are results to come.",
)


def individual_workbook(
    movement: IndividualMovement, event: str = "", day: date | None = None
) -> Workbook:
    """The individual workbook for ``movement``: players numbered, travellers pre-filled."""
    wb = build_template(results=False)
    for name in (L.PAIRS, L.TRAVELLERS, L.ADJUSTMENTS, L.BOARD_RESULTS, L.FREQUENCIES, L.RANKING):
        del wb[name]
    how_to = wb[L.HOW_TO]
    how_to.delete_rows(1, how_to.max_row)
    for row, line in enumerate(HOW_TO_TEXT, start=1):
        how_to.cell(row, 1, line or None)
    how_to["A1"].font = TITLE_FONT
    how_to.print_area = f"A1:A{len(HOW_TO_TEXT)}"
    settings = wb[L.SETTINGS]
    for name, value in (
        ("EventName", event or "Club individual"),
        ("EventDate", day),
        ("Movement", movement.name),
        ("Tables", movement.tables),
        ("Boards", movement.boards),
        ("Ranking", "one field"),
    ):
        settings[f"B{L.setting_row(name)}"] = value
    settings[f"B{L.setting_row('EventDate')}"].number_format = "dd/mm/yyyy"
    # the pairs template's computed Expected and Top rows read its Frequencies sheet, left
    # out here: their formulas would be errors in every spreadsheet, with or without the
    # add-in (xlbridge score computes both)
    settings.delete_rows(L.EXPECTED_USED_ROW, 2)
    settings.print_area = f"A1:C{L.EXPECTED_USED_ROW - 1}"
    _players(wb.create_sheet(PLAYERS, 2), movement)
    _travellers(wb.create_sheet(L.TRAVELLERS, 3), movement)
    adjustments = wb.create_sheet(L.ADJUSTMENTS)
    header_row(adjustments, ADJUSTMENT_COLUMNS)
    name = event or "Club individual"
    when = f", {format_day(day)}" if day else ""
    title = (
        f"{name}{when}: {movement.name}, {movement.tables} tables, "
        f"{movement.rounds} rounds of {movement.per_round} boards"
    )
    cards = wb.create_sheet(L.TABLE_CARDS)
    _table_cards(cards, movement, title)
    print_setup(cards, name, day)
    wb.active = 0
    return wb


def _players(ws: Worksheet, movement: IndividualMovement) -> None:
    header_row(ws, PLAYER_COLUMNS)
    for row, player in enumerate(movement.players, start=2):
        ws.cell(row, 1, int(player.number))
    ws.print_area = f"A1:C{len(movement.players) + 1}"


def _travellers(ws: Worksheet, movement: IndividualMovement) -> None:
    header_row(ws, TRAVELLER_COLUMNS)
    row = 1
    for row, (board, rnd, table, seat) in enumerate(movement.traveller_rows(), start=2):
        values = (board, rnd, table, *(int(p.number) for p in seat.players))
        for column, value in enumerate(values, start=1):
            ws.cell(row, column, value)
    ws.print_area = f"A1:K{row}"


#: The headers of each table card's rounds.
CARD_HEADERS = ("Round", "Boards", "North", "South", "East", "West")


def _table_cards(ws: Worksheet, movement: IndividualMovement, title: str) -> None:
    """One card per table, each on its own page: the round, the boards, the four players
    (as the pairs movement's table cards)."""
    for letter, width in zip("ABCDEF", (10, 12, 11, 11, 11, 11), strict=True):
        ws.column_dimensions[letter].width = width
    big, line = Font(bold=True, size=20), Font(size=14)
    row = 1
    for table in range(1, movement.tables + 1):
        ws.cell(row, 1, f"Table {table}").font = big
        ws.cell(row + 1, 1, title)
        for column, header in enumerate(CARD_HEADERS, start=1):
            cell = ws.cell(row + 3, column, header)
            cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        row += 4
        for seat in (s for s in movement.seats if s.table == table):
            boards = seat.boards
            span = str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"
            values = (seat.round, span, *(int(p.number) for p in seat.players))
            for column, value in enumerate(values, start=1):
                cell = ws.cell(row, column, value)
                cell.font, cell.alignment = line, Alignment(horizontal="center")
            row += 1
        ws.row_breaks.append(Break(id=row))
        row += 1
    ws.print_area = f"A1:F{row - 2}"
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
