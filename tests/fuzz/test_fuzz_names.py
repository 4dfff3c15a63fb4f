"""Names and text typed in a pairs night, through every output and read back (issue 35,
item 8: nothing a user typed is ever changed, dropped or re-cased without a word).

A night (the example night of a seed, cut to boards 1-4) gets a pair's players (Pairs!B),
its first player (Pairs!D), the event's name (Settings!B2) and the club's (Settings!B21)
typed as people type them: a line break inside the cell (Alt+Enter), ``/``, quotes, ``&``,
``<``, capitals that matter (McDonald, LaFrancesca, van der Berg), letters beyond ASCII,
or random text of those.  ``xlbridge score`` writes the results workbook, the page, USEBIO
and PBN; each is read back and must hold each text exactly as typed (the cell's
surrounding spaces aside), except where a message names the cell.  PBN has no line break
in a string: there each is one space, as docs/formats.md says.  Half the nights' USEBIO
and PBN files (none in the fast tier) are also imported again (``xlbridge import``): the
workbook made holds the same names.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from openpyxl import load_workbook
from support import tiers
from support.fuzzing import fuzz, python_leaks
from support.workbook_mutations import NAMES, night

from xlbridge.cli import main
from xlbridge.formats.pbn.syntax import read_games

CI_EXAMPLES = 10  # 5 while working: each runs the whole command with four outputs
LONG_EXAMPLES = 300

#: Where each text is typed: the pair's players, its first player, the event, the club.
CELLS = ("Pairs!B{row}", "Pairs!D{row}", "Settings!B2", "Settings!B21")

#: Letters, marks and the punctuation names hold, with spaces and line breaks between.
TEXT = st.text(
    st.one_of(
        st.characters(categories=("Lu", "Ll", "Lt", "Lo", "Mn")),
        st.sampled_from(" \n/&<>\"'-.,;()"),
    ),
    min_size=1,
    max_size=24,
).filter(lambda text: text.strip() and text.strip()[0] not in "=+-@")


class Cells(HTMLParser):
    """The text of every table cell and heading of a page, as a browser's source has it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag in ("td", "h1", "title"):
            self._open = True
            self.texts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "h1", "title"):
            self._open = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self.texts[-1] += data


def pbn_text(text: str) -> str:
    """``text`` as PBN holds it: each line break one space (docs/formats.md)."""
    return re.sub(r"\r\n|[\r\n]", " ", text)


