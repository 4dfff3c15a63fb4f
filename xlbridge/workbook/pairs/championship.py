"""``xlbridge event``: several nights scored as one event: the pair map read, the results
workbook written (the overall ranking first, then each session's), the terminal ranking.

The rules are :mod:`xlbridge.championship`'s; this module reads and writes only.

A pair map is a CSV file of two columns, a row a pair: the pair's number in
the later session, then its number in the first (``4,NS 2``: the Howell's
pair 4 was the Mitchell's NS 2).  A first row of headings (no pair number in
it) and blank rows are skipped; a pair not renumbered keeps its number.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.championship import ChampionshipResult, ChampionshipRule, Renumbering
from xlbridge.errors import ScoringError
from xlbridge.event import Event
from xlbridge.exact import quote
from xlbridge.movement import PairNumbering, number_key
from xlbridge.pair import PairLabel
from xlbridge.report import format_fixed
from xlbridge.workbook.pairs.present import format_ranking, format_table
from xlbridge.workbook.pairs.writer import write_ranking
from xlbridge.workbook.shared.style import COMPUTED_FILL, THIN, TITLE_FONT, mark_results
from xlbridge.workbook.shared.written import save

__all__ = [
    "championship_workbook",
    "format_championship",
    "parse_carry",
    "read_pair_map",
    "session_names",
    "write_championship",
]

#: The pair map's largest size: far more pairs than any event has.
MAX_MAP_BYTES = 1 << 20


def parse_carry(text: str) -> Fraction:
    """``--carry``: ``25%``, ``1/4`` or ``0.25`` of the first session (0% to 100%)."""
    typed = text.strip()
    hint = " (a decimal point, not a comma: 0.25)" if "," in typed else ""
    percent = typed.endswith("%")
    try:
        value = Fraction(typed[:-1].strip()) / 100 if percent else Fraction(typed)
    except (ValueError, ZeroDivisionError):
        raise ScoringError(
            f"--carry: give a part such as 25% or 1/4, not {quote(text)}{hint}"
        ) from None
    if value > 1 and not percent:
        raise ScoringError(
            f"--carry: give a part such as 25% or 1/4, not {quote(text)} (add % for a percentage)"
        )
    if not 0 <= value <= 1:
        raise ScoringError(
            f"--carry: give a part of session 1 from 0% to 100% (25% or 1/4), not {quote(text)}"
        )
    return value


def _numbering(event: Event) -> PairNumbering:
    directions: dict[str, set[str]] = {}
    for pair in event.pairs:
        directions.setdefault(number_key(pair.label), set()).add(pair.label.direction)
    return PairNumbering({key: frozenset(found) for key, found in directions.items()})


def read_pair_map(
    path: Path, session: Event, first: Event, titles: tuple[str, str] = ("session 2", "session 1")
) -> list[Renumbering]:
    """The renumbering of ``session``'s pairs to ``first``'s that the CSV at ``path`` gives.

    ``titles`` name the two sessions in messages (``session 2 (howell.xlsx)``).
    Each row names its file and row in any message (``pairs.csv row 3``).  The
    file may be saved as Excel saves a CSV anywhere: cells separated by commas,
    semicolons (a European Excel) or tabs, in UTF-8 (with or without a byte
    order mark), Windows-1252 or UTF-16, CRLF line ends.  Refused, naming the
    row: a number written alone in a Mitchell numbered by direction (both NS 3
    and EW 3: write its direction), a word for a number (``two``), a direction
    written for a session whose pairs have none (the columns swapped?).
    """
    try:
        if path.stat().st_size > MAX_MAP_BYTES:
            raise ScoringError(f"{os.fspath(path)}: too big for a pair map (over 1 MB)")
        data = path.read_bytes()
    except OSError as exc:
        raise ScoringError(
            f"{os.fspath(path)}: cannot read the pair map ({exc.strerror})"
        ) from None
    text = _map_text(path, data)
    delimiter = _delimiter(text)
    later, earlier = titles
    own, theirs = _numbering(session), _numbering(first)
    entries: list[Renumbering] = []
    problems: list[str] = []
    headings = True  # the first row that is not blank may be headings
    for number, row in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), start=1):
        cells = [cell.strip() for cell in row]
        while cells and not cells[-1]:
            cells.pop()
        if not any(cells):
            continue
        maybe_headings, headings = headings, False
        where = f"{path.name} row {number}"
        if len(cells) != 2:
            problems.append(
                f"{where}: give two pair numbers (the pair's number in {later}, then in "
                f"{earlier}), not {quote(delimiter.join(cells))}"
            )
            continue
        labels = [_parsed(cell) for cell in cells]
        if maybe_headings and not any(label and label.number.isdecimal() for label in labels):
            continue  # headings
        found: list[PairLabel] = []
        for cell, label, numbering, night in zip(cells, labels, (own, theirs), titles, strict=True):
            problem = _label_problem(cell, label, numbering, night, titles)
            if problem:
                problems.append(f"{where}: {problem}")
                if label is not None and label.direction:
                    break  # the columns swapped: one line for the row
                continue
            resolved = None if label is None else numbering.resolve(label)
            if resolved is None:
                problems.append(
                    f"{where}: {night} has both NS {cell} and EW {cell}: "
                    f"write NS {cell} or EW {cell}"
                )
            else:
                found.append(resolved)
        if len(found) == 2:
            entries.append(Renumbering(found[0], found[1], where))
    if problems:
        raise ScoringError("\n".join(problems))
    return entries


def _map_text(path: Path, data: bytes) -> str:
    """The pair map's text, however Excel saved it: UTF-8 (a byte order mark or none),
    UTF-16 (Excel's "Unicode text"), or else Windows-1252 (Excel's plain "CSV")."""
    save = (
        "save the pair map from Excel as CSV UTF-8 (two columns: the pair's number in the "
        "later session, then in session 1)"
    )
    if data.startswith(b"PK\x03\x04"):
        raise ScoringError(f"{os.fspath(path)} is a workbook, not a CSV text file: {save}")
    try:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            return data.decode("utf-16")
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    if b"\x00" not in data:  # text has no NUL byte
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            pass
    raise ScoringError(f"{os.fspath(path)} is not a CSV text file: {save}")


def _delimiter(text: str) -> str:
    """The separator of the map's cells: a comma, or the semicolon a European Excel
    writes, or a tab: the one used most (a comma on a tie)."""
    counts = {mark: text.count(mark) for mark in (",", ";", "\t")}
    return max(counts, key=lambda mark: (counts[mark], mark == ","))


def _label_problem(
    cell: str,
    label: PairLabel | None,
    numbering: PairNumbering,
    night: str,
    titles: tuple[str, str],
) -> str:
    """What is wrong with one cell of the pair map ("" when nothing)."""
    if label is None or not (label.number.isdecimal() and label.number.isascii()):
        return f"{quote(cell)} is not a pair number: type the pair's number (2, or NS 2)"
    directed = any(direction for found in numbering.directions.values() for direction in found)
    if label.direction and not directed:
        later, earlier = titles
        return (
            f"{quote(cell)} has a direction, but {night} numbers its pairs without NS or EW: "
            f"write {label.number} (the first column is the pair's number in {later}, the "
            f"second its number in {earlier}: are they swapped?)"
        )
    return ""


def _parsed(cell: str) -> PairLabel | None:
    try:
        return PairLabel.parse(cell)
    except ScoringError:
        return None


# --- the overall ranking's columns ------------------------------------------------------------


def _header(result: ChampionshipResult) -> list[str]:
    """The overall ranking's headings: Rank, Pair, Players, Sessions, each session's figure,
    the rule's score (and, factored, the maxima and the percentage)."""
    count = len(result.sessions)
    rule = result.rule
    if rule is ChampionshipRule.FACTORED:
        each = [f"S{n} MP" for n in range(1, count + 1)]
        tail = ["Total", "Max", "%"]
    elif rule is ChampionshipRule.CARRY_OVER:
        each = ["S1 carried", *(f"S{n} %" for n in range(2, count + 1))]
        tail = ["Total"]
    else:
        each = [f"S{n} %" for n in range(1, count + 1)]
        tail = ["Sum of %" if rule is ChampionshipRule.SUM else "Average %"]
    return ["Rank", "Pair", "Players", "Sessions", *each, *tail]


