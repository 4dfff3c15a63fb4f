"""The codes typed on a board instead of a score (xlbridge.codes): one vocabulary.

A+, A= and A- are Law 12C2(a)'s average plus, average and average minus (60%,
50% and 40% of the top); A+, A- and a bye are settled last by Law 12C2(c)
(the A+/A- note); NP is a board not played.  Each is read in any case with
spaces ignored, written back as people type it, and anything else is refused
with a message quoting it.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from xlbridge.avplus import apply_avplus
from xlbridge.codes import Code
from xlbridge.errors import ResultCellError
from xlbridge.pair import BYE, PairLabel
from xlbridge.result import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    NOT_PLAYED,
    format_result,
    parse_result,
)


@pytest.mark.parametrize(
    ("typed", "code", "text"),
    [
        ("A+", Code.AVERAGE_PLUS, "A+"),
        ("a +", Code.AVERAGE_PLUS, "A+"),
        ("\uff21\uff0b", Code.AVERAGE_PLUS, "A+"),  # full-width, as an East Asian keyboard types
        ("A=", Code.AVERAGE, "A="),
        ("Ave", Code.AVERAGE, "A="),
        ("avg", Code.AVERAGE, "A="),
        ("A-", Code.AVERAGE_MINUS, "A-"),
        (" a\u2212 ", Code.AVERAGE_MINUS, "A-"),  # a typographic minus sign
        ("Bye", Code.BYE, "BYE"),
        ("BYE", Code.BYE, "BYE"),
        ("np", Code.NOT_PLAYED, "NP"),
        ("Not played", Code.NOT_PLAYED, "NP"),
    ],
)
def test_a_code_is_read_as_typed_and_written_as_people_type_it(
    typed: str, code: Code, text: str
) -> None:
    assert Code.parse(typed) is code
    assert str(code) == text
    assert Code.parse(str(code)) is code  # the round trip


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("A*", "'A*' is not a code (expected A+, A=, A-, BYE or NP)"),
        ("A", "'A' is not a code (expected A+, A=, A-, BYE or NP)"),
        ("A60", "'A60' is not a code (expected A+, A=, A-, BYE or NP)"),
        ("A+/A-", "'A+/A-' is not a code (expected A+, A=, A-, BYE or NP)"),
        ("420", "'420' is not a code (expected A+, A=, A-, BYE or NP)"),
        (420, "420 is not a code (expected A+, A=, A-, BYE or NP)"),
        (None, "a blank cell is not a code (expected A+, A=, A-, BYE or NP)"),
        ("", "'' is not a code (expected A+, A=, A-, BYE or NP)"),
    ],
)
def test_what_is_not_a_code_is_refused_quoted(typed: object, message: str) -> None:
    with pytest.raises(ResultCellError) as raised:
        Code.parse(typed, "Travellers!G14")
    assert str(raised.value) == f"Travellers!G14: {message}"
    assert Code.find(typed) is None


def test_the_averages_are_law_12c2a_percentages() -> None:
    assert [code.percent for code in Code] == [F(60), F(50), F(40), None, None]
    assert [code for code in Code if code.is_average] == [
        Code.AVERAGE_PLUS,
        Code.AVERAGE,
        Code.AVERAGE_MINUS,
    ]
    assert (AVERAGE_PLUS.percent, AVERAGE.percent, AVERAGE_MINUS.percent) == (60, 50, 40)


def test_law_12c2c_settles_a_plus_a_minus_and_a_bye_last() -> None:
    assert [code for code in Code if code.settled_last] == [
        Code.AVERAGE_PLUS,
        Code.AVERAGE_MINUS,
        Code.BYE,
    ]


def test_an_artificial_side_knows_its_code() -> None:
    row = parse_result("A60/55")
    assert row is not None and row is not NOT_PLAYED
    # a percentage typed is no code typed: printed as typed, whatever the Settings' A+
    assert row.ns.code is None and row.ew.code is None
    assert (str(row.ns), str(row.ew)) == ("A60", "A55")
    # Law 12C2(a): A+ is 60% of the top by default, so A60 is an A+ (settled by Law
    # 12C2(c)); with the club's A+ at 65% it is a fixed 60%, and 55% is no average either way
    assert row.ns.average() is Code.AVERAGE_PLUS and row.ew.average() is None
    assert row.ns.average(F(65), F(35)) is None
    assert parse_result("A65/35").ns.average(F(65), F(35)) is Code.AVERAGE_PLUS
    assert parse_result("A=/A-").ew.code is Code.AVERAGE_MINUS


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("np", "NP"),
        ("not played", "NP"),
        ("ave", "A="),
        ("a+/a-", "A+/A-"),
        ("A60/40", "A60/40"),  # a percentage typed prints back as typed, not as A+/A-
        ("a6040", "A60/40"),  # Compscore's form, canonical
        ("A40/40", "A40/40"),
        ("A50/50", "A="),  # 50% is A= under any Settings
        ("A-/A-", "A-/A-"),
        ("np a+/a-", "NP A+/A-"),
        ("NS: ave | EW: 420", "NS: A= | EW: 420"),  # one vocabulary: Ave is A= on one side too
    ],
)
def test_a_result_cell_writes_its_codes_back(typed: str, written: str) -> None:
    row = parse_result(typed)
    assert format_result(row) == written
    assert parse_result(written) is row


def test_not_played_and_the_bye_print_their_codes() -> None:
    assert str(NOT_PLAYED) == "NP"
    assert str(BYE) == "BYE" and PairLabel.parse("bye").is_bye


def test_a_code_given_as_a_code_or_as_text_settles_the_same() -> None:
    # The A+/A- note's example: top 24, 15 on board 1, then A+, A- and a Bye: AP 62.5%,
    # A+ raised to it (15), A- 40% (9.6), the Bye at APX 55% (13.2).
    typed = apply_avplus([15, "a+", "A -", "Bye"], 24)
    coded = apply_avplus([15, Code.AVERAGE_PLUS, Code.AVERAGE_MINUS, Code.BYE], 24)
    assert typed == coded
    assert coded.scores == (15, 15, F(96, 10), F(132, 10))
    assert coded.percentage == 55


def test_a_board_entry_that_is_no_code_keeps_its_message() -> None:
    with pytest.raises(ResultCellError) as raised:
        apply_avplus([15, "NP"], 24)
    assert str(raised.value) == "board 2: 'NP' is not a score or A+/A-/A=/BYE"
    assert apply_avplus([15, "ave"], 24).scores == (15, 12)  # A= is 50% of 24
