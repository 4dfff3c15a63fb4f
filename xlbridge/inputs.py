"""Files in: refuse hostile or broken workbooks before they are read.

Club nights bring files from other programs, and some files are hostile.
Before openpyxl opens a workbook, :func:`check_workbook_file` looks at it
from the outside, cheaply and with bounded time and memory:

==========================================  =====================================================
what                                        refused because
==========================================  =====================================================
missing file, folder, device, empty file    nothing to read (a device such as ``/dev/zero``
                                            would never end)
larger than :data:`MAX_FILE_BYTES`          no club workbook is that large
OLE2 / CFB file (``D0 CF 11 E0``)           an encrypted (password-protected) workbook, which
                                            Excel stores as OLE2 with ``EncryptionInfo``, or an
                                            old-format ``.xls`` workbook
CSV, HTML, XML, anything not a zip          not an .xlsx workbook (e.g. a CSV renamed .xlsx)
zip bomb                                    the zip directory declares more than
                                            :data:`MAX_UNCOMPRESSED_BYTES` in total, more than
                                            :data:`MAX_MEMBERS` members, or a member larger than
                                            :data:`RATIO_MIN_BYTES` compressed more than
                                            :data:`MAX_RATIO`:1; checked *before* decompressing
password-protected zip members              cannot be read
an OpenDocument file not a spreadsheet,     not a workbook (an .ods spreadsheet is read, if its
a binary .xlsb file                         name ends in .ods)
no ``xl/workbook.xml``                      not an .xlsx workbook (e.g. a Word document)
Strict Open XML (``purl.oclc.org``)         xlbridge reads the ordinary (Transitional) .xlsx
                                            only: save it as an ordinary .xlsx
external links (``xl/externalLinks/``)      the cells would hold values cached from other
                                            files, which may be stale: break the links first
``<!DOCTYPE`` or ``<!ENTITY`` in any part   XML entity bombs ("billion laughs") and external
(but embedded files and media)              entities; Office never writes a DTD (a UTF-8 part is
                                            read to its root element: only its prolog may
                                            declare them)
==========================================  =====================================================

Before openpyxl loads a workbook whole, :func:`check_merged_cells` refuses
merged ranges over more than :data:`MAX_MERGED_CELLS` cells (openpyxl makes
an object per merged cell).

External links are *refused*, not warned about: a traveller whose scores
come from another workbook would be scored from whatever values Excel last
cached, and xlbridge never scores what it cannot vouch for.

Besides these checks, openpyxl parses XML through defusedxml when it is
installed (``openpyxl.DEFUSEDXML``); xlbridge depends on it.  It is the only
guard for pictures and embedded files (``xl/media/``, ``xl/embeddings/``),
which are not scanned: they may legitimately hold an HTML page.

What is written goes through :mod:`xlbridge.outputs`.
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import struct
import zipfile
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import IO, BinaryIO

from xlbridge.errors import InputFileError
from xlbridge.exact import quote

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_MEMBERS",
    "MAX_MERGED_CELLS",
    "MAX_RATIO",
    "MAX_UNCOMPRESSED_BYTES",
    "NAME_MAX",
    "RATIO_MIN_BYTES",
    "check_merged_cells",
    "check_name",
    "check_workbook_file",
    "open_in_spreadsheet",
]

#: The longest name of a file or folder (bytes, one part of a path) that the common file
#: systems take: ext4, NTFS and APFS all stop at 255.
NAME_MAX = 255
#: The largest workbook file accepted (bytes on disk).
MAX_FILE_BYTES = 200 * 1024 * 1024
#: The largest total uncompressed size of all the members of a workbook.
MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024
#: The most members (parts) a workbook may have.
MAX_MEMBERS = 10_000
#: The largest compression ratio of a member larger than :data:`RATIO_MIN_BYTES`.
MAX_RATIO = 100
#: Members up to this uncompressed size may compress as well as they like.
RATIO_MIN_BYTES = 1024 * 1024

#: The most cells a workbook's merged ranges may cover together (openpyxl makes an object
#: for every merged cell: one range over a whole sheet is seventeen billion).
MAX_MERGED_CELLS = 100_000

#: Extensions openpyxl opens.
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm")
#: The extension of an OpenDocument spreadsheet (LibreOffice's own format), read by calamine.
ODS_SUFFIXES = (".ods",)

_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
_CHUNK = 1024 * 1024
#: What is inflated of a part first to find its prolog's end (an Excel part's is within its
#: first 200 bytes): reading a whole megabyte there inflated every sheet a second time.
_PROLOG_CHUNK = 16 * 1024
_ENCODINGS = ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
_DTD_MARKERS = tuple(m.encode(e) for m in ("<!DOCTYPE", "<!ENTITY") for e in _ENCODINGS)
_ENCRYPTION_MARKERS = tuple(m.encode("utf-16-le") for m in ("EncryptionInfo", "EncryptedPackage"))
#: Opaque user content (pictures, embedded documents), which may hold anything, even HTML.
_OPAQUE = ("xl/media/", "xl/embeddings/", "Pictures/", "Thumbnails/", "Object ")
_EOCD = struct.Struct("<4s4H2LH")
_ZIP64_LOCATOR = struct.Struct("<4sLQL")
_ZIP64_EOCD = struct.Struct("<4sQ2H2L4Q")


def check_workbook_file(path: str | os.PathLike[str]) -> None:
    """Raise :class:`InputFileError` unless ``path`` looks like a safe, readable workbook:
    an .xlsx, or an OpenDocument spreadsheet named .ods (LibreOffice's own format).

    The checks (module docstring) read the zip directory and scan the parts
    in small chunks, so a refusal takes well under a second and a few
    megabytes of memory whatever the file holds.
    """
    name = os.fspath(path)
    size = _regular_file_size(name)
    with _open(name) as file:
        head = file.read(512)
        if not head.startswith(_ZIP_MAGICS):
            raise InputFileError(_not_a_zip(name, head, file))
        _check_zip_directory(name, file, size)
    if _check_members(name) == "ods":
        if not name.lower().endswith(ODS_SUFFIXES):
            raise InputFileError(
                f"{name} is an OpenDocument spreadsheet (.ods), but its name does not end in "
                ".ods: rename it to .ods (or save it as .xlsx)"
            )
        return
    if not name.lower().endswith(WORKBOOK_SUFFIXES):
        raise InputFileError(
            f"{name} is a workbook, but its name does not end in .xlsx: rename it to .xlsx"
        )


def open_in_spreadsheet(path: str | os.PathLike[str]) -> str | None:
    """The warning to give when the workbook at ``path`` is open in a spreadsheet, or ``None``.

    Excel keeps ``~$NAME`` beside a workbook it has open, LibreOffice ``.~lock.NAME#``;
    what was typed there since the last save is not in the file, so it is not scored.  A
    spreadsheet that stopped without closing the workbook leaves the file behind too.
    """
    target = Path(path)
    for lock, program in (
        (f"~${target.name}", "Excel"),
        (f".~lock.{target.name}#", "LibreOffice"),
    ):
        if target.with_name(lock).is_file():
            return (
                f"{os.fspath(path)} is open in a spreadsheet ({program}'s {lock} is beside "
                "it): results typed there and not saved are not in the file and are not "
                f"scored; save it and score again (or, if it is closed, delete {lock})"
            )
    return None


def check_name(path: str | os.PathLike[str], where: str = "", hint: str = "") -> None:
    """Raise :class:`InputFileError` if a part of ``path`` is longer than :data:`NAME_MAX` bytes.

    A file system refuses such a name with an ``OSError`` whenever it is used (even to
    ask whether the file exists); the message names the option (``where``) and the
    name, shortened, and says how long it is.
    """
    name = os.fspath(path)
    for part in Path(name).parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            head = name[: name.index(part) + 40] + "..." if len(part) > 40 else name
            shown = f"{where} {head}" if where else head
            raise InputFileError(
                f"{shown}: the file name is {size} bytes long, more than the {NAME_MAX} "
                "a file system takes: give a shorter name" + (f" ({hint})" if hint else "")
            )


# --- the file itself ---------------------------------------------------------------------------


def _regular_file_size(name: str) -> int:
    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise InputFileError(f"{name} does not exist") from None
    except OSError as exc:
        raise InputFileError(f"cannot read {name}: {_reason(exc)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputFileError(f"{name} is a folder, not a workbook")
    if not stat.S_ISREG(info.st_mode):
        raise InputFileError(f"{name} is not a regular file (a device or a pipe?)")
    if info.st_size == 0:
        raise InputFileError(f"{name} is empty (0 bytes), not a workbook")
    if info.st_size > MAX_FILE_BYTES:
        raise InputFileError(
            f"{name} is {info.st_size / 2**20:.0f} MB; xlbridge reads workbooks "
            f"up to {MAX_FILE_BYTES // 2**20} MB"
        )
    return info.st_size


def _open(name: str) -> BinaryIO:
    try:
        return open(name, "rb")
    except OSError as exc:
        raise InputFileError(f"cannot read {name}: {_reason(exc)}") from None


def _reason(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


def _not_a_zip(name: str, head: bytes, file: BinaryIO) -> str:
    """Why a file that is not a zip archive is not a workbook, as precisely as we can tell."""
    if head.startswith(_OLE2_MAGIC):
        file.seek(0)
        if _contains(_chunks(file), _ENCRYPTION_MARKERS):
            return (
                f"{name} is an encrypted (password-protected) workbook: open it in Excel, "
                "remove the password and save it again"
            )
        return (
            f"{name} is an encrypted or old .xls workbook (an OLE2 file), not .xlsx: "
            "open it in Excel or LibreOffice and save it as .xlsx"
        )
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(b"%PDF"):
        return (
            f"{name} is a PDF file (a printed page), not an .xlsx workbook: give the workbook "
            "itself, not a PDF printed or exported from it"
        )
    if text.startswith((b"<!doctype html", b"<html")):
        kind = "an HTML page"
    elif text.startswith(b"<"):
        kind = "an XML file"
    elif _looks_like_text(head):
        kind = "a text file (CSV?)"
    else:
        kind = "not a zip archive"
    return (
        f"{name} is {kind}, not an .xlsx workbook: open it in Excel or LibreOffice "
        "and save it as .xlsx"
    )


def _looks_like_text(head: bytes) -> bool:
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = head[:-3].decode("utf-8")
        except UnicodeDecodeError:
            return False
    return all(c.isprintable() or c in "\t\r\n" for c in text)


# --- the zip directory -------------------------------------------------------------------------


def _check_zip_directory(name: str, file: BinaryIO, size: int) -> None:
    """Refuse a zip whose central directory is too large, before zipfile reads it."""
    tail_size = min(size, _EOCD.size + 65535)
    file.seek(size - tail_size)
    tail = file.read(tail_size)
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < _EOCD.size:
        raise InputFileError(f"{name} is a damaged or truncated zip archive, not a workbook")
    fields = _EOCD.unpack_from(tail, at)
    entries, directory_size = fields[4], fields[5]
    locator_at = at - _ZIP64_LOCATOR.size
    if locator_at >= 0 and tail[locator_at : locator_at + 4] == b"PK\x06\x07":
        offset = _ZIP64_LOCATOR.unpack_from(tail, locator_at)[2]
        file.seek(offset)
        record = file.read(_ZIP64_EOCD.size)
        if len(record) < _ZIP64_EOCD.size or not record.startswith(b"PK\x06\x06"):
            raise InputFileError(f"{name} is a damaged zip archive, not a workbook")
        entries, directory_size = _ZIP64_EOCD.unpack(record)[7:9]
    if entries > MAX_MEMBERS or directory_size > MAX_MEMBERS * 1024:
        raise InputFileError(
            f"{name} has {entries} parts; a workbook has at most {MAX_MEMBERS} "
            "(refused as a possible zip bomb)"
        )


def _check_members(name: str) -> str:
    """Check the parts; return the kind of workbook: ``'xlsx'`` or ``'ods'``."""
    try:
        with zipfile.ZipFile(name) as archive:
            infos = archive.infolist()
            _check_sizes(name, infos)
            kind = _check_parts(name, archive, {info.filename for info in infos})
            _check_no_dtd(name, archive, infos)
            return kind
    except InputFileError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, ValueError) as exc:
        raise InputFileError(f"{name} is a damaged zip archive, not a workbook ({exc})") from None
    except NotImplementedError as exc:
        raise InputFileError(f"{name} uses a zip feature Excel does not write ({exc})") from None
    except (OSError, RuntimeError) as exc:
        raise InputFileError(f"cannot read {name}: {exc}") from None


def _check_sizes(name: str, infos: list[zipfile.ZipInfo]) -> None:
    total = 0
    for info in infos:
        if info.flag_bits & 0x1:
            raise InputFileError(
                f"{name} is password-protected ({quote(info.filename)} is encrypted): "
                "remove the password and save it again"
            )
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size > RATIO_MIN_BYTES and ratio > MAX_RATIO:
            raise InputFileError(
                f"{name} is refused as a zip bomb: {quote(info.filename)} expands "
                f"{ratio:.0f} times (to {info.file_size / 2**20:.0f} MB)"
            )
        total += info.file_size
        if total > MAX_UNCOMPRESSED_BYTES:
            raise InputFileError(
                f"{name} is refused as a zip bomb: its parts expand to more than "
                f"{MAX_UNCOMPRESSED_BYTES // 2**20} MB"
            )


def _check_parts(name: str, archive: zipfile.ZipFile, names: set[str]) -> str:
    if "mimetype" in names and b"opendocument" in _head(archive, "mimetype"):
        if _head(archive, "mimetype").strip() != b"application/vnd.oasis.opendocument.spreadsheet":
            raise InputFileError(
                f"{name} is an OpenDocument file but not a spreadsheet (a text document?): "
                "give the club night's workbook (.xlsx or .ods)"
            )
        if "content.xml" not in names:
            raise InputFileError(
                f"{name} is a damaged OpenDocument spreadsheet (it has no content.xml): "
                "open it in LibreOffice, save it again, and retry"
            )
        return "ods"
    if "xl/workbook.bin" in names:
        raise InputFileError(
            f"{name} is a binary workbook (.xlsb), not .xlsx: open it in Excel and save it as .xlsx"
        )
    if "xl/workbook.xml" not in names:
        raise InputFileError(
            f"{name} is a zip archive but not an .xlsx workbook (it has no xl/workbook.xml)"
        )
    if _STRICT in _head(archive, "xl/workbook.xml", 4096):
        raise InputFileError(
            f"{name} is saved as Strict Open XML, which xlbridge does not read: open it in "
            "Excel or LibreOffice and save it as an ordinary .xlsx (Excel Workbook, not "
            "Strict Open XML Spreadsheet)"
        )
    links = sorted(n for n in names if n.startswith("xl/externalLinks/") and n.endswith(".xml"))
    if links:
        raise InputFileError(
            f"{name} links to other workbooks ({quote(links[0])}): its cells would hold values "
            "copied from other files, which may be out of date; break the links in Excel "
            "(Data > Edit Links > Break Link), save, and try again"
        )
    return "xlsx"


def _head(archive: zipfile.ZipFile, member: str, size: int = 200) -> bytes:
    with archive.open(member) as file:
        return file.read(size)


#: The namespaces of Strict Open XML (ISO/IEC 29500 Strict) begin so; an ordinary .xlsx's
#: (Transitional) are schemas.openxmlformats.org's.
_STRICT = b"http://purl.oclc.org/ooxml/"


def _check_no_dtd(name: str, archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo]) -> None:
    """Refuse any part that declares a DTD or entities (entity bombs, external entities)."""
    for info in infos:
        if info.is_dir() or info.filename.startswith(_OPAQUE):
            continue
        with archive.open(info) as member:
            if _declares_entities(member):
                raise InputFileError(
                    f"{name} is refused: its part {quote(info.filename)} declares XML entities "
                    "(<!DOCTYPE or <!ENTITY), which Excel never writes; it may be an XML bomb"
                )


def _declares_entities(member: IO[bytes]) -> bool:
    """True if the part may declare a DTD or entities.

    Only an XML document's prolog may (a DOCTYPE after the root element's
    start is not well-formed, and every parser stops there): a UTF-8 part is
    read through its prolog (declaration, comments, processing
    instructions) to the root element, which spares inflating the rest of a
    large sheet.  Any other part (UTF-16 or UTF-32, not XML, a prolog longer
    than the first chunk) is scanned whole for the markers.
    """
    first = member.read(_PROLOG_CHUNK)
    if b"\0" not in first[:4]:
        verdict = _prolog_declares(first)
        if verdict is not None:
            return verdict
    return bool(_contains(itertools.chain((first,), _chunks(member)), _DTD_MARKERS))


def _prolog_declares(data: bytes) -> bool | None:
    """Whether the prolog at the start of UTF-8 ``data`` declares anything (``<!``): ``True``
    or ``False`` when the root element's start is reached, ``None`` when it is not."""
    at = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    while True:
        while at < len(data) and data[at] in b" \t\r\n":
            at += 1
        if data.startswith(b"<?", at):
            end = data.find(b"?>", at + 2)
            if end < 0:
                return None
            at = end + 2
        elif data.startswith(b"<!--", at):
            end = data.find(b"-->", at + 4)
            if end < 0:
                return None
            at = end + 3
        elif data.startswith(b"<!", at):
            return True  # a DOCTYPE, or a declaration where none may be
        elif data.startswith(b"<", at) and _NAME_START.match(data, at + 1):
            return False  # the root element: nothing after it can declare entities
        else:
            return None


