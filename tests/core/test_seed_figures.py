"""Every figure the seed documents print for scoring one board, asserted exactly.

Seed 000: the EBU's "Calculation of Weighted Scores"; seed 002: Kooijman,
"Some remarks on calculations"; seed 003: Bavin, "The Neuberg formula";
seed 004: multi-club rescoring.  Figures the seeds print rounded (to one
decimal place) are compared after rounding the exact value the same way;
figures that are exact in the seed are compared exactly.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from xlbridge.board import (
    Board,
    aggregate_score,
    frequency_lines,
    neuberg,
    teams_imps,
    weighted_matchpoints,
)
from xlbridge.direction import Direction
from xlbridge.errors import ScoringError
from xlbridge.exact import round_half_away
from xlbridge.result import Result, Weighted, parse_result
from xlbridge.scales import imps


def rows(*cells: object) -> list:
    return [parse_result(cell) for cell in cells]


def one_dp(value: F) -> F:
    return round_half_away(value, F(1, 10))


# Seed 000 section 4: a board played 12 times, 11 results and one weighted ruling.
ELEVEN = [1430] * 2 + [680] * 5 + [650] * 2 + [-100] * 2
WEIGHTED = "30% 1430; 40% 680; 20% 650; 10% -100"
WEIGHTED_620 = "30% 1430; 40% 680; 20% 620; 10% -100"


class TestSeed000Aggregate:
    def test_weighted_aggregate_rounds_232_to_230(self) -> None:
        side = parse_result("60% 420; 40% -50").ns
        assert side.mean() == 232
        assert aggregate_score(side) == 230


class TestSeed000Teams:
    def test_components_in_imps(self) -> None:
        assert imps(420 - 140) == 7
        assert imps(-50 - 140) == -5

    def test_weighted_in_imps_then_rounded(self) -> None:
        score = parse_result("60% 420; 40% -50").ns
        assert teams_imps(score, Weighted.of(140), round_weighted=False) == F(22, 10)
        assert teams_imps(score, Weighted.of(140)) == 2


class TestSeed000Matchpoints:
    def test_adjusted_frequencies_and_mps(self) -> None:
        board = Board(rows(*ELEVEN, WEIGHTED))
        table = board.ns_table
        assert [(r.score, r.freq, r.adj_freq) for r in table.rows] == [
            (1430, 2, F(23, 10)),
            (680, 5, F(54, 10)),
            (650, 2, F(22, 10)),
            (-100, 2, F(21, 10)),
        ]
        assert sum(r.freq for r in table.rows) == 11
        assert sum(r.adj_freq for r in table.rows) == 12
        assert [table.matchpoints(r.score) for r in table.rows] == [
            F(207, 10),
            F(13),
            F(54, 10),
            F(11, 10),
        ]

    def test_weighted_score_is_12_6(self) -> None:
        mps = Board(rows(*ELEVEN, WEIGHTED)).matchpoints()
        assert mps[-1] == (F(126, 10), 22 - F(126, 10))

    def test_weighted_mp_function(self) -> None:
        weighted = parse_result(WEIGHTED).ns
        assert weighted_matchpoints(rows(*ELEVEN), weighted) == F(126, 10)

    def test_alternative_method_with_average(self) -> None:
        # Section 4.2: the weighted pair given A=, the rest scored by Neuberg.
        mps = Board(rows(*ELEVEN, "A=")).matchpoints()
        by_score = {s: mp[0] for s, mp in zip(ELEVEN, mps, strict=False)}
        assert [one_dp(by_score[s]) for s in (1430, 680, 650, -100)] == [
            F(208, 10),
            F(132, 10),
            F(55, 10),
            F(12, 10),
        ]
        assert mps[-1] == (11, 11)
        estimate = sum(w * by_score[s] for s, w in parse_result(WEIGHTED).ns.components)
        assert one_dp(estimate) == F(127, 10)
        assert one_dp(estimate) - 11 == F(17, 10)  # the award the scorer adds


class TestSeed000Butler:
    def test_datum_and_imps(self) -> None:
        board = Board(rows(*ELEVEN, WEIGHTED))
        assert board.ns_table.datum() == F(8181, 12) == F(68175, 100)
        assert board.datum() == 680
        result = board.butler()
        by_score = {s: r[0] for s, r in zip(ELEVEN, result, strict=False)}
        assert [by_score[s] for s in (1430, 680, 650, -100)] == [13, 0, -1, -13]
        assert result[-1] == (2, -2)  # 2.4 rounded to 2

    def test_weighted_unrounded_is_2_4(self) -> None:
        board = Board(rows(*ELEVEN, WEIGHTED))
        assert board.butler(round_weighted=False)[-1] == (F(24, 10), F(-24, 10))

    def test_datum_dropping_one_result_from_each_end(self) -> None:
        # (+1430 x 1.3) + (+680 x 5.4) + (+650 x 2.2) + (-100 x 1.1), divided by 10
        table = Board(rows(*ELEVEN, WEIGHTED)).ns_table
        expected = (1430 * F(13, 10) + 680 * F(54, 10) + 650 * F(22, 10) - 100 * F(11, 10)) / 10
        assert table.datum(trim=1) == expected == F(6851, 10)

    def test_alternative_method_with_average(self) -> None:
        board = Board(rows(*ELEVEN, "A="))
        assert board.datum() == 670  # 7360/11 = 669.09
        result = board.butler()
        by_score = {s: r[0] for s, r in zip(ELEVEN, result, strict=False)}
        assert [by_score[s] for s in (1430, 680, 650, -100)] == [13, 0, -1, -13]
        assert result[-1] == (0, 0)
        estimate = sum(w * by_score[s] for s, w in parse_result(WEIGHTED).ns.components)
        assert estimate == F(24, 10)
        assert round_half_away(estimate) == 2


class TestSeed000CrossImps:
    def test_per_score_and_weighted(self) -> None:
        result = Board(rows(*ELEVEN, WEIGHTED)).cross_imps()
        by_score = {s: r[0] for s, r in zip(ELEVEN, result, strict=False)}
        assert [by_score[s] for s in (1430, 680, 650, -100)] == [
            F(1345, 10),
            F(-4, 10),
            F(-80, 10),
            F(-1379, 10),
        ]
        assert result[-1] == (F(248, 10), F(-248, 10))

    def test_alternative_method_with_average(self) -> None:
        # The seed factors by 12/11 rounded to 1.09 (125 x 1.09 = 136.25); the
        # exact Neuberg factor gives 136 4/11.  The unfactored totals agree.
        result = Board(rows(*ELEVEN, "A=")).cross_imps()
        by_score = {s: r[0] for s, r in zip(ELEVEN, result, strict=False)}
        unfactored = {1430: 125, 680: 2, 650: -5, -100: -125}
        for score, total in unfactored.items():
            assert by_score[score] == total * F(12, 11)
        seed = {1430: F("136.25"), 680: F("2.18"), 650: F("-5.45"), -100: F("-136.25")}
        for score, total in unfactored.items():
            assert total * F("1.09") == seed[score]
        estimate = (
            F("0.3") * F("136.25")
            + F("0.4") * F("2.18")
            + F("0.2") * F("-5.45")
            + F("0.1") * F("-136.25")
        )
        assert one_dp(estimate) == 27
        assert result[-1] == (0, 0)


class TestSeed000ComponentNotOnBoard:
    def test_matchpoints(self) -> None:
        board = Board(rows(*ELEVEN, WEIGHTED_620))
        table = board.ns_table
        assert [(r.score, r.freq, r.adj_freq) for r in table.rows] == [
            (1430, 2, F(23, 10)),
            (680, 5, F(54, 10)),
            (650, 2, F(2)),
            (620, 0, F(2, 10)),
            (-100, 2, F(21, 10)),
        ]
        assert [table.matchpoints(r.score) for r in table.rows] == [
            F(207, 10),
            F(13),
            F(56, 10),
            F(34, 10),
            F(11, 10),
        ]
        assert board.matchpoints()[-1][0] == F(122, 10)

    def test_matchpoints_alternative(self) -> None:
        # 620 in place of the A=: NS gets 4; then with A= restored 12.4, award 1.4, BSP 6%.
        assert Board(rows(*ELEVEN, 620)).matchpoints()[-1][0] == 4
        mps = Board(rows(*ELEVEN, "A=")).matchpoints()
        by_score = {s: one_dp(mp[0]) for s, mp in zip(ELEVEN, mps, strict=False)}
        by_score[620] = F(4)
        estimate = sum(w * by_score[s] for s, w in parse_result(WEIGHTED_620).ns.components)
        assert estimate == F("12.44")
        assert one_dp(estimate) - 11 == F("1.4")
        assert round_half_away(F("1.4") / 22 * 100) == 6

    def test_butler(self) -> None:
        board = Board(rows(*ELEVEN, WEIGHTED_620))
        assert board.ns_table.datum() == F(8175, 12) == F(68125, 100)
        assert board.datum() == 680
        assert [imps(s - 680) for s in (1430, 680, 650, 620, -100)] == [13, 0, -1, -2, -13]
        assert board.butler(round_weighted=False)[-1][0] == F(22, 10)
        assert board.butler()[-1] == (2, -2)

    def test_butler_alternative(self) -> None:
        # 620 in place of the A=: datum 7980/12 = 665, rounded (tie, away from zero) to 670.
        board = Board(rows(*ELEVEN, 620))
        assert board.ns_table.datum() == 665
        assert board.datum() == 670
        assert board.butler()[-1][0] == -2

    def test_cross_imps(self) -> None:
        board = Board(rows(*ELEVEN, WEIGHTED_620))
        table = board.ns_table
        assert [table.cross_imps(s) for s in (1430, 680, 650, 620, -100)] == [
            F(1345, 10),
            F(-2, 10),
            F(-78, 10),
            F(-175, 10),
            F(-1377, 10),
        ]
        assert board.cross_imps()[-1][0] == 23

    def test_cross_imps_alternative(self) -> None:
        assert Board(rows(*ELEVEN, 620)).cross_imps()[-1][0] == -14
        estimate = (
            F("0.3") * F("136.25") + F("0.4") * F("2.18") + F("0.2") * -14 + F("0.1") * F("-136.25")
        )
        assert one_dp(estimate) == F("25.3")


class TestSeed000FrequencyTables:
    def test_normal_traveller(self) -> None:
        lines = frequency_lines(rows(600, 150, -100, -100, -200, -300))
        assert [(x.score, x.freq, x.ns_mp, x.ew_mp) for x in lines] == [
            (600, 1, 10, 0),
            (150, 1, 8, 2),
            (-100, 2, 5, 5),
            (-200, 1, 2, 8),
            (-300, 1, 0, 10),
        ]

    def test_traveller_with_artificial_score(self) -> None:
        lines = frequency_lines(rows(600, "A=", -100, -100, -200, -300))
        assert [(x.score, x.freq, x.adj_freq, x.ns_mp, x.ew_mp) for x in lines] == [
            ("A=", 1, None, 5, 5),
            (600, 1, F(12, 10), F(98, 10), F(2, 10)),
            (-100, 2, F(24, 10), F(62, 10), F(38, 10)),
            (-200, 1, F(12, 10), F(26, 10), F(74, 10)),
            (-300, 1, F(12, 10), F(2, 10), F(98, 10)),
        ]
        assert sum(x.freq for x in lines) == 6

    def test_neuberg_formula_gives_the_same(self) -> None:
        # +600 scores 8 among the five real results; Neuberg: 6/5 x (8+1) - 1 = 9.8
        assert Board(rows(600, -100, -100, -200, -300)).matchpoints()[0] == (8, 0)
        assert neuberg(8, 5, 6) == F(98, 10)


class TestSeed002:
    def test_weighted_table(self) -> None:
        board = Board(rows(620, 620, *[-100] * 5, "40% 620; 60% -100"))
        table = board.ns_table
        assert [(r.score, r.adj_freq, table.matchpoints(r.score)) for r in table.rows] == [
            (620, F(24, 10), F(126, 10)),
            (-100, F(56, 10), F(46, 10)),
        ]
        assert board.matchpoints()[-1][0] == F(78, 10)

    def test_same_as_adding_each_score(self) -> None:
        # "6 scores of -100 give 0.6 times 5 = 3 and 3 scores of +620 give 0.4 times 12 = 4.8"
        with_minus = Board(rows(620, 620, *[-100] * 6)).matchpoints()[-1][0]
        with_plus = Board(rows(620, 620, *[-100] * 5, 620)).matchpoints()[-1][0]
        assert (with_minus, with_plus) == (5, 12)
        assert F(6, 10) * with_minus + F(4, 10) * with_plus == F(78, 10)


class TestSeed003:
    def test_ten_results_expected_eleven(self) -> None:
        scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
        board = Board(rows(*scores), expected=11)
        assert all(r.adj_freq == F(11, 10) for r in board.ns_table.rows)
        assert [mp[0] for mp in board.matchpoints()] == [
            F(x, 10) for x in (199, 177, 155, 133, 111, 89, 67, 45, 23, 1)
        ]

    def test_eight_results_expected_sixteen(self) -> None:
        scores = [490, 460, 460, 430, 430, 430, 400, -50]
        plain = Board(rows(*scores)).matchpoints()
        assert [mp[0] for mp in plain] == [14, 11, 11, 6, 6, 6, 2, 0]
        factored = Board(rows(*scores), expected=16).matchpoints()
        assert sorted({mp[0] for mp in factored}, reverse=True) == [29, 23, 13, 5, 1]
        doubled = Board(rows(*scores, *scores)).matchpoints()
        assert [mp[0] for mp in doubled[:8]] == [mp[0] for mp in factored]

    def test_formula(self) -> None:
        assert neuberg(14, 8, 16) == 29
        assert [neuberg(m, 8, 16) for m in (14, 11, 6, 2, 0)] == [29, 23, 13, 5, 1]

    def test_pair_x_board_26(self) -> None:
        board_26 = neuberg(20, 11, 51)
        assert board_26 == F(1060, 11)
        assert one_dp(board_26) == F("96.4")


S004_CLUB = {1430: 1, 690: 1, 680: 3, 660: 2, 650: 1, -100: 2, -200: 1}
S004_EVEN = {1430: 1, 690: 21, 680: 23, 660: 22, 650: 21, -100: 12, -200: 1}
S004_SKEWED = {1430: 1, 690: 1, 680: 93, 660: 2, 650: 1, -100: 2, -200: 1}


class TestSeed004:
    # The seed prints "100" and "200" for the two lowest scores: their minus
    # signs were lost (they must be below +650 for the figures to hold).
    @pytest.mark.parametrize(
        ("counts", "figures"),
        [
            (S004_CLUB, [20, 18, 14, 9, 6, 3, 0]),
            (S004_EVEN, [200, 178, 134, 89, 46, 13, 0]),
            (S004_SKEWED, [200, 198, 104, 9, 6, 3, 0]),
        ],
    )
    def test_tables(self, counts: dict[int, int], figures: list[int]) -> None:
        cells = [score for score, n in counts.items() for _ in range(n)]
        lines = frequency_lines(rows(*cells))
        assert [(x.score, x.freq) for x in lines] == list(counts.items())
        assert [x.ns_mp for x in lines] == figures

    def test_plus_680_is_the_mean_of_the_places_it_takes(self) -> None:
        lines = frequency_lines(rows(*[s for s, n in S004_CLUB.items() for _ in range(n)]))
        assert lines[2].ns_mp == F(16 + 14 + 12, 3)


class TestSeed002Damage:
    def test_consequent_and_subsequent_damage_slam(self) -> None:
        # 10 results: 4 x 680, 5 x 1430 and the 1460 with the revoke.
        actual = [680] * 4 + [1430] * 5 + [1460]
        assert Board(rows(*actual)).matchpoints()[-1] == (18, 0)
        no_revoke = Board(rows(*[680] * 4, *[1430] * 6)).matchpoints()
        assert {mp[0] for mp in no_revoke} == {3, 13}
        adjusted = Board(rows(*[680] * 4, *[1430] * 5, 680)).matchpoints()[-1]
        assert adjusted == (4, 14)
        assert 18 - adjusted[0] == 14  # what the offenders lose
        assert adjusted[1] - (18 - 13) == 9  # the damaged pair's consequent damage

    def test_consequent_and_subsequent_damage_defence(self) -> None:
        table = [400] * 4 + [300] + [150] * 2 + [-140] * 2
        actual = Board(rows(*table, -420)).matchpoints()
        assert [mp[0] for mp in actual] == [15] * 4 + [10] + [7] * 2 + [3] * 2 + [0]
        without_infraction = Board(rows(*table, 150)).matchpoints()
        assert without_infraction[-1][0] == 6
        assert without_infraction[-2][0] == 1  # -140 gives 1 mp then
        normal_after = Board(rows(*table, 50)).matchpoints()[-1][0]
        assert normal_after == 4
        assert (6 - 4, 4 - 0) == (2, 4)  # consequent 2, subsequent 4
        assert without_infraction[-1][1] == 12  # offenders (EW) lose 18 - 12 = 6


class TestSplitScores:
    def test_split_uses_separate_tables(self) -> None:
        # The offenders (NS) are scored as +680, the damaged EW keep the actual 1460.
        cells = [*[680] * 4, *[1430] * 5, "NS: 680 | EW: 1460"]
        board = Board(rows(*cells))
        assert board.matchpoints()[-1] == (4, 0)
        assert board.ns_table != board.ew_table
        # every other NS pair is compared with the NS side, every EW pair with the EW side
        ns_side = Board(rows(*[680] * 4, *[1430] * 5, 680)).matchpoints()
        ew_side = Board(rows(*[680] * 4, *[1430] * 5, 1460)).matchpoints()
        for got, ns, ew in zip(board.matchpoints(), ns_side, ew_side, strict=True):
            assert got == (ns[0], ew[1])

    def test_direction_parse(self) -> None:
        assert Direction.parse("e-w") is Direction.EW
        with pytest.raises(ScoringError, match="a blank cell is not a direction"):
            Direction.parse(None)  # a blank means what its place says: FREQUENCY_TABLE's NS

    def test_split_with_artificial_side(self) -> None:
        board = Board(rows(420, 420, 450, "NS: 420 | EW: A+"))
        mps = board.matchpoints()
        assert mps[-1] == (F(2), F(36, 10))  # NS: 420 three times in 4; EW: 60% of 6
        assert board.ns_table.actual == 4 and board.ew_table.actual == 3
        assert isinstance(parse_result("NS: 420 | EW: A+"), Result)
