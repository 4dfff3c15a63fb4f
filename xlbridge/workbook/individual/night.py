"""The individual night's steps: a new workbook, the workbook scored, its results written.

:func:`new_individual_night` writes ``xlbridge new --individual``'s workbook;
:func:`score_individual_night` reads one (:mod:`.reader`) and scores it with
:func:`~xlbridge.individual.score_individual`; :func:`format_individual_ranking`
prints the players' ranking and :func:`write_individual_results` writes the
results workbook: a copy of the night with a Ranking sheet of the players
first and each traveller row's NS and EW matchpoints beside it, set up to
print as the pairs results are (:mod:`xlbridge.workbook.pairs.printing`): the
event in every page's header, the ranking on page 1, fitted to one page's
width (and its height, up to 60 players), the sheets for before play (How to
use, Table cards) left out.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from openpyxl import load_workbook

from xlbridge.errors import ScoringError
from xlbridge.individual import IndividualMovement, score_individual
from xlbridge.inputs import check_workbook_file
from xlbridge.outputs import atomic_write
from xlbridge.places import CellPlace, Problem
from xlbridge.report import format_figure, format_fixed
from xlbridge.scored import EventResult
from xlbridge.workbook.individual.reader import IndividualNight, read_individual_workbook
from xlbridge.workbook.individual.template import individual_workbook
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.present import format_table
from xlbridge.workbook.pairs.printing import NOT_IN_RESULTS, event_title
from xlbridge.workbook.shared.pages import print_setup
from xlbridge.workbook.shared.style import (
    COMPUTED_FILL,
    THIN,
    Column,
    fit_to_texts,
    header_row,
    mark_results,
)
from xlbridge.workbook.shared.written import keep_formulas, save

__all__ = [
    "ScoredIndividual",
    "default_boards",
    "format_individual_ranking",
    "new_individual_night",
    "score_individual_night",
    "write_individual_results",
]


@dataclass(frozen=True)
class ScoredIndividual:
    """An individual workbook read and scored."""

    night: IndividualNight
    result: EventResult

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return self.night.warnings


def default_boards(tables: int) -> int:
    """The boards a player plays when ``--boards`` is not given: the 12-player card's 22
    (2 a round), a Rainbow's 3 a round up to 7 tables (15, 21), 2 a round above (22, 26)."""
    if tables == 3:
        return 22
    return tables * (3 if tables <= 7 else 2)


def new_individual_night(
    target: Path,
    movement: IndividualMovement,
    event: str = "",
    day: date | None = None,
    overwrite: bool = False,
) -> None:
    """Write the individual workbook for ``movement`` to ``target`` (an ``.xlsx``)."""
    if target.exists() and not overwrite:
        raise ScoringError(
            f"{os.fspath(target)} exists already: give a new file name, "
            "or add --force to replace it"
        )
    if target.suffix.lower() != ".xlsx":
        raise ScoringError(
            f"{os.fspath(target)}: the new individual workbook's name must end in .xlsx"
        )
    wb = individual_workbook(movement, event, day)
    atomic_write(target, lambda tmp: save(wb, tmp))


def score_individual_night(path: str | os.PathLike[str]) -> ScoredIndividual:
    """Check, read and score the individual workbook at ``path`` (one ScoringError for
    every problem, each naming its cell)."""
    night = read_individual_workbook(path)
    return ScoredIndividual(night, score_individual(night.event))


_RANKING_HEADER = ("Rank", "Player", "Name", "Boards", "Score", "Max", "%")


def format_individual_ranking(result: EventResult) -> str:
    """The players' ranking as text: the event's name and date, then Rank, Player, Name,
    Boards, Score, Max and %."""
    rows = [
        (
            p.rank,
            str(p.pair.label),
            p.pair.names,
            str(len(p.boards)),
            format_fixed(result.ranking_total(p)),
            format_figure(p.maximum),
            format_fixed(p.percentage),
        )
        for p in result.pairs
    ]
    table = format_table(_RANKING_HEADER, rows, right="Rank Player Boards Score Max %")
    return f"{event_title(result)}\n{table}"


_RANKING_COLUMNS = (
    Column("A", "Rank", 7),
    Column("B", "Player", 8),
    Column("C", "Name", 30),
    Column("D", "Boards", 8, "", "0"),
    Column("E", "Score", 10, "", "0.00"),
    Column("F", "Max", 9, "", "0"),
    Column("G", "%", 9, "", "0.00"),
)
_MATCHPOINT_COLUMNS = (
    Column("L", "NS MP", 8, "", "0.0#"),
    Column("M", "EW MP", 8, "", "0.0#"),
)


def write_individual_results(source: Path, result: EventResult, target: Path) -> None:
    """Write a copy of the individual workbook ``source`` to ``target`` with a Ranking
    sheet of the players first and each traveller row's NS and EW matchpoints."""
    check_workbook_file(source)
    wb = keep_formulas(load_workbook(source))
    if L.RANKING in wb.sheetnames:
        del wb[L.RANKING]
    ranking = wb.create_sheet(L.RANKING, 0)
    header_row(ranking, _RANKING_COLUMNS)
    for row, player in enumerate(result.pairs, start=2):
        values = (
            player.rank or None,
            int(player.pair.label.number),
            player.pair.names,
            len(player.boards),
            _number(result.ranking_total(player)),
            _number(player.maximum),
            _number(player.percentage),
        )
        for column, (value, spec) in enumerate(zip(values, _RANKING_COLUMNS, strict=True), 1):
            cell = ranking.cell(row, column, value)
            cell.border = THIN
            cell.number_format = spec.number_format
            if column == 1:
                cell.fill = COMPUTED_FILL
    fit_to_texts(ranking, _RANKING_COLUMNS[2], (p.pair.names for p in result.pairs))
    ranking.print_area = f"A1:G{len(result.pairs) + 1}"
    ranking.page_setup.orientation = "portrait"
    ranking.page_setup.fitToHeight = 1 if len(result.pairs) <= 60 else 0
    ranking.page_setup.fitToWidth = 1
    ranking.sheet_properties.pageSetUpPr.fitToPage = True
    travellers = wb[L.TRAVELLERS]
    header_row(travellers, _MATCHPOINT_COLUMNS)
    for board in result.boards:
        for scored in board.plays:
            where = scored.play.source
            if not isinstance(where, CellPlace):
                continue
            for spec, figure in zip(
                _MATCHPOINT_COLUMNS, (scored.ns_score, scored.ew_score), strict=True
            ):
                cell = travellers[f"{spec.letter}{where.row}"]
                cell.value = _number(figure)
                cell.number_format = spec.number_format
                cell.fill = COMPUTED_FILL
    travellers.print_area = f"A1:{_MATCHPOINT_COLUMNS[-1].letter}{max(travellers.max_row, 2)}"
    for title in NOT_IN_RESULTS:
        if title in wb.sheetnames:
            wb.remove(wb[title])
    for ws in wb.worksheets:
        facts = result.event.facts
        print_setup(ws, facts.marked(result.event.name or "Results"), result.event.date)
        ws.sheet_view.tabSelected = ws is ranking
    wb.active = 0
    mark_results(wb)
    save(wb, target)


def _number(value: Fraction | int | None) -> float | int | None:
    """A figure for a cell: whole as an int, else a float (the output boundary)."""
    if value is None:
        return None
    return int(value) if value == int(value) else float(value)
