"""Which kind of night a workbook is: the one place it is decided."""

from __future__ import annotations

from pathlib import Path

from xlbridge.workbook.shared.night import Kind

__all__ = ["night_kind"]


def night_kind(night: Path) -> Kind:
    """The individual kind for an individual workbook, the teams kind for a teams one, the
    pairs kind for any other (whose reader says what is wrong with a file that is none)."""
    from xlbridge.workbook.individual.reader import is_individual_workbook
    from xlbridge.workbook.teams.reader import is_teams_workbook

    if is_individual_workbook(night):
        from xlbridge.workbook.individual.kind import INDIVIDUAL

        return INDIVIDUAL

    if is_teams_workbook(night):
        from xlbridge.workbook.teams.kind import TEAMS

        return TEAMS
    from xlbridge.workbook.pairs.kind import PAIRS

    return PAIRS
