"""Places as values (xlbridge/places.py): each prints as a message names it, and is
never built by editing text or read back from a message."""

from __future__ import annotations

import re
from dataclasses import FrozenInstanceError

import pytest
from support import paths

from xlbridge.places import BridgemateEntry, CellPlace, CellRange, FileLine, Problem


def test_a_cell_prints_as_excel_names_it() -> None:
    place = CellPlace("Travellers", 14, "G")
    assert str(place) == "Travellers!G14"
    assert (place.sheet, place.row, place.column) == ("Travellers", 14, "G")


def test_another_column_of_the_same_row() -> None:
    place = CellPlace("Pairs", 5, "A")
    assert str(place.at("C")) == "Pairs!C5"
    assert place.at("C") == CellPlace("Pairs", 5, "C")
    assert place.at("C").at("A") == place


def test_equality_and_hash_on_every_field() -> None:
    place = CellPlace("Travellers", 14, "G")
    assert place == CellPlace("Travellers", 14, "G")
    assert place != CellPlace("Travellers", 15, "G")
    assert place != CellPlace("Travellers", 14, "H")
    assert place != CellPlace("Rulings", 14, "G")
    assert len({place, CellPlace("Travellers", 14, "G")}) == 1


def test_places_cannot_be_changed() -> None:
    place = CellPlace("Travellers", 14, "G")
    with pytest.raises(FrozenInstanceError):
        place.row = 15  # type: ignore[misc]


def test_cells_order_by_sheet_row_and_column() -> None:
    cells = [
        CellPlace("Travellers", 10, "A"),
        CellPlace("Travellers", 9, "H"),
        CellPlace("Travellers", 9, "B"),
        CellPlace("Pairs", 30, "A"),
    ]
    assert [str(c) for c in sorted(cells)] == [
        "Pairs!A30",
        "Travellers!B9",
        "Travellers!H9",
        "Travellers!A10",
    ]


def test_a_range_prints_as_excel_names_it() -> None:
    span = CellPlace("Rulings", 2, "A").to("E", 3)
    assert str(span) == "Rulings!A2:E3"
    assert span == CellRange(CellPlace("Rulings", 2, "A"), CellPlace("Rulings", 3, "E"))
    with pytest.raises(ValueError, match="one sheet"):
        CellRange(CellPlace("Rulings", 2, "A"), CellPlace("Pairs", 3, "E"))


def test_a_file_line_prints_as_the_pbn_messages_name_it() -> None:
    assert str(FileLine("night.pbn", 12)) == "night.pbn line 12"
    assert str(FileLine("", 12)) == "line 12"


def test_a_bridgemate_entry_prints_as_the_bws_messages_name_it() -> None:
    assert str(BridgemateEntry("A", 3, 2, 5)) == "section A, table 3, round 2, board 5"
    assert str(BridgemateEntry("", 3, 2, 5)) == "table 3, round 2, board 5"


@pytest.mark.parametrize(
    "place",
    [
        CellPlace("Travellers", 14, "G"),
        CellPlace("Rulings", 2, "A").to("E", 3),
        FileLine("night.pbn", 12),
        BridgemateEntry("A", 3, 2, 5),
    ],
)
def test_a_repr_can_be_pasted_back(place: object) -> None:
    from xlbridge import places

    assert eval(repr(place), vars(places)) == place


def test_a_problem_renders_place_and_words_once() -> None:
    problem = Problem(CellPlace("Travellers", 14, "G"), "'42O' is not a score")
    assert str(problem) == "Travellers!G14: '42O' is not a score"
    assert str(Problem("", "no pairs are listed")) == "no pairs are listed"
    assert str(Problem("sheet 'Travelers'", "is not read")) == "sheet 'Travelers': is not read"


#: What placed messages by editing text or read places back from them; they must not return.
GONE = [
    ("source_row", re.compile(r"source_row")),
    ('.replace("!', re.compile(r"\.replace\(\s*[\"'][^\"']*!")),
]


@pytest.mark.parametrize(("what", "pattern"), GONE, ids=[what for what, _ in GONE])
def test_no_place_is_edited_as_text_or_read_back(what: str, pattern: re.Pattern[str]) -> None:
    found = [
        f"{path.relative_to(paths.ROOT)}:{number}"
        for path in sorted((paths.ROOT / "xlbridge").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert found == [], f"{what} is back: use a place (xlbridge/places.py)"


def test_the_grep_finds_what_it_guards_against() -> None:
    # the patterns above catch the code they were written for
    patterns = dict(GONE)
    assert patterns["source_row"].search("rows.append(source_row(play.source))")
    assert patterns["source_row"].search("row_of = row_of or _source_row")
    assert patterns['.replace("!'].search('where.replace("!A", "!C")')
    assert not patterns['.replace("!'].search('text.replace(" ", "")')