def _values(result: ChampionshipResult) -> list[list[object]]:
    rows: list[list[object]] = []
    factored = result.rule is ChampionshipRule.FACTORED
    for p in result.pairs:
        extra: list[Fraction | None] = [p.maximum, p.percentage] if factored else []
        rows.append([p.rank, p.pair.label, p.pair.names, p.played, *p.figures, p.score, *extra])
    return rows


def _rule_line(result: ChampionshipResult) -> str:
    rule = result.rule
    if rule is ChampionshipRule.FACTORED:
        return f"total matchpoints factored to a common top of {result.top}"
    if rule is ChampionshipRule.CARRY_OVER:
        carried = format_fixed(100 * (result.carry or 0)).removesuffix(".00")
        return f"carry-over: {carried}% of session 1 carried into the final"
    if rule is ChampionshipRule.SUM:
        return "the sum of the session percentages"
    return "the average of the session percentages, over the sessions played"


def _absent_line(result: ChampionshipResult) -> str:
    if result.rule is ChampionshipRule.AVERAGE:
        return "a pair that missed a session is ranked on the sessions it played"
    return "a pair that missed a session is listed, not ranked"


def format_championship(result: ChampionshipResult) -> str:
    """The overall ranking, then each session's, as text for the terminal."""
    header = _header(result)
    rows = [[_text(value) for value in row] for row in _values(result)]
    numbers = " ".join(header[3:]) + " Rank Pair"
    blocks = [
        f"Overall: {_rule_line(result)} ({_absent_line(result)})",
        format_table(header, rows, right=numbers),
    ]
    for title, session in zip(result.names, result.sessions, strict=True):
        blocks.append(f"{title.capitalize()}: {format_ranking(session)}")
    return "\n\n".join(blocks)


