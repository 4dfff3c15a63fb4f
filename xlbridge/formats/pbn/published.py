"""A published event's PBN score tables read back, to rescore and audit."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from xlbridge.audit import EventInfo, Figure, PublishedEvent, PublishedLine, PublishedPair
from xlbridge.codes import Code
from xlbridge.contract import PlayedContract, board_vulnerability
from xlbridge.errors import InputFileError, ScoringError
from xlbridge.event import (
    Adjustment,
    AdjustmentUnit,
    Event,
    EventFacts,
    Pair,
    Play,
    Player,
    ScoringForm,
    Settings,
)
from xlbridge.exact import parse_date, quote
from xlbridge.formats import contract_disagreement, split_names
from xlbridge.formats.pbn.export import (
    ADJUSTMENT_TABLE,
    SETTINGS_TAG,
    VERSION_TAG,
    parse_settings,
)
from xlbridge.formats.pbn.syntax import Game, decode, read_file_games
from xlbridge.movement import PairNumbering, number_key
from xlbridge.pair import PairLabel
from xlbridge.places import FileLine, Place, Within
from xlbridge.result import parse_result

__all__ = [
    "PbnResults",
    "PublishedLineText",
    "PublishedPairText",
    "read_pbn",
    "read_results",
]


@dataclass(frozen=True)
class PublishedLineText:
    """One ScoreTable row's published figures, as printed (``'7.5'``; ``None``: not given)."""

    board: int
    ns: PairLabel
    ew: PairLabel
    ns_figure: str | None
    ew_figure: str | None
    source: Place | str


@dataclass(frozen=True)
class PublishedPairText:
    """One TotalScoreTable row as printed: rank, pair, direction, total, percentage, names.

    ``label`` is the pair as the event knows it (NS 3 and EW 3 apart when both
    are listed).
    """

    label: PairLabel
    direction: str
    names: str
    rank: str
    total: str | None
    percentage: str | None
    source: Place | str


@dataclass(frozen=True)
class PbnResults:
    """A PBN results file read: the event to rescore and the figures it published.

    ``settings`` are those xlbridge wrote it was scored with (``None`` for
    another program's file).
    """

    event: Event
    lines: tuple[PublishedLineText, ...]
    pairs: tuple[PublishedPairText, ...]
    program: str = ""
    settings: Settings | None = None
    #: where the file gives a figure twice and the two differ (:attr:`EventInfo.disagreements`)
    disagreements: tuple[str, ...] = ()


_MISSING = frozenset({"", "-", "?"})


def read_results(text: str, name: str = "") -> PbnResults:
    """The event and published figures of a PBN file with score tables.

    Each game's ScoreTable gives the board's traveller (PairId_NS, PairId_EW,
    Contract, Declarer, Result as tricks taken, Score_NS or Score_EW) and
    its published MP_NS/MP_EW or IMP_NS/IMP_EW; the TotalScoreTable gives the
    pairs (PairId, Direction, Names) and their published Rank,
    TotalScoreMP/TotalScoreIMP and TotalPercentage.  The Scoring tag chooses
    matchpoints, Butler or cross-IMPs; the Event and Date tags are the
    event's name and date.  The supplemental tags xlbridge writes (a fouled
    board's version, the settings, the adjustments) are read back.
    """
    games = read_file_games(text, name)
    prefix = f"{name} " if name else ""
    _refuse_other_events(games, prefix)
    listed: dict[tuple[PairLabel, str], PublishedPairText] = {}
    form: ScoringForm | None = None
    facts = EventFacts()
    settings: Settings | None = None
    adjustments: list[Adjustment] = []
    for game in games:
        if not facts.name:
            facts = _facts(game)
        form = form or _scoring_form(game.value("Scoring") or "")
        total = game.table("TotalScoreTable")
        if total is not None:
            for offset, record in enumerate(total.records(), start=1):
                pair = _published_pair(record, FileLine(name, total.line + offset))
                if pair is not None:
                    listed.setdefault((pair.label, pair.direction), pair)
        settings = settings or _settings(game, name)
        adjustments += _adjustments(game, name)
    numbering = _numbering(listed.values())
    pairs: dict[PairLabel, PublishedPairText] = {}
    for pair in listed.values():  # the first listing wins
        label = numbering.label(pair.label.number, pair.direction, pair.label.club)
        pairs.setdefault(label, replace(pair, label=label))
    plays: list[Play] = []
    lines: list[PublishedLineText] = []
    disagreements: list[str] = []
    for game in games:
        table = game.table("ScoreTable")
        board_tag = game.tag("Board")
        if table is None or board_tag is None:
            continue
        board = _board_number(board_tag.value, FileLine(name, board_tag.line))
        version = (game.value(VERSION_TAG) or "").strip()
        for offset, record in enumerate(table.records(), start=1):
            where = FileLine(name, table.line + offset)
            play, line = _traveller_line(board, record, numbering, version, where)
            said = _score_disagreement(board, record, play)
            if said:
                disagreements.append(said)
            if form is None and ("IMP_NS" in record or "IMP_EW" in record):
                form = ScoringForm.BUTLER
            plays.append(play)
            lines.append(line)
    if not plays:
        raise InputFileError(f"{name or 'the file'}: no ScoreTable found: not a results file")
    labels = sorted({label for play in plays for label in (play.ns, play.ew)}, key=_order)
    event_pairs = tuple(_pair(label, pairs.get(label)) for label in labels)
    form = form or ScoringForm.MATCHPOINTS
    if settings is not None and settings.form is not form:
        settings = None
    event = Event(
        event_pairs, tuple(plays), tuple(adjustments), settings or Settings(form=form), facts
    )
    return PbnResults(
        event,
        tuple(lines),
        tuple(pairs.values()),
        _program(text),
        settings,
        tuple(disagreements),
    )


