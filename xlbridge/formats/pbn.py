"""PBN 2.1 (Portable Bridge Notation) files: games of tag pairs, sections and tables.

A PBN file is a sequence of *games* separated by empty lines.  A game is a
set of tag pairs (``[Board "5"]``); some tags are followed by a *section*
of data lines: the auction, the play, or a *table*, whose tag value names
its columns (``"Rank\\2R;PairId\\2R;Names\\40L"``: column name, then after a
backslash the width and ``R`` or ``L`` for right or left alignment), with
one row per line, entries separated by spaces and an entry holding spaces
written as a quoted string.  A tag value of ``#`` repeats the value the tag
had in the previous game.  Lines starting with ``%`` are directives, ``;``
starts a comment to the end of the line and ``{...}`` a comment that may
span lines (PBN 2.1, sections 2, 3 and 5).

:func:`read_games` reads the games (pure Python, nothing but the standard
library); :func:`read_hand_records` reads the deals of a hand-record file
for ``xlbridge score --hands``; :func:`format_tag` and :func:`format_table`
write tags and tables as the standard spells them.

>>> games = read_games('[Board "1"]\\n[Deal "N:... ... ... ..."]\\n\\n[Board "2"]\\n[Deal "#"]\\n')
>>> [(g.value("Board"), g.value("Deal")) for g in games]
[('1', 'N:... ... ... ...'), ('2', 'N:... ... ... ...')]
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from xlbridge.audit import EventInfo, Figure, Player, PublishedEvent, PublishedLine, PublishedPair
from xlbridge.contract import (
    Seat,
    Strain,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    parse_contract,
    parse_tricks_result,
    score_contract,
)
from xlbridge.errors import DealError, InputFileError, ScoringError
from xlbridge.event import Event, Pair, Play, ScoringForm, Settings
from xlbridge.hands import (
    SEATS,
    STRAINS,
    BoardHands,
    BoardRecord,
    DDTable,
    Deal,
    HandRecords,
    SessionHands,
    format_deal,
    parse_deal,
)
from xlbridge.result import format_result, parse_result
from xlbridge.session import BoardResult, EventResult

__all__ = [
    "Column",
    "Game",
    "PbnResults",
    "PublishedLineText",
    "PublishedPairText",
    "Table",
    "Tag",
    "board_tags",
    "decode",
    "format_hand_record",
    "format_results",
    "format_table",
    "format_tag",
    "parse_columns",
    "quote",
    "read_games",
    "read_hand_records",
    "read_pbn",
    "read_results",
]


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
            raise ScoringError(f"{part!r} is not a PBN table column (expected e.g. Rank\\2R)")
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
            raise ScoringError(
                f'line {number}: {shown!r} is not PBN (expected a tag such as [Board "1"])'
            )
        last = self.tags[-1]
        self.tags[-1] = Tag(last.name, last.value, (*last.rows, tuple(entries)), last.line)

    def _tag(self, number: int, line: str, position: int) -> int:
        match = _TAG_START.match(line, position)
        if match is None or match.end() >= len(line) or line[match.end()] != '"':
            raise ScoringError(f"line {number}: {line.strip()!r} is not a PBN tag pair")
        value, end = _string(line, match.end(), number)
        close = _TAG_END.match(line, end)
        if close is None:
            raise ScoringError(f"line {number}: {line.strip()!r} is not a PBN tag pair (no ']')")
        name = match.group(1)
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
    raise ScoringError(f"line {number}: a string is not closed: {line.strip()!r}")


def read_games(text: str) -> list[Game]:
    """The games of a PBN file's text (see the module's description)."""
    reader = _Reader()
    for number, line in enumerate(text.splitlines(), start=1):
        reader.feed(number, line)
    reader.close()
    return reader.games


def _games(text: str, name: str) -> list[Game]:
    """:func:`read_games`, its errors naming the file."""
    try:
        return read_games(text)
    except ScoringError as exc:
        raise ScoringError(f"{name}: {exc}" if name else str(exc)) from None


def decode(data: bytes) -> str:
    """A PBN file's text: UTF-8 (PBN 2.1), else ISO 8859-1 (PBN 1.0 and older programs)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# --- hand records -------------------------------------------------------------------


