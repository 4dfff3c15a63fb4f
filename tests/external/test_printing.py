"""The example night's results as they print: LibreOffice headless to PDF, read back page by page.

Skipped when LibreOffice (soffice) or poppler (pdftotext) is not installed.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from support.libreoffice import needs_office, pages, to_pdf
from support.paths import EXAMPLE

from xlbridge.cli import main
from xlbridge.contract import PlayedContract
from xlbridge.event import Play
from xlbridge.result import parse_result
from xlbridge.workbook.pairs.printing import played_text

PAIRS, BOARDS = 17, 27


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
    # pair 12's whole 177 matchpoints as the terminal and the web page give it; Max whole
    irving = next(line for line in printed[0] if "Margaret Irving" in line)
    assert irving.split()[-4:] == ["27", "177.00", "378", "46.83"], irving
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


@needs_office
def test_a_seven_table_mitchell_prints_the_ranking_on_page_one(tmp_path: Path) -> None:
    """The night of issue 23: a 7-table Mitchell over 21 boards from ``xlbridge new``.

    Page 1 is what the club pins on the board: the ranking, North-South and
    East-West each under its heading, with the event, its date and the page
    numbers.  The template's own sheets (How to use, Movement, Table cards) are
    not in the results; the empty Rulings and Adjustments do not print.  It
    printed on 42 pages with the ranking on page 28 before.
    """
    from openpyxl import load_workbook

    from xlbridge.contract import Vulnerability, board_vulnerability

    night = tmp_path / "tuesday.xlsx"
    command = ["new", str(night), "--movement", "mitchell", "--tables", "7", "--boards", "21"]
    assert main([*command, "--event", "Tuesday pairs", "--date", "24/11/2026"]) == 0
    wb = load_workbook(night)
    ws = wb["Travellers"]
    for row in range(2, ws.max_row + 1):
        board = ws.cell(row, 1).value
        if board:  # a game made or a part score, at the board's vulnerability
            vulnerable = board_vulnerability(board) in (Vulnerability.NS, Vulnerability.BOTH)
            ws.cell(row, 7).value = (620 if vulnerable else 420, 140, -110, 170)[row % 4]
    wb.save(night)
    results = tmp_path / "results.xlsx"
    assert main(["score", str(night), "-o", str(results)]) == 0
    printed = pages(to_pdf(results))
    first = "\n".join(printed[0])
    assert "Tuesday pairs" in first and "24 November 2026" in first
    assert f"Page 1 of {len(printed)}" in first
    assert first.index("North-South") < first.index("NS 1") < first.index("East-West")
    assert "EW 7" in first and "252.00" not in first and " 252 " in first  # Max, whole
    assert len(printed) <= 31  # 1 ranking, 5 board results, 5 frequencies, 14 cards, 6 typed
    text = "\n".join("\n".join(page) for page in printed)
    assert "How to use" not in text and "Table 1" not in text
    assert not any(page[1].split()[:2] == ["ID", "Side"] for page in printed)  # no Rulings


@needs_office
def test_a_teams_event_prints_its_ranking_first_and_whole_score_cards(tmp_path: Path) -> None:
    """A Swiss of 7 teams over 4 rounds of 6 boards: the ranking on page 1 with the event,
    date and page numbers; every score card and frequency table whole on one page, one
    page wide (it printed on 20 pages, cards two pages wide, tables split, no headers)."""
    from support.nights import fill_round

    night = tmp_path / "swiss.xlsx"
    command = ["new", str(night), "--teams", "7", "--boards", "6", "--rounds", "4"]
    assert main([*command, "--event", "Club Swiss", "--date", "23/11/2026"]) == 0
    fill_round(night, night, 1)
    for round_number in (2, 3, 4):
        following = tmp_path / f"swiss{round_number}.xlsx"
        assert main(["draw", str(night), "--round", str(round_number), "-o", str(following)]) == 0
        fill_round(following, following, round_number)
        night = following
    results = tmp_path / "results.xlsx"
    assert main(["score", str(night), "-o", str(results)]) == 0
    printed = pages(to_pdf(results))
    first = "\n".join(printed[0])
    assert "Club Swiss" in first and "23 November 2026" in first
    assert f"Page 1 of {len(printed)}" in first and "Rank" in first
    assert len(printed) <= 16
    for page in printed:
        text = "\n".join(page)
        if page[-1].strip().startswith("Scorecards"):
            cards = len(re.findall(r"Round \d, table \d", text))
            assert cards and text.count("\nVPs") == cards, text  # no card split
            assert all("Away IMPs" in line for line in page if line.lstrip().startswith("Board"))
        if page[-1].strip().startswith(("Frequencies", "Scorecards")):
            # each page starts with a table's own title: none continues from the page before
            assert re.match(r"\s*(Board \d+|Round \d)", page[1]), page[:3]
