"""LibreOffice headless: a workbook recalculated or saved by it, as a scorer's copy would be,
or printed to PDF and read back page by page (poppler's pdftotext)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from openpyxl.worksheet.formula import ArrayFormula

from support.paths import EXAMPLE
from xlbridge.result import format_result
from xlbridge.scored import EventResult
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.night import ScoredNight
from xlbridge.workbook.pairs.reader import sheet_row

#: The xlbridge functions in the template, which LibreOffice does not know.
UDFS = ("MATCHPOINTS", "BUTLER_IMPS", "CROSS_IMPS", "FREQUENCY_TABLE", "BRIDGE_SCORE")
UDFS += ("VULNERABILITY", "DEALER")


def ranking_rows(result: EventResult) -> dict[int, tuple[str, float, float]]:
    """Ranking-sheet row of each pair (Pairs-sheet order) -> (rank, total, percentage)."""
    labels = [p.label for p in result.event.pairs]
    out = {}
    for pair in result.pairs:
        assert pair.percentage is not None
        row = labels.index(pair.pair.label) + 2
        out[row] = (pair.rank, float(pair.total), float(pair.percentage))
    return out


def with_xlbridge_values(scored: ScoredNight, path: Path, workbook: Path = EXAMPLE) -> None:
    """The scored ``workbook`` (the example) with every cell that needs an xlbridge
    function given its value."""
    wb = load_workbook(workbook)
    results, travellers = wb[L.BOARD_RESULTS], wb[L.TRAVELLERS]
    for row in results.iter_rows(min_row=2, min_col=7, max_col=8):
        for cell in row:
            cell.value = None
    for row in travellers.iter_rows(min_row=2, min_col=9, max_col=9):
        for cell in row:
            cell.value = None
    for board in scored.result.boards:
        for play in board.plays:
            row = sheet_row(play.play)
            for letter, figure in (("G", play.ns_score), ("H", play.ew_score)):
                results[f"{letter}{row}"] = None if figure is None else float(figure)
            text = format_result(play.play.result)
            travellers[f"I{row}"] = int(text) if text.lstrip("-").isdigit() else text
    for sheet, ref in L.NOTICE_CELLS.items():  # the add-in there: no notice
        wb[sheet][ref] = None
    for row in wb[L.FREQUENCIES].iter_rows():
        for cell in row:
            text = cell.value.text if isinstance(cell.value, ArrayFormula) else cell.value
            if isinstance(text, str) and any(f"{name}(" in text for name in UDFS):
                cell.value = None
    wb.save(path)


def recalculated(source: Path, folder: Path) -> Any:
    """``source`` recalculated and saved by LibreOffice headless, read back with the values it
    computed (the calling test is skipped when LibreOffice is not installed)."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice is not installed")
    out = folder / "out"
    subprocess.run(
        [soffice, f"-env:UserInstallation=file://{folder}/lo-profile", "--headless",
         "--calc", "--convert-to", "xlsx", "--outdir", str(out), str(source)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return load_workbook(out / source.name, data_only=True)


def libreoffice_copy(source: Path, folder: Path) -> Path:
    """``source`` opened and saved as .xlsx by LibreOffice headless (skipped without it)."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice is not installed")
    out = folder / "libreoffice"
    subprocess.run(
        [soffice, f"-env:UserInstallation=file://{folder}/lo-profile", "--headless",
         "--calc", "--convert-to", "xlsx", "--outdir", str(out), str(source)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return out / source.name


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
