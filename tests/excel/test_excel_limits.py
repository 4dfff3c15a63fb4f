"""Excel's own limits: the grid's size, and the names Office.js lets an add-in register."""

from __future__ import annotations

import re

import pytest
from support.officejs import run_officejs
from support.paths import ROOT

from xlbridge import udfs
from xlbridge.errors import ScoringError
from xlbridge.lite import write_lite_files

# --- the grid: 1,048,576 rows by 16,384 columns -------------------------------------------------


def test_grid_size_is_excels() -> None:
    # Excel specifications and limits: worksheet size 1,048,576 rows by 16,384 columns.
    assert (udfs.EXCEL_ROWS, udfs.EXCEL_COLUMNS) == (2**20, 2**14)


def test_a_result_larger_than_the_grid_is_refused() -> None:
    # FREQUENCY_TABLE pads to `lines` rows: one more than a sheet has cannot spill, and is
    # refused before any row is built.
    with pytest.raises(ScoringError) as caught:
        udfs.FREQUENCY_TABLE([[420], [400]], lines=1_048_577)
    assert str(caught.value) == (
        "lines=1048577 is not a number of lines from 1 to 1048576 (a sheet's rows)"
    )
    table = udfs.FREQUENCY_TABLE([[420], [400]], lines=1_048_576)
    assert len(table) == 1_048_576 and table[0] == [420, 1, 1, 2.0, 0.0]


def test_a_row_wider_than_the_grid_is_refused() -> None:
    wide = [list(range(16_385))]
    with pytest.raises(ScoringError, match="1 rows and 16,385 columns"):
        udfs.IMPS(wide)
    assert len(udfs.IMPS([list(range(16_384))])[0]) == 16_384


# --- names Office.js can register (xlwings Lite, xlwings Server) -------------------------------

#: Microsoft, "Custom functions naming": a function's id uses only A-Z, 0-9, underscore and
#: period, its name letters, underscore and period; both start with a letter and have at least
#: three characters.  The add-in manifest schema caps ids and names at 128 characters, and a
#: parameter's name at 64 and its description at 512.
FUNCTION_ID = re.compile(r"^[A-Z][A-Z0-9_.]{2,127}$")
FUNCTION_NAME = re.compile(r"^[^\W\d_][^\W\d]{2,127}$")
PARAMETER_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")
CELL_REFERENCE = re.compile(r"^([A-Z]{1,3}[0-9]+|R[0-9]*C[0-9]*)$")
#: Excel's own functions whose names a bridge function might take (Excel's wins, or #REF!),
#: and Excel 4.0 macro functions Microsoft names as ones to avoid.
EXCEL_NAMES = {"AGGREGATE", "FREQUENCY", "RANK", "MATCH", "ROUND", "TRIM", "COUNT", "SUM"}
EXCEL_NAMES |= {"RUN", "ECHO", "ERROR", "RESULT", "ARGUMENT", "RETURN"}


def is_cell_reference(name: str) -> bool:
    match = CELL_REFERENCE.match(name.upper())
    if not match or name.upper().startswith("R"):
        return bool(match)
    letters = re.match(r"[A-Z]+", name.upper())
    assert letters is not None
    number = 0
    for letter in letters[0]:
        number = number * 26 + ord(letter) - 64
    return number <= 16_384


@pytest.fixture(scope="module")
def registered(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    """The functions xlwings registers from the main.py that `xlbridge lite` writes."""
    folder = tmp_path_factory.mktemp("lite")
    write_lite_files(folder, wheel="https://example.org/xlbridge_scoring-0.1.0-py3-none-any.whl")
    out = run_officejs("main", [], sys_path=[folder])
    assert out["meta_error"] is None
    functions: list[dict] = out["meta"]["functions"]
    return functions


@pytest.mark.subprocess
def test_every_function_registers_under_a_valid_name(registered: list[dict]) -> None:
    assert sorted(f["name"] for f in registered) == sorted(udfs.OFFICEJS_FUNCTIONS)
    for function in registered:
        assert FUNCTION_ID.match(function["id"]), function["id"]
        assert FUNCTION_NAME.match(function["name"]), function["name"]
        assert not is_cell_reference(function["name"]), function["name"]
        assert function["name"].upper() not in EXCEL_NAMES, function["name"]
        assert 1 <= len(function["description"]) <= 512, function["name"]


@pytest.mark.subprocess
def test_every_argument_registers_under_a_valid_name(registered: list[dict]) -> None:
    for function in registered:
        names = [p["name"] for p in function["parameters"]]
        assert len(set(names)) == len(names), function["name"]
        for parameter in function["parameters"]:
            where = f"{function['name']}({parameter['name']})"
            assert PARAMETER_NAME.match(parameter["name"]), where
            assert 1 <= len(parameter["description"]) <= 512, where


def test_the_name_checks_refuse_what_excel_refuses() -> None:
    assert not FUNCTION_ID.match("VP") and not FUNCTION_NAME.match("VP")
    assert not FUNCTION_ID.match("1IMPS") and not FUNCTION_ID.match("CROSS-IMPS")
    assert is_cell_reference("ABC1") and is_cell_reference("R1C1") and is_cell_reference("imp1")
    assert not is_cell_reference("XFE1") and not is_cell_reference("IMPS")
    assert "AGGREGATE" in EXCEL_NAMES
    assert not PARAMETER_NAME.match("x" * 65) and not PARAMETER_NAME.match("_x")


def test_docs_name_the_grid_limit() -> None:
    docs = (ROOT / "docs" / "excel.md").read_text(encoding="utf-8")
    assert "1,048,576 rows" in docs