def read_hand_records(text: str, name: str = "") -> HandRecords:
    """The deals of a PBN hand-record file (``name`` is how messages call it).

    Every game with a ``Board`` and a ``Deal`` gives a board.  A deal that is
    not 52 distinct cards, or a board dealt twice with different cards, is
    an error naming the board and line; a Dealer or Vulnerable tag that
    contradicts the board number is a warning.
    """
    boards: dict[int, BoardRecord] = {}
    warnings: list[str] = []
    problems: list[str] = []
    for game in _games(text, name):
        deal_tag = game.tag("Deal")
        line = deal_tag.line if deal_tag is not None else game.line
        where = f"{name} line {line}" if name else f"line {line}"
        try:
            record = _board_record(game, where, warnings)
        except ScoringError as exc:
            problems.append(f"{where}: {exc}")
            continue
        if record is None:
            continue
        known = boards.get(record.board)
        if known is None:
            boards[record.board] = record
        elif known.deal != record.deal:
            problems.append(
                f"{where}: board {record.board} is dealt differently from {known.source}"
            )
    if problems:
        raise DealError("\n".join(problems))
    if not boards:
        raise InputFileError(f"{name or 'the file'}: no deals found (no [Board] with a [Deal])")
    return HandRecords(boards, tuple(warnings), name)


def _board_record(game: Game, where: str, warnings: list[str]) -> BoardRecord | None:
    board_text, deal_text = game.value("Board"), game.value("Deal")
    if not board_text or not deal_text:
        return None
    if not board_text.strip().isdigit() or int(board_text) < 1:
        raise ScoringError(f"{board_text!r} is not a board number")
    board = int(board_text)
    try:
        deal = parse_deal(deal_text)
    except DealError as exc:
        raise DealError(f"board {board}: {exc}") from None
    dealer, vulnerability = board_dealer(board), board_vulnerability(board)
    _check_rotation(game, board, dealer, vulnerability, where, warnings)
    dd = _dd_table(game, board, where, warnings)
    par_score = _optimum_score(game.value("OptimumScore"))
    return BoardRecord(board, deal, dealer, vulnerability, dd, par_score, where)


def _check_rotation(
    game: Game,
    board: int,
    dealer: Seat,
    vulnerability: Vulnerability,
    where: str,
    warnings: list[str],
) -> None:
    said_dealer, said_vul = game.value("Dealer"), game.value("Vulnerable")
    marked = []
    if said_dealer and said_dealer.strip() not in ("", "?"):
        try:
            if Seat.parse(said_dealer) != dealer:
                marked.append(f"dealer {said_dealer}")
        except ValueError:
            marked.append(f"dealer {said_dealer!r}")
    if said_vul and said_vul.strip() not in ("", "?"):
        try:
            if Vulnerability.parse(said_vul) != vulnerability:
                marked.append(f"vulnerable {said_vul}")
        except ValueError:
            marked.append(f"vulnerable {said_vul!r}")
    if marked:
        warnings.append(
            f"{where}: board {board} is marked {' and '.join(marked)}, but board {board} "
            f"is dealt by {dealer.value} with {_vul_words(vulnerability)}; "
            "it is scored by its number"
        )


def _vul_words(vulnerability: Vulnerability) -> str:
    return {
        Vulnerability.NONE: "nobody vulnerable",
        Vulnerability.NS: "NS vulnerable",
        Vulnerability.EW: "EW vulnerable",
        Vulnerability.BOTH: "both sides vulnerable",
    }[vulnerability]


_STRAIN_NAMES = {"NT": Strain.NT, "N": Strain.NT, "S": Strain.S, "H": Strain.H}
_STRAIN_NAMES |= {"D": Strain.D, "C": Strain.C}


