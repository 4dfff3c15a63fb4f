"""Files out: outputs planned and checked, then written atomically, all or none.

Outputs are written with :func:`atomic_write` (a temporary file in the same
folder, flushed to disk, then renamed over the target), so an interrupted
run leaves the previous file or none, never half a file; and
:func:`refuse_same_file` keeps a command from writing over its input.  A
command with several outputs (``xlbridge score -o R.xlsx --html R.html``)
gathers them in an :class:`OutputPlan`: every output is checked before
anything is read or written (no two outputs may be one file, none may be an
input, each folder must exist), and then either all are written or none.

A file xlbridge wrote carries its mark (:func:`is_own_output`), so a command replaces
its own earlier output and never a night being filled in.  What is read is checked by
:mod:`xlbridge.inputs`.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import secrets
import shutil
import stat
import struct
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from xlbridge.errors import InputFileError
from xlbridge.inputs import check_name

__all__ = [
    "CONTENT_PLACEHOLDER",
    "CONTENT_PROPERTY",
    "MERGED_FIELD_KEYWORDS",
    "OWN_WORKBOOK_CATEGORY",
    "OutputPlan",
    "atomic_write",
    "is_merged_field",
    "is_own_output",
    "refuse_same_file",
    "write_together",
]


def atomic_write(path: str | os.PathLike[str], write: Callable[[Path], None]) -> None:
    """Write ``path`` all at once: ``write(tmp)`` fills a temporary file, which then replaces it.

    The temporary file sits in the same folder (a hidden name ending in
    ``.tmp`` plus the target's extension), is flushed to disk, given the
    target's permissions and renamed over ``path`` in one step.  If ``write``
    or anything after it fails, the temporary file is removed and ``path``
    is left exactly as it was (or absent); the exception propagates, an
    :class:`OSError` as :class:`InputFileError`.
    """
    target = Path(path)
    check_name(target)
    try:
        tmp = _create_temp(target)
    except OSError as exc:
        raise InputFileError(_cannot_write(target, exc)) from exc
    try:
        write(tmp)
        _stamp(tmp)
        _fsync(tmp)
        if target.exists():
            os.chmod(tmp, stat.S_IMODE(target.stat().st_mode))
        os.replace(tmp, target)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise InputFileError(_cannot_write(target, exc)) from exc
        raise
    _fsync_folder(target.parent)


def refuse_same_file(
    input_path: str | os.PathLike[str], output_path: str | os.PathLike[str]
) -> None:
    """Raise :class:`InputFileError` if writing ``output_path`` would overwrite ``input_path``.

    Symbolic links are followed and hard links recognised (same device and
    inode), so ``night.xlsx``, ``./night.xlsx`` and a link to it are one file.
    """
    source, output = Path(input_path), Path(output_path)
    same = source.resolve() == output.resolve()
    if not same and source.exists() and output.exists():
        try:
            same = source.samefile(output)
        except OSError:
            same = False
    if same:
        raise InputFileError(
            f"refusing to write over the input file {os.fspath(input_path)}: "
            "give a different output file (-o OUT.xlsx)"
        )


@dataclass(frozen=True)
class _Output:
    path: Path
    option: str
    write: Callable[[Path], None]
    suffixes: tuple[str, ...]


class OutputPlan:
    """The files one command writes: all checked before any is written, then all or none.

    >>> plan = OutputPlan(inputs=[Path("night.xlsx")])
    >>> plan.add(Path("night-results.xlsx"), "-o", lambda tmp: tmp.write_bytes(b"..."))
    >>> plan.add(Path("night-results.xlsx"), "--html", lambda tmp: tmp.write_text("..."))
    >>> plan.check()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: -o and --html both name night-results.xlsx: ...

    Each output is added with the option that named it (for the messages), a
    function that fills a temporary file beside it, and the file name endings
    it may have.  :meth:`check` refuses, naming the option and the file: an
    output that is an input (symbolic and hard links followed), two outputs
    that are one file, a folder that does not exist, an output that is a
    folder, a name with the wrong ending, a file that exists and that
    xlbridge did not write (:func:`is_own_output`; unless ``force``).
    :meth:`write` checks again, writes every output to its temporary file
    and only when all are written renames them over their targets; if any
    fails, none is written (the files renamed already get their previous
    content back).  Commands with more outputs
    (``--usebio``, ``--pbn``) add them to the same plan.
    """

    def __init__(self, inputs: Sequence[str | os.PathLike[str]] = (), force: bool = False) -> None:
        self.inputs = [Path(p) for p in inputs]
        self.outputs: list[_Output] = []
        #: replace an existing file that xlbridge did not write (``--force``)
        self.force = force

    def add(
        self,
        path: str | os.PathLike[str],
        option: str,
        write: Callable[[Path], None],
        suffixes: Sequence[str] = (),
    ) -> None:
        """Plan to write ``path`` (named by ``option``) with ``write(tmp)``."""
        self.outputs.append(_Output(Path(path), option, write, tuple(suffixes)))

    def check(self) -> None:
        """Raise :class:`InputFileError` for the first output that cannot or must not be written."""
        for output in self.outputs:
            check_name(output.path, output.option)
        for index, output in enumerate(self.outputs):
            name = os.fspath(output.path)
            for source in self.inputs:
                if _same_file(source, output.path):
                    raise InputFileError(
                        f"refusing to write over the input file {os.fspath(source)} "
                        f"({output.option} {name}): give a different output file"
                    )
            for other in self.outputs[:index]:
                if _same_file(other.path, output.path):
                    raise InputFileError(
                        f"{other.option} and {output.option} both name {name}: "
                        "give each output its own file"
                    )
            folder = output.path.parent
            if not folder.is_dir():
                raise InputFileError(
                    f"{output.option} {name}: the folder {os.fspath(folder)} does not exist"
                )
            if output.path.is_dir():
                raise InputFileError(f"{output.option} {name} is a folder, not a file")
            if output.suffixes and not name.lower().endswith(output.suffixes):
                raise InputFileError(
                    f"{output.option} {name}: the name must end in " + " or ".join(output.suffixes)
                )
            owner = "own" if self.force or not output.path.exists() else _ownership(output.path)
            if owner == "changed":
                raise InputFileError(
                    f"{output.option} {name} was written by xlbridge but has been changed "
                    "since (a correction typed in it?): give another name, or add --force "
                    "to replace it"
                )
            if owner == "other":
                raise InputFileError(
                    f"{output.option} {name} exists and is not a file xlbridge wrote "
                    "(a filled night, or someone's own file?): give another name, "
                    "or add --force to replace it"
                )

    def write(self) -> list[Path]:
        """Check, then write every output, or none; return the paths written."""
        self.check()
        write_together([(output.path, output.write) for output in self.outputs])
        return [output.path for output in self.outputs]


def write_together(outputs: Sequence[tuple[Path, Callable[[Path], None]]]) -> None:
    """Write every ``(path, write)`` or none: each ``write(tmp)`` fills a temporary file
    beside its path, and only when all are filled are they renamed over their paths; if
    any rename fails, the files replaced already get their previous content back.

    ``draw`` writes the copy kept of a workbook and the workbook with the new round so:
    a workbook open in Excel leaves no copy behind, and the same command runs again.
    """
    for path, _ in outputs:
        check_name(path)
    temps: list[tuple[Path, Path]] = []
    try:
        for path, write in outputs:
            try:
                tmp = _create_temp(path)
            except OSError as exc:
                raise InputFileError(_cannot_write(path, exc)) from exc
            temps.append((tmp, path))
            try:
                write(tmp)
                _stamp(tmp)
                _fsync(tmp)
            except OSError as exc:
                raise InputFileError(_cannot_write(path, exc)) from exc
        _replace_all(temps)
    finally:
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)


def _same_file(first: Path, second: Path) -> bool:
    if first.resolve() == second.resolve():
        return True
    try:
        return first.exists() and second.exists() and first.samefile(second)
    except OSError:
        return False


def _replace_all(temps: list[tuple[Path, Path]]) -> None:
    """Rename each temporary file over its target; on a failure put back what was replaced.

    A target that exists is first linked (or copied) to a backup beside it, so
    that it never goes missing and can be restored.
    """
    done: list[tuple[Path, Path | None]] = []
    current = temps[0][1] if temps else Path()
    try:
        for tmp, target in temps:
            current = target
            backup = None
            if target.exists():
                os.chmod(tmp, stat.S_IMODE(target.stat().st_mode))
                backup = _create_temp(target)
                backup.unlink()
                try:
                    os.link(target, backup)
                except OSError:
                    shutil.copy2(target, backup)
            done.append((target, backup))
            os.replace(tmp, target)
    except BaseException as exc:
        for target, backup in reversed(done):
            with contextlib.suppress(OSError):  # put back what can be put back
                if backup is not None:
                    os.replace(backup, target)
                else:
                    target.unlink(missing_ok=True)
            if backup is not None:
                with contextlib.suppress(OSError):
                    backup.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise InputFileError(_cannot_write(current, exc)) from exc
        raise
    for target, backup in done:
        if backup is not None:
            backup.unlink(missing_ok=True)
        _fsync_folder(target.parent)


def _cannot_write(path: Path, exc: OSError) -> str:
    """Why ``path`` cannot be written, in one line saying what to do."""
    name = os.fspath(path)
    if isinstance(exc, PermissionError):
        if path.exists():
            return (
                f"cannot write {name}: it is open in another program (Excel?) or read-only: "
                "close it (or give another name) and run the command again"
            )
        return (
            f"cannot write {name}: the folder {os.fspath(path.parent)} cannot be written "
            "to: give a file in another folder"
        )
    return f"cannot write {name}: {_reason(exc)}"


#: What marks each kind of file xlbridge writes: the workbook's document category, the
#: page's generator, the USEBIO program name, the PBN creator line.
OWN_WORKBOOK_CATEGORY = "xlbridge results"
_OWN_MARKS = {
    ".html": b'<meta name="generator" content="xlbridge">',
    ".htm": b'<meta name="generator" content="xlbridge">',
    ".xml": b"<PROGRAM_NAME>xlbridge</PROGRAM_NAME>",
    ".pbn": b"% Creator: xlbridge",
}


#: The custom document property of a results workbook that holds the fingerprint (SHA-256)
#: of its content as xlbridge wrote it; :data:`CONTENT_PLACEHOLDER` until it is written.
CONTENT_PROPERTY = "xlbridge content"
CONTENT_PLACEHOLDER = "0" * 64
_CUSTOM = "docProps/custom.xml"


def is_own_output(path: str | os.PathLike[str]) -> bool:
    """True when the file at ``path`` is one xlbridge wrote as an output, as it wrote
    it: a results workbook (its document category says so, and its content is what
    was written: the fingerprint kept in its custom properties), a results page, a
    USEBIO or PBN file.

    A club-night workbook being filled in is not one, nor results corrected by hand
    after xlbridge wrote them: replacing either loses what was typed, so ``score -o``
    and ``draw`` refuse it unless told ``--force``.
    """
    return _ownership(Path(path)) == "own"


#: The keywords of the workbook ``xlbridge merge`` writes (a merged field): given to a merge
#: again as a club, every pair and result in it would count twice.
MERGED_FIELD_KEYWORDS = "xlbridge merged field"


def is_merged_field(path: str | os.PathLike[str]) -> bool:
    """True when the workbook at ``path`` is a merged field xlbridge wrote (its document
    keywords say so), whether or not it was opened and saved again since."""
    try:
        with zipfile.ZipFile(path) as archive:
            core = archive.read("docProps/core.xml")[: 1 << 16]
    except (OSError, KeyError, zipfile.BadZipFile):
        return False
    return f"<cp:keywords>{MERGED_FIELD_KEYWORDS}</cp:keywords>".encode() in core


def _ownership(target: Path) -> str:
    """``own``, ``changed`` (a results workbook xlbridge wrote, changed since) or ``other``."""
    suffix = target.suffix.lower()
    try:
        if suffix in _OWN_MARKS:
            with open(target, "rb") as file:
                return "own" if _OWN_MARKS[suffix] in file.read(1 << 16) else "other"
        if suffix in (".xlsx", ".xlsm"):
            with zipfile.ZipFile(target) as archive:
                core = archive.read("docProps/core.xml")[: 1 << 16]
                marked = f"<cp:category>{OWN_WORKBOOK_CATEGORY}</cp:category>".encode() in core
                if not marked:
                    return "other"
                kept = _kept_fingerprint(archive)
                return "own" if kept == _fingerprint(archive) else "changed"
    except (OSError, KeyError, zipfile.BadZipFile):
        return "other"
    return "other"


def _fingerprint(archive: zipfile.ZipFile) -> str:
    """SHA-256 of the workbook's content: every part's name and bytes but the document
    properties (Excel rewrites the sheets' parts whenever it saves a change)."""
    digest = hashlib.sha256()
    for name in sorted(archive.namelist()):
        if name.startswith("docProps/"):
            continue
        digest.update(name.encode() + b"\0")
        with archive.open(name) as member:
            for chunk in iter(lambda: member.read(1 << 20), b""):
                digest.update(chunk)
        digest.update(b"\0")
    return digest.hexdigest()


def _kept_fingerprint(archive: zipfile.ZipFile) -> str | None:
    try:
        custom = archive.read(_CUSTOM)[: 1 << 16]
    except KeyError:
        return None
    found = re.search(
        rb'name="'
        + re.escape(CONTENT_PROPERTY.encode())
        + rb'"[^>]*>\s*<vt:lpwstr>([0-9a-f]{64})<',
        custom,
    )
    return found.group(1).decode() if found else None


def _stamp(path: Path) -> None:
    """Write the fingerprint of a results workbook's content into its custom property.

    Only a workbook marked for it (:data:`CONTENT_PLACEHOLDER`, see
    ``workbook.shared.style.mark_results``) is rewritten; every part keeps its place,
    its time stamp and its compression.
    """
    if path.suffix.lower() not in (".xlsx", ".xlsm") or not zipfile.is_zipfile(path):
        return
    with zipfile.ZipFile(path) as archive:
        try:
            custom = archive.read(_CUSTOM)
        except KeyError:
            return
        if CONTENT_PLACEHOLDER.encode() not in custom:
            return
        stamped = custom.replace(CONTENT_PLACEHOLDER.encode(), _fingerprint(archive).encode(), 1)
        original = path.read_bytes()
        rewritten = io.BytesIO()
        with zipfile.ZipFile(rewritten, "w") as out:
            for info in archive.infolist():
                if info.filename == _CUSTOM:
                    out.writestr(info, stamped)
                elif not _copy_compressed(original, info, out):
                    out.writestr(info, archive.read(info))
    path.write_bytes(rewritten.getbuffer())


#: A part's flags that its bytes cannot be copied with: encrypted, sizes after the data.
_NOT_COPIED = 0x01 | 0x08


def _copy_compressed(original: bytes, info: zipfile.ZipInfo, out: zipfile.ZipFile) -> bool:
    """Copy the part ``info`` of the archive ``original`` into ``out`` as it is compressed
    (a merged field's results workbook is a hundred megabytes of XML: compressing it again
    took a second and a half); ``False``, copying nothing, for a part that cannot be."""
    start = info.header_offset
    header = original[start : start + 30]
    if (
        info.flag_bits & _NOT_COPIED
        or len(header) < 30
        or header[:4] != b"PK\x03\x04"
        or max(info.file_size, info.compress_size, start) >= zipfile.ZIP64_LIMIT
    ):
        return False
    name_length, extra_length = struct.unpack("<HH", header[26:30])
    data = start + 30 + name_length + extra_length
    compressed = original[data : data + info.compress_size]
    if len(compressed) != info.compress_size:
        return False
    copied = zipfile.ZipInfo(info.filename, info.date_time)
    for attribute in (
        "compress_type",
        "comment",
        "extra",
        "create_system",
        "create_version",
        "extract_version",
        "flag_bits",
        "volume",
        "internal_attr",
        "external_attr",
        "CRC",
        "compress_size",
        "file_size",
    ):
        setattr(copied, attribute, getattr(info, attribute))
    out.fp.seek(out.start_dir)  # type: ignore[union-attr]
    copied.header_offset = out.start_dir
    out.fp.write(copied.FileHeader(False))  # type: ignore[union-attr]
    out.fp.write(compressed)  # type: ignore[union-attr]
    out.start_dir = out.fp.tell()  # type: ignore[union-attr]
    out.filelist.append(copied)
    out.NameToInfo[copied.filename] = copied
    return True


def _reason(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


# --- writing -----------------------------------------------------------------------------------


def _create_temp(target: Path) -> Path:
    """A new empty file beside ``target``, created with the user's default permissions."""
    suffix = target.suffix if len(target.suffix) <= 8 else ""
    head = target.stem[:40]  # the name may be as long as a file system takes: this is shorter
    for _ in range(100):
        tmp = target.with_name(f".{head}-{secrets.token_hex(4)}.tmp{suffix}")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        return tmp
    raise FileExistsError(f"no free temporary name beside {os.fspath(target)}")


def _fsync(path: Path) -> None:
    with open(path, "rb+") as file:
        os.fsync(file.fileno())


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX); not possible, nor needed, on Windows."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
