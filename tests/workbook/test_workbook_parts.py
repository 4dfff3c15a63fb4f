"""Every workbook the project writes opens in Excel without a repair prompt.

Excel offers to repair ("We found a problem with some content in ...") and then
drops the offending part when a workbook's XML breaks rules that openpyxl does
not enforce.  This test unzips each workbook the project writes (the committed
templates and example, a results workbook, new nights plain and set up for a
movement, a teams workbook, a merged field, an imported USEBIO event) and
checks the package parts for the faults known to trigger it:

- a cell under two data-validation rules (Excel keeps one rule per cell);
- a validation, conditional format or merged range outside the grid
  (A1:XFD1048576), or a ``count`` that is not the number of rules;
- validation texts longer than Excel allows (title 32, prompt 255, error 225
  characters; a list's items 255);
- two defined names with one name and scope (names are case-insensitive), or
  a name that reads as a cell reference;
- sheet names that repeat, are longer than 31 characters or hold ``[]:*?/\\``;
- a part without a content type, or a relationship to a part that is missing.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook
from support import paths
from support.paths import DATA

from xlbridge.cli import main
from xlbridge.workbook.pairs.example import write_all

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
TYPES = "{http://schemas.openxmlformats.org/package/2006/content-types}"
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"

MAX_ROW, MAX_COLUMN = 1_048_576, 16_384
CELL = re.compile(r"^\$?([A-Z]{1,3})\$?([0-9]{1,7})$")
R1C1 = re.compile(r"^R[0-9]*C[0-9]*$", re.IGNORECASE)

Box = tuple[int, int, int, int]  # first row, first column, last row, last column


def column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def boxes(sqref: str) -> Iterator[Box]:
    """The rectangles of a space-separated list of ranges (``A1 B2:C9``)."""
    for part in sqref.split():
        ends = []
        for corner in part.split(":"):
            match = CELL.match(corner)
            assert match, f"{corner!r} is not a cell reference"
            ends.append((int(match[2]), column_number(match[1])))
        (r1, c1), (r2, c2) = ends[0], ends[-1]
        yield min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def inside_grid(box: Box) -> bool:
    r1, c1, r2, c2 = box
    return r1 >= 1 and r2 <= MAX_ROW and c1 >= 1 and c2 <= MAX_COLUMN


def overlap(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def looks_like_a_cell(name: str) -> bool:
    match = CELL.match(name.upper())
    if match:
        return column_number(match[1]) <= MAX_COLUMN and 1 <= int(match[2]) <= MAX_ROW
    return bool(R1C1.match(name))


def structural_faults(path: Path) -> list[str]:
    """The faults listed in the module docstring, one line each (empty: none)."""
    faults: list[str] = []
    with zipfile.ZipFile(path) as package:
        names = set(package.namelist())
        xml = {
            n: ElementTree.fromstring(package.read(n))
            for n in names
            if n.endswith((".xml", ".rels"))
        }

    types = xml["[Content_Types].xml"]
    defaults = {d.get("Extension", "").lower() for d in types.iter(f"{TYPES}Default")}
    overrides = {o.get("PartName", "").lstrip("/") for o in types.iter(f"{TYPES}Override")}
    for name in sorted(names - {"[Content_Types].xml"}):
        extension = name.rsplit(".", 1)[-1].lower()
        if not name.endswith("/") and name not in overrides and extension not in defaults:
            faults.append(f"{name}: no content type")
    for name in sorted(n for n in xml if n.endswith(".rels")):
        folder = PurePosixPath(name).parent.parent
        for rel in xml[name].iter(f"{RELS}Relationship"):
            if rel.get("TargetMode") == "External":
                continue
            target = rel.get("Target", "")
            resolved = target.lstrip("/") if target.startswith("/") else str(folder / target)
            parts: list[str] = []
            for piece in resolved.split("/"):
                if piece == "..":
                    parts.pop()
                elif piece not in ("", "."):
                    parts.append(piece)
            if "/".join(parts) not in names:
                faults.append(f"{name}: relationship to missing part {target}")

    book = xml["xl/workbook.xml"]
    sheets = [s.get("name", "") for s in book.iter(f"{MAIN}sheet")]
    for sheet in sheets:
        if len(sheet) > 31 or set(sheet) & set("[]:*?/\\") or not sheet.strip("'"):
            faults.append(f"sheet name {sheet!r} is not allowed")
    if len({s.lower() for s in sheets}) != len(sheets):
        faults.append(f"sheet names repeat: {sheets}")
    seen: set[tuple[str, str | None]] = set()
    for defined in book.iter(f"{MAIN}definedName"):
        name = defined.get("name", "")
        key = (name.lower(), defined.get("localSheetId"))
        if key in seen:
            faults.append(f"defined name {name!r} twice in one scope")
        seen.add(key)
        if looks_like_a_cell(name):
            faults.append(f"defined name {name!r} reads as a cell reference")

    for name in sorted(n for n in xml if re.fullmatch(r"xl/worksheets/sheet[0-9]+\.xml", n)):
        sheet = xml[name]
        faults += [f"{name}: {fault}" for fault in _validation_faults(sheet)]
        for tag in ("conditionalFormatting", "mergeCell"):
            for element in sheet.iter(f"{MAIN}{tag}"):
                ref = element.get("sqref") or element.get("ref") or ""
                if not all(map(inside_grid, boxes(ref))):
                    faults.append(f"{name}: {tag} {ref} outside the grid")
        merged = [box for m in sheet.iter(f"{MAIN}mergeCell") for box in boxes(m.get("ref", ""))]
        for i, a in enumerate(merged):
            if any(overlap(a, b) for b in merged[i + 1 :]):
                faults.append(f"{name}: merged cells overlap at {a}")
    return faults


def _validation_faults(sheet: ElementTree.Element) -> Iterator[str]:
    for block in sheet.iter(f"{MAIN}dataValidations"):
        rules = list(block.iter(f"{MAIN}dataValidation"))
        if block.get("count") is not None and int(block.get("count", "0")) != len(rules):
            yield f"dataValidations count {block.get('count')} but {len(rules)} rules"
        covered: list[tuple[Box, str]] = []
        for rule in rules:
            sqref = rule.get("sqref", "")
            for limit, attribute in ((32, "promptTitle"), (255, "prompt"), (32, "errorTitle")):
                if len(rule.get(attribute) or "") > limit:
                    yield f"validation {sqref}: {attribute} longer than {limit} characters"
            if len(rule.get("error") or "") > 225:
                yield f"validation {sqref}: error longer than 225 characters"
            formula = rule.findtext(f"{MAIN}formula1") or ""
            kind = rule.get("type", "none")
            if kind != "none" and not formula:
                yield f"validation {sqref}: a {kind} rule without formula1"
            if kind == "list" and formula.startswith('"') and len(formula) - 2 > 255:
                yield f"validation {sqref}: list items longer than 255 characters"
            for box in boxes(sqref):
                if not inside_grid(box):
                    yield f"validation {sqref} outside the grid"
                for other, other_ref in covered:
                    if overlap(box, other):
                        yield f"validations {other_ref} and {sqref} cover the same cells"
                covered.append((box, sqref))


COMMITTED = paths.TEMPLATES


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every kind of workbook the project writes, written afresh."""
    folder = tmp_path_factory.mktemp("written")
    books = {path.name: path for path in write_all(folder / "templates")}
    example = books["example_club_night.xlsx"]
    other = folder / "other_club.xlsx"  # a second club: the same club twice is refused
    club = load_workbook(example)
    club["Pairs"]["B2"] = "Other club players"
    club.save(other)
    for name, argv in (
        ("results.xlsx", ["score", str(example), "-o", str(folder / "results.xlsx")]),
        ("new.xlsx", ["new", str(folder / "new.xlsx")]),
        ("new.xlsm", ["new", str(folder / "new.xlsm")]),
        ("merged.xlsx", ["merge", str(example), str(other), "-o", str(folder / "merged.xlsx")]),
        ("mitchell.xlsm", ["new", str(folder / "mitchell.xlsm"), "--movement", "mitchell",
                           "--tables", "5", "--boards", "10"]),
        ("howell.xlsx", ["new", str(folder / "howell.xlsx"), "--movement", "howell",
                         "--tables", "4", "--boards", "14"]),
        ("teams.xlsx", ["new", str(folder / "teams.xlsx"), "--teams", "6", "--boards", "8"]),
        ("imported.xlsx", ["import", str(DATA / "usebio" / "mp_pairs_mitchell_03.xml"),
                           "-o", str(folder / "imported.xlsx")]),
    ):  # fmt: skip
        assert main(argv) == 0, name
        books[name] = folder / name
    return books


