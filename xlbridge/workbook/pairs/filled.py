"""An event written into a filled club-night workbook: what ``xlbridge import`` writes.

:func:`filled_workbook` turns an :class:`~xlbridge.event.Event` (from a
USEBIO or PBN file, say) into the club-night template filled in as a scorer
would: Settings (the event's facts and settings), Pairs (numbers, directions,
the players' names and national numbers, master points), Travellers
(contract, declarer, result and the NS score as typed), and a row with its
result cells blank for each result still to come (a Bridgemate night with a
result not entered).  ``xlbridge score`` then rescores it like any other
night, and reads everything back as it was.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.audit import Audit, EventInfo
from xlbridge.errors import ScoringError
from xlbridge.event import AdjustmentUnit, Event, Pair, Player, ScoringConvention
from xlbridge.exact import decimal_text, round_half_away
from xlbridge.outputs import atomic_write
from xlbridge.pair import PairLabel
from xlbridge.result import format_result
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reader import GUEST
from xlbridge.workbook.pairs.template import build_template
from xlbridge.workbook.pairs.writer import label_cell, traveller_values
from xlbridge.workbook.shared.style import BOLD, Column, header_row
from xlbridge.workbook.shared.written import save

__all__ = ["AUDIT", "GUEST", "ResultToCome", "filled_workbook", "write_filled_workbook"]


@dataclass(frozen=True)
class ResultToCome:
    """A result still to come: its traveller row is written with the board, the pairs,
    the round and the table, and its result cells blank, as ``xlbridge new
    --movement`` writes it; the workbook is then read as provisional until it is typed."""

    board: int
    ns: PairLabel
    ew: PairLabel
    round: int
    table: int


def filled_workbook(
    event: Event,
    info: EventInfo | None = None,
    audit: Audit | None = None,
    places: Sequence[tuple[int, int]] = (),
    to_come: Sequence[ResultToCome] = (),
) -> Workbook:
    """The club-night template holding ``event``: settings, pairs, players, travellers.

    ``audit`` (of the published figures) is written on an *Audit* sheet.  A
    Mitchell numbered in each direction keeps its numbers (NS 1 and EW 1 are 1
    on the Pairs sheet, with their directions, and 1 on the travellers).
    ``places`` gives each play's round and table where the file says them
    (a Bridgemate night), for the Round and Table columns; ``to_come`` the
    results still to come, written below the plays with their result cells blank.
    """
    info = info or EventInfo()
    wb = build_template()
    by_direction = any(pair.label.direction for pair in event.pairs)
    _settings(wb, event, by_direction, to_come)
    pairs = wb[L.PAIRS]
    for row, pair in enumerate(event.pairs, start=2):
        for column, value in enumerate(_pair_values(pair, by_direction), start=1):
            pairs.cell(row, column, value)
    travellers = wb[L.TRAVELLERS]
    for row, play in enumerate(event.plays, start=2):
        cells = traveller_values(play, format_result(play.result), number_only=by_direction)
        for column, value in enumerate(cells, start=1):
            travellers.cell(row, column, value if value != "" else None)
        if row - 2 < len(places):
            round_, table = places[row - 2]
            travellers.cell(row, _column("Round"), round_)
            travellers.cell(row, _column("Table"), table)
    first = len(event.plays) + 2
    for row, waiting in enumerate(to_come, start=first):
        pairs_cells = (_pair_cell(waiting.ns, by_direction), _pair_cell(waiting.ew, by_direction))
        for column, value in enumerate((waiting.board, *pairs_cells), start=1):
            travellers.cell(row, column, value)
        travellers.cell(row, _column("Round"), waiting.round)
        travellers.cell(row, _column("Table"), waiting.table)
    adjustments = wb[L.ADJUSTMENTS]
    for row, adjustment in enumerate(event.adjustments, start=2):
        amount: object = _number(adjustment.amount)
        if adjustment.unit is AdjustmentUnit.PERCENT_OF_TOP and 0 < abs(adjustment.amount) < 1:
            amount = f"{decimal_text(adjustment.amount)}%"  # 0.5 alone could mean 50%
        values = (
            label_cell(adjustment.pair),
            adjustment.board,
            amount,
            str(adjustment.unit),
            adjustment.reason or None,
        )
        for column, value in enumerate(values, start=1):
            adjustments.cell(row, column, value)
    if audit is not None:
        _audit_sheet(wb.create_sheet(AUDIT), audit, info)
    return wb


def _column(heading: str) -> int:
    """The Travellers column headed ``heading`` (1-based)."""
    return next(i for i, c in enumerate(L.TRAVELLER_COLUMNS, start=1) if c.header == heading)


def _pair_cell(label: PairLabel, by_direction: bool) -> int | str:
    """A traveller's pair cell, as :func:`traveller_values` writes it."""
    if by_direction and label.number.isdecimal() and not label.club:
        return int(label.number)
    return label_cell(label)


def _pair_values(pair: Pair, by_direction: bool) -> list[object]:
    """A Pairs sheet row: pair, players, direction, the two players, master points."""
    label = pair.label
    number: object = label_cell(label)
    if by_direction and label.direction and not label.club and label.number.isdecimal():
        number = int(label.number)
    values: list[object] = [number, pair.names or None, label.direction or None]
    for player in (*pair.players[:2], Player(""), Player(""))[:2]:
        values += [player.name or None, player.national_id or (GUEST if player.guest else None)]
    points = pair.master_points
    values.append(int(points) if points.isdecimal() else points or None)
    return values


