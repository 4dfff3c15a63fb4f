"""The bad-input corpus, third round: slips a scorer makes at the command line.

A command that fails leaves nothing behind and can simply be run again; a
results workbook corrected by hand is not replaced without ``--force``; a name
too long for the file system, a match of millions of boards, a movement in
which no result is compared, a damaged teams sheet and a range Excel turned
into a date are each refused in one line naming what is wrong.  Each case
asserts its exact message (exit 2) or the files left in the folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.nights import digest, fill_round

from xlbridge import safefile
from xlbridge.cli import main


def swiss_after_round1(folder: Path) -> Path:
    night = folder / "swiss.xlsx"
    assert main(["new", str(night), "--teams", "4", "--boards", "2"]) == 0
    fill_round(night, night, 1)
    return night


def test_a_draw_into_a_locked_workbook_leaves_nothing_and_runs_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    night = swiss_after_round1(tmp_path)
    before = digest(night)
    replace = os.replace

    def locked(source: object, target: object) -> None:  # Excel has the night open
        if Path(os.fspath(target)) == night:  # type: ignore[arg-type]
            raise PermissionError(13, "The process cannot access the file")
        replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(safefile.os, "replace", locked)
    capsys.readouterr()
    assert main(["draw", str(night), "--round", "2"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: cannot write '{night}': it is open in another program (Excel?) or "
        "read-only: close it (or give another name) and run the command again\n"
    )
    assert digest(night) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["swiss.xlsx"]
    monkeypatch.setattr(safefile.os, "replace", replace)  # Excel closed: the same command
    assert main(["draw", str(night), "--round", "2"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "swiss-before-round2.xlsx",
        "swiss.xlsx",
    ]


def test_a_draw_of_the_wrong_round_leaves_nothing_and_runs_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = swiss_after_round1(tmp_path)
    before = digest(night)
    capsys.readouterr()
    assert main(["draw", str(night), "--round", "3"]) == 2
    assert capsys.readouterr().err == (
        "error: --round 3: the workbook has round 1 drawn, so the next is round 2\n"
    )
    assert main(["draw", str(night), "--round", "0", "-o", str(tmp_path / "r.xlsx")]) == 2
    assert "--round 0: the workbook has round 1 drawn" in capsys.readouterr().err
    assert digest(night) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["swiss.xlsx"]
    assert main(["draw", str(night), "--round", "2"]) == 0


def test_a_results_workbook_corrected_by_hand_is_not_replaced_without_force(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "tuesday.xlsx"
    night.write_bytes(small_night.read_bytes())
    results = tmp_path / "results.xlsx"
    assert main(["score", str(night), "-o", str(results)]) == 0
    assert main(["score", str(night), "-o", str(results)]) == 0  # its own: replaced
    wb = load_workbook(results)
    wb["Ranking"]["B2"] = "Ann Smith & Bob Jones (corrected)"  # typed in after scoring
    wb.save(results)
    corrected = digest(results)
    capsys.readouterr()
    assert main(["score", str(night), "-o", str(results)]) == 2
    assert capsys.readouterr().err == (
        f"error: -o '{results}' was written by xlbridge but has been changed since "
        "(a correction typed in it?): give another name, or add --force to replace it\n"
    )
    assert digest(results) == corrected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.xlsx", "tuesday.xlsx"]
    assert main(["score", str(night), "-o", str(results), "--force"]) == 0
    assert digest(results) != corrected
    assert main(["score", str(night), "-o", str(results)]) == 0  # xlbridge's own again
