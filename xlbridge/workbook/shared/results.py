"""One result's cells and the rulings they name, read alike by pairs and teams.

A result is typed in four cells: the contract played (contract, declarer, result)
and the NS score.  A pairs traveller row holds one result (columns D to G), a teams
traveller row two, the open room's (F to I) and the closed room's (J to M).  Both
readers read them here, with the same checks and the same words:

* a contract's cells are read as :class:`~xlbridge.contract.PlayedContract` reads
  them, a mistake named at the cell it is in; a contract cell that holds the
  declarer and the result too (``4HS=``, ``3NTX-2 W``) is read, and one that begins
  with a contract but holds more that cannot be read says which cell each part goes in;
* a declarer or result typed with no contract is refused (a score typed in the wrong
  column, or a row's contract left out);
* a typed NS score wins over the contract's, with a warning when a plain score differs
  (a ruling's ID, a weighted, split or artificial score is the TD's: no warning), and is
  refused when no contract scores it on the board's
  vulnerability (a ruling's impossible score is warned about, the TD assigned it);
* the Rulings sheet's rows (ID, side, score, weight) are checked cell by cell (a side in
  :meth:`~xlbridge.direction.Direction.parse`'s words) and read
  into one weighted score per ID (:func:`read_rulings`).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from functools import partial
from typing import Any

from xlbridge.contract import (
    PlayedContract,
    board_vulnerability,
    contract_prefix,
    format_contract,
    is_possible_score,
)
from xlbridge.direction import Direction
from xlbridge.errors import ContractError, ScoringError
from xlbridge.exact import excel_shown, is_blank, normalise_text, quote
from xlbridge.places import CellPlace, CellRange, Place
from xlbridge.result import (
    RULING_SIDES,
    Artificial,
    Result,
    Row,
    one_sided_ruling,
    parse_result,
    parse_rulings,
    parse_score,
    parse_weight,
)
from xlbridge.workbook.shared.checks import Problems

__all__ = [
    "Played",
    "ResultCells",
    "Rulings",
    "date_weight",
    "read_played",
    "read_result",
    "read_rulings",
    "ruling_key",
]

Cells = Sequence[Any]


class Played:
    """A contract played as read from its cells, and its score at each vulnerability met."""

    __slots__ = ("played", "scores")

    def __init__(self, played: PlayedContract) -> None:
        self.played = played
        self.scores: dict[int, int] = {}

    def score(self, board: int) -> int:
        """The NS score on ``board`` (Law 77 at its vulnerability), worked out once."""
        vulnerability = board_vulnerability(board)
        found = self.scores.get(id(vulnerability))  # the four members live for ever
        if found is None:
            found = self.scores[id(vulnerability)] = self.played.score(vulnerability)
        return found


#: Contracts played by their three cells' types and values, for every workbook read: a
#: board's tables often bid and make the same, and a merge's clubs play the same boards.
#: Only contracts read without a problem are kept.
_PLAYED: dict[tuple[object, ...], Played] = {}
#: The index of each cell of a contract played, by the part an error names.
_PARTS = {"contract": 0, "declarer": 1, "result": 2}


@dataclass(frozen=True)
class ResultCells:
    """The four cells of one result: contract, declarer, result and NS score.

    ``at`` gives a column's place (``"G"`` to ``"Travellers!G12"``); ``letters`` are
    the four cells' columns.
    """

    cells: Cells
    at: Callable[[str], Place]
    letters: str

    def place(self, part: int) -> Place:
        return self.at(self.letters[part])


@dataclass(frozen=True)
class Rulings:
    """The Rulings sheet read: each ID's weighted score, and the rows each ID is on."""

    sheet: str
    results: dict[str, Result]
    rows: dict[str, list[int]]