# --- the results workbook ---------------------------------------------------------------------


def _text(value: object) -> str:
    """A figure to two decimals; a count, a label or a rank as it is; blank for none."""
    if isinstance(value, Fraction):
        return format_fixed(value)
    return "" if value is None else str(value)


def championship_workbook(result: ChampionshipResult) -> Workbook:
    """The results workbook: the overall ranking (sheet Overall), then each session's
    ranking (sheets Session 1, Session 2...), as a night's Ranking sheet shows it."""
    wb = Workbook()
    mark_results(wb)
    overall = wb.active
    assert overall is not None
    overall.title = "Overall"
    _overall(overall, result)
    for number, session in enumerate(result.sessions, start=1):
        ws = wb.create_sheet(f"Session {number}")
        write_ranking(ws, session)
    return wb


def _overall(ws: Worksheet, result: ChampionshipResult) -> None:
    ws.cell(1, 1, f"Overall: {_rule_line(result)}").font = TITLE_FONT
    ws.cell(2, 1, _absent_line(result))
    header = _header(result)
    for column, text in enumerate(header, start=1):
        cell = ws.cell(4, column, text)
        cell.font = TITLE_FONT
        cell.border = THIN
    for row, values in enumerate(_values(result), start=5):
        for column, value in enumerate(values, start=1):
            shown = value
            if isinstance(value, Fraction):
                shown = float(value)
            elif isinstance(value, PairLabel):
                shown = int(value) if value.isdecimal() else str(value)
            cell = ws.cell(row, column, None if shown in ("", None) else shown)
            cell.border = THIN
            if column > 4:
                cell.number_format = "0.00"
            if column == 1:
                cell.fill = COMPUTED_FILL
    ws.column_dimensions["C"].width = 36
    ws.freeze_panes = "A5"


def write_championship(result: ChampionshipResult, target: Path) -> None:
    """Save the results workbook to ``target`` (a temporary file of an output plan)."""
    save(championship_workbook(result), target)


def session_names(paths: Sequence[Path]) -> list[str]:
    """``session 1 (tuesday.xlsx)``...: how messages and the terminal name each night."""
    return [f"session {n} ({path.name})" for n, path in enumerate(paths, start=1)]
