"""Nothing a scorer typed is overwritten, and nothing is left half-written.

``score -o`` and ``draw`` replace a file only when xlbridge wrote it (an
earlier results workbook, page or file), never a night being filled in,
unless ``--force``; a results file that is open in Excel (on Windows a
``PermissionError`` from the rename) or a folder that cannot be written gives
one line saying which file, exit status 2, and leaves no file behind.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.paths import EXAMPLE

from xlbridge import outputs
from xlbridge.cli import main
from xlbridge.outputs import is_own_output


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "tuesday.xlsx"
    shutil.copy(EXAMPLE, path)
    return path


def test_score_onto_a_filled_night_is_refused_and_changes_nothing(night, tmp_path, capsys):
    precious = tmp_path / "precious.xlsx"
    shutil.copy(EXAMPLE, precious)  # another night, filled in
    before = digest(precious)
    assert main(["score", str(night), "-o", str(precious)]) == 2
    err = capsys.readouterr().err
    assert f"-o {precious} exists and is not a file xlbridge wrote" in err
    assert "--force" in err
    assert digest(precious) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious.xlsx", "tuesday.xlsx"]
    assert main(["score", str(night), "-o", str(precious), "--force"]) == 0
    assert is_own_output(precious)


def test_scoring_again_replaces_its_own_outputs(night, tmp_path, capsys):
    page, xml, pbn = tmp_path / "t.html", tmp_path / "t.xml", tmp_path / "t.pbn"
    command = ["score", str(night), "--html", str(page), "--usebio", str(xml), "--pbn", str(pbn)]
    assert main(command) == 0
    results = tmp_path / "tuesday-results.xlsx"
    assert all(is_own_output(p) for p in (results, page, xml, pbn))
    assert not is_own_output(night)
    assert main(command) == 0  # each output is xlbridge's: replaced without a word


def test_a_page_someone_wrote_is_not_replaced(night, tmp_path, capsys):
    page = tmp_path / "index.html"
    page.write_text("<html><body>The club's own home page</body></html>", encoding="utf-8")
    assert main(["score", str(night), "--html", str(page)]) == 2
    assert "--html" in capsys.readouterr().err
    assert "home page" in page.read_text(encoding="utf-8")
    assert not (tmp_path / "tuesday-results.xlsx").exists()  # all or none


def test_a_second_draw_does_not_overwrite_a_filled_round(tmp_path, capsys):
    swiss = tmp_path / "swiss.xlsx"
    assert main(["new", str(swiss), "--teams", "4", "--boards", "2"]) == 0
    wb = load_workbook(swiss)
    ws = wb["Travellers"]
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, 1).value == 1:
            game = 420 if ws.cell(row, 3).value == 1 else 620  # board 2: NS vulnerable
            ws.cell(row, 9).value, ws.cell(row, 13).value = game, 140
    wb.save(swiss)
    round1 = swiss.read_bytes()
    assert main(["draw", str(swiss), "--round", "2"]) == 0  # into swiss.xlsx itself
    kept = tmp_path / "swiss-before-round2.xlsx"
    assert kept.read_bytes() == round1  # the workbook as it was before the draw
    wb = load_workbook(swiss)
    wb["Teams"]["B2"] = "The Aces"  # the scorer works on in the one workbook
    wb.save(swiss)
    before = digest(swiss), digest(kept)
    capsys.readouterr()
    assert main(["draw", str(swiss), "--round", "2"]) == 2
    err = capsys.readouterr().err
    assert "swiss-before-round2.xlsx exists already" in err and "--force" in err
    assert (digest(swiss), digest(kept)) == before
    round3 = tmp_path / "r3.xlsx"
    round3.write_bytes(b"someone's file")
    assert main(["draw", str(swiss), "--round", "3", "-o", str(round3)]) == 2
    assert round3.read_bytes() == b"someone's file"


def test_a_locked_results_file_gives_one_line_and_leaves_nothing(
    night, tmp_path, capsys, monkeypatch
):
    results = tmp_path / "tuesday-results.xlsx"
    assert main(["score", str(night)]) == 0
    before = digest(results)
    replace = os.replace

    def locked(source: object, target: object) -> None:
        if Path(os.fspath(target)) == results:  # type: ignore[arg-type]
            raise PermissionError(13, "The process cannot access the file")
        replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(outputs.os, "replace", locked)
    capsys.readouterr()
    assert main(["score", str(night), "--html", str(tmp_path / "t.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"cannot write {results}: it is open in another program (Excel?)" in err
    assert digest(results) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tuesday-results.xlsx", "tuesday.xlsx"]


def test_a_folder_that_cannot_be_written(night, tmp_path, capsys, monkeypatch):
    def refused(target: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(outputs, "_create_temp", refused)
    out = tmp_path / "out" / "r.xlsx"
    out.parent.mkdir()
    assert main(["score", str(night), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "the folder" in err and "cannot be written to" in err and "Traceback" not in err
    assert not any(out.parent.iterdir())