def _dd_table(game: Game, board: int, where: str, warnings: list[str]) -> DDTable | None:
    """The double-dummy table the file gives: OptimumResultTable, else DoubleDummyTricks."""
    table = game.table("OptimumResultTable")
    if table is not None:
        found: dict[tuple[Seat, Strain], int] = {}
        for record in table.records():
            try:
                seat = Seat.parse(record.get("Declarer", ""))
                strain = _STRAIN_NAMES[record.get("Denomination", "").upper()]
                tricks = int(record.get("Result", ""))
            except (ValueError, KeyError):
                warnings.append(f"{where}: board {board}: OptimumResultTable row {record} not read")
                return None
            found[(seat, strain)] = tricks
        if len(found) == 20:
            return _table_of(found, where, board, warnings)
        warnings.append(
            f"{where}: board {board}: OptimumResultTable has {len(found)} of 20 entries; not used"
        )
    tricks_text = game.value("DoubleDummyTricks")
    if tricks_text and re.fullmatch(r"[0-9a-dA-D]{20}", tricks_text.strip()):
        digits = [int(char, 16) for char in tricks_text.strip()]
        found = {}
        for block, seat in enumerate((Seat.N, Seat.S, Seat.E, Seat.W)):  # PBN's order N S E W
            for offset, strain in enumerate(STRAINS):
                found[(seat, strain)] = digits[5 * block + offset]
        return _table_of(found, where, board, warnings)
    return None


def _table_of(
    found: dict[tuple[Seat, Strain], int], where: str, board: int, warnings: list[str]
) -> DDTable | None:
    try:
        return DDTable(tuple(tuple(found[(seat, strain)] for strain in STRAINS) for seat in SEATS))
    except DealError:
        warnings.append(f"{where}: board {board}: the double-dummy table has tricks outside 0-13")
        return None


def _optimum_score(text: str | None) -> int | None:
    """NS's par score from an OptimumScore value (``'NS 110'``, ``'NS -100'``, ``'EW +620'``)."""
    match = re.fullmatch(r"\s*(NS|EW)\s*([+-]?\d+)\s*", text or "", re.IGNORECASE)
    if match is None:
        return None
    score = int(match.group(2))
    return score if match.group(1).upper() == "NS" else -score


# --- writing ------------------------------------------------------------------------


def quote(value: str) -> str:
    """``value`` as a PBN string: in double quotes, a quote inside escaped (``\\"``).

    A backslash is written as it is (tables' column formats, ``Rank\\2R``, are
    written so by every program), doubled only before a quote or at the end.
    """
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
PBN_VULNERABLE = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "All",
}


def board_tags(board: int, deal: Deal | None) -> list[str]:
    """The Board, Dealer, Vulnerable and Deal tags of ``board`` (the deal from the dealer)."""
    dealer = board_dealer(board)
    lines = [
        format_tag("Board", str(board)),
        format_tag("Dealer", dealer.value),
        format_tag("Vulnerable", PBN_VULNERABLE[board_vulnerability(board)]),
    ]
    if deal is not None:
        lines.append(format_tag("Deal", format_deal(deal, dealer)))
    return lines


def format_hand_record(boards: Iterable[tuple[int, Deal]], event: str = "", date: str = "") -> str:
    """A hand-record file: one game per board with its deal, as dealing programs write them."""
    games = []
    for number, deal in boards:
        lines = [format_tag("Event", event), format_tag("Site", ""), format_tag("Date", date)]
        lines += board_tags(number, deal)[:1]
        lines += [format_tag(seat, "") for seat in ("West", "North", "East", "South")]
        lines += board_tags(number, deal)[1:]
        games.append("\n".join(lines))
    return "% PBN 2.1\n" + "\n\n".join(games) + "\n"


# --- results out: a scored session as PBN 2.1 (score tables, deals, double dummy) ---------


