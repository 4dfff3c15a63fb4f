"""What a club scorer types wrong beyond one night: ``xlbridge event`` and ``xlbridge season``.

Each case runs the command as a scorer would (``main([...])``) and pins the exit code, the
whole message (the file and row it names, the value quoted as typed, what to type instead)
and that nothing was written: an output xlbridge wrote earlier is left byte for byte as it
was, and a new one is not made.

The event's nights are the Mitchell and the Howell of tests/support/events.py (the figures
worked by hand in tests/core/test_championship.py); a pair map Excel saved any way it saves
CSV must rank them as the plain comma map does: by the sum of the session percentages
NS 2 and EW 2 75 + 50 = 125, EW 1 66.67 + 37.5 = 104.17, EW 3 8.33 + 87.5 = 95.83, NS 1
41.67 + 25 = 66.67; NS 3 missed session 2.  The season's nights are two 2-table Howells
of four named pairs made here with ``xlbridge new``.
"""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.events import EventNights
from support.nights import digest, fill_round, filled
from support.paths import DATA

from xlbridge.cli import main

#: The overall ranking by the sum of the session percentages, as the terminal shows it.
SUM_RANKING = [
    ["1=", "NS", "2", "2", "75.00", "50.00", "125.00"],
    ["1=", "EW", "2", "2", "75.00", "50.00", "125.00"],
    ["3", "EW", "1", "2", "66.67", "37.50", "104.17"],
    ["4", "EW", "3", "2", "8.33", "87.50", "95.83"],
    ["5", "NS", "1", "Ann", "&", "Bob", "2", "41.67", "25.00", "66.67"],
    ["NS", "3", "1", "33.33"],
]
#: 25% of session 1 carried: EW3 2.08 + 87.5 = 89.58; NS2 and EW2 18.75 + 50 = 68.75; EW1
#: 16.67 + 37.5 = 54.17; NS1 10.42 + 25 = 35.42; NS 3 played no final.
CARRY_25 = [
    ["1", "EW", "3", "2", "2.08", "87.50", "89.58"],
    ["2=", "NS", "2", "2", "18.75", "50.00", "68.75"],
    ["2=", "EW", "2", "2", "18.75", "50.00", "68.75"],
    ["4", "EW", "1", "2", "16.67", "37.50", "54.17"],
    ["5", "NS", "1", "Ann", "&", "Bob", "2", "10.42", "25.00", "35.42"],
    ["NS", "3", "1", "8.33"],
]


def overall(out: str) -> list[list[str]]:
    """The overall ranking's rows, as words."""
    lines = out.split("\n\n")[1].splitlines()[2:]
    return [line.split() for line in lines]


