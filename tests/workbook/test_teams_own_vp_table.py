"""A club's own VP table in a teams workbook: Settings' *VP scale* says ``own table`` and
the club types its table on a sheet named ``VP table`` (IMP margin from, Winner's VPs,
Loser's VPs).  The round robin of ``support.nights.round_robin_five`` on the table
``CLUB`` (a 20-VP table in steps of the club's choosing), every figure worked by hand:

Round 1, table 1 (4 v 1): 14 IMPs to 24 (the Travellers' scores on the IMP scale of Law
78B: 10, 11 and 3 IMPs to the away team, 14 to the home team), a margin of 10: the row
"8" (8 to 12 IMPs) gives 14-6, so team 1 has 14 VPs and team 4 has 6.  Round 2, table 2
(1 v 2): 18 IMPs to 15, a margin of 3: the row "1" (1 to 3 IMPs) gives 11-9.

Team 3: won by 1 (row "1": 11), lost by 36 (row "30", 30 or more: 0), the bye (12, as
Settings' VPs for a bye say), won by 48 (20), won by 23 (row "20", 20 to 29: 18): 61 VPs,
first.  Team 4: lost by 10 (6), the bye (12), won by 1 (11), won by 1 (11), lost by 23
(2): 42 VPs, last.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.nights import round_robin_five

from xlbridge.cli import main

CLUB = [(0, 10, 10), (1, 11, 9), (4, 12, 8), (8, 14, 6), (13, 16, 4), (20, 18, 2), (30, 20, 0)]


def _with_table(night: Path, target: Path, rows: list[tuple[object, ...]]) -> Path:
    wb = load_workbook(night)
    wb["Settings"]["B8"] = "own table"
    sheet = wb.create_sheet("VP table")
    sheet.append(("IMP margin from", "Winner's VPs", "Loser's VPs"))
    for row in rows:
        sheet.append(row)
    wb.save(target)
    return target


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The round robin on the club's table, scored into results.xlsx, page.html, night.xml."""
    folder = tmp_path_factory.mktemp("own-table")
    path = _with_table(round_robin_five(folder), folder / "own.xlsx", CLUB)
    command = ["score", str(path), "-o", str(folder / "results.xlsx")]
    command += ["--html", str(folder / "page.html")]
    assert main([*command, "--usebio", str(folder / "night.xml")]) == 0
    return path


def test_the_terminal_ranks_on_the_clubs_table(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(night), "-o", str(tmp_path / "again.xlsx")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3].split() == ["1", "3", "Team", "3", "4", "106", "70", "61.00"]
    assert lines[7].split() == ["5", "4", "Team", "4", "4", "63", "94", "42.00"]


def test_the_results_workbook_gives_each_match_its_vps_from_the_table(night: Path) -> None:
    wb = load_workbook(night.with_name("results.xlsx"))
    matches = [[c.value for c in row[:9]] for row in wb["Matches"].iter_rows(min_row=2)]
    assert matches[0] == [1, 1, 4, 1, "1-4", 14, 24, 6, 14]
    assert matches[2] == [1, None, 5, "BYE", None, None, None, 12, None]
    assert matches[4] == [2, 2, 1, 2, "5-8", 18, 15, 11, 9]
    ranking = wb["Ranking"]
    assert [ranking.cell(2, c).value for c in (1, 2, 9)] == ["1", 3, 61]
    assert str(ranking.cell(8, 1).value).startswith("VPs on the club's own table; ")
    table = [tuple(c.value for c in row) for row in wb["VP table"].iter_rows(min_row=2)]
    assert table == CLUB


def test_the_web_page_names_the_clubs_table(night: Path) -> None:
    page = night.with_name("page.html").read_text(encoding="utf-8")
    assert "VPs on the club&#x27;s own table;" in page
    assert "61.00" in page and "14.00" in page


def test_usebio_carries_the_table_and_reads_back_every_figure(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    usebio = night.with_name("night.xml").read_text(encoding="utf-8")
    assert 'vp_table="0 10 10;1 11 9;4 12 8;8 14 6;13 16 4;20 18 2;30 20 0"' in usebio
    back = tmp_path / "back.xlsx"
    assert main(["import", str(night.with_name("night.xml")), "-o", str(back)]) == 0
    assert "all reproduced" in capsys.readouterr().out
    wb = load_workbook(back)
    assert wb["Settings"]["B8"].value == "own table"
    assert [tuple(c.value for c in r) for r in wb["VP table"].iter_rows(min_row=2)] == CLUB
    assert main(["score", str(back), "-o", str(tmp_path / "back-results.xlsx")]) == 0
    assert capsys.readouterr().out.splitlines()[3].split()[-1] == "61.00"


@pytest.mark.parametrize(
    ("row", "column", "value", "message"),
    [
        (  # margins that overlap: the row "8" typed 4, as the row above
            5,
            "A",
            4,
            "VP table!A5: the IMP margins must rise from row to row, and 4 does not rise "
            "from 4: type a margin above 4",
        ),
        (
            4,
            "C",
            9,
            "VP table!C4: 4 IMPs 12-9 gives 21 VPs in all, and the draw row gives 20: every "
            "row must add up the same (with 12 for the winner, type 8 for the loser)",
        ),
        (
            5,
            "B",
            "14a",
            "VP table!B5: '14a' is not a number: type a whole number or a decimal (12 or 12.5)",
        ),
        (  # the row "13" typed 13-7, below the row above's 14: the table falls
            6,
            "B",
            (13, 7),
            "VP table!B6: the winner's VPs 13 must be at least the row above's (14) and the "
            "loser's (7): type 14 or more",
        ),
    ],
)
def test_a_slip_in_the_clubs_table_is_refused_at_its_cell(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    row: int,
    column: str,
    value: object,
    message: str,
) -> None:
    rows = [list(r) for r in CLUB]
    index = "ABC".index(column)
    if isinstance(value, tuple):
        rows[row - 2][1:] = value
    else:
        rows[row - 2][index] = value
    night = _with_table(round_robin_five(tmp_path), tmp_path / "slip.xlsx", list(map(tuple, rows)))
    out = tmp_path / "out.xlsx"
    assert main(["score", str(night), "-o", str(out)]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == message
    assert not out.exists()


def test_a_blank_row_inside_the_table_and_a_missing_sheet_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = round_robin_five(tmp_path)
    gap = _with_table(night, tmp_path / "gap.xlsx", [*CLUB[:2], (None, None, None), *CLUB[2:]])
    assert main(["score", str(gap), "-o", str(tmp_path / "a.xlsx")]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "VP table!A4: a blank row inside the VP table: type the step there or delete the row"
    )
    wb = load_workbook(night)
    wb["Settings"]["B8"] = "Own Table"
    wb.save(tmp_path / "none.xlsx")
    assert main(["score", str(tmp_path / "none.xlsx"), "-o", str(tmp_path / "b.xlsx")]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "Settings!B8: 'Own Table' needs the club's table on a sheet named 'VP table': add it, "
        "with IMP margin from, Winner's VPs and Loser's VPs in columns A to C and a row for "
        "each step from the draw (0) up"
    )
