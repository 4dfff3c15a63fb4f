"""A club night with the Settings row "Master point body" ABF or ACBL: blank awards computed.

Compscore3's ABF files (tests/data/usebio/) are imported into a workbook, every Master
points cell on Pairs is blanked, and the night is scored: the USEBIO written carries, for
every pair, the MASTER_POINTS_AWARDED the original file published; the Ranking and the web
page show them as masterpoints.
"""

from __future__ import annotations

from pathlib import Path

import defusedxml.ElementTree as SafeET
import pytest
from openpyxl import load_workbook
from support import paths

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.places import CellPlace, Problem
from xlbridge.workbook.pairs.night import score_night

DATA = paths.DATA / "usebio"


def _awards(path: Path) -> dict[str, str]:
    event = SafeET.parse(path).getroot().find("EVENT")
    return {
        (p.findtext("PAIR_NUMBER") or ""): (p.findtext("MASTER_POINTS_AWARDED") or "")
        for p in event.iter("PAIR")
    }


def _night(tmp_path: Path, name: str, body: object = "ABF", typed: dict[int, object] | None = None):
    night = tmp_path / "night.xlsx"
    assert main(["import", str(DATA / name), "-o", str(night)]) == 0
    wb = load_workbook(night)
    pairs = wb["Pairs"]
    for row in range(2, pairs.max_row + 1):
        pairs[f"H{row}"] = (typed or {}).get(row)
    settings = wb["Settings"]
    row = settings.max_row + 1
    settings.cell(row, 1, "Master point body")
    settings.cell(row, 2, body)
    wb.save(night)
    return night, f"Settings!B{row}"


@pytest.mark.parametrize(
    "name", ["mp_pairs_mitchell_03.xml", "cross_imp_howell.xml", "butler_mitchell.xml"]
)
def test_blank_awards_are_computed_as_the_file_published(tmp_path, capsys, name):
    night, _ = _night(tmp_path, name)
    out = tmp_path / "out.xml"
    page = tmp_path / "out.html"
    assert main(["score", str(night), "--usebio", str(out), "--html", str(page)]) == 0
    assert "warning" not in capsys.readouterr().err
    assert _awards(out) == _awards(DATA / name)
    # the Ranking and the web page show them as masterpoints: the winner's 21 is 0.21
    winner = max(int(a) for a in _awards(DATA / name).values())
    shown = f"{winner // 100}.{winner % 100:02d}"
    ranking = load_workbook(tmp_path / "night-results.xlsx")["Ranking"]
    column = [ranking.cell(r, 9).value for r in range(1, ranking.max_row + 1)]
    assert "Master points" in column and shown in column
    assert f'<td class="n">{shown}</td>' in page.read_text(encoding="utf-8")


def test_a_typed_award_stands_and_a_difference_is_a_warning(tmp_path, capsys):
    # Pairs!H2 is NS 1, tied third of three in mp_pairs_mitchell_03: the rule gives 6
    night, _ = _night(tmp_path, "mp_pairs_mitchell_03.xml", typed={2: 7})
    scored = score_night(night)
    assert scored.warnings == (
        Problem(
            CellPlace("Pairs", 2, "H"),
            "pair NS 1's master points are typed as 7; the ABF's rule gives 6 "
            "(0.06 masterpoints, in hundredths as the results file carries them); "
            "the typed figure stands",
        ),
    )
    awards = {p.pair.label: p.pair.master_points for p in scored.result.pairs}
    assert (awards["NS 1"], awards["NS 7"], awards["NS 3"]) == ("7", "6", "21")


def test_a_typed_award_equal_to_the_computed_one_is_no_warning(tmp_path):
    night, _ = _night(tmp_path, "mp_pairs_mitchell_03.xml", typed={2: 6})
    assert score_night(night).warnings == ()


def test_no_body_computes_nothing(tmp_path):
    night, _ = _night(tmp_path, "mp_pairs_mitchell_03.xml", body=None)
    scored = score_night(night)
    assert {p.pair.master_points for p in scored.result.pairs} == {""}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "EBU",
            "master points by the EBU's scales are not computed: leave the master point "
            "body blank and type each pair's award on the Pairs sheet",
        ),
        ("Australia", "the master point body must be ABF, ACBL or blank (none), not 'Australia'"),
    ],
)
def test_a_body_not_computed_is_refused_naming_the_cell(tmp_path, body, message):
    night, cell = _night(tmp_path, "mp_pairs_mitchell_03.xml", body=body)
    with pytest.raises(ScoringError) as caught:
        score_night(night)
    assert f"{cell}: {message}" in str(caught.value)


