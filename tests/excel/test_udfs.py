"""The Excel functions called directly, with lists of lists as Excel passes ranges."""

from __future__ import annotations

import gc

import pytest

import xlbridge
from xlbridge import udfs
from xlbridge.errors import ScoringError

ELEVEN = [[1430]] * 2 + [[680]] * 5 + [[650]] * 2 + [[-100]] * 2
RULING = "30% 1430; 40% 680; 20% 650; 10% -100"


def isort_key(name: str) -> tuple[int, str]:
    """CONSTANTS, then Classes, then functions, each alphabetical (ruff's RUF022 order)."""
    kind = 0 if name.isupper() else 1 if name[0].isupper() else 2
    return kind, name


def test_public_namespace_is_sorted_and_complete() -> None:
    assert xlbridge.__all__ == sorted(xlbridge.__all__, key=isort_key)
    assert all(hasattr(xlbridge, name) for name in xlbridge.__all__)
    assert udfs.__all__ == sorted(udfs.__all__, key=isort_key)


def test_design_card_functions_exist() -> None:
    names = {
        "MATCHPOINTS", "NEUBERG", "WEIGHTED_MP", "BUTLER_IMPS", "CROSS_IMPS", "APPLY_AVPLUS",
        "FREQUENCY_TABLE", "IMPS", "VP", "TEAMS_IMPS", "AGGREGATE", "BRIDGE_SCORE",
        "VULNERABILITY", "DEALER",
    }  # fmt: skip
    assert names <= set(udfs.__all__)
    for name in names:
        assert getattr(udfs, name).__doc__


class TestMatchpoints:
    def test_blank_rows_give_blank_output_rows(self) -> None:
        got = udfs.MATCHPOINTS([[420], [None], [""], [450], ["NP"], [420]])
        assert got == [[1.0, 3.0], [None, None], [None, None], [4.0, 0.0], [None, None], [1.0, 3.0]]

    def test_floats_from_excel_are_exact(self) -> None:
        assert udfs.MATCHPOINTS([[420.0], [450.0]]) == [[0.0, 2.0], [2.0, 0.0]]

    def test_expected_and_scale_may_be_blank_or_given(self) -> None:
        scores = [[520], [500], [490], [480], [460], [450], [430], [420], [400], [-50]]
        assert udfs.MATCHPOINTS(scores, None, "")[0] == [18.0, 0.0]
        assert udfs.MATCHPOINTS(scores, 11)[0] == [19.9, 0.1]
        assert udfs.MATCHPOINTS(scores, 11.0, 1)[0] == [9.95, 0.05]

    def test_two_column_traveller(self) -> None:
        got = udfs.MATCHPOINTS([[420, None], [None, 50], [None, None], [0, None]])
        assert got == [[4.0, 0.0], [0.0, 4.0], [None, None], [2.0, 2.0]]

    def test_rulings_range(self) -> None:
        rulings = [
            ["ID", "Side", "Score", "Weight", "Note"],
            ["R1", None, 1430, 0.3, "6H made"],
            ["R1", None, 680, 0.4, ""],
            ["R1", None, 650, 0.2, ""],
            ["R1", None, -100, 0.1, ""],
        ]
        assert udfs.MATCHPOINTS([*ELEVEN, ["R1"]], None, None, rulings)[-1] == [12.6, 9.4]

    def test_split_ruling_from_rulings_range(self) -> None:
        rulings = [["ID", "Side", "Score", "Weight", "Note"], ["R2", "NS", 680, None, ""],
                   ["R2", "EW", 1460, None, ""]]  # fmt: skip
        scores = [[680]] * 4 + [[1430]] * 5 + [["R2"]]
        assert udfs.MATCHPOINTS(scores, None, None, rulings)[-1] == [4.0, 0.0]

    @pytest.mark.parametrize(
        ("ns", "ew"), [("North-South", "East-West"), ("NS", "EW"), ("N-S", "E-W")]
    )
    def test_a_rulings_side_three_ways(self, ns: str, ew: str) -> None:
        # docs/damage.md, example 1: NS given +680 (4 of 18), EW kept facing +1460 (0)
        rulings = [["ID", "Side", "Score", "Weight", "Note"], ["R2", ns, 680, None, ""],
                   ["R2", ew, 1460, None, ""]]  # fmt: skip
        scores = [[680]] * 4 + [[1430]] * 5 + [["R2"]]
        assert udfs.MATCHPOINTS(scores, None, None, rulings)[-1] == [4.0, 0.0]
        split = [[680]] * 4 + [[1430]] * 5 + [[f"{ns}: 680 | {ew}: 1460"]]
        assert udfs.MATCHPOINTS(split)[-1] == [4.0, 0.0]

    def test_a_rulings_side_typo(self) -> None:
        rulings = [["ID", "Side", "Score", "Weight", "Note"], ["R2", "NX", 680, None, ""],
                   ["R2", "EW", 1460, None, ""]]  # fmt: skip
        with pytest.raises(ScoringError, match="row 2: side 'NX' is not a direction"):
            udfs.MATCHPOINTS([[680], ["R2"]], None, None, rulings)

    @pytest.mark.parametrize(
        ("scores", "message"),
        [
            ([[420], ["42O"]], "row 2: '42O' is not a score"),
            ([[420], [425]], "row 2: 425 is not a score (bridge scores are multiples of 10)"),
            ([["90% 420; 20% -50"]], "row 1: the weights in '90% 420; 20% -50' add up to 110%"),
            ([["R7"]], "row 1: 'R7' refers to a ruling, but no rulings range was given"),
            ([[True]], "row 1: TRUE is not a score"),
            ([[420, 50]], "row 1: both columns are filled (420 and 50)"),
            ([[1, 2, 3]], "the scores range has 3 columns"),
        ],
    )
    def test_bad_cells_name_row_and_value(self, scores: list, message: str) -> None:
        with pytest.raises(ScoringError) as info:
            udfs.MATCHPOINTS(scores)
        assert message in str(info.value)

    def test_more_results_than_expected(self) -> None:
        with pytest.raises(ScoringError, match="3 results but only 2 were expected"):
            udfs.MATCHPOINTS([[420], [450], [-50]], 2)

    def test_non_whole_expected_is_refused_not_rounded(self) -> None:
        with pytest.raises(ScoringError, match=r"expected 11\.5 is not a whole number"):
            udfs.MATCHPOINTS([[420], [450]], 11.5)


