"""The bad-input corpus: files other spreadsheets write (issue 35, class 5).

A club night saved by LibreOffice in its own format (.ods), a workbook saved
as Strict Open XML, a workbook whose shared text table is short: each is
scored with the same figures as the ordinary .xlsx, or refused with a message
naming the file (and the cell), never a Python warning or error.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.nights import digest, figures, fill_round
from support.paths import DATA

from xlbridge.cli import main
from xlbridge.workbook.pairs.night import score_night

ODS = DATA / "ods" / "small_night.ods"

#: The small night's ranking as printed (the example night's boards 1-4): the lines of the
#: best and the worst pair each way, and the one fractional total (a weighted score).
RANKING_LINES = (
    "   1     2  Stephen Ingram & Geoffrey Cole         4  41.00   56  73.21",
    "   9     6  Teresa Foster & Lionel Jordan          4   3.00   56   5.36",
    "   1    11  Gillian Reeves & Kathleen Lowe       4  45.00   56  80.36",
    "   3    14  Eileen Hughes & Rosemary Nash        4  35.60   56  63.57",
    "   8    12  Margaret Irving & Edward Carr        4  11.00   56  19.64",
)


def score_all(night: Path, folder: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """``xlbridge score`` with every output; the printed ranking and each output's text."""
    outs = {ext: folder / f"out{ext}" for ext in (".xlsx", ".html", ".pbn", ".xml")}
    options = {"-o": ".xlsx", "--html": ".html", "--pbn": ".pbn", "--usebio": ".xml"}
    named = [word for option, ext in options.items() for word in (option, str(outs[ext]))]
    status = main(["score", str(night), *named])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    texts = {ext: path.read_text(encoding="utf-8") for ext, path in outs.items() if ext != ".xlsx"}
    wb = load_workbook(outs[".xlsx"], read_only=True)
    texts["ranking sheet"] = repr([row for row in wb["Ranking"].iter_rows(values_only=True)])
    wb.close()
    texts["printed"] = captured.out.rsplit("\nwrote ", 1)[0]
    return texts


