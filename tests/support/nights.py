"""Club nights made for the tests, and the steps every corpus case takes with one."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from support.paths import EXAMPLE
from xlbridge.cli import main
from xlbridge.contract import board_vulnerability, is_possible_score
from xlbridge.result import format_result
from xlbridge.workbook.pairs.night import ScoredNight

Mutation = Callable[[Workbook], None]


def put(sheet: str, cell: str, value: object) -> Mutation:
    def mutate(wb: Workbook) -> None:
        wb[sheet][cell] = value

    return mutate


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build(base: Path, folder: Path, mutate: Mutation) -> Path:
    wb = load_workbook(base)
    mutate(wb)
    path = folder / "night.xlsx"
    wb.save(path)
    return path


def imp_night(folder: Path, form: str) -> Path:
    """The example night scored in IMPs: Settings' Scoring ``form`` (``cross-IMPs`` or
    ``Butler``), its Adjustments cleared (a % of a top, which an IMP night refuses)."""

    def mutate(wb: Workbook) -> None:
        settings = wb["Settings"]
        row = next(r for r in range(1, 40) if settings.cell(r, 1).value == "Scoring")
        settings.cell(row, 2, form)
        for cells in wb["Adjustments"].iter_rows(min_row=2):
            for cell in cells:
                cell.value = None

    return build(EXAMPLE, folder, mutate)


def run_score(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["score", str(path), "-o", str(path.with_name("out.xlsx"))])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


#: What the tables bid and made, in turn (contract, declarer, result).
TYPED = [
    ("4H", "S", "="),
    ("3NT", "N", "+1"),
    ("2S", "E", "-1"),
    ("Pass", None, None),
    ("4SX", "W", "-2"),
    ("1NT", "W", "="),
    ("5C", "N", "-1"),
    ("3D", "E", "+2"),
]


def figures(scored: ScoredNight) -> dict[str, object]:
    """Every figure of a scored night: each table's score and matchpoints, each pair's total."""
    result = scored.result
    return {
        "plays": [
            (
                p.play.board,
                p.play.ns,
                p.play.ew,
                format_result(p.play.result),
                p.ns_score,
                p.ew_score,
            )
            for board in result.boards
            for p in board.plays
        ],
        "pairs": [(p.pair.label, p.total, p.percentage, p.rank) for p in result.pairs],
        "warnings": tuple(map(str, scored.warnings)),
    }


def filled(
    folder: Path,
    name: str,
    *options: str,
    movement: str = "mitchell",
    start: int = 0,
    edit: Callable[[Workbook], None] | None = None,
) -> Path:
    """A night from ``xlbridge new`` with every result typed (contract, by, result), the
    results of TYPED in turn from ``start`` (nights with other starts score differently);
    ``edit`` types whatever else the night needs before it is saved (one save, not two)."""
    path = folder / f"{name}.xlsx"
    assert main(["new", str(path), "--movement", movement, *options]) == 0
    wb = load_workbook(path)
    ws = wb["Travellers"]
    turn = start
    for row in range(2, ws.max_row + 1):
        if ws[f"A{row}"].value is None:
            continue
        contract, declarer, result = TYPED[turn % len(TYPED)]
        ws[f"D{row}"], ws[f"E{row}"], ws[f"F{row}"] = contract, declarer, result
        turn += 1
    if edit is not None:
        edit(wb)
    wb.save(path)
    return path


SCORES = [420, -50, 140, 620, -100, 1430, 110, -140, 650, -800, 170, 0, 100, -620, 450, 200]


def fill_round(source: Path, target: Path, round_number: int) -> None:
    """Type round ``round_number``'s NS scores into both rooms (scores only), save as ``target``."""
    wb = load_workbook(source)
    ws = wb["Travellers"]
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, 1).value == round_number:
            board, home = ws.cell(row, 3).value, ws.cell(row, 4).value
            ws.cell(row, 9).value = possible(board, board * 5 + home * 3)
            ws.cell(row, 13).value = possible(board, board * 3 + home * 7 + 1)
    wb.save(target)


def possible(board: int, start: int) -> int:
    """The first score of SCORES from ``start`` (cyclically) that a contract can score on
    ``board`` (a 620 for NS needs NS vulnerable): the readers refuse any other."""
    vulnerability = board_vulnerability(board)
    for step in range(len(SCORES)):
        score = SCORES[(start + step) % len(SCORES)]
        if is_possible_score(score, vulnerability):
            return score
    raise AssertionError(board)


#: The NS score typed at each table of the 12-player individual (``filled_individual``).
INDIVIDUAL_NS_BY_TABLE = {1: 140, 2: 110, 3: 100}

#: Each player's matchpoints (of 88) in ``filled_individual``, worked by hand (the docstring
#: of tests/workbook/test_individual_night.py).
INDIVIDUAL_MATCHPOINTS = {
    12: 84, 1: 36, 5: 44, 10: 44, 2: 42, 6: 42, 7: 42, 9: 42, 3: 38, 4: 38, 8: 38, 11: 38,
}  # fmt: skip


