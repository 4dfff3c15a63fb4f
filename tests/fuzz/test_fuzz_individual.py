"""Slips in typing on an individual night (issue 35, item 8), as the pairs and teams
fuzzing draw them: a player's name with a line break (Alt+Enter), quotes, ``&``, ``<`` or
letters beyond ASCII; a contract typed in one cell with its declarer and result; a range
or a fraction Excel made a date, typed in a seat or a score.

The night is the 12-player individual worked by hand (``support.nights.filled_individual``:
player 12 first with 84 of 88).  Each slip is read as the person meant it (every player's
matchpoints as worked by hand, the name as typed) or refused naming the cell; where
nothing clear was meant (a date in a seat or a score), refused naming the cell and quoting
the value as the person sees it, never a Python repr.
"""

from __future__ import annotations

import contextlib
import io
import os
from datetime import datetime
from functools import cache
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support.fuzzing import fuzz, python_leaks
from support.nights import INDIVIDUAL_MATCHPOINTS, filled_individual
from support.workbook_mutations import EXCEL_DATES, NAMES, ONE_CELL, Mutation

from xlbridge.errors import ScoringError
from xlbridge.workbook.individual.night import score_individual_night

SLIP_EXAMPLES = 30

#: The traveller row typed as a contract (board 1 at table 1: 2C by N made); every other
#: of the 66 rows (22 boards at 3 tables) has its NS score in K.
CONTRACT_ROW = 2
SCORE_ROWS = range(3, 68)


@cache
def base() -> bytes:
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"xlbridge-fuzz-individual-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    with contextlib.redirect_stdout(io.StringIO()):
        path = filled_individual(folder)
    data = path.read_bytes()
    path.unlink()
    return data


@st.composite
def individual_slips(draw: st.DrawFn) -> Mutation:
    kind = draw(st.sampled_from(["name", "one cell", "excel date"]))
    if kind == "name":
        where = f"Players!B{draw(st.integers(2, 13))}"  # players 1 to 12
        name = draw(st.sampled_from(NAMES))
        return Mutation("typed", (where, name), ((where, name),))
    if kind == "one cell":
        style = draw(st.integers(0, len(ONE_CELL) - 1))
        return Mutation(kind, (CONTRACT_ROW, style), (), letters="HIJ")
    letter = draw(st.sampled_from("DEFGK"))
    row = draw(st.sampled_from(SCORE_ROWS))
    where = f"Travellers!{letter}{row}"
    return Mutation("typed", (where, draw(st.sampled_from(EXCEL_DATES))), None)


def shown(value: datetime) -> tuple[str, str]:
    """A date as the person sees it: ``2 May``, or ``2-May`` as Excel shows it in the cell."""
    return (f"{value.day} {value:%b}", f"{value.day}-{value:%b}")


@fuzz(SLIP_EXAMPLES)
@given(mutation=individual_slips())
def test_a_slip_in_typing_an_individual_night_is_read_as_meant_or_named(
    tmp_path_factory: pytest.TempPathFactory, mutation: Mutation
) -> None:
    path = tmp_path_factory.mktemp("slip") / "individual.xlsx"
    path.write_bytes(mutation.apply(base()))
    cell = mutation.cell
    assert cell is not None
    try:
        scored = score_individual_night(path)
    except ScoringError as exc:
        message = str(exc)
        event(f"{mutation.kind}: refused")
        assert not python_leaks(message), (mutation, message)
        assert cell in message, (mutation, message)  # refused: naming the cell slipped in
        if mutation.meant is None:
            assert any(seen in message for seen in shown(mutation.args[1])), (mutation, message)
        return
    event(f"{mutation.kind}: scored")
    assert mutation.meant is not None, (mutation, "a date in a seat or a score was scored")
    result = scored.result
    totals = {int(str(p.pair.label)): result.ranking_total(p) for p in result.pairs}
    assert totals == INDIVIDUAL_MATCHPOINTS, (mutation, totals)
    for where, name in mutation.meant:
        player = int(where.removeprefix("Players!B")) - 1
        names = {int(str(p.pair.label)): p.pair.names for p in result.pairs}
        assert names[player] == str(name).strip(), (mutation, names[player])
