"""A pairs event as data: who played, what they scored, how it is to be scored.

These are the inputs of :func:`xlbridge.session.score_event`; the settings
(:class:`~xlbridge.settings.Settings` and its choices) live in
:mod:`xlbridge.settings` and are re-exported here.  The workbook
reader builds an :class:`Event` from a filled club-night workbook, the
multi-club merge builds one from several; Python users build one directly.

Every input record carries ``source``, the place it came from
(``Travellers!G14``), so that a message about it can say where to look.

What a person typed is parsed once, into values that print themselves back
the same way, and every output takes them from the event: a pair's label
(:class:`~xlbridge.pair.PairLabel`: ``"3"``, ``"NS 3"``), a contract as
played (:class:`~xlbridge.contract.PlayedContract`), the event's facts
(:class:`EventFacts`: name, date, club, movement, hand records) and each
pair's players (:class:`Player`).  Plain text given for a label, and a raw
cell value given for a result, are parsed when the record is made, so
``Play(1, "3", "NS 4", 420)`` holds labels and the score 420, and a value
that is no result (``"42O"``) is refused there, with the message
:func:`~xlbridge.result.parse_result` gives.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field, replace
from fractions import Fraction

from xlbridge.contract import PlayedContract
from xlbridge.exact import format_date
from xlbridge.pair import BYE, PairLabel, pair_or_blank
from xlbridge.places import Place
from xlbridge.result import (
    NotPlayed,
    Result,
    Row,
    average_not_counted,
    counts_as_result,
    is_average,
    parse_result,
)
from xlbridge.settings import (
    Choice,
    MasterPointBody,
    Ranking,
    ScoringConvention,
    ScoringForm,
    Settings,
    SmallVersions,
    UnequalBoards,
)
from xlbridge.strata import Strata

__all__ = [
    "BYE",
    "Adjustment",
    "AdjustmentUnit",
    "Event",
    "EventFacts",
    "Pair",
    "PairLabel",
    "Play",
    "PlayedContract",
    "Player",
    "Ranking",
    "ScoringConvention",
    "ScoringForm",
    "Settings",
    "SmallVersions",
    "UnequalBoards",
]

# BYE (from xlbridge.pair): the opponent label of a bye: a :class:`Play` with
# ``ew=BYE`` (or ``ns=BYE``) gives the other pair a bye on that board, scored as its
# percentage on the rest of the session (Law 12C2(c); the A+/A- note).  Any case.


class AdjustmentUnit(Choice):
    """The unit of a procedural penalty or award."""

    MATCHPOINTS = "MP"
    PERCENT_OF_TOP = "%"


@dataclass(frozen=True)
class Player:
    """One player of a pair: the name, the national (federation) number, a guest or not,
    and the masterpoint holding when a stratified event needs it (``None``: not known)."""

    name: str
    national_id: str = ""
    guest: bool = False
    holding: Fraction | None = None


@dataclass(frozen=True)
class Pair:
    """A pair: its label (``"1"``, ``"NS 3"``, ``"A3"``), the players' names as one line,
    and, where known, each player (name and national number) and the master points awarded.
    """

    label: PairLabel
    names: str = ""
    source: Place | str = ""
    players: tuple[Player, ...] = ()
    master_points: str = ""

    def __post_init__(self) -> None:
        if type(self.label) is not PairLabel:
            object.__setattr__(self, "label", pair_or_blank(self.label))


@dataclass(frozen=True)
class Play:
    """One traveller row: a board played by an NS pair against an EW pair.

    ``result`` is the parsed result cell (see :func:`xlbridge.result.parse_result`);
    a raw cell value (``420``, ``"A+/A-"``) is parsed by it when the play is made,
    located at ``source``, and refused there when it is no result;
    ``version`` names the version of a fouled board ("" when not fouled).
    ``played`` is the contract as played, when it was given (for the printed
    results; the score is ``result``).  An ``ns`` or ``ew`` of :data:`BYE`
    gives the other pair a bye on the board (its ``result`` is ignored).
    """

    board: int
    ns: PairLabel
    ew: PairLabel
    result: Row
    source: Place | str = ""
    version: str = ""
    played: PlayedContract | None = None

    def __post_init__(self) -> None:
        if type(self.ns) is not PairLabel:
            object.__setattr__(self, "ns", pair_or_blank(self.ns))
        if type(self.ew) is not PairLabel:
            object.__setattr__(self, "ew", pair_or_blank(self.ew))
        if self.result is not None and not isinstance(self.result, (Result, NotPlayed)):
            object.__setattr__(self, "result", parse_result(self.result, self.source))

    @property
    def is_bye(self) -> bool:
        """True when one side is :data:`BYE`: the other pair has a bye on the board."""
        return self.ns.is_bye or self.ew.is_bye

    @property
    def counts(self) -> bool:
        """True when the row is one of its board's results: a result that counts
        (:func:`~xlbridge.result.counts_as_result`: not ``NP``, not ``NP A60/0``) and not
        a bye.  The number of such rows is the board's ``actual`` and "max played"."""
        return counts_as_result(self.result) and not (self.ns.is_bye or self.ew.is_bye)

    @property
    def is_average(self) -> bool:
        """True when the row is a TD's average that counts as a result on its board
        (:func:`~xlbridge.result.is_average`: ``A60/40``, ``A=``, not yet ``NP``)."""
        return is_average(self.result)

    def average_not_counted(self) -> Play:
        """This play with its average read as not a result on its board, ``NP A60/40``
        (:func:`~xlbridge.result.average_not_counted`); any other play as it is."""
        if not is_average(self.result):
            return self
        return replace(self, result=average_not_counted(self.result))


