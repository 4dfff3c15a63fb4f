"""Where a value was found, as a value: a cell, a range of cells, a file's line, a
Bridgemate entry, a place in a named club's workbook, a place inside another; and a
problem found there.

A place is made once, by the reader that meets the value, and printed by ``str()``
exactly as a message shows it (``Travellers!G14``, ``Rulings!A2:E3``,
``night.pbn line 12``, ``section A, table 3, round 2, board 5``).  Code that needs
another cell of the same row asks the place (:meth:`CellPlace.at`), and code that
needs the row reads :attr:`CellPlace.row`: nobody builds a place by editing text or
reads one back from a message.

>>> place = CellPlace("Travellers", 14, "G")
>>> str(place), str(place.at("C")), place.row
('Travellers!G14', 'Travellers!C14', 14)
>>> str(Problem(place, "'42O' is not a score"))
"Travellers!G14: '42O' is not a score"
>>> str(ClubPlace("Acol", place)), str(Within("club.xlsx", place))
('Acol: Travellers!G14', 'club.xlsx: Travellers!G14')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = [
    "BridgemateEntry",
    "CellPlace",
    "CellRange",
    "ClubPlace",
    "FileLine",
    "Place",
    "Problem",
    "Within",
    "outermost",
]


@dataclass(frozen=True, order=True)
class CellPlace:
    """One cell of a sheet: ``CellPlace("Travellers", 14, "G")`` prints ``Travellers!G14``.

    Places order by sheet, then row, then column (one-letter columns: ``A`` to ``Z``).
    """

    sheet: str
    row: int
    column: str

    def __str__(self) -> str:
        return f"{self.sheet}!{self.column}{self.row}"

    def at(self, column: str) -> CellPlace:
        """The cell of ``column`` in the same row."""
        return replace(self, column=column)

    def to(self, column: str, row: int) -> CellRange:
        """The range from this cell to ``column`` in ``row`` (``Rulings!A2:E3``)."""
        return CellRange(self, CellPlace(self.sheet, row, column))


@dataclass(frozen=True, order=True)
class CellRange:
    """Cells from ``first`` to ``last`` on one sheet: ``Rulings!A2:E3``."""

    first: CellPlace
    last: CellPlace

    def __post_init__(self) -> None:
        if self.first.sheet != self.last.sheet:
            raise ValueError("a range's cells are on one sheet")

    def __str__(self) -> str:
        return f"{self.first}:{self.last.column}{self.last.row}"


@dataclass(frozen=True, order=True)
class FileLine:
    """A line of a text file: ``FileLine("night.pbn", 12)`` prints ``night.pbn line 12``
    (``line 12`` when the text came with no file name)."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file} line {self.line}" if self.file else f"line {self.line}"


@dataclass(frozen=True, order=True)
class BridgemateEntry:
    """Where a result was entered on a Bridgemate: ``section A, table 3, round 2, board 5``.

    ``section`` is the section's letter, ``""`` when the night has one unnamed section
    (then the words leave it out: ``table 3, round 2, board 5``).
    """

    section: str
    table: int
    round: int
    board: int

    def __str__(self) -> str:
        where = f"table {self.table}, round {self.round}, board {self.board}"
        return f"section {self.section}, {where}" if self.section else where


@dataclass(frozen=True)
class ClubPlace:
    """A place in a named club's (or night's) workbook, as a merged field names it:
    ``ClubPlace("Acol", CellPlace("Travellers", 2, "G"))`` prints ``Acol: Travellers!G2``.

    ``place`` is where in that club's workbook (a :data:`Place`, or text for a place no
    type describes); ``""`` when not known, and then the club's name alone is shown.
    """

    club: str
    place: Place | str = ""

    def __str__(self) -> str:
        inner = str(self.place)
        return f"{self.club}: {inner}" if inner else self.club


@dataclass(frozen=True)
class Within:
    """A place inside another: ``outer: inner`` (``club.xlsx: Travellers!G14``).

    What an error placed twice names (:meth:`xlbridge.errors.ScoringError.at`): the
    inner place known first, where it was found, and the outer one added by a caller
    that knows more (the file, the club).  Either is a :data:`Place` or text for a
    place no type describes (a file's name).
    """

    outer: Place | str
    inner: Place | str

    def __str__(self) -> str:
        return f"{self.outer}: {self.inner}"


#: Any place a message can name.
Place = CellPlace | CellRange | FileLine | BridgemateEntry | ClubPlace | Within


def outermost(place: Place | str) -> Place | str:
    """The outermost of nested places: the club of a :class:`ClubPlace`, the outer
    place of a :class:`Within` (followed out), ``place`` itself otherwise.

    >>> outermost(Within("club.xlsx", ClubPlace("Acol", CellPlace("Travellers", 2, "G"))))
    'club.xlsx'
    >>> outermost(ClubPlace("Acol", CellPlace("Travellers", 2, "G")))
    'Acol'
    """
    while True:
        if isinstance(place, Within):
            place = place.outer
        elif isinstance(place, ClubPlace):
            return place.club
        else:
            return place


@dataclass(frozen=True)
class Problem:
    """A problem found at a place: ``where: what`` (``what`` alone with no place).

    ``where`` is a :data:`Place`, or text for a place no type describes (``sheet 'X'``,
    a sheet's name alone).  The message is rendered from the two when shown, once.
    """

    where: Place | str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if str(self.where) else self.what
