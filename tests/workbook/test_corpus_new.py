"""`xlbridge new` with absurd or conflicting arguments: a plain message, exit 2, nothing
written (the third round's slips, class 1).  The good cases say what was made and what
the room must know."""

from __future__ import annotations

import pytest

from xlbridge.cli import main

#: (arguments after NIGHT, the message's words)
REFUSED = {
    "no tables": (["--movement", "mitchell", "--tables", "0", "--boards", "6"],
                  "a Mitchell is for 2 to 30 tables, not 0"),
    "one table": (["--movement", "mitchell", "--tables", "1", "--boards", "3"],
                  "a Mitchell is for 2 to 30 tables, not 1"),
    "a hundred tables": (["--movement", "mitchell", "--tables", "100", "--boards", "100"],
                         "a Mitchell is for 2 to 30 tables, not 100: seat a bigger field in "
                         "sections, a workbook each, and score them as one field with "
                         "xlbridge merge"),
    "the boards in the room, not a pair's": (["--movement", "mitchell", "--tables", "5",
                                              "--boards", "5000"],
                                             "5000 boards a pair is more than a session: give "
                                             "at most 60"),
    "a Howell of too many boards": (["--movement", "howell", "--tables", "8", "--boards",
                                     "75"], "75 boards a pair is more than a session"),
    "a Swiss of more rounds than teams": (["--teams", "2", "--boards", "6", "--rounds", "4"],
                                          "--rounds: 2 teams can play at most 1 Swiss round "
                                          "without meeting twice"),
    "a round robin of a hundred teams": (["--teams", "100", "--boards", "8", "--format",
                                          "round-robin"],
                                         "--teams: a round robin is for 2 to 30 teams, not 100: "
                                         "play a bigger field as a Swiss (--format swiss)"),
    "a Swiss of too many teams": (["--teams", "201", "--boards", "8"],
                                  "--teams: a Swiss is for 2 to 200 teams, not 201"),
    "the set's boards for a match's": (["--teams", "4", "--boards", "500"],
                                       "--boards: 500 boards a match is more than a day's play: "
                                       "give at most 64"),
    "a round robin too long": (["--teams", "30", "--boards", "9", "--format", "round-robin"],
                               "29 rounds of 9 boards is 261 boards a team, more than an event: "
                               "give at most 240 boards a team over the rounds"),
    "boards not a multiple": (["--movement", "mitchell", "--tables", "7", "--boards", "20"],
                              "20 boards do not share out over the 7 rounds of a 7-table "
                              "Mitchell: give a multiple of 7 (14, 21)"),
    "a Howell too large": (["--movement", "howell", "--tables", "9", "--boards", "17"],
                           "a complete Howell is for 2 to 8 tables, not 9"),
    "skip with odd tables": (["--movement", "mitchell", "--tables", "7", "--boards", "21",
                              "--skip"], "a skip Mitchell is for an even number of tables"),
    "skip with a Howell": (["--movement", "howell", "--tables", "4", "--boards", "14",
                            "--skip"], "--skip is for a Mitchell of an even number of tables"),
    "three pairs in a Mitchell: no board played twice": (
        ["--movement", "mitchell", "--tables", "2", "--boards", "4", "--sit-out"],
        "error: a Mitchell share-and-relay with a sit-out of 2 tables seats 3 pairs: each "
        "board is played at one table only, so no result is compared with another: seat 4 "
        "pairs or more (two full tables)\n"),
    "three pairs in a Howell: no board played twice": (
        ["--movement", "howell", "--tables", "2", "--boards", "6", "--sit-out"],
        "error: a Howell with a sit-out of 2 tables seats 3 pairs: each board is played at "
        "one table only, so no result is compared with another: seat 4 pairs or more (two "
        "full tables)\n"),
    "tables without a movement": (["--tables", "7"],
                                  "--tables, --boards, --skip and --sit-out go with --movement"),
    "a movement that is not one": (["--movement", "rover", "--tables", "4", "--boards", "8"],
                                   "Invalid value"),
    "a date that is not one": (["--movement", "mitchell", "--tables", "3", "--boards", "6",
                                "--date", "31/02/2026"],
                               "--date: '31/02/2026' is not a date (type it as 24/11/2026"),
}  # fmt: skip


@pytest.mark.parametrize("case", REFUSED)
def test_absurd_arguments_are_refused_and_nothing_is_written(case, tmp_path, capsys):
    args, words = REFUSED[case]
    night = tmp_path / "night.xlsx"
    assert main(["new", str(night), *args]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert not night.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("night.csv", "the new workbook's name must end in .xlsx"),
        ("folder", "is a directory"),
    ],
)
def test_a_name_that_is_not_a_workbook(name, words, tmp_path, capsys):
    target = tmp_path / name
    if name == "folder":
        target.mkdir()
    assert main(["new", str(target)]) == 2
    assert words in capsys.readouterr().err


def test_an_existing_night_is_kept_and_force_is_named(tmp_path, capsys):
    night = tmp_path / "night.xlsx"
    assert main(["new", str(night)]) == 0
    before = night.read_bytes()
    assert (
        main(["new", str(night), "--movement", "mitchell", "--tables", "3", "--boards", "6"]) == 2
    )
    err = capsys.readouterr().err
    assert "exists already" in err and "--force" in err
    assert night.read_bytes() == before


def test_six_tables_say_what_was_chosen_and_what_else(tmp_path, capsys):
    night = tmp_path / "night.xlsx"
    assert (
        main(["new", str(night), "--movement", "mitchell", "--tables", "6", "--boards", "18"]) == 0
    )
    out = capsys.readouterr().out
    assert "Mitchell share-and-relay, 6 tables, 6 rounds of 3 boards" in out
    assert "tables 1 and 6 share boards each round" in out
    assert "relay stand holds one set between tables 3 and 4" in out
    assert "add --skip" in out


def test_two_tables_are_not_offered_a_skip_mitchell(tmp_path, capsys):
    night = tmp_path / "night.xlsx"
    assert (
        main(["new", str(night), "--movement", "mitchell", "--tables", "2", "--boards", "4"]) == 0
    )
    out = capsys.readouterr().out
    assert "Mitchell share-and-relay, 2 tables, 2 rounds of 2 boards" in out
    assert "--skip" not in out  # a skip Mitchell needs 4 tables or more
    night.unlink()
    assert (
        main(["new", str(night), "--movement", "mitchell", "--tables", "4", "--boards", "8"]) == 0
    )
    assert "or a skip Mitchell of 3 rounds: add --skip" in capsys.readouterr().out


def test_the_longest_teams_matches_are_made(tmp_path, capsys):
    """At the limits (64 boards a match, 192 of the 240 a team) the workbook is made."""
    night = tmp_path / "night.xlsx"
    assert main(["new", str(night), "--teams", "4", "--boards", "64", "--rounds", "3"]) == 0
    assert "Round 1 (boards 1-64)" in capsys.readouterr().out
