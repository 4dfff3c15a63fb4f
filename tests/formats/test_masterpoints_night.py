"""A club night with the Settings row "Master point body" ABF: blank awards computed.

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
        "Pairs!H2: pair NS 1's master points are typed as 7; the ABF's rule gives 6 "
        "(0.06 masterpoints, in hundredths as the results file carries them); "
        "the typed figure stands",
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
        (
            "acbl",
            "master points by the ACBL's scales are not computed: leave the master point "
            "body blank and type each pair's award on the Pairs sheet",
        ),
        ("Australia", "the master point body must be ABF or blank (none), not 'Australia'"),
    ],
)
def test_a_body_not_computed_is_refused_naming_the_cell(tmp_path, body, message):
    night, cell = _night(tmp_path, "mp_pairs_mitchell_03.xml", body=body)
    with pytest.raises(ScoringError) as caught:
        score_night(night)
    assert f"{cell}: {message}" in str(caught.value)
