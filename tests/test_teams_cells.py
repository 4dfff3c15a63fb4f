"""A teams workbook is read by the same cell layer as a pairs night, with the same checks.

Each case is a slip a scorer makes in the teams workbook that the pairs reader
already refuses (a formula with no saved value, an Excel error value, merged
cells, a copied or misspelt sheet, a header row moved), refused with the pairs
reader's words and the cell it is in; and a passed-out board typed as a
contract, with the score left blank, scores 0 in that room (Law 77: no score).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from xlbridge.cli import main
from xlbridge.workbook.teams.night import score_teams_night

Slip = Callable[[Workbook], None]


def night(tmp_path: Path, slip: Slip) -> Path:
    """A 2-team, 1-board match: the open room's NS +420 (4H= by N), the closed room's slip."""
    path = tmp_path / "teams.xlsx"
    assert main(["new", str(path), "--teams", "2", "--boards", "1", "--rounds", "1"]) == 0
    wb = load_workbook(path)
    ws = wb["Travellers"]
    ws["F2"], ws["G2"], ws["H2"] = "4H", "N", "="
    ws["J2"], ws["K2"], ws["L2"] = "3H", "N", "="
    slip(wb)
    wb.save(path)
    return path


def refused(tmp_path: Path, slip: Slip, capsys: pytest.CaptureFixture[str]) -> str:
    path = night(tmp_path, slip)
    capsys.readouterr()
    assert main(["score", str(path)]) == 2
    assert not (tmp_path / "teams-results.xlsx").exists()
    err = capsys.readouterr().err
    assert "Traceback" not in err and "None" not in err
    return err


def test_a_formula_with_no_saved_value_is_refused_naming_the_cell(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Travellers"]["M2"] = "=420"  # openpyxl saves a formula without its value

    err = refused(tmp_path, slip, capsys)
    assert (
        "Travellers!M2: holds a formula (=420) with no saved value: type the value, "
        "or open the workbook in Excel and save it"
    ) in err


def test_an_excel_error_is_named_as_the_pairs_reader_names_it(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Travellers"]["M2"] = "#N/A"

    err = refused(tmp_path, slip, capsys)
    assert "Travellers!M2: #N/A is an Excel error, not a value: usually a lookup" in err


def test_merged_cells_are_refused(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        ws = wb["Travellers"]
        ws["I3"] = 100
        ws.merge_cells("I2:I3")

    err = refused(tmp_path, slip, capsys)
    assert "Travellers!I2:I3: merged cells: unmerge them" in err


def test_a_copied_travellers_sheet_is_not_left_out_silently(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb.copy_worksheet(wb["Travellers"]).title = "Travellers (2)"

    err = refused(tmp_path, slip, capsys)
    assert "sheet 'Travellers (2)': looks like the Travellers sheet" in err


def test_a_moved_header_row_is_refused(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Matches"]["A1"] = 1

    err = refused(tmp_path, slip, capsys)
    assert "Matches!A1: expected the header 'Round', found 1: keep the header row" in err


def test_all_pass_with_a_blank_score_scores_zero(tmp_path):
    def slip(wb: Workbook) -> None:
        ws = wb["Travellers"]
        ws["J2"], ws["K2"], ws["L2"] = "All Pass", None, None

    scored = score_teams_night(night(tmp_path, slip))
    # +420 against a passed-out board: 420 points, 9 IMPs on the WBF table (370-420)
    match = scored.result.matches[0]
    assert (match.home_imps, match.away_imps) == (9, 0)


def test_a_date_typed_as_text_is_read(tmp_path):
    def slip(wb: Workbook) -> None:
        ws = wb["Settings"]
        for row in range(1, ws.max_row + 1):
            if str(ws.cell(row, 1).value).strip().lower() == "date":
                ws.cell(row, 2).value = "24/11/2026"

    scored = score_teams_night(night(tmp_path, slip))
    assert scored.night.date is not None and scored.night.date.isoformat() == "2026-11-24"


def five_teams(tmp_path: Path) -> tuple[Path, Workbook]:
    """A 5-team Swiss, round 1 typed: the open rooms bid and made game (4H=: +420 on board 1,
    +620 on board 2, NS vulnerable), the closed rooms a partscore (3H=: +140)."""
    path = tmp_path / "five.xlsx"
    assert main(["new", str(path), "--teams", "5", "--boards", "2", "--rounds", "2"]) == 0
    wb = load_workbook(path)
    ws = wb["Travellers"]
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, 1).value == 1:
            game = 420 if ws.cell(row, 3).value == 1 else 620
            ws.cell(row, 9).value, ws.cell(row, 13).value = game, 140
    return path, wb


def test_a_bye_team_given_a_score_is_refused_naming_the_cell(tmp_path, capsys):
    path, wb = five_teams(tmp_path)
    wb["Travellers"].append([1, None, 1, 5, None, None, None, None, 420, None, None, None, 140])
    wb.save(path)
    capsys.readouterr()
    assert main(["score", str(path)]) == 2
    assert (
        "Travellers!D6: team 5 has the bye in round 1: a bye plays no boards, so this row has "
        "nothing to score; delete it"
    ) in capsys.readouterr().err


def test_one_room_left_blank_is_named_and_the_match_counts_its_boards_played(tmp_path, capsys):
    path, wb = five_teams(tmp_path)
    wb["Travellers"]["M2"] = None  # board 1 of 1 v 2: the closed room not typed yet
    wb.save(path)
    scored = score_teams_night(path)
    assert "round 1 table 1 (1 v 2): board 1 has no result in the closed room yet" in (
        scored.result.warnings
    )
    match = next(m for m in scored.result.matches if m.match.home == 1)
    # board 2 only: +620 against +140 is 480, 10 IMPs (WBF scale: 430-490)
    assert (match.home_imps, match.away_imps) == (10, 0)
