"""A teams night's results as USEBIO, and back (issue 32).

The structure is that of USEBIO's teams files as two public programs write and
read them (docs/formats.md): a USEBIO Swiss teams writer (a club scoring
appliance's) and the EBU's USEBIO reader ImportUsebio: ``TEAM`` participants with
``TEAM_ID`` and ``TEAM_NAME`` and their players, and a ``MATCH`` per match with
``ROUND_NUMBER``, ``TEAM``, ``OPPOSING_TEAM``, the boards, ``TEAM_SCORE`` and
``OPPOSING_TEAM_SCORE`` (VPs), each ``BOARD`` with its ``IMPS`` and both rooms'
``TRAVELLER_LINE`` with the ``DIRECTION`` the first team sat in.

Figures asserted: the EBU's weighted-score example at teams (60% of 420 and 40%
of -50 against 140 is 2.2, so 2 IMPs: *Calculation of Weighted Scores*, section 3),
the WBF IMP scale (Law 78B: 500-590 points is 11 IMPs, 600-740 is 12, 20-40 is 1) and the published
WBF continuous 20-VP table for 4-board matches.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import defusedxml.ElementTree as SafeET
import pytest
from openpyxl import load_workbook
from support.nights import fill_round

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.formats.usebio import read_usebio, read_usebio_teams
from xlbridge.teams import score_teams
from xlbridge.workbook.teams.night import score_teams_night

#: The WBF continuous 20-VP scale for a 4-board match, as published (winner's VPs for a
#: margin of 0, 1, 2, ... IMPs, up to the first 20.00).
PUBLISHED_4_BOARDS = """
    10.00 10.61 11.20 11.76 12.29 12.80 13.28 13.74 14.18 14.60 15.00 15.38 15.74 16.09
    16.42 16.73 17.03 17.31 17.59 17.84 18.09 18.33 18.55 18.76 18.97 19.16 19.34 19.52
    19.69 19.85 20.00
"""
WBF_4_BOARDS = [Fraction(v) for v in PUBLISHED_4_BOARDS.split()]


def _night(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A 6-team Swiss of 4-board matches, two rounds played, line-ups and a weighted score."""
    night = tmp_path / "swiss.xlsx"
    assert main(["new", str(night), "--teams", "6", "--boards", "4", "--rounds", "3",
                 "--event", "Club Swiss", "--date", "2026-03-10"]) == 0  # fmt: skip
    fill_round(night, night, 1)
    wb = load_workbook(night)
    teams = wb["Teams"]
    for row, (name, players) in enumerate(
        (
            ("Aces", ("Ann Smith", "1001", "Bob Jones", "1002", "Cy Lee", "", "Di Mars", "1004")),
            ("Kings", ("Ed Ward", "2001", "Flo Hill", "2002", "Gus Finn", "2003", "Hal Ott", "")),
        ),
        start=2,
    ):
        teams.cell(row, 2, name)
        for column, value in enumerate(players, start=3):
            teams.cell(row, column, value or None)
    travellers = wb["Travellers"]
    assert [travellers.cell(2, c).value for c in (1, 3, 4, 5)] == [1, 1, 1, 2]
    travellers["I2"] = "60% 420; 40% -50"  # board 1, 1 v 2: love all
    travellers["M2"] = 140
    travellers["I3"] = 620  # board 2, NS vulnerable: 4H made, and one down (-100)
    travellers["M3"] = -100
    wb.save(night)
    assert main(["draw", str(night), "--round", "2"]) == 0
    fill_round(night, night, 2)
    capsys.readouterr()
    return night


