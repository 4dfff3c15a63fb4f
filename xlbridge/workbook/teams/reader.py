"""Read a filled teams workbook (see :mod:`xlbridge.workbook.teams.template`) into a TeamsEvent.

Every problem is collected with the sheet and cell it is in, and all of them
are raised together as one :class:`~xlbridge.errors.ScoringError`.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any, TypeVar

from xlbridge.errors import ScoringError
from xlbridge.exact import (
    excel_shown,
    is_blank,
    normalise_text,
    parse_date,
    parse_fraction,
    quote,
    two_readings,
    whole_number,
)
from xlbridge.inputs import check_workbook_file
from xlbridge.places import CellPlace, Place, Problem
from xlbridge.result import Row
from xlbridge.scales import MAX_MATCH_BOARDS, WBF_CONTINUOUS, VpScale, club_vp_scale, vp_scale
from xlbridge.teams import BYE_VPS, Match, Penalty, Team, TeamsEvent
from xlbridge.workbook.shared.checks import (
    Problems,
    check_headers,
    check_other_sheets,
    data_rows,
    entries,
    hidden_problem,
)
from xlbridge.workbook.shared.results import (
    ResultCells,
    Rulings,
    read_played,
    read_result,
    read_rulings,
    ruling_key,
)
from xlbridge.workbook.shared.sheets import Sheets, load_sheets, sheet_names
from xlbridge.workbook.teams import template as T
from xlbridge.workbook.teams.settings import TeamsWorkbookSettings

__all__ = ["TeamsNight", "is_teams_workbook", "read_teams_workbook"]

V = TypeVar("V")


@dataclass(frozen=True)
class TeamsNight:
    """A teams workbook read: the event and what the workbook says about the draw."""

    event: TeamsEvent
    format: str
    rounds: int
    date: dt.date | None
    warnings: tuple[Problem, ...] = ()
    #: where each thing was typed, for the messages of the commands that read the night:
    #: (round, home team, board) -> its Travellers row; team -> its Teams row; a setting's
    #: key (``"rounds"``) -> its cell
    traveller_rows: Mapping[tuple[int, int, int], int] = field(default_factory=dict)
    team_rows: Mapping[int, int] = field(default_factory=dict)
    setting_cells: Mapping[str, CellPlace] = field(default_factory=dict)
    #: the teams whose Name cell is blank (shown as ``Team 2``)
    unnamed: frozenset[int] = frozenset()

    @property
    def drawn_rounds(self) -> int:
        return max((m.round for m in self.event.matches), default=0)


def is_teams_workbook(path: str | os.PathLike[str]) -> bool:
    """True when the (checked) workbook at ``path`` has the Teams, Matches and Travellers sheets.

    A damaged workbook whose sheet list cannot be read is not taken for a teams
    workbook: the pairs reader then names the damaged part and what to do.
    """
    check_workbook_file(path)
    try:
        names = sheet_names(path)
    except Exception:  # any damage is reported by the pairs reader, naming the part
        return False
    return all(name in names for name in T.TEAMS_SHEETS)


def read_teams_workbook(path: str | os.PathLike[str]) -> TeamsNight:
    """Check and read the teams workbook at ``path``; every problem raises one ScoringError.

    The sheets are read by the cell layer the pairs reader uses, with the same
    checks: a formula with no saved value or merged cells in a typed column, an
    Excel error value, a header row moved, a copied or misspelt sheet.
    """
    check_workbook_file(path)
    return _Reader(load_sheets(path, _WIDTHS)).read()


#: The entry sheets and their columns (what a person types; the IMPs and VPs are xlbridge's).
_ENTRY_COLUMNS = {
    T.TEAMS: T.TEAM_COLUMNS,
    T.MATCHES: T.MATCH_COLUMNS[:5],
    T.TRAVELLERS: T.TRAVELLER_COLUMNS[:13],
    T.RULINGS: T.RULING_COLUMNS,
    T.PENALTIES: T.PENALTY_COLUMNS,
    T.VP_TABLE: T.VP_TABLE_COLUMNS,
}
#: The sheets read, and how many columns of each are typed (checked for hidden formulas).
_WIDTHS = {T.SETTINGS: 0, **{name: len(columns) for name, columns in _ENTRY_COLUMNS.items()}}


_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


class _Reader:
    def __init__(self, loaded: Sheets) -> None:
        self.loaded = loaded
        self.sheets = {name: sheet.rows for name, sheet in loaded.read.items()}
        self.problems = Problems([hidden_problem(h) for h in loaded.hidden])
        #: (round, home team) of Matches rows with a mistake: their travellers are not read.
        self.rejected: set[tuple[int, int]] = set()
        #: team -> (the round it withdrew after, the cell saying so)
        self.withdrawn: dict[int, tuple[int, CellPlace]] = {}
        #: setting -> the cell holding its value
        self.setting_cells: dict[str, CellPlace] = {}
        #: (round, home team, board) -> its Travellers row; team -> its Teams row
        self.traveller_rows: dict[tuple[int, int, int], int] = {}
        self.team_rows: dict[int, int] = {}
        self.unnamed: set[int] = set()

    def read(self) -> TeamsNight:
        for name in (T.SETTINGS, *T.TEAMS_SHEETS):
            if name not in self.sheets:
                raise ScoringError(f"the workbook has no sheet named {name}: is it a teams one?")
        check_headers(self.problems, self.sheets, _ENTRY_COLUMNS)
        check_other_sheets(self.problems, self.loaded, _ENTRY_COLUMNS, (T.SETTINGS,))
        settings = self._settings()
        teams = self._teams()
        if settings.teams and teams and settings.teams != len(teams):
            self.problems.warn(
                self.setting_cells["teams"],
                f"{quote(T.SETTING_LABELS['teams'])} says "
                f"{settings.teams}, but the {T.TEAMS} sheet lists {len(teams)}: the "
                f"{T.TEAMS} sheet is scored",
            )
        matches = self._matches({t.number for t in teams}, settings.boards)
        rulings = self._rulings()
        results = self._travellers(matches, rulings)
        penalties = self._penalties({t.number for t in teams}, matches.values())
        self.problems.raise_errors()
        event = TeamsEvent(
            settings.event,
            tuple(teams),
            tuple(matches.values()),
            results,
            settings.scoring,
            tuple(penalties),
            settings.date,
        )
        return TeamsNight(
            event,
            settings.format,
            settings.rounds,
            settings.date,
            tuple(self.problems.warnings),
            self.traveller_rows,
            self.team_rows,
            self.setting_cells,
            frozenset(self.unnamed),
        )

    # --- helpers -------------------------------------------------------------------------

    def _try(self, where: Place | str, parse: Callable[[Any], V], value: object) -> V | None:
        try:
            return parse(value)
        except (ScoringError, ValueError) as exc:
            self.problems.error(where, _plain(exc, value))
            return None

    def _rows(self, sheet: str, width: int) -> list[tuple[int, tuple[Any, ...]]]:
        """The non-blank rows of an entry sheet; a cell holding an Excel error is reported."""
        if sheet == T.SETTINGS:
            return [(i, tuple(c)) for i, c in data_rows(self.sheets.get(sheet, []), width)]
        return [
            (i, tuple(c))
            for i, c in entries(self.problems, sheet, self.sheets.get(sheet, []), width)
        ]

    # --- the sheets ----------------------------------------------------------------------

    def _settings(self) -> TeamsWorkbookSettings:
        found: dict[str, tuple[int, object]] = {}
        labels = {label.lower(): key for key, label in T.SETTING_LABELS.items()}
        for index, cells in self._rows(T.SETTINGS, 2):
            label = cells[0]
            if isinstance(label, str) and label.strip().lower() in labels:
                found[labels[label.strip().lower()]] = (index, cells[1])
        self.setting_cells = {
            key: CellPlace(T.SETTINGS, row, "B") for key, (row, _) in found.items()
        }

        def value(key: str, parse: Callable[[Any], V], default: V) -> V:
            if key not in found or is_blank(found[key][1]):
                return default
            row, raw = found[key]
            parsed = self._try(CellPlace(T.SETTINGS, row, "B"), parse, raw)
            return default if parsed is None else parsed

        scale = value("vp_scale", self._vp_scale, WBF_CONTINUOUS)
        bye_vps = value("bye_vps", _amount, BYE_VPS)
        if bye_vps > scale.total:
            self.problems.error(
                self.setting_cells["bye_vps"],
                f"{_shown(found['bye_vps'][1])} is more than "
                f"the {scale.total} VPs of a match on the {scale} scale",
            )
        if "date" in found and (doubt := two_readings(found["date"][1])):
            self.problems.warn(self.setting_cells["date"], doubt)
        boards = value("boards", _match_length, 0)
        if boards and "vp_scale" in found:
            # A length the scale has no table for is named at the scale's cell, once.
            self._try(self.setting_cells["vp_scale"], partial(scale.pair, 0), boards)
        return TeamsWorkbookSettings(
            event=value("event", _name, ""),
            date=value("date", parse_date, None),
            format=value("format", _format, "swiss"),
            teams=value("teams", _positive, 0),
            boards=boards or self._missing("boards", found),
            rounds=value("rounds", _positive, 0),
            vp_scale=scale,
            bye_vps=bye_vps,
        )

    def _vp_scale(self, name: object) -> VpScale:
        """The scale Settings names, or the club's own table on the VP table sheet."""
        if not (isinstance(name, str) and " ".join(name.split()).lower() == T.OWN_TABLE):
            return vp_scale(name)
        if T.VP_TABLE not in self.sheets:
            raise ScoringError(
                f"{quote(name)} needs the club's table on a sheet named {quote(T.VP_TABLE)}: "
                "add it, with IMP margin from, Winner's VPs and Loser's VPs in columns A to C "
                "and a row for each step from the draw (0) up"
            )
        rows = self._rows(T.VP_TABLE, len(T.VP_TABLE_COLUMNS))
        first = rows[0][0] if rows else 2
        gaps = [first + i for i, (index, _) in enumerate(rows) if index != first + i]
        try:
            if gaps:
                raise ScoringError(
                    "a blank row inside the VP table: type the step there or delete the row",
                    CellPlace(T.VP_TABLE, gaps[0], "A"),
                )
            return club_vp_scale(
                [cells[:3] for _, cells in rows],
                first,
                where=lambda row, column: CellPlace(T.VP_TABLE, row, "ABC"[column or 0]),
                name=T.OWN_TABLE,
            )
        except ScoringError as exc:
            if exc.where is None:
                raise
            self.problems.error(exc.where, exc.what)
            return WBF_CONTINUOUS  # not scored: the problem is reported

    def _missing(self, key: str, found: dict[str, tuple[int, object]]) -> int:
        """0 for a setting that must be given: reported unless its cell was reported already."""
        if key not in found or is_blank(found[key][1]):
            self.problems.error(T.SETTINGS, f"{quote(T.SETTING_LABELS[key])} must be given")
        return 0

    def _teams(self) -> list[Team]:
        teams: list[Team] = []
        seen: set[int] = set()
        for index, cells in self._rows(T.TEAMS, 11):
            number = self._try(CellPlace(T.TEAMS, index, "A"), _positive, cells[0])
            if number is None:
                continue
            if number in seen:
                self.problems.error(
                    CellPlace(T.TEAMS, index, "A"), f"team {number} is listed twice"
                )
                continue
            seen.add(number)
            self.team_rows[number] = index
            name = _name(cells[1])
            players = tuple(
                (_name(cells[c]), _text(cells[c + 1]))
                for c in range(2, 10, 2)
                if not (is_blank(cells[c]) and is_blank(cells[c + 1]))
            )
            withdrawn = None
            if not is_blank(cells[10]):
                withdrawn = self._try(CellPlace(T.TEAMS, index, "K"), _whole_from_zero, cells[10])
                if withdrawn is not None:
                    self.withdrawn[number] = (withdrawn, CellPlace(T.TEAMS, index, "K"))
            if not name:
                self.unnamed.add(number)
            teams.append(Team(number, name or f"Team {number}", players, withdrawn))
        if len(teams) < 2:
            self.problems.error(T.TEAMS, "a teams event needs at least two teams")
        return teams

    def _matches(self, numbers: set[int], boards: int) -> dict[tuple[int, int], Match]:
        matches: dict[tuple[int, int], Match] = {}
        playing: dict[tuple[int, int], str] = {}
        for index, cells in self._rows(T.MATCHES, 5):
            at = CellPlace(T.MATCHES, index, "A")
            round_ = self._try(at.at("A"), _positive, cells[0])
            table = None if is_blank(cells[1]) else self._try(at.at("B"), _positive, cells[1])
            home = self._team(at.at("C"), cells[2], numbers, "the home team")
            bye = isinstance(cells[3], str) and normalise_text(cells[3]).upper() == "BYE"
            away = None if bye else self._team(at.at("D"), cells[3], numbers, "the away team")
            if round_ is None or home is None or (away is None and not bye):
                if round_ is not None and home is not None:
                    self.rejected.add((round_, home))
                continue
            if away == home:
                self.problems.error(at.at("D"), f"team {home} cannot play itself")
                self.rejected.add((round_, home))
                continue
            board_list: tuple[int, ...] = ()
            if not bye:
                parsed = self._try(at.at("E"), _boards, cells[4])
                if parsed is None:
                    self.rejected.add((round_, home))
                    continue
                board_list = parsed
                if boards and len(board_list) != boards:
                    self.problems.error(
                        at.at("E"),
                        f"the match has {len(board_list)} boards but "
                        f"Settings says {boards} per match",
                    )
            clash = False
            for team, column in ((home, "C"), (away, "D")):
                if team is None:
                    continue
                if team in self.withdrawn and round_ > self.withdrawn[team][0]:
                    after, cell = self.withdrawn[team]
                    self.problems.error(
                        at.at(column),
                        f"team {team} plays in round {round_}, but "
                        f"{cell} says it withdrew after round {after}: give the last round it "
                        "played there",
                    )
                    clash = True
                if (round_, team) in playing:
                    self.problems.error(
                        at.at("C"),
                        f"team {team} already plays in round {round_} ({playing[(round_, team)]})",
                    )
                    clash = True
                playing[(round_, team)] = f"{T.MATCHES} row {index}"
            if clash:
                self.rejected.add((round_, home))
            else:
                matches[(round_, home)] = Match(round_, table, home, away, board_list)
        return matches

    def _team(self, where: Place, value: object, numbers: set[int], side: str = "") -> int | None:
        if side and is_blank(value):
            bye = ", or BYE for a bye" if side == "the away team" else ""
            self.problems.error(where, f"{side} is blank: type its team number{bye}")
            return None
        number = self._try(where, _positive, value)
        if number is not None and number not in numbers:
            self.problems.error(where, f"team {number} is not on the {T.TEAMS} sheet")
            return None
        return number

    def _rulings(self) -> Rulings:
        rows = self._rows(T.RULINGS, 5) if T.RULINGS in self.sheets else []
        return read_rulings(T.RULINGS, rows, self.problems)

    def _travellers(
        self, matches: dict[tuple[int, int], Match], rulings: Rulings
    ) -> dict[tuple[int, int], dict[int, tuple[Row, Row]]]:
        results: dict[tuple[int, int], dict[int, tuple[Row, Row]]] = {}
        for index, cells in self._rows(T.TRAVELLERS, 13):
            at = CellPlace(T.TRAVELLERS, index, "A")
            round_ = self._try(at.at("A"), _positive, cells[0])
            board = self._try(at.at("C"), _positive, cells[2])
            home = self._try(at.at("D"), _positive, cells[3])
            if round_ is None or board is None or home is None:
                continue
            match = matches.get((round_, home))
            if match is None and (round_, home) in self.rejected:
                continue
            if match is None:
                self.problems.error(
                    at.at("D"),
                    f"team {home} has no home match in round {round_} on the {T.MATCHES} sheet",
                )
                continue
            if match.away is None:
                self.problems.error(
                    at.at("D"),
                    f"team {home} has the bye in round {round_}: a bye plays "
                    "no boards, so this row has nothing to score; delete it",
                )
                continue
            if board not in match.boards:
                self.problems.error(at.at("C"), f"board {board} is not one of this match's boards")
                continue
            away = self._try(at.at("E"), _positive, cells[4])
            if away is not None and away != match.away:
                self.problems.error(
                    at.at("E"),
                    f"team {home} plays team {match.away} in round {round_}, not team {away}",
                )
                continue
            rooms = results.setdefault((round_, home), {})
            if board in rooms:
                self.problems.error(
                    at.at("C"), f"board {board} of this match is on the sheet twice"
                )
                continue
            open_room = self._room(index, cells[5:9], "FGHI", board, rulings)
            closed_room = self._room(index, cells[9:13], "JKLM", board, rulings)
            ruling = ruling_key(cells[8])
            if ruling in rulings.results and ruling_key(cells[12]) == ruling:
                self.problems.warn(
                    at.at("M"),
                    f"ruling {ruling} is given in both rooms of board {board} "
                    f"(also {at.at('I')}): a ruling is for the table where it was made; "
                    "if each room has its own, give each its own ID",
                )
            rooms[board] = (open_room, closed_room)
            self.traveller_rows[(round_, home, board)] = index
        return results

    def _room(
        self, index: int, cells: tuple[Any, ...], letters: str, board: int, rulings: Rulings
    ) -> Row:
        """One room's result, its cells read as the pairs reader reads a traveller row's."""
        typed = ResultCells(cells, partial(_place, index), letters)
        played = read_played(typed, self.problems)
        return read_result(typed, board, played, rulings, self.problems, required=False)

    def _penalties(self, numbers: set[int], matches: Iterable[Match]) -> list[Penalty]:
        played = {(m.round, t) for m in matches if m.away is not None for t in (m.home, m.away)}
        penalties = []
        for index, cells in self._rows(T.PENALTIES, 5):
            at = CellPlace(T.PENALTIES, index, "A")
            round_ = None if is_blank(cells[0]) else self._try(at.at("A"), _positive, cells[0])
            team = self._team(at.at("B"), cells[1], numbers)
            imps = Fraction(0) if is_blank(cells[2]) else self._try(at.at("C"), _amount, cells[2])
            vps = Fraction(0) if is_blank(cells[3]) else self._try(at.at("D"), _amount, cells[3])
            if team is None or imps is None or vps is None:
                continue
            if imps and round_ is None:
                self.problems.error(
                    at.at("A"), "an IMP penalty comes off one match: give its round"
                )
                continue
            if imps and round_ is not None and (round_, team) not in played:
                self.problems.error(
                    at.at("A"),
                    f"team {team} has no match in round {round_} "
                    "to take IMPs from: give the penalty in VPs",
                )
                continue
            if not imps and not vps:
                self.problems.error(at.at("C"), "give the penalty in IMPs or in VPs")
                continue
            penalties.append(Penalty(team, round_, imps, vps, _text(cells[4])))
        return penalties


