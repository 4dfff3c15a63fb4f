"""What the organiser of a simultaneous pairs gets wrong: ``xlbridge merge``.

Each case runs the command as the organiser would (``main([...])``) and pins the exit
code, the whole message (the club's file and the cell it names, once, the value quoted
as typed, what to do) and, on an error, that nothing was written: a merged field
xlbridge wrote earlier is left byte for byte as it was, and a new one is not made.

The clubs are 3-table Mitchells of 6 boards from ``xlbridge new`` (``support.nights.filled``,
the results of its TYPED in turn), each club's Settings naming the event "Sim pairs" of
24 November 2026: Acol from the first result, Bath from the fourth (other results, so
not one club given twice).  What the docs (club-night.md, session.md) say a merge does
is pinned: the same club twice, clubs of boards that do not nest and clubs scored unlike
each other are refused; a club that played fewer of the boards is merged; clubs dated
differently are merged with a warning; a club with results to come makes the field
provisional, naming the club's file; clubs of one event name go under their Settings
Club, or their files' names when that does not tell them apart (acol, bath).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import digest, filled, put
from support.paths import DATA

from xlbridge.cli import main
from xlbridge.workbook.pairs.layout import setting_row

EVENT = ("--event", "Sim pairs", "--date", "2026-11-24")
MITCHELL = ("--tables", "3", "--boards", "6", *EVENT)


@dataclass(frozen=True)
class Clubs:
    acol: Path
    bath: Path
    earlier: Path  # the merged field of Acol and Bath, written by xlbridge merge

    @property
    def folder(self) -> Path:
        return self.acol.parent


@pytest.fixture(scope="session")
def clubs(tmp_path_factory: pytest.TempPathFactory) -> Clubs:
    folder = tmp_path_factory.mktemp("clubs")
    acol = filled(folder, "acol", *MITCHELL)
    bath = filled(folder, "bath", *MITCHELL, start=3)
    earlier = folder / "field.xlsx"
    assert main(["merge", str(acol), str(bath), "-o", str(earlier)]) == 0
    return Clubs(acol, bath, earlier)


def club(source: Path, folder: Path, name: str, *edits: Callable[[Workbook], None]) -> Path:
    """``source`` saved as ``folder/name`` with ``edits`` typed in it."""
    wb = load_workbook(source)
    for edit in edits:
        edit(wb)
    path = folder / name
    wb.save(path)
    return path


def merged(
    capsys: pytest.CaptureFixture[str], given: list[Path], out: Path
) -> tuple[int, str, str]:
    status = main(["merge", *map(str, given), "-o", str(out)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused(
    capsys: pytest.CaptureFixture[str], clubs: Clubs, folder: Path, given: list[Path]
) -> str:
    """The error line(s) after the progress; an earlier merged field left byte for byte,
    and a new output never made."""
    kept = folder / "kept.xlsx"
    shutil.copy(clubs.earlier, kept)
    before = digest(kept)
    status, out, err = merged(capsys, given, kept)
    assert (status, out) == (2, ""), err
    assert digest(kept) == before
    fresh = folder / "fresh.xlsx"
    status, out, again = merged(capsys, given, fresh)
    assert (status, out, again) == (2, "", err)
    assert not fresh.exists()
    return "".join(line for line in err.splitlines(True) if not line.startswith("reading club"))


def error(text: str) -> str:
    return f"error: {text}\n"


# --- one club given twice ---------------------------------------------------------------------


def test_one_clubs_file_given_twice(clubs: Clubs, tmp_path: Path, capsys) -> None:
    given = [clubs.acol, clubs.bath, clubs.acol]
    assert refused(capsys, clubs, tmp_path, given) == error(
        f"{clubs.acol} and {clubs.acol} are the same workbook (the same pairs and results): "
        "give each club's workbook once"
    )


def test_a_copy_of_a_club_under_another_name(clubs: Clubs, tmp_path: Path, capsys) -> None:
    copy = tmp_path / "acol (copy).xlsx"
    shutil.copy(clubs.acol, copy)
    assert refused(capsys, clubs, tmp_path, [clubs.acol, clubs.bath, copy]) == error(
        f"{clubs.acol} and {copy} are the same workbook (the same pairs and results): "
        "give each club's workbook once"
    )


# --- the boards -------------------------------------------------------------------------------


def test_a_club_that_played_fewer_of_the_boards_is_merged(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """Boards 1-6 at Acol and Bath, 1-9 at Crewe (a 3-table Mitchell of 3 boards a round):
    Acol's and Bath's boards are among Crewe's, so the field is merged, as the docs say."""
    crewe = filled(tmp_path, "crewe", "--tables", "3", "--boards", "9", *EVENT, start=5)
    capsys.readouterr()  # what xlbridge new said
    out = tmp_path / "field.xlsx"
    status, printed, err = merged(capsys, [clubs.acol, clubs.bath, crewe], out)
    assert (status, err) == (0, "reading club 1 of 3\nreading club 2 of 3\nreading club 3 of 3\n")
    assert printed.startswith("acol + bath + crewe\n")  # one event name: the files'
    assert out.exists()


