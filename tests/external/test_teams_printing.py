"""A teams night's results as they print (LibreOffice headless to PDF, read back): page 1
is the ranking with every team's name whole, and every score card's title whole, for a
Swiss with two team names longer than the columns (``support.nights.long_named_swiss``).
Skipped when LibreOffice (soffice) or poppler (pdftotext) is not installed.
"""

from __future__ import annotations

from pathlib import Path

from support.libreoffice import needs_office, pages, to_pdf
from support.nights import long_named_swiss

from xlbridge.cli import main


@needs_office
def test_long_team_names_print_whole(tmp_path: Path) -> None:
    results = tmp_path / "results.xlsx"
    assert main(["score", str(long_named_swiss(tmp_path)[1]), "-o", str(results)]) == 0
    printed = pages(to_pdf(results))
    ranking = printed[0]
    assert ranking[-1].strip().startswith("Ranking")
    # the names whole, each beside its figures (Played, IMPs won, IMPs lost, VPs): they
    # were cut at 26 characters ('Featherstonehaugh-Cholmondeleo')
    first = next(line for line in ranking if "Featherstonehaugh" in line)
    assert "1 Featherstonehaugh-Cholmondeley Invitational 3 91 64 1.422 36.00" in " ".join(
        first.split()
    )
    last = next(line for line in ranking if "Northern Counties" in line)
    assert "Northern Counties Bridge Association 3 69 131 0.527 15.00" in " ".join(last.split())
    assert not any("###" in line for page in printed for line in page)
    card = next(page for page in printed if page[-1].strip().startswith("Scorecards"))
    assert "Round 1, table 1: 1 Featherstonehaugh-Cholmondeley Invitational" in card[1]
    assert card[2].strip() == "v 2 Blackwood", card[:4]