def read_played(cells: ResultCells, problems: Problems) -> Played | bool | None:
    """The contract played (``None``: none typed; ``False``: its cells are wrong, reported)."""
    contract, declarer, result = cells.cells[:3]
    if is_blank(contract):
        for part, value in ((1, declarer), (2, result)):
            if not is_blank(value):
                problems.error(
                    cells.place(part),
                    f"{quote(value)} is typed but no contract is (in {cells.place(0)}): type "
                    f"the contract played, or clear this cell and type the NS score in "
                    f"{cells.place(3)}",
                )
                return False
        return None
    key = tuple((type(cell), cell) for cell in cells.cells[:3])
    found = _PLAYED.get(key)
    if found is None:
        try:
            played = PlayedContract.from_cells(contract, declarer, result)
        except ContractError as exc:
            begins = contract_prefix(contract) if exc.unread else None
            if begins is not None:
                problems.error(
                    cells.place(0),
                    f"{quote(contract)} is not a contract, and not one with its declarer and "
                    f"result: type the contract ({format_contract(begins)}) in "
                    f"{cells.place(0)}, the declarer (N, E, S or W) in {cells.place(1)} and "
                    f"the result (=, +1, -2) in {cells.place(2)}",
                )
                return False
            problems.errors.append(exc.at(cells.place(_PARTS.get(exc.part, 0))))
            return False
        assert played is not None
        if len(_PLAYED) >= 1 << 16:
            _PLAYED.clear()
        found = _PLAYED[key] = Played(played)
    return found


def read_result(
    cells: ResultCells,
    board: int | None,
    played: Played | bool | None,
    rulings: Rulings,
    problems: Problems,
    *,
    required: bool,
) -> Row:
    """The result the cells give: the typed score, else the contract's.

    Nothing typed is ``None``, refused as "no result" when ``required`` (a pairs
    traveller row), left for the caller otherwise (a teams room still to play).
    """
    typed = cells.cells[3]
    contract_score = None
    if isinstance(played, Played) and board is not None:
        contract_score = played.score(board)
    if is_blank(typed):
        if played is None and required:
            problems.error(
                cells.place(3),
                "no result: type the contract, declarer and result, or the NS score "
                "(NP when the board was not played)",
            )
        return None if contract_score is None else Result.of(contract_score)
    key = ruling_key(typed)
    if key in rulings.rows and key not in rulings.results:
        return None  # the ruling itself is wrong; reported on the Rulings sheet
    where = cells.place(3)
    parsed = problems.attempt(lambda: parse_result(typed, where, rulings.results))
    if isinstance(parsed, Result) and board is not None:
        ruling = key if key in rulings.results else ""
        _check_possible(where, typed, board, parsed, ruling, rulings, problems)
        if (
            contract_score is not None
            and parsed != Result.of(contract_score)
            and not ruling
            and _plain_score(typed)  # not an assigned score (weighted, split, artificial)
        ):
            problems.warn(
                where,
                f"the typed score {quote(typed)} differs from the contract's "
                f"({played.played if isinstance(played, Played) else ''}: {contract_score}); "
                "the typed score is used",
            )
    return parsed


def _plain_score(typed: object) -> bool:
    try:
        parse_score(typed)
    except (ScoringError, ValueError):
        return False
    return True


def ruling_key(typed: object) -> str:
    """The ruling ID a score cell may name (``'r 1'`` is ``R1``); ``""`` for a number."""
    return normalise_text(str(typed)).upper().replace(" ", "") if isinstance(typed, str) else ""


def _check_possible(
    where: Place,
    typed: object,
    board: int,
    result: Result,
    ruling: str,
    rulings: Rulings,
    problems: Problems,
) -> None:
    vulnerability = board_vulnerability(board)
    scores = {
        score
        for side in (result.ns, result.ew)
        if not isinstance(side, Artificial)
        for score, _ in side.components
    }
    for score in sorted(scores):
        if is_possible_score(score, vulnerability):
            continue
        why = f"no contract scores {score} for NS on board {board} ({vulnerability.described})"
        if ruling:
            first = rulings.rows[ruling][0]
            problems.warn(
                where,
                f"ruling {ruling} ({CellPlace(rulings.sheet, first, 'C')}): {why}; "
                "scored as the TD assigned it",
            )
        else:
            problems.error(where, f"{quote(typed)}: {why}")


