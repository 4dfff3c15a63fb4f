"""The codes a person types on a board instead of a score: A+, A=, A-, BYE and NP.

One vocabulary for the whole core: a result cell's artificial score
(:func:`xlbridge.result.parse_result`), a pair's board entries settled by Law
12C2(c) (:mod:`xlbridge.avplus`, :mod:`xlbridge.session`), the opponent of a
pair with a bye (:data:`xlbridge.pair.BYE`) and a board not played all read
and write their codes here.  :meth:`Code.parse` reads what was typed (any
case, spaces ignored; ``Ave`` and ``Avg`` are ``A=``, ``Not played`` is
``NP``), and ``str`` gives the code back as people type it.

>>> Code.parse("a +"), str(Code.parse("ave")), Code.parse("Bye").settled_last
(Code.AVERAGE_PLUS, 'A=', True)
>>> Code.AVERAGE_MINUS.percent
Fraction(40, 1)
>>> Code.parse("A*", "Travellers!G14")
Traceback (most recent call last):
...
xlbridge.errors.ResultCellError: Travellers!G14: 'A*' is not a code (expected A+, A=, A-, BYE or NP)
"""

from __future__ import annotations

import enum
import re
from fractions import Fraction

from xlbridge.errors import ResultCellError
from xlbridge.exact import normalise_text, quote

__all__ = [
    "AVERAGE_MINUS_PERCENT",
    "AVERAGE_PERCENT",
    "AVERAGE_PLUS_PERCENT",
    "EXPECTED",
    "Code",
]

#: Law 12C2(a): average plus, average and average minus in percent of the top: the one
#: place they are written (the settings' defaults, the Excel functions', Law 12C2(c)'s).
AVERAGE_PLUS_PERCENT = Fraction(60)
AVERAGE_PERCENT = Fraction(50)
AVERAGE_MINUS_PERCENT = Fraction(40)

#: The codes, as a message lists them.
EXPECTED = "A+, A=, A-, BYE or NP"

_SPACES = re.compile(r"\s+")


class Code(enum.Enum):
    """A code typed on a board instead of a score; ``str`` writes it as people type it."""

    AVERAGE_PLUS = "A+"
    AVERAGE = "A="
    AVERAGE_MINUS = "A-"
    BYE = "BYE"
    NOT_PLAYED = "NP"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Code.{self.name}"

    @property
    def percent(self) -> Fraction | None:
        """An average's percentage of the top (Law 12C2(a)): 60, 50 or 40; ``None`` for
        BYE and NP."""
        return _PERCENTS.get(self)

    @property
    def is_average(self) -> bool:
        """True for A+, A= and A-: an artificial adjusted score (Law 12C2(a))."""
        return self in _PERCENTS

    @property
    def settled_last(self) -> bool:
        """True for A+, A- and BYE: Law 12C2(c) settles the pair's score on the board from
        its own percentage on the rest of the session (the A+/A- note)."""
        return self in _SETTLED_LAST

    @classmethod
    def find(cls, value: object) -> Code | None:
        """The code ``value`` is (:meth:`parse`'s words), or ``None`` when it is none."""
        if isinstance(value, Code):
            return value
        if not isinstance(value, str):
            return None
        return _BY_TEXT.get(_SPACES.sub("", normalise_text(value).upper()))

    @classmethod
    def parse(cls, value: object, where: str = "") -> Code:
        """The code ``value`` is: ``A+``, ``A=``, ``A-``, ``BYE`` or ``NP`` in any case,
        spaces ignored, and ``Ave``, ``Avg`` (A=) and ``Not played`` (NP).  Anything else
        is refused, quoted, at ``where``."""
        code = cls.find(value)
        if code is None:
            at = f"{where}: " if where else ""
            raise ResultCellError(f"{at}{quote(value)} is not a code (expected {EXPECTED})")
        return code


_PERCENTS = {
    Code.AVERAGE_PLUS: AVERAGE_PLUS_PERCENT,
    Code.AVERAGE: AVERAGE_PERCENT,
    Code.AVERAGE_MINUS: AVERAGE_MINUS_PERCENT,
}
_SETTLED_LAST = frozenset({Code.AVERAGE_PLUS, Code.AVERAGE_MINUS, Code.BYE})
#: What may be typed for each code, upper case, spaces removed.
_BY_TEXT = {code.value: code for code in Code} | {
    "AVE": Code.AVERAGE,
    "AVG": Code.AVERAGE,
    "NOTPLAYED": Code.NOT_PLAYED,
}
