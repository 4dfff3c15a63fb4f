"""An individual night as :mod:`xlbridge.workbook.shared.night` asks of one kind: the
results workbook, the web page and the USEBIO file, planned before the workbook is read, then all
written or none."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from xlbridge.errors import ScoringError
from xlbridge.outputs import OutputPlan
from xlbridge.places import Problem
from xlbridge.workbook.individual.night import (
    ScoredIndividual,
    format_individual_ranking,
    score_individual_night,
    write_individual_results,
)
from xlbridge.workbook.pairs.night import HTML_SUFFIXES, WORKBOOK_SUFFIXES
from xlbridge.workbook.shared.night import Asked, Say

__all__ = ["INDIVIDUAL", "IndividualKind", "IndividualNightScored"]

_SUFFIXES = {"-o": WORKBOOK_SUFFIXES, "--html": HTML_SUFFIXES, "--usebio": (".xml",)}


class IndividualKind:
    """The individual workbook (``xlbridge new --individual``)."""

    def check(self, asked: Asked) -> None:
        """Refuse --hands and --pbn (pairs events only) and --players (the Players sheet is
        the individual's own list)."""
        given = (
            ("--hands", asked.hands),
            ("--pbn", asked.pbn),
            ("--players", asked.players),
        )
        extra = [name for name, path in given if path is not None]
        if extra:
            raise ScoringError(
                f"{' and '.join(extra)}: not available for an individual workbook yet "
                "(pairs events only)"
            )

    def inputs(self, asked: Asked) -> list[Path]:
        return [asked.night]

    def suffixes(self, option: str) -> tuple[str, ...]:
        return _SUFFIXES[option]

    def read(self, asked: Asked) -> IndividualNightScored:
        return IndividualNightScored(asked, score_individual_night(asked.night))


INDIVIDUAL = IndividualKind()


@dataclass(frozen=True)
class IndividualNightScored:
    """An individual night scored."""

    asked: Asked
    scored: ScoredIndividual

    @property
    def warnings(self) -> Sequence[Problem]:
        return self.scored.warnings

    def provisional(self, asked: Asked, say: Say) -> None:
        """Say that the ranking counts the boards played so far; refuse --usebio."""
        provisional = self.scored.night.event.facts.provisional
        if not provisional:
            return
        say(f"provisional: {provisional} (the ranking counts the boards played so far)")
        if asked.usebio is not None:
            raise ScoringError(
                f"the results are provisional ({provisional}): --usebio is written for the "
                "final results only (the file for the national body): type the missing "
                "results, or leave out --usebio"
            )

    def prepare(self, plan: OutputPlan, say: Say) -> None:
        """Nothing is read after scoring an individual."""

    def write(self, option: str, tmp: Path) -> None:
        if option == "-o":
            write_individual_results(self.asked.night, self.scored.result, tmp)
        elif option == "--html":
            from xlbridge.workbook.individual.html import individual_page

            text = individual_page(self.scored.night.event, self.scored.result)
            tmp.write_text(text, encoding="utf-8")
        else:
            from xlbridge.formats.usebio import individual_usebio_document

            tmp.write_bytes(individual_usebio_document(self.scored.night.event, self.scored.result))

    def written(self) -> None:
        """Nothing is kept."""

    def ranking_text(self) -> str:
        return format_individual_ranking(self.scored.result)

    def explain(self, board: int) -> str:
        raise ScoringError(
            "explain is for a pairs or teams night: an individual's matchpoints are on the "
            "results workbook's Travellers sheet (NS MP, EW MP)"
        )
