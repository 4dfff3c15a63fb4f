"""Build the club-pairs template workbook, deterministically, from code.

:func:`build_template` lays out every sheet (How to use, Settings, Pairs,
Travellers, Rulings, Adjustments, Board results, Frequencies, Ranking) with
data validation and input messages on entry cells, conditional formatting
that flags suspicious entries, frozen headers, widths, number formats and
print areas.  The result sheets hold xlbridge formulas (``MATCHPOINTS``,
``FREQUENCY_TABLE``, ``BRIDGE_SCORE``) that Excel evaluates with the xlwings
add-in; ``xlbridge score`` fills the same sheets with values.

:func:`write_templates` writes ``club_pairs.xlsx`` and ``club_pairs.xlsm``
(the latter built on xlwings' quickstart workbook, with ``keep_vba=True``,
its ``xlwings.conf`` sheet pointing the add-in at :mod:`xlbridge.udfs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook, load_workbook
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import PatternFill
from openpyxl.styles.cell_style import StyleArray
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.shared.addin import guarded, notice_formula
from xlbridge.workbook.shared.style import (
    BOLD,
    COMPUTED_FILL,
    HEADER_FILL,
    HEADER_FONT,
    NOTE_FILL,
    THIN,
    TITLE_FONT,
    WARN_FILL,
    WARN_FONT,
    Column,
    fix_properties,
    header_row,
)
from xlbridge.workbook.shared.written import keep_formulas, save

__all__ = [
    "TEMPLATE_NAME",
    "XLWINGS_CONF",
    "build_template",
    "write_templates",
]

TEMPLATE_NAME = "club_pairs"
XLWINGS_CONF = "xlwings.conf"


_T = f"{L.TRAVELLERS}!"
_LAST = L.last_row(L.MAX_ROWS)
_PAIRS_LAST = L.last_row(L.MAX_PAIRS)
RULINGS_RANGE = f"{L.RULINGS}!$A$1:$E${L.RULINGS_ROWS}"
#: The Result drop-down: what Excel keeps as typed in a text cell (m: made exactly).
RESULT_CHOICES = '"m,=,+1,+2,+3,+4,+5,+6,-1,-2,-3,-4,-5,-6,-7"'


def _quoted(sheet: str) -> str:
    return f"'{sheet}'!" if " " in sheet else f"{sheet}!"


_BR = _quoted(L.BOARD_RESULTS)

HOW_TO_TEXT = (
    "How to use this workbook (xlbridge club pairs)",
    "",
    "1. Settings: the event name, tables, boards and how to score (matchpoints by default).",
    "2. Pairs: one row per pair, number and names; Mitchell: direction NS or EW.",
    "3. Travellers: one row per table per board.  Type the contract, declarer and result",
    "   and leave 'NS score' blank: the score is computed.  Or type the NS score itself.",
    "   NS score may also hold: NP (not played), A+/A- (NS/EW), A= , A60/40,",
    "   NP A60/0 (not played: a pair absent, its opponents 60%; no result on the board),",
    "   a weighted score '60% 420; 40% -50', a split score 'NS: 680 | EW: 1430',",
    "   or a ruling ID such as R1 defined on the Rulings sheet.",
    "4. Rulings: ID | Side | Score | Weight | Note.  Rows with the same ID (and side)",
    "   are the components of one weighted score; their weights sum to 100%.",
    "5. Adjustments: procedural penalties (negative) and awards, in MP or % of a top.",
    "6. Board results, Frequencies and Ranking fill in by themselves:",
    "   - in Excel with the xlwings add-in (UDF Modules = xlbridge.udfs; club_pairs.xlsm),",
    "   - or without Excel:  xlbridge score NIGHT.xlsx  (writes NIGHT-results.xlsx).",
    "   Opened in LibreOffice, or in Excel without the add-in, the computed columns stay",
    "   blank and one red line at the top of each such sheet says the add-in is missing:",
    "   xlbridge score ignores them and scores what you typed, exactly the same.",
    "",
    "Red cells flag suspicious entries: a score that is not a multiple of 10, a pair",
    "playing itself or twice on a board, a board out of range, an unknown pair.",
    "xlbridge score checks everything and names the cell of every problem.",
    "Explain one board step by step:  xlbridge explain NIGHT.xlsx --board 5",
    "",
    "A night set up for its movement (pairs numbered, travellers pre-filled, table cards):",
    "   xlbridge new NIGHT.xlsx --movement mitchell --tables 7 --boards 21 --date 2026-11-24",
    "Each traveller row is then checked against the movement; a note in its TD note column",
    "keeps a row the TD changed on purpose (a late arrival, a changed movement).",
    "Score while the results come in: rows left blank are results to come, the results are",
    "marked PROVISIONAL, and xlbridge score says in a few lines what is still missing.",
)


def build_template(workbook: Workbook | None = None, *, results: bool = True) -> Workbook:
    """The club-pairs template, laid out in ``workbook`` (default: a new one).

    Given a workbook (the xlwings quickstart one), its existing sheets are
    kept after the template's.  ``results=False`` leaves the result sheets
    (Board results, Frequencies, Ranking) empty, for a caller that fills
    them with values (:func:`~xlbridge.workbook.pairs.writer.fill_results`).
    """
    wb = Workbook() if workbook is None else workbook
    if workbook is None:
        wb.remove(wb.active)
    builders = (
        (L.HOW_TO, _how_to),
        (L.SETTINGS, _settings),
        (L.PAIRS, _pairs),
        (L.TRAVELLERS, _travellers),
        (L.RULINGS, _rulings),
        (L.ADJUSTMENTS, _adjustments),
        (L.BOARD_RESULTS, _board_results),
        (L.FREQUENCIES, _frequencies),
        (L.RANKING, _ranking),
    )
    for index, (title, build) in enumerate(builders):
        sheet = wb.create_sheet(title, index)
        if results or title not in (L.BOARD_RESULTS, L.FREQUENCIES, L.RANKING):
            build(sheet)
    _define_names(wb)
    wb.active = 0
    fix_properties(wb)
    return keep_formulas(wb)


def write_templates(folder: Path, quickstart: Path | None = None) -> list[Path]:
    """Write ``club_pairs.xlsx`` and ``club_pairs.xlsm`` into ``folder``; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    xlsx = folder / f"{TEMPLATE_NAME}.xlsx"
    save(build_template(), xlsx)
    xlsm = folder / f"{TEMPLATE_NAME}.xlsm"
    save(build_macro_template(quickstart or _quickstart_file()), xlsm)
    return [xlsx, xlsm]


