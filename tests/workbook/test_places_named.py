"""Messages name the right cell now that places are values, not text (xlbridge/places.py).

Each test is for code that used to build or read a place by editing text: the Pairs
row's Direction cell (``Pairs!A5`` edited into ``Pairs!C5``), a traveller's row (read
back from ``Travellers!G14`` by a regular expression), a ruling's range and a cell's
error (prefixed to a message after it was made).  The small night is the example
night's boards 1-4: pair n is on Pairs row n + 1, NS 1-9 and EW 10-18, board 1 on
Travellers rows 2-9 (NS 1, 2, 3, 4, 6, 7, 8, 9 against EW 10, 12, 14, 16, 11, 13, 15, 17).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import build, put

from xlbridge.errors import ScoringError
from xlbridge.places import CellPlace
from xlbridge.workbook.pairs.night import score_night, write_night_results
from xlbridge.workbook.pairs.reader import read_workbook, sheet_row


def refused(path: Path) -> str:
    with pytest.raises(ScoringError) as caught:
        read_workbook(path)
    return str(caught.value)


def test_a_pair_in_the_other_direction_names_its_direction_cell(small_night, tmp_path) -> None:
    # pair 3 (Pairs row 4) listed East-West, typed NS on Travellers row 4 (board 1)
    message = refused(build(small_night, tmp_path, put("Pairs", "C4", "EW")))
    assert (
        "Travellers!B4: pair 3 sat East-West (Pairs!C4 says EW), but is typed as the NS "
        "pair: type the NS pair's number (or a note in Travellers!L4 to keep the row)"
    ) in message


def test_swapped_pairs_name_both_direction_cells(small_night, tmp_path) -> None:
    # pair 2 (row 3) sat EW and pair 12 (row 13) NS: Travellers row 3 has them the other way
    def swap(wb: Workbook) -> None:
        wb["Pairs"]["C3"] = "EW"
        wb["Pairs"]["C13"] = "NS"

    message = refused(build(small_night, tmp_path, swap))
    assert (
        "Travellers!B3: NS and EW are swapped: pair 2 sat East-West and pair 12 North-South "
        "(Pairs sheet, Pairs!C3 and Pairs!C13): type 12 as the NS pair and 2 as the EW pair "
        "(or a note in Travellers!L3 to keep the row)"
    ) in message


def test_a_blank_version_is_named_at_its_own_row(small_night, tmp_path) -> None:
    # board 1 fouled: rows 5 and 6 played versions A and B; rows 2-4 and 7-9 left blank
    def fouled(wb: Workbook) -> None:
        wb["Travellers"]["H5"] = "A"
        wb["Travellers"]["H6"] = "B"

    message = refused(build(small_night, tmp_path, fouled))
    for row in (2, 3, 4, 7, 8, 9):
        assert (
            f"Travellers!H{row}: the version is blank, but board 1 was played in versions "
            "A (H5), B (H6): write the version this table played"
        ) in message
    assert "Travellers!H5:" not in message and "Travellers!H6:" not in message


def test_a_blank_version_beside_one_is_warned_about_at_its_first_row(small_night, tmp_path) -> None:
    night = read_workbook(build(small_night, tmp_path, put("Travellers", "H9", "A")))
    assert (
        "Travellers!H2: board 1 was fouled: its 7 rows (H2 to H8) with a blank version are "
        "scored as one version, beside version A (H9)"
    ) in map(str, night.warnings)


def test_each_play_knows_its_row_and_its_score_goes_back_there(small_night, tmp_path) -> None:
    night = read_workbook(small_night)
    first = night.event.plays[:3]
    assert [play.source for play in first] == [
        CellPlace("Travellers", row, "G") for row in (2, 3, 4)
    ]
    assert [sheet_row(play) for play in first] == [2, 3, 4]
    # the Score used column (I) is written on the play's own row: board 1 is not
    # vulnerable, so 4H-1 by N is -50, 1NT+1 by N 120, 3NT-2 by N -100 (Law 77)
    scored = score_night(small_night)
    out = tmp_path / "out.xlsx"
    write_night_results(small_night, scored, out)
    travellers = load_workbook(out)["Travellers"]
    assert [travellers[f"I{row}"].value for row in (2, 3, 4)] == [-50, 120, -100]


def test_a_rulings_weights_are_named_by_the_range_of_its_rows(small_night, tmp_path) -> None:
    # R1 on rows 2-4: 60% + 40% + 10% is 110%
    def third(wb: Workbook) -> None:
        for column, value in zip("ACD", ("R1", -100, 0.1), strict=True):
            wb["Rulings"][f"{column}4"] = value

    message = refused(build(small_night, tmp_path, third))
    assert "Rulings!A2:E4: ruling 'R1': the weights add up to 110%, not 100%" in message


def test_a_pair_number_that_is_not_whole_is_named_at_its_cell(small_night, tmp_path) -> None:
    message = refused(build(small_night, tmp_path, put("Pairs", "A4", 2.5)))
    assert "Pairs!A4: 2.5 is not a pair number (a whole number)" in message
