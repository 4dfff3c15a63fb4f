"""The sheet scans skip the rows alike but for their numbers at a sheet's end, exactly.

A club workbook's Travellers sheet ends in the template's empty rows (218 to
1001 in the example night), each the same bytes but for its number; Excel and
LibreOffice write such runs too.  :func:`sheets._without_repeats` cuts them
(keeping the first of each length of number) before the checks that decide
whether python-calamine may read the sheet, so every verdict must be the one
the whole XML gives: a run changed anywhere (a cell, a number skipped or
repeated, a formula in another column, a value, a prefixed ``x:row``) is
either not cut there or gives the same verdicts.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support.paths import EXAMPLE, TEMPLATES

from xlbridge.workbook.pairs import reader
from xlbridge.workbook.shared import sheets

HEAD = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b'<dimension ref="A1:K%d"/><sheetData>'
)
#: The cells a row of the run may hold (``{n}`` is its number): the club template's
#: (a style alone, BRIDGE_SCORE's formula with no value), Excel's (a shared formula), and
#: a formula whose text the unusual-XML check tells apart by the length of the number.
CELLS = {
    "A": b'<c r="A{n}" s="6" t="n" />',
    "B": b'<c r="B{n}"><v>0</v></c>',
    "F": b'<c r="F{n}" s="7" t="n" />',
    "I": b'<c r="I{n}" s="5"><f>IF(A{n}="","",BRIDGE_SCORE(D{n},$E${n},F{n},A{n}))</f><v /></c>',
    "J": b'<c r="J{n}"><f t="shared" si="0"/></c>',
    "K": b'<c r="K{n}" s="8" t="n" />',
    # an escaped character (_x0041_ is "A") from row 100 on, not before
    "L": b'<c r="L{n}"><f>"_xA{n}_"</f><v /></c>',
}
TYPED = (
    b'<row r="%d"><c r="A%d" t="n"><v>%d</v></c>'
    b'<c r="D%d" t="inlineStr"><is><t>4H</t></is></c></row>'
)


def sheet_xml(typed: int, last: int, columns: list[str], spans: bool, merged: bool) -> list[bytes]:
    """A sheet's XML as its pieces: the head and typed rows, each row of the run, the tail."""
    head = HEAD % last + b'<row r="1"><c r="A1" t="inlineStr"><is><t>Board</t></is></c></row>'
    head += b"".join(TYPED % (r, r, r % 9 + 1, r) for r in range(2, typed + 1))
    start = b'<row r="{n}" spans="1:11">' if spans else b'<row r="{n}">'
    row = start + b"".join(CELLS[c] for c in columns) + b"</row>"
    run = [row.replace(b"{n}", str(n).encode()) for n in range(typed + 1, last + 1)]
    tail = b"</sheetData>"
    if merged:
        tail += b'<mergeCells count="1"><mergeCell ref="L1:M1"/></mergeCells>'
    return [head, *run, tail + b'<pageMargins left="0.75" right="0.75"/></worksheet>']


def _mutations() -> dict[str, Callable[[list[bytes], int], list[bytes]]]:
    def changed(rows: list[bytes], at: int) -> list[bytes]:
        rows[at] = rows[at].replace(b' s="', b' s="1', 1) if b' s="' in rows[at] else rows[at]
        return rows

    def skipped(rows: list[bytes], at: int) -> list[bytes]:
        return rows[:at] + rows[at + 1 :] if 0 < at < len(rows) - 1 else rows

    def repeated(rows: list[bytes], at: int) -> list[bytes]:
        return rows[: at + 1] + rows[at:] if 0 < at < len(rows) - 1 else rows

    def formula_elsewhere(rows: list[bytes], at: int) -> list[bytes]:
        number = re.search(rb'r="(\d+)"', rows[at]).group(1)  # type: ignore[union-attr]
        cell = b'<c r="C%s"><f>A%s+1</f><v /></c>' % (number, number)
        rows[at] = re.sub(rb'(<c r="[D-Z])', cell + rb"\1", rows[at], count=1)
        return rows

    def value(rows: list[bytes], at: int) -> list[bytes]:
        rows[at] = rows[at].replace(b' t="n" />', b' t="n"><v>1.0</v></c>', 1)
        return rows

    def number_in_value(rows: list[bytes], at: int) -> list[bytes]:
        number = re.search(rb'r="(\d+)"', rows[at]).group(1)  # type: ignore[union-attr]
        rows[at] = rows[at].replace(b' t="n" />', b' t="n"><v>%s.5E1</v></c>' % number, 1)
        return rows

    def prefixed(rows: list[bytes], at: int) -> list[bytes]:
        rows[at] = rows[at].replace(b"<row ", b"<x:row ").replace(b"</row>", b"</x:row>")
        return rows

    def wrong_ref(rows: list[bytes], at: int) -> list[bytes]:
        rows[at] = re.sub(rb'r="([A-Z])(\d+)"', rb'r="\g<1>1\2"', rows[at], count=1)
        return rows

    def cell_after(rows: list[bytes], at: int) -> list[bytes]:
        rows[-1] = rows[-1].replace(b"<pageMargins", b'<c r="Z5"/><pageMargins')
        return rows

    def broken(rows: list[bytes], at: int) -> list[bytes]:
        rows[at] = rows[at].replace(b"</c>", b"</d>", 1)
        return rows

    return {
        f.__name__: f
        for f in (
            changed,
            skipped,
            repeated,
            formula_elsewhere,
            value,
            number_in_value,
            prefixed,
            wrong_ref,
            cell_after,
            broken,
        )
    }


