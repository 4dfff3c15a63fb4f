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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from xlbridge.contract import (
    PlayedContract,
)
from xlbridge.direction import Direction
from xlbridge.errors import ScoringError, SettingsError
from xlbridge.event import (
    Adjustment,
    AdjustmentUnit,
    Event,
    EventFacts,
    Pair,
    Play,
    Player,
    Settings,
)
from xlbridge.exact import (
    excel_shown,
    is_blank,
    normalise_text,
    parse_date,
    parse_fraction,
    parse_percent,
    quote,
    two_readings,
    whole_number,
)
from xlbridge.movement import Movement, PairNumbering, check_row, number_key, parse_movement
from xlbridge.movement import Seat as MovementSeat
from xlbridge.pair import PairLabel, parse_direction
from xlbridge.places import CellPlace, Place, Problem
from xlbridge.players import NationalBody, PlayersList, complete, parse_national_body
from xlbridge.result import (
    Row,
)
from xlbridge.settings import MasterPointBody, parse_master_point_body, parse_yes_no_flag
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.players import read_players
from xlbridge.workbook.shared.checks import (
    Problems,
    check_headers,
    check_other_sheets,
    data_rows,
    entries,
    entry_like,
    hidden_problem,
)
from xlbridge.workbook.shared.results import (
    Played,
    ResultCells,
    Rulings,
    read_played,
    read_result,
    read_rulings,
)
from xlbridge.workbook.shared.sheets import Sheets, is_percent_format, load_sheets

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

T = TypeVar("T")
Cells = Sequence[Any]


@dataclass(frozen=True)
class NightWorkbook:
    """What a filled workbook holds: the event, and the warnings found reading it."""

    event: Event
    warnings: tuple[str, ...] = ()
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

    @property
    def provisional(self) -> bool:
        """Whether results are still to come (the figures are then provisional)."""
        return bool(self.to_come)


@dataclass(frozen=True)
class ToCome:
    """A result still to come: a traveller row of the movement with its result cells blank."""

    round: int
    table: int
    board: int
    source: Place | str


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


def _board_span(boards: list[int]) -> str:
    """``17-20`` or ``3, 5``: the boards, runs of consecutive boards as a span."""
    runs: list[list[int]] = []
    for board in sorted(set(boards)):
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def sheet_row(play: Play) -> int:
    """The sheet row a play was read from (0 when it was not read from a sheet's cell)."""
    return play.source.row if isinstance(play.source, CellPlace) else 0


def cell_text(value: object) -> str:
    """A cell's text as it shows (``12.0`` and ``'12'`` are both ``'12'``; blank is ``''``;
    a date Excel made of ``1-4`` is ``4-Jan``)."""
    return "" if is_blank(value) else normalise_text(excel_shown(value))


#: What the ID column holds for a player without a national number (a visitor or guest).
GUEST = "guest"
_GUEST_WORDS = frozenset({"guest", "visitor", "g", "v"})


def _player(name: object, number: object) -> Player:
    """A player from the Pairs sheet's name and ID cells (``guest``: no national number)."""
    text = cell_text(number)
    guest = text.lower() in _GUEST_WORDS
    return Player(cell_text(name), "" if guest else text, guest=guest or not text)


