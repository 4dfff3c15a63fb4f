"""The KoPS convention (KoPS and JFR Pary, Poland): an absent pair's table, worked by hand.

An IMP-pairs night (cross-IMPs, the total of every comparison) on the 3-table Howell of
xlbridge's movements (one board a round, ``THREE_TABLE_HOWELL``): pair 6 does not come,
so on each of the five boards the pair due to meet it gets the TD's average, typed as
the TD types it, ``A60/40`` (``A40/60`` when the present pair sits EW).  Under the KoPS
convention that average is not a result: each board's two real results are compared
with each other alone (one comparison), the present pair gets its +3 IMPs for that one
comparison (3 IMPs per 10% above average, per comparison), and pair 6 is not ranked.

The rows, round by round (NS v EW, board: NS score):

====== ============== ============== ==============
round  table 1        table 2        table 3
====== ============== ============== ==============
1      1 v 6, 1: A+   2 v 5, 2: -100 3 v 4, 3: 420
2      1 v 5, 3: 450  6 v 4, 2: A+EW 2 v 3, 4: -200
3      1 v 4, 4: 110  5 v 3, 1: 420  6 v 2, 3: A+EW
4      1 v 3, 2: 140  4 v 2, 1: 170  5 v 6, 4: A+
5      1 v 2, 5: 1430 3 v 6, 5: A+   4 v 5, 5: 650
====== ============== ============== ==============

Each board by hand (WBF IMP scale; every score one a contract makes at the board's
vulnerability):

* board 1: 420 (5 v 3) against 170 (4 v 2): 250 is 6 IMPs; NS 5 +6, EW 3 -6, NS 4 -6,
  EW 2 +6; pair 1 (NS, present) +3 (an A+: settled below), pair 6 -3;
* board 2: 140 (1 v 3) against -100 (2 v 5): 240 is 6; NS 1 +6, EW 3 -6, NS 2 -6,
  EW 5 +6; pair 4 (EW) +3;
* board 3: 450 (1 v 5) against 420 (3 v 4): 30 is 1; NS 1 +1, EW 5 -1, NS 3 -1, EW 4 +1;
  pair 2 (EW) +3;
* board 4: 110 (1 v 4) against -200 (2 v 3): 310 is 7; NS 1 +7, EW 4 -7, NS 2 -7,
  EW 3 +7; pair 5 (NS) +3;
* board 5: 1430 (1 v 2) against 650 (4 v 5): 780 is 13; NS 1 +13, EW 2 -13, NS 4 -13,
  EW 5 +13; pair 3 (EW) +3.

The average a present pair gets is an A+ (60%), settled as every A+ is (Law 12C2(c), the
A+/A- note's mainstream method): raised to the pair's own IMPs a board on its other
boards when that is better.  Pair 1 has 6 + 1 + 7 + 13 = 27 on its other four boards,
27/4 a board, so its A+ on board 1 is 27/4, not 3; pair 5 has 6 + 6 - 1 + 13 = 24, 6 a
board, so its board 4 is 6; pairs 2, 3 and 4 (-5, -3/2, -25/4 a board) keep their +3.

The pair cards and totals: pair 1 27/4 + 6 + 1 + 7 + 13 = 135/4; pair 2 6 - 6 + 3 - 7 -
13 = -17; pair 3 -6 - 6 - 1 + 7 + 3 = -3; pair 4 -6 + 3 + 1 - 7 - 13 = -22; pair 5 6 + 6 -
1 + 6 + 13 = 30.  Pair 6 has the -3 of each of its tables (its 40%, nothing to settle
it against): -15, and is not ranked: 1 (135/4), 5 (30), 3 (-3), 2 (-17), 4 (-22).

Counted as a result (xlbridge's own reading of a plain ``A60/40``), every board would
have three results: the real ones factored by 3/2 and the average +3 x 2 comparisons.
"""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

import pytest

from xlbridge.audit import choose_convention, conventions_for_event
from xlbridge.cli import main
from xlbridge.event import Event, Pair, Play, ScoringConvention, Settings
from xlbridge.formats.usebio import read_usebio, usebio_document
from xlbridge.movement import THREE_TABLE_HOWELL, howell
from xlbridge.result import NotCounted, format_result, parse_result
from xlbridge.scored import EventResult
from xlbridge.session import absent_pairs, score_event

