"""What scoring an event gives: each row's figures, each board, each pair, the whole event.

These are the outputs of :func:`xlbridge.session.score_event`, as
:mod:`xlbridge.event` holds its inputs; every output (the results workbook,
the HTML page, USEBIO, PBN, the merge) reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from xlbridge.board import FrequencyLine
from xlbridge.direction import Direction
from xlbridge.event import Event, Pair, Play
from xlbridge.pair import PairLabel
from xlbridge.settings import ScoringConvention

__all__ = [
    "BoardResult",
    "EventResult",
    "PairBoard",
    "PairResult",
    "ScoredPlay",
]


@dataclass(frozen=True)
class ScoredPlay:
    """One traveller row and what each side scored on it.

    ``ns_score`` and ``ew_score`` are in the event's units (matchpoints or
    IMPs), after Law 12C2(c) has settled A+ and A- and before any
    adjustment; ``None`` for a row without a result (``NP``).
    """

    play: Play
    ns_score: Fraction | None
    ew_score: Fraction | None


@dataclass(frozen=True)
class BoardResult:
    """One board (or one version of a fouled board) as scored.

    ``results`` counts the rows with a result in this version; ``expected`` is
    the board's ``E``.  ``ns_lines`` and ``ew_lines`` are the frequency tables
    as the EBU prints them (:func:`~xlbridge.board.frequency_lines`), for the
    table NS pairs are compared in and the one EW pairs are compared in (they
    differ only when a split score is on the board); each line's figures are in the
    event's units (matchpoints, or the IMPs a row with that score gets).  ``datums``:
    a Butler board's datum of the NS and of the EW table (``None`` in other events).
    """

    board: int
    version: str
    expected: int
    results: int
    plays: tuple[ScoredPlay, ...]
    ns_lines: tuple[FrequencyLine, ...]
    ew_lines: tuple[FrequencyLine, ...]
    datums: tuple[Fraction, Fraction] | None = None

    def totals(self) -> tuple[Fraction, Fraction]:
        """The NS and EW scores on this board added up (a TD's check)."""
        ns = sum((p.ns_score for p in self.plays if p.ns_score is not None), Fraction(0))
        ew = sum((p.ew_score for p in self.plays if p.ew_score is not None), Fraction(0))
        return ns, ew


@dataclass(frozen=True)
class PairBoard:
    """What one pair scored on one board.

    ``code`` is ``A+``, ``A-`` or ``BYE`` for a board settled by Law 12C2(c)
    ("" otherwise); ``score`` is the settled score and ``adjustment`` the
    penalties and awards on the board; the pair's total counts ``total``.
    """

    board: int
    version: str
    direction: Direction
    opponent: PairLabel
    code: str
    score: Fraction
    adjustment: Fraction

    @property
    def total(self) -> Fraction:
        """The score plus the adjustments on this board."""
        return self.score + self.adjustment


@dataclass(frozen=True)
class PairResult:
    """One pair's session.

    ``field`` is the ranking the pair is in: ``NS``, ``EW`` or ``""`` (one
    field).  ``total`` adds the board totals and ``session_adjustment``.
    Matchpoints: ``maximum`` is what was available (top x boards) and
    ``percentage`` is ``100 x total / maximum``.  IMPs: ``average`` is IMPs per
    board and ``score`` the (possibly factored) total.  ``score`` is the
    figure ranked on (the percentage for matchpoints); ``rank`` is ``"1"``,
    ``"3="``, or ``""`` for a pair without any board.  ``scaled_total`` is the
    total scaled to the most boards any pair of its field played (``factor_fewer_boards``;
    ``None`` otherwise): in IMPs it is ``score``; in matchpoints it is the
    total Compscore3 publishes (percentage x top x most boards), ranked on the
    same percentage.  Under the ACBL convention ``scaled_total`` is the total
    scaled to the section's boards, ``maximum`` the top times the section's boards
    and ``percentage`` the scaled total rounded to two decimals over ``maximum``
    (as ACBLscore prints them).
    """

    pair: Pair
    field: str
    boards: tuple[PairBoard, ...]
    session_adjustment: Fraction
    total: Fraction
    maximum: Fraction | None
    percentage: Fraction | None
    average: Fraction | None
    score: Fraction | None
    rank: str
    scaled_total: Fraction | None = None

    def board(self, number: int) -> PairBoard:
        """The pair's score on board ``number`` (KeyError if it has none)."""
        for entry in self.boards:
            if entry.board == number:
                return entry
        raise KeyError(number)


@dataclass(frozen=True)
class EventResult:
    """An event's results: the boards as scored and the pairs in ranking order.

    ``pairs`` lists the NS field, then the EW field (or the one field), each
    best first; pairs without a board come last.  ``top`` is the matchpoint top
    per board (``None`` in IMP events).
    """

    event: Event
    expected: int
    top: int | None
    boards: tuple[BoardResult, ...]
    pairs: tuple[PairResult, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        """The rankings in this result: ``("NS", "EW")`` or ``("",)``."""
        return tuple(dict.fromkeys(p.field for p in self.pairs if p.rank))

    @property
    def rankings(self) -> dict[str, tuple[PairResult, ...]]:
        """Each ranking's pairs, best first, by its field (:attr:`fields`, :meth:`field`)."""
        return {name: self.field(name) for name in self.fields}

    def field(self, name: str = "") -> tuple[PairResult, ...]:
        """The pairs ranked in field ``name`` (``NS``, ``EW``, or ``""``), best first."""
        return tuple(p for p in self.pairs if p.field == name and p.rank)

    def ranking_total(self, pair: PairResult) -> Fraction:
        """The total a ranking prints beside ``pair``'s maximum and percentage: its total,
        or under the ACBL convention its total scaled to the section's boards."""
        acbl = self.event.settings.convention is ScoringConvention.ACBL
        if acbl and pair.scaled_total is not None:
            return pair.scaled_total
        return pair.total

    def pair(self, label: object) -> PairResult:
        """The result of the pair labelled ``label`` (``"NS 3"``, ``"3NS"``, a
        :class:`~xlbridge.pair.PairLabel`; KeyError if there is none)."""
        label = PairLabel.parse(label)
        for result in self.pairs:
            if result.pair.label == label:
                return result
        raise KeyError(label)

    def board(self, number: int, version: str = "") -> BoardResult:
        """Board ``number`` (one ``version`` of it when fouled)."""
        for result in self.boards:
            if result.board == number and result.version == version:
                return result
        raise KeyError((number, version))
