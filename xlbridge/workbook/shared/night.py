"""One night, three kinds: what ``xlbridge score`` and ``explain`` ask of a workbook.

A pairs night (:mod:`xlbridge.workbook.pairs.kind`), a teams night
(:mod:`xlbridge.workbook.teams.kind`) and an individual one
(:mod:`xlbridge.workbook.individual.kind`) each give a :class:`Kind`: the outputs it
writes, the files it reads, how it is read and scored into a :class:`Night`.
:func:`xlbridge.workbook.kinds.night_kind` looks at the workbook once and gives
the right one, so the commands read, score and write without knowing which.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from xlbridge.errors import ScoringError
from xlbridge.outputs import OutputPlan
from xlbridge.places import Problem
from xlbridge.report import number_runs

__all__ = ["Asked", "Kind", "Night", "Say", "board_not_played"]

#: Something to tell the user, one line (the command prints it to the error stream).
Say = Callable[[str], None]


@dataclass(frozen=True)
class Asked:
    """What the command was asked: the workbook, and the files to read and write."""

    night: Path
    #: the results workbook (``-o``)
    output: Path | None = None
    html: Path | None = None
    hands: Path | None = None
    pbn: Path | None = None
    usebio: Path | None = None
    usebio_version: str = "1.2"
    #: the club's players list (``--players``), read with a pairs night
    players: Path | None = None

    def outputs(self) -> list[tuple[str, Path]]:
        """The outputs asked for, each with its option, in the order they are planned."""
        given = (
            ("-o", self.output),
            ("--html", self.html),
            ("--pbn", self.pbn),
            ("--usebio", self.usebio),
        )
        return [(option, path) for option, path in given if path is not None]


class Night(Protocol):
    """A night of either kind, read and scored."""

    @property
    def warnings(self) -> Sequence[Problem]:
        """What was met reading and scoring it, each a problem at its place (``""`` for none)."""

    def provisional(self, asked: Asked, say: Say) -> None:
        """Say what is still to come (nothing when the results are final); raise a
        :class:`~xlbridge.errors.ScoringError` when ``asked`` wants a final-results-only file."""

    def prepare(self, plan: OutputPlan, say: Say) -> None:
        """What is read after scoring, before the outputs are written (checked in ``plan``)."""

    def write(self, option: str, tmp: Path) -> None:
        """Fill the output that ``option`` names (``-o``, ``--html``, ...) into ``tmp``."""

    def written(self) -> None:
        """What is kept once every output is written."""

    def ranking_text(self) -> str:
        """The ranking for the terminal."""

    def explain(self, board: int) -> str:
        """One board step by step, for a TD."""


class Kind(Protocol):
    """A kind of night workbook: pairs, teams or individual."""

    def check(self, asked: Asked) -> None:
        """Refuse what this kind cannot do, before anything is read."""

    def inputs(self, asked: Asked) -> list[Path]:
        """The files read, which no output may overwrite."""

    def suffixes(self, option: str) -> tuple[str, ...]:
        """The endings the output ``option`` names may have."""

    def read(self, asked: Asked) -> Night:
        """Check, read and score the workbook."""


def board_not_played(number: int, played: Sequence[int]) -> ScoringError:
    """``explain --board`` a board with no result in the workbook: the boards it has."""
    boards = sorted(set(played))
    give = f"give one of the boards played: {number_runs(boards)}" if boards else ""
    if number < 1:
        return ScoringError(f"--board {number}: boards are numbered from 1: {give}")
    return ScoringError(f"--board {number}: board {number} has no result in the workbook: {give}")