KINDS = (
    "club_pairs.xlsx",
    "club_pairs.xlsm",
    "example_club_night.xlsx",
    "results.xlsx",
    "new.xlsx",
    "new.xlsm",
    "merged.xlsx",
    "mitchell.xlsm",
    "howell.xlsx",
    "teams.xlsx",
    "imported.xlsx",
)


@pytest.mark.parametrize("name", KINDS)
def test_written_workbook_has_no_structural_fault(written: dict[str, Path], name: str) -> None:
    assert structural_faults(written[name]) == []


@pytest.mark.parametrize("path", sorted(COMMITTED.glob("*.xls*")), ids=lambda p: p.name)
def test_committed_workbook_has_no_structural_fault(path: Path) -> None:
    assert structural_faults(path) == []


def test_the_checks_find_each_fault(tmp_path: Path) -> None:
    # The template before this check: Settings!B9 (expected results) had a prompt-only
    # rule and its own custom rule; and a name, a merge and a rule outside the grid.
    source = COMMITTED / "club_pairs.xlsx"
    broken = tmp_path / "broken.xlsx"
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(broken, "w") as new:
        for item in old.infolist():
            data = old.read(item.filename)
            if item.filename == "xl/worksheets/sheet2.xml":
                text = data.decode()
                extra = (
                    '<dataValidation sqref="B9" allowBlank="1" showInputMessage="1"/>'
                    '<dataValidation sqref="C1:C1048577" type="whole"><formula1>1</formula1>'
                    "</dataValidation>"
                )
                text = re.sub(r"(<dataValidations[^>]*>)", r"\1" + extra, text, count=1)
                data = text.encode()
            if item.filename == "xl/workbook.xml":
                text = data.decode()
                text = text.replace(
                    "</definedNames>",
                    '<definedName name="ab12">Settings!$B$2</definedName>'
                    '<definedName name="EventName">Settings!$B$3</definedName></definedNames>',
                )
                data = text.encode()
            new.writestr(item, data)
    faults = structural_faults(broken)
    assert any("cover the same cells" in f and "B9" in f for f in faults), faults
    assert any("C1:C1048577 outside the grid" in f for f in faults), faults
    assert any("count" in f for f in faults), faults
    assert "defined name 'EventName' twice in one scope" in faults
    assert "defined name 'ab12' reads as a cell reference" in faults


