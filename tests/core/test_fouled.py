"""Fouled boards: each version matchpointed alone and factored to the board's full count.

Figures from the EBU's "Scoring of fouled boards" (Nick Doe) and the White
Book 4.2.3.3 "small sub-fields" rule, as quoted on the EBU TD forum.
"""

from __future__ import annotations

from fractions import Fraction as F

from xlbridge import (
    Event,
    EventResult,
    Pair,
    Play,
    Settings,
    SmallVersions,
    parse_result,
    score_event,
)


def fouled(versions: dict[str, list[int]], **settings: object) -> EventResult:
    """Board 1 played in versions; table i is NS pair i against EW pair 100 + i."""
    plays: list[Play] = []
    for version, scores in versions.items():
        for score in scores:
            i = len(plays) + 1
            plays.append(Play(1, str(i), str(100 + i), parse_result(score), version=version))
    pairs = tuple(Pair(str(i)) for i in range(1, len(plays) + 1))
    pairs += tuple(Pair(str(100 + i)) for i in range(1, len(plays) + 1))
    return score_event(Event(pairs, tuple(plays), settings=Settings(**settings)))  # type: ignore[arg-type]


def ns(result: EventResult, version: str) -> list[F | None]:
    return [p.ns_score for p in result.board(1, version).plays]


def ew(result: EventResult, version: str) -> list[F | None]:
    return [p.ew_score for p in result.board(1, version).plays]


SEVEN = [660, 630, 620, 600, 170, 150, -100]
THREE = [140, 110, -50]


class TestNickDoe:
    """Ten results expected (top 18), seven in one version and three in another."""

    def test_version_of_seven(self) -> None:
        result = fouled({"": SEVEN, "B": THREE})
        assert result.expected == 10 and result.top == 18
        # (M x E + E - A) / A with M = 12, 10, ..., 0, E = 10, A = 7
        assert ns(result, "") == [
            F(123, 7),
            F(103, 7),
            F(83, 7),
            F(63, 7),
            F(43, 7),
            F(23, 7),
            F(3, 7),
        ]
        assert result.board(1).totals() == (63, 63)

    def test_version_of_three(self) -> None:
        result = fouled({"": SEVEN, "B": THREE})
        assert ns(result, "B") == [F(47, 3), F(27, 3), F(7, 3)]  # 15.7, 9.0, 2.3
        assert result.board(1, "B").totals() == (27, 27)
        # together the versions carry the board's normal total: 10 x 9 each way
        assert sum(sum(result.board(1, v).totals()) for v in ("", "B")) == 180

    def test_ebu_small_version_of_three(self) -> None:
        # A = 3 and E = 10 >= 3 x 3: 70%, 60%, 50% of 18 for NS, EW the reverse.
        result = fouled({"": SEVEN, "B": THREE}, small_versions=SmallVersions.EBU)
        assert ns(result, "B") == [F(126, 10), F(108, 10), 9]
        assert ew(result, "B") == [9, F(108, 10), F(126, 10)]
        assert ns(result, "") == [
            F(123, 7),
            F(103, 7),
            F(83, 7),
            F(63, 7),
            F(43, 7),
            F(23, 7),
            F(3, 7),
        ]
        lines = result.board(1, "B").ns_lines  # the version's own table: top 4
        assert [(ln.score, ln.ns_mp) for ln in lines] == [(140, 4), (110, 2), (-50, 0)]

    def test_average_small_version(self) -> None:
        result = fouled({"": SEVEN, "B": THREE}, small_versions=SmallVersions.AVERAGE)
        assert ns(result, "B") == [9, 9, 9] and ew(result, "B") == [9, 9, 9]


class TestEbuSmallSubField:
    def test_two_results_65_55(self) -> None:
        # E = 6 >= 3 x 2: the better NS result 65% of 10, the worse 55%;
        # each table's sides sum to 120%.
        result = fouled(
            {"": [420, 420, 400, 450], "B": [-110, -200]}, small_versions=SmallVersions.EBU
        )
        assert result.top == 10
        assert ns(result, "B") == [F(65, 10), F(55, 10)]
        assert ew(result, "B") == [F(55, 10), F(65, 10)]

    def test_one_result_60(self) -> None:
        result = fouled({"": [420, 420, 400], "B": [-110]}, small_versions=SmallVersions.EBU)
        assert (ns(result, "B"), ew(result, "B")) == ([F(36, 10)], [F(36, 10)])

    def test_more_than_a_third_uses_neuberg(self) -> None:
        # The forum's case: five results, three then two fouled (-110, -200).
        # Two is more than a third of five, so Neuberg: EW with 110 score
        # (0 x 5 + 5 - 2) / 2 = 1.5 and NS 8 - 1.5 = 6.5.
        result = fouled({"": [420, 400, 450], "B": [-110, -200]}, small_versions=SmallVersions.EBU)
        assert ns(result, "B") == [F(13, 2), F(3, 2)]
        assert ew(result, "B") == [F(3, 2), F(13, 2)]
