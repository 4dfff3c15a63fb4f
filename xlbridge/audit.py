"""A published result checked against xlbridge's own scoring: a TD's audit.

A results file written by another scoring program (USEBIO, PBN with score
tables) holds the event (pairs, travellers) *and* the figures that program
published for it: each traveller line's matchpoints or IMPs, each pair's
total, percentage and place.  :class:`PublishedEvent` holds both, whatever
the file's format; :func:`audit` rescores the event and lists every
published figure that differs from xlbridge's, with both figures;
:func:`choose_convention` tries the conventions scoring programs use and
keeps the one that reproduces the most published figures.

A published figure is compared at its own precision: ``53.89`` is checked
against xlbridge's exact percentage rounded half away from zero to two
decimals, ``7`` against its matchpoints rounded to whole numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from xlbridge.errors import ScoringError
from xlbridge.event import Event, Play, Player, Settings
from xlbridge.exact import decimal_text, plural, round_half_away
from xlbridge.pair import PairLabel
from xlbridge.places import Place
from xlbridge.report import format_fixed
from xlbridge.result import is_average
from xlbridge.scored import BoardResult, EventResult, PairResult, ScoredPlay
from xlbridge.session import score_event
from xlbridge.settings import ScoringConvention, UnequalBoards

__all__ = [
    "Audit",
    "Convention",
    "Difference",
    "EventInfo",
    "Figure",
    "Player",
    "PublishedEvent",
    "PublishedLine",
    "PublishedPair",
    "audit",
    "averages_conventions",
    "butler_datums",
    "choose_convention",
    "conventions_for",
    "conventions_for_event",
    "format_audit",
    "published_total",
    "scored_with",
]


@dataclass(frozen=True)
class Figure:
    """A published number as printed: its exact value and its decimal places."""

    value: Fraction
    places: int

    @classmethod
    def parse(cls, text: str) -> Figure:
        """``'53.89'`` -> 53.89 to two places; raises ValueError for anything else."""
        text = text.strip()
        places = len(text.partition(".")[2])
        return cls(Fraction(text), places)

    def matches(self, ours: Fraction) -> bool:
        """True when ``ours``, rounded to this figure's places, is this figure.

        A value exactly half-way (12.65 to one place) is matched by either
        neighbour: programs round such ties differently (Compscore3 prints
        12.65 as 12.6 and 27.35 as 27.4, keeping NS + EW = top).
        """
        unit = Fraction(1, 10**self.places)
        if abs(ours - self.value) * 2 == unit:
            return True
        return round_half_away(ours, unit) == self.value

    def __str__(self) -> str:
        return format_fixed(self.value, self.places)


@dataclass(frozen=True)
class EventInfo:
    """What a results file holds beyond the event: who wrote it, and the opening leads.

    The club, the date and each pair's players are the event's
    (:attr:`~xlbridge.event.Event.facts`, :attr:`~xlbridge.event.Pair.players`);
    ``leads`` maps a line's (board, NS pair, EW pair) to the opening lead
    (``'KH'``); ``program`` and ``file_format`` say what wrote the file
    (``'Compscore3 26-Jul-22'``, ``'USEBIO 1.2'``); ``settings`` are those the file
    says it was scored with (xlbridge's own files say so), ``None`` when it does not.
    ``disagreements`` are the places where the file gives one figure twice and the two
    differ (a line's score and its contract's; a USEBIO SCORE and xlbridge's exact cell
    beside it), each in words naming the file, the line and both values, and which one
    is scored: the import warns of each and the audit lists them.
    """

    leads: dict[tuple[int, PairLabel, PairLabel], str] = field(default_factory=dict)
    program: str = ""
    file_format: str = ""
    settings: Settings | None = None
    disagreements: tuple[str, ...] = ()


@dataclass(frozen=True)
class PublishedLine:
    """One traveller line's published figures (NS and EW matchpoints or IMPs)."""

    board: int
    ns: PairLabel
    ew: PairLabel
    ns_figure: Figure | None
    ew_figure: Figure | None
    source: Place | str = ""


@dataclass(frozen=True)
class PublishedPair:
    """One pair as published: its place, total and percentage (its players are the event's)."""

    label: PairLabel
    direction: str = ""
    total: Figure | None = None
    percentage: Figure | None = None
    place: str = ""
    source: Place | str = ""


@dataclass(frozen=True)
class PublishedEvent:
    """An event as another program published it: the event to rescore and its figures.

    ``event`` is ready for :func:`~xlbridge.session.score_event` (its
    settings are the file's scoring form, with xlbridge's defaults for the
    rest); ``datums`` holds a Butler event's published datum per board.
    """

    event: Event
    lines: tuple[PublishedLine, ...] = ()
    pairs: tuple[PublishedPair, ...] = ()
    datums: dict[int, Fraction] = field(default_factory=dict)
    info: EventInfo = field(default_factory=lambda: EventInfo())


@dataclass(frozen=True)
class Convention:
    """A named choice of settings that a scoring program is known to use.

    ``absent_pairs``: an artificial score with a 0% side is read as an absent
    pair's (``NP A60/0``, :class:`~xlbridge.result.NotCounted`): not a result on
    its board, as JFR Pary scores it.  A results file cannot say so (USEBIO
    writes ``A6000`` like any artificial score); its figures can.
    """

    name: str
    settings: Settings
    note: str = ""
    absent_pairs: bool = False


@dataclass(frozen=True)
class Difference:
    """A published figure that differs from xlbridge's: where, what, both figures."""

    where: str
    what: str
    published: Figure
    ours: Fraction
    reason: str = ""

    def __str__(self) -> str:
        mine = format_fixed(self.ours, self.published.places)
        text = f"{self.where}: {self.what} published {self.published}, xlbridge {mine}"
        return f"{text} ({self.reason})" if self.reason else text


@dataclass(frozen=True)
class Audit:
    """The published figures checked: how many, which convention, every difference, and
    where the file disagrees with itself (:attr:`EventInfo.disagreements`)."""

    convention: Convention
    checked: int
    differences: tuple[Difference, ...]
    result: EventResult
    disagreements: tuple[str, ...] = ()

    @property
    def line_differences(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences if d.what.startswith(("NS", "EW")))


def audit(published: PublishedEvent, convention: Convention | None = None) -> Audit:
    """Rescore ``published`` (under ``convention``'s settings) and compare every figure."""
    convention = convention or Convention("the file's own settings", published.event.settings)
    event = published.event
    if convention.absent_pairs:
        event = replace(event, plays=tuple(map(_absent_pair, event.plays)))
    result = score_event(replace(event, settings=convention.settings))
    lines, line_checks, touched = _audit_lines(published, result)
    datums, datum_checks = _audit_datums(published, result)
    pairs, pair_checks = _audit_pairs(published, result, touched)
    checked = line_checks + datum_checks + pair_checks
    return Audit(
        convention, checked, (*lines, *datums, *pairs), result, published.info.disagreements
    )


def _audit_lines(
    published: PublishedEvent, result: EventResult
) -> tuple[list[Difference], int, set[PairLabel]]:
    """Every traveller line's published NS and EW figures against xlbridge's.

    Returns the differences, the figures checked and the pairs on a differing line.
    """
    scored: dict[tuple[int, PairLabel, PairLabel], ScoredPlay] = {}
    for board in result.boards:
        for entry in board.plays:
            scored[(entry.play.board, entry.play.ns, entry.play.ew)] = entry
    unfactored: dict[int, dict[tuple[PairLabel, PairLabel], tuple[Fraction, Fraction]]] = {}
    differences: list[Difference] = []
    touched: set[PairLabel] = set()
    checked = 0
    for line in published.lines:
        play = scored.get((line.board, line.ns, line.ew))
        for side, figure in (("NS", line.ns_figure), ("EW", line.ew_figure)):
            if figure is None or play is None:
                continue
            ours = play.ns_score if side == "NS" else play.ew_score
            checked += 1
            if ours is None or not figure.matches(ours):
                reason = _line_reason(result, line, side, figure, unfactored)
                where = str(line.source) or f"board {line.board}, {line.ns} v {line.ew}"
                what = f"{side} {_unit(result)}"
                found = Fraction(0) if ours is None else ours
                differences.append(Difference(where, what, figure, found, reason))
                touched.update((line.ns, line.ew))
    return differences, checked, touched


def _audit_datums(published: PublishedEvent, result: EventResult) -> tuple[list[Difference], int]:
    """Every published Butler datum against the one xlbridge scored the board against."""
    if not published.datums:
        return [], 0
    ours = butler_datums(result)
    differences: list[Difference] = []
    checked = 0
    for number, value in sorted(published.datums.items()):
        if number in ours:
            checked += 1
            if ours[number] != value:
                differences.append(
                    Difference(f"board {number}", "datum", Figure(value, 0), ours[number])
                )
    return differences, checked


def _audit_pairs(
    published: PublishedEvent, result: EventResult, touched: set[PairLabel]
) -> tuple[list[Difference], int]:
    """Every pair's published total and percentage against xlbridge's."""
    by_label = {pair.pair.label: pair for pair in result.pairs}
    # the pairs the file published line figures for: where those are all reproduced and
    # the pair's total is not, the file's total disagrees with its own lines
    lined = {
        label
        for line in published.lines
        if line.ns_figure is not None or line.ew_figure is not None
        for label in (line.ns, line.ew)
    }
    differences: list[Difference] = []
    checked = 0
    for pair in published.pairs:
        mine = by_label.get(pair.label)
        if mine is None:
            continue
        for what, figure, ours in (
            ("total", pair.total, published_total(result, mine)),
            ("percentage", pair.percentage, mine.percentage),
        ):
            if figure is None or ours is None:
                continue
            checked += 1
            if not figure.matches(ours):
                if pair.label in touched:
                    reason = FOLLOWS
                elif pair.label in lined:
                    reason = OWN_LINES
                else:
                    reason = ""
                where = str(pair.source) or f"pair {pair.label}"
                differences.append(Difference(where, what, figure, ours, reason))
    return differences, checked


def choose_convention(
    published: PublishedEvent, conventions: Sequence[Convention]
) -> tuple[Audit, tuple[Audit, ...]]:
    """Audit under each convention; the one with the fewest differences first (ties: earliest).

    Returns the chosen audit and all of them, in ``conventions``' order.
    """
    if not conventions:
        raise ScoringError("no convention to choose from")
    audits = tuple(audit(published, convention) for convention in conventions)
    best = min(audits, key=lambda a: len(a.differences))
    return best, audits


def format_audit(chosen: Audit, tried: Sequence[Audit] = ()) -> str:
    """The audit as a TD reads it: the convention chosen, then every difference."""
    lines = [f"convention: {chosen.convention.name}"]
    if chosen.convention.note:
        lines.append(f"  ({chosen.convention.note})")
    for other in tried:
        if other is not chosen:
            count = len(other.differences)
            lines.append(f"  not chosen: {other.convention.name} ({count} differences)")
    count = len(chosen.differences)
    own = len(chosen.disagreements)
    if not count:
        # never "every one reproduced" of a file that disagrees with itself
        found = "every one reproduced" if not own else "none differ from xlbridge's"
    else:
        found = f"{count} differ from xlbridge's"
    lines.append(f"{chosen.checked} published figures checked: {found}")
    lines.extend(f"  {difference}" for difference in chosen.differences)
    if own:
        lines.append(f"the file disagrees with itself in {plural(own, 'place')}:")
        lines.extend(f"  {said}" for said in chosen.disagreements)
    return "\n".join(lines)


#: Why a pair's published figure differs: a line of its own differs (and is listed).
FOLLOWS = "follows from its published line figures listed above"
#: Why a pair's published figure differs when every line figure of its is reproduced.
OWN_LINES = "its published line figures are all reproduced: the file disagrees with itself"
#: Why a published line differs, when xlbridge can tell.
SPLIT_TOP = "a published error: NS + EW is {total}, not the top of {top}"
SWAPPED = "a published error: the NS and EW figures are swapped"
UNFACTORED = (
    "the board has {n} of {e} results: published as matchpointed among its own {n}, not factored"
)
AVERAGE_LINE = "published as an average (50% each), though its SCORE is a result"
_ZERO = Fraction(0)


def _line_reason(
    result: EventResult,
    line: PublishedLine,
    side: str,
    figure: Figure,
    cache: dict[int, dict[tuple[PairLabel, PairLabel], tuple[Fraction, Fraction]]],
) -> str:
    """Why the published figure differs, where a known convention explains it ('' if none)."""
    if result.top is None:
        return ""
    try:
        board = result.board(line.board)
    except KeyError:
        return ""
    if board.results < board.expected:
        if line.board not in cache:
            from xlbridge.board import Board

            rows = [entry.play.result for entry in board.plays]
            figures = Board(rows).matchpoints(result.event.settings.scale)
            cache[line.board] = {
                (entry.play.ns, entry.play.ew): pair
                for entry, pair in zip(board.plays, figures, strict=True)
                if pair is not None
            }
        own = cache[line.board].get((line.ns, line.ew))
        if own is not None and figure.matches(own[0] if side == "NS" else own[1]):
            return UNFACTORED.format(n=board.results, e=board.expected)
    ns, ew = line.ns_figure, line.ew_figure
    if ns is not None and ew is not None and ns.value + ew.value != result.top:
        total = decimal_text(ns.value + ew.value)
        return SPLIT_TOP.format(total=total, top=result.top)
    mine = _scored(board, line)
    if mine is None or ns is None or ew is None or None in mine:
        return ""
    ours_ns, ours_ew = mine
    if ours_ns != ours_ew and ns.matches(ours_ew or _ZERO) and ew.matches(ours_ns or _ZERO):
        return SWAPPED
    if ns.value == ew.value == Fraction(result.top, 2):
        return AVERAGE_LINE
    return ""


def _scored(
    board: BoardResult, line: PublishedLine
) -> tuple[Fraction | None, Fraction | None] | None:
    for entry in board.plays:
        if (entry.play.ns, entry.play.ew) == (line.ns, line.ew):
            return entry.ns_score, entry.ew_score
    return None


def butler_datums(result: EventResult) -> dict[int, Fraction]:
    """Each board's Butler datum as scored (NS table), for a results file's BOARD_AVERAGE."""
    from xlbridge.board import Board
    from xlbridge.result import Result
    from xlbridge.settings import ScoringForm

    settings = result.event.settings
    if settings.form is not ScoringForm.BUTLER:
        return {}
    found: dict[int, Fraction] = {}
    for board in result.boards:
        rows = [entry.play.result for entry in board.plays]
        if any(isinstance(row, Result) for row in rows):
            found[board.board] = Board(rows, board.expected).datum(
                trim=settings.trim,
                datum_round=settings.datum_round,
                real_results=settings.datum_real_results,
            )
    return found


def published_total(result: EventResult, pair: PairResult) -> Fraction:
    """The total a results file prints: scaled to the most boards where the settings say so."""
    if pair.scaled_total is not None:
        return pair.scaled_total
    if result.top is None and pair.score is not None:
        return pair.score
    return pair.total


def _unit(result: EventResult) -> str:
    return "MP" if result.top is not None else "IMPs"


def _absent_pair(play: Play) -> Play:
    """``play`` with an artificial score that gives a side 0% as an absent pair's (``NP``)."""
    from xlbridge.result import Artificial, average_not_counted

    row = play.result
    if is_average(row) and any(
        isinstance(side, Artificial) and side.percent == 0 for side in (row.ns, row.ew)
    ):
        return replace(play, result=average_not_counted(row))
    return play


def scored_with(settings: Settings) -> Convention:
    """The convention of a file that says how it was scored (xlbridge's own files do)."""
    return Convention("the settings the file says it was scored with", settings)


def conventions_for_event(event: Event) -> tuple[Convention, ...]:
    """:func:`conventions_for` the event's settings; when it has an average (a row
    artificial on both sides), the KoPS and BBO conventions (:func:`averages_conventions`);
    and when it has an artificial score with a 0% side, each of the first again with that
    score read as an absent pair's."""
    base = conventions_for(event.settings)
    conventions = base
    if any(is_average(play.result) for play in event.plays):
        conventions += averages_conventions(event.settings)
    if all(_absent_pair(play) is play for play in event.plays):
        return conventions
    return conventions + tuple(
        replace(
            c,
            name=f"{c.name}; a 0% artificial score is an absent pair's, not a result",
            note="as JFR Pary scores an absent pair's 60/0: the board is scored among the "
            "results it had",
            absent_pairs=True,
        )
        for c in base
    )


def averages_conventions(settings: Settings) -> tuple[Convention, ...]:
    """The conventions that do not count a TD's average among the board's results, with each
    of xlbridge's own in :func:`conventions_for`: KoPS (JFR Pary) at an absent pair's
    table, BBO everywhere (:func:`xlbridge.session.score_event`)."""
    own = [
        c
        for c in conventions_for(settings)
        if c.settings.convention is ScoringConvention.XLBRIDGE
        and c.settings.unequal is UnequalBoards.NEUBERG
        and not c.settings.factor_fewer_boards
    ]
    kops = "KoPS (JFR Pary): a pair with no real result is absent and not ranked, and the "
    kops += "average at its table is not a result: its board is scored among its real results"
    bbo = "BBO: no average is a result on its board; the real results are scored among "
    bbo += "themselves and each average gets its percentage of their top"
    return tuple(
        Convention(
            f"the {convention} convention; {c.name}",
            replace(c.settings, convention=convention),
            f"as {note}" + (f"; {c.note}" if c.note else ""),
        )
        for convention, note in ((ScoringConvention.KOPS, kops), (ScoringConvention.BBO, bbo))
        for c in own
    )


def conventions_for(settings: Settings) -> tuple[Convention, ...]:
    """The conventions real scoring programs use for ``settings.form``, xlbridge's own first."""
    from xlbridge.settings import CrossDivisor, ScoringForm

    if settings.form is ScoringForm.BUTLER:
        return (
            Convention("Butler datum: the mean of every result", replace(settings, trim=0)),
            Convention(
                "Butler datum: the mean of the real results without the top and bottom one",
                replace(settings, trim=1, datum_real_results=True),
                "as Compscore3 publishes it: BOARD_AVERAGE is the mean of the board's real "
                "results as they are, less the highest and the lowest, to the nearest 10",
            ),
        )
    if settings.form is ScoringForm.CROSS_IMPS:
        return (
            Convention("cross-IMPs: the total of every comparison", settings),
            Convention(
                "cross-IMPs: per comparison",
                replace(settings, cross_divide_by=CrossDivisor.COMPARISONS),
                "as Compscore3 publishes them: each score's IMPs against every other "
                "divided by the number of comparisons",
            ),
        )
    neuberg = replace(
        settings,
        unequal=UnequalBoards.NEUBERG,
        factor_fewer_boards=False,
        convention=ScoringConvention.XLBRIDGE,
    )
    plain = replace(settings, convention=ScoringConvention.XLBRIDGE)
    return (
        Convention("matchpoints: short boards factored by Neuberg", neuberg),
        Convention(
            "matchpoints: Neuberg, totals scaled to the most boards played",
            replace(neuberg, factor_fewer_boards=True),
            "as Compscore3 publishes TOTAL_SCORE: a pair who played fewer boards has its "
            "total scaled by (most boards) / (its boards), its percentage unchanged",
        ),
        Convention(
            "matchpoints: short boards factored by ratio",
            replace(plain, unequal=UnequalBoards.RATIO, factor_fewer_boards=False),
        ),
        Convention(
            "matchpoints: the ACBL convention",
            replace(neuberg, convention=ScoringConvention.ACBL),
            "as ACBLscore prints them: 1 matchpoint a result beaten and half a tie, short "
            "boards factored by Neuberg, each total scaled to the section's boards and "
            "printed to two decimals, the percentage that printed total of the top x the "
            "section's boards",
        ),
    )
