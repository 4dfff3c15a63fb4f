"""A published event's PBN score tables read back, to rescore and audit."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from xlbridge.audit import EventInfo, Figure, Player, PublishedEvent, PublishedLine, PublishedPair
from xlbridge.contract import (
    Seat,
    board_vulnerability,
    parse_contract,
    score_contract,
)
from xlbridge.errors import InputFileError, ScoringError
from xlbridge.event import Event, Pair, Play, ScoringForm, Settings
from xlbridge.formats.pbn.syntax import decode, read_file_games
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
    games = read_file_games(text, name)
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