def test_weighted_mp_accepts_fraction_and_percent_weights() -> None:
    got = udfs.WEIGHTED_MP([[620]] * 2 + [[-100]] * 5, [[620], [-100]], [["2/5"], [0.6]])
    assert got == 7.8


def test_weighted_mp_refuses_weights_not_summing_to_100() -> None:
    with pytest.raises(ScoringError, match="add up to 90%"):
        udfs.WEIGHTED_MP([[620]], [[620], [-100]], [["30%"], ["60%"]])


def test_butler_and_cross_imps_columns() -> None:
    assert udfs.BUTLER_IMPS([*ELEVEN, [RULING]])[-1] == [2.0, -2.0]
    # trim 1, exact datum 685.1: +1430 is 744.9 above it, 12 IMPs (13 starts at 750)
    assert udfs.BUTLER_IMPS([*ELEVEN, [RULING]], None, 1, 0)[0] == [12.0, -12.0]
    assert [round(x, 2) for x in udfs.CROSS_IMPS([*ELEVEN, [RULING]])[-1]] == [24.8, -24.8]


def test_frequency_table_ew_direction_for_split_board() -> None:
    scores = [[680]] * 4 + [[1430]] * 5 + [["NS: 680 | EW: 1460"]]
    ns = udfs.FREQUENCY_TABLE(scores)
    ew = udfs.FREQUENCY_TABLE(scores, None, None, None, "EW")
    assert [row[0] for row in ns] == [1430, 680]
    assert [row[0] for row in ew] == [1460, 1430, 680]
    assert ew[0][4] == 0.0  # the damaged EW pair, facing 1460, gets 0 of 18


@pytest.mark.parametrize(
    ("spellings", "table"),
    [
        # the NS table: 1430 five times (14 of 18 each: 5 beaten, 4 ties), 680 five times (4)
        (("North-South", "NS", "N-S"), [[1430, 5, 5.0, 14.0, 4.0], [680, 5, 5.0, 4.0, 14.0]]),
        # the EW table: +1460 for the damaged EW pair (0 of 18), 1430 (6), 680 four times (15)
        (
            ("East-West", "EW", "E-W"),
            [[1460, 1, 1.0, 18.0, 0.0], [1430, 5, 5.0, 12.0, 6.0], [680, 4, 4.0, 3.0, 15.0]],
        ),
    ],
)
def test_frequency_table_direction_three_ways(spellings, table) -> None:
    scores = [[680]] * 4 + [[1430]] * 5 + [["NS: 680 | EW: 1460"]]
    for direction in spellings:
        assert udfs.FREQUENCY_TABLE(scores, None, None, None, direction) == table


