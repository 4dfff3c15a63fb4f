"""A Travellers row checked against the movement: swapped NS/EW, a wrong table, a missing result."""

from __future__ import annotations

from collections import defaultdict

from xlbridge.exact import is_blank, quote, whole_number
from xlbridge.movement import Movement, check_row
from xlbridge.movement import Seat as MovementSeat
from xlbridge.pair import PairLabel
from xlbridge.places import CellPlace
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reading.base import ReaderState, cell_text
from xlbridge.workbook.pairs.reading.base import TravellerRow as _TravellerRow
from xlbridge.workbook.pairs.reading.base import board_span as _board_span
from xlbridge.workbook.pairs.reading.base import is_whole as _is_whole
from xlbridge.workbook.shared.checks import data_rows


def _number(label: PairLabel) -> str:
    """The number of a pair label (``"NS 3"``: ``"3"``)."""
    return label.number


def _who(label: PairLabel | None) -> str:
    if label is None:
        return "no pair"
    return label if label.direction else f"pair {label}"


def _swapped(seat: MovementSeat) -> str:
    return (
        f"NS and EW are swapped: the movement seats {_who(seat.ns)} North-South and "
        f"{_who(seat.ew)} East-West at table {seat.table} in round {seat.round}"
    )


def _placed_problem(
    movement: Movement, rnd: int, table: int, board: int, ns: PairLabel, ew: PairLabel
) -> tuple[str, str] | None:
    """What is wrong with a row placed at ``table`` in round ``rnd``, and its column letter.

    Board and pairs that meet there on that board: nothing.  Pairs that meet
    on that board at another table or round: the Round or Table cell is wrong.
    The pairs of the seat with a board not played there: the Board cell.
    Anything else (NS and EW swapped, another pair): the NS pair cell.
    """
    met = movement.meeting(ns, ew)
    if met is not None and met.ns == ns and board in met.boards:
        if (met.round, met.table) == (rnd, table):
            return None
        where = (
            f"{_who(ns)} meets {_who(ew)} on board {board} "
            f"at table {met.table} in round {met.round}"
        )
        if met.round != rnd:
            return "J", f"round {rnd}, but {where}: type {met.round} as the round"
        return "K", f"table {table}, but {where}: type {met.table} as the table"
    try:
        seat = movement.seat(rnd, table)
    except KeyError:
        seat = None
    if seat is not None and (seat.ns, seat.ew) == (ns, ew) and board not in seat.boards:
        boards = _board_span(list(seat.boards))
        return "A", (
            f"board {board} is not played at table {table} in round {rnd} (boards {boards}): "
            "type the board this row is for"
        )
    problem = check_row(movement, rnd, table, board, ns, ew)
    return ("B", problem) if problem else None


def _unplaced_problem(
    movement: Movement, board: int, ns: PairLabel, ew: PairLabel
) -> tuple[str, str] | None:
    """What is wrong with a row typed without its Round and Table, and its column letter."""
    met = movement.meeting(ns, ew)
    if met is not None and board in met.boards:
        if (met.ns, met.ew) == (ns, ew):
            return None
        return "B", _swapped(met)  # a Howell: the same two pairs, each in the other's seat
    if movement.mitchell:
        # NS 5 v EW 4 typed as NS 4 v EW 5: the numbers in the wrong columns
        swapped = movement.meeting(PairLabel(ew.number, "NS"), PairLabel(ns.number, "EW"))
        if swapped is not None and board in swapped.boards:
            return "B", _swapped(swapped)
    sits = "".join(
        f" ({_who(p)} sits out board {board}, in round {s.round})"
        for s in movement.seats
        if s.sit_out and board in s.boards
        for p in (s.ns, s.ew)
        if p in (ns, ew)
    )
    if met is None:
        return "B", f"the movement never seats {_who(ns)} against {_who(ew)}{sits}"
    boards = _board_span(list(met.boards))
    return "A", (
        f"{_who(ns)} and {_who(ew)} play boards {boards} at table {met.table} in round "
        f"{met.round}, not board {board}{sits}"
    )


