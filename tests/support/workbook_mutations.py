"""One random slip or damage to a workbook: a cell's value or format, a sheet copied or
renamed, a part of the package, an attribute, bytes (the workbook fuzzing's mutations, for
pairs and teams nights)."""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from openpyxl import load_workbook

from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.example import build_example
from xlbridge.workbook.pairs.night import score_night

#: The cells a person types in, by sheet: (first row, last row, columns).
CELLS = {
    L.SETTINGS: (2, 19, "B"),
    L.PAIRS: (1, 18, "ABC"),
    L.TRAVELLERS: (1, 39, "ABCDEFG"),
    L.RULINGS: (1, 3, "ABCD"),
    L.ADJUSTMENTS: (1, 2, "ABCD"),
}


SUPERSCRIPT = str.maketrans(
    "0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
)


CIRCLED = str.maketrans(
    "0123456789", "\u24ea\u2460\u2461\u2462\u2463\u2464\u2465\u2466\u2467\u2468"
)


#: Values no cell of the mutated kind holds meaningfully (a float NaN is not among them: no
#: cell holds one, and openpyxl writes it as a blank cell, which a unit or a version cell
#: may legitimately be).
GARBAGE: list[object] = [
    True,
    False,
    datetime(2025, 5, 2),
    time(4, 20),
    "#N/A",
    "#REF!",
    "#DIV/0!",
    "4x20",
    "??",
    "n/a",
    "\u2014",
    1e300,
    "1e999",
    "\u00b2\u00b20",
    "\u2463\u2461\u24ea",
]


FORMATS = ["0%", "0.00%", "d-mmm", "mm/dd/yy", "@", "0.0#", '"%"0', "h:mm", "# ?/?", "0.00E+00"]


TITLES = ["{} (2)", "Copy of {}", "Sheet1", "{}s", "old {}", "{} copy", "Notes"]


