"""One random slip or damage to a results file (USEBIO, PBN, Bridgemate .bws): the import
fuzzing's mutations, also used on hand records."""

from __future__ import annotations

import contextlib
import io
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from support import bws_rows
from support.paths import DATA, TEMPLATES
from xlbridge.cli import main

USEBIO = sorted((DATA / "usebio").glob("*.xml"))


BWS = [DATA / "bridgemate" / "LBC-2026-01-26.bws", DATA / "bridgemate" / "260119M.BWS"]


#: Values a slip or a hostile file puts where a number, a pair or a contract was.
JUNK = [
    "", " ", "0", "-1", "-0", "1e9", "99999999999999999999", "3.5", "50.5%", "abc", "NaN",
    "inf", "\u0663", "\u2460", "=1+1", "=HYPERLINK(\"http://x\")", "x" * 3000, "\u202e1",
    "NP", "A+", "A60", "PASS", "7NTXX", "4H", "4HX", "N", "Z", "1NS", "99EW", "1/2", "\t",
    "\x01", "\ufeff", "&", "<", "]", '"',
]  # fmt: skip


@dataclass(frozen=True)
class Base:
    name: str
    path: Path | None  # None: the PBN file made by pbn_base()


@cache
def pbn_base() -> bytes:
    """The example night's results as PBN 2.1 with its deals, as xlbridge writes them."""
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"xlbridge-fuzz-imports-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    pbn = folder / "example.pbn"
    for path in (pbn, folder / "example.xlsx"):
        path.unlink(missing_ok=True)
    with contextlib.redirect_stdout(io.StringIO()):
        status = main([
            "score", str(TEMPLATES / "example_club_night.xlsx"), "-o", str(folder / "example.xlsx"),
            "--pbn", str(pbn), "--hands", str(TEMPLATES / "example_club_night_hands.pbn"),
        ])  # fmt: skip
    assert status == 0
    return pbn.read_bytes()


def bases() -> list[Base]:
    return (
        [Base(path.name, path) for path in USEBIO]
        + [Base("example.pbn", None)]  # made when first drawn: pbn_base()
        + [Base(path.name, path) for path in BWS]
    )


BASES = bases()


@cache
def _data(base: Base) -> bytes:
    return pbn_base() if base.path is None else base.path.read_bytes()


def _escaped(value: str, kind: str) -> str:
    if kind == "xml":
        return value.replace("&", "&amp;").replace("<", "&lt;")
    return value.replace("\\", "\\\\").replace('"', '\\"')


@dataclass(frozen=True)
class Mutation:
    kind: str
    args: tuple[Any, ...]

    def apply(self, base: Base) -> bytes:
        data = _data(base)
        if self.kind in ("cut", "bytes", "page"):
            return _damage(data, self.kind, self.args)
        if self.kind.startswith("row "):
            assert base.path is not None
            return _row(data, base.path, self.kind, *self.args)
        if self.kind == "utf16":
            return data.decode("utf-8", "replace").encode("utf-16")
        if self.kind == "bom":
            return b"\xef\xbb\xbf" + data
        text = data.decode("utf-8")
        if self.kind == "encoding":
            return text.replace(
                '<?xml version="1.0"', '<?xml version="1.0" encoding="UTF-16"', 1
            ).encode()
        pick, choice = self.args
        if base.name.endswith(".xml"):
            return _xml(text, self.kind, pick, choice).encode("utf-8")
        return _pbn(text, self.kind, pick, choice).encode("utf-8")


def _damage(data: bytes, kind: str, args: tuple[Any, ...]) -> bytes:
    where, size, fill = args
    at = int(where * len(data))
    if kind == "cut":
        return data[:at]
    if kind == "page":  # an Access database is 4 KB pages
        page = at - at % 4096
        return data[:page] + bytes(4096) + data[page + 4096 :]
    return data[:at] + bytes([fill]) * size + data[at + size :]


def _row(data: bytes, path: Path, kind: str, pick: int, choice: int) -> bytes:
    """A Bridgemate result row deleted, marked erased, or a field of it made blank."""
    rows = bws_rows.entries(path)
    entry = rows[pick % len(rows)]
    if kind == "row drop":
        return bws_rows.dropped(data, path, entry)
    if kind == "row erase":
        return bws_rows.erased(data, path, entry)
    columns = sorted(bws_rows.layout(path).column_ids)
    return bws_rows.blanked(data, path, entry, columns[choice % len(columns)])


_LEAF = re.compile(r"<([A-Z_]+)>([^<]*)</\1>")


_BLOCK = re.compile(
    r"<(TRAVELLER_LINE|PAIR|PLAYER|BOARD|PARTICIPANTS|SESSION|CLUB)>.*?</\1>\s*", re.DOTALL
)


_ATTRIBUTE = re.compile(r'(EVENT_TYPE|Version)="([^"]*)"')


def _xml(text: str, kind: str, pick: int, choice: int) -> str:
    if kind == "attribute":
        found = list(_ATTRIBUTE.finditer(text))
        value = ["SWISS_TEAMS", "INDIVIDUAL", "1.3", "9.9", "", "MP_PAIRS"][choice % 6]
        match = found[pick % len(found)]
        return text[: match.start(2)] + value + text[match.end(2) :]
    found = list(_BLOCK.finditer(text) if kind.startswith("block") else _LEAF.finditer(text))
    match = found[pick % len(found)]
    if kind == "value":
        value = _escaped(JUNK[choice % len(JUNK)], "xml")
        return text[: match.start(2)] + value + text[match.end(2) :]
    if kind in ("drop", "block drop"):
        return text[: match.start()] + text[match.end() :]
    if kind in ("twice", "block twice"):
        return text[: match.end()] + match.group() + text[match.end() :]
    raise AssertionError(kind)


_PBN_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]', re.MULTILINE)


_PBN_ROW = re.compile(r"^(?!\[|%)\s*\S.*$", re.MULTILINE)


def _pbn(text: str, kind: str, pick: int, choice: int) -> str:
    if kind == "value":
        found = list(_PBN_TAG.finditer(text))
        match = found[pick % len(found)]
        value = _escaped(JUNK[choice % len(JUNK)], "pbn")
        return text[: match.start(2)] + value + text[match.end(2) :]
    if kind == "cell":  # one entry of a score table's row
        rows = list(_PBN_ROW.finditer(text))
        match = rows[pick % len(rows)]
        entries = match.group().split()
        entries[choice % len(entries)] = JUNK[choice % len(JUNK)].replace('"', "") or "-"
        return text[: match.start()] + " ".join(entries) + text[match.end() :]
    lines = text.split("\n")
    at = pick % len(lines)
    if kind == "drop":
        del lines[at]
    elif kind == "twice":
        lines.insert(at, lines[at])
    elif kind == "swap":
        other = choice % len(lines)
        lines[at], lines[other] = lines[other], lines[at]
    else:
        raise AssertionError(kind)
    return "\n".join(lines)


TEXT_KINDS = {
    ".xml": ["value", "drop", "twice", "block drop", "block twice", "attribute", "encoding"],
    ".pbn": ["value", "cell", "drop", "twice", "swap"],
    ".bws": ["row drop", "row erase", "row blank"],
}
