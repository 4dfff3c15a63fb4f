"""What one traveller row holds, parsed into exact values.

A traveller row gives the result of one table, from North-South's point of
view.  :func:`parse_result` reads every form a cell may hold (docs/club-night.md,
"What a result cell may hold"):

==============================  ===============================================
``420``, ``-50``, ``0``          the NS score (0: passed out)
blank                            no row: ignored
``NP``                           not played: no score for either side
``A=``, ``A+/A-``, ``A-/A-`` ... artificial adjusted score (Law 12C2), NS/EW
``A60/40``, ``A50/40``           artificial score with explicit percentages
``A6040``, ``60/40``             the same as other programs write it (Compscore, JFR)
``NP A60/0``, ``NP A+/A-``       not played (an absent pair), its pairs scored: not a result
``30% 1430; 70% -100``           weighted score (Law 12C1(c)); ``2/5 620; 3/5 -100``
``NS: 680 | EW: 1430``           split score; each side may be weighted or artificial
``R7``                           a ruling defined in a rulings range
==============================  ===============================================

The parsed value is a :class:`Result` (NS side and EW side, each a
:class:`Weighted` score or an :class:`Artificial` percentage), a
:class:`NotCounted` artificial score, the constant :data:`NOT_PLAYED`, or
``None`` for a blank cell.  :func:`counts_as_result` says which rows count
as results on their board.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeGuard, TypeVar, cast

from xlbridge.codes import (
    AVERAGE_MINUS_PERCENT,
    AVERAGE_PERCENT,
    AVERAGE_PLUS_PERCENT,
    Code,
)
from xlbridge.direction import DIRECTION_EXPECTED, LEADING, Direction
from xlbridge.errors import ResultCellError, RulingError, ScoringError, WeightError
from xlbridge.exact import (
    decimal_text,
    excel_error,
    excel_error_name,
    is_blank,
    normalise_text,
    parse_fraction,
    quote,
    simple_fraction,
)
from xlbridge.places import Place

__all__ = [
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_MINUS_PERCENT",
    "AVERAGE_PERCENT",
    "AVERAGE_PLUS",
    "AVERAGE_PLUS_PERCENT",
    "NOT_PLAYED",
    "RULING_SIDES",
    "Artificial",
    "NotCounted",
    "NotPlayed",
    "Result",
    "Row",
    "Rulings",
    "Side",
    "Weighted",
    "average_not_counted",
    "count_results",
    "counts_as_result",
    "format_result",
    "is_average",
    "one_sided_ruling",
    "parse_result",
    "parse_rulings",
    "parse_score",
    "parse_weight",
]

T = TypeVar("T")

#: What a ruling's Side may be, as a message says it.
RULING_SIDES = f"a direction (expected {DIRECTION_EXPECTED}; or blank for both sides)"

#: The largest size of a bridge score either way: 7NT redoubled vulnerable
#: made is +2980; thirteen down redoubled vulnerable is -7600.
MAX_SCORE = 7600


#: Distinct results held at once by the tables that make equal values one object; past
#: it the tables start again (equal results made before and after are then two objects:
#: their figures are the same, a board only groups them apart).
INTERNED = 1 << 16

# The one object of each value: sides by value, results by their sides' identity (the
# sides being interned, equal results have the same sides).
_SIDES: dict[object, Weighted | Artificial] = {}
_RESULTS: dict[tuple[int, ...], Result] = {}
_PLAIN: dict[int, Result] = {}  # Result.of(score) by score, the commonest result of all


def _interned(table: dict[Any, Any], key: object, cls: type[Any], **fields: object) -> Any:
    """The object of ``table`` under ``key``, or a new ``cls`` with ``fields`` stored there."""
    found = table.get(key)
    if found is None:
        if len(_SIDES) + len(_RESULTS) >= INTERNED:
            _SIDES.clear()
            _RESULTS.clear()
            _PLAIN.clear()
        found = table[key] = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(found, name, value)
    return found


@dataclass(frozen=True, init=False)  # made by __new__, once per value
class Weighted:
    """A real score, or a weighted mix of real scores (Law 12C1(c)).

    ``components`` holds ``(score, weight)`` pairs; the weights are positive
    and sum to exactly 1.  A plain score is one component of weight 1.

    Equal values are one object (``Weighted.of(420) is Weighted.of(420)``), as
    for :class:`Artificial` and :class:`Result`: a board groups its rows by
    identity, so a million equal rows are one group whoever made them.
    """

    components: tuple[tuple[int, Fraction], ...]

    def __new__(cls, components: tuple[tuple[int, Fraction], ...]) -> Weighted:
        return cast(Weighted, _interned(_SIDES, (cls, components), cls, components=components))

    def __reduce__(self) -> tuple[type[Weighted], tuple[tuple[tuple[int, Fraction], ...]]]:
        return (type(self), (self.components,))  # unpickled through __new__: interned

    @classmethod
    def of(cls, score: int) -> Weighted:
        """The plain score ``score``."""
        side = Result.of(score).ns
        assert isinstance(side, Weighted)
        return side

    @property
    def is_weighted(self) -> bool:
        """True when the score mixes more than one component."""
        return len(self.components) > 1

    def mean(self) -> Fraction:
        """The weighted mean of the component scores (in total points)."""
        return sum((w * s for s, w in self.components), Fraction(0))

    def negated(self) -> Weighted:
        """The same mix seen from the other side (scores negated)."""
        return Weighted(tuple((-s, w) for s, w in self.components))


_ONE = Fraction(1)


@dataclass(frozen=True, init=False)
class Artificial:
    """An artificial adjusted score: ``percent`` of the top (Law 12C2).

    ``label`` keeps how it was written (``A+``, ``A=``, ``A60``): ``str`` prints it
    back, so every output says what was typed and scored (``A60/40`` stays ``A60/40``
    when the club's Settings give A+ another percentage).  :attr:`code` is the average
    its label names (:class:`~xlbridge.codes.Code`); :meth:`average` the one a session
    settles by Law 12C2(c) under the night's A+ and A- percentages.
    """

    percent: Fraction
    label: str

    def __new__(cls, percent: Fraction, label: str) -> Artificial:
        return cast(
            Artificial, _interned(_SIDES, (cls, percent, label), cls, percent=percent, label=label)
        )

    def __reduce__(self) -> tuple[type[Artificial], tuple[Fraction, str]]:
        return (type(self), (self.percent, self.label))

    def __str__(self) -> str:
        return self.label

    @property
    def code(self) -> Code | None:
        """``A+``, ``A=`` or ``A-`` (Law 12C2(a)) when that code was typed, else ``None``
        (a percentage typed: ``A60``, ``A55``).

        >>> parse_result("A+/A-").ns.code, parse_result("A60/40").ns.code
        (Code.AVERAGE_PLUS, None)
        """
        return _BY_LABEL.get(self.label)

    def average(
        self, aplus: Fraction = AVERAGE_PLUS_PERCENT, aminus: Fraction = AVERAGE_MINUS_PERCENT
    ) -> Code | None:
        """The average this score is when the night's A+ is ``aplus`` and its A- ``aminus``
        percent of the top: the code typed (``A+`` scores ``aplus``, whatever it is), or
        the code whose percentage was typed (``A60`` is A+ while A+ is 60%: Law 12C2(c)
        settles it; with A+ at 65% it is a fixed 60%, no average).

        >>> side = parse_result("A60/40").ns
        >>> side.average(), side.average(Fraction(65), Fraction(35))
        (Code.AVERAGE_PLUS, None)
        """
        if self.label in _BY_LABEL:
            return _BY_LABEL[self.label]
        if self.percent == aplus:
            return Code.AVERAGE_PLUS
        if self.percent == aminus:
            return Code.AVERAGE_MINUS
        return Code.AVERAGE if self.percent == AVERAGE_PERCENT else None

    def percent_under(
        self, aplus: Fraction = AVERAGE_PLUS_PERCENT, aminus: Fraction = AVERAGE_MINUS_PERCENT
    ) -> Fraction:
        """The percentage of the top this score is when the night's A+ is ``aplus`` and its
        A- ``aminus``: theirs for the average it is (:meth:`average`, the rule a session
        settles it by), else its own (``A60`` is a fixed 60% while A+ is 65%).

        >>> plus, sixty = parse_result("A+/A-").ns, parse_result("A60/40").ns
        >>> [str(s.percent_under(Fraction(65), Fraction(35))) for s in (plus, sixty)]
        ['65', '60']
        """
        code = self.average(aplus, aminus)
        if code is Code.AVERAGE_PLUS:
            return aplus
        return aminus if code is Code.AVERAGE_MINUS else self.percent


# Law 12C2(a)'s percentages are written once, in xlbridge.codes (re-exported here).
AVERAGE_PLUS = Artificial(AVERAGE_PLUS_PERCENT, str(Code.AVERAGE_PLUS))
AVERAGE = Artificial(AVERAGE_PERCENT, str(Code.AVERAGE))
AVERAGE_MINUS = Artificial(AVERAGE_MINUS_PERCENT, str(Code.AVERAGE_MINUS))
#: Each average's side, by its code.
_AVERAGES = {
    Code.AVERAGE_PLUS: AVERAGE_PLUS,
    Code.AVERAGE: AVERAGE,
    Code.AVERAGE_MINUS: AVERAGE_MINUS,
}
_BY_LABEL = {side.label: code for code, side in _AVERAGES.items()}

Side = Weighted | Artificial


@dataclass(frozen=True, init=False)
class Result:
    """One table's result: what NS are scored with and what EW are scored with.

    On a normal board both sides hold the same :class:`Weighted` score (NS
    point of view).  A split (non-balancing) score holds different ones; an
    artificial score holds an :class:`Artificial` percentage on each side.
    Equal results are one object (see :class:`Weighted`).
    """

    ns: Side
    ew: Side

    def __new__(cls, ns: Side, ew: Side) -> Result:
        # Sides are interned, so equal results have the same sides; the sides are kept
        # alive by the result stored, so their ids stay theirs.
        return cast(Result, _interned(_RESULTS, (id(ns), id(ew)), cls, ns=ns, ew=ew))

    def __reduce__(self) -> tuple[type[Result], tuple[Side, Side]]:
        return (type(self), (self.ns, self.ew))

    @classmethod
    def of(cls, score: int) -> Result:
        """The plain NS score ``score``."""
        found = _PLAIN.get(score)
        if found is None:
            side = Weighted(((score, _ONE),))
            found = _PLAIN[score] = Result(side, side)
        return found

    @property
    def is_split(self) -> bool:
        """True when NS and EW are not scored with the same real score."""
        if isinstance(self.ns, Artificial) and isinstance(self.ew, Artificial):
            return False
        return self.ns != self.ew


@dataclass(frozen=True, init=False)
class NotCounted(Result):
    """An artificial score for a table at which the board was not played (``NP A60/0``).

    Its two pairs are scored with their percentages of the top, as any
    artificial score (Law 12C2), but the row is not a result on the board:
    like ``NP`` it is not in the number of results the board had (the board
    is played one time fewer: factored by Neuberg to the session's expected
    number, or, with no expected number given, scored with the top of its
    own results) nor in "max played".  This is the score of a pair absent
    from a round and of its would-be opponents (EBU White Book 2.4.5: Ave- or
    less, down to 0%, for the absent pair, Ave+ for the pair left without
    opponents), JFR Pary's ``60/0``.  Both sides are artificial.
    """

    def __new__(cls, ns: Side, ew: Side) -> NotCounted:
        if not (isinstance(ns, Artificial) and isinstance(ew, Artificial)):
            raise TypeError("a result that does not count has artificial scores on both sides")
        return cast(NotCounted, _interned(_RESULTS, (id(ns), id(ew), 0), cls, ns=ns, ew=ew))

    def __reduce__(self) -> tuple[type[Result], tuple[Side, Side]]:
        return (type(self), (self.ns, self.ew))


def counts_as_result(row: object) -> bool:
    """True when ``row`` is a result on its board: it counts in the number of results the
    board had (the Neuberg ``actual``, "max played").

    The one rule: a :class:`Result` does, a :class:`NotCounted` artificial score, ``NP``
    and a blank row do not.  :func:`count_results` counts a board's rows by it.

    >>> counts_as_result(parse_result("A60/40")), counts_as_result(parse_result("NP A60/0"))
    (True, False)
    """
    return type(row) is Result


def is_average(row: object) -> TypeGuard[Result]:
    """True when ``row`` is an average a TD gave that counts as a result: artificial on both
    sides (``A60/40``, ``A=``, ``A+/A-``), not yet ``NP``.

    >>> is_average(parse_result("A60/40")), is_average(parse_result("NP A60/40"))
    (True, False)
    """
    return type(row) is Result and isinstance(row.ns, Artificial) and isinstance(row.ew, Artificial)


def average_not_counted(row: Row) -> Row:
    """``row`` read as not a result on its board when it is an average (:func:`is_average`):
    ``A60/40`` as ``NP A60/40``; any other row as it is.

    The conventions that do not count a TD's average among the board's results
    (KoPS and JFR Pary at an absent pair's table, BBO everywhere) read the row so;
    :class:`~xlbridge.board.Board` then scores the real results among themselves.

    >>> format_result(average_not_counted(parse_result("A60/40")))  # printed as typed
    'NP A60/40'
    >>> average_not_counted(parse_result("420")) is parse_result("420")
    True
    """
    if is_average(row):
        return NotCounted(row.ns, row.ew)
    return row


def count_results(rows: Iterable[object]) -> int:
    """How many of ``rows`` count as results on their board (:func:`counts_as_result`),
    at C speed on a million rows."""
    return Counter(map(type, rows))[Result]


@dataclass(frozen=True)
class NotPlayed:
    """``NP``: the board was not played at this table; no score for either side."""

    def __repr__(self) -> str:
        return "NOT_PLAYED"

    def __str__(self) -> str:
        return str(Code.NOT_PLAYED)


NOT_PLAYED = NotPlayed()

#: What one traveller row parses to: a result, not played, or blank (``None``).
Row = Result | NotPlayed | None

#: Rulings by their ID (upper case), as :func:`parse_rulings` builds them.
Rulings = Mapping[str, Result]

_PERCENT = r"(?:\d+(?:\.\d*)?|\.\d+)"
_ART_PAIR = re.compile(r"^A(=|\+|-)(?:/A(=|\+|-))?$")
_ART_EXPLICIT = re.compile(rf"^A({_PERCENT})%?(?:/({_PERCENT})%?)?$")
#: Compscore's ``A6040`` (NS 60%, EW 40%: two digits each side, as USEBIO files carry it)
#: and JFR's ``60/40`` (percentages without the A).
_ART_COMPACT = re.compile(r"^A([0-9]{2})([0-9]{2})$")
_ART_BARE = re.compile(rf"^({_PERCENT})%?/({_PERCENT})%?$")
_RULING_REF = re.compile(r"^R\d+$", re.IGNORECASE)
_PLAIN_COMPONENT = re.compile(r"([0-9]{1,3})%\s+([+-]?[0-9]{0,3}[0-9]0)", re.ASCII)
_SPACES = re.compile(r"\s+")
_SPACED_PERCENT = re.compile(r"(?<=[0-9])\s+%")
_COMPONENT_BREAK = re.compile(r"[;\n]")
#: ``_PERCENTS[p]`` is p% as a fraction.
_PERCENTS = tuple(Fraction(p, 100) for p in range(101))


def parse_score(value: object, where: Place | str = "") -> int:
    """A real bridge score: a whole multiple of 10 no larger than 7600 either way.

    >>> parse_score("-50")
    -50
    >>> parse_score(420.0)
    420
    """
    try:
        number = parse_fraction(value)
    except ValueError:
        raise ResultCellError(f"{quote(value)} is not a score", where) from None
    if number.denominator != 1 or number % 10 != 0:
        raise ResultCellError(
            f"{quote(value)} is not a score (bridge scores are multiples of 10)", where
        )
    if abs(number) > MAX_SCORE:
        raise ResultCellError(
            f"{quote(value)} is not a possible bridge score "
            f"(scores lie between -{MAX_SCORE} and {MAX_SCORE})",
            where,
        )
    return int(number)


def parse_weight(value: object, where: Place | str = "") -> Fraction:
    """A weight as a fraction of 1: ``30%``, ``2/5``, ``0.3``, or a number.

    A number up to 1 is a fraction (Excel passes a cell formatted as 30% as
    0.3); a larger number is a percentage (``30`` means 30%).  A float that is
    a simple fraction to the last digit (``=1/3``, ``=2/3`` stored by Excel) is
    that fraction: every place weights enter (the workbook's Rulings, the
    Excel functions' rulings ranges and weights) reads them here.

    >>> parse_weight("30%"), parse_weight("2/5"), parse_weight(0.3), parse_weight(30)
    (Fraction(3, 10), Fraction(2, 5), Fraction(3, 10), Fraction(3, 10))
    """
    if excel_error_name(value):
        raise WeightError(excel_error(value), where)
    text = normalise_text(value) if isinstance(value, str) else value
    if isinstance(text, float) and (exact := simple_fraction(text)) is not None:
        text = exact  # =1/3 in Excel is the float nearest 1/3, which is what was meant
    try:
        if isinstance(text, str) and text.endswith("%"):
            weight = parse_fraction(text[:-1].strip()) / 100
        elif isinstance(text, str) and "/" in text:
            num, _, den = text.partition("/")
            weight = parse_fraction(num.strip()) / parse_fraction(den.strip())
        else:
            weight = parse_fraction(text)
            if weight > 1:
                weight /= 100
    except (ValueError, ZeroDivisionError):
        raise WeightError(f"{quote(value)} is not a weight (write 30% or 2/5)", where) from None
    if not 0 < weight <= 1:
        raise WeightError(f"weight {quote(value)} must be more than 0% and at most 100%", where)
    return weight


def parse_result(value: object, where: Place | str = "", rulings: Rulings | None = None) -> Row:
    """Parse one result cell into a :class:`Result`, :data:`NOT_PLAYED` or ``None``.

    ``where`` names the place for error messages (``"row 7"``); ``rulings``
    resolves references such as ``R7``.

    >>> parse_result(420) == Result.of(420)
    True
    >>> parse_result("A+/A-").ns
    Artificial(percent=Fraction(60, 1), label='A+')
    >>> parse_result("42O", "row 7")
    Traceback (most recent call last):
    ...
    xlbridge.errors.ResultCellError: row 7: '42O' is not a score
    """
    if is_blank(value):
        return None
    if excel_error_name(value):
        raise ResultCellError(excel_error(value), where)
    if not isinstance(value, str):
        return Result.of(parse_score(value, where))
    text = normalise_text(value)
    upper = _SPACES.sub("", text.upper())
    if Code.find(upper) is Code.NOT_PLAYED:
        return NOT_PLAYED
    if rulings is not None and upper in rulings:
        return rulings[upper]
    if upper.startswith(str(Code.NOT_PLAYED)):
        return _parse_not_counted(value, text, upper[2:], where)
    if _is_split(text):
        return _parse_split(value, text, where)
    if upper.startswith("A"):
        return _parse_artificial_pair(value, upper, where)
    bare = _ART_BARE.match(text)
    # '2/5' is a weight typed without its score, not 2% and 5%: a percentage pair has a side of 10+
    if bare and max(Fraction(bare.group(1)), Fraction(bare.group(2))) >= 10:
        ns = _artificial(bare.group(1), value, where)
        return Result(ns, _artificial(bare.group(2), value, where))
    if _RULING_REF.match(upper):
        if rulings is None:
            raise RulingError(
                f"{quote(value)} refers to a ruling, but no rulings range was given", where
            )
        raise RulingError(f"{quote(value)} refers to a ruling that is not in the rulings", where)
    side = _parse_weighted(value, text, where)
    return Result(side, side)


def _parse_not_counted(original: object, text: str, rest: str, where: Place | str) -> NotCounted:
    """``NP`` followed by an artificial score: ``NP A60/0``, ``NP 60/0``, ``NP A+/A-``."""
    if rest.startswith("A"):
        row = _parse_artificial_pair(original, rest, where, "NP ")
    else:
        bare = _ART_BARE.match(rest)
        if bare is None:
            raise ResultCellError(
                f"{quote(original)} is not a score: NP is followed by nothing, "
                "or by the artificial scores of the two pairs (NP A60/0 for an absent pair)",
                where,
            )
        ns = _artificial(bare.group(1), original, where)
        row = Result(ns, _artificial(bare.group(2), original, where))
    return NotCounted(row.ns, row.ew)


def _parse_weighted(original: object, text: str, where: Place | str) -> Weighted:
    text = _SPACED_PERCENT.sub("%", text)  # '30 % 1430' is '30% 1430'
    parts = [p.strip() for p in _COMPONENT_BREAK.split(text) if p.strip()]
    if len(parts) == 1 and not re.search(r"[%/]", parts[0]):
        if parts[0] == normalise_text(str(original)):
            return Weighted.of(parse_score(original, where))
        return Weighted.of(_in_cell(original, where, parse_score, parts[0]))
    percents: dict[int, int] = {}  # the usual '30% 1430; 70% -100': whole percentages
    for part in parts:
        plain = _PLAIN_COMPONENT.fullmatch(part)
        if plain is None:
            break
        percent, score = int(plain[1]), int(plain[2])
        if not percent or abs(score) > MAX_SCORE:
            break
        percents[score] = percents.get(score, 0) + percent
    else:
        if sum(percents.values()) == 100:  # else the general path below says what is wrong
            return Weighted(tuple((score, _PERCENTS[p]) for score, p in percents.items()))
    components: dict[int, Fraction] = {}
    for part in parts:
        match = re.match(r"^(\S+?%|\d+\s*/\s*\d+|\d*\.\d+)\s+(\S+)$", part)
        if not match:
            raise ResultCellError(
                f"{quote(original)} is not a score "
                "(a weighted score is written '30% 1430; 70% -100'; "
                f"{quote(part)} is not 'weight score')",
                where,
            )
        weight = _in_cell(original, where, parse_weight, match.group(1).replace(" ", ""))
        score = _in_cell(original, where, parse_score, match.group(2))
        components[score] = components.get(score, Fraction(0)) + weight
    total = sum(components.values(), Fraction(0))
    if total != 1:
        raise WeightError(
            f"the weights in {quote(original)} add up to {_percent(total)}, not 100%", where
        )
    return Weighted(tuple(components.items()))


def _in_cell(original: object, where: Place | str, parse: Callable[[str], T], part: str) -> T:
    """Parse one part of a cell, quoting the whole cell if the part is wrong."""
    try:
        return parse(part)
    except ScoringError as exc:
        raise exc.at(quote(original)).at(where) from exc  # the whole cell, then its place


def _percent(fraction: Fraction) -> str:
    value = fraction * 100
    return f"{value}%" if value.denominator == 1 else f"{float(value):.4g}%"


def _parse_side(original: object, text: str, where: Place | str) -> Side:
    upper = _SPACES.sub("", text.upper())
    code = Code.find(upper)
    if code is not None and code.is_average:
        return _AVERAGES[code]
    match = _ART_EXPLICIT.match(upper)
    if match and match.group(2) is None:
        return _artificial(match.group(1), original, where)
    if upper.startswith("A"):
        raise ResultCellError(
            f"{quote(original)}: {quote(text)} is not an artificial score for one side "
            "(expected A+, A=, A- or A60)",
            where,
        )
    return _parse_weighted(original, text, where)


def _is_split(text: str) -> bool:
    """True for a split score: sides apart (``|``), or one side named and scored (``NS: 680``)."""
    if "|" in text:
        return True
    named = LEADING.match(text)
    return named is not None and bool(text[named.end() :].strip(" :"))


def _split_part(original: object, part: str, where: Place | str) -> tuple[Direction, str]:
    """A split score's part: the side it names (Direction.parse's words) and its score."""
    named = LEADING.match(part)
    if named is not None:
        return Direction.parse(named.group(1)), part[named.end() :].strip().removeprefix(":")
    label, colon, _ = part.partition(":")
    if colon and label.strip():
        raise ResultCellError(
            f"{quote(original)} is not a split score: {quote(label.strip())} "
            f"is not a side (expected {DIRECTION_EXPECTED})",
            where,
        )
    raise ResultCellError(
        f"{quote(original)} is not a split score "
        f"(expected 'NS: 680 | EW: 1430'; {quote(part)} names no side)",
        where,
    )


def _parse_split(original: object, text: str, where: Place | str) -> Result:
    sides: dict[Direction, Side] = {}
    for part in (p.strip() for p in text.split("|")):
        side, score = _split_part(original, part, where)
        if side in sides:
            raise ResultCellError(f"{quote(original)} gives the {side.short} side twice", where)
        if not score.strip():
            raise ResultCellError(
                f"{quote(original)}: the {side.short} side of the split score is empty", where
            )
        sides[side] = _parse_side(original, score.strip(), where)
    missing = [side for side in Direction if side not in sides]
    if missing:
        raise ResultCellError(
            f"{quote(original)} is a split score without a score for {missing[0].short}", where
        )
    return Result(sides[Direction.NS], sides[Direction.EW])


def _artificial(percent_text: str, original: object, where: Place | str) -> Artificial:
    percent = Fraction(percent_text)
    if not 0 <= percent <= 100:
        raise ResultCellError(
            f"{quote(original)}: an artificial score is between 0% and 100% of the top", where
        )
    # A50 is A= (50% under any Settings); A60 stays A60, printed as typed, for A+ is the
    # Settings' percentage (Artificial.average)
    return (
        AVERAGE if percent == AVERAGE_PERCENT else Artificial(percent, f"A{decimal_text(percent)}")
    )


def _parse_artificial_pair(
    original: object, upper: str, where: Place | str, prefix: str = ""
) -> Result:
    """An artificial score of both sides (``prefix`` is what the cell has before it, for the
    examples of a message)."""
    if upper == "A=/A=" or Code.find(upper) is Code.AVERAGE:
        return Result(AVERAGE, AVERAGE)
    match = _ART_PAIR.match(upper)
    if match and match.group(2):
        ns, ew = (_AVERAGES[Code.parse("A" + sign)] for sign in match.groups())
        return Result(ns, ew)
    if match:
        raise ResultCellError(
            f"{quote(original)} is ambiguous: give both sides, "
            f"e.g. '{prefix}{upper}/A{'-' if match.group(1) == '+' else '+'}' or "
            f"'{prefix}{upper}/{upper}'",
            where,
        )
    match = _ART_EXPLICIT.match(upper)
    if match and match.group(2) is not None:
        ns = _artificial(match.group(1), original, where)
        return Result(ns, _artificial(match.group(2), original, where))
    match = _ART_COMPACT.match(upper)
    if match:
        ns = _artificial(match.group(1), original, where)
        return Result(ns, _artificial(match.group(2), original, where))
    raise ResultCellError(
        f"{quote(original)} is not a score or an artificial score "
        "(expected e.g. A=, A+/A-, A60/40)",
        where,
    )


def format_result(row: Row) -> str:
    """The cell text that :func:`parse_result` reads back as ``row``.

    >>> format_result(parse_result("NS: 30% 1430; 70% -100 | EW: A-"))
    'NS: 30% 1430; 70% -100 | EW: A-'
    """
    if row is None:
        return ""
    if isinstance(row, NotPlayed):
        return str(Code.NOT_PLAYED)
    if isinstance(row, NotCounted):
        return f"{Code.NOT_PLAYED} {format_result(Result(row.ns, row.ew))}"
    if isinstance(row.ns, Artificial) and isinstance(row.ew, Artificial):
        if row.ns == row.ew == AVERAGE:
            return str(Code.AVERAGE)
        if row.ns.code is not None and row.ew.code is not None:
            return f"{row.ns.code}/{row.ew.code}"
        return f"A{decimal_text(row.ns.percent)}/{decimal_text(row.ew.percent)}"
    if not row.is_split:
        return _format_side(row.ns)
    return f"NS: {_format_side(row.ns)} | EW: {_format_side(row.ew)}"


def _format_side(side: Side) -> str:
    if isinstance(side, Artificial):
        return str(side)
    if not side.is_weighted:
        return str(side.components[0][0])
    return "; ".join(f"{_format_weight(w)} {s}" for s, w in side.components)


def _format_weight(weight: Fraction) -> str:
    percent = weight * 100
    return f"{percent}%" if percent.denominator == 1 else str(weight)


def parse_rulings(
    rows: Iterable[Sequence[object]], where: Place | str = "rulings", *, placed: bool = False
) -> dict[str, Result]:
    """Read a rulings range (``ID | Side | Score | Weight | Note``) into results by ID.

    Rows with the same ID and side are the components of one weighted score;
    their weights must sum to exactly 100%.  Side is a direction, in the words
    :meth:`~xlbridge.direction.Direction.parse` reads (``NS``, ``N-S``,
    ``North-South``...), or blank (both).  A header row (first cell ``ID``) and
    blank rows are skipped.  ``where`` names the range in messages; ``placed``
    (a workbook's cells) has every message name it, the weights' sum too.

    >>> rulings = parse_rulings([["ID", "Side", "Score", "Weight", "Note"],
    ...                          ["R1", "", 620, 0.4, "4S made"],
    ...                          ["R1", "", -100, 0.6, "4S-1"]])
    >>> format_result(rulings["R1"])
    '40% 620; 60% -100'
    """
    parts: dict[str, dict[str, list[tuple[object, object, str]]]] = {}
    for index, raw in enumerate(rows, start=1):
        cells = [*raw, None, None, None, None][:4]
        ident, side, score, weight = cells
        if index == 1 and isinstance(ident, str) and ident.strip().upper() == "ID":
            continue
        if all(is_blank(c) for c in cells):
            continue
        here = f"{where} row {index}"
        if is_blank(ident) or is_blank(score):
            got = ", ".join(quote(cell) for cell in cells)
            raise RulingError(f"{here}: a ruling needs an ID and a score (got {got})")
        key = normalise_text(str(ident)).upper()
        side_key = "" if is_blank(side) else _ruling_direction(side, here).short
        parts.setdefault(key, {}).setdefault(side_key, []).append((score, weight, here))
    total_at = where if placed else ""
    return {key: _ruling(key, sides, where, total_at) for key, sides in parts.items()}


def _ruling_direction(side: object, where: Place | str) -> Direction:
    """A ruling's Side (Direction.parse's words), refused at ``where`` as a ruling's error."""
    try:
        return Direction.parse(side)
    except ScoringError:
        raise RulingError(f"side {quote(side)} is not {RULING_SIDES}", where) from None


def one_sided_ruling(key: str, side: str, rows: int) -> str:
    """What to say of ruling ``key`` whose ``rows`` all give ``side`` (``NS`` or ``EW``).

    Side says whose score a row is: blank, both sides'; NS or EW, one side's in a
    split ruling, which needs the other side's score on rows of its own.

    >>> one_sided_ruling("R1", "NS", 2)
    'both rows of ruling R1 give NS: leave Side blank when the score is the same for both sides, or give EW on one row'
    """  # noqa: E501
    other = "EW" if side == "NS" else "NS"
    if rows == 1:
        what, fix = f"the one row of ruling {key} gives {side}", f"add a row giving {other}"
    elif rows == 2:
        what, fix = f"both rows of ruling {key} give {side}", f"give {other} on one row"
    else:
        what = f"all {rows} rows of ruling {key} give {side}"
        fix = f"give {other} on the rows of the {other} score"
    return f"{what}: leave Side blank when the score is the same for both sides, or {fix}"


def _ruling(
    key: str,
    sides: dict[str, list[tuple[object, object, str]]],
    where: Place | str,
    total_at: Place | str,
) -> Result:
    if "" in sides and len(sides) > 1:
        raise RulingError(f"ruling {quote(key)} has rows for both sides and for one side", where)
    if "" in sides:
        side = _ruling_side(key, sides[""], total_at, both=True)
        if isinstance(side, Result):
            return side
        return Result(side, side)
    if len(sides) == 1:
        ((only, rows),) = sides.items()
        raise RulingError(f"{one_sided_ruling(key, only, len(rows))}", where)
    ns, ew = (_ruling_side(key, sides[s], total_at, both=False) for s in ("NS", "EW"))
    assert not isinstance(ns, Result) and not isinstance(ew, Result)
    return Result(ns, ew)


def _ruling_side(
    key: str, components: list[tuple[object, object, str]], total_at: Place | str, both: bool
) -> Side | Result:
    if len(components) == 1 and isinstance(components[0][0], str):
        score, weight, here = components[0]
        text = normalise_text(str(score)).upper().replace(" ", "")
        if text.startswith("A"):
            if not is_blank(weight) and parse_weight(weight, here) != 1:
                raise WeightError(
                    f"{here}: an artificial score takes no weight (got {quote(weight)})"
                )
            return (
                _parse_artificial_pair(score, text, here)
                if both
                else _parse_side(score, text, here)
            )
    mix: dict[int, Fraction] = {}
    for score, weight, here in components:
        value = parse_score(score, here)
        share = Fraction(1) if is_blank(weight) else parse_weight(weight, here)
        mix[value] = mix.get(value, Fraction(0)) + share
    total = sum(mix.values(), Fraction(0))
    if total != 1:
        what = f"ruling {quote(key)}: the weights add up to {_percent(total)}, not 100%"
        raise WeightError(what, total_at)
    return Weighted(tuple(mix.items()))
