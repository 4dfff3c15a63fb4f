"""xlbridge score --pbn: the example night as PBN 2.1, read back by an independent parser.

endplay's PBN reader (endplay.parsers.pbn, a separate implementation of the
standard) reads the file; every figure it finds is checked against the
results workbook written by the same run: each traveller line's contract,
declarer, score, matchpoints and percentages, each pair's rank, total,
percentage, boards and names, each board's deal, double-dummy table and par.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from fractions import Fraction

import pytest
from openpyxl import load_workbook
from support import paths

from xlbridge.cli import main
from xlbridge.contract import Seat, Strain
from xlbridge.formats.hand_records import cache_path, load_hands
from xlbridge.formats.pbn import read_games
from xlbridge.workbook.pairs import layout as L

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")

EXAMPLE = paths.TEMPLATES / "example_club_night.xlsx"
HANDS = paths.TEMPLATES / "example_club_night_hands.pbn"


def _entry(token: str) -> str:
    return token[1:-1] if len(token) > 1 and token[0] == token[-1] == '"' else token


def _rows(info: dict) -> list[dict[str, str]]:
    """A table read by endplay as records; the last column (Names) may hold spaces."""
    names = [h if isinstance(h, str) else h["name"] for h in info["headers"]]
    records = []
    for tokens in info["rows"]:
        head, tail = tokens[: len(names) - 1], tokens[len(names) - 1 :]
        records.append(dict(zip(names, [*head, " ".join(tail)], strict=True)))
    return [{key: _entry(value) for key, value in record.items()} for record in records]


def _contract_and_tricks(cell: str | None) -> tuple[str, str]:
    """The workbook's contract cell (``4H-1``, ``3NT=``, ``Pass``) as PBN's contract and tricks."""
    if not cell:
        return "-", "-"
    if cell == "Pass":
        return "Pass", "-"
    match = re.fullmatch(r"([1-7])(NT|[SHDC])(X{0,2})([+-]\d+|=)?", cell)
    assert match is not None, cell
    level, strain, doubling, result = match.groups()
    tricks = int(level) + 6 + (0 if result in (None, "=") else int(result))
    return f"{level}{strain}{doubling}", str(tricks) if result else "-"


def _figure(value: object) -> str:
    number = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    return str(number.numerator) if number.denominator == 1 else f"{float(number):.2f}"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pbn")
    night = folder / "tuesday.xlsx"
    shutil.copy(EXAMPLE, night)
    shutil.copy(HANDS, folder / "deals.pbn")
    shutil.copy(cache_path(HANDS), cache_path(folder / "deals.pbn"))
    out, pbn = folder / "out.xlsx", folder / "out.pbn"
    args = ["score", str(night), "-o", str(out), "--pbn", str(pbn)]
    assert main([*args, "--hands", str(folder / "deals.pbn")]) == 0
    with pbn.open(encoding="utf-8") as f:
        boards = endplay_pbn.load(f)
    return boards, load_workbook(out), pbn


def test_every_traveller_figure_reads_back_equal(exported):
    boards, wb, _ = exported
    top = Fraction(wb[L.SETTINGS].cell(L.EXPECTED_USED_ROW + 1, 2).value)
    lines = {}
    for row in wb[L.BOARD_RESULTS].iter_rows(min_row=2, values_only=True):
        if row[0] is not None:
            lines[(row[0], str(row[1]), str(row[2]))] = row
    seen = 0
    for board in boards:
        for record in _rows(board.info["ScoreTable"]):
            row = lines[(board.board_num, record["PairId_NS"], record["PairId_EW"])]
            _, _, _, contract, declarer, score, ns_mp, ew_mp = row[:8]
            assert (record["Contract"], record["Result"]) == _contract_and_tricks(contract)
            assert record["Declarer"] == (declarer or "-")
            assert record["Score_NS"] == str(score).replace(" ", "")
            sides = ((ns_mp, "MP_NS", "Percentage_NS"), (ew_mp, "MP_EW", "Percentage_EW"))
            for mp, key, pct in sides:
                if mp is None:
                    assert record[key] == record[pct] == "-"
                    continue
                assert record[key] == _figure(mp)
                exact = Fraction(repr(mp)) if isinstance(mp, float) else Fraction(mp)
                assert float(record[pct]) == pytest.approx(float(100 * exact / top), abs=0.005)
            seen += 1
    assert seen == len(lines) == 216


def test_the_ranking_reads_back_equal(exported):
    boards, wb, _ = exported
    # the pairs' rows (a Mitchell's two fields each have a heading and a header row)
    ranking = [row for row in wb[L.RANKING].iter_rows(values_only=True) if isinstance(row[4], int)]
    records = _rows(boards[0].info["TotalScoreTable"])
    assert len(records) == len(ranking) == 17
    for record, row in zip(records, ranking, strict=True):
        rank, pair, names, direction, played, total, _, percentage = row[:8]  # then the title
        assert record["Rank"] == rank
        assert record["PairId"] == str(pair)
        assert record["Direction"] == direction
        assert record["NrBoards"] == str(played)
        assert record["TotalScoreMP"] == _figure(total)
        assert record["TotalPercentage"] == f"{percentage:.2f}"
        assert record["Names"] == names


def test_deals_double_dummy_and_par_read_back_equal(exported):
    boards, _, _ = exported
    hands = load_hands(HANDS, use_solver=False)
    assert [board.board_num for board in boards] == list(range(1, 28))
    for board in boards:
        ours = hands.boards[board.board_num]
        assert board.deal.to_pbn() == str(ours.deal)
        assert int(board.dealer) == "NESW".index(ours.record.dealer.value)
        table = {(r["Declarer"], r["Denomination"]): int(r["Result"])
                 for r in _rows(board.info["OptimumResultTable"])}  # fmt: skip
        assert ours.dd is not None and ours.par is not None
        assert len(table) == 20
        for (seat, strain), tricks in table.items():
            assert tricks == ours.dd.tricks_for(Seat.parse(seat), Strain.parse(strain))
        side, score = board.info["OptimumScore"].split()
        assert (int(score) if side == "NS" else -int(score)) == ours.par.score


def test_the_file_follows_the_table_syntax(exported):
    """Columns padded to their declared widths and alignments (PBN 2.1 section 5)."""
    _, _, pbn = exported
    (first, *_) = read_games(pbn.read_text(encoding="utf-8"))
    assert first.value("Scoring") == "MatchPoints"
    table = first.table("ScoreTable")
    assert table is not None
    text = pbn.read_text(encoding="utf-8").splitlines()
    start = text.index(next(line for line in text if line.startswith("[ScoreTable")))
    assert text[start + 1] == " 1 10 4H    N  9    -50      5      9  35.71  64.29"
    assert table.records()[0] == {
        "PairId_NS": "1", "PairId_EW": "10", "Contract": "4H", "Declarer": "N", "Result": "9",
        "Score_NS": "-50", "MP_NS": "5", "MP_EW": "9", "Percentage_NS": "35.71",
        "Percentage_EW": "64.29",
    }  # fmt: skip


def test_a_butler_night_exports_imps(tmp_path):
    night = tmp_path / "butler.xlsx"
    wb = load_workbook(EXAMPLE)
    wb[L.SETTINGS].cell(L.setting_row("ScoringForm"), 2, "butler")
    wb[L.ADJUSTMENTS]["D2"] = "MP"  # the example's -10% penalty as -10 IMPs
    wb.save(night)
    out, pbn = tmp_path / "out.xlsx", tmp_path / "out.pbn"
    assert main(["score", str(night), "-o", str(out), "--pbn", str(pbn)]) == 0
    with pbn.open(encoding="utf-8") as f:
        boards = endplay_pbn.load(f)
    results = load_workbook(out)
    lines = {
        (row[0], str(row[1]), str(row[2])): row
        for row in results[L.BOARD_RESULTS].iter_rows(min_row=2, values_only=True)
        if row[0] is not None
    }
    assert boards[0].info["Scoring"] == "IMP;Butler"
    for board in boards:
        assert "Deal" not in board.info  # no hand records given
        for record in _rows(board.info["ScoreTable"]):
            row = lines[(board.board_num, record["PairId_NS"], record["PairId_EW"])]
            assert "MP_NS" not in record
            for value, key in ((row[6], "IMP_NS"), (row[7], "IMP_EW")):
                assert record[key] == ("-" if value is None else _figure(value))
    ranking = [r for r in results[L.RANKING].iter_rows(values_only=True) if isinstance(r[4], int)]
    records = _rows(boards[0].info["TotalScoreTable"])
    assert [(r["Rank"], r["PairId"], r["TotalScoreIMP"]) for r in records] == [
        (row[0], str(row[1]), _figure(row[5])) for row in ranking
    ]


def test_the_export_reads_back_into_the_same_event_and_figures(exported):
    """xlbridge's own reader (formats.pbn.read_results) gets the event back: same ranking."""
    from xlbridge.formats.pbn import read_results
    from xlbridge.session import score_event
    from xlbridge.workbook.pairs.reader import read_workbook

    _, _, pbn = exported
    results = read_results(pbn.read_text(encoding="utf-8"), pbn.name)
    assert results.program == "xlbridge"
    rescored = score_event(results.event)
    original = score_event(read_workbook(EXAMPLE).event)
    ours = {p.pair.label: p for p in original.pairs}
    back = {p.pair.label: p for p in rescored.pairs}
    assert set(back) == set(ours)
    for label, pair in back.items():
        assert pair.pair.names == ours[label].pair.names
        # pair 14's -10% penalty on board 9 (Adjustments sheet) comes back from the file's
        # XlbridgeAdjustmentTable: every total is the original's, exactly
        assert (pair.total, pair.percentage) == (ours[label].total, ours[label].percentage)
    assert results.event.adjustments == tuple(
        replace(a, source=b.source)
        for a, b in zip(
            read_workbook(EXAMPLE).event.adjustments, results.event.adjustments, strict=False
        )
    )
    published = {p.label: p for p in results.pairs}
    assert published["14"].total == _figure(ours["14"].total)  # the published total has it
    by_line = {(b.board, s.play.ns, s.play.ew): s for b in rescored.boards for s in b.plays}
    for line in results.lines:
        scored = by_line[(line.board, line.ns, line.ew)]
        for figure, ours in ((line.ns_figure, scored.ns_score), (line.ew_figure, scored.ew_score)):
            assert (figure is None) == (ours is None)
            if ours is not None:
                assert figure == _figure(ours)


