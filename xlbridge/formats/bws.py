"""Bridgemate Control Software's ``.bws`` file: the night as the tables entered it.

A ``.bws`` file is a Microsoft Access (Jet) database that Bridgemate Control
Software keeps while the terminals send results.  xlbridge reads four of its
tables:

* ``Section``: each section's letter and tables;
* ``RoundData``: the movement (section, table, round, the NS and EW pair, the
  boards played);
* ``ReceivedData``: one row per result as entered at the table (board, pairs,
  declarer's seat, contract ``4 S`` / ``3 NT x`` / ``PASS``, result ``+2`` /
  ``=`` / ``-1``, remarks such as ``Not played``, erased or not);
* ``PlayerNumbers``: the players' national numbers and names at each seat.

The bidding and play records (``BiddingData``, ``PlayData``) and the
intermediate results are not read.

A board of a round ``RoundData`` seats two pairs at, with no entry standing for
it (never entered, or erased and not entered again), is a result still to come
(:class:`Missing`): the night is provisional, and the import writes its
traveller row blank, as a night laid out by its movement has it.

The database is read by the pure-Python ``access-parser`` package (installed
with xlbridge everywhere but Pyodide): a club scorer on Windows has no
``mdbtools``.  It reads whatever pages a file has without complaint, so the
reader checks each table's rows against the count its definition declares.
A file that is not an Access database, is cut short or is larger than any
club night's is refused with one line.
"""

from __future__ import annotations

import datetime
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xlbridge.contract import PlayedContract, board_vulnerability
from xlbridge.errors import ContractError, InputFileError, ScoringError
from xlbridge.event import Event, EventFacts, Pair, Play, Player
from xlbridge.exact import plain_text, plural, quote
from xlbridge.pair import PairLabel
from xlbridge.places import BridgemateEntry, Problem
from xlbridge.result import NotPlayed, Row, parse_result

__all__ = ["MAX_BWS_BYTES", "BwsNight", "Missing", "Seating", "read_bws"]

#: No club night's ``.bws`` is larger (the real ones are about 1.5 MB, most of it the
#: ACBL's players' names): a larger file is refused before it is read.
MAX_BWS_BYTES = 64 * 1024 * 1024
#: No club night has more result rows (ten sections of 30 tables playing 36 boards).
MAX_RESULT_ROWS = 20_000

_MAGIC = (b"Standard Jet DB", b"Standard ACE DB")
_SEATS = {"N": "N", "E": "E", "S": "S", "W": "W"}
_NOT_PLAYED = ("not played", "niet gespeeld", "nicht gespielt")


@dataclass(frozen=True)
class Seating:
    """Where a result was entered: section letter, table and round (for messages)."""

    section: str
    table: int
    round: int

    def place(self, board: int) -> BridgemateEntry:
        """Where ``board`` was entered at this table and round."""
        return BridgemateEntry(self.section, self.table, self.round, board)


@dataclass(frozen=True)
class Missing:
    """A result the movement (``RoundData``) has that no entry gives: never entered at
    the table, or entered and erased and not entered again.  Still to come: the night
    is provisional until it is typed (or entered in Bridgemate and imported again)."""

    seating: Seating
    board: int
    ns: PairLabel
    ew: PairLabel
    erased: bool = False

    @property
    def message(self) -> str:
        """``table 3, round 2, board 5: no result was entered (...)``."""
        why = " (erased at the table and not entered again)" if self.erased else ""
        return f"{self.seating.place(self.board)}: no result was entered{why}"


@dataclass(frozen=True)
class BwsNight:
    """A ``.bws`` night: the event to score, where each of its plays was entered, the
    notes a scorer reads (corrections, erased entries) and the results still to come."""

    event: Event
    seatings: tuple[Seating, ...]
    notes: tuple[str, ...] = ()
    movement: str = ""
    sections: tuple[str, ...] = field(default=())
    missing: tuple[Missing, ...] = ()

    @property
    def provisional(self) -> bool:
        """Whether results are still to come (the figures are then provisional)."""
        return bool(self.missing)