def test_frequency_table_direction_typo() -> None:
    with pytest.raises(ScoringError, match=r"^direction: 'NX' is not a direction"):
        udfs.FREQUENCY_TABLE([[420]], None, None, None, "NX")


def test_scalars_and_ranges_elementwise() -> None:
    assert udfs.IMPS([[20], [None], [-4000]]) == [[1], [None], [-24]]
    assert udfs.VP(0, 16) == 10.0
    assert udfs.AGGREGATE([["60% 420; 40% -50"], [420]]) == [[230.0], [420.0]]
    assert udfs.TEAMS_IMPS([[420], ["60% 420; 40% -50"]], 140) == [[7.0], [2.0]]


def test_bridge_score_accepts_excel_results() -> None:
    # Excel turns a typed +1 into the number 1, and = must be typed as text
    assert udfs.BRIDGE_SCORE("4H", "N", 1, 1) == 450
    assert udfs.BRIDGE_SCORE("4H", "N", "=", 2) == 620
    assert udfs.BRIDGE_SCORE("3NTX", "E", -2, 1) == 300
    assert udfs.BRIDGE_SCORE("Pass", None, None, 5) == 0
    assert udfs.BRIDGE_SCORE([["4S"], [None]], [["S"], [None]], [[0], [None]], [[3], [4]]) == [
        [420],
        [None],
    ]


def test_bridge_score_names_the_row() -> None:
    with pytest.raises(ScoringError, match="row 2: "):
        udfs.BRIDGE_SCORE([["4S"], ["4Z"]], "N", 0, 1)


def test_vulnerability_and_dealer() -> None:
    assert udfs.VULNERABILITY([[b] for b in range(1, 5)]) == [["None"], ["NS"], ["EW"], ["Both"]]
    assert udfs.DEALER([[1], [2], [3], [4], [17]]) == [["N"], ["E"], ["S"], ["W"], ["N"]]
    with pytest.raises(ScoringError, match="row 1: "):
        udfs.DEALER(3.5)


def test_apply_avplus_methods() -> None:
    boards = [[15.0], ["A+"], ["A-"], ["BYE"]]
    assert udfs.APPLY_AVPLUS(boards, 24) == 55.0
    assert round(udfs.APPLY_AVPLUS(boards, 24, "magic"), 4) == 54.1667
    assert udfs.APPLY_AVPLUS(boards, 24, None, 60, 40) == 55.0


def test_frequency_table_pads_to_a_fixed_block() -> None:
    got = udfs.FREQUENCY_TABLE([[420], [450]], None, None, None, None, 3)
    assert got == [[450, 1, 1.0, 2.0, 0.0], [420, 1, 1.0, 0.0, 2.0], [None] * 5]
    with pytest.raises(ScoringError, match="2 lines, more than lines=1"):
        udfs.FREQUENCY_TABLE([[420], [450]], None, None, None, None, 1)


def test_the_cycle_collector_is_left_as_it_was_found() -> None:
    """The functions pause Python's cycle collector while they run (big travellers)."""
    assert gc.isenabled()
    assert udfs.MATCHPOINTS([[420], [-50]]) == [[2.0, 0.0], [0.0, 2.0]]
    assert gc.isenabled()
    with pytest.raises(ValueError, match="row 2: '42O'"):
        udfs.MATCHPOINTS([[420], ["42O"]])
    assert gc.isenabled()
    gc.disable()
    try:
        udfs.MATCHPOINTS([[420], [-50]])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_count_that_is_no_count_is_refused() -> None:
    """1e300 is a whole number to Python: as the expected results it gave 1.5e+300 matchpoints
    (found by the workbook fuzzing, in the Settings cell the functions read)."""
    from xlbridge.errors import ScoringError as Refused
    from xlbridge.udfs import MATCHPOINTS, NEUBERG

    with pytest.raises(Refused, match=r"expected 1e\+300 is larger than 100,000,000"):
        MATCHPOINTS([[420], [400]], 1e300)
    with pytest.raises(Refused, match="larger than 100,000,000"):
        NEUBERG([[2]], 2, 1e300)
    assert MATCHPOINTS([[420], [400]], 3) == [[3.5, 0.5], [0.5, 3.5]]  # Neuberg: 2 of 3


# --- the vp_scale argument (published tables: BridgeHands, "Victory Points"; WBF 6 boards) ------


