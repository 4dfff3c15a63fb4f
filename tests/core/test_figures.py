"""One rounding rule for every figure a person reads: half away from zero, exactly.

A Neuberg-factored score of 37/8 is exactly 4.625: Excel shows the results
workbook's cell (format 0.00) as 4.63, and so must the terminal, the web page,
the PBN and the USEBIO file.  Rounding the float (``f"{4.625:.2f}"``) gives
4.62, and 1/8 (0.125) gives 0.12: the figures these tests were written against.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from fractions import Fraction

import pytest

from xlbridge import Event, Pair, Play, parse_result, score_event
from xlbridge.formats.pbn import format_results
from xlbridge.formats.usebio import usebio_document
from xlbridge.merge import RankChange, format_rank_changes
from xlbridge.report import format_figure, format_fixed
from xlbridge.scored import EventResult
from xlbridge.workbook.pairs.html import results_page
from xlbridge.workbook.pairs.present import explain_board, format_ranking

# --- the formatter: Excel's 0.00 and 0 formats round half away from zero ---


@pytest.mark.parametrize(
    ("value", "decimals", "shown"),
    [
        (Fraction(37, 8), 2, "4.63"),  # 4.625 exactly: the half goes up
        (Fraction(-37, 8), 2, "-4.63"),  # and away from zero below it
        (Fraction(1, 8), 2, "0.13"),  # 0.125
        (Fraction(-1, 8), 2, "-0.13"),
        (Fraction(5, 2), 0, "3"),
        (Fraction(-5, 2), 0, "-3"),
        (Fraction(7, 2), 0, "4"),  # not to even (round(3.5) is 4, round(2.5) is 2)
        (Fraction(7, 3), 2, "2.33"),  # not a half: the nearest
        (Fraction(-7, 3), 2, "-2.33"),
        (Fraction(2, 3), 2, "0.67"),
        (Fraction(4623, 1000), 2, "4.62"),  # just below the half
        (Fraction(4627, 1000), 2, "4.63"),
        (Fraction(-1, 1000), 2, "0.00"),  # rounds to nothing: no minus sign
        (Fraction(177), 2, "177.00"),
        (0, 2, "0.00"),
        (Fraction(1060, 11), 1, "96.4"),  # 96.3636...
        (Fraction(1, 3), 3, "0.333"),
        (Fraction(9, 8), 4, "1.1250"),
        # past the float's 17 digits: 0.1234567890123456785 is a half at 18 places
        (Fraction(1234567890123456785, 10**19), 18, "0.123456789012345679"),
    ],
)
def test_format_fixed(value: Fraction | int, decimals: int, shown: str) -> None:
    assert format_fixed(value, decimals) == shown


def test_format_fixed_whole_numbers_plain_and_blank_for_none() -> None:
    assert format_fixed(7, whole=True) == "7"
    assert format_fixed(Fraction(-1, 2), whole=True) == "-0.50"
    assert format_fixed(Fraction(37, 8), whole=True) == "4.63"
    assert format_fixed(None) == ""


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(37, 8), "4.63"),
        (Fraction(-37, 8), "-4.63"),
        (Fraction(1, 8), "0.13"),
        (Fraction(9, 8), "1.13"),
        (Fraction(126, 10), "12.6"),  # trailing zeros dropped
        (Fraction(1, 2), "0.5"),
        (Fraction(-1, 1000), "0"),
        (Fraction(29), "29"),
    ],
)
def test_format_figure_rounds_the_same_way(value: Fraction, shown: str) -> None:
    assert format_figure(value) == shown


def test_format_figure_whole_places() -> None:
    assert format_figure(Fraction(5, 2), 0) == "3"
    assert format_figure(Fraction(-5, 2), 0) == "-3"


# --- one night, four outputs, the same figure ---


def _neuberg_night() -> EventResult:
    """Nine tables, two boards; table 9 did not play board 2.

    Board 1 (9 results, top 16): pair 1 tops it and pair 8 is bottom (NS 0),
    so EW pair 10 scores 0 and EW pair 17 scores 16.
    Board 2 has 8 of the 9 expected results; Neuberg (Bavin): MP' = (MP + 1) x 9/8 - 1.
    Pair 8's +140 beats two results (MP 4): (4 + 1) x 9/8 - 1 = 37/8.
    Pair 10 (EW against +650, the top: MP 0): (0 + 1) x 9/8 - 1 = 1/8.
    Their totals are those figures, each over a maximum of 32:
    37/8 is 14.453125%, 1/8 is 0.390625%.
    """
    board1 = [620, 600, 500, 450, 420, 400, 170, -200, 140]
    board2 = [650, 620, 600, 500, 420, -100, -200, 140]
    plays = [Play(1, str(t), str(t + 9), parse_result(s)) for t, s in enumerate(board1, 1)]
    plays += [Play(2, str(t), str(t + 9), parse_result(s)) for t, s in enumerate(board2, 1)]
    return score_event(Event(pairs=tuple(Pair(str(n)) for n in range(1, 19)), plays=tuple(plays)))


def _weighted_night() -> EventResult:
    """One board of four results, top 6 (Law 78A); table 4's score is 2/3 of +420 and
    1/3 of -50 (EBU, "Calculation of Weighted Scores" 4: the weights enter the table).

    The table holds +450 x 1, +420 x 5/3, -50 x 4/3.  +420 beats 4/3 and ties 2/3:
    8/3 + 2/3 = 10/3; -50 ties 1/3: 1/3.  The weighted score is
    2/3 x 10/3 + 1/3 x 1/3 = 7/3, pair 4's total, 7/3 of 6 is 38.888...%.
    """
    cells = [450, 420, -50, "2/3 420; 1/3 -50"]
    plays = [Play(1, str(t), str(t + 4), parse_result(s)) for t, s in enumerate(cells, 1)]
    return score_event(Event(pairs=tuple(Pair(str(n)) for n in range(1, 9)), plays=tuple(plays)))


def _terminal(result: EventResult, label: str) -> tuple[str, str]:
    """(Score, %) from the ranking ``xlbridge score`` prints (the pairs have no names)."""
    for line in format_ranking(result).splitlines():
        fields = line.split()
        if len(fields) == 6 and fields[1] == label:
            return fields[3], fields[5]
    raise AssertionError(f"pair {label} is not in the ranking")


def _html(result: EventResult, label: str) -> tuple[str, str]:
    """(Score, %) from the web page's ranking table (seven cells a row)."""
    for row in re.findall(r"<tr>(.*?)</tr>", results_page(result)):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        if len(cells) == 7 and cells[1] == label:
            return cells[4], cells[6]
    raise AssertionError(f"pair {label} is not on the page")


