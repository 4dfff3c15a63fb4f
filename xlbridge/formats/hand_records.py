"""A session's hand records with their double-dummy tables and par, solved once and cached.

:func:`load_hands` reads a PBN hand-record file (:func:`xlbridge.formats.pbn.read_hand_records`),
solves each deal double-dummy with `endplay <https://pypi.org/project/endplay/>`_
(Bo Haglund's DDS; the optional ``hands`` extra: ``pip install 'xlbridge-scoring[hands]'``),
and works out the par at the board's vulnerability (:func:`xlbridge.hands.par`).

Solving takes about a second a deal, so the tables are kept beside the file
(``DEALS.dd.json``, keyed by the deal: :func:`save_cache`) and a
deal is solved only once.
Where the file has its own double-dummy table (OptimumResultTable) it is
checked against the solver's, and its OptimumScore against the par; a
difference is a warning naming the board.  Without endplay the file's own
table is used when it has one, and otherwise the hands are shown without
double-dummy figures.

endplay is imported only when a deal has to be solved, so this module, like
the rest of the core, imports anywhere (Pyodide included, where endplay is
not built).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
from collections.abc import Sequence
from pathlib import Path

from xlbridge.errors import InputFileError
from xlbridge.formats.pbn import decode, on_board, read_hand_records
from xlbridge.hands import (
    SEATS,
    STRAINS,
    BoardHands,
    BoardRecord,
    DDTable,
    Deal,
    SessionHands,
    format_deal,
    par,
)
from xlbridge.outputs import atomic_write
from xlbridge.places import Problem

__all__ = [
    "cache_path",
    "load_hands",
    "save_cache",
    "solve",
    "solver_available",
]

#: Hand-record files larger than this are refused (a club's night is a few kilobytes).
MAX_BYTES = 20_000_000
#: The deals DDS solves in one call (it solves up to 40 tables at a time).
_BATCH = 32
_CACHE_VERSION = 1
NO_SOLVER = (
    "double-dummy tables need the solver: pip install 'xlbridge-scoring[hands]' (endplay); "
    "the hands are shown without them"
)


def solver_available() -> bool:
    """True when endplay (the double-dummy solver) is installed."""
    try:
        return importlib.util.find_spec("endplay") is not None
    except ImportError:  # an import system that refuses to look (Pyodide's, in the tests)
        return False


def cache_path(path: Path) -> Path:
    """Where the solved tables of ``DEALS.pbn`` are kept: ``DEALS.dd.json`` beside it."""
    return path.with_name(f"{path.stem}.dd.json")


def solve(deals: Sequence[Deal]) -> list[DDTable]:
    """Each deal's double-dummy table, by endplay (DDS); ImportError without it."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom

    denoms = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts}
    denoms |= {"D": Denom.diamonds, "C": Denom.clubs}
    tables: list[DDTable] = []
    for start in range(0, len(deals), _BATCH):
        batch = [EndplayDeal(format_deal(deal)) for deal in deals[start : start + _BATCH]]
        for solved in calc_all_tables(batch):
            rows = solved.to_list()  # [denomination][player], players N E S W
            tables.append(
                DDTable(
                    tuple(
                        tuple(int(rows[denoms[strain.value]][seat]) for strain in STRAINS)
                        for seat in range(len(SEATS))
                    )
                )
            )
    return tables


def load_hands(path: str | os.PathLike[str], *, use_solver: bool | None = None) -> SessionHands:
    """The hand records at ``path``, each with its double-dummy table and par when known.

    ``use_solver``: ``None`` solves when endplay is installed; ``False``
    never solves (only the cache and the file's own tables are used).
    """
    path = Path(path)
    name = path.name
    try:
        size = path.stat().st_size
    except OSError:
        raise InputFileError(f"{os.fspath(path)}: the hand-record file is not there") from None
    if size > MAX_BYTES:
        raise InputFileError(f"{name} is {size:,} bytes: too big for a hand-record file")
    records = read_hand_records(decode(path.read_bytes(), name), name)
    warnings = list(records.warnings)
    solving = solver_available() if use_solver is None else use_solver and solver_available()
    cached = _read_cache(cache_path(path))
    wanted = [r.deal for r in records if format_deal(r.deal) not in cached]
    solved: tuple[tuple[str, dict[str, DDTable]], ...] = ()
    if wanted and solving:
        for deal, new in zip(wanted, solve(wanted), strict=True):
            cached[format_deal(deal)] = new
        solved = ((str(cache_path(path)), cached),)
    boards: dict[int, BoardHands] = {}
    missing = False
    for record in records:
        ours = cached.get(format_deal(record.deal))
        table: DDTable | None = ours if ours is not None else record.dd
        source = "solver" if ours is not None else "file"
        if ours is not None and record.dd is not None and record.dd != ours:
            warnings.append(_table_difference(record, record.dd, ours))
        if table is None:
            missing = True
            boards[record.board] = BoardHands(record, None, None, "")
            continue
        result = par(table, record.vulnerability, record.dealer)
        if record.par_score is not None and record.par_score != result.score:
            warnings.append(
                Problem(
                    on_board(record.source, record.board),
                    f"the file's par (OptimumScore) is NS {record.par_score:+d}, "
                    f"the double-dummy table gives NS {result.score:+d}",
                )
            )
        boards[record.board] = BoardHands(record, table, result, source)
    if missing and not solving:
        warnings.append(Problem("", NO_SOLVER))
    return SessionHands(boards, tuple(warnings), name, solved)


def _table_difference(record: BoardRecord, published: DDTable, solved: DDTable) -> Problem:
    diffs = [
        f"{seat.value} {strain.value} {published.tricks_for(seat, strain)} in the file, "
        f"{solved.tricks_for(seat, strain)} solved"
        for seat in SEATS
        for strain in STRAINS
        if published.tricks_for(seat, strain) != solved.tricks_for(seat, strain)
    ]
    return Problem(
        on_board(record.source, record.board),
        f"the file's double-dummy table differs from the solver's "
        f"({'; '.join(diffs[:3])}{'; ...' if len(diffs) > 3 else ''}); the solver's is shown",
    )


def _read_cache(path: Path) -> dict[str, DDTable]:
    """The solved tables kept at ``path`` (none when it is missing, old or unreadable)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != _CACHE_VERSION:
            return {}
        return {
            deal: DDTable(tuple(tuple(int(n) for n in row) for row in rows))
            for deal, rows in data["tables"].items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def save_cache(hands: SessionHands) -> None:
    """Keep the tables :func:`load_hands` solved beside the file, for next time.

    The command line calls this after its outputs are written, so that a
    run that fails writes nothing at all.
    """
    for path, tables in hands.solved:
        _write_cache(Path(path), tables)


def _write_cache(path: Path, tables: dict[str, DDTable]) -> None:
    """Keep ``tables`` at ``path``; a folder that cannot be written only costs solving again."""
    rows = ",\n".join(
        f"  {json.dumps(deal)}: {json.dumps([list(row) for row in table.tricks])}"
        for deal, table in sorted(tables.items())
    )
    about = "double-dummy tricks (endplay, DDS): [N, E, S, W] x [NT, S, H, D, C]"
    head = f'{{"version": {_CACHE_VERSION}, "about": {json.dumps(about)}, "tables": {{'
    text = f"{head}\n{rows}\n}}}}\n"

    def write(tmp: Path) -> None:
        tmp.write_text(text, encoding="utf-8")

    with contextlib.suppress(OSError, InputFileError):
        atomic_write(path, write)
