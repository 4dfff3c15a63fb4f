"""A cross-IMPs night's results as they print: LibreOffice headless to PDF, read back.

The example night scored in cross-IMPs, its Adjustments cleared (as
tests/workbook/test_imp_frequencies.py builds it).  Pair 17 (EW) has 338.03 IMPs over 26
boards, 13.00 a board (its Board results rows added up: tests/workbook/test_imp_outputs.py).
Skipped when LibreOffice (soffice) or poppler (pdftotext) is not installed.
"""

from __future__ import annotations

import re
from pathlib import Path

from support.libreoffice import needs_office, pages, to_pdf
from support.nights import imp_night

from xlbridge.cli import main


@needs_office
def test_an_imp_night_prints_in_imps(tmp_path: Path) -> None:
    out = tmp_path / "results.xlsx"
    assert main(["score", str(imp_night(tmp_path, "cross-IMPs")), "-o", str(out)]) == 0
    printed = pages(to_pdf(out))
    sheets = [lines[-1].split("  ")[0].strip() for lines in printed]
    # the ranking: its headings apart (at width 9 they printed "Per boardRanked on")
    ranking = printed[0]
    header = next(line for line in ranking if line.split()[:2] == ["Rank", "Pair"])
    assert header.split()[-5:] == ["IMPs", "Per", "board", "Ranked", "on"]
    assert "Per board" in header and "boardRanked" not in header
    dawson = next(line for line in ranking if "Helen Dawson" in line)
    assert dawson.split()[-4:] == ["26", "338.03", "13.00", "338.03"], dawson
    # Board results: NS IMPs and EW IMPs, no empty NS % and EW % columns
    for lines, sheet in zip(printed, sheets, strict=True):
        if sheet == "Board results":
            assert lines[1].split()[-4:] == ["NS", "IMPs", "EW", "IMPs"], lines[1]
            assert "%" not in lines[1]
        if sheet == "Frequencies":
            assert not any(re.search(r"\bMP\b", line) for line in lines)
            assert any(line.split()[-4:] == ["NS", "IMPs", "EW", "IMPs"] for line in lines)
    first = next(
        lines for lines, sheet in zip(printed, sheets, strict=True) if sheet == "Board results"
    )
    # board 1, pair 1 v 10, -50: -26 cross-IMPs (test_imp_frequencies' hand work)
    assert first[2].split() == ["1", "1", "10", "4H-1", "N", "-50", "-26.0", "26.0"], first[2]
    # pair 2's score card: its IMPs to two decimals, its column headed IMPs
    card = next(
        lines for lines, sheet in zip(printed, sheets, strict=True) if sheet == "Score cards"
    )
    assert card[2].strip().endswith("rank 1 North-South, 455.26 IMPs"), card[2]
    assert any(line.split()[-2:] == ["IMPs", "Adj."] for line in card)
