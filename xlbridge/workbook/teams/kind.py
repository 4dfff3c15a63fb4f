"""A teams night as :mod:`xlbridge.workbook.shared.night` asks of one kind: its outputs
through the pairs night's output plan (checked before the workbook is read, then all
written or none)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from xlbridge.errors import ScoringError
from xlbridge.inputs import check_workbook_file
from xlbridge.outputs import OutputPlan
from xlbridge.places import Problem
from xlbridge.workbook.pairs.night import HTML_SUFFIXES, WORKBOOK_SUFFIXES
from xlbridge.workbook.shared.night import Asked, Say
from xlbridge.workbook.teams.night import (
    ScoredTeams,
    explain_teams_board,
    format_teams_ranking,
    score_teams_night,
)

__all__ = ["TEAMS", "TeamsKind", "TeamsNightScored"]

_SUFFIXES = {"-o": WORKBOOK_SUFFIXES, "--html": HTML_SUFFIXES, "--usebio": (".xml",)}


class TeamsKind:
    """The teams workbook."""

    def check(self, asked: Asked) -> None:
        """Refuse --hands, --pbn and --players: pairs events only."""
        extra = [
            name
            for name, given in (
                ("--hands", asked.hands),
                ("--pbn", asked.pbn),
                ("--players", asked.players),
            )
            if given is not None
        ]
        if extra:
            raise ScoringError(
                f"{' and '.join(extra)}: not available for a teams workbook yet (pairs events only)"
            )

    def inputs(self, asked: Asked) -> list[Path]:
        return [asked.night]

    def suffixes(self, option: str) -> tuple[str, ...]:
        return _SUFFIXES[option]

    def read(self, asked: Asked) -> TeamsNightScored:
        return TeamsNightScored(asked, score_teams_night(asked.night))


TEAMS = TeamsKind()


@dataclass(frozen=True)
class TeamsNightScored:
    """A teams night scored."""

    asked: Asked
    scored: ScoredTeams

    @property
    def warnings(self) -> Sequence[Problem]:
        return self.scored.warnings

    def provisional(self, asked: Asked, say: Say) -> None:
        """Say that the ranking counts the boards played so far; refuse --usebio."""
        scored, usebio_path = self.scored, asked.usebio
        if scored.result.provisional:
            say(
                f"provisional: {scored.result.provisional} (the ranking counts the boards "
                "played so far)"
            )
            if usebio_path is not None:
                raise ScoringError(
                    f"the results are provisional ({scored.result.provisional}): --usebio is "
                    "written for the final results only (the file for the national body): type "
                    "the missing results, or leave out --usebio"
                )

    def prepare(self, plan: OutputPlan, say: Say) -> None:
        """The workbook checked again before the outputs are written."""
        check_workbook_file(self.asked.night)

    def write(self, option: str, tmp: Path) -> None:
        night, scored = self.asked.night, self.scored
        if option == "-o":
            from xlbridge.workbook.teams.writer import write_teams_results

            write_teams_results(night, scored.result, tmp, scored.night.date)
        elif option == "--html":
            from xlbridge.workbook.teams.html import teams_page

            tmp.write_text(teams_page(scored.result), encoding="utf-8")
        else:
            from xlbridge.formats.usebio import teams_usebio_document

            teams, version = scored, self.asked.usebio_version
            data = teams_usebio_document(
                teams.result, version, teams.night.date, teams.night.format
            )
            tmp.write_bytes(data)

    def written(self) -> None:
        """Nothing is kept beside a teams night."""

    def ranking_text(self) -> str:
        return format_teams_ranking(self.scored.result)

    def explain(self, board: int) -> str:
        return explain_teams_board(self.scored.result, board)
