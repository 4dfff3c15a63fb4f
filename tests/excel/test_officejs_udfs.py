"""The Excel functions through xlwings' Office.js path (xlwings Lite and Server).

Every call below runs in ONE separate process (``tests/support/officejs.py``) where xlwings
uses its Office.js decorators: ``custom_functions_meta`` is what Excel registers,
``custom_functions_call`` converts the arguments exactly as Lite and Server do.
Each case is also called directly in this process; the two must agree, number
for number and message for message.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from support.officejs import run_officejs

from xlbridge import udfs

pytestmark = pytest.mark.subprocess

ELEVEN = [1430] * 2 + [680] * 5 + [650] * 2 + [-100] * 2
WEIGHTED = "30% 1430; 40% 680; 20% 650; 10% -100"
SEED003 = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
RULINGS = [
    ["ID", "Side", "Score", "Weight", "Note"],
    ["R1", "", 1430, "30%", "weighted"],
    ["R1", "", 680, "40%", ""],
    ["R1", "", 650, "20%", ""],
    ["R1", "", -100, "10%", ""],
]


def col(*cells: Any) -> list[list[Any]]:
    """A one-column range, as Excel passes it."""
    return [[cell] for cell in cells]


# id -> (function, arguments as Excel hands them to Python: a range is a list of rows,
# a cell is its value, None is an omitted argument or an empty cell).  Fewer arguments
# than parameters: the optional ones are omitted from the formula.
CASES: dict[str, tuple[str, list[Any]]] = {
    # MATCHPOINTS
    "mp_seed000": ("MATCHPOINTS", [col(*ELEVEN, WEIGHTED)]),
    "mp_blanks": ("MATCHPOINTS", [col(420, "", None, 450, "NP", 420.0)]),
    "mp_single_cell": ("MATCHPOINTS", [420]),
    "mp_single_blank": ("MATCHPOINTS", [""]),
    "mp_all_blank": ("MATCHPOINTS", [col("", None, "")]),
    "mp_neuberg": ("MATCHPOINTS", [col(*SEED003), 11]),
    "mp_empty_optionals": ("MATCHPOINTS", [col(*SEED003), "", "", None]),
    "mp_omitted_optionals": ("MATCHPOINTS", [col(*SEED003), None, None, None]),
    "mp_scale_1": ("MATCHPOINTS", [col(*SEED003), 11.0, 1]),
    "mp_two_columns": ("MATCHPOINTS", [[[420, None], [None, 50], ["", ""], [420, ""]]]),
    "mp_rulings": ("MATCHPOINTS", [col(*ELEVEN, "R1"), None, None, RULINGS]),
    "mp_bad_cell": ("MATCHPOINTS", [col(420, "", "42O", 450)]),
    "mp_bad_expected": ("MATCHPOINTS", [col(420, 450), 11.5]),
    # NEUBERG
    "neuberg_cell": ("NEUBERG", [14, 8, 16]),
    "neuberg_range": ("NEUBERG", [col(14, 11, "", None, 0), 8, 16, ""]),
    "neuberg_bad": ("NEUBERG", [col(14, "x"), 8, 16]),
    # WEIGHTED_MP
    "wmp_seed000": (
        "WEIGHTED_MP",
        [col(*ELEVEN), col(1430, 680, 650, -100), col(0.3, 0.4, 0.2, 0.1)],
    ),
    "wmp_text_weights": (
        "WEIGHTED_MP",
        [col(*ELEVEN), [[1430, 680, 650, -100]], [["30%", "2/5", "20%", 0.1]], "", ""],
    ),
    "wmp_blank": ("WEIGHTED_MP", [col(*ELEVEN), col("", ""), col(None, "")]),
    "wmp_bad_weights": ("WEIGHTED_MP", [col(*ELEVEN), col(1430, 680), col(0.5, 0.4)]),
    # BUTLER_IMPS, CROSS_IMPS
    "butler_seed000": ("BUTLER_IMPS", [col(*ELEVEN, WEIGHTED)]),
    "butler_trim": ("BUTLER_IMPS", [col(*ELEVEN, WEIGHTED), None, 1, 0]),
    "butler_empty_optionals": ("BUTLER_IMPS", [col(*ELEVEN, WEIGHTED), "", "", ""]),
    "butler_bad_round": ("BUTLER_IMPS", [col(*ELEVEN), None, None, -10]),
    "cross_seed000": ("CROSS_IMPS", [col(*ELEVEN, WEIGHTED)]),
    "cross_comparisons": ("CROSS_IMPS", [col(*ELEVEN, WEIGHTED), None, "comparisons"]),
    "cross_bad_divide": ("CROSS_IMPS", [col(*ELEVEN), None, "pairs"]),
    # APPLY_AVPLUS
    "avplus_seed001": ("APPLY_AVPLUS", [col(15, "A+", "A-", "BYE"), 24]),
    "avplus_magic": ("APPLY_AVPLUS", [col(15.0, "A+", "A-", "BYE"), 24, "magic", "", None]),
    "avplus_blank": ("APPLY_AVPLUS", [col("", None), 24]),
    "avplus_bad": ("APPLY_AVPLUS", [col(15, "A++"), 24]),
    # MATCHPOINT_PERCENT
    "mp_percent": ("MATCHPOINT_PERCENT", [col(420, 450, "", -50, "A+/A-")]),
    # FREQUENCY_TABLE
    "freq_seed000": ("FREQUENCY_TABLE", [col(600, "A=", -100, -100, -200, -300)]),
    "freq_weighted": ("FREQUENCY_TABLE", [col(*ELEVEN, WEIGHTED), "", "", None, ""]),
    "freq_blank": ("FREQUENCY_TABLE", [col("", None)]),
    # IMPS, VP, VICTORY_POINTS
    "imps_cell": ("IMPS", [280]),
    "imps_range": ("IMPS", [col(20, None, "", -4000, 280.0)]),
    "imps_blank": ("IMPS", [""]),
    "imps_bad": ("IMPS", [col(20, "lots")]),
    "vp_cell": ("VP", [10, 16]),
    "vp_range": ("VP", [col(10, "", -10, 0), 16]),
    "victory_points_range": ("VICTORY_POINTS", [col(10, "", -10, 0), 16]),
    "victory_points_bad_boards": ("VICTORY_POINTS", [10, 7.5]),
    "victory_points_acbl": ("VICTORY_POINTS", [col(5, "", -5, 30), 8, "ACBL 20-VP"]),
    "vp_club_table": ("VP", [col(4, -4), 8, [["From", "Win", "Lose"], [0, 10, 10], [3, 12, 8]]]),
    "victory_points_bad_scale": ("VICTORY_POINTS", [10, 8, "EBU 20-VP"]),
    "vp_bad_club_table": ("VP", [4, 8, [[0, 10, 10], [3, 12, 9]]]),
    # TEAMS_IMPS
    "teams_seed000": ("TEAMS_IMPS", ["60% 420; 40% -50", 140]),
    "teams_range": ("TEAMS_IMPS", [col(420, "60% 420; 40% -50", ""), 140]),
    "teams_bad": ("TEAMS_IMPS", [col(420, "A="), 140]),
    # MATCH_IMPS, MATCH_VPS (teams matches)
    "match_imps_seed000": (
        "MATCH_IMPS",
        [col("60% 420; 40% -50", "A+/A-", "", "R1"), col(140, 620, 100, 680), RULINGS],
    ),
    "match_imps_bad": ("MATCH_IMPS", [col(420, "42O"), col(140, 140)]),
    "match_vps_six_boards": ("MATCH_VPS", [col(420, 100), col(-100, 100), 6]),
    "match_vps_omitted_boards": ("MATCH_VPS", [col(420, 100), col(-100, 100)]),
    "match_vps_acbl_30": ("MATCH_VPS", [col(420, 100), col(-100, 100), 6, None, "ACBL 30-VP"]),
    # AGGREGATE, AGGREGATE_SCORE
    "aggregate_seed000": ("AGGREGATE", ["60% 420; 40% -50"]),
    "aggregate_score_range": ("AGGREGATE_SCORE", [col("60% 420; 40% -50", None, 420)]),
    "aggregate_score_bad": ("AGGREGATE_SCORE", [col(420, "NS: 1 | EW: 2")]),
    # BRIDGE_SCORE
    "score_4hx_made": ("BRIDGE_SCORE", ["4HX", "N", "=", 1]),
    "score_4hx_vul": ("BRIDGE_SCORE", ["4HX", "N", 0, 2]),
    "score_range": (
        "BRIDGE_SCORE",
        [col("4HX", "3NT", "", "Pass"), col("N", "E", "", ""), col(0, -2, "", ""), col(1, 2, 3, 4)],
    ),
    "score_bad": ("BRIDGE_SCORE", [col("4S", "4Z"), "N", 0, 1]),
    # VULNERABILITY, DEALER
    "vulnerability": ("VULNERABILITY", [col(1, 2, 3, 4, "", 17.0)]),
    "dealer": ("DEALER", [col(1, 2, 3, 4, None, 17)]),
    "dealer_bad": ("DEALER", [3.5]),
}

ERRORS = {name for name in CASES if name.endswith("_bad") or "_bad_" in name}


@pytest.fixture(scope="module")
def officejs() -> dict[str, Any]:
    out = run_officejs("xlbridge.udfs", list(CASES.values()))
    assert out["meta_error"] is None, out["meta_error"]
    results = dict(zip(CASES, out["results"], strict=True))
    return {"meta": out["meta"], "results": results}


def excel_cells(value: Any) -> list[list[Any]]:
    """What Excel receives for a Python return value: always rows, blank as ""."""
    rows = value if isinstance(value, list) else [[value]]
    return [["" if cell is None else cell for cell in row] for row in rows]


def direct(name: str) -> Any:
    func_name, args = CASES[name]
    return getattr(udfs, func_name)(*args)


def value(officejs: dict[str, Any], name: str) -> Any:
    result = officejs["results"][name]
    assert result["ok"], result.get("details")
    return result["value"]


# --- what Excel registers ----------------------------------------------------------------------


def excel_functions() -> list[str]:
    return [name for name in udfs.__all__ if callable(getattr(udfs, name))]


def test_every_function_is_registered_with_help(officejs: dict[str, Any]) -> None:
    meta = {f["id"]: f for f in officejs["meta"]["functions"]}
    assert sorted(meta) == sorted(excel_functions())
    for name in excel_functions():
        func = meta[name]
        assert func["name"] == name  # no namespace: =MATCHPOINTS(...)
        assert func["description"] == getattr(udfs, name).__doc__
        assert 0 < len(func["description"]) <= 255  # the classic add-in cuts at 255
        assert "\n" not in func["description"]
        for param in func["parameters"]:
            assert param["description"], (name, param["name"])
            assert not param["description"].startswith("Positional argument"), (name, param)
            assert len(param["description"]) <= 255


def test_optional_parameters_are_those_with_a_default(officejs: dict[str, Any]) -> None:
    meta = {f["id"]: f for f in officejs["meta"]["functions"]}
    for name in excel_functions():
        signature = inspect.signature(getattr(udfs, name))
        expected = [p.default is None for p in signature.parameters.values()]
        optional = [param.get("optional", False) for param in meta[name]["parameters"]]
        assert optional == expected, name
        assert [p["name"] for p in meta[name]["parameters"]] == list(signature.parameters)


def test_the_officejs_names_are_registrable_in_lite(officejs: dict[str, Any]) -> None:
    # Microsoft: ids and names start with a letter and have at least three characters;
    # AGGREGATE is Excel's own function.
    names = [f["name"] for f in officejs["meta"]["functions"] if f["id"] in udfs.OFFICEJS_FUNCTIONS]
    assert sorted(names) == sorted(udfs.OFFICEJS_FUNCTIONS)
    assert all(len(name) >= 3 and name[0].isalpha() for name in names)
    assert set(udfs.OFFICEJS_FUNCTIONS) == set(excel_functions()) - set(udfs.ALIASES)
    assert set(udfs.ALIASES.values()) <= set(udfs.OFFICEJS_FUNCTIONS)


# --- the same results as the direct Python call -------------------------------------------------


@pytest.mark.parametrize("name", sorted(set(CASES) - ERRORS))
def test_same_result_as_python(officejs: dict[str, Any], name: str) -> None:
    assert value(officejs, name) == excel_cells(direct(name))


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_same_error_as_python(officejs: dict[str, Any], name: str) -> None:
    result = officejs["results"][name]
    assert not result["ok"] and result["stage"] == "call"
    with pytest.raises(ValueError) as info:
        direct(name)
    assert result["error"] == str(info.value)
    assert result["error_type"] == type(info.value).__name__


def test_nothing_fails_to_serialize(officejs: dict[str, Any]) -> None:
    # A Fraction or Decimal leaking out would fail here, not in a cell.
    assert [n for n, r in officejs["results"].items() if r.get("stage") == "serialize"] == []


def test_every_function_is_called(officejs: dict[str, Any]) -> None:
    assert {func for func, _ in CASES.values()} == set(excel_functions())


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("mp_bad_cell", "row 3: '42O' is not a score"),
        ("neuberg_bad", "row 2: 'x' is not a number"),
        ("imps_bad", "row 2: 'lots' is not a number"),
        ("score_bad", "row 2: "),
        ("mp_bad_expected", "expected 11.5 is not a whole number"),
        ("victory_points_bad_boards", "boards 7.5 is not a whole number"),
        ("victory_points_bad_scale", "'EBU 20-VP' is not a VP scale xlbridge knows"),
        (
            "vp_bad_club_table",
            "VP table row 2, loser's VPs: 3 IMPs 12-9 gives 21 VPs in all, and the draw row "
            "gives 20: every row must add up the same (with 12 for the winner, type 8 for the "
            "loser)",
        ),
    ],
)
def test_errors_name_the_row_and_quote_the_value(
    officejs: dict[str, Any], name: str, message: str
) -> None:
    assert message in officejs["results"][name]["error"]


# --- the seed figures on this path --------------------------------------------------------------


def test_seed_figures(officejs: dict[str, Any]) -> None:
    assert value(officejs, "mp_seed000")[-1] == [12.6, 9.4]
    assert value(officejs, "wmp_seed000") == [[12.6]]
    assert value(officejs, "wmp_text_weights") == [[12.6]]
    assert value(officejs, "butler_seed000")[-1] == [2, -2]
    assert [round(x, 1) for x in value(officejs, "cross_seed000")[-1]] == [24.8, -24.8]
    neuberg_ns = [row[0] for row in value(officejs, "mp_neuberg")]
    assert neuberg_ns == [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    assert value(officejs, "neuberg_cell") == [[29]]
    assert value(officejs, "neuberg_range") == [[29], [23], [""], [""], [1]]
    assert value(officejs, "avplus_seed001") == [[55.0]]
    assert value(officejs, "aggregate_seed000") == [[230]]
    assert value(officejs, "aggregate_score_range") == [[230], [""], [420]]
    assert value(officejs, "teams_seed000") == [[2]]
    # R1 (30% 1430; 40% 680; 20% 650; 10% -100) against 680: 0.3 x 13 + 0 - 0.2 x 1 - 0.1 x 13.
    assert value(officejs, "match_imps_seed000") == [[2, -2], [3, -3], ["", ""], [2, -2]]
    # 420 v -100 is 11 IMPs, 100 v 100 none: over 6 boards 14.59 on the published table,
    # over the 2 boards given 16.90.
    assert value(officejs, "match_vps_six_boards") == [[14.59, 5.41]]
    assert value(officejs, "match_vps_omitted_boards") == [[16.9, 3.1]]
    assert value(officejs, "imps_cell") == [[7]]
    assert value(officejs, "score_4hx_made") == [[590]]
    assert value(officejs, "score_4hx_vul") == [[790]]
    assert value(officejs, "freq_seed000") == [
        ["A=", 1, "", 5, 5],
        [600, 1, 1.2, 9.8, 0.2],
        [-100, 2, 2.4, 6.2, 3.8],
        [-200, 1, 1.2, 2.6, 7.4],
        [-300, 1, 1.2, 0.2, 9.8],
    ]


def test_blank_in_blank_out(officejs: dict[str, Any]) -> None:
    assert value(officejs, "mp_single_blank") == [["", ""]]
    assert value(officejs, "mp_all_blank") == [["", ""]] * 3
    assert value(officejs, "mp_blanks")[1:3] == [["", ""], ["", ""]]
    assert value(officejs, "imps_blank") == [[""]]
    assert value(officejs, "wmp_blank") == [[""]]
    assert value(officejs, "avplus_blank") == [[""]]
    assert value(officejs, "freq_blank") == [[""] * 5]
    assert value(officejs, "score_range")[2] == [""]


def test_empty_and_omitted_optionals_are_the_defaults(officejs: dict[str, Any]) -> None:
    assert value(officejs, "mp_empty_optionals") == value(officejs, "mp_omitted_optionals")
    assert value(officejs, "butler_empty_optionals") == value(officejs, "butler_seed000")
    assert value(officejs, "vp_range") == value(officejs, "victory_points_range")


def test_errors_are_also_xlwings_errors() -> None:
    # xlwings Server shows the message of an XlwingsError, and only "An error ocurred."
    # for any other exception in production; Python callers still catch ScoringError.
    import xlwings

    from xlbridge.errors import ResultCellError, ScoringError

    with pytest.raises(ScoringError) as info:
        udfs.MATCHPOINTS([[420], ["42O"]])
    assert isinstance(info.value, xlwings.XlwingsError)
    assert isinstance(info.value, ResultCellError)
    assert isinstance(info.value.__cause__, ResultCellError)
    assert str(info.value) == "row 2: '42O' is not a score"