def _quickstart_file() -> Path:
    """The workbook ``xlwings quickstart NAME`` copies into a new project."""
    import xlwings

    return Path(xlwings.__file__).parent / "quickstart.xlsm"


def build_macro_template(quickstart: Path | None = None) -> Workbook:
    """The template inside xlwings' quickstart workbook, VBA kept, UDFs from xlbridge.udfs."""
    wb = load_workbook(quickstart or _quickstart_file(), keep_vba=True)
    for sheet in list(wb.worksheets):
        if sheet.title.lstrip("_") != XLWINGS_CONF:
            wb.remove(sheet)
    conf = wb[next(s for s in wb.sheetnames if s.lstrip("_") == XLWINGS_CONF)]
    conf.title = XLWINGS_CONF
    for row in conf.iter_rows(min_col=1, max_col=2):
        if row[0].value == "UDF Modules":
            row[1].value = "xlbridge.udfs"
    build_template(wb)
    return wb


# --- helpers ----------------------------------------------------------------------------------


def _formats(ws: Worksheet, columns: Sequence[Column], first: int, last: int) -> None:
    for col in columns:
        if col.number_format != "General":
            for row in range(first, last + 1):
                ws[f"{col.letter}{row}"].number_format = col.number_format


def _validation(
    ws: Worksheet,
    ref: str,
    title: str,
    prompt: str,
    kind: str | None = None,
    formula1: str | None = None,
    formula2: str | None = None,
    operator: str | None = None,
    strict: bool = False,
) -> None:
    rule = DataValidation(
        type=kind,
        formula1=formula1,
        formula2=formula2,
        operator=operator,
        allow_blank=True,
        showInputMessage=True,
        showErrorMessage=kind is not None,
        promptTitle=title[:32],
        prompt=prompt[:255],
        errorTitle=title[:32],
        error=prompt[:225],
        errorStyle="stop" if strict else "warning",
    )
    rule.add(ref)
    ws.add_data_validation(rule)


