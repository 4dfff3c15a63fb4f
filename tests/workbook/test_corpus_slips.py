"""The bad-input corpus, second round: realistic slips that used to pass silently.

Each case changes the small club night (boards 1-4 of the example night) the
way a club scorer, Excel or another program would, and runs ``xlbridge
score`` in-process.  Each asserts its exact outcome: the message with its
``sheet!cell`` (exit 2, nothing written, the input untouched), or the figure
that changes as it should (exit 0).

The classes: percentages typed into %-formatted cells, rows past a stale
``<dimension>``, copied or renamed entry sheets, fouled-board versions in
two cases, decorated digits, Excel error values, weights that are floats or
dates, settings out of range, and damaged packages.
"""

from __future__ import annotations

import gc
import re
import warnings
import zipfile
from collections.abc import Callable
from datetime import datetime, time
from pathlib import Path

import pytest
from openpyxl import Workbook
from support.nights import build, digest, put, run_score

from xlbridge.places import CellPlace
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reader import read_workbook

T = L.TRAVELLERS
SETTINGS = L.SETTINGS
Mutation = Callable[[Workbook], None]


def percent(sheet: str, cell: str, value: object, code: str = "0%") -> Mutation:
    """The cell as Excel stores a percentage typed into it: the fraction, formatted as %."""

    def mutate(wb: Workbook) -> None:
        wb[sheet][cell] = value
        wb[sheet][cell].number_format = code

    return mutate


def both(*mutations: Mutation) -> Mutation:
    def mutate(wb: Workbook) -> None:
        for mutation in mutations:
            mutation(wb)

    return mutate


def copy_sheet(name: str, title: str) -> Mutation:
    def mutate(wb: Workbook) -> None:
        wb.copy_worksheet(wb[name]).title = title

    return mutate


def extra_results_sheet(wb: Workbook) -> None:
    sheet = wb.create_sheet("Late results")
    for column, header in enumerate(L.TRAVELLER_COLUMNS[:8], start=1):
        sheet.cell(1, column, header.header)
    sheet.append([1, 1, 10, "4H", "N", 0, None, None])


def setting_row(name: str) -> str:
    return f"B{L.setting_row(name)}"


APLUS, AMINUS = setting_row("Aplus"), setting_row("Aminus")

