"""Every file xlbridge writes reads back through xlbridge with the same figures (issue 22 item 4).

The matrix: format (USEBIO 1.2, USEBIO 1.3, PBN) x numbering (a Howell, a
Mitchell numbered in each direction, a Mitchell numbered straight through) x
kind of score (plain, weighted, split, artificial, NP, NP A60/0, a fouled
board, adjustments).  Each case is written, imported with ``xlbridge import``
(a filled workbook), read back and rescored; every line's figures and every
pair's total, percentage and rank are the original's, exactly, and so are the
contracts, the players and the date.

And the done-when check of issue 22, from outside: a 5-table Mitchell made by
``xlbridge new``, NS scores typed with one weighted ruling and the date typed
as text, scored with ``--usebio`` and ``--pbn``; both files imported back and
scored give every line's matchpoints as the original, and both carry the date.
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xlbridge.cli import main
from xlbridge.contract import PlayedContract, board_vulnerability
from xlbridge.event import (
    Adjustment,
    AdjustmentUnit,
    Event,
    EventFacts,
    Pair,
    Play,
    Player,
    ScoringForm,
    Settings,
)
from xlbridge.formats.pbn import format_results, read_games
from xlbridge.formats.usebio import usebio_document
from xlbridge.result import Result, parse_result
from xlbridge.scored import EventResult
from xlbridge.session import score_event
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reader import read_workbook

DAY = datetime.date(2026, 11, 24)

#: Contracts each board's tables play (scored by Law 77 at the board's vulnerability).
CONTRACTS = ("2S= N", "2S+1 N", "3NT-1 S", "4H= E", "1NT+1 W", "3C= S")

#: Each kind of score: the cells it puts on the traveller (board, table) -> cell, its
#: versions, its adjustments.
KINDS = {
    "plain": {},
    "weighted": {(2, 1): "60% 110; 40% -100"},
    "weighted thirds": {(3, 2): "1/3 420; 2/3 -50"},
    "split": {(2, 1): "NS: 140 | EW: 110"},
    "artificial": {(2, 1): "A+/A-", (3, 3): "A55.5/44.5"},
    "not played": {(2, 1): "NP"},
    "absent pair": {(2, 1): "NP A60/0"},
    "fouled": {},
    "adjustments": {},
}

NUMBERINGS = ("howell", "mitchell by direction", "mitchell through")
FORMATS = ("usebio 1.2", "usebio 1.3", "pbn")


def _labels(numbering: str) -> tuple[list[str], list[str]]:
    """The NS and EW pairs of table 1 to 3."""
    if numbering == "mitchell by direction":
        return [f"NS {t}" for t in (1, 2, 3)], [f"EW {t}" for t in (1, 2, 3)]
    if numbering == "mitchell through":
        return ["1", "2", "3"], ["4", "5", "6"]
    return ["1", "2", "3"], ["4", "5", "6"]


def matrix_event(numbering: str, kind: str, form: ScoringForm = ScoringForm.MATCHPOINTS) -> Event:
    """Four boards at three tables, with the ``kind`` of score on it."""
    ns_pairs, ew_pairs = _labels(numbering)
    cells = KINDS[kind]
    plays = []
    for board in range(1, 5):
        for table in range(1, 4):
            ns, ew = ns_pairs[table - 1], ew_pairs[(table + board) % 3]
            if numbering == "howell" and board % 2 == 0:
                ns, ew = ew, ns  # a Howell's pairs sit both ways: one field
            played = PlayedContract.parse(CONTRACTS[(board + 2 * table) % len(CONTRACTS)])
            typed = cells.get((board, table))
            if typed is None:
                result = Result.of(played.score(board_vulnerability(board)))
            else:
                result, played = parse_result(typed), None
            version = ""
            if kind == "fouled" and board == 4:
                version = "A" if table < 3 else "B"
            source = f"Travellers!G{len(plays) + 2}"
            plays.append(Play(board, ns, ew, result, source, version, played))
    pairs = [
        Pair(
            label,
            f"Ann {i} & Bob {i}",
            "",
            (Player(f"Ann {i}", str(1000 + i)), Player(f"Bob {i}", guest=True)),
        )
        for i, label in enumerate(ns_pairs + ew_pairs, start=1)
    ]
    adjustments = ()
    if kind == "adjustments":
        adjustments = (
            Adjustment(ns_pairs[0], Fraction(-1), AdjustmentUnit.MATCHPOINTS, 2, "slow play"),
            Adjustment(ew_pairs[1], Fraction(-10), AdjustmentUnit.PERCENT_OF_TOP, None, "phone"),
        )
    facts = EventFacts("Round trip", DAY, "Acol", "9999")
    return Event(tuple(pairs), tuple(plays), adjustments, Settings(form=form), facts)


def write(result: EventResult, fmt: str, folder: Path) -> Path:
    if fmt == "pbn":
        path = folder / "event.pbn"
        path.write_text(format_results(result), encoding="utf-8")
    else:
        path = folder / "event.xml"
        path.write_bytes(usebio_document(result, version=fmt.split()[1]))
    return path


def figures(
    result: EventResult, players: bool = True
) -> dict[tuple[object, ...], tuple[object, ...]]:
    """Every line's figures, contract and cell, and every pair's total, percentage and rank
    (and its players, national numbers included: PBN has only the names)."""
    found: dict[tuple[object, ...], tuple[object, ...]] = {}
    for board in result.boards:
        for scored in board.plays:
            play = scored.play
            key = ("line", play.board, play.version, str(play.ns), str(play.ew))
            found[key] = (scored.ns_score, scored.ew_score, play.played, play.result)
    for pair in result.pairs:
        found[("pair", str(pair.pair.label))] = (
            pair.rank,
            pair.field,
            pair.total,
            pair.percentage,
            pair.score,
            pair.pair.names,
            pair.pair.players if players else (),
        )
    return found


def read_back(path: Path, folder: Path, capsys: pytest.CaptureFixture[str]) -> EventResult:
    """``xlbridge import`` the file, then read and score the workbook it wrote."""
    night = folder / "imported.xlsx"
    capsys.readouterr()
    assert main(["import", str(path), "-o", str(night)]) == 0
    assert "every one reproduced" in capsys.readouterr().out
    return score_event(read_workbook(night).event)


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("numbering", NUMBERINGS)
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_file_reads_back_with_the_same_figures(fmt, numbering, kind, tmp_path, capsys):
    original = score_event(matrix_event(numbering, kind))
    again = read_back(write(original, fmt, tmp_path), tmp_path, capsys)
    assert figures(again, fmt != "pbn") == figures(original, fmt != "pbn")
    # the files do not name the movement: the import writes Mitchell or other; PBN has no
    # place for the club's number (its Site is the club)
    facts = replace(again.event.facts, movement="")
    assert facts == replace(original.event.facts, club_number=facts.club_number)
    assert facts.club_number == ("" if fmt == "pbn" else "9999")
    assert again.event.adjustments == tuple(
        replace_source(a, b)
        for a, b in zip(original.event.adjustments, again.event.adjustments, strict=False)
    )


def replace_source(original: Adjustment, again: Adjustment) -> Adjustment:
    return replace(original, source=again.source)


@pytest.mark.parametrize("form", [ScoringForm.BUTLER, ScoringForm.CROSS_IMPS])
@pytest.mark.parametrize("fmt", FORMATS)
def test_imp_events_read_back_with_the_same_figures(fmt, form, tmp_path, capsys):
    original = score_event(matrix_event("mitchell by direction", "weighted", form))
    again = read_back(write(original, fmt, tmp_path), tmp_path, capsys)
    assert figures(again, fmt != "pbn") == figures(original, fmt != "pbn")


def test_what_other_programs_read_stays_a_number(tmp_path):
    """SCORE is a whole number of points (the weighted mean, rounded) or ``A6040``; the exact
    cell is an ``<?xlbridge cell ...?>`` instruction other readers skip."""
    import defusedxml.ElementTree as SafeET

    result = score_event(matrix_event("mitchell by direction", "weighted"))
    data = usebio_document(result)
    assert b'<?xlbridge cell score="60% 110; 40% -100"?>' in data
    scores = [line.findtext("SCORE") for line in SafeET.fromstring(data).iter("TRAVELLER_LINE")]
    assert all(s.lstrip("-").isdigit() or s.startswith("A") for s in scores)
    assert "26" in scores  # 60% of 110 and 40% of -100, in points
    numbers = {p.findtext("PAIR_NUMBER") for p in SafeET.fromstring(data).iter("PAIR")}
    assert numbers == {"1NS", "2NS", "3NS", "1EW", "2EW", "3EW"}  # as Compscore3 writes them


# --- the done-when check of issue 22 ----------------------------------------------------------

#: NS scores typed on the traveller (possible at every vulnerability), cycled.
TYPED = (110, 140, -110, 120, -140, 130, 0, -120, 110, 140)
WEIGHTED = "60% 110; 40% -100"


def test_a_mitchell_made_typed_and_scored_reads_back_from_usebio_and_pbn(tmp_path, capsys):
    night = tmp_path / "night.xlsx"
    command = ["new", str(night), "--movement", "mitchell", "--tables", "5", "--boards", "10"]
    assert main(command) == 0
    wb = load_workbook(night)
    travellers = wb[L.TRAVELLERS]
    rows = [row for row in range(2, travellers.max_row + 1) if travellers.cell(row, 1).value]
    assert len(rows) == 50  # 10 boards at 5 tables
    for index, row in enumerate(rows):
        travellers.cell(row, 7, TYPED[index % len(TYPED)])
    travellers.cell(rows[7], 7, WEIGHTED)  # one weighted ruling
    settings = wb[L.SETTINGS]
    settings.cell(L.setting_row("EventDate"), 2, "24/11/2026")  # the date typed as text
    settings.cell(L.setting_row("EventName"), 2, "Tuesday pairs")
    wb.save(night)

    xml, pbn = tmp_path / "night.xml", tmp_path / "night.pbn"
    command = ["score", str(night), "-o", str(tmp_path / "results.xlsx")]
    assert main([*command, "--usebio", str(xml), "--pbn", str(pbn)]) == 0
    capsys.readouterr()
    original = score_event(read_workbook(night).event)
    assert original.event.facts.date == DAY
    weighted = [
        s for b in original.boards for s in b.plays if s.play.result == parse_result(WEIGHTED)
    ]
    assert len(weighted) == 1

    # both files carry the date, as each format writes one
    assert "<DATE>24/11/2026</DATE>" in xml.read_text(encoding="utf-8")
    assert {game.value("Date") for game in read_games(pbn.read_text(encoding="utf-8"))} == {
        "2026.11.24"
    }
    for path in (xml, pbn):
        folder = tmp_path / path.suffix[1:]
        folder.mkdir()
        again = read_back(path, folder, capsys)
        assert again.event.facts.date == DAY
        assert figures(again, path is xml) == figures(original, path is xml), path.name
