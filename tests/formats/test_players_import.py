"""``xlbridge import FILE --players players.csv [--update-players]`` on a real club file.

The file is Compscore3's USEBIO of an Australian club night (tests/data/usebio,
``mp_pairs_mitchell_03.xml``): thirteen pairs, each player named in capitals
with an ABF number, and one player written ``DIRECTOR`` with number 0 (none).
The club's list names two of its players.  Imported with the list, a blank
number or name is filled from it; with ``--update-players`` the players the
file names that the list lacks are added after its lines, which are kept byte
for byte; without the flag the list is never written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support import paths
from support.nights import digest

from xlbridge.cli import main

REAL = paths.DATA / "usebio" / "mp_pairs_mitchell_03.xml"

#: The club's list: two players of pair NS 2, as the club spells them.
LIST = "Name,Number,Holding\r\nChristine Bradfield,1004311,\r\nKerrie Haig,1074830,15.2\r\n"


def club_list(folder: Path, text: str = LIST, encoding: str = "utf-8") -> Path:
    path = folder / "players.csv"
    path.write_bytes(text.encode(encoding))
    return path


def pairs_rows(workbook: Path) -> dict[str, tuple[object, ...]]:
    """Each Pairs row by its pair and direction: the two players' names and numbers."""
    sheet = load_workbook(workbook)["Pairs"]
    return {
        f"{row[2]} {row[0]}": tuple(row[3:7])
        for row in sheet.iter_rows(min_row=2, values_only=True)
        if row[0] is not None
    }


def settings_rows(workbook: Path) -> dict[object, object]:
    sheet = load_workbook(workbook)["Settings"]
    return {row[0]: row[1] for row in sheet.iter_rows(values_only=True) if row[0]}


def test_blank_numbers_and_names_are_filled_from_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = REAL.read_text(encoding="utf-8")
    # the file as a program leaving a number and a name out writes it (0 is no number)
    text = text.replace("<NATIONAL_ID_NUMBER>1004311<", "<NATIONAL_ID_NUMBER>0<", 1)
    text = text.replace("<PLAYER_NAME>KERRIE HAIG<", "<PLAYER_NAME><", 1)
    source = tmp_path / "night.xml"
    source.write_text(text, encoding="utf-8")
    listed = club_list(tmp_path)
    before = digest(listed)
    output = tmp_path / "night.xlsx"
    status = main(["import", str(source), "-o", str(output), "--players", str(listed)])
    assert status == 0, capsys.readouterr().err
    assert capsys.readouterr().err == ""
    rows = pairs_rows(output)
    # the file's name stands as written; the number and the other name are the list's
    assert rows["NS 2"] == ("CHRISTINE BRADFIELD", "1004311", "Kerrie Haig", "1074830")
    assert rows["NS 3"] == ("SUE WELCH", "70831", "JENNY BURCHFIELD", "975206")
    assert settings_rows(output)["Players list"] == "players.csv"
    assert digest(listed) == before  # no --update-players: the list is not written


def test_without_the_list_the_blanks_stay_blank(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = REAL.read_text(encoding="utf-8")
    text = text.replace("<NATIONAL_ID_NUMBER>1004311<", "<NATIONAL_ID_NUMBER>0<", 1)
    source = tmp_path / "night.xml"
    source.write_text(text, encoding="utf-8")
    output = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(output)]) == 0
    capsys.readouterr()
    assert pairs_rows(output)["NS 2"][:2] == ("CHRISTINE BRADFIELD", "guest")
    assert "Players list" not in settings_rows(output)


def test_two_listed_players_of_a_name_are_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = REAL.read_text(encoding="utf-8")
    text = text.replace("<NATIONAL_ID_NUMBER>1004311<", "<NATIONAL_ID_NUMBER>0<", 1)
    source = tmp_path / "night.xml"
    source.write_text(text, encoding="utf-8")
    listed = club_list(tmp_path, LIST + "Christine Bradfield,1200001,\r\n")
    output = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(output), "--players", str(listed)]) == 0
    assert capsys.readouterr().err.splitlines() == [
        "warning: pair NS 2, player 1: players.csv lists 2 players named Christine Bradfield "
        "(1004311 on line 2 and 1200001 on line 4): type the number of the one who played"
    ]


def test_a_players_warning_is_placed_at_its_pair_and_player(tmp_path: Path) -> None:
    from xlbridge.formats.usebio import read_usebio
    from xlbridge.places import Problem
    from xlbridge.workbook.players import fill_players, read_players

    text = REAL.read_text(encoding="utf-8")
    text = text.replace("<NATIONAL_ID_NUMBER>1004311<", "<NATIONAL_ID_NUMBER>0<", 1)
    source = tmp_path / "night.xml"
    source.write_text(text, encoding="utf-8")
    listed = read_players(club_list(tmp_path, LIST + "Christine Bradfield,1200001,\r\n"))
    _, warnings = fill_players(read_usebio(source).event, listed.players)
    # the place is the pair and the player, the words the list's, made once
    assert warnings == (
        Problem(
            "pair NS 2, player 1",
            "players.csv lists 2 players named Christine Bradfield "
            "(1004311 on line 2 and 1200001 on line 4): type the number of the one who played",
        ),
    )


