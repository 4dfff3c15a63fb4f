"""Equal results are one object, however they were made (xlbridge.result interns them)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from fractions import Fraction

import pytest

from xlbridge import result as result_module
from xlbridge.board import Board
from xlbridge.result import Artificial, Result, Weighted, parse_result


def test_equal_cells_parse_to_one_object() -> None:
    assert parse_result(420) is parse_result(420.0) is parse_result(" 420 ") is Result.of(420)
    assert parse_result("30% 420; 70% -50") is parse_result("30 % 420 ;70% -50")
    assert parse_result("30% 420; 70% -50") is parse_result("3/10 420; 7/10 -50")
    assert parse_result("NS: 420 | EW: A-") is parse_result("ns 420 | ew A-")
    assert parse_result("A60/40") is parse_result("a 60 / 40") is parse_result("A6040")
    # A+/A- is the Settings' A+ and A-, A60/40 what was typed: two scores, two labels
    assert parse_result("A60/40") is not parse_result("A+/A-")


def test_results_made_directly_are_the_parsed_ones() -> None:
    side = Weighted(((420, Fraction(3, 10)), (-50, Fraction(7, 10))))
    assert Result(side, side) is parse_result("30% 420; 70% -50")
    assert Weighted(((420, Fraction(1)),)) is Weighted.of(420)
    assert Artificial(Fraction(60), "A+") is parse_result("A+/A-").ns
    # equal values only: a different label is a different artificial score
    assert Artificial(Fraction(60), "A60") != Artificial(Fraction(60), "A+")


def test_copies_and_pickles_are_the_same_object() -> None:
    row = parse_result("NS: 2/5 620; 3/5 -100 | EW: A-")
    assert pickle.loads(pickle.dumps(row)) is row
    assert copy.deepcopy(row) is row and copy.copy(row) is row
    assert dataclasses.replace(row) is row


def test_a_result_keeps_its_first_exact_components() -> None:
    """A later equal value given with a float weight does not change the shared object."""
    exact = Weighted.of(1430)
    again = Weighted(((1430, 1.0),))  # type: ignore[arg-type]
    assert again is exact and type(exact.components[0][1]) is Fraction


def test_after_the_tables_start_again_the_figures_are_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past INTERNED distinct results the tables start again: equal results made before and
    after are two objects, which a board groups apart, with the same figures."""
    before = [parse_result(cell) for cell in (420, "30% 420; 70% -50", -50)]
    limit = result_module.INTERNED
    monkeypatch.setattr(result_module, "INTERNED", 0)
    parse_result("1/3 110; 2/3 140")  # a new result, past the limit: the tables start again
    monkeypatch.setattr(result_module, "INTERNED", limit)
    after = [parse_result(cell) for cell in (420, "30% 420; 70% -50", -50)]
    assert after == before and after[1] is not before[1]
    mixed = Board([*before, *after])
    assert mixed.matchpoints() == Board([*before, *before]).matchpoints()
