"""Slips in typing on an individual night (issue 35, item 8), as the pairs and teams
fuzzing draw them: a player's name with a line break (Alt+Enter), quotes, ``&``, ``<`` or
letters beyond ASCII; a contract typed in one cell with its declarer and result; a range
or a fraction Excel made a date, typed in a seat or a score; the date typed two ways; a
Settings word typed another way; a column inserted in the Travellers; a player listed
twice on the Players sheet.

The night is the 12-player individual worked by hand (``support.nights.filled_individual``:
player 12 first with 84 of 88).  Each slip is read as the person meant it (every player's
matchpoints as worked by hand, the name, the date and the setting as meant) or refused
naming the cell; where nothing clear was meant (a date in a seat or a score, a date that
reads two ways, a word no setting has), refused, or warned about, naming the cell and
quoting the value as the person sees it, never a Python repr; for a column inserted or a
player listed twice, a first problem naming that cause.
"""

from __future__ import annotations

import contextlib
import io
import os
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support.fuzzing import fuzz, python_leaks
from support.nights import INDIVIDUAL_MATCHPOINTS, filled_individual
from support.workbook_mutations import (
    CAUSES,
    DATES,
    EXCEL_DATES,
    NAMES,
    ONE_CELL,
    Mutation,
    first_problem,
    seen,
)

from xlbridge.errors import ScoringError
from xlbridge.workbook.individual.night import score_individual_night

SLIP_EXAMPLES = 30

#: The traveller row typed as a contract (board 1 at table 1: 2C by N made); every other
#: of the 66 rows (22 boards at 3 tables) has its NS score in K.
CONTRACT_ROW = 2
SCORE_ROWS = range(3, 68)

#: A Settings word typed another way: its cell, as typed, and the word meant (the night's
#: own: matchpoints, neuberg, mainstream, one field; ``None``: no clear meaning).
SETTING_WORDS: list[tuple[str, object, str | None]] = [
    ("Settings!B7", "Matchpoints", "matchpoints"), ("Settings!B7", " MATCH POINTS ", "matchpoints"),
    ("Settings!B7", "match-points", "matchpoints"), ("Settings!B7", "MP", None),
    ("Settings!B7", "pairs", None),
    ("Settings!B10", "Neuberg", "neuberg"), ("Settings!B10", "neuberg formula", "neuberg"),
    ("Settings!B11", "MAINSTREAM", "mainstream"), ("Settings!B11", True, None),
    ("Settings!B11", "main", None),
    ("Settings!B19", "One Field", "one field"), ("Settings!B19", "one-field", "one field"),
    ("Settings!B19", "Howell", None),
    ("Settings!B20", " NEUBERG ", "neuberg"), ("Settings!B20", "n/a", None),
]  # fmt: skip

#: The setting each of those cells holds (a field of :class:`xlbridge.settings.Settings`).
SETTING_FIELDS = {
    "Settings!B7": "form",
    "Settings!B10": "unequal",
    "Settings!B11": "avplus_method",
    "Settings!B19": "ranking",
    "Settings!B20": "small_versions",
}


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
    kind = draw(st.sampled_from(["name", "one cell", "excel date", "date", "word", "column",
                                 "twice"]))  # fmt: skip
    if kind == "name":
        where = f"Players!B{draw(st.integers(2, 13))}"  # players 1 to 12
        name = draw(st.sampled_from(NAMES))
        return Mutation("typed", (where, name), ((where, name),))
    if kind == "one cell":
        style = draw(st.integers(0, len(ONE_CELL) - 1))
        return Mutation(kind, (CONTRACT_ROW, style), (), letters="HIJ")
    if kind == "date":
        typed, day = draw(st.sampled_from(DATES))
        where = "Settings!B3"
        return Mutation("typed", (where, typed), None if day is None else ((where, day),))
    if kind == "word":
        where, typed, word = draw(st.sampled_from(SETTING_WORDS))
        return Mutation("typed", (where, typed), None if word is None else ((where, word),))
    if kind == "column":  # before one of the 11 columns
        index, header = draw(st.integers(1, 11)), draw(st.sampled_from([None, "Notes"]))
        return Mutation(kind, (index, header), None, sheet="Travellers")
    if kind == "twice":  # a player's row copied over another's, or below the last
        first, second = draw(st.integers(2, 13)), draw(st.integers(2, 14))
        return Mutation(kind, (first, second if second != first else 14), None, sheet="Players")
    letter = draw(st.sampled_from("DEFGK"))
    row = draw(st.sampled_from(SCORE_ROWS))
    where = f"Travellers!{letter}{row}"
    return Mutation("typed", (where, draw(st.sampled_from(EXCEL_DATES))), None)


def read_as_typed(scored: Any, where: str) -> object:
    """What the scored night holds from the cell ``where`` of a slip drawn here."""
    event = scored.night.event
    if where == "Settings!B3":
        return event.facts.date
    if where in SETTING_FIELDS:
        return str(getattr(event.settings, SETTING_FIELDS[where]))
    player = int(where.removeprefix("Players!B")) - 1
    return {int(str(p.label)): p.names for p in event.players}[player]


@fuzz(SLIP_EXAMPLES)
@given(mutation=individual_slips())
def test_a_slip_in_typing_an_individual_night_is_read_as_meant_or_named(
    tmp_path_factory: pytest.TempPathFactory, mutation: Mutation
) -> None:
    path = tmp_path_factory.mktemp("slip") / "individual.xlsx"
    path.write_bytes(mutation.apply(base()))
    cell = mutation.cell
    try:
        scored = score_individual_night(path)
    except ScoringError as exc:
        message = str(exc)
        event(f"{mutation.kind}: refused")
        assert not python_leaks(message), (mutation, message)
        if mutation.kind in CAUSES:  # the first problem names the cause
            assert CAUSES[mutation.kind] in first_problem(message), (mutation, message)
            return
        assert cell is not None and cell in message, (mutation, message)  # naming the cell
        if mutation.meant is None:  # quoting the value as the person sees it
            assert any(shown in message for shown in seen(mutation.args[1])), (mutation, message)
        return
    event(f"{mutation.kind}: scored")
    warnings = "\n".join(map(str, scored.warnings))
    assert not python_leaks(warnings), (mutation, warnings)
    result = scored.result
    totals = {int(str(p.pair.label)): result.ranking_total(p) for p in result.pairs}
    assert totals == INDIVIDUAL_MATCHPOINTS, (mutation, totals)
    if mutation.kind in CAUSES:  # a column after the last one's is no slip
        return
    if mutation.meant is None:  # scored: only with a warning naming the cell, quoting it
        assert cell is not None and cell in warnings, (mutation, "scored unwarned")
        assert any(shown in warnings for shown in seen(mutation.args[1])), (mutation, warnings)
        return
    for where, value in mutation.meant:
        meant = value.date() if isinstance(value, datetime) else value
        meant = meant.strip() if isinstance(meant, str) else meant
        assert read_as_typed(scored, where) == meant, (mutation, read_as_typed(scored, where))