def _flag(ws: Worksheet, ref: str, formula: str, fill: PatternFill = WARN_FILL) -> None:
    ws.conditional_formatting.add(
        ref, FormulaRule(formula=[formula], fill=fill, font=WARN_FONT, stopIfTrue=False)
    )


def _column_prompts(ws: Worksheet, columns: Sequence[Column], last: int) -> None:
    """An input message (no restriction) on every column that has help and no other rule."""
    for col in columns:
        if col.help:
            _validation(ws, f"{col.letter}2:{col.letter}{last}", col.header, col.help)


#: The cheap call of an xlbridge function that tells whether the add-in is there (90).
ADDIN_PROBE = 'BRIDGE_SCORE("1NT","N","=",1)'


def _notice(ws: Worksheet) -> str:
    """Write the sheet's add-in notice cell (layout.NOTICE_CELLS); return it, absolute."""
    cell = ws[L.NOTICE_CELLS[ws.title]]
    cell.value = notice_formula(ADDIN_PROBE)
    cell.font = WARN_FONT
    return f"${cell.column_letter}${cell.row}"


def _computed(ws: Worksheet, ref: str) -> None:
    """Shade the computed cells of ``ref``: the fill is looked up in the workbook's styles once
    (setting ``cell.fill`` cell by cell hashed it for each of ten thousand cells), each cell
    keeping its own number format."""
    cells = [cell for row in ws[ref] for cell in row]
    cells[0].fill = COMPUTED_FILL
    fill = cells[0]._style.fillId
    for cell in cells[1:]:
        if cell._style is None:  # a cell never styled
            cell._style = StyleArray()
        cell._style.fillId = fill


# --- the sheets -------------------------------------------------------------------------------


def _how_to(ws: Worksheet) -> None:
    for row, line in enumerate(HOW_TO_TEXT, start=1):
        ws.cell(row, 1, line or None)
    ws["A1"].font = TITLE_FONT
    ws.column_dimensions["A"].width = 100
    ws.sheet_properties.tabColor = "1F5C3A"
    ws.print_area = f"A1:A{len(HOW_TO_TEXT)}"


def _settings(ws: Worksheet) -> None:
    columns = (
        Column("A", "Setting", 28),
        Column("B", "Value", 16),
        Column("C", "Notes", 70),
    )
    header_row(ws, columns)
    for row, setting in enumerate(L.SETTING_ROWS, start=2):
        ws.cell(row, 1, setting.label).font = BOLD
        ws.cell(row, 2, setting.default)
        ws.cell(row, 3, setting.help)
        ref = f"B{row}"
        if setting.choices:
            _validation(
                ws, ref, setting.label, setting.help, "list", f'"{",".join(setting.choices)}"'
            )
        elif setting.whole:
            low, high = setting.whole
            _validation(
                ws,
                ref,
                setting.label,
                f"{setting.help} (a whole number {low}-{high})",
                "whole",
                str(low),
                str(high),
                "between",
                strict=True,
            )
        elif setting.name != "ExpectedSetting":  # its own rule follows: one rule per cell
            _validation(ws, ref, setting.label, setting.help)
    ws[f"B{L.setting_row('EventDate')}"].number_format = "yyyy-mm-dd"
    expected = L.setting_row("ExpectedSetting")
    _validation(
        ws,
        f"B{expected}",
        "Expected results",
        "max played, or a whole number of results",
        "custom",
        f'OR(B{expected}="max played",AND(ISNUMBER(B{expected}),B{expected}>=1,'
        f"B{expected}=INT(B{expected})))",
        strict=True,
    )
    used, top = L.EXPECTED_USED_ROW, L.EXPECTED_USED_ROW + 1
    ws.cell(used, 1, "Expected (used)").font = BOLD
    ws.cell(
        used,
        2,
        f"=IF(ISNUMBER(ExpectedSetting),ExpectedSetting,MAX({L.FREQUENCIES}!$G$1:"
        f"$G${L.MAX_BOARDS * L.FREQ_BLOCK}))",
    )
    ws.cell(used, 3, "Computed: the expected results each board is scored to")
    ws.cell(top, 1, "Top").font = BOLD
    ws.cell(top, 2, "=Scale*(Expected-1)")
    ws.cell(top, 3, "Computed: the matchpoint top on a board")
    _computed(ws, f"B{used}:B{top}")
    ws.print_area = f"A1:C{top}"