#: board: (NS, EW, the cell typed); the movement's own rows (checked below)
ROWS = {
    1: [("1", "6", "A60/40"), ("5", "3", 420), ("4", "2", 170)],
    2: [("2", "5", -100), ("6", "4", "A40/60"), ("1", "3", 140)],
    3: [("3", "4", 420), ("1", "5", 450), ("6", "2", "A40/60")],
    4: [("2", "3", -200), ("1", "4", 110), ("5", "6", "A60/40")],
    5: [("1", "2", 1430), ("3", "6", "A60/40"), ("4", "5", 650)],
}
#: board: {(NS, EW): (NS IMPs, EW IMPs)}, worked by hand above
LINES = {
    1: {("1", "6"): (F(27, 4), -3), ("5", "3"): (6, -6), ("4", "2"): (-6, 6)},
    2: {("2", "5"): (-6, 6), ("6", "4"): (-3, 3), ("1", "3"): (6, -6)},
    3: {("3", "4"): (-1, 1), ("1", "5"): (1, -1), ("6", "2"): (-3, 3)},
    4: {("2", "3"): (-7, 7), ("1", "4"): (7, -7), ("5", "6"): (6, -3)},
    5: {("1", "2"): (13, -13), ("3", "6"): (3, -3), ("4", "5"): (-13, 13)},
}
#: pair: its card, board by board (IMPs), worked by hand above
CARDS = {
    "1": [F(27, 4), 6, 1, 7, 13],
    "2": [6, -6, 3, -7, -13],
    "3": [-6, -6, -1, 7, 3],
    "4": [-6, 3, 1, -7, -13],
    "5": [6, 6, -1, 6, 13],
    "6": [-3, -3, -3, -3, -3],
}
TOTALS = {"1": F(135, 4), "2": -17, "3": -3, "4": -22, "5": 30, "6": -15}
RANKING = [("1", "1"), ("5", "2"), ("3", "3"), ("2", "4"), ("4", "5")]


def event(convention: str = "KoPS", average: str | None = None) -> Event:
    plays = tuple(
        Play(board, ns, ew, parse_result(average if average and isinstance(c, str) else c))
        for board, rows in ROWS.items()
        for ns, ew, c in rows
    )
    settings = Settings(form="cross-imps", convention=convention)
    return Event(pairs=tuple(Pair(str(n)) for n in range(1, 7)), plays=plays, settings=settings)


@pytest.fixture(scope="module")
def result() -> EventResult:
    return score_event(event())


def test_the_rows_are_the_three_table_howell() -> None:
    seats = howell(3, 5).seats
    assert len(THREE_TABLE_HOWELL) == 5
    played = {(s.boards[0], str(s.ns), str(s.ew)) for s in seats}
    assert played == {(board, ns, ew) for board, rows in ROWS.items() for ns, ew, _ in rows}


def test_the_absent_pair_is_the_one_with_no_real_result() -> None:
    assert absent_pairs(event()) == {"6"}


def test_every_line_as_worked_by_hand(result: EventResult) -> None:
    assert result.expected == 2  # each board's two real results: the average is not one
    for number, lines in LINES.items():
        board = result.board(number)
        assert board.results == 2
        found = {(p.play.ns, p.play.ew): (p.ns_score, p.ew_score) for p in board.plays}
        assert found == {key: (F(ns), F(ew)) for key, (ns, ew) in lines.items()}, number
        # the average, as typed, read as not a result on the board
        average = next(p.play.result for p in board.plays if "6" in (p.play.ns, p.play.ew))
        assert isinstance(average, NotCounted)
        assert format_result(average) in {"NP A60/40", "NP A40/60"}


def test_every_pair_card_and_total_as_worked_by_hand(result: EventResult) -> None:
    for label, card in CARDS.items():
        pair = result.pair(label)
        assert [b.board for b in pair.boards] == [1, 2, 3, 4, 5]
        assert [b.score for b in pair.boards] == card, label
        assert pair.total == TOTALS[label] == sum(card), label


