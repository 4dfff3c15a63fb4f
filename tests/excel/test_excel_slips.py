"""The Excel functions against the slips of the earlier rounds' corpus that still failed.

Weights that Excel stores as floats (``=1/3``, ``=2/3``) are read as the
fractions meant, as the workbook reader reads them (one rule, in
``result.parse_weight``); a score cell holding an Excel error value says so,
through a plain call (Windows' classic add-in passes ``err_to_str`` strings) and
through xlwings' Office.js path (xlwings Lite and Server), where the error
arrives as Excel's error object.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from support.officejs import run_officejs

from xlbridge.errors import ScoringError
from xlbridge.udfs import MATCH_IMPS, MATCH_VPS, MATCHPOINTS, VP, WEIGHTED_MP

# 420 (1 result), R1 = 1/3 of 420 and 2/3 of -50, 140: three results, top 4.
# The frequency table: 420 1 1/3, 140 1, -50 2/3 (Law 12C1(c) weights in the table).
THIRDS = [["R1", "", 420, 1 / 3, ""], ["R1", "", -50, 2 / 3, ""]]


def test_float_weights_in_a_rulings_range_are_the_thirds_meant():
    out = MATCHPOINTS([[420], ["R1"], [140]], None, None, THIRDS)
    # 420: 2 x (1 + 2/3 below) + (1 1/3 - 1) = 11/3; -50: 2 x 0 + (2/3 - 1) = -1/3;
    # R1: 1/3 x 11/3 + 2/3 x -1/3 = 1; 140: 2 x 2/3 + 0 = 4/3.  NS + EW = 4 each row.
    expected = [(Fraction(11, 3), Fraction(1, 3)), (1, 3), (Fraction(4, 3), Fraction(8, 3))]
    assert out == [[pytest.approx(float(ns)), pytest.approx(float(ew))] for ns, ew in expected]


def test_float_weights_in_weighted_mp_are_the_thirds_meant():
    assert WEIGHTED_MP([[140], [420]], [[420], [-50]], [[1 / 3], [2 / 3]]) == pytest.approx(1.0)


@pytest.mark.parametrize("cell", ["#N/A", "#DIV/0!", -2146826246])
def test_an_excel_error_as_a_score_is_named(cell):
    with pytest.raises(ScoringError) as info:
        MATCHPOINTS([[420], [None], [140], [cell]])
    message = str(info.value)
    assert message.startswith("row 4: #") and "is an Excel error, not a value" in message
    assert "weighted score" not in message


def test_an_excel_error_through_xlwings_lite_is_named():
    error = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}
    out = run_officejs("xlbridge.udfs", [("MATCHPOINTS", [[[420], [None], [140], [error]]])])
    result = out["results"][0]
    assert not result["ok"]
    assert "row 4: #N/A is an Excel error, not a value" in result["error"]


@pytest.mark.parametrize(
    ("actual", "words"),
    [
        ([[None]], "actual is a blank cell: give a whole number"),
        ([[7, 8]], "actual: give one cell, not a range of 2 cells"),
        ([[7.5]], "actual 7.5 is not a whole number"),
    ],
)
def test_a_count_as_lite_passes_it_is_named_in_plain_words(actual, words):
    """xlwings Lite and Server pass every argument as a range (a cell is [[x]]): a blank
    or a range where one number belongs is said so, never as a Python list."""
    from xlbridge.udfs import NEUBERG

    with pytest.raises(ScoringError) as info:
        NEUBERG([[10]], actual, [[8]])
    assert str(info.value) == words
    assert NEUBERG([[10]], [[7]], [[8]]) == pytest.approx(81 / 7)  # (10 x 8 + 1) / 7


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (([[24, 24]],), "top: give one cell, not a range of 2 cells"),
        (([[24]], [["magic"], ["mainstream"]]), "method: give one cell, not a range of 2 cells"),
        (([[24]], None, [[60, 65]]), "aplus: give one cell, not a range of 2 cells"),
    ],
)
def test_apply_avplus_given_a_range_where_one_cell_belongs(arguments, words):
    """A range where one value belongs was quoted as a Python list ([[24, 24]])."""
    from xlbridge.udfs import APPLY_AVPLUS

    with pytest.raises(ScoringError) as info:
        APPLY_AVPLUS([[15], ["A+"]], *arguments)
    assert str(info.value) == words
    # Law 12C2(c), top 24: 15 on the board played is 62.5%, better than 60%: the A+ is 62.5%
    assert APPLY_AVPLUS([[15], ["A+"]], [[24]]) == pytest.approx(62.5)


# Four boards: 420 v -100 (520, 11 IMPs), a push, 650 v 620 (30, 1 IMP), -50 v 50 (-100,
# -3 IMPs): 9 IMPs to the home team over 4 boards.
OPEN_ROOM, CLOSED_ROOM = [[420], [100], [650], [-50]], [[-100], [100], [620], [50]]


@pytest.mark.parametrize(("boards", "shown"), [(2, "2"), (3, "3"), ([[3]], "3"), (3.0, "3")])
def test_a_match_length_shorter_than_the_boards_played_is_refused(boards, shown):
    with pytest.raises(ScoringError) as info:
        MATCH_VPS(OPEN_ROOM, CLOSED_ROOM, boards)
    assert str(info.value) == (
        f"boards {shown} is fewer than the 4 boards with a result in open_room and "
        "closed_room: give the match's length (at least 4), or leave boards out"
    )


def test_a_longer_match_and_blank_rows_to_come_are_scored():
    assert MATCH_IMPS(OPEN_ROOM, CLOSED_ROOM) == [
        [11.0, -11.0], [0.0, 0.0], [1.0, -1.0], [-3.0, 3.0]
    ]  # fmt: skip
    four = MATCH_VPS(OPEN_ROOM, CLOSED_ROOM)  # the rows given: a match of 4 boards
    assert MATCH_VPS(OPEN_ROOM, CLOSED_ROOM, 4) == four
    # two boards still to play: the length the match will have, rows left blank
    later = MATCH_VPS([*OPEN_ROOM, [None], [None]], [*CLOSED_ROOM, [None], [None]], 6)
    assert later == MATCH_VPS(OPEN_ROOM, CLOSED_ROOM, 6) == [[VP(9, 6), VP(-9, 6)]]
    assert four != later  # 9 IMPs over 4 boards is worth more than over 6
