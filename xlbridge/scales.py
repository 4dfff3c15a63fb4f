"""The WBF IMP scale, the WBF continuous 20-VP scale, and the other VP scales clubs use.

**IMPs.**  :data:`IMP_SCALE` is the International Matchpoint scale of Law 78B
as published: ``0-10`` points is 0 IMPs, ``20-40`` is 1, ... ``4000`` or more
is 24.  The published bands list multiples of 10 only.  A difference that is
not one (a Butler datum or a weighted score can produce 15 or 47.5) belongs to
the band whose first figure it has reached: each band runs from its first
figure up to, but not including, the next band's first.  So 15 is 0 IMPs,
45 is 1 and 49.99 is 1; every published row is unchanged by this reading.
(Some scorers split the gaps at their midpoints, 0-15, 16-45, ...;
xlbridge does not.)

**Victory points.**  The 2013 WBF continuous scale gives the winner of a match
of ``N`` boards by ``M`` IMPs::

    B = 15 * sqrt(N)                      the blitz margin
    t = (sqrt(5) - 1) / 2
    VP = 10 + 10 * (1 - t ** (3 * M / B)) / (1 - t ** 3)     for M < B
    VP = 20                                                   for M >= B

rounded to two decimals, and the loser 20 minus that, so the two always add up
to exactly 20.00.  Each IMP must be worth no more than the one before it, and
rounding can break that; the WBF tables repair it by raising a rounded figure
by 0.01 wherever the next IMP would otherwise gain more than the previous one,
until no such place is left.  :func:`victory_point_scale` builds the table that
way, and it reproduces the published tables (for example 8 boards, 40 IMPs is
19.74 where the bare formula rounds to 19.73).

The formula is evaluated with :mod:`decimal` at 60 significant digits, so the
rounding to two decimals is never decided by floating-point error.

A fractional margin (from a weighted board) has no row in the published
tables.  It gets the formula's value, rounded to two decimals, kept between
the published values of the whole margins either side, so the scale stays
monotone and every whole margin keeps its published value; at or beyond the
blitz margin it gets 20.

**Other VP scales.**  :data:`VP_SCALES` holds every scale a club may name,
each a :class:`VpScale`, found by :func:`vp_scale` from its name:

* ``WBF 20-VP continuous``: the scale above (the default everywhere).
* ``ACBL 20-VP`` and ``ACBL 30-VP``: the discrete Swiss-teams scales of North
  America, as published in BridgeHands' encyclopedia entry "Victory Points"
  (matches of 6-8 and 9-11 boards; the 20-VP rows for those lengths are also
  the ``impsToVpsAcbl`` table of Marc Shearer's BridgeScore, which adds the
  20-VP rows for 12-15, 16-20, 21-27 and 28-36 boards).
* ``WBF 20-VP discrete``: the WBF's whole-VP 20-VP scale of 2013, the one the
  EBU White Book (section 3.1.1) uses for teams-of-four, for matches of 5 to 16,
  20, 24, 28, 32, 40, 48, 56 and 64 boards, as the table of Rhindon Ltd's Bridge
  Box Scorer (``docs/imp-vp-conversion-table.txt``) gives it.  Every row agrees
  with the discrete scale's construction in the WBF Scoring Panel's technical
  report *The New WBF IMP to VP Scales* (each VP's band ends where the
  continuous curve reaches half a VP more, whole IMPs down, then narrowed until
  no band is wider than the one before).

A discrete scale is a table of rows (the first IMP margin of the row, the
winner's VPs, the loser's VPs) for each range of match lengths.  A margin
takes the row whose first margin it has reached, as with the IMP bands (so a
weighted board's 2.5 IMPs takes the row of 1-2 IMPs); a losing margin takes
the loser's VPs of its size's row.  A match length the publication gives no
table for is refused.  :func:`club_vp_scale` checks a club's own table,
given as the same rows.

The older WBF 25-VP tables and the EBU's own pre-2013 20-VP scale are not
offered: no published copy of their tables was found to check them against.
A match length the WBF discrete table does not list (17 boards, say) is refused
rather than worked out from the construction.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from itertools import pairwise
from typing import Final, TypeAlias

from xlbridge.errors import ScoringError
from xlbridge.exact import parse_fraction, quote, whole_number
from xlbridge.places import Place

__all__ = [
    "ACBL_20",
    "ACBL_30",
    "IMP_SCALE",
    "IMP_THRESHOLDS",
    "VP_SCALES",
    "VP_TOTAL",
    "WBF_CONTINUOUS",
    "WBF_DISCRETE",
    "VpScale",
    "VpTable",
    "club_vp_scale",
    "imps",
    "victory_point_pair",
    "victory_point_scale",
    "victory_points",
    "vp_scale",
]

#: A number as a cell or a caller may hold it; floats are read by their
#: shortest decimal text (see :func:`xlbridge.exact.parse_fraction`).
Number: TypeAlias = "int | float | Fraction"

#: The WBF IMP scale (Law 78B), one row per band as published:
#: (first difference, last difference or ``None`` for "or more", IMPs).
IMP_SCALE: Final[tuple[tuple[int, int | None, int], ...]] = (
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, None, 24),
)

#: The victory points a match shares out: the winner's and the loser's add up to this.
VP_TOTAL: Final = 20

#: The first difference of each band after the first, ascending: IMPs won = how many are <= |d|.
IMP_THRESHOLDS: Final = tuple(first for first, _, _ in IMP_SCALE[1:])

# Significant digits for evaluating the VP formula: far beyond what the
# rounding to hundredths can be sensitive to.
_PRECISION: Final = 60


def imps(difference: Number) -> int:
    """The IMPs for a points difference on the WBF scale, negative for a negative difference.

    >>> imps(420), imps(-50), imps(15)
    (9, -2, 0)
    """
    points = _number(difference, "the points difference")
    # Thresholds are whole, so a fractional difference reaches one exactly when its floor does.
    won = bisect_right(IMP_THRESHOLDS, math.floor(abs(points)))
    return won if points >= 0 else -won


def victory_points(imps: Number, boards: Number) -> Fraction:
    """The victory points, to two decimals, of the side that won ``imps`` IMPs over ``boards``.

    A negative margin gives the losing side's share; the two sides' shares add
    up to exactly 20.

    >>> victory_points(10, 8)
    Fraction(689, 50)
    >>> float(victory_points(10, 8)), float(victory_points(-10, 8))
    (13.78, 6.22)
    """
    margin = _number(imps, "the IMP margin")
    winner = _winner_points(abs(margin), _board_count(boards))
    return winner if margin >= 0 else VP_TOTAL - winner


def victory_point_pair(imps: Number, boards: Number) -> tuple[Fraction, Fraction]:
    """The victory points of the side with margin ``imps`` and of its opponents, summing to 20.

    >>> [float(vp) for vp in victory_point_pair(-40, 8)]
    [0.26, 19.74]
    """
    own = victory_points(imps, boards)
    return own, VP_TOTAL - own


def victory_point_scale(boards: Number) -> tuple[Fraction, ...]:
    """The published WBF table for ``boards``: the winner's VPs for margins 0, 1, ... up to 20.

    The last entry, 20, is for the first whole margin worth 20 VPs (usually
    the first at or past the blitz); every larger margin also gets 20.

    >>> [float(vp) for vp in victory_point_scale(1)]  # doctest: +NORMALIZE_WHITESPACE
    [10.0, 11.2, 12.29, 13.28, 14.18, 15.0, 15.74, 16.42, 17.03, 17.59, 18.09,
     18.55, 18.97, 19.34, 19.69, 20.0]
    """
    return tuple(Fraction(h, 100) for h in _scale_hundredths(_board_count(boards)))


def _number(value: Number, what: str) -> Fraction:
    try:
        return parse_fraction(value)
    except ValueError as exc:
        raise ScoringError(f"{what} must be a number, not {quote(value)}") from exc


#: The longest match the VP scale is computed for; the table grows with sqrt(boards).
MAX_MATCH_BOARDS = 1000


def _board_count(value: Number) -> int:
    refusal = (
        f"the number of boards must be a whole number from 1 to {MAX_MATCH_BOARDS}, "
        f"not {quote(value)}"
    )
    try:
        boards = whole_number(value)
    except ValueError as exc:
        raise ScoringError(refusal) from exc
    if not 1 <= boards <= MAX_MATCH_BOARDS:
        raise ScoringError(refusal)
    return boards


def _reaches_blitz(margin: Fraction, boards: int) -> bool:
    """Whether a non-negative margin is at least 15 * sqrt(boards), decided exactly."""
    return margin * margin >= 225 * boards


def _blitz_whole_margin(boards: int) -> int:
    """The smallest whole margin that reaches the blitz."""
    root = math.isqrt(225 * boards)
    return root if root * root == 225 * boards else root + 1


def _golden_constants() -> tuple[Decimal, Decimal]:
    """(t, 1 - t**3) for t = (sqrt(5) - 1) / 2, to the working precision."""
    with localcontext() as context:
        context.prec = _PRECISION
        tau = (Decimal(5).sqrt() - 1) / 2
        return tau, 1 - tau**3


_TAU, _TAU_DENOMINATOR = _golden_constants()


def _formula_hundredths(margin: Fraction, boards: int) -> int:
    """The winner's VPs by the formula, in hundredths rounded half up, for 0 <= margin < blitz.

    The exponent 3 * M / B is M / (5 * sqrt(N)).
    """
    with localcontext() as context:
        context.prec = _PRECISION
        exponent = Decimal(margin.numerator) / Decimal(margin.denominator)
        exponent /= 5 * Decimal(boards).sqrt()
        vp = 10 + 10 * (1 - _TAU**exponent) / _TAU_DENOMINATOR
        return int((vp * 100).to_integral_value(rounding=ROUND_HALF_UP))


@lru_cache(maxsize=256)
def _scale_hundredths(boards: int) -> tuple[int, ...]:
    """The WBF table in hundredths: the rounded formula, then made concave by 0.01 steps."""
    blitz = _blitz_whole_margin(boards)
    table = [_formula_hundredths(Fraction(m), boards) for m in range(blitz)]
    table.append(100 * VP_TOTAL)
    _raise_to_concave(table)
    # Rounding can reach 20.00 a margin before the blitz (41 boards: 96 IMPs).
    return tuple(table[: table.index(100 * VP_TOTAL) + 1])


def _raise_to_concave(table: list[int]) -> None:
    """Raise inner entries by one until no step is larger than the step before it.

    Every raise stays at or below the least concave table above the original
    (a violating entry is below it), so the order of the raises does not
    matter and the result is that least concave table.
    """
    pending = list(range(1, len(table) - 1))
    while pending:
        i = pending.pop()
        if 0 < i < len(table) - 1 and table[i + 1] - table[i] > table[i] - table[i - 1]:
            table[i] += 1
            pending.extend((i - 1, i, i + 1))


def _winner_points(margin: Fraction, boards: int) -> Fraction:
    """The winner's VPs for a non-negative margin, whole or fractional."""
    if _reaches_blitz(margin, boards):
        return Fraction(VP_TOTAL)
    table = _scale_hundredths(boards)
    whole = math.floor(margin)
    if whole >= len(table) - 1:
        return Fraction(VP_TOTAL)
    if margin == whole:
        return Fraction(table[whole], 100)
    below, above = table[whole], table[whole + 1]
    return Fraction(min(max(_formula_hundredths(margin, boards), below), above), 100)


