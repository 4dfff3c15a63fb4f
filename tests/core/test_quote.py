"""A cell's text in a message, as the person who typed it sees it (``xlbridge.exact.quote``).

Text is always in single quotes, an apostrophe inside as typed; what nobody sees, or what
would break the message's line, is named in square brackets (Unicode's categories Cc, Cf,
Zl, Zp and Zs but the plain space); letters of every script, accents and emoji are shown as
they are.  Never Python's escapes (``\\n``, ``\\x07``, ``\\u200b``) or its double quotes.
"""

from __future__ import annotations

import re

import pytest

from xlbridge.errors import ResultCellError
from xlbridge.exact import quote, shown_text
from xlbridge.result import parse_result

#: What is typed, and the message's words for it, a class of character each.
NAMED = [
    ("line\nbreak", "'line[line break]break'"),  # Alt+Enter in a cell
    ("a\rb", "'a[line break]b'"),  # a carriage return alone
    ("a\r\nb", "'a[line break]b'"),  # CR LF, as Windows writes a line break: one
    ("a\n\rb", "'a[line break][line break]b'"),  # LF then CR: two
    ("a\u2028b", "'a[line break]b'"),  # Unicode's line separator (Zl)
    ("a\u2029b", "'a[paragraph break]b'"),  # its paragraph separator (Zp)
    ("tab\there", "'tab[tab]here'"),
    ("\u200b", "'[zero-width space]'"),
    ("a\x07b", "'a[character 7]b'"),  # the bell, a control character (Cc)
    ("a\x7fb", "'a[character 127]b'"),  # delete
    ("a\x00b", "'a[character 0]b'"),
    ("4\u00a0H", "'4[non-breaking space]H'"),
    ("4\u202fH", "'4[narrow non-breaking space]H'"),
    ("\u65e5\u3000\u672c", "'\u65e5[full-width space]\u672c'"),  # an East Asian keyboard's space
    ("1\u2009000", "'1[thin space]000'"),
    ("a\u2001b", "'a[character 8193]b'"),  # an em quad: a space (Zs) with no common name
    ("Smith\u00adJones", "'Smith[soft hyphen]Jones'"),
    ("\ufeffNorth", "'[byte order mark]North'"),  # a CSV file's first cell
    ("\u200eCohen", "'[left-to-right mark]Cohen'"),
    ("a\u200db", "'a[zero-width joiner]b'"),  # joining nothing: named
    ("a\u2066b\u2069", "'a[character 8294]b[character 8297]'"),  # a direction isolate (Cf)
    ("\ud800", "'[character 55296]'"),  # half a character, which cannot even be printed
]


@pytest.mark.parametrize(("typed", "shown"), NAMED)
def test_each_character_nobody_sees_is_named(typed: str, shown: str) -> None:
    assert quote(typed) == shown
    assert shown_text(typed) == shown[1:-1]


@pytest.mark.parametrize(
    "typed",
    [
        "O'Brien",  # an apostrophe: still single quotes, the apostrophe as typed
        'the "Monday" pairs',
        "Zo\u00eb L\u00f3pez",  # accents as one character each
        "Zoe\u0308",  # and as a letter and a combining diaeresis
        "\u0141ukasz \u017b\u00f3\u0142w",
        "\u5c71\u7530 \u592a\u90ce",  # Japanese
        "\u0394\u03b7\u03bc\u03ae\u03c4\u03c1\u03b7\u03c2",  # Greek
        "\u0645\u0631\u06cc\u0645",  # Persian
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian, a non-joiner in the word
        "\u0915\u094d\u200d\u0937",  # Devanagari, a joiner in the word
        "\U0001f600 \u2660\u2665\u2666\u2663",  # an emoji, the suits
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # an emoji family: joined
        "\U0001f3f3\ufe0f\u200d\U0001f308",  # the rainbow flag
        "\U0001f9d1\U0001f3fd\u200d\U0001f4bb",  # a skin tone, joined
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland
        "  two  spaces  ",  # plain spaces are seen between the quotes
        "",
    ],
)
def test_what_people_see_is_shown_as_it_is(typed: str) -> None:
    assert quote(typed) == f"'{typed}'"


def test_never_python_escapes_nor_its_double_quotes() -> None:
    for typed in ("line\nbreak", "a\x07b", "tab\there", "\u200b", "O'Brien", "\ufeff"):
        shown = quote(typed)
        assert "\\" not in shown and shown != repr(typed), shown
        assert shown[0] == shown[-1] == "'", shown


#: A text of named characters, letters and an accent, to be shortened at every length.
MIXED = "Ann\u00a0McDonald\nBob\tLaFrancesca\u200b\r\nZoe\u0308 O'Brien\x07" * 2


@pytest.mark.parametrize("limit", range(5, 130))
def test_shortening_never_cuts_a_named_character(limit: int) -> None:
    whole = quote(MIXED, limit=1000)
    short = quote(MIXED, limit=limit)
    assert len(short) <= limit
    if short == whole:
        return
    kept = short.removesuffix("...")
    assert short.endswith("...") and whole.startswith(kept), short
    assert kept.count("[") == kept.count("]"), short  # each bracket it opens, closed
    assert not kept.endswith("Zoe"), short  # nor a letter from its accent
    assert len(whole) > limit


def test_shortening_examples() -> None:
    # 55 letters, then three line breaks: none fits whole in what is left of 60
    assert quote("x" * 55 + "\n\n\n") == "'" + "x" * 55 + "..."
    assert quote("abcdefghijklm\tzzzzzzzzz", limit=20) == "'abcdefghijklm..."
    assert quote("abcdefghijk\tzzzzzzzzz", limit=20) == "'abcdefghijk[tab]..."
    # the accent goes with its e: both or neither
    assert quote("e" * 55 + "e\u0301zzzz") == "'" + "e" * 55 + "..."
    assert quote("x" * 100) == "'" + "x" * 56 + "..."


def test_a_result_cell_quotes_its_part_as_typed() -> None:
    # found by the fuzzing of parse_result: the part quoted as Python wrote it ('%\x1b')
    with pytest.raises(ResultCellError) as info:
        parse_result("%\x1b", "row 7")
    assert str(info.value) == (
        "row 7: '%[character 27]' is not a score (a weighted score is written "
        "'30% 1430; 70% -100'; '%[character 27]' is not 'weight score')"
    )
    with pytest.raises(ResultCellError) as info:
        parse_result("NS: A\u200b | EW: A+", "row 7")
    assert "'A[zero-width space]'" in str(info.value), info.value
    assert not re.search(r"\\[xun]", str(info.value)), info.value
