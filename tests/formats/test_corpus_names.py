"""The bad-input corpus: names and text survive every round trip (issue 35, class 2).

The small night with the names a club types: a name on two lines (Alt+Enter in
its cell), an event title on two lines, a ``/`` inside a name, capitals that
matter (McDonald, LaFrancesca, van der Berg, O'Neill, a surname typed in
capitals), quotes.  ``xlbridge score`` writes the results workbook, the page,
USEBIO and PBN; ``xlbridge import`` reads the USEBIO and the PBN back.  Each
output is valid for its format and holds the same text; nothing is re-cased.

PBN allows no line break inside a tag's value or a table's entry: there a line
break is written as one space (docs/formats.md); the workbook, the page and
USEBIO keep it.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from openpyxl import load_workbook

from xlbridge.cli import main
from xlbridge.formats import read_published
from xlbridge.formats.pbn import read_games

#: Pairs sheet row -> (player 1, player 2), as typed in D and F (and "1 & 2" in Players).
PLAYERS = {
    2: ("Mary\nMcDonald", 'Bob "Sonny" LaFrancesca'),
    3: ("Piet van der Berg", "Seán O'Neill"),
    4: ("Ann Smith/Jones", "DE LA RUE"),
}
#: Pairs sheet row -> the Players cell alone (the player columns left blank)
NAMES_ONLY = {
    5: "Jo McKay/Di MacLeod",
    6: "Smith/Jones & d'Arcy",
}
#: ... and the players USEBIO lists for them (a "/" parts two players only where no "&" does)
NAMES_ONLY_PLAYERS = {5: ("Jo McKay", "Di MacLeod"), 6: ("Smith/Jones", "d'Arcy")}
EVENT = "Tuesday Pairs\nSpring League / Heat 1"


def named_night(small_night: Path, folder: Path) -> Path:
    wb = load_workbook(small_night)
    pairs, settings = wb["Pairs"], wb["Settings"]
    for row, (first, second) in PLAYERS.items():
        pairs[f"B{row}"], pairs[f"D{row}"], pairs[f"F{row}"] = f"{first} & {second}", first, second
    for row, names in NAMES_ONLY.items():
        pairs[f"B{row}"], pairs[f"D{row}"], pairs[f"F{row}"] = names, None, None
        pairs[f"E{row}"], pairs[f"G{row}"] = None, None
    assert settings["A2"].value == "Event"
    settings["B2"] = EVENT
    night = folder / "night.xlsx"
    wb.save(night)
    return night


def sheet_rows(path: Path, sheet: str) -> list[tuple[Any, ...]]:
    """The rows of a sheet of the workbook at ``path`` (values), the file closed."""
    wb = load_workbook(path, read_only=True)
    try:
        return list(wb[sheet].iter_rows(values_only=True))
    finally:
        wb.close()


def typed_names(night: Path) -> dict[str, str]:
    """Pair number -> the Players cell as typed."""
    return {str(r[0]): r[1] for r in sheet_rows(night, "Pairs")[1:] if r[0] is not None}


def scored(small_night: Path, folder: Path, capsys) -> tuple[Path, dict[str, str]]:
    night = named_night(small_night, folder)
    outputs = ["-o", "out.xlsx", "--html", "out.html", "--pbn", "out.pbn", "--usebio", "out.xml"]
    named = [word if word.startswith("-") else str(folder / word) for word in outputs]
    assert main(["score", str(night), *named]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return night, typed_names(night)


def test_the_results_workbook_keeps_every_name_and_the_title(small_night, tmp_path, capsys):
    _, typed = scored(small_night, tmp_path, capsys)
    out = tmp_path / "out.xlsx"
    ranking = {str(row[1]): row[2] for row in sheet_rows(out, "Ranking") if row[2]}
    assert ranking["1"] == 'Mary\nMcDonald & Bob "Sonny" LaFrancesca'
    assert ranking["2"] == "Piet van der Berg & Seán O'Neill"
    assert ranking["3"] == "Ann Smith/Jones & DE LA RUE"
    assert ranking["4"] == "Jo McKay/Di MacLeod"
    assert ranking["5"] == "Smith/Jones & d'Arcy"
    assert all(ranking[pair] == names for pair, names in typed.items())
    assert sheet_rows(out, "Settings")[1][1] == EVENT


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self._in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        self.texts.append(data)


def test_the_page_keeps_every_name_and_the_title(small_night, tmp_path, capsys):
    _, typed = scored(small_night, tmp_path, capsys)
    page = (tmp_path / "out.html").read_text(encoding="utf-8")
    assert "Bob &quot;Sonny&quot; LaFrancesca" in page  # escaped, and read back as typed
    parser = _Texts()
    parser.feed(page)
    for names in typed.values():
        assert names in parser.texts, names
    assert parser.title.startswith(EVENT + ", ")


def test_usebio_keeps_every_name_and_reads_back_the_same(small_night, tmp_path, capsys):
    _, typed = scored(small_night, tmp_path, capsys)
    root = ElementTree.parse(tmp_path / "out.xml").getroot()
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == EVENT
    listed = {
        pair.findtext("PAIR_NUMBER"): tuple(p.findtext("PLAYER_NAME") for p in pair.iter("PLAYER"))
        for pair in root.iter("PAIR")
    }
    assert listed["1"] == PLAYERS[2] and listed["2"] == PLAYERS[3] and listed["3"] == PLAYERS[4]
    assert listed["4"] == NAMES_ONLY_PLAYERS[5] and listed["5"] == NAMES_ONLY_PLAYERS[6]
    back = read_published(tmp_path / "out.xml")
    assert back.event.facts.name == EVENT
    players = {p.label: tuple(player.name for player in p.players) for p in back.event.pairs}
    assert players == {label: tuple(names) for label, names in listed.items() if names}
    # xlbridge import: the workbook's Pairs sheet holds each player as typed
    imported = tmp_path / "from-usebio.xlsx"
    assert main(["import", str(tmp_path / "out.xml"), "-o", str(imported)]) == 0
    rows = {str(r[0]): (r[3], r[5]) for r in sheet_rows(imported, "Pairs")[1:] if r[0]}
    assert rows["1"] == PLAYERS[2] and rows["2"] == PLAYERS[3] and rows["3"] == PLAYERS[4]
    assert sheet_rows(imported, "Settings")[1][1] == EVENT
    assert typed["1"] == " & ".join(PLAYERS[2])


def test_pbn_is_valid_and_reads_back_the_names_with_a_space_for_a_line_break(
    small_night, tmp_path, capsys
):
    _, typed = scored(small_night, tmp_path, capsys)
    text = (tmp_path / "out.pbn").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("["):
            assert line.endswith("]"), line  # every tag pair on its one line
    games = read_games(text)
    assert games[0].value("Event") == "Tuesday Pairs Spring League / Heat 1"
    back = read_published(tmp_path / "out.pbn")
    assert back.event.facts.name == "Tuesday Pairs Spring League / Heat 1"
    names = {p.label: p.names for p in back.event.pairs}
    assert names == {pair: typed[pair].replace("\n", " ") for pair in typed}
    assert names["1"] == 'Mary McDonald & Bob "Sonny" LaFrancesca'
    imported = tmp_path / "from-pbn.xlsx"
    assert main(["import", str(tmp_path / "out.pbn"), "-o", str(imported)]) == 0
    rows = {str(r[0]): r[1] for r in sheet_rows(imported, "Pairs")[1:] if r[0]}
    assert rows == names


def test_the_terminal_ranking_prints_a_two_line_name_on_one_line(small_night, tmp_path, capsys):
    night = named_night(small_night, tmp_path)
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx")]) == 0
    out = capsys.readouterr().out
    assert (
        '   7     1  Mary McDonald & Bob "Sonny" LaFrancesca       3  18.00   42  42.86'
        in out.splitlines()
    )


def test_a_name_on_two_lines_put_on_one_in_pbn_is_said_naming_its_cell(
    small_night, tmp_path, capsys
):
    """PBN can carry no line break: the name and the title written there on one line are
    said, each naming where it was typed, so no text is changed without a word."""
    night = named_night(small_night, tmp_path)
    assert main(["score", str(night), "-o", str(tmp_path / "a.xlsx")]) == 0
    assert "PBN" not in capsys.readouterr().err  # no PBN file asked for: nothing to say
    out = ["-o", str(tmp_path / "b.xlsx"), "--pbn", str(tmp_path / "b.pbn")]
    assert main(["score", str(night), *out]) == 0
    err = capsys.readouterr().err
    assert (
        "note: Pairs!B2: pair 1's names, typed on 2 lines, are written to the PBN file on one "
        'line ("Mary McDonald & Bob "Sonny" LaFrancesca")'
    ) in err
    assert (
        "note: Settings (event): the event's name, typed on 2 lines, is written to the PBN file "
        'on one line ("Tuesday Pairs Spring League / Heat 1")'
    ) in err
    assert err.count("PBN file on one line") == 2  # the names typed on one line: nothing said
