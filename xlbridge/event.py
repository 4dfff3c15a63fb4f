"""A pairs event as data: who played, what they scored, how it is to be scored.

These are the inputs of :func:`xlbridge.session.score_event`.  The workbook
reader builds an :class:`Event` from a filled club-night workbook, the
multi-club merge builds one from several; Python users build one directly.

Every input record carries ``source``, the place it came from
(``Travellers!G14``), so that a message about it can say where to look.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from xlbridge.errors import ScoringError
from xlbridge.result import Row

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
#: percentage on the rest of the session (Law 12C2(c), seed 001).  Any case.
BYE = "BYE"


class _Parse(Enum):
    @classmethod
    def parse(cls, text: object) -> _Parse:
        """Forgiving parse: case, spaces, hyphens and underscores are ignored."""
        key = "".join(ch for ch in str(text).lower() if ch.isalnum())
        for member in cls:
            if key == "".join(ch for ch in member.value.lower() if ch.isalnum()):
                return member
        names = ", ".join(m.value for m in cls)
        raise ScoringError(f"{text!r} is not one of {names}")


class ScoringForm(_Parse):
    """How boards are scored across the field."""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"


class UnequalBoards(_Parse):
    """How a board with fewer results than expected is brought to the same top."""

    NEUBERG = "neuberg"  # seed 003, the default
    RATIO = "ratio"  # seed 004: matchpoints x expected/actual


class SmallVersions(_Parse):
    """How a fouled-board version with very few results (1 to 3) is treated.

    ``ebu`` is the EBU White Book rule (4.2.3.3, "small sub-fields"): a version
    of at most three results that is also at most a third of the board's
    expected results is not factored; each side scores
    ``60% + (M - (A - 1)) x 5%`` of the top, where ``M`` is its matchpoints
    within the version (2 per result beaten) and ``A`` the version's results:
    65%/55% for two results, 70% down to 50% for three, 60% for one.  Each
    table's two sides sum to 120% (average-plus each), compensation for the
    missing comparison.
    """

    NEUBERG = "neuberg"  # factor it like any other version (the default)
    AVERAGE = "average"  # give every pair in a version of 1 to 3 results 50% (A=)
    EBU = "ebu"  # EBU White Book 4.2.3.3: 60% + 5% per matchpoint above the version's average


class Ranking(_Parse):
    """Which pairs are ranked together."""

    AUTO = "auto"  # by direction when no pair changed direction (Mitchell), else one field
    ONE_FIELD = "one field"  # every pair in one ranking (Howell)
    BY_DIRECTION = "by direction"  # NS pairs and EW pairs ranked apart (Mitchell)


class AdjustmentUnit(_Parse):
    """The unit of a procedural penalty or award."""

    MATCHPOINTS = "MP"
    PERCENT_OF_TOP = "%"


@dataclass(frozen=True)
class Settings:
    """How an event is scored.  Every field has the default a club would expect.

    ``expected``: the number of results each board should have; ``None``
    means the most times any board was played ("max played").
    ``factor_fewer_boards``: for Butler and cross-IMPs, scale the total of a
    pair that played fewer boards up to the most played (e.g. 24/21).
    ``ranking``: which pairs are ranked together (see :class:`Ranking`).
    """

    form: ScoringForm = ScoringForm.MATCHPOINTS
    scale: int = 2
    expected: int | None = None
    unequal: UnequalBoards = UnequalBoards.NEUBERG
    avplus_method: str = "mainstream"
    aplus: Fraction = Fraction(60)
    aminus: Fraction = Fraction(40)
    trim: int = 0
    datum_round: int = 10
    cross_divide_by: str = "total"
    factor_fewer_boards: bool = False
    small_versions: SmallVersions = SmallVersions.NEUBERG
    ranking: Ranking = Ranking.AUTO


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

    It changes only that pair's score, never the other pairs' (seed 001 step
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