# --------------------------------------------------------------------------- other scales

#: One row of a discrete scale: (the first IMP margin of the row, winner's VPs, loser's VPs).
VpRow: TypeAlias = tuple[Fraction, Fraction, Fraction]


@dataclass(frozen=True)
class VpTable:
    """A discrete scale's table for the match lengths ``first_boards`` to ``last_boards``."""

    first_boards: int
    last_boards: int
    #: Ascending first margins; the first row is 0 IMPs, a draw.
    rows: tuple[VpRow, ...]

    def pair(self, margin: Fraction) -> tuple[Fraction, Fraction]:
        """The VPs of the side with ``margin`` and of its opponents."""
        firsts = [first for first, _, _ in self.rows]
        _, winner, loser = self.rows[bisect_right(firsts, abs(margin)) - 1]
        return (winner, loser) if margin >= 0 else (loser, winner)


@dataclass(frozen=True)
class VpScale:
    """A VP scale: the WBF continuous one (no ``tables``), or discrete tables by match length.

    ``str(scale)`` is its name, as a Settings cell or a function argument names it.
    """

    name: str
    #: What the two sides' VPs add up to.
    total: Fraction
    tables: tuple[VpTable, ...] = ()

    def __str__(self) -> str:
        return self.name

    def pair(self, imps: Number, boards: Number) -> tuple[Fraction, Fraction]:
        """The VPs of the side that won ``imps`` IMPs over ``boards`` boards, and its opponents'."""
        if not self.tables:
            return victory_point_pair(imps, boards)
        margin = _number(imps, "the IMP margin")
        count = _board_count(boards)
        for table in self.tables:
            if table.first_boards <= count <= table.last_boards:
                return table.pair(margin)
        raise ScoringError(
            f"the {self.name} scale is published for matches of {self._lengths()} boards, "
            f"not {count}"
        )

    def _lengths(self) -> str:
        """The match lengths the tables serve, in words: ``6 to 36`` or ``5 to 16, 20 and 24``."""
        spans: list[list[int]] = []
        for table in self.tables:
            if spans and spans[-1][1] + 1 == table.first_boards:
                spans[-1][1] = table.last_boards
            else:
                spans.append([table.first_boards, table.last_boards])
        words = [f"{first} to {last}" if first < last else str(first) for first, last in spans]
        return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"

    @property
    def in_words(self) -> str:
        """The scale as a results page names it: ``the ACBL 20-VP scale``, ``the club's own
        table`` (a club's table, not one of :data:`VP_SCALES`)."""
        if self.name in VP_SCALES:
            return f"the {self.name} scale"
        return f"the club's {self.name}"

    @property
    def club_rows(self) -> tuple[VpRow, ...]:
        """A club's own table's rows (IMP margin from, winner's VPs, loser's VPs); none for a
        published scale."""
        if self.name in VP_SCALES or len(self.tables) != 1:
            return ()
        return self.tables[0].rows

    def points(self, imps: Number, boards: Number) -> Fraction:
        """The VPs of the side that won ``imps`` IMPs over ``boards`` boards (negative: lost)."""
        return self.pair(imps, boards)[0]


