"""The bad-input corpus, third round: movement nights filled wrongly (issue 24, class 2).

A night made by ``xlbridge new --movement`` (a 5-table Mitchell, results
typed as contract / by / result; a 5-table Mitchell with a sit-out) is
filled wrongly the ways a scorer does: a pair number for the wrong
direction, a board typed at the wrong table, a row deleted or duplicated, a
sit-out pair given a score, the Movement sheet edited, the Round column
changed, two results for one board at one table.  And the earlier failure:
NS and EW swapped in a night numbered through (NS 1-9, EW 10-18) whose
Pairs sheet says which direction each pair sat.

Each must end in the correct figure (exit 0, the figures of the night as
typed right) or in exit 2 with a message naming the cell and what to type,
nothing written and the input unchanged.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import figures, filled
from support.paths import EXAMPLE

from xlbridge.cli import main
from xlbridge.workbook.pairs.night import score_night

T = "Travellers"
Mutation = Callable[[Workbook], None]


@dataclass(frozen=True)
class Case:
    mutate: Mutation
    expected: str  # a fragment of the message; "" when the night scores as typed right
    night: str = "mitchell"


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("movement-nights")
    small = folder / "through.xlsx"  # the example night, boards 1-4: NS 1-9, EW 10-18
    wb = load_workbook(EXAMPLE)
    for row in wb[T].iter_rows(min_row=2):
        if row[0].value is None or row[0].value > 4:
            for cell in row:
                cell.value = None
    for name in ("Board results", "Frequencies", "Ranking"):
        del wb[name]
    wb.save(small)
    return {
        "mitchell": filled(folder, "mitchell", "--tables", "5", "--boards", "20"),
        "sit-out": filled(folder, "sitout", "--tables", "5", "--boards", "10", "--sit-out"),
        "through": small,
    }


def put(cell: str, value: object) -> Mutation:
    def mutate(wb: Workbook) -> None:
        wb[T][cell] = value

    return mutate


def swap(row: int) -> Mutation:
    def mutate(wb: Workbook) -> None:
        ws = wb[T]
        ws[f"B{row}"], ws[f"C{row}"] = ws[f"C{row}"].value, ws[f"B{row}"].value

    return mutate


def delete_row(row: int) -> Mutation:
    def mutate(wb: Workbook) -> None:
        wb[T].delete_rows(row)

    return mutate


def copy_row(source: int, target: int, **changes: object) -> Mutation:
    def mutate(wb: Workbook) -> None:
        ws = wb[T]
        for letter in "ABCDEFGHJKL":
            ws[f"{letter}{target}"] = changes.get(letter, ws[f"{letter}{source}"].value)

    return mutate


def both(*mutations: Mutation) -> Mutation:
    def mutate(wb: Workbook) -> None:
        for mutation in mutations:
            mutation(wb)

    return mutate


def edit_movement_sheet(wb: Workbook) -> None:
    ws = wb["Movement"]
    for row in ws.iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and cell.value.startswith("NS 1 v"):
                cell.value = "NS 1 v EW 3\nboards 1-4"  # typed over by the TD


def unplaced(row: int) -> Mutation:
    """Round and Table cleared: the row as if typed by hand."""
    return both(put(f"J{row}", None), put(f"K{row}", None))


# Row 3 of the 5-table Mitchell: board 1, NS 5 v EW 4, round 2, table 5 (4H-ish results
# typed through TYPED); row 4: board 1, NS 4 v EW 2, round 3, table 4.
CASES: dict[str, Case] = {
    "NS pair number of another table": Case(
        put("B3", 4),
        "Travellers!B3: the movement seats NS 5 against EW 4 at table 5 in round 2, "
        "not NS 4 against EW 4",
    ),
    "NS and EW numbers swapped": Case(
        swap(3),
        "Travellers!B3: NS and EW are swapped: the movement seats NS 5 North-South and "
        "EW 4 East-West at table 5 in round 2",
    ),
    "NS and EW numbers swapped, typed by hand": Case(
        both(swap(3), unplaced(3)),
        "Travellers!B3: NS and EW are swapped: the movement seats NS 5 North-South and "
        "EW 4 East-West at table 5 in round 2",
    ),
    "a board typed at the wrong table": Case(
        put("A3", 5),
        "Travellers!A3: board 5 is not played at table 5 in round 2 (boards 1-4): "
        "type the board this row is for",
    ),
    "a board typed at the wrong table, typed by hand": Case(
        both(put("A3", 5), unplaced(3)),
        "Travellers!A3: NS 5 and EW 4 play boards 1-4 at table 5 in round 2, not board 5",
    ),
    "a row deleted": Case(
        delete_row(3),
        "Travellers!A101: no row for board 1 at table 5 in round 2 (NS 5 v EW 4): the "
        "movement plays it there and the row is missing (deleted?): type it (Board, NS pair, "
        "EW pair, Round, Table) from row 101 with the result, or NP",
    ),
    "a row cleared": Case(
        copy_row(200, 3),
        "Travellers!A102: no row for board 1 at table 5 in round 2 (NS 5 v EW 4)",
    ),
    "a row duplicated over the next": Case(
        copy_row(3, 4),
        "Travellers!B4: pair NS 5 is on board 1 twice (also Travellers!B3)",
    ),
    "the row it overwrote is missing": Case(
        copy_row(3, 4),
        "Travellers!A102: no row for board 1 at table 4 in round 3 (NS 4 v EW 2)",
    ),
    "a row duplicated below": Case(
        copy_row(3, 102),
        "Travellers!B102: pair NS 5 is on board 1 twice (also Travellers!B3)",
    ),
    "two results for one board at one table": Case(
        copy_row(3, 102, D="1NT", E="S", F="="),
        "Travellers!A102: board 1 has more results than the 5 tables in play",
    ),
    "the Round column changed": Case(
        put("J3", 3),
        "Travellers!J3: round 3, but NS 5 meets EW 4 on board 1 at table 5 in round 2: "
        "type 2 as the round",
    ),
    "the Table column changed": Case(
        put("K3", 1),
        "Travellers!K3: table 1, but NS 5 meets EW 4 on board 1 at table 5 in round 2: "
        "type 5 as the table",
    ),
    "text in the Round column": Case(
        put("J3", "two"),
        "Travellers!J3: 'two' is not a round number: type the round",
    ),
    "the Movement sheet edited": Case(edit_movement_sheet, ""),
    "a TD note keeps a changed row": Case(
        both(put("J3", 3), put("L3", "late arrival: played in round 3")), ""
    ),
    # 5 tables with a sit-out: no NS pair at table 5, its EW pair sits out each round
    "a sit-out pair given a score at the sit-out table": Case(
        copy_row(2, 60, J=1, K=5, B=5, C=5),
        "Travellers!B60: pair 'NS 5' is not on the Pairs sheet",
        "sit-out",
    ),
    "a sit-out pair given a score, typed by hand": Case(
        copy_row(2, 60, A=9, B=1, C=5, J=None, K=None),
        "Travellers!A60: NS 1 and EW 5 play boards 3-4 at table 1 in round 2, not board 9 "
        "(EW 5 sits out board 9, in round 1)",
        "sit-out",
    ),
    # the earlier failure: NS 1-9 and EW 10-18, the Pairs sheet's Direction column filled
    "NS and EW swapped in a night numbered through": Case(
        swap(2),
        "Travellers!B2: NS and EW are swapped: pair 10 sat East-West and pair 1 North-South "
        "(Pairs sheet, Pairs!C11 and Pairs!C2): type 1 as the NS pair and 10 as the EW pair",
        "through",
    ),
    "an EW pair typed as NS in a night numbered through": Case(
        put("B2", 11),
        "Travellers!B2: pair 11 sat East-West (Pairs!C12 says EW), but is typed as the NS pair",
        "through",
    ),
}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("name", list(CASES))
def test_movement_slip(
    name: str, nights: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = CASES[name]
    base = nights[case.night]
    wb = load_workbook(base)
    case.mutate(wb)
    path = tmp_path / "night.xlsx"
    wb.save(path)
    before = digest(path)
    out = tmp_path / "out.xlsx"
    status = main(["score", str(path), "-o", str(out)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert digest(path) == before, "the input file changed"
    if case.expected:
        assert status == 2, captured.out
        assert case.expected in captured.err, captured.err
        assert not out.exists()
    else:
        assert status == 0, captured.err
        assert figures(score_night(path))["pairs"] == figures(score_night(base))["pairs"]


def test_the_unmutated_nights_score_cleanly(nights: dict[str, Path]) -> None:
    for path in nights.values():
        assert not score_night(path).warnings
