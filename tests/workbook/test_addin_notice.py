"""A night opened without the xlbridge add-in: the formulas ``xlbridge new`` writes.

Every formula that calls one of xlbridge's Excel functions is blank while its
sheet's notice cell shows the one-line notice, and that cell's probe gives a
number whenever the add-in is there; the results workbook ``xlbridge score``
writes keeps no notice (its figures are values).  What LibreOffice makes of
the same workbooks: ``tests/external/test_no_addin.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.formula import ArrayFormula
from support.nights import fill_round, filled, filled_individual

from xlbridge import udfs
from xlbridge.cli import main
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.template import ADDIN_PROBE
from xlbridge.workbook.shared.addin import NOTICE
from xlbridge.workbook.teams import template as teams
from xlbridge.workbook.teams.template import ADDIN_PROBE as TEAMS_PROBE

#: A call of one of xlbridge's Excel functions, as a formula writes it.
CALL = re.compile(r"\b(" + "|".join(n for n in udfs.__all__ if callable(getattr(udfs, n))) + r")\(")


def formulas(wb: Workbook) -> dict[tuple[str, str], str]:
    """Every formula of ``wb``, by (sheet, cell); not a result typed as ``=`` (made exactly),
    which openpyxl reads back as a formula."""
    found = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                value = cell.value.text if isinstance(cell.value, ArrayFormula) else cell.value
                if isinstance(value, str) and value.startswith("=") and value != "=":
                    found[ws.title, cell.coordinate] = value
    return found


def absolute(ref: str) -> str:
    return re.sub(r"([A-Z]+)(\d+)", r"$\1$\2", ref)


def unguarded(wb: Workbook, notices: dict[str, str]) -> list[str]:
    """The cells whose formula calls an xlbridge function outside its sheet's guard."""
    wrong = []
    for (sheet, ref), text in formulas(wb).items():
        if not CALL.search(text) or notices.get(sheet) == ref:
            continue
        guard = f'IF({absolute(notices.get(sheet, "?"))}<>"","",'
        first = text.find(guard)
        if first < 0 or CALL.search(text[:first]):
            wrong.append(f"{sheet}!{ref}: {text[:80]}")
    return wrong


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("nights")
    pairs = filled(folder, "pairs", "--tables", "3", "--boards", "6")
    made = folder / "teams-new.xlsx"
    new_teams = ["new", str(made), "--teams", "4", "--boards", "4", "--format", "round-robin"]
    assert main(new_teams) == 0
    fill_round(made, folder / "teams.xlsx", 1)
    return {"pairs": pairs, "teams": folder / "teams.xlsx", "individual": filled_individual(folder)}


def test_the_probes_give_a_number_with_the_add_in() -> None:
    # Law 77: 1NT made, not vulnerable: 40 for the trick, 50 for a part score
    assert ADDIN_PROBE == 'BRIDGE_SCORE("1NT","N","=",1)'
    assert udfs.BRIDGE_SCORE("1NT", "N", "=", 1) == 90
    # WBF 20-VP scale: a drawn match (margin 0) is 10 VPs each
    assert TEAMS_PROBE == "VICTORY_POINTS(0,8)"
    assert udfs.VICTORY_POINTS(0, 8) == 10


def test_every_pairs_formula_that_needs_the_add_in_is_guarded(nights: dict[str, Path]) -> None:
    wb = load_workbook(nights["pairs"])
    notices = L.NOTICE_CELLS
    for sheet, ref in notices.items():
        assert wb[sheet][ref].value == f'=IF(ISNUMBER({ADDIN_PROBE}),"","{NOTICE}")'
    assert not unguarded(wb, notices)
    # the calls guarded: the Travellers score, both matchpoint columns, the frequency tables
    calls = {sheet for (sheet, _), text in formulas(wb).items() if CALL.search(text)}
    assert calls == {L.TRAVELLERS, L.BOARD_RESULTS, L.FREQUENCIES, L.RANKING}
    board_results = wb[L.BOARD_RESULTS]["G2"].value.text
    assert board_results.startswith('=IF(Travellers!$A2="","",IF($L$1<>"","",INDEX(IF(Scoring')
    # Ranking calls none: its figures (boards, score, max) are blank while the notice shows
    for letter in "EFG":
        assert '=IF(B2="","",IF($J$1<>"","",' in wb[L.RANKING][f"{letter}2"].value


def test_a_mended_guard_is_found(nights: dict[str, Path]) -> None:
    wb = load_workbook(nights["pairs"])
    wb[L.TRAVELLERS]["I5"] = '=IF(A5="","",BRIDGE_SCORE(D5,E5,F5,A5))'
    assert unguarded(wb, L.NOTICE_CELLS) == [
        'Travellers!I5: =IF(A5="","",BRIDGE_SCORE(D5,E5,F5,A5))'
    ]


def test_every_teams_formula_that_needs_the_add_in_is_guarded(nights: dict[str, Path]) -> None:
    wb = load_workbook(nights["teams"])
    for sheet, ref in teams.NOTICE_CELLS.items():
        assert wb[sheet][ref].value == f'=IF(ISNUMBER({TEAMS_PROBE}),"","{NOTICE}")'
    assert not unguarded(wb, teams.NOTICE_CELLS)
    assert sum(1 for text in formulas(wb).values() if "MATCH_IMPS(" in text) == 2 * 6 * 4
    # the IMPs won are blank too while the notice shows, not 0
    assert wb[teams.MATCHES]["F2"].value.startswith('=IF($K$1<>"","",SUMIFS(')
    # printed: the matches' and the boards' columns, not the notice right of them
    assert wb[teams.MATCHES].print_area == "'Matches'!$A$1:$I$7"
    assert wb[teams.TRAVELLERS].print_area == "'Travellers'!$A$1:$O$25"


def test_the_individual_has_no_formula_on_a_sheet_left_out(nights: dict[str, Path]) -> None:
    wb = load_workbook(nights["individual"])
    # the pairs template's Expected (used) and Top read its Frequencies sheet: gone with it
    assert L.FREQUENCIES not in wb.sheetnames
    assert formulas(wb) == {}
    settings = wb[L.SETTINGS]
    assert settings.max_row == L.EXPECTED_USED_ROW - 1
    assert settings.cell(settings.max_row, 1).value == L.SETTING_ROWS[-1].label


def test_the_results_workbooks_keep_no_notice(
    nights: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for kind, notices in (("pairs", L.NOTICE_CELLS), ("teams", teams.NOTICE_CELLS)):
        out = tmp_path / f"{kind}-results.xlsx"
        assert main(["score", str(nights[kind]), "-o", str(out)]) == 0
        wb = load_workbook(out)
        for sheet, ref in notices.items():
            assert wb[sheet][ref].value is None, (kind, sheet)
        # a call left (the template's rows below the night's) is on a row with no board
        calls = [(sheet, ref) for (sheet, ref), text in formulas(wb).items() if CALL.search(text)]
        assert all(wb[sheet][f"A{wb[sheet][ref].row}"].value is None for sheet, ref in calls)
    capsys.readouterr()
