"""Whole-workbook fuzzing: random valid nights, each with one random slip or damage.

A valid night (the example night of a random seed, cut to boards 1-4) gets
one mutation: a cell's value changed to another type (the same meaning, or
none), a cell's number format changed, a sheet copied or renamed, a part of
the package damaged or dropped, or bytes of the file overwritten.  Reading
and scoring it must end in one of two ways:

* **refused**: a :class:`~xlbridge.errors.ScoringError` whose message names
  where (``sheet!cell``, a sheet, or the file);
* **scored**: with every pair's figures equal to the unmutated night's, or a
  new message (a warning) saying what changed.

Never a traceback, never a changed figure without a message.  One example
in ten (one in fifty in the long run) also runs the whole ``xlbridge score``
command with both outputs (the results workbook and page): exit 0, or 2
naming where, with nothing written.

The CI run is modest (:data:`CI_EXAMPLES` workbooks); the long run (marked
``slow``) reads :data:`LONG_EXAMPLES` and is recorded in docs/testing.md.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support.fuzzing import fuzz
from support.workbook_mutations import (
    Mutation,
    mutations,
)

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.example import build_example
from xlbridge.workbook.pairs.night import score_night

CI_EXAMPLES = 200
LONG_EXAMPLES = 10000
SEEDS = 12
WHERE = re.compile(r"\b(Travellers|Pairs|Settings|Rulings|Adjustments)![A-Z]+\d+|sheet '|\.xlsx\b")

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
    data = buffer.getvalue()
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"xlbridge-fuzz-base-{os.getpid()}-{seed}.xlsx"
    path.write_bytes(data)
    try:
        scored = score_night(path)
    finally:
        path.unlink()
    return Night(data, figures(scored.result), frozenset(scored.warnings))


def figures(result: Any) -> Figures:
    return {p.pair.label: (p.rank, p.score) for p in result.pairs}


# --- the mutations ----------------------------------------------------------------------------


# --- the oracle ---------------------------------------------------------------------------------


def check(seed: int, mutation: Mutation, full: bool, folder: Path) -> str:
    """Score the mutated night; assert the outcome; return ``'refused'`` or ``'scored'``."""
    base = night(seed)
    path = folder / "night.xlsx"
    path.write_bytes(mutation.apply(base.data))
    before = path.read_bytes()
    try:
        scored = score_night(path)
    except ScoringError as exc:
        message = str(exc)
        assert WHERE.search(message), (mutation, message)
        for internal in ("None is", "datetime.", "Fraction(", "Traceback"):
            assert internal not in message, (mutation, message)
        outcome = "refused"
    else:
        new = set(scored.warnings) - base.warnings
        assert figures(scored.result) == base.figures or new, (mutation, "figures changed")
        outcome = "scored"
    assert path.read_bytes() == before
    if full:
        # The command also copies the whole input into the results workbook: a damaged
        # part the entries do not need (document properties, a theme) is refused there.
        out, page = folder / "out.xlsx", folder / "out.html"
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = main(["score", str(path), "-o", str(out), "--html", str(page)])
        assert status in ((0, 2) if outcome == "scored" else (2,)), (mutation, status)
        if status == 2:
            assert WHERE.search(err.getvalue()) and "Traceback" not in err.getvalue()
        assert out.exists() == page.exists() == (status == 0)
        out.unlink(missing_ok=True)
        page.unlink(missing_ok=True)
    path.unlink()
    return outcome


@fuzz(CI_EXAMPLES)
@given(seed=st.integers(0, 3), mutation=mutations(), full=st.integers(0, 9).map(lambda n: n == 0))
def test_a_mutated_night_is_scored_right_or_refused(
    tmp_path_factory: pytest.TempPathFactory, seed: int, mutation: Mutation, full: bool
) -> None:
    check(seed, mutation, full, tmp_path_factory.mktemp("fuzz"))


@pytest.mark.slow
@fuzz(long=LONG_EXAMPLES)
@given(
    seed=st.integers(0, SEEDS - 1),
    mutation=mutations(),
    full=st.integers(0, 9).map(lambda n: n == 0),
)
def test_many_mutated_nights(
    tmp_path_factory: pytest.TempPathFactory, seed: int, mutation: Mutation, full: bool
) -> None:
    outcome = check(seed, mutation, full, tmp_path_factory.mktemp("fuzz"))
    line = f"{mutation.kind}: {outcome}" + (" (and the whole command)" if full else "")
    event(line)
    if "XLBRIDGE_FUZZ_LOG" in os.environ:  # a tally that survives an interrupted run
        with open(os.environ["XLBRIDGE_FUZZ_LOG"], "a", encoding="utf-8") as log:
            log.write(line + "\n")
