"""A pair's final result after A+/A-/A=/Bye (Law 12C2(c)): seed 001 and hand-worked cases."""

from __future__ import annotations

import doctest
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge import avplus
from xlbridge.avplus import AvplusMethod, AvplusResult, apply_avplus, apply_avplus_imps
from xlbridge.errors import ResultCellError, ScoringError

SEED_001 = [F("15.0"), "A+", "A-", "BYE"]


def test_docstring_examples():
    assert doctest.testmod(avplus).failed == 0


# --- seed 001: top 24.0; 15.0 on board 1, A+ on 2, A- on 3, a Bye on 4 ---------------------


def test_seed_001_solution_1_mainstream():
    result = apply_avplus(SEED_001, F("24.0"), method="mainstream")
    assert result.ap == F("62.5")  # step 2: 15.0 / 24.0
    sa_plus, sa_minus, s_bye = result.scores[1:]
    assert sa_plus == F("15.0")  # step 3: AP > 60% => 62.5% * 24.0
    assert sa_minus == F("9.6")  # step 4: AP is not < 40% => 40%
    assert result.scores[0] + sa_plus + sa_minus == F("39.6")  # step 5: SX
    assert result.apx == F("55.0")  # step 6: 39.6 / (3 * 24.0)
    assert s_bye == F("13.2")  # step 7
    assert result.score == F("52.8")  # step 8: SF
    assert result.percentage == F("55.0")  # step 9: 52.8 / (4 * 24.0)
    assert result.boards == 4
    assert result.average == F("13.2")
    assert result.ap_plus == result.ap_minus == result.ap


def test_seed_001_solution_2_magic():
    result = apply_avplus(SEED_001, F("24.0"), method="magic")
    assert result.ap_plus == F("51.25")  # step 3: (15.0 + 9.6) / (2 * 24.0)
    assert result.ap_minus == F("61.25")  # step 4: (15.0 + 14.4) / (2 * 24.0)
    sa_plus, sa_minus, s_bye = result.scores[1:]
    assert sa_plus == F("14.4")  # AP+ is not > 60%
    assert sa_minus == F("9.6")  # AP- is not < 40%
    assert result.scores[0] + sa_plus + sa_minus == F("39.0")  # step 5: SX
    assert result.apx == F(325, 6)  # step 6: 39.0 / (3 * 24.0) = 54.1667%
    assert s_bye == F("13.0")  # step 7: 54 1/6 % of 24.0
    assert result.score == F("52.0")  # step 8: SF
    assert result.percentage == F(325, 6)  # step 9: 52.0 / (4 * 24.0)
    # JET's hypotheses: 1 gives 61.25% (not < 40%), 2 gives 51.25% (not > 60%), 3 holds.
    assert result.ap == F(325, 6)


def test_seed_001_case_and_spaces_in_codes():
    codes = [15, " a + ", "a\u2212", "Bye"]  # a typographic minus is a minus
    assert apply_avplus(codes, 24) == apply_avplus(SEED_001, 24)
    assert apply_avplus(codes, 24, method=AvplusMethod.MAGIC).percentage == F(325, 6)


# --- hand-worked cases, top 10 unless said ----------------------------------------------


def test_below_40_percent_mainstream_gives_a_minus_own_percentage():
    # S = 2 + 2 + 2 = 6 over 3 boards: AP = 6 / 30 = 20%.
    # A+ stays 60% = 6; A- takes AP = 20% = 2 (lower than 40%).
    # SX = 6 + 6 + 2 = 14 over 5 boards: APX = 14 / 50 = 28%; Bye = 2.8.
    # SF = 14 + 2.8 = 16.8 over 6 boards: FP = 16.8 / 60 = 28%.
    result = apply_avplus([2, 2, 2, "A-", "A+", "BYE"], 10)
    assert result.ap == 20
    assert result.scores == (2, 2, 2, 2, 6, F("2.8"))
    assert result.apx == 28
    assert result.score == F("16.8")
    assert result.percentage == 28