def read_workbook(
    path: str | os.PathLike[str], players: str | os.PathLike[str] | None = None
) -> NightWorkbook:
    """Read and check the club-night workbook at ``path`` (opened read-only, never written).

    The file must already have passed :func:`xlbridge.safefile.check_workbook_file`.
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
            f"the sheet {like[0]!r} looks like it: rename it {missing[0]!r}"
            if like
            else "is it a club-night workbook (xlbridge new NIGHT.xlsx)?"
        )
        raise ScoringError(f"{os.fspath(path)} has no sheet {missing[0]!r}: {hint}")
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


class _Reader:
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
        self.players: PlayersList | None = None
        self.body: NationalBody | None = None
        self.sheets = {name: sheet.rows for name, sheet in loaded.read.items()}
        if L.TRAVELLERS in self.sheets:
            self.sheets[L.TRAVELLERS] = _typed_only(self.sheets[L.TRAVELLERS])
        self.problems = Problems([hidden_problem(h) for h in loaded.hidden])
        #: the cell of the Settings row naming the hand-record file
        self.hand_records_cell: Place | str = ""
        self.numbering = PairNumbering({})
        #: the movement's rows whose results are still to come
        self.to_come: list[ToCome] = []
        #: what an adjustment names, and the sheet listing them (an individual: players)
        self.who, self.listing = "pair", L.PAIRS

    def read(self) -> NightWorkbook:
        settings, facts, tables, boards = self._settings()
        self._players_list()
        pairs = self._pairs()
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
        warnings = self.problems.warning_messages()
        return NightWorkbook(
            event, warnings, tables, boards, self.hand_records_cell, tuple(self.to_come)
        )

    def _entries(self, name: str, width: int) -> Iterator[tuple[int, Cells]]:
        """The non-blank rows of an entry sheet (see :func:`checks.entries <entries>`)."""
        return entries(self.problems, name, self.sheets.get(name, []), width)

    def _check_sheets(self) -> None:
        check_other_sheets(self.problems, self.loaded, _ENTRY_COLUMNS, (L.SETTINGS,))

    def _check_headers(self) -> None:
        check_headers(self.problems, self.sheets, _ENTRY_COLUMNS)

    # --- settings -----------------------------------------------------------------------------

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
        return EventFacts(
            name=text("EventName"),
            date=day,
            club=text("ClubName"),
            club_number=text("ClubNumber"),
            movement=text("Movement"),
            hand_records=text(_HAND_RECORDS.name),
            event_id=text("EventIdentifier"),
            mp_scale=text("MasterPointScale"),
            mp_type=text("MasterPointType"),
            mps_awarded=self._flag(values["MasterPointsAwarded"]),
            charge=text("ChargeCode"),
            mp_body=self._body(values["MasterPointBody"]),
        )

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

    def _complete(
        self, where: tuple[CellPlace, CellPlace], name: object, number: object
    ) -> tuple[object, object]:
        """A player's name and number cells (at ``where``) completed from the players list;
        the warnings met are said at their cells."""
        typed = cell_text(number)
        if typed.lower() in _GUEST_WORDS or (self.players is None and self.body is None):
            return name, number
        done = complete(self.players, self.body, cell_text(name), typed)
        for part, message in done.warnings:
            self.problems.warn(where[0] if part == "name" else where[1], message)
        return (done.name or name), (done.number or number)

    # --- pairs --------------------------------------------------------------------------------

    def _pairs(self) -> list[Pair]:
        """The Pairs sheet: each pair's label, names, players and master points."""
        listed: list[tuple[int, PairLabel, Cells, str]] = []
        for index, cells in self._entries(L.PAIRS, len(L.PAIR_COLUMNS)):
            label_cell, names, direction_cell = cells[:3]
            where = CellPlace(L.PAIRS, index, "A")
            if is_blank(label_cell):
                self.problems.error(where, f"a pair needs a number (the row names {quote(names)})")
                continue
            typed = self.problems.attempt(partial(_at, where, PairLabel.parse, label_cell))
            if typed is None:
                continue
            # NS, N-S, North-South, EW, E/W, East...: Direction.parse's words; a typo is
            # refused here, and the pair read as if the cell were blank (no second error)
            direction = (
                self.problems.attempt(partial(parse_direction, direction_cell, where.at("C"))) or ""
            )
            if typed.direction and direction and direction != typed.direction:
                self.problems.error(
                    where.at("C"),
                    f"pair {quote(label_cell)} is listed as {direction}: "
                    f"write {typed.direction} or the number alone",
                )
                continue
            listed.append((index, typed, cells, typed.direction or direction))
        directions: dict[str, set[str]] = defaultdict(set)
        for _, typed, _, direction in listed:
            directions[number_key(typed)].add(direction)
        self.numbering = PairNumbering({k: frozenset(v) for k, v in directions.items()})
        pairs: list[Pair] = []
        seen: dict[PairLabel, CellPlace] = {}
        for index, typed, cells, direction in listed:
            where = CellPlace(L.PAIRS, index, "A")
            label = self.numbering.label(typed.number, direction, typed.club)
            if label in seen:
                self.problems.cause(  # every row of the pair it should have been is wrong
                    where, f"pair {label} is listed twice (also {seen[label]})"
                )
                continue
            if self.numbering.by_direction and not direction:
                self.problems.error(
                    where.at("C"),
                    f"pair {typed} needs a direction, NS or EW: the pairs are numbered "
                    "in each direction (NS 1, EW 1)",
                )
                continue
            seen[label] = where
            typed_players = (
                self._complete((where.at(name), where.at(number)), *cells[first : first + 2])
                for first, name, number in ((3, "D", "E"), (5, "F", "G"))
            )
            players = tuple(
                _player(name, number)
                for name, number in typed_players
                if not (is_blank(name) and is_blank(number))
            )
            names = "" if is_blank(cells[1]) else str(cells[1]).strip()
            pairs.append(Pair(label, names, where, players, cell_text(cells[7])))
        if not pairs:
            self.problems.error(CellPlace(L.PAIRS, 2, "A"), "no pairs are listed")
        return pairs

    # --- rulings ------------------------------------------------------------------------------

    # --- travellers ---------------------------------------------------------------------------

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

    def _check_movement(
        self,
        movement: Movement,
        row: _TravellerRow,
        board: int,
        ns: PairLabel,
        ew: PairLabel,
        laid_out: bool,
    ) -> None:
        """A row that the movement contradicts, named by the cell to correct.

        A row placed by its Round and Table (columns J, K, filled by ``xlbridge
        new --movement``) is checked against the seat there; a row typed without
        them in a night laid out by the movement, against where its pairs meet.
        A TD note (column L) keeps any row.
        """
        rnd, table, note = row.cells[9:12]
        if not is_blank(note):
            return
        if is_blank(rnd) and is_blank(table):
            if not laid_out:
                return
            found = _unplaced_problem(movement, board, ns, ew)
        else:
            numbers: list[int] = []
            for cell, letter, what in ((rnd, "J", "round"), (table, "K", "table")):
                try:
                    numbers.append(whole_number(cell))
                except ValueError:
                    self.problems.error(
                        row.at(letter),
                        f"{quote(cell)} is not a {what} number: type the {what} this board "
                        f"was played in (or a note in {row.at('L')} to keep the row as it is)",
                    )
            if len(numbers) < 2:
                return
            found = _placed_problem(movement, numbers[0], numbers[1], board, ns, ew)
        if found:
            letter, problem = found
            keep = f"type a note in {row.at('L')} to keep it"
            self.problems.error(
                row.at(letter),
                f"{problem} (or {keep})"
                if ": type " in problem
                else f"{problem}: correct the row, or {keep}",
            )

    def _check_missing(
        self, movement: Movement, placed: dict[tuple[int, PairLabel, PairLabel], int], free: int
    ) -> None:
        """The movement's rows that are not on the Travellers sheet (a row deleted).

        Checked only when the rows were laid out by ``xlbridge new --movement``
        (some row has its Round and Table); a row a TD note keeps excuses the
        rows of its board and pairs.  One message a table and round.
        """
        rows = [cells for _, cells in data_rows(self.sheets.get(L.TRAVELLERS, []), 12)]
        typed: dict[tuple[int, int], int] = defaultdict(int)
        for cells in rows:
            if _is_whole(cells[9]) and _is_whole(cells[10]):
                typed[whole_number(cells[9]), whole_number(cells[10])] += 1
        noted = [
            (whole_number(c[0]), cell_text(c[1]), cell_text(c[2]))
            for c in rows
            if not is_blank(c[11]) and _is_whole(c[0])
        ]
        missing: dict[tuple[int, int], list[int]] = defaultdict(list)
        seats: dict[tuple[int, int], tuple[PairLabel, PairLabel]] = {}
        for rnd, table, board, ns, ew in movement.traveller_rows():
            if (board, ns, ew) in placed:
                continue
            numbers = {_number(ns), _number(ew)}
            if any(b == board and numbers & {n, e} for b, n, e in noted):
                continue
            missing[rnd, table].append(board)
            seats[rnd, table] = (ns, ew)
        for (rnd, table), boards in sorted(missing.items()):
            if typed[rnd, table] >= len(movement.seat(rnd, table).boards):
                continue  # as many rows as boards there: a row there is wrong, and said so
            ns, ew = seats[rnd, table]
            span = _board_span(boards)
            many = len(boards) > 1
            self.problems.error(
                CellPlace(L.TRAVELLERS, free, "A"),
                f"no row for board{'s' if many else ''} {span} at table {table} in round "
                f"{rnd} ({ns} v {ew}): the movement plays {'them' if many else 'it'} there "
                f"and the row{'s are' if many else ' is'} missing (deleted?): type "
                f"{'them' if many else 'it'} (Board, NS pair, EW pair, Round, Table) from "
                f"row {free} with the result, or NP if the board was not played",
            )
            free += len(boards)

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
                    row.at(letter), f"pair {str(label)!r} is not on the {L.PAIRS} sheet"
                )
                label = None
            found.append(label)
        ns, ew = found
        if ns and ns == ew:
            self.problems.error(row.at("C"), f"pair {ns} plays against itself")
        return ns, ew

    # --- adjustments --------------------------------------------------------------------------

    def _adjustments(self, labels: set[PairLabel], boards: int | None) -> list[Adjustment]:
        found: list[Adjustment] = []
        for index, cells in self._entries(L.ADJUSTMENTS, 5):
            pair_cell, board_cell, amount_cell, unit_cell, reason = cells
            at = CellPlace(L.ADJUSTMENTS, index, "A").at
            before = len(self.problems.errors)
            pair = self._adjusted_pair(at("A"), pair_cell, labels)
            board = None
            if not is_blank(board_cell):
                try:
                    board = whole_number(board_cell)
                    if board < 1 or (boards is not None and board > boards):
                        raise ValueError
                except ValueError:
                    self.problems.error(at("B"), f"board {quote(board_cell)} is out of range")
            unit = AdjustmentUnit.MATCHPOINTS
            if not is_blank(unit_cell):
                parsed = self.problems.attempt(partial(_at, at("D"), _unit, unit_cell))
                unit = parsed if parsed is not None else unit
            amount = self._amount(index, amount_cell, unit, not is_blank(unit_cell))
            if amount is None:
                continue
            if isinstance(amount, tuple):
                amount, unit = amount
            elif is_blank(unit_cell):
                # The workbook's own Ranking formulas add only the rows marked MP or %: a
                # blank unit would count in one total and not the other.
                self.problems.error(
                    at("D"),
                    f"the unit of the adjustment {quote(amount_cell)} is blank: write MP "
                    "(matchpoints) or % (percent of a top)",
                )
                continue
            if len(self.problems.errors) == before and pair is not None:
                note = "" if is_blank(reason) else str(reason)
                found.append(Adjustment(pair, amount, unit, board, note, at("C")))
        return found

    def _adjusted_pair(
        self, where: Place, cell: object, labels: set[PairLabel]
    ) -> PairLabel | None:
        """The pair an adjustment names (``3``, ``NS 3``, ``3EW``), or ``None`` (reported)."""
        typed = None
        if not is_blank(cell):
            typed = self.problems.attempt(partial(_at, where, PairLabel.parse, cell))
            if typed is None:
                return None
        pair = None if typed is None else self.numbering.resolve(typed)
        if typed is not None and pair is None:
            self.problems.error(
                where,
                f"pair {quote(cell)} is both NS {typed} and EW {typed}: "
                f"write NS {typed} or EW {typed}",
            )
        elif pair not in labels:
            self.problems.error(
                where, f"{self.who} {quote(cell)} is not on the {self.listing} sheet"
            )
            return None
        return pair

    def _amount(
        self, index: int, cell: object, unit: AdjustmentUnit, unit_typed: bool
    ) -> Fraction | tuple[Fraction, AdjustmentUnit] | None:
        """An adjustment's amount as the user meant it; with the unit when the cell says it.

        An amount typed as a percentage (-10%: Excel stores -0.1 and formats the
        cell as a percentage) is a percentage of a top; with the unit left
        blank the unit is %, with the unit MP the row contradicts itself.
        """
        where = CellPlace(L.ADJUSTMENTS, index, "C")
        sheet = self.loaded.read[L.ADJUSTMENTS]
        percent = is_percent_format(sheet.number_format(index, 3)) or (
            isinstance(cell, str) and normalise_text(cell).endswith("%")
        )
        if percent and unit is AdjustmentUnit.MATCHPOINTS:
            if unit_typed:
                shown = f"{quote(cell)} (shown as a percentage)"
                self.problems.error(
                    where,
                    f"{shown} is a percentage but the unit ({where.at('D')}) is MP: "
                    "write % as the unit, or type the amount in matchpoints",
                )
                return None
            unit = AdjustmentUnit.PERCENT_OF_TOP
        try:
            if unit is AdjustmentUnit.PERCENT_OF_TOP:
                amount = parse_percent(cell, percent)
            else:
                amount = parse_fraction(cell)
        except ValueError as exc:
            message = str(exc) if "could mean" in str(exc) else "is not an amount (e.g. -1 or -0.5)"
            self.problems.error(where, _quote_free(message, cell))
            return None
        if unit is AdjustmentUnit.PERCENT_OF_TOP and not -100 <= amount <= 100:
            self.problems.error(
                where, f"{quote(amount)}% of a top is not an adjustment (from -100% to 100%)"
            )
            return None
        return (amount, unit) if percent else amount