def _pairs(ws: Worksheet) -> None:
    header_row(ws, L.PAIR_COLUMNS)
    _column_prompts(ws, L.PAIR_COLUMNS[:2], _PAIRS_LAST)
    _validation(ws, f"C2:C{_PAIRS_LAST}", "Direction", L.PAIR_COLUMNS[2].help, "list", '"NS,EW"')
    _column_prompts(ws, L.PAIR_COLUMNS[3:], _PAIRS_LAST)
    # listed twice: the same number in the same direction (NS 1 and EW 1 are two pairs)
    a, c = f"$A$2:$A${_PAIRS_LAST}", f"$C$2:$C${_PAIRS_LAST}"
    _flag(ws, f"A2:A{_PAIRS_LAST}", f'AND($A2<>"",COUNTIFS({a},$A2,{c},$C2&"")>1)')
    ws.print_area = f"A1:{L.PAIR_COLUMNS[-1].letter}{_PAIRS_LAST}"


def _travellers(ws: Worksheet) -> None:
    cols = L.TRAVELLER_COLUMNS
    header_row(ws, cols)
    _formats(ws, cols, 2, _LAST)
    a, b, c = (f"${x}$2:${x}${_LAST}" for x in "ABC")
    pairs = f"{L.PAIRS}!$A$2:$A${_PAIRS_LAST}"
    _validation(ws, f"A2:A{_LAST}", "Board", cols[0].help, "whole", "1", "Boards", "between")
    for letter in "BC":
        _validation(
            ws,
            f"{letter}2:{letter}{_LAST}",
            "Pair",
            "A pair number from the Pairs sheet",
            "list",
            f"={pairs}",
        )
    _validation(ws, f"D2:D{_LAST}", "Contract", cols[3].help)
    _validation(ws, f"E2:E{_LAST}", "Declarer", cols[4].help, "list", '"N,E,S,W"')
    _validation(ws, f"F2:F{_LAST}", "Result", cols[5].help, "list", RESULT_CHOICES)
    for row in range(2, _LAST + 1):
        ws[f"F{row}"].number_format = "@"  # text: Excel keeps a typed = or +1 as typed
    for col in (*cols[6:8], *cols[9:]):
        _validation(ws, f"{col.letter}2:{col.letter}{_LAST}", col.header, col.help)
    notice = _notice(ws)
    for row in range(2, _LAST + 1):
        score = guarded(notice, f"BRIDGE_SCORE(D{row},E{row},F{row},A{row})")
        ws[f"I{row}"] = f'=IF(A{row}="","",IF(G{row}<>"",G{row},IF(D{row}="","",{score})))'

    _computed(ws, f"I2:I{_LAST}")
    _flag(ws, f"G2:G{_LAST}", "AND(ISNUMBER($G2),MOD($G2,10)<>0)")
    _flag(ws, f"A2:A{_LAST}", 'AND($A2<>"",OR(NOT(ISNUMBER($A2)),$A2<1,$A2>Boards,$A2<>INT($A2)))')
    # Mitchell numbering (NS 1 and EW 1 both listed): NS 3 may meet EW 3, and a number may
    # stand in both columns of a board; a number listed once is one pair.
    once = f"COUNTIF({pairs},$B2)<2"
    _flag(ws, f"B2:C{_LAST}", f'AND($B2<>"",$B2=$C2,{once})')
    _flag(
        ws,
        f"B2:B{_LAST}",
        f'AND($B2<>"",COUNTIFS({a},$A2,{b},$B2)+{once}*COUNTIFS({a},$A2,{c},$B2)>1)',
    )
    _flag(
        ws,
        f"C2:C{_LAST}",
        f'AND($C2<>"",COUNTIFS({a},$A2,{c},$C2)+(COUNTIF({pairs},$C2)<2)*COUNTIFS({a},$A2,{b},$C2)>1)',
    )
    _flag(ws, f"B2:C{_LAST}", f'AND(B2<>"",COUNTIF({pairs},B2)=0)')
    _computed(ws, f"J2:K{_LAST}")
    _flag(ws, f"D2:G{_LAST}", 'AND($A2<>"",$D2="",$G2="")', NOTE_FILL)
    _flag(ws, f"A2:A{_LAST}", f'AND($A2<>"",COUNTIFS({a},$A2)>Tables)', NOTE_FILL)
    ws.print_area = f"A1:L{_LAST}"