def check(seed: int, row: int, texts: tuple[str, ...], folder: Path, round_trip: bool) -> str:
    """Score the night with ``texts`` typed; read every output back (``round_trip``: also
    import the USEBIO and PBN files written, as another club would)."""
    cells = [cell.format(row=row) for cell in CELLS]
    wb = load_workbook(io.BytesIO(night(seed).data))
    for cell, text in zip(cells, texts, strict=True):
        sheet, ref = cell.split("!")
        wb[sheet][ref] = text
    path = folder / "night.xlsx"
    wb.save(path)
    outputs = {suffix: folder / f"out{suffix}" for suffix in (".xlsx", ".html", ".xml", ".pbn")}
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main([
            "score", str(path), "-o", str(outputs[".xlsx"]), "--html", str(outputs[".html"]),
            "--usebio", str(outputs[".xml"]), "--pbn", str(outputs[".pbn"]),
        ])  # fmt: skip
    said = out.getvalue() + err.getvalue()
    assert not python_leaks(said), (texts, said)
    if status == 2:  # refused: one message naming a cell typed in
        assert any(cell in said for cell in cells), (texts, said)
        return "refused"
    assert status == 0, (texts, said)
    players, player, event_name, club = (text.strip() for text in texts)
    named = {cell: cell in said for cell in cells}

    def same(found: bool, cell: str, where: str) -> None:
        assert found or named[cell], (texts, where, cell)

    # the results workbook: the players on the ranking, the event on the score cards
    book = load_workbook(outputs[".xlsx"], read_only=True)
    shown = {c for ws in book for line in ws.iter_rows(values_only=True) for c in line if c}
    book.close()
    same(players in shown, cells[0], "results workbook")
    same(any(isinstance(c, str) and c.startswith(event_name) for c in shown), cells[2], "xlsx")
    # the page: a table cell holds the players, the heading the event
    page = Cells()
    page.feed(outputs[".html"].read_text(encoding="utf-8"))
    same(players in page.texts, cells[0], "page")
    same(any(t.startswith(event_name) for t in page.texts), cells[2], "page")
    # USEBIO: the first player's name, the event's, the club's
    root = ElementTree.parse(outputs[".xml"]).getroot()
    same(player in [e.text for e in root.iter("PLAYER_NAME")], cells[1], "USEBIO")
    same(root.findtext(".//EVENT_DESCRIPTION") == event_name, cells[2], "USEBIO")
    same(root.findtext(".//CLUB_NAME") == club, cells[3], "USEBIO")
    # PBN: the event's name and the players in the total score table
    games = read_games(outputs[".pbn"].read_text(encoding="utf-8"))
    same(games[0].value("Event") == pbn_text(event_name), cells[2], "PBN")
    table = next(g.table("TotalScoreTable") for g in games if g.tag("TotalScoreTable"))
    assert table is not None
    entries = {entry for line in table.rows for entry in line}
    same(pbn_text(players) in entries, cells[0], "PBN")
    if not round_trip:
        return "written and read back"
    # imported again (xlbridge import): the USEBIO file's names, the PBN file's
    for source, expect in (
        (".xml", {cells[1]: player, cells[2]: event_name, cells[3]: club}),
        (".pbn", {cells[0]: pbn_text(players), cells[2]: pbn_text(event_name)}),
    ):
        book_path = folder / f"imported{source}.xlsx"
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = main(["import", str(outputs[source]), "-o", str(book_path)])
        assert status == 0, (texts, source, err.getvalue())
        book = load_workbook(book_path, read_only=True)
        listed = {c for line in book["Pairs"].iter_rows(values_only=True) for c in line if c}
        event_cell, club_cell = book["Settings"]["B2"].value, book["Settings"]["B21"].value
        book.close()
        for cell, text in expect.items():
            found = {cells[2]: event_cell == text, cells[3]: club_cell == text}
            same(found.get(cell, text in listed), cell, f"imported {source}")
    return "written, read back and imported"


texts = st.tuples(*[st.one_of(st.sampled_from(NAMES), TEXT)] * len(CELLS))
#: The imports again: in the full tier and the long run (the fast tier keeps to its budget).
round_trips = st.just(False) if tiers.TIER == "fast" else st.booleans()


@fuzz(CI_EXAMPLES)
@given(seed=st.just(0), row=st.integers(2, 18), texts=texts, round_trip=round_trips)
def test_names_are_written_and_read_back_as_typed(
    tmp_path_factory: pytest.TempPathFactory,
    seed: int,
    row: int,
    texts: tuple[str, ...],
    round_trip: bool,
) -> None:
    check(seed, row, texts, tmp_path_factory.mktemp("names"), round_trip)


@pytest.mark.slow
@fuzz(long=LONG_EXAMPLES)
@given(seed=st.integers(0, 11), row=st.integers(2, 18), texts=texts, round_trip=st.booleans())
def test_many_names(
    tmp_path_factory: pytest.TempPathFactory,
    seed: int,
    row: int,
    texts: tuple[str, ...],
    round_trip: bool,
) -> None:
    outcome = check(seed, row, texts, tmp_path_factory.mktemp("names"), round_trip)
    event(outcome)
    if "XLBRIDGE_FUZZ_LOG" in os.environ:
        with open(os.environ["XLBRIDGE_FUZZ_LOG"], "a", encoding="utf-8") as log:
            log.write(f"names: {outcome}\n")