@dataclass(frozen=True)
class _TravellerRow:
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


def _number(label: PairLabel) -> str:
    """The number of a pair label (``"NS 3"``: ``"3"``)."""
    return label.number


def _who(label: PairLabel | None) -> str:
    if label is None:
        return "no pair"
    return label if label.direction else f"pair {label}"


def _is_whole(value: object) -> bool:
    try:
        whole_number(value)
    except ValueError:
        return False
    return True


def _placed_problem(
    movement: Movement, rnd: int, table: int, board: int, ns: PairLabel, ew: PairLabel
) -> tuple[str, str] | None:
    """What is wrong with a row placed at ``table`` in round ``rnd``, and its column letter.

    Board and pairs that meet there on that board: nothing.  Pairs that meet
    on that board at another table or round: the Round or Table cell is wrong.
    The pairs of the seat with a board not played there: the Board cell.
    Anything else (NS and EW swapped, another pair): the NS pair cell.
    """
    met = movement.meeting(ns, ew)
    if met is not None and met.ns == ns and board in met.boards:
        if (met.round, met.table) == (rnd, table):
            return None
        where = (
            f"{_who(ns)} meets {_who(ew)} on board {board} "
            f"at table {met.table} in round {met.round}"
        )
        if met.round != rnd:
            return "J", f"round {rnd}, but {where}: type {met.round} as the round"
        return "K", f"table {table}, but {where}: type {met.table} as the table"
    try:
        seat = movement.seat(rnd, table)
    except KeyError:
        seat = None
    if seat is not None and (seat.ns, seat.ew) == (ns, ew) and board not in seat.boards:
        boards = _board_span(list(seat.boards))
        return "A", (
            f"board {board} is not played at table {table} in round {rnd} (boards {boards}): "
            "type the board this row is for"
        )
    problem = check_row(movement, rnd, table, board, ns, ew)
    return ("B", problem) if problem else None