def _pbn(result: EventResult, label: str) -> tuple[str, str]:
    """(TotalScoreMP, TotalPercentage) from the PBN TotalScoreTable."""
    for line in format_results(result).splitlines():
        fields = line.split()
        if len(fields) >= 6 and fields[1] == label and fields[2] in ("NS", "EW"):
            return fields[3], fields[4]
    raise AssertionError(f"pair {label} is not in the TotalScoreTable")


def _usebio(result: EventResult, label: str) -> tuple[str, str]:
    """(TOTAL_SCORE, PERCENTAGE) from the USEBIO document."""
    root = ET.fromstring(usebio_document(result))
    for pair in root.iter("PAIR"):
        if pair.findtext("PAIR_NUMBER") == label:
            return pair.findtext("TOTAL_SCORE", ""), pair.findtext("PERCENTAGE", "")
    raise AssertionError(f"pair {label} is not in the USEBIO file")


@pytest.mark.parametrize(
    ("night", "label", "score", "percent"),
    [
        (_neuberg_night, "8", "4.63", "14.45"),  # 37/8
        (_neuberg_night, "10", "0.13", "0.39"),  # 1/8
        (_weighted_night, "4", "2.33", "38.89"),  # 7/3
    ],
)
def test_every_output_prints_the_same_figure(
    night: Callable[[], EventResult], label: str, score: str, percent: str
) -> None:
    result = night()
    for output in (_terminal, _html, _pbn, _usebio):
        assert output(result, label) == (score, percent), output.__name__


def test_a_board_figure_of_37_8_is_4_63_everywhere() -> None:
    """Pair 8's board 2 (NS 37/8, EW 16 - 37/8 = 91/8 = 11.375) on each traveller."""
    result = _neuberg_night()
    explained = explain_board(result, 2)
    assert re.search(r"^ 8  17 +140 +4\.63  11\.38$", explained, re.M), explained
    page = results_page(result)
    traveller = '<tr><td>8</td><td>17</td><td></td><td>140</td><td class="n">4.63</td>'
    assert traveller + '<td class="n">11.38</td></tr>' in page
    pbn = format_results(result)
    assert re.search(r"^ 8 17 -\s+-\s+-\s+140\s+4\.63\s+11\.38\s", pbn, re.M), pbn
    root = ET.fromstring(usebio_document(result))
    lines = [
        (line.findtext("NS_MATCH_POINTS"), line.findtext("EW_MATCH_POINTS"))
        for board in root.iter("BOARD")
        if board.findtext("BOARD_NUMBER") == "2"
        for line in board.iter("TRAVELLER_LINE")
        if line.findtext("NS_PAIR_NUMBER") == "8"
    ]
    assert lines == [("4.63", "11.38")]


def test_merge_rank_changes_round_the_same_way() -> None:
    change = RankChange(
        "Acol", "8", "Ann & Bob", Fraction(37, 8), "7", "NS", "Acol:8", Fraction(1, 8), "9", "NS"
    )
    row = format_rank_changes([change]).splitlines()[1].split()
    assert row[-4:] == ["4.63", "7", "0.13", "9"]