def test_clubs_each_of_which_played_a_board_the_other_did_not(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """Bath's board 6 typed as board 7 on its travellers (no movement in Settings, boards
    1-7): Acol played board 6 and Bath board 7."""

    def board_7(wb: Workbook) -> None:
        wb["Settings"]["B4"] = None
        wb["Settings"]["B6"] = 7
        for row in wb["Travellers"].iter_rows(min_row=2):
            if row[0].value == 6:
                row[0].value = 7

    bath = club(clubs.bath, tmp_path, "bath.xlsx", board_7)
    assert refused(capsys, clubs, tmp_path, [clubs.acol, bath]) == error(
        f"{clubs.acol} played board 6 and {bath} board 7, which the other did not: their "
        "results cannot be compared; merge the nights of one event, played on the same boards"
    )


def test_a_club_with_a_board_still_to_come_makes_the_field_provisional(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """Bath's board 1 at table 1 (Travellers row 2) not typed yet."""
    bath = club(clubs.bath, tmp_path, "bath.xlsx", put("Travellers", "D2", None),
                put("Travellers", "E2", None), put("Travellers", "F2", None))  # fmt: skip
    out = tmp_path / "field.xlsx"
    status, printed, err = merged(capsys, [clubs.acol, bath], out)
    assert status == 0
    assert err.splitlines()[-1] == f"provisional: {bath}: 1 result to come"
    assert printed.startswith(f"acol + bath (PROVISIONAL: {bath}: 1 result to come)\n")
    assert out.exists()


# --- scored another way -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "typed", "words"),
    [
        ("B7", "cross-IMPs", "Scoring is 'cross-IMPs', and {first}'s is 'matchpoints'"),
        ("B7", "Butler", "Scoring is 'Butler', and {first}'s is 'matchpoints'"),
        ("B8", 1, "MP per result beaten is 1, and {first}'s is 2"),
    ],
)
def test_a_club_scored_unlike_the_others(
    clubs: Clubs, tmp_path: Path, capsys, cell: str, typed: object, words: str
) -> None:
    bath = club(clubs.bath, tmp_path, "bath.xlsx", put("Settings", cell, typed))
    label = "Scoring" if cell == "B7" else "MP per result beaten"
    assert refused(capsys, clubs, tmp_path, [clubs.acol, bath]) == error(
        f"{bath}: Settings!{cell}: {words.format(first=clubs.acol)}: the clubs of one field "
        f"are scored the same way: type the same {label} in every club's Settings"
    )


# --- dates and event names --------------------------------------------------------------------


def test_clubs_dated_differently_are_merged_with_a_warning(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """A simultaneous may be played over several days (club-night.md): a warning, no error."""
    bath = club(clubs.bath, tmp_path, "bath.xlsx", put("Settings", "B3", "25 Nov 2026"))
    out = tmp_path / "field.xlsx"
    status, _, err = merged(capsys, [clubs.acol, bath], out)
    assert status == 0
    assert err.splitlines()[-1] == (
        f"warning: the nights are dated differently: 24 November 2026 ({clubs.acol}), "
        f"25 November 2026 ({bath}): are they one event? (see each workbook's Settings date)"
    )
    assert out.exists()


def test_clubs_of_different_event_names_are_merged_each_under_its_name(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """The event's name is what a club's pairs are prefixed with (session.md): Bath's own
    name for the night keeps its pairs apart, with no warning."""
    bath = club(clubs.bath, tmp_path, "bath.xlsx", put("Settings", "B2", "Bath sim"))
    out = tmp_path / "field.xlsx"
    status, printed, err = merged(capsys, [clubs.acol, bath], out)
    assert (status, err) == (0, "reading club 1 of 2\nreading club 2 of 2\n")
    assert printed.startswith("Sim pairs + Bath sim\n")
    assert "Bath sim:NS 1" in printed and "Sim pairs:NS 1" in printed


def named_clubs(clubs: Clubs, folder: Path, *names: str | None) -> list[Path]:
    """Acol's, Bath's and a third club's nights of "Sim pairs" saved as ``a.xlsx``,
    ``b.xlsx`` and ``c.xlsx``, each Settings' Club typed as ``names`` gives it."""
    third = filled(folder, "third", *MITCHELL, start=5)
    club_row = f"B{setting_row('ClubName')}"
    return [
        club(source, folder, f"{file}.xlsx", put("Settings", club_row, name))
        for source, file, name in zip((clubs.acol, clubs.bath, third), "abc", names, strict=True)
    ]


def ranking_labels(field: Path) -> set[str]:
    """The pairs of the results workbook's Ranking sheet, as it shows them."""
    sheet = load_workbook(field)["Ranking"]
    return {
        str(r[1]) for r in sheet.iter_rows(min_row=2, values_only=True) if isinstance(r[4], int)
    }


def test_clubs_of_one_event_name_are_named_by_their_settings_club(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """A simultaneous pairs: every club typed the event's name, "Sim pairs", and its own
    name in Settings' Club: each club's pairs go under its Club name in the ranking, the
    rank changes and the results workbook, not "Sim pairs #2"."""
    given = named_clubs(clubs, tmp_path, "Acol", "Bath", "Crewe")
    capsys.readouterr()  # what xlbridge new said
    out = tmp_path / "field.xlsx"
    status, printed, err = merged(capsys, given, out)
    assert (status, err.splitlines()[-1]) == (0, "reading club 3 of 3"), err
    assert printed.startswith("Acol + Bath + Crewe\n")
    assert "#2" not in printed and "Sim pairs" not in printed
    # three 3-table Mitchells: NS 1-3 and EW 1-3 at each club, in the ranking and its sheet
    pairs = {f"{side} {n}" for side in ("NS", "EW") for n in (1, 2, 3)}
    labels = {f"{name}:{pair}" for name in ("Acol", "Bath", "Crewe") for pair in pairs}
    assert ranking_labels(out) == labels
    assert all(label in printed for label in labels)
    # the rank changes: a row a pair, its club named first
    changes = printed.split("Club ")[1].splitlines()[1:-2]
    assert (
        sorted(line.split()[0] for line in changes) == ["Acol"] * 6 + ["Bath"] * 6 + ["Crewe"] * 6
    )


def test_clubs_of_one_event_name_and_no_club_names_are_named_by_their_files(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """No Club in any club's Settings (or one club's left blank, or two clubs of one
    Club name: two sections of Acol): the files' names, without .xlsx, tell them apart."""
    pairs = {f"{side} {n}" for side in ("NS", "EW") for n in (1, 2, 3)}
    labels = {f"{name}:{pair}" for name in "abc" for pair in pairs}
    for case, names in enumerate(
        [(None, None, None), ("Acol", None, "Crewe"), ("Acol", "Acol", "Bath")]
    ):
        folder = tmp_path / str(case)
        folder.mkdir()
        given = named_clubs(clubs, folder, *names)
        capsys.readouterr()
        out = folder / "field.xlsx"
        status, printed, err = merged(capsys, given, out)
        assert status == 0, err
        assert printed.startswith("a + b + c\n"), names
        assert ranking_labels(out) == labels


def test_a_club_name_with_a_colon_is_read_back_as_one_club(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """A pair's label is its club, a colon, its own label: a Club typed with a colon, odd
    spaces and a superscript ("Crewe: Tue\u00a0club\u00b2 ") keeps its pairs apart as that club's,
    when the merged field is scored again too (its labels read back as typed)."""
    given = named_clubs(clubs, tmp_path, "Acol", "Bath", " Crewe: Tue\u00a0club\u00b2 ")
    capsys.readouterr()
    out = tmp_path / "field.xlsx"
    status, printed, err = merged(capsys, given, out)
    assert status == 0, err
    assert printed.startswith("Acol + Bath + Crewe: Tue club2\n")
    crewe = {label for label in ranking_labels(out) if label.startswith("Crewe")}
    assert crewe == {f"Crewe: Tue club2:{side} {n}" for side in ("NS", "EW") for n in (1, 2, 3)}
    again = tmp_path / "again.xlsx"
    assert main(["score", str(out), "-o", str(again)]) == 0
    assert capsys.readouterr().out.startswith("Acol + Bath + Crewe: Tue club2\n")
    assert ranking_labels(again) == ranking_labels(out)


# --- the output and earlier outputs -----------------------------------------------------------


def test_the_output_given_as_one_of_the_clubs(clubs: Clubs, tmp_path: Path, capsys) -> None:
    bath = club(clubs.bath, tmp_path, "bath.xlsx")
    before = digest(bath)
    status, out, err = merged(capsys, [clubs.acol, bath], bath)
    assert (status, out, err) == (2, "", error(
        f"refusing to write over the input file {bath} (-o {bath}): give a different output file"
    ))  # fmt: skip
    assert digest(bath) == before


def test_an_earlier_merged_field_given_as_a_club(clubs: Clubs, tmp_path: Path, capsys) -> None:
    """Its pairs and results are Acol's and Bath's again: refused, naming it, not read as a
    club whose every pair is listed twice."""
    earlier = tmp_path / "last week.xlsx"
    shutil.copy(clubs.earlier, earlier)
    assert refused(capsys, clubs, tmp_path, [clubs.acol, clubs.bath, earlier]) == error(
        f"{earlier} is a merged field xlbridge merge wrote, not a club's night: its pairs and "
        "results would count twice: give each club's own workbook"
    )


def test_a_merged_field_scored_again_is_not_a_traceback(
    clubs: Clubs, tmp_path: Path, capsys
) -> None:
    """xlbridge score of a results workbook (the merged field): its fingerprint property is
    replaced, not added twice (openpyxl refused a second one with a traceback)."""
    out = tmp_path / "again.xlsx"
    assert main(["score", str(clubs.earlier), "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith("acol + bath\n")
    assert out.exists()


# --- a slip in one club's workbook ------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "typed", "words"),
    [
        ("F4", "+9", "'+9' is not possible for 1NT: at most 6 overtricks"),
        (
            "D4",
            "4Q",
            "'4Q' is not a contract (expected level 1-7, strain C D H S NT, then X or XX)",
        ),
    ],
)
def test_a_slip_in_a_clubs_cell_names_the_club_and_the_cell_once(
    clubs: Clubs, tmp_path: Path, capsys, cell: str, typed: str, words: str
) -> None:
    bath = club(clubs.bath, tmp_path, "bath.xlsx", put("Travellers", cell, typed))
    message = refused(capsys, clubs, tmp_path, [clubs.acol, bath])
    assert message == error(f"{bath}: 1 problem in the workbook:\nTravellers!{cell}: {words}")
    assert message.count(str(bath)) == 1 and message.count(f"Travellers!{cell}") == 1


# --- clubs of other shapes --------------------------------------------------------------------


def test_a_club_of_one_table(clubs: Clubs, tmp_path: Path, capsys) -> None:
    """Dee's one table, NS 1 against EW 1 on all six boards, no movement: each of its boards
    is played once at the club, and compared across the field."""

    def one_table(wb: Workbook) -> None:
        wb["Settings"]["B4"], wb["Settings"]["B5"] = None, 1
        source = load_workbook(clubs.acol)["Travellers"]
        ws = wb["Travellers"]
        for row in ws.iter_rows(min_row=2, max_row=19):
            for cell in row[:8] + row[9:11]:
                cell.value = None
        for board in range(1, 7):  # Acol's first result on each board (rows 2, 5, ..., 17)
            ws.cell(board + 1, 1).value = board
            ws.cell(board + 1, 2).value = ws.cell(board + 1, 3).value = 1
            for column in (4, 5, 6):
                ws.cell(board + 1, column).value = source.cell(board * 3 - 1, column).value
        for row in (3, 4, 6, 7):  # NS 2, NS 3, EW 2, EW 3 did not play
            for cell in wb["Pairs"][row]:
                cell.value = None

    dee = club(clubs.bath, tmp_path, "dee.xlsx", one_table)
    out = tmp_path / "field.xlsx"
    status, printed, err = merged(capsys, [clubs.acol, clubs.bath, dee], out)
    assert (status, err.splitlines()[-1]) == (0, "reading club 3 of 3"), err
    assert "dee:NS 1" in printed


def test_a_club_with_a_fouled_board(clubs: Clubs, tmp_path: Path, capsys) -> None:
    """Bath's board 1 at table 1 played as version B: kept apart from the others' board 1
    (Bath's fouled deal is not theirs), the club's file before its warning's cell."""
    bath = club(clubs.bath, tmp_path, "bath.xlsx", put("Travellers", "H2", "B"))
    out = tmp_path / "field.xlsx"
    status, _, err = merged(capsys, [clubs.acol, bath], out)
    assert status == 0
    assert (
        f"warning: {bath}: Travellers!H3: board 1 was fouled: its 2 rows (H3 to H4) with "
        "a blank version are scored as one version, beside version B (H2)" in err.splitlines()
    )
    assert out.exists()


def test_clubs_whose_pairs_have_the_same_names(clubs: Clubs, tmp_path: Path, capsys) -> None:
    """The same names at two clubs (a pair that plays at both, or Smith & Jones twice) with
    other results: two clubs, each pair kept under its club."""

    def named(wb: Workbook) -> None:
        for row in range(2, 8):
            wb["Pairs"][f"B{row}"] = f"Smith & Jones {row}"

    acol = club(clubs.acol, tmp_path, "acol.xlsx", named)
    bath = club(clubs.bath, tmp_path, "bath.xlsx", named)
    out = tmp_path / "field.xlsx"
    status, printed, err = merged(capsys, [acol, bath], out)
    assert (status, err) == (0, "reading club 1 of 2\nreading club 2 of 2\n")
    assert printed.count("Smith & Jones 2") == 4  # twice in the field, twice beside its club


def test_an_ods_club(small_night: Path, tmp_path: Path, capsys) -> None:
    """The small night as LibreOffice saved it (.ods) beside the same night at another club
    (its pairs renamed): merged, every pair tied with its twin."""
    ods = tmp_path / "ods club.ods"
    shutil.copy(DATA / "ods" / "small_night.ods", ods)

    def elsewhere(wb: Workbook) -> None:
        wb["Settings"]["B2"] = "Acol"
        for (cell,) in wb["Pairs"].iter_rows(min_row=2, min_col=2, max_col=2):
            if cell.value:
                cell.value = f"{cell.value} (Acol)"

    other = club(small_night, tmp_path, "acol.xlsx", elsewhere)
    out = tmp_path / "field.xlsx"
    status, printed, err = merged(capsys, [ods, other], out)
    assert status == 0, err
    assert printed.startswith("Tuesday Pairs + Acol\n")
    assert out.exists()


# --- files that are not a club's workbook, and the command line -------------------------------


def test_a_club_file_that_is_a_csv(clubs: Clubs, tmp_path: Path, capsys) -> None:
    csv = tmp_path / "bath.csv"
    csv.write_text("Board,NS,EW,Contract,By,Result\n1,1,1,4H,S,=\n", encoding="utf-8")
    assert refused(capsys, clubs, tmp_path, [clubs.acol, csv]) == error(
        f"{csv} is a text file (CSV?), not an .xlsx workbook: open it in Excel or LibreOffice "
        "and save it as .xlsx"
    )


def test_a_club_file_that_is_a_pdf(clubs: Clubs, tmp_path: Path, capsys) -> None:
    pdf = tmp_path / "bath.pdf"
    pdf.write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< >>\nendobj\n")
    assert refused(capsys, clubs, tmp_path, [clubs.acol, pdf]) == error(
        f"{pdf} is a PDF file (a printed page), not an .xlsx workbook: give the workbook "
        "itself, not a PDF printed or exported from it"
    )


def test_one_club_only(clubs: Clubs, tmp_path: Path, capsys) -> None:
    assert refused(capsys, clubs, tmp_path, [clubs.acol]) == error(
        f"one club given ({clubs.acol}): a merge scores two clubs or more as one field: give "
        f"every club's workbook (or score one club's night with xlbridge score {clubs.acol})"
    )


@pytest.mark.parametrize("name", ["field.csv", "field", "field.xls"])
def test_an_output_not_named_xlsx(clubs: Clubs, tmp_path: Path, capsys, name: str) -> None:
    out = tmp_path / name
    status, printed, err = merged(capsys, [clubs.acol, clubs.bath], out)
    assert (status, printed, err) == (2, "", error(f"-o {out}: the name must end in .xlsx"))
    assert not out.exists()
