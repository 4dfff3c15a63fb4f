"""An IMP night's Frequencies sheet: each score's IMPs as NS and as EW, under IMP headings.

The example night scored in cross-IMPs and in Butler (its Adjustments row, a % of a top,
cleared: an IMP night refuses it).  The figures are worked by hand from the board's scores
with the WBF IMP scale (20-40 1, 50-80 2, 90-120 3, 130-160 4, 170-210 5, 220-260 6,
270-310 7, 320-360 8, 370-420 9, 430-490 10, 500-590 11), and each equals what the Board
results sheet gives a row with that score.
"""

from __future__ import annotations

import re

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import imp_night
from support.paths import EXAMPLE

from xlbridge.cli import main

Lines = dict[object, tuple[object, object, object, object]]


@pytest.fixture(scope="module")
def outputs(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[str, Workbook], dict[str, str]]:
    """Each form's results workbook and web page."""
    books, pages = {}, {}
    for form in ("cross-IMPs", "Butler", "matchpoints"):
        folder = tmp_path_factory.mktemp(form)
        night = imp_night(folder, form)
        out, page = folder / "res.xlsx", folder / "page.html"
        assert main(["score", str(night), "-o", str(out), "--html", str(page)]) == 0
        books[form] = load_workbook(out)
        pages[form] = page.read_text(encoding="utf-8")
    return books, pages


@pytest.fixture(scope="module")
def scored(outputs: tuple[dict[str, Workbook], dict[str, str]]) -> dict[str, Workbook]:
    return outputs[0]


def _headings(html: str, start: str) -> list[str]:
    """The column headings of the first table after ``start`` on the page."""
    at = html.index(start)
    head = html[html.index("<thead>", at) : html.index("</thead>", at)]
    return re.findall(r"<th>([^<]*)</th>", head)


@pytest.mark.parametrize("form", ["cross-IMPs", "Butler"])
def test_an_imp_nights_web_page_heads_its_ranking_and_cards_in_imps(
    outputs: tuple[dict[str, Workbook], dict[str, str]], form: str
) -> None:
    """The page heads the ranking as the terminal and the workbook do (IMPs, Per board,
    Ranked on: not Score, Max and %), a score card's column IMPs, its heading the total."""
    books, pages = outputs
    page = pages[form]
    assert _headings(page, '<h2 id="ranking">') == [
        "Rank", "Pair", "Players", "Boards", "IMPs", "Per board", "Ranked on"
    ]  # fmt: skip
    assert _headings(page, 'id="pair-2"') == [
        "Board", "Dir", "Opponents", "Contract", "Score", "Code", "IMPs", "Adj."
    ]  # fmt: skip
    # pair 2's heading: its IMPs as the Ranking sheet has them, to two decimals
    ranking = books[form]["Ranking"]
    row = next(r for r in ranking.iter_rows(values_only=True) if r[1] == 2 and r[3] == "NS")
    heading = re.search(r'id="pair-2"><h3>([^<]*)</h3>', page)
    assert heading is not None
    assert heading.group(1) == f"Pair 2 Stephen Ingram &amp; Geoffrey Cole: {row[7]:.2f} IMPs"


def test_a_matchpoint_nights_web_page_keeps_score_max_and_percent(
    outputs: tuple[dict[str, Workbook], dict[str, str]],
) -> None:
    page = outputs[1]["matchpoints"]
    assert _headings(page, '<h2 id="ranking">')[4:] == ["Score", "Max", "%"]
    assert _headings(page, 'id="pair-2"')[6] == "MP"
    assert re.search(r'id="pair-2"><h3>Pair 2 [^<]*: \d+\.\d\d%</h3>', page)


def _block(wb: Workbook, board: int) -> list[tuple[object, ...]]:
    """Board ``board``'s rows on the Frequencies sheet, its heading line first."""
    rows, on = [], False
    for row in wb["Frequencies"].iter_rows(max_col=6, values_only=True):
        first = row[0]
        if isinstance(first, str) and first.startswith("Board "):
            on = first == f"Board {board}"
        if on and any(value is not None for value in row):
            rows.append(row)
    return rows