def _published(total: int, tables: Sequence[tuple[int, int, Sequence[int]]]) -> tuple[VpTable, ...]:
    """Tables from their published form: each VP step's first IMP margin, winner 1 VP up each."""
    draw = Fraction(total, 2)
    return tuple(
        VpTable(
            first,
            last,
            tuple(
                (Fraction(margin), draw + step, draw - step) for step, margin in enumerate(margins)
            ),
        )
        for first, last, margins in tables
    )


#: The WBF continuous 20-VP scale (see the module's text): the default.
WBF_CONTINUOUS: Final = VpScale("WBF 20-VP continuous", Fraction(VP_TOTAL))

#: ACBL 20-VP Swiss scale: for each range of match lengths, the first IMP margin of
#: 10-10, 11-9, ... 20-0.  6-8 and 9-11 boards: BridgeHands, "Victory Points" (and the
#: same in Marc Shearer's BridgeScore); 12 to 36 boards: BridgeScore's ``impsToVpsAcbl``.
ACBL_20: Final = VpScale(
    "ACBL 20-VP",
    Fraction(20),
    _published(
        20,
        (
            (6, 8, (0, 1, 3, 5, 8, 11, 14, 17, 20, 24, 28)),
            (9, 11, (0, 1, 3, 6, 10, 14, 18, 22, 26, 31, 36)),
            (12, 15, (0, 1, 4, 7, 11, 15, 20, 25, 30, 36, 42)),
            (16, 20, (0, 2, 5, 9, 14, 19, 25, 32, 39, 47, 56)),
            (21, 27, (0, 3, 7, 12, 18, 25, 33, 42, 51, 61, 72)),
            (28, 36, (0, 4, 9, 15, 22, 30, 39, 49, 60, 72, 85)),
        ),
    ),
)

