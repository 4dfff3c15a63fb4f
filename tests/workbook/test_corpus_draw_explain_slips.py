"""What a teams director or a player types wrong: ``xlbridge draw`` and ``xlbridge explain``.

Each case runs the command as typed (``main([...])``) and pins the exit code, the whole
message (the file, the ``sheet!cell`` or the option it names, the value quoted as typed,
what to type instead) and that nothing was written: a draw refused leaves the workbook
byte for byte as it was, keeps no ``-before-round`` copy, makes no ``-o`` file and leaves
an ``-o`` file that exists (``--force``) as it was.

The Swiss events are typed here so that every draw follows from the rule of
docs/teams.md (FIDE Handbook C.04.1, *Basic rules for Swiss Systems*): one-board matches
whose margins are 20 points (1 IMP, Law 78B) or 470 points (10 IMPs), so the standings are
known without a VP table: a 1-IMP win is above the 10-VP draw and below the 12.29 VPs of a
2-IMP win (the published WBF table, docs/teams.md), a 10-IMP win above the 12 VPs of a bye.

* Five teams: round 1 is 1 v 2 (1 wins by 1 IMP), 3 v 4 (3 wins by 10), 5 has the bye
  (12 VPs): the standings are 3, 5, 1, 2, 4.  Team 4, the lowest without a bye, has the bye
  of round 2; 3 takes 5, which leaves 1 v 2, who have met, so the draw goes back a step:
  3 v 1 and 5 v 2.
* Four teams over three rounds, every match won by its home team by 1 IMP but 3 v 4 of
  round 1 (10 IMPs): after round 1 the order is 3, 1, 2, 4, so round 2 is 3 v 1 and 2 v 4;
  after it 1 and 2 have 20 VPs each and 1 won their match (the first tie-break), so the
  order is 3, 1, 2, 4 and round 3 is 3 v 2 (3 has met 1) and 1 v 4.  After round 3 every
  team has met every other: a fourth round repeats two matches whichever way it is drawn,
  and the draw takes them top-down: 3 v 1 and 2 v 4, saying so.

``explain`` is run on the example night cut to boards 1-4 (tests/conftest.py's
``small_night``; board 1: 4H-1, 1NT+1, 3NT-2 and 3NT= by N at tables 1-4, the same four
contracts at tables 6-9), a copy with its travellers changed, and the teams events above.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.libreoffice import libreoffice_copy
from support.nights import digest, filled_individual

from xlbridge.cli import main


def type_round(
    source: Path, target: Path, round_number: int, scores: dict[int, tuple[object, object]]
) -> None:
    """Type round ``round_number``'s NS scores, both rooms, home team -> (open, closed)."""
    wb = load_workbook(source)
    ws = wb["Travellers"]
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, 1).value == round_number:
            ws.cell(row, 9).value, ws.cell(row, 13).value = scores[ws.cell(row, 4).value]
    wb.save(target)


def edited(source: Path, target: Path, *cells: tuple[str, str, object]) -> Path:
    wb = load_workbook(source)
    for sheet, cell, value in cells:
        wb[sheet][cell] = value
    wb.save(target)
    return target


def matches(path: Path, round_number: int) -> list[tuple[object, ...]]:
    """Round ``round_number``'s Matches rows: (table, home, away)."""
    rows = load_workbook(path)["Matches"].iter_rows(min_row=2, values_only=True)
    return [tuple(r[1:4]) for r in rows if r[0] == round_number]


@dataclass(frozen=True)
class Events:
    five: Path  # five teams, round 1 typed
    four: Path  # four teams, round 1 typed, round 2 to draw
    half: Path  # four teams, round 1 with board 1's closed room of 1 v 2 blank
    row_gone: Path  # four teams, round 1 with 3 v 4's Travellers row deleted
    played: Path  # four teams, rounds 1 and 2 typed
    all_met: Path  # four teams, rounds 1-3 typed
    robin: Path  # a round robin of four teams
    earlier: Path  # a workbook xlbridge draw wrote before, for -o ... --force