def filled_individual(folder: Path) -> Path:
    """The 12-player individual worked by hand in tests/workbook/test_individual_night.py:
    "Winter individual", 24 November 2026; player 12 is Ann Smith; every table 1 scores NS
    140, table 2 NS 110, table 3 NS 100, except board 1 at table 1: 2C by North made (90).
    Player 12 ends first with 84 of 88 (95.45%)."""
    path = folder / "ind3.xlsx"
    made = ["new", str(path), "--individual", "--tables", "3"]
    assert main([*made, "--event", "Winter individual", "--date", "2026-11-24"]) == 0
    wb = load_workbook(path)
    wb["Players"]["B13"] = "Ann Smith"  # player 12
    ws = wb["Travellers"]
    for row in range(2, ws.max_row + 1):
        board, table = ws[f"A{row}"].value, ws[f"C{row}"].value
        if board == 1 and table == 1:
            ws[f"H{row}"], ws[f"I{row}"], ws[f"J{row}"] = "2C", "N", "="
        else:
            ws[f"K{row}"] = INDIVIDUAL_NS_BY_TABLE[table]
    wb.save(path)
    return path


#: The teams of ``long_named_swiss``, by number: two names longer than a printed column.
LONG_TEAM_NAMES = (
    "Featherstonehaugh-Cholmondeley Invitational", "Blackwood", "Cuebidders",
    "Northern Counties Bridge Association", "Endplayers", "Finessers", "Grand Slammers",
)  # fmt: skip


def long_named_swiss(folder: Path) -> tuple[Path, Path]:
    """ "Thursday Swiss teams", 24 November 2026: 7 teams (``LONG_TEAM_NAMES``, each with
    four players of long names), a Swiss of 3 rounds of 6 boards on the ACBL 20-VP scale,
    each round filled by ``fill_round`` and the next drawn by ``xlbridge draw``.  Returns
    the workbook after round 2 (from which round 3 was drawn) and the finished one."""
    night = folder / "swiss.xlsx"
    assert main(["new", str(night), "--teams", "7", "--boards", "6", "--rounds", "3",
                 "--event", "Thursday Swiss teams", "--date", "2026-11-24"]) == 0  # fmt: skip
    wb = load_workbook(night)
    wb["Settings"]["B8"] = "ACBL 20-VP"
    players = ("Alexandra Montgomery-Smith", "Christopher Wellington",
               "Bartholomew Fitzgerald", "Elizabeth Worthington")  # fmt: skip
    for row, name in enumerate(LONG_TEAM_NAMES, start=2):
        wb["Teams"].cell(row, 2).value = name
        for column, player in zip((3, 5, 7, 9), players, strict=True):
            wb["Teams"].cell(row, column).value = player
    wb.save(night)
    current, second = night, night
    for round_number in (1, 2, 3):
        filled = folder / f"swiss-r{round_number}.xlsx"
        fill_round(current, filled, round_number)
        if round_number == 2:
            second = filled
        if round_number < 3:
            current = folder / f"swiss-d{round_number + 1}.xlsx"
            command = ["draw", str(filled), "--round", str(round_number + 1), "-o", str(current)]
            assert main(command) == 0
    return second, filled


def hard_cases(wb: Workbook) -> None:
    """The example night with every hard case a TD meets (tests/workbook/
    test_hard_cases_outputs.py works each figure): beside its ruling R1 (board 5), split
    score (board 11), A+/A- (board 17) and NP (board 22), board 1's 1 v 10 a weighted score
    typed in its cell (``40% 420; 60% -50``), board 20's 2 v 15 ``A60/40``, and board 3
    fouled (tables 1-4 version A, tables 6-9 version B)."""
    travellers = wb["Travellers"]
    for row in range(18, 22):  # board 3, tables 1-4
        travellers[f"H{row}"] = "A"
    for row in range(22, 26):  # board 3, tables 6-9
        travellers[f"H{row}"] = "B"
    for row, score in ((2, "40% 420; 60% -50"), (155, "A60/40")):  # board 1, board 20
        for column in "DEF":
            travellers[f"{column}{row}"] = None
        travellers[f"G{row}"] = score


def round_robin_five(folder: Path) -> Path:
    """ "Club round robin", 24 November 2026: 5 teams, a round robin of 5 rounds of 4 boards
    (every round drawn by ``xlbridge new``, one team out with a bye each round) on the WBF
    20-VP continuous scale, every round filled by ``fill_round``.  Returns the workbook."""
    night = folder / "round-robin.xlsx"
    made = ["new", str(night), "--teams", "5", "--boards", "4", "--format", "round-robin"]
    assert main([*made, "--event", "Club round robin", "--date", "2026-11-24"]) == 0
    for round_number in range(1, 6):
        fill_round(night, night, round_number)
    return night
