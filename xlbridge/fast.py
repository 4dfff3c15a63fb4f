"""Big boards, fast: the figures of :class:`~xlbridge.board.Board`, computed once per distinct row.

The :class:`~xlbridge.board.Board` methods are the reference: they build
each frequency table row by row and work out every row's figure with
:class:`~fractions.Fraction` arithmetic, and cross-IMPs compare every row with
every table entry.  On a board of a million results that is minutes.  But a
board holds at most 1521 distinct scores (multiples of 10 from -7600 to
7600), and the traveller parser hands equal cells the same
:class:`~xlbridge.result.Result` object, so here:

1. the rows are grouped by identity (:func:`id`, :class:`~collections.Counter`:
   loops that run in C), a million plain scores making at most 1521 groups;
2. the frequency tables are built from the groups, with whole counts and the
   weights summed as integer numerators per denominator;
3. each distinct score's figure is worked out once, exactly: matchpoints and
   the Butler datum by the table's own methods, cross-IMPs as one integer
   matrix-vector product over the distinct scores with the frequencies on a
   common denominator (numpy when it can be imported, plain integers when
   not: both exact);
4. each group's figure (weighted, split, artificial rows by the formulas of
   the reference, with one reduction per row) is handed to every row of it;
   a group whose NS and EW sides are one score, on a board with no split
   row, is worked out once and mirrored for EW.

Every figure is a :class:`~fractions.Fraction` equal to the reference's;
``tests/test_fast_exact.py`` compares the two on random boards of every kind.
:class:`~xlbridge.board.Board` switches to these functions from
:data:`~xlbridge.board.FAST_PATH_ROWS` rows.
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from xlbridge.board import (
    Board,
    Direction,
    FrequencyTable,
    Pair,
    TableRow,
    _artificial_imps,
)
from xlbridge.exact import round_half_away
from xlbridge.imp_matrix import imp_sums
from xlbridge.result import Artificial, Result, Row, Side, Weighted
from xlbridge.scales import imps

__all__ = ["butler", "cross_imps", "matchpoints", "tables"]

#: A figure for one side of a result, seen from one direction's table.
Figure = Callable[[Side, Direction], Fraction]


class _Groups:
    """The rows of a board grouped by identity: ``keys`` (one per row), ``kinds``, ``counts``.

    With ``counts`` (a board whose rows stand for several traveller rows each)
    a row's group counts that many.
    """

    def __init__(self, rows: Sequence[Row], counts: Sequence[int] | None = None) -> None:
        self.keys = list(map(id, rows))
        self.kinds: dict[int, Row] = dict(zip(self.keys, rows, strict=True))
        if counts is None:
            self.counts = Counter(self.keys)
        else:
            self.counts = Counter()
            for key, count in zip(self.keys, counts, strict=True):
                self.counts[key] += count
        self.split = any(isinstance(row, Result) and row.is_split for row in self.kinds.values())

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

    def table(self, direction: Direction, expected: int) -> FrequencyTable:
        """The frequency table of ``direction``, equal to the reference's."""
        freq: dict[int, int] = {}
        shares: dict[tuple[int, int], int] = {}  # (score, denominator) -> numerator
        actual = 0
        for key, row in self.kinds.items():
            if not isinstance(row, Result):
                continue
            side = row.ns if direction is Direction.NS else row.ew
            if not isinstance(side, Weighted):
                continue
            count = self.counts[key]
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
        factor = Fraction(expected, actual) if actual else Fraction(1)
        rows = []
        for score in sorted(freq.keys() | weight.keys(), reverse=True):
            whole, part = freq.get(score, 0), weight.get(score, Fraction(0))
            rows.append(TableRow(score, whole, part, (whole + part) * factor))
        return FrequencyTable(tuple(rows), expected, actual)


def tables(board: Board) -> dict[Direction, FrequencyTable]:
    """The NS and EW frequency tables of ``board`` (one object for both when nothing is split)."""
    return _tables(_Groups(board.rows, board.counts), board.expected)


def _tables(groups: _Groups, expected: int) -> dict[Direction, FrequencyTable]:
    ns = groups.table(Direction.NS, expected)
    ew = groups.table(Direction.EW, expected) if groups.split else ns
    return {Direction.NS: ns, Direction.EW: ew}


#: A table's figures by score, as exact (numerator, denominator) pairs of integers.
Values = dict[int, tuple[int, int]]


def _per_table(
    by_direction: Mapping[Direction, FrequencyTable],
    figures: Callable[[FrequencyTable], Mapping[int, Fraction | int]],
) -> dict[Direction, Values]:
    """``figures`` of each table, worked out once per table object."""
    done: dict[int, Values] = {}
    for table in by_direction.values():
        if id(table) not in done:
            exact = {score: Fraction(value) for score, value in figures(table).items()}
            done[id(table)] = {s: (v.numerator, v.denominator) for s, v in exact.items()}
    return {direction: done[id(table)] for direction, table in by_direction.items()}