def test_acbl_open_club_awards_on_a_mitchell_with_a_half_table(tmp_path, capsys):
    # mp_pairs_mitchell_03: 13 pairs, 7 NS and 6 EW, a 6 1/2 table Mitchell.  ACBL Handbook,
    # I. Calculating the awards: "a 1/2 table will be treated as though it were a full
    # table", so each direction is a group of 7 pairs: first .10 x 7 = 0.70, second 70% =
    # 0.49, third 50% = 0.35; depth 40% x 7 = 2.8 -> 3 places.
    # EW: 6 EW first, 2 EW second, 7 EW third -> 70, 49, 35, the rest 0.
    # NS: 3 NS first (70), 6 NS second (49), 1 NS and 7 NS tied third: the text read has no
    # tie rule, so their cells stay blank with a warning each.
    night, _ = _night(tmp_path, "mp_pairs_mitchell_03.xml", body="ACBL")
    out = tmp_path / "out.xml"
    assert main(["score", str(night), "--usebio", str(out)]) == 0
    err = capsys.readouterr().err
    for cell, pair in (("H2", "NS 1"), ("H13", "NS 7")):
        assert (
            f"Pairs!{cell}: pair {pair}'s master points: the ACBL's rule for places tied (3=) "
            "is not built in: type the award"
        ) in err
    assert _awards(out) == {
        "3NS": "70",
        "6NS": "49",
        "1NS": "",
        "7NS": "",
        "2NS": "0",
        "5NS": "0",
        "4NS": "0",
        "6EW": "70",
        "2EW": "49",
        "7EW": "35",
        "5EW": "0",
        "3EW": "0",
        "4EW": "0",
    }
    ranking = load_workbook(tmp_path / "night-results.xlsx")["Ranking"]
    column = [ranking.cell(r, 9).value for r in range(1, ranking.max_row + 1)]
    assert "Master points" in column
    assert column.count("0.70") == 2 and column.count("0.49") == 2
    assert column.count("0.35") == 1


def test_acbl_howell_is_one_group_of_every_pair(tmp_path, capsys):
    # cross_imp_howell: 9 pairs, a 4 1/2 table Howell: one group of 9 pairs ("a 5 1/2 table
    # Howell is 11 pairs in the comparison group"); first .10 x 9 = 0.90, 0.63, 0.45;
    # depth 40% x 9 = 3.6 -> 4; fourth 35% of 0.90 = 0.315, not a whole hundredth, and
    # the text states no rounding: pair 7 (fourth) is left blank with a warning.
    night, _ = _night(tmp_path, "cross_imp_howell.xml", body="ACBL")
    out = tmp_path / "out.xml"
    assert main(["score", str(night), "--usebio", str(out)]) == 0
    err = capsys.readouterr().err
    assert (
        "Pairs!H7: pair 7's master points: place 4's award is 0.315 masterpoints and the "
        "ACBL's rounding to hundredths is not built in: type the award"
    ) in err
    awards = _awards(out)
    assert (awards["2"], awards["10"], awards["6"], awards["7"]) == ("90", "63", "45", "")
    assert {awards[p] for p in ("1", "3", "5", "8", "9")} == {"0"}


def test_acbl_a_typed_award_fills_what_the_rule_leaves(tmp_path):
    # the club types the tied pairs' awards (Pairs!H2 NS 1, H13 NS 7): no warning is left,
    # and the computed awards are filled beside them
    night, _ = _night(tmp_path, "mp_pairs_mitchell_03.xml", body="ACBL", typed={2: 18, 13: 17})
    scored = score_night(night)
    assert scored.warnings == ()
    awards = {p.pair.label: p.pair.master_points for p in scored.result.pairs}
    assert (awards["NS 3"], awards["NS 1"], awards["NS 7"]) == ("70", "18", "17")
