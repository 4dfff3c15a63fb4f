"""Properties of a scored session (Hypothesis): totals kept, sides balance, ranks exact."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge import Event, Pair, Play, Result, Settings, SmallVersions, rank_labels, score_event

SCORES = st.sampled_from([-200, -100, -50, 90, 110, 140, 400, 420, 450, 620])


@st.composite
def sessions(draw: st.DrawFn) -> tuple[Event, dict[int, int]]:
    """A Mitchell of 3-6 tables, 1-4 boards, some tables not playing a board, some versions."""
    tables = draw(st.integers(3, 6))
    boards = draw(st.integers(1, 4))
    plays: list[Play] = []
    played: dict[int, int] = {}
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            if draw(st.integers(0, 5)) == 0:
                continue  # a sit-out or a board not reached
            ew = (table + board - 2) % tables + 1
            version = draw(st.sampled_from(["", "", "", "B"]))
            result = Result.of(draw(SCORES))
            plays.append(Play(board, f"N{table}", f"E{ew}", result, version=version))
            played[board] = played.get(board, 0) + 1
    if not plays:
        plays.append(Play(1, "N1", "E1", Result.of(420)))
        played[1] = 1
    pairs = tuple(Pair(f"{d}{i}") for d in "NE" for i in range(1, tables + 1))
    small = draw(st.sampled_from(list(SmallVersions)))
    return Event(pairs, tuple(plays), settings=Settings(small_versions=small)), played


@settings(max_examples=60, deadline=None)
@given(sessions())
def test_session_properties(case: tuple[Event, dict[int, int]]) -> None:
    event, played = case
    result = score_event(event)
    top = result.top
    assert top is not None and result.expected == max(played.values())
    for board in result.boards:
        for scored in board.plays:
            assert scored.ns_score is not None and scored.ew_score is not None
            if event.settings.small_versions is not SmallVersions.EBU:
                assert scored.ns_score + scored.ew_score == top
            else:  # a small sub-field is scored to 120%
                assert scored.ns_score + scored.ew_score in (top, top * Fraction(12, 10))
    if event.settings.small_versions is SmallVersions.NEUBERG:
        # each board carries results x average, versions and factoring included
        for number, count in played.items():
            ns = sum(b.totals()[0] for b in result.boards if b.board == number)
            assert ns == count * Fraction(top, 2)
    for pair in result.pairs:
        if pair.boards:
            assert pair.maximum == top * len(pair.boards)
            if pair.maximum:  # a board played once has top 0: 50%
                assert pair.percentage == 100 * pair.total / pair.maximum
    for name in result.fields:
        field = result.field(name)
        assert [p.rank for p in field] == rank_labels(
            [p.score for p in field if p.score is not None]
        )
        assert [p.score for p in field] == sorted((p.score for p in field), reverse=True)
