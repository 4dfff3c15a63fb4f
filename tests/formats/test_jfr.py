"""A real JFR Pary result: an absent pair's 60/0 beside artificial scores that count.

tests/data/jfr holds the published pages of a Warsaw club's pairs barometer (8
August 2013, 23 pairs, 27 boards; JFR Pary 4.1.0.23): each board's traveller
(``wb130808NNN.txt``, board percentages to two decimals) and the ranking
(``W-wb130808.html``).  Pair 24 is absent all session: on every board the pair
due to meet it has a TD row of 60% / 0% ("TD 60.00 0.00").  Board 8 also has
a TD row of 60% / 60% (9 v 17, an A+/A+: the board was not played there), and
board 7 a TD row of 61.80% / 38.20% (9 v 17 again, a weighted score).

The published figures say what counts as a result:

* board 1 has eleven real results and the 60/0: they are matchpointed among
  themselves, a top of 20 (three -50s have 10%, the one 590 has 100%); were the
  60/0 one of the board's results, they would be factored by 12/11;
* board 8 has ten real results, the A+/A+ and the 60/0: its real results are
  factored by 11/10, not 12/10 (nine passes 44.50%, the one +100 99.50%): the
  A+/A+ counts, the 60/0 does not;
* each pair's percentage is its board percentages' mean, the 60% boards
  included (every pair plays all 27 boards).

In xlbridge the 60/0 is typed ``NP A60/0``, the A+/A+ ``A+/A+``; every board
is then scored to the field's 11 results ("max played", which the ``NP`` rows
stay out of), and every published figure is reproduced.  Board 7's TD row is
the weighted score ``67% 170; 33% 140``: the one mix of the board's two
commonest results that gives its own 61.80 / 38.20 and the other lines'
76.65, 31.65 and 5.00.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import pytest
from support import paths

from xlbridge.audit import (
    Figure,
    choose_convention,
    conventions_for,
    conventions_for_event,
    scored_with,
)
from xlbridge.cli import main
from xlbridge.event import Event, Pair, Play, ScoringConvention, Settings
from xlbridge.result import NotCounted, parse_result
from xlbridge.scored import EventResult
from xlbridge.session import score_event

DATA = paths.DATA / "jfr"
_ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
_CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
#: what each TD row (board, NS, EW) is, as a cell
TD_CELLS = {(7, "9", "17"): "67% 170; 33% 140", (8, "9", "17"): "A+/A+"}


def _text(cell: str) -> str:
    cell = re.sub(r'<img[^>]*alt="([^"]*)"[^>]*>', lambda m: m.group(1).upper(), cell)
    return html.unescape(re.sub(r"<[^>]+>", "", cell)).replace("\xa0", " ").strip()


def _travellers() -> list[tuple[int, list[str]]]:
    """(board, cells) of every traveller row: '', NS, EW, contract, by, lead, tricks,
    NS score, EW score, NS %, EW % (a TD row has one score cell, spanning both)."""
    rows = []
    for path in sorted(DATA.glob("wb130808[0-9][0-9][0-9].txt")):
        board = int(path.stem[-3:])
        for tr in _ROW.findall(path.read_text(encoding="iso-8859-2")):
            cells = [_text(c) for c in _CELL.findall(tr)]
            if len(cells) >= 10 and cells[1].isdigit():
                rows.append((board, cells))
    return rows


def _cell(board: int, cells: list[str]) -> object:
    ns, ew, contract = cells[1], cells[2], cells[3]
    if contract != "TD":
        return int(cells[7]) if cells[7] else -int(cells[8])
    if (cells[-2], cells[-1]) == ("60.00", "0.00"):
        return "NP A60/0"  # the absent pair's opponents 60%, the absent pair 0%
    return TD_CELLS[(board, ns, ew)]


def _ranking() -> dict[str, tuple[str, Figure]]:
    """Pair number: (place, percentage) from the published ranking."""
    page = (DATA / "W-wb130808.html").read_text(encoding="utf-8")
    found = {}
    for tr in _ROW.findall(page):
        pair = re.search(r"H-wb130808-(\d+)\.html", tr)
        percent = re.search(r'<td class="r">\s*([\d.]+)</td>', tr)
        cells = _CELL.findall(tr)
        if pair and percent:
            found[pair.group(1)] = (_text(cells[1]), Figure.parse(percent.group(1)))
    return found


@pytest.fixture(scope="module")
def rows() -> list[tuple[int, list[str]]]:
    return _travellers()


def _event(
    rows: list[tuple[int, list[str]]], absent: str = "NP A60/0", convention: str = "xlbridge"
) -> Event:
    plays = []
    for board, cells in rows:
        cell = _cell(board, cells)
        plays.append(
            Play(board, cells[1], cells[2], parse_result(absent if cell == "NP A60/0" else cell))
        )
    return Event(
        pairs=tuple(Pair(str(n)) for n in range(1, 25)),
        plays=tuple(plays),
        settings=Settings(convention=convention),
    )


@pytest.fixture(scope="module")
def result(rows: list[tuple[int, list[str]]]) -> EventResult:
    return score_event(_event(rows))


def test_the_pages_read(rows: list[tuple[int, list[str]]]) -> None:
    assert len(rows) == 27 * 12
    absent = [(b, c[1]) for b, c in rows if c[3] == "TD" and c[2] == "24"]
    assert len(absent) == 27 and all(c[-2:] == ["60.00", "0.00"] for b, c in rows if c[2] == "24")
    assert isinstance(parse_result(_cell(*next(r for r in rows if r[1][2] == "24"))), NotCounted)


def test_every_board_percentage_reproduced(
    rows: list[tuple[int, list[str]]], result: EventResult
) -> None:
    assert result.expected == 11  # the 60/0 rows are not results: "max played" is 11
    assert result.top == 20
    published = {(b, c[1], c[2]): (Figure.parse(c[-2]), Figure.parse(c[-1])) for b, c in rows}
    checked = 0
    for board in result.boards:
        assert board.results == 11  # board 8: ten real results and the A+/A+
        for scored in board.plays:
            ns, ew = published[(board.board, scored.play.ns, scored.play.ew)]
            assert scored.ns_score is not None and scored.ew_score is not None
            where = f"board {board.board}, {scored.play.ns} v {scored.play.ew}"
            assert ns.matches(100 * scored.ns_score / 20), where
            assert ew.matches(100 * scored.ew_score / 20), where
            checked += 2
    assert checked == 2 * 27 * 12


def test_the_examples_in_the_docstring(result: EventResult) -> None:
    board1 = {(p.play.ns, p.play.ew): p for p in result.board(1).plays}
    assert 100 * board1[("1", "2")].ns_score / 20 == 10  # -50, three times of eleven
    assert 100 * board1[("21", "22")].ns_score / 20 == 100  # 590
    board8 = {(p.play.ns, p.play.ew): p for p in result.board(8).plays}
    assert 100 * board8[("2", "21")].ns_score / 20 == pytest.approx(44.5)  # a pass
    assert 100 * board8[("5", "20")].ns_score / 20 == pytest.approx(99.5)  # +100


def test_every_pair_percentage_and_place_reproduced(result: EventResult) -> None:
    ranking = _ranking()
    assert len(ranking) == 23
    for label, (place, percentage) in ranking.items():
        mine = result.pair(label)
        assert percentage.matches(mine.percentage), label
        assert mine.rank == place, label


def test_the_kops_convention_reproduces_the_pages_as_the_td_typed_them(
    rows: list[tuple[int, list[str]]],
) -> None:
    """With the KoPS convention the TD's rows are typed as JFR prints them, ``A60/0``: pair
    24 has no real result, so it is absent, its table's 60/0 is not a result, and it is
    not ranked, as the published ranking of 23 pairs has it; every figure is reproduced."""
    kops = score_event(_event(rows, absent="A60/0", convention="KoPS"))
    assert kops.expected == 11 and kops.top == 20
    published = {(b, c[1], c[2]): (Figure.parse(c[-2]), Figure.parse(c[-1])) for b, c in rows}
    for board in kops.boards:
        for scored in board.plays:
            ns, ew = published[(board.board, scored.play.ns, scored.play.ew)]
            assert scored.ns_score is not None and scored.ew_score is not None
            assert ns.matches(5 * scored.ns_score) and ew.matches(5 * scored.ew_score)
    ranking = _ranking()
    assert {str(p.pair.label) for p in kops.pairs if p.rank} == set(ranking)
    for label, (place, percentage) in ranking.items():
        assert percentage.matches(kops.pair(label).percentage), label
        assert kops.pair(label).rank == place, label
    assert kops.pair("24").rank == "" and kops.pair("24").total == 0
    # xlbridge's own reading of the same cells: 12 results a board, pair 24 ranked last
    own = score_event(_event(rows, absent="A60/0"))
    assert own.expected == 12 and own.pair("24").rank == "24"


def test_counted_the_60_0_changes_every_figure(rows: list[tuple[int, list[str]]]) -> None:
    """Typed ``A60/0`` (a result that counts), each board is scored to 12 results."""
    counted = score_event(_event(rows, absent="A60/0"))
    assert counted.expected == 12
    board1 = {(p.play.ns, p.play.ew): p for p in counted.board(1).plays}
    # -50 among 11 results factored to 12: (12/11 x (2 + 1) - 1) of 22 = 10.33%, not 10.00
    assert not Figure.parse("10.00").matches(100 * board1[("1", "2")].ns_score / 22)


def test_usebio_carries_the_figures_and_the_import_finds_the_absent_pair(
    rows: list[tuple[int, list[str]]],
    result: EventResult,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Exported, every line has its published figure (% x 20); the 60/0 is SCORE A6000.

    USEBIO has no element saying a line is not a result: for other programs
    SCORE is A6000.  xlbridge writes the cell itself beside it (``NP A60/0``, in an
    ``<?xlbridge cell ...?>`` processing instruction), and board 7's weighted TD
    score too, so xlbridge reads its file back exactly.  Without the instruction
    (another program's file), A6000 is an artificial score that counts, every
    board would be scored to 12 results, and the import's audit finds the
    convention the figures say: a 0% artificial score is an absent pair's.
    """
    import defusedxml.ElementTree as SafeET

    from xlbridge.formats.usebio import figure_text, read_usebio, usebio_document
    from xlbridge.result import format_result

    data = usebio_document(result, version="1.2")
    published = {(b, c[1], c[2]): (Figure.parse(c[-2]), Figure.parse(c[-1])) for b, c in rows}
    scored = {(b.board, p.play.ns, p.play.ew): p for b in result.boards for p in b.plays}
    lines = 0
    for board in SafeET.fromstring(data, forbid_dtd=False).iter("BOARD"):
        number = int(board.findtext("BOARD_NUMBER"))
        for line in board.iter("TRAVELLER_LINE"):
            key = (number, line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER"))
            ns, ew = published[key]
            mine = scored[key]
            # the line's matchpoints: the exact figures whose percentages (of 20) are published
            assert line.findtext("NS_MATCH_POINTS") == figure_text(mine.ns_score), key
            assert line.findtext("EW_MATCH_POINTS") == figure_text(mine.ew_score), key
            assert ns.matches(5 * mine.ns_score) and ew.matches(5 * mine.ew_score), key
            if key[2] == "24":
                assert line.findtext("SCORE") == "A6000"
            lines += 1
    assert lines == 27 * 12
    path = tmp_path / "jfr.xml"
    path.write_bytes(data)
    again = read_usebio(path)
    absent = [p for p in again.event.plays if p.ew == "24"]
    assert {format_result(p.result) for p in absent} == {"NP A60/0"}  # read back as typed
    exact, _ = choose_convention(again, (scored_with(again.info.settings),))
    assert exact.differences == () and exact.result.expected == 11
    # another program's file says A6000 alone: the audit finds the absent pairs by the figures
    plain = tmp_path / "plain.xml"
    plain.write_bytes(re.sub(rb"\s*<\?xlbridge [^?]*\?>", b"", data))
    other = read_usebio(plain)
    assert {format_result(p.result) for p in other.event.plays if p.ew == "24"} == {"A60/0"}
    counted, _ = choose_convention(other, conventions_for(other.event.settings))
    assert counted.result.expected == 12 and counted.line_differences  # every board to 12
    chosen, tried = choose_convention(other, conventions_for_event(other.event))
    # the KoPS convention: pair 24 has no real result, so it is absent, its 60/0s are not
    # results; the older reading of a 0% side as an absent pair's gives the same figures
    assert chosen.convention.settings.convention is ScoringConvention.KOPS
    assert chosen.result.expected == 11 and chosen.result.pair("24").rank == ""
    by_zero = next(a for a in tried if a.convention.absent_pairs)
    assert by_zero.differences == chosen.differences
    # What remains is board 7's weighted TD score, which SCORE alone carries as its mean in
    # points (SCORE 160: 67% 170; 33% 140), and the totals of the pairs that played it.
    assert {d.where.split(",")[0] for d in chosen.line_differences} == {"board 7"}
    pairs = [d for d in chosen.differences if d not in chosen.line_differences]
    assert all(d.reason.startswith("follows from its published line") for d in pairs)

    night, out = tmp_path / "night.xlsx", tmp_path / "again.xml"
    assert main(["import", str(path), "-o", str(night)]) == 0
    assert "every one reproduced" in capsys.readouterr().out
    from openpyxl import load_workbook

    # the plain file imported: the audit says KoPS, and the workbook is set to it
    kops_night = tmp_path / "kops.xlsx"
    assert main(["import", str(plain), "-o", str(kops_night)]) == 0
    said = capsys.readouterr().out
    assert "convention: the KoPS convention; matchpoints: short boards factored by Neuberg\n" in (
        said
    )
    from xlbridge.workbook.pairs import layout as L

    settings = load_workbook(kops_night)[L.SETTINGS]
    assert settings[f"B{L.setting_row('Convention')}"].value == "KoPS"
    assert main(["score", str(kops_night), "-o", str(tmp_path / "k.xlsx")]) == 0
    terminal = capsys.readouterr().out
    assert re.search(r"\n +1 +13 ", terminal), terminal  # pair 13 first, at 61.83%
    assert not re.search(r"\n +\d+=? +24 ", terminal)  # pair 24 not ranked

    cells = {row[6] for row in load_workbook(night)["Travellers"].iter_rows(values_only=True)}
    assert "NP A60/0" in cells and "A60/0" not in cells
    assert main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]) == 0
    capsys.readouterr()

    def figures(document: bytes) -> dict:
        return {
            (int(b.findtext("BOARD_NUMBER")), line.findtext("NS_PAIR_NUMBER")): tuple(
                line.findtext(tag) for tag in ("SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS")
            )
            for b in SafeET.fromstring(document, forbid_dtd=False).iter("BOARD")
            for line in b.iter("TRAVELLER_LINE")
        }

    assert figures(data) == figures(out.read_bytes())  # board 7's weighted score too


