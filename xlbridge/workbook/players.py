"""A club's players list as a file: ``players.csv``, read exactly, and added to on request.

The file is CSV with a header naming its columns, ``Name``, ``Number`` and
optionally ``Holding`` (any case, any order; other columns are kept and
ignored), one player a line.  It is decoded as the PBN reader decodes
(UTF-8 with or without its byte-order mark, else Windows-1252); a list saved
by Excel in a country that writes decimals with a comma, with semicolons
between the columns, is read too.  A file that is not such a list is refused
naming the file and the line.

:func:`plan_additions` adds players to the file and never changes a line that is
in it: every existing byte is kept, the new lines are written after them in
the file's own encoding, separator and line ending, and the file is replaced
at once (:func:`xlbridge.outputs.atomic_write`).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import ScoringError
from xlbridge.event import Event, Player
from xlbridge.exact import normalise_text, quote
from xlbridge.outputs import atomic_write
from xlbridge.places import Problem
from xlbridge.players import Listed, PlayersList, complete, number_key
from xlbridge.workbook.pairs import layout as L

if TYPE_CHECKING:
    from openpyxl import Workbook

__all__ = [
    "Added",
    "PlayersFile",
    "fill_players",
    "plan_additions",
    "read_players",
    "record_players_list",
]

_COLUMNS = ("name", "number", "holding")


@dataclass(frozen=True)
class PlayersFile:
    """A players list as read from its file, with what is needed to add to it."""

    path: Path
    players: PlayersList
    #: the file's bytes as read
    data: bytes
    #: ``utf-8-sig``, ``utf-8`` or ``cp1252``
    encoding: str
    delimiter: str
    #: the header's columns, lower case, in the file's order
    header: tuple[str, ...]
    newline: str


def read_players(path: str | os.PathLike[str]) -> PlayersFile:
    """Read the players list at ``path``; what is wrong is refused naming the file and line."""
    file = Path(path)
    name = file.name
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise ScoringError(f"the players list {os.fspath(file)} does not exist") from None
    except OSError as exc:
        raise ScoringError(
            f"the players list {os.fspath(file)} cannot be read ({exc.strerror})"
        ) from None
    text, encoding = _decode(data, name)
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise ScoringError(f"{name} is empty: a players list has a header, Name,Number,Holding")
    delimiter = ";" if ";" in lines[first] and "," not in lines[first] else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header_row: list[str] = []
    for row in reader:
        if any(cell.strip() for cell in row):
            header_row = [normalise_text(cell).strip().lower() for cell in row]
            break
    missing = [c for c in _COLUMNS[:2] if c not in header_row]
    if missing:
        raise ScoringError(
            f"{name} line {first + 1}: no header: the first line must name the columns "
            f"Name and Number (and Holding), not {quote(lines[first])}"
        )
    twice = [c for c in _COLUMNS if header_row.count(c) > 1]
    if twice:
        raise ScoringError(
            f"{name} line {first + 1}: the header names the column {twice[0].title()} twice"
        )
    at = {column: header_row.index(column) for column in _COLUMNS if column in header_row}
    entries: list[Listed] = []
    try:
        for row in reader:
            line = reader.line_num  # the file's line (a quoted line break counts)
            cells = [normalise_text(cell).strip() for cell in row]
            if not any(cells):
                continue

            def cell(column: str, cells: list[str] = cells) -> str:
                index = at.get(column)
                return cells[index] if index is not None and index < len(cells) else ""

            player, number, holding = cell("name"), cell("number"), cell("holding")
            if not player:
                raise ScoringError(f"{name} line {line}: number {quote(number)} has no name")
            if not number:
                raise ScoringError(f"{name} line {line}: {player} has no number")
            entries.append(Listed(player, number, holding, line))
    except csv.Error as exc:
        raise ScoringError(f"{name} line {reader.line_num}: not CSV ({exc})") from None
    newline = "\r\n" if b"\r\n" in data else "\n"
    return PlayersFile(
        file,
        PlayersList.of(name, entries),
        data,
        encoding,
        delimiter,
        tuple(header_row),
        newline,
    )


def _decode(data: bytes, name: str) -> tuple[str, str]:
    """The file's text and its encoding: UTF-8 (with or without BOM), else Windows-1252."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\0" in data:
        raise ScoringError(
            f"{name} is not a players list in UTF-8 or Windows-1252 (saved as Unicode or "
            "UTF-16 text?): save it as CSV UTF-8"
        )
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8"), "utf-8-sig"
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:  # the five bytes Windows-1252 leaves undefined
        return data.decode("latin-1"), "latin-1"


