"""A pairs night as :mod:`xlbridge.workbook.shared.night` asks of one kind: its outputs,
the hand records, what is still to come."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import ScoringError
from xlbridge.formats.pbn.syntax import line_breaks, one_line
from xlbridge.outputs import OutputPlan
from xlbridge.places import CellPlace, Problem
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.night import (
    HTML_SUFFIXES,
    PBN_SUFFIXES,
    WORKBOOK_SUFFIXES,
    ScoredNight,
    hand_records_setting,
    html_writer,
    pbn_writer,
    results_writer,
    score_night,
)
from xlbridge.workbook.shared.night import Asked, Say

if TYPE_CHECKING:
    from xlbridge.hands import SessionHands

__all__ = ["PAIRS", "PairsKind", "PairsNight"]

_SUFFIXES = {
    "-o": WORKBOOK_SUFFIXES,
    "--html": HTML_SUFFIXES,
    "--pbn": PBN_SUFFIXES,
    "--usebio": (".xml",),
}


class PairsKind:
    """The club-pairs workbook."""

    def check(self, asked: Asked) -> None:
        """A pairs night writes every output."""

    def inputs(self, asked: Asked) -> list[Path]:
        return [path for path in (asked.night, asked.hands, asked.players) if path is not None]

    def suffixes(self, option: str) -> tuple[str, ...]:
        return _SUFFIXES[option]

    def read(self, asked: Asked) -> PairsNight:
        return PairsNight(asked, score_night(asked.night, players=asked.players))


PAIRS = PairsKind()


@dataclass
class PairsNight:
    """A pairs night scored, with the hand records once :meth:`prepare` has read them."""

    asked: Asked
    scored: ScoredNight
    hands: SessionHands | None = None

    @property
    def warnings(self) -> Sequence[Problem]:
        return self.scored.warnings

    def provisional(self, asked: Asked, say: Say) -> None:
        """Say what is still to come; refuse the outputs that are final results only."""
        from xlbridge.workbook.pairs.reader import to_come_summary

        scored, usebio, pbn = self.scored, asked.usebio, asked.pbn
        if not scored.night.provisional:
            return
        for line in to_come_summary(scored.night.to_come):
            say(line)
        final = [
            name for name, given in (("--usebio", usebio), ("--pbn", pbn)) if given is not None
        ]
        if final:
            raise ScoringError(
                f"the results are provisional ({scored.night.event.provisional}): "
                f"{' and '.join(final)} {'are' if len(final) > 1 else 'is'} written for the final "
                "results only (the file for the national body, the published record): type the "
                "missing results, or leave out " + " and ".join(final)
            )

    def prepare(self, plan: OutputPlan, say: Say) -> None:
        """The hand records: given, or named by the Settings sheet (then checked as an input)."""
        hands_path = self.asked.hands
        if hands_path is None:
            hands_path = hand_records_setting(self.asked.night, self.scored.night)
            if hands_path is not None:
                plan.inputs.append(hands_path)
                plan.check()
        self.hands = _session_hands(hands_path, self.scored, say)
        if self.asked.pbn is not None:
            for line in _one_line_in_pbn(self.scored):
                say(f"note: {line}")

    def write(self, option: str, tmp: Path) -> None:
        night, scored, hands = self.asked.night, self.scored, self.hands
        if option == "-o":
            results_writer(night, scored, hands)(tmp)
        elif option == "--html":
            html_writer(scored.result, hands)(tmp)
        elif option == "--pbn":
            pbn_writer(night, scored.result, hands)(tmp)
        else:
            _usebio_writer(night, scored, self.asked.usebio_version, hands)(tmp)

    def written(self) -> None:
        if self.hands is not None:
            from xlbridge.formats.hand_records import save_cache

            save_cache(self.hands)

    def ranking_text(self) -> str:
        from xlbridge.workbook.pairs.present import format_ranking

        return format_ranking(self.scored.result)

    def explain(self, board: int) -> str:
        from xlbridge.settings import ScoringForm
        from xlbridge.workbook.pairs.present import explain_board

        form = self.scored.result.event.settings.form
        if form is not ScoringForm.MATCHPOINTS:
            where = self.scored.night.scoring_cell or "Settings"
            shown = "Butler IMPs" if form is ScoringForm.BUTLER else "cross-IMPs"
            raise ScoringError(
                f"this night is scored in {shown}; explain shows a matchpoint board step by "
                "step, not IMPs: each table's IMPs are on the Board results sheet of the "
                f"results workbook (xlbridge score {self.asked.night})",
                where,
            )
        return explain_board(self.scored.result, board)


def _usebio_writer(
    night: Path, scored: ScoredNight, version: str, hands: SessionHands | None = None
) -> Callable[[Path], None]:
    """What fills the USEBIO file of a scored night (a function of the file to fill).

    The club, the date and the players are the night's, read with it; the hand
    records, when given, are its HANDSET.
    """
    from xlbridge.formats.usebio import usebio_document

    del night
    deals = {} if hands is None else {b: h.record.deal for b, h in hands.boards.items()}
    data = usebio_document(scored.result, version=version, hands=deals)

    def write(tmp: Path) -> None:
        tmp.write_bytes(data)

    return write


def _session_hands(path: Path | None, scored: ScoredNight, say: Say) -> SessionHands | None:
    """The hand records at ``path`` for the night's boards (warnings said), or ``None``."""
    if path is None:
        return None
    from xlbridge.formats.hand_records import load_hands
    from xlbridge.report import number_runs

    hands = load_hands(path)
    for warning in hands.warnings:
        say(f"warning: {warning}")
    played = sorted({board.board for board in scored.result.boards})
    missing = [number for number in played if hands.get(number) is None]
    if missing:
        listed = ", ".join(str(number) for number in missing)
        say(f"warning: {path.name} has no deal for board {listed}")
    extra = sorted(set(hands.boards) - set(played))
    if extra:
        say(
            f"note: {path.name} also deals board {number_runs(extra)}, not played tonight: "
            "left out (is it the right file?)"
        )
    return hands


def _one_line_in_pbn(scored: ScoredNight) -> list[str]:
    """Each name or title typed on two lines (Alt+Enter), which the PBN file can only carry on
    one: said, naming its cell, so that no text is changed without a word."""
    said: list[str] = []
    event = scored.result.event
    if line_breaks(event.name or ""):
        said.append(
            str(
                Problem(
                    f"{L.SETTINGS} (event)",
                    f"the event's name, typed on {line_breaks(event.name) + 1} lines, is "
                    f'written to the PBN file on one line ("{one_line(event.name)}"): PBN has '
                    "no line break in a tag",
                )
            )
        )
    for pair in event.pairs:
        texts = [pair.names, *(player.name for player in pair.players)]
        broken = next((text for text in texts if line_breaks(text)), None)
        if broken is None:
            continue
        place = pair.source.at("B") if isinstance(pair.source, CellPlace) else L.PAIRS
        said.append(
            str(
                Problem(
                    place,
                    f"pair {pair.label}'s names, typed on {line_breaks(broken) + 1} lines, are "
                    f'written to the PBN file on one line ("{one_line(broken)}"): PBN has no '
                    "line break in a name (the results workbook, the web page and USEBIO keep it)",
                )
            )
        )
    return said
