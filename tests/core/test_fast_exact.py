"""The scoring engine (xlbridge.board.Board) gives exactly the figures of a brute-force reference.

The reference below is written for reading, not speed: it builds each
direction's frequency table row by row, compares every score with every
other, and mixes weighted scores component by component, all in
:class:`~fractions.Fraction`.  Random boards of every kind (plain, weighted
with awkward denominators, split, artificial, not played, blank), with and
without Neuberg factoring, small and big, are scored by both.  Equality is of
Fractions: no tolerance.
"""

from __future__ import annotations

import itertools
import random
import sys
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from xlbridge import board as board_module
from xlbridge import imp_matrix
from xlbridge.board import Board, Pair, frequency_lines
from xlbridge.direction import Direction
from xlbridge.exact import round_half_away
from xlbridge.result import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    NOT_PLAYED,
    Artificial,
    Result,
    Row,
    Side,
    Weighted,
    format_result,
    parse_result,
)
from xlbridge.scales import imps
from xlbridge.settings import CrossDivisor
from xlbridge.udfs import _rows

# --- the reference ------------------------------------------------------------------------------


def ref_table(rows: list[Row], direction: Direction, expected: int) -> dict[int, Fraction]:
    """Each score's adjusted frequency: every plain score counts 1, every component of a
    weighted score its weight (Law 12C1(c)); all factored by expected / actual (Neuberg)."""
    mass: dict[int, Fraction] = {}
    actual = 0
    for row in rows:
        if not isinstance(row, Result):
            continue
        side = row.ns if direction is Direction.NS else row.ew
        if isinstance(side, Artificial):
            continue  # artificial scores are not in the table
        actual += 1
        for score, weight in side.components:
            mass[score] = mass.get(score, Fraction(0)) + weight
    factor = Fraction(expected, actual) if actual else Fraction(1)
    return {score: m * factor for score, m in mass.items()}


def ref_mp(table: dict[int, Fraction], score: int, scale: int) -> Fraction:
    """``scale`` for every result beaten, half for every tie, less the tie with itself."""
    total = Fraction(0)
    for other, mass in table.items():
        if score > other:
            total += scale * mass
        elif score == other:
            total += Fraction(scale, 2) * mass
    return total - Fraction(scale, 2)


def ref_datum(table: dict[int, Fraction], expected: int, trim: int, unit: int) -> Fraction:
    """The mean score after dropping ``trim`` results from each end, rounded to ``unit``."""
    if not table:
        return Fraction(0)
    ascending = sorted(table.items())
    masses = [mass for _, mass in ascending]
    for order in (range(len(masses)), reversed(range(len(masses)))):
        left = Fraction(trim)
        for i in order:
            taken = min(masses[i], left)
            masses[i] -= taken
            left -= taken
    mean = sum((m * s for m, (s, _) in zip(masses, ascending, strict=True)), Fraction(0)) / (
        expected - 2 * trim
    )
    return round_half_away(mean, unit) if unit else mean


def ref_cross(table: dict[int, Fraction], score: int) -> Fraction:
    return sum((mass * imps(score - other) for other, mass in table.items()), Fraction(0))


def ref_figures(rows: list[Row], expected: int, method: str, *args: object) -> list[Pair | None]:
    """The figures of every row by the reference: ``matchpoints``, ``butler`` or ``cross_imps``."""
    tables = {d: ref_table(rows, d, expected) for d in Direction}

    def figure(side: Side, direction: Direction) -> Fraction:
        sign = 1 if direction is Direction.NS else -1
        table = tables[direction]
        if method == "matchpoints":
            (scale,) = args
            assert isinstance(scale, int)
            top = scale * (expected - 1)
            if isinstance(side, Artificial):
                return side.percent * top / 100
            ns = sum((w * ref_mp(table, s, scale) for s, w in side.components), Fraction(0))
            return ns if sign == 1 else top - ns
        artificial = (
            (side.percent - 50) * 3 / 10 if isinstance(side, Artificial) else None
        )  # 3 IMPs per 10% from average
        if method == "butler":
            trim, unit, round_weighted = args
            assert isinstance(trim, int) and isinstance(unit, int)
            if artificial is not None:
                return artificial
            datum = ref_datum(table, expected, trim, unit)
            value = sum((w * imps(s - datum) for s, w in side.components), Fraction(0))
            if len(side.components) > 1 and round_weighted:
                value = round_half_away(value)
            return sign * value
        (divide_by,) = args
        divisor = {"total": 1, "comparisons": expected - 1, "scores": expected}[str(divide_by)]
        divisor = divisor or 1
        if artificial is not None:
            return artificial * (expected - 1) / divisor
        total = sum((w * ref_cross(table, s) for s, w in side.components), Fraction(0))
        return sign * total / divisor

    return [
        (figure(row.ns, Direction.NS), figure(row.ew, Direction.EW))
        if isinstance(row, Result)
        else None
        for row in rows
    ]


