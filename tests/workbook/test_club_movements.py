"""Issue 13, done when: club nights made by ``xlbridge new --movement``, filled with scores only.

Each workbook is made by the command, only the NS score column is typed (no
board, no pair number), and ``xlbridge score`` ranks it: NS and EW apart in a
Mitchell (pairs known by number and direction), one field in a Howell.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge.cli import main
from xlbridge.session import score_event
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reader import read_workbook

#: Part scores that are the same whatever the vulnerability (2H=, 3S=, 3H+1, 1NT=, 2NT=, ...).
SCORES = (110, 140, 170, 90, 120, -110, -140, -90, -120, 150)

NIGHTS = {
    "7-table Mitchell, 21 boards": (["--tables", "7", "--boards", "21"], 14, 7, "Mitchell"),
    "6-table share-and-relay, 18 boards": (
        ["--tables", "6", "--boards", "18"],
        12,
        6,
        "Mitchell share-and-relay",
    ),
    "6-table skip Mitchell, 15 boards": (
        ["--tables", "6", "--boards", "15", "--skip"],
        12,
        5,
        "Skip Mitchell",
    ),
    "5-table Mitchell with a sit-out": (
        ["--tables", "5", "--boards", "15", "--sit-out"],
        9,
        5,
        "Mitchell with a sit-out",
    ),
}


def new_night(tmp_path: Path, kind: str, options: list[str]) -> Path:
    path = tmp_path / "night.xlsx"
    args = ["new", str(path), "--movement", kind, *options, "--event", "Tuesday pairs"]
    assert main([*args, "--date", "2026-11-24"]) == 0
    return path


def fill_scores(path: Path, target: Path) -> int:
    """Type an NS score on every pre-filled traveller row; return the rows filled."""
    wb = load_workbook(path)
    ws = wb[L.TRAVELLERS]
    filled = 0
    pick = random.Random(13).choice
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, 1).value is not None:
            ws.cell(row, 7, pick(SCORES))
            filled += 1
    wb.save(target)
    return filled


@pytest.mark.parametrize("name", NIGHTS)
def test_mitchell_nights(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    options, pairs, rounds, movement = NIGHTS[name]
    path = new_night(tmp_path, "mitchell", options)
    settings = {r[0]: r[1] for r in load_workbook(path)[L.SETTINGS].iter_rows(values_only=True)}
    assert settings["Movement"] == movement
    filled = tmp_path / "filled.xlsx"
    rows = fill_scores(path, filled)
    capsys.readouterr()
    assert main(["score", str(filled)]) == 0
    out = capsys.readouterr().out
    assert "North-South" in out and "East-West" in out
    result = score_event(read_workbook(filled).event)
    assert len(result.pairs) == pairs
    assert Counter(p.field for p in result.pairs) == {"NS": pairs // 2, "EW": (pairs + 1) // 2}
    # every pair plays 3 boards a round; with a sit-out each EW pair sits out one round
    assert {len(p.boards) for p in result.pairs if p.field == "NS"} == {rounds * 3}
    sits_out = "sit-out" in movement
    assert {len(p.boards) for p in result.pairs if p.field == "EW"} == {(rounds - sits_out) * 3}
    assert rows == sum(len(p.boards) for p in result.pairs if p.field == "NS")
    assert result.pair("NS 1").pair.label == "NS 1" and result.pair("EW 1").field == "EW"
    assert all(p.percentage is not None for p in result.pairs)


def test_howell_night(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_night(tmp_path, "howell", ["--tables", "4", "--boards", "21"])
    filled = tmp_path / "filled.xlsx"
    assert fill_scores(path, filled) == 4 * 21
    assert main(["score", str(filled)]) == 0
    result = score_event(read_workbook(filled).event)
    assert [p.field for p in result.pairs] == [""] * 8  # one field
    assert {len(p.boards) for p in result.pairs} == {21}  # every pair plays every board
    assert sum(p.total for p in result.pairs) == 21 * 4 * 6  # 4 results, top 6: 24 a board
    assert len({p.total for p in result.pairs}) > 1


def test_a_swapped_row_is_reported_with_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_night(tmp_path, "mitchell", ["--tables", "7", "--boards", "21"])
    filled = tmp_path / "filled.xlsx"
    fill_scores(path, filled)
    wb = load_workbook(filled)
    ws = wb[L.TRAVELLERS]
    assert ws["B10"].value != ws["C10"].value
    ws["B10"], ws["C10"] = ws["C10"].value, ws["B10"].value
    wb.save(filled)
    capsys.readouterr()
    assert main(["score", str(filled)]) == 2
    err = capsys.readouterr().err
    board, rnd, table = ws["A10"].value, ws["J10"].value, ws["K10"].value
    ns, ew = ws["C10"].value, ws["B10"].value
    assert (
        f"Travellers!B10: NS and EW are swapped: the movement seats NS {ns} North-South and "
        f"EW {ew} East-West at table {table} in round {rnd}: correct the row, or type a note "
        "in Travellers!L10 to keep it"
    ) in err, err
    # the TD keeps the row with a note: no longer reported (the pairs are then unknown)
    ws["L10"] = "NS and EW sat the wrong way"
    wb.save(filled)
    capsys.readouterr()
    main(["score", str(filled)])
    assert "swapped" not in capsys.readouterr().err
    assert board


def test_mitchell_numbering_downstream(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """NS 1 and EW 1 stay two pairs in the HTML page, the results workbook, explain and merge."""
    path = new_night(tmp_path, "mitchell", ["--tables", "5", "--boards", "15"])
    clubs = []
    for club in ("north", "south"):
        filled = tmp_path / f"{club}.xlsx"
        fill_scores(path, filled)
        wb = load_workbook(filled)
        wb[L.SETTINGS]["B2"] = club
        wb[L.PAIRS]["B2"] = f"{club} players"  # two clubs: not the same club given twice
        wb.save(filled)
        clubs.append(filled)
    html = tmp_path / "north.html"
    assert main(["score", str(clubs[0]), "--html", str(html)]) == 0
    page = html.read_text(encoding="utf-8")
    assert "<h3>NS 1 " in page and "<h3>EW 1 " in page and "24 November 2026" in page
    ranking = load_workbook(tmp_path / "north-results.xlsx")[L.RANKING]
    rows = [r for r in ranking.iter_rows(min_row=2, values_only=True) if r[1]]
    assert {(r[1], r[3]) for r in rows} >= {("NS 1", "NS"), ("EW 1", "EW")}
    cards = load_workbook(tmp_path / "north-results.xlsx")[L.SCORE_CARDS]
    assert cards["A1"].value.startswith("NS ")
    capsys.readouterr()
    assert main(["explain", str(clubs[0]), "--board", "1"]) == 0
    assert "NS 1" in capsys.readouterr().out
    assert main(["merge", *map(str, clubs), "-o", str(tmp_path / "merged.xlsx")]) == 0
    out = capsys.readouterr().out
    assert "north:NS 1" in out and "south:EW 1" in out


def test_boards_that_do_not_share_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "night.xlsx"
    args = ["new", str(path), "--movement", "mitchell", "--tables", "6", "--boards", "18"]
    assert main([*args, "--skip"]) == 2
    assert capsys.readouterr().err == (
        "error: 18 boards do not share out over the 5 rounds of a 6-table skip Mitchell: "
        "give a multiple of 5 (15, 20)\n"
    )
    assert not path.exists()


def test_pairs_that_would_meet_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's hand-made Mitchell: a row naming an EW pair the NS pair meets elsewhere."""
    path = new_night(tmp_path, "mitchell", ["--tables", "7", "--boards", "21"])
    filled = tmp_path / "filled.xlsx"
    fill_scores(path, filled)
    wb = load_workbook(filled)
    ws = wb[L.TRAVELLERS]
    assert (ws["A10"].value, ws["B10"].value, ws["C10"].value) == (2, 7, 6)  # round 2, table 7
    ws["C10"] = 7  # NS 7 meets EW 7 in round 1 on boards 19-21
    wb.save(filled)
    capsys.readouterr()
    assert main(["score", str(filled)]) == 2
    assert (
        "Travellers!B10: the movement seats NS 7 against EW 6 at table 7 in round 2, not NS 7 "
        "against EW 7; they meet at table 7 in round 1 (boards 19-21), so they would meet twice"
    ) in capsys.readouterr().err


