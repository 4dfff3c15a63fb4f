"""A stratified night through ``xlbridge score``: the Strata row, the players list's
holdings, the Ranking sheet's Strat column and places, and the warning for a holding
not known (the rule: xlbridge.strata; worked by hand in tests/core/test_strata.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import build, run_score

from xlbridge.cli import main

#: Each pair's players' holdings (the small night's pairs 1-17; pair 17's Keith Marsh is
#: a guest, with no number).  By the higher holding, strata "A 0-, B 0-1000, C 0-300":
#:   A: 1 (1500), 5 (2000), 9 (1200), 12 (5000), 15 (1001)
#:   B: 2 (800), 7 (1000: the limit is in B), 10 (700), 13 (310)
#:   C: 3 (300), 4 (50), 6 (150), 8 (40), 11 (90), 14 (120), 16 (300)
#:   17: not known (a guest): ranked in A only, its Strat blank.
HOLDINGS = {
    1: (1500, 200),
    2: (800, 100),
    3: (250, 300),
    4: (50, 20),
    5: (2000, 10),
    6: (150, 90),
    7: (999, 1000),
    8: (40, 0),
    9: (1200, 400),
    10: (600, 700),
    11: (80, 90),
    12: (5000, 30),
    13: (310, 20),
    14: (120, 60),
    15: (1001, 5),
    16: (300, 299),
    17: (45, None),
}


def _night(small_night: Path, folder: Path, extra: tuple[tuple[str, str], ...] = ()) -> Path:
    lines = ["Name,Number,Holding"]
    pairs = load_workbook(small_night)["Pairs"]
    for row in pairs.iter_rows(min_row=2, values_only=True):
        if row[0] is None:
            continue
        for (name, number), holding in zip(
            ((row[3], row[4]), (row[5], row[6])), HOLDINGS[int(row[0])], strict=True
        ):
            if holding is not None:
                lines.append(f"{name},{number},{holding}")
    (folder / "players.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def mutate(wb: Workbook) -> None:
        settings = wb["Settings"]
        row = settings.max_row + 1
        for label, value in (
            ("Players list", "players.csv"),
            ("Strata", "A 0-, B 0-1000, C 0-300"),
            *extra,
        ):
            settings.cell(row, 1, label)
            settings.cell(row, 2, value)
            row += 1

    return build(small_night, folder, mutate)


def test_the_ranking_shows_each_pairs_stratum_and_places(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The night's percentages (its Ranking's, boards 1-4):
    #   NS: 2 73.21, 5 71.43, 7 64.29 (36/56), 4 62.50, 8 57.14, 9 46.43, 1 42.86 (18/42),
    #       3 41.07, 6 5.36;
    #   EW: 11 80.36, 10 64.29 (36/56), 14 63.57, 15 50.00, 13 42.86 (24/56), 17 39.29,
    #       16 37.50, 12 19.64.
    # B in NS (2, 7, 4, 8, 3, 6): 1 to 6 in that order; C in NS (4, 8, 3, 6): 1 to 4.
    # B in EW (11, 10, 14, 13, 16): 1 to 5; C in EW (11, 14, 16): 1 to 3.
    # Overall A by percentage: 11 1, 2 2, 5 3, 7 and 10 tie 4/5, 14 6, 4 7, 8 8, 15 9,
    #   9 10, 1 and 13 tie 11/12 (3/7 each), 3 13, 17 14, 16 15, 12 16, 6 17.
    # Overall B: 11 1, 2 2, 7 and 10 3/4, 14 5, 4 6, 8 7, 13 8, 3 9, 16 10, 6 11.
    # Overall C: 11 1, 14 2, 4 3, 8 4, 3 5, 16 6, 6 7.
    night = _night(small_night, tmp_path)
    page = tmp_path / "night.html"
    status = main(["score", str(night), "-o", str(tmp_path / "out.xlsx"), "--html", str(page)])
    out, err = capsys.readouterr()
    assert status == 0
    assert err.strip().splitlines() == [
        "warning: Pairs!G18: Keith Marsh has no number, so no holding on players.csv: "
        "pair 17's stratum is not known, and it is ranked only in stratum A"
    ]
    ranking = load_workbook(tmp_path / "out.xlsx")["Ranking"]
    rows = [tuple(c.value for c in row) for row in ranking.iter_rows(min_row=1)]
    header = next(r for r in rows if r[0] == "Rank")
    assert header[8:15] == ("Strat", "A", "B", "C", "A overall", "B overall", "C overall")
    found = {
        r[1]: tuple(v or "" for v in r[8:15]) for r in rows if isinstance(r[1], int | str) and r[0]
    }
    assert found[2] == ("B", "1", "1", "", "2", "2", "")
    assert found[5] == ("A", "2", "", "", "3", "", "")
    assert found[7] == ("B", "3", "2", "", "4/5", "3/4", "")
    assert found[4] == ("C", "4", "3", "1", "7", "6", "3")
    assert found[1] == ("A", "7", "", "", "11/12", "", "")
    assert found[6] == ("C", "9", "6", "4", "17", "11", "7")
    assert found[11] == ("C", "1", "1", "1", "1", "1", "1")
    assert found[10] == ("B", "2", "2", "", "4/5", "3/4", "")
    assert found[13] == ("B", "5", "4", "", "11/12", "8", "")
    assert found[17] == ("", "6", "", "", "14", "", "")
    assert found[16] == ("C", "7", "5", "3", "15", "10", "6")
    # the terminal's ranking and the web page show the same columns
    assert "Strat  A  B  C  A overall  B overall  C overall" in out
    html = page.read_text(encoding="utf-8")
    assert "<th>Strat</th>" in html
    assert "<th>C overall</th>" in html


def test_a_bad_strata_row_is_refused_naming_its_cell(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def mutate(wb: Workbook) -> None:
        settings = wb["Settings"]
        row = settings.max_row + 1
        settings.cell(row, 1, "Strata")
        settings.cell(row, 2, "A 0-, B 0-1000, C 0-1000")

    night = build(small_night, tmp_path, mutate)
    row = load_workbook(night)["Settings"].max_row
    status, _, err = run_score(night, capsys)
    assert status != 0
    assert (
        f"Settings!B{row}: strata B and C have the same limit: write each stratum's name and "
        "range, as A 0-, B 0-1000, C 0-300"
    ) in err


def test_a_holding_blank_or_not_a_number_is_warned_about_at_the_players_cell(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = _night(small_night, tmp_path)
    listed = tmp_path / "players.csv"
    text = listed.read_text(encoding="utf-8")
    text = text.replace("Linda Kemp,100001,1500", "Linda Kemp,100001,")
    text = text.replace("Ian Jarvis,100002,200", "Ian Jarvis,100002,lots")
    listed.write_text(text, encoding="utf-8")
    status, _, err = run_score(night, capsys)
    assert status == 0
    assert err.strip().splitlines()[:2] == [
        "warning: Pairs!E2: Linda Kemp has no holding on players.csv (line 2): pair 1's "
        "stratum is not known, and it is ranked only in stratum A",
        "warning: Pairs!G2: players.csv line 3: the holding 'lots' is not a number of "
        "masterpoints: pair 1's stratum is not known, and it is ranked only in stratum A",
    ]
    ranking = load_workbook(tmp_path / "out.xlsx")["Ranking"]
    row = next(r for r in ranking.iter_rows(values_only=True) if r[1] == 1)
    # pair 1 (42.86%) is 7th of NS in A and shares 11th and 12th overall with pair 13
    assert tuple(v or "" for v in row[8:15]) == ("", "7", "", "", "11/12", "", "")


def test_a_number_not_on_the_list_is_quoted_as_typed_in_the_stratum_warning(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Linda Kemp (pair 1, Pairs!E2, number 100001) is taken off the list: her number is
    # quoted as the players-list warning quotes it, and pair 1's stratum is not guessed.
    night = _night(small_night, tmp_path)
    listed = tmp_path / "players.csv"
    text = listed.read_text(encoding="utf-8")
    assert "Linda Kemp,100001,1500\n" in text
    listed.write_text(text.replace("Linda Kemp,100001,1500\n", ""), encoding="utf-8")
    status, _, err = run_score(night, capsys)
    assert status == 0
    lines = err.strip().splitlines()
    assert "warning: Pairs!E2: number '100001' is not on the players list players.csv" in lines
    assert (
        "warning: Pairs!E2: number '100001' is not on players.csv, so has no holding: "
        "pair 1's stratum is not known, and it is ranked only in stratum A"
    ) in lines


def test_strata_with_no_players_list_are_warned_about_at_the_strata_row(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def mutate(wb: Workbook) -> None:
        settings = wb["Settings"]
        settings.cell(settings.max_row + 1, 1, "Strata")
        settings.cell(settings.max_row, 2, "A 0-, B 0-500")

    night = build(small_night, tmp_path, mutate)
    row = load_workbook(night)["Settings"].max_row
    status, out, err = run_score(night, capsys)
    assert status == 0
    assert err.strip().splitlines() == [
        f"warning: Settings!B{row}: the strata need each player's masterpoint holding: name "
        "the club's players list (the Players list row, or --players), with a Holding column"
    ]
    assert "Strat  A  B  A overall  B overall" in out  # every Strat blank, A the ranking


def test_acbl_strat_awards_are_left_to_the_club(
    small_night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The ACBL Handbook's "I. Calculating the awards" allows two or three strats but the
    # text read does not say how a strat's awards are made: every ranked pair's blank
    # Master points cell is warned about, none is filled.
    night = _night(small_night, tmp_path, (("Master point body", "ACBL"),))
    assert main(["score", str(night), "-o", str(tmp_path / "out.xlsx")]) == 0
    err = capsys.readouterr().err
    why = "the ACBL's rule for strat awards is not built in: type the awards"
    assert f"warning: Pairs!H2: pair 1's master points: {why}" in err
    assert err.count(why) == 17
    ranking = load_workbook(tmp_path / "out.xlsx")["Ranking"]
    assert not any(
        isinstance(c.value, str) and c.value.startswith("0.")
        for row in ranking.iter_rows()
        for c in row
    )