def _mix(side: Weighted, values: Values) -> Fraction:
    """``sum(w * values[s])`` over the side's components, exactly: summed as an integer
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


def matchpoints(board: Board, scale: int = 2) -> list[Pair | None]:
    """:meth:`Board.matchpoints <xlbridge.board.Board.matchpoints>`, per distinct row."""
    groups = _Groups(board.rows, board.counts)
    top = scale * (board.expected - 1)
    mp = _per_table(
        _tables(groups, board.expected),
        lambda table: {row.score: table.matchpoints(row.score, scale) for row in table.rows},
    )

    def side_mp(side: Side, direction: Direction) -> Fraction:
        if isinstance(side, Artificial):
            return side.percent * top / 100
        ns = _mix(side, mp[direction])
        return ns if direction is Direction.NS else top - ns

    return groups.spread(_memoised(side_mp), lambda ns: top - ns)


def butler(
    board: Board, trim: int = 0, datum_round: int = 10, round_weighted: bool = True
) -> list[Pair | None]:
    """:meth:`Board.butler <xlbridge.board.Board.butler>`, per distinct row.

    Every table score's IMPs against the datum are whole, so a weighted mix is
    ``sum(numerator_i * imps_i) / denominator`` in integers, rounded (ties away
    from zero) or reduced once; the figures are one shared
    :class:`~fractions.Fraction` per whole number.
    """
    groups = _Groups(board.rows, board.counts)
    by_direction = _tables(groups, board.expected)
    done: dict[int, dict[int, int]] = {}  # by id of table: score -> whole IMPs
    for table in by_direction.values():
        if id(table) not in done:
            datum = _datum(table, trim, datum_round)
            done[id(table)] = {row.score: imps(row.score - datum) for row in table.rows}
    imps_at = {direction: done[id(table)] for direction, table in by_direction.items()}
    wholes: dict[int, Fraction] = {}

    def whole(value: int) -> Fraction:
        found = wholes.get(value)
        if found is None:
            found = wholes[value] = Fraction(value)
        return found

    def mix(side: Weighted, values: dict[int, int]) -> Fraction:
        numerator, denominator = 0, 1
        for score, weight in side.components:
            below = weight.denominator
            if below == denominator:
                numerator += weight.numerator * values[score]
            else:
                numerator = numerator * below + denominator * weight.numerator * values[score]
                denominator *= below
        if not round_weighted:
            return Fraction(numerator, denominator)
        return whole(_round_whole(numerator, denominator))

    def negated(ns: Fraction) -> Fraction:
        return whole(-ns.numerator) if ns.denominator == 1 else -ns

    def side_imps(side: Side, direction: Direction) -> Fraction:
        if isinstance(side, Artificial):
            return _artificial_imps(side)
        values = imps_at[direction]
        components = side.components
        ns = whole(values[components[0][0]]) if len(components) == 1 else mix(side, values)
        return ns if direction is Direction.NS else negated(ns)

    # Not memoised: a plain score's figure is two look-ups, a weighted one a few integer
    # operations, no more than remembering them would cost.
    return groups.spread(side_imps, negated)


def _round_whole(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (``denominator > 0``) rounded to a whole number, ties away
    from zero: :func:`~xlbridge.exact.round_half_away` in integers."""
    whole = (2 * abs(numerator) + denominator) // (2 * denominator)
    return whole if numerator >= 0 else -whole


def _datum(table: FrequencyTable, trim: int, datum_round: int) -> Fraction:
    if not table.actual:
        return Fraction(0)
    datum = table.datum(trim)
    return round_half_away(datum, datum_round) if datum_round else datum


def cross_imps(board: Board, comparisons: int, divisor: int) -> list[Pair | None]:
    """:meth:`Board.cross_imps <xlbridge.board.Board.cross_imps>` after its divisor is chosen."""
    groups = _Groups(board.rows, board.counts)
    totals = _per_table(_tables(groups, board.expected), _cross_totals)

    def side_x(side: Side, direction: Direction) -> Fraction:
        if isinstance(side, Artificial):
            return _artificial_imps(side) * comparisons / divisor
        total = _mix(side, totals[direction])
        return (total if direction is Direction.NS else -total) / divisor

    return groups.spread(_memoised(side_x), operator.neg)


def _cross_totals(table: FrequencyTable) -> dict[int, Fraction]:
    """Each table score's cross-IMPs against the whole table: ``sum adj_freq * imps(s - t)``.

    ``adj_freq = (freq + weight) * expected / actual``; with ``freq + weight``
    put on a common denominator the sum is one integer product.
    """
    masses = [row.freq + row.weight for row in table.rows]
    common = math.lcm(1, *(mass.denominator for mass in masses))
    whole = [mass.numerator * (common // mass.denominator) for mass in masses]
    scores = [row.score for row in table.rows]
    sums = imp_sums(scores, whole)
    factor = table.factor
    return {
        score: Fraction(total * factor.numerator, common * factor.denominator)
        for score, total in zip(scores, sums, strict=True)
    }
