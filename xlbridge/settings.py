"""How an event is scored: every setting's choices and limits, checked in one place.

:class:`Settings` holds the settings of an event.  Whatever builds one (the
workbook reader from the Settings sheet, a Python caller, the Excel
functions from their arguments) gets every value parsed and checked here,
with one message per bad value that names where it came from and shows the
value as it was typed::

    Settings!B12: the A+ percent must be a percentage from 50 to below 100, not 45%
    aplus must be a percentage from 50 to below 100, not 45%

The choices are enums whose values are the words a user types
(``matchpoints``, ``cross-imps``, ``one field``); :meth:`Choice.parse`
ignores case, spaces, hyphens and underscores.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import Enum, IntEnum
from fractions import Fraction
from typing import Any, TypeVar

from xlbridge.errors import ScoringError, SettingsError
from xlbridge.exact import decimal_text, is_blank, normalise_text, parse_fraction, quote
from xlbridge.places import Place
from xlbridge.result import AVERAGE_MINUS_PERCENT, AVERAGE_PLUS_PERCENT

__all__ = [
    "MOST",
    "AvplusMethod",
    "Choice",
    "CrossDivisor",
    "MasterPointBody",
    "Ranking",
    "Scale",
    "ScoringConvention",
    "ScoringForm",
    "Settings",
    "SmallVersions",
    "UnequalBoards",
    "parse_master_point_body",
    "parse_setting",
    "parse_yes_no_flag",
    "shown",
]

C = TypeVar("C", bound="Choice")


class Choice(str, Enum):
    """A setting with named choices; the value is the word a user types."""

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def parse(cls: type[C], text: object) -> C:
        """The choice named by ``text``: case, spaces, hyphens and underscores are ignored.

        >>> ScoringForm.parse("Cross IMPs")
        <ScoringForm.CROSS_IMPS: 'cross-imps'>
        """
        if isinstance(text, cls):
            return text
        key = _key(text)
        for member in cls:
            if key == _key(member.value):
                return member
        raise ScoringError(f"{shown(text)} is not one of {cls.choices()}")

    @classmethod
    def choices(cls) -> str:
        """The choices as a message lists them: ``'total', 'comparisons' or 'scores'``."""
        names = [f"'{member.value}'" for member in cls]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _key(text: object) -> str:
    return "".join(ch for ch in normalise_text(str(text)).lower() if ch.isalnum())


class ScoringForm(Choice):
    """How boards are scored across the field."""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"


class UnequalBoards(Choice):
    """How a board with fewer results than expected is brought to the same top."""

    NEUBERG = "neuberg"  # the Neuberg formula, the default
    RATIO = "ratio"  # matchpoints x expected/actual (the multi-club rescoring document)


class SmallVersions(Choice):
    """How a fouled-board version with very few results (1 to 3) is treated.

    ``ebu`` is the EBU White Book rule (4.2.3.3, "small sub-fields"): a version
    of at most three results that is also at most a third of the board's
    expected results is not factored; each side scores
    ``60% + (M - (A - 1)) x 5%`` of the top, where ``M`` is its matchpoints
    within the version (2 per result beaten) and ``A`` the version's results:
    65%/55% for two results, 70% down to 50% for three, 60% for one.  Each
    table's two sides sum to 120% (average-plus each), compensation for the
    missing comparison.
    """

    NEUBERG = "neuberg"  # factor it like any other version (the default)
    AVERAGE = "average"  # give every pair in a version of 1 to 3 results 50% (A=)
    EBU = "ebu"  # EBU White Book 4.2.3.3: 60% + 5% per matchpoint above the version's average


class Ranking(Choice):
    """Which pairs are ranked together."""

    AUTO = "auto"  # by direction when no pair changed direction (Mitchell), else one field
    ONE_FIELD = "one field"  # every pair in one ranking (Howell)
    BY_DIRECTION = "by direction"  # NS pairs and EW pairs ranked apart (Mitchell)


class AvplusMethod(Choice):
    """How the actual percentage that decides A+ and A- boards is computed (Law 12C2(c)).

    >>> AvplusMethod.parse(" Magic ")
    <AvplusMethod.MAGIC: 'magic'>
    """

    MAINSTREAM = "mainstream"
    MAGIC = "magic"


class CrossDivisor(Choice):
    """What a cross-IMP total is divided by: nothing, the comparisons or the scores."""

    TOTAL = "total"
    COMPARISONS = "comparisons"
    SCORES = "scores"

    def divisor(self, expected: int) -> int:
        """The divisor on a board of ``expected`` results (1 rather than 0 comparisons)."""
        if self is CrossDivisor.COMPARISONS:
            return max(expected - 1, 1)
        return expected if self is CrossDivisor.SCORES else 1


class MasterPointBody(Choice):
    """The national body whose published rule computes each pair's master points.

    The ABF's (:mod:`xlbridge.masterpoints`: its rule was found and checked on
    real files) and the ACBL's open club game section awards, as far as the
    Handbook's text read states them.  The EBU's scales were not found whole, so
    they are refused by name.
    """

    ABF = "ABF"
    ACBL = "ACBL"


#: The bodies a club may name whose award scales are not computed (yet).
_UNCOMPUTED_BODIES = {"ebu": "the EBU"}


def parse_master_point_body(value: object) -> MasterPointBody | None:
    """The body named by a Settings cell: ``ABF``, ``ACBL``, or ``None`` when blank.

    >>> parse_master_point_body(" abf "), parse_master_point_body("")
    (<MasterPointBody.ABF: 'ABF'>, None)
    >>> try:
    ...     parse_master_point_body("EBU")
    ... except ScoringError as exc:
    ...     print(str(exc)[:44])
    master points by the EBU's scales are not co
    """
    if is_blank(value):
        return None
    body = _UNCOMPUTED_BODIES.get(_key(value))
    if body:
        raise ScoringError(
            f"master points by {body}'s scales are not computed: leave the master point body "
            "blank and type each pair's award on the Pairs sheet"
        )
    try:
        return MasterPointBody.parse(value)
    except ScoringError:
        raise ScoringError(
            f"the master point body must be ABF, ACBL or blank (none), not {shown(value)}"
        ) from None


class Scale(IntEnum):
    """Matchpoints per result beaten: 2 (Law 78A, the EBU and most of the world) or 1 (ACBL)."""

    TWO = 2
    ONE = 1

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def parse(cls, value: object) -> Scale:
        """``2`` or ``1`` (a whole number, or its text)."""
        if isinstance(value, Scale):
            return value
        number = _number(value)
        for member in cls:
            if number == member.value:
                return member
        raise ScoringError(f"{shown(value)} is not 2 or 1")


class ScoringConvention(Choice):
    """Whose printed figures a pairs event follows, where scoring programs differ.

    ``xlbridge`` (the default, a blank cell): the settings as they are.
    ``ACBL`` (ACBLscore, North America), matchpoints only: 1 matchpoint a result
    beaten and half a tie (the scale is 1), boards with fewer results factored by
    Neuberg; every pair's total scaled to the section's boards (the boards any pair
    of the event has a score on: x 26/24 for a pair who played 24 of 26), printed to
    two decimals, and its percentage that printed total over the top times the
    section's boards; the ranking is on that percentage.
    ``KoPS`` (KoPS and JFR Pary, Poland): a pair with no real result all session (every
    row of its an average or ``NP``) is absent: it is not ranked, and the average typed
    at its table (``A60/40``) is not a result on the board but read as ``NP A60/40``
    (:func:`~xlbridge.result.average_not_counted`): the board's real results are
    compared among themselves, the pair at the table gets its percentage of that top.
    An average where both pairs were there (``A+/A+``) stays a result.
    ``BBO`` (Bridge Base Online): every average (a row artificial on both sides) is
    read so: the real results among themselves, each average its percentage of their
    top (3 IMPs per 10% in IMPs).

    >>> ScoringConvention.parse("acbl"), ScoringConvention.parse("kops")
    (<ScoringConvention.ACBL: 'ACBL'>, <ScoringConvention.KOPS: 'KoPS'>)
    """

    XLBRIDGE = "xlbridge"
    ACBL = "ACBL"
    KOPS = "KoPS"
    BBO = "BBO"


def shown(value: object) -> str:
    """A cell value as a message shows it (:func:`xlbridge.exact.quote`): text quoted, numbers
    as decimals, TRUE/FALSE, a date in words.

    >>> shown("magic"), shown(0.6), shown(Fraction(1, 3)), shown(True)
    ("'magic'", '0.6', '1/3', 'TRUE')
    """
    return quote(value)


# --- the settings -----------------------------------------------------------------------------


class _Bad(Exception):
    """A value a setting refuses: ``requirement`` says what it must be, ``tail`` how it was."""

    def __init__(self, requirement: str, tail: str = "") -> None:
        super().__init__(requirement)
        self.requirement = requirement
        self.tail = tail


def _number(value: object) -> Fraction:
    if isinstance(value, str):
        value = normalise_text(value)
    return parse_fraction(value)


def _choice(cls: type[C]) -> Callable[[object], C]:
    def parse(value: object) -> C:
        try:
            return cls.parse(value)
        except ScoringError:
            raise _Bad(cls.choices()) from None

    return parse


def _scale(value: object) -> Scale:
    try:
        return Scale.parse(value)
    except (ScoringError, ValueError):
        raise _Bad("2 or 1") from None


#: The largest whole number a setting or a function's count may be (results per board,
#: results trimmed, points a datum is rounded to): a hundred times Excel's rows, far below
#: a number such as 1E+300 that is no count at all.
MOST = 100_000_000


def _whole(low: int) -> Callable[[object], int]:
    def parse(value: object) -> int:
        try:
            number = _number(value)
        except ValueError:
            number = None
        if number is None or number.denominator != 1 or number < low:
            raise _Bad(f"a whole number from {low}")
        if number > MOST:  # 1e300 is a whole number to Python, and no field's size
            raise _Bad(f"a whole number from {low} to {MOST:,}")
        return int(number)

    return parse


def _expected(value: object) -> int | None:
    if value is None or (isinstance(value, str) and _key(value) == "maxplayed"):
        return None
    try:
        return _whole(1)(value)
    except _Bad as bad:
        raise _Bad(f"'max played' or {bad.requirement}") from None


def _percent(requirement: str, allowed: Callable[[Fraction], bool]) -> Callable[[object], Fraction]:
    """A percentage level: 60 or '60%' (not 0.6, which is 0.6%)."""

    def parse(value: object) -> Fraction:
        text = normalise_text(value) if isinstance(value, str) else value
        if isinstance(text, str) and text.endswith("%"):
            text = text[:-1].strip()
        try:
            level = _number(text)
        except ValueError:
            raise _Bad(requirement) from None
        if allowed(level):
            return level
        if 0 < level <= 1:  # a percentage typed as a fraction of 1
            percent = decimal_text(level * 100)
            raise _Bad(requirement, f" ({percent} for {percent}%, not {shown(value)})")
        raise _Bad(requirement)

    return parse


#: What a Yes/No setting takes: a yes or a no as a word or its letter, any case, spaces
#: around it ignored (TRUE and FALSE as Excel shows a true/false cell).  Nothing else: not
#: ``Y?``, ``yes please``, ``Maybe`` or a number.
_YES = frozenset({"yes", "y", "true"})
_NO = frozenset({"no", "n", "false"})


def _yes_no(value: object) -> bool:
    if isinstance(value, bool):
        return value
    word = normalise_text(value).strip().lower() if isinstance(value, str) else None
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise _Bad("Yes or No")


def parse_yes_no_flag(value: object) -> str:
    """The Master points awarded setting as USEBIO's MPS_AWARDED_FLAG: ``Y``, ``N``, or
    ``''`` for a blank cell; anything but a yes or a no is refused.

    >>> parse_yes_no_flag(" yes "), parse_yes_no_flag(False), parse_yes_no_flag(None)
    ('Y', 'N', '')
    >>> try:
    ...     parse_yes_no_flag("Y?")
    ... except ScoringError as exc:
    ...     print(exc)
    the master points awarded setting must be Yes or No, not 'Y?'
    """
    if is_blank(value):
        return ""
    try:
        return "Y" if _yes_no(value) else "N"
    except _Bad as bad:
        raise ScoringError(
            f"the master points awarded setting must be {bad.requirement}, not {shown(value)}"
        ) from None


@dataclass(frozen=True)
class _Field:
    """One setting: its name in messages and how its value is read."""

    label: str
    parse: Callable[[object], Any]
    percent: bool = False  # show a bad number as a percentage


_APLUS = _percent("a percentage from 50 to below 100", lambda p: 50 <= p < 100)
_AMINUS = _percent("a percentage above 0 and at most 50", lambda p: 0 < p <= 50)

_FIELDS: dict[str, _Field] = {
    "form": _Field("scoring form", _choice(ScoringForm)),
    "scale": _Field("matchpoints per result beaten", _scale),
    "expected": _Field("expected results per board", _expected),
    "unequal": _Field("method for boards with fewer results", _choice(UnequalBoards)),
    "avplus_method": _Field("A+/A- method", _choice(AvplusMethod)),
    "aplus": _Field("A+ percent", _APLUS, percent=True),
    "aminus": _Field("A- percent", _AMINUS, percent=True),
    "trim": _Field("number of results Butler drops from each end", _whole(0)),
    "datum_round": _Field("Butler datum rounding", _whole(0)),
    "datum_real_results": _Field("Butler datum of the real results setting", _yes_no),
    "cross_divide_by": _Field("cross-IMP divisor", _choice(CrossDivisor)),
    "factor_fewer_boards": _Field("factor fewer boards setting", _yes_no),
    "small_versions": _Field("rule for small fouled versions", _choice(SmallVersions)),
    "ranking": _Field("ranking", _choice(Ranking)),
    "convention": _Field("convention", _choice(ScoringConvention)),
}


def parse_setting(name: str, value: object, source: Place | str = "", argument: str = "") -> Any:
    """The value of setting ``name`` (a :class:`Settings` field) read from ``value``.

    A bad value raises :class:`~xlbridge.errors.SettingsError` whose message
    names ``source`` (a cell, ``Settings!B9``) or ``argument`` (a function's
    argument, ``aplus``) and shows the value as typed.

    >>> for name, value, where, argument in [("scale", 3, "Settings!B6", ""),
    ...                                      ("aplus", 0.6, "", "aplus")]:
    ...     try:
    ...         parse_setting(name, value, where, argument)
    ...     except SettingsError as exc:
    ...         print(exc)
    Settings!B6: the matchpoints per result beaten must be 2 or 1, not 3
    aplus must be a percentage from 50 to below 100 (60 for 60%, not 0.6)
    >>> parse_setting("cross_divide_by", "Comparisons")
    <CrossDivisor.COMPARISONS: 'comparisons'>
    """
    spec = _FIELDS[name]
    try:
        return spec.parse(value)
    except _Bad as bad:
        value_text = shown(value)
        if spec.percent and not isinstance(value, (str, bool)) and value_text[-1:].isdigit():
            value_text += "%"
        tail = bad.tail or f", not {value_text}"
        if argument:
            message = f"{argument} must be {bad.requirement}{tail}"
        else:
            where = f"{source}: " if source else ""
            message = f"{where}the {spec.label} must be {bad.requirement}{tail}"
        raise SettingsError(message, ((name, message),)) from None


@dataclass(frozen=True)
class Settings:
    """How an event is scored.  Every field has the default a club would expect.

    ``expected``: the number of results each board should have; ``None``
    means the most times any board was played ("max played").
    ``factor_fewer_boards``: scale the total of a pair that played fewer boards
    up to the most played in its field (e.g. 24/21): Butler and cross-IMPs
    rank on it; in matchpoints it is the total Compscore3 publishes (the
    ranking stays on the percentage).
    ``ranking``: which pairs are ranked together (see :class:`Ranking`).
    ``datum_real_results``: a Butler datum over the board's real results only,
    as they are (a board with fewer results is not factored up before ``trim``
    results are dropped from each end), as Compscore3 publishes BOARD_AVERAGE.

    Every value is read by :func:`parse_setting` when the settings are made,
    so ``Settings(scale=1, cross_divide_by="Comparisons")`` holds
    :class:`Scale` and :class:`CrossDivisor` members, and a bad value raises
    :class:`~xlbridge.errors.SettingsError` at once, naming every bad value.

    >>> Settings(scale="1", aplus="65%").aplus
    Fraction(65, 1)
    """

    form: ScoringForm = ScoringForm.MATCHPOINTS
    scale: Scale = Scale.TWO
    expected: int | None = None
    unequal: UnequalBoards = UnequalBoards.NEUBERG
    avplus_method: AvplusMethod = AvplusMethod.MAINSTREAM
    aplus: Fraction = AVERAGE_PLUS_PERCENT
    aminus: Fraction = AVERAGE_MINUS_PERCENT
    trim: int = 0
    datum_round: int = 10
    cross_divide_by: CrossDivisor = CrossDivisor.TOTAL
    factor_fewer_boards: bool = False
    small_versions: SmallVersions = SmallVersions.NEUBERG
    ranking: Ranking = Ranking.AUTO
    datum_real_results: bool = False
    convention: ScoringConvention = ScoringConvention.XLBRIDGE

    def __post_init__(self) -> None:
        problems: list[tuple[str, str]] = []
        for spec in fields(self):
            try:
                value = parse_setting(spec.name, getattr(self, spec.name))
            except SettingsError as exc:
                problems.extend(exc.problems)
            else:
                object.__setattr__(self, spec.name, value)
        if not problems and self.convention is ScoringConvention.ACBL:
            object.__setattr__(self, "scale", Scale.ONE)  # the convention's scale
            problems.extend(_acbl_conflicts(self, {}))
        if problems:
            raise SettingsError("\n".join(message for _, message in problems), tuple(problems))

    @classmethod
    def parse(
        cls, values: Mapping[str, object], sources: Mapping[str, Place | str] | None = None
    ) -> Settings:
        """Settings from typed values by field name; a blank value keeps the default.

        ``sources`` names where each value came from (``Settings!B9``).  Every
        bad value is reported, one a line, in one
        :class:`~xlbridge.errors.SettingsError`; its ``problems`` pair each
        field name with its message, so a caller can carry on without them.
        """
        where = sources or {}
        parsed: dict[str, Any] = {}
        problems: list[tuple[str, str]] = []
        for name, value in values.items():
            if name not in _FIELDS:
                raise KeyError(name)
            if is_blank(value):
                continue
            try:
                parsed[name] = parse_setting(name, value, where.get(name, ""))
            except SettingsError as exc:
                problems.extend(exc.problems)
        if parsed.get("convention") is ScoringConvention.ACBL:
            if parsed.get("scale", Scale.ONE) is not Scale.ONE:
                problems.append(("scale", _acbl_message("scale", parsed["scale"], where)))
            problems.extend(_acbl_conflicts(cls(**_without_acbl(parsed)), where))
        if problems:
            raise SettingsError("\n".join(message for _, message in problems), tuple(problems))
        return cls(**parsed)


#: What the ACBL convention decides, by field: the value it needs and what it says.
_ACBL_NEEDS: dict[str, tuple[object, str]] = {
    "form": (ScoringForm.MATCHPOINTS, "is for matchpoint pairs"),
    "scale": (Scale.ONE, "scores 1 matchpoint a result beaten and half a tie"),
    "unequal": (UnequalBoards.NEUBERG, "factors boards with fewer results by Neuberg"),
    "factor_fewer_boards": (False, "scales every total to the section's boards itself"),
}
_ACBL_FIX = {
    "form": "choose matchpoints",
    "scale": "type 1",
    "unequal": "choose neuberg",
    "factor_fewer_boards": "choose No",
}


def _acbl_message(name: str, value: object, where: Mapping[str, Place | str]) -> str:
    """The message refusing setting ``name``'s ``value`` beside the ACBL convention."""
    said = _ACBL_NEEDS[name][1]
    cell = where.get(name, "")
    convention = where.get("convention", "")
    if isinstance(value, bool):
        value_text = "Yes" if value else "No"
    elif isinstance(value, Enum):
        value_text = shown(str(value)) if isinstance(value, Choice) else str(value)
    else:
        value_text = shown(value)
    at = f" ({convention})" if convention else ""
    head = f"{cell}: " if cell else ""
    return (
        f"{head}the ACBL convention{at} {said}, so the {_FIELDS[name].label} cannot be "
        f"{value_text}: {_ACBL_FIX[name]}, or leave the convention blank"
    )


def _without_acbl(parsed: Mapping[str, Any]) -> dict[str, Any]:
    """``parsed`` without the convention (the other settings, to check against it)."""
    return {name: value for name, value in parsed.items() if name != "convention"}


def _acbl_conflicts(settings: Settings, where: Mapping[str, Place | str]) -> list[tuple[str, str]]:
    """Every setting of ``settings`` that the ACBL convention decides otherwise."""
    return [
        (name, _acbl_message(name, getattr(settings, name), where))
        for name, (needed, _) in _ACBL_NEEDS.items()
        if name != "scale" and getattr(settings, name) != needed
    ]