def _board_number(text: str, where: FileLine) -> int:
    """A game's Board tag as a board number, a whole number from 1, as the hand records
    read it (a circled or superscript digit, ``①`` or ``²``, is no number); else refused
    naming the tag's line: its score table's results cannot be placed on a board."""
    number = text.strip()
    if not number.isdecimal() or int(number) < 1:
        raise ScoringError(f"{quote(text)} is not a board number", where)
    return int(number)


def _score_disagreement(board: int, record: dict[str, str], play: Play) -> str | None:
    """The words for a ScoreTable row whose Score_NS (or Score_EW) is not its own contract
    and result's score: the score column is scored, and the disagreement said."""
    ns_score, ew_score = record.get("Score_NS", "-"), record.get("Score_EW", "-")
    column = (
        f"Score_NS {ns_score}"
        if ns_score not in _MISSING
        else f"Score_EW {ew_score}"
        if ew_score not in _MISSING
        else ""
    )
    if not column:
        return None  # the score is the contract's: nothing to disagree
    where = Within(play.source, f"board {board}")
    return contract_disagreement(board, play.played, play.result, column, where)


#: PBN 2.1's Competition tag: the kinds of event that are not pairs, in words.
_COMPETITIONS = {
    "teams": "a teams event",
    "individuals": "an individual event",
    "individual": "an individual event",
    "cavendish": "a Cavendish event",
    "chicago": "a Chicago event",
    "rubber": "a rubber bridge event",
}
#: The tags of a teams match (PBN 2.1): a board is played in two rooms by two teams.
_TEAMS_TAGS = {"hometeam": "a teams match's team", "visitteam": "a teams match's team"}
_ROOMS = {"open", "closed"}


def _refuse_other_events(games: Iterable[Game], prefix: str) -> None:
    """Refuse a file of an event that is not pairs: PBN 2.1's Competition tag says so
    (``Teams``, ``Individuals``), or its games carry a teams match's tags (``HomeTeam``,
    ``VisitTeam``, ``Room "Open"``).  Scored as Butler pairs, a teams match's IMPs
    would be audited against a datum they were never scored against."""
    for game in games:
        for tag in game.tags:
            key, value = tag.name.lower(), tag.value.strip()
            if key == "competition":
                kind = _COMPETITIONS.get(value.lower())
            elif key in _TEAMS_TAGS and value:
                kind = _TEAMS_TAGS[key]
            elif key == "room" and value.lower() in _ROOMS:
                kind = "a teams match's room"
            else:
                continue
            if kind is None:
                continue
            shown = value.replace('"', '\\"')
            raise InputFileError(
                f'{prefix}line {tag.line}: [{tag.name} "{shown}"]: {kind}, not a pairs '
                "event: xlbridge imports pairs events (matchpoints, Butler or cross-IMPs)"
                + (
                    "; score a teams event in a teams workbook (xlbridge new --teams)"
                    if "teams" in kind
                    else ""
                )
            )


def _order(label: PairLabel) -> tuple[object, ...]:
    return label.sort_key


def _pair(label: PairLabel, listed: PublishedPairText | None) -> Pair:
    if listed is None:
        return Pair(label)
    return Pair(label, listed.names, listed.source, _players(listed.names))


def _facts(game: Game) -> EventFacts:
    """The event's name, date and site from a game's Event, Date and Site tags."""
    day = None
    with contextlib.suppress(ValueError):  # "????.??.??" and the like: no date
        day = parse_date((game.value("Date") or "").strip())
    return EventFacts(
        name=(game.value("Event") or "").strip(),
        date=day,
        club=(game.value("Site") or "").strip(),
    )


def _settings(game: Game, name: str) -> Settings | None:
    text = game.value(SETTINGS_TAG)
    if not text:
        return None
    try:
        return parse_settings(text)
    except (ScoringError, KeyError) as exc:
        where = FileLine(name, game.line)
        raise ScoringError(f"{SETTINGS_TAG} is not valid: {exc}", where) from None