@dataclass(frozen=True)
class Adjustment:
    """A procedural penalty (negative) or award (positive) for one pair.

    It changes only that pair's score, never the other pairs' (the A+/A- note, step
    1: it counts in the pair's own score).  ``board`` is ``None`` for a
    session adjustment.
    """

    pair: PairLabel
    amount: Fraction
    unit: AdjustmentUnit = AdjustmentUnit.MATCHPOINTS
    board: int | None = None
    reason: str = ""
    source: Place | str = ""

    def __post_init__(self) -> None:
        if type(self.pair) is not PairLabel:
            object.__setattr__(self, "pair", pair_or_blank(self.pair))


@dataclass(frozen=True)
class EventFacts:
    """What the Settings sheet says about the event, read once and printed on every output.

    ``name`` and ``date`` head the results; ``club`` and ``club_number`` go to
    the national body (USEBIO); ``movement`` is the movement as Settings
    names it (``Mitchell``, ``Howell``); ``hand_records`` the hand-record
    file Settings names ("" for none).  ``provisional`` is "" when every
    result is in, else what is still to come (``10 results to come``): the
    figures are provisional, and every output says so (:attr:`title`).

    >>> EventFacts("Tuesday pairs", datetime.date(2026, 11, 24)).title
    'Tuesday pairs, 24 November 2026'
    >>> EventFacts("Tuesday pairs", provisional="3 results to come").title
    'Tuesday pairs (PROVISIONAL: 3 results to come)'
    """

    name: str = ""
    date: datetime.date | None = None
    club: str = ""
    club_number: str = ""
    movement: str = ""
    hand_records: str = ""
    #: What a national body's results file carries beyond the results (USEBIO, as the
    #: EBU's programs write it): the event's identifier with the body, the master-point
    #: scale and type, whether master points were awarded (Y or N), the charge code
    #: (``P2P_CHARGE_RATE`` in USEBIO 1.2, ``EBU_CHARGE_CODE`` in 1.3).  Read from
    #: optional Settings rows; blank when not given.
    event_id: str = ""
    mp_scale: str = ""
    mp_type: str = ""
    mps_awarded: str = ""
    charge: str = ""
    provisional: str = ""
    #: The body whose published rule computes a pair's master points when its Pairs sheet
    #: cell is blank (:mod:`xlbridge.masterpoints`); ``None``: none, only typed awards.
    mp_body: MasterPointBody | None = None
    #: A stratified event's strata and the rule for a pair's holding (the Strata rows).
    strata: Strata | None = None

    @property
    def title(self) -> str:
        """The name and date as a heading: ``Tuesday pairs, 24 November 2026``.

        Marked while results are to come: ``... (PROVISIONAL: 3 results to come)``.
        """
        name = self.name or "Results"
        return self.marked(f"{name}, {format_date(self.date)}" if self.date else name)

    def marked(self, text: str) -> str:
        """``text``, marked provisional while results are to come."""
        return f"{text} (PROVISIONAL: {self.provisional})" if self.provisional else text


@dataclass(frozen=True, init=False)
class Event:
    """The whole event: pairs, traveller rows, adjustments, settings and its facts.

    ``name`` and ``date`` may be given on their own for the facts' name and
    date (``Event(pairs, plays, name="Acol")``).
    """

    pairs: tuple[Pair, ...]
    plays: tuple[Play, ...]
    adjustments: tuple[Adjustment, ...] = ()
    settings: Settings = field(default_factory=Settings)
    facts: EventFacts = field(default_factory=EventFacts)

    def __init__(
        self,
        pairs: tuple[Pair, ...],
        plays: tuple[Play, ...],
        adjustments: tuple[Adjustment, ...] = (),
        settings: Settings | None = None,
        facts: EventFacts | None = None,
        *,
        name: str | None = None,
        date: datetime.date | None = None,
    ) -> None:
        facts = facts or EventFacts()
        if name is not None or date is not None:
            facts = replace(
                facts,
                name=facts.name if name is None else name,
                date=facts.date if date is None else date,
            )
        object.__setattr__(self, "pairs", tuple(pairs))
        object.__setattr__(self, "plays", tuple(plays))
        object.__setattr__(self, "adjustments", tuple(adjustments))
        object.__setattr__(self, "settings", Settings() if settings is None else settings)
        object.__setattr__(self, "facts", facts)

    @property
    def name(self) -> str:
        """The event's name (its facts')."""
        return self.facts.name

    @property
    def date(self) -> datetime.date | None:
        """The date of play (its facts')."""
        return self.facts.date

    @property
    def provisional(self) -> str:
        """ "" when every result is in; else what is still to come (its facts')."""
        return self.facts.provisional