def read_bws(path: str | os.PathLike[str]) -> BwsNight:
    """The night in the Bridgemate file at ``path``, ready for a club workbook."""
    tables = _open(path)
    name = Path(path).name
    return _night(tables, name)


# --- reading the database -----------------------------------------------------------------------

Table = Mapping[str, Sequence[Any]]


def _open(path: str | os.PathLike[str]) -> Callable[[str], Table]:
    shown = os.fspath(path)
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as handle:
            head = handle.read(32)
    except OSError as exc:
        raise InputFileError(f"cannot read {shown}: {exc.strerror or exc}") from None
    if size > MAX_BWS_BYTES:
        raise InputFileError(
            f"{shown} is larger than any Bridgemate night ({size:,} bytes): not read"
        )
    if not any(head[4:].startswith(magic) for magic in _MAGIC):
        raise InputFileError(
            f"{shown} is not a Bridgemate .bws file (not a Microsoft Access database)"
        )
    try:
        from access_parser import AccessParser  # type: ignore[import-untyped]
    except ModuleNotFoundError:
        raise InputFileError(
            "reading a .bws file needs the access-parser package: pip install access-parser"
        ) from None
    # access-parser logs every system-table chunk it skips; a scorer needs none of it
    logging.getLogger("access_parser").setLevel(logging.CRITICAL)
    logging.getLogger("access_parser.access_parser").setLevel(logging.CRITICAL)
    try:
        database = AccessParser(os.fspath(path))
    except Exception:  # the parser raises whatever a damaged file makes it raise
        raise InputFileError(f"{shown} is damaged: its Access database cannot be read") from None

    page_size = getattr(database, "page_size", 0)
    if page_size and size % page_size:
        raise InputFileError(f"{shown} is damaged: it is cut short (not whole pages)")

    def table(table_name: str) -> Table:
        if table_name not in database.catalog:
            raise InputFileError(
                f"{shown} has no {table_name} table: not a Bridgemate results file"
            )
        try:
            found = database.get_table(table_name)
            declared = int(found.table_header.number_of_rows)
            if declared > MAX_RESULT_ROWS:  # refused before it is read
                raise InputFileError(
                    f"{shown}: its {table_name} table has {declared:,} rows, "
                    "more than any club night"
                )
            parsed: Table = found.parse()
        except InputFileError:
            raise
        except Exception:
            raise InputFileError(
                f"{shown} is damaged: its {table_name} table cannot be read"
            ) from None
        rows = max((len(column) for column in parsed.values()), default=0)
        if rows != declared or any(len(column) != rows for column in parsed.values()):
            raise InputFileError(
                f"{shown} is damaged: its {table_name} table has {rows} of its "
                f"{declared} rows (the file is cut short)"
            )
        return parsed

    return table


def _rows(table: Table, columns: Sequence[str], name: str, table_name: str) -> list[dict[str, Any]]:
    missing = [column for column in columns if column not in table]
    if missing:
        raise InputFileError(
            f"the {table_name} table has no {', '.join(missing)} column: "
            "not a Bridgemate results file",
            name,
        )
    count = len(table[columns[0]]) if columns else 0
    return [{column: table[column][i] for column in table} for i in range(count)]


def _whole(value: object, what: str, where: BridgemateEntry | str) -> int:
    if _blank(value):
        raise InputFileError(f"the {what} is blank", where)
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            number = int(str(value).strip())
        except ValueError:
            raise InputFileError(f"{what} {quote(str(value))} is not a number", where) from None
        return number
    return value


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


# --- the night -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Round:
    section: int
    table: int
    round: int
    ns: int
    ew: int
    low: int
    high: int


