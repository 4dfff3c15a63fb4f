"""The results workbook as it prints: headers, page numbers, print areas, one card a page.

:func:`prepare_printing` is the last step of writing results: every sheet
gets the event name and date in its page header and the sheet name and
``Page n of N`` in its footer; each print area ends at the last row used (the
template's run to row 1001); the ranking fits one page (up to 30 pairs a
direction); the board results and frequency tables break between boards,
never inside one; a Score cards sheet holds one personal score card a page;
and an entry sheet left empty (no rulings, no adjustments) does not print at
all, so no page holds headers alone.

:func:`played_text` is how a played contract reads on a score card:
``4H+1 N``, ``3C= N``, ``Pass``.
"""

from __future__ import annotations

from datetime import date

from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.direction import Direction
from xlbridge.event import Play
from xlbridge.exact import format_date
from xlbridge.pair import PairLabel
from xlbridge.report import format_figure, format_fixed
from xlbridge.result import format_result
from xlbridge.scored import EventResult, PairResult
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.shared.pages import break_between, print_setup
from xlbridge.workbook.shared.style import BOLD, HEADER_FILL, HEADER_FONT, TITLE_FONT

__all__ = [
    "event_title",
    "format_day",
    "pair_name",
    "played_text",
    "prepare_printing",
    "ranking_header",
]


def format_day(day: date | None) -> str:
    """``24 November 2026`` ("" without a date): :func:`xlbridge.exact.format_date`."""
    return format_date(day)


def ranking_header(matchpoints: bool) -> tuple[str, ...]:
    """A ranking's columns as the terminal, the results workbook and the web page head them:
    Score, Max and % in matchpoints; IMPs, Per board and Ranked on in IMPs."""
    figures = ("Score", "Max", "%") if matchpoints else ("IMPs", "Per board", "Ranked on")
    return ("Rank", "Pair", "Players", "Boards", *figures)


def event_title(result: EventResult) -> str:
    """The event's name and date: ``Tuesday pairs, 24 November 2026`` (its facts' title)."""
    return result.event.facts.title


def pair_name(label: PairLabel) -> str:
    """A pair as a heading names it: ``NS 3`` (Mitchell: number and direction), ``Pair 3``."""
    return label.display


def played_text(play: Play) -> str:
    """The contract as played: ``4H+1 N``, ``3C= N``, ``4SX-2 E``, ``Pass`` ("" when none)."""
    return "" if play.played is None else str(play.played)


def prepare_printing(wb: Workbook, result: EventResult) -> None:
    """Set up every sheet of the results workbook ``wb`` to print (see the module docstring)."""
    _score_cards(_sheet(wb, L.SCORE_CARDS), result)
    for ws in list(wb.worksheets):
        print_setup(
            ws, result.event.facts.marked(result.event.name or "Results"), result.event.date
        )
        last = _last_row(ws)
        if ws.title in (L.RULINGS, L.ADJUSTMENTS) and last < 2:
            wb.remove(ws)  # nothing to print: no page of headers alone
            continue
        if ws.title in (L.PAIRS, L.TRAVELLERS, L.RULINGS, L.ADJUSTMENTS):
            headers = [c for c in ws[1] if c.value is not None]
            column = headers[-1].column_letter if headers else "A"
            ws.print_area = f"A1:{column}{max(last, 2)}"
    ranking = wb[L.RANKING]
    ranking.page_setup.orientation = "portrait"
    ranking.page_setup.fitToHeight = 1 if len(result.pairs) <= 60 else 0
    ranking.page_setup.fitToWidth = 1
    ranking.sheet_properties.pageSetUpPr.fitToPage = True
    break_between(wb[L.BOARD_RESULTS], _runs(wb[L.BOARD_RESULTS]))
    frequencies = wb[L.FREQUENCIES]
    frequencies.page_setup.fitToWidth = 1
    frequencies.page_setup.fitToHeight = 0
    frequencies.sheet_properties.pageSetUpPr.fitToPage = True
    break_between(frequencies, _blocks(frequencies))
    _order(wb)


#: The results workbook's sheets in the order they print: the ranking the club pins up
#: first, then each board, then each pair's card, then what was typed and the settings
#: the night was scored with (for a TD checking it).
PRINT_ORDER = (
    L.RANKING,
    L.BOARD_RESULTS,
    L.FREQUENCIES,
    L.SCORE_CARDS,
    L.TRAVELLERS,
    L.PAIRS,
    L.RULINGS,
    L.ADJUSTMENTS,
    L.SETTINGS,
)
#: The template's own sheets for before and during play: not in the results workbook
#: (they stay in the night's workbook). A hidden sheet would still print: LibreOffice
#: prints every sheet of an .xlsx, hidden or not.
NOT_IN_RESULTS = (L.HOW_TO, L.MOVEMENT, L.TABLE_CARDS)


