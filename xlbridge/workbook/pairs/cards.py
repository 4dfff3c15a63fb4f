"""A club-night workbook set up for its movement: what ``xlbridge new --movement`` writes.

:func:`movement_workbook` takes the template and fills in what the movement
decides before a card is played: the Settings (event, date, movement,
tables, boards), the Pairs sheet numbered as the movement numbers them (NS 1
to NS n and EW 1 to EW n in a Mitchell, 1 to 2T in a Howell), one Travellers
row per table per board with its Round and Table (the scorer types only the
results), a Movement sheet (the whole movement on one page) and Table cards
(one page per table: who sits there and which boards, round by round).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.direction import Direction
from xlbridge.movement import Movement, Seat
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.printing import format_day
from xlbridge.workbook.pairs.template import build_template
from xlbridge.workbook.shared.pages import print_setup
from xlbridge.workbook.shared.style import BOLD, HEADER_FILL, HEADER_FONT, TITLE_FONT

__all__ = ["guide", "movement_workbook"]


def movement_workbook(
    movement: Movement,
    event: str = "",
    day: date | None = None,
    build: Callable[[], Workbook] = build_template,
) -> Workbook:
    """The club-pairs template (``build()``; the macro-enabled one for ``.xlsm``) filled in
    for ``movement`` (see the module docstring)."""
    wb = build()
    settings = wb[L.SETTINGS]
    values = {
        "EventName": event or settings[f"B{L.setting_row('EventName')}"].value,
        "EventDate": day,
        "Movement": movement.name,
        "Tables": movement.tables,
        "Boards": movement.boards,
    }
    for name, value in values.items():
        settings[f"B{L.setting_row(name)}"] = value
    pairs = wb[L.PAIRS]
    for row, label in enumerate(movement.pairs, start=2):
        pairs.cell(row, 1, int(label.number))
        pairs.cell(row, 3, label.direction or None)
    travellers = wb[L.TRAVELLERS]
    for row, (rnd, table, board, ns, ew) in enumerate(movement.traveller_rows(), start=2):
        travellers.cell(row, 1, board)
        travellers.cell(row, 2, int(ns.number))
        travellers.cell(row, 3, int(ew.number))
        travellers.cell(row, 10, rnd)
        travellers.cell(row, 11, table)
    _fit_print_areas(wb, row_count=sum(1 for _ in movement.traveller_rows()), movement=movement)
    title = _title(movement, event, day)
    _movement_sheet(wb.create_sheet(L.MOVEMENT, 1), movement, title)
    _table_cards(wb.create_sheet(L.TABLE_CARDS, 2), movement, title)
    for ws in wb.worksheets:
        print_setup(ws, event or str(values["EventName"]), day)
    return wb


def _fit_print_areas(wb: Workbook, row_count: int, movement: Movement) -> None:
    """Print areas to the rows the night fills, not the template's thousand."""
    last = row_count + 1
    pairs = len(movement.pairs) + 1
    for title, columns, rows in (
        (L.PAIRS, L.PAIR_COLUMNS, pairs),
        (L.TRAVELLERS, L.TRAVELLER_COLUMNS, last),
        (L.BOARD_RESULTS, L.RESULT_COLUMNS, last),
        (L.RANKING, L.RANKING_COLUMNS, pairs),
    ):
        wb[title].print_area = f"A1:{columns[-1].letter}{rows}"
    wb[L.FREQUENCIES].print_area = f"A1:G{min(movement.boards, L.MAX_BOARDS) * L.FREQ_BLOCK}"


def _title(movement: Movement, event: str, day: date | None) -> str:
    when = f", {format_day(day)}" if day else ""
    return (
        f"{event or 'Club pairs'}{when}: {movement.name}, {movement.tables} tables, "
        f"{movement.rounds} rounds of {movement.boards_per_round} boards"
    )


def _span(boards: tuple[int, ...]) -> str:
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"


def _who(seat: Seat) -> str:
    if seat.sit_out:
        return f"{seat.ew or seat.ns} sits out"
    return f"{seat.ns} v {seat.ew}"


def guide(movement: Movement) -> list[str]:
    """How the players and boards move, in words, for the Movement sheet."""
    if not movement.mitchell and movement.sit_out:
        return [
            "In each round one table has only one pair: that pair sits out the round "
            "(the tables below show where).",
            "The pairs sit where the table below says, round by round; the boards move",
            "as the table above says.",
            "Every pair meets every other pair once, and sits out once.",
        ]
    if not movement.mitchell:
        return [
            f"Pair {1 if movement.tables == 3 else 2 * movement.tables} stays North-South at "
            "table 1 all evening.",
            "The other pairs sit where the table below says, round by round; the boards move",
            "as the table above says.",
            "Every pair meets every other pair once and plays every board once.",
        ]
    lines = [
        "NS pairs stay at their table all evening.",
        "After each round: EW pairs move up one table (from the last table to table 1),",
        "boards move down one table (from table 1 to the last table).",
    ]
    half = movement.tables // 2
    if movement.variant == "share-and-relay":
        lines += [
            f"Tables 1 and {movement.tables} share their boards each round;",
            f"a set of boards rests on a relay stand between tables {half} and {half + 1}.",
        ]
    elif movement.variant == "skip":
        lines.append(
            f"After round {half} the EW pairs skip a table (move up two); "
            f"{movement.rounds} rounds are played."
        )
    if movement.sit_out:
        lines.append(
            f"Table {movement.tables} has no NS pair: the EW pair arriving there sits out."
        )
    return lines


