"""The Settings sheet: every setting, the event's facts, the master-point body."""

from __future__ import annotations

import os
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path

from xlbridge.errors import ScoringError, SettingsError
from xlbridge.event import EventFacts, Settings
from xlbridge.exact import (
    NumberError,
    is_blank,
    parse_date,
    parse_percent,
    quote,
    two_readings,
    whole_number,
)
from xlbridge.places import CellPlace, Place, Problem
from xlbridge.players import parse_national_body
from xlbridge.settings import MasterPointBody, parse_master_point_body, parse_yes_no_flag
from xlbridge.strata import Strata, StrataRule, parse_strata, parse_strata_rule
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reading.base import ReaderState, T, cell_text, name_text
from xlbridge.workbook.pairs.reading.base import at as _at
from xlbridge.workbook.pairs.reading.base import quote_free as _quote_free
from xlbridge.workbook.players import read_players
from xlbridge.workbook.shared.sheets import is_percent_format

#: The Settings sheet's defined names of the settings that make a Settings, by field.
_SETTING_FIELDS = {
    "form": "ScoringForm",
    "scale": "Scale",
    "expected": "ExpectedSetting",
    "unequal": "Unequal",
    "avplus_method": "AvplusMethod",
    "aplus": "Aplus",
    "aminus": "Aminus",
    "trim": "ButlerTrim",
    "datum_round": "DatumRound",
    "datum_real_results": "DatumReal",
    "cross_divide_by": "DivideBy",
    "factor_fewer_boards": "FactorBoards",
    "small_versions": "SmallVersions",
    "ranking": "Ranking",
    "convention": "Convention",
}


def _limits(name: str) -> tuple[int, int]:
    """The least and the most a count of the Settings sheet may be: the template's own."""
    limits = next(setting.whole for setting in L.SETTING_ROWS if setting.name == name)
    assert limits is not None
    return limits


def _count(what: str, limits: tuple[int, int], value: object) -> int:
    """A count of the Settings sheet (tables, boards) within the template's limits: a count
    in the millions is a slip, and would build a movement of millions of boards."""
    low, high = limits
    try:
        number = whole_number(value)
    except ValueError:
        raise ValueError(f"{quote(value)} is not a whole number from {low} to {high}") from None
    if not low <= number <= high:
        raise ValueError(
            f"the number of {what} must be a whole number from {low} to {high}, not {quote(value)}"
        )
    return number


def _positive(value: object) -> int:
    number = whole_number(value)
    if number < 1:
        raise ValueError(f"{quote(value)} is not a whole number from 1")
    return number


#: The label of a Settings row naming the hand-record file (``xlbridge score --hands``).
HAND_RECORDS_LABEL = "Hand records"


#: That row, which a scorer adds to the Settings sheet (the template does not have it).
_HAND_RECORDS = L.Setting("HandRecords", HAND_RECORDS_LABEL, None, "The hand-record file")


#: A setting's cell that was refused already (so it is not refused twice).
_FAULTY = object()


#: The settings that are percentages.
_PERCENT_LABELS = {s.label.lower() for s in L.SETTING_ROWS if s.name in ("Aplus", "Aminus")}


def _percent(value: object, percent_format: bool) -> Fraction:
    try:
        return parse_percent(value, percent_format)
    except NumberError as exc:
        raise ScoringError(_quote_free(exc, value)) from None


