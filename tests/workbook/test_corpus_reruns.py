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
import zipfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import build, digest, fill_round, put, run_score

from xlbridge import outputs
from xlbridge.cli import main


def both(*mutations: Callable[[Workbook], None]) -> Callable[[Workbook], None]:
    def mutate(wb: Workbook) -> None:
        for mutation in mutations:
            mutation(wb)

    return mutate


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

    monkeypatch.setattr(outputs.os, "replace", locked)
    capsys.readouterr()
    assert main(["draw", str(night), "--round", "2"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: cannot write {night}: it is open in another program (Excel?) or "
        "read-only: close it (or give another name) and run the command again\n"
    )
    assert digest(night) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["swiss.xlsx"]
    monkeypatch.setattr(outputs.os, "replace", replace)  # Excel closed: the same command
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
        f"error: -o {results} was written by xlbridge but has been changed since "
        "(a correction typed in it?): give another name, or add --force to replace it\n"
    )
    assert digest(results) == corrected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.xlsx", "tuesday.xlsx"]
    assert main(["score", str(night), "-o", str(results), "--force"]) == 0
    assert digest(results) != corrected
    assert main(["score", str(night), "-o", str(results)]) == 0  # xlbridge's own again


#: 300 bytes: more than any common file system takes in one name (ext4, NTFS, APFS: 255)
LONG = "Tuesday Pairs " * 20 + "at the old club.xlsx"
MITCHELL = ["--movement", "mitchell", "--tables", "3", "--boards", "3"]


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        (["score", "{night}", "-o", "{long}"], "-o {short}"),
        (["score", "{night}", "--html", "{long_html}"], "--html {short}"),
        (["new", "{long}"], "{short}"),
        (["new", "{long}", *MITCHELL], "{short}"),
        (["new", "{long}", "--teams", "4", "--boards", "2"], "{short}"),
        (["import", "{night}", "-o", "{long}"], "-o {short}"),
        (["merge", "{night}", "{night}", "-o", "{long}"], "-o {short}"),
    ],
)
def test_a_name_too_long_for_the_file_system_is_refused_in_one_line(
    small_night: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    shown: str,
) -> None:
    night = tmp_path / "tuesday.xlsx"
    night.write_bytes(small_night.read_bytes())
    long = tmp_path / LONG
    long_html = tmp_path / LONG.replace(".xlsx", ".html")
    name = long_html if "--html" in command else long
    short = os.fspath(tmp_path / name.name[:40]) + "..."
    words = {"night": str(night), "long": str(long), "long_html": str(long_html)}
    capsys.readouterr()
    assert main([part.format(**words) for part in command]) == 2
    where = shown.format(short=short)
    assert capsys.readouterr().err == (
        f"error: {where}: the file name is 300 bytes long, more than the 255 a file "
        "system takes: give a shorter name\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tuesday.xlsx"]


def test_a_draw_whose_kept_copy_would_be_too_long_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / ("Swiss " * 40 + ".xlsx")  # 245 bytes; its copy's name, 259
    assert main(["new", str(night), "--teams", "4", "--boards", "2"]) == 0
    fill_round(night, night, 1)
    before = digest(night)
    capsys.readouterr()
    assert main(["draw", str(night), "--round", "2"]) == 2
    keep = night.with_name(night.stem + "-before-round2.xlsx")
    assert capsys.readouterr().err == (
        f"error: the copy kept before the draw {os.fspath(keep)[: 40 + len(str(tmp_path)) + 1]}"
        "...: the file name is 259 bytes long, more than the 255 a file system takes: "
        "give a shorter name (or draw with -o OUT.xlsx)\n"
    )
    assert digest(night) == before
    out = tmp_path / "round2.xlsx"
    assert main(["draw", str(night), "--round", "2", "-o", str(out)]) == 0


def test_a_long_event_name_is_only_a_title(tmp_path: Path) -> None:
    night = tmp_path / "n.xlsx"
    event = LONG.removesuffix(".xlsx")
    assert main(["new", str(night), "--teams", "4", "--boards", "2", "--event", event]) == 0
    assert load_workbook(night)["Settings"]["B2"].value == event


def setting_cell(path: Path, label: str) -> str:
    sheet = load_workbook(path)["Settings"]
    row = next(r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == label)
    return f"B{row}"


