"""A pair's label: its number, its direction when numbered by direction, its club in a merge.

Every reader parses what a person or a file wrote for a pair (``3``,
``3.0``, ``NS 3``, ``3NS``, ``ns3``, ``N-S 3``, ``EW 12``, ``12EW`` as
Compscore3's USEBIO files write it) once, into a :class:`PairLabel`, and
every output takes it from there: its canonical text (``NS 3``, ``3``), its
number and direction (USEBIO ``3NS``, PBN ``PairId`` and ``Direction``), its
heading (``NS 3``, ``Pair 3``) and its place in a list (:attr:`PairLabel.sort_key`:
pair 2 before pair 10, NS before EW).

A pair is known by its number alone (a Howell, a Mitchell numbered straight
through, NS 1-9 and EW 10-18), or by its number and direction (a Mitchell
numbered in each direction, NS 1..n and EW 1..n): ``direction`` is ``NS`` or
``EW`` only then.  A merge of several clubs keeps their pairs apart by the
club's name (``Acol:3``).

>>> label = PairLabel.parse("3ns")
>>> label
PairLabel('3', 'NS')
>>> str(label), label.number, label.direction, label.display
('NS 3', '3', 'NS', 'NS 3')
>>> PairLabel.parse(12.0).display, PairLabel.parse("Acol:EW 5").club
('Pair 12', 'Acol')
>>> sorted((PairLabel.parse(t) for t in ("10", "EW 2", "2", "NS 1")), key=sort_key)
[PairLabel('1', 'NS'), PairLabel('2'), PairLabel('10'), PairLabel('2', 'EW')]

**Why a str.**  A label is text to everything that compares or hashes it:
``PairLabel.parse("NS 3") == "NS 3"``, it hashes as its text, and a dict
keyed by labels is found by the text.  The session's and the merge's inner
loops key dicts by labels a quarter of a million times; a ``str`` subclass
keeps C's hashing and comparing there, where a dataclass would call Python
for each.  Its fields are worked out once, when it is made, and it cannot be
changed afterwards.  Equality is over every field: the canonical text says
each of them and is said by them alone.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from typing import Any, ClassVar

from xlbridge.codes import Code
from xlbridge.direction import Direction
from xlbridge.errors import ScoringError
from xlbridge.exact import is_blank, normalise_text, quote
from xlbridge.places import Place

__all__ = [
    "BYE",
    "DIRECTIONS",
    "NO_PAIR",
    "PairLabel",
    "club_text",
    "natural_key",
    "pair_or_blank",
    "parse_direction",
    "sort_key",
]

#: The directions a pair numbered by direction has.
DIRECTIONS = tuple(d.short for d in Direction)

#: The label of the opponent of a pair with a bye: the code BYE.
BYE_TEXT = str(Code.BYE)

_SIDE = r"(N\s*[-/]?\s*S|E\s*[-/]?\s*W)"
_LEADING = re.compile(rf"{_SIDE}\s*[-:]?\s*([0-9]+)", re.IGNORECASE)
_TRAILING = re.compile(rf"([0-9]+)\s*-?\s*{_SIDE}", re.IGNORECASE)
_RUNS = re.compile(r"\d+|\D+")
_DECIMAL = re.compile(r"([0-9]+)\.([0-9]*)")


def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key putting ``2`` before ``10`` and ``B2`` before ``B10``.

    >>> sorted(["10", "2", "B10", "B2"], key=natural_key)
    ['2', '10', 'B2', 'B10']
    """
    return tuple(
        # isdecimal, not isdigit: circled and superscript digits (①, ²) are digits to
        # Python but not numbers, and int() refuses them
        (0, int(part), "") if part.isdecimal() else (1, 0, part)
        for part in _RUNS.findall(text)
    )


def club_text(text: str) -> str:
    """``text`` as a club's part of a label (``Acol`` of ``Acol:NS 3``): what
    :meth:`PairLabel.parse` reads back as the same club.

    A label's text is read as a cell's (:func:`~xlbridge.exact.normalise_text`,
    stripped) and a pair's number refuses a decorated digit, so the club's text
    is given those forms here: full-width letters and decorated digits as
    their plain forms (``²`` is ``2``), typographic minus signs and odd spaces
    plain, each run of spaces, tabs or line breaks one space.  A colon is
    kept: the label's own part, after the last colon, holds none.  ``""`` for
    a blank.

    >>> club_text("  Acol\\n Bridge Club  "), club_text("Bath\\u00b2"), club_text("Crewe: Tuesday")
    ('Acol Bridge Club', 'Bath2', 'Crewe: Tuesday')
    >>> PairLabel.parse(str(PairLabel("3", "NS", club_text("Crewe: Tuesday")))).club
    'Crewe: Tuesday'
    """
    plain = "".join(
        str(unicodedata.digit(c)) if c.isdigit() and not c.isdecimal() else c
        for c in unicodedata.normalize("NFKC", text)
    )
    return " ".join(normalise_text(plain).split())


