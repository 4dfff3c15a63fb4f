"""An individual event written to USEBIO and read back: the same figures."""

from __future__ import annotations

import datetime
from fractions import Fraction
from pathlib import Path

import pytest

from xlbridge.errors import ScoringError
from xlbridge.event import Adjustment, EventFacts, Pair, Player
from xlbridge.formats.usebio import (
    individual_usebio_document,
    read_usebio,
    read_usebio_individual,
)
from xlbridge.individual import (
    IndividualEvent,
    IndividualPlay,
    individual_movement,
    score_individual,
)
from xlbridge.pair import PairLabel


def _event() -> IndividualEvent:
    """Boards 1 and 2 of the 12-player card (one board a round), scored by hand in
    tests/core/test_individual.py, with a weighted ruling and a penalty added."""
    cells: dict[int, list[object]] = {1: [420, 400, -50], 2: [110, "60% 110; 40% -100", "A+/A-"]}
    movement = individual_movement(3, boards=11)
    plays = []
    for board, rnd, table, seat in movement.traveller_rows():
        if board in cells:
            plays.append(
                IndividualPlay(board, *seat.players, cells[board].pop(0), f"row {rnd}.{table}")
            )
    players = tuple(
        Pair(PairLabel(str(n)), f"Player {n}", players=(Player(f"Player {n}", f"{1000 + n}"),))
        for n in range(1, 13)
    )
    facts = EventFacts("Christmas individual", datetime.date(2026, 12, 22), club="Acol")
    penalty = Adjustment(PairLabel("1"), Fraction(-1, 2), board=1, reason="slow play")
    return IndividualEvent(players, tuple(plays), (penalty,), facts=facts)


def _figures(event: IndividualEvent) -> dict[str, tuple[Fraction, Fraction | None, str]]:
    result = score_individual(event)
    return {str(p.pair.label): (p.total, p.percentage, p.rank) for p in result.pairs}


def test_the_file_reads_back_with_the_same_figures(tmp_path: Path) -> None:
    event = _event()
    result = score_individual(event)
    path = tmp_path / "individual.xml"
    path.write_bytes(individual_usebio_document(event, result))
    read = read_usebio_individual(path)
    assert _figures(read.event) == _figures(event)
    assert read.event.facts.name == "Christmas individual"
    assert read.event.facts.date == datetime.date(2026, 12, 22)
    three = next(p for p in read.event.players if p.label == PairLabel("3"))
    assert (three.names, three.players[0].national_id) == ("Player 3", "1003")
    # player 3: board 1 4 of 4 (EW of the -50), board 2 A+ raised to its 100%: 8, 100%
    assert read.published[PairLabel("3")] == ("8", "100", "1")
    # player 5: board 1 0 (EW of the 420), board 2 A- lowered to its 0%: last
    assert read.published[PairLabel("5")] == ("0", "0", "12")
    text = path.read_text(encoding="utf-8")
    assert '<EVENT EVENT_TYPE="INDIVIDUAL">' in text
    assert "<NORTH_PLAYER_NUMBER>12</NORTH_PLAYER_NUMBER>" in text


def test_a_pairs_reader_still_refuses_an_individual_and_the_individual_reader_pairs(
    tmp_path: Path,
) -> None:
    event = _event()
    path = tmp_path / "individual.xml"
    path.write_bytes(individual_usebio_document(event, score_individual(event)))
    with pytest.raises(ScoringError, match="an individual event"):
        read_usebio(path)
    pairs = tmp_path / "pairs.xml"
    pairs.write_text(
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"></EVENT></USEBIO>', encoding="utf-8"
    )
    with pytest.raises(ScoringError, match="'MP_PAIRS' is not an individual event"):
        read_usebio_individual(pairs)