# --- cell parsers ----------------------------------------------------------------------------


def _place(index: int, letter: str) -> CellPlace:
    return CellPlace(T.TRAVELLERS, index, letter)


def _plain(exc: Exception, value: object) -> str:
    message = str(exc)
    return message if message else f"{quote(value)} is not understood"


def _name(value: object) -> str:
    """A name or a title as typed, its surrounding spaces aside (never NFKC'd: its letters
    are its own)."""
    return _text(value, plain=False)


def _text(value: object, *, plain: bool = True) -> str:
    if is_blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return normalise_text(str(value)) if plain else str(value).strip()


def _positive(value: object) -> int:
    try:
        number = whole_number(value)
    except ValueError:
        raise ScoringError(f"{_shown(value)} is not a whole number") from None
    if number < 1:
        raise ScoringError(f"{_shown(value)} must be 1 or more")
    return number


def _whole_from_zero(value: object) -> int:
    try:
        number = whole_number(value)
    except ValueError:
        raise ScoringError(f"{_shown(value)} is not a round number") from None
    if number < 0:
        raise ScoringError(f"{_shown(value)} must be 0 or more")
    return number


def _amount(value: object) -> Fraction:
    try:
        amount = parse_fraction(value)
    except ValueError:
        raise ScoringError(f"{_shown(value)} is not a number") from None
    if amount < 0:
        raise ScoringError(f"{_shown(value)}: give a penalty as a positive number")
    return amount