#: The sheet an imported event's audit is written on.
AUDIT = "Audit"
_AUDIT_COLUMNS = (
    Column("A", "Where", 22),
    Column("B", "Figure", 12),
    Column("C", "Published", 11, number_format="0.00"),
    Column("D", "xlbridge", 11, number_format="0.00"),
    Column("E", "Why", 70),
)


def _audit_sheet(ws: Worksheet, audit: Audit, info: EventInfo) -> None:
    """The published figures that differ from xlbridge's, under the convention chosen."""
    made_by = " by ".join(part for part in (info.file_format, info.program) if part)
    count = len(audit.differences)
    notes = [
        f"Published results{f' ({made_by})' if made_by else ''}, rescored by xlbridge",
        f"Convention: {audit.convention.name}",
        audit.convention.note,
        f"{audit.checked} published figures checked: "
        + ("every one reproduced" if not count else f"{count} differ from xlbridge's"),
    ]
    texts = [note for note in notes if note]
    for row, text in enumerate(texts, start=1):
        ws.cell(row, 1, text).font = BOLD if row == 1 else Font()
    first = len(texts) + 2
    header_row(ws, _AUDIT_COLUMNS, first)
    for row, difference in enumerate(audit.differences, start=first + 1):
        unit = Fraction(1, 10**difference.published.places)
        values = (
            difference.where,
            difference.what,
            float(difference.published.value),
            float(round_half_away(difference.ours, unit)),
            difference.reason or None,
        )
        for column, value in enumerate(values, start=1):
            ws.cell(row, column, value).number_format = _AUDIT_COLUMNS[column - 1].number_format


def _settings(
    wb: Workbook, event: Event, by_direction: bool, to_come: Sequence[ResultToCome] = ()
) -> None:
    ws = wb[L.SETTINGS]
    settings, facts = event.settings, event.facts
    played = [play.board for play in event.plays] + [waiting.board for waiting in to_come]
    boards = max(played, default=1)
    per_board: dict[int, int] = {}
    for board in played:
        per_board[board] = per_board.get(board, 0) + 1
    values: dict[str, object] = {
        "EventName": facts.name or "Club pairs",
        "EventDate": facts.date,
        # a file does not name its movement; pairs numbered in each direction are a Mitchell
        "Movement": facts.movement or ("Mitchell" if by_direction else "other"),
        "Tables": max(per_board.values(), default=1),
        "Boards": boards,
        "ScoringForm": settings.form.value,
        "Scale": int(settings.scale),
        "ExpectedSetting": settings.expected or "max played",
        "Unequal": settings.unequal.value,
        "AvplusMethod": str(settings.avplus_method),
        "Aplus": _number(settings.aplus),
        "Aminus": _number(settings.aminus),
        "ButlerTrim": settings.trim,
        "DatumRound": settings.datum_round,
        "DatumReal": "Yes" if settings.datum_real_results else "No",
        "DivideBy": str(settings.cross_divide_by),
        "FactorBoards": "Yes" if settings.factor_fewer_boards else "No",
        "Ranking": settings.ranking.value,
        "SmallVersions": settings.small_versions.value,
        "ClubName": facts.club or None,
        "ClubNumber": facts.club_number or None,
        "Convention": None
        if settings.convention is ScoringConvention.XLBRIDGE
        else str(settings.convention),
    }
    for name, value in values.items():
        ws[f"B{L.setting_row(name)}"] = value
    # the national body's rows, when the file had them, below the others (read by label)
    national = {
        "EventIdentifier": facts.event_id,
        "MasterPointScale": facts.mp_scale,
        "MasterPointType": facts.mp_type,
        "MasterPointsAwarded": {"Y": "Yes", "N": "No"}.get(facts.mps_awarded, facts.mps_awarded),
        "ChargeCode": facts.charge,
        "MasterPointBody": str(facts.mp_body) if facts.mp_body else "",
    }
    row = ws.max_row + 1
    for setting in L.NATIONAL_ROWS:
        if national[setting.name]:
            ws.cell(row, 1, setting.label)
            ws.cell(row, 2, national[setting.name])
            ws.cell(row, 3, setting.help)
            row += 1


def _number(value: object) -> object:
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def write_filled_workbook(
    target: str | os.PathLike[str],
    event: Event,
    info: EventInfo | None = None,
    audit: Audit | None = None,
    places: Sequence[tuple[int, int]] = (),
    to_come: Sequence[ResultToCome] = (),
    players: str = "",
) -> None:
    """Write :func:`filled_workbook` to ``target`` (an .xlsx file, written atomically);
    ``players``: the club's players list, named on a Settings row *Players list*."""
    if Path(target).suffix.lower() != ".xlsx":
        raise ScoringError(f"{os.fspath(target)}: the workbook's name must end in .xlsx")
    wb = filled_workbook(event, info, audit, places, to_come)
    if players:
        from xlbridge.workbook.players import record_players_list

        record_players_list(wb, players)
    atomic_write(target, lambda tmp: save(wb, tmp))