def ods_copy(source: Path, folder: Path) -> Path:
    """``source`` saved as .ods by LibreOffice headless (its own format, its default)."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice is not installed")
    out = folder / "lo"
    subprocess.run(
        [soffice, f"-env:UserInstallation=file://{folder}/lo-profile", "--headless",
         "--convert-to", "ods", "--outdir", str(out), str(source)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return out / f"{source.stem}.ods"


# --- (a) an .ods saved by LibreOffice -----------------------------------------------------------


def test_an_ods_night_scores_as_the_xlsx(small_night: Path, tmp_path: Path, capsys) -> None:
    """The committed .ods (LibreOffice's save of the small night): the same figures, the same
    results workbook, page, USEBIO and PBN as the .xlsx it was saved from."""
    night = tmp_path / "ods" / "night.ods"
    night.parent.mkdir()
    shutil.copyfile(ODS, night)
    before = digest(night)
    assert figures(score_night(night)) == figures(score_night(small_night))
    from_ods = score_all(night, night.parent, capsys)
    (tmp_path / "xlsx").mkdir()
    from_xlsx = score_all(small_night, tmp_path / "xlsx", capsys)
    assert from_ods == from_xlsx
    for line in RANKING_LINES:
        assert line in from_ods["printed"].splitlines()
    assert digest(night) == before


def test_an_ods_keeps_its_percent_cells(tmp_path: Path) -> None:
    """LibreOffice stores A+ 60% and A- 40% as 0.6 and 0.4 with the value type percentage."""
    with zipfile.ZipFile(ODS) as archive:
        content = archive.read("content.xml")
    assert content.count(b'office:value-type="percentage" office:value="0.6"') == 1
    assert content.count(b'office:value-type="percentage" office:value="0.4"') == 1
    settings = score_night(ODS).night.event.settings
    assert (settings.aplus, settings.aminus) == (60, 40)


@pytest.mark.external  # LibreOffice
def test_a_night_saved_as_ods_by_libreoffice_scores_as_the_xlsx(
    small_night: Path, tmp_path: Path, capsys
) -> None:
    night = ods_copy(small_night, tmp_path)
    from_ods = score_all(night, night.parent, capsys)
    (tmp_path / "xlsx").mkdir()
    assert from_ods == score_all(small_night, tmp_path / "xlsx", capsys)


@pytest.mark.external  # LibreOffice
def test_a_teams_night_saved_as_ods_scores_as_the_xlsx(tmp_path: Path, capsys) -> None:
    """A round robin of 6 teams, round 1's scores typed, saved as .ods: the same standings
    and page (the draw into an .ods is refused: it writes an .xlsx)."""
    made = tmp_path / "made.xlsx"
    assert main(["new", str(made), "--teams", "6", "--boards", "4", "--format", "round-robin"]) == 0
    night = tmp_path / "teams.xlsx"
    fill_round(made, night, 1)
    ods = ods_copy(night, tmp_path)
    capsys.readouterr()
    printed, pages = [], []
    for source, folder in ((night, tmp_path / "x"), (ods, tmp_path / "o")):
        folder.mkdir()
        page = folder / "out.html"
        outputs = ["-o", str(folder / "out.xlsx"), "--html", str(page)]
        assert main(["score", str(source), *outputs]) == 0
        printed.append(capsys.readouterr().out.rsplit("\nwrote ", 1)[0])
        pages.append(page.read_text(encoding="utf-8"))
    assert printed[0] == printed[1] and pages[0] == pages[1]
    assert "6     4 Team 4                          1      13      36    1.24" in printed[1]
    assert main(["draw", str(ods), "--round", "2", "-o", str(tmp_path / "r2.xlsx")]) == 2
    assert capsys.readouterr().err == (
        f"error: {ods} is an .ods: xlbridge draw writes the round into an .xlsx "
        "workbook: save it as .xlsx in LibreOffice and draw there\n"
    )


def test_an_ods_named_xlsx_is_refused_naming_it(tmp_path: Path, capsys) -> None:
    night = tmp_path / "night.xlsx"
    shutil.copyfile(ODS, night)
    status = main(["score", str(night)])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        f"error: {night} is an OpenDocument spreadsheet (.ods), but its name does not "
        "end in .ods: rename it to .ods (or save it as .xlsx)\n"
    )


def test_an_ods_with_merged_entry_cells_is_refused_as_an_xlsx_is(tmp_path: Path, capsys) -> None:
    """Two NS pair cells merged (B2:B3) in LibreOffice: the row below would read blank."""
    night = tmp_path / "night.ods"
    with zipfile.ZipFile(ODS) as old, zipfile.ZipFile(night, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == "content.xml":
                travellers = data.index(b'table:name="Travellers"')
                row = data.index(b"<table:table-row", data.index(b"</table:table-row>", travellers))
                cell = data.index(b"<table:table-cell", data.index(b"<table:table-cell", row) + 1)
                merged = b'<table:table-cell table:number-rows-spanned="2"'
                data = data[:cell] + merged + data[cell + len(b"<table:table-cell") :]
            new.writestr(info, data)
    status = main(["score", str(night)])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        "error: 1 problem in the workbook:\n"
        "Travellers!B2:B3: merged cells: unmerge them, so that every row has its own entry\n"
    )


# --- (b) Strict Open XML ------------------------------------------------------------------------

#: Transitional namespace -> Strict (ISO/IEC 29500 Strict, Excel's "Strict Open XML
#: Spreadsheet" save option).
STRICT = {
    b"http://schemas.openxmlformats.org/spreadsheetml/2006/main": (
        b"http://purl.oclc.org/ooxml/spreadsheetml/main"
    ),
    b"http://schemas.openxmlformats.org/officeDocument/2006/relationships": (
        b"http://purl.oclc.org/ooxml/officeDocument/relationships"
    ),
}


def test_a_strict_open_xml_workbook_is_refused_naming_it(
    small_night: Path, tmp_path: Path, capsys
) -> None:
    night = tmp_path / "night.xlsx"
    with zipfile.ZipFile(small_night) as old, zipfile.ZipFile(night, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            for transitional, strict in STRICT.items():
                data = data.replace(transitional, strict)
            new.writestr(info, data)
    status = main(["score", str(night)])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        f"error: {night} is saved as Strict Open XML, which xlbridge does not read: "
        "open it in Excel or LibreOffice and save it as an ordinary .xlsx (Excel Workbook, "
        "not Strict Open XML Spreadsheet)\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.xlsx"]


# --- (c) a short or damaged shared text table ---------------------------------------------------

_INLINE = re.compile(rb'<c ([^>]*?) ?t="inlineStr"><is><t(?: [^>]*)?>(.*?)</t></is></c>')


def with_shared_strings(source: Path, target: Path, keep: int | None = None) -> list[str]:
    """``source`` (whose texts are inline, as xlbridge and openpyxl write them) saved as Excel
    and LibreOffice save: every text in the shared string table, the cells pointing into it
    (``keep``: the table cut to its first ``keep`` texts).  Returns the table's texts."""
    texts: list[bytes] = []

    def shared(match: re.Match[bytes]) -> bytes:
        if match.group(2) not in texts:
            texts.append(match.group(2))
        return b'<c %s t="s"><v>%d</v></c>' % (match.group(1), texts.index(match.group(2)))

    with zipfile.ZipFile(source) as old:
        parts = {info.filename: old.read(info) for info in old.infolist()}
    for name in parts:
        if name.startswith("xl/worksheets/sheet"):
            parts[name] = _INLINE.sub(shared, parts[name])
    kept = texts[:keep]
    parts["xl/sharedStrings.xml"] = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        b'count="%d" uniqueCount="%d">'
        % (len(kept), len(kept))
        + b"".join(b'<si><t xml:space="preserve">%s</t></si>' % t for t in kept)
        + b"</sst>"
    )
    rel = (
        b'<Relationship Id="rIdShared" Target="sharedStrings.xml" Type="http://schemas.'
        b'openxmlformats.org/officeDocument/2006/relationships/sharedStrings"/>'
    )
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = parts[rels].replace(b"</Relationships>", rel + b"</Relationships>")
    override = (
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
        b'officedocument.spreadsheetml.sharedStrings+xml"/>'
    )
    types = parts["[Content_Types].xml"]
    parts["[Content_Types].xml"] = types.replace(b"</Types>", override + b"</Types>")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data)
    return [t.decode() for t in texts]