def test_a_teams_night_goes_to_usebio_and_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = _night(tmp_path, capsys)
    before = score_teams_night(night).result
    out = tmp_path / "swiss.xml"
    assert main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]) == 0
    root = SafeET.parse(out, forbid_dtd=False).getroot()
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "SWISS_TEAMS"
    assert event.findtext("MATCH_SCORING_METHOD") == "VPS"
    assert event.findtext("BOARD_SCORING_METHOD") == "IMPS"
    # the line-ups, from the Teams sheet
    aces = next(t for t in event.iter("TEAM") if t.get("TEAM_ID") == "1")
    assert aces.get("TEAM_NAME") == "Aces"
    assert [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER")) for p in
            aces.findall("PLAYER")] == [("Ann Smith", "1001"), ("Bob Jones", "1002"),
                                         ("Cy Lee", "0"), ("Di Mars", "1004")]  # fmt: skip
    # the first match: both teams, the boards, each board's IMPs and both rooms
    first = next(m for m in event.iter("MATCH") if m.findtext("ROUND_NUMBER") == "1")
    assert [child.tag for child in first if isinstance(child.tag, str)][:7] == [
        "ROUND_NUMBER",
        "TEAM",
        "OPPOSING_TEAM",
        "START_BOARD_NUMBER",
        "END_BOARD_NUMBER",
        "TEAM_SCORE",
        "OPPOSING_TEAM_SCORE",
    ]
    assert (first.findtext("TEAM"), first.findtext("OPPOSING_TEAM")) == ("1", "2")
    board_1, board_2 = first.findall("BOARD")[:2]
    assert board_1.findtext("IMPS") == "2"  # the EBU's example: 2.2 rounded to 2 IMPs
    lines = board_1.findall("TRAVELLER_LINE")
    assert [(line.findtext("DIRECTION"), line.findtext("SCORE")) for line in lines] == [
        ("NS", "232"),  # the weighted mean in points (252 - 20), the exact cell beside it
        ("EW", "140"),
    ]
    assert board_2.findtext("IMPS") == "12"  # 620 and 100: 720 points (Law 78B)
    # the match's VPs: its margin on the published 4-board table
    scored = next(m for m in before.matches if m.match.round == 1 and m.match.home == 1)
    margin = scored.home_margin
    assert margin.denominator == 1
    winner = WBF_4_BOARDS[min(abs(int(margin)), len(WBF_4_BOARDS) - 1)]
    assert scored.home_vps == (winner if margin >= 0 else 20 - winner)
    assert Fraction(first.findtext("TEAM_SCORE")) == scored.home_vps
    assert (
        Fraction(first.findtext("TEAM_SCORE")) + Fraction(first.findtext("OPPOSING_TEAM_SCORE"))
        == 20
    )

    # and back: import, score, the same standings, IMPs and VPs
    back = tmp_path / "back.xlsx"
    assert main(["import", str(out), "-o", str(back)]) == 0
    said = capsys.readouterr().out
    assert "6 teams, 6 matches" in said
    assert "published figures checked: all reproduced" in said
    after = score_teams_night(back).result

    def standings(result):
        return [(s.team.number, s.team.name, s.rank_text, s.vps, s.imps_won, s.imps_lost)
                for s in result.standings]  # fmt: skip

    def matches(result):
        return [
            (m.match.round, m.match.home, m.match.away, m.match.boards, m.home_imps,
             m.away_imps, m.home_vps, m.away_vps, [(b.board, b.home, b.away) for b in m.boards])
            for m in result.matches
        ]  # fmt: skip

    assert standings(after) == standings(before)
    assert matches(after) == matches(before)
    assert after.event.teams == before.event.teams  # names and line-ups
    imported = load_workbook(back)["Travellers"]
    assert imported["I2"].value == "60% 420; 40% -50" and imported["M2"].value == 140
    assert main(["score", str(back), "-o", str(tmp_path / "r2.xlsx")]) == 0


def test_usebio_1_3_names_the_teams_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = _night(tmp_path, capsys)
    out = tmp_path / "swiss13.xml"
    command = ["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]
    assert main([*command, "--usebio-version", "1.3"]) == 0
    root = SafeET.parse(out, forbid_dtd=False).getroot()
    assert root.get("Version") == "1.3"
    assert root.find("EVENT").get("EVENT_TYPE") == "SWISS_TEAMS"
    assert root.findtext("EVENT/DATE") == "2026-03-10"
    published = read_usebio_teams(out)
    assert [s.vps for s in score_teams(published.event).standings] == [
        s.vps for s in score_teams_night(night).result.standings
    ]


def test_provisional_teams_results_are_not_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "rr.xlsx"
    assert main(["new", str(night), "--teams", "4", "--boards", "2",
                 "--format", "round-robin"]) == 0  # fmt: skip
    fill_round(night, night, 1)
    out = tmp_path / "rr.xml"
    capsys.readouterr()
    assert main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]) == 2
    assert "--usebio is written for the final results only" in capsys.readouterr().err
    assert not out.exists() and not (tmp_path / "r.xlsx").exists()


#: A Swiss teams file in the structure the USEBIO Swiss teams writer writes (SESSION and
#: SECTION around the participants and matches, no xlbridge instructions).
FOREIGN = """<?xml version="1.0" encoding="iso-8859-1"?>
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Test club</CLUB_NAME><CLUB_ID_NUMBER>7</CLUB_ID_NUMBER></CLUB>
  <EVENT EVENT_TYPE="SWISS_TEAMS">
    <MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
    <EVENT_DESCRIPTION>Swiss</EVENT_DESCRIPTION>
    <DATE>10/03/2026</DATE>
    <BOARDS_PLAYED>2</BOARDS_PLAYED>
    <SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
      <PARTICIPANTS>
        <TEAM TEAM_ID="11" TEAM_NAME="Sharks"><TOTAL_SCORE>{home}</TOTAL_SCORE><PLACE>1</PLACE>
          <PLAYER><PLAYER_NAME>Ann Smith</PLAYER_NAME></PLAYER></TEAM>
        <TEAM TEAM_ID="2" TEAM_NAME="Jets"><TOTAL_SCORE>{away}</TOTAL_SCORE><PLACE>2</PLACE></TEAM>
      </PARTICIPANTS>
      <MATCH>
        <ROUND_NUMBER>1</ROUND_NUMBER><TEAM>11</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
        <START_BOARD_NUMBER>1</START_BOARD_NUMBER><END_BOARD_NUMBER>2</END_BOARD_NUMBER>
        <TEAM_SCORE>{home}</TEAM_SCORE><OPPOSING_TEAM_SCORE>{away}</OPPOSING_TEAM_SCORE>
        <BOARD EVENT_TYPE="SWISS_TEAMS"><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>11</IMPS>
          <TRAVELLER_LINE><DIRECTION>NS</DIRECTION><CONTRACT>4 H</CONTRACT>
            <PLAYED_BY>S</PLAYED_BY><LEAD>DK</LEAD><TRICKS>10</TRICKS><SCORE>420</SCORE>
          </TRAVELLER_LINE>
          <TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>-100</SCORE></TRAVELLER_LINE>
        </BOARD>
        <BOARD EVENT_TYPE="SWISS_TEAMS"><BOARD_NUMBER>2</BOARD_NUMBER><IMPS>-1</IMPS>
          <TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>-110</SCORE></TRAVELLER_LINE>
          <TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>-90</SCORE></TRAVELLER_LINE>
        </BOARD>
      </MATCH>
    </SECTION></SESSION>
  </EVENT>
</USEBIO>
"""


