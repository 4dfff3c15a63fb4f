"""A night opened without the xlbridge add-in (LibreOffice headless): no error anywhere.

Each night ``xlbridge new`` makes (pairs, teams, individual), results typed,
is recalculated by LibreOffice, which knows none of xlbridge's functions, as
Excel without the add-in does not: no cell of any sheet shows an error value,
the sheets that need the add-in say so in one line, the figures a
spreadsheet computes alone are right, the night prints with no error and no
``###``, and ``xlbridge score`` scores LibreOffice's copy exactly as the
original.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.libreoffice import libreoffice_copy, needs_office, pages, recalculated, to_pdf
from support.nights import figures, fill_round, filled, filled_individual

from xlbridge.cli import main
from xlbridge.workbook.individual.night import score_individual_night
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.night import score_night
from xlbridge.workbook.shared.addin import NOTICE
from xlbridge.workbook.teams import template as teams
from xlbridge.workbook.teams.night import score_teams_night

#: What a spreadsheet shows for an error: Excel's values, LibreOffice's Err:nnn, a cell too
#: narrow for its number.
ERRORS = ("#NAME?", "#VALUE!", "#REF!", "#DIV/0!", "#N/A", "#NUM!", "#NULL!", "Err:", "###")


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("nights")
    made = folder / "teams-new.xlsx"
    new_teams = ["new", str(made), "--teams", "4", "--boards", "4", "--format", "round-robin"]
    assert main(new_teams) == 0
    fill_round(made, folder / "teams.xlsx", 1)
    return {
        "pairs": filled(folder, "pairs", "--tables", "3", "--boards", "6"),
        "teams": folder / "teams.xlsx",
        "individual": filled_individual(folder),
    }


def shown_errors(wb: Any) -> list[str]:
    return [
        f"{ws.title}!{cell.coordinate}: {cell.value}"
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith(ERRORS)
    ]


@needs_office
@pytest.mark.parametrize("kind", ["pairs", "teams", "individual"])
def test_no_cell_shows_an_error(nights: dict[str, Path], kind: str, tmp_path: Path) -> None:
    wb = recalculated(nights[kind], tmp_path)
    assert not shown_errors(wb)
    notices = {"pairs": L.NOTICE_CELLS, "teams": teams.NOTICE_CELLS, "individual": {}}[kind]
    for sheet, ref in notices.items():
        assert wb[sheet][ref].value == NOTICE, (sheet, ref)
    if kind == "pairs":
        # 3 tables: each board played 3 times; the matchpoint top 2 x (3 - 1) = 4
        settings = wb[L.SETTINGS]
        assert settings.cell(L.EXPECTED_USED_ROW, 2).value == 3
        assert settings.cell(L.EXPECTED_USED_ROW + 1, 2).value == 4
        assert wb[L.FREQUENCIES]["G1"].value == 3  # board 1's results
        # what needs the add-in is blank, not an error: the score of 4H by S made, board 1
        assert wb[L.TRAVELLERS]["D2"].value == "4H"
        assert wb[L.TRAVELLERS]["I2"].value is None
        assert wb[L.BOARD_RESULTS]["G2"].value is None
        assert wb[L.RANKING]["A2"].value is None
    if kind == "teams":
        # round 1, table 1: team 1 v team 4, the open room's NS 650 typed; no IMPs, no VPs
        assert wb[teams.TRAVELLERS]["I2"].value == 650
        assert [wb[teams.MATCHES][f"{c}2"].value for c in "CDFGHI"] == [1, 4, *[None] * 4]


@needs_office
@pytest.mark.parametrize("kind", ["pairs", "teams", "individual"])
def test_the_night_prints_no_error(nights: dict[str, Path], kind: str, tmp_path: Path) -> None:
    night = tmp_path / nights[kind].name
    night.write_bytes(nights[kind].read_bytes())
    printed = pages(to_pdf(night))
    assert printed
    wrong = [line for page in printed for line in page if any(e in line for e in ERRORS)]
    assert not wrong


@needs_office
def test_libreoffices_copy_scores_the_same(nights: dict[str, Path], tmp_path: Path) -> None:
    pairs = libreoffice_copy(nights["pairs"], tmp_path / "pairs")
    assert figures(score_night(pairs)) == figures(score_night(nights["pairs"]))
    team_copy = libreoffice_copy(nights["teams"], tmp_path / "teams")
    assert score_teams_night(team_copy).result == score_teams_night(nights["teams"]).result
    players = libreoffice_copy(nights["individual"], tmp_path / "individual")
    ranked = score_individual_night(players).result.pairs
    assert ranked == score_individual_night(nights["individual"]).result.pairs
    # the worked individual (support.nights.filled_individual): player 12 first, 84 of 88
    assert (ranked[0].pair.label.number, ranked[0].total) == ("12", 84)