def _unplaced_problem(
    movement: Movement, board: int, ns: PairLabel, ew: PairLabel
) -> tuple[str, str] | None:
    """What is wrong with a row typed without its Round and Table, and its column letter."""
    met = movement.meeting(ns, ew)
    if met is not None and board in met.boards:
        if (met.ns, met.ew) == (ns, ew):
            return None
        return "B", _swapped(met)  # a Howell: the same two pairs, each in the other's seat
    if movement.mitchell:
        # NS 5 v EW 4 typed as NS 4 v EW 5: the numbers in the wrong columns
        swapped = movement.meeting(PairLabel(ew.number, "NS"), PairLabel(ns.number, "EW"))
        if swapped is not None and board in swapped.boards:
            return "B", _swapped(swapped)
    sits = "".join(
        f" ({_who(p)} sits out board {board}, in round {s.round})"
        for s in movement.seats
        if s.sit_out and board in s.boards
        for p in (s.ns, s.ew)
        if p in (ns, ew)
    )
    if met is None:
        return "B", f"the movement never seats {_who(ns)} against {_who(ew)}{sits}"
    boards = _board_span(list(met.boards))
    return "A", (
        f"{_who(ns)} and {_who(ew)} play boards {boards} at table {met.table} in round "
        f"{met.round}, not board {board}{sits}"
    )


