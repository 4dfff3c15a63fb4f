"""Whole-workbook fuzzing of teams workbooks, as tests/fuzz/test_fuzz_workbooks.py does pairs
nights (the same mutations: a cell's value as another type, with the same meaning or none;
a number format; a sheet copied or renamed; a part of the zip dropped, cut short, emptied
or replaced by garbage; an attribute given another value; bytes overwritten), and the
slips people make typing in a teams workbook (issue 35, item 8: a team's or a player's name
with a line break, quotes or letters beyond ASCII; the format and the VP scale's name typed
another way; the date typed two ways; a range or a fraction Excel made a date, in a
room's result among other cells; a contract typed in one cell with its declarer and
result; a column inserted; a team listed twice).

The oracle is the same: the mutated workbook is scored with the unmutated one's standings
(or a new warning), or refused with a message naming ``sheet!cell``, the sheet or the
file, never a Python repr; the input is never changed; one in ten also runs ``xlbridge
score -o --html`` (exit 0, or 2 with nothing written).  A slip is held to more: read as
the person meant it (the same standings, the name as typed, the format, the scale and
the date meant), or a message naming the cell; where nothing clear was meant, a message
naming the cell and quoting the value as the person sees it; for a column inserted or a team listed
twice, a first problem naming that cause.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support.fuzzing import fuzz, python_leaks
from support.nights import fill_round
from support.workbook_mutations import (
    CAUSES,
    DATES,
    EXCEL_DATES,
    NAMES,
    ONE_CELL,
    Mutation,
    first_problem,
    mutations,
    seen,
)

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.workbook.teams.night import score_teams_night

CI_EXAMPLES = 200  # as the pairs fuzzing: derandomized in CI
SLIP_EXAMPLES = 40
LONG_EXAMPLES = 1000
SLIPS = ("typed", "one cell", "column", "twice")
WHERE = re.compile(
    r"\b(Travellers|Teams|Matches|Settings|Rulings|Penalties)![A-Z]+\d+"
    r"|\b(Travellers|Teams|Matches|Settings|Rulings|Penalties)\b|sheet '|\.xlsx\b"
)
#: The cells a person types in, by sheet: (first row, last row, columns).
CELLS = {
    "Settings": (2, 9, "B"),
    "Teams": (1, 5, "ABCDK"),
    "Matches": (1, 3, "ABCDE"),
    "Travellers": (1, 5, "ABCDEFGHIJKLM"),
    "Penalties": (1, 2, "ABCD"),
}

Standings = tuple[tuple[str, int, Any], ...]


@dataclass(frozen=True)
class TeamsNight:
    data: bytes
    standings: Standings
    warnings: frozenset[str]


@cache
def teams_night(seed: int) -> TeamsNight:
    """A 4-team Swiss of 2-board matches, round 1 typed: scores (seed 0), one room as a contract
    (seed 1), every room as contract, declarer and result (seed 2)."""
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"xlbridge-fuzz-teams-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    path = folder / f"base-{seed}.xlsx"
    path.unlink(missing_ok=True)
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["new", str(path), "--teams", "4", "--boards", "2", "--rounds", "3"]) == 0
    fill_round(path, path, 1)
    if seed == 1:  # one room typed as a contract instead of a score
        from openpyxl import load_workbook

        wb = load_workbook(path)
        ws = wb["Travellers"]
        ws["I2"], ws["F2"], ws["G2"], ws["H2"] = None, "4H", "N", "="
        wb.save(path)
    if seed == 2:  # every room typed as contract, declarer and result
        from openpyxl import load_workbook

        wb = load_workbook(path)
        ws = wb["Travellers"]
        for row, rooms in CONTRACTS.items():
            ws[f"I{row}"] = ws[f"M{row}"] = None
            for letters, typed in zip(("FGH", "JKL"), rooms, strict=True):
                for letter, value in zip(letters, typed, strict=True):
                    ws[f"{letter}{row}"] = value
        wb.save(path)
    data = path.read_bytes()
    scored = score_teams_night(path)
    path.unlink()
    return TeamsNight(data, standings(scored.result), frozenset(map(str, scored.warnings)))


#: Seed 2's rooms, open and closed, by Travellers row: (contract, declarer, result).
CONTRACTS = {
    2: (("4H", "N", "="), ("4H", "E", "-1")),
    3: (("3NT", "S", "+1"), ("2SX", "W", "-1")),
    4: (("1NT", "W", "-2"), ("3C", "N", "=")),
    5: (("6DXX", "E", "-3"), ("2H", "S", "+2")),
}


def standings(result: Any) -> Standings:
    return tuple((s.rank_text, s.team.number, s.vps) for s in result.standings)


def teams_mutations() -> st.SearchStrategy[Mutation]:
    """The pairs fuzzing's mutations, on the teams workbook's typed cells, and its slips."""
    return st.one_of(mutations(CELLS), teams_slips())


# --- the slips people make typing in a teams workbook (issue 35, item 8) -----------------------

#: The cells a name is typed in: a team's name and its players', and the event's name.
NAME_CELLS = [f"Teams!{c}{r}" for c in "BCEGI" for r in range(2, 6)] + ["Settings!B2"]

#: The format typed another way, and the format meant (``None``: no clear meaning).
FORMAT_WORDS: list[tuple[object, str | None]] = [
    ("Swiss", "swiss"), (" SWISS ", "swiss"), ("swiss ", "swiss"),
    ("Round Robin", "round-robin"), ("round robin", "round-robin"), ("ROUND-ROBIN", "round-robin"),
    ("Swiss teams", None), ("RR", None), ("knockout", None), ("suisse", None), (True, None),
    ("x", None), (4, None),
]  # fmt: skip

#: The cells a range or a fraction is typed in where none is a date: a match's boards, a
#: board, a room's result (open and closed) and score, a withdrawal's round, the numbers
#: on the Settings sheet, a penalty.
EXCEL_DATE_CELLS = (
    ["Matches!E2", "Matches!E3"]
    + [f"Travellers!{c}{r}" for c in "CHILM" for r in range(2, 6)]
    + [f"Teams!K{r}" for r in range(2, 6)]
    + [f"Settings!B{r}" for r in (5, 6, 7, 9)]
    + ["Penalties!C2", "Penalties!D2"]
)

#: The VP scale's name typed another way (the night's scale: WBF 20-VP continuous), and
#: the scale meant (``None``: either of two scales, or none).  A scale with no table for a
#: match of 2 boards (the ACBL's) is refused at its cell.
SCALE_WORDS: list[tuple[object, str | None]] = [
    ("wbf 20-vp continuous", "WBF 20-VP continuous"),
    (" WBF 20-VP CONTINUOUS ", "WBF 20-VP continuous"),
    ("WBF  20-VP continuous", "WBF 20-VP continuous"),
    ("WBF 20VP continuous", "WBF 20-VP continuous"),
    ("ACBL-20", "ACBL 20-VP"), ("acbl 20-vp", "ACBL 20-VP"),
    ("wbf", None), ("WBF 20", None), ("20 VP", None), ("VP", None), ("continuous", None),
    (20, None), (True, None),
]  # fmt: skip

#: Where a column may be inserted, and the columns typed there.
COLUMN_SHEETS = {"Travellers": 13, "Teams": 11, "Matches": 5}


@st.composite
def teams_slips(draw: st.DrawFn) -> Mutation:
    """One slip a person makes typing in a teams workbook."""
    kind = draw(st.sampled_from(["name", "format", "scale", "date", "excel date", "one cell",
                                 "column", "twice"]))  # fmt: skip
    if kind == "name":
        where, name = draw(st.sampled_from(NAME_CELLS)), draw(st.sampled_from(NAMES))
        return Mutation("typed", (where, name), ((where, name),))
    if kind == "format":
        typed, word = draw(st.sampled_from(FORMAT_WORDS))
        where = "Settings!B4"
        return Mutation("typed", (where, typed), None if word is None else ((where, word),))
    if kind == "scale":
        typed, scale = draw(st.sampled_from(SCALE_WORDS))
        where = "Settings!B8"
        return Mutation("typed", (where, typed), None if scale is None else ((where, scale),))
    if kind == "date":
        typed, day = draw(st.sampled_from(DATES))
        where = "Settings!B3"
        return Mutation("typed", (where, typed), None if day is None else ((where, day),))
    if kind == "excel date":
        where = draw(st.sampled_from(EXCEL_DATE_CELLS))
        return Mutation("typed", (where, draw(st.sampled_from(EXCEL_DATES))), None)
    if kind == "one cell":
        row, style = draw(st.integers(2, 5)), draw(st.integers(0, len(ONE_CELL) - 1))
        letters = draw(st.sampled_from(["FGH", "JKL"]))
        return Mutation(kind, (row, style), (), letters=letters)
    if kind == "column":
        sheet = draw(st.sampled_from(sorted(COLUMN_SHEETS)))
        index = draw(st.integers(1, COLUMN_SHEETS[sheet]))
        header = draw(st.sampled_from([None, "Notes"]))
        return Mutation(kind, (index, header), None, sheet=sheet)
    first, second = draw(st.integers(2, 5)), draw(st.integers(2, 6))
    return Mutation("twice", (first, second if second != first else 6), None, sheet="Teams")


def read_as_typed(scored: Any, where: str) -> object:
    """What the scored night holds from the cell ``where`` of a slip drawn here."""
    night = scored.night
    if where == "Settings!B2":
        return night.event.name
    if where == "Settings!B3":
        return night.date
    if where == "Settings!B4":
        return night.format
    if where == "Settings!B8":
        return night.event.settings.vp_scale.name
    sheet, ref = where.split("!")
    assert sheet == "Teams", where
    team = next(t for t in night.event.teams if t.number == int(ref[1:]) - 1)
    if ref[0] == "B":
        return team.name
    return tuple(player for player, _ in team.players)  # the others are blank


def check_slip(mutation: Mutation, base: TeamsNight, scored: Any, message: str) -> None:
    """A slip in typing: read as the person meant it, or a message naming the cell (quoting
    the value, when what was typed means nothing clear); the first problem of a structural
    slip names its cause."""
    assert not python_leaks(message), (mutation, message)
    cell = mutation.cell
    if mutation.kind in CAUSES:
        if scored is None:
            assert CAUSES[mutation.kind] in first_problem(message), (mutation, message)
        else:
            assert standings(scored.result) == base.standings or message, (mutation, "changed")
        return
    if mutation.meant is None:  # nothing clear was meant: a message must say so
        assert cell is not None and cell in message, (mutation, message)
        assert any(shown in message for shown in seen(mutation.args[1])), (mutation, message)
    if scored is None or mutation.meant is None or cell is None:
        return
    named = cell in message
    assert standings(scored.result) == base.standings or named, (mutation, "standings changed")
    for where, value in mutation.meant:
        meant = value.strip() if isinstance(value, str) else value
        if isinstance(value, datetime):
            meant = value.date()
        read = read_as_typed(scored, where)
        assert read == meant or read == (meant,) or named, (mutation, "read otherwise", read)


def check(seed: int, mutation: Mutation, full: bool, folder: Path) -> str:
    base = teams_night(seed)
    path = folder / "teams.xlsx"
    path.write_bytes(mutation.apply(base.data))
    before = path.read_bytes()
    slip = mutation.kind in SLIPS
    try:
        scored = score_teams_night(path)
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
            check_slip(mutation, base, scored, "\n".join(new))
        else:
            assert standings(scored.result) == base.standings or new, (mutation, "changed")
        outcome = "scored"
    assert path.read_bytes() == before
    if full:
        out, page = folder / "out.xlsx", folder / "out.html"
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = main(["score", str(path), "-o", str(out), "--html", str(page)])
        assert status in ((0, 2) if outcome == "scored" else (2,)), (
            mutation,
            status,
            err.getvalue(),
        )
        if status == 2:
            assert "Traceback" not in err.getvalue()
        assert out.exists() == page.exists() == (status == 0)
        out.unlink(missing_ok=True)
        page.unlink(missing_ok=True)
    path.unlink()
    return outcome


@fuzz(CI_EXAMPLES)
@given(
    seed=st.integers(0, 2), mutation=teams_mutations(), full=st.integers(0, 9).map(lambda n: n == 0)
)
def test_a_mutated_teams_workbook_is_scored_right_or_refused(
    tmp_path_factory: pytest.TempPathFactory, seed: int, mutation: Mutation, full: bool
) -> None:
    check(seed, mutation, full, tmp_path_factory.mktemp("fuzz"))


@fuzz(SLIP_EXAMPLES)
@given(seed=st.integers(0, 2), mutation=teams_slips())
def test_a_slip_in_typing_a_teams_workbook_is_read_as_meant_or_named(
    tmp_path_factory: pytest.TempPathFactory, seed: int, mutation: Mutation
) -> None:
    """Each class of slip issue 35 lists that a teams workbook can hold."""
    check(seed, mutation, False, tmp_path_factory.mktemp("slip"))


@pytest.mark.slow
@fuzz(long=LONG_EXAMPLES)
@given(
    seed=st.integers(0, 2), mutation=teams_mutations(), full=st.integers(0, 9).map(lambda n: n == 0)
)
def test_many_mutated_teams_workbooks(
    tmp_path_factory: pytest.TempPathFactory, seed: int, mutation: Mutation, full: bool
) -> None:
    outcome = check(seed, mutation, full, tmp_path_factory.mktemp("fuzz"))
    event(f"{mutation.kind}: {outcome}")
