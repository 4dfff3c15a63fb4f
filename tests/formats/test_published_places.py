"""A PBN results file's problems name the file's line (a FileLine, made where it is read).

The ScoreTable tag is on line 4, so its rows are lines 5 and 6 of the file.
"""

from __future__ import annotations

import pytest

from xlbridge.errors import ScoringError
from xlbridge.formats.pbn.published import read_results
from xlbridge.places import FileLine, outermost

RESULTS = """[Event "Club night"]
[Board "1"]
[Scoring "MP"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Score_NS\\6R;MP_NS\\4R;MP_EW\\4R"]
1 2 420 1 1
{second}
"""


@pytest.mark.parametrize(
    ("name", "second", "message"),
    [
        (
            "night.pbn",
            "- - 420 1 1",
            "night.pbn line 6: a ScoreTable row without PairId_NS and PairId_EW",
        ),
        ("", "- - 420 1 1", "line 6: a ScoreTable row without PairId_NS and PairId_EW"),
        ("night.pbn", "3 4 42O 1 1", "night.pbn line 6: board 1: '42O' is not a score"),
    ],
)
def test_a_score_table_row_is_named_by_its_line(name: str, second: str, message: str) -> None:
    with pytest.raises(ScoringError) as caught:
        read_results(RESULTS.format(second=second), name)
    assert str(caught.value) == message
    # the line kept as a place: the file's line itself, or the board read at that line
    assert outermost(caught.value.where or "") == FileLine(name, 6)


def test_each_play_read_knows_its_line() -> None:
    read = read_results(RESULTS.format(second="3 4 -50 0 2"), "night.pbn")
    assert [play.source for play in read.event.plays] == [
        FileLine("night.pbn", 5),
        FileLine("night.pbn", 6),
    ]