def format_results(result: EventResult, hands: SessionHands | None = None, date: str = "") -> str:
    """A scored session as a PBN 2.1 results file, one game per board (per fouled version).

    Each game has the event tags, the board's Dealer and Vulnerable (and its
    Deal, OptimumScore and OptimumResultTable when ``hands`` has them) and a
    ScoreTable of the board's traveller: PairId_NS, PairId_EW, Contract,
    Declarer, Result (tricks taken), Score_NS, then MP_NS, MP_EW,
    Percentage_NS, Percentage_EW (matchpoints) or IMP_NS, IMP_EW (Butler,
    cross-IMPs).  The first game also has the TotalScoreTable: Rank (``3=``
    for a tie), PairId, Direction, TotalScoreMP and TotalPercentage (or
    TotalScoreIMP), NrBoards and Names.  Figures are exact where whole and
    to two decimals otherwise; a score that is not a plain number
    (weighted, split, artificial) is written as its cell text without spaces.
    """
    games = []
    for index, board in enumerate(result.boards):
        lines = _event_tags(result, board.board, hands, date)
        lines += _optimum(hands.get(board.board) if hands else None)
        lines += _score_table(result, board)
        if index == 0:
            lines += _total_score_table(result)
        games.append("\n".join(lines))
    return "% PBN 2.1\n% Creator: xlbridge\n" + "\n\n".join(games) + "\n"


_SCORING = {
    ScoringForm.MATCHPOINTS: "MatchPoints",
    ScoringForm.BUTLER: "IMP;Butler",
    ScoringForm.CROSS_IMPS: "IMP;Cross-IMPs",
}


def _event_tags(
    result: EventResult, number: int, hands: SessionHands | None, date: str
) -> list[str]:
    board_hands = hands.get(number) if hands else None
    tags = board_tags(number, board_hands.deal if board_hands else None)
    return [
        format_tag("Event", result.event.name),
        format_tag("Site", ""),
        format_tag("Date", date or "????.??.??"),
        tags[0],
        *(format_tag(seat, "") for seat in ("West", "North", "East", "South")),
        *tags[1:],
        format_tag("Scoring", _SCORING[result.event.settings.form]),
        format_tag("Declarer", ""),
        format_tag("Contract", ""),
        format_tag("Result", ""),
        format_tag("Competition", "Pairs"),
    ]


def _optimum(board: BoardHands | None) -> list[str]:
    if board is None or board.dd is None or board.par is None:
        return []
    score = board.par.score
    lines = [format_tag("OptimumScore", f"NS {score}" if score >= 0 else f"EW {-score}")]
    columns = (Column("Declarer"), Column("Denomination", 2, "R"), Column("Result", 2, "R"))
    rows = [
        (seat.value, strain.value, str(board.dd.tricks_for(seat, strain)))
        for seat in (Seat.N, Seat.S, Seat.E, Seat.W)
        for strain in STRAINS
    ]
    return lines + format_table("OptimumResultTable", columns, rows)


def _figure(value: Fraction | None) -> str:
    if value is None:
        return "-"
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}"
    return "0.00" if text == "-0.00" else text


def _tricks(contract_text: str, relative: str) -> str:
    """Tricks taken (PBN's Result) from the contract and the result relative to it."""
    try:
        contract = parse_contract(contract_text)
    except ScoringError:
        return "-"
    if contract is None:
        return "-"
    try:
        return str(contract.level + 6 + parse_tricks_result(relative, contract))
    except ScoringError:
        return "-"


def _score_entry(play: Play) -> str:
    text = format_result(play.result)
    return text.replace(" ", "") if text else "-"


def _score_table(result: EventResult, board: BoardResult) -> list[str]:
    matchpoints = result.top is not None
    units = ("MP_NS", "MP_EW") if matchpoints else ("IMP_NS", "IMP_EW")
    columns = [
        Column("PairId_NS", 2, "R"),
        Column("PairId_EW", 2, "R"),
        Column("Contract", 5, "L"),
        Column("Declarer", 1, "R"),
        Column("Result", 2, "R"),
        Column("Score_NS", 6, "R"),
        Column(units[0], 6, "R"),
        Column(units[1], 6, "R"),
    ]
    if matchpoints:
        columns += [Column("Percentage_NS", 6, "R"), Column("Percentage_EW", 6, "R")]
    rows = []
    for scored in board.plays:
        play = scored.play
        contract = "Pass" if play.contract.strip().lower() in ("pass", "p") else play.contract
        row = [
            _pair_id(play.ns),
            _pair_id(play.ew),
            contract or "-",
            play.declarer or "-",
            _tricks(play.contract, play.tricks) if play.contract else "-",
            _score_entry(play),
            _figure(scored.ns_score),
            _figure(scored.ew_score),
        ]
        if matchpoints and result.top:
            top = Fraction(result.top)
            row += [
                _figure(None if s is None else 100 * s / top)
                for s in (scored.ns_score, scored.ew_score)
            ]
        rows.append(tuple(row))
    return format_table("ScoreTable", columns, rows)


