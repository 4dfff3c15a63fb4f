"""The example club night: a 9-table Mitchell over 27 boards, filled in deterministically.

Seventeen pairs play (the ninth East-West pair is missing, so one North-South
pair sits out each round).  :func:`build_example` also builds other sizes of
the same evening (the benchmarks merge 500 clubs of 10 full tables over 24
boards).  The results are drawn from a seeded random
generator as a club's would look: most tables in the board's normal
contract, a few in another game or a partscore, an occasional doubled
sacrifice, each scored by :func:`xlbridge.contract.score_contract`.  The
evening also has the awkward cases a scorer meets: a weighted ruling with a
component nobody else scored, a split score, an A+/A-, a board not played
at one table, a procedural penalty, and scores typed without the contract.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from openpyxl import Workbook

from xlbridge.contract import (
    Contract,
    Doubling,
    Seat,
    Strain,
    board_vulnerability,
    format_contract,
    score_contract,
)
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.template import build_template, write_templates
from xlbridge.workbook.shared.style import fix_properties
from xlbridge.workbook.shared.written import save

__all__ = [
    "EXAMPLE_NAME",
    "EXAMPLE_SIZE",
    "Size",
    "TravellerRow",
    "build_example",
    "example_rows",
    "write_all",
    "write_example",
]

EXAMPLE_NAME = "example_club_night"
TABLES = 9
ROUNDS = 9
BOARDS_PER_ROUND = 3
SEED = 20240312

_FIRST = [
    "Anne",
    "Brian",
    "Carol",
    "David",
    "Eileen",
    "Frank",
    "Gillian",
    "Harold",
    "Irene",
    "James",
    "Kathleen",
    "Lionel",
    "Margaret",
    "Norman",
    "Olive",
    "Peter",
    "Rosemary",
    "Stephen",
    "Teresa",
    "Victor",
    "Wendy",
    "Alan",
    "Barbara",
    "Colin",
    "Doreen",
    "Edward",
    "Fiona",
    "Geoffrey",
    "Helen",
    "Ian",
    "Joan",
    "Keith",
    "Linda",
    "Malcolm",
]
_LAST = [
    "Ashby",
    "Barker",
    "Cole",
    "Dawson",
    "Ellis",
    "Fletcher",
    "Grant",
    "Hughes",
    "Irving",
    "Jarvis",
    "Kemp",
    "Lowe",
    "Marsh",
    "Nash",
    "Osborne",
    "Price",
    "Quinn",
    "Reeves",
    "Shaw",
    "Tate",
    "Underwood",
    "Vaughan",
    "Webb",
    "Young",
    "Abbott",
    "Booth",
    "Carr",
    "Dixon",
    "Elliott",
    "Foster",
    "Gibson",
    "Holt",
    "Ingram",
    "Jordan",
]


@dataclass(frozen=True)
class TravellerRow:
    """One row of the Travellers sheet as the scorer typed it."""

    board: int
    ns: int
    ew: int
    contract: str = ""
    declarer: str = ""
    result: str = ""
    score: object = None


@dataclass(frozen=True)
class Size:
    """How big an evening is: a Mitchell of ``tables`` tables over ``boards`` boards.

    There are ``boards / boards_per_round`` rounds, at most one per table, and
    East-West pairs move up a table each round, so no two pairs meet twice.  With
    an odd number of tables and a round per table the boards move down a table
    each round (a plain Mitchell); otherwise every table plays the same boards
    in a round, as clubs with duplicated boards do.  ``missing_pair``: the last
    East-West pair is missing, so one North-South pair sits out each round (the
    example night).
    """

    tables: int = TABLES
    boards: int = ROUNDS * BOARDS_PER_ROUND
    boards_per_round: int = BOARDS_PER_ROUND
    missing_pair: bool = True

    def __post_init__(self) -> None:
        rounds, left = divmod(self.boards, self.boards_per_round)
        if left or not 0 < rounds <= self.tables:
            raise ValueError(
                f"{self.boards} boards in rounds of {self.boards_per_round} on {self.tables} "
                "tables: give a whole number of rounds, at most one per table"
            )
        if self.tables < 8 or self.boards < 22:
            raise ValueError("the example's special cases need at least 8 tables and 22 boards")

    @property
    def rounds(self) -> int:
        return self.boards // self.boards_per_round


EXAMPLE_SIZE = Size()


def _pair_labels(size: Size = EXAMPLE_SIZE) -> tuple[list[int], list[int]]:
    """NS pairs 1-9 and EW pairs 10-17 (EW pair 18 is missing: its NS pair sits out)."""
    tables = size.tables
    ew_last = 2 * tables if size.missing_pair else 2 * tables + 1
    return list(range(1, tables + 1)), list(range(tables + 1, ew_last))


def _mitchell(size: Size = EXAMPLE_SIZE) -> list[tuple[int, int, int, int, int]]:
    """(round, table, NS pair, EW pair index, board set) of the movement :class:`Size` describes."""
    moving = size.rounds == size.tables and size.tables % 2
    seatings = []
    for rnd in range(size.rounds):
        for table in range(size.tables):
            board_set = (table - rnd) % size.rounds if moving else rnd
            seatings.append((rnd, table, table + 1, (table + rnd) % size.tables, board_set))
    return seatings


@dataclass(frozen=True)
class _Deal:
    """What a board is about: who declares, the normal contract, and the tricks it takes."""

    side_ns: bool
    contract: Contract
    tricks: int
    alternative: Contract


_MAIN = (
    (Contract(4, Strain.S), 10),
    (Contract(4, Strain.H), 10),
    (Contract(3, Strain.NT), 9),
    (Contract(2, Strain.S), 8),
    (Contract(3, Strain.D), 9),
    (Contract(1, Strain.NT), 7),
    (Contract(6, Strain.H), 12),
    (Contract(5, Strain.C), 11),
    (Contract(2, Strain.H), 9),
)
_ALTERNATIVE = {
    Strain.S: Contract(3, Strain.NT),
    Strain.H: Contract(3, Strain.NT),
    Strain.NT: Contract(4, Strain.H),
    Strain.D: Contract(3, Strain.NT),
    Strain.C: Contract(3, Strain.NT),
}


def _deal(rng: random.Random) -> _Deal:
    contract, tricks = rng.choice(_MAIN)
    tricks += rng.choice((-1, 0, 0, 0, 1))
    alternative = _ALTERNATIVE[contract.strain]
    if contract.level >= 6:
        alternative = Contract(4, contract.strain)
    return _Deal(rng.random() < 0.5, contract, tricks, alternative)


def _declarer(rng: random.Random, ns_side: bool) -> Seat:
    return rng.choice((Seat.N, Seat.S) if ns_side else (Seat.E, Seat.W))


def _play(rng: random.Random, deal: _Deal) -> tuple[Contract | None, Seat | None, int]:
    """One table's contract, declarer and result (relative to the contract)."""
    roll = rng.random()
    contract, tricks = deal.contract, deal.tricks + rng.choice((-1, 0, 0, 0, 0, 1))
    side = deal.side_ns
    if roll < 0.15:
        contract = deal.alternative
        tricks = tricks + rng.choice((-1, 0, 0))
    elif roll < 0.22 and contract.level <= 4:
        contract = Contract(max(1, contract.level - 2), contract.strain)
    elif roll < 0.28 and contract.level in (4, 5):
        strain = Strain.D if contract.strain is not Strain.D else Strain.C
        contract = Contract(contract.level + 1, strain, Doubling.DOUBLED)
        tricks = contract.level + 6 - rng.choice((1, 2, 2, 3))
        side = not side
    elif roll < 0.33 and contract.level <= 2:
        return None, None, 0
    tricks = max(0, min(13, tricks))
    return contract, _declarer(rng, side), tricks - contract.level - 6


