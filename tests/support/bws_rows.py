"""A Bridgemate ``.bws`` file's result rows, found in its pages and altered in place.

The tests need a real night with one result missing, erased or blanked.  No
pure-Python library writes an Access database, so the rows are changed where
they lie, as Access itself would leave them: a row dropped is marked deleted in
its data page's row offsets (the ``0x8000`` flag) and the table's row count in
its definition page is lowered by one; a Yes/No field such as ``Erased`` is a
bit of the row's null mask (Access keeps a boolean there, set for Yes); a field
blanked has its bit of the null mask cleared (Access's Null).  The layout is
the Jet database's as mdbtools documents it (HACKING, "Data pages", "Table
definition pages"); each row found here is checked against the row
access-parser reads at the same place.
"""

from __future__ import annotations

import logging
import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from access_parser import AccessParser
from access_parser.parsing_primitives import parse_data_page_header


@dataclass(frozen=True)
class Entry:
    """One row of ``ReceivedData``: its values as read, and where its bytes lie."""

    values: dict[str, Any]
    start: int  # the row's first byte in the file
    end: int  # one past its last byte (its null mask ends there)
    slot: int  # the file offset of its entry in the page's row offsets


@dataclass(frozen=True)
class Layout:
    entries: tuple[Entry, ...]
    rows_at: int  # the file offset of the table's row count (its definition page)
    column_ids: dict[str, int]
    null_bytes: int


@cache
def layout(path: Path) -> Layout:
    """Every ``ReceivedData`` row of the file at ``path``, each where its bytes lie."""
    logging.getLogger("access_parser").setLevel(logging.CRITICAL)
    logging.getLogger("access_parser.access_parser").setLevel(logging.CRITICAL)
    database = AccessParser(str(path))
    version, page_size = database.version, database.page_size
    table = database.get_table("ReceivedData")
    parsed = table.parse()
    count = len(parsed["ID"])
    rows = [{column: values[i] for column, values in parsed.items()} for i in range(count)]
    owner = database.catalog["ReceivedData"]
    offsets_at = 14 if version > 3 else 10  # after the magic, free space, owner (and a word)
    located: list[Entry] = []
    for at, page in sorted(database._data_pages.items()):
        header = parse_data_page_header(page, version=version)
        if header.owner != owner:
            continue
        last = 0
        for index, offset in enumerate(header.record_offsets):
            slot = at + offsets_at + 2 * index
            if offset & 0x8000 or offset & 0x4000:  # deleted, or kept on another page
                last = offset & 0xFFF
                if offset & 0x4000 and not offset & 0x8000:
                    located.append(Entry(rows[len(located)], -1, -1, slot))
                continue
            end = last or page_size
            last = offset
            if end > offset:
                located.append(Entry(rows[len(located)], at + offset, at + end, slot))
    assert len(located) == count == int(table.table_header.number_of_rows)
    data = path.read_bytes()
    for entry in located:  # the ID is the first fixed field, after the field count
        if entry.start >= 0:
            skip = 2 if version > 3 else 1
            (number,) = struct.unpack_from("<i", data, entry.start + skip)
            assert number == entry.values["ID"], (number, entry.values)
    columns = {column.col_name_str: column.column_id for column in table.columns.values()}
    return Layout(
        tuple(located),
        owner * page_size + (16 if version > 3 else 12),
        columns,
        (table.table_header.column_count + 7) // 8,
    )


def entries(path: Path) -> list[Entry]:
    """The rows that can be changed in place (not those kept on an overflow page)."""
    return [entry for entry in layout(path).entries if entry.start >= 0]


def find(path: Path, **values: object) -> Entry:
    """The one row whose fields have ``values`` (``Table=3, Round=2, Board=5``)."""
    found = [e for e in entries(path) if all(e.values[k] == v for k, v in values.items())]
    assert len(found) == 1, (values, len(found))
    return found[0]


def _null_bit(data: bytearray, path: Path, entry: Entry, column: str, on: bool) -> None:
    shape = layout(path)
    column_id = shape.column_ids[column]
    at = entry.end - shape.null_bytes + column_id // 8
    if on:
        data[at] |= 1 << (column_id % 8)
    else:
        data[at] &= ~(1 << (column_id % 8)) & 0xFF


def erased(data: bytes, path: Path, entry: Entry) -> bytes:
    """``data`` (the file at ``path``) with ``entry``'s Erased field set to Yes."""
    changed = bytearray(data)
    _null_bit(changed, path, entry, "Erased", True)
    return bytes(changed)


def blanked(data: bytes, path: Path, entry: Entry, column: str) -> bytes:
    """``data`` with ``entry``'s field ``column`` made Null (blank)."""
    changed = bytearray(data)
    _null_bit(changed, path, entry, column, False)
    return bytes(changed)


def dropped(data: bytes, path: Path, entry: Entry) -> bytes:
    """``data`` with ``entry`` deleted, as Access deletes a row."""
    changed = bytearray(data)
    (offset,) = struct.unpack_from("<H", changed, entry.slot)
    struct.pack_into("<H", changed, entry.slot, offset | 0x8000)
    rows_at = layout(path).rows_at
    (rows,) = struct.unpack_from("<I", changed, rows_at)
    struct.pack_into("<I", changed, rows_at, rows - 1)
    return bytes(changed)