def _movement_sheet(ws: Worksheet, movement: Movement, title: str) -> None:
    ws["A1"] = title
    ws["A1"].font = TITLE_FONT
    for row, line in enumerate(guide(movement), start=2):
        ws.cell(row, 1, line)
    top = len(guide(movement)) + 3
    ws.cell(top, 1, "Round").font = HEADER_FONT
    ws.cell(top, 1).fill = HEADER_FILL
    ws.column_dimensions["A"].width = 8
    for table in range(1, movement.tables + 1):
        cell = ws.cell(top, table + 1, f"Table {table}")
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(horizontal="center")
        ws.column_dimensions[cell.column_letter].width = 15
    for seat in movement.seats:
        ws.cell(top + seat.round, 1, seat.round).font = BOLD
        text = _who(seat) + ("" if seat.sit_out else f"\nboards {_span(seat.boards)}")
        cell = ws.cell(top + seat.round, seat.table + 1, text)
        cell.alignment = Alignment(wrap_text=True, horizontal="center", vertical="center")
    for rnd in range(1, movement.rounds + 1):
        ws.row_dimensions[top + rnd].height = 30
    last_row = top + movement.rounds
    if not movement.mitchell:
        last_row = _itineraries(ws, movement, last_row + 2)
    width = max(movement.tables, movement.rounds if not movement.mitchell else 0) + 1
    ws.print_area = f"A1:{ws.cell(last_row, width).coordinate}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _itineraries(ws: Worksheet, movement: Movement, top: int) -> int:
    """Where each pair sits, round by round (a Howell's pairs move all over the room)."""
    ws.cell(top, 1, "Pair").font = HEADER_FONT
    ws.cell(top, 1).fill = HEADER_FILL
    for rnd in range(1, movement.rounds + 1):
        cell = ws.cell(top, rnd + 1, f"Round {rnd}")
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(horizontal="center")
        ws.column_dimensions[cell.column_letter].width = 15
    for row, pair in enumerate(movement.pairs, start=top + 1):
        ws.cell(row, 1, pair).font = BOLD
        for seat in movement.seats:
            if pair in (seat.ns, seat.ew):
                side = "NS" if pair == seat.ns else "EW"
                cell = ws.cell(row, seat.round + 1, f"table {seat.table} {side}")
                cell.alignment = Alignment(horizontal="center")
    return top + len(movement.pairs)


def _card_note(movement: Movement, table: int) -> str:
    """What this table must know beyond its rounds: shared boards, the relay stand."""
    last, half = movement.tables, movement.tables // 2
    if movement.variant == "share-and-relay":
        if table in (1, last):
            return f"Tables 1 and {last} share the same boards each round: pass them across."
        stand = "The relay stand (one set of boards resting) is between"
        if table == half:
            return f"{stand} this table and table {half + 1}."
        if table == half + 1:
            return f"{stand} table {half} and this table."
    if movement.sit_out and table == last and (movement.mitchell or movement.tables > 3):
        return "No NS pair here: the pair that comes to this table sits out that round."
    return ""


def _table_cards(ws: Worksheet, movement: Movement, title: str) -> None:
    """One card per table, each on its own page: the round, the pairs, the boards."""
    for letter, width in zip("ABCD", (10, 22, 22, 16), strict=True):
        ws.column_dimensions[letter].width = width
    big = Font(bold=True, size=20)
    row = 1
    for table in range(1, movement.tables + 1):
        ws.cell(row, 1, f"Table {table}").font = big
        ws.cell(row + 1, 1, title)
        note = _card_note(movement, table)
        if note:
            ws.cell(row + 2, 1, note).font = Font(bold=True, size=12)
        headers = ("Round", Direction.NS.long, Direction.EW.long, "Boards")
        for col, header in enumerate(headers, start=1):
            cell = ws.cell(row + 3, col, header)
            cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        row += 4
        for seat in (s for s in movement.seats if s.table == table):
            cell = ws.cell(row, 1, seat.round)
            cell.font, cell.alignment = Font(size=14), Alignment(horizontal="center")
            values = (seat.ns or "(sits out)", seat.ew or "(sits out)", _span(seat.boards))
            if seat.sit_out:
                values = (seat.ns or "-", seat.ew or "-", "sit out")
            for col, value in enumerate(values, start=2):
                ws.cell(row, col, value).font = Font(size=14)
            row += 1
        ws.row_breaks.append(Break(id=row))
        row += 1
    ws.print_area = f"A1:D{row - 2}"
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