def _result_text(result: int) -> str:
    return "=" if result == 0 else f"{result:+d}"


def example_rows(seed: int = SEED, size: Size = EXAMPLE_SIZE) -> list[TravellerRow]:
    """The evening's traveller rows, board by board, with the special cases."""
    rng = random.Random(seed)
    deals = {board: _deal(rng) for board in range(1, size.boards + 1)}
    ns_pairs, ew_pairs = _pair_labels(size)
    rows: list[TravellerRow] = []
    for _rnd, table, _ns, ew_index, board_set in _mitchell(size):
        if ew_index >= len(ew_pairs):
            continue  # the NS pair at this table sits out this round
        for offset in range(size.boards_per_round):
            board = board_set * size.boards_per_round + offset + 1
            contract, declarer, result = _play(rng, deals[board])
            score = score_contract(contract, declarer, result, board_vulnerability(board))
            typed: object = score if rng.random() < 0.06 else None
            rows.append(
                TravellerRow(
                    board,
                    ns_pairs[table],
                    ew_pairs[ew_index],
                    "" if typed is not None else format_contract(contract),
                    "" if typed is not None or declarer is None else declarer.value,
                    "" if typed is not None or contract is None else _result_text(result),
                    typed,
                )
            )
    rows.sort(key=lambda r: (r.board, r.ns))
    return _special_cases(rows)


