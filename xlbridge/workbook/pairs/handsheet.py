"""Each board's hands beside its frequency table in the results workbook.

:func:`fill_hands` writes, to the right of every board's block on the
Frequencies sheet (columns H to M), the deal (each seat's suits, hearts and
diamonds in red, and its high-card points), the makeable contracts (the
highest level each declarer makes in each strain, double-dummy) and the par.
A block shorter than the hands gets blank rows, so no two boards overlap.
"""

from __future__ import annotations

import re

from openpyxl.styles import Alignment, Font
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.contract import Seat, Strain
from xlbridge.hands import BoardHands, SessionHands
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.shared.style import BOLD, HEADER_FILL, HEADER_FONT

__all__ = ["HANDS_ROWS", "fill_hands", "par_text"]

#: The first column of the hands (H), beside the frequency table (A to F).
FIRST_COLUMN = 8
#: The rows one board's hands take: deal (5), a blank, makeable (5), par.
HANDS_ROWS = 12
_RED = Font(color="C00000")
_CENTRE = Alignment(horizontal="center")
_RED_HEADER = Font(color="FFC7CE", bold=True)
_SYMBOLS = {Strain.S: "\u2660", Strain.H: "\u2665", Strain.D: "\u2666", Strain.C: "\u2663"}
_SYMBOLS[Strain.NT] = "NT"
_SUITS = (Strain.S, Strain.H, Strain.D, Strain.C)
_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_TITLE = re.compile(r"Board (\d+)\b")


def par_text(hands: BoardHands) -> str:
    """The par as printed: ``'NS +420: 4♠= NS'``, ``'0 (passed out)'``, or ``''`` unknown."""
    par = hands.par
    if par is None:
        return ""
    if not par.contracts:
        return "0 (passed out)"
    contracts = ", ".join(
        f"{c.contract.level}{_SYMBOLS[c.contract.strain]}{c.contract.doubling.value}"
        f"{'=' if c.result == 0 else f'{c.result:+d}'} "
        f"{''.join(seat.value for seat in c.declarers)}"
        for c in par.contracts
    )
    return f"NS {par.score:+d}: {contracts}"


def fill_hands(wb: Workbook, hands: SessionHands) -> None:
    """Write each board's hands beside its first block on the Frequencies sheet."""
    if L.FREQUENCIES not in wb.sheetnames:
        return
    ws = wb[L.FREQUENCIES]
    done: set[int] = set()
    row = 1
    while row <= ws.max_row:
        match = _TITLE.match(str(ws.cell(row, 1).value or ""))
        if match is None or int(match.group(1)) in done:
            row += 1
            continue
        number = int(match.group(1))
        done.add(number)
        board = hands.get(number)
        if board is not None:
            _make_room(ws, row)
            _board(ws, row, board)
        row += 1
    for letter, width in {"H": 7, "I": 13, "J": 13, "K": 13, "L": 13, "M": 6}.items():
        ws.column_dimensions[letter].width = width
    ws.print_area = f"A1:M{ws.max_row}"
    # the hands beside the tables: landscape, one page wide
    ws.page_setup.orientation = "landscape"
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0


def _make_room(ws: Worksheet, title: int) -> None:
    """Blank rows before the next board's block, if this one is shorter than the hands."""
    for offset in range(1, HANDS_ROWS + 1):
        if _TITLE.match(str(ws.cell(title + offset, 1).value or "")):
            ws.insert_rows(title + offset, HANDS_ROWS + 1 - offset)
            return


def _header(ws: Worksheet, row: int, texts: tuple[str, ...], centre: bool = False) -> None:
    for offset, text in enumerate(texts):
        cell = ws.cell(row, FIRST_COLUMN + offset, text)
        cell.font = _RED_HEADER if text in ("\u2665", "\u2666") else HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = _CENTRE if offset and centre else Alignment()


def _board(ws: Worksheet, row: int, hands: BoardHands) -> None:
    deal = hands.deal
    _header(ws, row, ("Deal", *(_SYMBOLS[suit] for suit in _SUITS), "HCP"))
    for offset, seat in enumerate((Seat.N, Seat.E, Seat.S, Seat.W), start=1):
        ws.cell(row + offset, FIRST_COLUMN, seat.value).font = BOLD
        for column, (suit, cards) in enumerate(zip(_SUITS, deal.hand(seat), strict=True), 1):
            shown = cards.replace("T", "10") or "\u2014"
            cell = ws.cell(row + offset, FIRST_COLUMN + column, shown)
            if suit in (Strain.H, Strain.D):
                cell.font = _RED
        ws.cell(row + offset, FIRST_COLUMN + 5, deal.hcp(seat)).alignment = _CENTRE
    table = hands.dd
    if table is None:
        ws.cell(row + 6, FIRST_COLUMN, "Double-dummy: not known (see the warnings)")
        return
    _header(ws, row + 6, ("Makes", *(_SYMBOLS[strain] for strain in _STRAINS)), centre=True)
    for offset, seat in enumerate((Seat.N, Seat.S, Seat.E, Seat.W), start=7):
        ws.cell(row + offset, FIRST_COLUMN, seat.value).font = BOLD
        for column, strain in enumerate(_STRAINS, start=1):
            level = table.makeable(seat, strain) or "-"
            ws.cell(row + offset, FIRST_COLUMN + column, level).alignment = _CENTRE
    ws.cell(row + 11, FIRST_COLUMN, "Par").font = BOLD
    ws.cell(row + 11, FIRST_COLUMN + 1, par_text(hands))