def _tables(block: list[tuple[object, ...]]) -> list[Lines]:
    """Each table of a block: score -> (Freq, Adj. Freq, NS, EW)."""
    tables: list[Lines] = []
    for row in block[1:]:
        if row[0] == "Score":
            tables.append({})
        elif tables and row[1] is not None:
            tables[-1][row[0]] = (row[1], row[2], row[3], row[4])
    return tables


def _board_results(wb: Workbook, board: int) -> list[tuple[object, object, object]]:
    """Each Board results row of ``board``: (score as typed, NS, EW)."""
    return [
        (row[5], row[6], row[7])
        for row in wb["Board results"].iter_rows(min_row=2, values_only=True)
        if row[0] == board
    ]


def _headers(wb: Workbook) -> set[tuple[object, ...]]:
    return {
        row[:5]
        for row in wb["Frequencies"].iter_rows(max_col=5, values_only=True)
        if row[0] == "Score"
    }


def test_cross_imps_each_score_against_every_other(scored: dict[str, Workbook]) -> None:
    wb = scored["cross-IMPs"]
    assert _headers(wb) == {("Score", "Freq", "Adj. Freq", "NS IMPs", "EW IMPs")}
    # Board 1: 400, 120, -50 and -100, twice each; divided by: total (the example's), so
    # a score's figure is its IMPs against each of the 7 other results, added.
    #   400: vs 400 0; vs 120 (280) 7 x2; vs -50 (450) 10 x2; vs -100 (500) 11 x2 = 56
    #   120: vs 400 (-280) -7 x2; vs 120 0; vs -50 (170) 5 x2; vs -100 (220) 6 x2 = 8
    #   -50: vs 400 (-450) -10 x2; vs 120 (-170) -5 x2; vs -100 (50) 2 x2 = -26
    #  -100: vs 400 -11 x2; vs 120 -6 x2; vs -50 -2 x2 = -38
    # EW: the same negated.
    block = _block(wb, 1)
    assert block[0][3:6] == ("8 results", "expected 8", None)
    assert _tables(block) == [
        {400: (2, 2, 56, -56), 120: (2, 2, 8, -8), -50: (2, 2, -26, 26), -100: (2, 2, -38, 38)}
    ]


def test_cross_imps_split_score_in_each_direction_s_table(scored: dict[str, Workbook]) -> None:
    # Board 11: 490, 460, "NS: 430 | EW: 400", 400 twice, 300, 100, -50.
    #   NS table's 430: vs 490 (-60) -2; 460 (-30) -1; 400 (30) 1 x2; 300 (130) 4;
    #                   100 (330) 8; -50 (480) 10 = 21
    #   EW table's 400 (three of them): vs 490 (-90) -3; 460 (-60) -2; 400 0 x2;
    #                   300 (100) 3; 100 (300) 7; -50 (450) 10 = 15, so EW -15
    wb = scored["cross-IMPs"]
    ns_table, ew_table = _tables(_block(wb, 11))
    assert ns_table[430] == (1, 1, 21, -21)
    assert ew_table[400] == (3, 3, 15, -15)
    assert ("NS: 430 | EW: 400", 21, -15) in _board_results(wb, 11)


