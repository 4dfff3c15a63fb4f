"""Hostile and broken files are refused quickly and plainly; outputs never lose data.

Every hostile file is built here, at test time, in ``tmp_path``: small on
disk (the zip bombs are highly compressible), never committed.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path, PureWindowsPath

import openpyxl
import pytest
from support.paths import EXAMPLE

from xlbridge import inputs
from xlbridge.errors import InputFileError, ScoringError
from xlbridge.formats import read_published
from xlbridge.inputs import MAX_MEMBERS, MAX_UNCOMPRESSED_BYTES, check_workbook_file
from xlbridge.outputs import OutputPlan, atomic_write, refuse_same_file

OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def good_workbook(path: Path) -> Path:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Travellers"
    sheet.append(["Board", "NS", "EW", "Score"])
    sheet.append([1, 1, 2, 420])
    workbook.save(path)
    return path


def rewrite_zip(
    source: Path,
    target: Path,
    replace: dict[str, bytes] | None = None,
    add: dict[str, bytes] | None = None,
    drop: tuple[str, ...] = (),
) -> Path:
    """A copy of the zip ``source`` with members replaced, added or dropped."""
    replace, add = replace or {}, add or {}
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename in drop:
                continue
            dst.writestr(info.filename, replace.get(info.filename, src.read(info)))
        for name, data in add.items():
            dst.writestr(name, data)
    return target


BILLION_LAUGHS = b"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData>
</worksheet>"""

XXE = b"""<?xml version="1.0"?>
<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1">
<si><t>&xxe;</t></si></sst>"""

EXTERNAL_LINK = b"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<externalBook r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheetNames><sheetName val="Sheet1"/></sheetNames></externalBook></externalLink>"""


def forged_sizes_zip(path: Path, file_size: int, compress_size: int, count: int = 1) -> Path:
    """A zip whose central directory declares these sizes (the data itself is tiny)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        archive.writestr("xl/workbook.xml", b"<workbook/>")
        for i in range(count):
            archive.writestr(f"xl/worksheets/sheet{i}.xml", b"<worksheet/>")
    data = bytearray(buffer.getvalue())
    # Patch the uncompressed and compressed sizes of each sheet's central directory entry.
    at = 0
    while (at := data.find(b"PK\x01\x02", at)) >= 0:
        name_len = int.from_bytes(data[at + 28 : at + 30], "little")
        name = bytes(data[at + 46 : at + 46 + name_len])
        if name.startswith(b"xl/worksheets/"):
            data[at + 20 : at + 24] = compress_size.to_bytes(4, "little")
            data[at + 24 : at + 28] = file_size.to_bytes(4, "little")
        at += 46
    path.write_bytes(bytes(data))
    return path


def real_zip_bomb(path: Path) -> Path:
    """A real, honest zip bomb: 64 MB of zeros in one member, about 64 KB on disk."""
    block = b"\0" * 2**20
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        archive.writestr("xl/workbook.xml", b"<workbook/>")
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as member:
            for _ in range(64):
                member.write(block)
    return path


def many_small_bombs(path: Path) -> Path:
    """Members each under the ratio check's size, together over the total limit."""
    member = b"\0" * RATIO_SAFE_BYTES
    count = MAX_UNCOMPRESSED_BYTES // len(member) + 1
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        archive.writestr("xl/workbook.xml", b"<workbook/>")
        for i in range(count):
            archive.writestr(f"xl/media/image{i}.bin", member)
    return path


RATIO_SAFE_BYTES = 2**20  # exactly the size below which any ratio is allowed


# --- each hostile file, its builder and the words its refusal must contain ----------------------


def billion_laughs(tmp: Path) -> Path:
    good = good_workbook(tmp / "good.xlsx")
    return rewrite_zip(
        good, tmp / "laughs.xlsx", replace={"xl/worksheets/sheet1.xml": BILLION_LAUGHS}
    )


def merged(tmp: Path, ref: str, extra: bytes = b"") -> Path:
    """The good workbook with one merged range ``ref`` on its sheet (and ``extra`` after it)."""
    good = good_workbook(tmp / "good.xlsx")
    with zipfile.ZipFile(good) as archive:
        part = archive.read("xl/worksheets/sheet1.xml")
    ranges = f'<mergeCells count="1"><mergeCell ref="{ref}"/></mergeCells>'.encode()
    part = part.replace(b"</sheetData>", b"</sheetData>" + ranges + extra, 1)
    return rewrite_zip(good, tmp / "merged.xlsx", replace={"xl/worksheets/sheet1.xml": part})


