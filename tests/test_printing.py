"""The example night's results as they print: LibreOffice headless to PDF, read back page by page.

Skipped when LibreOffice (soffice) or poppler (pdftotext) is not installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from xlbridge.cli import main
from xlbridge.contract import PlayedContract
from xlbridge.event import Play
from xlbridge.result import parse_result
from xlbridge.workbook.pairs.printing import played_text

EXAMPLE = Path(__file__).resolve().parent.parent / "workbook_templates" / "example_club_night.xlsx"
PAIRS, BOARDS = 17, 27

needs_office = pytest.mark.skipif(
    not (shutil.which("soffice") and shutil.which("pdftotext")),
    reason="LibreOffice (soffice) and poppler-utils (pdftotext) print the workbook",
)


def to_pdf(workbook: Path) -> Path:
    """``workbook`` printed to PDF by LibreOffice, with a profile of its own."""
    profile = workbook.parent / "lo-profile"
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(workbook.parent),
            str(workbook),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return workbook.with_suffix(".pdf")


def pages(pdf: Path) -> list[list[str]]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [[line for line in page.splitlines() if line.strip()] for page in text.split("\f")][:-1]


@needs_office
def test_the_example_night_prints_without_an_empty_page(tmp_path: Path) -> None:
    night = tmp_path / "night.xlsx"
    shutil.copy(EXAMPLE, night)
    assert main(["score", str(night), "-o", str(tmp_path / "results.xlsx")]) == 0
    printed = pages(to_pdf(tmp_path / "results.xlsx"))
    count = len(printed)
    sheets = []
    for number, lines in enumerate(printed, start=1):
        header, footer, body = lines[0], lines[-1], lines[1:-1]
        assert re.fullmatch(r"Tuesday Pairs\s+12 March 2024", header.strip()), header
        sheet, page = re.fullmatch(r"(\S.*?)\s+Page (\d+) of (\d+)", footer.strip()).group(1, 2)
        assert (int(page), footer.strip().endswith(f"of {count}")) == (number, True)
        sheets.append(sheet)
        # never a page of headers alone: something below the column headers
        assert len(body) >= 2, (number, sheet, body)
    per_sheet = {name: sheets.count(name) for name in dict.fromkeys(sheets)}
    assert per_sheet["Ranking"] == 1  # 9 NS and 8 EW pairs on one page
    assert per_sheet["Score cards"] == PAIRS  # one card a page
    assert per_sheet["Travellers"] <= 6  # 216 rows: the print area ends at the last one
    assert per_sheet["Board results"] <= 6  # several boards a page
    assert per_sheet["Frequencies"] <= 9
    assert count <= 45, per_sheet  # 58 pages before, most of them headers only
    # each board starts on the page it is printed on: no frequency table split across pages
    for lines, sheet in zip(printed, sheets, strict=True):
        if sheet == "Frequencies":
            assert lines[1].lstrip().startswith("Board "), lines[1]


def test_a_played_contract_reads_as_a_scorer_writes_it() -> None:
    def play(contract: str, declarer: str, tricks: str) -> Play:
        played = PlayedContract.from_cells(contract, declarer or None, tricks or None)
        return Play(1, "1", "2", parse_result(420), played=played)

    assert played_text(play("4h", "n", "1")) == "4H+1 N"
    assert played_text(play("3c", "n", "0")) == "3C= N"
    assert played_text(play("3C", "N", "m")) == "3C= N"
    assert played_text(play("4SX", "E", "-2")) == "4SX-2 E"
    assert played_text(play("pass", "", "")) == "Pass"