class SettingsSheet(ReaderState):
    """The Settings sheet: every setting, the event's facts, the master-point body."""

    def _setting_cells(self) -> dict[str, tuple[object, Place | str]]:
        """Each setting's value as the user meant it, and its cell (``''`` when absent).

        A percentage setting in a cell formatted as a percentage is read as
        Excel shows it (40% is stored as 0.4); where the meaning cannot be
        known, the cell is refused with both readings.
        """
        sheet = self.loaded.read[L.SETTINGS]
        found: dict[str, tuple[object, Place | str]] = {}
        for index, row in enumerate(sheet.rows, start=1):
            if row and isinstance(row[0], str):
                value = row[1] if len(row) > 1 else None
                where = CellPlace(L.SETTINGS, index, "B")
                label = row[0].strip().lower()
                if label in _PERCENT_LABELS and not is_blank(value):
                    percent = is_percent_format(sheet.number_format(index, 2))
                    value = self.problems.attempt(
                        partial(_at, where, partial(_percent, percent_format=percent), value)
                    )
                    value = _FAULTY if value is None else value
                found[label] = (value, where)
        return {
            setting.name: found.get(setting.label.lower(), (None, ""))
            for setting in (
                *L.SETTING_ROWS,
                _HAND_RECORDS,
                *L.NATIONAL_ROWS,
                L.PLAYERS_LIST,
                L.NATIONAL_BODY,
                L.STRATA,
                L.STRATA_BY,
            )
        }

    def _settings(self) -> tuple[Settings, EventFacts, int | None, int | None]:
        values = self._setting_cells()
        self.values = values

        def get(name: str, convert: Callable[[object], T], default: T) -> T:
            value, where = values[name]
            if is_blank(value) or value is _FAULTY:
                return default
            try:
                return convert(value)
            except (ScoringError, ValueError) as exc:
                self.problems.error(where or L.SETTINGS, str(exc))  # its words quote the value
                return default

        tables = get("Tables", partial(_count, "tables", _limits("Tables")), None)
        boards = get("Boards", partial(_count, "boards", _limits("Boards")), None)
        fields = {setting: name for name, setting in _SETTING_FIELDS.items()}
        typed = {fields[name]: values[name][0] for name in fields if values[name][0] is not _FAULTY}
        sources = {fields[name]: values[name][1] or L.SETTINGS for name in fields}
        try:
            settings = Settings.parse(typed, sources)
        except SettingsError as exc:  # every bad value reported; the others still count
            # each message was made naming its cell (``sources``): kept as it is
            self.problems.errors.extend(Problem("", message) for _, message in exc.problems)
            bad = {field for field, _ in exc.problems}
            settings = Settings.parse({k: v for k, v in typed.items() if k not in bad})
        return settings, self._facts(values), tables, boards

    def _facts(self, values: dict[str, tuple[object, Place | str]]) -> EventFacts:
        """The event's name and date, the club, the movement and the hand-record file."""

        def text(name: str) -> str:
            value = values[name][0]
            return "" if value is _FAULTY else cell_text(value)

        def title(name: str) -> str:  # a name, as typed (never NFKC'd)
            value = values[name][0]
            return "" if value is _FAULTY else name_text(value)

        day_cell, where = values["EventDate"]
        day = None
        if not is_blank(day_cell):
            try:
                day = parse_date(day_cell)
            except ValueError as exc:
                self.problems.error(where or L.SETTINGS, str(exc))
            if doubt := two_readings(day_cell):
                self.problems.warn(where or L.SETTINGS, doubt)
        self.hand_records_cell = values[_HAND_RECORDS.name][1]
        self.scoring_cell = values["ScoringForm"][1]
        return EventFacts(
            name=title("EventName"),
            date=day,
            club=title("ClubName"),
            club_number=text("ClubNumber"),
            movement=text("Movement"),
            hand_records=text(_HAND_RECORDS.name),
            event_id=text("EventIdentifier"),
            mp_scale=text("MasterPointScale"),
            mp_type=text("MasterPointType"),
            mps_awarded=self._flag(values["MasterPointsAwarded"]),
            charge=text("ChargeCode"),
            mp_body=self._body(values["MasterPointBody"]),
            strata=self._strata(values[L.STRATA.name], values[L.STRATA_BY.name]),
        )

    def _strata(
        self, typed: tuple[object, Place | str], by: tuple[object, Place | str]
    ) -> Strata | None:
        """The Strata rows: the strata and the rule (``None``: not stratified, or refused)."""
        value, where = typed
        rule_value, rule_where = by
        rule = StrataRule.HIGHER
        if rule_value is not _FAULTY:
            found_rule = self.problems.attempt(
                partial(_at, rule_where or L.SETTINGS, parse_strata_rule, rule_value)
            )
            rule = found_rule if isinstance(found_rule, StrataRule) else rule
        if value is _FAULTY or is_blank(value):
            return None
        found = self.problems.attempt(partial(_at, where or L.SETTINGS, parse_strata, value))
        return None if found is None else Strata(found, rule)

    def _flag(self, typed: tuple[object, Place | str]) -> str:
        """The Master points awarded row: ``Y`` or ``N`` (USEBIO's MPS_AWARDED_FLAG), ``''``
        when blank; anything but a yes or a no refused naming its cell."""
        value, where = typed
        if value is _FAULTY:
            return ""
        found = self.problems.attempt(partial(_at, where or L.SETTINGS, parse_yes_no_flag, value))
        return found or ""

    def _body(self, typed: tuple[object, Place | str]) -> MasterPointBody | None:
        """The Master point body row: ABF, or none (blank, or a value refused)."""
        value, where = typed
        if value is _FAULTY:
            return None
        found = self.problems.attempt(
            partial(_at, where or L.SETTINGS, parse_master_point_body, value)
        )
        return found if isinstance(found, MasterPointBody) else None

    # --- the players list ---------------------------------------------------------------------

    def _players_list(self) -> None:
        """The club's players list (``--players``, or the Settings row) and the national body."""
        value, where = self.values[L.NATIONAL_BODY.name]
        if value is not _FAULTY:
            self.body = self.problems.attempt(
                partial(_at, where or L.SETTINGS, parse_national_body, value)
            )
        path: Path | None = None
        if self.players_given is not None:
            path = Path(self.players_given)
        else:
            value, where = self.values[L.PLAYERS_LIST.name]
            name = "" if value is _FAULTY else cell_text(value)
            if name:
                path = self.folder / name
                if not path.is_file():
                    folder = os.fspath(self.folder) or "."
                    self.problems.error(where, f"the players list {name} is not in {folder}")
                    return
        if path is not None:
            read = self.problems.attempt(partial(read_players, path))
            self.players = None if read is None else read.players
