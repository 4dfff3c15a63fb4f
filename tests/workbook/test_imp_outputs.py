"""An IMP night's other outputs as a user reads them: the terminal ranking, the web page's
ranking, the results workbook's Ranking, Board results and score cards.

The example night scored in cross-IMPs and in Butler, its Adjustments cleared (as
tests/workbook/test_imp_frequencies.py builds it; each Board results figure there is
checked against the IMP scale by hand).  A pair's IMPs here are the sum of its rows on
the Board results sheet, and its per-board figure that sum over its boards:

- Butler, pair 2 (NS): 68 IMPs over 24 boards, 68 / 24 = 2.8333, so 68.00 and 2.83;
- cross-IMPs, pair 17 (EW): 338.03 IMPs over 26 boards, 338.03 / 26 = 13.0012, so 13.00.

Each figure of an IMP ranking is to two decimals in every output, as the IMPs are (not
``13`` or ``68`` beside ``455.26``), and no output keeps a matchpoint column (``NS %``)
with nothing in it.
"""

from __future__ import annotations

import contextlib
import io
import re

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import imp_night

from xlbridge.cli import main

Outputs = dict[str, tuple[str, str, Workbook]]


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> Outputs:
    """Each form's terminal ranking, web page and results workbook."""
    found = {}
    for form in ("cross-IMPs", "Butler", "matchpoints"):
        folder = tmp_path_factory.mktemp(form)
        night = imp_night(folder, form)
        out, page = folder / "res.xlsx", folder / "page.html"
        terminal = io.StringIO()
        with contextlib.redirect_stdout(terminal):
            assert main(["score", str(night), "-o", str(out), "--html", str(page)]) == 0
        found[form] = (terminal.getvalue(), page.read_text(encoding="utf-8"), load_workbook(out))
    return found


def _imps(wb: Workbook, pair: int, direction: str) -> tuple[float, int]:
    """The pair's IMPs added up from its Board results rows, and its boards."""
    column = 6 if direction == "NS" else 7  # NS IMPs, EW IMPs
    seat = 1 if direction == "NS" else 2  # NS pair, EW pair
    rows = [
        row[column]
        for row in wb["Board results"].iter_rows(min_row=2, values_only=True)
        if row[seat] == pair and row[column] is not None
    ]
    return sum(rows), len(rows)


#: (form, pair, direction, its IMPs, per board, ranked on), worked in the module docstring
CASES = [
    ("Butler", 2, "NS", "68.00", "2.83", "68.00"),
    ("cross-IMPs", 17, "EW", "338.03", "13.00", "338.03"),
]


@pytest.mark.parametrize(("form", "pair", "direction", "imps", "average", "ranked"), CASES)
def test_the_figures_are_the_board_results_added_up(
    outputs: Outputs, form: str, pair: int, direction: str, imps: str, average: str, ranked: str
) -> None:
    total, boards = _imps(outputs[form][2], pair, direction)
    assert (f"{total:.2f}", f"{total / boards:.2f}") == (imps, average)


@pytest.mark.parametrize(("form", "pair", "direction", "imps", "average", "ranked"), CASES)
def test_the_terminal_ranking_gives_each_figure_to_two_decimals(
    outputs: Outputs, form: str, pair: int, direction: str, imps: str, average: str, ranked: str
) -> None:
    lines = outputs[form][0].splitlines()
    at = next(i for i, line in enumerate(lines) if re.match(rf"\s+\d+\s+{pair}\s", line))
    line = lines[at]
    header = next(h for h in reversed(lines[:at]) if h.startswith("Rank"))  # its field's
    assert header.endswith("IMPs  Per board  Ranked on")
    assert line.split()[-3:] == [imps, average, ranked]
    # each figure right-aligned under its heading: the line ends where the header does
    assert len(line) == len(header)


