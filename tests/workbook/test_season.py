"""``xlbridge season``: a club's season over twelve nights, checked against a table worked out
here from what each night published (its Ranking sheet, or the USEBIO file's PAIR elements),
in plain Python, not through xlbridge's season code.

Eleven nights are made with xlbridge (``new``, results typed, ``score -o``); the twelfth is
Compscore3's USEBIO file of a Mitchell with a sit-out (tests/data/usebio), whose pair 1NS,
Jeannie Egger and Crystal D'Souza, are players of the club here too: Jeannie Egger plays with
three partners over the season.  One of xlbridge's nights is a Mitchell with a sit-out and a
pair listed that did not come.
"""

from __future__ import annotations

import datetime
import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import filled
from support.paths import DATA

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.season import NightEntry, PlaceScale, name_key, place_points
from xlbridge.workbook.season import read_night

COMPSCORE = DATA / "usebio" / "mp_pairs_mitchell_04.xml"

A = ("Jeannie Egger", "Tom Hill")
B = ("Jeannie Egger", "Mary Shaw")
C = ("Crystal D'Souza", "Ann Lee")
D = ("Bob Ray", "Cy Dunn")
E = ("Di Moss", "Ed Fox")
F = ("Flo Gale", "Gus Hart")
G = ("Tom Hill", "Ida Jay")
H = ("Mary Shaw", "Jo Kemp")
I = ("Ann Lee", "Hal Ives")  # noqa: E741

HOWELL = ("--tables", "2", "--boards", "6")
MITCHELL = ("--tables", "3", "--boards", "6")
SIT_OUT = ("--tables", "3", "--boards", "6", "--sit-out")
#: Each night: movement, its options, the pairs in the order the Pairs sheet lists them.
NIGHTS = [
    ("howell", HOWELL, [A, C, D, E]),
    ("howell", HOWELL, [B, G, D, F]),
    ("mitchell", MITCHELL, [A, D, F, C, E, H]),
    ("howell", HOWELL, [A, C, E, F]),
    ("mitchell", SIT_OUT, [B, D, G, E, C]),
    ("howell", HOWELL, [A, H, D, I]),
    ("mitchell", MITCHELL, [B, E, C, G, D, F]),
    ("howell", HOWELL, [A, C, D, F]),
    ("howell", HOWELL, [B, G, E, I]),
    ("mitchell", MITCHELL, [A, F, H, C, D, E]),
    ("howell", HOWELL, [A, C, E, D]),
]
FIRST_NIGHT = datetime.date(2022, 5, 3)
SIT_OUT_NIGHT = 4  # its index in NIGHTS
ABSENT = ("Una Absent", "Vic Absent")


def make_night(folder: Path, index: int) -> Path:
    movement, options, pairs = NIGHTS[index]
    day = FIRST_NIGHT + datetime.timedelta(weeks=index)
    name = f"night{index + 1:02d}"

    def players(wb: Workbook) -> None:
        ws = wb["Pairs"]
        rows = [row for row in range(2, ws.max_row + 1) if ws.cell(row, 1).value is not None]
        assert len(rows) == len(pairs)
        for row, players in zip(rows, pairs, strict=True):
            ws.cell(row, 2).value = " & ".join(players)  # the Players column, as typed
            if index % 2:  # every other night also has each player in a column of their own
                ws.cell(row, 4).value, ws.cell(row, 6).value = players
        if index == SIT_OUT_NIGHT:  # a pair listed that did not come: no result, not counted
            last = rows[-1] + 1
            ws.cell(last, 1).value, ws.cell(last, 2).value = 3, " & ".join(ABSENT)
            ws.cell(last, 3).value = "NS"

    event = ("--event", "Tuesday pairs", "--date", day.isoformat())
    path = filled(folder, name, *options, *event, movement=movement, start=index, edit=players)
    results = folder / f"{name}-results.xlsx"
    assert main(["score", str(path), "-o", str(results)]) == 0
    return results