#: ACBL 30-VP Swiss scale: the first IMP margin of 15-15, then 18-12, 19-11, ... 30-0
#: (a 1-IMP win is worth 3 VPs, each later step 1).  BridgeHands, "Victory Points".
ACBL_30: Final = VpScale(
    "ACBL 30-VP",
    Fraction(30),
    tuple(
        VpTable(
            first,
            last,
            (
                (Fraction(0), Fraction(15), Fraction(15)),
                *(
                    (Fraction(margin), Fraction(18 + step), Fraction(12 - step))
                    for step, margin in enumerate(margins)
                ),
            ),
        )
        for first, last, margins in (
            (6, 8, (1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 24, 28)),
            (9, 11, (1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 31, 36)),
        )
    ),
)

#: WBF discrete 20-VP scale (2013): for each published match length, the first IMP
#: margin of 10-10, 11-9, ... 20-0.  Rhindon Ltd's Bridge Box Scorer,
#: ``docs/imp-vp-conversion-table.txt`` (the scale of EBU White Book section 3.1.1).
WBF_DISCRETE: Final = VpScale(
    "WBF 20-VP discrete",
    Fraction(20),
    _published(
        20,
        tuple(
            (boards, boards, margins)
            for boards, margins in (
                (5, (0, 1, 3, 5, 7, 10, 13, 16, 20, 25, 31)),
                (6, (0, 1, 3, 5, 8, 11, 14, 18, 22, 27, 33)),
                (7, (0, 1, 3, 6, 9, 12, 15, 19, 24, 29, 36)),
                (8, (0, 1, 4, 7, 10, 13, 17, 21, 26, 31, 39)),
                (9, (0, 1, 4, 7, 10, 13, 17, 22, 27, 33, 41)),
                (10, (0, 1, 4, 7, 10, 14, 18, 23, 28, 35, 43)),
                (11, (0, 2, 5, 8, 11, 15, 19, 24, 30, 37, 45)),
                (12, (0, 2, 5, 8, 12, 16, 20, 25, 31, 38, 47)),
                (13, (0, 2, 5, 8, 12, 16, 21, 26, 32, 40, 49)),
                (14, (0, 2, 5, 9, 13, 17, 22, 27, 34, 41, 51)),
                (15, (0, 2, 5, 9, 13, 17, 22, 28, 35, 43, 53)),
                (16, (0, 2, 5, 9, 13, 18, 23, 29, 36, 44, 54)),
                (20, (0, 2, 6, 10, 15, 20, 26, 32, 40, 49, 61)),
                (24, (0, 2, 6, 11, 16, 22, 28, 35, 44, 54, 66)),
                (28, (0, 2, 7, 12, 18, 24, 30, 38, 47, 58, 72)),
                (32, (0, 3, 8, 13, 19, 25, 33, 41, 51, 62, 77)),
                (40, (0, 3, 8, 14, 21, 28, 36, 46, 56, 69, 86)),
                (48, (0, 3, 9, 16, 23, 31, 40, 50, 62, 76, 94)),
                (56, (0, 3, 10, 17, 25, 33, 43, 54, 67, 82, 101)),
                (64, (0, 4, 11, 18, 26, 36, 46, 58, 71, 88, 108)),
            )
        ),
    ),
)