def test_below_40_percent_magic_gives_a_minus_own_percentage():
    # Hypothesis 1 (AP < 40%): A+ counts 60% = 6, A- counts X itself:
    # X = (6 + 6 + X) / 5 => 4X = 12 => X = 3 = 30% < 40%: the hypothesis holds.
    # A- gets 3 (30%), A+ stays 6. SX = 6 + 6 + 3 = 15: APX = 15 / 50 = 30% = AP.
    # Bye = 3; SF = 18; FP = 18 / 60 = 30%.
    result = apply_avplus([2, 2, 2, "A-", "A+", "BYE"], 10, method="magic")
    assert result.ap == result.ap_minus == 30
    assert result.scores == (2, 2, 2, 3, 6, 3)
    assert result.apx == 30
    assert result.score == 18
    assert result.percentage == 30


def test_a_pair_averaging_30_percent_without_a_plus():
    # S = 3 + 3 = 6 over 2 boards: AP = 30%; A- = 3 under both methods.
    # SX = 9 over 3 boards: APX = 30%; Bye = 3; FP = 12 / 40 = 30%.
    for method in ("mainstream", "magic"):
        result = apply_avplus([3, 3, "A-", "BYE"], 10, method=method)
        assert result.scores == (3, 3, 3, 3)
        assert result.percentage == 30


def test_above_60_percent_mainstream():
    # S = 8 + 8 + 8 = 24 over 3 boards: AP = 80%. A+ = 8 (80%), A- stays 4 (40%).
    # SX = 24 + 8 + 4 = 36 over 5: APX = 72%; Bye = 7.2; SF = 43.2; FP = 43.2 / 60 = 72%.
    result = apply_avplus([8, 8, 8, "A+", "A-", "BYE"], 10)
    assert result.ap == 80
    assert result.scores == (8, 8, 8, 8, 4, F("7.2"))
    assert (result.apx, result.score, result.percentage) == (72, F("43.2"), 72)


def test_above_60_percent_magic():
    # Hypothesis 1 (X < 40%): X = (24 + 6) / 4 = 7.5 = 75%: not < 40%.
    # Hypothesis 2 (X > 60%): A+ counts X, A- 40% = 4: X = (24 + X + 4) / 5 => X = 28 / 4 = 7
    # = 70% > 60%: it holds. A+ = 7, A- = 4; SX = 35 over 5: APX = 70%; Bye = 7; FP = 42 / 60.
    result = apply_avplus([8, 8, 8, "A+", "A-", "BYE"], 10, method="magic")
    assert (result.ap_minus, result.ap_plus, result.ap) == (75, 70, 70)
    assert result.scores == (8, 8, 8, 7, 4, 7)
    assert (result.apx, result.score, result.percentage) == (70, 42, 70)


def test_between_40_and_60_percent_a_plus_and_a_minus_keep_their_levels():
    # AP = 10 / 20 = 50% under both methods: A+ = 6, A- = 4, APX = 20 / 40 = 50%.
    for method in AvplusMethod:
        result = apply_avplus([5, 5, "A+", "A-"], 10, method=method)
        assert result.scores == (5, 5, 6, 4)
        assert (result.ap, result.apx, result.percentage) == (50, 50, 50)


def test_a_equal_counts_as_a_scored_board_at_50_percent():
    # Top 12: A= scores 6. S = 9 + 6 = 15 over 2 boards: AP = 62.5%. A+ = 7.5.
    # SX = 22.5 over 3: APX = 62.5%; Bye = 7.5; SF = 30; FP = 30 / 48 = 62.5%.
    # Magic: no A-, so hypothesis 2 gives X = 15 / 2 = 7.5 = 62.5% > 60%: the same.
    for method in AvplusMethod:
        result = apply_avplus([9, "A=", "A+", "BYE"], 12, method=method)
        assert result.scores == (9, 6, F("7.5"), F("7.5"))
        assert (result.ap, result.percentage) == (F("62.5"), F("62.5"))


def test_only_a_equal():
    result = apply_avplus(["A=", "a ="], 8)
    assert result.scores == (4, 4)
    assert (result.ap, result.apx, result.percentage) == (50, 50, 50)