@pytest.mark.parametrize(("form", "pair", "direction", "imps", "average", "ranked"), CASES)
def test_the_web_page_ranking_gives_each_figure_to_two_decimals(
    outputs: Outputs, form: str, pair: int, direction: str, imps: str, average: str, ranked: str
) -> None:
    page = outputs[form][1]
    ranking = page[page.index('<h2 id="ranking">') : page.index('<h2 id="boards">')]
    rows = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in ranking.split("<tr>")]
    row = next(r for r in rows if len(r) > 6 and r[1] == str(pair))
    assert row[4:7] == [imps, average, ranked]


@pytest.mark.parametrize(("form", "pair", "direction", "imps", "average", "ranked"), CASES)
def test_the_ranking_sheet_shows_two_decimals_under_headings_that_fit(
    outputs: Outputs, form: str, pair: int, direction: str, imps: str, average: str, ranked: str
) -> None:
    ranking = outputs[form][2]["Ranking"]
    header = next(r for r in ranking.iter_rows() if r[0].value == "Rank")
    assert [c.value for c in header[5:8]] == ["IMPs", "Per board", "Ranked on"]
    row = next(r for r in ranking.iter_rows() if r[1].value == pair and r[3].value == direction)
    assert [f"{c.value:.2f}" for c in row[5:8]] == [imps, average, ranked]
    assert {c.number_format for c in row[5:8]} == {"0.00"}
    # "Per board" and "Ranked on" printed bold need more than the 9 of Score's Max and %:
    # at 9 they ran into each other on the printed page
    assert [ranking.column_dimensions[x].width for x in "GH"] == [11, 11]


@pytest.mark.parametrize("form", ["cross-IMPs", "Butler"])
def test_board_results_has_no_empty_percent_columns(outputs: Outputs, form: str) -> None:
    """An IMP night has no percentage of a top: Board results ends at EW IMPs (its NS %
    and EW % columns were headed and printed with nothing in them)."""
    ws = outputs[form][2]["Board results"]
    assert [c.value for c in ws[1]] == [
        "Board", "NS pair", "EW pair", "Contract", "By", "Score", "NS IMPs", "EW IMPs"
    ]  # fmt: skip
    assert ws.max_column == 8
    assert ws.print_area == "'Board results'!$A$1:$H$217"  # 216 results and the header
    # board 1, pair 1 v 10, -50: -26 cross-IMPs, -4 Butler (test_imp_frequencies' hand work)
    first = next(ws.iter_rows(min_row=2, max_row=2, values_only=True))
    assert first == (
        1,
        1,
        10,
        "4H-1",
        "N",
        "-50",
        *{"cross-IMPs": (-26, 26), "Butler": (-4, 4)}[form],
    )


def test_a_matchpoint_night_keeps_its_percent_columns(outputs: Outputs) -> None:
    ws = outputs["matchpoints"][2]["Board results"]
    assert [c.value for c in ws[1]][6:] == ["NS MP", "EW MP", "NS %", "EW %"]
    assert ws.print_area == "'Board results'!$A$1:$J$217"
    # board 1's -50: 5 of a top of 14 is 35.71%
    first = next(ws.iter_rows(min_row=2, max_row=2, values_only=True))
    assert first[6:8] == (5, 9)
    assert f"{first[8]:.2f}" == "35.71"


@pytest.mark.parametrize(("form", "pair", "direction", "imps", "average", "ranked"), CASES)
def test_a_score_card_heads_the_pair_s_imps_to_two_decimals(
    outputs: Outputs, form: str, pair: int, direction: str, imps: str, average: str, ranked: str
) -> None:
    """The card gives the pair's IMPs as the ranking and the web page's card do
    (``68.00 IMPs``, not ``68 IMPs``)."""
    cards = outputs[form][2]["Score cards"]
    headings = [row[0] for row in cards.iter_rows(max_col=1, values_only=True) if row[0]]
    title = next(h for h in headings if str(h).startswith(f"Pair {pair} "))
    heading = headings[headings.index(title) + 1]
    field = "North-South" if direction == "NS" else "East-West"
    assert re.fullmatch(rf"Tuesday Pairs, 12 March 2024: rank \d+ {field}, {imps} IMPs", heading)
    assert re.search(rf'id="pair-{pair}"><h3>[^<]*: {imps} IMPs</h3>', outputs[form][1])