@pytest.fixture(scope="session")
def events(tmp_path_factory: pytest.TempPathFactory) -> Events:
    folder = tmp_path_factory.mktemp("draw-slips")
    five, four = folder / "five.xlsx", folder / "four.xlsx"
    assert main(["new", str(five), "--teams", "5", "--boards", "1", "--rounds", "3"]) == 0
    type_round(five, five, 1, {1: (420, 400), 3: (420, -50)})
    assert main(["new", str(four), "--teams", "4", "--boards", "1", "--rounds", "3"]) == 0
    type_round(four, four, 1, {1: (420, 400), 3: (420, -50)})
    half = folder / "half.xlsx"
    type_round(four, half, 1, {1: (420, None), 3: (420, -50)})
    gone = load_workbook(four)
    gone["Travellers"].delete_rows(3)
    row_gone = folder / "row-gone.xlsx"
    gone.save(row_gone)
    drawn = folder / "drawn2.xlsx"
    assert main(["draw", str(four), "--round", "2", "-o", str(drawn)]) == 0
    played = folder / "played.xlsx"
    type_round(drawn, played, 2, {3: (620, 600), 2: (620, 600)})  # board 2: NS vulnerable
    drawn3 = folder / "drawn3.xlsx"
    assert main(["draw", str(played), "--round", "3", "-o", str(drawn3)]) == 0
    all_met = folder / "all-met.xlsx"
    type_round(drawn3, all_met, 3, {3: (420, 400), 1: (420, 400)})
    robin = folder / "robin.xlsx"
    new_robin = ["new", str(robin), "--teams", "4", "--boards", "1", "--format", "round-robin"]
    assert main(new_robin) == 0
    return Events(five, four, half, row_gone, played, all_met, robin, drawn)


def test_the_events_are_drawn_by_the_rule(events: Events) -> None:
    assert matches(events.played, 2) == [(1, 3, 1), (2, 2, 4)]
    assert matches(events.all_met, 3) == [(1, 3, 2), (2, 1, 4)]


def refused_draw(
    capsys: pytest.CaptureFixture[str], night: Path, tmp_path: Path, *options: str
) -> list[str]:
    """The error's lines, the same three ways: into the workbook itself (left byte for byte,
    no copy kept), to a new ``-o`` file (not made), over an ``-o`` file with --force (left)."""
    copy = tmp_path / night.name
    shutil.copyfile(night, copy)
    before = digest(copy)
    status = main(["draw", str(copy), *options])
    captured = capsys.readouterr()
    assert (status, captured.out) == (2, ""), captured.err
    assert digest(copy) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [copy.name]
    fresh = tmp_path / "fresh.xlsx"
    assert main(["draw", str(copy), *options, "-o", str(fresh)]) == 2
    assert capsys.readouterr() == ("", captured.err)
    assert not fresh.exists()
    return captured.err.replace(os.fspath(copy), "NIGHT").splitlines()


def refused_over(
    capsys: pytest.CaptureFixture[str], events: Events, night: Path, tmp_path: Path, *options: str
) -> None:
    """Over an earlier draw with --force: refused the same, the earlier file left as it was."""
    kept = tmp_path / "kept.xlsx"
    shutil.copyfile(events.earlier, kept)
    before = digest(kept)
    assert main(["draw", str(night), *options, "-o", str(kept), "--force"]) == 2
    assert capsys.readouterr().out == ""
    assert digest(kept) == before


# --- draw: the round -----------------------------------------------------------------------


def usage(command: str, option: str, message: str) -> list[str]:
    return [
        f"Usage: xlbridge {command} [OPTIONS] NIGHT",
        f"Try 'xlbridge {command} --help' for help.",
        "",
        f"Error: Invalid value for '{option}': {message}",
    ]


ROUND_SLIPS = {
    "2nd": usage("draw", "--round' / '-r", "'2nd' is not a number: type --round 2"),
    "two": usage(
        "draw", "--round' / '-r", "'two' is not a number: give the round's number, as --round 2"
    ),
    "0": ["error: --round 0: the workbook has round 1 drawn, so the next is round 2"],
    "-1": ["error: --round -1: the workbook has round 1 drawn, so the next is round 2"],
    # the round just drawn, asked for again
    "1": ["error: --round 1: the workbook has round 1 drawn, so the next is round 2"],
    "3": ["error: --round 3: the workbook has round 1 drawn, so the next is round 2"],
}