def same_meaning(value: object, choice: int) -> object:
    """``value`` as another type, meaning the same."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return [float(value), str(value), f" {value} "][choice % 3]
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return [value.lower(), value.upper(), f" {value} "][choice % 3]
    return value


def no_meaning(value: object, choice: int) -> object:
    if isinstance(value, (int, str)) and not isinstance(value, bool) and choice % 4 == 0:
        text = str(value)
        if any(c.isdigit() for c in text):
            return text.translate(SUPERSCRIPT if choice % 8 == 0 else CIRCLED)
    return GARBAGE[choice % len(GARBAGE)]


# --- the slips people make typing (issue 35, item 8) -----------------------------------------

#: Names as people type them: a line break inside the cell (Alt+Enter), ``/``, quotes, ``&``,
#: ``<``, capitals that matter, letters beyond ASCII.  Each is meant as it is typed.
NAMES = [
    "Ann McDonald\nBob LaFrancesca",
    "Ann McDonald / Bob LaFrancesca",
    "Jo \"JJ\" van der Berg & D'Arcy O'Neill",
    "Smith & Jones",
    "<b>Lee</b> & Wu <3",
    "McDonald & LaFrancesca",
    "van der Berg & De la Cruz",
    "José Müller & Zoë Ærø",
    "Łukasz Żółć & Øyvind Ødegård",
    "李明 & Ng Ä",
    "MacLeod\nvan Dijk\n",
    "Ann's pair; Bob > Carol",
]

#: The cells a name is typed in: the Pairs sheet's players, and the event's and club's names.
NAME_CELLS = [f"{L.PAIRS}!{c}{r}" for c in "BDF" for r in range(2, 19)] + [
    f"{L.SETTINGS}!B2",
    f"{L.SETTINGS}!B21",
]

#: A Yes/No setting typed as another word, and what the person meant (``None``: no clear
#: meaning, so a message naming the cell is the only right answer).
YES_NO: list[tuple[object, str | None]] = [
    ("yes", "Yes"), ("Y", "Yes"), (True, "Yes"), ("TRUE", "Yes"), (" YES ", "Yes"),
    (" no ", "No"), ("n", "No"), (False, "No"), ("FALSE", "No"),
    ("Ja", None), ("oui", None), ("Nope", None), ("x", None), ("maybe", None),
    ("\u2713", None), ("Yes please", None), ("N/A", None),
]  # fmt: skip

#: The Yes/No settings: Butler's datum of real results, factor fewer boards.
YES_NO_CELLS = [f"{L.SETTINGS}!B16", f"{L.SETTINGS}!B18"]

#: The date typed two ways and more, and the day meant (``None``: either of two days, or
#: none: a message naming the cell is the only right answer).
DATES: list[tuple[object, date | None]] = [
    ("05/06/2026", None), ("12/03/2024", None), ("5.6.2026", None),
    ("2026-06-05", date(2026, 6, 5)), ("25/12/2026", date(2026, 12, 25)),
    ("12 March 2024", date(2024, 3, 12)), ("31/02/2026", None), ("tomorrow", None),
    (datetime(2026, 6, 5), date(2026, 6, 5)), (date(2026, 6, 5), date(2026, 6, 5)),
]  # fmt: skip

#: What Excel made of a range or a fraction typed where none is a date: ``2/5`` (a weight,
#: two fifths) as 2 May, ``1-2`` as 1 February, ``3-4`` as 3 April.
EXCEL_DATES = [datetime(2026, 5, 2), datetime(2026, 2, 1), datetime(2026, 4, 3)]

#: The cells a range or a fraction is typed in: pairs and a result on the travellers, a
#: ruling's weight, an adjustment's amount, Butler's results dropped.
EXCEL_DATE_CELLS = [f"{L.TRAVELLERS}!{c}{r}" for c in "BCF" for r in range(2, 38)] + [
    f"{L.RULINGS}!D2",
    f"{L.RULINGS}!D3",
    f"{L.ADJUSTMENTS}!C2",
    f"{L.SETTINGS}!B14",
]

#: A contract typed in one cell with its declarer and result (the By and Result cells left
#: blank): ``{c}`` the contract, ``{x}`` it with a double in lower case (``3NTx-2 W``),
#: ``{b}`` the declarer, ``{r}`` the result.
ONE_CELL = ["{c}{b}{r}", "{c} {b} {r}", "{x}{r} {b}", "{c} by {b} {r}"]


#: What the first problem of a structural slip must name: its cause.
CAUSES = {"column": "a column was inserted", "twice": "listed twice"}

#: The count line a message of many problems begins with, or ends its first problem with.
COUNT = re.compile(r"\d+ problems? in the workbook:|\d+ more problems.*")


def seen(value: object) -> tuple[str, ...]:
    """How a typed value may show in a message: text as typed, TRUE and FALSE as Excel
    shows them, a date as day and month (``2 May``, or ``2-May`` as Excel shows it)."""
    if isinstance(value, bool):
        return (str(value).upper(),)
    if isinstance(value, (date, datetime)):
        return (f"{value.day} {value:%b}", f"{value.day}-{value:%b}")
    return (str(value).strip(),)


def first_problem(message: str) -> str:
    """The first line of a message that is a problem (not the count of them)."""
    lines = [line for line in message.splitlines() if not COUNT.fullmatch(line)]
    return lines[0] if lines else ""


def _cell(wb: Any, where: str) -> Any:
    sheet, ref = where.split("!")
    return wb[sheet][ref]


Figures = dict[str, tuple[str, Fraction]]


@dataclass(frozen=True)
class Night:
    data: bytes
    figures: Figures
    warnings: frozenset[str]


@cache
def night(seed: int) -> Night:
    """The example night of ``seed`` cut to boards 1-4, without its result sheets."""
    wb = build_example(seed=seed)
    travellers = wb[L.TRAVELLERS]
    for row in travellers.iter_rows(min_row=2):
        if row[0].value is None or row[0].value > 4:
            for cell in row:
                cell.value = None
    travellers.delete_rows(40, travellers.max_row)
    for name in (L.BOARD_RESULTS, L.FREQUENCIES, L.RANKING, "How to use"):
        if name in wb.sheetnames:
            del wb[name]
    buffer = io.BytesIO()
    wb.save(buffer)
    return scored_night(buffer.getvalue(), f"base-{seed}")


def scored_night(data: bytes, name: str) -> Night:
    """The night whose workbook is ``data``, scored (written for that to a file of its own,
    named by ``name`` and this process, and removed)."""
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"xlbridge-fuzz-{name}-{os.getpid()}.xlsx"
    path.write_bytes(data)
    try:
        scored = score_night(path)
    finally:
        path.unlink()
    return Night(data, figures(scored.result), frozenset(map(str, scored.warnings)))


def figures(result: Any) -> Figures:
    return {p.pair.label: (p.rank, p.score) for p in result.pairs}


@dataclass(frozen=True)
class Mutation:
    """One mutation.  ``meant``: for a slip in typing, the cells as the person meant them
    (``{"Settings!B16": "Yes"}``), ``None`` when what was typed means nothing clear; empty
    for the other kinds (the unmutated workbook is what was meant, or nothing is)."""

    kind: str
    args: tuple[Any, ...]
    meant: tuple[tuple[str, object], ...] | None = ()
    #: for a structural slip, the sheet it is made in, and a contract's cells (contract,
    #: declarer, result): a pairs night's by default, a teams night's given
    sheet: str = ""
    letters: str = "DEF"

    @property
    def cell(self) -> str | None:
        """The cell a slip in typing was made in (``Travellers!D7``), which a message about
        it must name."""
        if self.kind == "typed":
            return str(self.args[0])
        if self.kind == "one cell":
            return f"{L.TRAVELLERS}!{self.letters[0]}{self.args[0]}"
        return None

    def apply(self, data: bytes) -> bytes:
        if self.kind in ("typed", "one cell", "column", "twice"):
            wb = load_workbook(io.BytesIO(data))
            if self.kind == "typed":
                where, value = self.args
                _cell(wb, where).value = value
            elif self.kind == "one cell":
                row, style = self.args
                sheet = wb[L.TRAVELLERS]
                first, second, third = self.letters
                contract, by, result = (sheet[f"{c}{row}"].value for c in self.letters)
                if contract is not None:
                    sheet[f"{first}{row}"] = (
                        ONE_CELL[style]
                        .format(
                            c=contract,
                            x=str(contract).replace("X", "x"),
                            b=by or "",
                            r=result or "",
                        )
                        .strip()
                    )
                    sheet[f"{second}{row}"] = sheet[f"{third}{row}"] = None
            elif self.kind == "column":
                index, header = self.args
                wb[self.sheet or L.TRAVELLERS].insert_cols(index)
                wb[self.sheet or L.TRAVELLERS].cell(1, index).value = header
            else:
                first, second = self.args
                sheet = wb[self.sheet or L.PAIRS]
                for column in range(1, sheet.max_column + 1):
                    sheet.cell(second, column).value = sheet.cell(first, column).value
            out = io.BytesIO()
            wb.save(out)
            return out.getvalue()
        if self.kind in ("value", "format", "copy", "rename"):
            wb = load_workbook(io.BytesIO(data))
            if self.kind in ("value", "format"):
                sheet, ref, extra = self.args
                cell = wb[sheet][ref]
                if self.kind == "format":
                    cell.number_format = extra
                else:
                    keep, choice = extra
                    change = same_meaning if keep else no_meaning
                    cell.value = change(cell.value, choice)
            elif self.kind == "copy":
                sheet, title = self.args
                wb.copy_worksheet(wb[sheet]).title = title.format(sheet)[:31]
            else:
                sheet, title = self.args
                wb[sheet].title = title.format(sheet)[:31]
            out = io.BytesIO()
            wb.save(out)
            return out.getvalue()
        if self.kind == "part":
            index, how, fraction = self.args
            return damage_part(data, index, how, fraction)
        if self.kind == "attribute":
            index, fraction, value = self.args
            return damage_attribute(data, index, fraction, value)
        at, garbage = self.args
        position = int(at * len(data))
        return data[:position] + garbage + data[position + len(garbage) :]


def rewrite_part(data: bytes, index: int, change: Callable[[bytes], bytes | None]) -> bytes:
    """The package with its ``index``-th part (modulo their number) changed, or dropped
    when ``change`` gives ``None``."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as old, zipfile.ZipFile(out, "w") as new:
        infos = old.infolist()
        target = infos[index % len(infos)].filename
        for info in infos:
            part: bytes | None = old.read(info)
            if info.filename == target:
                part = change(part)
            if part is not None:
                new.writestr(info.filename, part)
    return out.getvalue()