def _rulings(ws: Worksheet) -> None:
    cols = L.RULING_COLUMNS
    header_row(ws, cols)
    last = L.RULINGS_ROWS
    _validation(ws, f"A2:A{last}", "ID", cols[0].help)
    _validation(ws, f"B2:B{last}", "Side", cols[1].help, "list", '"NS,EW"')
    _validation(ws, f"C2:C{last}", "Score", cols[2].help)
    _validation(ws, f"D2:D{last}", "Weight", cols[3].help, "decimal", "0", "1", "between")
    _validation(ws, f"E2:E{last}", "Note", cols[4].help)
    for row in range(2, last + 1):
        ws[f"D{row}"].number_format = "0%"
    ids, sides, weights = (f"${x}$2:${x}${last}" for x in "ABD")
    _flag(
        ws,
        f"D2:D{last}",
        f'AND($A2<>"",ISNUMBER($D2),ROUND(SUMIFS({weights},{ids},$A2,{sides},$B2&""),9)<>1)',
    )
    _flag(ws, f"C2:C{last}", "AND(ISNUMBER($C2),MOD($C2,10)<>0)")
    ws.print_area = f"A1:E{last}"


def _adjustments(ws: Worksheet) -> None:
    cols = L.ADJUSTMENT_COLUMNS
    header_row(ws, cols)
    last = 101
    _formats(ws, cols, 2, last)
    pairs = f"{L.PAIRS}!$A$2:$A${_PAIRS_LAST}"
    _validation(ws, f"A2:A{last}", "Pair", cols[0].help, "list", f"={pairs}")
    _validation(ws, f"B2:B{last}", "Board", cols[1].help, "whole", "1", "Boards", "between")
    _validation(ws, f"C2:C{last}", "Amount", cols[2].help, "decimal", "-100", "100", "between")
    _validation(ws, f"D2:D{last}", "Unit", cols[3].help, "list", '"MP,%"')
    _validation(ws, f"E2:E{last}", "Reason", cols[4].help)
    # a Mitchell pair may be written with its direction: NS 3, 3 EW
    number = 'IFERROR(VALUE(SUBSTITUTE(SUBSTITUTE(UPPER($A2),"NS",""),"EW","")),$A2)'
    _flag(ws, f"A2:A{last}", f'AND($A2<>"",COUNTIF({pairs},$A2)=0,COUNTIF({pairs},{number})=0)')
    ws.print_area = f"A1:E{last}"


def _board_scores(row: int) -> str:
    """The FILTER of the scores of the board (and version) of traveller row ``row``."""
    a, h, i = (f"{_T}${x}$2:${x}${_LAST}" for x in "AHI")
    return f"FILTER({i},({a}={_T}$A{row})*({h}={_T}$H{row}))"


