"""The teams workbook's VP scale: the Settings choice, its drop-down, and a night scored on it.

The VPs asserted are the published tables of tests/data/vp_scales (BridgeHands,
"Victory Points": the 20- and 30-point scales for 6-8 boards; the WBF discrete
20-VP table for 8 boards), read here from those files, not from xlbridge.
"""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support import paths
from support.nights import fill_round

from xlbridge.cli import main
from xlbridge.workbook.teams.night import score_teams_night

DATA = paths.DATA / "vp_scales" / "bridgehands_victory_points.csv"
WBF_DISCRETE_DATA = paths.DATA / "vp_scales" / "bridgeboxscorer_wbf_discrete.csv"
VP_SCALE_CELL = "B8"
BYE_CELL = "B9"


def published_6_8(points: int) -> dict[int, tuple[int, int]]:
    """The 6-8 board column of the BridgeHands table: IMP margin -> (winner, loser)."""
    lines = [line for line in DATA.read_text().splitlines() if not line.startswith("#")]
    table = {}
    for row in csv.DictReader(lines):
        if int(row["scale"]) != points:
            continue
        winner, loser = map(int, row["vps"].split("-"))
        first, _, last = row["imps_6_8"].rstrip("+").partition("-")
        top = 200 if row["imps_6_8"].endswith("+") else int(last or first)
        for margin in range(int(first), top + 1):
            table[margin] = (winner, loser)
    return table


def night_on(tmp_path: Path, scale: object, boards: int = 8, teams: int = 4) -> Path:
    night = tmp_path / "night.xlsx"
    assert main(["new", str(night), "--teams", str(teams), "--boards", str(boards),
                 "--rounds", "1"]) == 0  # fmt: skip
    wb = load_workbook(night)
    assert wb["Settings"]["A8"].value == "VP scale"
    wb["Settings"][VP_SCALE_CELL] = scale
    wb.save(night)
    filled = tmp_path / "filled.xlsx"
    fill_round(night, filled, 1)
    return filled


def test_settings_offers_every_scale_in_a_drop_down(tmp_path: Path) -> None:
    night = tmp_path / "night.xlsx"
    assert main(["new", str(night), "--teams", "4", "--boards", "8"]) == 0
    ws = load_workbook(night)["Settings"]
    assert ws[VP_SCALE_CELL].value == "WBF 20-VP continuous"
    lists = {str(v.sqref): v.formula1 for v in ws.data_validations.dataValidation}
    assert lists[VP_SCALE_CELL] == (
        '"WBF 20-VP continuous,WBF 20-VP discrete,ACBL 20-VP,ACBL 30-VP,own table"'
    )


@pytest.mark.parametrize(("scale", "points"), [("ACBL 20-VP", 20), ("acbl 30-vp", 30)])
def test_a_night_scored_on_an_acbl_scale(tmp_path: Path, scale: str, points: int) -> None:
    filled = night_on(tmp_path, scale)
    results = tmp_path / "results.xlsx"
    assert main(["score", str(filled), "-o", str(results)]) == 0
    result = score_teams_night(filled).result
    published = published_6_8(points)
    matches = [m for m in result.matches if m.match.away is not None]
    assert len(matches) == 2
    for m in matches:
        winner, loser = published[int(abs(m.home_margin))]
        expected = (winner, loser) if m.home_margin >= 0 else (loser, winner)
        assert (m.home_vps, m.away_vps) == expected
        assert m.home_vps + m.away_vps == points
    assert any(m.home_margin != 0 for m in matches)  # the table was really consulted
    out = load_workbook(results)
    sheet = out["Matches"]
    assert [(sheet.cell(r, 8).value, sheet.cell(r, 9).value) for r in (2, 3)] == [
        (float(m.home_vps), float(m.away_vps)) for m in matches
    ]
    ranking = out["Ranking"]
    notes = [c.value for c in ranking["A"] if isinstance(c.value, str) and "scale" in c.value]
    assert len(notes) == 1 and notes[0].startswith(f"VPs on the ACBL {points}-VP scale; ")


