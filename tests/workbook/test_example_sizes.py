"""The example night in other sizes: the club workbooks the merge benchmark is built from."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from xlbridge.session import score_event
from xlbridge.workbook.pairs.example import EXAMPLE_SIZE, Size, build_example
from xlbridge.workbook.pairs.reader import read_workbook

#: The issue-6 club: 10 full tables (20 pairs) over 24 boards, 8 rounds of 3.
CLUB = Size(tables=10, boards=24, missing_pair=False)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("club") / "club.xlsx"
    build_example(seed=7, size=CLUB).save(path)
    return path


def test_a_ten_table_club_night_reads_and_scores(club: Path) -> None:
    night = read_workbook(club)
    event = night.event
    assert (night.tables, night.boards) == (10, 24)
    assert len(event.pairs) == 20
    assert len(event.plays) == 240  # 24 boards x 10 tables
    assert Counter(play.board for play in event.plays) == {board: 10 for board in range(1, 25)}
    # every pair plays every board once (the reader refuses a pair on a board twice)
    for side in ("ns", "ew"):
        boards = Counter(getattr(play, side) for play in event.plays)
        assert set(boards.values()) == {24}
    # and no two pairs meet twice
    meetings = Counter(frozenset((play.ns, play.ew)) for play in event.plays)
    assert set(meetings.values()) == {3}  # one round of 3 boards each
    result = score_event(event)
    assert len(result.pairs) == 20
    assert result.top == 18  # 10 results a board, 2 matchpoints per result beaten


def test_the_default_size_is_the_example_night() -> None:
    assert Size(tables=9, boards=27, boards_per_round=3, missing_pair=True) == EXAMPLE_SIZE
    assert EXAMPLE_SIZE.rounds == 9


@pytest.mark.parametrize(
    ("tables", "boards", "per_round"),
    [(10, 25, 3), (8, 27, 3), (6, 24, 3), (10, 20, 3), (10, 21, 3)],
)
def test_impossible_sizes_are_refused(tables: int, boards: int, per_round: int) -> None:
    with pytest.raises(ValueError, match="boards"):
        Size(tables=tables, boards=boards, boards_per_round=per_round)