def _swapped(seat: MovementSeat) -> str:
    return (
        f"NS and EW are swapped: the movement seats {_who(seat.ns)} North-South and "
        f"{_who(seat.ew)} East-West at table {seat.table} in round {seat.round}"
    )


def _at(where: Place | str, parse: Callable[[Any], T], value: object) -> T:
    """``parse(value)``; its error placed at ``where`` (its words quote the value as shown)."""
    try:
        return parse(value)
    except ScoringError as exc:
        raise exc.at(where) from None


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


def _rows(rows: list[int]) -> str:
    """``its row (H4)`` or ``its 6 rows (H4 to H9)``."""
    if len(rows) == 1:
        return f"its row (H{rows[0]})"
    return f"its {len(rows)} rows (H{rows[0]} to H{rows[-1]})"


def _quote_free(message: str, value: object) -> str:
    """``message`` quoting ``value`` as the user typed it: the words of
    :func:`~xlbridge.exact.parse_percent` quote the number they read (``'4O'`` of
    ``'4O%'``), and the cell as typed goes in front of them."""
    shown = quote(value)
    return message if shown in message else f"{shown}: {message}"


def _unit(value: object) -> AdjustmentUnit:
    return AdjustmentUnit.parse(value)


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
    except ValueError as exc:
        raise ScoringError(_quote_free(str(exc), value)) from None
