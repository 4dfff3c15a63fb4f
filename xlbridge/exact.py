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

import datetime
import math
import re
import sys
import unicodedata
from fractions import Fraction
from numbers import Rational

from xlbridge.errors import ScoringError

__all__ = [
    "DECORATED_DIGITS",
    "EXCEL_ERRORS",
    "NumberError",
    "decimal_text",
    "excel_error",
    "excel_error_name",
    "excel_shown",
    "format_date",
    "is_blank",
    "normalise_text",
    "parse_date",
    "parse_fraction",
    "parse_percent",
    "plain_text",
    "plural",
    "quote",
    "round_half_away",
    "shown_text",
    "simple_fraction",
    "to_float",
    "two_readings",
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
    forms (NFKC); digits of other scripts are left alone, and are not numbers,
    nor are superscript, subscript, circled or otherwise decorated digits
    (``²²0``, ``④②⓪``), which NFKC alone would turn into plain ones.

    >>> normalise_text("\\u221250 ")
    '-50'
    >>> normalise_text("\\uff14\\uff12\\uff10"), normalise_text("\\u00b2\\u00b20")
    ('420', '\u00b2\u00b20')
    """
    if not text.isascii():
        pieces = _DECORATED.split(text)
        text = "".join(
            piece if index % 2 else unicodedata.normalize("NFKC", piece)
            for index, piece in enumerate(pieces)
        )
    return text.translate(_MINUS_TABLE).strip()


#: Every character NFKC turns into plain digits but a full-width digit: superscripts,
#: subscripts, circled, parenthesised and mathematical digits (a test recomputes it).
DECORATED_DIGITS = (
    "\u00b2-\u00b3\u00b9\u2070\u2074-\u2079\u2080-\u2089\u2460-\u249b\u24ea\u3251-\u325f"
    "\u32b1-\u32bf\u3378-\u3379\u339f-\u33a6\U0001d7ce-\U0001d7ff\U0001f100-\U0001f10a"
    "\U0001fbf0-\U0001fbf9"
)
_DECORATED = re.compile(f"([{DECORATED_DIGITS}]+)")


class NumberError(ValueError):
    """A value that is not the number asked for: ``value`` is what was read (the value
    the words quote) and ``what`` the words, made once; ``readings`` is true when the
    value could mean two numbers (a percentage typed as 0.4: 0.4% or 40%).

    A caller that read ``value`` out of a cell compares it with the cell's (a ``'4O'``
    read from ``'4O%'``) instead of looking for it in the words.

    >>> error = NumberError("'4O' is not a number", "4O")
    >>> str(error), error.value, error.readings
    ("'4O' is not a number", '4O', False)
    """

    def __init__(self, what: str, value: object, readings: bool = False) -> None:
        super().__init__(what)
        self.what = what
        self.value = value
        self.readings = readings

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.what, self.value, self.readings))


def parse_fraction(value: object) -> Fraction:
    """An exact rational from a cell value: an int, a float (by its shortest text) or decimal text.

    Raises :class:`NumberError` (a :class:`ValueError`, without location; callers add
    it) for anything else, including booleans, NaN and infinities.

    >>> parse_fraction(0.3)
    Fraction(3, 10)
    >>> parse_fraction("-2.5")
    Fraction(-5, 2)
    """
    if isinstance(value, bool):
        raise NumberError(f"{quote(value)} is a true/false value, not a number", value)
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise NumberError(f"{quote(value)} is not a finite number", value)
        return Fraction(repr(value))
    if isinstance(value, Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, str):
        text = normalise_text(value)
        if _DECIMAL.match(text):
            return Fraction(text)
        raise NumberError(f"{quote(value)} is not a number", value)
    raise NumberError(f"{quote(value)} is not a number", value)


def parse_percent(value: object, percent_format: bool | None = None) -> Fraction:
    """A percentage as its number of percent (40 for 40%), from what a cell holds.

    Text may end in ``%`` (``'40%'``); a number is a number of percent,
    except in a cell formatted as a percentage (``percent_format``), where
    Excel stores 40% as 0.4.  A number strictly between -1 and 1 (but 0) in a
    cell not so formatted (``False``), or whose format is unknown (``None``: a
    function's argument), could mean either: it is refused, with both readings
    (a :class:`NumberError` whose ``readings`` is true).

    >>> parse_percent(40), parse_percent("40%"), parse_percent(0.4, percent_format=True)
    (Fraction(40, 1), Fraction(40, 1), Fraction(40, 1))
    >>> parse_percent(0.4)
    Traceback (most recent call last):
    ...
    xlbridge.exact.NumberError: 0.4 could mean 0.4% or 40%: type 40% (or 0.4%)
    """
    if isinstance(value, str):
        text = normalise_text(value)
        if text.endswith("%"):
            return parse_fraction(text[:-1].strip())
        return parse_fraction(text)
    number = parse_fraction(value)
    if percent_format:
        return number * 100
    if 0 < abs(number) < 1:
        raise NumberError(
            f"{quote(value)} could mean {decimal_text(number)}% or {decimal_text(number * 100)}%: "
            f"type {decimal_text(number * 100)}% (or {decimal_text(number)}%)",
            value,
            readings=True,
        )
    return number


def simple_fraction(value: float, largest: int = 1000) -> Fraction | None:
    """The fraction with a denominator up to ``largest`` whose float is ``value`` exactly.

    ``=1/3`` in Excel is the float 0.3333333333333333, which is not 1/3;
    to the last digit Excel keeps, though, it is only 1/3.

    >>> simple_fraction(1 / 3), simple_fraction(2 / 3), simple_fraction(0.3)
    (Fraction(1, 3), Fraction(2, 3), Fraction(3, 10))
    >>> simple_fraction(0.1234) is None
    True
    """
    if not math.isfinite(value):
        return None
    candidate = Fraction(value).limit_denominator(largest)
    return candidate if float(candidate) == value else None


def whole_number(value: object) -> int:
    """An exact whole number from a cell value; 3.5 or '3.5' is refused, not rounded.

    >>> whole_number(12.0)
    12
    """
    number = parse_fraction(value)
    if number.denominator != 1:
        raise ValueError(f"{quote(value)} is not a whole number")
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
    # floor(|value| / unit + 1/2) in whole numbers: n/d over p/q is n*q / (d*p)
    n, d = value.numerator, value.denominator
    p, q = unit.numerator, unit.denominator
    whole = (2 * abs(n) * q + d * p) // (2 * d * p)
    return Fraction(whole) * unit * (1 if n >= 0 else -1)


#: The control characters no workbook can hold (XML 1.0 has no way to write them).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def plain_text(text: str, where: str) -> str:
    """``text`` as it is, or a :class:`ScoringError` at ``where`` if it holds a control character.

    A name or title read from a file (a PBN tag, a Bridgemate player) or typed on the
    command line goes into a workbook; a control character (code 1 to 31 but tab and
    line breaks) cannot, and is named rather than dropped without a word.

    >>> plain_text("Tuesday Pairs", "--event")
    'Tuesday Pairs'
    """
    found = _CONTROL.search(text)
    if found is None:
        return text
    shown = _CONTROL.sub("?", text)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    raise ScoringError(
        f"'{shown}' holds a control character (code {ord(found.group())}, shown "
        "as ?) that a workbook cannot hold: remove it",
        where,
    )


def to_float(value: Fraction | int | None) -> float | None:
    """The float Excel shows for an exact value (``None`` stays blank)."""
    return None if value is None else float(value)


def quote(value: object, limit: int = 60) -> str:
    """A cell value for a message, as the person who typed it sees it, shortened past ``limit``.

    Text is in single quotes, an apostrophe inside as typed; a character nobody
    sees, or that would break the message's line, is named in square brackets
    (:func:`shown_text`).  Numbers are written plainly (a whole float without its
    ``.0``, an exact fraction as a decimal or ``n/d``); a blank cell, a
    true/false value and a date are said in words, never as Python writes
    them.  A huge number cannot even be turned into text past 4300 digits, so
    this never fails.  Shortened text is never cut inside a named character.

    >>> quote("4H"), quote(12.0), quote(Fraction(3, 5)), quote(Fraction(1, 3)), quote(None)
    ("'4H'", '12', '0.6', '1/3', 'a blank cell')
    >>> print(quote("O'Brien"), quote("4H\\n"), quote("a\\u200bb"), quote("a\\x07b"))
    'O'Brien' '4H[line break]' 'a[zero-width space]b' 'a[character 7]b'
    >>> import datetime
    >>> quote(datetime.datetime(2025, 5, 2)), quote(True)
    ('the date 2 May 2025', 'TRUE')
    >>> quote(10**100)
    '1000000000000000000000000000000000000000000000000000000000... (101 digits)'
    """
    if isinstance(value, str):
        pieces = ["'", *_text_pieces(value), "'"]
        if sum(map(len, pieces)) <= limit:
            return "".join(pieces)
        kept: list[str] = []
        room = limit - 3
        for piece in pieces:
            if len(piece) > room:
                break
            kept.append(piece)
            room -= len(piece)
        # an accent or a joined emoji's part goes with the character it belongs to
        while len(kept) > 1 and _joins_previous(pieces[len(kept)]):
            kept.pop()
        return "".join(kept) + "..."
    try:
        text = _shown(value)
    except ValueError:
        return f"a number of more than {sys.get_int_max_str_digits()} digits"
    if len(text) <= limit:
        return text
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{text[: limit - 2]}... ({len(text.lstrip('-'))} digits)"
    return f"{text[: limit - 3]}..."


def shown_text(text: str) -> str:
    """``text`` as a message shows it: each character nobody sees, or that would break
    the line, named in square brackets.

    A control character, a format character (Unicode's Cc and Cf), a line or paragraph
    separator and a space other than the plain one (Zl, Zp, Zs) is named: a line break
    (a carriage return, a line feed or both, one break), a tab, a non-breaking space, a
    zero-width space and the other common ones in words, any other as ``[character N]``
    (its code, as a number).  Letters of every script, accents and emoji are as they
    are, a zero-width joiner or non-joiner inside an emoji or a word of a script that
    joins its letters (Persian, Hindi) too, and an emoji flag's tag characters.

    >>> print(shown_text("line\\nbreak"), shown_text("tab\\there"), shown_text("\\u00a0"))
    line[line break]break tab[tab]here [non-breaking space]
    >>> print(shown_text("Zoë \\U0001f600"), shown_text("a\\r\\nb"), shown_text("\\u2066"))
    Zoë \U0001f600 a[line break]b [character 8294]
    """
    return "".join(_text_pieces(text))


#: The characters named in words (every other one named is ``[character N]``).
_NAMED = {
    "\t": "tab",
    "\n": "line break",
    "\r": "line break",
    "\r\n": "line break",
    "\x85": "line break",
    "\u2028": "line break",
    "\u2029": "paragraph break",
    "\u00a0": "non-breaking space",
    "\u202f": "narrow non-breaking space",
    "\u2007": "figure space",
    "\u2002": "en space",
    "\u2003": "em space",
    "\u2009": "thin space",
    "\u200a": "hair space",
    "\u3000": "full-width space",
    "\u00ad": "soft hyphen",
    "\u200b": "zero-width space",
    "\u200c": "zero-width non-joiner",
    "\u200d": "zero-width joiner",
    "\u2060": "word joiner",
    "\ufeff": "byte order mark",
    "\u200e": "left-to-right mark",
    "\u200f": "right-to-left mark",
}
#: Unicode's categories of the characters named: controls, format characters (a
#: lone surrogate, Cs, cannot even be printed), separators but the plain space.
_UNSEEN = {"Cc", "Cf", "Cs", "Zl", "Zp", "Zs"}
_PIECE = re.compile(r"\r\n|.", re.DOTALL)
_JOINERS = "\u200c\u200d"
_BLACK_FLAG = "\U0001f3f4"
_TAGS = range(0xE0020, 0xE0080)
_SKIN_TONES = range(0x1F3FB, 0x1F400)


def _text_pieces(text: str) -> list[str]:
    """``text`` in the pieces a shortened quote may end between: one character, or one
    named in brackets."""
    pieces = _PIECE.findall(text)
    return [
        piece if _seen(pieces, index) else f"[{_NAMED.get(piece) or f'character {ord(piece)}'}]"
        for index, piece in enumerate(pieces)
    ]


def _seen(pieces: list[str], index: int) -> bool:
    """Whether the piece at ``index`` is shown as it is."""
    piece = pieces[index]
    if piece == " " or (len(piece) == 1 and unicodedata.category(piece) not in _UNSEEN):
        return True
    if piece in _JOINERS:
        return _joined(pieces, index)
    return ord(piece[0]) in _TAGS and _flag_tag(pieces, index)


def _joined(pieces: list[str], index: int) -> bool:
    """Whether the joiner at ``index`` joins two letters or symbols beyond ASCII: a word
    of a script that joins its letters, or an emoji of several."""
    if index == 0 or index == len(pieces) - 1:
        return False
    before, after = pieces[index - 1], pieces[index + 1]
    return all(
        len(c) == 1 and not c.isascii() and unicodedata.category(c)[0] in "LMS"
        for c in (before, after)
    )


def _flag_tag(pieces: list[str], index: int) -> bool:
    """Whether the tag character at ``index`` spells an emoji flag (the black flag then
    tags, Scotland's or Wales's)."""
    for piece in reversed(pieces[:index]):
        if piece == _BLACK_FLAG:
            return True
        if len(piece) != 1 or ord(piece) not in _TAGS:
            return False
    return False


def _joins_previous(piece: str) -> bool:
    """Whether ``piece`` belongs with the character before it (an accent, a joiner, a
    variation selector, a skin tone or a flag's tag)."""
    if piece.startswith("["):
        return False
    return (
        unicodedata.category(piece[0]).startswith("M")
        or piece in _JOINERS
        or ord(piece[0]) in _TAGS
        or ord(piece[0]) in _SKIN_TONES
    )


def _shown(value: object) -> str:
    if value is None:
        return "a blank cell"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e16 else repr(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        twos_fives = value.denominator
        for prime in (2, 5):
            while twos_fives % prime == 0:
                twos_fives //= prime
        return decimal_text(value) if twos_fives == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, datetime.datetime) and value.time() != datetime.time():
        return f"the date and time {value.day} {value:%B %Y %H:%M}"
    if isinstance(value, datetime.date):
        return f"the date {value.day} {value:%B %Y}"
    if isinstance(value, datetime.time):
        return f"the time {value:%H:%M}"
    if isinstance(value, datetime.timedelta):
        return f"the duration {value}"
    return str(value)


def excel_shown(value: object) -> str:
    """A cell's value as text, a date as Excel shows the date it made of what was typed.

    Excel turns ``1-4`` (or ``1/4``) typed into a cell into a date, shown ``4-Jan``
    (``d-mmm``); an ID, a version or a list of boards read as text says that, never
    ``2026-01-04 00:00:00``.  Other values are their text (a whole float without ``.0``).

    >>> import datetime
    >>> excel_shown(datetime.datetime(2026, 1, 4)), excel_shown(12.0), excel_shown("R1")
    ('4-Jan', '12', 'R1')
    """
    if isinstance(value, datetime.datetime):
        text = f"{value.day}-{value:%b}"
        return text if value.time() == datetime.time() else f"{text} {value:%H:%M}"
    if isinstance(value, datetime.date):
        return f"{value.day}-{value:%b}"
    if isinstance(value, datetime.time):
        return f"{value:%H:%M}"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


def decimal_text(value: Fraction) -> str:
    """A terminating fraction as plain decimal text (``Fraction(101, 2)`` gives ``'50.5'``)."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.15g}"
    if Fraction(text) != value:
        return f"{value.numerator}/{value.denominator}"
    return text


_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_ISO_DATE = re.compile(r"(\d{4})[-./](\d{1,2})[-./](\d{1,2})")
_NUMERIC_DATE = re.compile(r"(\d{1,2})[-./](\d{1,2})[-./](\d{2}|\d{4})")
_WORDS_DATE = re.compile(r"(?:[a-z]+,?\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})")
_WORDS_FIRST_DATE = re.compile(
    r"(?:[a-z]+,?\s+)?([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})"
)
_DATE_EXPECTED = "(type it as 24/11/2026, 2026-11-24 or 24 Nov 2026)"


def parse_date(value: object) -> datetime.date:
    """The date a cell holds: a date cell, or text as people type it.

    Text is ``24/11/2026`` (day first, as in the UK and as USEBIO 1.2 writes
    it; ``11/24/2026`` is read month first only because 24 is no month),
    ``2026-11-24`` (ISO, as USEBIO 1.3 writes it), ``2026.11.24`` (PBN),
    ``24 Nov 2026`` or ``24 November 2026`` (a weekday before it is allowed),
    ``Nov 24, 2026``; a two-digit year is in this century.  Anything else, a
    number included (a date cell whose format was lost shows a number), raises
    :class:`ValueError` saying how to type it.

    >>> [parse_date(t).isoformat() for t in ("24/11/2026", "2026-11-24", "Tue 24 Nov 2026")]
    ['2026-11-24', '2026-11-24', '2026-11-24']
    >>> parse_date("31/02/2026")
    Traceback (most recent call last):
    ...
    ValueError: '31/02/2026' is not a date (type it as 24/11/2026, 2026-11-24 or 24 Nov 2026)
    """
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if not isinstance(value, str):
        raise ValueError(f"{quote(value)} is not a date {_DATE_EXPECTED}")
    text = normalise_text(value).lower()
    try:
        parts = _date_parts(text)
        if parts is not None:
            return datetime.date(*parts)
    except ValueError:
        pass
    raise ValueError(f"{quote(value)} is not a date {_DATE_EXPECTED}")


def two_readings(value: object) -> str:
    """Why a date typed as text reads two ways (``""`` when it reads one way): ``05/06/2026``
    is 5 June day first, as :func:`parse_date` reads it, or May 6 month first.

    >>> two_readings("05/06/2026")
    "'05/06/2026' reads two ways: 5 June 2026 (day first, as it is read) or May 6, 2026 \
(month first): type it as 5 Jun 2026 or 2026-06-05 to say which"
    >>> two_readings("24/11/2026"), two_readings("5/5/2026"), two_readings("2026-06-05")
    ('', '', '')
    """
    if not isinstance(value, str):
        return ""
    match = _NUMERIC_DATE.fullmatch(normalise_text(value).lower())
    if match is None:
        return ""
    first, second = int(match[1]), int(match[2])
    if first == second or first > 12 or second > 12:
        return ""
    try:
        day_first = parse_date(value)
        month_first = day_first.replace(month=first, day=second)
    except ValueError:
        return ""
    return (
        f"{quote(value)} reads two ways: {format_date(day_first)} (day first, as it is read) "
        f"or {month_first:%B} {month_first.day}, {month_first.year} (month first): type it as "
        f"{day_first.day} {day_first:%b %Y} or {day_first.isoformat()} to say which"
    )


def _date_parts(text: str) -> tuple[int, int, int] | None:
    """(year, month, day) as written in ``text``, or ``None`` when it is no date form."""
    if match := _ISO_DATE.fullmatch(text):
        return int(match[1]), int(match[2]), int(match[3])
    if match := _NUMERIC_DATE.fullmatch(text):
        first, second, year = int(match[1]), int(match[2]), int(match[3])
        year += 2000 if len(match[3]) == 2 else 0
        day, month = (second, first) if second > 12 >= first else (first, second)
        return year, month, day
    if match := _WORDS_DATE.fullmatch(text):
        named = _MONTHS.get(match[2])
        return None if named is None else (int(match[3]), named, int(match[1]))
    if match := _WORDS_FIRST_DATE.fullmatch(text):
        named = _MONTHS.get(match[1])
        return None if named is None else (int(match[3]), named, int(match[2]))
    return None


def format_date(day: datetime.date | None) -> str:
    """A date as people read it on the results: ``24 November 2026`` (``""`` without one).

    >>> format_date(datetime.date(2026, 11, 4))
    '4 November 2026'
    """
    return f"{day.day} {day:%B %Y}" if day else ""


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one.

    >>> plural(1, "table"), plural(7, "round"), plural(0, "board")
    ('1 table', '7 rounds', '0 boards')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


#: Excel's error values, and what usually causes each.
EXCEL_ERRORS = {
    "#N/A": "a lookup (VLOOKUP, MATCH, XLOOKUP) found nothing",
    "#REF!": "a formula refers to cells that were deleted",
    "#VALUE!": "a formula met text where it needed a number",
    "#DIV/0!": "a formula divides by zero or by a blank cell",
    "#NAME?": "a formula uses a name or function Excel does not know",
    "#NUM!": "a formula's number is out of range",
    "#NULL!": "a formula's ranges do not meet",
    "#SPILL!": "a formula's answer spills over cells that are not empty",
    "#CALC!": "a formula could not be calculated",
    "#GETTING_DATA": "Excel had not finished calculating when the file was saved",
    "#FIELD!": "a formula refers to a field that does not exist",
    "#BLOCKED!": "a formula needs something Excel blocked",
    "#CONNECT!": "a formula's data connection failed",
    "#BUSY!": "Excel had not finished calculating when the file was saved",
    "#UNKNOWN!": "a formula's data type is not known to this Excel",
}
#: The codes the classic (Windows, COM) xlwings add-in passes for a cell holding an error.
_EXCEL_ERROR_CODES = {
    -2146826288: "#NULL!",
    -2146826281: "#DIV/0!",
    -2146826273: "#VALUE!",
    -2146826265: "#REF!",
    -2146826259: "#NAME?",
    -2146826252: "#NUM!",
    -2146826246: "#N/A",
}


def excel_error_name(value: object) -> str:
    """The Excel error a cell value is (``#N/A``), as text or as the classic add-in's code;
    ``''`` when it is none.

    >>> excel_error_name("#n/a"), excel_error_name(-2146826246), excel_error_name(420)
    ('#N/A', '#N/A', '')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return _EXCEL_ERROR_CODES.get(value, "")
    if not isinstance(value, str) or not value.lstrip().startswith("#"):
        return ""
    name = normalise_text(value).upper()
    return name if name in EXCEL_ERRORS else ""


def excel_error(value: object) -> str:
    """What to say of a cell holding an Excel error value (``''`` when it holds none)."""
    name = excel_error_name(value)
    if not name:
        return ""
    return (
        f"{name} is an Excel error, not a value: usually {EXCEL_ERRORS[name]}; "
        "fix the formula or type the value"
    )
