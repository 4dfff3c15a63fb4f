"""A round robin teams event's outputs as a captain reads them: the terminal, the results
workbook, the web page, the USEBIO file read back, and ``draw`` refused
(``support.nights.round_robin_five``: 5 teams, 5 rounds of 4 boards, a bye each round).

Round 1, table 1 (4 v 1), worked by hand from the Travellers' NS scores (open v closed),
on the IMP scale of Law 78B: -50 v 420 is 470 to the away team, 10 IMPs; 110 v 620 is
510, 11; 0 v 110 is 110, 3; 140 v -800 is 940 to the home team, 14.  14 IMPs to 24.  On
the WBF continuous scale a 4-board match's blitz is 15 x sqrt(4) = 30 IMPs, and a margin
of 10 gives 10 + 10 x (1 - t^(3 x 10 / 30)) / (1 - t^3) with t = (sqrt 5 - 1) / 2: the
ratio (1 - t) / (1 - t^3) is exactly 1/2, so 15.00 to 5.00.

Team 3: round 1 v 2 by 1 IMP (10 + 10 x (1 - t^0.1) / (1 - t^3) = 10.61), round 2 v 5
lost by 36 (past the blitz of 30: 0), round 3 the bye (Settings' VPs for a bye, 12), round
4 v 1 won by 48 (20), round 5 v 4 won by 23 (10 + 10 x (1 - t^2.3) / (1 - t^3) = 18.76):
61.37 VPs, first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.nights import digest, fill_round, round_robin_five

from xlbridge.cli import main


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The round robin, scored into results.xlsx, page.html and night.xml beside it."""
    path = round_robin_five(tmp_path_factory.mktemp("round-robin"))
    command = ["score", str(path), "-o", str(path.with_name("results.xlsx"))]
    command += ["--html", str(path.with_name("page.html"))]
    assert main([*command, "--usebio", str(path.with_name("night.xml"))]) == 0
    return path


def test_the_terminal_ranks_the_round_robin_with_the_bye_counted(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(night), "-o", str(tmp_path / "again.xlsx")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Club round robin, 24 November 2026"
    # 4 matches played and one bye each; team 3's 61.37 worked in the module's docstring.
    assert lines[3].split() == ["1", "3", "Team", "3", "4", "106", "70", "61.37"]


def test_the_results_workbook_gives_each_match_and_bye_its_vps(night: Path) -> None:
    wb = load_workbook(night.with_name("results.xlsx"))
    matches = [[c.value for c in row[:9]] for row in wb["Matches"].iter_rows(min_row=2)]
    assert matches[0] == [1, 1, 4, 1, "1-4", 14, 24, 5, 15]
    assert matches[2] == [1, None, 5, "BYE", None, None, None, 12, None]
    assert matches[3] == [2, 1, 3, 5, "5-8", 3, 39, 0, 20]  # 36 IMPs: past the blitz
    team_3 = [row[7] if row[2] == 3 else row[8] for row in matches if 3 in (row[2], row[3])]
    assert team_3 == [10.61, 0, 12, 20, 18.76]
    ranking = wb["Ranking"]
    assert [ranking.cell(2, c).value for c in (1, 2, 4, 9)] == ["1", 3, 4, 61.37]
    assert "WBF 20-VP continuous scale" in str(ranking.cell(8, 1).value)


def test_the_web_page_gives_the_ranking_and_the_byes(night: Path) -> None:
    page = night.with_name("page.html").read_text(encoding="utf-8")
    assert "<title>Club round robin, 24 November 2026</title>" in page
    assert page.count(">bye<") == 5  # one a round
    assert "61.37" in page and "15.00" in page


def test_usebio_read_back_reproduces_every_figure(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    back = tmp_path / "back.xlsx"
    assert main(["import", str(night.with_name("night.xml")), "-o", str(back)]) == 0
    said = capsys.readouterr().out
    assert "5 teams, 10 matches" in said and "all reproduced" in said
    assert main(["score", str(back), "-o", str(tmp_path / "back-results.xlsx")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3].split() == ["1", "3", "Team", "3", "4", "106", "70", "61.37"]
    settings = load_workbook(back)["Settings"]
    assert [settings.cell(r, 2).value for r in (4, 8, 9)] == [
        "round-robin",
        "WBF 20-VP continuous",
        12,
    ]


def test_draw_refuses_a_round_robin_saying_what_to_do(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = digest(night)
    assert main(["draw", str(night), "--round", "2"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: Settings!B4: the format is round-robin: its rounds were all drawn by "
        "xlbridge new: type their results and score"
    )
    assert digest(night) == before


def test_an_event_with_no_name_keeps_its_heading_through_usebio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 4-team round robin (3 rounds, no bye) with no event name is headed "Teams" in the
    terminal; its USEBIO file called it "Club teams", so the workbook imported from it was
    headed differently from the results it came from."""
    night = tmp_path / "four.xlsx"
    made = ["new", str(night), "--teams", "4", "--boards", "3", "--format", "round-robin"]
    assert main(made) == 0
    for round_number in (1, 2, 3):
        fill_round(night, night, round_number)
    capsys.readouterr()  # the draw new printed
    usebio, back = tmp_path / "four.xml", tmp_path / "back.xlsx"
    assert main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(usebio)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Teams"
    assert "<EVENT_DESCRIPTION>Teams</EVENT_DESCRIPTION>" in usebio.read_text(encoding="utf-8")
    assert main(["import", str(usebio), "-o", str(back)]) == 0
    assert "4 teams, 6 matches" in capsys.readouterr().out
    assert main(["score", str(back), "-o", str(tmp_path / "back-r.xlsx")]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Teams"