def merged_cell_bomb(tmp: Path) -> Path:
    """One merged range over a whole sheet: openpyxl would make 17 billion cells."""
    return merged(tmp, "A1:XFD1048576")


def billion_laughs_utf16(tmp: Path) -> Path:
    good = good_workbook(tmp / "good.xlsx")
    text = BILLION_LAUGHS.decode().replace('encoding="UTF-8"', 'encoding="UTF-16"')
    return rewrite_zip(
        good,
        tmp / "laughs16.xlsx",
        replace={"xl/worksheets/sheet1.xml": b"\xff\xfe" + text.encode("utf-16-le")},
    )


def external_entity(tmp: Path) -> Path:
    good = good_workbook(tmp / "good.xlsx")
    return rewrite_zip(good, tmp / "xxe.xlsx", add={"xl/sharedStrings.xml": XXE})


def external_links(tmp: Path) -> Path:
    good = good_workbook(tmp / "good.xlsx")
    return rewrite_zip(
        good, tmp / "links.xlsx", add={"xl/externalLinks/externalLink1.xml": EXTERNAL_LINK}
    )


def renamed_csv(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    path.write_text("Board,NS,EW,Score\n1,1,2,420\n1,3,4,-50\n", encoding="utf-8")
    return path


def renamed_html(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    path.write_text("<html><body><table><tr><td>420</td></tr></table></body></html>")
    return path


def renamed_xml_2003(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    path.write_text(
        '<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"/>'
    )
    return path


def random_bytes(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    path.write_bytes(bytes(range(256)) * 8)
    return path


def old_xls(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    path.write_bytes(OLE2 + b"\0" * 504 + "Workbook".encode("utf-16-le") + b"\0" * 1000)
    return path


def encrypted_xlsx(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    body = (
        "EncryptionInfo".encode("utf-16-le") + b"\0" * 50 + "EncryptedPackage".encode("utf-16-le")
    )
    path.write_bytes(OLE2 + b"\0" * 3000 + body + b"\0" * 3000)
    return path


def empty_file(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    path.touch()
    return path


def missing_file(tmp: Path) -> Path:
    return tmp / "no such night.xlsx"


def a_folder(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    path.mkdir()
    return path


def truncated_zip(tmp: Path) -> Path:
    good = good_workbook(tmp / "good.xlsx")
    path = tmp / "night.xlsx"
    path.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    return path


def corrupt_member(tmp: Path) -> Path:
    """A member whose compressed data is damaged (the CRC cannot match)."""
    good = good_workbook(tmp / "good.xlsx")
    data = bytearray(good.read_bytes())
    at = data.find(b"xl/worksheets/sheet1.xml") + len(b"xl/worksheets/sheet1.xml")
    for i in range(at + 10, at + 60):
        data[i] ^= 0x55
    path = tmp / "night.xlsx"
    path.write_bytes(bytes(data))
    return path


def word_document(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        archive.writestr("word/document.xml", b"<document/>")
    return path


def ods(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", b"application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", b"<office:document-content/>")
    return path


def xlsb(tmp: Path) -> Path:
    path = tmp / "night.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        archive.writestr("xl/workbook.bin", b"\0\1\2")
    return path


def password_zip(tmp: Path) -> Path:
    good = good_workbook(tmp / "good.xlsx")
    data = bytearray(good.read_bytes())
    at = data.find(b"PK\x01\x02")  # set the "encrypted" flag of the first directory entry
    data[at + 8] |= 0x1
    path = tmp / "night.xlsx"
    path.write_bytes(bytes(data))
    return path


def bomb_by_ratio(tmp: Path) -> Path:
    return real_zip_bomb(tmp / "bomb.xlsx")


def bomb_by_total(tmp: Path) -> Path:
    return many_small_bombs(tmp / "bomb.xlsx")


def bomb_by_forged_size(tmp: Path) -> Path:
    return forged_sizes_zip(tmp / "bomb.xlsx", file_size=2**31, compress_size=2**21)


def too_many_members(tmp: Path) -> Path:
    path = tmp / "many.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("xl/workbook.xml", b"<workbook/>")
        for i in range(MAX_MEMBERS + 1):
            archive.writestr(f"m{i}", b"")
    return path


def wrong_extension(tmp: Path) -> Path:
    good = good_workbook(tmp / "good.xlsx")
    path = tmp / "night.csv"
    path.write_bytes(good.read_bytes())
    return path


HOSTILE: dict[str, tuple[Callable[[Path], Path], tuple[str, ...]]] = {
    "billion laughs": (billion_laughs, ("xl/worksheets/sheet1.xml", "entities")),
    "billion laughs in utf-16": (billion_laughs_utf16, ("xl/worksheets/sheet1.xml", "entities")),
    "external entity": (external_entity, ("xl/sharedStrings.xml", "entities")),
    "external links": (external_links, ("externalLink1.xml", "break the links")),
    "renamed csv": (renamed_csv, ("text file", "not an .xlsx workbook")),
    "renamed html": (renamed_html, ("html", "not an .xlsx workbook")),
    "excel 2003 xml": (renamed_xml_2003, ("xml file", "not an .xlsx workbook")),
    "random bytes": (random_bytes, ("not a zip archive",)),
    "old xls": (old_xls, ("encrypted or old .xls workbook",)),
    "encrypted xlsx": (encrypted_xlsx, ("encrypted", "password")),
    "empty file": (empty_file, ("empty",)),
    "missing file": (missing_file, ("does not exist",)),
    "folder": (a_folder, ("folder",)),
    "truncated zip": (truncated_zip, ("damaged",)),
    "corrupt member": (corrupt_member, ("damaged",)),
    "word document": (word_document, ("no xl/workbook.xml",)),
    "ods": (ods, ("opendocument",)),
    "xlsb": (xlsb, (".xlsb",)),
    "password zip": (password_zip, ("password",)),
    "zip bomb by ratio": (bomb_by_ratio, ("zip bomb", "sheet1.xml")),
    "zip bomb by total": (bomb_by_total, ("zip bomb", "200 MB")),
    "zip bomb with forged sizes": (bomb_by_forged_size, ("zip bomb",)),
    "too many members": (too_many_members, ("parts", "zip bomb")),
    "wrong extension": (wrong_extension, (".xlsx",)),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_file_is_refused_quickly_with_a_plain_message(case, tmp_path) -> None:
    build, words = HOSTILE[case]
    path = build(tmp_path)
    before = sha256(path) if path.is_file() else None
    start = time.perf_counter()
    with pytest.raises(InputFileError) as caught:
        check_workbook_file(path)
    elapsed = time.perf_counter() - start
    message = str(caught.value)
    # names the file as it was given, not as Python writes it (quoted, backslashes doubled)
    assert message.startswith(str(path)) or f" {path}" in message, message
    assert repr(str(path)) not in message, message
    for word in words:
        assert word.lower() in message.lower(), message
    assert "\n" not in message and "Traceback" not in message
    assert elapsed < 10
    if before is not None:
        assert sha256(path) == before
    if path.is_file():
        assert path.stat().st_size < 2 * 2**20, "hostile test files stay small on disk"


def test_a_good_workbook_passes(tmp_path) -> None:
    check_workbook_file(good_workbook(tmp_path / "night.xlsx"))


def test_a_merged_cell_bomb_is_refused_before_openpyxl_loads_it(tmp_path) -> None:
    path = merged_cell_bomb(tmp_path)
    check_workbook_file(path)  # a well-formed package: the ranges are checked before a load
    start = time.perf_counter()
    with pytest.raises(InputFileError) as caught:
        inputs.check_merged_cells(path)
    assert time.perf_counter() - start < 10
    message = str(caught.value)
    for word in (f"{path} is refused", "merged cells", "100,000 cells", "bomb"):
        assert word in message, message
    inputs.check_merged_cells(merged(tmp_path, "A1:J1"))  # a title across ten columns


def test_the_score_command_refuses_a_merged_cell_bomb_in_a_sheet_it_does_not_read(
    tmp_path, capsys
) -> None:
    """Found by the workbook fuzzing's attribute mutation: the results copy, loaded whole by
    openpyxl, ran out of memory on one merged range over a whole sheet."""
    from xlbridge.cli import main

    night = tmp_path / "night.xlsx"
    ranges = b'<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>'
    with zipfile.ZipFile(EXAMPLE) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    parts["xl/worksheets/sheet1.xml"] = parts["xl/worksheets/sheet1.xml"].replace(
        b"</sheetData>", b"</sheetData>" + ranges, 1
    )
    with zipfile.ZipFile(night, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    out = tmp_path / "results.xlsx"
    assert main(["score", str(night), "-o", str(out)]) == 2
    assert "merged cells" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    "prolog",
    [
        b'<?xml version="1.0"?>\n<!-- <a> --><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>',
        b'\xef\xbb\xbf<?xml version="1.0"?><?pi <a>?>\r\n<!DOCTYPE x><x/>',
        b'<?xml version="1.0"?><!ENTITY a "b"><x/>',
    ],
)
def test_a_declaration_anywhere_in_the_prolog_is_refused(prolog: bytes, tmp_path) -> None:
    """Comments and processing instructions before the DOCTYPE may hold a tag-like '<a>'."""
    good = good_workbook(tmp_path / "good.xlsx")
    path = rewrite_zip(good, tmp_path / "dtd.xlsx", replace={"xl/styles.xml": prolog})
    with pytest.raises(InputFileError, match="entities"):
        check_workbook_file(path)


def test_a_large_sheet_is_read_only_to_its_root_element(tmp_path) -> None:
    """A DOCTYPE after the root element's start is not well-formed XML: no parser reads it."""
    good = good_workbook(tmp_path / "good.xlsx")
    late = b'<?xml version="1.0"?><worksheet><!DOCTYPE x [<!ENTITY a "b">]></worksheet>'
    check_workbook_file(rewrite_zip(good, tmp_path / "late.xlsx", replace={"xl/styles.xml": late}))
    check_workbook_file(str(good_workbook(tmp_path / "night.xlsm")))


def test_a_declaration_after_a_prolog_longer_than_the_first_read_is_refused(tmp_path) -> None:
    """A part's first 16 KB are inflated to find its root element; a comment running past
    them (here 40,000 bytes) leaves the whole part scanned, and its DOCTYPE found."""
    good = good_workbook(tmp_path / "good.xlsx")
    long = b'<?xml version="1.0"?><!--' + b"<a>" * 13_333 + b'--><!DOCTYPE x [<!ENTITY a "b">]><x/>'
    path = rewrite_zip(good, tmp_path / "long.xlsx", replace={"xl/styles.xml": long})
    with pytest.raises(InputFileError, match="declares XML entities"):
        check_workbook_file(path)


def test_an_embedded_html_page_is_not_an_entity_bomb(tmp_path) -> None:
    good = good_workbook(tmp_path / "good.xlsx")
    page = b"<!DOCTYPE html><html><body>Results</body></html>"
    path = rewrite_zip(good, tmp_path / "night.xlsx", add={"xl/embeddings/page.html": page})
    check_workbook_file(path)


def test_the_example_night_passes_quickly() -> None:
    example = EXAMPLE
    start = time.perf_counter()
    check_workbook_file(example)
    assert time.perf_counter() - start < 1


def test_input_file_error_is_a_scoring_error() -> None:
    assert issubclass(InputFileError, ScoringError)
    assert issubclass(InputFileError, ValueError)


def test_openpyxl_parses_through_defusedxml() -> None:
    """xlbridge depends on defusedxml, so openpyxl refuses entity bombs by itself too."""
    assert openpyxl.DEFUSEDXML is True


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_refused_without_reading_it(tmp_path) -> None:
    fifo = tmp_path / "night.xlsx"
    os.mkfifo(fifo)
    with pytest.raises(InputFileError, match="not a regular file"):
        check_workbook_file(fifo)


MEMORY_PROBE = """
import json, resource, sys, time
from xlbridge.errors import InputFileError
from xlbridge.inputs import check_workbook_file

def peak_kb():
    # VmHWM is this process's own peak; ru_maxrss survives fork+exec on Linux,
    # so in a child of a big pytest process it would report the parent's size.
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

before = peak_kb()
start = time.perf_counter()
try:
    check_workbook_file(sys.argv[1])
    outcome = "accepted"
except InputFileError as exc:
    outcome = str(exc)
elapsed = time.perf_counter() - start
after = peak_kb()
print(json.dumps({"outcome": outcome, "seconds": elapsed, "peak_kb": after, "base_kb": before}))
"""


@pytest.mark.subprocess
@pytest.mark.skipif(sys.platform == "win32", reason="resource is POSIX only")
@pytest.mark.parametrize(
    "case",
    [
        "billion laughs",
        "zip bomb by ratio",
        "zip bomb by total",
        "encrypted xlsx",
    ],
)
def test_refusal_stays_within_memory_and_time(case, tmp_path) -> None:
    """Measured in a fresh process: peak resident memory (VmHWM, or ru_maxrss) and time."""
    path = HOSTILE[case][0](tmp_path)
    run = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    report = json.loads(run.stdout)
    assert report["outcome"] != "accepted"
    assert report["seconds"] < 10
    peak_mb = report["peak_kb"] / (2**20 if sys.platform == "darwin" else 2**10)
    assert peak_mb < 200, report


def test_openpyxl_itself_refuses_an_entity_bomb(tmp_path) -> None:
    """Defence in depth: even past check_workbook_file, defusedxml stops the bomb."""
    path = billion_laughs(tmp_path)
    # openpyxl leaves the file open when it fails on a path: give it a file we close.
    with open(path, "rb") as file, pytest.raises(ValueError) as caught:
        openpyxl.load_workbook(file)
    causes = {type(caught.value.__cause__).__name__, type(caught.value.__context__).__name__}
    assert "EntitiesForbidden" in causes


# --- no data loss ------------------------------------------------------------------------------


def leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


def test_atomic_write_replaces_the_file(tmp_path) -> None:
    target = tmp_path / "out.xlsx"
    target.write_bytes(b"old")
    seen: list[Path] = []

    def write(tmp: Path) -> None:
        seen.append(tmp)
        assert tmp.parent == tmp_path and tmp != target
        tmp.write_bytes(b"new")

    atomic_write(target, write)
    assert target.read_bytes() == b"new"
    assert not seen[0].exists()
    assert leftovers(tmp_path, {"out.xlsx"}) == []


def test_atomic_write_creates_a_new_file_with_openpyxl(tmp_path) -> None:
    target = tmp_path / "results.xlsx"
    workbook = openpyxl.Workbook()
    atomic_write(target, lambda tmp: workbook.save(tmp))
    check_workbook_file(target)
    assert leftovers(tmp_path, {"results.xlsx"}) == []


class Interrupted(Exception):
    pass


@pytest.mark.parametrize("exception", [Interrupted, KeyboardInterrupt, OSError])
def test_interrupted_write_leaves_the_old_file_byte_identical(tmp_path, exception) -> None:
    target = good_workbook(tmp_path / "out.xlsx")
    before = sha256(target)

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as file:
            file.write(b"PK\x03\x04 half a workbook")
            file.flush()
            raise exception("interrupted midway")

    expected = InputFileError if exception is OSError else exception
    with pytest.raises(expected):
        atomic_write(target, write)
    assert sha256(target) == before
    assert leftovers(tmp_path, {"out.xlsx"}) == []


def test_interrupted_write_of_a_new_file_leaves_none(tmp_path) -> None:
    target = tmp_path / "out.xlsx"

    def write(tmp: Path) -> None:
        tmp.write_bytes(b"half")
        raise Interrupted

    with pytest.raises(Interrupted):
        atomic_write(target, write)
    assert list(tmp_path.iterdir()) == []


def test_write_that_removes_its_temp_file_still_cleans_up(tmp_path) -> None:
    target = tmp_path / "out.xlsx"
    target.write_bytes(b"old")

    def write(tmp: Path) -> None:
        tmp.unlink()

    with pytest.raises(InputFileError, match="cannot write"):
        atomic_write(target, write)
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path, {"out.xlsx"}) == []


def test_atomic_write_into_a_missing_folder_is_a_plain_error(tmp_path) -> None:
    with pytest.raises(InputFileError, match="cannot write"):
        atomic_write(tmp_path / "nowhere" / "out.xlsx", lambda tmp: tmp.write_bytes(b"x"))


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_atomic_write_keeps_the_permissions_of_the_file_it_replaces(tmp_path) -> None:
    target = tmp_path / "out.xlsx"
    target.write_bytes(b"old")
    target.chmod(0o640)
    atomic_write(target, lambda tmp: tmp.write_bytes(b"new"))
    assert target.stat().st_mode & 0o777 == 0o640


# --- never write over the input ----------------------------------------------------------------


def test_refuse_same_file(tmp_path, monkeypatch) -> None:
    source = good_workbook(tmp_path / "night.xlsx")
    monkeypatch.chdir(tmp_path)
    for alias in ["night.xlsx", "./night.xlsx", tmp_path / "x" / ".." / "night.xlsx"]:
        with pytest.raises(InputFileError, match="refusing to write over the input"):
            refuse_same_file(source, alias)
    refuse_same_file(source, tmp_path / "results.xlsx")


@pytest.mark.skipif(os.name != "posix", reason="symbolic and hard links")
def test_refuse_same_file_through_links(tmp_path) -> None:
    source = good_workbook(tmp_path / "night.xlsx")
    (tmp_path / "link.xlsx").symlink_to(source)
    os.link(source, tmp_path / "hard.xlsx")
    for alias in ["link.xlsx", "hard.xlsx"]:
        with pytest.raises(InputFileError):
            refuse_same_file(source, tmp_path / alias)
        with pytest.raises(InputFileError):
            refuse_same_file(tmp_path / alias, source)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
@pytest.mark.parametrize("cut", [0, 1, 3, 7, 13])
def test_entity_markers_are_found_in_every_encoding_across_chunks(encoding: str, cut: int) -> None:
    text = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'
    data = text.encode(encoding)
    start = data.find("<!DOCTYPE".encode(encoding)) + cut  # split inside the marker
    chunks = [data[:start], data[start:]]
    assert inputs._contains(iter(chunks), inputs._DTD_MARKERS)
    clean = "<x>a</x>".encode(encoding)
    assert not inputs._contains(iter([clean[:3], clean[3:]]), inputs._DTD_MARKERS)


# --- the output plan: all outputs of a command checked first, then all written or none ---------


def test_output_plan_refuses_two_outputs_naming_one_file(tmp_path) -> None:
    plan = OutputPlan([tmp_path / "night.xlsx"])
    plan.add(tmp_path / "r.xlsx", "-o", lambda tmp: tmp.write_bytes(b"a"))
    plan.add(tmp_path / "." / "r.xlsx", "--html", lambda tmp: tmp.write_bytes(b"b"))
    with pytest.raises(InputFileError, match="-o and --html both name"):
        plan.write()
    assert list(tmp_path.iterdir()) == []


def test_output_plan_writes_all_or_none(tmp_path) -> None:
    first, second = tmp_path / "a.xlsx", tmp_path / "b.html"
    first.write_bytes(b"old a")  # not xlbridge's: replaced only when forced

    def fail(tmp: Path) -> None:
        tmp.write_bytes(b"half")
        raise OSError(28, "No space left on device")

    plan = OutputPlan(force=True)
    plan.add(first, "-o", lambda tmp: tmp.write_bytes(b"new a"))
    plan.add(second, "--html", fail)
    with pytest.raises(InputFileError, match=r"cannot write .*b\.html.*no space left"):
        plan.write()
    assert first.read_bytes() == b"old a"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.xlsx"]
    plan = OutputPlan(force=True)
    plan.add(first, "-o", lambda tmp: tmp.write_bytes(b"new a"))
    plan.add(second, "--html", lambda tmp: tmp.write_bytes(b"new b"))
    assert plan.write() == [first, second]
    assert (first.read_bytes(), second.read_bytes()) == (b"new a", b"new b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.xlsx", "b.html"]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["-o", "r.xlsx", "--html", "r.xlsx"], "-o and --html both name r.xlsx"),
        (["--html", "r.xlsx"], "--html r.xlsx: the name must end in .html or .htm"),
        (["-o", "r.xlsx", "--html", "R.HTML", "-o", "r.html"], "-o r.html: the name must end"),
        (["--html", "night.xlsx"], "refusing to write over the input file night.xlsx"),
        (["-o", "night.xlsx"], "refusing to write over the input file night.xlsx"),
        (["-o", "r.xlsx", "--html", "missing/r.html"], "the folder missing does not exist"),
        (["-o", "missing/r.xlsx", "--html", "r.html"], "the folder missing does not exist"),
        (["-o", "folder.xlsx"], "'folder.xlsx' is a directory"),
    ],
)
def test_score_checks_every_output_before_writing_any(
    tmp_path, monkeypatch, capsys, options, expected
) -> None:
    from xlbridge.cli import main

    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLE, tmp_path / "night.xlsx")
    (tmp_path / "folder.xlsx").mkdir()
    before = (tmp_path / "night.xlsx").read_bytes()
    assert main(["score", "night.xlsx", *options]) == 2
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.xlsx", "night.xlsx"]
    assert (tmp_path / "night.xlsx").read_bytes() == before


def test_score_writes_every_output(tmp_path, monkeypatch, capsys) -> None:
    from xlbridge.cli import main

    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLE, tmp_path / "night.xlsx")
    assert main(["score", "night.xlsx", "-o", "r.xlsx", "--html", "r.html"]) == 0
    assert capsys.readouterr().out.endswith("wrote r.xlsx and r.html\n")
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert (tmp_path / "r.xlsx").read_bytes().startswith(b"PK")


def test_a_windows_path_is_named_with_single_backslashes() -> None:
    r"""As the scorer typed it in PowerShell, not as Python writes it ('C:\\Clubs\\...')."""
    typed = r"C:\Clubs\Tuesday night.xlsx"
    with pytest.raises(InputFileError) as caught:
        check_workbook_file(PureWindowsPath(typed))
    assert str(caught.value) == r"C:\Clubs\Tuesday night.xlsx does not exist"
    with pytest.raises(InputFileError) as caught:
        read_published(PureWindowsPath(r"C:\Clubs\Tuesday.csv"))
    assert str(caught.value) == (
        r"C:\Clubs\Tuesday.csv: xlbridge imports results files ending .bws, .pbn, .xml"
    )


def test_the_content_stamp_leaves_every_other_part_as_it_was_compressed(tmp_path) -> None:
    """The fingerprint is SHA-256 over every part but docProps/ (name, NUL, bytes, NUL, in
    name order); stamping rewrites docProps/custom.xml only: every other part keeps its
    compressed bytes, its order and its time stamp."""
    from xlbridge.workbook.shared.style import mark_results

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    for row in range(1, 200):
        sheet.append([row, f"pair {row}", row * 10, "4H+1 N"])
    mark_results(workbook)
    unstamped = tmp_path / "unstamped.xlsx"
    target = tmp_path / "results.xlsx"

    def write(tmp: Path) -> None:
        workbook.save(tmp)
        shutil.copy(tmp, unstamped)

    atomic_write(target, write)
    with zipfile.ZipFile(unstamped) as before, zipfile.ZipFile(target) as after:
        assert after.testzip() is None
        assert after.namelist() == before.namelist()
        digest = hashlib.sha256()
        for name in sorted(after.namelist()):
            if not name.startswith("docProps/"):
                digest.update(name.encode() + b"\0" + after.read(name) + b"\0")
        custom = after.read("docProps/custom.xml").decode()
        assert f"<vt:lpwstr>{digest.hexdigest()}</vt:lpwstr>" in custom
        raw_before, raw_after = unstamped.read_bytes(), target.read_bytes()
        for old, new in zip(before.infolist(), after.infolist(), strict=True):
            if old.filename == "docProps/custom.xml":
                continue
            assert (new.date_time, new.compress_type, new.CRC) == (
                old.date_time,
                old.compress_type,
                old.CRC,
            )
            assert compressed(raw_after, new) == compressed(raw_before, old), old.filename


def compressed(archive: bytes, info: zipfile.ZipInfo) -> bytes:
    """A part's bytes as they are stored in ``archive`` (after its local header)."""
    start = info.header_offset
    name_length = int.from_bytes(archive[start + 26 : start + 28], "little")
    extra_length = int.from_bytes(archive[start + 28 : start + 30], "little")
    data = start + 30 + name_length + extra_length
    return archive[data : data + info.compress_size]
