"""A setting that takes Yes or No refuses anything else, naming its cell (issue 35, class 3).

The pairs workbook's Yes/No settings: ``Butler: datum of real results`` and
``Factor fewer boards`` (used in scoring) and ``Master points awarded`` (only
carried to the USEBIO file's MPS_AWARDED_FLAG, Y or N).  Each refuses a value
that is not a yes or a no, whatever reaches it, and no results are written.
The teams workbook has no Yes/No setting; the individual workbook reads the
pairs Settings sheet.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import build, run_score
from support.paths import DATA

from xlbridge.cli import main
from xlbridge.workbook.pairs import layout as L

#: What people type that is not a yes or a no, each as the message quotes it.
NOT_YES_OR_NO = [("Maybe", "'Maybe'"), ("Y?", "'Y?'"), (2, "2"), ("yes please", "'yes please'")]

#: The row added for the national body's flag, below the template's rows.
FLAG_ROW = 40


def _setting(name: str, value: object):
    def mutate(wb: Workbook) -> None:
        sheet = wb[L.SETTINGS]
        if name == "MasterPointsAwarded":
            sheet.cell(FLAG_ROW, 1, "Master points awarded")
            sheet.cell(FLAG_ROW, 2, value)
        else:
            sheet.cell(L.setting_row(name), 2, value)

    return mutate


def _cell(name: str) -> str:
    row = FLAG_ROW if name == "MasterPointsAwarded" else L.setting_row(name)
    return f"Settings!B{row}"


SETTINGS = {
    "DatumReal": "the Butler datum of the real results setting must be Yes or No",
    "FactorBoards": "the factor fewer boards setting must be Yes or No",
    "MasterPointsAwarded": "the master points awarded setting must be Yes or No",
}


@pytest.mark.parametrize("name", sorted(SETTINGS))
@pytest.mark.parametrize(("value", "quoted"), NOT_YES_OR_NO)
def test_a_yes_no_setting_refuses_anything_else(
    small_night: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    value: object,
    quoted: str,
) -> None:
    path = build(small_night, tmp_path, _setting(name, value))
    status, _, err = run_score(path, capsys)
    assert status != 0
    assert f"{_cell(name)}: {SETTINGS[name]}, not {quoted}" in err
    assert not path.with_name("out.xlsx").exists()


@pytest.mark.parametrize("name", sorted(SETTINGS))
@pytest.mark.parametrize("value", ["Yes", "no", "Y", "N", True])
def test_a_yes_or_a_no_is_taken(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, value: object
) -> None:
    path = build(small_night, tmp_path, _setting(name, value))
    status, _, err = run_score(path, capsys)
    assert status == 0, err


def test_a_files_flag_that_is_neither_is_refused_when_the_workbook_is_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A USEBIO file's MPS_AWARDED_FLAG (Y in Compscore3's file) edited to Maybe: the import
    keeps it as the file says, in the Master points awarded row, and scoring refuses it there
    rather than writing it to the next USEBIO file."""
    text = (DATA / "usebio" / "mp_pairs_mitchell_03.xml").read_text(encoding="utf-8")
    assert text.count("<MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>") == 1
    source = tmp_path / "night.xml"
    source.write_text(text.replace(">Y</MPS", ">Maybe</MPS"), encoding="utf-8")
    night = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 0
    capsys.readouterr()
    sheet = load_workbook(night)[L.SETTINGS]
    (row,) = [
        r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == "Master points awarded"
    ]
    assert sheet.cell(row, 2).value == "Maybe"
    out = tmp_path / "out.xml"
    status = main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)])
    assert status != 0
    message = f"Settings!B{row}: the master points awarded setting must be Yes or No, not 'Maybe'"
    assert message in capsys.readouterr().err
    assert not out.exists()
