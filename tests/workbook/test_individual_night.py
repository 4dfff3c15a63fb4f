"""``xlbridge new --individual`` and ``xlbridge score`` on an individual workbook.

The figures are worked by hand from the 12-player card ("12 players, 11 rounds,
22 boards"): round 1 seats N12 S1 E5 W10 at table 1, N7 S11 E8 W9 at table 2,
N2 S4 E3 W6 at table 3, boards 1-2 at table 1, 11-12 at table 2, 13-14 at
table 3; players 1 to 11 and the board sets move on one number a round.
Every table 1 scores NS 140, table 2 NS 110, table 3 NS 100, so on a board
(top 4) table 1's NS get 4 and EW 0, table 2 both 2, table 3 NS 0 and EW 4.
Player 12 (North at table 1 throughout) makes 4 on each of 22 boards; each of
players 1 to 11 sits once in each of the 11 other round-1 seats, 2 boards
each: (4 + 0 + 0 + 2 x 4 + 0 + 0 + 4 + 4) x 2 = 40 of 88.  Board 1 at table
1 (round 1) is typed as 2C by North made instead: 90, below 100 and 110, so
on board 1 table 1's NS (12, 1) get 0 and its EW (5, 10) 4; table 2 (round
7: N2 S6 E3 W4) NS 4, EW 0; table 3 (round 6: N7 S9 E8 W11) NS 2, EW 2.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.nights import INDIVIDUAL_MATCHPOINTS as HAND
from support.nights import filled_individual

from xlbridge.cli import main
from xlbridge.formats.usebio import read_usebio_individual
from xlbridge.individual import individual_movement, score_individual
from xlbridge.pair import PairLabel


def _new(folder: Path, tables: int, *extra: str) -> Path:
    path = folder / f"ind{tables}.xlsx"
    assert main(["new", str(path), "--individual", "--tables", str(tables), *extra]) == 0
    return path


def _rows(path: Path) -> list[tuple[int, ...]]:
    ws = load_workbook(path)["Travellers"]
    return [tuple(int(c) for c in row[:7]) for row in ws.iter_rows(min_row=2, values_only=True)]


def _seats_check(rows: list[tuple[int, ...]]) -> tuple[dict[int, set[int]], dict[int, list[int]]]:
    """Each player's partners (every partner at most once) and opponents, a table a round."""
    tables = {(r[1], r[2]): r[3:7] for r in rows}  # (round, table): N, S, E, W
    partners: dict[int, list[int]] = {}
    opponents: dict[int, list[int]] = {}
    for north, south, east, west in tables.values():
        for one, other, against in (
            (north, south, (east, west)),
            (south, north, (east, west)),
            (east, west, (north, south)),
            (west, east, (north, south)),
        ):
            partners.setdefault(one, []).append(other)
            opponents.setdefault(one, []).extend(against)
    for player, found in partners.items():
        assert len(found) == len(set(found)), f"player {player} partners someone twice"
    return {p: set(f) for p, f in partners.items()}, opponents


def test_twelve_players_travellers_are_the_card(tmp_path: Path) -> None:
    rows = _rows(_new(tmp_path, 3))
    assert len(rows) == 66  # 22 boards, each at the 3 tables
    assert rows[0] == (1, 1, 1, 12, 1, 5, 10)  # board 1, round 1, table 1: N12 S1 E5 W10
    assert (13, 1, 3, 2, 4, 3, 6) in rows and (11, 1, 2, 7, 11, 8, 9) in rows
    assert (1, 7, 2, 2, 6, 3, 4) in rows and (1, 6, 3, 7, 9, 8, 11) in rows
    partners, opponents = _seats_check(rows)
    for player in range(1, 13):  # every player partners every other once
        assert partners[player] == set(range(1, 13)) - {player}
    assert all(opponents[12].count(other) == 2 for other in range(1, 12))
    assert 6 not in opponents[1] and 7 not in opponents[1]
    assert len(opponents[1]) == 22 and len(set(opponents[1])) == 9