#: Every scale a club may name, by name.
VP_SCALES: Final[dict[str, VpScale]] = {
    scale.name: scale for scale in (WBF_CONTINUOUS, WBF_DISCRETE, ACBL_20, ACBL_30)
}


def vp_scale(name: object) -> VpScale:
    """The scale called ``name`` (any case; spaces and hyphens as typed: ``WBF 20VP
    continuous`` is WBF 20-VP continuous), or a plain-words refusal.

    >>> vp_scale("acbl 20-vp").pair(5, 8), vp_scale("ACBL 20VP").name
    ((Fraction(13, 1), Fraction(7, 1)), 'ACBL 20-VP')
    """
    key = _scale_key(name) if isinstance(name, str) else None
    for scale in VP_SCALES.values():
        if key and _scale_key(scale.name) == key:
            return scale
    raise ScoringError(
        f"{quote(name)} is not a VP scale xlbridge knows: use one of {', '.join(VP_SCALES)}"
    )


def _scale_key(name: str) -> str:
    """A scale's name without case, spaces or hyphens: the letters and digits that name it."""
    return "".join(name.replace("-", " ").split()).lower()


_CLUB_COLUMNS: Final = ("IMP margin from", "winner's VPs", "loser's VPs")

#: Where a club table's cell is: its row (counted from ``first_row``) and column (0 to 2).
ClubCell: TypeAlias = Callable[[int, "int | None"], "Place | str"]