def damage_part(data: bytes, index: int, how: str, fraction: float) -> bytes:
    def change(part: bytes) -> bytes | None:
        if how == "drop":
            return None
        if how == "truncate":
            return part[: int(fraction * len(part))]
        if how == "garbage":
            return b"\x00garbage<<" + part[int(fraction * len(part)) :]
        return b""

    return rewrite_part(data, index, change)


_ATTRIBUTE = re.compile(rb'(\s[\w:]+=")([^"]*)(")')


#: What a tool that writes a well-formed but wrong part may put in an attribute.
ATTRIBUTE_VALUES = [b"garbled", b"-1", b"", b"99999999", b"A0", b"1e9", b"s"]


def damage_attribute(data: bytes, index: int, fraction: float, value: bytes) -> bytes:
    """One attribute of a part given another value: the XML stays well-formed."""

    def change(part: bytes) -> bytes:
        found = list(_ATTRIBUTE.finditer(part))
        if not found:
            return part
        match = found[int(fraction * len(found))]
        return part[: match.start(2)] + value + part[match.end(2) :]

    return rewrite_part(data, index, change)


@st.composite
def mutations(
    draw: st.DrawFn,
    cells: dict[str, tuple[int, int, str]] | None = None,
    also_copied: tuple[str, str] = (),
) -> Mutation:
    """One mutation of a workbook whose typed cells are ``cells`` (default: a pairs night's).

    ``also_copied``: a sheet that may be copied besides them, and the sheet whose name the
    copy is given (a pairs night: How to use, copied as if it were the Travellers).
    """
    if cells is None:
        cells, also_copied = CELLS, ("How to use", L.TRAVELLERS)
    kind = draw(
        st.sampled_from(
            ["value", "value", "value", "format", "copy", "rename", "part", "attribute", "bytes",
             "slip"]
        )
    )  # fmt: skip
    if kind == "slip":
        if cells is CELLS:
            return draw(slips())
        kind = "value"  # the teams workbook's slips are its own fuzzing's
    if kind in ("value", "format"):
        sheet = draw(st.sampled_from(sorted(cells)))
        first, last, columns = cells[sheet]
        ref = f"{draw(st.sampled_from(columns))}{draw(st.integers(first, last))}"
        if kind == "format":
            return Mutation(kind, (sheet, ref, draw(st.sampled_from(FORMATS))))
        return Mutation(kind, (sheet, ref, (draw(st.booleans()), draw(st.integers(0, 63)))))
    if kind in ("copy", "rename"):
        extra = [also_copied[0]] if also_copied and kind == "copy" else []
        sheet = draw(st.sampled_from([*cells, *extra]))
        sheet = sheet if sheet in cells else also_copied[1]
        return Mutation(kind, (sheet, draw(st.sampled_from(TITLES))))
    if kind == "part":
        how = draw(st.sampled_from(["drop", "truncate", "garbage", "empty"]))
        return Mutation(kind, (draw(st.integers(0, 40)), how, draw(st.floats(0.05, 0.95))))
    if kind == "attribute":
        index, fraction = draw(st.integers(0, 40)), draw(st.floats(0, 0.999))
        return Mutation(kind, (index, fraction, draw(st.sampled_from(ATTRIBUTE_VALUES))))
    return Mutation(kind, (draw(st.floats(0, 0.999)), draw(st.binary(min_size=1, max_size=8))))