def _board_results(ws: Worksheet) -> None:
    cols = L.RESULT_COLUMNS
    header_row(ws, cols)
    _formats(ws, cols, 2, _LAST)
    notice = _notice(ws)
    for row in range(2, _LAST + 1):
        for letter, source in zip("ABCDE", "ABCDE", strict=True):
            ws[f"{letter}{row}"] = f'=IF({_T}{source}{row}="","",{_T}{source}{row})'
        ws[f"F{row}"] = f"={_T}I{row}"
        scores = _board_scores(row)
        k = f'COUNTIFS({_T}$A$2:$A{row},{_T}$A{row},{_T}$H$2:$H{row},{_T}$H{row}&"")'
        scoring = (
            f'IF(ScoringForm="butler",BUTLER_IMPS({scores},{RULINGS_RANGE},ButlerTrim,DatumRound),'
            f'IF(ScoringForm="cross-imps",CROSS_IMPS({scores},{RULINGS_RANGE},DivideBy,Expected),'
            f"MATCHPOINTS({scores},Expected,Scale,{RULINGS_RANGE})))"
        )
        for column, letter in ((1, "G"), (2, "H")):
            ws[f"{letter}{row}"] = ArrayFormula(
                f"{letter}{row}",
                f'=IF({_T}$A{row}="","",{guarded(notice, f"INDEX({scoring},{k},{column})")})',
            )
        for figure, letter in (("G", "I"), ("H", "J")):
            ws[f"{letter}{row}"] = (
                f'=IF(OR({figure}{row}="",ScoringForm<>"matchpoints"),"",'
                f"IF(Top=0,50,100*{figure}{row}/Top))"
            )
    _computed(ws, f"A2:J{_LAST}")
    ws.print_area = f"A1:J{_LAST}"


#: The ACBL convention chosen on the Settings sheet.
_ACBL = 'TRIM(Convention)="ACBL"'
#: A matchpoint night (Settings' Scoring): the only one FREQUENCY_TABLE's figures are for.
_MATCHPOINTS = 'ScoringForm="matchpoints"'
#: The section's boards: the boards with a result (each Frequencies block counts its own).
_SECTION = f'COUNTIF({L.FREQUENCIES}!$G$1:$G${L.MAX_BOARDS * L.FREQ_BLOCK},">0")'


def _frequencies(ws: Worksheet) -> None:
    widths = {"A": 12, "B": 8, "C": 10, "D": 9, "E": 9, "F": 9, "G": 8}
    for letter, width in widths.items():
        ws.column_dimensions[letter].width = width
    a, d, g, i = (f"{_T}${x}$2:${x}${_LAST}" for x in "ADGI")
    notice = _notice(ws)
    for board in range(1, L.MAX_BOARDS + 1):
        top = 1 + (board - 1) * L.FREQ_BLOCK
        title = ws.cell(top, 1, board)
        title.number_format = '"Board "0'
        title.font = BOLD
        ws.cell(top, 2, f"={guarded(notice, f'VULNERABILITY(A{top})')}")
        ws.cell(top, 3, "Dealer")
        ws.cell(top, 4, f"={guarded(notice, f'DEALER(A{top})')}")
        ws.cell(top, 6, "Results").font = BOLD
        # results on the board: a score typed or a contract (whose score Travellers!I
        # computes), not NP, not an NP A60/0 (counts_as_result); counted without the add-in
        ws.cell(
            top,
            7,
            f'=SUMPRODUCT(({a}=A{top})*((({g}<>"")+({d}<>""))>0)*(LEFT(TRIM({g}),2)<>"NP"))',
        )
        for col, header in enumerate(L.FREQUENCY_HEADERS, start=1):
            # FREQUENCY_TABLE gives matchpoints only: an IMP night's sheet shows no figure
            # column (the IMPs are on Board results, and each score's on the Frequencies
            # sheet `xlbridge score` writes)
            text = header if col <= 3 else f'=IF({_MATCHPOINTS},"{header}","")'
            cell = ws.cell(top + 1, col, text)
            cell.font = HEADER_FONT
            cell.fill = HEADER_FILL
            cell.border = THIN
        first, last = top + 2, top + 1 + L.FREQ_LINES
        ws.cell(first, 1).value = ArrayFormula(
            f"A{first}:E{last}",
            "="
            + guarded(
                notice,
                f'IF((NOT({_MATCHPOINTS}))*(COLUMN($A${first}:$E${first})>3),"",'
                f"FREQUENCY_TABLE(FILTER({i},{a}=A{top}),Expected,Scale,{RULINGS_RANGE},"
                f'"NS",{L.FREQ_LINES}))',
            ),
        )
        for row in range(first, last + 1):
            ws.cell(row, 3).number_format = "0.0#"
            ws.cell(row, 4).number_format = "0.0#"
            ws.cell(row, 5).number_format = "0.0#"
    ws.freeze_panes = "A1"
    ws.print_area = f"A1:G{L.MAX_BOARDS * L.FREQ_BLOCK}"