def test_the_result_drop_down_survives_excel() -> None:
    """Excel turns a typed = into a formula and +1 into 1, except in a text cell."""
    from xlbridge.workbook.pairs.template import build_template

    ws = build_template()[L.TRAVELLERS]
    assert ws["F2"].number_format == "@" and ws["F1001"].number_format == "@"
    (rule,) = [dv for dv in ws.data_validations.dataValidation if "F2" in str(dv.sqref)]
    assert rule.formula1 == '"m,=,+1,+2,+3,+4,+5,+6,-1,-2,-3,-4,-5,-6,-7"'


def test_movement_and_table_cards_sheets(tmp_path: Path) -> None:
    path = new_night(tmp_path, "mitchell", ["--tables", "5", "--boards", "10", "--sit-out"])
    wb = load_workbook(path)
    assert wb.sheetnames[:3] == ["How to use", L.MOVEMENT, L.TABLE_CARDS]
    movement = [c for row in wb[L.MOVEMENT].iter_rows(values_only=True) for c in row if c]
    assert "NS 1 v EW 1\nboards 1-2" in movement  # round 1, table 1
    assert "NS 1 v EW 5\nboards 3-4" in movement  # round 2: EW 5 came up from table 5
    assert "EW 5 sits out" in movement  # round 1 at table 5, the half table
    assert "Table 5 has no NS pair: the EW pair arriving there sits out." in movement
    cards = [row for row in wb[L.TABLE_CARDS].iter_rows(values_only=True) if any(row)]
    assert cards[0][0] == "Table 1" and cards[2] == ("Round", "North-South", "East-West", "Boards")
    assert cards[3] == (1, "NS 1", "EW 1", "1-2")
    assert len(wb[L.TABLE_CARDS].row_breaks.brk) == 5  # one card a page
    pairs = [r[:3] for r in wb[L.PAIRS].iter_rows(min_row=2, values_only=True) if r[0]]
    assert pairs[:1] == [(1, None, "NS")] and len(pairs) == 9 and pairs[-1] == (5, None, "EW")
    settings = {r[0]: r[1] for r in wb[L.SETTINGS].iter_rows(values_only=True)}
    assert (settings["Event"], settings["Tables"], settings["Boards"]) == ("Tuesday pairs", 5, 10)
    assert settings["Date"].date().isoformat() == "2026-11-24"