def test_rainbow_five_tables_travellers_are_the_movement(tmp_path: Path) -> None:
    rows = _rows(_new(tmp_path, 5))
    assert len(rows) == 75  # 15 boards (3 a round), each at the 5 tables
    movement = individual_movement(5, 15)
    for board, rnd, table, *seated in rows:
        seat = movement.seat(rnd, table)
        assert board in seat.boards
        assert seated == [int(p.number) for p in seat.players]
    partners, opponents = _seats_check(rows)
    north, east, south, west = (set(range(1 + 5 * k, 6 + 5 * k)) for k in range(4))
    for player in north:  # every South player once as partner; every E and W once against
        assert partners[player] == south
        assert sorted(opponents[player]) == sorted(east | west)
    for player in east:
        assert partners[player] == west


def test_no_movement_refused_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", str(tmp_path / "four.xlsx"), "--individual", "--tables", "4"]) == 2
    err = capsys.readouterr().err
    assert "for 3, 5, 7, 11, 13 tables, not 4" in err
    assert not (tmp_path / "four.xlsx").exists()


def test_scored_to_hand_figures_and_usebio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = filled_individual(tmp_path)
    capsys.readouterr()
    out, xml = tmp_path / "out.xlsx", tmp_path / "night.xml"
    assert main(["score", str(night), "-o", str(out), "--usebio", str(xml)]) == 0
    printed = capsys.readouterr().out
    lines = printed.splitlines()
    assert lines[0] == "Winter individual, 24 November 2026"
    assert lines[3].split() == ["1", "12", "Ann", "Smith", "22", "84.00", "88", "95.45"]
    assert lines[4].split()[:2] == ["2=", "5"] and lines[4].split()[-1] == "50.00"
    assert lines[-3].split() == ["12", "1", "22", "36.00", "88", "40.91"]
    ranking = load_workbook(out)["Ranking"]
    assert load_workbook(out).sheetnames[0] == "Ranking"
    got = {row[1]: row[4] for row in ranking.iter_rows(min_row=2, values_only=True)}
    assert got == HAND
    travellers = load_workbook(out)["Travellers"]
    assert (travellers["L2"].value, travellers["M2"].value) == (0, 4)  # board 1 table 1
    published = read_usebio_individual(xml)
    rescored = score_individual(published.event)
    totals = {int(p.pair.label.number): p.total for p in rescored.pairs}
    assert totals == HAND
    assert published.published[PairLabel("12")][2] == "1"
    assert Fraction(published.published[PairLabel("1")][0]) == 36


@pytest.mark.parametrize(
    ("cell", "value", "words"),
    [
        ("D2", 5, "Travellers!D2: the movement seats player 12 North at table 1 in round 1, "
         "not player 5"),
        ("K3", 425, "Travellers!K3"),
        ("F4", "x", "Travellers!F4: 'x' is not a player number"),
    ],
)  # fmt: skip
def test_slip_refused_naming_the_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str, value: object, words: str
) -> None:
    night = filled_individual(tmp_path)
    capsys.readouterr()
    wb = load_workbook(night)
    wb["Travellers"][cell] = value
    wb.save(night)
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx")]) == 2
    captured = capsys.readouterr()
    assert words in captured.err
    assert captured.out == ""
    assert not (tmp_path / "out.xlsx").exists()


def test_adjustment_names_a_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    night = filled_individual(tmp_path)
    wb = load_workbook(night)
    adjustments = wb["Adjustments"]
    for column, value in zip("ABCDE", (12, None, -1, "MP", "slow play"), strict=True):
        adjustments[f"{column}2"] = value
    for column, value in zip("ABCD", (13, None, -1, "MP"), strict=True):
        adjustments[f"{column}3"] = value
    wb.save(night)
    capsys.readouterr()
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx")]) == 2
    assert "Adjustments!A3: player 13 is not on the Players sheet" in capsys.readouterr().err
    adjustments["A3"] = adjustments["C3"] = adjustments["D3"] = None
    wb.save(night)
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx")]) == 0
    first = capsys.readouterr().out.splitlines()[3].split()
    assert first == ["1", "12", "Ann", "Smith", "22", "83.00", "88", "94.32"]  # 83 / 88