def test_another_programs_swiss_teams_file_is_read_as_teams(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 11 - 1 = 10 IMPs over 2 boards: 16.46 / 3.54 in the published WBF 2-board table
    source = tmp_path / "swiss.xml"
    source.write_text(FOREIGN.format(home="16.46", away="3.54"), encoding="iso-8859-1")
    published = read_usebio_teams(source)
    result = score_teams(published.event)
    (match,) = result.matches
    assert [(b.board, b.home, b.away) for b in match.boards] == [(1, 11, -11), (2, -1, 1)]
    assert (match.home_vps, match.away_vps) == (Fraction("16.46"), Fraction("3.54"))
    assert [(s.team.number, s.team.name, s.rank) for s in result.standings] == [
        (11, "Sharks", 1),
        (2, "Jets", 2),
    ]
    assert published.event.teams[0].players == (("Ann Smith", ""),)
    # the pairs reader refuses it in words; import reads it as teams
    with pytest.raises(ScoringError, match="a teams-of-four event, not a pairs event"):
        read_usebio(source)
    night = tmp_path / "swiss.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 0
    said = capsys.readouterr().out
    assert "2 teams, 1 match" in said and "all reproduced" in said
    teams = load_workbook(night)["Teams"]
    assert [teams.cell(r, 1).value for r in (2, 3)] == [2, 11]
    rescored = score_teams_night(night).result
    assert [(s.team.number, s.vps) for s in rescored.standings] == [
        (11, Fraction("16.46")),
        (2, Fraction("3.54")),
    ]


def test_a_team_number_typed_as_a_circled_digit_is_refused_naming_the_team(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a digit to Python's isdigit, not a number to int() (the long runs' '\u2460', round 16)
    source = tmp_path / "swiss.xml"
    text = FOREIGN.format(home="16.46", away="3.54").replace('TEAM_ID="2"', 'TEAM_ID="\u2461"')
    source.write_text(text.replace("iso-8859-1", "utf-8", 1), encoding="utf-8")
    night = tmp_path / "swiss.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 2
    err = capsys.readouterr().err
    assert "swiss.xml: PARTICIPANTS TEAM 2: TEAM_ID '\u2461' is not a team number" in err, err
    assert "Traceback" not in err and not night.exists()


def test_a_published_figure_that_differs_is_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "swiss.xml"
    source.write_text(FOREIGN.format(home="15.00", away="5.00"), encoding="iso-8859-1")
    assert main(["import", str(source), "-o", str(tmp_path / "n.xlsx")]) == 0
    said = capsys.readouterr().out
    assert "8 published figures checked: 4 differ from xlbridge's" in said  # VPs: 2 + 2
    assert "round 1, 11 v 2: VPs published 15.00, xlbridge 16.46" in said


@pytest.mark.parametrize(
    ("kind", "method", "words"),
    [
        ("INDIVIDUAL", "MATCH_POINTS", "an individual event"),
        ("TEAMS_OF_FOUR", "CROSS_IMPS", "a teams-of-four event"),
        ("KO", "IMPS", "a knockout teams match"),
    ],
)
def test_a_teams_or_individual_file_is_never_read_as_pairs(
    kind: str, method: str, words: str, tmp_path: Path
) -> None:
    """Before, a file whose BOARD_SCORING_METHOD named a pairs scoring was read as pairs,
    whatever its EVENT_TYPE."""
    source = tmp_path / "event.xml"
    source.write_text(
        f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="{kind}">'
        f"<BOARD_SCORING_METHOD>{method}</BOARD_SCORING_METHOD>"
        "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR></PARTICIPANTS>"
        "</EVENT></USEBIO>"
    )
    with pytest.raises(ScoringError, match=f"is {words}, not a pairs event"):
        read_usebio(source)
