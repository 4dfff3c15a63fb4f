"""An individual's results workbook as it prints: LibreOffice headless to PDF, page 1 read
back (the figures worked by hand in tests/workbook/test_individual_night.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.libreoffice import needs_office, pages, to_pdf
from support.nights import filled_individual

from xlbridge.cli import main


@pytest.mark.external  # LibreOffice
@needs_office
def test_the_ranking_prints_on_page_one(tmp_path: Path) -> None:
    night = filled_individual(tmp_path)
    results = tmp_path / "results.xlsx"
    assert main(["score", str(night), "-o", str(results)]) == 0
    printed = pages(to_pdf(results))
    first = printed[0]
    assert re.fullmatch(r"Winter individual\s+24 November 2026", first[0].strip()), first[0]
    assert re.fullmatch(r"Ranking\s+Page 1 of \d+", first[-1].strip()), first[-1]
    assert first[1].split() == ["Rank", "Player", "Name", "Boards", "Score", "Max", "%"]
    # the ranking's first player, as the terminal prints it: 84 of 88 matchpoints
    assert first[2].split() == ["1", "12", "Ann", "Smith", "22", "84.00", "88", "95.45"]
    # all twelve players on the one page, player 1 last with 36 of 88
    assert first[-2].split() == ["12", "1", "22", "36.00", "88", "40.91"]
    assert sum("Ranking" in page[-1] for page in printed) == 1
