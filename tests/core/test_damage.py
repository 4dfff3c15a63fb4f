"""Seed 002 (Kooijman): consequent and subsequent damage, entered as a TD would.

The TD's ruling becomes a split score (each side scored with what the TD
gave it) plus an award or penalty (:class:`xlbridge.Adjustment`) for the part
of the damage a score cannot express.  Board-level figures are in
tests/core/test_seed_figures.py (TestSeed002Damage); here the same numbers come
out of a whole session.
"""

from __future__ import annotations

from fractions import Fraction as F

from xlbridge import Adjustment, Event, EventResult, Pair, Play, parse_result, score_event


def session(cells: list[object], adjustments: tuple[Adjustment, ...] = ()) -> EventResult:
    """One board, table i: NS pair Ni against EW pair Ei."""
    n = len(cells)
    return score_event(
        Event(
            pairs=tuple(Pair(f"{d}{i}") for d in "NE" for i in range(1, n + 1)),
            plays=tuple(
                Play(1, f"N{i}", f"E{i}", parse_result(cell), source=f"Travellers!G{i + 1}")
                for i, cell in enumerate(cells, start=1)
            ),
            adjustments=adjustments,
        )
    )


def score(result: EventResult, label: str) -> F:
    return result.pair(label).total


class TestSlamAndRevoke:
    """NS (N10) reach a slam after UI; EW (E10) revoke, giving 13 tricks (+1460).

    Ten results: 4 x 680, 5 x 1430 and the 1460; top 18.  The TD takes the
    slam away (+680 for the offenders), and gives the damaged EW only the
    consequent part of their damage: the revoke was their own.
    """

    OTHERS = [680] * 4 + [1430] * 5

    def test_table_result(self) -> None:
        actual = session([*self.OTHERS, 1460])
        assert (score(actual, "N10"), score(actual, "E10")) == (18, 0)

    def test_offenders_lose_14_and_damaged_get_9(self) -> None:
        # Offenders (NS) scored as +680; EW keep the table result +1460 (0 MP)
        # and are awarded the consequent damage: with +680 instead of the slam
        # they would have 14, without the infraction (slam bid elsewhere, 12
        # tricks: 1430) 18 - 13 = 5, so 14 - 5 = 9 MP.
        ruled = session(
            [*self.OTHERS, "NS: 680 | EW: 1460"],
            (
                Adjustment(
                    "E10", F(9), board=1, reason="consequent damage", source="Adjustments!A2"
                ),
            ),
        )
        assert score(ruled, "N10") == 4  # 18 - 4 = 14 MP lost
        assert ruled.pair("E10").board(1).score == 0
        assert ruled.pair("E10").board(1).adjustment == 9
        assert score(ruled, "E10") == 9  # 9 MP redress
        # The other pairs are compared with what each side was given:
        # NS pairs with +680 (so 1430 scores 14 for NS, not 12), EW pairs
        # with +1460 (so 1430 still scores 18 - 12 = 6 for EW).
        assert score(ruled, "N5") == 14 and score(ruled, "E5") == 6
        assert ruled.board(1).totals() == (90, 90)

    def test_consequent_damage_figures(self) -> None:
        without_infraction = session([*self.OTHERS, 1430])
        assert score(without_infraction, "E10") == 5  # 18 - 13
        adjusted = session([*self.OTHERS, 680])
        assert score(adjusted, "E10") == 14
        assert score(adjusted, "E10") - score(without_infraction, "E10") == 9

    def test_penalising_offenders_9_instead(self) -> None:
        # The seed's alternative: the offenders keep their +1460 and lose 9 MP.
        ruled = session([*self.OTHERS, 1460], (Adjustment("N10", F(-9), board=1),))
        assert score(ruled, "N10") == 9
        assert score(ruled, "N1") == 3  # nobody else is touched


class TestHesitationAndDefence:
    """EW (offenders) bid 4S after a hesitation and make it (-420 for NS).

    Without the infraction NS would have played 4D+1 (+150): 6 MP.  After
    the infraction a normal defence would have beaten 4S (+50): 4 MP.  So the
    consequent damage is 2 MP and NS's own defence cost them the other 4.
    The offenders lose the difference between -420 and +150 for NS: 6 MP.
    """

    OTHERS = [400] * 4 + [300] + [150] * 2 + [-140] * 2

    def test_table_result(self) -> None:
        actual = session([*self.OTHERS, -420])
        assert [score(actual, f"N{i}") for i in range(1, 11)] == [15] * 4 + [10, 7, 7, 3, 3, 0]
        assert score(actual, "E10") == 18

    def test_consequent_2_subsequent_4_offenders_6(self) -> None:
        ruled = session(
            [*self.OTHERS, "NS: -420 | EW: 150"],
            (
                Adjustment(
                    "N10", F(2), board=1, reason="consequent damage", source="Adjustments!A2"
                ),
            ),
        )
        # NS keep the table result (0) plus the 2 MP consequent damage.
        assert score(ruled, "N10") == 2
        # EW are scored as if NS had +150: 18 - 6 = 12, six less than their 18.
        assert score(ruled, "E10") == 12

    def test_damage_figures(self) -> None:
        without_infraction = session([*self.OTHERS, 150])
        normal_defence = session([*self.OTHERS, 50])
        actual = session([*self.OTHERS, -420])
        consequent = score(without_infraction, "N10") - score(normal_defence, "N10")
        subsequent = score(normal_defence, "N10") - score(actual, "N10")
        assert (consequent, subsequent) == (2, 4)
        assert score(without_infraction, "N8") == 1  # -140 gives 1 MP then
        assert score(actual, "E10") - score(without_infraction, "E10") == 6