_NAME_START = re.compile(rb"[A-Za-z_:]")


def check_merged_cells(path: str | os.PathLike[str]) -> None:
    """Refuse a workbook whose merged ranges cover more than :data:`MAX_MERGED_CELLS` cells.

    openpyxl, loading a workbook whole (not read-only), makes an object for
    every merged cell: one range over a whole sheet is seventeen billion.
    Call it before such a load; the workbook must have passed
    :func:`check_workbook_file`.
    """
    name = os.fspath(path)
    merged = 0
    with zipfile.ZipFile(name) as archive:
        for info in archive.infolist():
            if not info.filename.startswith("xl/worksheets/"):
                continue
            with archive.open(info) as member:
                if not _contains(_chunks(member), (_MERGE,)):
                    continue
            merged += _merged_cells(archive.read(info))
            if merged > MAX_MERGED_CELLS:
                raise InputFileError(
                    f"{name} is refused: its merged cells (up to part {quote(info.filename)}) "
                    f"cover over {MAX_MERGED_CELLS:,} cells, which a club's workbook never "
                    "does; it may be a bomb"
                )


_MERGE = b"<mergeCell "
_MERGED_REF = re.compile(rb"""<mergeCell\s[^>]*?ref\s*=\s*["']([^"']*)["']""")
_CELL_REF = re.compile(rb"\$?([A-Za-z]{1,3})\$?([0-9]{1,7})")


