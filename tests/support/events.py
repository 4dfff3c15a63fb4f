"""The two nights of ``xlbridge event``'s tests: a Mitchell and a Howell ranked as one.

They are those of tests/core/test_championship.py, typed into workbooks from
``xlbridge new``; the figures are worked there by hand.

Session 1, a 3-table Mitchell (top 4, 12 a pair): NS1 5, NS2 9, NS3 4, EW1 8,
EW2 9, EW3 1 matchpoints (41 2/3%, 75%, 33 1/3%, 66 2/3%, 75%, 8 1/3%).
Session 2, a 3-table Howell with a sit-out (top 2, 8 a pair): pairs 1-5 score
7, 2, 3, 4, 4 (87.5%, 25%, 37.5%, 50%, 50%), and were EW 3, NS 1, EW 1, NS 2,
EW 2 of session 1 (the pair map, ``PAIR_MAP``); NS 3 missed session 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from openpyxl import load_workbook

from xlbridge.cli import main

MITCHELL = {(1, 1): 420, (1, 3): 170, (1, 2): 450, (2, 2): 110, (2, 1): 110, (2, 3): -100,
            (3, 3): 140, (3, 2): -110, (3, 1): -620}  # fmt: skip
HOWELL = {(1, 5): 400, (1, 4): 400, (2, 2): 620, (2, 1): 650, (3, 3): -100, (3, 1): 110,
          (4, 2): -200, (4, 1): 600, (5, 1): 140, (5, 4): 140}  # fmt: skip
PAIR_MAP = "session 2,session 1\n1,EW 3\n2,NS 1\n3,EW 1\n4,NS 2\n5,EW 2\n"


@dataclass(frozen=True)
class EventNights:
    """The Mitchell's and the Howell's workbooks and the pair map, in one folder."""

    mitchell: Path
    howell: Path
    pairs: Path

    @property
    def folder(self) -> Path:
        return self.mitchell.parent


def event_night(folder: Path, name: str, scores: dict[tuple[int, int], int], *options: str) -> Path:
    """A night from ``xlbridge new --movement ...`` with each NS score typed."""
    path = folder / f"{name}.xlsx"
    assert main(["new", str(path), "--movement", *options]) == 0
    wb = load_workbook(path)
    ws = wb["Travellers"]
    for row in range(2, ws.max_row + 1):
        board, ns = ws.cell(row, 1).value, ws.cell(row, 2).value
        if board is not None:
            ws.cell(row, 7).value = scores[board, ns]
    if name == "mitchell":
        wb["Pairs"]["B2"] = "Ann & Bob"  # NS 1
    wb.save(path)
    return path


def event_nights(folder: Path) -> EventNights:
    mitchell = event_night(
        folder, "mitchell", MITCHELL, "mitchell", "--tables", "3", "--boards", "3"
    )
    howell = event_night(
        folder, "howell", HOWELL, "howell", "--tables", "3", "--boards", "5", "--sit-out"
    )
    pairs = folder / "pairs.csv"
    pairs.write_text(PAIR_MAP, encoding="utf-8")
    return EventNights(mitchell, howell, pairs)