@pytest.mark.parametrize("board", [1, 7, 8])
def test_excel_function_on_one_traveller(rows: list[tuple[int, list[str]]], board: int) -> None:
    """MATCHPOINT_PERCENT of one board's traveller, as typed: the published percentages.

    Without ``expected`` the board is scored among its own results, the NP row
    left out: eleven (board 8: ten and the A+/A+, board 7: ten and the weighted).
    """
    from xlbridge import udfs

    traveller = [c for b, c in rows if b == board]
    cells = [[_cell(board, c)] for c in traveller]
    for (ns, ew), c in zip(udfs.MATCHPOINT_PERCENT(cells), traveller, strict=True):
        assert Figure.parse(c[-2]).matches(Fraction(repr(ns))), (board, c[1], c[2])
        assert Figure.parse(c[-1]).matches(Fraction(repr(ew))), (board, c[1], c[2])


@pytest.mark.external  # LibreOffice
def test_libreoffice_counts_the_results_as_xlbridge_does(
    result: EventResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The workbook's own formulas (Frequencies' Results, Settings' Expected (used)) leave
    the NP A60/0 rows out: LibreOffice recalculates 11 expected results, not 12."""
    import shutil

    from support.libreoffice import ranking_rows, recalculated, with_xlbridge_values

    from xlbridge.formats.usebio import usebio_document
    from xlbridge.workbook.pairs import layout as L
    from xlbridge.workbook.pairs.night import score_night

    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice is not installed")
    xml, night = tmp_path / "jfr.xml", tmp_path / "night.xlsx"
    xml.write_bytes(usebio_document(result))
    assert main(["import", str(xml), "-o", str(night)]) == 0
    capsys.readouterr()
    scored = score_night(night)
    assert scored.result.expected == 11
    source = tmp_path / "values.xlsx"
    with_xlbridge_values(scored, source, night)
    wb = recalculated(source, tmp_path)
    assert wb[L.SETTINGS].cell(L.EXPECTED_USED_ROW, 2).value == 11
    assert wb[L.SETTINGS].cell(L.EXPECTED_USED_ROW + 1, 2).value == 20
    ranking = wb[L.RANKING]
    for row, (rank, total, percent) in ranking_rows(scored.result).items():
        assert ranking[f"A{row}"].value == rank
        assert ranking[f"F{row}"].value == pytest.approx(total, abs=1e-9)
        assert ranking[f"H{row}"].value == pytest.approx(percent, abs=1e-9)