def read_rulings(sheet: str, rows: Iterable[tuple[int, Cells]], problems: Problems) -> Rulings:
    """The Rulings sheet's ``rows`` (row number, ID | Side | Score | Weight | Note)."""
    groups: dict[str, list[tuple[int, Cells]]] = defaultdict(list)
    for index, cells in rows:
        ident, side, score, weight = (*cells, None, None, None, None)[:4]
        if is_blank(ident):
            problems.error(CellPlace(sheet, index, "A"), "a ruling row needs an ID (R1)")
            continue
        ok = _ruling_cells(sheet, index, (side, score, weight), problems)
        key = normalise_text(excel_shown(ident)).upper().replace(" ", "")
        groups[key].append((index, cells if ok else ()))
    results: dict[str, Result] = {}
    found: dict[str, list[int]] = {}
    for key, members in groups.items():
        found[key] = [index for index, _ in members]
        if any(not cells for _, cells in members):
            continue
        first, last = found[key][0], found[key][-1]
        sides = {_side_text(cells[1] if len(cells) > 1 else None) for _, cells in members}
        if len(sides) == 1 and sides <= {"NS", "EW"}:
            (side,) = sides
            problems.error(CellPlace(sheet, last, "B"), one_sided_ruling(key, side, len(members)))
            continue
        start = CellPlace(sheet, first, "A")
        where = start.to("E", last) if last != first else start
        parsed = problems.attempt(partial(_one_ruling, members, where))
        if parsed is not None:
            results[key] = parsed
    return Rulings(sheet, results, found)


def _side_text(side: object) -> str:
    """A Side cell as the rulings read it: ``NS``, ``EW``, or ``""`` (blank, or not a side)."""
    if is_blank(side):
        return ""
    try:
        return Direction.parse(side).short
    except ScoringError:  # refused at its cell by _ruling_cells
        return ""


def _ruling_cells(
    sheet: str, index: int, cells: tuple[object, object, object], problems: Problems
) -> bool:
    """Check a ruling row's Side, Score and Weight, each error naming its cell."""
    side, score, weight = cells
    before = len(problems.errors)
    side_at, score_at, weight_at = (CellPlace(sheet, index, letter) for letter in "BCD")
    if not is_blank(side):
        try:
            Direction.parse(side)
        except ScoringError:
            problems.error(side_at, f"side {quote(side)} is not {RULING_SIDES}")
    if is_blank(score):
        problems.error(score_at, "a ruling row needs a score")
    elif not (isinstance(score, str) and normalise_text(score).upper().startswith("A")):
        problems.attempt(lambda: parse_score(score, score_at))
    if isinstance(weight, (date, datetime)):
        problems.error(weight_at, date_weight(weight))
    elif not is_blank(weight):
        problems.attempt(lambda: parse_weight(weight, weight_at))
    return len(problems.errors) == before


def _shown_id(ident: object) -> object:
    """A ruling's ID as the user sees it: a date Excel made of it as Excel shows it."""
    return excel_shown(ident) if isinstance(ident, dt.date | dt.time) else ident


def _one_ruling(members: list[tuple[int, Cells]], where: CellPlace | CellRange) -> Result:
    """The weighted score of one ruling's rows (each row's cells already checked)."""
    rows = [(_shown_id(cells[0]), *cells[1:4]) for _, cells in members]
    (only,) = parse_rulings(rows, str(where), placed=True).values()
    return only


def date_weight(value: date) -> str:
    """What to say of a weight that Excel turned into a date (2/5 typed, 2 May stored)."""
    low, high = sorted((value.day, value.month))
    percent = quote(Fraction(low, high) * 100)
    typed = f"'{low}/{high} (with the apostrophe, kept as text)"
    return f"Excel read {low}/{high} as a date ({value.day} {value:%B}): type " + (
        typed if "/" in percent else f"{percent}% or {typed}"
    )