def reference(board: Board, method: str, *args: object) -> list[Pair | None]:
    return ref_figures(list(board.rows), board.expected, method, *args)


SCORES = st.sampled_from(
    [-7600, -1100, -500, -200, -100, -50, 0, 90, 110, 140, 420, 450, 620, 1430, 2980]
)
DENOMINATORS = st.sampled_from([2, 3, 5, 7, 10, 100])


@st.composite
def weighted_sides(draw: st.DrawFn) -> Weighted:
    """Two to four distinct scores with positive weights summing to 1 over one denominator."""
    scores = draw(st.lists(SCORES, min_size=2, max_size=4, unique=True))
    den = draw(DENOMINATORS) * len(scores)
    cuts = sorted(
        draw(st.sets(st.integers(1, den - 1), min_size=len(scores) - 1, max_size=len(scores) - 1))
    )
    bounds = [0, *cuts, den]
    weights = [Fraction(b - a, den) for a, b in itertools.pairwise(bounds)]
    return Weighted(tuple(zip(scores, weights, strict=True)))


artificial_sides = st.one_of(
    st.sampled_from([AVERAGE, AVERAGE_PLUS, AVERAGE_MINUS]),
    st.fractions(0, 100, max_denominator=8).map(lambda p: Artificial(p, f"A{p}")),
)
plain = SCORES.map(Result.of)
weighted = weighted_sides().map(lambda side: Result(side, side))
artificial = st.tuples(artificial_sides, artificial_sides).map(lambda ab: Result(*ab))
any_side = st.one_of(SCORES.map(Weighted.of), weighted_sides(), artificial_sides)
split = st.tuples(any_side, any_side).map(lambda ab: Result(*ab))
rows: st.SearchStrategy[Row] = st.one_of(
    plain, plain, plain, weighted, artificial, split, st.just(NOT_PLAYED), st.none()
)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A board, sometimes with its rows repeated as shared objects, sometimes Neuberg-factored."""
    distinct = draw(st.lists(rows, min_size=1, max_size=12))
    repeats = draw(st.lists(st.integers(1, 30), min_size=len(distinct), max_size=len(distinct)))
    table = [row for row, n in zip(distinct, repeats, strict=True) for _ in range(n)]
    table = draw(st.permutations(table))
    played = sum(isinstance(row, Result) for row in table)
    extra = draw(st.sampled_from([None, 0, 1, 7, played + 3]))
    if not played:  # a board needs at least one expected result
        return Board(table, 1 + (extra or 0))
    return Board(table, None if extra is None else played + extra)


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from([1, 2]))
def test_matchpoints_equal_the_reference(board: Board, scale: int) -> None:
    assert board.matchpoints(scale) == reference(board, "matchpoints", scale)


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from([0, 1]), st.sampled_from([0, 10, 50]), st.booleans())
def test_butler_equals_the_reference(
    board: Board, trim: int, datum_round: int, round_weighted: bool
) -> None:
    if board.expected <= 2 * trim:
        return
    expected = reference(board, "butler", trim, datum_round, round_weighted)
    assert board.butler(trim, datum_round, round_weighted) == expected


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from(["total", "comparisons", "scores"]))
def test_cross_imps_equal_the_reference(board: Board, divide_by: str) -> None:
    assert board.cross_imps(CrossDivisor(divide_by)) == reference(board, "cross_imps", divide_by)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_tables_equal_the_reference(board: Board) -> None:
    for direction in Direction:
        table = board.table(direction)
        expected = ref_table(list(board.rows), direction, board.expected)
        assert {row.score: row.adj_freq for row in table.rows} == expected
        assert [row.score for row in table.rows] == sorted(expected, reverse=True)
        assert all(row.freq + row.weight == row.adj_freq / table.factor for row in table.rows)


@given(st.integers(), st.integers(1, 10**6))
def test_whole_rounding_in_integers_is_round_half_away(numerator: int, denominator: int) -> None:
    rounded = board_module._round_whole(numerator, denominator)
    assert rounded == round_half_away(Fraction(numerator, denominator))


def test_every_figure_is_a_fraction_or_blank() -> None:
    board = Board([Result.of(420), parse_result("30% 420; 70% -50"), NOT_PLAYED, None] * 30, 200)
    for figures in (board.matchpoints(), board.butler(), board.cross_imps()):
        for pair in figures:
            assert pair is None or all(type(x) is Fraction for x in pair)


def big_random_board(seed: int, size: int) -> Board:
    """A board of ``size`` rows of every kind, as the traveller parser shares them."""
    rng = random.Random(seed)
    cells: list[object] = []
    scores = [rng.randrange(-1500, 1510, 10) for _ in range(60)]
    for _ in range(size):
        pick = rng.random()
        if pick < 0.85:
            cells.append(rng.choice(scores))
        elif pick < 0.9:
            share = rng.randrange(1, 100)
            first, second = rng.sample(scores, 2)
            cells.append(f"{share}% {first}; {100 - share}% {second}")
        elif pick < 0.93:
            cells.append(rng.choice(["A=", "A+/A-", "A-/A-", "A60/40"]))
        elif pick < 0.96:
            cells.append(f"NS: {rng.choice(scores)} | EW: 1/3 {scores[0]}; 2/3 {scores[1]}")
        else:
            cells.append(rng.choice(["NP", None]))
    parsed = _rows([[cell] for cell in cells], None).every_row()
    played = sum(isinstance(row, Result) for row in parsed)
    return Board(parsed, played + rng.randrange(0, 50))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_big_boards_equal_the_reference(seed: int) -> None:
    board = big_random_board(seed, 1000)
    assert board.matchpoints() == reference(board, "matchpoints", 2)
    assert board.butler() == reference(board, "butler", 0, 10, True)
    assert board.cross_imps(CrossDivisor.COMPARISONS) == reference(
        board, "cross_imps", "comparisons"
    )


def test_imp_sums_numpy_python_and_the_scale_agree() -> None:
    rng = random.Random(5)
    scores = sorted({rng.randrange(-7600, 7610, 10) for _ in range(300)}, reverse=True)
    masses = [rng.randrange(1, 10**6) for _ in scores]
    expected = [sum(m * imps(s - t) for t, m in zip(scores, masses, strict=True)) for s in scores]
    assert imp_matrix._imp_sums_numpy(scores, masses) == expected
    assert imp_matrix._imp_sums_python(scores, masses) == expected
    huge = [m * 10**15 for m in masses]  # past int64: must take the integer path
    assert imp_matrix.imp_sums(scores, huge) == [e * 10**15 for e in expected]


def test_without_numpy_cross_imps_stay_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy raises ImportError
    board = big_random_board(9, 400)
    assert board.cross_imps() == reference(board, "cross_imps", "total")


# --- the traveller pre-pass in xlbridge.udfs._rows ---------------------------------------------


# format_result writes a fractional artificial percentage as "A50/1/2", which does not parse
# back; cells here keep to whole percentages.
cell_rows = rows.filter(
    lambda row: (
        not isinstance(row, Result)
        or all(
            not isinstance(s, Artificial) or s.percent.denominator == 1 for s in (row.ns, row.ew)
        )
    )
)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(SCORES, SCORES.map(float), cell_rows.map(format_result)), max_size=40))
def test_rows_prepass_equals_parsing_cell_by_cell(cells: list[object]) -> None:
    parsed = _rows([[cell] for cell in cells], None).every_row()
    assert parsed == [parse_result(cell) for cell in cells]


def test_rows_prepass_groups_equal_cells() -> None:
    traveller = _rows([[420], [420.0], ["30% 420; 70% -50"], ["30% 420; 70% -50"], [None]], None)
    assert traveller.counts == [2, 2, 1]
    assert traveller.rows == [Result.of(420), parse_result("30% 420; 70% -50"), None]
    parsed = traveller.every_row()
    assert parsed[0] is parsed[1]
    assert parsed[2] is parsed[3]


# --- a board given as distinct rows with counts -----------------------------------------------


def _expanded(figures: list[Pair | None], counts: tuple[int, ...]) -> list[Pair | None]:
    return [pair for pair, count in zip(figures, counts, strict=True) for _ in range(count)]


def _counted(rows: list[Row], counts: list[int]) -> list[Row]:
    return [row for row, count in zip(rows, counts, strict=True) for _ in range(count)]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(rows, st.integers(1, 60)), min_size=1, max_size=12),
    st.integers(0, 20),
)
def test_a_board_with_counts_scores_as_its_rows_repeated(
    counted: list[tuple[Row, int]], missing: int
) -> None:
    """Distinct rows with counts give the figures of the rows repeated, on boards of any size."""
    distinct, counts = [row for row, _ in counted], [count for _, count in counted]
    every = _counted(distinct, counts)
    played = sum(isinstance(row, Result) for row in every)
    assume(played > 0)
    grouped, plain = Board(distinct, played + missing, counts), Board(every, played + missing)
    assert grouped.size == len(every) and grouped.played == plain.played
    assert grouped.ns_table == plain.ns_table and grouped.ew_table == plain.ew_table
    assert _expanded(grouped.matchpoints(), grouped.counts) == plain.matchpoints()
    trim = 1 if played + missing > 2 else 0
    assert _expanded(grouped.butler(trim, 10), grouped.counts) == plain.butler(trim, 10)
    assert _expanded(grouped.cross_imps(CrossDivisor.SCORES), grouped.counts) == plain.cross_imps(
        CrossDivisor.SCORES
    )
    assert frequency_lines(distinct, played + missing, 2, Direction.EW, counts) == (
        frequency_lines(every, played + missing, 2, Direction.EW)
    )


@pytest.mark.parametrize("counts", [[1, 0], [1], [1, 2, 3], [1, 2.0]])
def test_counts_must_be_one_whole_number_per_row(counts: list[int]) -> None:
    with pytest.raises(ValueError, match="one count"):
        Board([Result.of(420), Result.of(-50)], None, counts)


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ([[0], [False]], "row 2"),  # False == 0, but a true/false value is not a score
        ([[420], [425], [425]], "row 2: 425"),
        ([[420], ["x"], [1.5]], "row 2: 'x'"),
    ],
)
def test_rows_prepass_errors_name_the_first_bad_row(
    cells: list[list[object]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _rows(cells, None)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 100), SCORES), min_size=1, max_size=5),
    st.sampled_from(["; ", ";", "\n", " ; "]),
)
def test_whole_percent_cells_parse_as_the_general_syntax(
    parts: list[tuple[int, int]], joiner: str
) -> None:
    """'30% 420; 70% -50' takes an integer path; '30/100 420; 70/100 -50' the general one."""
    percent = joiner.join(f"{p}% {s}" for p, s in parts)
    fraction = joiner.join(f"{p}/100 {s}" for p, s in parts)
    if sum(p for p, _ in parts) == 100:
        assert parse_result(percent) == parse_result(fraction)
    else:
        with pytest.raises(ValueError, match="add up to") as percent_error:
            parse_result(percent)
        with pytest.raises(ValueError, match="add up to") as fraction_error:
            parse_result(fraction)
        assert (
            str(percent_error.value).split(" add up to ")[1]
            == (str(fraction_error.value).split(" add up to ")[1])
        )
