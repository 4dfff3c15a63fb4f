"""A direction, North-South or East-West: how a person may type it, and how it prints.

A direction is typed in several places: a pair's Direction on the Pairs sheet,
a ruling's Side on the Rulings sheet, the sides of a split score
(``NS: 680 | EW: 1460``), the ``direction`` of ``=FREQUENCY_TABLE``.  Each
reads it with :meth:`Direction.parse`, so each accepts the same spellings, and
every heading prints it with :attr:`Direction.short` (``NS``) or
:attr:`Direction.long` (``North-South``).

What is accepted, in any case, with or without a space, hyphen, slash or full
stop between the two seats:

* North-South: ``NS``, ``N-S``, ``N/S``, ``N S``, ``North-South``,
  ``North South``, ``northsouth``; a seat of it: ``N``, ``S``, ``North``,
  ``South``;
* East-West: ``EW``, ``E-W``, ``E/W``, ``E W``, ``East-West``, ``East West``,
  ``eastwest``; a seat of it: ``E``, ``W``, ``East``, ``West``.

A seat says its side as plainly as the side's name does: North sits
North-South.  Nothing else is guessed: ``NX``, ``N/A``, ``NE``, ``SN`` and
``WE`` are refused (``N/A`` is no direction, ``NE`` names seats of both
sides).  A blank is no direction either: what a blank means (a Howell pair,
a ruling for both sides, the NS table) is for the place it is typed in.

>>> Direction.parse("n-s"), Direction.parse("East West"), Direction.parse("W")
(<Direction.NS: 'NS'>, <Direction.EW: 'EW'>, <Direction.EW: 'EW'>)
>>> Direction.NS.short, Direction.NS.long, Direction.EW.other.long
('NS', 'North-South', 'North-South')
>>> Direction.parse("NX")
Traceback (most recent call last):
...
xlbridge.errors.ScoringError: 'NX' is not a direction (expected NS, N-S or North-South; \
EW, E-W or East-West)
"""

from __future__ import annotations

import re
from enum import Enum

from xlbridge.errors import ScoringError
from xlbridge.exact import is_blank, normalise_text, quote
from xlbridge.places import Place

__all__ = ["DIRECTION_EXPECTED", "LEADING", "Direction"]

#: What a message says a direction may be.
DIRECTION_EXPECTED = "NS, N-S or North-South; EW, E-W or East-West"

#: What may stand between the two seats of a side (``N-S``, ``N/S``, ``North South``).
_SEPARATOR = r"[\s./\-\u2010-\u2015_]"
_BETWEEN = re.compile(f"{_SEPARATOR}+")
_GAP = f"{_SEPARATOR}*"

#: A direction's name at the start of a text (a split score's ``NS: 680``, ``N-S 680``),
#: the name in group 1: the words :meth:`Direction.parse` reads, each ending before a
#: character that is not a letter (``NSX`` names no direction).
LEADING = re.compile(
    rf"(north{_GAP}south|east{_GAP}west|north|south|east|west|n{_GAP}s|e{_GAP}w|[nsew])"
    r"(?![^\W\d_])",
    re.IGNORECASE,
)


class Direction(Enum):
    """A side of the table: North-South (``NS``) or East-West (``EW``)."""

    NS = "NS"
    EW = "EW"

    @property
    def short(self) -> str:
        """``NS`` or ``EW``: a column's heading, a pair's label."""
        return self.value

    @property
    def long(self) -> str:
        """``North-South`` or ``East-West``: a heading in words."""
        return "North-South" if self is Direction.NS else "East-West"

    @property
    def other(self) -> Direction:
        """The opponents' direction."""
        return Direction.EW if self is Direction.NS else Direction.NS

    @classmethod
    def heading(cls, field: str, blank: str = "") -> str:
        """A ranking's heading for ``field``: ``North-South`` for ``NS``, ``East-West`` for
        ``EW``, ``blank`` for the one field of all pairs (``""``, a Howell's)."""
        return cls(field).long if field else blank

    @classmethod
    def parse(cls, value: object, where: Place | str = "") -> Direction:
        """The direction typed as ``value`` (the module says which spellings); anything else,
        a blank too, is refused, at ``where`` when given."""
        if isinstance(value, Direction):
            return value
        found = (
            None
            if is_blank(value) or not isinstance(value, str)
            else _NAMES.get(_BETWEEN.sub("", normalise_text(value)).upper())
        )
        if found is None:
            raise ScoringError(
                f"{quote(value)} is not a direction (expected {DIRECTION_EXPECTED})", where
            )
        return found


_NAMES: dict[str, Direction] = {
    **dict.fromkeys(("NS", "NORTHSOUTH", "N", "S", "NORTH", "SOUTH"), Direction.NS),
    **dict.fromkeys(("EW", "EASTWEST", "E", "W", "EAST", "WEST"), Direction.EW),
}