def _pair_id(label: str) -> str:
    """PBN's PairId of a pair: its number (a Mitchell numbered by direction labels ``NS 3``)."""
    direction, _, number = label.partition(" ")
    return number if direction in ("NS", "EW") and number else label


def _total_score_table(result: EventResult) -> list[str]:
    matchpoints = result.top is not None
    by_direction = result.fields != ("",)
    columns = [Column("Rank", 3, "R"), Column("PairId", 2, "R")]
    if by_direction:
        columns.append(Column("Direction", 2, "L"))
    if matchpoints:
        columns += [Column("TotalScoreMP", 7, "R"), Column("TotalPercentage", 6, "R")]
    else:
        columns.append(Column("TotalScoreIMP", 7, "R"))
    columns += [Column("NrBoards", 2, "R"), Column("Names", 30, "L")]
    rows = []
    for pair in result.pairs:
        if not pair.rank:
            continue
        row = [pair.rank, _pair_id(pair.pair.label)]
        if by_direction:
            row.append(pair.field or pair.pair.label.partition(" ")[0])
        row.append(_figure(pair.total))
        if matchpoints:
            row.append(_figure(pair.percentage))
        row += [str(len(pair.boards)), pair.pair.names]
        rows.append(tuple(row))
    return format_table("TotalScoreTable", columns, rows)


# --- results in: a published event's score tables -----------------------------------------


@dataclass(frozen=True)
class PublishedLineText:
    """One ScoreTable row's published figures, as printed (``'7.5'``; ``None``: not given)."""

    board: int
    ns: str
    ew: str
    ns_figure: str | None
    ew_figure: str | None
    source: str


@dataclass(frozen=True)
class PublishedPairText:
    """One TotalScoreTable row as printed: rank, pair, direction, total, percentage, names."""

    label: str
    direction: str
    names: str
    rank: str
    total: str | None
    percentage: str | None
    source: str


@dataclass(frozen=True)
class PbnResults:
    """A PBN results file read: the event to rescore and the figures it published."""

    event: Event
    lines: tuple[PublishedLineText, ...]
    pairs: tuple[PublishedPairText, ...]
    program: str = ""


_MISSING = frozenset({"", "-", "?"})