def test_an_adjustment_names_a_mitchell_pair_with_its_direction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_night(tmp_path, "mitchell", ["--tables", "3", "--boards", "6"])
    filled = tmp_path / "filled.xlsx"
    fill_scores(path, filled)
    wb = load_workbook(filled)
    wb[L.ADJUSTMENTS].append(["EW 2", None, -1, "MP", "slow play"])
    wb.save(filled)
    plain = score_event(read_workbook(filled).event)
    assert [(a.pair, a.amount) for a in read_workbook(filled).event.adjustments] == [("EW 2", -1)]
    assert plain.pair("EW 2").session_adjustment == -1 and plain.pair("NS 2").total >= 0
    wb[L.ADJUSTMENTS]["A2"] = 2
    wb.save(filled)
    capsys.readouterr()
    assert main(["score", str(filled)]) == 2
    assert "Adjustments!A2: pair 2 is both NS 2 and EW 2: write NS 2 or EW 2" in (
        capsys.readouterr().err
    )


def test_a_seven_pair_howell_with_a_sit_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An odd number of pairs: 7 pairs at 4 tables, 7 rounds of 2 boards.  Every pair meets
    every other pair exactly once (21 meetings) and sits out one round; every board is
    played 3 times.  It was refused ("a complete Howell here has no skip and no sit-out")."""
    from xlbridge.movement import make_movement

    movement = make_movement("howell", 4, 14, sit_out=True)
    played = [s for s in movement.seats if not s.sit_out]
    meetings = Counter(frozenset((str(s.ns), str(s.ew))) for s in played)
    pairs = [str(n) for n in range(1, 8)]
    assert set(meetings) == {frozenset((a, b)) for a in pairs for b in pairs if a < b}
    assert set(meetings.values()) == {1}  # 21 meetings, each once
    sitting_out = Counter(str(s.ew) for s in movement.seats if s.sit_out)
    assert sitting_out == dict.fromkeys(pairs, 1)
    path = new_night(tmp_path, "howell", ["--tables", "4", "--boards", "14", "--sit-out"])
    assert "Howell with a sit-out" in capsys.readouterr().out
    filled = tmp_path / "filled.xlsx"
    assert fill_scores(path, filled) == 3 * 14  # three tables play each round
    assert main(["score", str(filled)]) == 0
    result = score_event(read_workbook(filled).event)
    assert sorted(str(p.pair.label) for p in result.pairs) == pairs
    assert {len(p.boards) for p in result.pairs} == {12}  # 6 rounds of 2 boards each
    assert sum(p.total for p in result.pairs) == 14 * 3 * 4  # 3 results a board, top 4


def test_the_table_cards_say_where_boards_are_shared_and_the_relay_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_night(tmp_path, "mitchell", ["--tables", "6", "--boards", "18"])
    column = next(load_workbook(path)[L.TABLE_CARDS].iter_cols(1, 1, values_only=True))
    notes = [str(v) for v in column if v and ("share the" in str(v) or "stand" in str(v))]
    assert notes == [
        "Tables 1 and 6 share the same boards each round: pass them across.",
        "The relay stand (one set of boards resting) is between this table and table 4.",
        "The relay stand (one set of boards resting) is between table 3 and this table.",
        "Tables 1 and 6 share the same boards each round: pass them across.",
    ]
