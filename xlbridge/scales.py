"""The WBF IMP scale and the WBF continuous 20-VP scale.

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
"""

from __future__ import annotations

import math
from bisect import bisect_right
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from typing import Final, TypeAlias

from xlbridge.errors import ScoringError
from xlbridge.exact import parse_fraction, quote, whole_number

__all__ = [
    "IMP_SCALE",
    "IMP_THRESHOLDS",
    "VP_TOTAL",
    "imps",
    "victory_point_pair",
    "victory_point_scale",
    "victory_points",
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
