"""Exact numbers from what a spreadsheet cell holds, and rounding rules.

Excel hands a cell formatted as 30% over as the float ``0.3``, and
``Fraction(0.3)`` is not 3/10.  Every float is therefore read through its
shortest decimal text (``repr``) before any exact arithmetic.

Rounding happens only where a published method prescribes it, through
:func:`round_half_away`, whose tie rule (half away from zero) is symmetric:
negating every score negates the rounded figure, so NS and EW are treated
alike.
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
from fractions import Fraction
from numbers import Rational

__all__ = [
    "decimal_text",
    "is_blank",
    "normalise_text",
    "parse_fraction",
    "quote",
    "round_half_away",
    "to_float",
    "whole_number",
]

# Characters that people (and other programs) type for a minus sign.
_MINUS_SIGNS = "\u2212\u2013\u2012\u2014\ufe63\uff0d"
_MINUS_TABLE = str.maketrans({c: "-" for c in _MINUS_SIGNS} | {"\u00a0": " ", "\u2009": " "})
_DECIMAL = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")


def is_blank(value: object) -> bool:
    """True for what Excel passes for an empty cell: ``None`` or a blank string."""
    return value is None or (isinstance(value, str) and value.strip() == "")


def normalise_text(text: str) -> str:
    """Strip a cell's text and turn typographic minus signs and odd spaces into plain ones.

    Full-width characters typed with an East Asian keyboard become their plain
    forms (NFKC); digits of other scripts are left alone, and are not numbers.

    >>> normalise_text("\\u221250 ")
    '-50'
    """
    return unicodedata.normalize("NFKC", text).translate(_MINUS_TABLE).strip()


def parse_fraction(value: object) -> Fraction:
    """An exact rational from a cell value: an int, a float (by its shortest text) or decimal text.

    Raises :class:`ValueError` (without location; callers add it) for anything
    else, including booleans, NaN and infinities.

    >>> parse_fraction(0.3)
    Fraction(3, 10)
    >>> parse_fraction("-2.5")
    Fraction(-5, 2)
    """
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is a true/false value, not a number")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not a finite number")
        return Fraction(repr(value))
    if isinstance(value, Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, str):
        text = normalise_text(value)
        if _DECIMAL.match(text):
            return Fraction(text)
        raise ValueError(f"{quote(value)} is not a number")
    raise ValueError(f"{quote(value)} is not a number")


def whole_number(value: object) -> int:
    """An exact whole number from a cell value; 3.5 or '3.5' is refused, not rounded.

    >>> whole_number(12.0)
    12
    """
    number = parse_fraction(value)
    if number.denominator != 1:
        raise ValueError(f"{value!r} is not a whole number")
    return int(number)


def round_half_away(value: Fraction, unit: int | Fraction = 1) -> Fraction:
    """Round ``value`` to the nearest multiple of ``unit``, ties away from zero.

    >>> round_half_away(Fraction(5, 2))
    Fraction(3, 1)
    >>> round_half_away(Fraction(-5, 2))
    Fraction(-3, 1)
    >>> round_half_away(Fraction(68175, 100), 10)
    Fraction(680, 1)
    """
    unit = Fraction(unit)
    if unit <= 0:
        raise ValueError(f"rounding unit must be positive, not {unit!r}")
    steps = abs(value) / unit
    whole = math.floor(steps + Fraction(1, 2))
    return Fraction(whole) * unit * (1 if value >= 0 else -1)


def to_float(value: Fraction | int | None) -> float | None:
    """The float Excel shows for an exact value (``None`` stays blank)."""
    return None if value is None else float(value)


def quote(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a message, shortened past ``limit`` characters.

    A huge number cannot even be turned into text past 4300 digits, so this
    never fails.

    >>> quote(10**100)
    '1000000000000000000000000000000000000000000000000000000000... (101 digits)'
    """
    try:
        text = repr(value)
    except ValueError:
        return f"a number of more than {sys.get_int_max_str_digits()} digits"
    if len(text) <= limit:
        return text
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{text[: limit - 2]}... ({len(text.lstrip('-'))} digits)"
    return f"{text[: limit - 3]}..."


def decimal_text(value: Fraction) -> str:
    """A terminating fraction as plain decimal text (``Fraction(101, 2)`` gives ``'50.5'``)."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.15g}"
    if Fraction(text) != value:
        return f"{value.numerator}/{value.denominator}"
    return text