def test_byes_only_score_an_average():
    result = apply_avplus(["BYE", None, "bye"], 10)
    assert result.scores == (5, None, 5)
    assert (result.boards, result.score, result.percentage) == (2, 10, 50)
    assert result.ap is None
    assert result.apx is None


def test_no_normally_scored_board_a_plus_and_a_minus_keep_their_levels():
    # No AP: A+ = 60% = 6, A- = 40% = 4; APX = 10 / 20 = 50%; Bye = 5.
    for method in AvplusMethod:
        result = apply_avplus(["A+", "A-", "BYE"], 10, method=method)
        assert result.scores == (6, 4, 5)
        assert (result.ap, result.ap_plus, result.ap_minus) == (None, None, None)
        assert (result.apx, result.percentage) == (50, 50)
        only_plus = apply_avplus(["A+", "BYE"], 10, method=method)
        assert (only_plus.scores, only_plus.percentage) == ((6, 6), 60)


def test_blanks_are_boards_not_played():
    blanks = [None, F("15.0"), "", "A+", "  ", "A-", None, "BYE", None]
    result = apply_avplus(blanks, 24)
    expected = apply_avplus(SEED_001, 24)
    assert result.scores == (None, 15, None, 15, None, F("9.6"), None, F("13.2"), None)
    assert (result.boards, result.score, result.percentage) == (4, F("52.8"), 55)
    assert (result.ap, result.apx) == (expected.ap, expected.apx)


def test_float_and_text_inputs_are_exact():
    # 14.4 / 24 is 0.6000000000000001 in floats; read exactly it is 60%, so A+ = 14.4.
    result = apply_avplus([14.4, "A+", "BYE"], 24.0)
    assert result.scores == (F(72, 5), F(72, 5), F(72, 5))
    assert result.ap == result.apx == result.percentage == 60
    assert apply_avplus(["14.4", "A+", "BYE"], "24") == result
    assert all(type(score) is F for score in result.scores)


def test_fractional_top_and_levels():
    # Top 12.5, A+ at 62.5%: S = 10 = 80%; A+ = 80% of 12.5 = 10 (better than 62.5%).
    result = apply_avplus([10, "A+"], F(25, 2), aplus=F("62.5"), aminus=30)
    assert result.scores == (10, 10)
    assert result.percentage == 80


def test_custom_levels():
    # A+ 70%, A- 30% of top 10. AP = 50%: A+ = 7, A- = 3.
    result = apply_avplus([5, "A+", "A-"], 10, aplus=70, aminus=30)
    assert result.scores == (5, 7, 3)


# --- IMP-scored pair events ---------------------------------------------------------------


def test_imps_a_plus_takes_a_better_own_average():
    # (4 + 5) / 2 = +4.5 IMPs per board, better than +3: A+ = +4.5.
    for method in AvplusMethod:
        result = apply_avplus_imps([4, 5, "A+", "BYE"], method=method)
        assert result.scores == (4, 5, F("4.5"), F("4.5"))
        assert (result.ap, result.apx, result.average) == (F("4.5"), F("4.5"), F("4.5"))
        assert result.percentage is None


def test_imps_mainstream_and_magic_with_a_plus_and_a_minus():
    # Mainstream: AP = +4.5: A+ = +4.5, A- = -3; SX = 9 + 4.5 - 3 = 10.5 over 4: APX = 2.625.
    mainstream = apply_avplus_imps([4, 5, "A+", "A-", "BYE"])
    assert mainstream.scores == (4, 5, F("4.5"), -3, F("2.625"))
    assert (mainstream.score, mainstream.average) == (F("13.125"), F("2.625"))
    # Magic: hypothesis 1 gives (9 + 3) / 3 = 4 (not < -3), hypothesis 2 (9 - 3) / 3 = 2
    # (not > 3), so A+ = +3 and A- = -3; APX = (9 + 3 - 3) / 4 = 2.25.
    magic = apply_avplus_imps([4, 5, "A+", "A-", "BYE"], method="magic")
    assert (magic.ap_minus, magic.ap_plus) == (4, 2)
    assert magic.scores == (4, 5, 3, -3, F("2.25"))
    assert magic.ap == magic.apx == magic.average == F("2.25")