def _merged_cells(part: bytes) -> int:
    """How many cells the merged ranges of a sheet part cover (a range it cannot read: all of
    a sheet, so that it is refused)."""
    total = 0
    for match in _MERGED_REF.finditer(part):
        corners = [_CELL_REF.fullmatch(c) for c in match.group(1).split(b":")]
        ends = [(_column(m.group(1)), int(m.group(2))) for m in corners if m is not None]
        if len(ends) != len(corners) or len(ends) not in (1, 2):
            return 1 << 34
        (left, top), (right, bottom) = ends[0], ends[-1]
        total += (abs(right - left) + 1) * (abs(bottom - top) + 1)
    return total


def _column(letters: bytes) -> int:
    column = 0
    for letter in letters.upper():
        column = column * 26 + letter - 64
    return column


def _chunks(file: IO[bytes]) -> Iterable[bytes]:
    while chunk := file.read(_CHUNK):
        yield chunk


def _contains(chunks: Iterable[bytes], markers: tuple[bytes, ...]) -> bytes:
    """The first of ``markers`` found in the stream (across chunk boundaries too), or ``b""``.

    Markers with a NUL byte (UTF-16 and UTF-32 spellings) are only looked for
    where the stream has one: most parts are UTF-8 and have none.
    """
    overlap = max(len(m) for m in markers) - 1
    narrow = tuple(m for m in markers if b"\0" not in m)
    wide = tuple(m for m in markers if b"\0" in m)
    previous = b""
    for chunk in chunks:
        window = previous + chunk if previous else chunk
        for marker in narrow:
            if marker in window:
                return marker
        if wide and b"\0" in window:
            for marker in wide:
                if marker in window:
                    return marker
        previous = window[-overlap:]
    return b""
