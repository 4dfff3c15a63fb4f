"""Scoring one board across the field: frequency tables, matchpoints, Butler, cross-IMPs.

Every board is scored from a frequency table whose frequencies may be
fractional (seed 000, "The Correct Way"; seed 002):

* a weighted score (Law 12C1(c)) puts each component's weight into the
  table, so it changes every pair's score on the board; its own score is the
  weighted sum of its components' scores, and a component nobody else scored
  gets a row of its own;
* when fewer real results are in the table than expected, the frequencies are
  factored by expected/actual (Neuberg, seed 003); artificial scores stay out
  of the table and get their percentage of the normal top;
* a split score puts its NS side into the table NS pairs are compared in and
  its EW side into the table EW pairs are compared in.  Each direction has its
  own table; on a board with no split both are the same and EW = top - NS.

Everything is exact (:class:`fractions.Fraction`).
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cached_property

from xlbridge.errors import BoardError
from xlbridge.exact import round_half_away
from xlbridge.result import Artificial, Result, Row, Side, Weighted
from xlbridge.scales import imps

__all__ = [
    "ARTIFICIAL_IMPS_PER_10_PERCENT",
    "Board",
    "Direction",
    "FrequencyLine",
    "FrequencyTable",
    "TableRow",
    "aggregate_score",
    "board_percentages",
    "butler_board",
    "cross_imps_board",
    "frequency_lines",
    "matchpoint_board",
    "matchpoint_percentages",
    "neuberg",
    "percent_of_top",
    "teams_imps",
    "weighted_matchpoints",
]

#: IMPs per comparison for an artificial score: 3 IMPs for each 10% away from
#: average, so A+ (60%) is +3 IMPs, A= is 0 and A- (40%) is -3 IMPs.
ARTIFICIAL_IMPS_PER_10_PERCENT = 3

#: Boards with at least this many rows are scored by :mod:`xlbridge.fast`, which gives
#: the same figures (grouping equal rows); below it the Fraction path here is used.
FAST_PATH_ROWS = 100

#: A pair of figures for one traveller row: (NS, EW); ``None`` for a row
#: without a score (blank or not played).
Pair = tuple[Fraction, Fraction]


class Direction(Enum):
    """Which pairs a frequency table scores: NS pairs or EW pairs."""

    NS = "NS"
    EW = "EW"

    @classmethod
    def parse(cls, text: object) -> Direction:
        """``NS``/``N-S``/``north-south`` or ``EW``/``E-W``/``east-west``; blank means NS."""
        if text is None or (isinstance(text, str) and not text.strip()):
            return cls.NS
        key = "".join(ch for ch in str(text).upper() if ch.isalpha())
        for direction, names in (
            (cls.NS, {"NS", "N", "NORTHSOUTH"}),
            (cls.EW, {"EW", "E", "EASTWEST"}),
        ):
            if key in names:
                return direction
        raise BoardError(f"direction {text!r} is not NS or EW")


@dataclass(frozen=True)
class TableRow:
    """One score in a frequency table.

    ``freq`` counts whole results at this score, ``weight`` the weights that
    weighted scores put here, and ``adj_freq`` is ``(freq + weight)``
    factored to the expected number of results.
    """

    score: int
    freq: int
    weight: Fraction
    adj_freq: Fraction


@dataclass(frozen=True)
class FrequencyTable:
    """The frequency table of one direction of one board, scores descending.

    ``actual`` is the number of results in the table (a weighted result
    counts once), ``expected`` the number the board should have had.
    """

    rows: tuple[TableRow, ...]
    expected: int
    actual: int

    @property
    def factor(self) -> Fraction:
        """The Neuberg factor expected/actual (1 when the table is full)."""
        return Fraction(self.expected, self.actual) if self.actual else Fraction(1)

    @cached_property
    def _ascending(self) -> tuple[list[int], list[Fraction], list[Fraction]]:
        scores = [row.score for row in reversed(self.rows)]
        freqs = [row.adj_freq for row in reversed(self.rows)]
        below: list[Fraction] = []
        running = Fraction(0)
        for freq in freqs:
            below.append(running)
            running += freq
        return scores, freqs, below

    def _index(self, score: int) -> int:
        scores = self._ascending[0]
        index = bisect.bisect_left(scores, score)
        if index == len(scores) or scores[index] != score:
            raise KeyError(score)
        return index

    def matchpoints(self, score: int, scale: int = 2) -> Fraction:
        """The NS matchpoints of ``score`` in this table: ``scale`` per result beaten, half per tie.

        With fractional frequencies: ``scale * (below + (adj_freq - 1) / 2)``.
        """
        index = self._index(score)
        _, freqs, below = self._ascending
        return scale * (below[index] + (freqs[index] - 1) / 2)

    def top(self, scale: int = 2) -> int:
        """The top on the board: ``scale * (expected - 1)``."""
        return scale * (self.expected - 1)

    def datum(self, trim: int = 0) -> Fraction:
        """The mean score of the table, after dropping ``trim`` whole results from each end."""
        remaining = self.expected - 2 * trim
        if trim < 0 or remaining <= 0:
            raise BoardError(
                f"cannot drop {trim} result(s) from each end of a board with "
                f"{self.expected} expected results"
            )
        weights = [row.adj_freq for row in self.rows]
        for order in (range(len(weights)), range(len(weights) - 1, -1, -1)):
            to_drop = Fraction(trim)
            for i in order:
                taken = min(weights[i], to_drop)
                weights[i] -= taken
                to_drop -= taken
        total = sum((w * row.score for w, row in zip(weights, self.rows, strict=True)), Fraction(0))
        return total / remaining

    def cross_imps(self, score: int) -> Fraction:
        """Total cross-IMPs of ``score`` against every result in the table, by frequency."""
        return sum((row.adj_freq * imps(score - row.score) for row in self.rows), Fraction(0))


def _build_table(sides: Iterable[Side], expected: int) -> FrequencyTable:
    freq: dict[int, int] = {}
    weight: dict[int, Fraction] = {}
    actual = 0
    for side in sides:
        if not isinstance(side, Weighted):
            continue
        actual += 1
        if side.is_weighted:
            for score, share in side.components:
                weight[score] = weight.get(score, Fraction(0)) + share
        else:
            score = side.components[0][0]
            freq[score] = freq.get(score, 0) + 1
    factor = Fraction(expected, actual) if actual else Fraction(1)
    rows = tuple(
        TableRow(
            s,
            freq.get(s, 0),
            weight.get(s, Fraction(0)),
            (freq.get(s, 0) + weight.get(s, 0)) * factor,
        )
        for s in sorted(freq.keys() | weight.keys(), reverse=True)
    )
    return FrequencyTable(rows, expected, actual)


class Board:
    """The results of one board, ready to be scored.

    ``rows`` are the parsed traveller rows (``None`` for blank rows,
    :data:`~xlbridge.result.NOT_PLAYED` for boards not played).  ``expected``
    is the number of results the board should have had; by default the
    number of rows with a result (so no factoring).

    ``counts``, when given, says how many traveller rows each row of ``rows``
    stands for (a big traveller grouped by cell); every method then gives one
    figure per row of ``rows``, the figure each of those traveller rows gets.
    """

    def __init__(
        self, rows: Sequence[Row], expected: int | None = None, counts: Sequence[int] | None = None
    ) -> None:
        self.rows = tuple(rows)
        self.counts = None if counts is None else tuple(counts)
        if self.counts is None:
            self.size = len(self.rows)
            played = Counter(map(type, self.rows))[Result]  # C speed on a million rows
        else:
            if len(self.counts) != len(self.rows) or not all(
                type(count) is int and count > 0 for count in self.counts
            ):
                raise BoardError("give one count, a whole number from 1, for each row")
            self.size = sum(self.counts)
            played = sum(
                c for r, c in zip(self.rows, self.counts, strict=True) if isinstance(r, Result)
            )
        if expected is None:
            expected = played
        if isinstance(expected, bool) or not isinstance(expected, int) or expected < 1:
            raise BoardError(
                f"the expected number of results must be a whole number from 1, not {expected!r}"
            )
        if played > expected:
            raise BoardError(f"the board has {played} results but only {expected} were expected")
        self.expected = expected
        self.played = played

    @cached_property
    def ns_table(self) -> FrequencyTable:
        """The table NS pairs are compared in (the NS side of every result)."""
        return _build_table((row.ns for row in self.results()), self.expected)

    @cached_property
    def ew_table(self) -> FrequencyTable:
        """The table EW pairs are compared in (the EW side of every result)."""
        return _build_table((row.ew for row in self.results()), self.expected)

    def table(self, direction: Direction) -> FrequencyTable:
        """The frequency table of ``direction``."""
        return self.ns_table if direction is Direction.NS else self.ew_table

    def results(self) -> Iterable[Result]:
        """The rows that hold a result (not blank, not NP), each as often as it was played."""
        if self.counts is None:
            return (row for row in self.rows if isinstance(row, Result))
        return (
            row
            for row, count in zip(self.rows, self.counts, strict=True)
            if isinstance(row, Result)
            for _ in range(count)
        )

    def matchpoints(self, scale: int = 2) -> list[Pair | None]:
        """NS and EW matchpoints of every row (``None`` for rows without a result)."""
        _check_scale(scale)
        if self.size >= FAST_PATH_ROWS:
            from xlbridge import fast

            return fast.matchpoints(self, scale)
        top = scale * (self.expected - 1)

        def side_mp(side: Side, direction: Direction) -> Fraction:
            if isinstance(side, Artificial):
                return side.percent * top / 100
            table = self.table(direction)
            ns = sum((w * table.matchpoints(s, scale) for s, w in side.components), Fraction(0))
            return ns if direction is Direction.NS else top - ns

        return self._per_row(side_mp)

    def _per_row(self, figure: Callable[[Side, Direction], Fraction]) -> list[Pair | None]:
        """Apply ``figure`` to the NS and EW side of every row (``None`` without a result)."""
        return [
            (figure(row.ns, Direction.NS), figure(row.ew, Direction.EW))
            if isinstance(row, Result)
            else None
            for row in self.rows
        ]

    def butler(
        self, trim: int = 0, datum_round: int = 10, round_weighted: bool = True
    ) -> list[Pair | None]:
        """NS and EW IMPs of every row against the datum of its direction's table.

        The datum is the table's mean (after dropping ``trim`` whole results
        from each end) rounded to the nearest ``datum_round`` points, ties
        away from zero (0: not rounded).  A weighted result's IMPs are the
        weighted sum of its components' IMPs, rounded to whole IMPs when
        ``round_weighted`` (seed 000 section 5: 2.4 rounded to 2).
        """
        if self.size >= FAST_PATH_ROWS:
            from xlbridge import fast

            return fast.butler(self, trim, datum_round, round_weighted)
        datums = {d: self._datum(d, trim, datum_round) for d in Direction}

        def side_imps(side: Side, direction: Direction) -> Fraction:
            if isinstance(side, Artificial):
                return _artificial_imps(side)
            datum = datums[direction]
            value = sum((w * imps(s - datum) for s, w in side.components), Fraction(0))
            if side.is_weighted and round_weighted:
                value = round_half_away(value)
            return value if direction is Direction.NS else -value

        return self._per_row(side_imps)

    def _datum(self, direction: Direction, trim: int, datum_round: int) -> Fraction:
        table = self.table(direction)
        if not table.actual:
            return Fraction(0)
        datum = table.datum(trim)
        return round_half_away(datum, datum_round) if datum_round else datum

    def datum(
        self, direction: Direction = Direction.NS, trim: int = 0, datum_round: int = 10
    ) -> Fraction:
        """The Butler datum of ``direction`` (see :meth:`butler`)."""
        return self._datum(direction, trim, datum_round)

    def cross_imps(self, divide_by: str = "total") -> list[Pair | None]:
        """NS and EW cross-IMPs of every row, each score against every other by frequency.

        ``divide_by``: ``total`` (default), ``comparisons`` (expected - 1) or
        ``scores`` (expected).  An artificial score gets 3 IMPs per
        comparison for each 10% above average (A+ +3, A- -3).
        """
        comparisons = self.expected - 1
        divisor = {"total": 1, "comparisons": comparisons, "scores": self.expected}.get(
            str(divide_by).strip().lower()
        )
        if divisor is None:
            raise BoardError(f"divide_by {divide_by!r} is not total, comparisons or scores")
        if divisor == 0:
            divisor = 1
        if self.size >= FAST_PATH_ROWS:
            from xlbridge import fast

            return fast.cross_imps(self, comparisons, divisor)

        def side_x(side: Side, direction: Direction) -> Fraction:
            if isinstance(side, Artificial):
                return _artificial_imps(side) * comparisons / divisor
            table = self.table(direction)
            total = sum((w * table.cross_imps(s) for s, w in side.components), Fraction(0))
            return (total if direction is Direction.NS else -total) / divisor

        return self._per_row(side_x)


def _artificial_imps(side: Artificial) -> Fraction:
    return (side.percent - 50) * ARTIFICIAL_IMPS_PER_10_PERCENT / 10


def _check_scale(scale: int) -> None:
    if scale not in (1, 2):
        raise BoardError(f"scale {scale!r} is not 1 or 2 (matchpoints per result beaten)")


def matchpoint_board(
    rows: Sequence[Row], expected: int | None = None, scale: int = 2
) -> list[Pair | None]:
    """NS and EW matchpoints of every traveller row (see :class:`Board`)."""
    return Board(rows, expected).matchpoints(scale)


def matchpoint_percentages(
    rows: Sequence[Row], expected: int | None = None, scale: int = 2
) -> list[Pair | None]:
    """NS and EW matchpoints of every traveller row as percentages of the top.

    ``100 x MP / top``: the board percentages some programs print instead of
    matchpoints (JFR Pary).  A board expected to be played once has a top of
    0: each side then has 50%.

    >>> rows = [Result.of(score) for score in (420, 450, -50)]
    >>> [tuple(map(str, p)) for p in matchpoint_percentages(rows)]
    [('50', '50'), ('100', '0'), ('0', '100')]
    """
    return board_percentages(Board(rows, expected), scale)


def board_percentages(board: Board, scale: int = 2) -> list[Pair | None]:
    """:func:`matchpoint_percentages` of a :class:`Board` already built (one figure per row)."""
    _check_scale(scale)
    top = scale * (board.expected - 1)
    return [
        None if pair is None else (percent_of_top(pair[0], top), percent_of_top(pair[1], top))
        for pair in board.matchpoints(scale)
    ]


def percent_of_top(figure: Fraction, top: int) -> Fraction:
    """``figure`` as a percentage of ``top``; 50% on a board with a top of 0 (played once)."""
    return 100 * figure / top if top else Fraction(50)


def butler_board(
    rows: Sequence[Row], trim: int = 0, datum_round: int = 10, expected: int | None = None
) -> list[Pair | None]:
    """NS and EW Butler IMPs of every traveller row (see :meth:`Board.butler`)."""
    return Board(rows, expected).butler(trim, datum_round)


def cross_imps_board(
    rows: Sequence[Row], divide_by: str = "total", expected: int | None = None
) -> list[Pair | None]:
    """NS and EW cross-IMPs of every traveller row (see :meth:`Board.cross_imps`)."""
    return Board(rows, expected).cross_imps(divide_by)


@dataclass(frozen=True)
class FrequencyLine:
    """One line of a printed frequency table: ``Score, Freq, Adj. Freq, NS MP, EW MP``.

    For an artificial score ``score`` is its label (``A=``) and ``adj_freq``
    is ``None``: artificial scores are not in the table.
    """

    score: int | str
    freq: int
    adj_freq: Fraction | None
    ns_mp: Fraction
    ew_mp: Fraction


def frequency_lines(
    rows: Sequence[Row],
    expected: int | None = None,
    scale: int = 2,
    direction: Direction = Direction.NS,
    counts: Sequence[int] | None = None,
) -> list[FrequencyLine]:
    """The frequency table of one direction as the seeds print it.

    Artificial scores come first (one line per kind, with their count), then
    the real scores from the highest down.  ``NS MP`` is what an NS pair with
    that score gets and ``EW MP`` is ``top - NS MP``.  ``counts``: as for
    :class:`Board`.
    """
    _check_scale(scale)
    board = Board(rows, expected, counts)
    table = board.table(direction)
    top = scale * (board.expected - 1)
    artificial: dict[Artificial, int] = {}
    for row in board.results():
        side = row.ns if direction is Direction.NS else row.ew
        if isinstance(side, Artificial):
            artificial[side] = artificial.get(side, 0) + 1
    lines = [
        FrequencyLine(art.label, n, None, *_pct_pair(art.percent, top, direction))
        for art, n in sorted(artificial.items(), key=lambda item: -item[0].percent)
    ]
    for entry in table.rows:
        mp = table.matchpoints(entry.score, scale)
        lines.append(FrequencyLine(entry.score, entry.freq, entry.adj_freq, mp, top - mp))
    return lines


def _pct_pair(percent: Fraction, top: int, direction: Direction) -> tuple[Fraction, Fraction]:
    own = percent * top / 100
    return (own, top - own) if direction is Direction.NS else (top - own, own)


def neuberg(mp: Fraction | int, actual: int, expected: int, scale: int = 2) -> Fraction:
    """Factor matchpoints scored among ``actual`` results up to ``expected`` results.

    ``MP = expected/actual * (mp + scale/2) - scale/2``; with 2 matchpoints per
    result beaten this is seed 003's ``(M*E + (E - A)) / A``.

    >>> neuberg(14, 8, 16)
    Fraction(29, 1)
    """
    _check_scale(scale)
    if actual < 1 or expected < actual:
        raise BoardError(
            f"neuberg needs 1 <= actual <= expected (got actual {actual!r}, expected {expected!r})"
        )
    mp = Fraction(mp)
    if not 0 <= mp <= scale * (actual - 1):
        raise BoardError(
            f"{mp} matchpoints are outside 0 to {scale * (actual - 1)}, "
            f"the top among {actual} results"
        )
    half = Fraction(scale, 2)
    return Fraction(expected, actual) * (mp + half) - half


def weighted_matchpoints(
    others: Sequence[Row], weighted: Weighted, expected: int | None = None, scale: int = 2
) -> Fraction:
    """The NS matchpoints of one weighted score against the board's other results.

    The weighted score joins the table with its weights (seed 000 section 4.1).
    """
    rows = [*others, Result(weighted, weighted)]
    result = Board(rows, expected).matchpoints(scale)[-1]
    assert result is not None
    return result[0]


def teams_imps(score: Side, other: Side, round_weighted: bool = True) -> Fraction:
    """IMPs for a teams board: each component against the other table, weighted in IMPs.

    The weighting is applied to the IMPs, not the points, and a weighted
    result is rounded to whole IMPs, ties away from zero (seed 000 section 3).
    """
    if isinstance(score, Artificial) or isinstance(other, Artificial):
        raise BoardError("an artificial score has no IMPs at teams: give the IMPs directly")
    value = sum(
        (w * v * imps(s - o) for s, w in score.components for o, v in other.components),
        Fraction(0),
    )
    weighted = score.is_weighted or other.is_weighted
    return round_half_away(value) if weighted and round_weighted else value


def aggregate_score(score: Side, unit: int = 10) -> Fraction:
    """A weighted score in total points, rounded to the nearest ``unit`` (seed 000 section 2).

    >>> from xlbridge.result import parse_result
    >>> aggregate_score(parse_result("60% 420; 40% -50").ns)
    Fraction(230, 1)
    """
    if isinstance(score, Artificial):
        raise BoardError("an artificial score has no aggregate: give the points directly")
    return round_half_away(score.mean(), unit) if unit else score.mean()
