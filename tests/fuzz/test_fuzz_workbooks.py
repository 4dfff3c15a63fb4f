"""Whole-workbook fuzzing: random valid nights, each with one random slip or damage.

A valid night (the example night of a random seed, cut to boards 1-4) gets
one mutation: a cell's value changed to another type (the same meaning, or
none), a cell's number format changed, a sheet copied or renamed, a part of
the package damaged or dropped, bytes of the file overwritten, or one of the
slips people make typing (issue 35, item 8: a name with a line break, quotes
or letters beyond ASCII, a Yes/No setting as another word, the date typed
another way, a range Excel made a date, a contract typed in one cell with its
declarer and result, a column inserted in the travellers, a pair listed
twice).  Reading and scoring it must end in one of two ways:

* **refused**: a :class:`~xlbridge.errors.ScoringError` whose message names
  where (``sheet!cell``, a sheet, or the file);
* **scored**: with every pair's figures equal to the unmutated night's, or a
  new message (a warning) saying what changed.

A slip is held to more: the figures (and the date) of the night as the
person meant it, or a message naming the cell; where nothing clear was meant,
a message naming the cell and quoting the value as the person sees it; for a
column inserted or a pair listed twice, a first problem naming that cause.

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
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support.fuzzing import fuzz, python_leaks
from support.workbook_mutations import (
    Mutation,
    Night,
    figures,
    mutations,
    night,
    scored_night,
    slips,
)

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.night import score_night

CI_EXAMPLES = 200
SLIP_EXAMPLES = 40
LONG_EXAMPLES = 10000
SEEDS = 12
SLIPS = ("typed", "one cell", "column", "twice")
COUNT = re.compile(r"\d+ problems? in the workbook:|\d+ more problems.*")
WHERE = re.compile(r"\b(Travellers|Pairs|Settings|Rulings|Adjustments)![A-Z]+\d+|sheet '|\.xlsx\b")


@cache
def meant_night(seed: int, meant: tuple[tuple[str, object], ...]) -> Night:
    """The night of ``seed`` with the cells as a person meant them (a slip's ``meant``)."""
    if not meant:
        return night(seed)
    data = night(seed).data
    for where, value in meant:
        data = Mutation("typed", (where, value)).apply(data)
    return scored_night(data, "meant")


# --- the oracle ---------------------------------------------------------------------------------

#: What the first problem of a structural slip must name: its cause.
CAUSES = {"column": "a column was inserted", "twice": "listed twice"}


def as_seen(value: object) -> str:
    """How a typed value shows in a message: text as typed, a date as day and month."""
    if isinstance(value, (date, datetime)):
        return f"{value.day} {value:%b}"
    return str(value).strip()


def first_problem(message: str) -> str:
    lines = [line for line in message.splitlines() if not COUNT.fullmatch(line)]
    return lines[0] if lines else ""


def check_slip(mutation: Mutation, base: Night, scored: Any, message: str) -> None:
    """A slip in typing (issue 35, item 8): the value as the person meant it, or a message
    naming the cell (quoting the value, when what was typed means nothing clear); the first
    problem of a structural slip names its cause."""
    assert not python_leaks(message), (mutation, message)
    cell = mutation.cell
    if mutation.kind in CAUSES:  # refused naming the cause, or scored the same
        if scored is None:
            assert CAUSES[mutation.kind] in first_problem(message), (mutation, message)
        else:
            assert figures(scored.result) == base.figures or message, (mutation, "changed")
    elif mutation.meant is None:  # nothing clear was meant: a message must say so
        assert cell is not None and cell in message, (mutation, message)
        assert as_seen(mutation.args[1]) in message, (mutation, message)
    if scored is None or mutation.meant is None or cell is None:
        return
    named = cell in message
    assert figures(scored.result) == base.figures or named, (mutation, "figures changed")
    day = dict(mutation.meant).get(f"{L.SETTINGS}!B3")
    if day is not None:
        assert scored.night.event.facts.date == day or named, (mutation, "another date")


def check(seed: int, mutation: Mutation, full: bool, folder: Path) -> str:
    """Score the mutated night; assert the outcome; return ``'refused'`` or ``'scored'``."""
    base = night(seed)
    path = folder / "night.xlsx"
    path.write_bytes(mutation.apply(base.data))
    before = path.read_bytes()
    slip = mutation.kind in SLIPS
    try:
        scored = score_night(path)
    except ScoringError as exc:
        message = str(exc)
        assert WHERE.search(message), (mutation, message)
        for internal in ("None is", "datetime.", "Fraction(", "Traceback"):
            assert internal not in message, (mutation, message)
        if slip:
            check_slip(mutation, base, None, message)
        outcome = "refused"
    else:
        new = set(map(str, scored.warnings)) - base.warnings
        if slip:
            meant = meant_night(seed, mutation.meant or ())
            check_slip(mutation, meant, scored, "\n".join(new))
        else:
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


@fuzz(SLIP_EXAMPLES)
@given(seed=st.integers(0, 3), mutation=slips())
def test_a_slip_in_typing_is_read_as_meant_or_named(
    tmp_path_factory: pytest.TempPathFactory, seed: int, mutation: Mutation
) -> None:
    """Each class of slip issue 35 lists, drawn more often than among all the mutations."""
    check(seed, mutation, False, tmp_path_factory.mktemp("slip"))


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
