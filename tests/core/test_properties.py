"""Properties every board must have, checked with Hypothesis on random boards.

CI runs the default number of examples; ``pytest -m slow`` runs the same
properties on many more boards (see docs/testing.md).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.board import Board
from xlbridge.result import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    NOT_PLAYED,
    Result,
    Weighted,
    format_result,
    parse_result,
)

#: The CI-run properties below each check 150 random boards: 8 x 150 = 1,200 boards per run
#: (test_ci_checks_at_least_1000_boards); the slow suite checks 100,000 (docs/testing.md).
CI_BOARDS = 150
ci_boards = settings(max_examples=CI_BOARDS)

SCORES = st.sampled_from([-1100, -500, -200, -100, -50, 0, 90, 110, 140, 420, 450, 620, 1430])


@st.composite
def weighted_sides(draw: st.DrawFn) -> Weighted:
    scores = draw(st.lists(SCORES, min_size=2, max_size=4, unique=True))
    cuts = sorted(
        draw(
            st.lists(
                st.integers(1, 99), min_size=len(scores) - 1, max_size=len(scores) - 1, unique=True
            )
        )
    )
    bounds = [0, *cuts, 100]
    weights = [Fraction(b - a, 100) for a, b in itertools.pairwise(bounds)]
    return Weighted(tuple(zip(scores, weights, strict=True)))


plain_results = SCORES.map(Result.of)
weighted_results = weighted_sides().map(lambda side: Result(side, side))
artificial_results = st.sampled_from(
    [
        Result(AVERAGE, AVERAGE),
        Result(AVERAGE_PLUS, AVERAGE_MINUS),
        Result(AVERAGE_MINUS, AVERAGE_MINUS),
    ]
)
split_results = st.tuples(
    st.one_of(SCORES.map(Weighted.of), weighted_sides()), SCORES.map(Weighted.of)
).map(lambda sides: Result(*sides))

balanced_boards = st.lists(
    st.one_of(plain_results, plain_results, weighted_results), min_size=1, max_size=14
)
any_rows = st.lists(
    st.one_of(
        plain_results,
        weighted_results,
        artificial_results,
        split_results,
        st.just(NOT_PLAYED),
        st.none(),
    ),
    min_size=1,
    max_size=14,
)


@ci_boards
@given(balanced_boards, st.sampled_from([1, 2]))
def test_ns_plus_ew_is_top_and_total_is_results_times_average(rows, scale) -> None:
    board = Board(rows)
    top = scale * (board.expected - 1)
    mps = board.matchpoints(scale)
    assert all(ns + ew == top for ns, ew in mps)
    assert sum(ns for ns, _ in mps) == len(rows) * Fraction(top, 2)


@ci_boards
@given(any_rows, st.integers(0, 5), st.sampled_from([1, 2]))
def test_ns_total_is_table_results_times_average_with_neuberg(rows, extra, scale) -> None:
    board = Board(rows, sum(isinstance(r, Result) for r in rows) + extra or 1)
    top = scale * (board.expected - 1)
    for direction, table, pick in (("NS", board.ns_table, 0), ("EW", board.ew_table, 1)):
        in_table = [
            mp[pick]
            for row, mp in zip(board.rows, board.matchpoints(scale), strict=True)
            if isinstance(row, Result)
            and isinstance(row.ns if direction == "NS" else row.ew, Weighted)
        ]
        assert mp_total(in_table, pick, top) == table.actual * Fraction(top, 2)


def mp_total(values: list[Fraction], pick: int, top: int) -> Fraction:
    return sum(values, Fraction(0)) if pick == 0 else sum((top - v for v in values), Fraction(0))


@ci_boards
@given(any_rows)
def test_neuberg_changes_nothing_when_all_results_present(rows) -> None:
    played = sum(isinstance(r, Result) for r in rows)
    if played == 0:
        return
    assert Board(rows, played).matchpoints() == Board(rows).matchpoints()
    assert Board(rows, played).cross_imps() == Board(rows).cross_imps()


@ci_boards
@given(
    st.lists(st.one_of(plain_results, weighted_results), min_size=0, max_size=12),
    weighted_sides(),
    st.sampled_from([1, 2]),
)
def test_weighted_score_is_the_weighted_mix_of_its_scenarios(others, weighted, scale) -> None:
    board = Board([*others, Result(weighted, weighted)])
    got_ns, got_ew = board.matchpoints(scale)[-1]
    mix_ns = mix_ew = Fraction(0)
    for score, weight in weighted.components:
        ns, ew = Board([*others, Result.of(score)]).matchpoints(scale)[-1]
        mix_ns += weight * ns
        mix_ew += weight * ew
    assert (got_ns, got_ew) == (mix_ns, mix_ew)


@ci_boards
@given(
    st.lists(st.one_of(plain_results, weighted_results), min_size=1, max_size=14), st.integers(0, 4)
)
def test_cross_imps_sum_to_zero(rows, extra) -> None:
    board = Board(rows, len(rows) + extra)
    values = board.cross_imps()
    assert sum(ns for ns, _ in values) == 0
    assert all(ns == -ew for ns, ew in values)


@ci_boards
@given(balanced_boards)
def test_butler_is_antisymmetric_when_scores_are_negated(rows) -> None:
    negated = [Result(r.ns.negated(), r.ew.negated()) for r in rows]
    assert [(-ns, -ew) for ns, ew in Board(rows).butler()] == Board(negated).butler()


@ci_boards
@given(any_rows)
def test_format_then_parse_gives_the_same_result(rows) -> None:
    for row in rows:
        assert parse_result(format_result(row)) == row


def check_board_invariants(rows: list, extra: int) -> None:
    """Every invariant at once, for the slow suite: totals, Neuberg, cross-IMPs, round trip."""
    played = sum(isinstance(r, Result) for r in rows)
    board = Board(rows, played + extra or 1)
    top = 2 * (board.expected - 1)
    mps = board.matchpoints()
    for table, pick, side_of in (
        (board.ns_table, 0, lambda r: r.ns),
        (board.ew_table, 1, lambda r: r.ew),
    ):
        in_table = [
            mp[pick]
            for row, mp in zip(rows, mps, strict=True)
            if isinstance(row, Result) and isinstance(side_of(row), Weighted)
        ]
        assert mp_total(in_table, pick, top) == table.actual * top / 2
        assert sum((r.adj_freq for r in table.rows), Fraction(0)) == (
            board.expected if table.actual else 0
        )
    if not any(isinstance(r, Result) and r.is_split for r in rows):
        for row, mp in zip(rows, mps, strict=True):
            if isinstance(row, Result) and isinstance(row.ns, Weighted):
                assert mp[0] + mp[1] == top
    crosses = board.cross_imps()
    if not any(
        isinstance(r, Result) and (r.is_split or isinstance(r.ns, type(AVERAGE))) for r in rows
    ):
        assert sum(x[0] for x in crosses if x is not None) == 0
    if extra == 0 and played:
        assert Board(rows, played).matchpoints() == Board(rows).matchpoints()
    for row in rows:
        assert parse_result(format_result(row)) == row


@ci_boards
@given(any_rows, st.integers(0, 5))
def test_all_invariants_together(rows, extra) -> None:
    check_board_invariants(rows, extra)


@pytest.mark.slow
@settings(max_examples=100_000, deadline=None)
@given(any_rows, st.integers(0, 5))
def test_slow_invariants_on_many_boards(rows, extra) -> None:
    check_board_invariants(rows, extra)


def test_ci_checks_at_least_1000_boards() -> None:
    ci_run = [
        test
        for name, test in globals().items()
        if name.startswith("test_")
        and getattr(test, "is_hypothesis_test", False)
        and "slow" not in name
    ]
    assert len(ci_run) * CI_BOARDS >= 1000