def test_imps_a_minus_takes_a_worse_own_average_and_a_equal_is_zero():
    # A= scores 0 and counts: AP = (-6 - 4 + 0) / 3 = -10/3 IMPs per board, worse than -3,
    # so A- = -10/3; A+ stays +3.
    result = apply_avplus_imps([-6, -4, "A=", "A-", "A+"])
    assert result.ap == F(-10, 3)
    assert result.scores == (-6, -4, 0, F(-10, 3), 3)


def test_imps_byes_only_and_custom_levels():
    assert apply_avplus_imps(["BYE"]).scores == (0,)
    assert apply_avplus_imps([1, "A+", "A-"], aplus=2, aminus=-2).scores == (1, 2, -2)


# --- refused input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        ([15, 12, "A*"], "board 3: 'A*' is not a score or A+/A-/A=/BYE"),
        ([None, "x"], "board 2: 'x' is not a score or A+/A-/A=/BYE"),
        ([True], "board 1: TRUE is not a score or A+/A-/A=/BYE"),
        ([float("nan")], "board 1: nan is not a score or A+/A-/A=/BYE"),
        ([3, -1], "board 2: -1 is negative; matchpoints run from 0 to the top"),
        ([24.5], "board 1: 24.5 is above the top of 24"),
    ],
)
def test_bad_board_entries_name_the_board(scores, message):
    with pytest.raises(ResultCellError) as info:
        apply_avplus(scores, 24)
    assert str(info.value) == message


def test_bad_imp_entry():
    with pytest.raises(ResultCellError, match=r"^board 2: '3 IMPs' is not a score or A\+"):
        apply_avplus_imps([1, "3 IMPs"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"top": 0}, "top must be a positive number of matchpoints, not 0"),
        ({"top": "ten"}, "top must be a positive number of matchpoints, not 'ten'"),
        ({"method": "median"}, "method must be 'mainstream' or 'magic', not 'median'"),
        ({"aplus": 0.6}, "aplus must be a percentage from 50 to below 100 (60 for 60%, not 0.6)"),
        ({"aplus": 100}, "aplus must be a percentage from 50 to below 100"),
        ({"aplus": 49}, "aplus must be a percentage from 50 to below 100"),
        ({"aminus": 0}, "aminus must be a percentage above 0 and at most 50"),
        ({"aminus": 51}, "aminus must be a percentage above 0 and at most 50"),
    ],
)
def test_bad_arguments(kwargs, message):
    arguments = {"top": 24} | kwargs
    with pytest.raises(ScoringError) as info:
        apply_avplus([12], **arguments)
    assert str(info.value).startswith(message)


def test_a_minus_level_is_read_as_a_percentage():
    # aminus=0.4 is 0.4%, not 40%: allowed (a tiny percentage), and not silently rescaled.
    assert apply_avplus([12, "A-"], 24, aminus=0.4).scores[1] == F("0.096")


def test_bad_imp_levels():
    with pytest.raises(
        ScoringError, match=r"^aplus must be a number of IMPs of at least 0, not -1"
    ):
        apply_avplus_imps([1], aplus=-1)
    with pytest.raises(ScoringError, match=r"^aminus must be a number of IMPs of at most 0, not 1"):
        apply_avplus_imps([1], aminus=1)


def test_every_entry_blank_is_refused():
    with pytest.raises(ScoringError, match=r"^no boards to score"):
        apply_avplus([None, "", " "], 24)
    with pytest.raises(ScoringError, match=r"^no boards to score"):
        apply_avplus_imps([])


def test_result_repr_is_code():
    result = apply_avplus(SEED_001, 24)
    assert eval(repr(result), {"AvplusResult": AvplusResult, "Fraction": F}) == result


# --- properties ---------------------------------------------------------------------------

CODES = st.sampled_from(["A+", "A-", "A=", "BYE", None])