class MovementCheck(ReaderState):
    """A Travellers row checked against the movement: swapped NS/EW, a wrong table, a
    missing result."""

    def _check_movement(
        self,
        movement: Movement,
        row: _TravellerRow,
        board: int,
        ns: PairLabel,
        ew: PairLabel,
        laid_out: bool,
    ) -> None:
        """A row that the movement contradicts, named by the cell to correct.

        A row placed by its Round and Table (columns J, K, filled by ``xlbridge
        new --movement``) is checked against the seat there; a row typed without
        them in a night laid out by the movement, against where its pairs meet.
        A TD note (column L) keeps any row.
        """
        rnd, table, note = row.cells[9:12]
        if not is_blank(note):
            return
        if is_blank(rnd) and is_blank(table):
            if not laid_out:
                return
            found = _unplaced_problem(movement, board, ns, ew)
        else:
            numbers: list[int] = []
            for cell, letter, what in ((rnd, "J", "round"), (table, "K", "table")):
                try:
                    numbers.append(whole_number(cell))
                except ValueError:
                    self.problems.error(
                        row.at(letter),
                        f"{quote(cell)} is not a {what} number: type the {what} this board "
                        f"was played in (or a note in {row.at('L')} to keep the row as it is)",
                    )
            if len(numbers) < 2:
                return
            found = _placed_problem(movement, numbers[0], numbers[1], board, ns, ew)
        if found:
            letter, problem = found
            keep = f"type a note in {row.at('L')} to keep it"
            self.problems.error(
                row.at(letter),
                f"{problem} (or {keep})"
                if ": type " in problem
                else f"{problem}: correct the row, or {keep}",
            )

    def _check_missing(
        self, movement: Movement, placed: dict[tuple[int, PairLabel, PairLabel], int], free: int
    ) -> None:
        """The movement's rows that are not on the Travellers sheet (a row deleted).

        Checked only when the rows were laid out by ``xlbridge new --movement``
        (some row has its Round and Table); a row a TD note keeps excuses the
        rows of its board and pairs.  One message a table and round.
        """
        rows = [cells for _, cells in data_rows(self.sheets.get(L.TRAVELLERS, []), 12)]
        typed: dict[tuple[int, int], int] = defaultdict(int)
        for cells in rows:
            if _is_whole(cells[9]) and _is_whole(cells[10]):
                typed[whole_number(cells[9]), whole_number(cells[10])] += 1
        noted = [
            (whole_number(c[0]), cell_text(c[1]), cell_text(c[2]))
            for c in rows
            if not is_blank(c[11]) and _is_whole(c[0])
        ]
        missing: dict[tuple[int, int], list[int]] = defaultdict(list)
        seats: dict[tuple[int, int], tuple[PairLabel, PairLabel]] = {}
        for rnd, table, board, ns, ew in movement.traveller_rows():
            if (board, ns, ew) in placed:
                continue
            numbers = {_number(ns), _number(ew)}
            if any(b == board and numbers & {n, e} for b, n, e in noted):
                continue
            missing[rnd, table].append(board)
            seats[rnd, table] = (ns, ew)
        for (rnd, table), boards in sorted(missing.items()):
            if typed[rnd, table] >= len(movement.seat(rnd, table).boards):
                continue  # as many rows as boards there: a row there is wrong, and said so
            ns, ew = seats[rnd, table]
            span = _board_span(boards)
            many = len(boards) > 1
            self.problems.error(
                CellPlace(L.TRAVELLERS, free, "A"),
                f"no row for board{'s' if many else ''} {span} at table {table} in round "
                f"{rnd} ({ns} v {ew}): the movement plays {'them' if many else 'it'} there "
                f"and the row{'s are' if many else ' is'} missing (deleted?): type "
                f"{'them' if many else 'it'} (Board, NS pair, EW pair, Round, Table) from "
                f"row {free} with the result, or NP if the board was not played",
            )
            free += len(boards)
