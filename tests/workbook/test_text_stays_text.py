"""A name or title is written as the text it was: never a live formula, never a crash.

openpyxl takes text beginning with ``=`` for a formula: a hostile USEBIO file naming a
player ``=HYPERLINK("http://...","x")`` would put a live link into the club's workbook,
and a name typed as text in the night (with Excel's apostrophe) would come back as a
formula in the results.  A control character (code 1 to 31 but tab and line breaks)
cannot be held by a workbook at all: it is named, with where it was, exit status 2.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.paths import DATA, TEMPLATES

from xlbridge.cli import main

REAL = (DATA / "usebio" / "mp_pairs_mitchell_03.xml").read_text(encoding="utf-8")
HOSTILE = '=HYPERLINK("http://example.com/x","results")'


def formulas_holding(path: Path, words: str) -> list[str]:
    """The cells of ``path`` that hold a formula with ``words`` in it."""
    wb = load_workbook(path)
    try:
        return [
            f"{ws.title}!{cell.coordinate}"
            for ws in wb.worksheets
            for row in ws.iter_rows()
            for cell in row
            if cell.data_type == "f" and words in str(cell.value)
        ]
    finally:
        wb.close()


def texts_holding(path: Path, words: str) -> list[str]:
    wb = load_workbook(path)
    try:
        return [
            str(cell.value)
            for ws in wb.worksheets
            for row in ws.iter_rows()
            for cell in row
            if cell.data_type == "s" and words in str(cell.value)
        ]
    finally:
        wb.close()


def test_an_imported_name_that_looks_like_a_formula_stays_text(tmp_path, capsys):
    source = tmp_path / "event.xml"
    source.write_text(
        re.sub(r"<PLAYER_NAME>[^<]*</PLAYER_NAME>", f"<PLAYER_NAME>{HOSTILE}</PLAYER_NAME>"
               .replace('"', "&quot;"), REAL, count=1)
        .replace("<EVENT_DESCRIPTION>EL Thu", "<EVENT_DESCRIPTION>=1+1 Thu", 1),
        encoding="utf-8",
    )  # fmt: skip
    night, results = tmp_path / "night.xlsx", tmp_path / "results.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 0
    assert formulas_holding(night, "HYPERLINK") == []
    assert formulas_holding(night, "1+1") == []
    # the name is there as the file gave it, capitals and all
    assert any(text == HOSTILE for text in texts_holding(night, "example.com"))
    assert main(["score", str(night), "-o", str(results)]) == 0
    assert formulas_holding(results, "HYPERLINK") == []
    assert formulas_holding(results, "1+1") == []
    assert texts_holding(results, "=1+1 Thu")  # the event's title, on the printed pages
    capsys.readouterr()


def test_a_name_typed_as_text_in_the_night_comes_back_as_text(tmp_path, capsys):
    """The example night with pair 2's names typed as text beginning with '='."""
    night = tmp_path / "night.xlsx"
    with (
        zipfile.ZipFile(TEMPLATES / "example_club_night.xlsx") as old,
        zipfile.ZipFile(night, "w", zipfile.ZIP_DEFLATED) as new,
    ):
        for name in old.namelist():
            data = old.read(name)
            if b"Stephen Ingram &amp; Geoffrey Cole" in data:
                data = data.replace(b"Stephen Ingram &amp; Geoffrey Cole", b"=SUM(1,2) &amp; co", 1)
            new.writestr(name, data)
    results = tmp_path / "results.xlsx"
    assert main(["score", str(night), "-o", str(results)]) == 0
    assert "=SUM(1,2) & co" in capsys.readouterr().out
    assert formulas_holding(results, "SUM(1,2)") == []
    assert "=SUM(1,2) & co" in texts_holding(results, "SUM(1,2)")
    # the template's own formulas are all still formulas (the Ranking's, the scores')
    assert len(formulas_holding(results, "")) == len(
        formulas_holding(_scored_example(tmp_path), "")
    )


def _scored_example(tmp_path: Path) -> Path:
    source = tmp_path / "example.xlsx"
    shutil.copyfile(TEMPLATES / "example_club_night.xlsx", source)
    target = tmp_path / "example-results.xlsx"
    assert main(["score", str(source), "-o", str(target)]) == 0
    return target


@pytest.mark.parametrize("teams", [False, True])
def test_an_event_title_given_to_new_stays_text(teams, tmp_path, capsys):
    night = tmp_path / "night.xlsx"
    args = (
        ["--teams", "4", "--boards", "4"]
        if teams
        else ["--movement", "mitchell", "--tables", "3", "--boards", "9"]
    )
    assert main(["new", str(night), *args, "--event", "=1+1"]) == 0
    assert formulas_holding(night, "1+1") == []
    assert "=1+1" in texts_holding(night, "=1+1")  # Settings, and the table cards' titles
    assert formulas_holding(night, "")  # the template's formulas are kept
    capsys.readouterr()


def test_a_control_character_in_an_event_title_is_named(tmp_path, capsys):
    night = tmp_path / "night.xlsx"
    args = ["--movement", "mitchell", "--tables", "3", "--boards", "9"]
    assert main(["new", str(night), *args, "--event", "Tues\x01day"]) == 2
    err = capsys.readouterr().err
    assert "--event: 'Tues?day' holds a control character (code 1, shown as ?)" in err
    assert not night.exists()


def _pbn(tmp_path: Path) -> str:
    """The example night's results as PBN, written by xlbridge."""
    source = tmp_path / "example.xlsx"
    shutil.copyfile(TEMPLATES / "example_club_night.xlsx", source)
    pbn = tmp_path / "example.pbn"
    assert main(["score", str(source), "-o", str(tmp_path / "r.xlsx"), "--pbn", str(pbn)]) == 0
    return pbn.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('[Event "Tuesday Pairs"]', '[Event "Tues\x01day"]', "line 5: 'Tues?day' holds a control"),
        ('"Stephen Ingram & Geoffrey Cole"', '"Stephen\x1bIngram"', "'Stephen?Ingram' holds"),
    ],
)
def test_a_control_character_in_a_pbn_file_is_named_with_its_line(
    old, new, words, tmp_path, capsys
):
    text = _pbn(tmp_path)
    assert old in text
    source = tmp_path / "event.pbn"
    source.write_text(text.replace(old, new, 1), encoding="utf-8")
    night = tmp_path / "night.xlsx"
    capsys.readouterr()
    assert main(["import", str(source), "-o", str(night)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert not night.exists()


def test_an_imported_pbn_title_that_looks_like_a_formula_stays_text(tmp_path, capsys):
    text = _pbn(tmp_path).replace('[Event "Tuesday Pairs"]', '[Event "=2+2"]', 1)
    source = tmp_path / "event.pbn"
    source.write_text(text, encoding="utf-8")
    night = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 0
    assert formulas_holding(night, "2+2") == []
    assert texts_holding(night, "=2+2") == ["=2+2"]
    capsys.readouterr()