def parse_direction(value: object, where: Place | str = "") -> str:
    """``NS``, ``EW`` or ``""`` (a blank) from a Direction cell, read by :meth:`Direction.parse`.

    Anything else is refused, at ``where`` when given.

    >>> parse_direction("N-S"), parse_direction("East-West"), parse_direction(None)
    ('NS', 'EW', '')
    """
    return "" if is_blank(value) else Direction.parse(value, where).short


def _number_text(value: object) -> str:
    """A pair number as text: ``12.0`` and ``'12'`` are ``'12'``."""
    if isinstance(value, bool | datetime.date | datetime.time):
        raise ScoringError(f"{quote(value)} is not a pair number")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not value.is_integer():
            raise ScoringError(f"{quote(value)} is not a pair number (a whole number)")
        return str(int(value))
    if is_blank(value):
        return ""
    text = normalise_text(str(value))
    if any(c.isdigit() and not c.isdecimal() for c in text):  # '²', '①': not 2 or 1
        raise ScoringError(f"{quote(value)} is not a pair number: type its digits as 1, 2, 3")
    return text


#: Labels already parsed, by the value's type and the value: a night's 20 pairs are typed
#: 500 times on its travellers; parsing each once saves a quarter of the reading.
_PARSED: dict[tuple[type, object], PairLabel] = {}
_PARSED_MOST = 100_000
#: Labels already made, by their fields (a merge's workers send each club's labels back:
#: unpickled, each is made again).
_MADE: dict[tuple[type, str, str, str], PairLabel] = {}