@pytest.mark.parametrize("typed", list(ROUND_SLIPS))
def test_a_round_typed_wrong(
    typed: str, events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused_draw(capsys, events.four, tmp_path, "--round", typed) == ROUND_SLIPS[typed]


def test_a_round_drawn_and_played_already(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused_draw(capsys, events.played, tmp_path, "--round", "2") == [
        "error: --round 2: the workbook has rounds 1-2 drawn, so the next is round 3"
    ]
    refused_over(capsys, events, events.played, tmp_path, "--round", "2")


def test_a_round_drawn_into_the_workbook_run_again(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "swiss.xlsx"
    shutil.copyfile(events.four, night)
    assert main(["draw", str(night), "--round", "2"]) == 0
    capsys.readouterr()
    kept = tmp_path / "swiss-before-round2.xlsx"
    before = digest(night), digest(kept)
    assert main(["draw", str(night), "--round", "2"]) == 2
    assert capsys.readouterr() == (
        "",
        f"error: {kept} exists already: round 2 was drawn before, and that is {night} as it was "
        f"then: to draw round 2 again, draw from it (xlbridge draw {kept} --round 2 -o "
        "NEW.xlsx), or add --force to replace it with the workbook as it is now\n",
    )
    # --force with round 2 still in the workbook: the round is refused, nothing replaced
    assert main(["draw", str(night), "--round", "2", "--force"]) == 2
    assert capsys.readouterr().err == (
        "error: --round 2: the workbook has rounds 1-2 drawn, so the next is round 3\n"
    )
    assert (digest(night), digest(kept)) == before
    # what the message says to type draws round 2 again from the copy
    again = tmp_path / "again.xlsx"
    assert main(["draw", str(kept), "--round", "2", "-o", str(again)]) == 0
    assert matches(again, 2) == [(1, 3, 1), (2, 2, 4)]


def test_a_round_past_the_last_of_settings(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused_draw(capsys, events.all_met, tmp_path, "--round", "4") == [
        "error: --round 4: Settings!B7 says the event has 3 rounds, and round 3 was its last: "
        "to play round 4, type 4 there first"
    ]


# --- draw: the round before not finished ---------------------------------------------------


def test_a_match_half_filled_names_the_room_to_type(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused_draw(capsys, events.half, tmp_path, "--round", "2") == [
        "error: round 1 is not finished, so its standings are not known yet: type its results, "
        "then draw round 2:",
        "Travellers!J2: round 1 table 1 (1 v 2): board 1 has no result in the closed room yet",
    ]
    refused_over(capsys, events, events.half, tmp_path, "--round", "2")


def test_a_match_whose_row_was_deleted(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused_draw(capsys, events.row_gone, tmp_path, "--round", "2") == [
        "error: round 1 is not finished, so its standings are not known yet: type its results, "
        "then draw round 2:",
        "Travellers: round 1 table 2 (3 v 4): board 1 has no row on the sheet: add its row "
        "(round, table, board, home, away) and type both rooms",
    ]


def test_score_names_the_room_to_type_too(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.xlsx"
    assert main(["score", str(events.half), "-o", str(out)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        "warning: Travellers!J2: round 1 table 1 (1 v 2): board 1 has no result in the closed "
        "room yet",
        "provisional: 1 match not finished (the ranking counts the boards played so far)",
    ]


# --- draw: the teams -----------------------------------------------------------------------


def draw_lines(out: str) -> list[str]:
    """The round's lines, from its heading."""
    lines = out.splitlines()
    return lines[next(i for i, line in enumerate(lines) if line.startswith("Round ")) :]


def standings(out: str) -> list[tuple[str, str]]:
    """(rank, team) of the standings printed before the draw."""
    lines = out.split("\n\n")[0].splitlines()[1:]
    return [(line.split()[0], line.split()[1]) for line in lines]


def test_an_odd_number_of_teams_gives_the_lowest_the_bye(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "round2.xlsx"
    assert main(["draw", str(events.five), "--round", "2", "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert standings(captured.out) == [("1", "3"), ("2", "5"), ("3", "1"), ("4", "2"), ("5", "4")]
    assert captured.out.splitlines()[2].split() == ["2", "5", "Team", "5", "12.00", "VPs"]
    assert draw_lines(captured.out) == [
        "Round 2 (board 2)",
        "",
        "Table  Home (NS in the open room)        Away (NS in the closed room)",
        "    1  3 Team 3                          1 Team 1",
        "    2  5 Team 5                          2 Team 2",
        "  bye  4 Team 4",
        "",
        f"wrote {out}: fill in round 2 there",
    ]
    assert matches(out, 2) == [(1, 3, 1), (2, 5, 2), (None, 4, "BYE")]


def test_teams_that_have_met_every_other(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = edited(events.all_met, tmp_path / "four-rounds.xlsx", ("Settings", "B7", 4))
    out = tmp_path / "round4.xlsx"
    assert main(["draw", str(night), "--round", "4", "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert standings(captured.out) == [("1", "3"), ("2", "1"), ("3", "2"), ("4", "4")]
    assert draw_lines(captured.out)[3:] == [
        "    1  3 Team 3                          1 Team 1",
        "    2  2 Team 2                          4 Team 4",
        "note: teams 3 and 1 meet again: every possible draw had two teams meet again, and "
        "this one has the fewest such matches",
        "note: teams 2 and 4 meet again: every possible draw had two teams meet again, and "
        "this one has the fewest such matches",
        "",
        f"wrote {out}: fill in round 4 there",
    ]


def test_a_team_whose_name_was_cleared_is_drawn_with_a_warning(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = edited(events.four, tmp_path / "cleared.xlsx", ("Teams", "B3", None))
    out = tmp_path / "round2.xlsx"
    assert main(["draw", str(night), "--round", "2", "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        "warning: Teams!B3: team 2 has no name and is drawn as Team 2: if it withdrew, type the "
        "last round it played in Teams!K3 and draw again"
    ]
    assert "    2  2 Team 2                          4 Team 4" in captured.out


def test_a_team_withdrawn_after_round_1_is_not_drawn(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the warning above says to type: team 2 out, 3 v 1 and a bye for 4 (the lowest
    of the three left without one)."""
    night = edited(events.four, tmp_path / "withdrawn.xlsx", ("Teams", "K3", 1))
    out = tmp_path / "round2.xlsx"
    assert main(["draw", str(night), "--round", "2", "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""
    assert matches(out, 2) == [(1, 3, 1), (None, 4, "BYE")]


def test_a_match_row_deleted_leaves_its_teams_warned(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wb = load_workbook(events.four)
    wb["Matches"].delete_rows(3)  # 3 v 4
    wb["Travellers"].delete_rows(3)
    night = tmp_path / "no-match.xlsx"
    wb.save(night)
    out = tmp_path / "round2.xlsx"
    assert main(["draw", str(night), "--round", "2", "-o", str(out)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"warning: Teams!K{row}: team {team} has no match and no bye in round 1 on the Matches "
        "sheet, and is drawn with the VPs it has: if it withdrew, type the last round it "
        "played there and draw again"
        for team, row in ((3, 4), (4, 5))
    ]


def test_a_match_with_its_away_team_blank(
    events: Events, tmp_path: Path, run: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = edited(events.four, tmp_path / "blank.xlsx", ("Matches", "D2", None))
    assert refused_draw(capsys, night, run, "--round", "2") == [
        "error: 1 problem in the workbook:",
        "Matches!D2: the away team is blank: type its team number, or BYE for a bye",
    ]


@pytest.fixture
def run(tmp_path: Path) -> Path:
    folder = tmp_path / "run"
    folder.mkdir()
    return folder


# --- draw: not a Swiss ---------------------------------------------------------------------


def test_a_pairs_night(small_night: Path, run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert refused_draw(capsys, small_night, run, "--round", "2") == [
        "error: NIGHT is a pairs night, not a teams event: xlbridge draw draws the next round "
        "of a Swiss teams workbook (one made by xlbridge new --teams N)"
    ]


def test_an_individual(tmp_path: Path, run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    night = filled_individual(tmp_path)
    capsys.readouterr()
    assert refused_draw(capsys, night, run, "--round", "2") == [
        "error: NIGHT is an individual, not a teams event: xlbridge draw draws the next round "
        "of a Swiss teams workbook (one made by xlbridge new --teams N)"
    ]


def test_a_round_robin(events: Events, run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert refused_draw(capsys, events.robin, run, "--round", "2") == [
        "error: Settings!B4: the format is round-robin: its rounds were all drawn by xlbridge "
        "new: type their results and score"
    ]


# --- draw: the files -----------------------------------------------------------------------


def test_the_output_named_as_the_input(
    events: Events, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "swiss.xlsx"
    shutil.copyfile(events.four, night)
    before = digest(night)
    for same in (night, tmp_path / "." / "swiss.xlsx"):
        assert main(["draw", str(night), "--round", "2", "-o", str(same)]) == 2
        assert capsys.readouterr() == (
            "",
            f"error: refusing to write over the input file {same}: give a different output "
            "file (-o OUT.xlsx)\n",
        )
    assert digest(night) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["swiss.xlsx"]


@pytest.fixture(scope="session")
def libreoffice(events: Events, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Round 1 of the four teams as LibreOffice saves it: .xlsx, and .ods."""
    folder = tmp_path_factory.mktemp("libreoffice")
    xlsx = libreoffice_copy(events.four, folder)
    ods = folder / "four.ods"
    wb_folder = folder / "ods"
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    assert soffice is not None
    subprocess.run(
        [soffice, f"-env:UserInstallation=file://{folder}/lo-profile", "--headless",
         "--calc", "--convert-to", "ods", "--outdir", str(wb_folder), str(events.four)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    shutil.move(wb_folder / "four.ods", ods)
    return xlsx, ods


@pytest.mark.external  # LibreOffice
def test_a_workbook_libreoffice_saved_is_drawn(
    libreoffice: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "round2.xlsx"
    assert main(["draw", str(libreoffice[0]), "--round", "2", "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""
    assert matches(out, 2) == [(1, 3, 1), (2, 2, 4)]


@pytest.mark.external  # LibreOffice
def test_an_ods_is_refused_saying_to_save_it_as_xlsx(
    libreoffice: tuple[Path, Path], run: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused_draw(capsys, libreoffice[1], run, "--round", "2") == [
        "error: NIGHT is an .ods: xlbridge draw writes the round into an .xlsx workbook: save "
        "it as .xlsx in LibreOffice and draw there"
    ]


# --- explain -------------------------------------------------------------------------------


def explained(capsys: pytest.CaptureFixture[str], night: Path, board: str) -> tuple[int, str, str]:
    before = digest(night)
    status = main(["explain", str(night), "--board", board])
    captured = capsys.readouterr()
    assert digest(night) == before  # explain never writes
    return status, captured.out, captured.err


BOARD_SLIPS = {
    "9": ["error: --board 9: board 9 has no result in the workbook: give one of the boards "
          "played: 1-4"],
    "0": ["error: --board 0: boards are numbered from 1: give one of the boards played: 1-4"],
    "-1": ["error: --board -1: boards are numbered from 1: give one of the boards played: 1-4"],
    "1a": usage("explain", "--board' / '-b", "'1a' is not a number: type --board 1: every "
                "version of a fouled board (A, B, ...) is shown"),
    "2nd": usage("explain", "--board' / '-b", "'2nd' is not a number: type --board 2"),
    "one": usage("explain", "--board' / '-b",
                 "'one' is not a number: give the board's number, as --board 1"),
}  # fmt: skip


@pytest.mark.parametrize("typed", list(BOARD_SLIPS))
def test_a_board_typed_wrong(
    typed: str, small_night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = explained(capsys, small_night, typed)
    assert (status, out) == (2, "")
    assert err.splitlines() == BOARD_SLIPS[typed]


def pairs_copy(small_night: Path, folder: Path, *cells: tuple[str, str, object]) -> Path:
    return edited(small_night, folder / "night.xlsx", *cells)


def test_a_fouled_board_shows_each_version(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Board 1 played as A at tables 1-4 and as B at tables 6-9: each version has four
    results of the eight expected, so each is factored by 8/4 (Neuberg): the top score
    beats three, 6 matchpoints on a top of 6, (6 + 1) x 2 - 1 = 13 on the top of 14."""
    versions = [("Travellers", f"H{row}", "A" if row < 6 else "B") for row in range(2, 10)]
    night = pairs_copy(small_night, tmp_path, *versions)
    status, out, err = explained(capsys, night, "1")
    assert (status, err) == (0, "")
    parts = out.split("\n\nBoard 1, version B")
    assert parts[0].startswith(
        "Board 1, version A (neither side vulnerable, dealer N): 4 results, expected 8, top 14"
    )
    for part in parts:
        assert "Neuberg: 4 real results of the 8 expected, so every frequency is factored by " \
            "8/4 = 2:" in part  # fmt: skip
        assert "    +400: 2 x 6 below + (2 - 1) = 13 NS;  EW 14 - 13 = 1" in part
        assert "    -100: 2 x 0 below + (2 - 1) = 1 NS;  EW 14 - 1 = 13" in part


def test_a_weighted_ruling_and_average_plus_minus(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Table 1's board 1 given A+/A- (Law 12C2: 60% and 40% of the top of 14, 8.4 and 5.6)
    and table 2's a weighted score, 60% of +120 and 40% of -50: 7 real results of 8 are
    factored by 8/7; +120's adjusted frequency is (1 + 0.6) x 8/7 = 1.83 over (1.4 + 2) x 8/7
    below, 8.6 matchpoints; -50's 5.17; so 60% x 8.6 + 40% x 5.17 = 7.23."""
    night = pairs_copy(
        small_night,
        tmp_path,
        ("Travellers", "G2", "A+/A-"),
        ("Travellers", "G3", "60% 120; 40% -50"),
    )
    status, out, err = explained(capsys, night, "1")
    assert (status, err) == (0, "")
    for line in (
        "  pair 1: A+ is 60% of the top 14 = 8.4; Law 12C2(c): the pair's own percentage on its "
        "other boards, 46.43%, is lower, so it stays",
        "  pair 10: A- is 40% of the top 14 = 5.6; Law 12C2(c): the pair's own percentage on its "
        "other boards, 64.29%, is higher, so it stays",
        "    +120: 2 x 3.89 below + (1.83 - 1) = 8.6 NS;  EW 14 - 8.6 = 5.4",
        "Pairs 2 v 12: the weighted score's NS MP = 60% x 8.6 + 40% x 5.17 = 7.23",
    ):
        assert line in out.splitlines()


@pytest.mark.parametrize(
    ("row", "board"), [(3, "1"), (12, "1")], ids=["in the board's rows", "in another board's"]
)
def test_a_slip_in_the_travellers_is_named_at_its_cell(
    row: int, board: str, small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = pairs_copy(small_night, tmp_path, ("Travellers", f"D{row}", "4Z"))
    status, out, err = explained(capsys, night, board)
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        "error: 1 problem in the workbook:",
        f"Travellers!D{row}: '4Z' is not a contract (expected level 1-7, strain C D H S NT, "
        "then X or XX)",
    ]


@pytest.mark.parametrize(
    ("typed", "shown"), [("cross-IMPs", "cross-IMPs"), ("Butler", "Butler IMPs")]
)
def test_an_imps_night_is_refused_not_shown_as_matchpoints(
    typed: str, shown: str, small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wb = load_workbook(small_night)
    wb["Settings"]["B7"] = typed
    wb["Adjustments"].delete_rows(2, wb["Adjustments"].max_row)  # a % of a top: matchpoints only
    night = tmp_path / "imps.xlsx"
    wb.save(night)
    status, out, err = explained(capsys, night, "1")
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        f"error: Settings!B7: this night is scored in {shown}; explain shows a matchpoint "
        "board step by step, not IMPs: each table's IMPs are on the Board results sheet of "
        f"the results workbook (xlbridge score {night})"
    ]


def test_a_teams_board_across_the_room(events: Events, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 1's board 1: +420 v +400 is 20 points, 1 IMP; +420 v -50 is 470, 10 IMPs."""
    status, out, err = explained(capsys, events.four, "1")
    assert (status, err) == (0, "")
    assert out.splitlines()[3:5] == [
        f"    1     1  {'1 Team 1 v 2 Team 2':<34} {'420':>18} {'400':>18}  1 / -1",
        f"    1     2  {'3 Team 3 v 4 Team 4':<34} {'420':>18} {'-50':>18}  10 / -10",
    ]
    status, out, err = explained(capsys, events.four, "5")
    assert (status, out) == (2, "")
    assert err == (
        "error: --board 5: board 5 has no result in the workbook: give one of the boards "
        "played: 1\n"
    )


def test_an_individual_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    night = filled_individual(tmp_path)
    capsys.readouterr()
    status, out, err = explained(capsys, night, "1")
    assert (status, out) == (2, "")
    assert err == (
        "error: explain is for a pairs or teams night: an individual's matchpoints are on the "
        "results workbook's Travellers sheet (NS MP, EW MP)\n"
    )
