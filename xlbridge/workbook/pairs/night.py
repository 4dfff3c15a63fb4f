"""One club night from file to results: the steps behind ``xlbridge score``, ``explain``, ``merge``.

Each function checks the input file first (:func:`xlbridge.inputs.check_workbook_file`),
reads it read-only, scores it with :func:`xlbridge.session.score_event`, and
writes every output through :func:`xlbridge.outputs.atomic_write`, so an
interrupted run leaves no half-written file and the input is never touched.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from openpyxl import Workbook

from xlbridge.errors import InputFileError, ScoringError
from xlbridge.event import Event
from xlbridge.inputs import check_workbook_file, open_in_spreadsheet
from xlbridge.masterpoints import award_shown, with_awards_noted
from xlbridge.movement import Movement
from xlbridge.outputs import MERGED_FIELD_KEYWORDS, OutputPlan, atomic_write
from xlbridge.places import CellPlace, Place, Problem
from xlbridge.scored import EventResult
from xlbridge.session import score_event
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.cards import movement_workbook
from xlbridge.workbook.pairs.html import results_page
from xlbridge.workbook.pairs.reader import (
    NightWorkbook,
    read_workbook,
    sheet_row,
)
from xlbridge.workbook.pairs.template import build_macro_template, build_template
from xlbridge.workbook.pairs.writer import (
    BulkRows,
    fill_results,
    label_cell,
    result_texts,
    traveller_values,
    write_results,
)
from xlbridge.workbook.shared.sheets import find_damage
from xlbridge.workbook.shared.style import mark_results
from xlbridge.workbook.shared.written import save

if TYPE_CHECKING:
    from xlbridge.hands import SessionHands

__all__ = [
    "HTML_SUFFIXES",
    "PBN_SUFFIXES",
    "WORKBOOK_SUFFIXES",
    "ScoredNight",
    "default_output",
    "event_workbook",
    "hand_records_setting",
    "html_writer",
    "new_night",
    "pbn_writer",
    "players_list_name",
    "results_writer",
    "score_night",
    "write_html",
    "write_night_results",
    "write_pbn",
]


@dataclass(frozen=True)
class ScoredNight:
    """A workbook read and scored: the event, the warnings met, the results."""

    night: NightWorkbook
    result: EventResult
    #: the file's own warnings (open in a spreadsheet), before the sheets'
    opened: tuple[Problem, ...] = ()
    #: warnings met after scoring (a typed master-point award that is not the computed one)
    scored_warnings: tuple[Problem, ...] = ()

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """Every warning, each with its place (``""`` when it has none), in the order met."""
        return self.opened + self.night.warnings + self.scored_warnings


def default_output(night: Path) -> Path:
    """``NIGHT-results.xlsx`` beside ``NIGHT.xlsx``."""
    return night.with_name(f"{night.stem}-results.xlsx")


def score_night(
    path: str | os.PathLike[str],
    *,
    boards: bool = True,
    players: str | os.PathLike[str] | None = None,
) -> ScoredNight:
    """Check, read and score the workbook at ``path``; every problem raises one ScoringError.

    ``boards=False``: no per-board results (see :func:`~xlbridge.session.score_event`).
    ``players``: the club's players list (default: the one the Settings sheet names).
    """
    check_workbook_file(path)
    opened = open_in_spreadsheet(path)
    night = read_workbook(path, players)
    result, warnings = _master_points(score_event(night.event, boards=boards))
    return ScoredNight(night, result, (Problem("", opened),) if opened else (), warnings)


def _master_points(result: EventResult) -> tuple[EventResult, tuple[Problem, ...]]:
    """Each blank Master points cell computed by the Settings' body; a typed award that is
    not the computed one is a warning naming its cell (the typed stands), and so is a blank
    one whose rule is not built in (the club types it)."""
    try:
        filled, typed, unbuilt = with_awards_noted(result)
    except ScoringError as exc:  # a session beyond the scale computed: the awards stay typed
        placed = exc.at(f"{L.SETTINGS} (master point body)")
        return result, (Problem(placed.where or "", placed.what),)
    column = L.PAIR_COLUMNS[7].letter
    body = result.event.facts.mp_body
    differ = tuple(
        Problem(
            _cell(t.pair.source, column),
            f"pair {t.pair.label}'s master points are typed as {t.typed}; the {body}'s "
            f"rule gives {t.computed} ({award_shown(str(t.computed), body)} masterpoints, "
            "in hundredths as the results file carries them); the typed figure stands",
        )
        for t in typed
    )
    blank = tuple(
        Problem(_cell(u.pair.source, column), f"pair {u.pair.label}'s master points: {u.why}")
        for u in unbuilt
    )
    return filled, differ + blank


def _cell(source: Place | str, column: str) -> Place | str:
    """The cell in ``column`` of the Pairs row a pair was read from (the sheet, when it was
    not read from a row)."""
    return source.at(column) if isinstance(source, CellPlace) else L.PAIRS


#: The file name endings of each output.
WORKBOOK_SUFFIXES = (".xlsx",)
HTML_SUFFIXES = (".html", ".htm")
PBN_SUFFIXES = (".pbn",)


def write_night_results(
    source: Path, scored: ScoredNight, target: Path, hands: SessionHands | None = None
) -> None:
    """Write the results workbook ``target`` (never over ``source``), with the hands if given."""
    plan = OutputPlan([source])
    plan.add(target, "-o", results_writer(source, scored, hands), WORKBOOK_SUFFIXES)
    plan.write()


def write_html(
    source: Path, result: EventResult, target: Path, hands: SessionHands | None = None
) -> None:
    """Write the results page ``target`` (never over ``source``), with the hands if given."""
    plan = OutputPlan([source])
    plan.add(target, "--html", html_writer(result, hands), HTML_SUFFIXES)
    plan.write()


def results_writer(
    source: Path, scored: ScoredNight, hands: SessionHands | None = None
) -> Callable[[Path], None]:
    """What fills the results workbook of ``source`` (a function of the file to fill).

    The results are written into a copy of ``source``, read whole: a part of it
    that is damaged though the entries read well (a theme, a drawing) ends in
    an :class:`~xlbridge.errors.InputFileError` naming it.
    """

    def write(tmp: Path) -> None:
        try:
            write_results(source, scored.result, tmp, hands)
        except (InputFileError, OSError):
            raise
        except Exception as exc:
            damage = find_damage(source)
            if damage:
                raise InputFileError(damage) from exc
            raise

    return write


def html_writer(result: EventResult, hands: SessionHands | None = None) -> Callable[[Path], None]:
    """What fills the results page, with the hands if given (a function of the file to fill)."""

    def write(tmp: Path) -> None:
        tmp.write_text(results_page(result, hands), encoding="utf-8")

    return write


def write_pbn(
    source: Path, result: EventResult, target: Path, hands: SessionHands | None = None
) -> None:
    """Write the results as PBN 2.1 to ``target`` (never over ``source``), deals from ``hands``."""
    plan = OutputPlan([source])
    plan.add(target, "--pbn", pbn_writer(source, result, hands), PBN_SUFFIXES)
    plan.write()


def pbn_writer(
    source: Path, result: EventResult, hands: SessionHands | None = None
) -> Callable[[Path], None]:
    """What fills the PBN 2.1 results file (a function of the file to fill)."""
    from xlbridge.formats.pbn import format_results

    del source  # the date and the rest come from the event's facts, read with the night
    text = format_results(result, hands)

    def write(tmp: Path) -> None:
        tmp.write_text(text, encoding="utf-8")

    return write


def hand_records_setting(source: Path, night: NightWorkbook) -> Path | None:
    """The hand-record file a ``Hand records`` row of the Settings sheet names, if any.

    A relative name is relative to the workbook's folder; a file that is not
    there is an error naming the cell.
    """
    if night.hand_records is None:
        return None
    name, cell = night.hand_records
    path = source.parent / name
    if not path.is_file():
        folder = os.fspath(source.parent) or "."
        raise ScoringError(f"{cell}: the hand-record file {name} is not in {folder}")
    return path


def new_night(
    target: Path,
    overwrite: bool = False,
    movement: Movement | None = None,
    event: str = "",
    day: date | None = None,
    players: str = "",
) -> None:
    """Write a fresh copy of the club-pairs template to ``target``.

    ``players``: the club's players list, as the Settings row *Players list* names it
    (relative to the workbook's folder).

    A ``.xlsm`` name gets the macro-enabled template for the classic xlwings
    add-in (xlwings' own VBA module, UDF Modules set to ``xlbridge.udfs``).
    With a ``movement``: the workbook set up for it (pairs numbered, travellers
    pre-filled, Movement and Table cards sheets; see :mod:`xlbridge.workbook.pairs.cards`).
    """
    if target.exists() and not overwrite:
        raise ScoringError(
            f"{os.fspath(target)} exists already: give a new file name, "
            "or add --force to replace it"
        )
    suffix = target.suffix.lower()
    if suffix not in (".xlsx", ".xlsm"):
        raise ScoringError(
            f"{os.fspath(target)}: the new workbook's name must end in .xlsx "
            "(or .xlsm for the classic xlwings add-in)"
        )
    build = build_template if suffix == ".xlsx" else build_macro_template
    if movement is None and (event or day is not None):
        raise ScoringError("--event and --date go with --movement (and --tables, --boards)")
    wb = build() if movement is None else movement_workbook(movement, event, day, build)
    if players:
        from xlbridge.workbook.players import record_players_list

        record_players_list(wb, players)
    atomic_write(target, lambda tmp: save(wb, tmp))


def players_list_name(players: Path, night: Path) -> str:
    """The players list's name as the night's Settings row gives it: relative to the
    workbook's folder when it can be (an absolute name otherwise: another drive)."""
    try:
        return Path(os.path.relpath(players.resolve(), night.resolve().parent)).as_posix()
    except ValueError:
        return os.fspath(players.resolve())


def event_workbook(event: Event, result: EventResult, bulk: BulkRows | None = None) -> Workbook:
    """A workbook holding ``event`` (pairs, travellers) and its results, e.g. for a merge.

    With ``bulk`` (a merged field), the rows past the template's own and past
    the first row of each results sheet go to ``bulk``: save the workbook with
    :func:`~xlbridge.workbook.pairs.writer.save_workbook`.
    """
    wb = build_template(results=False)  # fill_results writes the result sheets
    mark_results(wb)
    wb.properties.keywords = MERGED_FIELD_KEYWORDS  # never merged again as a club
    settings = wb[L.SETTINGS]
    settings[f"B{L.setting_row('EventName')}"] = event.name or "Merged event"
    settings[f"B{L.setting_row('Boards')}"] = max((p.board for p in event.plays), default=1)
    settings[f"B{L.setting_row('Tables')}"] = result.expected
    pairs = wb[L.PAIRS]
    last = pairs.max_row
    for row, pair in enumerate(event.pairs, start=2):
        if bulk is not None and row > last:
            bulk.add(pairs, row, (label_cell(pair.label), pair.names))
            continue
        pairs.cell(row, 1, label_cell(pair.label))
        pairs.cell(row, 2, pair.names)
    travellers = wb[L.TRAVELLERS]
    last = travellers.max_row
    texts = result_texts()
    for row, play in enumerate(event.plays, start=2):
        values: Sequence[object] = traveller_values(play, texts(play.result))
        if bulk is not None and row > last:
            bulk.add(travellers, row, [value if value != "" else None for value in values])
            continue
        for column, value in enumerate(values, start=1):
            travellers.cell(row, column, value if value != "" else None)
    # The merged plays' sources name their clubs' files; their rows here follow the event's order.
    rows = {id(play): row for row, play in enumerate(result.event.plays, start=2)}
    fill_results(wb, result, bulk, lambda play: rows.get(id(play)) or sheet_row(play))
    return wb