@pytest.fixture(scope="session")
def season_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The season's twelve files: eleven results workbooks and Compscore3's USEBIO file."""
    folder = tmp_path_factory.mktemp("season")
    made = [make_night(folder, index) for index in range(len(NIGHTS))]
    compscore = folder / COMPSCORE.name
    shutil.copy(COMPSCORE, compscore)
    return [*made, compscore]


# --- the nights as published, read here without xlbridge ---------------------------------------

#: (players, percentage, place, field) for each pair that played.
Published = list[tuple[tuple[str, ...], Fraction, str, str]]


def published_workbook(path: Path) -> Published:
    """The Ranking sheet's rows: each field's block under its own header row."""
    ws = load_workbook(path)["Ranking"]
    found: Published = []
    field = ""
    for row in ws.iter_rows(values_only=True):
        if row[0] in ("North-South", "East-West"):
            field = str(row[0])
        if row[0] is None or row[0] in ("Rank", "North-South", "East-West", "All pairs"):
            continue
        rank, _, players, _, _, score, top, percent = row[:8]
        names = tuple(str(players).split(" & "))
        # the % cell is a float; the night's matchpoints over the maximum are its exact value
        exact = Fraction(str(score)) * 100 / Fraction(str(top))
        assert float(exact) == pytest.approx(percent, abs=1e-12)
        found.append((names, exact, str(rank), field))
    return found


def published_usebio(path: Path) -> Published:
    root = ET.parse(path).getroot()
    event = root.find("EVENT")
    assert event is not None
    by_direction = event.findtext("WINNER_TYPE") == "2"
    found: Published = []
    for pair in event.iter("PAIR"):
        names = tuple(str(player.findtext("PLAYER_NAME")) for player in pair.iter("PLAYER"))
        field = str(pair.findtext("DIRECTION")) if by_direction else ""
        percent = Fraction(str(pair.findtext("PERCENTAGE")))
        found.append((names, percent, str(pair.findtext("PLACE")), field))
    return found


def published(path: Path) -> Published:
    return published_usebio(path) if path.suffix == ".xml" else published_workbook(path)


def place_and_ties(place: str, places: list[str]) -> tuple[int, int]:
    return int(place.rstrip("=")), places.count(place)


def expected_table(
    files: list[Path], best: int, minimum: int, points: bool
) -> tuple[list[tuple[str, str, int, int, Fraction]], list[tuple[str, int]]]:
    """The season worked out by hand: (place, player, nights, counted, score) for the ranked,
    (player, nights) for the rest."""
    nights: dict[str, list[Fraction]] = {}
    shown: dict[str, str] = {}  # each player as first spelt
    for path in files:
        rows = published(path)
        for players, percent, place, field in rows:
            if points:
                places = [p for _, _, p, f in rows if f == field]
                size = len(places)
                first, tied = place_and_ties(place, places)
                # the winner gets as many points as pairs in the field, one less a place
                value = Fraction(sum(size - p + 1 for p in range(first, first + tied)), tied)
            else:
                value = percent
            for player in players:  # one player however the files' capitals spell them
                shown.setdefault(player.casefold(), player)
                nights.setdefault(player.casefold(), []).append(value)
    ranked = []
    rest = []
    for key, values in nights.items():
        player = shown[key]
        counted = sorted(values, reverse=True)[:best]
        total = sum(counted, Fraction(0))
        score = total if points else total / len(counted)
        if len(values) >= minimum:
            ranked.append((player, len(values), len(counted), score, counted))
        else:
            rest.append((player, len(values)))
    # higher score, then more nights counted, then the best single night, the next best ...
    ranked.sort(key=lambda r: (-r[3], -r[2], [-v for v in r[4]], r[0].casefold()))
    keys = [(r[3], r[2], r[4]) for r in ranked]
    table = []
    for index, (player, played, counted_count, score, _) in enumerate(ranked):
        first = keys.index(keys[index])
        shared = keys.count(keys[index]) > 1
        table.append((f"{first + 1}{'=' * shared}", player, played, counted_count, score))
    return table, rest


def season_sheet(path: Path) -> tuple[list[tuple[str, str, int, int, float]], list[str]]:
    ws = load_workbook(path)["Season"]
    ranked, rest = [], []
    for row in ws.iter_rows(min_row=6, values_only=True):
        if row[1] is None:
            continue
        if row[0]:
            ranked.append((str(row[0]), str(row[1]), int(row[2]), int(row[3]), float(row[4])))
        else:
            rest.append(str(row[1]))
    return ranked, rest


# --- the season -------------------------------------------------------------------------------


def test_the_season_is_what_the_nights_published(
    season_files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Average of each player's six best percentages, ranked with at least four nights."""
    out = tmp_path / "season.xlsx"
    args = ["season", *map(str, season_files), "--best", "6", "--min", "4", "-o", str(out)]
    assert main([*args, "--title", "Tuesday season"]) == 0
    captured = capsys.readouterr()
    # Compscore3's file spells its players in capitals, the club's nights do not
    assert captured.err == (
        "warning: 'Jeannie Egger' (night01-results.xlsx) and 'JEANNIE EGGER' "
        "(mp_pairs_mitchell_04.xml) differ only in case, spacing or accents: counted as one "
        "player, 'Jeannie Egger'; make the names the same in the files\n"
        "warning: 'Crystal D'Souza' (night01-results.xlsx) and 'CRYSTAL D'SOUZA' "
        "(mp_pairs_mitchell_04.xml) differ only in case, spacing or accents: counted as one "
        "player, 'Crystal D'Souza'; make the names the same in the files\n"
    )
    expected, rest = expected_table(season_files, best=6, minimum=4, points=False)
    ranked, below = season_sheet(out)
    assert [r[:4] for r in ranked] == [e[:4] for e in expected]
    for row, want in zip(ranked, expected, strict=True):
        assert row[4] == pytest.approx(float(want[4]), abs=1e-9), row
    assert sorted(below) == sorted(player for player, _ in rest)
    # below the minimum: Compscore3's 32 players but Jeannie Egger and Crystal D'Souza (one
    # night each), Jo Kemp (three) and Hal Ives (two)
    assert len(rest) == 32 and ("Jo Kemp", 3) in rest and ("Hal Ives", 2) in rest
    # level on the average of six, Bob Ray is ahead of Di Moss by his best single night
    bob, di = (next(e for e in expected if e[1] == name) for name in ("Bob Ray", "Di Moss"))
    assert bob[4] == di[4] == Fraction(575, 9) and (bob[0], di[0]) == ("3=", "5=")
    jeannie = next(e for e in expected if e[1] == "Jeannie Egger")
    assert jeannie[2:4] == (12, 6)  # twelve nights with three partners; six counted
    # the terminal's table is the workbook's
    lines = captured.out.splitlines()
    assert lines[0] == "Tuesday season: 12 nights, 3 May 2022 to 26 July 2022"
    assert "the average percentage of the best 6 nights; ranked with at least 4 nights" in lines[2]
    top = expected[0]
    assert lines[6].split()[:2] == [top[0], *top[1].split()[:1]]
    assert f"{float(top[4]):.2f}" in lines[6]