#: The lines --update-players adds for the real file: every player with a number that the
#: list lacks, in the file's order (DIRECTOR has none).
ADDED = [
    "YEUNG CHEUNG,936510,",
    "NICKY O'BRIEN,1091387,",
    "JOY BAKER,1090410,",
    "SUE WELCH,70831,",
    "JENNY BURCHFIELD,975206,",
    "JOAN KORPORAAL,418145,",
    "BARBARA DOUGLAS,637947,",
    "JEANNIE EGGER,1016385,",
    "LYN SOLOMON,1112139,",
    "JOAN MCLAY,1026224,",
    "GAY WILSON,675970,",
    "JANET HEBERDEN,1135104,",
    "ANNA LAKE,1135163,",
    "JENNIE SUTTON,926086,",
    "ROBYN BONIFACE,1090372,",
    "JUDY WILLIAMS,620300,",
    "ANNETTE PERKINS,709591,",
    "HEATHER O'SULLIVAN,590088,",
    "MARIE WESTGARTH,590134,",
    "SIGRID SMEE,714720,",
    "KAY PALESE,712914,",
    "SUSAN AHERN,180408,",
    "GAIL WOODLEY,937746,",
]


def test_update_players_adds_the_players_the_list_lacks_and_keeps_every_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = club_list(tmp_path)
    before = listed.read_bytes()
    output = tmp_path / "night.xlsx"
    status = main(
        ["import", str(REAL), "-o", str(output), "--players", str(listed), "--update-players"]
    )
    out = capsys.readouterr().out
    assert status == 0
    after = listed.read_bytes()
    assert after.startswith(before)  # every existing line byte for byte
    assert after[len(before) :].decode("utf-8") == "".join(f"{line}\r\n" for line in ADDED)
    assert "players.csv: added 23 players (lines 4-26)" in out.splitlines()
    assert "players.csv: not added, no national number: DIRECTOR" in out.splitlines()
    # imported again, nothing more to add: the file is not written
    again = tmp_path / "again.xlsx"
    assert (
        main(["import", str(REAL), "-o", str(again), "--players", str(listed), "--update-players"])
        == 0
    )
    assert "every player with a number is on the list already" in capsys.readouterr().out
    assert listed.read_bytes() == after


def test_update_players_keeps_the_lists_own_encoding_separator_and_last_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Windows-1252, semicolons, two columns, no line ending after the last line
    original = "Name;Number\nZoë Brontë;1004311\nKerrie Haig;1074830".encode("cp1252")
    listed = tmp_path / "players.csv"
    listed.write_bytes(original)
    output = tmp_path / "night.xlsx"
    status = main(
        ["import", str(REAL), "-o", str(output), "--players", str(listed), "--update-players"]
    )
    assert status == 0, capsys.readouterr().err
    after = listed.read_bytes()
    assert after.startswith(original + b"\n")
    added = after[len(original) + 1 :].decode("cp1252").splitlines()
    assert added == [line.removesuffix(",").replace(",", ";") for line in ADDED]
    # the list's Zoë Brontë is number 1004311: the file's CHRISTINE BRADFIELD is not added
    assert "CHRISTINE BRADFIELD" not in after.decode("cp1252")


def test_a_name_the_lists_encoding_cannot_hold_is_refused_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = REAL.read_text(encoding="utf-8").replace("JOY BAKER", "JOY BAKER 李", 1)
    source = tmp_path / "night.xml"
    source.write_text(text, encoding="utf-8")
    original = "Name,Number\r\nZoë Brontë,1004311\r\n".encode("cp1252")
    listed = tmp_path / "players.csv"
    listed.write_bytes(original)
    output = tmp_path / "night.xlsx"
    status = main(
        ["import", str(source), "-o", str(output), "--players", str(listed), "--update-players"]
    )
    assert status == 2
    assert capsys.readouterr().err.splitlines() == [
        "warning: pair NS 2, player 1: 'CHRISTINE BRADFIELD' has number 1004311, which "
        "players.csv (line 2) gives to Zoë Brontë: the name stands as written",
        "error: players.csv is in Windows-1252, which cannot hold '李': save the list as CSV "
        "UTF-8 and import again",
    ]
    assert listed.read_bytes() == original
    assert not output.exists()


def test_update_players_needs_the_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "night.xlsx"
    assert main(["import", str(REAL), "-o", str(output), "--update-players"]) == 2
    assert capsys.readouterr().err == (
        "error: --update-players needs --players: the list to add to\n"
    )
    assert not output.exists()


def test_a_bad_list_is_refused_before_the_file_is_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = club_list(tmp_path, "Christine Bradfield,1004311\r\n")
    output = tmp_path / "night.xlsx"
    assert main(["import", str(REAL), "-o", str(output), "--players", str(listed)]) == 2
    assert capsys.readouterr().err == (
        "error: players.csv line 1: no header: the first line must name the columns Name and "
        "Number (and Holding), not 'Christine Bradfield,1004311'\n"
    )
    assert not output.exists()
