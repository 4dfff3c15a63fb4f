"""Movement nights fuzzed: a night from ``xlbridge new --movement``, one random row slip.

The slips are those of issue 24, class 2, at random places: a row's pair
numbers swapped or changed, its board, round or table changed, a row
deleted, cleared, duplicated over another or below the rest, a pair
typed in the other direction.  Scoring must end in one of two ways:

* **refused**: a :class:`~xlbridge.errors.ScoringError` naming a
  ``Travellers!`` cell;
* **scored**: with every pair's figures equal to the unmutated night's (a
  slip that changes nothing: a number changed to itself).

The input is never changed.  The CI run reads :data:`CI_EXAMPLES` nights;
the long run (marked ``slow``) :data:`LONG_EXAMPLES`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from openpyxl import load_workbook
from support.fuzzing import fuzz
from support.nights import figures, filled

from xlbridge.errors import ScoringError
from xlbridge.workbook.pairs.night import score_night

CI_EXAMPLES = 25
LONG_EXAMPLES = 2000
T = "Travellers"
WHERE = re.compile(r"\bTravellers![A-L]\d+")
ROWS = 100  # 5 tables x 20 boards: rows 2 to 101
KINDS = ["swap", "pair", "board", "round", "table", "delete", "clear", "duplicate", "append"]


@dataclass(frozen=True)
class Slip:
    kind: str
    row: int
    other: int
    number: int


@cache
def base(folder: str) -> tuple[bytes, object]:
    path = filled(Path(folder), "fuzz-base", "--tables", "5", "--boards", "20")
    return path.read_bytes(), figures(score_night(path))["pairs"]


def apply(slip: Slip, source: Path, target: Path) -> None:
    wb = load_workbook(source)
    ws = wb[T]
    row, other = slip.row, slip.other
    if slip.kind == "swap":
        ws[f"B{row}"], ws[f"C{row}"] = ws[f"C{row}"].value, ws[f"B{row}"].value
    elif slip.kind in ("pair", "board", "round", "table"):
        letter = {"pair": "BC"[slip.number % 2], "board": "A", "round": "J", "table": "K"}
        top = 20 if slip.kind == "board" else 5
        ws[f"{letter[slip.kind]}{row}"] = 1 + slip.number % top
    elif slip.kind == "delete":
        ws.delete_rows(row)
    elif slip.kind == "clear":
        for letter in "ABCDEFGHIJKL":
            ws[f"{letter}{row}"] = None
    else:
        target_row = other if slip.kind == "duplicate" else ROWS + 2
        for letter in "ABCDEFGHJKL":
            ws[f"{letter}{target_row}"] = ws[f"{letter}{row}"].value
    wb.save(target)


def check(slip: Slip, folder: Path) -> str:
    data, expected = base(str(folder.parent))
    source = folder / "base.xlsx"
    source.write_bytes(data)
    path = folder / "night.xlsx"
    apply(slip, source, path)
    before = path.read_bytes()
    try:
        scored = score_night(path)
    except ScoringError as exc:
        assert WHERE.search(str(exc)), (slip, str(exc))
        outcome = "refused"
    else:
        assert figures(scored)["pairs"] == expected, (slip, "figures changed without a word")
        outcome = "scored"
    assert path.read_bytes() == before
    return outcome


slips = st.builds(
    Slip,
    st.sampled_from(KINDS),
    st.integers(2, ROWS + 1),
    st.integers(2, ROWS + 1),
    st.integers(0, 39),
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-movement")


@fuzz(CI_EXAMPLES)
@given(slip=slips)
def test_a_movement_night_with_a_slip_is_scored_right_or_refused(folder: Path, slip: Slip) -> None:
    work = folder / "work"
    work.mkdir(exist_ok=True)
    check(slip, work)


@pytest.mark.slow
@fuzz(long=LONG_EXAMPLES)
@given(slip=slips)
def test_many_movement_slips(folder: Path, slip: Slip) -> None:
    work = folder / "work"
    work.mkdir(exist_ok=True)
    outcome = check(slip, work)
    event(f"{slip.kind}: {outcome}")
    if "XLBRIDGE_FUZZ_LOG" in os.environ:  # a tally that survives an interrupted run
        with open(os.environ["XLBRIDGE_FUZZ_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{slip.kind} {outcome}\n")
