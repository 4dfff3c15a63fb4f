"""Bridgemate ``.bws`` files: two real club nights imported, scored and checked line by line.

The expected figures do not come from xlbridge's reader: each night's
``ReceivedData`` table was exported once with ``mdb-export`` (mdbtools, a C
reader of Access databases) into the ``.ReceivedData.csv`` beside it, and the
matchpoints are recounted here from those rows (2 for each score beaten, 1 for
each tie, Neuberg's formula where a board has fewer results).
"""

from __future__ import annotations

import csv
import shutil
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support import bws_rows, paths

from xlbridge.cli import main
from xlbridge.contract import PlayedContract, board_vulnerability
from xlbridge.formats.bws import MAX_BWS_BYTES, read_bws
from xlbridge.pair import PairLabel
from xlbridge.session import score_event
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reader import read_workbook

DATA = paths.DATA / "bridgemate"
NIGHTS = {
    "LBC-2026-01-26.bws": (10, 9, 270, 6),  # tables, rounds, results, of them not played
    "260119M.BWS": (11, 9, 297, 0),
}

pytest.importorskip("access_parser")


def exported(name: str) -> list[dict[str, str]]:
    stem = name.rsplit(".", 1)[0]
    with open(DATA / f"{stem}.ReceivedData.csv", encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def figures(rows: list[dict[str, str]]) -> dict[tuple[int, str, str], Fraction]:
    """Each result's NS matchpoints (board, NS pair, EW pair), from the exported rows alone."""
    boards: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for row in rows:
        if row["Erased"] not in ("0", ""):
            continue
        if row["Remarks"].strip().lower() == "not played":
            continue
        board = int(row["Board"])
        played = PlayedContract.from_cells(row["Contract"], row["NS/EW"], row["Result"])
        assert played is not None
        boards[board].append(
            (row["PairNS"], row["PairEW"], played.score(board_vulnerability(board)))
        )
    expected = max(len(lines) for lines in boards.values())
    found: dict[tuple[int, str, str], Fraction] = {}
    for board, lines in boards.items():
        n = len(lines)
        for ns, ew, score in lines:
            beaten = sum(other < score for _, _, other in lines)
            tied = sum(other == score for _, _, other in lines) - 1
            mp = Fraction(2 * beaten + tied)
            if n != expected:  # Neuberg: (MP + 1) x E / N - 1, two a beat
                mp = (mp + 1) * expected / n - 1
            found[board, ns, ew] = mp
    return found


def recount(rows: list[dict[str, str]]) -> dict[PairLabel, Fraction]:
    """Each pair's matchpoint total, from the exported rows alone."""
    found = figures(rows)
    tops = 2 * (max(Counter(board for board, _, _ in found).values()) - 1)
    totals: dict[PairLabel, Fraction] = defaultdict(Fraction)
    for (_, ns, ew), mp in found.items():
        totals[PairLabel(ns, "NS")] += mp
        totals[PairLabel(ew, "EW")] += tops - mp
    return totals


@pytest.mark.parametrize("name", sorted(NIGHTS))
def test_a_real_night_imports_and_scores_line_by_line(name, tmp_path, capsys):
    tables, rounds, results, not_played = NIGHTS[name]
    night = tmp_path / "night.xlsx"
    assert main(["import", str(DATA / name), "-o", str(night)]) == 0
    out = capsys.readouterr().out
    assert f"Mitchell, {2 * tables} pairs, {tables} tables, {rounds} rounds, {results}" in out

    # every non-erased result is a traveller row: board, pairs, contract as entered
    rows = exported(name)
    ws = load_workbook(night)[L.TRAVELLERS]
    typed = {
        (r[0], r[1], r[2]): r for r in ws.iter_rows(min_row=2, values_only=True) if r[0] is not None
    }
    assert len(typed) == results
    for row in rows:
        cells = typed[(int(row["Board"]), int(row["PairNS"]), int(row["PairEW"]))]
        if row["Remarks"] == "Not played":
            assert cells[6] == "NP"
            continue
        played = PlayedContract.from_cells(row["Contract"], row["NS/EW"], row["Result"])
        assert played is not None
        assert tuple(c or "" for c in cells[3:6]) == played.cells()
        assert cells[9:11] == (int(row["Round"]), int(row["Table"]))
    assert sum(1 for r in typed.values() if r[6] == "NP") == not_played

    # scored as any night: each pair's total is the recount's
    scored = score_event(read_workbook(night).event)
    totals = {p.pair.label: p.total for p in scored.pairs}
    assert totals == recount(rows)
    assert main(["score", str(night), "-o", str(tmp_path / "results.xlsx")]) == 0


def test_scores_are_law_77_as_entered():
    """Three rows of the LBC night checked by hand against the Law 77 table."""
    night = read_bws(DATA / "LBC-2026-01-26.bws")
    plays = {(p.board, p.ns.number, p.ew.number): p for p in night.event.plays}
    # board 1, none vulnerable, 4S+2 by N: tricks 120 + 60, game bonus 300 = 480
    assert str(plays[(1, "1", "1")].played) == "4S+2 N"
    assert plays[(1, "1", "1")].result.ns.components == ((480, 1),)  # type: ignore[union-attr]
    players = {pair.label: pair.names for pair in night.event.pairs}
    assert players[PairLabel("1", "NS")] == "Lynn Gast & Rosema LaFrancesca"
    assert night.event.facts.date is not None and night.event.facts.date.isoformat() == (
        "2026-01-26"
    )


def test_hand_records_come_with_the_game(tmp_path, capsys):
    night = tmp_path / "night.xlsx"
    assert main(["import", str(DATA / "LBC-2026-01-26.bws"), "-o", str(night)]) == 0
    results = tmp_path / "results.xlsx"
    hands = DATA / "LBC-2026-01-26.pbn"
    assert main(["score", str(night), "-o", str(results), "--hands", str(hands)]) == 0


def damaged(tmp_path: Path, how: str) -> Path:
    path = tmp_path / "game.bws"
    data = (DATA / "LBC-2026-01-26.bws").read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    elif how == "not access":
        path.write_text("Section,Table\n1,1\n", encoding="utf-8")
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "header only":
        path.write_bytes(data[:4096])
    elif how == "cut at a page":
        path.write_bytes(data[: len(data) - 2048])
    elif how == "garbled":
        path.write_bytes(data[:8192] + bytes(range(256)) * 2000)
    return path


@pytest.mark.parametrize(
    "how", ["truncated", "cut at a page", "not access", "empty", "header only", "garbled"]
)
def test_a_damaged_file_is_refused_in_one_line(how, tmp_path, capsys):
    source = damaged(tmp_path, how)
    night = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "game.bws" in err
    assert len(err.strip().splitlines()) <= 3, err
    assert not night.exists()


def test_a_huge_file_is_not_read(tmp_path, capsys):
    source = tmp_path / "game.bws"
    with open(source, "wb") as handle:
        handle.write((DATA / "LBC-2026-01-26.bws").read_bytes()[:4096])
        handle.truncate(MAX_BWS_BYTES + 1)
    assert main(["import", str(source), "-o", str(tmp_path / "n.xlsx")]) == 2
    assert "larger than any Bridgemate night" in capsys.readouterr().err


def test_a_file_that_does_not_exist(tmp_path, capsys):
    assert main(["import", str(tmp_path / "nope.bws"), "-o", str(tmp_path / "n.xlsx")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_import_needs_no_mdbtools(monkeypatch):
    """The reader is pure Python: with no mdb-export on the PATH it reads the same."""
    monkeypatch.setenv("PATH", "")
    assert shutil.which("mdb-export") is None
    assert len(read_bws(DATA / "260119M.BWS").event.plays) == 297


# --- the slips a table makes, on a night built in memory ----------------------------------------


def tables(*received: tuple[object, ...]) -> object:
    """A two-table, two-round Mitchell (boards 1-2 then 3-4) with ``received`` rows."""
    columns = ("ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "NS/EW")
    columns += ("Contract", "Result", "Remarks", "Erased")
    data = {
        "Section": {"ID": [1], "Letter": ["A  "]},
        "RoundData": {
            "Section": [1, 1, 1, 1],
            "Table": [1, 2, 1, 2],
            "Round": [1, 1, 2, 2],
            "NSPair": [1, 2, 1, 2],
            "EWPair": [1, 2, 2, 1],
            "LowBoard": [1, 3, 3, 1],
            "HighBoard": [2, 4, 4, 2],
        },
        "ReceivedData": {c: [row[i] for row in received] for i, c in enumerate(columns)},
        "PlayerNumbers": {"Section": [], "Table": [], "Direction": [], "Number": [], "Name": []},
    }
    return lambda name: data[name]


def row(
    id_: int,
    table: int,
    round_: int,
    board: int,
    ns: int,
    ew: int,
    contract: str = "4 S",
    result: str = "=",
    remarks: str = "",
    erased: bool = False,
) -> tuple[object, ...]:
    return (id_, 1, table, round_, board, ns, ew, "N", contract, result, remarks, erased)


def test_a_corrected_board_keeps_the_last_entry_and_says_so():
    from xlbridge.formats.bws import _night

    night = _night(
        tables(
            row(1, 1, 1, 1, 1, 1, "4 S", "="),
            row(2, 1, 1, 1, 1, 1, "4 S", "+1"),
            row(3, 1, 1, 2, 1, 1, "3 NT", "-1", erased=True),
            row(4, 1, 1, 2, 1, 1, "3 NT", "="),
            *(row(5 + b, 2, 1, b, 2, 2) for b in (3, 4)),
            *(row(7 + b, t, 2, b, t, 3 - t) for t, b in ((1, 3), (1, 4), (2, 1), (2, 2))),
        ),  # type: ignore[arg-type]
        "game.bws",
    )
    assert [str(p.played) for p in night.event.plays[:2]] == ["4S+1 N", "3NT= N"]
    assert night.notes == (
        "table 1, round 1, board 1: entered again; the last entry stands (4 S +1 N, not 4 S = N)",
        "table 1, round 1, board 2: an erased entry, left out",
    )
    assert not night.provisional and night.event.facts.provisional == ""


def test_a_result_not_entered_or_erased_is_to_come_and_named():
    """Of the eight results of the two-table night, one never entered and one erased and
    not entered again: both to come, named by table, round and board; the night provisional."""
    from xlbridge.formats.bws import _night

    night = _night(
        tables(
            row(1, 1, 1, 1, 1, 1),
            row(2, 1, 1, 2, 1, 1, "3 NT", "-1", erased=True),
            *(row(3 + b, 2, 1, b, 2, 2) for b in (3, 4)),
            *(row(7 + b, t, 2, b, t, 3 - t) for t, b in ((1, 3), (2, 1), (2, 2))),
        ),  # type: ignore[arg-type]
        "game.bws",
    )
    assert [m.message for m in night.missing] == [
        "table 1, round 1, board 2: no result was entered (erased at the table and not entered "
        "again)",
        "table 1, round 2, board 4: no result was entered",
    ]
    assert [(m.board, str(m.ns), str(m.ew)) for m in night.missing] == [
        (2, "NS 1", "EW 1"),
        (4, "NS 1", "EW 2"),
    ]
    assert night.notes == ()  # the erased entry is said once, as a result to come
    assert len(night.event.plays) == 6
    assert night.event.facts.provisional == "2 results to come"
    assert night.event.facts.title == "Bridgemate game (PROVISIONAL: 2 results to come)"


def test_an_erased_entry_with_a_blank_board_is_left_out_as_erased():
    from xlbridge.formats.bws import _night

    night = _night(
        tables(
            row(1, 1, 1, None, 1, 1, erased=True),  # type: ignore[arg-type]
            *(row(1 + b, 1, 1, b, 1, 1) for b in (1, 2)),
            *(row(3 + b, 2, 1, b, 2, 2) for b in (3, 4)),
            *(row(7 + b, t, 2, b, t, 3 - t) for t, b in ((1, 3), (1, 4), (2, 1), (2, 2))),
        ),  # type: ignore[arg-type]
        "game.bws",
    )
    assert len(night.event.plays) == 8 and night.missing == () and night.notes == ()


@pytest.mark.parametrize(
    ("received", "message"),
    [
        (
            row(1, 1, 1, 1, 2, 1),
            "table 1, round 1, board 1: entered for NS 2 and EW 1, but the "
            "movement seats NS 1 and EW 1 there",
        ),
        (
            row(1, 1, 1, 3, 1, 1),
            "table 1, round 1, board 3: board 3 is not played there (the movement has boards 1-2)",
        ),
        (
            row(1, 3, 1, 1, 1, 1),
            "table 3, round 1, board 1: the movement (RoundData) has no such table and round",
        ),
        (row(1, 1, 1, 1, 1, 1, "4 S", "+4"), "table 1, round 1, board 1: "),
        (
            row(1, 1, 1, 1, 1, 1, "", ""),
            "table 1, round 1, board 1: no contract was entered (and the remarks do not say "
            "'Not played')",
        ),
        (
            row(1, 1, 1, None, 1, 1),  # type: ignore[arg-type]
            "table 1, round 1: a result was entered with no board number",
        ),
        (
            row(1, 1, 1, 1, None, 1),  # type: ignore[arg-type]
            "table 1, round 1, board 1: the NS pair number is blank (the movement seats NS 1 "
            "there): correct it in Bridgemate Control Software, or the Travellers after the import",
        ),
        (
            row(1, 2, 2, 1, 2, " "),  # type: ignore[arg-type]
            "table 2, round 2, board 1: the EW pair number is blank (the movement seats EW 1 "
            "there)",
        ),
        (
            row(7, None, 1, 1, 1, 1),  # type: ignore[arg-type]
            "game.bws, ReceivedData, entry 7: a result was entered with no table number",
        ),
    ],
)
def test_a_slip_at_the_table_is_named_by_table_round_and_board(received, message):
    from xlbridge.errors import ScoringError
    from xlbridge.formats.bws import _night

    with pytest.raises(ScoringError) as info:
        _night(tables(received), "game.bws")  # type: ignore[arg-type]
    assert message in str(info.value)
    assert "None" not in str(info.value)


# --- a real night with results missing, erased or blanked (its pages altered in place) --------

LBC = DATA / "LBC-2026-01-26.bws"
DROPPED = {"Table": 3, "Round": 2, "Board": 10}  # ID 36: 5S= by W, NS 3 v EW 2
ERASED = {"Table": 7, "Round": 5, "Board": 23}  # ID 140: 2H-1 by N, NS 7 v EW 3


def altered(tmp_path: Path, *changes: tuple[str, dict[str, int], str]) -> Path:
    """A copy of the LBC night with each (how, which row, column) change made in its pages."""
    data = LBC.read_bytes()
    for how, which, column in changes:
        entry = bws_rows.find(LBC, **which)
        if how == "drop":
            data = bws_rows.dropped(data, LBC, entry)
        elif how == "erase":
            data = bws_rows.erased(data, LBC, entry)
        else:
            data = bws_rows.blanked(data, LBC, entry, column)
    path = tmp_path / "game.bws"
    path.write_bytes(data)
    return path


def board_figures(night: Path) -> dict[tuple[int, str, str], Fraction]:
    """Each result's NS matchpoints as xlbridge scores the imported workbook."""
    scored = score_event(read_workbook(night).event)
    return {
        (board.board, play.play.ns.number, play.play.ew.number): play.ns_score
        for board in scored.boards
        for play in board.plays
        if play.ns_score is not None
    }


def test_a_result_dropped_and_one_erased_import_as_provisional(tmp_path, capsys):
    source = altered(tmp_path, ("drop", DROPPED, ""), ("erase", ERASED, ""))
    night = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 0
    out, err = capsys.readouterr()
    assert "Bridgemate, Mitchell, 20 pairs, 10 tables, 9 rounds, 268 results" in out
    assert err.splitlines() == [
        "provisional: 2 results to come (a traveller row left blank for each, to type in the "
        "workbook):",
        "  table 3, round 2, board 10: no result was entered",
        "  table 7, round 5, board 23: no result was entered (erased at the table and not "
        "entered again)",
    ]

    # the workbook is provisional as a typed night with two blank traveller rows is
    read = read_workbook(night)
    assert read.provisional
    assert (
        read.event.facts.title
        == "Bridgemate game, 26 January 2026 (PROVISIONAL: 2 results to come)"
    )
    assert [(c.round, c.table, c.board) for c in read.to_come] == [(2, 3, 10), (5, 7, 23)]
    ws = load_workbook(night)[L.TRAVELLERS]
    typed = [(*r[:8], *r[9:11]) for r in ws.iter_rows(min_row=2, values_only=True) if r[0]]
    assert len(typed) == 270
    assert [r for r in typed if r[3] is None and r[6] != "NP"] == [
        (10, 3, 2, None, None, None, None, None, 2, 3),
        (23, 7, 3, None, None, None, None, None, 5, 7),
    ]

    # the other results score as in the full night; the two boards short, by Neuberg,
    # as the exported rows without the two recount them
    full = tmp_path / "full.xlsx"
    assert main(["import", str(LBC), "-o", str(full)]) == 0
    whole, short = board_figures(full), board_figures(night)
    assert len(whole) == 264 and len(short) == 262
    for key, figure in short.items():
        if key[0] not in (10, 23):
            assert figure == whole[key], key
    rows = [r for r in exported(LBC.name) if r["ID"] not in ("36", "140")]
    assert {k: v for k, v in short.items() if k[0] in (10, 23)} == {
        k: v for k, v in figures(rows).items() if k[0] in (10, 23)
    }
    # board 10, both vulnerable, had 9 results of 10 (one not played); NS 10's -680 (4S+2
    # by W) beat one -710 and tied four -680s: 6 matchpoints, (6 + 1) x 10 / 9 - 1 = 61/9.
    # Without table 3's -650 it has 8: still 6, now (6 + 1) x 10 / 8 - 1 = 31/4
    assert whole[10, "10", "5"] == Fraction(61, 9)
    assert short[10, "10", "5"] == Fraction(31, 4)
    scored = score_event(read.event)
    assert {p.pair.label: p.total for p in scored.pairs} == recount(rows)

    capsys.readouterr()
    assert main(["score", str(night), "-o", str(tmp_path / "results.xlsx")]) == 0
    assert capsys.readouterr().err.splitlines()[:3] == [
        "provisional: 2 results to come (traveller rows left blank), by round:",
        "  round 2: board 10 (table 3)",
        "  round 5: board 23 (table 7)",
    ]


@pytest.mark.parametrize(
    ("column", "message"),
    [
        ("Board", "table 3, round 2: a result was entered with no board number"),
        (
            "PairNS",
            "table 3, round 2, board 10: the NS pair number is blank (the movement seats NS 3 "
            "there): correct it in Bridgemate Control Software, or the Travellers after the "
            "import",
        ),
        (
            "PairEW",
            "table 3, round 2, board 10: the EW pair number is blank (the movement seats EW 2 "
            "there): correct it in Bridgemate Control Software, or the Travellers after the "
            "import",
        ),
        (
            "Contract",
            "table 3, round 2, board 10: no contract was entered (and the remarks do not say "
            "'Not played')",
        ),
    ],
)
def test_a_blank_field_in_a_real_night_is_refused_by_table_round_and_board(
    column, message, tmp_path, capsys
):
    source = altered(tmp_path, ("blank", DROPPED, column))
    night = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "error: game.bws: 1 result(s) cannot be read:",
        f"  {message}",
    ]
    assert not night.exists()
