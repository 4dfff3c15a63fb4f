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
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support import paths

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


def recount(rows: list[dict[str, str]]) -> dict[PairLabel, Fraction]:
    """Each pair's matchpoint total, from the exported rows alone."""
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
    totals: dict[PairLabel, Fraction] = defaultdict(Fraction)
    for lines in boards.values():
        n = len(lines)
        for ns, ew, score in lines:
            beaten = sum(other < score for _, _, other in lines)
            tied = sum(other == score for _, _, other in lines) - 1
            mp = Fraction(2 * beaten + tied)
            if n != expected:  # Neuberg: (MP + 1) x E / N - 1, two a beat
                mp = (mp + 1) * expected / n - 1
            totals[PairLabel(ns, "NS")] += mp
            totals[PairLabel(ew, "EW")] += 2 * (expected - 1) - mp
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
        ),  # type: ignore[arg-type]
        "game.bws",
    )
    assert [str(p.played) for p in night.event.plays] == ["4S+1 N"]
    assert night.notes == (
        "table 1, round 1, board 1: entered again; the last entry stands (4 S +1 N, not 4 S = N)",
        "table 1, round 1, board 2: an erased entry, left out",
    )


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
        (row(1, 1, 1, 1, 1, 1, "", ""), "no contract was entered"),
    ],
)
def test_a_slip_at_the_table_is_named_by_table_round_and_board(received, message):
    from xlbridge.errors import ScoringError
    from xlbridge.formats.bws import _night

    with pytest.raises(ScoringError) as info:
        _night(tables(received), "game.bws")  # type: ignore[arg-type]
    assert message in str(info.value)