ROW_PLACES = [
    # (sheetData as written, what is wrong, '' if nothing); openpyxl's reading decides
    (b'<row r="1"><c r="A1"/><c r="B1"/></row><row r="3"><c r="C3"/></row>', ""),
    (b"<row><c/><c/></row><row><c/></row>", ""),  # places left out: counted
    (b'<row r="5"><c r="a5"/><c r="AB5"/><c r="ABC5"/></row>', ""),  # any case, 3 letters
    (b'<row r="5"><c r="A05"/></row>', ""),  # a leading zero: still row 5
    (b'<x:row r="12" spans="1:2"><x:c r="B12" t="s"/></x:row>', ""),  # a prefix, attributes
    (b'<row r="5"><c r="A15"/></row>', "places a cell at 'A15' in row 5"),
    (b'<row r="15"><c r="A5"/></row>', "places a cell at 'A5' in row 15"),
    (b'<row r="5"><c r="C5"/><c r="B5"/></row>', "places a cell at 'B5' in row 5 after column C"),
    (b'<row r="5"><c r="5"/></row>', "places a cell at '5' in row 5"),
    (b'<row r="-1"><c r="A1"/></row>', "numbers a row '-1'"),
    (b'<row r="4"/><row r="3"/>', "numbers a row '3' after row 4"),
    (b'<row r="4"/><row/><row r="5"/>', "numbers a row '5' after row 5"),
    (b'<rows r="1"/><cols r="x"/><row r="2"><c r="A2"/></row>', ""),  # other tags alone
    (b'<x:row r="4"><x:c r="A4"/></x:row><x:row r="3"/>', "numbers a row '3' after row 4"),
    (b'<my-ns.1:row r="2"><my-ns.1:c r="B3"/></my-ns.1:row>', "places a cell at 'B3' in row 2"),
]


@pytest.mark.parametrize(("data", "problem"), ROW_PLACES)
def test_row_and_cell_places(data: bytes, problem: str) -> None:
    """A row or cell out of place is named as openpyxl would misread it; order kept is fine."""
    from xlbridge.workbook.shared.sheets import row_number_problem

    assert row_number_problem(b"<sheetData>" + data + b"</sheetData>") == problem