def _night(open_table: Callable[[str], Table], name: str) -> BwsNight:
    sections = {
        _whole(row["ID"], "section", name): str(row["Letter"] or "").strip()
        for row in _rows(open_table("Section"), ("ID", "Letter"), name, "Section")
    }
    rounds = [
        _Round(
            *(
                _whole(row[column], column, f"{name}, RoundData")
                for column in (
                    "Section",
                    "Table",
                    "Round",
                    "NSPair",
                    "EWPair",
                    "LowBoard",
                    "HighBoard",
                )
            )
        )
        for row in _rows(
            open_table("RoundData"),
            ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard"),
            name,
            "RoundData",
        )
    ]
    if not rounds:
        raise InputFileError("its RoundData table is empty (no movement)", name)
    several = len(sections) > 1
    letters = {number: (letter if several else "") for number, letter in sections.items()}
    mitchell = _is_mitchell(rounds)

    def label(section: int, number: int, direction: str) -> PairLabel:
        text = f"{letters.get(section, '')}{number}"
        return PairLabel(text, direction if mitchell else "")

    seat_of = {(r.section, r.table, r.round): r for r in rounds}
    received = _rows(
        open_table("ReceivedData"),
        (
            "ID",
            "Section",
            "Table",
            "Round",
            "Board",
            "PairNS",
            "PairEW",
            "NS/EW",
            "Contract",
            "Result",
        ),
        name,
        "ReceivedData",
    )
    received.sort(key=lambda row: _entry_id(row, name))
    notes: list[str] = []
    problems: list[Problem] = []
    kept: dict[tuple[int, int, int, int], dict[str, Any]] = {}
    erased: set[tuple[int, int, int, int]] = set()
    for row in received:
        # an erased entry with a blank place is left out as any erased entry is
        key = _placed(row, letters, name, [] if row.get("Erased") else problems)
        if key is None:
            continue
        if row.get("Erased"):
            erased.add(key)
            continue
        if key in kept:
            seating = Seating(letters.get(key[0], ""), key[1], key[2])
            notes.append(
                f"{seating.place(key[3])}: entered again; the last entry stands "
                f"({_shown(row)}, not {_shown(kept[key])})"
            )
        kept[key] = row
    for key in sorted(erased & kept.keys()):
        seating = Seating(letters.get(key[0], ""), key[1], key[2])
        notes.append(f"{seating.place(key[3])}: an erased entry, left out")
    plays: list[Play] = []
    seatings: list[Seating] = []
    for (section, table, round_, board), row in sorted(kept.items()):
        seating = Seating(letters.get(section, ""), table, round_)
        where = seating.place(board)
        planned = seat_of.get((section, table, round_))
        if planned is None:
            problems.append(Problem(where, "the movement (RoundData) has no such table and round"))
            continue
        pairs_entered = _pairs_entered(row, planned, where, problems)
        if pairs_entered is None:
            continue
        ns_number, ew_number = pairs_entered
        if (ns_number, ew_number) != (planned.ns, planned.ew):
            problems.append(
                Problem(
                    where,
                    f"entered for NS {ns_number} and EW {ew_number}, but the movement "
                    f"seats NS {planned.ns} and EW {planned.ew} there: correct the pairs in "
                    "Bridgemate Control Software, or the Travellers after the import",
                )
            )
            continue
        if not planned.low <= board <= planned.high:
            problems.append(
                Problem(
                    where,
                    f"board {board} is not played there (the movement has boards "
                    f"{planned.low}-{planned.high}): the board number was entered wrongly",
                )
            )
            continue
        try:
            played, result = _result(row, board)
        except ContractError as error:
            problems.append(Problem(where, error.what))
            continue
        plays.append(
            Play(
                board,
                label(section, ns_number, "NS"),
                label(section, ew_number, "EW"),
                result,
                source=where,
                played=played,
            )
        )
        seatings.append(seating)
    if problems:
        raise ScoringError(
            f"{name}: {len(problems)} result(s) cannot be read:\n"
            + "\n".join(f"  {line}" for line in problems)
        )
    missing = [
        Missing(
            Seating(letters.get(r.section, ""), r.table, r.round),
            board,
            label(r.section, r.ns, "NS"),
            label(r.section, r.ew, "EW"),
            erased=(r.section, r.table, r.round, board) in erased,
        )
        for r in sorted(rounds, key=lambda r: (r.section, r.table, r.round))
        if r.ns > 0 and r.ew > 0  # a sit-out plays no board
        for board in range(max(r.low, 1), r.high + 1)
        if (r.section, r.table, r.round, board) not in kept
    ]
    pairs = _pairs(open_table, rounds, label, name)
    movement = "Mitchell" if mitchell else "Howell"
    to_come = f"{plural(len(missing), 'result')} to come" if missing else ""
    facts = EventFacts(
        name=f"Bridgemate {Path(name).stem}",
        date=_date(received),
        movement=movement,
        provisional=to_come,
    )
    event = Event(tuple(pairs), tuple(plays), facts=facts)
    return BwsNight(
        event,
        tuple(seatings),
        tuple(notes),
        movement,
        tuple(letter for letter in sections.values()),
        tuple(missing),
    )


