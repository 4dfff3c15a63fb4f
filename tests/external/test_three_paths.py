"""The same numbers three ways, on the example night (issue 5, item 5).

1. The template's xlbridge formulas, evaluated by an independent formula
   engine (``formulas``) with :mod:`xlbridge.udfs` registered as its
   functions, equal what ``xlbridge score`` writes.
2. The template's standard formulas (expected results, top, totals,
   maxima, percentages, ranks), recalculated by LibreOffice headless with
   the xlbridge cells given as values, equal the same.
3. The HTML page opened in headless Chromium shows the ranking.

Each path skips when its engine is not installed (``.ci/run`` installs them).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.formula_engine import evaluate
from support.libreoffice import UDFS, ranking_rows, recalculated, with_xlbridge_values
from support.paths import EXAMPLE

from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.night import ScoredNight, score_night
from xlbridge.workbook.pairs.reader import sheet_row


@pytest.fixture(scope="module")
def scored() -> ScoredNight:
    return score_night(EXAMPLE)


def trimmed(path: Path, rows: int) -> None:
    """The example with the formula rows past the rows in use emptied (a smaller model)."""
    wb = load_workbook(EXAMPLE)
    for title in (L.TRAVELLERS, L.BOARD_RESULTS):
        for row in wb[title].iter_rows(min_row=rows + 2):
            for cell in row:
                cell.value = None
    for row in wb[L.FREQUENCIES].iter_rows(min_row=27 * L.FREQ_BLOCK + 1):
        for cell in row:
            cell.value = None
    wb.save(path)


def test_formula_engine_with_the_udfs_equals_xlbridge_score(
    scored: ScoredNight, tmp_path: Path
) -> None:
    import xlbridge.udfs as udfs

    path = tmp_path / "night.xlsx"
    trimmed(path, len(scored.result.event.plays))
    value = evaluate(path, {name: (getattr(udfs, name), ()) for name in UDFS})

    for board in scored.result.boards:
        for play in board.plays:
            row = sheet_row(play.play)
            top = scored.result.top
            percents = [
                None if f is None else 100 * f / top for f in (play.ns_score, play.ew_score)
            ]
            for letter, figure in (
                ("G", play.ns_score),
                ("H", play.ew_score),
                ("I", percents[0]),
                ("J", percents[1]),
            ):
                got = value(L.BOARD_RESULTS, f"{letter}{row}")
                if figure is None:
                    assert got in ("", None), (row, letter, got)
                else:
                    assert got == pytest.approx(float(figure), abs=1e-9), (row, letter)
    for row, (rank, total, percent) in ranking_rows(scored.result).items():
        assert value(L.RANKING, f"A{row}") == rank
        assert value(L.RANKING, f"F{row}") == pytest.approx(total, abs=1e-9)
        assert value(L.RANKING, f"H{row}") == pytest.approx(percent, abs=1e-9)


@pytest.mark.subprocess
def test_libreoffice_recalculates_the_standard_formulas(
    scored: ScoredNight, tmp_path: Path
) -> None:
    source = tmp_path / "night.xlsx"
    with_xlbridge_values(scored, source)
    wb = recalculated(source, tmp_path)
    settings = wb[L.SETTINGS]
    assert settings.cell(L.EXPECTED_USED_ROW, 2).value == scored.result.expected
    assert settings.cell(L.EXPECTED_USED_ROW + 1, 2).value == scored.result.top
    ranking = wb[L.RANKING]
    for row, (rank, total, percent) in ranking_rows(scored.result).items():
        assert ranking[f"A{row}"].value == rank
        assert ranking[f"F{row}"].value == pytest.approx(total, abs=1e-9)
        assert ranking[f"H{row}"].value == pytest.approx(percent, abs=1e-9)


@pytest.mark.subprocess
def test_html_page_in_headless_chromium(scored: ScoredNight, tmp_path: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed")
    from xlbridge.workbook.pairs.html import results_page

    page = tmp_path / "results.html"
    page.write_text(results_page(scored.result), encoding="utf-8")
    profile = f"--user-data-dir={tmp_path / 'profile'}"
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", profile,
              "--enable-logging=stderr", "--v=0"]  # fmt: skip
    shot = tmp_path / "results.png"
    run = subprocess.run(
        [*common, f"--screenshot={shot}", "--window-size=1200,900", page.as_uri()],
        capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert shot.exists() and shot.stat().st_size > 10_000, run.stderr[-2000:]
    assert ":ERROR:CONSOLE" not in run.stderr, run.stderr[-2000:]
    dom = subprocess.run(
        [*common, "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=180, check=True,
    ).stdout  # fmt: skip
    assert "Stephen Ingram &amp; Geoffrey Cole" in dom
    assert '<h2 id="ranking">Ranking</h2>' in dom
