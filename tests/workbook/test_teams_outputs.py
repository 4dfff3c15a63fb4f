"""A teams night's outputs as a captain and a club read them: the terminal, the results
workbook, the USEBIO file and the next draw, for a Swiss with two long team names on the
ACBL 20-VP scale (``support.nights.long_named_swiss``).

Round 1, table 1 (1 v 2), worked by hand from the Travellers' NS scores (open v closed):
650 v 0 is 650, 12 IMPs to the home team; 450 v 450, 0; 140 v -50 is 190, 5; -140 v -100
is 40, 1 to the away team; 100 v -140 is 240, 6; -50 v 170 is 220, 6 to the away team.
23 IMPs to 7: a margin of 16, which BridgeHands' ACBL 20-VP table (6-8 boards, the row
"14-16") makes 16-4.  Grand Slammers (7) won rounds 2 and 3 by 32 and 36 IMPs (20-0 each,
the row "28+") after a bye of 12 VPs: 52 VPs, first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.nights import LONG_TEAM_NAMES, long_named_swiss

from xlbridge.cli import main


@pytest.fixture(scope="module")
def swiss(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return long_named_swiss(tmp_path_factory.mktemp("swiss"))


def test_a_match_scores_its_boards_imps_and_vps_on_the_acbl_table(
    swiss: tuple[Path, Path], tmp_path: Path
) -> None:
    results = tmp_path / "results.xlsx"
    assert main(["score", str(swiss[1]), "-o", str(results)]) == 0
    wb = load_workbook(results)
    matches = wb["Matches"]
    assert [c.value for c in matches[2][:9]] == [1, 1, 1, 2, "1-6", 23, 7, 16, 4]
    cards = wb["Scorecards"]
    imps = [(cards.cell(r, 4).value, cards.cell(r, 5).value) for r in range(4, 10)]
    assert imps == [(12, None), (None, None), (5, None), (None, 1), (6, None), (None, 6)]
    assert [cards.cell(r, 4).value for r in (10, 11)] == [23, 16]
    ranking = wb["Ranking"]
    assert [ranking.cell(2, c).value for c in (1, 2, 3, 9)] == ["1", 7, "Grand Slammers", 52]
    assert "ACBL 20-VP scale" in str(ranking.cell(10, 1).value)


def test_long_team_names_are_whole_in_the_workbook(
    swiss: tuple[Path, Path], tmp_path: Path
) -> None:
    """The Ranking's Name column holds the longest name (it was 26 wide, cutting
    'Featherstonehaugh-Cholmondeley Invitational' on the printed page 1), and a score
    card whose title is longer than the card puts the away team on a second line."""
    results = tmp_path / "results.xlsx"
    assert main(["score", str(swiss[1]), "-o", str(results)]) == 0
    wb = load_workbook(results)
    longest = max(len(name) for name in LONG_TEAM_NAMES)
    assert wb["Ranking"].column_dimensions["C"].width >= longest
    cards = wb["Scorecards"]
    assert [cards.cell(r, 1).value for r in (1, 2, 3)] == [
        "Round 1, table 1: 1 Featherstonehaugh-Cholmondeley Invitational",
        "v 2 Blackwood",
        "Board",
    ]
    short = next(
        r
        for r in range(1, cards.max_row + 1)
        if cards.cell(r, 1).value == "Round 1, table 3: 5 Endplayers v 6 Finessers"
    )
    assert cards.cell(short + 1, 1).value == "Board"


def _columns_end_together(lines: list[str]) -> None:
    assert len({len(line) for line in lines}) == 1, "\n".join(lines)


def test_the_terminal_keeps_its_columns_under_a_long_name(
    swiss: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(swiss[1]), "-o", str(tmp_path / "r.xlsx")]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines.index(next(line for line in lines if line.startswith("Rank")))
    table = lines[header : header + 8]
    _columns_end_together(table)
    assert table[1].split() == ["1", "7", "Grand", "Slammers", "2", "87", "19", "52.00"]
    assert table[2].split()[-4:] == ["3", "91", "64", "36.00"]
    assert "1 Featherstonehaugh-Cholmondeley Invitational" in table[2]


def test_the_draw_lists_the_standings_the_scoring_prints(
    swiss: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 3 is drawn from the standings `score` prints after round 2, in columns."""
    second = swiss[0]
    assert main(["score", str(second), "-o", str(tmp_path / "r2.xlsx")]) == 0
    scored = capsys.readouterr().out.splitlines()
    start = scored.index(next(line for line in scored if line.startswith("Rank"))) + 1
    printed = [(line.split()[1], line.split()[-1]) for line in scored[start : start + 7]]
    assert printed[0] == ("1", "36.00")  # 16-4 over Blackwood, 20-0 over Northern Counties
    drawn = tmp_path / "d3.xlsx"
    assert main(["draw", str(second), "--round", "3", "-o", str(drawn)]) == 0
    out = capsys.readouterr().out.splitlines()
    standings = out[1:8]
    assert [(line.split()[1], line.split()[-2]) for line in standings] == printed
    _columns_end_together(standings)
    table = out.index(next(line for line in out if line.startswith("Table")))
    away = table and out[table].index("Away")
    for line in out[table + 1 : table + 4]:
        assert line[away - 2 : away] == "  " and line[away] != " ", out[table:]


def test_the_usebio_file_reads_back_to_the_same_figures(
    swiss: tuple[Path, Path], tmp_path: Path
) -> None:
    results, usebio = tmp_path / "results.xlsx", tmp_path / "teams.xml"
    assert main(["score", str(swiss[1]), "-o", str(results), "--usebio", str(usebio)]) == 0
    back = tmp_path / "back.xlsx"
    assert main(["import", str(usebio), "-o", str(back)]) == 0
    again = tmp_path / "back-results.xlsx"
    assert main(["score", str(back), "-o", str(again)]) == 0
    first, second = load_workbook(results), load_workbook(again)
    for sheet in ("Ranking", "Matches"):
        assert [list(r) for r in first[sheet].iter_rows(values_only=True)] == [
            list(r) for r in second[sheet].iter_rows(values_only=True)
        ], sheet
    assert second["Matches"]["H2"].value == 16  # the ACBL table's 16-4, not the WBF's
    assert second["Settings"]["B8"].value == "ACBL 20-VP"
