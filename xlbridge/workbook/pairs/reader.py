"""Read a filled club-night workbook into an :class:`~xlbridge.event.Event`.

The workbook is opened read-only (it is never modified).  Every entry is
checked and every problem is collected, each naming its ``sheet!cell``:

* a result cell that is not a score, or weights not adding up to 100%;
* a score no contract can make at the board's vulnerability (an error when
  typed; a *warning* when a TD assigned it through a ruling, which is then
  scored as given);
* a board out of range, a pair against itself, a pair twice on a board, an
  unknown pair, a ruling ID that does not exist, more results than tables;
* a contract, declarer or result that is not valid, a row without a result.

When anything is wrong, :func:`read_workbook` raises one
:class:`~xlbridge.errors.ScoringError` listing every problem, one a line.
Warnings (e.g. a typed score that differs from the contract's) are returned
with the event.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from xlbridge.errors import ScoringError
from xlbridge.event import Adjustment, Event, EventFacts, Settings
from xlbridge.exact import quote
from xlbridge.movement import PairNumbering
from xlbridge.pair import PairLabel
from xlbridge.places import CellPlace, Place, Problem
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reading.adjustments import AdjustmentsSheet
from xlbridge.workbook.pairs.reading.base import ToCome, cell_text, sheet_row
from xlbridge.workbook.pairs.reading.base import board_span as _board_span
from xlbridge.workbook.pairs.reading.pairs import GUEST, PairsSheet
from xlbridge.workbook.pairs.reading.settings import SettingsSheet
from xlbridge.workbook.pairs.reading.travellers import TravellersSheet
from xlbridge.workbook.shared.checks import (
    Problems,
    check_headers,
    check_other_sheets,
    entry_like,
    hidden_problem,
)
from xlbridge.workbook.shared.results import read_rulings
from xlbridge.workbook.shared.sheets import Sheets, load_sheets

__all__ = [
    "GUEST",
    "NightWorkbook",
    "ToCome",
    "cell_text",
    "read_adjustments",
    "read_settings",
    "read_workbook",
    "sheet_row",
    "to_come_summary",
]


@dataclass(frozen=True)
class NightWorkbook:
    """What a filled workbook holds: the event, and the warnings found reading it."""

    event: Event
    warnings: tuple[Problem, ...] = ()
    tables: int | None = None
    boards: int | None = None
    #: The cell of the "Hand records" row of the Settings sheet (the file is the facts').
    hand_records_cell: Place | str = ""

    @property
    def hand_records(self) -> tuple[str, Place | str] | None:
        """The file a "Hand records" row of the Settings sheet names, and its cell (or None)."""
        name = self.event.facts.hand_records
        return (name, self.hand_records_cell) if name else None

    #: The results still to come: the rows ``xlbridge new --movement`` filled, left blank.
    to_come: tuple[ToCome, ...] = ()
    #: The cell of the Settings row giving the scoring form.
    scoring_cell: Place | str = ""

    @property
    def provisional(self) -> bool:
        """Whether results are still to come (the figures are then provisional)."""
        return bool(self.to_come)


def to_come_summary(missing: Sequence[ToCome], rounds: int = 8) -> list[str]:
    """What is still to come, in a few lines: a count, then one line a round (at most ``rounds``).

    >>> rows = [ToCome(5, 1, b, "") for b in (17, 18, 19, 20)] + [ToCome(5, 2, 1, "")]
    >>> for line in to_come_summary([*rows, ToCome(2, 3, 9, "")]):
    ...     print(line)
    provisional: 6 results to come (traveller rows left blank), by round:
      round 2: board 9 (table 3)
      round 5: boards 17-20 (table 1), 1 (table 2)
    """
    by_round: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for row in missing:
        by_round[row.round][row.table].append(row.board)
    count = len(missing)
    lines = [
        f"provisional: {count} result{'s' if count != 1 else ''} to come "
        "(traveller rows left blank), by round:"
    ]
    for number in sorted(by_round)[:rounds]:
        tables = by_round[number]
        parts = [f"{_board_span(tables[t])} (table {t})" for t in sorted(tables)]
        many = sum(len(b) for b in tables.values()) > 1
        lines.append(f"  round {number}: board{'s' if many else ''} {', '.join(parts)}")
    if len(by_round) > rounds:
        more = len(by_round) - rounds
        lines.append(f"  and {more} more round{'s' if more > 1 else ''}")
    return lines


def read_workbook(
    path: str | os.PathLike[str], players: str | os.PathLike[str] | None = None
) -> NightWorkbook:
    """Read and check the club-night workbook at ``path`` (opened read-only, never written).

    The file must already have passed :func:`xlbridge.inputs.check_workbook_file`.
    ``players``: the club's players list (``--players``); otherwise the file a
    *Players list* row of the Settings sheet names, relative to the workbook's folder.
    """
    loaded = load_sheets(path, _WIDTHS)
    missing = [s for s in (L.SETTINGS, L.PAIRS, L.TRAVELLERS) if s not in loaded.read]
    if missing:
        like = [
            name
            for name, first in loaded.others.items()
            if entry_like(name, first, _ENTRY_COLUMNS, (L.SETTINGS,)) == missing[0]
        ]
        hint = (
            f"the sheet {quote(like[0])} looks like it: rename it {quote(missing[0])}"
            if like
            else "is it a club-night workbook (xlbridge new NIGHT.xlsx)?"
        )
        raise ScoringError(f"{os.fspath(path)} has no sheet {quote(missing[0])}: {hint}")
    return _Reader(loaded, Path(path).parent, players).read()


def read_settings(
    loaded: Sheets, problems: Problems
) -> tuple[Settings, EventFacts, int | None, int | None]:
    """The Settings sheet of ``loaded`` as a night's is read: the settings, the facts, the
    tables and the boards, each problem added to ``problems`` naming its cell (for a
    workbook sharing the night's Settings sheet: the individual one)."""
    reader = _Reader(loaded)
    reader.problems = problems
    return reader._settings()


def read_adjustments(
    loaded: Sheets,
    problems: Problems,
    labels: set[PairLabel],
    boards: int | None,
    *,
    who: str = "pair",
    listing: str = L.PAIRS,
) -> list[Adjustment]:
    """The Adjustments sheet of ``loaded`` as a night's is read, each naming one of
    ``labels`` (``who``: ``pair``, or ``player`` for an individual, listed on the
    ``listing`` sheet); each problem added to ``problems`` naming its cell."""
    reader = _Reader(loaded)
    reader.problems = problems
    reader.who, reader.listing = who, listing
    return reader._adjustments(labels, boards)


#: The entry sheets and how many columns of each a person types in.
_ENTRY_COLUMNS = {
    L.PAIRS: L.PAIR_COLUMNS,
    L.TRAVELLERS: L.TRAVELLER_COLUMNS[:8],
    L.RULINGS: L.RULING_COLUMNS,
    L.ADJUSTMENTS: L.ADJUSTMENT_COLUMNS,
}
#: The sheets read, and how many columns of each are typed (checked for hidden formulas).
_WIDTHS = {L.SETTINGS: 0, **{name: len(columns) for name, columns in _ENTRY_COLUMNS.items()}}


#: The Travellers' "Score used" column: the template's own formula (``BRIDGE_SCORE``).
_SCORE_USED = next(i for i, c in enumerate(L.TRAVELLER_COLUMNS) if c.header == "Score used")


def _typed_only(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The Travellers' rows with the "Score used" column blanked below the header.

    The column holds xlbridge's own formula: its saved value is whatever the
    program that saved the workbook computed (``#NAME?`` in LibreOffice, or in
    Excel without the add-in; nothing at all in a file written by openpyxl).
    Every figure is computed from the cells a person types (contract, declarer,
    result, score), so the column is neither trusted nor refused.
    """
    column = _SCORE_USED
    return [
        rows[0] if rows else (),
        *(
            (*row[:column], None, *row[column + 1 :]) if len(row) > column else row
            for row in rows[1:]
        ),
    ][: len(rows)]


class _Reader(SettingsSheet, PairsSheet, TravellersSheet, AdjustmentsSheet):
    """The whole workbook, sheet by sheet (:mod:`xlbridge.workbook.pairs.reading`)."""

    def __init__(
        self,
        loaded: Sheets,
        folder: Path = Path(),
        players: str | os.PathLike[str] | None = None,
    ) -> None:
        self.loaded = loaded
        #: the workbook's folder, and the players list given (``--players``), if any
        self.folder = folder
        self.players_given = players
        self.players = None
        self.body = None
        self.sheets = {name: sheet.rows for name, sheet in loaded.read.items()}
        if L.TRAVELLERS in self.sheets:
            self.sheets[L.TRAVELLERS] = _typed_only(self.sheets[L.TRAVELLERS])
        self.problems = Problems([hidden_problem(h) for h in loaded.hidden])
        #: the cell of the Settings row naming the hand-record file
        self.hand_records_cell: Place | str = ""
        self.scoring_cell: Place | str = ""
        self.numbering = PairNumbering({})
        #: the movement's rows whose results are still to come
        self.to_come: list[ToCome] = []
        #: what an adjustment names, and the sheet listing them (an individual: players)
        self.who, self.listing = "pair", L.PAIRS

    def read(self) -> NightWorkbook:
        settings, facts, tables, boards = self._settings()
        self._players_list()
        pairs = self._pairs()
        if facts.strata is not None:
            pairs = self._holdings(pairs, facts.strata, self.values[L.STRATA.name][1])
        labels = {p.label for p in pairs}
        #: each pair's row on the Pairs sheet (``Pairs!A5``), for the direction checks
        self.pair_sources = {p.label: p.source for p in pairs}
        rulings = read_rulings(L.RULINGS, self._entries(L.RULINGS, 5), self.problems)
        self._check_headers()
        self._check_sheets()
        movement = self._movement(facts, labels, tables, boards)
        plays = self._travellers(labels, rulings, tables, boards, movement)
        if not plays and not self.problems.errors:
            waiting = f" ({len(self.to_come)} rows are left blank)" if self.to_come else ""
            self.problems.error(
                CellPlace(L.TRAVELLERS, 2, "A"), f"no traveller row has a result to score{waiting}"
            )
        adjustments = self._adjustments(labels, boards)
        self.problems.raise_errors()
        count = len(self.to_come)
        if count:
            facts = replace(facts, provisional=f"{count} result{'s' if count != 1 else ''} to come")
        event = Event(tuple(pairs), tuple(plays), tuple(adjustments), settings, facts)
        warnings = tuple(self.problems.warnings)
        return NightWorkbook(
            event,
            warnings,
            tables,
            boards,
            self.hand_records_cell,
            tuple(self.to_come),
            self.scoring_cell,
        )

    def _check_sheets(self) -> None:
        check_other_sheets(self.problems, self.loaded, _ENTRY_COLUMNS, (L.SETTINGS,))

    def _check_headers(self) -> None:
        check_headers(self.problems, self.sheets, _ENTRY_COLUMNS)