def published_wbf_discrete(boards: int) -> dict[int, tuple[int, int]]:
    """One match length's column of the WBF discrete table: IMP margin -> (winner, loser)."""
    lines = [
        line for line in WBF_DISCRETE_DATA.read_text().splitlines() if not line.startswith("#")
    ]
    table = {}
    for row in csv.DictReader(lines):
        winner, loser = map(int, row["vps"].split("-"))
        cell = row[f"boards_{boards}"]
        first, _, last = cell.rstrip("+").partition("-")
        top = 200 if cell.endswith("+") else int(last or first)
        for margin in range(int(first), top + 1):
            table[margin] = (winner, loser)
    return table


def test_a_night_scored_on_the_wbf_discrete_scale(tmp_path: Path) -> None:
    filled = night_on(tmp_path, "WBF 20-VP discrete")
    results = tmp_path / "results.xlsx"
    assert main(["score", str(filled), "-o", str(results)]) == 0
    result = score_teams_night(filled).result
    published = published_wbf_discrete(8)
    matches = [m for m in result.matches if m.match.away is not None]
    assert len(matches) == 2
    for m in matches:
        winner, loser = published[int(abs(m.home_margin))]
        expected = (winner, loser) if m.home_margin >= 0 else (loser, winner)
        assert (m.home_vps, m.away_vps) == expected
    assert any(m.home_margin != 0 for m in matches)
    ranking = load_workbook(results)["Ranking"]
    notes = [c.value for c in ranking["A"] if isinstance(c.value, str) and "scale" in c.value]
    assert len(notes) == 1 and notes[0].startswith("VPs on the WBF 20-VP discrete scale; ")


def test_a_match_length_the_wbf_discrete_table_skips_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = scoring_errors(night_on(tmp_path, "WBF 20-VP discrete", boards=18), capsys)
    assert (
        "Settings!B8: the WBF 20-VP discrete scale is published for matches of "
        "5 to 16, 20, 24, 28, 32, 40, 48, 56 and 64 boards, not 18"
    ) in err
    assert "Traceback" not in err


def test_the_default_scale_keeps_its_figures(tmp_path: Path) -> None:
    filled = night_on(tmp_path, None)
    result = score_teams_night(filled).result
    for m in result.matches:
        # Two decimals, summing to 20: the continuous scale, as before the choice existed.
        assert m.home_vps + m.away_vps == 20
    assert str(result.event.settings.vp_scale) == "WBF 20-VP continuous"


def scoring_errors(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["score", str(path)]) == 2
    return capsys.readouterr().err


def test_an_unknown_scale_is_refused_naming_the_settings_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = scoring_errors(night_on(tmp_path, "EBU 20-VP"), capsys)
    assert (
        "Settings!B8: 'EBU 20-VP' is not a VP scale xlbridge knows: use one of "
        "WBF 20-VP continuous, WBF 20-VP discrete, ACBL 20-VP, ACBL 30-VP"
    ) in err
    assert "Traceback" not in err and "None" not in err


def test_a_match_length_the_scale_has_no_table_for_is_refused_at_the_scale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = scoring_errors(night_on(tmp_path, "ACBL 30-VP", boards=12), capsys)
    assert (
        "Settings!B8: the ACBL 30-VP scale is published for matches of 6 to 11 boards, not 12"
        in err
    )


def test_bye_vps_are_checked_against_the_scale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    filled = night_on(tmp_path, "ACBL 30-VP", teams=5)
    wb = load_workbook(filled)
    wb["Settings"][BYE_CELL] = 18  # more than 20, allowed on a 30-VP scale
    wb.save(filled)
    result = score_teams_night(filled).result
    assert [m.home_vps for m in result.matches if m.match.away is None] == [Fraction(18)]
    wb["Settings"][VP_SCALE_CELL] = "ACBL 20-VP"
    wb["Settings"][BYE_CELL] = 25
    wb.save(filled)
    err = scoring_errors(filled, capsys)
    assert "Settings!B9: '25' is more than the 20 VPs of a match on the ACBL 20-VP scale" in err
