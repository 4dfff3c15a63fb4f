"""A club's players list: the Pairs sheet completed and checked from it when a night is scored.

The example night's Pairs sheet names its players with their numbers
(Linda Kemp 100001, Ian Jarvis 100002, Stephen Ingram 100003, ...); the
club's ``players.csv`` lists them.  Each test types a slip a scorer makes on
the Pairs sheet and reads what ``xlbridge score`` makes of it: the name or
number filled in the results (the USEBIO file's players), or the warning,
word for word, naming the cell and the value as typed.  The list file is
never written by ``score`` or ``new``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import build, digest, put
from support.paths import EXAMPLE

from xlbridge.cli import main
from xlbridge.players import NationalBody, wrong_form
from xlbridge.workbook.pairs.night import score_night


def _the_others() -> str:
    """The example night's players past the sixth, a line each, as its Pairs sheet has them."""
    pairs = load_workbook(EXAMPLE, read_only=True)["Pairs"]
    lines = []
    for row in pairs.iter_rows(min_row=5, values_only=True):
        if row[0] is not None:
            lines += [f"{row[3]},{row[4]},\r\n", f"{row[5]},{row[6]},\r\n"]
    return "".join(lines)


#: The club's list: the example night's first six players, two of one name, then the others.
LIST = (
    "Name,Number,Holding\r\n"
    "Linda Kemp,100001,152.5\r\n"
    "Ian Jarvis,100002,\r\n"
    "Stephen Ingram,100003,12\r\n"
    "Geoffrey Cole,100004,\r\n"
    "Alan Underwood,100005,\r\n"
    "Joan Holt,100006,\r\n"
    "Ann Smith,200001,\r\n"
    "Ann Smith,200002,\r\n" + _the_others()
)


def night_with(
    base: Path, folder: Path, *changes: tuple[str, object], players: str | None = "players.csv"
) -> Path:
    """``base`` with the Pairs cells ``changes`` typed, its Settings naming ``players``."""

    def mutate(wb: Workbook) -> None:
        for cell, value in changes:
            put("Pairs", cell, value)(wb)
        if players is not None:
            settings = wb["Settings"]
            row = settings.max_row + 1
            settings.cell(row, 1, "Players list")
            settings.cell(row, 2, players)

    return build(base, folder, mutate)


def club_list(folder: Path, text: str = LIST, encoding: str = "utf-8") -> Path:
    path = folder / "players.csv"
    path.write_bytes(text.encode(encoding))
    return path


def score(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, str]:
    status = main(["score", str(path), "-o", str(path.with_name("out.xlsx")), *options])
    return status, capsys.readouterr().err


def players_of(path: Path, pair: int) -> list[tuple[str, str]]:
    scored = score_night(path)
    found = next(p for p in scored.result.event.pairs if p.label == str(pair))
    return [(player.name, player.national_id) for player in found.players]


