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
  made blank, in the database's own pages (``support/bws_rows.py``).

The oracle: ``import`` exits 0 with a workbook, or 2 with one message naming the file and
nothing written; the source is never changed; a workbook it wrote is scored (exit 0, or 2
with a message naming where and nothing written); never a Python error or repr.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support.file_mutations import (
    BASES,
    TEXT_KINDS,
    Base,
    Mutation,
)
from support.fuzzing import fuzz, python_leaks

from xlbridge.cli import main

CI_EXAMPLES = 100  # derandomized, as the workbook fuzzing
LONG_EXAMPLES = 1000


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


@fuzz(CI_EXAMPLES)
@given(case=cases(), full=st.integers(0, 3).map(lambda n: n == 0))
def test_a_mutated_results_file_is_imported_or_refused(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[Base, Mutation], full: bool
) -> None:
    check(*case, full, tmp_path_factory.mktemp("fuzz"))


@pytest.mark.slow
@fuzz(long=LONG_EXAMPLES)
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
