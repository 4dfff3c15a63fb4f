"""The teams workbook's own formulas, evaluated by an independent formula engine (``formulas``)
with xlbridge's Excel functions registered, give the figures ``xlbridge score`` gives:
each traveller row's home and away IMPs (``MATCH_IMPS``) and each match's IMPs won and
VPs (``SUMIFS``, ``COUNTIFS``, ``VICTORY_POINTS``)."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from support.formula_engine import evaluate
from support.nights import fill_round

import xlbridge.udfs as udfs
from xlbridge.cli import main
from xlbridge.workbook.teams.night import score_teams_night


def test_formula_engine_with_the_udfs_equals_xlbridge_score(tmp_path: Path) -> None:
    night = tmp_path / "night.xlsx"
    assert main(["new", str(night), "--teams", "4", "--boards", "2", "--rounds", "2",
                 "--format", "round-robin"]) == 0  # fmt: skip
    fill_round(night, night, 1)
    fill_round(night, night, 2)
    wb = load_workbook(night)
    wb["Travellers"]["I2"] = "60% 420; 40% -50"  # seed 000 section 3 against...
    wb["Travellers"]["M2"] = 140  # ...3H= at the other table: 2 IMPs
    wb["Travellers"]["I3"] = "A+/A-"
    wb.save(night)
    scored = score_teams_night(night).result

    value = evaluate(
        night,
        {
            "MATCH_IMPS": (udfs.MATCH_IMPS, ()),
            "VICTORY_POINTS": (udfs.VICTORY_POINTS, (1,)),
        },
    )

    by_key = {(m.match.round, m.match.home): m for m in scored.matches}
    travellers = load_workbook(night)["Travellers"]
    checked = 0
    for row in range(2, travellers.max_row + 1):
        round_, board, home = (travellers.cell(row, c).value for c in (1, 3, 4))
        figures = next(b for b in by_key[(round_, home)].boards if b.board == board)
        assert value("Travellers", f"N{row}") == float(figures.home), row
        assert value("Travellers", f"O{row}") == float(figures.away), row
        checked += 1
    assert checked == 8
    assert (value("Travellers", "N2"), value("Travellers", "N3")) == (2.0, 3.0)
    matches = load_workbook(night)["Matches"]
    for row in range(2, matches.max_row + 1):
        m = by_key[(matches.cell(row, 1).value, matches.cell(row, 3).value)]
        assert value("Matches", f"F{row}") == float(m.home_imps)
        assert value("Matches", f"G{row}") == float(m.away_imps)
        assert value("Matches", f"H{row}") == float(m.home_vps)
        assert value("Matches", f"I{row}") == float(m.away_vps)


def test_the_vp_formulas_follow_the_settings_scale(tmp_path: Path) -> None:
    night = tmp_path / "night.xlsx"
    assert main(["new", str(night), "--teams", "4", "--boards", "6", "--rounds", "1"]) == 0
    wb = load_workbook(night)
    assert wb["Matches"]["H2"].value.endswith(",Settings!$B$8))")
    wb["Settings"]["B8"] = "ACBL 20-VP"
    wb.save(night)
    fill_round(night, night, 1)
    scored = score_teams_night(night).result
    value = evaluate(
        night,
        {
            "MATCH_IMPS": (udfs.MATCH_IMPS, ()),
            "VICTORY_POINTS": (udfs.VICTORY_POINTS, (1,)),
        },
    )
    matches = [m for m in scored.matches if m.match.away is not None]
    assert len(matches) == 2 and any(m.home_margin for m in matches)
    for row, m in enumerate(matches, start=2):
        # Whole VPs summing to 20: the ACBL scale, not the continuous one.
        assert (value("Matches", f"H{row}"), value("Matches", f"I{row}")) == (
            float(m.home_vps),
            float(m.away_vps),
        )
        assert m.home_vps.denominator == 1 and m.home_vps + m.away_vps == 20
