"""The ACBL convention chosen on the Settings sheet: every output prints ACBLscore's figures.

The night is the 13-table Mitchell of tests/core/test_acbl.py (NS pairs sit out a
round: 24 of 26 boards), whose figures are worked out there by hand and by brute
force: NS 8 has 137 matchpoints on a top of 11, scaled 137 x 26/24 = 148.4166...,
printed 148.42, 148.42 of 286 = 51.90%; EW 5 played all 26: 175.00, 61.19%.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.acbl_events import event, mitchell_rows

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.filled import filled_workbook
from xlbridge.workbook.pairs.reader import read_workbook

CONVENTION = f"{L.SETTINGS}!B{L.setting_row('Convention')}"
SCALE = f"{L.SETTINGS}!B{L.setting_row('Scale')}"


def night(folder: Path, **cells: object) -> Path:
    """The Mitchell as a club workbook, with Settings cells changed (``{'B8': 2}``)."""
    wb = filled_workbook(event(mitchell_rows()))
    for ref, value in cells.items():
        wb[L.SETTINGS][ref] = value
    path = folder / "night.xlsx"
    wb.save(path)
    return path


def test_the_settings_row_is_a_drop_down_of_the_conventions(tmp_path: Path) -> None:
    path = night(tmp_path)
    ws = load_workbook(path)[L.SETTINGS]
    row = L.setting_row("Convention")
    assert ws[f"A{row}"].value == "Convention"
    assert ws[f"B{row}"].value == "ACBL"  # the event's settings, written by the import
    assert ws[f"B{L.setting_row('Scale')}"].value == 1
    lists = {str(v.sqref): v.formula1 for v in ws.data_validations.dataValidation}
    assert lists[f"B{row}"] == '"xlbridge,ACBL,KoPS,BBO"'


def test_every_output_prints_the_acbl_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = night(tmp_path)
    out, xml, html = tmp_path / "out.xlsx", tmp_path / "out.xml", tmp_path / "out.html"
    status = main(["score", str(path), "-o", str(out), "--usebio", str(xml), "--html", str(html)])
    terminal = capsys.readouterr().out
    assert status == 0
    # the terminal: rank, pair, boards, the scaled total, the section's maximum, the percentage
    assert re.search(r"\n +6 +NS 8 +24 +148\.42 +286 +51\.90\n", terminal)
    assert re.search(r"\n +2= +NS 10 +24 +154\.92 +286 +54\.17\n", terminal)
    assert re.search(r"\n +1 +EW 5 +26 +175\.00 +286 +61\.19\n", terminal)
    # the results workbook's Ranking sheet: the exact figures, shown to two decimals
    ranking = load_workbook(out)[L.RANKING]
    rows = {r[1]: r for r in ranking.iter_rows(values_only=True) if r[1] in ("NS 8", "EW 5")}
    assert rows["NS 8"][4:] == (24, pytest.approx(137 * 26 / 24), 286, pytest.approx(14842 / 286))
    assert rows["EW 5"][4:] == (26, 175, 286, pytest.approx(17500 / 286))
    # the web page
    page = html.read_text(encoding="utf-8")
    assert (
        '<td>NS 8</td><td></td><td class="n">24</td><td class="n">148.42</td>'
        '<td class="n">286</td><td class="n">51.90</td>'
    ) in page
    # USEBIO
    text = xml.read_text(encoding="utf-8")
    assert re.search(
        r"<PAIR_NUMBER>8NS</PAIR_NUMBER>\s*<DIRECTION>NS</DIRECTION>\s*"
        r"<TOTAL_SCORE>148.42</TOTAL_SCORE>\s*<PERCENTAGE>51.90</PERCENTAGE>\s*<PLACE>6</PLACE>",
        text,
    )
    for tied in ("5NS", "10NS"):  # USEBIO's PLACE of a tie is the shared place
        assert re.search(
            rf"<PAIR_NUMBER>{tied}</PAIR_NUMBER>(?:(?!</PAIR>).)*<PLACE>2</PLACE>", text, re.S
        )


def test_an_acbl_file_without_its_settings_is_recognised_by_the_audit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The USEBIO file another program would write (no xlbridge settings in it): the
    import tries each convention and the ACBL one alone reproduces every figure."""
    path = night(tmp_path)
    xml = tmp_path / "out.xml"
    assert main(["score", str(path), "-o", str(tmp_path / "out.xlsx"), "--usebio", str(xml)]) == 0
    text = xml.read_text(encoding="utf-8")
    bare = tmp_path / "bare.xml"
    bare.write_text(re.sub(r"<\?xlbridge settings [^?]*\?>", "", text), encoding="utf-8")
    capsys.readouterr()
    assert main(["import", str(bare), "-o", str(tmp_path / "again.xlsx")]) == 0
    said = capsys.readouterr().out
    assert "convention: matchpoints: the ACBL convention\n" in said
    assert "published figures checked: every one reproduced" in said
    assert "not chosen: matchpoints: short boards factored by Neuberg" in said
    again = load_workbook(tmp_path / "again.xlsx")[L.SETTINGS]
    assert again[CONVENTION.split("!")[1]].value == "ACBL"


def test_an_unknown_convention_is_refused_naming_its_cell(tmp_path: Path) -> None:
    row = L.setting_row("Convention")
    path = night(tmp_path, **{f"B{row}": "Compscore3"})
    with pytest.raises(ScoringError) as caught:
        read_workbook(path)
    assert (
        f"{CONVENTION}: the convention must be 'xlbridge', 'ACBL', 'KoPS' or 'BBO', "
        "not 'Compscore3'"
    ) in str(caught.value)


def test_the_acbl_convention_with_two_a_result_beaten_is_refused(tmp_path: Path) -> None:
    path = night(tmp_path, **{f"B{L.setting_row('Scale')}": 2})
    with pytest.raises(ScoringError) as caught:
        read_workbook(path)
    assert (
        f"{SCALE}: the ACBL convention ({CONVENTION}) scores 1 matchpoint a result beaten "
        "and half a tie, so the matchpoints per result beaten cannot be 2: type 1, or leave "
        "the convention blank"
    ) in str(caught.value)


def test_a_blank_convention_is_xlbridge_s_own(tmp_path: Path) -> None:
    row = L.setting_row("Convention")
    path = night(tmp_path, **{f"B{row}": None, f"B{L.setting_row('Scale')}": 2})
    result = read_workbook(path).event
    assert str(result.settings.convention) == "xlbridge" and result.settings.scale == 2
