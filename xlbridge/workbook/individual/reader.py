"""Read a filled individual workbook (see :mod:`xlbridge.workbook.individual.template`).

The Settings, Rulings and Adjustments sheets are read by the pairs night's
code, and each traveller row's result by the shared result reader
(:mod:`xlbridge.workbook.shared.results`), with the same checks; the Players
sheet and the travellers' seats are this module's.  Each row's four players
are checked against the movement the Settings sheet's tables and boards give
(the seats ``xlbridge new --individual`` filled in).  Every problem names its
``sheet!cell``; all are raised together as one
:class:`~xlbridge.errors.ScoringError`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from xlbridge.errors import ScoringError
from xlbridge.event import Pair, Player
from xlbridge.exact import is_blank, quote, whole_number
from xlbridge.individual import (
    SEATS,
    IndividualEvent,
    IndividualMovement,
    IndividualPlay,
    individual_movement,
)
from xlbridge.inputs import check_workbook_file
from xlbridge.pair import PairLabel
from xlbridge.places import CellPlace, Problem
from xlbridge.workbook.individual.template import (
    ADJUSTMENT_COLUMNS,
    PLAYER_COLUMNS,
    PLAYERS,
    TRAVELLER_COLUMNS,
)
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reader import GUEST, cell_text, read_adjustments, read_settings
from xlbridge.workbook.pairs.reading.base import name_text
from xlbridge.workbook.shared.checks import (
    Problems,
    check_headers,
    check_other_sheets,
    entries,
    hidden_problem,
)
from xlbridge.workbook.shared.results import (
    Played,
    ResultCells,
    read_played,
    read_result,
    read_rulings,
)
from xlbridge.workbook.shared.sheets import load_sheets, sheet_names

__all__ = ["IndividualNight", "is_individual_workbook", "read_individual_workbook"]

Cells = Sequence[Any]

#: The entry sheets and their columns.
_ENTRY_COLUMNS = {
    PLAYERS: PLAYER_COLUMNS,
    L.TRAVELLERS: TRAVELLER_COLUMNS,
    L.RULINGS: L.RULING_COLUMNS,
    L.ADJUSTMENTS: ADJUSTMENT_COLUMNS,
}
_WIDTHS = {L.SETTINGS: 0, **{name: len(columns) for name, columns in _ENTRY_COLUMNS.items()}}
_GUEST_WORDS = frozenset({GUEST, "visitor", "g", "v"})


@dataclass(frozen=True)
class IndividualNight:
    """An individual workbook read: the event, its movement, the warnings, the rows to come."""

    event: IndividualEvent
    movement: IndividualMovement
    warnings: tuple[Problem, ...] = ()
    to_come: int = 0


def is_individual_workbook(path: str | os.PathLike[str]) -> bool:
    """True when the (checked) workbook at ``path`` has a Players sheet and no Pairs sheet.

    A damaged workbook whose sheet list cannot be read is not taken for an
    individual: the pairs reader then names the damaged part and what to do.
    """
    check_workbook_file(path)
    try:
        names = sheet_names(path)
    except Exception:  # any damage is reported by the pairs reader, naming the part
        return False
    return PLAYERS in names and L.PAIRS not in names


def read_individual_workbook(path: str | os.PathLike[str]) -> IndividualNight:
    """Check and read the individual workbook at ``path``; every problem raises one
    ScoringError, each line naming its cell."""
    check_workbook_file(path)
    loaded = load_sheets(path, _WIDTHS)
    for name in (L.SETTINGS, PLAYERS, L.TRAVELLERS):
        if name not in loaded.read:
            raise ScoringError(
                f"{os.fspath(path)} has no sheet {quote(name)}: is it an individual workbook "
                "(xlbridge new NIGHT.xlsx --individual --tables N)?"
            )
    return _Reader(loaded).read()


class _Reader:
    def __init__(self, loaded: Any) -> None:
        self.loaded = loaded
        self.sheets = {name: sheet.rows for name, sheet in loaded.read.items()}
        self.problems = Problems([hidden_problem(h) for h in loaded.hidden])
        self.to_come = 0

    def _entries(self, name: str, width: int) -> list[tuple[int, Cells]]:
        return list(entries(self.problems, name, self.sheets.get(name, []), width))

    def read(self) -> IndividualNight:
        settings, facts, tables, boards = read_settings(self.loaded, self.problems)
        check_headers(self.problems, self.sheets, _ENTRY_COLUMNS)
        check_other_sheets(self.problems, self.loaded, _ENTRY_COLUMNS, (L.SETTINGS,))
        movement = self._movement(tables, boards)
        players = self._players(movement)
        labels = {p.label for p in players}
        rulings = read_rulings(L.RULINGS, self._entries(L.RULINGS, 5), self.problems)
        plays = self._travellers(movement, labels, rulings)
        adjustments = read_adjustments(
            self.loaded, self.problems, labels, boards, who="player", listing=PLAYERS
        )
        if movement is None:
            self.problems.raise_errors()
            raise AssertionError("a night without a movement has a problem reported")
        if not plays and not self.problems.errors:
            self.problems.error(
                CellPlace(L.TRAVELLERS, 2, "H"), "no traveller row has a result to score"
            )
        self.problems.raise_errors()
        if self.to_come:
            count = self.to_come
            facts = replace(facts, provisional=f"{count} result{'s' if count != 1 else ''} to come")
        event = IndividualEvent(tuple(players), tuple(plays), tuple(adjustments), settings, facts)
        return IndividualNight(event, movement, tuple(self.problems.warnings), self.to_come)

    def _movement(self, tables: int | None, boards: int | None) -> IndividualMovement | None:
        for name, value in (("Tables", tables), ("Boards", boards)):
            if value is None:
                self.problems.error(
                    CellPlace(L.SETTINGS, L.setting_row(name), "B"),
                    f"an individual needs the number of {name.lower()}: the movement is "
                    "worked out from them",
                )
        if tables is None or boards is None:
            return None
        try:
            return individual_movement(tables, boards)
        except ScoringError as exc:
            self.problems.error(CellPlace(L.SETTINGS, L.setting_row("Tables"), "B"), str(exc))
            return None

    def _players(self, movement: IndividualMovement | None) -> list[Pair]:
        found: list[Pair] = []
        seen: dict[PairLabel, CellPlace] = {}
        expected = set(movement.players) if movement is not None else None
        for index, cells in self._entries(PLAYERS, len(PLAYER_COLUMNS)):
            number, name, ident = cells[:3]
            where = CellPlace(PLAYERS, index, "A")
            if is_blank(number):
                self.problems.error(
                    where, f"a player needs a number (the row names {quote(cell_text(name))})"
                )
                continue
            label = self.problems.attempt(partial(_player_number, where, number))
            if label is None:
                continue
            if label in seen:
                self.problems.error(where, f"player {label} is listed twice (also {seen[label]})")
                continue
            if expected is not None and label not in expected:
                self.problems.error(
                    where,
                    f"player {label} is not in the movement's {len(expected)} players "
                    f"(1 to {len(expected)})",
                )
                continue
            seen[label] = where
            text, id_text = name_text(name), cell_text(ident)
            guest = id_text.lower() in _GUEST_WORDS
            player = Player(text, "" if guest else id_text, guest=guest or not id_text)
            found.append(Pair(label, text, where, (player,)))
        if not found:
            self.problems.error(CellPlace(PLAYERS, 2, "A"), "no players are listed")
        return found

    def _travellers(
        self, movement: IndividualMovement | None, labels: set[PairLabel], rulings: Any
    ) -> list[IndividualPlay]:
        plays: list[IndividualPlay] = []
        placed: set[tuple[int, int, int]] = set()
        last = 1
        for index, cells in self._entries(L.TRAVELLERS, len(TRAVELLER_COLUMNS)):
            last = index
            at = CellPlace(L.TRAVELLERS, index, "A").at
            numbers = [self._whole(at(letter), cells[i], what) for i, letter, what in _PLACE]
            seats = [
                self._seat(at(letter), cells[3 + i], labels) for i, letter in enumerate("DEFG")
            ]
            board, rnd, table = numbers
            if movement is not None and None not in numbers:
                assert board is not None and rnd is not None and table is not None
                if self._check_seat(movement, at, board, rnd, table, seats):
                    placed.add((board, rnd, table))
            if all(is_blank(cell) for cell in cells[7:11]):
                self.to_come += 1
                continue
            typed = ResultCells(cells[7:11], at, "HIJK")
            played = read_played(typed, self.problems)
            result = read_result(typed, board, played, rulings, self.problems, required=True)
            if board is None or result is None or None in seats:
                continue
            north, south, east, west = (s for s in seats if s is not None)
            contract = played.played if isinstance(played, Played) else None
            plays.append(
                IndividualPlay(board, north, south, east, west, result, at("K"), "", contract)
            )
        if movement is not None:
            for board, rnd, table, _ in movement.traveller_rows():
                if (board, rnd, table) not in placed:
                    self.problems.error(
                        CellPlace(L.TRAVELLERS, last + 1, "A"),
                        f"board {board} at table {table} in round {rnd} has no row: "
                        "each board the movement plays needs its row",
                    )
        return plays

    def _whole(self, where: CellPlace, value: object, what: str) -> int | None:
        if is_blank(value):
            self.problems.error(where, f"a traveller row needs its {what}")
            return None
        try:
            number = whole_number(value)
        except ValueError:
            number = 0
        if number < 1:
            self.problems.error(where, f"{quote(value)} is not a {what} number")
            return None
        return number

    def _seat(self, where: CellPlace, value: object, labels: set[PairLabel]) -> PairLabel | None:
        seat = _SEAT_WORDS[where.column]
        if is_blank(value):
            self.problems.error(where, f"no {seat} player")
            return None
        label = self.problems.attempt(partial(_player_number, where, value))
        if label is not None and label not in labels:
            self.problems.error(where, f"player {quote(value)} is not on the {PLAYERS} sheet")
            return None
        return label

    def _check_seat(
        self,
        movement: IndividualMovement,
        at: Any,
        board: int,
        rnd: int,
        table: int,
        seats: list[PairLabel | None],
    ) -> bool:
        """True when the row is one of the movement's; each seat that differs is refused."""
        if not _has(movement, rnd, table):
            self.problems.error(
                at("B"),
                f"the movement has no table {table} in round {rnd} ({movement.rounds} rounds "
                f"at {movement.tables} tables)",
            )
            return False
        seat = movement.seat(rnd, table)
        if board not in seat.boards:
            boards = ", ".join(str(b) for b in seat.boards)
            self.problems.error(
                at("A"),
                f"board {board} is not played at table {table} in round {rnd}: "
                f"the movement plays board {boards} there",
            )
            return False
        for letter, name, typed, expected in zip("DEFG", SEATS, seats, seat.players, strict=True):
            if typed is not None and typed != expected:
                self.problems.error(
                    at(letter),
                    f"the movement seats player {expected} {name.title()} at table {table} "
                    f"in round {rnd}, not player {typed}: type player {expected}",
                )
        return True


def _has(movement: IndividualMovement, rnd: int, table: int) -> bool:
    try:
        movement.seat(rnd, table)
    except KeyError:
        return False
    return True


_PLACE = ((0, "A", "board"), (1, "B", "round"), (2, "C", "table"))
_SEAT_WORDS = dict(zip("DEFG", ("North", "South", "East", "West"), strict=True))


def _player_number(where: CellPlace, value: object) -> PairLabel:
    """A player's number (``3``, ``3.0``); anything else refused naming ``where``."""
    try:
        number = whole_number(value)
    except ValueError:
        number = 0
    if number < 1:
        raise ScoringError(f"{quote(value)} is not a player number (1, 2, 3...)", where=where)
    return PairLabel(str(number))