MUTATIONS = _mutations()


def verdicts(xml: bytes, scan: bytes, width: int) -> tuple[object, ...]:
    """What each scan of :func:`sheets._check_sheet_xml` and the hidden formulas say of
    ``scan`` (``xml`` itself, or ``xml`` without its run)."""

    def raises(check: Callable[[bytes], object]) -> bool:
        try:
            check(scan)
        except sheets._NotSure:
            return True
        return False

    whole = [float(m.group(1)) for m in sheets._DECIMAL.finditer(scan) if _number(m.group(1))]
    return (
        raises(sheets._check_xml),
        raises(sheets._well_formed),
        sheets.row_number_problem(scan),
        any(number.is_integer() for number in whole),
        raises(sheets._check_sheet_xml),
        _hidden(xml, scan, width),
    )


def _hidden(xml: bytes, scan: bytes, width: int) -> object:
    """The hidden formulas found, or the error (an ill-formed sheet with merged cells)."""
    try:
        return sheets._quick_hidden("Travellers", width, xml, scan)
    except Exception as exc:
        return type(exc).__name__


def _number(text: bytes) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    typed=st.integers(1, 12),
    length=st.sampled_from([1, 7, 8, 30, 95, 1000]),
    columns=st.lists(st.sampled_from(sorted(CELLS)), min_size=1, max_size=4, unique=True),
    spans=st.booleans(),
    merged=st.booleans(),
    mutation=st.sampled_from(["none", *MUTATIONS]),
    where=st.floats(0, 1),
    width=st.sampled_from([1, 8, 9, 16]),
)
# rows 11-105: "_xA99_" is no escape, "_xA100_" is one (row 100 is kept as well as row 11)
@example(10, 95, ["I", "L"], False, False, "none", 0.0, 8)
# a cell after the rows: in row 105 it is out of place, in row 11 it would not be
@example(10, 95, ["A"], True, False, "cell_after", 0.0, 8)
def test_the_verdicts_are_the_whole_sheets(
    typed: int,
    length: int,
    columns: list[str],
    spans: bool,
    merged: bool,
    mutation: str,
    where: float,
    width: int,
) -> None:
    pieces = sheet_xml(typed, typed + length, sorted(columns), spans, merged)
    if mutation != "none":
        at = 1 + min(int(where * length), length - 1)
        pieces = MUTATIONS[mutation](pieces, at)
    xml = b"".join(pieces)
    cut = sheets._without_repeats(xml)
    assert verdicts(xml, cut, width) == verdicts(xml, xml, width)
    if mutation == "none":
        # a run of 8 rows or more is cut to its first row (and the first of each
        # length of number: 10, 100, 1000)
        kept = re.findall(rb'<row r="(\d+)"', cut)[typed:]
        if length >= 8:
            first, last = typed + 1, typed + length
            expected = [first] + [n for n in (10, 100, 1000) if first < n <= last]
            assert kept == [str(n).encode() for n in expected]
            assert len(cut) < len(xml)
        else:
            assert cut == xml


def test_the_example_nights_empty_rows_are_cut() -> None:
    """The example night's Travellers: rows 2-217 typed, 218-1001 the template's empty
    rows; the scans see 218 and 1000 of them (a third of the 311,547 bytes)."""
    with zipfile.ZipFile(EXAMPLE) as archive:
        xml = archive.read(sheets.sheet_parts(archive)["Travellers"])
    cut = sheets._without_repeats(xml)
    numbers = [int(n) for n in re.findall(rb'<row r="(\d+)"', cut)]
    assert numbers == [*range(1, 219), 1000]
    assert (len(xml), len(cut)) == (311_547, 103_521)
    assert verdicts(xml, cut, 8) == verdicts(xml, xml, 8)


@pytest.mark.parametrize("path", [EXAMPLE, TEMPLATES / "club_pairs.xlsx"], ids=lambda p: p.name)
def test_the_sheets_read_are_the_same(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The example night and the empty template read the same with the run cut or not."""
    cut = sheets._fast_sheets(path, reader._WIDTHS)
    monkeypatch.setattr(sheets, "_without_repeats", lambda data: data)
    whole = sheets._fast_sheets(path, reader._WIDTHS)
    assert cut is not None
    assert whole is not None
    assert cut == whole
    assert {n: s.formats for n, s in cut.read.items()} == {
        n: s.formats for n, s in whole.read.items()
    }
    travellers = cut.read["Travellers"].rows
    assert len(travellers) == (217 if path == EXAMPLE else 1)
