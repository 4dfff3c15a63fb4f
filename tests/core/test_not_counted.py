"""An artificial score that does not count as a result on the board: ``NP A60/0``.

A pair absent from a round (EBU White Book 2.4.5: the absent pair Ave- or less,
down to 0%; the pair left without opponents Ave+; JFR Pary's ``60/0``) gets an
artificial score although the board was not played at that table.  Such a row
is not one of the board's results: the board is played one time fewer.  The
figures asserted are published ones:

* Bavin, "The Neuberg formula" (EBU), section 3: a board of eleven tables on
  which one table does not play.  Approach (b), "score this board with a top of
  18" (the board as played ten times), and section 4, the Neuberg figures of the
  ten results factored to eleven (19.9, 17.7, ... 0.1 of a top of 20);
* a real Compscore3 file (tests/data/usebio/mp_pairs_mitchell_adjusted_02.xml):
  its ``A6040`` line typed as one that does not count leaves every published
  figure of the file as it was, since a short board is factored to the field's
  expected number of results either way.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F
from pathlib import Path

import defusedxml.ElementTree as SafeET
import pytest
from support import paths

from xlbridge import board as board_module
from xlbridge import session as session_module
from xlbridge import udfs
from xlbridge.audit import audit, choose_convention, conventions_for
from xlbridge.board import Board, frequency_lines
from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.event import Event, Pair, Play
from xlbridge.formats.usebio import read_usebio
from xlbridge.pair import PairLabel
from xlbridge.report import format_frequency_table
from xlbridge.result import (
    NotCounted,
    Result,
    count_results,
    counts_as_result,
    format_result,
    parse_result,
)
from xlbridge.session import score_event

DATA = paths.DATA / "usebio"
ADJUSTED = DATA / "mp_pairs_mitchell_adjusted_02.xml"

#: Bavin's board: ten results where eleven were expected.
BAVIN = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
#: Bavin section 4: the ten results factored by 11/10, NS matchpoints of a top of 20.
BAVIN_NEUBERG = [F(x, 10) for x in (199, 177, 155, 133, 111, 89, 67, 45, 23, 1)]
#: Bavin section 3(b): the board scored with a top of 18, as played ten times.
BAVIN_TOP_18 = [F(x) for x in (18, 16, 14, 12, 10, 8, 6, 4, 2, 0)]


def rows(*cells: object) -> list:
    return [parse_result(cell) for cell in cells]


class TestCellForm:
    def test_np_then_an_artificial_score(self) -> None:
        for text in ("NP A60/0", "NP 60/0", "np a60/0", "NP60/0", "NP A6000"):
            row = parse_result(text)
            assert isinstance(row, NotCounted)
            assert (row.ns.percent, row.ew.percent) == (60, 0)
            assert format_result(row) == "NP A60/0"
            assert parse_result(format_result(row)) is row
        assert format_result(parse_result("NP A+/A-")) == "NP A+/A-"
        assert format_result(parse_result("NP A=")) == "NP A="

    def test_counts_as_result_is_the_one_rule(self) -> None:
        assert counts_as_result(parse_result("A60/40"))
        assert counts_as_result(parse_result(420))
        assert not counts_as_result(parse_result("NP A60/40"))
        assert not counts_as_result(parse_result("NP"))
        assert not counts_as_result(None)
        # not the same cell as the counted score with the same percentages
        assert parse_result("NP A60/40") != parse_result("A60/40")

    @pytest.mark.parametrize("text", ["NP 420", "NP x", "NP 30% 420; 70% 450"])
    def test_np_with_a_real_score_is_refused(self, text: str) -> None:
        with pytest.raises(ScoringError, match="NP A60/0 for an absent pair"):
            parse_result(text, "row 4")

    def test_one_side_only_is_refused_with_the_np_form_as_the_example(self) -> None:
        with pytest.raises(ScoringError) as caught:
            parse_result("NP A+", "row 4")
        assert str(caught.value) == (
            "row 4: 'NP A+' is ambiguous: give both sides, e.g. 'NP A+/A-' or 'NP A+/A+'"
        )

    def test_a_ruling_id_is_still_a_ruling(self) -> None:
        rulings = {"NP1": Result.of(420)}
        assert parse_result("NP1", rulings=rulings) is Result.of(420)


class TestBoard:
    def test_a_table_given_an_average_counts(self) -> None:
        """Bavin: the slow table told to take an average; the board expects 11 results."""
        board = Board(rows(*BAVIN, "A="))
        assert (board.expected, board.played) == (11, 11)
        mp = board.matchpoints()
        assert [m[0] for m in mp[:10]] == BAVIN_NEUBERG
        assert mp[10] == (10, 10)  # 50% of the top of 20

    def test_a_row_that_does_not_count_plays_the_board_one_time_fewer(self) -> None:
        """Bavin 3(b): the board scored with a top of 18; the absent pair's 60/0 of that top."""
        board = Board(rows(*BAVIN, "NP A60/0"))
        assert (board.expected, board.played) == (10, 10)
        mp = board.matchpoints()
        assert [m[0] for m in mp[:10]] == BAVIN_TOP_18
        assert [m[1] for m in mp[:10]] == [18 - m for m in BAVIN_TOP_18]
        assert mp[10] == (F(108, 10), 0)

    def test_factored_to_the_expected_number_like_np(self) -> None:
        """With the field's 11 given, the ten results are factored (Bavin section 4)."""
        for other in ("NP A60/0", "NP"):
            mp = Board(rows(*BAVIN, other), expected=11).matchpoints()
            assert [m[0] for m in mp[:10]] == BAVIN_NEUBERG
        assert Board(rows(*BAVIN, "NP A60/0"), expected=11).matchpoints()[10] == (12, 0)

    def test_factored_is_the_board_made_on_the_expected_number(self) -> None:
        """Bavin section 4 again, the board made once on its own ten results (a top of 18)
        and then factored to the field's 11: the same rows, counted once, a top of 20."""
        own = Board(rows(*BAVIN, "NP"))
        assert [m[0] for m in own.matchpoints()[:10]] == BAVIN_TOP_18
        factored = own.factored(11)
        assert (factored.expected, factored.played, factored.rows) == (11, 10, own.rows)
        assert [m[0] for m in factored.matchpoints()[:10]] == BAVIN_NEUBERG
        assert [m[0] for m in own.matchpoints()[:10]] == BAVIN_TOP_18  # unchanged
        with pytest.raises(ScoringError, match=r"^the board has 10 results but only 9 were"):
            own.factored(9)

    def test_a_night_counts_each_boards_rows_once(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Bavin's board and a second board in one session: each board's rows are counted
        once, when its Board is made, and the board result carries that count."""
        counted: list[int] = []

        def count(found: object) -> int:
            number = count_results(found)  # type: ignore[arg-type]
            counted.append(number)
            return number

        monkeypatch.setattr(board_module, "count_results", count)
        monkeypatch.setattr(session_module, "count_results", count, raising=False)
        pairs = [Pair(f"NS {n}") for n in range(1, 12)] + [Pair(f"EW {n}") for n in range(1, 12)]
        cells = [*BAVIN, "NP"]
        plays = [Play(1, f"NS {n}", f"EW {n}", cell) for n, cell in enumerate(cells, 1)]
        plays += [Play(2, f"NS {n}", f"EW {n}", 420 if n > 1 else 450) for n in range(1, 12)]
        result = score_event(Event(pairs=tuple(pairs), plays=tuple(plays)))
        assert counted == [10, 11]
        assert [b.results for b in result.boards] == [10, 11]
        ns = {p.pair.label: p.boards[0].score for p in result.pairs if p.boards}
        assert [ns[f"NS {n}"] for n in range(1, 11)] == BAVIN_NEUBERG

    def test_frequency_table_names_it(self) -> None:
        lines = frequency_lines(rows(*BAVIN, "NP A60/0", "A="), expected=11)
        assert [(line.score, line.freq, line.ns_mp) for line in lines[:2]] == [
            ("NP A60", 1, 12),
            ("A=", 1, 10),
        ]
        assert [line.ns_mp for line in lines[2:]] == BAVIN_NEUBERG
        assert [line.counted for line in lines[:2]] == [False, True]
        # the Freq total is the board's results: ten real ones and the A=, not the NP row
        assert format_frequency_table(lines).splitlines()[-1].split() == ["11", "11"]

    def test_excel_functions_take_the_same_cells(self) -> None:
        cells = [[s] for s in BAVIN] + [["NP A60/0"]]
        mp = udfs.MATCHPOINTS(cells)
        assert [row[0] for row in mp[:10]] == [float(m) for m in BAVIN_TOP_18]
        assert mp[10] == [10.8, 0.0]
        factored = udfs.MATCHPOINTS(cells, 11)
        assert [row[0] for row in factored[:10]] == [float(m) for m in BAVIN_NEUBERG]
        pct = udfs.MATCHPOINT_PERCENT(cells)
        assert pct[10] == [60.0, 0.0]
        table = udfs.FREQUENCY_TABLE(cells, 11)
        assert table[0][:2] == ["NP A60", 1]


class TestSession:
    def _event(self, extra: str, boards: int = 1) -> Event:
        pairs = [Pair(f"{n}NS") for n in range(1, 12)] + [Pair(f"{n}EW") for n in range(1, 12)]
        plays = []
        for board in range(1, boards + 1):
            for table, score in enumerate(BAVIN, start=1):
                plays.append(Play(board, f"{table}NS", f"{table}EW", parse_result(score)))
            cell = extra if board == 1 else 100
            plays.append(Play(board, "11NS", "11EW", parse_result(cell)))
        return Event(pairs=tuple(pairs), plays=tuple(plays))

    def test_max_played_leaves_it_out(self) -> None:
        """One board, ten results and an absent pair: played ten times, a top of 18."""
        result = score_event(self._event("NP A60/0"))
        assert result.expected == 10
        board = result.board(1)
        assert board.results == 10
        assert [p.ns_score for p in board.plays[:10]] == BAVIN_TOP_18
        absent = board.plays[10]
        assert (absent.ns_score, absent.ew_score) == (F(108, 10), 0)
        counted = score_event(self._event("A60/40"))
        assert counted.expected == 11
        assert [p.ns_score for p in counted.board(1).plays[:10]] == BAVIN_NEUBERG

    def test_a_short_board_in_a_full_field_is_factored(self) -> None:
        """Board 2 played eleven times: board 1's ten results are factored to 11."""
        result = score_event(self._event("NP A60/0", boards=2))
        assert result.expected == 11
        board = result.board(1)
        assert board.results == 10
        assert [p.ns_score for p in board.plays[:10]] == BAVIN_NEUBERG
        # the absent pair's 0% is a board it is scored on: in its maximum (2 tops of 20)
        absent = result.pair("11EW")
        assert absent.maximum == 40
        assert absent.board(1).score == 0


def _with_not_counted(published):
    """The file's event with its one ``A6040`` line (``A60/40``) as a row that does not count."""
    plays = []
    changed = []
    for play in published.event.plays:
        row = play.result
        if isinstance(row, Result) and format_result(row) == "A60/40":
            plays.append(dataclasses.replace(play, result=NotCounted(row.ns, row.ew)))
            changed.append(play)
        else:
            plays.append(play)
    event = dataclasses.replace(published.event, plays=tuple(plays))
    return dataclasses.replace(published, event=event), changed


def test_real_file_figures_unchanged_when_the_average_plus_does_not_count() -> None:
    """Compscore3's published figures: a short board is factored to the field's E either way."""
    published = read_usebio(ADJUSTED)
    modified, changed = _with_not_counted(published)
    assert len(changed) == 1
    chosen, _ = choose_convention(published, conventions_for(published.event.settings))
    again = audit(modified, chosen.convention)
    assert [d.where for d in again.differences] == [d.where for d in chosen.differences]
    assert again.checked == chosen.checked
    board = changed[0].board
    assert again.result.board(board).results == chosen.result.board(board).results - 1
    line = next(
        line
        for line in published.lines
        if (line.board, line.ns, line.ew) == (board, changed[0].ns, changed[0].ew)
    )
    # its own published figures: 60% and 40% of the top of 40
    assert line.ns_figure.matches(F(24)) and line.ew_figure.matches(F(16))


def test_workbook_usebio_and_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Typed in the Travellers score cell, read, scored, explained and written as USEBIO."""
    from openpyxl import load_workbook

    night, edited, out = tmp_path / "n.xlsx", tmp_path / "e.xlsx", tmp_path / "o.xml"
    assert main(["import", str(ADJUSTED), "-o", str(night)]) == 0
    wb = load_workbook(night)
    ws = wb["Travellers"]
    header = [cell.value for cell in ws[1]]
    column = header.index("NS score") + 1
    hits = [row[column - 1] for row in ws.iter_rows(min_row=2) if row[column - 1].value == "A60/40"]
    assert len(hits) == 1
    hits[0].value = "NP A60/40"
    board = ws.cell(hits[0].row, header.index("Board") + 1).value
    wb.save(edited)
    capsys.readouterr()
    assert main(["explain", str(edited), "--board", str(board)]) == 0
    text = capsys.readouterr().out
    assert "NP A60/40, not played at this table" in text
    assert main(["score", str(edited), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]) == 0
    capsys.readouterr()

    def lines(path: Path) -> dict:
        return {
            (
                int(b.findtext("BOARD_NUMBER")),
                PairLabel.parse(line.findtext("NS_PAIR_NUMBER")),
                PairLabel.parse(line.findtext("EW_PAIR_NUMBER")),
            ): line
            for b in SafeET.parse(path, forbid_dtd=False).getroot().iter("BOARD")
            for line in b.iter("TRAVELLER_LINE")
        }

    original, written = lines(ADJUSTED), lines(out)
    assert original.keys() == written.keys()
    published = read_usebio(ADJUSTED)
    chosen, _ = choose_convention(published, conventions_for(published.event.settings))
    listed = {d.where for d in chosen.differences}
    for line in published.lines:
        key = (line.board, line.ns, line.ew)
        assert written[key].findtext("SCORE") == original[key].findtext("SCORE")
        if line.source in listed:
            continue
        assert line.ns_figure.matches(F(written[key].findtext("NS_MATCH_POINTS"))), line.source
        assert line.ew_figure.matches(F(written[key].findtext("EW_MATCH_POINTS"))), line.source