def _ranking(ws: Worksheet) -> None:
    cols = L.RANKING_COLUMNS
    header_row(ws, cols)
    _formats(ws, cols, 2, _PAIRS_LAST)
    b, c, g, h = (f"{_BR}${x}$2:${x}${_LAST}" for x in "BCGH")
    adj_pair, adj_amount, adj_unit = (f"{L.ADJUSTMENTS}!${x}$2:${x}$101" for x in "ACD")
    d, pct = f"$D$2:$D${_PAIRS_LAST}", f"$H$2:$H${_PAIRS_LAST}"
    notice = _notice(ws)  # its figures come from Board results: blank there, blank here
    for row in range(2, _PAIRS_LAST + 1):
        ws[f"B{row}"] = f'=IF({L.PAIRS}!A{row}="","",{L.PAIRS}!A{row})'
        ws[f"C{row}"] = f'=IF(B{row}="","",{L.PAIRS}!B{row}&"")'
        ws[f"D{row}"] = f'=IF(B{row}="","",IF({L.PAIRS}!C{row}="","all",{L.PAIRS}!C{row}))'
        # An NS pair's scores are in the NS column, an EW pair's in the EW column (NS 1 and
        # EW 1 are two pairs in a Mitchell numbered by direction); a Howell pair's in both.
        as_ns, as_ew = f'({L.PAIRS}!C{row}<>"EW")', f'({L.PAIRS}!C{row}<>"NS")'
        boards = (
            f"{as_ns}*SUMPRODUCT(({b}=B{row})*ISNUMBER({g}))"
            f"+{as_ew}*SUMPRODUCT(({c}=B{row})*ISNUMBER({h}))"
        )
        ws[f"E{row}"] = f'=IF(B{row}="","",{guarded(notice, boards)})'

        adjusted = "".join(
            f'+(SUMIFS({adj_amount},{adj_pair},B{row},{adj_unit},"{unit}")'
            f'+SUMIFS({adj_amount},{adj_pair},D{row}&" "&B{row},{adj_unit},"{unit}")){scale}'
            for unit, scale in (("MP", ""), ("%", "*Top/100"))
        )
        total = f"{as_ns}*SUMIF({b},B{row},{g})+{as_ew}*SUMIF({c},B{row},{h}){adjusted}"
        # the ACBL convention (ACBLscore): the total scaled to the section's boards and
        # printed to two decimals, of the top times the section's boards
        scaled = f"IF({_ACBL},ROUND(({total})*{_SECTION}/E{row},2),{total})"
        ws[f"F{row}"] = f'=IF(B{row}="","",{guarded(notice, scaled)})'
        ws[f"G{row}"] = f'=IF(B{row}="","",{guarded(notice, f"IF({_ACBL},{_SECTION},E{row})*Top")})'
        ws[f"H{row}"] = f'=IF(OR(B{row}="",N(G{row})=0),"",100*F{row}/G{row})'
        ws[f"A{row}"] = (
            f'=IF(H{row}="","",(COUNTIFS({d},D{row},{pct},">"&H{row})+1)'
            f'&IF(COUNTIFS({d},D{row},{pct},H{row})>1,"=",""))'
        )
    _computed(ws, f"A2:H{_PAIRS_LAST}")
    ws.print_area = f"A1:H{_PAIRS_LAST}"


def _define_names(wb: Workbook) -> None:
    names = {s.name: f"{L.SETTINGS}!$B${L.setting_row(s.name)}" for s in L.SETTING_ROWS}
    names["Expected"] = f"{L.SETTINGS}!$B${L.EXPECTED_USED_ROW}"
    names["Top"] = f"{L.SETTINGS}!$B${L.EXPECTED_USED_ROW + 1}"
    names["RulingsRange"] = RULINGS_RANGE
    for name, ref in sorted(names.items()):
        wb.defined_names[name] = DefinedName(name, attr_text=ref)