def read_results(text: str, name: str = "") -> PbnResults:
    """The event and published figures of a PBN file with score tables.

    Each game's ScoreTable gives the board's traveller (PairId_NS, PairId_EW,
    Contract, Declarer, Result as tricks taken, Score_NS or Score_EW) and
    its published MP_NS/MP_EW or IMP_NS/IMP_EW; the TotalScoreTable gives the
    pairs (PairId, Direction, Names) and their published Rank,
    TotalScoreMP/TotalScoreIMP and TotalPercentage.  The Scoring tag chooses
    matchpoints, Butler or cross-IMPs.
    """
    games = _games(text, name)
    prefix = f"{name} " if name else ""
    plays: list[Play] = []
    lines: list[PublishedLineText] = []
    listed: dict[tuple[str, str], PublishedPairText] = {}
    form: ScoringForm | None = None
    event_name = ""
    for game in games:
        event_name = event_name or (game.value("Event") or "").strip()
        form = form or _scoring_form(game.value("Scoring") or "")
        total = game.table("TotalScoreTable")
        if total is not None:
            for offset, record in enumerate(total.records(), start=1):
                pair = _published_pair(record, f"{prefix}line {total.line + offset}")
                if pair is not None:
                    listed.setdefault((pair.label, pair.direction), pair)
    by_direction = _numbered_by_direction(listed.values())
    if by_direction:  # Mitchell numbering: NS 1..n and EW 1..n are pairs "NS 3", "EW 3"
        named = [replace(p, label=f"{p.direction} {p.label}") for p in listed.values()]
    else:
        named = list(listed.values())
    pairs = {pair.label: pair for pair in reversed(named)}  # the first listing wins
    for game in games:
        table = game.table("ScoreTable")
        board_text = (game.value("Board") or "").strip()
        if table is None or not board_text.isdigit():
            continue
        board = int(board_text)
        for offset, record in enumerate(table.records(), start=1):
            where = f"{prefix}line {table.line + offset}"
            if by_direction:
                record = {**record, "PairId_NS": f"NS {record.get('PairId_NS', '')}",
                          "PairId_EW": f"EW {record.get('PairId_EW', '')}"}  # fmt: skip
            play, line = _traveller_line(board, record, where)
            if form is None and ("IMP_NS" in record or "IMP_EW" in record):
                form = ScoringForm.BUTLER
            plays.append(play)
            lines.append(line)
    if not plays:
        raise InputFileError(f"{name or 'the file'}: no ScoreTable found: not a results file")
    labels = sorted({label for play in plays for label in (play.ns, play.ew)}, key=_pair_order)
    blank = PublishedPairText("", "", "", "", None, None, "")
    event_pairs = tuple(
        Pair(label, pairs.get(label, blank).names, pairs.get(label, blank).source)
        for label in labels
    )
    settings = Settings(form=form or ScoringForm.MATCHPOINTS)
    event = Event(event_pairs, tuple(plays), (), settings, event_name)
    return PbnResults(event, tuple(lines), tuple(pairs.values()), _program(text))


def _numbered_by_direction(pairs: Iterable[PublishedPairText]) -> bool:
    """True when a PairId is used by an NS pair and an EW pair (Mitchell numbering)."""
    seen: dict[str, set[str]] = {}
    for pair in pairs:
        seen.setdefault(pair.label, set()).add(pair.direction)
    return any({"NS", "EW"} <= directions for directions in seen.values())


def _pair_order(label: str) -> tuple[int, int, str]:
    direction, _, number = label.rpartition(" ")
    side = {"NS": 0, "EW": 1}.get(direction, 0)
    return (side, int(number), "") if number.isdigit() else (side, 1 << 30, label)


def _program(text: str) -> str:
    match = re.search(r"^%\s*Creator:\s*(.+?)\s*$", text, re.MULTILINE)
    return match.group(1) if match else ""


def _scoring_form(text: str) -> ScoringForm | None:
    words = text.lower()
    if not words:
        return None
    if "cross" in words:
        return ScoringForm.CROSS_IMPS
    if "butler" in words or "imp" in words:
        return ScoringForm.BUTLER
    if "mp" in words or "matchpoint" in words:
        return ScoringForm.MATCHPOINTS
    return None


def _published_pair(record: dict[str, str], where: str) -> PublishedPairText | None:
    label = record.get("PairId", "").strip()
    if label in _MISSING:
        return None
    direction = record.get("Direction", "").upper().replace("-", "")
    total = record.get("TotalScoreMP", record.get("TotalScoreIMP", record.get("TotalScore", "")))
    percentage = record.get("TotalPercentage", "")
    return PublishedPairText(
        label,
        direction if direction in ("NS", "EW") else "",
        "" if record.get("Names", "") in _MISSING else record.get("Names", ""),
        record.get("Rank", ""),
        None if total in _MISSING else total,
        None if percentage in _MISSING else percentage,
        where,
    )