def test_a_pairs_boards_setting_in_the_millions_is_refused_at_its_cell(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cell = setting_cell(small_night, "Boards")
    tables = setting_cell(small_night, "Tables")
    night = build(small_night, tmp_path, both(put("Settings", cell, 9_000_000),
                                              put("Settings", tables, 1_000_000)))  # fmt: skip
    status, _, err = run_score(night, capsys)
    assert status == 2
    assert err == (
        "error: 2 problems in the workbook:\n"
        f"Settings!{tables}: the number of tables must be a whole number from 1 to 100, "
        "not 1000000\n"
        f"Settings!{cell}: the number of boards must be a whole number from 1 to 200, "
        "not 9000000\n"
    )
    assert not (tmp_path / "out.xlsx").exists()


@pytest.mark.parametrize(
    ("sheet", "cell", "value", "message"),
    [
        (
            "Settings",
            "B6",
            5_000_000,
            "Settings!B6: a match of 5000000 boards is more than a VP scale is made for: "
            "give the boards per match, at most 1000",
        ),
        (
            "Matches",
            "E2",
            "1-5000000000",
            "Matches!E2: '1-5000000000' names 5000000000 boards, more than a match can have "
            "(at most 1000)",
        ),
        (
            "Matches",
            "E2",
            "1-600,601-1200",
            "Matches!E2: '1-600,601-1200' names 1200 boards, more than a match can have "
            "(at most 1000)",
        ),
    ],
)
def test_a_teams_match_of_millions_of_boards_is_refused_at_its_cell(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    sheet: str,
    cell: str,
    value: object,
    message: str,
) -> None:
    night = tmp_path / "swiss.xlsx"
    assert main(["new", str(night), "--teams", "4", "--boards", "2"]) == 0
    assert setting_cell(night, "Boards per match") == "B6"
    fill_round(night, night, 1)
    wb = load_workbook(night)
    wb[sheet][cell] = value
    wb.save(night)
    capsys.readouterr()
    assert main(["score", str(night)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[1] == message
    assert "MemoryError" not in err and not (tmp_path / "swiss-results.xlsx").exists()


def renumber_row(path: Path, part: str, row: int, number: str) -> None:
    """The sheet's ``<row r="row">`` renumbered ``number`` in the package's XML."""
    with zipfile.ZipFile(path) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members:
            if info.filename == part:
                before = f'<row r="{row}"'.encode()
                assert before in data
                data = data.replace(before, f'<row r="{number}"'.encode(), 1)
            archive.writestr(info, data)


AGAIN = "open it in Excel or LibreOffice, save it again as .xlsx, and retry"


@pytest.mark.parametrize(
    ("sheet", "part", "row", "number"),
    [
        ("Settings", "sheet2", 3, "-1"),
        ("Teams", "sheet3", 2, "-1"),
        ("Matches", "sheet4", 3, "-1"),
        ("Travellers", "sheet5", 4, "-1"),
        ("Travellers", "sheet5", 1, "0"),
        ("Travellers", "sheet5", 3, "2"),
        ("Rulings", "sheet6", 2, "-1"),
    ],
)
def test_a_teams_sheet_numbering_a_row_minus_one_is_refused_as_damaged(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    sheet: str,
    part: str,
    row: int,
    number: str,
) -> None:
    night = swiss_after_round1(tmp_path)
    wb = load_workbook(night)
    wb["Rulings"].append(["R1", "", 420, "60%", "4H= by N"])
    wb["Rulings"].append(["R1", "", -50, "40%", "4H-1 by N"])
    wb.save(night)
    renumber_row(night, f"xl/worksheets/{part}.xml", row, number)
    before = digest(night)
    after = f" after row {row - 1}" if row > 1 else ""
    message = (
        f"error: {night} is damaged: its part xl/worksheets/{part}.xml (the sheet "
        f"'{sheet}') numbers a row '{number}'{after}: {AGAIN}\n"
    )
    capsys.readouterr()
    assert main(["score", str(night)]) == 2
    assert capsys.readouterr().err == message
    assert main(["draw", str(night), "--round", "2"]) == 2
    assert capsys.readouterr().err == message
    assert digest(night) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["swiss.xlsx"]


def test_a_draw_does_not_rewrite_a_damaged_sheet_it_does_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = swiss_after_round1(tmp_path)
    renumber_row(night, "xl/worksheets/sheet1.xml", 3, "-1")  # the How to use sheet
    before = digest(night)
    capsys.readouterr()
    assert main(["score", str(night)]) == 0  # the entries are whole: the night is scored
    capsys.readouterr()
    assert main(["draw", str(night), "--round", "2"]) == 2  # but rewritten, row 3 would go
    assert capsys.readouterr().err == (
        f"error: {night} is damaged: its part xl/worksheets/sheet1.xml (the sheet "
        f"'How to use') numbers a row '-1' after row 1: {AGAIN}\n"
    )
    assert digest(night) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["swiss-results.xlsx", "swiss.xlsx"]


@pytest.mark.parametrize(
    ("sheet", "cell", "value", "message"),
    [
        (  # 1-2 typed in a US Excel: January 2nd, shown 2-Jan
            "Matches",
            "E2",
            datetime(2026, 1, 2),
            "Matches!E2: Excel read 1-2 as a date (2-Jan): type the boards as text, '1-2",
        ),
        (  # 1-2 typed in a UK Excel: 1 February, shown 1-Feb
            "Matches",
            "E3",
            datetime(2026, 2, 1),
            "Matches!E3: Excel read 1-2 as a date (1-Feb): type the boards as text, '1-2",
        ),
        (
            "Teams",
            "A2",
            datetime(2026, 1, 2),
            "Teams!A2: the date 2 January 2026 is not a whole number",
        ),
        (
            "Matches",
            "A2",
            datetime(2026, 1, 2, 14, 30),
            "Matches!A2: the date and time 2 January 2026 14:30 is not a whole number",
        ),
    ],
)
def test_a_range_excel_turned_into_a_date_is_quoted_as_excel_shows_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    sheet: str,
    cell: str,
    value: object,
    message: str,
) -> None:
    night = swiss_after_round1(tmp_path)
    wb = load_workbook(night)
    wb[sheet][cell] = value
    wb.save(night)
    capsys.readouterr()
    assert main(["score", str(night)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert message in lines
    assert not any("2026-0" in line or "datetime" in line for line in lines)


@pytest.mark.parametrize(
    ("sheet", "cell", "message"),
    [
        ("Travellers", "B2", "Travellers!B2: the date 4 January 2026 is not a pair number"),
        (
            "Rulings",
            "A2",
            "Rulings!A2: ruling '4-JAN': the weights add up to 60%, not 100%",
        ),
    ],
)
def test_a_pairs_cell_excel_turned_into_a_date_is_quoted_as_excel_shows_it(
    small_night: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    sheet: str,
    cell: str,
    message: str,
) -> None:
    night = build(small_night, tmp_path, put(sheet, cell, datetime(2026, 1, 4)))
    status, _, err = run_score(night, capsys)
    assert status == 2
    assert message in err.splitlines()
    assert "2026-01-04" not in err and "00:00" not in err