def _match_length(value: object) -> int:
    """Settings' boards per match: a whole number up to the longest match a VP scale has."""
    boards = _positive(value)
    if boards > MAX_MATCH_BOARDS:
        raise ScoringError(
            f"a match of {boards} boards is more than a VP scale is made for: give the boards "
            f"per match, at most {MAX_MATCH_BOARDS}"
        )
    return boards


def _boards(value: object) -> tuple[int, ...]:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return (_positive(value),)
    if isinstance(value, dt.date):  # 1-4 typed: Excel's 4 January (or 1 April) at midnight
        low, high = sorted((value.day, value.month))
        raise ScoringError(
            f"Excel read {low}-{high} as a date ({excel_shown(value)}): type the boards as "
            f"text, '{low}-{high}"
        )
    text = "" if value is None else str(value)
    spans: list[tuple[int, int]] = []
    for part in text.split(","):
        found = _RANGE.match(part)
        if found is None:
            raise ScoringError(f"{_shown(value)} is not a list of boards such as 1-6 or 1,2,3")
        first, last = int(found[1]), int(found[2] or found[1])
        if not 1 <= first <= last:
            raise ScoringError(f"{_shown(value)}: boards run upwards from 1, as in 1-6")
        spans.append((first, last))
    count = sum(last - first + 1 for first, last in spans)  # counted before any is listed
    if count > MAX_MATCH_BOARDS:
        raise ScoringError(
            f"{_shown(value)} names {count} boards, more than a match can have "
            f"(at most {MAX_MATCH_BOARDS})"
        )
    boards: list[int] = []
    for first, last in spans:
        boards.extend(range(first, last + 1))
    if len(set(boards)) != len(boards):
        raise ScoringError(f"{_shown(value)} names a board twice")
    return tuple(boards)


def _format(value: object) -> str:
    text = normalise_text(str(value)).lower().replace(" ", "-")
    if text not in T.FORMATS:
        raise ScoringError(f"{_shown(value)} is not a format: use swiss or round-robin")
    return text


def _shown(value: object) -> str:
    """A cell's value as the user sees it: text and numbers quoted, a date or a time, a
    true/false value or a blank in words (``the date 4 January 2026``, never its repr)."""
    if isinstance(value, str):
        return quote(normalise_text(value))
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int | float | Fraction) and not isinstance(value, bool):
        return f"'{value}'"
    return quote(value)
