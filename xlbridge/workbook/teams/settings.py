"""A teams workbook's Settings sheet as one typed value, parsed once by the reader."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from xlbridge.scales import VpScale
from xlbridge.teams import TeamsSettings

__all__ = ["TeamsWorkbookSettings"]


@dataclass(frozen=True)
class TeamsWorkbookSettings:
    """Every row of a teams workbook's Settings sheet, parsed (a blank row: its default).

    ``teams`` and ``rounds`` are 0 when not given; ``boards`` is 0 only when the
    workbook has a problem already reported (it must be given).
    """

    event: str
    date: dt.date | None
    #: ``swiss`` or ``round-robin`` (:data:`xlbridge.workbook.teams.template.FORMATS`)
    format: str
    teams: int
    boards: int
    rounds: int
    vp_scale: VpScale
    bye_vps: Fraction

    @property
    def scoring(self) -> TeamsSettings:
        """How the event is scored: boards per match, a bye's VPs, the VP scale."""
        return TeamsSettings(self.boards, self.bye_vps, self.vp_scale)