class PairLabel(str):
    """A pair's label (see the module docstring): ``number``, ``direction``, ``club``.

    ``PairLabel("3", "NS")`` is NS 3, ``PairLabel("3")`` pair 3, and
    ``PairLabel("3", "NS", "Acol")`` the Acol club's NS 3 in a merged field.
    Its text (``str(label)``) is the canonical one, which :meth:`parse` reads
    back as the same label.
    """

    number: str
    direction: str
    club: str
    #: True for the opponent of a pair with a bye (:data:`BYE`).
    is_bye: bool
    #: Sorts pairs as people list them: by club, NS before EW, pair 2 before pair 10.
    sort_key: tuple[Any, ...]

    _FIELDS: ClassVar[tuple[str, ...]] = ("number", "direction", "club", "is_bye", "sort_key")

    def __new__(cls, number: str, direction: str = "", club: str = "") -> PairLabel:
        made = _MADE.get((cls, number, direction, club))
        if made is not None:  # labels are immutable: one object for each
            return made
        self = cls._make(number, direction, club)
        if len(_MADE) >= _PARSED_MOST:
            _MADE.clear()
        _MADE[(cls, number, direction, club)] = self
        return self

    @classmethod
    def _make(cls, number: str, direction: str, club: str) -> PairLabel:
        if not isinstance(number, str) or not number or number != number.strip():
            raise ScoringError(f"{quote(number)} is not a pair number")
        if direction not in ("", *DIRECTIONS):
            raise ScoringError(f"{quote(direction)} is not a direction (NS, EW or blank)")
        if direction and not number.isdecimal():
            raise ScoringError(f"{quote(number)} is not the number of a pair numbered by direction")
        text = f"{direction} {number}" if direction else number
        self = super().__new__(cls, f"{club}:{text}" if club else text)
        fields = {
            "number": number,
            "direction": direction,
            "club": club,
            "is_bye": number.upper() == BYE_TEXT and not direction,
            "sort_key": (
                natural_key(club),
                {"NS": 0, "": 1, "EW": 2}[direction],
                natural_key(number),
                number,
            ),
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        return self

    @classmethod
    def parse(cls, value: object) -> PairLabel:
        """The label a cell or a file writes: ``3``, ``3.0``, ``NS 3``, ``3NS``, ``ns3``,
        ``N-S 3``, ``12 EW``, ``Acol:3``, ``bye`` (the same label back for a label).

        Raises :class:`~xlbridge.errors.ScoringError` for a blank or a number
        that is not whole.
        """
        if isinstance(value, PairLabel):
            return value
        key = (type(value), value) if isinstance(value, (str, int, float)) else None
        if key is not None:
            found = _PARSED.get(key)
            if found is not None:
                return found
        label = cls._parse_text(value)
        if key is not None:
            if len(_PARSED) >= _PARSED_MOST:  # a bound: a merge of thousands of clubs
                _PARSED.clear()
            _PARSED[key] = label
        return label

    @classmethod
    def _parse_text(cls, value: object) -> PairLabel:
        text = _number_text(value)
        if not text:
            raise ScoringError(f"{quote(value)} is not a pair: a pair needs a number")
        club, colon, rest = text.rpartition(":")
        if colon and club.strip() and rest.strip():
            return cls._parse_own(rest.strip(), club.strip())
        return cls._parse_own(text, "")

    @classmethod
    def _parse_own(cls, text: str, club: str) -> PairLabel:
        for pattern, side, number in ((_LEADING, 1, 2), (_TRAILING, 2, 1)):
            match = pattern.fullmatch(text)
            if match:
                letters = re.sub(r"[^A-Z]", "", match.group(side).upper())
                return cls(str(int(match.group(number))), letters, club)
        if text.upper() == BYE_TEXT:
            return cls(BYE_TEXT, "", club)
        decimal = _DECIMAL.fullmatch(text)
        if decimal and decimal.group(2).strip("0"):
            raise ScoringError(f"{quote(text)} is not a pair number (a whole number)")
        if decimal or (text.isdecimal() and text.isascii()):
            text = str(int(decimal.group(1) if decimal else text))
        return cls(text, "", club)

    @property
    def display(self) -> str:
        """The pair as a heading names it: ``NS 3`` (numbered by direction), ``Pair 3``."""
        own = f"{self.direction} {self.number}" if self.direction else f"Pair {self.number}"
        return f"{self.club}: {own}" if self.club else own

    @property
    def named(self) -> str:
        """The pair as a sentence names it: ``NS 3``, ``pair 3``."""
        display = self.display
        return display.replace("Pair ", "pair ", 1) if not self.direction else display

    @property
    def own(self) -> PairLabel:
        """The label without its club (a merged field's ``Acol:NS 3`` is ``NS 3``)."""
        return PairLabel(self.number, self.direction) if self.club else self

    def in_club(self, club: str) -> PairLabel:
        """This pair as a merged field knows it: ``Acol:3`` (a bye stays a bye)."""
        return self if self.is_bye else PairLabel(self.number, self.direction, club)

    def __repr__(self) -> str:
        args = [repr(self.number)]
        if self.direction or self.club:
            args.append(repr(self.direction))
        if self.club:
            args.append(repr(self.club))
        return f"PairLabel({', '.join(args)})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a pair label cannot be changed ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a pair label cannot be changed ({name})")

    def __reduce__(self) -> tuple[Any, ...]:
        if not self.number:
            return (pair_or_blank, ("",))
        return (PairLabel, (self.number, self.direction, self.club))

    def __copy__(self) -> PairLabel:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> PairLabel:
        return self


#: The opponent of a pair with a bye: a play with ``ew=BYE`` gives the NS pair a bye.
BYE = PairLabel(BYE_TEXT)


def _no_pair() -> PairLabel:
    label = str.__new__(PairLabel, "")
    fields = {
        "number": "",
        "direction": "",
        "club": "",
        "is_bye": False,
        "sort_key": ((), 1, (), ""),
    }
    for name, value in fields.items():
        object.__setattr__(label, name, value)
    return label


#: The label of a traveller row's blank pair cell (a Python caller's ``Play(1, "", "3", ...)``):
#: scoring refuses it, naming the row ("board 1 has no NS pair").
NO_PAIR = _no_pair()


def pair_or_blank(value: object) -> PairLabel:
    """:meth:`PairLabel.parse`, but :data:`NO_PAIR` for a blank (for the records' own checks)."""
    if isinstance(value, PairLabel):
        return value
    return NO_PAIR if is_blank(value) else PairLabel.parse(value)


def sort_key(label: str) -> tuple[Any, ...]:
    """The order pairs are listed in (:attr:`PairLabel.sort_key`), for any label or its text.

    >>> sorted(["NS 10", "EW 1", "NS 2"], key=sort_key)
    ['NS 2', 'NS 10', 'EW 1']
    """
    return PairLabel.parse(label).sort_key
