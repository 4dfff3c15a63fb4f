"""Reading a filled club-night workbook: the event it holds and every data-entry check."""

from __future__ import annotations

import hashlib
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.paths import EXAMPLE

from xlbridge.contract import PASSED_OUT_NAMES, board_vulnerability, is_possible_score
from xlbridge.errors import ScoringError
from xlbridge.places import CellPlace
from xlbridge.result import NOT_PLAYED, Artificial, Result
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs import reader
from xlbridge.workbook.pairs.reader import read_workbook
from xlbridge.workbook.shared import sheets


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def edited(tmp_path: Path, changes: dict[str, object]) -> Path:
    """A copy of the example night with ``{'Sheet!A1': value}`` changed."""
    wb = load_workbook(EXAMPLE)
    for ref, value in changes.items():
        sheet, cell = ref.split("!")
        wb[sheet][cell] = value
    path = tmp_path / "night.xlsx"
    wb.save(path)
    return path


def traveller_row(board: int, index: int = 0) -> int:
    wb = load_workbook(EXAMPLE, read_only=True)
    rows = [
        r
        for r, (b,) in enumerate(
            wb[L.TRAVELLERS].iter_rows(min_row=2, max_col=1, values_only=True), 2
        )
        if b == board
    ]
    wb.close()
    return rows[index]


def test_example_night_reads_cleanly() -> None:
    before = digest(EXAMPLE)
    night = read_workbook(EXAMPLE)
    assert digest(EXAMPLE) == before
    event = night.event
    assert night.warnings == ()
    assert (night.tables, night.boards) == (9, 27)
    assert len(event.pairs) == 17 and len(event.plays) == 216
    assert event.name == "Tuesday Pairs"
    results = [p.result for p in event.plays]
    assert NOT_PLAYED in results
    assert any(isinstance(r, Result) and r.is_split for r in results)
    assert any(isinstance(r, Result) and isinstance(r.ns, Artificial) for r in results)
    weighted = [r for r in results if isinstance(r, Result) and getattr(r.ns, "is_weighted", False)]
    assert len(weighted) == 1
    assert all(p.source == CellPlace("Travellers", p.source.row, "G") for p in event.plays)
    assert event.adjustments[0].pair == "14"


def test_a_typo_names_its_cell(tmp_path: Path) -> None:
    row = traveller_row(3, 1)
    path = edited(tmp_path, {f"Travellers!G{row}": "42O"})
    with pytest.raises(ScoringError, match=rf"Travellers!G{row}: '42O' is not a score"):
        read_workbook(path)


def first_impossible(board: int) -> int:
    return next(
        s for s in range(10, 3000, 10) if not is_possible_score(s, board_vulnerability(board))
    )


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    r = [traveller_row(b) for b in (1, 2, 3, 4, 6, 7, 8)]
    path = edited(
        tmp_path,
        {
            f"Travellers!G{r[0]}": "42O",
            f"Travellers!A{r[1]}": 99,
            f"Travellers!C{r[2]}": "@B",
            f"Travellers!G{r[3]}": "R9",
            f"Travellers!G{r[4]}": first_impossible(6),
            f"Travellers!B{r[5]}": "ZZ",
            "Rulings!D3": 0.3,
        },
    )
    with pytest.raises(ScoringError) as caught:
        read_workbook(path)
    message = str(caught.value)
    for expected in (
        f"Travellers!G{r[0]}: '42O' is not a score",
        f"Travellers!A{r[1]}: board 99 is out of range (1 to 27)",
        f"Travellers!G{r[3]}: 'R9' refers to a ruling that is not in the rulings",
        f"Travellers!G{r[4]}: {first_impossible(6)}: no contract scores",
        f"Travellers!B{r[5]}: pair 'ZZ' is not on the Pairs sheet",
        "Rulings!A2:E3",
        "90%",
    ):
        assert expected in message, message
    assert message.startswith("7 problems")


def test_pair_against_itself_twice_on_a_board_and_too_many_results(tmp_path: Path) -> None:
    first, second = traveller_row(1, 0), traveller_row(1, 1)
    wb = load_workbook(EXAMPLE, read_only=True)
    ns = wb[L.TRAVELLERS][f"B{first}"].value
    wb.close()
    path = edited(
        tmp_path,
        {f"Travellers!C{first}": ns, f"Travellers!B{second}": ns, "Settings!B5": 7},
    )
    with pytest.raises(ScoringError) as caught:
        read_workbook(path)
    message = str(caught.value)
    assert f"Travellers!C{first}: pair {ns} plays against itself" in message
    assert (
        f"Travellers!B{second}: pair {ns} is on board 1 twice (also Travellers!B{first})" in message
    )
    assert "board 1 has more results than the 7 tables in play" in message