def test_victory_points_on_a_named_scale() -> None:
    # 20-point scale, 6-8 boards: 5-7 IMPs 13-7, 28+ 20-0; 30-point: 11-13 IMPs 25-5.
    assert udfs.VICTORY_POINTS([[5], [None], [-5], [30]], 8, "ACBL 20-VP") == [
        [13.0], [None], [7.0], [20.0]
    ]  # fmt: skip
    assert udfs.VP(11, 6, "acbl 30-vp") == 25.0
    assert udfs.VP(11, 6, [["ACBL 30-VP"]]) == 25.0  # a cell as Lite and Server pass it
    # 9-11 boards, 20-point scale: 3-5 IMPs 12-8 (6-8 boards would give 13-7 for 5).
    assert udfs.VICTORY_POINTS(5, 10, "ACBL 20-VP") == 12.0


def test_victory_points_default_scale_is_unchanged() -> None:
    # The WBF continuous table for 6 boards: 11 IMPs is 14.59 (tests/workbook/test_teams.py).
    assert udfs.VP(11, 6) == 14.59
    assert udfs.VP(11, 6, None) == udfs.VP(11, 6, [[None]]) == udfs.VP(11, 6, "") == 14.59


def test_match_vps_on_a_named_scale() -> None:
    # Board 1: +420 and -100 is 520 to home, 11 IMPs; board 2 a push: 11 IMPs over 6 boards.
    open_room, closed_room = [[420], [100]], [[-100], [100]]
    assert udfs.MATCH_VPS(open_room, closed_room, 6) == [[14.59, 5.41]]
    assert udfs.MATCH_VPS(open_room, closed_room, 6, None, "ACBL 30-VP") == [[25.0, 5.0]]
    assert udfs.MATCH_VPS(open_room, closed_room, 6, None, "ACBL 20-VP") == [[15.0, 5.0]]
    # WBF discrete 20-VP table, 6 boards: 11-13 IMPs is 15-5.
    assert udfs.MATCH_VPS(open_room, closed_room, 6, None, "WBF 20-VP discrete") == [[15.0, 5.0]]


def test_victory_points_on_the_wbf_discrete_scale() -> None:
    # The WBF discrete 20-VP table (tests/data/vp_scales/bridgeboxscorer_wbf_discrete.csv):
    # 8 boards, 10-12 IMPs 14-6 and 39+ 20-0; 24 boards, 0-1 IMPs 10-10 and 2-5 11-9.
    assert udfs.VP([[10], [-12], [39]], 8, "WBF 20-VP discrete") == [[14.0], [6.0], [20.0]]
    assert udfs.VP(1, 24, "wbf 20-vp discrete") == 10.0
    assert udfs.VP(2, 24, "WBF 20-VP discrete") == 11.0


def test_a_club_table_given_as_cells() -> None:
    table = [["From", "Winner", "Loser"], [0, 10, 10], [3, 12, 8], [10, 15, 5], [None, None, None]]
    assert udfs.VP([[2], [4], [-12]], 8, table) == [[10.0], [12.0], [5.0]]
    assert udfs.MATCH_VPS([[420], [100]], [[-100], [100]], 6, None, table) == [[15.0, 5.0]]


@pytest.mark.parametrize(
    ("scale", "message"),
    [
        (
            "EBU 20-VP",
            "'EBU 20-VP' is not a VP scale xlbridge knows: use one of WBF 20-VP continuous, "
            "WBF 20-VP discrete, ACBL 20-VP, ACBL 30-VP",
        ),
        (
            [[0, 10], [3, 12]],
            "vp_scale: give a scale's name (WBF 20-VP continuous, WBF 20-VP discrete, "
            "ACBL 20-VP, ACBL 30-VP) or a table of three columns, "
            "IMP margin from | winner's VPs | loser's VPs, not 2 columns",
        ),
        (
            [["From", "Winner", "Loser"], [0, 10, 10], [3, 12, 9]],
            "VP table row 3, loser's VPs: 3 IMPs 12-9 gives 21 VPs in all, and the draw row "
            "gives 20: every row must add up the same (with 12 for the winner, type 8 for the "
            "loser)",
        ),
        (
            [[0, 10, 10], [3, "x", 8]],
            "VP table row 2, winner's VPs: 'x' is not a number: type a whole number or a "
            "decimal (12 or 12.5)",
        ),
    ],
)
def test_a_bad_vp_scale_is_refused_in_plain_words(scale: object, message: str) -> None:
    with pytest.raises(ScoringError) as info:
        udfs.VICTORY_POINTS(10, 8, scale)
    assert str(info.value) == message


def test_a_length_the_scale_has_no_table_for_is_refused() -> None:
    with pytest.raises(ScoringError) as info:
        udfs.VP(10, 12, "ACBL 30-VP")
    assert str(info.value) == (
        "the ACBL 30-VP scale is published for matches of 6 to 11 boards, not 12"
    )