def _traveller_line(
    board: int, record: dict[str, str], where: str
) -> tuple[Play, PublishedLineText]:
    ns, ew = record.get("PairId_NS", ""), record.get("PairId_EW", "")
    if ns in _MISSING or ew in _MISSING:
        raise ScoringError(f"{where}: a ScoreTable row without PairId_NS and PairId_EW")
    contract = record.get("Contract", "")
    declarer = record.get("Declarer", "")
    tricks = record.get("Result", "")
    relative = _relative(contract, tricks)
    try:
        row = parse_result(_score_text(record, board, contract, declarer, relative))
    except ScoringError as exc:
        raise ScoringError(f"{where}: board {board}: {exc}") from None
    play = Play(
        board,
        ns,
        ew,
        row,
        where,
        contract="" if contract in _MISSING else contract,
        declarer="" if declarer in _MISSING else declarer,
        tricks="" if relative is None else ("=" if relative == 0 else f"{relative:+d}"),
    )
    figures = [
        record.get(key, record.get(alternative))
        for key, alternative in (("MP_NS", "IMP_NS"), ("MP_EW", "IMP_EW"))
    ]
    line = PublishedLineText(
        board,
        ns,
        ew,
        None if figures[0] in _MISSING else figures[0],
        None if figures[1] in _MISSING else figures[1],
        where,
    )
    return play, line


def _relative(contract: str, tricks: str) -> int | None:
    if contract in _MISSING or not tricks.strip().isdigit():
        return None
    try:
        parsed = parse_contract(contract)
    except ScoringError:
        return None
    return None if parsed is None else int(tricks) - parsed.level - 6


def _score_text(
    record: dict[str, str], board: int, contract: str, declarer: str, relative: int | None
) -> str:
    """The NS score cell: Score_NS, else minus Score_EW, else the contract's score."""
    ns_score, ew_score = record.get("Score_NS", "-"), record.get("Score_EW", "-")
    if ns_score not in _MISSING:
        return ns_score.replace(";", "; ").replace("%", "% ")
    if ew_score not in _MISSING:
        return ew_score[1:] if ew_score.startswith("-") else f"-{ew_score}"
    if contract.strip().lower() in ("pass", "p", "ap"):
        return "0"
    if relative is not None and declarer not in _MISSING:
        parsed = parse_contract(contract)
        seat = Seat.parse(declarer)
        return str(score_contract(parsed, seat, relative, board_vulnerability(board)))
    return "NP"


def read_pbn(path: str | os.PathLike[str]) -> PublishedEvent:
    """The event and published figures of the PBN results file at ``path`` (``xlbridge import``).

    :func:`read_results` read into the format-neutral
    :class:`~xlbridge.audit.PublishedEvent`, whose figures
    :func:`xlbridge.audit.audit` checks at their printed precision.
    """
    source = Path(path)
    try:
        data = source.read_bytes()
    except OSError as exc:
        reason = exc.strerror or "cannot be read"
        raise InputFileError(f"{os.fspath(path)!r}: {reason}") from None
    results = read_results(decode(data), source.name)
    lines = tuple(
        PublishedLine(
            line.board,
            line.ns,
            line.ew,
            _published_figure(line.ns_figure),
            _published_figure(line.ew_figure),
            line.source,
        )
        for line in results.lines
    )
    players = {pair.label: _players(pair.names) for pair in results.pairs}
    pairs = tuple(
        PublishedPair(
            pair.label,
            pair.direction,
            _published_figure(pair.total),
            _published_figure(pair.percentage),
            pair.rank,
            players=players[pair.label],
            source=pair.source,
        )
        for pair in results.pairs
    )
    info = EventInfo(players=players, program=results.program, file_format="PBN")
    return PublishedEvent(results.event, lines, pairs, info=info)


def _published_figure(text: str | None) -> Figure | None:
    if text is None:
        return None
    try:
        return Figure.parse(text)
    except (ValueError, ZeroDivisionError):
        return None


def _players(names: str) -> tuple[Player, ...]:
    """The players of a Names entry: ``'Ann Lee & Bob Ray'`` or ``'LEE ANN - RAY BOB'``."""
    return tuple(Player(name.strip()) for name in re.split(r" & | - |/", names) if name.strip())