def test_butler_imps_against_the_datum_shown(scored: dict[str, Workbook]) -> None:
    wb = scored["Butler"]
    assert _headers(wb) == {("Score", "Freq", "Adj. Freq", "NS IMPs", "EW IMPs")}
    # Board 1: mean (2x400 + 2x120 - 2x50 - 2x100) / 8 = 740 / 8 = 92.5, to the nearest 10:
    # datum 90.  400 - 90 = 310: 7; 120 - 90 = 30: 1; -50 - 90 = -140: -4; -190: -5.
    block = _block(wb, 1)
    assert block[0][5] == "datum 90"
    assert _tables(block) == [
        {400: (2, 2, 7, -7), 120: (2, 2, 1, -1), -50: (2, 2, -4, 4), -100: (2, 2, -5, 5)}
    ]
    # Board 11's split score: NS pairs' table mean 2530 / 8 = 316.25, datum 320; the EW
    # pairs' (400 for 430) 2500 / 8 = 312.5, datum 310 (ties away from zero: 312.5 is
    # nearer 310).  Each is on its table's caption line.
    block = _block(wb, 11)
    assert block[0][5] is None
    captions = [row for row in block if row[0] in ("NS pairs' table", "EW pairs' table")]
    assert [row[3] for row in captions] == ["datum 320", "datum 310"]
    ns_table, ew_table = _tables(block)
    # 430 - 320 = 110: 3; EW table 400 - 310 = 90: 3, so EW -3; 300 - 310 = -10: 0
    assert ns_table[430][2:] == (3, -3)
    assert ew_table[400][2:] == (3, -3)
    assert ew_table[300][2:] == (0, 0)
    assert ("NS: 430 | EW: 400", 3, -3) in _board_results(wb, 11)


@pytest.mark.parametrize("form", ["cross-IMPs", "Butler"])
def test_each_score_s_imps_are_board_results(scored: dict[str, Workbook], form: str) -> None:
    """Every plain score on Board results gets the IMPs its Frequencies line shows (in the
    table of its direction)."""
    wb = scored[form]
    checked = 0
    for board in range(1, 28):
        tables = _tables(_block(wb, board))
        if not tables:
            continue
        ns_table, ew_table = tables[0], tables[-1]
        for typed, ns, ew in _board_results(wb, board):
            if not isinstance(typed, str) or not typed.lstrip("-").isdecimal():
                continue
            score = int(typed)
            assert (ns_table[score][2], ew_table[score][3]) == (ns, ew), (board, typed)
            checked += 1
    assert checked > 200


def test_artificial_line_gets_its_imps(scored: dict[str, Workbook]) -> None:
    # Board 17's A+/A- (7 real results, expected 8): A+ is 60%, 3 IMPs a comparison; with
    # cross-IMPs divided by total, 3 x 7 comparisons = 21; in Butler 3.
    for form, imps in (("cross-IMPs", 21), ("Butler", 3)):
        ns_table, ew_table = _tables(_block(scored[form], 17))
        assert ns_table["A+"] == (1, None, imps, -imps)
        assert ew_table["A-"] == (1, None, imps, -imps)  # the EW pair's A-: -imps
        assert ("A+/A-", imps, -imps) in _board_results(scored[form], 17)


def test_matchpoint_night_keeps_matchpoints(scored: dict[str, Workbook]) -> None:
    wb = scored["matchpoints"]
    assert _headers(wb) == {("Score", "Freq", "Adj. Freq", "NS MP", "EW MP")}
    # Board 1, top 14: 400 beats 6 and ties 1 (13), 120 beats 4 and ties 1 (9) ...
    block = _block(wb, 1)
    assert block[0][5] is None
    assert _tables(block) == [
        {400: (2, 2, 13, 1), 120: (2, 2, 9, 5), -50: (2, 2, 5, 9), -100: (2, 2, 1, 13)}
    ]


def test_template_shows_no_matchpoints_in_an_imp_night() -> None:
    """FREQUENCY_TABLE gives matchpoints only: the template's NS/EW columns (headings and
    figures) are blank unless Settings' Scoring is matchpoints."""
    ws = load_workbook(EXAMPLE)["Frequencies"]
    assert [ws.cell(2, c).value for c in range(1, 4)] == ["Score", "Freq", "Adj. Freq"]
    assert ws["D2"].value == '=IF(ScoringForm="matchpoints","NS MP","")'
    assert ws["E2"].value == '=IF(ScoringForm="matchpoints","EW MP","")'
    formula = ws["A3"].value.text
    assert 'IF((NOT(ScoringForm="matchpoints"))*(COLUMN($A$3:$E$3)>3),"",' in formula
    assert "FREQUENCY_TABLE(" in formula
