"""A scored session as a PBN 2.1 results file (score tables, ranking, deals, double dummy)."""

from __future__ import annotations

import re
from fractions import Fraction

from xlbridge.contract import Seat
from xlbridge.event import Event, Play, ScoringForm, Settings
from xlbridge.formats import settings_words
from xlbridge.formats.pbn.deals import board_tags
from xlbridge.formats.pbn.syntax import Column, format_table, format_tag
from xlbridge.hands import (
    STRAINS,
    BoardHands,
    SessionHands,
)
from xlbridge.pair import PairLabel
from xlbridge.report import format_fixed
from xlbridge.result import format_result
from xlbridge.scored import BoardResult, EventResult

__all__ = [
    "format_results",
]


def format_results(result: EventResult, hands: SessionHands | None = None) -> str:
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

    What PBN has no tag for is written in supplemental tags (PBN 2.1, section
    4.9), which programs that do not know them skip: a fouled board's version
    (``XlbridgeVersion``, in its game), and in the first game the settings
    (``XlbridgeSettings``) and the adjustments (``XlbridgeAdjustmentTable``).
    """
    games = []
    for index, board in enumerate(result.boards):
        lines = _event_tags(result, board.board, hands)
        if board.version:
            lines.append(format_tag(VERSION_TAG, board.version))
        lines += _optimum(hands.get(board.board) if hands else None)
        lines += _score_table(result, board)
        if index == 0:
            lines += _total_score_table(result)
            lines += _xlbridge_tags(result.event)
        games.append("\n".join(lines))
    return HEADER + "\n\n".join(games) + "\n"


#: The file's first lines, as BridgeComposer's exported results begin (PBN 2.1 section 2:
#: the version, then ``% EXPORT`` for a file in export format, its character set and the
#: program that wrote it; xlbridge writes UTF-8).
HEADER = "% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=UTF-8\n% Creator: xlbridge\n"


_SCORING = {
    ScoringForm.MATCHPOINTS: "MatchPoints",
    ScoringForm.BUTLER: "IMP;Butler",
    ScoringForm.CROSS_IMPS: "IMP;Cross-IMPs",
}


#: The supplemental tags xlbridge writes for what PBN has no tag for.
VERSION_TAG = "XlbridgeVersion"
SETTINGS_TAG = "XlbridgeSettings"
ADJUSTMENT_TABLE = "XlbridgeAdjustmentTable"


def _event_tags(result: EventResult, number: int, hands: SessionHands | None) -> list[str]:
    board_hands = hands.get(number) if hands else None
    tags = board_tags(number, board_hands.deal if board_hands else None)
    day = result.event.facts.date
    return [
        format_tag("Event", result.event.name),
        format_tag("Site", result.event.facts.club),
        format_tag("Date", day.strftime("%Y.%m.%d") if day else "????.??.??"),
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
    """A figure as the results tables print it: whole numbers plain, others to two places."""
    return "-" if value is None else format_fixed(value, whole=True)


def _score_entry(play: Play) -> str:
    """The score cell without spaces (``60%-420;40%-450``), but where a fraction weight
    meets its score (``1/3 420``): kept, the entry is then quoted."""
    text = format_result(play.result)
    if not text:
        return "-"
    return text if _FRACTION_WEIGHT.search(text) else text.replace(" ", "")


_FRACTION_WEIGHT = re.compile(r"\d/\d+\s+[-+]?\d")


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
        played = play.played
        contract, declarer, _ = played.cells() if played else ("-", "-", "")
        tricks = played.tricks if played else None
        row = [
            _pair_id(play.ns),
            _pair_id(play.ew),
            contract,
            declarer or "-",
            "-" if tricks is None else str(tricks),
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


def _pair_id(label: PairLabel) -> str:
    """PBN's PairId of a pair: its number (NS 3 and EW 3 are both 3: their Direction says)."""
    return label.number if label.direction and not label.club else str(label)


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
            row.append(pair.field or pair.pair.label.direction)
        row.append(_figure(result.ranking_total(pair)))
        if matchpoints:
            row.append(_figure(pair.percentage))
        row += [str(len(pair.boards)), pair.pair.names]
        rows.append(tuple(row))
    return format_table("TotalScoreTable", columns, rows)


def _xlbridge_tags(event: Event) -> list[str]:
    """The settings and the adjustments, in supplemental tags of the first game."""
    lines = [format_tag(SETTINGS_TAG, settings_text(event.settings))]
    if event.adjustments:
        columns = (
            Column("Pair"),
            Column("Board"),
            Column("Amount"),
            Column("Unit"),
            Column("Reason"),
        )
        rows = [
            (
                str(adjustment.pair),
                "-" if adjustment.board is None else str(adjustment.board),
                str(adjustment.amount),
                str(adjustment.unit),
                adjustment.reason or "-",
            )
            for adjustment in event.adjustments
        ]
        lines += format_table(ADJUSTMENT_TABLE, columns, rows)
    return lines


def settings_text(settings: Settings) -> str:
    """The settings as ``name=word`` pairs, ``;`` between (read back by :func:`parse_settings`).

    >>> settings_text(Settings(scale=1))[:38]
    'form=matchpoints;scale=1;unequal=neube'
    """
    return ";".join(f"{name}={word}" for name, word in settings_words(settings).items())


def parse_settings(text: str) -> Settings:
    """The settings :func:`settings_text` wrote."""
    values = dict(part.partition("=")[::2] for part in text.split(";") if part)
    return Settings.parse(values)