@st.composite
def sessions(draw, codes=CODES):
    top = draw(st.fractions(min_value=1, max_value=50, max_denominator=4))
    number = st.fractions(min_value=0, max_value=top, max_denominator=12)
    entries = draw(st.lists(st.one_of(number, codes), min_size=1, max_size=12))
    aplus = draw(st.fractions(min_value=50, max_value=99, max_denominator=4))
    aminus = draw(st.fractions(min_value=1, max_value=50, max_denominator=4))
    return entries, top, aplus, aminus


def _played(entries):
    return [entry for entry in entries if entry is not None]


def _both(session):
    entries, top, aplus, aminus = session
    if all(entry is None for entry in entries):
        entries = [*entries, "BYE"]
    return entries, tuple(
        apply_avplus(entries, top, method=method, aplus=aplus, aminus=aminus)
        for method in AvplusMethod
    )


@given(sessions(codes=st.sampled_from(["A+", "A=", "BYE", None])))
def test_methods_agree_without_a_minus(session):
    _, (mainstream, magic) = _both(session)
    assert mainstream.scores == magic.scores
    assert mainstream.percentage == magic.percentage


@given(sessions(codes=st.sampled_from(["A-", "A=", "BYE", None])))
def test_methods_agree_without_a_plus(session):
    _, (mainstream, magic) = _both(session)
    assert mainstream.scores == magic.scores
    assert mainstream.percentage == magic.percentage


@given(sessions())
def test_final_percentage_is_apx_and_played_boards_never_change(session):
    entries, results = _both(session)
    top, aplus, aminus = session[1:]
    for result in results:
        assert result.boards == len(_played(entries))
        assert result.score == sum(_played(result.scores))
        expected_fp = 50 if result.apx is None else result.apx
        assert result.percentage == expected_fp
        for entry, score in zip(entries, result.scores, strict=True):
            if entry is None:
                assert score is None
            elif entry == "A=":
                assert score == top / 2
            elif entry == "A+":
                assert score >= aplus * top / 100
            elif entry == "A-":
                assert score <= aminus * top / 100
            elif entry == "BYE":
                assert score == result.percentage * top / 100
            else:
                assert score == entry


@given(sessions())
def test_magic_ap_is_the_fixed_point_and_matches_the_seeds_step_by_step(session):
    entries, (_, magic) = _both(session)
    aplus, aminus = session[2:]
    if magic.ap is None:
        return
    # X = (S% + A+ x max(aplus, X) + A- x min(aminus, X)) / boards: the magic AP is APX.
    assert magic.ap == magic.apx
    # Solution 2 step by step: A+ decided by AP+, A- by AP-, gives the same scores.
    top = session[1]
    for entry, score in zip(entries, magic.scores, strict=True):
        if entry == "A+":
            assert score == max(aplus, magic.ap_plus) * top / 100
        elif entry == "A-":
            assert score == min(aminus, magic.ap_minus) * top / 100


@given(sessions())
def test_mainstream_a_plus_and_a_minus_follow_ap(session):
    entries, (mainstream, _) = _both(session)
    top, aplus, aminus = session[1:]
    if mainstream.ap is None:
        return
    for entry, score in zip(entries, mainstream.scores, strict=True):
        if entry == "A+":
            assert score == max(aplus, mainstream.ap) * top / 100
        elif entry == "A-":
            assert score == min(aminus, mainstream.ap) * top / 100


@given(sessions(), st.sampled_from(list(AvplusMethod)))
def test_imps_engine_is_the_matchpoint_engine_shifted(session, method):
    # Matchpoints less half a top, with the A levels shifted alike, are "IMPs" around 0.
    entries, top, aplus, aminus = session
    if all(entry is None for entry in entries):
        entries = [*entries, "BYE"]
    mp = apply_avplus(entries, top, method=method, aplus=aplus, aminus=aminus)
    shifted = [entry - top / 2 if isinstance(entry, F) else entry for entry in entries]
    imps = apply_avplus_imps(
        shifted, method=method, aplus=(aplus - 50) * top / 100, aminus=(aminus - 50) * top / 100
    )
    assert imps.scores == tuple(None if s is None else s - top / 2 for s in mp.scores)
    assert imps.average == mp.average - top / 2