def _entry_id(row: Mapping[str, Any], name: str) -> int:
    """The entry's number (Bridgemate numbers them as they come): the order they were made."""
    value = row.get("ID")
    return -1 if _blank(value) else _whole(value, "entry number", f"{name}, ReceivedData")


def _placed(
    row: Mapping[str, Any], letters: Mapping[int, str], name: str, problems: list[Problem]
) -> tuple[int, int, int, int] | None:
    """Where an entry was made: section, table, round, board.  A blank one is a problem
    named by what the entry does say (and ``None`` is returned)."""
    said: list[str] = []
    numbers: list[int] = []
    for column, what in (("Section", "section"), ("Table", "table"), ("Round", "round")):
        value = row.get(column)
        if _blank(value):
            entry = row.get("ID")
            which = "an entry" if _blank(entry) else f"entry {entry}"
            known = f" ({', '.join(said)})" if said else ""
            problems.append(
                Problem(
                    f"{name}, ReceivedData, {which}{known}",
                    f"a result was entered with no {what} number",
                )
            )
            return None
        number = _whole(value, what, f"{name}, ReceivedData")
        numbers.append(number)
        if column != "Section":
            said.append(f"{what} {number}")
        elif letters.get(number):
            said.append(f"section {letters[number]}")
    board = row.get("Board")
    if _blank(board):
        problems.append(Problem(", ".join(said), "a result was entered with no board number"))
        return None
    section, table, round_ = numbers
    return section, table, round_, _whole(board, "board", ", ".join(said))


def _pairs_entered(
    row: Mapping[str, Any], planned: _Round, where: BridgemateEntry, problems: list[Problem]
) -> tuple[int, int] | None:
    """The NS and EW pair numbers entered; a blank one is a problem (``None`` then)."""
    numbers: list[int] = []
    for column, direction, seated in (("PairNS", "NS", planned.ns), ("PairEW", "EW", planned.ew)):
        value = row.get(column)
        if _blank(value):
            problems.append(
                Problem(
                    where,
                    f"the {direction} pair number is blank (the movement seats "
                    f"{direction} {seated} there): correct it in Bridgemate Control Software, "
                    "or the Travellers after the import",
                )
            )
            return None
        numbers.append(_whole(value, f"{direction} pair", where))
    return numbers[0], numbers[1]


def _shown(row: Mapping[str, Any]) -> str:
    remarks = str(row.get("Remarks") or "").strip()
    if remarks:
        return remarks
    contract = str(row.get("Contract") or "").strip()
    seat = str(row.get("NS/EW") or "").strip()
    result = str(row.get("Result") or "").strip()
    return " ".join(part for part in (contract, result, seat) if part)


def _result(row: Mapping[str, Any], board: int) -> tuple[PlayedContract | None, Row]:
    remarks = str(row.get("Remarks") or "").strip().lower()
    if remarks in _NOT_PLAYED:
        return None, NotPlayed()
    contract = row.get("Contract")
    played = PlayedContract.from_cells(contract, row.get("NS/EW"), row.get("Result"))
    if played is None:
        raise ContractError(
            "no contract was entered (and the remarks do not say 'Not played')",
            part="contract",
        )
    score = played.score(board_vulnerability(board))
    return played, parse_result(score)


