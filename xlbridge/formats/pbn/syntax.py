"""PBN 2.1 syntax: tag pairs, sections and tables, read and written."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from xlbridge.errors import ScoringError
from xlbridge.exact import plain_text
from xlbridge.exact import quote as quote_value

__all__ = [
    "Column",
    "Game",
    "Table",
    "Tag",
    "decode",
    "format_table",
    "format_tag",
    "line_breaks",
    "one_line",
    "parse_columns",
    "quote",
    "read_file_games",
    "read_games",
]


def _quoted(line: str) -> str:
    """A line for a message, whole up to 120 characters (a ``[Deal "..."]`` line is 78)."""
    return quote_value(line.strip(), 120)


@dataclass(frozen=True)
class Tag:
    """One tag pair and the data lines of its section (each line split into entries)."""

    name: str
    value: str
    rows: tuple[tuple[str, ...], ...] = ()
    line: int = 0


@dataclass(frozen=True)
class Column:
    """One column of a PBN table: its name, minimum width and alignment (``L`` or ``R``)."""

    name: str
    width: int = 0
    align: str = "L"
    order: str = ""

    def __str__(self) -> str:
        if not self.width:
            return f"{self.order}{self.name}"
        return f"{self.order}{self.name}\\{self.width}{self.align}"


@dataclass(frozen=True)
class Table:
    """A PBN table: its columns and rows (entries unquoted, ``-`` kept as written)."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    line: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(column.name for column in self.columns)

    def records(self) -> list[dict[str, str]]:
        """Each row as a mapping from column name to entry (rows may be short)."""
        return [dict(zip(self.names, row, strict=False)) for row in self.rows]


@dataclass(frozen=True)
class Game:
    """One game (one board as played, or one board of a hand record): its tags in order."""

    tags: tuple[Tag, ...]
    line: int

    def tag(self, name: str) -> Tag | None:
        """The tag called ``name`` (case-insensitive), or ``None``."""
        wanted = name.lower()
        return next((tag for tag in self.tags if tag.name.lower() == wanted), None)

    def value(self, name: str) -> str | None:
        """The value of tag ``name``, or ``None`` when the game does not have it."""
        tag = self.tag(name)
        return None if tag is None else tag.value

    def table(self, name: str) -> Table | None:
        """The table of tag ``name`` (``ScoreTable``, ``OptimumResultTable``), or ``None``."""
        tag = self.tag(name)
        if tag is None:
            return None
        return Table(parse_columns(tag.value), tag.rows, tag.line)


_COLUMN = re.compile(r"([+-]?)(\w+)(?:\\(\d+)([LR]?))?", re.IGNORECASE)


def parse_columns(value: str) -> tuple[Column, ...]:
    """The columns named in a table tag's value (``'Rank\\\\2R;Names\\\\40L'``)."""
    columns = []
    for part in value.split(";"):
        match = _COLUMN.fullmatch(part.strip())
        if match is None:
            raise ScoringError(
                f"{quote_value(part)} is not a PBN table column (expected e.g. Rank\\2R)"
            )
        order, name, width, align = match.groups()
        columns.append(Column(name, int(width or 0), (align or "L").upper(), order))
    return tuple(columns)


# --- reading ----------------------------------------------------------------------

_TAG_START = re.compile(r"\[\s*(\w+)\s*")
_TAG_END = re.compile(r"\s*\]")


@dataclass
class _Reader:
    """The PBN tokenizer: a line at a time, games closed by empty lines."""

    games: list[Game] = field(default_factory=list)
    tags: list[Tag] = field(default_factory=list)
    previous: dict[str, str] = field(default_factory=dict)
    start: int = 0
    in_comment: bool = False

    def feed(self, number: int, line: str) -> None:
        if self.in_comment:
            end = line.find("}")
            if end < 0:
                return
            self.in_comment = False
            line = line[end + 1 :]
            if not line.strip():
                return
        elif line.startswith("%"):
            return
        if not line.strip():
            self.close()
            return
        if not self.tags:
            self.start = number
        self._tokens(number, line)

    def _tokens(self, number: int, line: str) -> None:
        entries: list[str] = []
        position = 0
        while position < len(line):
            char = line[position]
            if char.isspace():
                position += 1
            elif char == ";":
                break
            elif char == "{":
                end = line.find("}", position)
                if end < 0:
                    self.in_comment = True
                    break
                position = end + 1
            elif char == "[":
                self._row(entries, number)
                entries = []
                position = self._tag(number, line, position)
            elif char == '"':
                text, position = _string(line, position, number)
                entries.append(text)
            else:
                end = position
                while end < len(line) and not line[end].isspace() and line[end] not in '[{;"':
                    end += 1
                entries.append(line[position:end])
                position = end
        self._row(entries, number)

    def _row(self, entries: list[str], number: int) -> None:
        if not entries:
            return
        if not self.tags:
            shown = " ".join(entries)[:40]
            if any(not character.isprintable() for character in shown):
                raise ScoringError(
                    f"line {number} holds binary data, not PBN text: is it a PBN file?"
                )
            raise ScoringError(
                f"line {number}: '{shown}' is not PBN (expected a tag such as [Board \"1\"])"
            )
        for entry in entries:
            plain_text(entry, f"line {number}")
        last = self.tags[-1]
        self.tags[-1] = Tag(last.name, last.value, (*last.rows, tuple(entries)), last.line)

    def _tag(self, number: int, line: str, position: int) -> int:
        match = _TAG_START.match(line, position)
        if match is None or match.end() >= len(line) or line[match.end()] != '"':
            raise ScoringError(f"line {number}: {_quoted(line)} is not a PBN tag pair")
        value, end = _string(line, match.end(), number)
        close = _TAG_END.match(line, end)
        if close is None:
            raise ScoringError(f"line {number}: {_quoted(line)} is not a PBN tag pair (no ']')")
        name = match.group(1)
        plain_text(value, f"line {number}")
        if value == "#":
            value = self.previous.get(name.lower(), "")
        if all(tag.name.lower() != name.lower() for tag in self.tags):  # a repeat is ignored
            self.tags.append(Tag(name, value, (), number))
        return close.end()

    def close(self) -> None:
        if self.tags:
            self.games.append(Game(tuple(self.tags), self.start))
            self.previous.update({tag.name.lower(): tag.value for tag in self.tags})
            self.tags = []


