"""Scoring one board across the field: frequency tables, matchpoints, Butler, cross-IMPs.

Every board is scored from a frequency table whose frequencies may be
fractional (EBU, "Calculation of Weighted Scores", 4 "The Correct Way";
Kooijman, "Some remarks on calculations"):

* a weighted score (Law 12C1(c)) puts each component's weight into the
  table, so it changes every pair's score on the board; its own score is the
  weighted sum of its components' scores, and a component nobody else scored
  gets a row of its own;
* when fewer real results are in the table than expected, the frequencies are
  factored by expected/actual (Bavin, "The Neuberg formula"); artificial scores stay out
  of the table and get their percentage of the normal top;
* a split score puts its NS side into the table NS pairs are compared in and
  its EW side into the table EW pairs are compared in.  Each direction has its
  own table; on a board with no split both are the same and EW = top - NS.

Everything is exact (:class:`fractions.Fraction`).
"""

from __future__ import annotations

import copy
import math
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from xlbridge.codes import AVERAGE_MINUS_PERCENT, AVERAGE_PLUS_PERCENT, Code
from xlbridge.direction import Direction
from xlbridge.errors import BoardError
from xlbridge.exact import quote, round_half_away
from xlbridge.imp_matrix import imp_sums
from xlbridge.result import (
    AVERAGE,
    Artificial,
    Result,
    Row,
    Side,
    Weighted,
    average_not_counted,
    count_results,
    counts_as_result,
)
from xlbridge.scales import imps
from xlbridge.settings import (
    CrossDivisor,
    Scale,
    ScoringConvention,
    ScoringForm,
    Settings,
    SmallVersions,
    UnequalBoards,
    parse_setting,
)

__all__ = [
    "ARTIFICIAL_IMPS_PER_10_PERCENT",
    "SMALL_VERSION",
    "Board",
    "FrequencyLine",
    "FrequencyTable",
    "ScoredBoard",
    "TableRow",
    "aggregate_score",
    "artificial_imps",
    "artificial_mp",
    "board_percentages",
    "butler_board",
    "cross_imps_board",
    "frequency_lines",
    "matchpoint_board",
    "matchpoint_percentages",
    "matchpoint_top",
    "neuberg",
    "neuberg_factor",
    "percent_of_top",
    "score_board",
    "teams_imps",
    "traveller_rows",
    "weighted_matchpoints",
]

#: IMPs per comparison for an artificial score: 3 IMPs for each 10% away from
#: average, so A+ (60%) is +3 IMPs, A= is 0 and A- (40%) is -3 IMPs (the A+/A-
#: note's IMP form of Law 12C2; docs/sources.md).
ARTIFICIAL_IMPS_PER_10_PERCENT = 3