def _order(wb: Workbook) -> None:
    """Put the results first, leave out the template's own sheets; open on the Ranking."""
    for title in NOT_IN_RESULTS:
        if title in wb.sheetnames:
            wb.remove(wb[title])
    order = [t for t in PRINT_ORDER if t in wb.sheetnames]
    order += [t for t in wb.sheetnames if t not in order]
    for position, title in enumerate(order):
        wb.move_sheet(title, position - wb.sheetnames.index(title))
    for ws in wb.worksheets:
        ws.sheet_view.tabSelected = False
    ranking = wb[L.RANKING]
    ranking.sheet_view.tabSelected = True
    wb.active = ranking


def _sheet(wb: Workbook, title: str) -> Worksheet:
    if title in wb.sheetnames:
        wb.remove(wb[title])
    return wb.create_sheet(title, wb.sheetnames.index(L.RANKING) + 1)


def _last_row(ws: Worksheet) -> int:
    """The last row with a value (formulas and blank strings count as nothing in a results file)."""
    last = 1
    for row in ws.iter_rows(min_row=2):
        for cell in row:
            value = cell.value
            if value is None or (isinstance(value, str) and not value.strip()):
                continue
            if ws.title == L.TRAVELLERS and cell.column == 9:
                continue  # the Score used column, filled for every row of the template
            last = cell.row
            break
    return last


def _runs(ws: Worksheet) -> list[int]:
    """The first row of each board's run on the Board results sheet."""
    starts, previous = [], None
    for row in range(2, ws.max_row + 1):
        board = ws.cell(row, 1).value
        if board is not None and board != previous:
            starts.append(row)
        previous = board
    return starts


def _blocks(ws: Worksheet) -> list[int]:
    """The first row of each board's block on the Frequencies sheet."""
    return [
        row
        for row in range(1, ws.max_row + 1)
        if isinstance(ws.cell(row, 1).value, str) and ws.cell(row, 1).value.startswith("Board ")
    ]


def _score_cards(ws: Worksheet, result: EventResult) -> None:
    """One personal score card a page: the pair's boards, opponents, contracts and scores."""
    widths = {"A": 7, "B": 5, "C": 36, "D": 11, "E": 16, "F": 7, "G": 8, "H": 7}
    for letter, width in widths.items():
        ws.column_dimensions[letter].width = width
    units = "MP" if result.top is not None else "IMPs"
    names = {p.pair.label: p.pair.names for p in result.pairs}
    plays = _plays_by_pair(result)
    row = 1
    for pair in (p for p in result.pairs if p.boards):
        row = _card(ws, row, pair, result, names, plays, units)
        ws.row_breaks.append(Break(id=row))
        row += 1
    ws.print_area = f"A1:H{max(row - 2, 1)}"
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _plays_by_pair(result: EventResult) -> dict[tuple[PairLabel, int, str], Play]:
    found: dict[tuple[PairLabel, int, str], Play] = {}
    for board in result.boards:
        for scored in board.plays:
            for label in (scored.play.ns, scored.play.ew):
                found[label, board.board, board.version] = scored.play
    return found


def _card(
    ws: Worksheet,
    row: int,
    pair: PairResult,
    result: EventResult,
    names: dict[PairLabel, str],
    plays: dict[tuple[PairLabel, int, str], Play],
    units: str,
) -> int:
    label = pair_name(pair.pair.label)
    ws.cell(row, 1, f"{label}  {pair.pair.names}".strip()).font = TITLE_FONT
    # to two decimals, as the ranking and the web page's card give it (68.00 IMPs, 50.00%)
    score = (
        f"{format_fixed(pair.percentage)}%"
        if pair.percentage is not None
        else f"{format_fixed(result.ranking_total(pair))} IMPs"
    )
    field = Direction.heading(pair.field)
    ws.cell(row + 1, 1, f"{event_title(result)}: rank {pair.rank} {field}, {score}".strip())
    row += 3
    header = ("Board", "Dir", "Opponents", "Contract", "Score", "Code", units, "Adj.")
    for column, text in enumerate(header, start=1):
        cell = ws.cell(row, column, text)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
    for entry in pair.boards:
        row += 1
        play = plays.get((pair.pair.label, entry.board, entry.version))
        values = (
            f"{entry.board}{entry.version}" if entry.version else entry.board,  # ``3A``
            entry.direction.value,
            f"{entry.opponent} {names.get(entry.opponent, '')}".strip(),
            played_text(play) if play else "",
            format_result(play.result) if play else entry.code,
            entry.code,
            format_figure(entry.score),
            format_figure(entry.adjustment) if entry.adjustment else "",
        )
        for column, value in enumerate(values, start=1):
            ws.cell(row, column, value)
    row += 1
    ws.cell(row, 6, "Total").font = BOLD
    ws.cell(row, 7, format_figure(pair.total)).font = BOLD
    return row