def _string(line: str, position: int, number: int) -> tuple[str, int]:
    """The quoted string starting at ``position``, with ``\\"`` and ``\\\\`` unescaped."""
    chars = []
    index = position + 1
    while index < len(line):
        char = line[index]
        if char == "\\" and index + 1 < len(line) and line[index + 1] in '"\\':
            chars.append(line[index + 1])
            index += 2
            continue
        if char == '"':
            return "".join(chars), index + 1
        chars.append(char)
        index += 1
    raise ScoringError(f"line {number}: a string is not closed: {_quoted(line)}")


def read_games(text: str) -> list[Game]:
    """The games of a PBN file's text (see the module's description)."""
    reader = _Reader()
    for number, line in enumerate(text.splitlines(), start=1):
        reader.feed(number, line)
    reader.close()
    return reader.games


def read_file_games(text: str, name: str) -> list[Game]:
    """:func:`read_games`, its errors naming the file."""
    try:
        return read_games(text)
    except ScoringError as exc:
        raise exc.at(name) from None


def decode(data: bytes, name: str = "the file") -> str:
    """A PBN file's text: UTF-8 (PBN 2.1), UTF-16 with its byte-order mark (saved as
    "Unicode" by Windows Notepad), else Windows-1252 (PBN 1.0's ISO 8859-1 and the
    Windows programs' superset of it: a name with é or £ reads the same in both).

    UTF-16 without a byte-order mark is refused naming the file (``name``) and the
    encoding, as is a file that is no text in any of them.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise ScoringError(
                f"{name} starts as UTF-16 text but is cut short or damaged: save it again as UTF-8"
            ) from None
    if b"\0" in data:
        raise ScoringError(
            f"{name} is not PBN text in UTF-8 or Windows-1252: it holds NUL bytes (UTF-16 "
            "without a byte-order mark, or not a text file?): save it as UTF-8"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:  # the five bytes Windows-1252 leaves undefined
        return data.decode("latin-1")


# --- writing ------------------------------------------------------------------------


_LINE_BREAK = re.compile(r"\r\n|[\r\n\v\f\x85\u2028\u2029]")


def line_breaks(text: str) -> int:
    """How many line breaks ``text`` holds (a cell typed with Alt+Enter holds one)."""
    return len(_LINE_BREAK.findall(text))


def one_line(text: str) -> str:
    """``text`` as PBN can carry it: each line break one space (PBN has none in a string)."""
    return _LINE_BREAK.sub(" ", text)


def quote(value: str) -> str:
    """``value`` as a PBN string: in double quotes, a quote inside escaped (``\\"``).

    A backslash is written as it is (tables' column formats, ``Rank\\2R``, are
    written so by every program), doubled only before a quote or at the end.
    """
    value = one_line(value)
    value = value.replace('\\"', '\\\\"').replace('"', '\\"')
    if value.endswith("\\") and not value.endswith('\\"'):
        value += "\\"
    return f'"{value}"'


def format_tag(name: str, value: str) -> str:
    """A tag pair: ``[Name "value"]``."""
    return f"[{name} {quote(value)}]"


def _needs_quotes(entry: str) -> bool:
    """True for an entry a PBN reader would not read back as one token unquoted."""
    return not entry or any(char.isspace() or char in '";{}[]' for char in entry)


def format_table(name: str, columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> list[str]:
    """A table's lines: its tag pair, then each row padded to the columns' widths.

    An entry that holds a space (or is empty, or holds a character PBN reads
    as a comment or a tag: ``; { [``) is written as a quoted string;
    ``-`` stands for a missing entry.
    """
    lines = [format_tag(name, ";".join(str(column) for column in columns))]
    for row in rows:
        cells = []
        for column, entry in zip(columns, row, strict=True):
            text = quote(entry) if _needs_quotes(entry) else entry
            width = column.width
            cells.append(text.rjust(width) if column.align == "R" else text.ljust(width))
        lines.append(" ".join(cells).rstrip())
    return lines


#: How PBN files write each vulnerability (PBN 2.1 section 3.4.10).