def test_blank_rows_are_results_to_come(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    night = filled_individual(tmp_path)
    wb = load_workbook(night)
    wb["Travellers"]["K3"] = None  # board 1, round 6, table 3
    wb.save(night)
    capsys.readouterr()
    xml = tmp_path / "night.xml"
    assert main(["score", str(night), "-o", str(tmp_path / "o.xlsx"), "--usebio", str(xml)]) == 2
    err = capsys.readouterr().err
    assert "provisional: 1 result to come" in err
    assert "--usebio is written for the final results only" in err
    assert not xml.exists()


def _cells(*values: object, numeric: int) -> str:
    """A row of the page's tables: columns from ``numeric`` on are right-aligned numbers."""
    return (
        "<tr>"
        + "".join(
            f'<td class="n">{v}</td>' if i >= numeric else f"<td>{v}</td>"
            for i, v in enumerate(values)
        )
        + "</tr>"
    )


def test_html_page_holds_the_terminal_ranking_and_the_travellers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = filled_individual(tmp_path)
    capsys.readouterr()
    page = tmp_path / "page.html"
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx"), "--html", str(page)]) == 0
    lines = capsys.readouterr().out.splitlines()
    html = page.read_text(encoding="utf-8")
    assert '<meta name="viewport" content="width=device-width,initial-scale=1">' in html
    assert "<h1>Winter individual, 24 November 2026</h1>" in html
    assert html.index('id="ranking"') < html.index('id="boards"')
    for line in lines[3:15]:  # the twelve players as the terminal prints them
        fields = line.split()
        rank, player, name = fields[0], fields[1], " ".join(fields[2:-4])
        boards, score, top, percent = fields[-4:]
        assert (boards, score, top) == ("22", f"{HAND[int(player)]}.00", "88")
        row = _cells(rank, player, name, boards, score, top, percent, numeric=3)
        assert row in html, row
    assert _cells(1, 12, "Ann Smith", 22, "84.00", "88", "95.45", numeric=3) in html
    # board 1 (the module's docstring): the 2C made at table 1, 110 at table 2, 100 at 3
    board = html[html.index('id="board-1"') : html.index('id="board-2"')]
    assert _cells(12, 1, 5, 10, "2C= N", 90, 0, 4, numeric=5) in board
    assert _cells(2, 6, 3, 4, "", 110, 4, 0, numeric=5) in board
    assert _cells(7, 9, 8, 11, "", 100, 2, 2, numeric=5) in board


def test_html_page_escapes_names_and_is_marked_provisional(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = filled_individual(tmp_path)
    wb = load_workbook(night)
    wb["Players"]["B13"] = "Ann & <Smith>"
    wb["Travellers"]["K3"] = None  # board 1, round 6, table 3: a result to come
    wb.save(night)
    capsys.readouterr()
    page = tmp_path / "page.html"
    # as for pairs: the page is written, its heading marked, while --usebio is refused
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx"), "--html", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert "<h1>Winter individual, 24 November 2026 (PROVISIONAL: 1 result to come)</h1>" in html
    assert "<td>Ann &amp; &lt;Smith&gt;</td>" in html and "<Smith>" not in html
    board = html[html.index('id="board-1"') : html.index('id="board-2"')]
    assert "2 results, expected 3" in board and "<td>7</td><td>9</td>" not in board


def _cards(path: Path) -> dict[tuple[int, int], tuple[object, ...]]:
    """(round, table) -> (boards, N, S, E, W) as the Table cards sheet prints them."""
    ws = load_workbook(path)["Table cards"]
    found: dict[tuple[int, int], tuple[object, ...]] = {}
    table = 0
    for first, *rest in ws.iter_rows(values_only=True):
        if isinstance(first, str) and first.startswith("Table "):
            table = int(first.removeprefix("Table "))
        elif isinstance(first, int):
            assert (first, table) not in found
            found[first, table] = tuple(rest)
    return found


@pytest.mark.parametrize(("tables", "rounds"), [(3, 11), (5, 5), (7, 7)])
def test_table_cards_agree_with_the_movement_rows(tmp_path: Path, tables: int, rounds: int) -> None:
    path = _new(tmp_path, tables)
    cards = _cards(path)
    assert len(cards) == tables * rounds  # every table, every round, once
    seated: dict[tuple[int, int], tuple[list[int], tuple[int, ...]]] = {}
    for board, rnd, table, *players in _rows(path):
        boards, seats = seated.setdefault((rnd, table), ([], tuple(players)))
        assert seats == tuple(players)  # one table's four players on each of its boards
        boards.append(board)
    assert set(cards) == set(seated)
    for place, (boards, players) in seated.items():
        span = f"{min(boards)}-{max(boards)}"
        assert cards[place] == (span, *players), place
    ws = load_workbook(path)["Table cards"]
    assert len(ws.row_breaks.brk) == tables  # one card a page
    assert ws.print_area == f"'Table cards'!$A$1:$F${tables * (rounds + 5) - 1}"
    if tables == 3:  # the 12-player card's round 1 (the module's docstring)
        assert cards[1, 1] == ("1-2", 12, 1, 5, 10)
        assert cards[1, 2] == ("11-12", 7, 11, 8, 9)
        assert cards[1, 3] == ("13-14", 2, 4, 3, 6)
        assert cards[7, 2] == ("1-2", 2, 6, 3, 4)
    if tables == 5:  # the Rainbow numbers players by their first seat: N 1-5, E 6-10, ...
        assert cards[1, 1] == ("1-3", 1, 11, 6, 16)
        assert cards[1, 5] == ("13-15", 5, 15, 10, 20)


def test_results_ranking_set_up_to_print_on_page_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = filled_individual(tmp_path)
    out = tmp_path / "out.xlsx"
    assert main(["score", str(night), "-o", str(out)]) == 0
    wb = load_workbook(out)
    # the ranking prints first; the sheets for before play are not in the results
    assert wb.sheetnames[0] == "Ranking"
    assert "Table cards" not in wb.sheetnames and "How to use" not in wb.sheetnames
    ranking = wb["Ranking"]
    assert ranking.print_area == "'Ranking'!$A$1:$G$13"  # the header and 12 players
    setup = ranking.page_setup
    assert (setup.orientation, setup.fitToWidth, setup.fitToHeight) == ("portrait", 1, 1)
    assert ranking.sheet_properties.pageSetUpPr.fitToPage is True
    assert ranking.oddHeader.left.text == "Winter individual"
    assert ranking.oddFooter.right.text == "Page &P of &N"
    assert wb["Travellers"].print_area == "'Travellers'!$A$1:$M$67"  # 66 rows and the MPs


def test_players_list_and_explain_refused_for_an_individual(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = filled_individual(tmp_path)
    listed = tmp_path / "players.csv"
    listed.write_text("Name,Number\nAnn Smith,1234\n", encoding="utf-8")
    capsys.readouterr()
    out = tmp_path / "out.xlsx"
    assert main(["score", str(night), "-o", str(out), "--players", str(listed)]) == 2
    assert "--players: not available for an individual workbook" in capsys.readouterr().err
    assert not out.exists()
    assert main(["explain", str(night), "-b", "1"]) == 2
    captured = capsys.readouterr()
    assert "explain is for a pairs or teams night" in captured.err
    assert "NS MP, EW MP" in captured.err
    assert captured.out == ""


_LONG = "Margaret Featherstonehaugh-Cholmondeley"  # 39 characters


def test_ranking_name_column_holds_the_longest_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = filled_individual(tmp_path)
    wb = load_workbook(night)
    wb["Players"]["B2"] = _LONG  # player 1, last with 36 of 88
    wb.save(night)
    out = tmp_path / "out.xlsx"
    assert main(["score", str(night), "-o", str(out)]) == 0
    ranking = load_workbook(out)["Ranking"]
    assert [c.value for c in ranking[13]][1:3] == [1, _LONG]
    # a column's width is in characters: the whole name shows on the printed page
    assert ranking.column_dimensions["C"].width >= len(_LONG) == 39


def _named_night(folder: Path, day: str, board_one_made: bool) -> Path:
    """``filled_individual`` with every player named; without the 2C made on board 1, table 1
    scores NS 140 there too, and each of players 1 to 11 gets 40 of 88 (the module's
    docstring), player 12 all 88."""
    folder.mkdir()
    night = filled_individual(folder)
    wb = load_workbook(night)
    for player in range(1, 12):
        wb["Players"][f"B{player + 1}"] = f"Player {player}"
    wb["Settings"]["B3"] = day
    if not board_one_made:
        travellers = wb["Travellers"]
        for column in "HIJ":
            travellers[f"{column}2"] = None
        travellers["K2"] = 140
    wb.save(night)
    return night


def test_season_counts_individual_workbooks_and_usebio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _named_night(tmp_path / "a", "2026-11-24", board_one_made=True)
    second = _named_night(tmp_path / "b", "2026-12-01", board_one_made=False)
    results, xml = tmp_path / "first-results.xlsx", tmp_path / "second.xml"
    assert main(["score", str(first), "-o", str(results)]) == 0
    assert main(["score", str(second), "-o", str(tmp_path / "b.xlsx"), "--usebio", str(xml)]) == 0
    capsys.readouterr()
    assert main(["season", str(results), str(xml)]) == 0
    rows = {
        " ".join(line.split()[1:-4]): line.split()[-4:]
        for line in capsys.readouterr().out.splitlines()
        if line.split() and line.split()[-1][-3:-2] == "."
    }
    # Ann Smith: 84 of 88 (95.45) and 88 of 88 (100): 97.73; player 1: 36 and 40 of 88
    # (40.91, 45.45): 43.18; player 5: 44 and 40 of 88 (50.00, 45.45): 47.73
    assert rows["Ann Smith"] == ["2", "2", "97.73", "100.00"]
    assert rows["Player 1"] == ["2", "2", "43.18", "45.45"]
    assert rows["Player 5"] == ["2", "2", "47.73", "50.00"]
    assert len(rows) == 12


def test_season_names_an_individual_player_without_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = filled_individual(tmp_path)  # only player 12 is named
    results = tmp_path / "results.xlsx"
    assert main(["score", str(night), "-o", str(results)]) == 0
    capsys.readouterr()
    assert main(["season", str(results)]) == 2
    err = capsys.readouterr().err
    assert "cannot count results.xlsx: player 5 has no name" in err  # 2=, the first unnamed
    assert "pair" not in err


def test_import_of_an_individual_usebio_says_what_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = filled_individual(tmp_path)
    xml = tmp_path / "night.xml"
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx"), "--usebio", str(xml)]) == 0
    capsys.readouterr()
    assert main(["import", str(xml), "-o", str(tmp_path / "back.xlsx")]) == 2
    err = capsys.readouterr().err
    assert "EVENT_TYPE 'INDIVIDUAL' is an individual event" in err
    assert "not an individual one yet" in err and "xlbridge season counts the file" in err
    assert "pairs and teams-of-four events only" not in err
    assert not (tmp_path / "back.xlsx").exists()


def test_html_ranking_lets_a_long_name_break_on_a_phone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # looked at in headless Chromium 390 pixels wide: with "Alexandra Konstantinopoulou"
    # and _LONG unbroken the % column was scrolled off the screen; with the rule it shows
    night = filled_individual(tmp_path)
    wb = load_workbook(night)
    wb["Players"]["B2"] = _LONG
    wb.save(night)
    page = tmp_path / "page.html"
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx"), "--html", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    style = html[html.index("<style>") : html.index("</style>")]
    # the ranking (third column: Name) only, never the boards' player numbers
    assert (
        "@media (max-width:600px){#ranking+.wide td:nth-child(3){overflow-wrap:anywhere}}" in style
    )
    assert '<h2 id="ranking">Ranking</h2><div class="wide"><table>' in html
    assert _cells(12, 1, _LONG, 22, "36.00", "88", "40.91", numeric=3) in html
