"""Fuzzing of imported files: real USEBIO and Bridgemate files, and a PBN file xlbridge wrote,
each with one random slip or damage, through ``xlbridge import`` and then ``xlbridge score``.

The mutations are those a file meets between another program and the scorer's disk, and
those a hostile file is made of:

* an element's or tag's value replaced (a number out of range, text, a formula, a control
  character, a long or empty value, a character of another script);
* an element, a block (a traveller line, a participant, a board) or a line dropped,
  doubled or two swapped;
* an attribute (``EVENT_TYPE``, ``Version``) given another value;
* the file cut short, bytes overwritten, a byte-order mark added, another encoding
  declared, the whole file in UTF-16; for a Bridgemate database, one 4 KB page zeroed;
* a Bridgemate result row (``ReceivedData``) deleted, marked erased, or one of its fields
  made blank, in the database's own pages (``bws_rows``).

The oracle: ``import`` exits 0 with a workbook, or 2 with one message naming the file and
nothing written; the source is never changed; a workbook it wrote is scored (exit 0, or 2
with a message naming where and nothing written); never a Python error or repr.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import bws_rows
import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from test_fuzz_workbooks import fuzz

from xlbridge.cli import main

CI_EXAMPLES = 100  # derandomized, as the workbook fuzzing
LONG_EXAMPLES = int(os.environ.get("XLBRIDGE_FUZZ_IMPORTS", "1000"))
DATA = Path(__file__).parent / "data"
TEMPLATES = Path(__file__).parent.parent / "workbook_templates"
USEBIO = sorted((DATA / "usebio").glob("*.xml"))
BWS = [DATA / "bridgemate" / "LBC-2026-01-26.bws", DATA / "bridgemate" / "260119M.BWS"]
INTERNALS = ("None is", "datetime.", "Fraction(", "Traceback", "Error(", "<class ")
#: A bytes repr (b'...'): at the start or after a space or bracket, not the end of a word
#: quoted (a value 'a?b' a message quotes ends in "b'").
BYTES_REPR = re.compile(r"(?:^|[\s(\[{=,:])b'")


def python_leaks(text: str) -> list[str]:
    """What in ``text`` a scorer should never see: Python's own words or reprs."""
    found = [internal for internal in INTERNALS if internal in text]
    return found + [m.group() for m in BYTES_REPR.finditer(text)]


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


@st.composite
def cases(draw: st.DrawFn) -> tuple[Base, Mutation]:
    suffix = draw(st.sampled_from([".xml", ".pbn", ".bws"]))
    base = draw(st.sampled_from([b for b in BASES if Path(b.name).suffix.lower() == suffix]))
    damage = ["cut", "bytes"] + (["page"] if suffix == ".bws" else ["bom", "utf16"])
    kinds = TEXT_KINDS.get(suffix, []) * 3 + damage
    kind = draw(st.sampled_from(kinds))
    if kind in ("cut", "bytes", "page"):
        args: tuple[Any, ...] = (
            draw(st.floats(0, 1)),
            draw(st.integers(1, 64)),
            draw(st.integers(0, 255)),
        )
    elif kind in ("bom", "utf16", "encoding"):
        args = ()
    else:
        args = (draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6)))
    return base, Mutation(kind, args)


def check(base: Base, mutation: Mutation, full: bool, folder: Path) -> str:
    source = folder / base.name
    source.write_bytes(mutation.apply(base))
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    night = folder / "night.xlsx"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["import", str(source), "-o", str(night)])
    assert hashlib.sha256(source.read_bytes()).hexdigest() == digest, mutation
    message = err.getvalue()
    assert not python_leaks(message + out.getvalue()), (mutation, message)
    if status == 2:
        assert message.startswith("error: ") and base.name in message, (mutation, message)
        assert not night.exists(), mutation
        outcome = "refused"
    else:
        assert status == 0, (mutation, status, message)
        assert night.exists(), mutation
        outcome = "imported"
        if full:
            outcome += ", " + _score(night, folder, mutation)
        night.unlink()
    source.unlink()
    return outcome


def _score(night: Path, folder: Path, mutation: Mutation) -> str:
    results, page = folder / "results.xlsx", folder / "results.html"
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(["score", str(night), "-o", str(results), "--html", str(page)])
    message = err.getvalue()
    assert not python_leaks(message), (mutation, message)
    assert status in (0, 2), (mutation, status, message)
    assert results.exists() == page.exists() == (status == 0), (mutation, message)
    results.unlink(missing_ok=True)
    page.unlink(missing_ok=True)
    return "scored" if status == 0 else "score refused"


@fuzz(CI_EXAMPLES, ci=True)
@given(case=cases(), full=st.integers(0, 3).map(lambda n: n == 0))
def test_a_mutated_results_file_is_imported_or_refused(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[Base, Mutation], full: bool
) -> None:
    check(*case, full, tmp_path_factory.mktemp("fuzz"))


@pytest.mark.slow
@fuzz(LONG_EXAMPLES, ci=False)
@given(case=cases(), full=st.integers(0, 3).map(lambda n: n == 0))
def test_many_mutated_results_files(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[Base, Mutation], full: bool
) -> None:
    base, mutation = case
    outcome = check(base, mutation, full, tmp_path_factory.mktemp("fuzz"))
    event(f"{Path(base.name).suffix.lower()} {mutation.kind}: {outcome}")
    if "XLBRIDGE_FUZZ_LOG" in os.environ:  # a tally that survives an interrupted run
        with open(os.environ["XLBRIDGE_FUZZ_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{base.name} {mutation.kind} {outcome}\n")