@st.composite
def slips(draw: st.DrawFn) -> Mutation:
    """One slip a person makes typing in a pairs night (issue 35, item 8): a name with a
    line break, quotes or letters beyond ASCII; a Yes/No setting as another word; the date
    typed another way; a range or a fraction Excel made a date; a contract in one cell with
    its declarer and result; a column inserted in the travellers; a pair listed twice."""
    kind = draw(st.sampled_from(["name", "yes/no", "date", "excel date", "one cell", "column",
                                 "twice"]))  # fmt: skip
    if kind == "name":
        where, name = draw(st.sampled_from(NAME_CELLS)), draw(st.sampled_from(NAMES))
        return Mutation("typed", (where, name), ((where, name),))
    if kind == "yes/no":
        where = draw(st.sampled_from(YES_NO_CELLS))
        typed, word = draw(st.sampled_from(YES_NO))
        return Mutation("typed", (where, typed), None if word is None else ((where, word),))
    if kind == "date":
        where = f"{L.SETTINGS}!B3"
        typed, day = draw(st.sampled_from(DATES))
        return Mutation("typed", (where, typed), None if day is None else ((where, day),))
    if kind == "excel date":
        where = draw(st.sampled_from(EXCEL_DATE_CELLS))
        return Mutation("typed", (where, draw(st.sampled_from(EXCEL_DATES))), None)
    if kind == "one cell":
        return Mutation(kind, (draw(st.integers(2, 37)), draw(st.integers(0, len(ONE_CELL) - 1))))
    if kind == "column":
        return Mutation(
            kind, (draw(st.integers(1, 9)), draw(st.sampled_from([None, "Notes"]))), None
        )
    first, second = draw(st.integers(2, 18)), draw(st.integers(2, 19))
    return Mutation("twice", (first, second if second != first else 19), None)