def test_points_by_place_share_ties_and_count_each_field(
    season_files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "points.xlsx"
    args = ["season", *map(str, season_files), "--points", "--best", "8", "--min", "4"]
    assert main([*args, "-o", str(out)]) == 0
    capsys.readouterr()
    expected, _ = expected_table(season_files, best=8, minimum=4, points=True)
    ranked, _ = season_sheet(out)
    assert [r[:4] for r in ranked] == [e[:4] for e in expected]
    for row, want in zip(ranked, expected, strict=True):
        assert row[4] == pytest.approx(float(want[4]), abs=1e-9), row


def test_the_sit_out_night_counts_the_pairs_who_played(season_files: list[Path]) -> None:
    sit_out = published(season_files[SIT_OUT_NIGHT])
    played = {players for players, _, _, _ in sit_out}
    assert ABSENT not in played and len(sit_out) == 5  # NS 3 listed, absent
    # EW sat out a round each: their fields' sizes are what the points scale counts
    assert Counter(field for *_, field in sit_out) == {"North-South": 2, "East-West": 3}


def test_a_field_of_eight_shares_the_places_of_a_tie() -> None:
    """The scale's own figures: eight pairs, the winner 8 points; two level second share 7 and 6;
    on 10,8,6,5,4,3,2,1 three level third share 6, 5 and 4."""
    field = PlaceScale.parse("field")
    tied = NightEntry("NS 2", ("A B", "C D"), Fraction(55), 2, 2, "NS", 8)
    assert place_points(field, tied) == Fraction(13, 2)
    assert place_points(field, NightEntry("1", ("A B",), Fraction(60), 1, 1, "", 8)) == 8
    fixed = PlaceScale.parse("10,8,6,5,4,3,2,1")
    assert place_points(fixed, NightEntry("3", ("A B",), Fraction(50), 3, 3, "", 12)) == 5
    assert place_points(fixed, NightEntry("9", ("A B",), Fraction(40), 9, 1, "", 12)) == 0


# --- never a silent miscount ------------------------------------------------------------------


def test_a_file_that_cannot_be_read_is_refused_by_name_and_nothing_is_written(
    season_files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "night13.xlsx"
    broken.write_text("Rank,Pair\n1,NS 1\n", encoding="utf-8")
    out, page = tmp_path / "season.xlsx", tmp_path / "season.html"
    args = [*map(str, season_files[:2]), str(broken), "-o", str(out), "--html", str(page)]
    assert main(["season", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot count ") and "night13.xlsx" in err
    assert not out.exists() and not page.exists()


@pytest.mark.parametrize("typed", ["10,8,\u2461", "\u00b3,2,1"])  # a circled 2; a superscript 3
def test_a_scale_typed_with_a_circled_or_superscript_digit_is_refused(
    typed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a digit to Python's isdigit, not a number to int() (the long runs' '\u2460', round 16)
    out = tmp_path / "season.xlsx"
    assert main(["season", str(COMPSCORE), "--points", "--scale", typed, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: --scale '{typed}': give field, or whole numbers of points for the places "
        "separated by commas (10,8,6,5,4,3,2,1)\n"
    ), err
    assert not out.exists()


def test_a_usebio_night_s_problem_names_the_file_once(tmp_path: Path) -> None:
    # Pair 1NS (shown NS 1) of the Compscore file is 7th on 38.80%; its percentage taken away, the
    # place cannot be counted: the file is named by "cannot count", not again after it.
    text = COMPSCORE.read_text(encoding="utf-8")
    first = "<PERCENTAGE>38.80</PERCENTAGE>"
    assert text.count(first) == 1
    night = tmp_path / "night07.xml"
    night.write_text(text.replace(first, ""), encoding="utf-8")
    with pytest.raises(ScoringError) as caught:
        read_night(night)
    assert str(caught.value) == (
        "cannot count night07.xml: pair NS 1 has a PLACE but no PERCENTAGE"
    )


def test_two_files_of_one_night_are_refused_naming_both(
    season_files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = season_files[2]
    copy = tmp_path / "tuesday-again.xlsx"
    shutil.copy(night, copy)
    assert main(["season", *map(str, season_files[:4]), str(copy)]) == 2
    err = capsys.readouterr().err
    assert night.name in err and "tuesday-again.xlsx" in err and "same night" in err
    # the night as xlbridge's USEBIO file is the same night too
    usebio = tmp_path / "night03.xml"
    source = night.with_name("night03.xlsx")
    score = ["score", str(source), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(usebio)]
    assert main(score) == 0
    assert main(["season", str(night), str(usebio)]) == 2
    err = capsys.readouterr().err
    assert "night03-results.xlsx and night03.xml hold the same night" in err


def rename(source: Path, target: Path, old: str, new: str) -> Path:
    """``source`` with a player's name typed another way in the Pairs sheet."""
    wb = load_workbook(source)
    ws = wb["Pairs"]
    for row in ws.iter_rows(min_row=2):
        for cell in row:
            if isinstance(cell.value, str) and old in cell.value:
                cell.value = cell.value.replace(old, new)
    wb.save(target)
    return target


def test_a_player_under_two_spellings_is_warned_about_naming_both_files(
    season_files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # night 2 (B, G, D, F) with Tom Hill typed "tom  HILL", night 4 with Bob Ray as "B Ray"
    accents = rename(season_files[1], tmp_path / "n2.xlsx", "Tom Hill", "tom  HÏLL")
    initial = rename(season_files[3], tmp_path / "n4.xlsx", "Ed Fox", "E Fox")
    files = [season_files[0], accents, season_files[2], initial]
    assert main(["season", *map(str, files)]) == 0
    captured = capsys.readouterr()
    assert (
        "warning: 'Tom Hill' (night01-results.xlsx) and 'tom  HÏLL' (n2.xlsx) differ only in "
        "case, spacing or accents: counted as one player, 'Tom Hill'" in captured.err
    )
    assert (
        "warning: 'E Fox' (n4.xlsx) and 'Ed Fox' (night01-results.xlsx) both partner 'Di Moss': "
        "one player under two spellings? Counted as two players" in captured.err
    )
    tom = next(line for line in captured.out.splitlines() if "Tom Hill" in line)
    assert tom.split()[3:5] == ["4", "4"]  # nights 1 to 4 (night 2 as "tom  HÏLL"), one player


def test_outputs_are_never_written_over_someone_s_file(
    season_files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    theirs = tmp_path / "season.xlsx"
    theirs.write_bytes(b"someone's own workbook")
    assert main(["season", *map(str, season_files[:3]), "-o", str(theirs)]) == 2
    assert "exists and is not a file xlbridge wrote" in capsys.readouterr().err
    assert theirs.read_bytes() == b"someone's own workbook"
    assert main(["season", *map(str, season_files[:3]), "-o", str(theirs), "--force"]) == 0
    # xlbridge's own season workbook is replaced without --force
    assert main(["season", *map(str, season_files[:4]), "-o", str(theirs)]) == 0


def test_the_workbook_prints_its_table_on_a_page_and_the_page_shows_it(
    season_files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, page = tmp_path / "s.xlsx", tmp_path / "s.html"
    files = [str(path) for path in season_files]
    assert main(["season", *files, "--min", "4", "-o", str(out), "--html", str(page)]) == 0
    capsys.readouterr()
    wb = load_workbook(out)
    assert wb.sheetnames == ["Season", "Nights", "Files"]
    ws = wb["Season"]
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    # 44 players (12 ranked, 32 below the minimum): one page wide and one tall
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 1)
    assert ws.print_area == f"'Season'!$A$1:$F${ws.max_row}"
    assert ws.print_title_rows == "$5:$5"
    nights = wb["Nights"]
    jeannie = next(
        r for r in range(2, nights.max_row + 1) if nights.cell(r, 2).value == "Jeannie Egger"
    )
    counted = [nights.cell(jeannie, c).font.b for c in range(3, 15)]
    assert counted == [True] * 12  # no --best: every night counts
    html = page.read_text(encoding="utf-8")
    assert '<meta name="generator" content="xlbridge">' in html
    assert "<td>Jeannie Egger</td>" in html and "<td>Crystal D&#x27;Souza</td>" in html
    assert name_key("Crystal D'Souza") == "crystal d'souza"