def _replace(rows: list[TravellerRow], board: int, index: int, **changes: object) -> None:
    """Change the ``index``-th row of ``board``."""
    positions = [i for i, row in enumerate(rows) if row.board == board]
    old = rows[positions[index]]
    fields = {**old.__dict__, "contract": "", "declarer": "", "result": "", **changes}
    rows[positions[index]] = TravellerRow(**fields)


def _special_cases(rows: list[TravellerRow]) -> list[TravellerRow]:
    # A weighted ruling (R1): 4H by East made (-420) or with an overtrick (-450, nobody
    # else scored it).
    _replace(rows, 5, 2, score="R1")
    # A split score: NS keep their 3NT+1 (430), EW are given 5C made (400).
    _replace(rows, 11, 4, score="NS: 430 | EW: 400")
    # An artificial score: EW at fault (fouled the board), NS not at fault.
    _replace(rows, 17, 3, score="A+/A-")
    # Not played at one table (slow play, no time).
    _replace(rows, 22, 6, score="NP")
    return rows


RULINGS = (
    ("R1", "", -420, 0.6, "Board 5: misinformation (Law 21B); 4H by E made"),
    ("R1", "", -450, 0.4, "Board 5: 4H by E +1 (nobody else scored it)"),
)
ADJUSTMENTS = ((14, 9, -10, "%", "Mobile phone rang (procedural penalty, 10% of a top)"),)


def build_example(seed: int = SEED, size: Size = EXAMPLE_SIZE) -> Workbook:
    """The template, filled with the example night (or another ``size`` of it)."""
    wb = build_template()
    settings = wb[L.SETTINGS]
    values = {
        "EventName": "Tuesday Pairs",
        "EventDate": datetime(2024, 3, 12),
        "Movement": "Mitchell",
        "Tables": size.tables,
        "Boards": size.boards,
        "ClubName": "Example Bridge Club",
        "ClubNumber": 9999,
    }
    for name, value in values.items():
        settings[f"B{L.setting_row(name)}"] = value
    names = random.Random(seed + 1)
    firsts, lasts = list(_FIRST), list(_LAST)
    names.shuffle(firsts)
    names.shuffle(lasts)
    pairs = wb[L.PAIRS]
    ns_pairs, ew_pairs = _pair_labels(size)
    for index, label in enumerate(ns_pairs + ew_pairs):
        row = index + 2
        first, second = _player(firsts, lasts, 2 * index), _player(firsts, lasts, 2 * index + 1)
        pairs[f"A{row}"], pairs[f"B{row}"] = label, f"{first} & {second}"
        pairs[f"C{row}"] = "NS" if label in ns_pairs else "EW"
        # the players one by one with made-up national numbers, for the USEBIO file; the
        # last player is a visitor without one
        last = index == len(ns_pairs) + len(ew_pairs) - 1
        pairs[f"D{row}"], pairs[f"E{row}"] = first, 100001 + 2 * index
        pairs[f"F{row}"], pairs[f"G{row}"] = second, "guest" if last else 100002 + 2 * index
    travellers = wb[L.TRAVELLERS]
    for row, entry in enumerate(example_rows(seed, size), start=2):
        values_row = (entry.board, entry.ns, entry.ew, entry.contract, entry.declarer)
        for letter, value in zip("ABCDE", values_row, strict=True):
            travellers[f"{letter}{row}"] = value if value != "" else None
        travellers[f"F{row}"] = entry.result or None
        travellers[f"G{row}"] = entry.score
    for row, ruling in enumerate(RULINGS, start=2):
        for letter, value in zip("ABCDE", ruling, strict=True):
            wb[L.RULINGS][f"{letter}{row}"] = value if value != "" else None
    for row, adjustment in enumerate(ADJUSTMENTS, start=2):
        for letter, value in zip("ABCDE", adjustment, strict=True):
            wb[L.ADJUSTMENTS][f"{letter}{row}"] = value
    fix_properties(wb)
    return wb


def _player(firsts: list[str], lasts: list[str], index: int) -> str:
    """The ``index``-th player's name; past the lists, last names pair with other first names."""
    count = len(firsts)
    return f"{firsts[index % count]} {lasts[(index + index // count) % count]}"


def write_example(folder: Path) -> Path:
    """Write ``example_club_night.xlsx`` into ``folder``; return its path."""
    path = folder / f"{EXAMPLE_NAME}.xlsx"
    save(build_example(), path)
    return path


def write_all(folder: Path) -> list[Path]:
    """Write every committed workbook (the templates and the example night) into ``folder``."""
    return [*write_templates(folder), write_example(folder)]