def fill_players(event: Event, players: PlayersList) -> tuple[Event, tuple[Problem, ...]]:
    """``event`` with each player's blank name or number filled from the list, and the warnings.

    Each warning's place is the pair and the player (``pair NS 2, player 1``: an
    imported file has no cells), its words the list's.
    """
    warnings: list[Problem] = []
    pairs = []
    for pair in event.pairs:
        filled = []
        for index, player in enumerate(pair.players, start=1):
            # an imported file's numbers are the national body's: one not on the club's
            # list is no slip (--update-players adds it)
            done = complete(players, None, player.name, player.national_id, unlisted=False)
            where = f"pair {pair.label}, player {index}"
            warnings.extend(Problem(where, message) for _, message in done.warnings)
            number = done.number
            filled.append(Player(done.name, number, guest=player.guest and not number))
        pairs.append(replace(pair, players=tuple(filled)))
    return replace(event, pairs=tuple(pairs)), tuple(warnings)


@dataclass(frozen=True)
class Added:
    """What :func:`plan_additions` will add: the players, and those it cannot add."""

    path: Path
    added: tuple[Listed, ...]
    #: the players named without a number (a list's every line has one)
    without_number: tuple[str, ...]
    #: the file's new content (``b""`` when nothing is added: the file is not written)
    data: bytes = b""

    def write(self) -> None:
        """Replace the file at once with its new content (nothing when nothing is added)."""
        if not self.added:
            return
        whole = self.data

        def write(tmp: Path) -> None:
            tmp.write_bytes(whole)

        atomic_write(self.path, write)


def plan_additions(file: PlayersFile, event: Event) -> Added:
    """Each player ``event`` names with a number the list lacks, added at the end of ``file``.

    No line of the file is changed or removed: the new lines follow the
    existing ones, byte for byte, in the file's encoding, separator and line
    ending.  What is planned is written by :meth:`Added.write`.
    """
    known = {number_key(e.number) for e in file.players.entries}
    new: list[Player] = []
    without: list[str] = []
    for pair in event.pairs:
        for player in pair.players:
            if not player.national_id:
                if player.name and player.name not in without:
                    without.append(player.name)
                continue
            key = number_key(player.national_id)
            if key not in known and player.name:
                known.add(key)
                new.append(player)
    if not new:
        return Added(file.path, (), tuple(without))
    text, added = _new_lines(file, new)
    encoding = "utf-8" if file.encoding == "utf-8-sig" else file.encoding
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as exc:
        raise ScoringError(
            f"{file.path.name} is in Windows-1252, which cannot hold "
            f"{quote(exc.object[exc.start : exc.end])}: save the list as CSV UTF-8 and "
            "import again"
        ) from None
    head = file.data
    if head and not head.endswith((b"\n", b"\r")):  # the last line ended, its text kept
        head += file.newline.encode("ascii")
    return Added(file.path, tuple(added), tuple(without), head + data)


def record_players_list(wb: Workbook, name: str) -> None:
    """A *Players list* row naming ``name`` below the Settings sheet's rows (as a club adds
    the Hand records row)."""
    settings = wb[L.SETTINGS]
    row = settings.max_row + 1
    settings.cell(row, 1, L.PLAYERS_LIST.label)
    settings.cell(row, 2, name)
    settings.cell(row, 3, L.PLAYERS_LIST.help)


def _new_lines(file: PlayersFile, new: Sequence[Player]) -> tuple[str, list[Listed]]:
    """The CSV lines for ``new``, in the header's column order, and the entries they make."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=file.delimiter, lineterminator=file.newline)
    lines = file.data.count(b"\n") if file.newline != "\r" else file.data.count(b"\r")
    if file.data and not file.data.endswith((b"\n", b"\r")):
        lines += 1
    added = []
    for offset, player in enumerate(new, start=1):
        values = {"name": player.name, "number": player.national_id, "holding": ""}
        writer.writerow([values.get(column, "") for column in file.header])
        added.append(Listed(player.name, player.national_id, "", lines + offset))
    return out.getvalue(), added