@pytest.fixture(scope="module")
def earlier(two_sessions: EventNights, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An event workbook xlbridge wrote before: a command refused must leave it as it was."""
    path = tmp_path_factory.mktemp("written") / "event.xlsx"
    args = [str(two_sessions.mitchell), str(two_sessions.howell), "--rule", "sum"]
    assert main(["event", *args, "--pairs", str(two_sessions.pairs), "-o", str(path)]) == 0
    return path


def run_event(
    capsys: pytest.CaptureFixture[str], nights: list[Path], out: Path, *options: str
) -> tuple[int, str, str]:
    status = main(["event", *map(str, nights), "-o", str(out), *options])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused_event(
    capsys: pytest.CaptureFixture[str],
    earlier: Path,
    tmp_path: Path,
    nights: list[Path],
    *options: str,
) -> list[str]:
    """The error's lines; the earlier output left byte for byte, a new one never made."""
    kept = tmp_path / "kept.xlsx"
    shutil.copy(earlier, kept)
    before = digest(kept)
    status, out, err = run_event(capsys, nights, kept, *options)
    assert (status, out) == (2, ""), err
    assert digest(kept) == before
    fresh = tmp_path / "fresh.xlsx"
    assert run_event(capsys, nights, fresh, *options)[:2] == (2, "")
    assert not fresh.exists()
    return err.splitlines()


# --- the pair map as Excel saves it -----------------------------------------------------------

#: Session 2's pairs 1-5 were EW 3, NS 1, EW 1, NS 2 and EW 2 of session 1.
ROWS = [("1", "EW 3"), ("2", "NS 1"), ("3", "EW 1"), ("4", "NS 2"), ("5", "EW 2")]


def saved(rows: list[tuple[str, str]], mark: str = ",", end: str = "\n") -> str:
    return "".join(f"{a}{mark}{b}{end}" for a, b in rows)


EXCEL_SAVED: dict[str, bytes] = {
    # a European Excel's "CSV UTF-8": semicolons, a byte order mark, CRLF, its headings,
    # and the blank rows under the table it saves as empty lines
    "european excel": (
        "\ufeffSession 2;Session 1\r\n" + saved(ROWS, ";", "\r\n") + ";\r\n;\r\n\r\n"
    ).encode("utf-8"),
    "semicolons, no headings": saved(ROWS, ";").encode("utf-8"),
    # plain "CSV" from Excel in Windows-1252: the headings' accents are not UTF-8
    "windows-1252 headings": ("Séance 2;Séance 1\r\n" + saved(ROWS, ";", "\r\n")).encode("cp1252"),
    # "Unicode text": UTF-16 with a byte order mark, tabs between the cells
    "unicode text": ("Session 2\tSession 1\r\n" + saved(ROWS, "\t", "\r\n")).encode("utf-16"),
    # the pairs of the Mitchell typed as its travellers may show them
    "3EW, EW3, 1NS": saved(
        [("1", "3EW"), ("2", "1NS"), ("3", "EW1"), ("4", "ns 2"), ("5", "E-W 2")]
    ).encode("utf-8"),
    # a third column Excel kept empty: "1,EW 3,"
    "an empty third column": saved([(a, f"{b},") for a, b in ROWS]).encode("utf-8"),
    # headings under a blank first line
    "headings after a blank line": ("\r\nLater,First\r\n" + saved(ROWS)).encode("utf-8"),
}


@pytest.mark.parametrize("name", list(EXCEL_SAVED))
def test_a_pair_map_excel_saved_ranks_as_the_plain_one(
    name: str, two_sessions: EventNights, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pairs = tmp_path / "pairs.csv"
    pairs.write_bytes(EXCEL_SAVED[name])
    nights = [two_sessions.mitchell, two_sessions.howell]
    out = tmp_path / "event.xlsx"
    status, printed, err = run_event(capsys, nights, out, "--rule", "sum", "--pairs", str(pairs))
    assert (status, err) == (0, "")
    assert overall(printed) == SUM_RANKING
    assert out.exists()


SWAPPED = (
    "has a direction, but session 2 (howell.xlsx) numbers its pairs without NS or EW: write {n} "
    "(the first column is the pair's number in session 2 (howell.xlsx), the second its number "
    "in session 1 (mitchell.xlsx): are they swapped?)"
)

#: A pair map typed wrong: its text, and the error's lines.
MAP_SLIPS: dict[str, tuple[str | bytes, list[str]]] = {
    "a Howell pair typed NS 2": (
        "1,EW 3\nNS 2,NS 1\n",
        ["error: map.csv row 2: 'NS 2' " + SWAPPED.format(n=2)],
    ),
    "a Howell pair typed 2NS": (
        "2NS;NS 1\n",
        ["error: map.csv row 1: '2NS' " + SWAPPED.format(n=2)],
    ),
    "the columns swapped": (
        "Session 1,Session 2\nEW 3,1\nNS 1,2\n",
        [
            "error: map.csv row 2: 'EW 3' " + SWAPPED.format(n=3),
            "map.csv row 3: 'NS 1' " + SWAPPED.format(n=1),
        ],
    ),
    "a pair mapped twice": (
        "1,EW 3\n2,NS 1\n1,EW 1\n",
        ["error: map.csv row 3: pair 1 is renumbered twice (also at map.csv row 1)"],
    ),
    "two pairs mapped to one": (
        "1,NS 2\n4,NS 2\n",
        ["error: map.csv row 2: pairs 1 and 4 of session 2 (howell.xlsx) would both be pair NS 2"],
    ),
    "a pair not in session 1": (
        "1,EW 3\n2,NS 4\n",
        [
            "error: map.csv row 2: pair NS 4 (for pair 2 of session 2 (howell.xlsx)) is not in "
            "session 1 (mitchell.xlsx)"
        ],
    ),
    "a pair not in session 2": (
        "6,NS 3\n",
        ["error: map.csv row 1: pair 6 is not in session 2 (howell.xlsx)"],
    ),
    "a number in words": (
        "1,EW 3\ntwo,NS 1\n",
        ["error: map.csv row 2: 'two' is not a pair number: type the pair's number (2, or NS 2)"],
    ),
    "a third column": (
        "1;EW 3;Ann & Bob\n",
        [
            "error: map.csv row 1: give two pair numbers (the pair's number in session 2 "
            "(howell.xlsx), then in session 1 (mitchell.xlsx)), not '1;EW 3;Ann & Bob'"
        ],
    ),
    "one column": (
        "1\n",
        [
            "error: map.csv row 1: give two pair numbers (the pair's number in session 2 "
            "(howell.xlsx), then in session 1 (mitchell.xlsx)), not '1'"
        ],
    ),
    "a Mitchell number with no direction": (
        "1,3\n",
        [
            "error: map.csv row 1: session 1 (mitchell.xlsx) has both NS 3 and EW 3: "
            "write NS 3 or EW 3"
        ],
    ),
}


@pytest.mark.parametrize("name", list(MAP_SLIPS))
def test_a_pair_map_typed_wrong_is_refused_at_its_row(
    name: str,
    two_sessions: EventNights,
    earlier: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text, expected = MAP_SLIPS[name]
    pairs = tmp_path / "map.csv"
    pairs.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    nights = [two_sessions.mitchell, two_sessions.howell]
    args = ("--rule", "sum", "--pairs", str(pairs))
    assert refused_event(capsys, earlier, tmp_path, nights, *args) == expected


def test_a_workbook_or_a_binary_file_given_for_the_pair_map_is_refused(
    two_sessions: EventNights, earlier: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nights = [two_sessions.mitchell, two_sessions.howell]
    save = (
        "save the pair map from Excel as CSV UTF-8 (two columns: the pair's number in the "
        "later session, then in session 1)"
    )
    workbook = tmp_path / "pairs.csv"
    wb = Workbook()
    wb.active.append([1, "EW 3"])  # type: ignore[union-attr]
    wb.save(workbook)  # saved as .csv by name only: a workbook inside
    assert refused_event(
        capsys, earlier, tmp_path, nights, "--rule", "sum", "--pairs", str(workbook)
    ) == [f"error: {os.fspath(workbook)} is a workbook, not a CSV text file: {save}"]
    binary = tmp_path / "pairs.dat"
    binary.write_bytes(b"1,EW 3\x00\x81\n")
    assert refused_event(
        capsys, earlier, tmp_path, nights, "--rule", "sum", "--pairs", str(binary)
    ) == [f"error: {os.fspath(binary)} is not a CSV text file: {save}"]
    missing = tmp_path / "pairs-2.csv"
    assert refused_event(
        capsys, earlier, tmp_path, nights, "--rule", "sum", "--pairs", str(missing)
    ) == [f"error: {os.fspath(missing)}: cannot read the pair map (No such file or directory)"]


def test_more_pair_maps_than_later_sessions_are_refused(
    two_sessions: EventNights, earlier: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nights = [two_sessions.mitchell, two_sessions.howell]
    pairs = str(two_sessions.pairs)
    assert refused_event(
        capsys, earlier, tmp_path, nights, "--rule", "sum", "--pairs", pairs, "--pairs", pairs
    ) == [
        "error: 2 --pairs maps for 1 later session: give one map for each session after the first"
    ]


# --- --carry and --top ------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["25%", "25 %", "0.25", "1/4", " 25% "])
def test_a_quarter_carried_however_it_is_typed(
    typed: str, two_sessions: EventNights, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nights = [two_sessions.mitchell, two_sessions.howell]
    args = ("--rule", "carry-over", "--carry", typed, "--pairs", str(two_sessions.pairs))
    status, out, err = run_event(capsys, nights, tmp_path / "event.xlsx", *args)
    assert (status, err) == (0, "")
    assert out.startswith("Overall: carry-over: 25% of session 1 carried into the final")
    assert overall(out) == CARRY_25


def test_all_of_session_1_carried_is_the_sum(
    two_sessions: EventNights, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nights = [two_sessions.mitchell, two_sessions.howell]
    args = ("--rule", "carry-over", "--carry", "100%", "--pairs", str(two_sessions.pairs))
    status, out, err = run_event(capsys, nights, tmp_path / "event.xlsx", *args)
    assert (status, err) == (0, "")
    assert out.startswith("Overall: carry-over: 100% of session 1 carried into the final")
    assert overall(out) == SUM_RANKING


PART = "--carry: give a part such as 25% or 1/4, not "
RANGE = "--carry: give a part of session 1 from 0% to 100% (25% or 1/4), not "
CARRY_SLIPS = {
    "25": f"{PART}'25' (add % for a percentage)",
    "-10%": f"{RANGE}'-10%'",
    "-0.1": f"{RANGE}'-0.1'",
    "150%": f"{RANGE}'150%'",
    "abc": f"{PART}'abc'",
    "0,25": f"{PART}'0,25' (a decimal point, not a comma: 0.25)",
    "25%%": f"{PART}'25%%'",
    "1/0": f"{PART}'1/0'",
    "": f"{PART}''",
}


@pytest.mark.parametrize("typed", list(CARRY_SLIPS))
def test_a_carry_typed_wrong_says_what_to_type(
    typed: str,
    two_sessions: EventNights,
    earlier: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    nights = [two_sessions.mitchell, two_sessions.howell]
    args = ("--rule", "carry-over", "--carry", typed)
    assert refused_event(capsys, earlier, tmp_path, nights, *args) == [
        f"error: {CARRY_SLIPS[typed]}"
    ]


OPTION_SLIPS: dict[str, tuple[tuple[str, ...], list[str]]] = {
    "--carry with the sum": (
        ("--rule", "sum", "--carry", "25%"),
        ["error: a carry-over is for the carry-over rule, not sum"],
    ),
    "--carry with factored": (
        ("--rule", "factored", "--carry", "25%"),
        ["error: a carry-over is for the carry-over rule, not factored"],
    ),
    "carry-over without --carry": (
        ("--rule", "carry-over"),
        ["error: --rule carry-over needs --carry: the part of session 1 carried (25% or 1/4)"],
    ),
    "--top 0": (
        ("--rule", "factored", "--top", "0"),
        [
            "error: --top 0: the common top is a number of matchpoints above 0 (a board's "
            "top), or leave --top out for the largest session top"
        ],
    ),
    "--top -5": (
        ("--rule", "factored", "--top", "-5"),
        [
            "error: --top -5: the common top is a number of matchpoints above 0 (a board's "
            "top), or leave --top out for the largest session top"
        ],
    ),
    "--top with the average": (
        ("--rule", "average", "--top", "12"),
        ["error: a common top is for the factored rule, not average"],
    ),
    "--top in words": (
        ("--rule", "factored", "--top", "twelve"),
        [
            "Usage: xlbridge event [OPTIONS] NIGHTS...",
            "Try 'xlbridge event --help' for help.",
            "",
            "Error: Invalid value for '--top': 'twelve' is not a valid integer.",
        ],
    ),
    "a rule misspelt": (
        ("--rule", "carryover", "--carry", "25%"),
        [
            "Usage: xlbridge event [OPTIONS] NIGHTS...",
            "Try 'xlbridge event --help' for help.",
            "",
            "Error: Invalid value for '--rule': 'carryover' is not one of 'factored', 'sum', "
            "'average', 'carry-over'.",
        ],
    ),
}


@pytest.mark.parametrize("name", list(OPTION_SLIPS))
def test_an_option_given_wrong_is_refused(
    name: str,
    two_sessions: EventNights,
    earlier: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    options, expected = OPTION_SLIPS[name]
    nights = [two_sessions.mitchell, two_sessions.howell]
    assert refused_event(capsys, earlier, tmp_path, nights, *options) == expected


def test_the_common_top_given_factors_every_session_to_it(
    two_sessions: EventNights, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Sessions of 3 and 5 boards (tops 4 and 2) on a common top of 12: the Mitchell's
    # totals x 3, the Howell's x 6. NS 2: 9 x 3 + 4 x 6 = 51 of 36 + 48 = 84 (60.71%).
    nights = [two_sessions.mitchell, two_sessions.howell]
    args = ("--rule", "factored", "--top", "12", "--pairs", str(two_sessions.pairs))
    status, out, err = run_event(capsys, nights, tmp_path / "event.xlsx", *args)
    assert (status, err) == (0, "")
    assert out.startswith("Overall: total matchpoints factored to a common top of 12")
    assert overall(out)[0] == ["1=", "NS", "2", "2", "27.00", "24.00", "51.00", "84.00", "60.71"]


# --- the nights given ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def teams_night(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A round robin of four teams, every round typed, and its USEBIO file."""
    folder = tmp_path_factory.mktemp("teams")
    night = folder / "teams.xlsx"
    new = ["new", str(night), "--teams", "4", "--boards", "2", "--format", "round-robin"]
    assert main([*new, "--event", "Teams", "--date", "2026-02-03"]) == 0
    for number in (1, 2, 3):
        fill_round(night, night, number)
    usebio = folder / "teams.xml"
    assert main(["score", str(night), "-o", str(folder / "r.xlsx"), "--usebio", str(usebio)]) == 0
    return night, usebio


def settings_scoring(source: Path, target: Path, scoring: str) -> Path:
    """``source`` with its Settings' Scoring set to ``scoring``."""
    wb = load_workbook(source)
    ws = wb["Settings"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Scoring")
    ws.cell(row, 2).value = scoring
    wb.save(target)
    return target


def test_the_nights_given_wrong_are_refused_by_name(
    two_sessions: EventNights,
    teams_night: tuple[Path, Path],
    earlier: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    mitchell, howell = two_sessions.mitchell, two_sessions.howell

    def refused(nights: list[Path], *options: str) -> list[str]:
        return refused_event(capsys, earlier, tmp_path, nights, "--rule", "sum", *options)

    assert refused([mitchell]) == [
        "error: give two nights or more: the sessions of the event, in order"
    ]
    assert refused([mitchell, mitchell]) == [
        f"error: {os.fspath(mitchell)} and {os.fspath(mitchell)} are the same workbook (the "
        "same pairs and results): give each night once"
    ]
    # the same night saved under another name: its pairs would count twice
    copy = shutil.copy(mitchell, tmp_path / "tuesday.xlsx")
    assert refused([mitchell, copy]) == [
        "error: session 1 (mitchell.xlsx) and session 2 (tuesday.xlsx) are the same night "
        "(the same pairs and results): give each session once"
    ]
    imps = settings_scoring(howell, tmp_path / "imps.xlsx", "Cross-IMPs")
    assert refused([mitchell, imps]) == [
        "error: session 2 (imps.xlsx) is scored in IMPs: an event of several sessions adds "
        "matchpoint sessions"
    ]
    teams = teams_night[0]
    assert refused([mitchell, teams]) == [
        f"error: {os.fspath(teams)}: a teams workbook: an event of sessions is pairs"
    ]
    pdf = tmp_path / "howell.xlsx"
    pdf.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")
    assert refused([mitchell, pdf]) == [
        f"error: {os.fspath(pdf)} is a PDF file (a printed page), not an .xlsx workbook: "
        "give the workbook itself, not a PDF printed or exported from it"
    ]
    csv = tmp_path / "night.csv"
    csv.write_text("Board,NS,EW,Score\n1,1,1,420\n", encoding="utf-8")
    assert refused([mitchell, csv]) == [
        f"error: {os.fspath(csv)} is a text file (CSV?), not an .xlsx workbook: open it in "
        "Excel or LibreOffice and save it as .xlsx"
    ]


# --- the season ---------------------------------------------------------------------------------

PLAYERS = [("Ann Lee", "Bob Ray"), ("Cy Dunn", "Di Moss"), ("Ed Fox", "Flo Gale"),
           ("Gus Hart", "Ida Jay")]  # fmt: skip


def named(pairs: list[tuple[str, str]]) -> Callable[[Workbook], None]:
    def edit(wb: Workbook) -> None:
        ws = wb["Pairs"]
        rows = [r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value is not None]
        for row, players in zip(rows, pairs, strict=True):
            ws.cell(row, 2).value = " & ".join(players)

    return edit


def season_night(
    folder: Path, name: str, start: int, day: str, pairs: list[tuple[str, str]]
) -> Path:
    options = ("--tables", "2", "--boards", "6", "--event", "Tuesday", "--date", day)
    return filled(folder, name, *options, movement="howell", start=start, edit=named(pairs))


@pytest.fixture(scope="module")
def season_nights(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """Two Tuesdays of the same four pairs, and a season workbook xlbridge wrote from them."""
    folder = tmp_path_factory.mktemp("season")
    first = season_night(folder, "tue1", 0, "2026-01-06", PLAYERS)
    second = season_night(folder, "tue2", 3, "2026-01-13", PLAYERS)
    written = folder / "season.xlsx"
    assert main(["season", str(first), str(second), "-o", str(written)]) == 0
    return first, second, written


def refused_season(
    capsys: pytest.CaptureFixture[str], written: Path, tmp_path: Path, *args: object
) -> list[str]:
    kept = tmp_path / "kept.xlsx"
    shutil.copy(written, kept)
    before = digest(kept)
    page = tmp_path / "season.html"
    status = main(["season", *map(str, args), "-o", str(kept), "--html", str(page)])
    captured = capsys.readouterr()
    assert (status, captured.out) == (2, ""), captured.err
    assert digest(kept) == before and not page.exists()
    return captured.err.splitlines()


def test_the_season_options_given_wrong_say_what_to_type(
    season_nights: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second, written = season_nights

    def refused(*options: str) -> list[str]:
        return refused_season(capsys, written, tmp_path, first, second, *options)

    best = (
        "give the nights counted for each player, 1 or more (--best 6: each player's six "
        "best), or leave --best out to count every night"
    )
    assert refused("--best", "0") == [f"error: --best 0: {best}"]
    assert refused("--best", "-2") == [f"error: --best -2: {best}"]
    assert refused("--min", "0") == [
        "error: --min 0: give the nights a player needs to be ranked, 1 or more"
    ]
    assert refused("--scale", "10,8,6") == ["error: --scale goes with --points"]
    assert refused("--points", "--scale", "10;8;6") == [
        "error: --scale '10;8;6': give field, or whole numbers of points for the places "
        "separated by commas (10,8,6,5,4,3,2,1)"
    ]
    assert refused("--points", "--scale", "6,8,10") == [
        "error: --scale '6,8,10': a lower place never gets more points"
    ]


def test_a_minimum_above_the_nights_played_ranks_nobody_yet(
    season_nights: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # not a slip early in a season: the eight players are listed below the table, two nights each
    first, second, _ = season_nights
    out = tmp_path / "season.xlsx"
    assert main(["season", str(first), str(second), "--min", "3", "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert lines[0] == "Season: 2 nights, 6 January 2026 to 13 January 2026"
    assert "No player has 3 nights yet." in lines
    below = lines[lines.index("Not ranked: fewer than 3 nights") + 3 : -2]
    assert lines[-2:] == ["", f"wrote {out}"]
    assert sorted(line.split()[:2] for line in below if line) == sorted(
        name.split() for pair in PLAYERS for name in pair
    )
    assert all(line.split()[2:4] == ["2", "2"] for line in below if line)


def usebio_without_places(target: Path) -> Path:
    """Compscore3's Mitchell with every PLACE taken out: nobody was placed."""
    tree = ET.parse(DATA / "usebio" / "mp_pairs_mitchell_04.xml")
    for parent in tree.getroot().iter():
        for place in parent.findall("PLACE"):
            parent.remove(place)
    tree.write(target, encoding="utf-8", xml_declaration=True)
    return target


def test_a_night_that_cannot_be_counted_is_refused_by_name(
    season_nights: tuple[Path, Path, Path],
    teams_night: tuple[Path, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    first, _, written = season_nights

    def refused(night: Path) -> list[str]:
        return refused_season(capsys, written, tmp_path, first, night)

    teams, teams_usebio = teams_night
    assert refused(teams) == [
        "error: cannot count teams.xlsx: a teams workbook: the season counts pairs nights"
    ]
    assert refused(teams_usebio) == [
        "error: cannot count teams.xml: a teams event (EVENT_TYPE 'TEAMS_OF_FOUR'): the season "
        "counts pairs nights"
    ]
    csv = tmp_path / "ranking.csv"
    csv.write_text("Rank,Pair,Players\n1,NS 1,Ann Lee & Bob Ray\n", encoding="utf-8")
    assert refused(csv) == [
        f"error: {os.fspath(csv)}: the season reads results workbooks (.xlsx) and USEBIO "
        "files (.xml)"
    ]
    pdf = tmp_path / "tue3.xlsx"
    pdf.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")
    assert refused(pdf) == [
        "error: cannot count tue3.xlsx: it is a PDF file (a printed page), not an .xlsx "
        "workbook: give the workbook itself, not a PDF printed or exported from it"
    ]
    imps = settings_scoring(first, tmp_path / "imps.xlsx", "Butler")
    assert refused(imps) == [
        "error: cannot count imps.xlsx: scored in IMPs: the season counts matchpoint nights "
        "(percentages)"
    ]
    blank = tmp_path / "blank.xlsx"
    new = ["new", str(blank), "--movement", "howell", "--tables", "2", "--boards", "6"]
    assert main(new) == 0
    capsys.readouterr()
    assert refused(blank) == [
        "error: cannot count blank.xlsx: 1 problem in the workbook:",
        "Travellers!A2: no traveller row has a result to score (12 rows are left blank)",
    ]
    unplaced = usebio_without_places(tmp_path / "unplaced.xml")
    assert refused(unplaced) == [
        "error: cannot count unplaced.xml: no pair has a result: not a night to count"
    ]


def test_a_player_twice_in_one_night_names_both_pairs(
    season_nights: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, _, written = season_nights
    twice = [PLAYERS[0], PLAYERS[1], ("Ann Lee", "Hal Ives"), PLAYERS[3]]
    night = season_night(tmp_path, "tue3", 5, "2026-01-20", twice)
    capsys.readouterr()
    assert refused_season(capsys, written, tmp_path, first, night) == [
        "error: cannot count tue3.xlsx: 'Ann Lee' plays in pair 1 and in pair 3: two players "
        "of one name? Make the names differ in the file"
    ]


def test_one_night_twice_is_refused_naming_both_files(
    season_nights: tuple[Path, Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second, written = season_nights
    copy = shutil.copy(first, tmp_path / "tuesday.xlsx")
    assert refused_season(capsys, written, tmp_path, first, second, copy) == [
        "error: tue1.xlsx and tuesday.xlsx hold the same night (Tuesday, 6 January 2026; "
        "Tuesday, 6 January 2026): the same players with the same percentages; give each "
        "night once"
    ]
