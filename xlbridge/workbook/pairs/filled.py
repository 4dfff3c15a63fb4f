"""An event written into a filled club-night workbook, and the players and club read back.

:func:`filled_workbook` turns an :class:`~xlbridge.event.Event` (from a
USEBIO or PBN file, say) into the club-night template filled in as a scorer
would: Settings, Pairs (with the players' names and national numbers),
Travellers (contract, declarer, result and the NS score as typed).
``xlbridge score`` then rescores it like any other night.

:func:`read_event_info` reads back what a results file needs beyond the
scores: the club's name and number, the date, each pair's players.
"""

from __future__ import annotations

import datetime
import io
import os
from fractions import Fraction
from pathlib import Path

from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.audit import Audit, EventInfo, Player
from xlbridge.errors import ScoringError
from xlbridge.event import Event, Settings
from xlbridge.exact import is_blank, normalise_text, round_half_away
from xlbridge.result import format_result
from xlbridge.safefile import atomic_write, check_workbook_file
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reader import pair_label
from xlbridge.workbook.pairs.template import build_template
from xlbridge.workbook.shared.style import BOLD, Column, header_row

__all__ = ["AUDIT", "GUEST", "filled_workbook", "read_event_info", "write_filled_workbook"]

#: What the ID column holds for a player without a national number (a visitor or guest).
GUEST = "guest"
_GUEST_WORDS = frozenset({"guest", "visitor", "g", "v"})


def filled_workbook(
    event: Event,
    info: EventInfo | None = None,
    directions: dict[str, str] | None = None,
    audit: Audit | None = None,
) -> Workbook:
    """The club-night template holding ``event``: settings, pairs, players, travellers.

    ``directions`` gives a Mitchell pair's direction (``NS``/``EW``) by label;
    ``audit`` (of the published figures) is written on an *Audit* sheet.
    """
    info = info or EventInfo()
    wb = build_template()
    directions = directions or {}
    _settings(wb, event, info, any(directions.values()))
    pairs = wb[L.PAIRS]
    for row, pair in enumerate(event.pairs, start=2):
        players = info.players.get(pair.label, ())
        values: list[object] = [pair.label, pair.names or None, directions.get(pair.label) or None]
        for player in (*players[:2], Player(""), Player(""))[:2]:
            values += [player.name or None, player.national_id or (GUEST if player.guest else None)]
        points = info.master_points.get(pair.label, "")
        values.append(int(points) if points.isdigit() else points or None)
        for column, value in enumerate(values, start=1):
            pairs.cell(row, column, value)
    travellers = wb[L.TRAVELLERS]
    for row, play in enumerate(event.plays, start=2):
        cells = (
            play.board,
            play.ns,
            play.ew,
            play.contract,
            play.declarer,
            play.tricks,
            format_result(play.result),
            play.version,
        )
        for column, value in enumerate(cells, start=1):
            travellers.cell(row, column, value if value != "" else None)
    if audit is not None:
        _audit_sheet(wb.create_sheet(AUDIT), audit, info)
    return wb


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


def _settings(wb: Workbook, event: Event, info: EventInfo, mitchell: bool) -> None:
    ws = wb[L.SETTINGS]
    settings = event.settings
    boards = max((play.board for play in event.plays), default=1)
    per_board: dict[int, int] = {}
    for play in event.plays:
        per_board[play.board] = per_board.get(play.board, 0) + 1
    values: dict[str, object] = {
        "EventName": event.name or "Club pairs",
        "EventDate": info.date,
        "Movement": "Mitchell" if mitchell else "Howell",
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
        "ClubName": info.club_name or None,
        "ClubNumber": info.club_number or None,
    }
    for name, value in values.items():
        ws[f"B{L.setting_row(name)}"] = value


def _number(value: object) -> object:
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def write_filled_workbook(
    target: str | os.PathLike[str],
    event: Event,
    info: EventInfo | None = None,
    directions: dict[str, str] | None = None,
    audit: Audit | None = None,
) -> None:
    """Write :func:`filled_workbook` to ``target`` (an .xlsx file, written atomically)."""
    if Path(target).suffix.lower() != ".xlsx":
        raise ScoringError(f"{os.fspath(target)!r}: the workbook's name must end in .xlsx")
    wb = filled_workbook(event, info, directions, audit)
    atomic_write(target, lambda tmp: wb.save(tmp))


def read_event_info(path: str | os.PathLike[str], settings: Settings | None = None) -> EventInfo:
    """The club's name and number, the date and each pair's players, from a filled workbook."""
    check_workbook_file(path)
    # read from memory: openpyxl leaves a file it opened open when it fails half way
    wb = load_workbook(io.BytesIO(Path(path).read_bytes()), read_only=True, data_only=True)
    try:
        found: dict[str, object] = {}
        for row in wb[L.SETTINGS].iter_rows(min_row=2, max_col=2, values_only=True):
            if row and isinstance(row[0], str):
                found[row[0].strip().lower()] = row[1] if len(row) > 1 else None
        players: dict[str, tuple[Player, ...]] = {}
        points: dict[str, str] = {}
        for row in wb[L.PAIRS].iter_rows(min_row=2, max_col=8, values_only=True):
            cells = (*row, *([None] * 8))[:8]
            label = pair_label(cells[0])
            if not label:
                continue
            # a Mitchell numbered by direction names its pairs "NS 1", "EW 1" (the reader's labels)
            direction = _text(cells[2]).upper()
            keys = [label, f"{direction} {label}"] if direction in {"NS", "EW"} else [label]
            if not is_blank(cells[7]):
                points.update(dict.fromkeys(keys, _text(cells[7])))
            found_players = tuple(
                _player(name, number)
                for name, number in ((cells[3], cells[4]), (cells[5], cells[6]))
                if not (is_blank(name) and is_blank(number))
            )
            if found_players:
                players.update(dict.fromkeys(keys, found_players))
    finally:
        wb.close()

    def setting(name: str) -> object:
        label = next(s.label for s in L.SETTING_ROWS if s.name == name)
        return found.get(label.lower())

    date = setting("EventDate")
    if isinstance(date, datetime.datetime):
        date = date.date()
    return EventInfo(
        club_name=_text(setting("ClubName")),
        club_number=_text(setting("ClubNumber")),
        date=date if isinstance(date, datetime.date) else None,
        players=players,
        master_points=points,
    )


def _text(value: object) -> str:
    if is_blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return normalise_text(str(value))


def _player(name: object, number: object) -> Player:
    text = _text(number)
    guest = text.lower() in _GUEST_WORDS
    return Player(_text(name), "" if guest else text, guest=guest or not text)
