"""The entry workbook's own Ranking formulas follow the ACBL convention too.

The 13-table Mitchell of tests/core/test_acbl.py (NS pairs play 24 of 26 boards) as a
club workbook with *Convention* ``ACBL``: its formulas, evaluated by an independent
formula engine (``formulas``) with xlbridge's Excel functions, give each pair the
figures ACBLscore prints and ``xlbridge score`` writes: NS 8's 137 matchpoints are
137 x 26/24 = 148.4166..., printed 148.42, of 11 x 26 = 286: 51.90%.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from support.acbl_events import event, mitchell_rows
from support.formula_engine import evaluate
from support.libreoffice import UDFS

from xlbridge.exact import round_half_away
from xlbridge.session import score_event
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.filled import filled_workbook


def test_the_ranking_formulas_print_the_acbl_figures(tmp_path: Path) -> None:
    import xlbridge.udfs as udfs

    night = event(mitchell_rows())
    wb = filled_workbook(night)
    for title in (L.TRAVELLERS, L.BOARD_RESULTS):  # the formula rows past the plays emptied
        for row in wb[title].iter_rows(min_row=len(night.plays) + 2):
            for cell in row:
                cell.value = None
    for row in wb[L.FREQUENCIES].iter_rows(min_row=26 * L.FREQ_BLOCK + 1):
        for cell in row:
            cell.value = None
    path = tmp_path / "night.xlsx"
    wb.save(path)
    value = evaluate(path, {name: (getattr(udfs, name), ()) for name in UDFS})

    figures = {}
    for row in range(2, len(night.pairs) + 2):
        label = f"{wb[L.PAIRS][f'C{row}'].value} {wb[L.PAIRS][f'A{row}'].value}"
        figures[label] = tuple(value(L.RANKING, f"{letter}{row}") for letter in "AEFGH")
    assert figures["NS 8"] == ("6", 24, 148.42, 286, pytest.approx(14842 / 286))
    assert figures["NS 5"][:3] == figures["NS 10"][:3] == ("2=", 24, 154.92)
    assert figures["EW 5"] == ("1", 26, 175, 286, pytest.approx(17500 / 286))
    result = score_event(night)
    for pair in result.pairs:
        rank, boards, total, maximum, percent = figures[str(pair.pair.label)]
        assert (rank, boards, maximum) == (pair.rank, len(pair.boards), pair.maximum)
        # printed to two decimals half away from zero, as Excel's ROUND (NS 12: 151.125)
        printed = round_half_away(result.ranking_total(pair), Fraction(1, 100))
        assert total == pytest.approx(float(printed), abs=1e-9)
        assert percent == pytest.approx(float(pair.percentage or 0), abs=1e-9)
