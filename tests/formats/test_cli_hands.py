"""xlbridge score --hands: the example night with its hand records (deals, makeable, par).

The example's hand records (workbook_templates/example_club_night_hands.pbn)
were dealt by a seeded shuffle; their double-dummy tables, solved by endplay
(DDS), are kept beside them, so these tests need no solver.  Board 1's par
(3NT by North or South, +400 with nobody vulnerable) and board 2's (EW's
7♦ doubled six down, +1400, over NS's vulnerable slam) are DDS's own figures
(tests/core/test_dd.py checks the solver against a published file).
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support import paths

from xlbridge.cli import main
from xlbridge.formats.hand_records import cache_path, load_hands
from xlbridge.formats.pbn import format_hand_record
from xlbridge.hands import random_deal
from xlbridge.places import Problem
from xlbridge.workbook.pairs import layout as L

EXAMPLE = paths.TEMPLATES / "example_club_night.xlsx"
HANDS = paths.TEMPLATES / "example_club_night_hands.pbn"


@pytest.fixture
def night(tmp_path: Path) -> Path:
    shutil.copy(EXAMPLE, tmp_path / "tuesday.xlsx")
    shutil.copy(HANDS, tmp_path / "deals.pbn")
    shutil.copy(cache_path(HANDS), cache_path(tmp_path / "deals.pbn"))
    return tmp_path / "tuesday.xlsx"


def test_the_example_hand_records_are_dealt_by_their_seed():
    rng = random.Random(2026)
    boards = ((number, random_deal(rng)) for number in range(1, 28))
    assert HANDS.read_text(encoding="utf-8") == format_hand_record(
        boards, "Tuesday Pairs", "2024.03.12"
    )


def test_the_kept_tables_cover_every_board():
    hands = load_hands(HANDS, use_solver=False)
    assert sorted(hands.boards) == list(range(1, 28))
    assert {board.dd_source for board in hands.boards.values()} == {"solver"}
    assert hands.warnings == ()
    assert str(hands.boards[1].par) == "+400: 3NT= NS"
    assert str(hands.boards[2].par) == "+1400: 7DX-6 EW"


def test_score_shows_the_hands_on_the_page_and_in_the_workbook(night: Path, capsys):
    page, output = night.with_name("night.html"), night.with_name("out.xlsx")
    deals = night.with_name("deals.pbn")
    args = ["score", str(night), "-o", str(output), "--html", str(page), "--hands", str(deals)]
    assert main(args) == 0
    assert "warning" not in capsys.readouterr().err
    html = page.read_text(encoding="utf-8")
    board_1 = html[html.index('id="board-1"') : html.index('id="board-2"')]
    # North's hand on board 1: K105 AJ8543 KJ K5, 15 HCP; the par; hearts in red
    assert '<b>N</b> <span class="hcp">15</span><br>&#9824; K105<br>' in board_1
    assert '<span class="red">&#9829;</span> AJ8543' in board_1
    assert "Par NS +400: 3NT= NS" in board_1
    assert board_1.index("Par NS") < board_1.index("Adj. Freq")  # beside, before the table
    assert '<td><a href="#board-1">1</a></td>' in html  # score cards link to the boards
    ws = load_workbook(output)[L.FREQUENCIES]
    title = next(row for row in range(1, ws.max_row + 1) if ws.cell(row, 1).value == "Board 1")
    assert [ws.cell(title + 1, column).value for column in range(8, 14)] == [
        "N", "K105", "AJ8543", "KJ", "K5", 15,
    ]  # fmt: skip
    assert ws.cell(title + 1, 10).font.color.rgb == "00C00000"  # hearts in red
    assert [ws.cell(title + 7, column).value for column in range(8, 14)] == [
        "N", 3, 1, 3, 4, "-",
    ]  # fmt: skip
    assert ws.cell(title + 11, 9).value == "NS +400: 3NT= NS"


def test_a_board_the_file_does_not_deal_is_a_warning(night: Path, capsys):
    deals = night.with_name("deals.pbn")
    text = deals.read_text(encoding="utf-8")
    deals.write_text(text[: text.index('[Event "Tuesday Pairs"]\n[Site ""]\n[Date "2024.03.12"]\n'
                                      '[Board "27"]')], encoding="utf-8")  # fmt: skip
    assert main(["score", str(night), "--hands", str(deals)]) == 0
    assert "warning: deals.pbn has no deal for board 27" in capsys.readouterr().err


def test_a_hand_record_warning_is_said_at_its_line_and_board(night: Path, capsys):
    deals = night.with_name("deals.pbn")
    text = deals.read_text(encoding="utf-8")
    # board 1 is dealt by North with nobody vulnerable (the standard rotation); typed as East
    deals.write_text(text.replace('[Dealer "N"]', '[Dealer "E"]', 1), encoding="utf-8")
    assert main(["score", str(night), "--hands", str(deals)]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert said == [
        'warning: deals.pbn line 12: board 1 is marked [Dealer "E"], but board 1 is dealt by N '
        "with nobody vulnerable; it is scored by its number"
    ]


def test_a_bad_deal_stops_the_run_and_nothing_is_written(night: Path, capsys):
    deals = night.with_name("deals.pbn")
    text = deals.read_text(encoding="utf-8")
    deals.write_text(text.replace(".K5 Q6432.", ".K Q6432.", 1), encoding="utf-8")
    page, output = night.with_name("night.html"), night.with_name("out.xlsx")
    args = ["score", str(night), "-o", str(output), "--html", str(page), "--hands", str(deals)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "deals.pbn line 12: board 1:" in err and "51 cards dealt, 52 expected" in err
    assert not output.exists() and not page.exists()


def test_the_hands_file_is_never_an_output(night: Path, capsys):
    deals = night.with_name("deals.pbn")
    before = deals.read_bytes()
    assert main(["score", str(night), "--html", str(deals), "--hands", str(deals)]) == 2
    assert "refusing to write over the input file" in capsys.readouterr().err
    assert deals.read_bytes() == before


def _name_hands_in_settings(night: Path, value: str) -> int:
    wb = load_workbook(night)
    ws = wb[L.SETTINGS]
    row = ws.max_row + 2
    ws.cell(row, 1, "Hand records")
    ws.cell(row, 2, value)
    wb.save(night)
    return row


def test_a_settings_row_names_the_hand_records(night: Path):
    _name_hands_in_settings(night, "deals.pbn")
    page = night.with_name("night.html")
    assert main(["score", str(night), "--html", str(page)]) == 0
    assert "Par NS +400: 3NT= NS" in page.read_text(encoding="utf-8")


def test_a_settings_row_naming_a_missing_file_is_an_error(night: Path, capsys):
    row = _name_hands_in_settings(night, "missing.pbn")
    assert main(["score", str(night)]) == 2
    err = capsys.readouterr().err
    assert f"Settings!B{row}: the hand-record file missing.pbn is not in" in err
    assert not night.with_name("tuesday-results.xlsx").exists()


def test_without_a_solver_or_kept_tables_the_hands_show_alone(tmp_path):
    from xlbridge.formats.hand_records import NO_SOLVER
    from xlbridge.workbook.pairs.html import results_page
    from xlbridge.workbook.pairs.night import score_night

    deals = tmp_path / "deals.pbn"
    shutil.copy(HANDS, deals)  # no DEALS.dd.json beside it, no tables in it
    hands = load_hands(deals, use_solver=False)
    assert hands.warnings == (Problem("", NO_SOLVER),)
    assert {board.dd for board in hands.boards.values()} == {None}
    page = results_page(score_night(EXAMPLE).result, hands)
    board_1 = page[page.index('id="board-1"') : page.index('id="board-2"')]
    assert "&#9824; K105" in board_1 and "Par" not in board_1
