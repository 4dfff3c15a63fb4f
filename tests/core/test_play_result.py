"""A play's result is parsed when the play is made: a raw cell value is a result, or refused.

Figures from the EBU's "Calculation of Weighted Scores" (seed 000): section 4's
board played twelve times, eleven results and one weighted ruling (30% 1430,
40% 680, 20% 650, 10% -100), and its frequency table of a normal traveller.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from xlbridge.errors import ResultCellError
from xlbridge.event import Event, Pair, Play
from xlbridge.result import NOT_PLAYED, Result, parse_result
from xlbridge.session import score_event

ELEVEN = [1430] * 2 + [680] * 5 + [650] * 2 + [-100] * 2
WEIGHTED = "30% 1430; 40% 680; 20% 650; 10% -100"


def one_board(cells: list[object]) -> Event:
    """One board played at a table per cell, NS pair Ni against EW pair Ei, as given."""
    n = len(cells)
    pairs = tuple(Pair(f"{side}{i}") for side in "NE" for i in range(1, n + 1))
    plays = tuple(Play(1, f"N{i}", f"E{i}", cell) for i, cell in enumerate(cells, start=1))
    return Event(pairs, plays)


def figures(event: Event) -> list[tuple[F | None, F | None]]:
    return [(p.ns_score, p.ew_score) for p in score_event(event).board(1).plays]


def test_a_plain_int_is_the_score() -> None:
    play = Play(1, "NS 1", "EW 1", 420)
    assert play.result is Result.of(420) is parse_result(420)


def test_a_board_of_plain_ints_scores_as_the_parsed_results() -> None:
    cells = [420, 450, -50, 420, 400]
    raw = one_board(cells)
    parsed = one_board([parse_result(cell) for cell in cells])
    assert figures(raw) == figures(parsed)
    # 450 beats four (8), each 420 beats two and ties one (5), 400 beats one (2), -50 none.
    assert figures(raw) == [(5, 3), (8, 0), (0, 8), (5, 3), (2, 6)]


def test_seed_000_normal_traveller_from_plain_ints() -> None:
    # The seed's frequency table: NS 10, 8, 5, 5, 2, 0 on a top of 10.
    assert figures(one_board([600, 150, -100, -100, -200, -300])) == [
        (10, 0),
        (8, 2),
        (5, 5),
        (5, 5),
        (2, 8),
        (0, 10),
    ]


def test_seed_000_section_4_from_raw_cells() -> None:
    # 1430 scores 20.7, 680 13.0, 650 5.4, -100 1.1 and the weighted ruling 12.6, top 22.
    scored = figures(one_board([*ELEVEN, WEIGHTED]))
    ns = {cell: scored[i][0] for i, cell in enumerate([*ELEVEN, WEIGHTED])}
    assert ns == {
        1430: F(207, 10),
        680: F(13),
        650: F(54, 10),
        -100: F(11, 10),
        WEIGHTED: F(126, 10),
    }
    assert all(n is not None and e == 22 - n for n, e in scored)


def test_codes_and_blank_are_parsed_too() -> None:
    assert Play(1, "1", "2", "np").result is NOT_PLAYED
    assert Play(1, "1", "2", "a+/a-").result is parse_result("A+/A-")
    assert Play(1, "1", "2", "").result is None
    assert Play(1, "1", "2", None).result is None


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("42O", "Travellers!G7: '42O' is not a score"),
        (425, "Travellers!G7: 425 is not a score (bridge scores are multiples of 10)"),
        (
            "A+",
            "Travellers!G7: 'A+' is ambiguous: give both sides, e.g. 'A+/A-' or 'A+/A+'",
        ),
    ],
)
def test_a_value_that_is_no_result_is_refused_when_the_play_is_made(
    cell: object, message: str
) -> None:
    with pytest.raises(ResultCellError) as raised:
        Play(1, "NS 1", "EW 1", cell, source="Travellers!G7")
    assert str(raised.value) == message


def test_refused_without_a_source_too() -> None:
    with pytest.raises(ResultCellError) as raised:
        Play(1, "NS 1", "EW 1", "42O")
    assert str(raised.value) == "'42O' is not a score"