def _adjustments(game: Game, name: str) -> list[Adjustment]:
    table = game.table(ADJUSTMENT_TABLE)
    if table is None:
        return []
    found = []
    for offset, record in enumerate(table.records(), start=1):
        where = FileLine(name, table.line + offset)
        board = record.get("Board", "-")
        try:
            found.append(
                Adjustment(
                    PairLabel.parse(record.get("Pair")),
                    Fraction(record.get("Amount", "")),
                    AdjustmentUnit.parse(record.get("Unit", "MP")),
                    None if board in _MISSING else int(board),
                    "" if record.get("Reason", "-") in _MISSING else record["Reason"],
                    where,
                )
            )
        except (ScoringError, ValueError, ZeroDivisionError) as exc:
            raise ScoringError(f"an adjustment is not valid: {exc}", where) from None
    return found


def _numbering(pairs: Iterable[PublishedPairText]) -> PairNumbering:
    """How the TotalScoreTable numbers the pairs: NS 1 and EW 1 apart when both are listed."""
    seen: dict[str, set[str]] = {}
    for pair in pairs:
        seen.setdefault(number_key(pair.label), set()).add(pair.direction)
    return PairNumbering({key: frozenset(value) for key, value in seen.items()})


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


def _published_pair(record: dict[str, str], where: FileLine) -> PublishedPairText | None:
    text = record.get("PairId", "").strip()
    if text in _MISSING:
        return None
    try:
        typed = PairLabel.parse(text)
    except ScoringError as exc:
        raise exc.at(where) from None
    direction = record.get("Direction", "").upper().replace("-", "")
    total = record.get("TotalScoreMP", record.get("TotalScoreIMP", record.get("TotalScore", "")))
    percentage = record.get("TotalPercentage", "")
    return PublishedPairText(
        typed,
        typed.direction or (direction if direction in ("NS", "EW") else ""),
        "" if record.get("Names", "") in _MISSING else record.get("Names", ""),
        record.get("Rank", ""),
        None if total in _MISSING else total,
        None if percentage in _MISSING else percentage,
        where,
    )


def _traveller_line(
    board: int, record: dict[str, str], numbering: PairNumbering, version: str, where: FileLine
) -> tuple[Play, PublishedLineText]:
    texts = record.get("PairId_NS", ""), record.get("PairId_EW", "")
    if texts[0] in _MISSING or texts[1] in _MISSING:
        raise ScoringError("a ScoreTable row without PairId_NS and PairId_EW", where)
    try:
        ns = numbering.at(PairLabel.parse(texts[0]), "NS")
        ew = numbering.at(PairLabel.parse(texts[1]), "EW")
    except ScoringError as exc:
        raise exc.at(where) from None
    contract = record.get("Contract", "")
    declarer = record.get("Declarer", "")
    tricks = record.get("Result", "")
    try:
        played = PlayedContract.from_tricks(
            "" if contract in _MISSING else contract, declarer, tricks
        )
    except ScoringError:
        played = None  # the contract is for people; the score comes from the score columns
    try:
        row = parse_result(_score_text(record, board, played))
    except ScoringError as exc:
        raise exc.at(f"board {board}").at(where) from None
    play = Play(board, ns, ew, row, where, version, played)
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


def _score_text(record: dict[str, str], board: int, played: PlayedContract | None) -> str:
    """The NS score cell: Score_NS, else minus Score_EW, else the contract's score."""
    ns_score, ew_score = record.get("Score_NS", "-"), record.get("Score_EW", "-")
    if ns_score not in _MISSING:
        return ns_score.replace(";", "; ").replace("%", "% ")
    if ew_score not in _MISSING:
        return ew_score[1:] if ew_score.startswith("-") else f"-{ew_score}"
    if played is not None:
        return str(played.score(board_vulnerability(board)))
    return str(Code.NOT_PLAYED)


#: The largest PBN results file read: a 200-table field's 100 boards are a few megabytes.
MAX_PBN_BYTES = 50 * 1024 * 1024


def read_pbn(path: str | os.PathLike[str]) -> PublishedEvent:
    """The event and published figures of the PBN results file at ``path`` (``xlbridge import``).

    :func:`read_results` read into the format-neutral
    :class:`~xlbridge.audit.PublishedEvent`, whose figures
    :func:`xlbridge.audit.audit` checks at their printed precision.
    """
    source = Path(path)
    try:
        size = source.stat().st_size
        if size > MAX_PBN_BYTES:
            raise InputFileError(
                f"{source.name} is larger than any club's results file ({size:,} bytes; "
                f"at most {MAX_PBN_BYTES // 1024 // 1024} MB): not read"
            )
        data = source.read_bytes()
    except OSError as exc:
        reason = exc.strerror or "cannot be read"
        raise InputFileError(f"{os.fspath(path)}: {reason}") from None
    results = read_results(decode(data, source.name), source.name)
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
    pairs = tuple(
        PublishedPair(
            pair.label,
            pair.direction,
            _published_figure(pair.total),
            _published_figure(pair.percentage),
            pair.rank,
            source=pair.source,
        )
        for pair in results.pairs
    )
    info = EventInfo(
        program=results.program,
        file_format="PBN",
        settings=results.settings,
        disagreements=results.disagreements,
    )
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
    return tuple(Player(name) for name in split_names(names))
