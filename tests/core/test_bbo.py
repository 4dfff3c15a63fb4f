"""The BBO convention on a traveller: an average is not a result on its board, worked by hand.

BBO (Bridge Base Online) scores a board among the results it had: a TD's average
(Ave+, Ave, an ``A60/40``) is not one of them.  The real results are matchpointed (or
IMPed) among themselves, and the average gets its percentage of their top (at IMPs, 3
IMPs a comparison for each 10% above 50, as ACBLscore's manual gives Ave+: "3 IMPs" a
board at average IMPs, "3 IMPs x (number of results - 1)" at total IMPs).

Matchpoints.  Seven tables: 450, 420, 420, 170, -50, an ``A60/40`` and an ``A=``.
Among the five real results, 1 a result beaten and 1/2 a tie, of 4:

* 450 beats all four: 4/4, 100%;
* each 420 beats 170 and -50 and ties the other 420: 2 1/2 / 4, 62.5%;
* 170 beats -50: 1/4, 25%; -50: 0%;
* the A60/40: 60% and 40%; the A=: 50% each.

At 2 a result beaten the top is 8: 8, 5, 5, 2, 0; the averages 4.8 / 3.2 and 4 / 4.
Counted as results (xlbridge's reading), the board has seven and the five real ones are
factored by 7/5 (Neuberg): the 450 scores (8 x 7 + 2) / 5 = 11.6 of 12, 96.67%.

IMPs (across the field, per comparison, as BBO shows them).  Five tables: 420, 450,
170, -50 and an ``A60/40``; four real results, three comparisons each (WBF scale):

* 420: against 450 -30 (-1), 170 +250 (+6), -50 +470 (+10): 15 / 3 = 5;
* 450: +30 (+1), +280 (+7), +500 (+11): 19 / 3;
* 170: -250 (-6), -280 (-7), +220 (+6): -7 / 3;
* -50: -10, -11, -6: -27 / 3 = -9;
* the A60/40: +3 and -3 (in total, 3 x 3 = +9 and -9).

Counted, there would be four comparisons, the real ones factored by 5/4: the 420's
15 x 5/4 / 4 = 75/16.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from xlbridge import udfs
from xlbridge.board import Board, traveller_rows
from xlbridge.errors import ScoringError
from xlbridge.event import Event, Pair, Play, Settings
from xlbridge.result import format_result, parse_result
from xlbridge.session import score_event
from xlbridge.settings import CrossDivisor

MP_CELLS = [[450], [420], [420], [170], [-50], ["A60/40"], ["A="]]
#: NS and EW percentages, by hand
MP_PERCENT = [(100, 0), (62.5, 37.5), (62.5, 37.5), (25, 75), (0, 100), (60, 40), (50, 50)]
#: NS and EW matchpoints at 2 a result beaten (top 8), by hand
MP = [(8, 0), (5, 3), (5, 3), (2, 6), (0, 8), (F(24, 5), F(16, 5)), (4, 4)]

IMP_CELLS = [[420], [450], [170], [-50], ["A60/40"]]
#: NS IMPs per comparison, by hand (EW the negative)
IMPS = [F(5), F(19, 3), F(-7, 3), F(-9), F(3)]


def test_matchpoint_traveller_as_worked_by_hand() -> None:
    assert udfs.MATCHPOINT_PERCENT(MP_CELLS, convention="BBO") == [
        [float(ns), float(ew)] for ns, ew in MP_PERCENT
    ]
    assert udfs.MATCHPOINTS(MP_CELLS, convention="bbo") == [[float(ns), float(ew)] for ns, ew in MP]
    rows = traveller_rows([parse_result(c) for [c] in MP_CELLS], "BBO")
    board = Board(rows)
    assert (board.expected, board.played) == (5, 5)
    assert board.matchpoints() == [(F(ns), F(ew)) for ns, ew in MP]
    assert [format_result(row) for row in rows[5:]] == ["NP A60/40", "NP A="]


def test_counted_the_averages_change_every_real_line() -> None:
    counted = udfs.MATCHPOINT_PERCENT(MP_CELLS)
    assert counted[0][0] == pytest.approx(100 * 11.6 / 12)  # the 450: 96.67%, not 100%
    assert udfs.MATCHPOINT_PERCENT(MP_CELLS, convention="xlbridge") == counted


def test_imp_traveller_as_worked_by_hand() -> None:
    per_comparison = udfs.CROSS_IMPS(IMP_CELLS, None, "comparisons", None, "BBO")
    assert per_comparison == [[float(x), float(-x)] for x in IMPS]
    rows = traveller_rows([parse_result(c) for [c] in IMP_CELLS], "BBO")
    assert Board(rows).cross_imps(CrossDivisor.COMPARISONS) == [(x, -x) for x in IMPS]
    # the total of every comparison: x 3, the A60/40 +9
    total = Board(rows).cross_imps()
    assert total == [(3 * x, -3 * x) for x in IMPS]
    assert total[4] == (9, -9)
    counted = udfs.CROSS_IMPS(IMP_CELLS, None, "comparisons")
    assert counted[0][0] == pytest.approx(75 / 16)


def test_a_session_reads_every_average_so() -> None:
    """The same matchpoint traveller as board 1 of a session: under BBO its two averages are
    not results, so the field's boards have five results and board 1 is scored as above;
    both pairs of each average table are ranked (BBO has no absent pair)."""
    tables = [(str(n), str(n + 10)) for n in range(1, 8)]
    pairs = tuple(Pair(label) for table in tables for label in table)
    plays = tuple(
        Play(1, ns, ew, parse_result(cell))
        for (ns, ew), [cell] in zip(tables, MP_CELLS, strict=True)
    )
    bbo = score_event(Event(pairs=pairs, plays=plays, settings=Settings(convention="BBO")))
    assert bbo.expected == 5 and bbo.top == 8
    assert [(p.ns_score, p.ew_score) for p in bbo.board(1).plays] == [
        (F(ns), F(ew)) for ns, ew in MP
    ]
    assert bbo.pair("6").rank and bbo.pair("16").rank
    own = score_event(Event(pairs=pairs, plays=plays))
    assert own.expected == 7 and own.top == 12


@pytest.mark.parametrize(
    ("convention", "said"),
    [
        ("KoPS", "a traveller does not show which pair was absent: type NP A60/40"),
        ("ACBL", "convention ACBL scales a session's totals, which a traveller does not have"),
        ("BBOx", "convention must be 'xlbridge', 'ACBL', 'KoPS' or 'BBO', not 'BBOx'"),
    ],
)
def test_a_convention_a_traveller_cannot_follow_is_refused(convention: str, said: str) -> None:
    with pytest.raises(ScoringError, match=said):
        udfs.MATCHPOINTS(MP_CELLS, convention=convention)
