"""The bad-input corpus: every case ends in a precise message or a documented acceptance.

``tests/corpus/cells.tsv`` holds result cells (typos, text, dates, booleans,
huge numbers, decimal commas, Unicode minus, bad weights, broken splits,
ambiguous codes ...), each with what it must give.  Each runs through
:func:`~xlbridge.result.parse_result` and, inside a traveller, through the
Excel function ``MATCHPOINTS``.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

import pytest
from support.paths import CORPUS

from xlbridge import errors, udfs
from xlbridge.errors import ScoringError
from xlbridge.exact import quote
from xlbridge.result import format_result, parse_result

NAMES = {"datetime": datetime, "date": date, "time": time, "nan": math.nan, "inf": math.inf}


@dataclass(frozen=True)
class CellCase:
    cell: str
    outcome: str
    expected: str
    note: str

    @property
    def value(self) -> Any:
        return eval(self.cell, {"__builtins__": {}}, NAMES)  # a literal from our own corpus


def cell_cases() -> list[CellCase]:
    with open(CORPUS / "cells.tsv", encoding="utf-8", newline="") as file:
        lines = [line for line in file if not line.startswith("#")]
    return [
        CellCase(**row) for row in csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    ]


CELLS = cell_cases()


def test_the_corpus_has_at_least_50_cases() -> None:
    assert len(CELLS) >= 50
    assert len({case.cell for case in CELLS}) == len(CELLS), "duplicate cases"


@pytest.mark.parametrize("case", CELLS, ids=[c.cell for c in CELLS])
def test_cell_through_parse_result(case: CellCase) -> None:
    if case.outcome == "ok":
        assert format_result(parse_result(case.value, "row 7")) == case.expected
        return
    with pytest.raises(getattr(errors, case.outcome)) as caught:
        parse_result(case.value, "row 7")
    message = str(caught.value)
    assert message.startswith("row 7: ")
    assert quote(case.value) in message
    assert case.expected in message


@pytest.mark.parametrize("case", CELLS, ids=[c.cell for c in CELLS])
def test_cell_through_matchpoints(case: CellCase) -> None:
    traveller = [[420], [case.value], [-50], [450]]
    if case.outcome != "ok":
        with pytest.raises(getattr(errors, case.outcome)) as caught:
            udfs.MATCHPOINTS(traveller)
        message = str(caught.value)
        assert "row 2" in message and quote(case.value) in message, message
        return
    out = udfs.MATCHPOINTS(traveller)
    assert len(out) == 4 and all(len(row) == 2 for row in out)
    if case.expected in {"", "NP"}:
        assert out[1] == [None, None]
    else:
        assert all(isinstance(v, float) and math.isfinite(v) for v in out[1])


def test_a_huge_cell_is_refused_quickly() -> None:
    """Excel's longest cell (32,767 characters) of each shape is refused in well under a second."""
    import timeit

    for text in [
        "4" * 32_767,
        "%" * 32_767,
        "30% " * 8_191,
        "NS: " + "|" * 32_760,
        "A" + "+" * 32_766,
    ]:
        seconds = timeit.timeit(lambda t=text: _refused(t), number=1)
        assert seconds < 1, (text[:10], seconds)


def _refused(text: str) -> None:
    with pytest.raises(ScoringError):
        parse_result(text, "row 1")


def test_empty_split_side_message() -> None:
    with pytest.raises(ScoringError) as caught:
        parse_result("NS: 680 | EW:", "row 7")
    assert "weights" not in str(caught.value)
