"""A teams workbook filled from a teams event read from a file (``xlbridge import``).

The workbook is the one ``xlbridge new --teams`` makes (its formulas, its checks),
with the file's teams and line-ups on Teams, every match on Matches, both rooms of
every board on Travellers (each room's North-South score as the file gives it, a
weighted or split score as its cell), and the VP scale, the VPs for a bye and the
penalties the file says it was scored with.  ``xlbridge score`` rescores it.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from fractions import Fraction

from openpyxl import Workbook

from xlbridge.outputs import atomic_write
from xlbridge.result import Row, format_result
from xlbridge.teams import Match, TeamsEvent
from xlbridge.workbook.shared.style import header_row
from xlbridge.workbook.shared.written import save
from xlbridge.workbook.teams import template as T

__all__ = ["write_filled_teams_workbook"]


def write_filled_teams_workbook(
    path: str | os.PathLike[str], event: TeamsEvent, fmt: str, date: dt.date | None
) -> None:
    """Write ``event`` as a filled teams workbook at ``path`` (atomically)."""
    rounds = max((m.round for m in event.matches), default=1)
    layout = T.TeamsLayout(
        len(event.teams), event.settings.boards_per_match, rounds, fmt, event.name, date
    )
    wb = T.build_teams_workbook(layout)
    settings = wb[T.SETTINGS]
    keys = list(T.SETTING_LABELS)
    settings.cell(2 + keys.index("vp_scale"), 2, str(event.settings.vp_scale))
    if rows := event.settings.vp_scale.club_rows:
        table = wb.create_sheet(T.VP_TABLE)
        header_row(table, T.VP_TABLE_COLUMNS)
        for step in rows:
            table.append([int(v) if v.denominator == 1 else float(v) for v in step])
    bye = event.settings.bye_vps
    settings.cell(2 + keys.index("bye_vps"), 2, int(bye) if bye.denominator == 1 else float(bye))
    teams = wb[T.TEAMS]
    for row, team in enumerate(sorted(event.teams, key=lambda t: t.number), start=2):
        teams.cell(row, 1, team.number)
        teams.cell(row, 2, team.name)
        for index, (player, national) in enumerate(team.players[: T.PLAYERS]):
            teams.cell(row, 3 + 2 * index, player or None)
            teams.cell(row, 4 + 2 * index, national or None)
        teams.cell(row, 11, team.withdrawn_after)
    for number in range(1, rounds + 1):
        _add_round(wb, [m for m in event.matches if m.round == number])
    travellers = wb[T.TRAVELLERS]
    for line in range(2, travellers.max_row + 1):
        round_, board, home = (travellers.cell(line, c).value for c in (1, 3, 4))
        if not (isinstance(round_, int) and isinstance(board, int) and isinstance(home, int)):
            continue
        rooms = event.results.get((round_, home), {})
        if board in rooms:
            open_room, closed_room = rooms[board]
            travellers.cell(line, 9, _cell(open_room))
            travellers.cell(line, 13, _cell(closed_room))
    penalties = wb[T.PENALTIES]
    for line, penalty in enumerate(event.penalties, start=2):
        values = (
            penalty.round,
            penalty.team,
            _number(penalty.imps) if penalty.imps else None,
            _number(penalty.vps) if penalty.vps else None,
            penalty.reason or None,
        )
        for column, value in enumerate(values, start=1):
            penalties.cell(line, column, value)
    atomic_write(path, lambda tmp: save(wb, tmp))


def _add_round(wb: Workbook, matches: Sequence[Match]) -> None:
    ordered = sorted(matches, key=lambda m: (m.away is None, m.table or 0, m.home))
    T.add_round(wb, ordered)


def _cell(row: Row) -> int | str | None:
    """A room's cell: a plain score as a number, anything else as the text the reader reads."""
    if row is None:
        return None
    text = format_result(row)
    return int(text) if text.lstrip("-").isdecimal() else text


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)
