"""A pairs event as data: who played, what they scored, how it is to be scored.

These are the inputs of :func:`xlbridge.session.score_event`; the settings
(:class:`~xlbridge.settings.Settings` and its choices) live in
:mod:`xlbridge.settings` and are re-exported here.  The workbook
reader builds an :class:`Event` from a filled club-night workbook, the
multi-club merge builds one from several; Python users build one directly.

Every input record carries ``source``, the place it came from
(``Travellers!G14``), so that a message about it can say where to look.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from fractions import Fraction

from xlbridge.exact import format_date
from xlbridge.result import Row
from xlbridge.settings import (
    Choice,
    Ranking,
    ScoringForm,
    Settings,
    SmallVersions,
    UnequalBoards,
)

__all__ = [
    "BYE",
    "Adjustment",
    "AdjustmentUnit",
    "Event",
    "EventFacts",
    "Pair",
    "Play",
    "Player",
    "Ranking",
    "ScoringForm",
    "Settings",
    "SmallVersions",
    "UnequalBoards",
]


#: The opponent label of a bye: a :class:`Play` with ``ew="BYE"`` (or
#: ``ns="BYE"``) gives the other pair a bye on that board, scored as its
#: percentage on the rest of the session (Law 12C2(c); the A+/A- note).  Any case.
BYE = "BYE"


class AdjustmentUnit(Choice):
    """The unit of a procedural penalty or award."""

    MATCHPOINTS = "MP"
    PERCENT_OF_TOP = "%"


@dataclass(frozen=True)
class Player:
    """One player of a pair: the name, the national (federation) number, a guest or not."""

    name: str
    national_id: str = ""
    guest: bool = False


@dataclass(frozen=True)
class Pair:
    """A pair: its label (``"1"``, ``"12"``, ``"A3"``) and the players' names."""

    label: str
    names: str = ""
    source: str = ""


@dataclass(frozen=True)
class Play:
    """One traveller row: a board played by an NS pair against an EW pair.

    ``result`` is the parsed result cell (see :func:`xlbridge.result.parse_result`);
    ``version`` names the version of a fouled board ("" when not fouled).
    ``contract``, ``declarer``, ``lead`` and ``tricks`` are kept for the
    printed results.  An ``ns`` or ``ew`` of :data:`BYE` gives the other pair
    a bye on the board (its ``result`` is ignored).
    """

    board: int
    ns: str
    ew: str
    result: Row
    source: str = ""
    version: str = ""
    contract: str = ""
    declarer: str = ""
    tricks: str = ""


@dataclass(frozen=True)
class Adjustment:
    """A procedural penalty (negative) or award (positive) for one pair.

    It changes only that pair's score, never the other pairs' (the A+/A- note, step
    1: it counts in the pair's own score).  ``board`` is ``None`` for a
    session adjustment.
    """

    pair: str
    amount: Fraction
    unit: AdjustmentUnit = AdjustmentUnit.MATCHPOINTS
    board: int | None = None
    reason: str = ""
    source: str = ""


@dataclass(frozen=True)
class EventFacts:
    """What the Settings sheet says about the event, read once and printed on every output.

    ``name`` and ``date`` head the results; ``club`` and ``club_number`` go to
    the national body (USEBIO); ``movement`` is the movement as Settings
    names it (``Mitchell``, ``Howell``); ``hand_records`` the hand-record
    file Settings names ("" for none).

    >>> EventFacts("Tuesday pairs", datetime.date(2026, 11, 24)).title
    'Tuesday pairs, 24 November 2026'
    """

    name: str = ""
    date: datetime.date | None = None
    club: str = ""
    club_number: str = ""
    movement: str = ""
    hand_records: str = ""

    @property
    def title(self) -> str:
        """The name and date as a heading: ``Tuesday pairs, 24 November 2026``."""
        name = self.name or "Results"
        return f"{name}, {format_date(self.date)}" if self.date else name


@dataclass(frozen=True)
class Event:
    """The whole event: pairs, traveller rows, adjustments and settings; its name and date."""

    pairs: tuple[Pair, ...]
    plays: tuple[Play, ...]
    adjustments: tuple[Adjustment, ...] = ()
    settings: Settings = field(default_factory=Settings)
    name: str = ""
    date: datetime.date | None = None
    #: "" when every result is in; else what is still to come (``10 results to come``):
    #: the figures are provisional, and every output says so.
    provisional: str = ""
