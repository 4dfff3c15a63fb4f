"""The Travellers sheet: each row a play, its board, pairs and versions."""

from __future__ import annotations

from collections import defaultdict
from functools import partial

from xlbridge.direction import Direction
from xlbridge.event import EventFacts, Play
from xlbridge.exact import is_blank, quote, whole_number
from xlbridge.movement import Movement, number_key, parse_movement
from xlbridge.pair import PairLabel
from xlbridge.places import CellPlace, Place
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reading.base import ToCome, sheet_row
from xlbridge.workbook.pairs.reading.base import TravellerRow as _TravellerRow
from xlbridge.workbook.pairs.reading.base import at as _at
from xlbridge.workbook.pairs.reading.base import is_whole as _is_whole
from xlbridge.workbook.pairs.reading.movement_check import MovementCheck
from xlbridge.workbook.shared.results import Played, ResultCells, Rulings, read_played, read_result


def _rows(rows: list[int]) -> str:
    """``its row (H4)`` or ``its 6 rows (H4 to H9)``."""
    if len(rows) == 1:
        return f"its row (H{rows[0]})"
    return f"its {len(rows)} rows (H{rows[0]} to H{rows[-1]})"


class TravellersSheet(MovementCheck):
    """The Travellers sheet: each row a play, its board, pairs and versions."""

    def _travellers(
        self,
        labels: set[PairLabel],
        rulings: Rulings,
        tables: int | None,
        boards: int | None,
        movement: Movement | None,
    ) -> list[Play]:
        plays: list[Play] = []
        seen: dict[tuple[int, PairLabel | None], tuple[int, CellPlace]] = {}
        per_board: dict[int, int] = defaultdict(int)
        #: (board, NS, EW) of every row, with its sheet row: the movement's rows found
        placed: dict[tuple[int, PairLabel, PairLabel], int] = {}
        last = 1
        laid_out = movement is not None and self._laid_out()
        for index, cells in self._entries(L.TRAVELLERS, 12):
            row = _TravellerRow(index, cells)
            last = index
            place = row.to_come
            board = self._board(row, boards)
            ns, ew = self._pair_cells(row, labels)
            typed = ResultCells(row.cells[3:7], row.at, "DEFG")
            played = None if place else read_played(typed, self.problems)
            result = (
                None
                if place
                else read_result(typed, board, played, rulings, self.problems, required=True)
            )
            if board is None:
                continue
            if place:  # still checked against the movement, and for pairs twice on a board
                self.to_come.append(ToCome(*place, board, row.at("D")))
            if movement is not None and ns and ew:
                self._check_movement(movement, row, board, ns, ew, laid_out)
                placed[board, ns, ew] = index
            elif ns and ew:
                self._check_directions(row, ns, ew)
            for label, letter in ((ns, "B"), (ew, "C")):
                first = seen.setdefault((board, label), (index, row.at(letter)))
                if label and first[0] != index:
                    self.problems.error(
                        row.at(letter), f"pair {label} is on board {board} twice (also {first[1]})"
                    )
            per_board[board] += 1
            if tables is not None and per_board[board] == tables + 1:
                self.problems.error(
                    row.at("A"),
                    f"board {board} has more results than the {tables} tables in play",
                )
            if ns and ew and result is not None:
                contract = played.played if isinstance(played, Played) else None
                plays.append(row.play(board, ns, ew, result, contract))
        self._check_versions(plays)
        if movement is not None and laid_out:
            self._check_missing(movement, placed, last + 1)
        return plays

    def _check_versions(self, plays: list[Play]) -> None:
        """A blank version on a fouled board.

        Beside one named version, blank rows are the board's other version (as the
        workbook's own formulas group them): said in a warning.  Beside two or more,
        a blank row would be scored as a version of its own: refused.
        """
        named: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        blank: dict[int, list[int]] = defaultdict(list)
        for play in plays:
            rows = named[play.board][play.version] if play.version else blank[play.board]
            rows.append(sheet_row(play))
        for board, rows in blank.items():
            versions = named.get(board)
            if not versions:
                continue
            said = ", ".join(f"{v} (H{r[0]})" for v, r in sorted(versions.items()))
            if len(versions) == 1:
                self.problems.warn(
                    CellPlace(L.TRAVELLERS, rows[0], "H"),
                    f"board {board} was fouled: {_rows(rows)} with a "
                    f"blank version {'is' if len(rows) == 1 else 'are'} scored as one version, "
                    f"beside version {said}",
                )
                continue
            for row in rows:
                self.problems.error(
                    CellPlace(L.TRAVELLERS, row, "H"),
                    f"the version is blank, but board {board} was played in versions {said}: "
                    "write the version this table played",
                )

    def _movement(
        self, facts: EventFacts, labels: set[PairLabel], tables: int | None, boards: int | None
    ) -> Movement | None:
        """The movement Settings names, when the pairs are numbered as it numbers them."""
        movement = parse_movement(facts.movement, tables, boards)
        return movement if movement is not None and set(movement.pairs) == labels else None

    def _laid_out(self) -> bool:
        """Whether the travellers were laid out by ``xlbridge new --movement``.

        Some row has its Round and Table: the workbook's rows are the movement's
        own.  Other nights (typed by hand, imported) may have played other cards
        of a movement of that name (a Howell's tables differ from book to book),
        so a row without its Round and Table is checked against the movement
        only in a night laid out by it.
        """
        rows = self.sheets.get(L.TRAVELLERS, [])[1:]
        return any(len(r) > 10 and _is_whole(r[9]) and _is_whole(r[10]) for r in rows)

    def _check_directions(self, row: _TravellerRow, ns: PairLabel, ew: PairLabel) -> None:
        """NS and EW pair numbers against the direction the Pairs sheet gives each pair.

        With pairs numbered through (NS 1-9, EW 10-18) and their directions listed,
        a pair typed in the other direction's column (NS and EW swapped) would be
        scored in the wrong field: refused, unless a TD note keeps the row.
        """
        if not is_blank(row.cells[11]):
            return
        sat = {
            label: next(iter(found))
            for label in (ns, ew)
            if len(found := self.numbering.directions.get(number_key(label), frozenset()) - {""})
            == 1
        }
        wrong = [
            (label, side)
            for label, side in ((ns, "NS"), (ew, "EW"))
            if sat.get(label, side) != side
        ]
        if not wrong:
            return
        where = {label: self._direction_cell(label) for label in sat}
        if len(wrong) == 2 and sat.get(ns) == "EW" and sat.get(ew) == "NS":
            self.problems.error(
                row.at("B"),
                f"NS and EW are swapped: pair {ns} sat East-West and pair {ew} North-South "
                f"({L.PAIRS} sheet, {where[ns]} and {where[ew]}): type {ew} as the NS pair "
                f"and {ns} as the EW pair (or a note in {row.at('L')} to keep the row)",
            )
            return
        for label, side in wrong:
            letter = "B" if side == "NS" else "C"
            other = Direction(side).other.long
            self.problems.error(
                row.at(letter),
                f"pair {label} sat {other} ({where[label]} says {sat[label]}), but is typed as "
                f"the {side} pair: type the {side} pair's number (or a note in "
                f"{row.at('L')} to keep the row)",
            )

    def _direction_cell(self, label: PairLabel) -> Place | str:
        """The Direction cell of a pair's row on the Pairs sheet (the sheet, if not listed)."""
        source = self.pair_sources.get(label)
        return source.at("C") if isinstance(source, CellPlace) else L.PAIRS

    def _board(self, row: _TravellerRow, boards: int | None) -> int | None:
        value = row.cells[0]
        if is_blank(value):
            self.problems.error(row.at("A"), "a traveller row needs a board number")
            return None
        try:
            board = whole_number(value)
        except ValueError:
            self.problems.error(row.at("A"), f"board {quote(value)} is not a board number")
            return None
        if board < 1 or (boards is not None and board > boards):
            top = f"1 to {boards}" if boards is not None else "1 or more"
            self.problems.error(row.at("A"), f"board {quote(value)} is out of range ({top})")
            return None
        return board

    def _pair_cells(
        self, row: _TravellerRow, labels: set[PairLabel]
    ) -> tuple[PairLabel | None, PairLabel | None]:
        found: list[PairLabel | None] = []
        for offset, letter, side in ((1, "B", "NS"), (2, "C", "EW")):
            cell = row.cells[offset]
            if is_blank(cell):
                self.problems.error(row.at(letter), f"no {side} pair")
                found.append(None)
                continue
            typed = self.problems.attempt(partial(_at, row.at(letter), PairLabel.parse, cell))
            label = None if typed is None else self.numbering.at(typed, side)
            if label is not None and label.direction and label.direction != side:
                self.problems.error(
                    row.at(letter), f"{label} is in the {side} column: write the {side} pair here"
                )
                label = None
            elif label is not None and label not in labels:
                self.problems.error(
                    row.at(letter), f"pair {quote(str(label))} is not on the {L.PAIRS} sheet"
                )
                label = None
            found.append(label)
        ns, ew = found
        if ns and ns == ew:
            self.problems.error(row.at("C"), f"pair {ns} plays against itself")
        return ns, ew
