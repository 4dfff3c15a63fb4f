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
    "Pair",
    "Play",
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
class Event:
    """The whole event: pairs, traveller rows, adjustments and settings; its name and date."""

    pairs: tuple[Pair, ...]
    plays: tuple[Play, ...]
    adjustments: tuple[Adjustment, ...] = ()
    settings: Settings = field(default_factory=Settings)
    name: str = ""
    date: datetime.date | None = None
