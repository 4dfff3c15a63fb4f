"""One random slip or damage to a workbook: a cell's value or format, a sheet copied or
renamed, a part of the package, an attribute, bytes (the workbook fuzzing's mutations, for
pairs and teams nights)."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, time
from typing import Any

from hypothesis import strategies as st
from openpyxl import load_workbook

from xlbridge.workbook.pairs import layout as L

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


@dataclass(frozen=True)
class Mutation:
    kind: str
    args: tuple[Any, ...]

    def apply(self, data: bytes) -> bytes:
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
            ["value", "value", "value", "format", "copy", "rename", "part", "attribute", "bytes"]
        )
    )
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