def test_an_impossible_score_given_by_a_ruling_is_a_warning(tmp_path: Path) -> None:
    impossible = first_impossible(5)
    path = edited(tmp_path, {"Rulings!C3": impossible})
    night = read_workbook(path)
    (found,) = night.warnings
    warning = str(found)
    assert "ruling R1 (Rulings!C2)" in warning and f"no contract scores {impossible}" in warning
    assert warning.startswith("Travellers!G")


def test_a_typed_score_that_differs_from_the_contract_is_a_warning(tmp_path: Path) -> None:
    row = traveller_row(1, 0)
    path = edited(tmp_path, {f"Travellers!G{row}": 1430})
    (found,) = read_workbook(path).warnings
    assert found.where == CellPlace("Travellers", row, "G")
    warning = str(found)
    assert warning.startswith(f"Travellers!G{row}: the typed score 1430 differs")


def test_a_row_without_a_result_and_a_bad_contract(tmp_path: Path) -> None:
    a, b = traveller_row(2, 0), traveller_row(2, 1)
    path = edited(
        tmp_path,
        {
            f"Travellers!D{a}": None,
            f"Travellers!E{a}": None,
            f"Travellers!F{a}": None,
            f"Travellers!G{a}": None,
            f"Travellers!D{b}": "4Z",
            f"Travellers!G{b}": None,
        },
    )
    with pytest.raises(ScoringError) as caught:
        read_workbook(path)
    assert f"Travellers!G{a}: no result" in str(caught.value)
    assert f"Travellers!D{b}: '4Z' is not a contract" in str(caught.value)


def test_not_a_club_night_workbook(tmp_path: Path) -> None:
    from openpyxl import Workbook

    path = tmp_path / "other.xlsx"
    Workbook().save(path)
    with pytest.raises(ScoringError, match="has no sheet 'Settings'"):
        read_workbook(path)


def test_the_template_itself_has_no_pairs(tmp_path: Path) -> None:
    path = tmp_path / "blank.xlsx"
    shutil.copy(EXAMPLE.with_name("club_pairs.xlsx"), path)
    with pytest.raises(ScoringError, match="Pairs!A2: no pairs are listed"):
        read_workbook(path)


# --- the fast path (python-calamine) reads exactly what openpyxl reads ------------------------


def _openpyxl_sheets(path: Path) -> sheets.Sheets:
    return sheets._openpyxl_sheets(path, reader._WIDTHS)


def _texts(others: dict[str, tuple[object, ...]]) -> dict[str, tuple[object, ...]]:
    return {
        name: tuple(v if isinstance(v, str) else None for v in row) for name, row in others.items()
    }


def _trimmed(rows: list[tuple[object, ...]]) -> list[tuple[tuple[object, type], ...]]:
    """The rows with each value's type, trailing blank rows dropped (the reader skips them)."""
    rows = list(rows)
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    return [tuple((v, type(v)) for v in row) for row in rows]


@pytest.mark.parametrize(
    ("changes", "fast"),
    [
        ({}, True),
        ({"Travellers!G2": 420.5, "Travellers!B3": 3.0, "Pairs!B2": " spaced "}, True),
        ({"Travellers!G2": "#N/A"}, False),  # openpyxl writes an error cell
        ({"Travellers!A2": datetime(2024, 1, 1)}, True),
        ({"Travellers!G2": ""}, True),  # written as an empty cell
        ({"Travellers!G2": 2**60}, False),
    ],
)
def test_fast_path_reads_what_openpyxl_reads(
    tmp_path: Path, changes: dict[str, object], fast: bool
) -> None:
    path = edited(tmp_path, changes)
    found = sheets._fast_sheets(path, reader._WIDTHS)
    assert (found is not None) == fast
    if found is not None:
        expected = _openpyxl_sheets(path)
        assert found.read.keys() == expected.read.keys()
        assert _texts(found.others) == _texts(expected.others)  # the headers of other sheets
        assert found.hidden == expected.hidden
        for name, sheet in expected.read.items():
            assert _trimmed(found.read[name].rows) == _trimmed(sheet.rows), name
            assert found.read[name].formats == sheet.formats, name


def test_fast_path_leaves_error_cells_to_openpyxl(tmp_path: Path) -> None:
    wb = load_workbook(EXAMPLE)
    wb[L.TRAVELLERS]["G2"] = "#DIV/0!"
    wb[L.TRAVELLERS]["G2"].data_type = "e"
    path = tmp_path / "night.xlsx"
    wb.save(path)
    assert sheets._fast_sheets(path, reader._WIDTHS) is None
    with pytest.raises(ScoringError, match=r"Travellers!G2: #DIV/0! is an Excel error"):
        read_workbook(path)


# --- one list of pass-out words -----------------------------------------------------------------

#: Every word of the list, and the spellings people type (spaces, case).
PASS_WORDS = [*sorted(PASSED_OUT_NAMES), "All Pass", "Passed out", "pass out", "all pass", "a p"]