#: A pair of figures for one traveller row: (NS, EW); ``None`` for a row
#: without a score (blank or not played).
Pair = tuple[Fraction, Fraction]


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

    @cached_property
    def factor(self) -> Fraction:
        """The Neuberg factor expected/actual (1 when the table is full)."""
        return neuberg_factor(self.actual, self.expected)

    def matchpoints(self, score: int, scale: int = 2) -> Fraction:
        """The NS matchpoints of ``score`` in this table: ``scale`` per result beaten, half per tie,
        factored up to ``expected`` results (:func:`neuberg`).

        Among the ``actual`` results (weighted ones by their weights):
        ``scale * (below + (freq + weight - 1) / 2)``; factored, this is
        ``scale * (below' + (adj_freq - 1) / 2)`` with every frequency factored.
        """
        return self.matchpoints_by_score(scale)[score]

    def matchpoints_by_score(self, scale: int = 2) -> dict[int, Fraction]:
        """:meth:`matchpoints` of every score of the table, worked out in one pass.

        The counts ``freq + weight`` are put on one denominator ``d``, so that
        ``below + (freq + weight - 1) / 2`` is ``(2 below + mass - d) / 2d``
        in whole numbers (``below`` and ``mass`` counted in ``1/d``).
        """
        found = self._matchpoints.get(scale)
        if found is not None:
            return found
        masses = [row.freq + row.weight for row in self.rows]
        common = math.lcm(1, *(mass.denominator for mass in masses))
        factor = self.factor
        found = {}
        below = 0
        for row, mass in zip(reversed(self.rows), reversed(masses), strict=True):
            whole = mass.numerator * (common // mass.denominator)
            mp = Fraction(scale * (2 * below + whole - common), 2 * common)
            found[row.score] = _factored(mp, factor, scale)
            below += whole
        self._matchpoints[scale] = found
        return found

    @cached_property
    def _matchpoints(self) -> dict[int, dict[int, Fraction]]:
        """:meth:`matchpoints_by_score` by scale, as worked out."""
        return {}

    def top(self, scale: int = 2) -> int:
        """The top on the board (:func:`matchpoint_top`)."""
        return matchpoint_top(self.expected, scale)

    def datum(self, trim: int = 0, real_results: bool = False) -> Fraction:
        """The mean score of the table, after dropping ``trim`` whole results from each end.

        ``real_results``: the mean of the results as they are (``actual`` of
        them), not factored up to ``expected`` first.
        """
        count = self.actual if real_results else self.expected
        remaining = count - 2 * trim
        if trim < 0 or remaining <= 0:
            which = "results" if real_results else "expected results"
            raise BoardError(
                f"cannot drop {trim} result(s) from each end of a board with {count} {which}"
            )
        weights = [row.freq + row.weight if real_results else row.adj_freq for row in self.rows]
        for order in (range(len(weights)), range(len(weights) - 1, -1, -1)):
            to_drop = Fraction(trim)
            for i in order:
                taken = min(weights[i], to_drop)
                weights[i] -= taken
                to_drop -= taken
        total = sum((w * row.score for w, row in zip(weights, self.rows, strict=True)), Fraction(0))
        return total / remaining

    def cross_imps(self, score: int) -> Fraction:
        """Total cross-IMPs of table score ``score`` against every result in the table.

        ``sum(adj_freq x imps(score - other))`` over the table's scores: each
        comparison counts as often as the other score was scored, factored.
        """
        return self.cross_imp_totals[score]

    @cached_property
    def cross_imp_totals(self) -> dict[int, Fraction]:
        """:meth:`cross_imps` of every table score, by score.

        ``adj_freq = (freq + weight) x expected / actual``; with ``freq + weight``
        on a common denominator the sums are one whole-number matrix product
        (:func:`~xlbridge.imp_matrix.imp_sums`), factored once.
        """
        masses = [row.freq + row.weight for row in self.rows]
        common = math.lcm(1, *(mass.denominator for mass in masses))
        whole = [mass.numerator * (common // mass.denominator) for mass in masses]
        scores = [row.score for row in self.rows]
        factor = self.factor
        return {
            score: Fraction(total * factor.numerator, common * factor.denominator)
            for score, total in zip(scores, imp_sums(scores, whole), strict=True)
        }


class _Groups:
    """The rows of a board as distinct results, each with the number of rows it stands for.

    Equal results are one object (:mod:`xlbridge.result` makes them so), so the
    rows are grouped by identity, in C-level loops: a million plain scores
    make at most 1521 groups.  ``keys`` holds each row's group, ``kinds`` the
    row of each group and ``counts`` its number of rows (with the board's
    ``counts``, a row stands for that many).
    """

    def __init__(self, rows: Sequence[Row], counts: Sequence[int] | None) -> None:
        self.keys = list(map(id, rows))
        self.kinds: dict[int, Row] = dict(zip(self.keys, rows, strict=True))
        if counts is None:
            self.counts = Counter(self.keys)
        else:
            self.counts = Counter()
            for key, count in zip(self.keys, counts, strict=True):
                self.counts[key] += count
        self.split = any(isinstance(row, Result) and row.is_split for row in self.kinds.values())

    def sides(self, direction: Direction) -> Iterator[tuple[Side, int]]:
        """The side of each distinct result that ``direction``'s table holds, and its count."""
        for key, row in self.kinds.items():
            if isinstance(row, Result):
                yield (row.ns if direction is Direction.NS else row.ew), self.counts[key]

    def spread(self, figure: Figure, mirror: Callable[[Fraction], Fraction]) -> list[Pair | None]:
        """``figure`` of the NS and EW side of each group, handed to every row of the group.

        ``mirror(ns)`` is a real score's EW figure from its NS one in a table both
        directions share: on a board with no split row, a group whose NS and EW
        sides are one score is worked out once.
        """
        one_table = not self.split
        per_kind: dict[int, Pair | None] = {}
        for key, row in self.kinds.items():
            if not isinstance(row, Result):
                per_kind[key] = None
            elif one_table and row.ns is row.ew and isinstance(row.ns, Weighted):
                ns = figure(row.ns, Direction.NS)
                per_kind[key] = (ns, mirror(ns))
            else:
                per_kind[key] = (figure(row.ns, Direction.NS), figure(row.ew, Direction.EW))
        return list(map(per_kind.__getitem__, self.keys))


def _build_table(sides: Iterable[tuple[Side, int]], expected: int) -> FrequencyTable:
    """The frequency table of distinct sides and their counts (artificial sides stay out).

    A plain score adds its count to ``freq``; a weighted one adds each
    component's weight (Law 12C1(c)), summed as whole numerators per
    denominator; ``adj_freq`` is ``(freq + weight) x expected / actual``.
    """
    freq: dict[int, int] = {}
    shares: dict[tuple[int, int], int] = {}  # (score, denominator) -> numerator
    actual = 0
    for side, count in sides:
        if not isinstance(side, Weighted):
            continue
        actual += count
        if side.is_weighted:
            for score, share in side.components:
                slot = (score, share.denominator)
                shares[slot] = shares.get(slot, 0) + share.numerator * count
        else:
            score = side.components[0][0]
            freq[score] = freq.get(score, 0) + count
    weight: dict[int, Fraction] = {}
    for (score, denominator), numerator in shares.items():
        weight[score] = weight.get(score, Fraction(0)) + Fraction(numerator, denominator)
    factor = neuberg_factor(actual, expected)
    rows = []
    for score in sorted(freq.keys() | weight.keys(), reverse=True):
        whole, part = freq.get(score, 0), weight.get(score, Fraction(0))
        rows.append(TableRow(score, whole, part, (whole + part) * factor))
    return FrequencyTable(tuple(rows), expected, actual)


#: A figure for one side of a result, seen from one direction's table.
Figure = Callable[[Side, Direction], Fraction]

#: A table's figures by score, as exact (numerator, denominator) pairs of integers.
Values = dict[int, tuple[int, int]]


class Board:
    """The results of one board, ready to be scored: the one scoring engine.

    ``rows`` are the parsed traveller rows (``None`` for blank rows,
    :data:`~xlbridge.result.NOT_PLAYED` for boards not played).  ``expected``
    is the number of results the board should have had; by default the
    number of rows with a result (so no factoring).  An artificial score that
    does not count (:class:`~xlbridge.result.NotCounted`, ``NP A60/0``) is
    scored like any artificial score but is not one of those results
    (:func:`~xlbridge.result.counts_as_result`): the board is played one time
    fewer, its top is that of the results it had, or, when ``expected`` is
    given, its real results are factored up to it (Neuberg), as for ``NP``.

    ``counts``, when given, says how many traveller rows each row of ``rows``
    stands for (a big traveller grouped by cell); every method then gives one
    figure per row of ``rows``, the figure each of those traveller rows gets.

    Every board, of three rows or a million, is scored the same way: the
    rows are grouped into distinct results with their counts, each
    direction's frequency table is built from them, each distinct result's
    figure is worked out once, exactly, and handed to every row of it.
    """

    def __init__(
        self, rows: Sequence[Row], expected: int | None = None, counts: Sequence[int] | None = None
    ) -> None:
        self.rows = tuple(rows)
        self.counts = None if counts is None else tuple(counts)
        if self.counts is None:
            self.size = len(self.rows)
            played = count_results(self.rows)
        else:
            if len(self.counts) != len(self.rows) or not all(
                type(count) is int and count > 0 for count in self.counts
            ):
                raise BoardError("give one count, a whole number from 1, for each row")
            self.size = sum(self.counts)
            played = sum(
                c for r, c in zip(self.rows, self.counts, strict=True) if counts_as_result(r)
            )
        if expected is None:
            # A board whose only rows are artificial scores that do not count has a top of 0.
            expected = played or int(any(isinstance(row, Result) for row in self.rows))
        self.played = played
        self.expected = self._checked(expected)

    def _checked(self, expected: object) -> int:
        """``expected`` if this board can be scored on that many results."""
        if isinstance(expected, bool) or not isinstance(expected, int) or expected < 1:
            raise BoardError(
                "the expected number of results must be a whole number from 1, "
                f"not {quote(expected)}"
            )
        if self.played > expected:
            raise BoardError(
                f"the board has {self.played} results but only {expected} were expected"
            )
        return expected

    def factored(self, expected: int) -> Board:
        """This board scored as if it had ``expected`` results (its real results factored
        up to them, Neuberg): the same rows, counted once, and grouped once."""
        if expected == self.expected:
            return self
        board = copy.copy(self)
        board.expected = self._checked(expected)
        for table in ("ns_table", "ew_table"):  # a table is built on its expected results
            board.__dict__.pop(table, None)
        return board

    @cached_property
    def _groups(self) -> _Groups:
        return _Groups(self.rows, self.counts)

    @cached_property
    def ns_table(self) -> FrequencyTable:
        """The table NS pairs are compared in (the NS side of every result)."""
        return _build_table(self._groups.sides(Direction.NS), self.expected)

    @cached_property
    def ew_table(self) -> FrequencyTable:
        """The table EW pairs are compared in (the EW side of every result).

        The NS table itself when no result is split: with every result's two
        sides one score, both directions see one table.
        """
        if not self._groups.split:
            return self.ns_table
        return _build_table(self._groups.sides(Direction.EW), self.expected)

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

    def frequency_lines(
        self,
        scale: Scale = Scale.TWO,
        direction: Direction = Direction.NS,
        aplus: Fraction = AVERAGE_PLUS_PERCENT,
        aminus: Fraction = AVERAGE_MINUS_PERCENT,
    ) -> list[FrequencyLine]:
        """The frequency table of ``direction`` (:func:`frequency_lines`), from this board's
        tables: a night scores each board once, and prints the table it was scored in.  An
        A+ or A- is shown at the night's ``aplus`` or ``aminus`` percent of the top, the one
        it is scored at (:meth:`~xlbridge.result.Artificial.percent_under`)."""
        table = self.table(direction)
        top = matchpoint_top(self.expected, scale)

        def mp(side: Side) -> Pair:
            if isinstance(side, Artificial):
                return _pct_pair(side.percent_under(aplus, aminus), top, direction)
            ns = table.matchpoints(side.components[0][0], scale)
            return ns, top - ns

        return self._lines(direction, mp)

    def cross_imp_lines(
        self, divide_by: CrossDivisor = CrossDivisor.TOTAL, direction: Direction = Direction.NS
    ) -> list[FrequencyLine]:
        """The frequency table of ``direction`` with each score's cross-IMPs as NS and as EW
        (:meth:`cross_imps`: the same figure a row with that score gets) in place of
        matchpoints."""
        return self._imp_lines(direction, self._cross_imp_figure(divide_by))

    def butler_lines(
        self,
        trim: int = 0,
        datum_round: int = 10,
        real_results: bool = False,
        direction: Direction = Direction.NS,
    ) -> list[FrequencyLine]:
        """The frequency table of ``direction`` with each score's Butler IMPs against the
        table's datum, as NS and as EW (:meth:`butler`: the same figure a row with that score
        gets) in place of matchpoints."""
        figure, _ = self._butler_figure(trim, datum_round, real_results=real_results)
        return self._imp_lines(direction, figure)

    def _imp_lines(self, direction: Direction, figure: Figure) -> list[FrequencyLine]:
        """The lines of ``direction``'s table with ``figure`` (a side's IMPs, seen from
        ``direction``) as the side's own IMPs, the other direction's the same negated."""

        def pair(side: Side) -> Pair:
            own = figure(side, direction)
            return (own, -own) if direction is Direction.NS else (-own, own)

        return self._lines(direction, pair)

    def _lines(self, direction: Direction, figures: Callable[[Side], Pair]) -> list[FrequencyLine]:
        """Each artificial kind of ``direction``'s sides (with its rows), then each score of its
        table from the highest down, with ``figures`` of it (NS, EW) as a result's side."""
        table = self.table(direction)
        artificial: dict[tuple[Artificial, bool], int] = {}  # (side, counts as a result): rows
        groups = self._groups
        for key, row in groups.kinds.items():
            if isinstance(row, Result):
                side = row.ns if direction is Direction.NS else row.ew
                if isinstance(side, Artificial):
                    kind = (side, counts_as_result(row))
                    artificial[kind] = artificial.get(kind, 0) + groups.counts[key]
        lines = [
            FrequencyLine(
                str(art) if counted else f"{Code.NOT_PLAYED} {art}",
                n,
                None,
                *figures(art),
                counted,
            )
            for (art, counted), n in sorted(
                artificial.items(), key=lambda item: (-item[0][0].percent, not item[0][1])
            )
        ]
        for entry in table.rows:
            ns, ew = figures(Weighted.of(entry.score))
            lines.append(FrequencyLine(entry.score, entry.freq, entry.adj_freq, ns, ew))
        return lines

    def _per_table(
        self, figures: Callable[[FrequencyTable], Mapping[int, Fraction | int]]
    ) -> dict[Direction, Values]:
        """``figures`` of each direction's table, worked out once per table object."""
        done: dict[int, Values] = {}
        by_direction: dict[Direction, Values] = {}
        for direction in Direction:
            table = self.table(direction)
            if id(table) not in done:
                done[id(table)] = {
                    score: (value.numerator, value.denominator)  # an int's denominator is 1
                    for score, value in figures(table).items()
                }
            by_direction[direction] = done[id(table)]
        return by_direction

    def matchpoints(self, scale: Scale = Scale.TWO) -> list[Pair | None]:
        """NS and EW matchpoints of every row (``None`` for rows without a result).

        A real score gets its matchpoints in its direction's table (EW: the top
        less them); a weighted score the weighted sum of its components'
        (Law 12C1(c)); an artificial score its percentage of the top (Law 12C2).
        ``scale`` is typed (a :class:`~xlbridge.settings.Scale`): the engine reads
        settings parsed before it, as :func:`matchpoint_board` parses a typed value.
        """
        top = matchpoint_top(self.expected, scale)
        mp = self._per_table(lambda table: table.matchpoints_by_score(scale))

        def side_mp(side: Side, direction: Direction) -> Fraction:
            if isinstance(side, Artificial):
                return artificial_mp(side.percent, top)
            ns = _mix(side, mp[direction])
            return ns if direction is Direction.NS else top - ns

        return self._groups.spread(_memoised(side_mp), lambda ns: top - ns)

    def butler(
        self,
        trim: int = 0,
        datum_round: int = 10,
        round_weighted: bool = True,
        real_results: bool = False,
    ) -> list[Pair | None]:
        """NS and EW IMPs of every row against the datum of its direction's table.

        The datum is the table's mean (after dropping ``trim`` whole results
        from each end) rounded to the nearest ``datum_round`` points, ties
        away from zero (0: not rounded).  A weighted result's IMPs are the
        weighted sum of its components' IMPs, rounded to whole IMPs when
        ``round_weighted`` (EBU, "Calculation of Weighted Scores", section 5:
        2.4 rounded to 2).  An artificial score gets 3 IMPs per 10% from 50%.
        ``real_results``: the datum is the mean of the real results as they are,
        not factored up to the expected number first (see :meth:`FrequencyTable.datum`).

        Every table score's IMPs against the datum are whole: a plain score's
        figure is a look-up, a weighted one the weighted mix of whole numbers,
        rounded (ties away from zero) in integers.
        """
        figure, negated = self._butler_figure(trim, datum_round, round_weighted, real_results)
        # Not memoised: a plain score's figure is two look-ups, a weighted one a few
        # integer operations, no more than remembering them would cost.
        return self._groups.spread(figure, negated)

    def _butler_figure(
        self,
        trim: int = 0,
        datum_round: int = 10,
        round_weighted: bool = True,
        real_results: bool = False,
    ) -> tuple[Figure, Callable[[Fraction], Fraction]]:
        """A side's Butler IMPs seen from a direction (:meth:`butler`): the one rule both a
        row's figure and a frequency line's come from; and a figure negated (whole numbers
        one object each, as the figures are)."""
        imps_at: dict[Direction, dict[int, int]] = {}
        done: dict[int, dict[int, int]] = {}  # by id of table: score -> whole IMPs
        for direction in Direction:
            table = self.table(direction)
            if id(table) not in done:
                datum = self._datum(direction, trim, datum_round, real_results)
                done[id(table)] = {row.score: imps(row.score - datum) for row in table.rows}
            imps_at[direction] = done[id(table)]
        wholes: dict[int, Fraction] = {}  # one Fraction per whole number of IMPs

        def whole(value: int) -> Fraction:
            found = wholes.get(value)
            if found is None:
                found = wholes[value] = Fraction(value)
            return found

        exact = {d: {s: (v, 1) for s, v in values.items()} for d, values in imps_at.items()}

        def mix(side: Weighted, direction: Direction) -> Fraction:
            value = _mix(side, exact[direction])
            if not round_weighted:
                return value
            return whole(_round_whole(value.numerator, value.denominator))

        def negated(ns: Fraction) -> Fraction:
            return whole(-ns.numerator) if ns.denominator == 1 else -ns

        def side_imps(side: Side, direction: Direction) -> Fraction:
            if isinstance(side, Artificial):
                return artificial_imps(side.percent)
            values = imps_at[direction]
            components = side.components
            ns = whole(values[components[0][0]]) if len(components) == 1 else mix(side, direction)
            return ns if direction is Direction.NS else negated(ns)

        return side_imps, negated

    def _datum(
        self, direction: Direction, trim: int, datum_round: int, real_results: bool = False
    ) -> Fraction:
        table = self.table(direction)
        if not table.actual:
            return Fraction(0)
        datum = table.datum(trim, real_results)
        return round_half_away(datum, datum_round) if datum_round else datum

    def datum(
        self,
        direction: Direction = Direction.NS,
        trim: int = 0,
        datum_round: int = 10,
        real_results: bool = False,
    ) -> Fraction:
        """The Butler datum of ``direction`` (see :meth:`butler`)."""
        return self._datum(direction, trim, datum_round, real_results)

    def cross_imps(self, divide_by: CrossDivisor = CrossDivisor.TOTAL) -> list[Pair | None]:
        """NS and EW cross-IMPs of every row, each score against every other by frequency.

        ``divide_by``: ``total`` (default), ``comparisons`` (expected - 1) or
        ``scores`` (expected).  An artificial score gets 3 IMPs per
        comparison for each 10% above average (A+ +3, A- -3).
        """
        return self._groups.spread(_memoised(self._cross_imp_figure(divide_by)), operator.neg)

    def _cross_imp_figure(self, divide_by: CrossDivisor = CrossDivisor.TOTAL) -> Figure:
        """A side's cross-IMPs seen from a direction (:meth:`cross_imps`): the one rule both
        a row's figure and a frequency line's come from."""
        comparisons = self.expected - 1
        divisor = divide_by.divisor(self.expected)
        totals = self._per_table(lambda table: table.cross_imp_totals)

        def side_x(side: Side, direction: Direction) -> Fraction:
            if isinstance(side, Artificial):
                return artificial_imps(side.percent) * comparisons / divisor
            total = _mix(side, totals[direction])
            return (total if direction is Direction.NS else -total) / divisor

        return side_x


def _mix(side: Weighted, values: Values) -> Fraction:
    """``sum(w x values[s])`` over the side's components, exactly: summed as an integer
    numerator and denominator, then reduced once to a :class:`~fractions.Fraction`."""
    numerator, denominator = 0, 1
    for score, weight in side.components:
        value, below = values[score]
        den = weight.denominator * below
        numerator = numerator * den + denominator * weight.numerator * value
        denominator *= den
    return Fraction(numerator, denominator)


def _memoised(figure: Figure) -> Figure:
    """``figure``, worked out once per plain score and once per other side object, per direction."""
    # per direction: figures by plain score, and by id of any other side
    ns: tuple[dict[int, Fraction], dict[int, Fraction]] = ({}, {})
    ew: tuple[dict[int, Fraction], dict[int, Fraction]] = ({}, {})

    def cached(side: Side, direction: Direction) -> Fraction:
        plain, other = ns if direction is Direction.NS else ew
        if isinstance(side, Weighted) and len(side.components) == 1:
            score, weight = side.components[0]
            cache, key = (plain, score) if weight == 1 else (other, id(side))
        else:
            cache, key = other, id(side)
        value = cache.get(key)
        if value is None:
            value = cache[key] = figure(side, direction)
        return value

    return cached


def _round_whole(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (``denominator > 0``) rounded to a whole number, ties away
    from zero: :func:`~xlbridge.exact.round_half_away` in integers."""
    whole = (2 * abs(numerator) + denominator) // (2 * denominator)
    return whole if numerator >= 0 else -whole


def matchpoint_top(expected: int, scale: int = 2) -> int:
    """The top on a board of ``expected`` results: ``scale x (expected - 1)`` (Law 78A:
    ``scale`` matchpoints for each other result beaten).

    >>> matchpoint_top(13), matchpoint_top(13, scale=1)
    (24, 12)
    """
    return scale * (expected - 1)


def artificial_mp(percent: Fraction, top: int) -> Fraction:
    """The matchpoints of an artificial score of ``percent`` of the top (Law 12C2).

    >>> artificial_mp(Fraction(60), 24)
    Fraction(72, 5)
    """
    return percent * top / 100


def artificial_imps(percent: Fraction) -> Fraction:
    """The IMPs of an artificial score of ``percent`` per comparison: 3 per 10% from 50%.

    >>> artificial_imps(Fraction(60)), artificial_imps(Fraction(40))
    (Fraction(3, 1), Fraction(-3, 1))
    """
    return (percent - 50) * ARTIFICIAL_IMPS_PER_10_PERCENT / 10


def traveller_rows(rows: Sequence[Row], convention: object = None) -> list[Row]:
    """One traveller's rows as ``convention`` reads them (a
    :class:`~xlbridge.settings.ScoringConvention` or its name; ``None`` is xlbridge's).

    ``BBO``: no average is a result on its board, each is read as ``NP A60/40``
    (:func:`~xlbridge.result.average_not_counted`): :class:`Board` scores the real
    results among themselves and gives each average its percentage of their top.
    ``KoPS`` reads so only the averages at an absent pair's table, and ``ACBL`` scales
    a session's totals: a traveller alone does not show either, so both are refused.

    >>> from xlbridge.result import format_result, parse_result
    >>> rows = [parse_result(420), parse_result("A=")]
    >>> [format_result(row) for row in traveller_rows(rows, "bbo")]
    ['420', 'NP A=']
    """
    chosen = (
        ScoringConvention.XLBRIDGE
        if convention is None
        else parse_setting("convention", convention, argument="convention")
    )
    if chosen is ScoringConvention.BBO:
        return [average_not_counted(row) for row in rows]
    if chosen is ScoringConvention.KOPS:
        raise BoardError(
            "convention KoPS reads the average at an absent pair's table as not a result, "
            "and a traveller does not show which pair was absent: type NP A60/40 at that "
            "table, or leave the convention blank"
        )
    if chosen is ScoringConvention.ACBL:
        raise BoardError(
            "convention ACBL scales a session's totals, which a traveller does not have: "
            "give scale 1 for 1 matchpoint a result beaten, or leave the convention blank"
        )
    return list(rows)


def matchpoint_board(
    rows: Sequence[Row], expected: int | None = None, scale: object = 2
) -> list[Pair | None]:
    """NS and EW matchpoints of every traveller row (see :class:`Board`); ``scale`` as
    typed (``2``, ``"1"``), refused unless 2 or 1."""
    return Board(rows, expected).matchpoints(_scale(scale))


def matchpoint_percentages(
    rows: Sequence[Row], expected: int | None = None, scale: object = 2
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


def board_percentages(board: Board, scale: object = 2) -> list[Pair | None]:
    """:func:`matchpoint_percentages` of a :class:`Board` already built (one figure per row)."""
    chosen = _scale(scale)
    top = matchpoint_top(board.expected, chosen)
    return [
        None if pair is None else (percent_of_top(pair[0], top), percent_of_top(pair[1], top))
        for pair in board.matchpoints(chosen)
    ]


def _scale(scale: object) -> Scale:
    """A function's ``scale`` argument as typed, parsed (2 or 1)."""
    chosen: Scale = parse_setting("scale", scale, argument="scale")
    return chosen


def percent_of_top(figure: Fraction, top: int) -> Fraction:
    """``figure`` as a percentage of ``top``; 50% on a board with a top of 0 (played once)."""
    return 100 * figure / top if top else Fraction(50)


def butler_board(
    rows: Sequence[Row], trim: int = 0, datum_round: int = 10, expected: int | None = None
) -> list[Pair | None]:
    """NS and EW Butler IMPs of every traveller row (see :meth:`Board.butler`)."""
    return Board(rows, expected).butler(trim, datum_round)


def cross_imps_board(
    rows: Sequence[Row], divide_by: object = "total", expected: int | None = None
) -> list[Pair | None]:
    """NS and EW cross-IMPs of every traveller row (see :meth:`Board.cross_imps`);
    ``divide_by`` as typed (``total``, ``comparisons`` or ``scores``)."""
    chosen: CrossDivisor = parse_setting("cross_divide_by", divide_by, argument="divide_by")
    return Board(rows, expected).cross_imps(chosen)


@dataclass(frozen=True)
class FrequencyLine:
    """One line of a printed frequency table: ``Score, Freq, Adj. Freq, NS MP, EW MP``.

    In an IMP event (:meth:`Board.cross_imp_lines`, :meth:`Board.butler_lines`)
    ``ns_mp`` and ``ew_mp`` hold the IMPs an NS and an EW pair with that score get.

    For an artificial score ``score`` is its label (``A=``; ``NP A+`` for one
    that does not count as a result, ``counted`` False) and ``adj_freq`` is
    ``None``: artificial scores are not in the table.
    """

    score: int | str
    freq: int
    adj_freq: Fraction | None
    ns_mp: Fraction
    ew_mp: Fraction
    counted: bool = True


def frequency_lines(
    rows: Sequence[Row],
    expected: int | None = None,
    scale: object = 2,
    direction: Direction = Direction.NS,
    counts: Sequence[int] | None = None,
) -> list[FrequencyLine]:
    """The frequency table of one direction as the EBU prints it ("Calculation of Weighted Scores").

    Artificial scores come first (one line per kind, with their count), then
    the real scores from the highest down.  ``NS MP`` is what an NS pair with
    that score gets and ``EW MP`` is ``top - NS MP``.  ``counts``: as for
    :class:`Board`.
    """
    return Board(rows, expected, counts).frequency_lines(_scale(scale), direction)


def _pct_pair(percent: Fraction, top: int, direction: Direction) -> tuple[Fraction, Fraction]:
    own = artificial_mp(percent, top)
    return (own, top - own) if direction is Direction.NS else (top - own, own)


def neuberg(mp: Fraction | int, actual: int, expected: int, scale: int = 2) -> Fraction:
    """Factor matchpoints scored among ``actual`` results up to ``expected`` results.

    ``MP = expected/actual * (mp + scale/2) - scale/2``; with 2 matchpoints per
    result beaten this is Bavin's ``(M*E + (E - A)) / A`` ("The Neuberg formula").

    >>> neuberg(14, 8, 16)
    Fraction(29, 1)
    """
    scale = int(parse_setting("scale", scale, argument="scale"))
    if actual < 1 or expected < actual:
        raise BoardError(
            f"neuberg needs 1 <= actual <= expected (got actual {quote(actual)}, "
            f"expected {quote(expected)})"
        )
    mp = Fraction(mp)
    if not 0 <= mp <= matchpoint_top(actual, scale):
        raise BoardError(
            f"{mp} matchpoints are outside 0 to {matchpoint_top(actual, scale)}, "
            f"the top among {actual} results"
        )
    return _factored(mp, neuberg_factor(actual, expected), scale)


def neuberg_factor(actual: int, expected: int) -> Fraction:
    """The Neuberg factor ``expected / actual`` (1 for a table with no result).

    >>> neuberg_factor(8, 16)
    Fraction(2, 1)
    """
    return Fraction(expected, actual) if actual else Fraction(1)


def _factored(mp: Fraction, factor: Fraction, scale: int) -> Fraction:
    """Matchpoints among ``actual`` results factored by ``expected / actual`` (Bavin, "The
    Neuberg formula"): ``factor * (mp + scale/2) - scale/2``, the figure of a table whose
    every frequency is factored."""
    half = Fraction(scale, 2)
    return factor * (mp + half) - half if factor != 1 else mp


def weighted_matchpoints(
    others: Sequence[Row], weighted: Weighted, expected: int | None = None, scale: object = 2
) -> Fraction:
    """The NS matchpoints of one weighted score against the board's other results.

    The weighted score joins the table with its weights (EBU "Calculation of Weighted Scores", 4.1).
    """
    rows = [*others, Result(weighted, weighted)]
    result = Board(rows, expected).matchpoints(_scale(scale))[-1]
    assert result is not None
    return result[0]


def teams_imps(score: Side, other: Side, round_weighted: bool = True) -> Fraction:
    """IMPs for a teams board: each component against the other table, weighted in IMPs.

    The weighting is applied to the IMPs, not the points, and a weighted
    result is rounded to whole IMPs, ties away from zero (EBU "Calculation of Weighted Scores", 3).
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
    """A weighted score in total points, rounded to the nearest ``unit``.

    EBU, "Calculation of Weighted Scores", section 2 (aggregate scoring).

    >>> from xlbridge.result import parse_result
    >>> aggregate_score(parse_result("60% 420; 40% -50").ns)
    Fraction(230, 1)
    """
    if isinstance(score, Artificial):
        raise BoardError("an artificial score has no aggregate: give the points directly")
    return round_half_away(score.mean(), unit) if unit else score.mean()


# --- a board scored as an event's settings say -----------------------------------------

#: The largest fouled-board version that ``small_versions`` treats.
SMALL_VERSION = 3


@dataclass(frozen=True)
class ScoredBoard:
    """One board, or one version of a fouled board, scored as the event's settings say:
    each row's NS and EW figures (``None`` for a row without a result), the results it had,
    and the NS and the EW frequency tables printed (from the table the figures come from;
    none when they are not asked for), each score's figures in the event's units (matchpoints,
    or the IMPs a row with that score gets); a Butler board's ``datums``, of the NS and of
    the EW table (``None`` in other events, or when the tables are not asked for)."""

    figures: tuple[Pair | None, ...]
    results: int
    lines: tuple[tuple[FrequencyLine, ...], tuple[FrequencyLine, ...]] = ((), ())
    datums: tuple[Fraction, Fraction] | None = None


def score_board(
    rows: Sequence[Row],
    expected: int,
    settings: Settings,
    *,
    fouled: bool = False,
    printed: bool = True,
) -> ScoredBoard:
    """``rows`` scored as ``settings`` say, on ``expected`` results: a session's board.

    The board is made once, and its rows counted then.  Its figures come from the table
    factored to ``expected``, or from its own results' table (the ratio, a small version
    of a fouled board: ``fouled`` says it is a version); that table is the one printed.
    A small version's real scores are replaced as ``settings.small_versions`` says, and
    the replaced rows scored in their place.
    """
    board = Board(rows)  # its own results, counted once
    rule = settings.small_versions
    small = fouled and _is_small(board.played, expected, rule)
    own = _own_table(settings)
    table = board if small or own else board.factored(expected)
    lines = _frequency_lines(table, settings) if printed else ((), ())
    datums = _datums(table, settings) if printed else None
    scored = table
    if small:
        replaced = Board(_small_version(board, board.played, rule))
        scored = replaced if own else replaced.factored(expected)
    figures = tuple(_board_figures(scored, expected, settings))
    return ScoredBoard(figures, board.played, lines, datums)


def _frequency_lines(
    board: Board, settings: Settings
) -> tuple[tuple[FrequencyLine, ...], tuple[FrequencyLine, ...]]:
    """The NS and the EW frequency tables of ``board``, each score's figures as ``settings``
    score the board (matchpoints, cross-IMPs or Butler IMPs: the rule its rows' figures
    come from)."""

    def lines(direction: Direction) -> tuple[FrequencyLine, ...]:
        if settings.form is ScoringForm.CROSS_IMPS:
            return tuple(board.cross_imp_lines(settings.cross_divide_by, direction))
        if settings.form is ScoringForm.BUTLER:
            return tuple(
                board.butler_lines(
                    settings.trim, settings.datum_round, settings.datum_real_results, direction
                )
            )
        return tuple(
            board.frequency_lines(settings.scale, direction, settings.aplus, settings.aminus)
        )

    ns_lines = lines(Direction.NS)
    # Both directions' tables are the same when no row is split or artificial.
    same = all(
        (row.ns is row.ew or row.ns == row.ew) and not isinstance(row.ns, Artificial)
        for row in board.rows
        if isinstance(row, Result)
    )
    return ns_lines, ns_lines if same else lines(Direction.EW)


def _datums(board: Board, settings: Settings) -> tuple[Fraction, Fraction] | None:
    """The datum of ``board``'s NS and EW tables in a Butler event (:meth:`Board.datum`)."""
    if settings.form is not ScoringForm.BUTLER:
        return None
    trim, rounding, real = settings.trim, settings.datum_round, settings.datum_real_results
    return (
        board.datum(Direction.NS, trim, rounding, real),
        board.datum(Direction.EW, trim, rounding, real),
    )


def _own_table(settings: Settings) -> bool:
    """Whether a board's figures come from its own results' table, not one factored to
    the expected results (the multi-club rescoring document's ratio)."""
    return settings.form is ScoringForm.MATCHPOINTS and settings.unequal is UnequalBoards.RATIO


def _board_figures(
    board: Board, expected: int, settings: Settings
) -> list[tuple[Fraction, Fraction] | None]:
    """Each row's figures on ``board`` (built on ``expected`` results, or on its own
    results for the ratio)."""
    if settings.form is ScoringForm.CROSS_IMPS:
        return board.cross_imps(settings.cross_divide_by)
    if settings.form is ScoringForm.MATCHPOINTS:
        if settings.unequal is not UnequalBoards.RATIO:
            return board.matchpoints(settings.scale)
        return _ratio(board, expected, settings.scale)
    return board.butler(
        settings.trim, settings.datum_round, real_results=settings.datum_real_results
    )


def _ratio(board: Board, expected: int, scale: Scale) -> list[tuple[Fraction, Fraction] | None]:
    """The multi-club rescoring document's ratio: matchpoints among the board's own
    results, times expected/actual; an artificial score keeps its percentage of the top."""
    factor = Fraction(expected, board.expected)
    top = matchpoint_top(expected, scale)

    def ratio(side: Side, mp: Fraction) -> Fraction:
        return artificial_mp(side.percent, top) if isinstance(side, Artificial) else mp * factor

    return [
        None
        if mp is None or not isinstance(row, Result)
        else (ratio(row.ns, mp[0]), ratio(row.ew, mp[1]))
        for row, mp in zip(board.rows, board.matchpoints(scale), strict=True)
    ]


def _is_small(results: int, expected: int, rule: SmallVersions) -> bool:
    """True when ``rule`` replaces the scores of a fouled-board version of ``results``."""
    if rule is SmallVersions.NEUBERG or results > SMALL_VERSION:
        return False
    return rule is SmallVersions.AVERAGE or expected >= 3 * results  # EBU: at most a third


def _small_version(board: Board, results: int, rule: SmallVersions) -> Sequence[Row]:
    """The rows of ``board``, a small fouled-board version (:func:`_is_small`) on its own
    results, with its real scores replaced as ``rule`` says."""
    rows = board.rows
    if rule is SmallVersions.AVERAGE:
        return [
            Result(_real_to(row.ns, AVERAGE), _real_to(row.ew, AVERAGE))
            if isinstance(row, Result)
            else row
            for row in rows
        ]
    own = board.matchpoints(Scale.TWO)  # M: matchpoints within the version, 2 per result beaten
    replaced: list[Row] = []
    for row, mp in zip(rows, own, strict=True):
        if not isinstance(row, Result) or mp is None:
            replaced.append(row)
            continue
        ns, ew = (_ebu_percent(m, results) for m in mp)
        replaced.append(Result(_real_to(row.ns, ns), _real_to(row.ew, ew)))
    return replaced


def _ebu_percent(mp: Fraction, results: int) -> Artificial:
    """EBU White Book 4.2.3.3: ``60% + (M - (A - 1)) x 5%``."""
    percent = 60 + (mp - (results - 1)) * 5
    text = str(percent.numerator) if percent.denominator == 1 else f"{float(percent):g}"
    return Artificial(percent, f"A{text}")


def _real_to(side: Side, artificial: Artificial) -> Side:
    """``artificial`` in place of a real score; an artificial score stays as it is."""
    return side if isinstance(side, Artificial) else artificial