def test_the_absent_pair_is_not_ranked(result: EventResult) -> None:
    ranked = [(str(p.pair.label), p.rank) for p in result.pairs if p.rank]
    assert ranked == RANKING
    absent = result.pair("6")
    assert absent.rank == "" and absent.score is None
    assert result.pairs[-1] is absent  # listed after the ranking


def test_typed_np_the_lines_are_the_same_but_the_absent_pair_is_ranked() -> None:
    """Without the convention, ``NP A60/40`` scores the lines alike; pair 6 is ranked 4th."""
    plain = event("xlbridge")
    plays = tuple(
        Play(p.board, p.ns, p.ew, parse_result(f"NP {format_result(p.result)}"))
        if "6" in (p.ns, p.ew)
        else p
        for p in plain.plays
    )
    scored = score_event(Event(pairs=plain.pairs, plays=plays, settings=plain.settings))
    for number, lines in LINES.items():
        found = {
            (p.play.ns, p.play.ew): (p.ns_score, p.ew_score) for p in scored.board(number).plays
        }
        assert found == {key: (F(ns), F(ew)) for key, (ns, ew) in lines.items()}, number
    assert [(str(p.pair.label), p.total) for p in scored.pairs] == [
        ("1", F(135, 4)),
        ("5", 30),
        ("3", -3),
        ("6", -15),
        ("2", -17),
        ("4", -22),
    ]
    assert scored.pair("6").rank == "4"


def test_counted_the_average_changes_every_line() -> None:
    """xlbridge's reading of a plain ``A60/40``: three results a board, factored by 3/2."""
    counted = score_event(event("xlbridge"))
    assert counted.expected == 3
    board1 = {(p.play.ns, p.play.ew): (p.ns_score, p.ew_score) for p in counted.board(1).plays}
    assert board1[("5", "3")] == (9, -9) and board1[("4", "2")] == (-9, 9)  # 6 IMPs x 3/2
    # pair 1's A+ (+6) raised to its (9 + 3/2 + 21/2 + 39/2) / 4 = 81/8 a board elsewhere
    assert counted.pair("1").total == F(81, 8) + 9 + F(3, 2) + F(21, 2) + F(39, 2)
    # pair 6 ranked: 5 x -6 = -30, above pair 4's -9 + 6 + 3/2 - 21/2 - 39/2 = -63/2
    assert (counted.pair("6").total, counted.pair("6").rank) == (-30, "5")
    assert (counted.pair("4").total, counted.pair("4").rank) == (F(-63, 2), "6")


def test_the_import_finds_the_kops_convention(
    result: EventResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Written as USEBIO with nothing but its figures (as another program writes it: SCORE
    A6040, no xlbridge instructions), the import tries each convention and the KoPS one
    reproduces every line and total; the workbook it writes says KoPS."""
    text = usebio_document(result, version="1.2").decode("utf-8")
    bare = tmp_path / "bare.xml"
    bare.write_text(re.sub(r"\s*<\?xlbridge [^?]*\?>", "", text), encoding="utf-8")
    published = read_usebio(bare)
    absent = {format_result(p.result) for p in published.event.plays if "6" in (p.ns, p.ew)}
    assert absent == {"A60/40", "A40/60"}  # SCORE A6040: an average that counts, as read
    chosen, tried = choose_convention(published, conventions_for_event(published.event))
    assert chosen.convention.settings.convention is ScoringConvention.KOPS
    assert chosen.differences == ()
    counted = next(a for a in tried if a.convention.settings.convention.value == "xlbridge")
    assert counted.differences  # counted, every real line is factored by 3/2
    night = tmp_path / "night.xlsx"
    assert main(["import", str(bare), "-o", str(night)]) == 0
    said = capsys.readouterr().out
    assert "convention: the KoPS convention; cross-IMPs: the total of every comparison\n" in said
    assert "published figures checked: every one reproduced" in said
    out = tmp_path / "out.xlsx"
    assert main(["score", str(night), "-o", str(out)]) == 0
    terminal = capsys.readouterr().out
    assert re.search(r"\n +1 +1 +5 +33\.75 ", terminal), terminal