#: name -> (mutation, the exact message fragment naming the cell)
REFUSED: dict[str, tuple[Mutation, str]] = {
    # percentages whose meaning cannot be known
    "A- percent 0.4 in a General cell": (
        put(SETTINGS, AMINUS, 0.4),
        f"Settings!{AMINUS}: 0.4 could mean 0.4% or 40%: type 40% (or 0.4%)",
    ),
    "A+ percent 0.6 in a General cell": (
        put(SETTINGS, APLUS, 0.6),
        f"Settings!{APLUS}: 0.6 could mean 0.6% or 60%: type 60% (or 0.6%)",
    ),
    "A+ percent out of range": (
        put(SETTINGS, APLUS, 45),
        f"Settings!{APLUS}: the A+ percent must be a percentage from 50 to below 100, not 45%",
    ),
    "A- percent 60% typed": (
        percent(SETTINGS, AMINUS, 0.6),
        f"Settings!{AMINUS}: the A- percent must be a percentage above 0 and at most 50, not 60%",
    ),
    "A+ percent 3/5 as a fraction text": (
        put(SETTINGS, APLUS, "3/5"),
        f"Settings!{APLUS}: '3/5' is not a number",
    ),
    "negative Butler datum rounding": (
        put(SETTINGS, setting_row("DatumRound"), -10),
        f"Settings!{setting_row('DatumRound')}: the Butler datum rounding must be a whole number "
        "from 0, not -10",
    ),
    "negative Butler trim": (
        put(SETTINGS, setting_row("ButlerTrim"), -1),
        f"Settings!{setting_row('ButlerTrim')}: the number of results Butler drops from each end "
        "must be a whole number from 0, not -1",
    ),
    "adjustment -0.1 with unit % in a General cell": (
        put("Adjustments", "C2", -0.1),
        "Adjustments!C2: -0.1 could mean -0.1% or -10%: type -10% (or -0.1%)",
    ),
    "adjustment typed -10% with unit MP": (
        both(percent("Adjustments", "C2", -0.1), put("Adjustments", "D2", "MP")),
        "Adjustments!C2: -0.1 (shown as a percentage) is a percentage but the unit "
        "(Adjustments!D2) is MP",
    ),
    "adjustment with a blank unit (the workbook's own Ranking would not count it)": (
        put("Adjustments", "D2", None),
        "Adjustments!D2: the unit of the adjustment -10 is blank: write MP (matchpoints) or % "
        "(percent of a top)",
    ),
    # a blank version beside two named versions of a fouled board
    "blank version beside versions A and B": (
        both(put(T, "H2", "A"), put(T, "H3", "b")),
        "Travellers!H4: the version is blank, but board 1 was played in versions A (H2), "
        "B (H3): write the version this table played",
    ),
    # sheets that look like entry data but are not read
    "travellers copied": (
        copy_sheet(T, "Travellers (2)"),
        "sheet 'Travellers (2)': looks like the Travellers sheet (its name or headers) but "
        "is not read",
    ),
    "rulings copied": (
        copy_sheet("Rulings", "Copy of Rulings"),
        "sheet 'Copy of Rulings': looks like the Rulings sheet",
    ),
    "a second results sheet with traveller headers": (
        extra_results_sheet,
        "sheet 'Late results': looks like the Travellers sheet",
    ),
    "travellers renamed": (
        lambda wb: setattr(wb[T], "title", "Travelers"),
        "has no sheet 'Travellers': the sheet 'Travelers' looks like it: rename it 'Travellers'",
    ),
    # digits that are not numbers
    "superscript digits": (put(T, "G14", "\u00b2\u00b20"), "Travellers!G14: '\u00b2\u00b20'"),
    "circled digits": (put(T, "G14", "\u2463\u2461\u24ea"), "Travellers!G14: '\u2463\u2461\u24ea'"),
    "superscript board": (put(T, "A5", "\u00b2"), "Travellers!A5: board '\u00b2'"),
    # Excel error values
    "#N/A in a score": (
        put(T, "G14", "#N/A"),
        "Travellers!G14: #N/A is an Excel error, not a value: usually a lookup (VLOOKUP, "
        "MATCH, XLOOKUP) found nothing; fix the formula or type the value",
    ),
    "#REF! in a pair": (put(T, "B3", "#REF!"), "Travellers!B3: #REF! is an Excel error"),
    "#DIV/0! in a weight": (put("Rulings", "D2", "#DIV/0!"), "Rulings!D2: #DIV/0! is an Excel"),
    "#VALUE! in a setting": (
        put(SETTINGS, setting_row("Tables"), "#VALUE!"),
        f"Settings!{setting_row('Tables')}: '#VALUE!'",
    ),
    # weights Excel turned into dates
    "weight 2/5 typed, a date in Excel": (
        put("Rulings", "D2", datetime(2025, 5, 2)),
        "Rulings!D2: Excel read 2/5 as a date (2 May): type 40% or '2/5",
    ),
    "weight 2/5 typed in a US Excel": (
        put("Rulings", "D2", datetime(2025, 2, 5)),
        "Rulings!D2: Excel read 2/5 as a date (5 February): type 40% or '2/5",
    ),
    "weight 1/3 typed, a date in Excel": (
        put("Rulings", "D2", datetime(2025, 3, 1)),
        "Rulings!D2: Excel read 1/3 as a date (1 March): type '1/3",
    ),
    # no Python repr
    "blank board with a score": (
        put(T, "A2", None),
        "Travellers!A2: a traveller row needs a board number",
    ),
    "a date in the ranking setting (found by the workbook fuzzing)": (
        put(SETTINGS, setting_row("Ranking"), datetime(2025, 5, 2)),
        f"Settings!{setting_row('Ranking')}: the ranking must be 'auto', 'one field' or "
        "'by direction', not the date 2 May 2025",
    ),
    "a time as a ruling's side (found by the workbook fuzzing)": (
        put("Rulings", "B3", time(4, 20)),
        "Rulings!B3: side the time 04:20 is not a direction",
    ),
    "a date as an adjustment's unit (found by the workbook fuzzing)": (
        put("Adjustments", "D2", datetime(2025, 5, 2)),
        "Adjustments!D2: the date 2 May 2025 is not one of 'MP' or '%'",
    ),
    "boolean score": (put(T, "G6", True), "Travellers!G6: TRUE is not a score"),
    "date score": (
        put(T, "G10", datetime(2024, 4, 20)),
        "Travellers!G10: the date 20 April 2024 is not a score",
    ),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_refused(name: str, small_night: Path, tmp_path: Path, capsys) -> None:
    mutate, expected = REFUSED[name]
    path = build(small_night, tmp_path, mutate)
    before = digest(path)
    status, out, err = run_score(path, capsys)
    assert status == 2, err
    assert expected in err, err
    assert "Traceback" not in out + err
    for repr_ in ("None", "datetime", "Fraction(", "True"):
        assert repr_ not in err, err
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.xlsx"]


# --- accepted: the figure as the user meant it -----------------------------------------------


def read(small_night: Path, tmp_path: Path, mutate: Mutation) -> object:
    return read_workbook(build(small_night, tmp_path, mutate)).event


def test_percent_formatted_settings_are_read_as_shown(small_night, tmp_path) -> None:
    event = read(
        small_night, tmp_path, both(percent(SETTINGS, APLUS, 0.6), percent(SETTINGS, AMINUS, 0.4))
    )
    assert (event.settings.aplus, event.settings.aminus) == (60, 40)
    event = read(
        small_night, tmp_path, both(put(SETTINGS, APLUS, "65%"), put(SETTINGS, AMINUS, 35))
    )
    assert (event.settings.aplus, event.settings.aminus) == (65, 35)
    event = read(small_night, tmp_path, percent(SETTINGS, AMINUS, 0.375, "0.0%"))
    assert event.settings.aminus == 37.5


def test_percent_formatted_adjustment_is_a_percentage_of_a_top(small_night, tmp_path) -> None:
    from xlbridge.event import AdjustmentUnit

    typed = read(small_night, tmp_path, percent("Adjustments", "C2", -0.1))
    (adjustment,) = typed.adjustments
    assert (adjustment.amount, adjustment.unit) == (-10, AdjustmentUnit.PERCENT_OF_TOP)
    blank_unit = read(
        small_night,
        tmp_path,
        both(percent("Adjustments", "C2", -0.25), put("Adjustments", "D2", None)),
    )
    (adjustment,) = blank_unit.adjustments
    assert (adjustment.amount, adjustment.unit) == (-25, AdjustmentUnit.PERCENT_OF_TOP)
    text = read(small_night, tmp_path, put("Adjustments", "C2", "-10%"))
    assert text.adjustments == typed.adjustments
    plain = read(small_night, tmp_path, lambda wb: None)
    assert plain.adjustments == typed.adjustments  # the example's -10 with unit %


def test_weights_typed_as_formulas_are_the_simple_fractions(small_night, tmp_path) -> None:
    """=1/3 and =2/3 are floats a hair off 1/3 and 2/3; they add up to 100% as meant."""
    from fractions import Fraction

    mutate = both(put("Rulings", "D2", 1 / 3), put("Rulings", "D3", 2 / 3), put(T, "G2", "R1"))
    event = read(small_night, tmp_path, mutate)
    (play,) = [p for p in event.plays if p.source == CellPlace("Travellers", 2, "G")]
    assert play.result.ns.components == ((-420, Fraction(1, 3)), (-450, Fraction(2, 3)))


def test_a_fouled_version_in_either_case_is_one_version(small_night, tmp_path) -> None:
    def fouled(first: str, second: str) -> Mutation:
        return both(put(T, "H2", first), put(T, "H3", second))

    upper = read(small_night, tmp_path, fouled("A", "A"))
    mixed = read(small_night, tmp_path, fouled("A", "a"))
    assert [p.version for p in mixed.plays] == [p.version for p in upper.plays]
    assert {p.version for p in mixed.plays} == {"", "A"}
    # beside one named version, the blank rows are the board's other version: said, not silent
    path = build(small_night, tmp_path, fouled("A", "a"))
    assert tuple(map(str, read_workbook(path).warnings)) == (
        "Travellers!H4: board 1 was fouled: its 6 rows (H4 to H9) with a blank version are "
        "scored as one version, beside version A (H2)",
    )


def test_rows_past_a_stale_dimension_are_scored(small_night, tmp_path, capsys) -> None:
    path = build(small_night, tmp_path, lambda wb: None)
    before = len(read_workbook(path).event.plays)
    with zipfile.ZipFile(path) as archive:
        parts = {n: archive.read(n) for n in archive.namelist()}
    part = "xl/worksheets/sheet3.xml"
    assert b"<dimension" in parts[part]
    parts[part] = re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:I9"', parts[part])
    stale = tmp_path / "stale.xlsx"
    with zipfile.ZipFile(stale, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    assert len(read_workbook(stale).event.plays) == before > 8


# --- damaged packages: exit 2 naming the file and the part or cell ---------------------------


def damaged(source: Path, target: Path, part: str, change: Callable[[bytes], bytes | None]) -> Path:
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == part:
                changed = change(data)
                if changed is None:
                    continue
                data = changed
            new.writestr(info.filename, data)
    return target


def sheet_part(path: Path, name: str) -> str:
    from xlbridge.workbook.shared.sheets import sheet_parts

    with zipfile.ZipFile(path) as archive:
        return sheet_parts(archive)[name]


def bad_number(data: bytes) -> bytes:
    return re.sub(rb'(<c r="B14"[^>]*>)<v>[^<]*</v>', rb"\1<v>4x20</v>", data, count=1)


DAMAGE: dict[str, tuple[str, Callable[[bytes], bytes | None], str]] = {
    "sheet XML cut short": (
        "travellers",
        lambda data: data[: len(data) // 2],
        "its part xl/worksheets/sheet3.xml is not well-formed XML (cut short or garbled",
    ),
    "garbage workbook.xml": (
        "xl/workbook.xml",
        lambda data: b"\x00garbage<<<",
        "its part xl/workbook.xml is not well-formed XML",
    ),
    "workbook.xml missing": ("xl/workbook.xml", lambda data: None, "has no xl/workbook.xml"),
    "styles.xml missing": (
        "xl/styles.xml",
        lambda data: None,
        "it has no part xl/styles.xml (the cells' formats)",
    ),
    "styles.xml empty": ("xl/styles.xml", lambda data: b"", "its part xl/styles.xml is empty"),
    "4x20 in a number cell": (
        "travellers",
        bad_number,
        "Travellers!B14 is stored as a number but holds '4x20'",
    ),
    "sheet part missing": (
        "travellers",
        lambda data: None,
        "the sheet 'Travellers' has no part xl/worksheets/sheet3.xml",
    ),
    "relationships garbled": (
        "xl/_rels/workbook.xml.rels",
        lambda data: data[:40],
        "its part xl/_rels/workbook.xml.rels is not well-formed XML",
    ),
    "a colour garbled in styles.xml (found by the fuzzing)": (
        "xl/styles.xml",
        lambda data: re.sub(rb'rgb="[0-9A-F]{8}"', b'rgb="garbled"', data, count=1),
        "is damaged: its part xl/styles.xml (the cells' formats) could not be read (Colors must "
        "be aRGB hex values)",
    ),
    "a row numbered 1e9 (found by the fuzzing: openpyxl made every row up to it)": (
        "travellers",
        lambda data: re.sub(rb'<row r="5"', b'<row r="1e9"', data, count=1),
        "the sheet 'Travellers' goes on past row 100,000: delete anything typed below the "
        "entries; if there is nothing there, the file is damaged",
    ),
    "a row numbered -1 (found by the fuzzing: its results were left out without a word)": (
        "travellers",
        lambda data: re.sub(rb'<row r="5"', b'<row r="-1"', data, count=1),
        "is damaged: its part xl/worksheets/sheet3.xml (the sheet 'Travellers') numbers a row "
        "'-1' after row 4: open it in Excel or LibreOffice, save it again as .xlsx, and retry",
    ),
    "a row numbered before the row above it": (
        "travellers",
        lambda data: re.sub(rb'<row r="5"', b'<row r="3"', data, count=1),
        "(the sheet 'Travellers') numbers a row '3' after row 4",
    ),
    "a cell of row 5 marked as in row 3": (
        "travellers",
        lambda data: re.sub(rb'<c r="D5"', b'<c r="D3"', data, count=1),
        "(the sheet 'Travellers') places a cell at 'D3' in row 5 after column C",
    ),
    "settings sheet garbled": (
        "settings",
        lambda data: data.replace(b"<row", b"<row <", 1),
        "its part xl/worksheets/sheet1.xml is not well-formed XML",
    ),
}


@pytest.mark.parametrize("name", list(DAMAGE))
def test_damaged_package(name: str, small_night, tmp_path, capsys) -> None:
    part, change, expected = DAMAGE[name]
    if part in ("travellers", "settings"):
        part = sheet_part(small_night, T if part == "travellers" else SETTINGS)
    path = damaged(small_night, tmp_path / "night.xlsx", part, change)
    before = digest(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        status, out, err = run_score(path, capsys)
        gc.collect()
    # every file opened is closed, also when openpyxl fails half way (found by the fuzzing)
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)], caught
    assert status == 2, err
    assert expected in err and str(path) in err, err
    assert "Traceback" not in out + err
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.xlsx"]


# --- a sheet's name is quoted as the user typed it ---------------------------------------


def test_a_sheet_name_with_apostrophes_is_quoted_as_typed(small_night, tmp_path, capsys):
    # not Python's "O'Brien's travellers" in double quotes
    path = build(small_night, tmp_path, lambda wb: setattr(wb[T], "title", "O'Brien's travellers"))
    status, _, err = run_score(path, capsys)
    assert status == 2
    assert err == (
        f"error: {path} has no sheet 'Travellers': the sheet 'O'Brien's travellers' looks like "
        "it: rename it 'Travellers'\n"
    )
    path = build(small_night, tmp_path, copy_sheet(T, "O'Brien's travellers"))
    status, _, err = run_score(path, capsys)
    assert status == 2
    assert err == (
        "error: 1 problem in the workbook:\nsheet 'O'Brien's travellers': looks like the "
        "Travellers sheet (its name or headers) but is not read: only the sheet named "
        "'Travellers' is scored; move its rows there and delete it (or rename it so it does "
        "not look like an entry sheet)\n"
    )