def _is_mitchell(rounds: Sequence[_Round]) -> bool:
    """Two fields (a Mitchell) when a pair number sits NS at one table and EW at another
    in the same round (pairs numbered in each direction), or when the NS and EW numbers
    never meet (numbered straight through); one field (a Howell) otherwise."""
    by_round: dict[tuple[int, int], tuple[set[int], set[int]]] = {}
    all_ns: set[tuple[int, int]] = set()
    all_ew: set[tuple[int, int]] = set()
    for r in rounds:
        ns, ew = by_round.setdefault((r.section, r.round), (set(), set()))
        ns.add(r.ns)
        ew.add(r.ew)
        all_ns.add((r.section, r.ns))
        all_ew.add((r.section, r.ew))
    if any(ns & ew for ns, ew in by_round.values()):
        return True
    return not (all_ns & all_ew)


def _pairs(
    open_table: Callable[[str], Table],
    rounds: Sequence[_Round],
    label: Callable[[int, int, str], PairLabel],
    name: str,
) -> list[Pair]:
    """Every pair of the movement, with the players the terminals were given (their
    seats at the first round each pair played)."""
    first: dict[tuple[int, int], list[_Round]] = {}
    for r in sorted(rounds, key=lambda r: r.round):
        first.setdefault((r.section, r.table), []).append(r)
    try:
        numbers = _rows(
            open_table("PlayerNumbers"),
            ("Section", "Table", "Direction", "Number", "Name"),
            name,
            "PlayerNumbers",
        )
    except InputFileError:
        numbers = []
    seats: dict[tuple[int, int, str], tuple[int, Player]] = {}
    for row in numbers:
        seat = _SEATS.get(str(row.get("Direction") or "").strip().upper())
        if seat is None:
            continue
        section = _whole(row["Section"], "section", f"{name}, PlayerNumbers")
        table = _whole(row["Table"], "table", f"{name}, PlayerNumbers")
        round_ = _whole(row.get("Round") or 0, "round", f"{name}, PlayerNumbers")
        where = f"{name}, PlayerNumbers, table {table}, {seat}"
        player = Player(
            plain_text(str(row.get("Name") or "").strip(), where),
            plain_text(str(row.get("Number") or "").strip(), where),
        )
        known = seats.get((section, table, seat))
        # the seating at the start stands; a later round's entry is a substitute
        if (player.name or player.national_id) and (known is None or round_ < known[0]):
            seats[(section, table, seat)] = (round_, player)
    labels: dict[PairLabel, tuple[Player, ...]] = {}
    for (section, table), played in sorted(first.items()):
        opening = played[0]
        for number, pair_seats, direction in (
            (opening.ns, ("N", "S"), "NS"),
            (opening.ew, ("E", "W"), "EW"),
        ):
            if number <= 0:
                continue
            players = tuple(
                seats[(section, table, seat)][1]
                for seat in pair_seats
                if (section, table, seat) in seats
            )
            labels.setdefault(label(section, number, direction), players)
    for r in rounds:  # pairs that were not seated at the first round (a late start)
        for number, direction in ((r.ns, "NS"), (r.ew, "EW")):
            if number > 0:
                labels.setdefault(label(r.section, number, direction), ())
    return [
        Pair(pair_label, " & ".join(p.name for p in players if p.name), players=players)
        for pair_label, players in labels.items()
    ]


def _date(received: Sequence[Mapping[str, Any]]) -> datetime.date | None:
    for row in received:
        logged = row.get("DateLog")
        if isinstance(logged, datetime.datetime):
            return logged.date()
        if isinstance(logged, datetime.date):
            return logged
        if isinstance(logged, str) and logged.strip():
            text = logged.strip().split(" ")[0]
            for layout in ("%Y-%m-%d", "%m/%d/%y", "%m/%d/%Y"):
                try:
                    return datetime.datetime.strptime(text, layout).date()
                except ValueError:
                    continue
    return None