@pytest.mark.parametrize("word", PASS_WORDS)
def test_every_pass_out_word_is_a_counted_row_scoring_zero(tmp_path: Path, word: str) -> None:
    """A row whose contract says passed out, with the score left blank, scores 0 (as
    BRIDGE_SCORE does) and counts as a result of the board: it is not dropped (which
    would Neuberg-factor the board as if it had one result fewer)."""
    from xlbridge.udfs import BRIDGE_SCORE

    assert BRIDGE_SCORE(word, "", "", 1) == 0
    before = read_workbook(EXAMPLE).event.plays
    row = traveller_row(1)
    path = edited(
        tmp_path, {f"Travellers!{c}{row}": None for c in "EFG"} | {f"Travellers!D{row}": word}
    )
    plays = read_workbook(path).event.plays
    assert len(plays) == len(before)
    (play,) = [p for p in plays if p.source == CellPlace("Travellers", row, "G")]
    assert play.board == 1
    assert play.result == Result.of(0)


def rezipped(source: Path, target: Path, change: dict[str, bytes | None]) -> Path:
    """A copy of the workbook ``source`` with parts replaced (``None``: dropped)."""
    import zipfile

    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = change.get(info.filename, old.read(info))
            if data is not None:
                new.writestr(info.filename, data)
    return target


def test_rows_past_a_stale_dimension_are_read(tmp_path: Path) -> None:
    """Some programs write a <dimension> that stops short of the rows: never trusted."""
    import re
    import zipfile

    path = edited(tmp_path, {})
    with zipfile.ZipFile(path) as archive:
        part = sheets.sheet_parts(archive)[L.TRAVELLERS]
        xml = archive.read(part)
    stale = re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:I9"', xml)
    assert stale != xml
    target = rezipped(path, tmp_path / "stale.xlsx", {part: stale})
    assert len(read_workbook(target).event.plays) == len(read_workbook(path).event.plays) > 8
    fast = sheets._fast_sheets(target, reader._WIDTHS)
    slow = sheets._openpyxl_sheets(target, reader._WIDTHS)
    assert fast is not None
    assert _trimmed(fast.read[L.TRAVELLERS].rows) == _trimmed(slow.read[L.TRAVELLERS].rows)


def test_a_contract_typed_with_its_declarer_and_result_in_one_cell(tmp_path: Path) -> None:
    """Score cards write ``4HS=``: read from the Contract column alone, scored by Law 77."""
    one, two, three = traveller_row(1, 0), traveller_row(2, 0), traveller_row(2, 1)
    typed = {one: "4HS=", two: "3NTx-2 W", three: "4S by N +1"}
    changes: dict[str, object] = {}
    for row, cell in typed.items():
        changes |= {f"Travellers!D{row}": cell, f"Travellers!E{row}": None}
        changes |= {f"Travellers!F{row}": None, f"Travellers!G{row}": None}
    night = read_workbook(edited(tmp_path, changes))
    assert night.warnings == ()
    scores = {str(play.source): play.result for play in night.event.plays}
    # Law 77: board 1 none vulnerable, 4H by S made: 120 + 300 = +420; board 2 NS
    # vulnerable, 3NTX by W (not vulnerable) two down: 100 + 200 = +300; 4S by N (vulnerable)
    # with an overtrick: 120 + 30 + 500 = +650.
    assert scores[f"Travellers!G{one}"] == Result.of(420)
    assert scores[f"Travellers!G{two}"] == Result.of(300)
    assert scores[f"Travellers!G{three}"] == Result.of(650)


def test_a_contract_cell_holding_more_says_where_each_part_goes(tmp_path: Path) -> None:
    row = traveller_row(1, 0)
    path = edited(tmp_path, {f"Travellers!D{row}": "4H S made 2", f"Travellers!F{row}": None})
    with pytest.raises(ScoringError) as caught:
        read_workbook(path)
    assert (
        f"Travellers!D{row}: '4H S made 2' is not a contract, and not one with its declarer and "
        f"result: type the contract (4H) in Travellers!D{row}, the declarer (N, E, S or W) in "
        f"Travellers!E{row} and the result (=, +1, -2) in Travellers!F{row}"
    ) in str(caught.value)


def test_a_date_typed_as_text_that_reads_two_ways_is_warned(tmp_path: Path) -> None:
    """05/06/2026 is 5 June in the UK and May 6 in the US: read day first, and said."""
    night = read_workbook(edited(tmp_path, {"Settings!B3": "05/06/2026"}))
    assert night.event.date == datetime(2026, 6, 5).date()
    assert tuple(map(str, night.warnings)) == (
        "Settings!B3: '05/06/2026' reads two ways: 5 June 2026 (day first, as it is read) or "
        "May 6, 2026 (month first): type it as 5 Jun 2026 or 2026-06-05 to say which",
    )
    for one_way in ("24/11/2026", "06/06/2026", "2026-06-05", "5 Jun 2026"):
        assert read_workbook(edited(tmp_path, {"Settings!B3": one_way})).warnings == ()
