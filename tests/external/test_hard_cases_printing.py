"""The hard cases' night as it prints: LibreOffice headless to PDF, read back.

The example night with every hard case (``support.nights.hard_cases``; each figure worked
by hand in tests/workbook/test_hard_cases_outputs.py): the printed Board results, the
Frequencies and a score card show each figure to two decimals, as the web page and the
terminal do, and a fouled board's version wherever the same score scores differently.
Skipped when LibreOffice (soffice) or poppler (pdftotext) is not installed.
"""

from __future__ import annotations

from pathlib import Path

from support.libreoffice import needs_office, pages, to_pdf
from support.nights import build, hard_cases
from support.paths import EXAMPLE

from xlbridge.cli import main


@needs_office
def test_the_hard_cases_print_as_every_output_shows_them(tmp_path: Path) -> None:
    out = tmp_path / "results.xlsx"
    night = build(EXAMPLE, tmp_path, hard_cases)
    assert main(["score", str(night), "-o", str(out)]) == 0
    printed = pages(to_pdf(out))
    sheets = [lines[-1].split("  ")[0].strip() for lines in printed]

    def lines_of(sheet: str) -> list[str]:
        return [
            line for lines, s in zip(printed, sheets, strict=True) if s == sheet for line in lines
        ]

    results = [line.split() for line in lines_of("Board results")]
    # weighted: 8.6 of 14 = 61.43%; fouled: the same 100 makes 9 on A, 7 on B; split: NS
    # 10 of 14 = 71.43%, EW 6 of 14 = 42.86%
    assert ["1", "1", "10", "40%", "420;", "60%", "-50", "8.6", "5.4", "61.43", "38.57"] in results
    assert ["3A", "1", "10", "4S-1", "E", "100", "9.0", "5.0", "64.29", "35.71"] in results
    assert ["3B", "7", "13", "4S-1", "W", "100", "7.0", "7.0", "50.0", "50.0"] in results
    split = ["11", "6", "17", "NS:", "430", "|", "EW:", "400", "10.0", "6.0", "71.43", "42.86"]
    assert split in results
    frequencies = lines_of("Frequencies")
    # the versions' headings whole (they printed "Board 3 versi" twice)
    assert sum(line.split()[:4] == ["Board", "3", "version", "A"] for line in frequencies) == 1
    assert sum(line.split()[:4] == ["Board", "3", "version", "B"] for line in frequencies) == 1
    # board 20 (Neuberg, 8/7): the 90s 40/7 = 5.71 and 65/7 = 9.29, not 5.714 and 9.286
    assert ["90", "5", "5.71", "9.29", "4.71"] in [line.split() for line in frequencies]
    card = [line.split() for line in lines_of("Score cards")]
    assert any(line[:2] == ["3B", "NS"] and line[-2:] == ["100", "7"] for line in card)