def test_a_night_with_shared_texts_scores_as_the_inline_one(small_night: Path, tmp_path) -> None:
    night = tmp_path / "night.xlsx"
    texts = with_shared_strings(small_night, night)
    assert len(texts) == 165 and texts[102] == "Gillian Reeves"
    assert figures(score_night(night)) == figures(score_night(small_night))


#: cut to so many texts -> the message (the 103rd text is Pairs!D12's, Gillian Reeves)
SHORT_TABLES = {
    102: "Pairs!D12 is text number 103 of the shared text table (xl/sharedStrings.xml), "
    "which has only 102",
    0: "Settings!A1 is text number 1 of the shared text table (xl/sharedStrings.xml), "
    "which is missing or empty",
}


@pytest.mark.parametrize("keep", sorted(SHORT_TABLES))
def test_a_short_shared_text_table_is_refused_naming_the_cell(
    keep: int, small_night: Path, tmp_path: Path, capsys
) -> None:
    night = tmp_path / "night.xlsx"
    with_shared_strings(small_night, night, keep)
    before = digest(night)
    status = main(["score", str(night), "-o", str(tmp_path / "out.xlsx")])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        f"error: {night} is damaged: {SHORT_TABLES[keep]}: open it in Excel or "
        "LibreOffice, save it again as .xlsx, and retry\n"
    )
    assert "list index" not in err
    assert digest(night) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.xlsx"]


def test_a_garbled_shared_text_table_is_refused_naming_the_part(
    small_night: Path, tmp_path: Path, capsys
) -> None:
    whole = tmp_path / "whole.xlsx"
    with_shared_strings(small_night, whole)
    night = tmp_path / "night.xlsx"
    with zipfile.ZipFile(whole) as old, zipfile.ZipFile(night, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == "xl/sharedStrings.xml":
                data = data[: data.index(b"Gillian Reeves") + 7]  # cut short in a text
            new.writestr(info, data)
    status = main(["score", str(night), "-o", str(tmp_path / "out.xlsx")])
    err = capsys.readouterr().err
    assert status == 2
    assert re.fullmatch(
        f"error: {re.escape(str(night))} is damaged: its part xl/sharedStrings.xml is "
        r"not well-formed XML \(cut short or garbled at line 2, column \d+\): open it in "
        r"Excel or LibreOffice, save it again as .xlsx, and retry\n",
        err,
    ), err