def _table_row(row: int, column: int | None) -> str:
    """A club table's row (and column) in words, for a table given as a function's argument."""
    return f"VP table row {row}" + ("" if column is None else f", {_CLUB_COLUMNS[column]}")


def club_vp_scale(
    rows: Sequence[Sequence[object]],
    first_row: int = 1,
    *,
    where: ClubCell = _table_row,
    name: str = "club table",
) -> VpScale:
    """A club's own table: rows of (IMP margin from, winner's VPs, loser's VPs), checked.

    The first row is the draw (margin 0, the VPs shared equally); the margins
    rise from row to row; every row's VPs add up to the draw row's; the
    winner's VPs never fall and are never below the loser's.  A message names
    the row (counted from ``first_row``) and the column, or the place ``where``
    gives for them (a workbook's cell), and says what to type.  The table
    serves every match length.

    >>> club_vp_scale([(0, 10, 10), (3, 12, 8), (10, 15, 5)]).pair(-4, 8)
    (Fraction(8, 1), Fraction(12, 1))
    """
    table: list[VpRow] = []
    for index, cells in enumerate(rows, first_row):
        if len(cells) != len(_CLUB_COLUMNS):
            raise ScoringError(
                f"the VP table has {len(cells)} columns in row {index}: give three, "
                "IMP margin from, winner's VPs, loser's VPs"
            )
        row = tuple(_club_cell(cell, where(index, column)) for column, cell in enumerate(cells))
        table.append((row[0], row[1], row[2]))
    if not table:
        raise ScoringError(
            "the VP table is empty: give rows of IMP margin from, winner's VPs, loser's VPs"
        )
    first, winner, loser = table[0]
    if first != 0 or winner != loser:
        raise ScoringError(
            f"the first row is a drawn match, 0 IMPs with the VPs shared equally, "
            f"not {_row_text(table[0])}",
            where(first_row, None),
        )
    total = winner + loser
    for index, (before, row) in enumerate(pairwise(table), first_row + 1):
        if row[0] <= before[0]:
            raise ScoringError(
                f"the IMP margins must rise from row to row, and "
                f"{quote(row[0])} does not rise from {quote(before[0])}: "
                f"type a margin above {quote(before[0])}",
                where(index, 0),
            )
        if row[1] + row[2] != total:
            raise ScoringError(
                f"{_row_text(row)} gives {quote(row[1] + row[2])} VPs in all, "
                f"and the draw row gives {quote(total)}: every row must add up the same "
                f"(with {quote(row[1])} for the winner, "
                f"type {quote(total - row[1])} for the loser)",
                where(index, 2),
            )
        if row[1] < before[1] or row[1] < row[2]:
            raise ScoringError(
                f"the winner's VPs {quote(row[1])} must be at least the row above's "
                f"({quote(before[1])}) and the loser's ({quote(row[2])}): type "
                f"{quote(max(before[1], row[2]))} or more",
                where(index, 1),
            )
    return VpScale(name, total, (VpTable(1, MAX_MATCH_BOARDS, tuple(table)),))


def _club_cell(cell: object, where: Place | str) -> Fraction:
    try:
        value = parse_fraction(cell)
    except ValueError:
        raise ScoringError(
            f"{quote(cell)} is not a number: type a whole number or a decimal (12 or 12.5)",
            where,
        ) from None
    if value < 0:
        raise ScoringError(f"{quote(cell)} is below zero: type 0 or more", where)
    return value


def _row_text(row: VpRow) -> str:
    return f"{quote(row[0])} IMPs {quote(row[1])}-{quote(row[2])}"
