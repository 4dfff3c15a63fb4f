"""Whole-workbook fuzzing of teams workbooks, as tests/fuzz/test_fuzz_workbooks.py does pairs
nights (the same mutations: a cell's value as another type, with the same meaning or none;
a number format; a sheet copied or renamed; a part of the zip dropped, cut short, emptied
or replaced by garbage; an attribute given another value; bytes overwritten).

The oracle is the same: the mutated workbook is scored with the unmutated one's standings
(or a new warning), or refused with a message naming ``sheet!cell``, the sheet or the
file, never a Python repr; the input is never changed; one in ten also runs ``xlbridge
score -o --html`` (exit 0, or 2 with nothing written).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support.fuzzing import fuzz
from support.nights import fill_round
from support.workbook_mutations import Mutation, mutations

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.workbook.teams.night import score_teams_night

CI_EXAMPLES = 200  # as the pairs fuzzing: derandomized in CI
LONG_EXAMPLES = 1000
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
    """A 4-team Swiss of 2-board matches, round 1 typed (scores, or contracts for seed 1)."""
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
    data = path.read_bytes()
    scored = score_teams_night(path)
    path.unlink()
    return TeamsNight(data, standings(scored.result), frozenset(scored.warnings))


def standings(result: Any) -> Standings:
    return tuple((s.rank_text, s.team.number, s.vps) for s in result.standings)


def teams_mutations() -> st.SearchStrategy[Mutation]:
    """The pairs fuzzing's mutations, on the teams workbook's typed cells."""
    return mutations(CELLS)


def check(seed: int, mutation: Mutation, full: bool, folder: Path) -> str:
    base = teams_night(seed)
    path = folder / "teams.xlsx"
    path.write_bytes(mutation.apply(base.data))
    before = path.read_bytes()
    try:
        scored = score_teams_night(path)
    except ScoringError as exc:
        message = str(exc)
        assert WHERE.search(message), (mutation, message)
        for internal in ("None is", "datetime.", "Fraction(", "Traceback"):
            assert internal not in message, (mutation, message)
        outcome = "refused"
    else:
        new = set(scored.warnings) - base.warnings
        assert standings(scored.result) == base.standings or new, (mutation, "standings changed")
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
    seed=st.integers(0, 1), mutation=teams_mutations(), full=st.integers(0, 9).map(lambda n: n == 0)
)
def test_a_mutated_teams_workbook_is_scored_right_or_refused(
    tmp_path_factory: pytest.TempPathFactory, seed: int, mutation: Mutation, full: bool
) -> None:
    check(seed, mutation, full, tmp_path_factory.mktemp("fuzz"))


@pytest.mark.slow
@fuzz(long=LONG_EXAMPLES)
@given(
    seed=st.integers(0, 1), mutation=teams_mutations(), full=st.integers(0, 9).map(lambda n: n == 0)
)
def test_many_mutated_teams_workbooks(
    tmp_path_factory: pytest.TempPathFactory, seed: int, mutation: Mutation, full: bool
) -> None:
    outcome = check(seed, mutation, full, tmp_path_factory.mktemp("fuzz"))
    event(f"{mutation.kind}: {outcome}")