def test_import_reads_the_export_back_and_audits_every_figure(exported, tmp_path, capsys):
    """xlbridge import EVENT.pbn: the event as a workbook, every published figure checked.

    Every one is reproduced, pair 14's total and percentage too: its -10% penalty on
    board 9 (the Adjustments sheet) is in the file's XlbridgeAdjustmentTable.
    """
    _, _, pbn = exported
    night = tmp_path / "imported.xlsx"
    capsys.readouterr()
    assert main(["import", str(pbn), "-o", str(night)]) == 0
    out = capsys.readouterr().out
    # 216 lines x 2 sides, less the NP row's two, plus 17 totals and 17 percentages
    assert "464 published figures checked: every one reproduced" in out
    assert "convention: the settings the file says it was scored with" in out
    from xlbridge.session import score_event
    from xlbridge.workbook.pairs.reader import read_workbook

    rescored = score_event(read_workbook(night).event)
    original = score_event(read_workbook(EXAMPLE).event)
    ours = {p.pair.label: p for p in original.pairs}
    for pair in rescored.pairs:
        assert (pair.rank, pair.total) == (
            ours[pair.pair.label].rank,
            ours[pair.pair.label].total,
        )


def test_a_mitchell_numbered_by_direction_round_trips(tmp_path, capsys):
    """NS 1-3 and EW 1-3: PBN's PairIds are the numbers, the directions tell the pairs apart."""
    night = tmp_path / "mitchell.xlsx"
    assert (
        main(["new", str(night), "--movement", "mitchell", "--tables", "3", "--boards", "6"]) == 0
    )
    wb = load_workbook(night)
    scores = iter([110, -100, 140, 200, -200, 0] * 3)
    travellers = wb[L.TRAVELLERS]
    for row in range(2, 20):
        travellers.cell(row, 7, next(scores))
    for row in range(2, 8):
        wb[L.PAIRS].cell(row, 2, f"Player {row}a & Player {row}b")
    wb.save(night)
    pbn, imported = tmp_path / "m.pbn", tmp_path / "imported.xlsx"
    assert main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--pbn", str(pbn)]) == 0
    with pbn.open(encoding="utf-8") as f:
        boards = endplay_pbn.load(f)
    first = _rows(boards[0].info["ScoreTable"])[0]
    assert (first["PairId_NS"], first["PairId_EW"]) == ("1", "1")
    totals = _rows(boards[0].info["TotalScoreTable"])
    assert sorted((r["Direction"], r["PairId"]) for r in totals) == [
        (direction, str(n)) for direction in ("EW", "NS") for n in (1, 2, 3)
    ]
    capsys.readouterr()
    assert main(["import", str(pbn), "-o", str(imported)]) == 0
    assert "48 published figures checked: every one reproduced" in capsys.readouterr().out
    from xlbridge.session import score_event
    from xlbridge.workbook.pairs.reader import read_workbook

    again = score_event(read_workbook(imported).event)
    first_time = score_event(read_workbook(night).event)
    assert [(p.rank, p.pair.label, p.pair.names, p.total) for p in again.pairs] == [
        (p.rank, p.pair.label, p.pair.names, p.total) for p in first_time.pairs
    ]