def test_a_number_typed_without_a_name_gets_the_lists_name(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = club_list(tmp_path)
    before = digest(listed)
    night = night_with(small_night, tmp_path, ("D2", None))
    assert players_of(night, 1) == [("Linda Kemp", "100001"), ("Ian Jarvis", "100002")]
    status, err = score(night, capsys, "--usebio", str(tmp_path / "out.xml"))
    assert status == 0
    assert "warning" not in err
    usebio = (tmp_path / "out.xml").read_text(encoding="utf-8")
    assert "<PLAYER_NAME>Linda Kemp</PLAYER_NAME>" in usebio
    assert digest(listed) == before  # score never writes the list


def test_a_typed_name_that_is_not_the_lists_is_warned_about_and_stands(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club_list(tmp_path)
    night = night_with(small_night, tmp_path, ("D4", "Alan Underwod"), ("F4", "joan  holt"))
    status, err = score(night, capsys)
    assert status == 0
    assert err.splitlines() == [
        "warning: Pairs!D4: 'Alan Underwod' has number 100005, which players.csv "
        "(line 6) gives to Alan Underwood: the name stands as written"
    ]  # joan  holt is Joan Holt: case and spacing are no difference
    assert players_of(night, 3)[0] == ("Alan Underwod", "100005")


def test_a_name_typed_without_a_number_gets_the_number_of_the_one_player_so_named(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club_list(tmp_path)
    night = night_with(small_night, tmp_path, ("E3", None), ("G3", ""))
    assert players_of(night, 2) == [("Stephen Ingram", "100003"), ("Geoffrey Cole", "100004")]
    status, err = score(night, capsys)
    assert (status, err) == (0, "")


def test_two_players_of_the_typed_name_are_warned_about_naming_both_numbers(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club_list(tmp_path)
    night = night_with(small_night, tmp_path, ("F6", "Ann Smith"), ("G6", None))
    status, err = score(night, capsys)
    assert status == 0
    assert err.splitlines() == [
        "warning: Pairs!G6: players.csv lists 2 players named Ann Smith (200001 on line 8 "
        "and 200002 on line 9): type the number of the one who played"
    ]
    assert players_of(night, 5)[1] == ("Ann Smith", "")


def test_a_number_not_on_the_list_is_warned_about_as_typed(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club_list(tmp_path)
    night = night_with(small_night, tmp_path, ("E2", 999999), ("G7", "guest"))
    status, err = score(night, capsys)
    assert status == 0
    assert err.splitlines() == [
        "warning: Pairs!E2: number '999999' is not on the players list players.csv"
    ]  # a guest is no number: nothing to say about G7


def test_numbers_in_the_wrong_form_for_the_national_body_are_warned_about(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def mutate(wb: Workbook) -> None:
        put("Pairs", "E2", "10000l")(wb)  # a letter l for a 1
        put("Pairs", "G2", " 100002 ")(wb)
        settings = wb["Settings"]
        settings.cell(settings.max_row + 1, 1, "National body")
        settings.cell(settings.max_row, 2, "ebu")

    night = build(small_night, tmp_path, mutate)
    status, err = score(night, capsys)
    assert status == 0
    assert err.splitlines() == [
        "warning: Pairs!E2: '10000l' is not in the form of an EBU number (digits)"
    ]  # no players list: only the form is checked


@pytest.mark.parametrize(
    ("body", "number", "wrong"),
    [
        # ACBL Handbook, I. The Player Number: seven digits; a Life Master's first digit a
        # letter, J for 1 to R for 9
        (NationalBody.ACBL, "7654321", None),
        (NationalBody.ACBL, "K123456", None),
        (NationalBody.ACBL, "r999999", None),
        (NationalBody.ACBL, "A123456", "7 digits, or a letter J to R and 6 digits"),
        (NationalBody.ACBL, "123456", "7 digits, or a letter J to R and 6 digits"),
        (NationalBody.ACBL, "K1234567", "7 digits, or a letter J to R and 6 digits"),
        # ABF Masterpoint Centre, Masterpoint Awards File Formats: the ABF Number in
        # positions 1-7; real numbers of the Compscore3 file (tests/data/usebio)
        (NationalBody.ABF, "936510", None),
        (NationalBody.ABF, "1004311", None),
        (NationalBody.ABF, "10043110", "digits, at most 7"),
        (NationalBody.ABF, "A1004", "digits, at most 7"),
        # the EBU's form was not found published: digits
        (NationalBody.EBU, "503", None),
        (NationalBody.EBU, "12 345", "digits"),
    ],
)
def test_the_forms_of_the_bodies_numbers(body: NationalBody, number: str, wrong: str) -> None:
    expected = (
        None if wrong is None else f"'{number}' is not in the form of an {body} number ({wrong})"
    )
    assert wrong_form(body, number) == expected


def test_a_national_body_not_known_is_refused_naming_its_cell(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def mutate(wb: Workbook) -> None:
        settings = wb["Settings"]
        settings.cell(settings.max_row + 1, 1, "National body")
        settings.cell(settings.max_row, 2, "WBF")

    night = build(small_night, tmp_path, mutate)
    status, err = score(night, capsys)
    row = load_workbook(night)["Settings"].max_row
    assert status == 2
    assert f"Settings!B{row}: the national body must be EBU, ABF, ACBL or blank, not 'WBF'" in err


def test_the_players_option_gives_the_list_for_the_night(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "club"
    elsewhere.mkdir()
    listed = club_list(elsewhere)
    night = night_with(small_night, tmp_path, ("D2", None), players=None)
    status, _ = score(night, capsys, "--players", str(listed))
    assert status == 0
    assert players_of(night, 1)[0] == ("", "100001")  # without the list: no name
    assert score_night(night, players=listed).result.event.pairs[0].players[0].name == (
        "Linda Kemp"
    )


def test_a_settings_row_naming_a_list_not_there_is_refused_naming_the_cell(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = night_with(small_night, tmp_path, players="members.csv")
    row = load_workbook(night)["Settings"].max_row
    status, err = score(night, capsys)
    assert status == 2
    assert f"Settings!B{row}: the players list members.csv is not in {tmp_path}" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Linda Kemp,100001\nIan Jarvis,100002\n",
            "players.csv line 1: no header: the first line must name the columns Name and "
            "Number (and Holding), not 'Linda Kemp,100001'",
        ),
        (
            "Name,Number\nLinda Kemp,100001\nIan Jarvis,100002\nIan Jarvis,100001\n",
            "players.csv line 4: number 100001 is listed for two players, Linda Kemp (line 2) "
            "and Ian Jarvis: a number is one player's",
        ),
        (
            "\nName,Number\n\nLinda Kemp,\n",
            "players.csv line 4: Linda Kemp has no number",
        ),
    ],
)
def test_a_bad_list_is_refused_naming_the_file_and_line(
    small_night: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str,
    message: str,
) -> None:
    listed = club_list(tmp_path, text)
    before = digest(listed)
    night = night_with(small_night, tmp_path)
    status, err = score(night, capsys)
    assert status == 2
    assert message in err
    assert not (tmp_path / "out.xlsx").exists()
    assert digest(listed) == before


@pytest.mark.parametrize(
    ("data", "name"),
    [
        ("Name,Number\r\nZoë Brontë,100001\r\n".encode("cp1252"), "Zoë Brontë"),
        ("\ufeffName;Number;Holding\nZoë Brontë;100001;3,5\n".encode(), "Zoë Brontë"),
        (b'"Number","Name"\n"100001","Kemp, Linda"\n', "Kemp, Linda"),
    ],
    ids=["windows-1252", "utf-8 with its mark, semicolons", "quoted, columns in another order"],
)
def test_the_list_is_read_in_the_encodings_and_forms_a_spreadsheet_saves(
    small_night: Path, tmp_path: Path, data: bytes, name: str
) -> None:
    (tmp_path / "players.csv").write_bytes(data)
    night = night_with(small_night, tmp_path, ("D2", None))
    assert players_of(night, 1)[0] == (name, "100001")


def test_new_records_the_list_and_score_uses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = club_list(tmp_path)
    before = digest(listed)
    night = tmp_path / "tuesday.xlsx"
    assert main(["new", str(night), "--players", str(listed)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "players list: players.csv (36 players), in Settings"
    settings = load_workbook(night)["Settings"]
    rows = [(r[0].value, r[1].value) for r in settings.iter_rows() if r[0].value]
    assert ("Players list", "players.csv") in rows
    pairs = load_workbook(night)["Pairs"]
    assert all(cell.value is None for row in pairs.iter_rows(min_row=2) for cell in row[3:7])
    assert digest(listed) == before


def test_new_refuses_a_bad_list_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = club_list(tmp_path, "Name,Number\nLinda Kemp,100001\nIan Jarvis,100001\n")
    night = tmp_path / "tuesday.xlsx"
    assert main(["new", str(night), "--players", str(listed)]) == 2
    assert "players.csv line 3: number 100001 is listed for two players" in (
        capsys.readouterr().err
    )
    assert not night.exists()
