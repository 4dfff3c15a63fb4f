"""What the readers of the club-night workbook's sheets share: a row's cells, a value
parsed at its cell, a Travellers row, the reader's state."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from xlbridge.contract import PlayedContract
from xlbridge.errors import ScoringError
from xlbridge.event import Play
from xlbridge.exact import (
    NumberError,
    excel_shown,
    is_blank,
    normalise_text,
    quote,
    whole_number,
)
from xlbridge.movement import PairNumbering
from xlbridge.pair import PairLabel
from xlbridge.places import CellPlace, Place
from xlbridge.players import NationalBody, PlayersList
from xlbridge.result import Row
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.shared.checks import Problems, entries
from xlbridge.workbook.shared.sheets import Sheets

T = TypeVar("T")


Cells = Sequence[Any]


@dataclass(frozen=True)
class ToCome:
    """A result still to come: a traveller row of the movement with its result cells blank."""

    round: int
    table: int
    board: int
    source: Place | str


def sheet_row(play: Play) -> int:
    """The sheet row a play was read from (0 when it was not read from a sheet's cell)."""
    return play.source.row if isinstance(play.source, CellPlace) else 0


def cell_text(value: object) -> str:
    """A cell's text as it shows (``12.0`` and ``'12'`` are both ``'12'``; blank is ``''``;
    a date Excel made of ``1-4`` is ``4-Jan``)."""
    return "" if is_blank(value) else normalise_text(excel_shown(value))


def name_text(value: object) -> str:
    """A name's or a title's cell as typed, its surrounding spaces aside: letters are never
    changed (``\u013f``, an NFKC form, a full-width letter are a name's own); blank is ``''``.
    """
    return "" if is_blank(value) else excel_shown(value).strip()


@dataclass(frozen=True)
class TravellerRow:
    index: int
    cells: Cells

    def at(self, letter: str) -> CellPlace:
        return CellPlace(L.TRAVELLERS, self.index, letter)

    @property
    def to_come(self) -> tuple[int, int] | None:
        """Round and table of a row whose result is still to come, else ``None``.

        A row ``xlbridge new --movement`` filled (board, pairs, round, table) whose
        result cells (contract, by, result, NS score, version) are all blank is a
        result to come; a row with some of them typed is checked as a result.
        """
        rnd, table = self.cells[9:11]
        if not all(is_blank(cell) for cell in self.cells[3:8]):
            return None
        try:
            return whole_number(rnd), whole_number(table)
        except ValueError:
            return None

    def play(
        self,
        board: int,
        ns: PairLabel,
        ew: PairLabel,
        result: Row,
        played: PlayedContract | None,
    ) -> Play:
        version = self.cells[7]
        return Play(board, ns, ew, result, self.at("G"), cell_text(version).upper(), played)


def board_span(boards: list[int]) -> str:
    """``17-20`` or ``3, 5``: the boards, runs of consecutive boards as a span."""
    runs: list[list[int]] = []
    for board in sorted(set(boards)):
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def is_whole(value: object) -> bool:
    try:
        whole_number(value)
    except ValueError:
        return False
    return True


def at(where: Place | str, parse: Callable[[Any], T], value: object) -> T:
    """``parse(value)``; its error placed at ``where`` (its words quote the value as shown)."""
    try:
        return parse(value)
    except ScoringError as exc:
        raise exc.at(where) from None


def quote_free(exc: NumberError, value: object) -> str:
    """``exc``'s words, quoting ``value`` as the user typed it: the words of
    :func:`~xlbridge.exact.parse_percent` quote the number they read (``'4O'`` of
    ``'4O%'``: ``exc.value``), and when that is not the cell as typed, the cell goes in
    front of them."""
    shown = quote(value)
    return exc.what if quote(exc.value) == shown else f"{shown}: {exc.what}"


class ReaderState:
    """What the sheets' readers share: the sheets read, the problems met, what one sheet
    tells the next (the pairs' numbering and rows, the results still to come)."""

    loaded: Sheets
    sheets: dict[str, list[tuple[Any, ...]]]
    problems: Problems
    #: the cell of the Settings row naming the hand-record file
    hand_records_cell: Place | str
    #: the cell of the Settings row giving the scoring form (matchpoints, Butler, cross-IMPs)
    scoring_cell: Place | str
    numbering: PairNumbering
    #: the movement's rows whose results are still to come
    to_come: list[ToCome]
    #: each pair's row on the Pairs sheet (``Pairs!A5``), for the direction checks
    pair_sources: dict[PairLabel, Place | str]
    #: each setting's value as the user meant it, and its cell (the Settings sheet's)
    values: dict[str, tuple[object, Place | str]]
    #: the workbook's folder, and the players list given (``--players``), if any
    folder: Path
    players_given: str | os.PathLike[str] | None
    #: the club's players list and the national body, when the Settings sheet or
    #: ``--players`` name them
    players: PlayersList | None
    body: NationalBody | None
    #: what an adjustment names (``pair``; ``player`` for an individual), and the sheet
    #: listing them
    who: str
    listing: str

    def _entries(self, name: str, width: int) -> Iterator[tuple[int, Cells]]:
        """The non-blank rows of an entry sheet (see :func:`checks.entries <entries>`)."""
        return entries(self.problems, name, self.sheets.get(name, []), width)
