"""The xlbridge Excel functions (UDFs).

One module serves every host: the classic xlwings add-in on Windows (UDF
Modules = ``xlbridge.udfs``), and xlwings Lite / Server (Office.js custom
functions).  Outside those hosts the decorators return the functions
unchanged, so each is also an ordinary Python function called with lists of
lists, exactly as Excel passes ranges (``None`` or ``""`` for blank cells).

Each function converts cells, calls the exact core and converts back: exact
numbers leave as floats, blank input rows give blank output rows.  Its
docstring is the help text Excel shows (one paragraph, at most 255
characters: the classic add-in cuts there).

Errors: bad input raises a :class:`~xlbridge.errors.ScoringError` whose
message names the row of the range and quotes the value.  At the boundary
it is re-raised as a subclass of both the original class and
``xlwings.XlwingsError``: Python callers still catch ``ScoringError`` (or
``ValueError``), and xlwings Server shows the message instead of its
generic "An error ocurred." in production.

Names: ``VP`` and ``AGGREGATE`` (the names the function list promises) cannot be typed everywhere.
Office.js custom functions (xlwings Lite, Server) need names of at least
three characters, and in the classic add-in Excel's built-in ``AGGREGATE``
wins over a UDF of that name.  :data:`ALIASES` maps each to a twin that
works on every host (``VICTORY_POINTS``, ``AGGREGATE_SCORE``);
:data:`OFFICEJS_FUNCTIONS` lists the names an Office.js host can register.
"""

from __future__ import annotations

import functools
import gc
import inspect
import operator
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final, TypeVar, cast

import xlwings as xw

from xlbridge.avplus import apply_avplus
from xlbridge.board import (
    Board,
    aggregate_score,
    board_percentages,
    frequency_lines,
    neuberg,
    teams_imps,
    traveller_rows,
    weighted_matchpoints,
)
from xlbridge.contract import PlayedContract, board_dealer, board_vulnerability
from xlbridge.direction import Direction
from xlbridge.errors import ScoringError, located
from xlbridge.exact import is_blank, parse_fraction, parse_percent, quote, whole_number
from xlbridge.result import (
    AVERAGE_MINUS_PERCENT,
    AVERAGE_PLUS_PERCENT,
    Result,
    Row,
    Rulings,
    Weighted,
    parse_result,
    parse_rulings,
    parse_score,
    parse_weight,
)
from xlbridge.scales import VP_SCALES, WBF_CONTINUOUS, VpScale, club_vp_scale, imps, vp_scale
from xlbridge.settings import MOST, CrossDivisor, Scale, parse_setting, shown
from xlbridge.teams import board_imps

__all__ = [
    "AGGREGATE",
    "AGGREGATE_SCORE",
    "ALIASES",
    "APPLY_AVPLUS",
    "BRIDGE_SCORE",
    "BUTLER_IMPS",
    "CROSS_IMPS",
    "DEALER",
    "FREQUENCY_TABLE",
    "IMPS",
    "MATCHPOINTS",
    "MATCHPOINT_PERCENT",
    "MATCH_IMPS",
    "MATCH_VPS",
    "NEUBERG",
    "OFFICEJS_FUNCTIONS",
    "TEAMS_IMPS",
    "VICTORY_POINTS",
    "VP",
    "VULNERABILITY",
    "WEIGHTED_MP",
]

#: Promised names that some host cannot use -> the twin to type there.
ALIASES: Final[dict[str, str]] = {"AGGREGATE": "AGGREGATE_SCORE", "VP": "VICTORY_POINTS"}

#: The functions an Office.js host (xlwings Lite, Server) can register: all but ALIASES' keys.
OFFICEJS_FUNCTIONS: Final[tuple[str, ...]] = tuple(
    name for name in __all__ if name not in {*ALIASES, "ALIASES", "OFFICEJS_FUNCTIONS"}
)

Cell = Any
Grid = list[list[Cell]]
T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

_SCORES_DOC = (
    "The traveller: one result per row (420, -50, NP, A=, A+/A-, '30% 1430; 70% -100', "
    "'NS: 680 | EW: 1430', R7), or two columns NS plus / EW plus"
)
_EXPECTED_DOC = (
    "Optional: the number of results the board should have had (Neuberg); "
    "default: the rows with a result"
)
_SCALE_DOC = "Optional: matchpoints per result beaten: 2 (default, Law 78A) or 1"
_CONVENTION_DOC = (
    "Optional: blank (xlbridge) or BBO: no average (A60/40, A=) is a result on the board; "
    "the real results are scored among themselves, each average its percentage of their top"
)
_RULINGS_DOC = "Optional: the rulings range with header ID | Side | Score | Weight | Note"
_IMPS_DOC = "The IMP margin of the match (a cell or a range)"
_BOARDS_DOC = "The number of boards in the match"
_VP_SCALE_DOC = (
    "Optional: the VP scale, a name (" + ", ".join(VP_SCALES) + "; default the first) "
    "or a club's own table: three columns IMP margin from | winner's VPs | loser's VPs"
)
_AGGREGATE_DOC = "An NS score, or a weighted score '60% 420; 40% -50' (cell or range)"


# --- the boundary ----------------------------------------------------------------------------


_HOST_ERRORS: dict[type[ScoringError], type[ScoringError]] = {}


def _host_error(cls: type[ScoringError]) -> type[ScoringError]:
    """``cls`` made an ``xlwings.XlwingsError`` too (same name), so every host shows its message."""
    if issubclass(cls, xw.XlwingsError):
        return cls
    if cls not in _HOST_ERRORS:
        namespace = {"__module__": __name__, "__doc__": cls.__doc__}
        _HOST_ERRORS[cls] = type(cls.__name__, (cls, xw.XlwingsError), namespace)
    return _HOST_ERRORS[cls]


#: ``xw.arg`` for every argument: an Excel error in a cell reaches the function as its text
#: (``#N/A``), which the readers name, not as a blank (xlwings' default) scored as nothing.
_arg = functools.partial(xw.arg, err_to_str=True)


def _excel(func: F) -> F:
    """Wrap an Excel function: one-paragraph help text, errors every host can show.

    Python's cycle collector is paused during the call (here, at the Excel
    boundary: the core never touches it).  A big traveller's call makes a
    million output rows, and each collection would walk every live one: with
    the collector running, MATCHPOINTS on a million rows takes twice as long
    (1.45 s against 0.76 s on a quiet machine; 14.7 s against 7.2 s, paired,
    on a loaded one: benchmarks/README.md).  The rows, tuples and fractions a
    call makes hold no reference cycles, so what it drops is still freed at
    once; the collector is left as it was found.
    """

    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Any:
        collecting = gc.isenabled()
        gc.disable()
        try:
            return _within_grid(func(*args, **kwargs))
        except ScoringError as exc:
            raise _host_error(type(exc))(*exc.args) from exc
        finally:
            if collecting:
                gc.enable()

    call.__doc__ = " ".join(inspect.cleandoc(func.__doc__ or "").split())
    return cast(F, call)


#: Excel's grid: a spilled result can cover at most this many rows and columns.
EXCEL_ROWS: Final = 1_048_576
EXCEL_COLUMNS: Final = 16_384


def _within_grid(value: T) -> T:
    """``value``, unless it is a range larger than an Excel sheet (it would be cut, not spill)."""
    if isinstance(value, list) and value:
        width = len(value[0]) if isinstance(value[0], list) else 1
        if len(value) > EXCEL_ROWS or width > EXCEL_COLUMNS:
            raise ScoringError(
                f"the result has {len(value):,} rows and {width:,} columns, more than an "
                f"Excel sheet holds ({EXCEL_ROWS:,} rows, {EXCEL_COLUMNS:,} columns): "
                "give a smaller range"
            )
    return value


# --- converting cells -------------------------------------------------------------------------


def _grid(value: Cell) -> Grid:
    """A range as a list of rows, whatever shape Excel or a Python caller gave."""
    if isinstance(value, (list, tuple)):
        if not value:
            return []
        kinds = set(map(type, value))
        if kinds == {list} and len(set(map(len, value))) == 1:
            return list(value)  # already rows of one width, as Excel passes a range
        if all(isinstance(row, (list, tuple)) for row in value):
            width = max(map(len, value))
            return [[*row, *[None] * (width - len(row))] for row in value]
        return [[cell] for cell in value]
    return [[value]]


def _cells(value: Cell) -> list[Cell]:
    """The cells of a single row or column, in order."""
    grid = _grid(value)
    if grid and len(grid[0]) > 1 and len(grid) == 1:
        return list(grid[0])
    if any(len(row) != 1 for row in grid):
        raise ScoringError("give a single row or column of cells, not a block")
    return [row[0] for row in grid]


def _optional(value: Cell, default: T, convert: Callable[[Cell], T], name: str = "") -> T:
    """An optional argument: omitted or blank gives ``default``; a range of more than one
    cell is refused naming ``name`` (when the converter would not say what it got)."""
    if isinstance(value, (list, tuple)):
        cells = _cells(value)
        if len(cells) != 1 and name:
            raise ScoringError(f"give one cell, not a range of {len(cells)} cells", name)
        value = cells[0] if len(cells) == 1 else value
    return default if is_blank(value) else convert(value)


def _one(name: str, value: Cell) -> Cell:
    """A single cell's value: ``[[x]]`` (how Lite and Server pass a cell) is ``x``; a range of
    more cells is refused naming the argument."""
    return _optional(value, value if not isinstance(value, (list, tuple)) else None, _same, name)


def _whole(name: str) -> Callable[[Cell], int]:
    def convert(value: Cell) -> int:
        if isinstance(value, (list, tuple)):  # Lite and Server pass a cell as [[x]]
            cells = _cells(value)
            if len(cells) != 1:
                raise ScoringError(f"give one cell, not a range of {len(cells)} cells", name)
            value = cells[0]
        if is_blank(value):
            raise ScoringError(f"{name} is a blank cell: give a whole number")
        try:
            number = whole_number(value)
        except ValueError:
            raise ScoringError(f"{name} {shown(value)} is not a whole number") from None
        if abs(number) > MOST:
            raise ScoringError(f"{name} {shown(value)} is larger than {MOST:,}")
        return number

    return convert


def _rulings(value: Cell) -> Rulings | None:
    return None if value is None else parse_rulings(_grid(value))


@dataclass(frozen=True)
class _Traveller:
    """A parsed traveller.  One column of cells is grouped: ``rows`` holds the parsed row
    of each distinct cell (``distinct``), ``counts`` how many rows hold it and ``cells``
    every row's cell; otherwise ``rows`` has a row per traveller row."""

    rows: list[Row]
    counts: list[int] | None = None
    distinct: list[Cell] | None = None
    cells: list[Cell] | None = None

    @property
    def size(self) -> int:
        """The number of traveller rows."""
        return len(self.rows) if self.cells is None else len(self.cells)

    def every_row(self) -> list[Row]:
        """The parsed row of every traveller row."""
        if self.cells is None:
            return self.rows
        by_cell = dict(zip(self.distinct or (), self.rows, strict=True))
        return list(map(by_cell.__getitem__, self.cells))

    def output(self, figures: Sequence[tuple[Fraction, Fraction] | None]) -> list[list[Cell]]:
        """Two output columns from one figure per row of :attr:`rows`."""
        if self.cells is None:
            return _pairs(figures)
        out = dict(zip(self.distinct or (), map(_pair, figures), strict=True))
        return list(map(list, map(out.__getitem__, self.cells)))  # C-level loops


def _rows(scores: Cell, rulings: Rulings | None) -> _Traveller:
    """Parse a traveller: one column of result cells, or two columns NS plus / EW plus.

    In one column, equal cells (numbers and text) are parsed once and counted:
    a big traveller costs a few C-level look-ups per cell.  Any error is raised
    by parsing cell by cell, so it names the first bad row.
    """
    grid = _grid(scores)
    width = len(grid[0]) if grid else 1  # _grid gives rows of one width
    if width == 1:
        cells = list(map(_FIRST, grid))
        # Only types whose equal values parse alike (True == 1 but is refused).
        if set(map(type, cells)) <= {int, float, str, type(None)}:
            counts = Counter(cells)
            try:
                rows = [parse_result(cell, "", rulings) for cell in counts]
            except Exception:  # parse cell by cell below, for the row in the message
                pass
            else:
                return _Traveller(rows, list(counts.values()), list(counts), cells)
        return _Traveller([parse_result(c, f"row {i}", rulings) for i, c in enumerate(cells, 1)])
    if width == 2:
        return _Traveller([_two_column_row(row, i, rulings) for i, row in enumerate(grid, 1)])
    raise ScoringError(
        f"the scores range has {width} columns: give one column of results, "
        "or two columns (NS plus, EW plus)"
    )


_FIRST = operator.itemgetter(0)


def _two_column_row(row: list[Cell], index: int, rulings: Rulings | None) -> Row:
    ns_plus, ew_plus = (*row, None)[:2]
    where = f"row {index}"
    if not is_blank(ns_plus) and not is_blank(ew_plus):
        raise ScoringError(
            f"both columns are filled ({shown(ns_plus)} and {shown(ew_plus)}); "
            "a two-column traveller has the score in the NS or the EW column",
            where,
        )
    if is_blank(ew_plus):
        return parse_result(ns_plus, where, rulings)
    score = parse_score(ew_plus, where)
    if score < 0:
        raise ScoringError(
            f"{shown(ew_plus)} in the EW column: a two-column traveller holds "
            "the plus score in the column of the side that scored it",
            where,
        )
    return Result.of(-score)


def _board(
    scores: Cell, rulings: Cell, expected: Cell = None, convention: Cell = None
) -> tuple[Board | None, _Traveller]:
    """The board of a traveller range, and the traveller; None when no row has a result.
    The rows are read as ``convention`` reads them (:func:`~xlbridge.board.traveller_rows`)."""
    traveller = _rows(scores, _rulings(rulings))
    chosen = _optional(convention, None, _setting("convention", "convention"), "convention")
    if chosen is not None:
        traveller = replace(traveller, rows=traveller_rows(traveller.rows, chosen))
    if not any(isinstance(row, Result) for row in traveller.rows):
        return None, traveller
    board = Board(traveller.rows, _optional(expected, None, _whole("expected")), traveller.counts)
    return board, traveller


def _value(value: object, where: str = "a result") -> Cell:
    """One output cell: exact numbers leave as floats (all Excel has); ints, text, blanks pass."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, Decimal)):
        return value
    try:
        number = float(value)
    except OverflowError:
        raise ScoringError("the result is too large for a spreadsheet cell", where) from None
    return value if isinstance(value, int) else number


def _pair(pair: tuple[Fraction, Fraction] | None) -> tuple[Cell, Cell]:
    """One row's two output cells."""
    return (None, None) if pair is None else (_value(pair[0]), _value(pair[1]))


def _pairs(values: Sequence[tuple[Fraction, Fraction] | None]) -> list[list[Cell]]:
    """Two output columns.  The board hands rows with equal figures the same tuple, so
    each is converted once, keyed by identity (hashing a Fraction costs more than this)."""
    converted: dict[int, tuple[Cell, Cell]] = {}
    for pair in values:
        if id(pair) not in converted:
            converted[id(pair)] = _pair(pair)
    return [[*converted[id(pair)]] for pair in values]


def _elementwise(value: Cell, func: Callable[[Cell, str], Any]) -> Any:
    """Apply ``func`` to each cell of a range (blank in, blank out); a single cell gives a value."""
    grid = _grid(value)
    out = [
        [None if is_blank(cell) else _value(func(cell, f"row {i}"), f"row {i}") for cell in row]
        for i, row in enumerate(grid, 1)
    ]
    return out[0][0] if len(out) == 1 and len(out[0]) == 1 else out


def _number(value: Cell, where: str) -> Fraction:
    try:
        return parse_fraction(value)
    except ValueError:
        raise ScoringError(f"{shown(value)} is not a number", where) from None


def _setting(name: str, argument: str) -> Callable[[Cell], Any]:
    """An optional argument that is a setting: read and checked by :mod:`xlbridge.settings`."""
    return lambda value: parse_setting(name, value, argument=argument)


def _scale(value: Cell) -> Scale:
    return _optional(value, Scale.TWO, _setting("scale", "scale"))


def _vp_scale(value: Cell) -> VpScale:
    """The vp_scale argument: blank is the WBF continuous scale; one cell a scale's name;
    three columns a club's own table (a header row of text is skipped, blank rows below it
    ignored)."""
    grid = _grid(value)
    while grid and all(map(is_blank, grid[-1])):
        grid = grid[:-1]
    if not grid:
        return WBF_CONTINUOUS
    if len(grid) == 1 and len(grid[0]) == 1:
        return vp_scale(grid[0][0])
    if len(grid[0]) != 3:
        raise ScoringError(
            f"vp_scale: give a scale's name ({', '.join(VP_SCALES)}) or a table of three "
            f"columns, IMP margin from | winner's VPs | loser's VPs, not {len(grid[0])} columns"
        )
    header = all(isinstance(cell, str) and not _is_number(cell) for cell in grid[0])
    return club_vp_scale(grid[1:] if header else grid, first_row=2 if header else 1)


def _is_number(cell: Cell) -> bool:
    try:
        parse_fraction(cell)
    except ValueError:
        return False
    return True


# --- the functions ----------------------------------------------------------------------------


@xw.func
@_arg("scores", ndim=2, doc=_SCORES_DOC)
@_arg("expected", doc=_EXPECTED_DOC)
@_arg("scale", doc=_SCALE_DOC)
@_arg("rulings", ndim=2, doc=_RULINGS_DOC)
@_arg("convention", doc=_CONVENTION_DOC)
@_excel
def MATCHPOINTS(
    scores: Cell,
    expected: Cell = None,
    scale: Cell = None,
    rulings: Cell = None,
    convention: Cell = None,
) -> list[list[Cell]]:
    """NS and EW matchpoints of every result on a board, in two columns. Weighted scores enter
    the frequency table with their weights; fewer results than expected are factored up by
    Neuberg; artificial scores get their percentage of the top."""
    board, traveller = _board(scores, rulings, expected, convention)
    if board is None:
        return [[None, None] for _ in range(traveller.size)]
    return traveller.output(board.matchpoints(_scale(scale)))


@xw.func
@_arg("scores", ndim=2, doc=_SCORES_DOC)
@_arg("expected", doc=_EXPECTED_DOC)
@_arg("scale", doc=_SCALE_DOC)
@_arg("rulings", ndim=2, doc=_RULINGS_DOC)
@_arg("convention", doc=_CONVENTION_DOC)
@_excel
def MATCHPOINT_PERCENT(
    scores: Cell,
    expected: Cell = None,
    scale: Cell = None,
    rulings: Cell = None,
    convention: Cell = None,
) -> list[list[Cell]]:
    """NS and EW percentages of the top on every result of a board, in two columns: MATCHPOINTS
    divided by the top, times 100 (the board percentages some results pages print)."""
    board, traveller = _board(scores, rulings, expected, convention)
    if board is None:
        return [[None, None] for _ in range(traveller.size)]
    return traveller.output(board_percentages(board, _scale(scale)))


@xw.func
@_arg(
    "mp",
    ndim=2,
    doc="The matchpoints scored among the actual results (a cell or a range)",
)
@_arg("actual", doc="The number of results the board actually had")
@_arg("expected", doc="The number of results the board should have had")
@_arg("scale", doc=_SCALE_DOC)
@_excel
def NEUBERG(mp: Cell, actual: Cell, expected: Cell, scale: Cell = None) -> Any:
    """Matchpoints factored up to the expected number of results by the Neuberg formula, cell by
    cell: (mp x expected + expected - actual) / actual with 2 matchpoints per result beaten."""
    n_actual, n_expected = _whole("actual")(actual), _whole("expected")(expected)
    unit = _scale(scale)
    return _elementwise(mp, lambda c, at: neuberg(_number(c, at), n_actual, n_expected, unit))


@xw.func
@_arg("scores", ndim=2, doc="The board's other results, one per row")
@_arg("components", ndim=2, doc="The component scores of the weighted score")
@_arg("weights", ndim=2, doc="Their weights (30%, 0.3 or 2/5), summing to 100%")
@_arg("expected", doc=_EXPECTED_DOC)
@_arg("scale", doc=_SCALE_DOC)
@_excel
def WEIGHTED_MP(
    scores: Cell, components: Cell, weights: Cell, expected: Cell = None, scale: Cell = None
) -> Any:  # float or None; xlwings cannot convert a union annotation
    """The NS matchpoints of one weighted score (Law 12C1(c)) against the board's other
    results. Its weights enter the frequency table, so the whole field is affected (EBU,
    "The Correct Way")."""
    weighted = _weighted(_cells(components), _cells(weights))
    if weighted is None:
        return None
    others = _rows(scores, None).every_row()
    expected_n = _optional(expected, None, _whole("expected"))
    return float(weighted_matchpoints(others, weighted, expected_n, _scale(scale)))


def _weighted(parts: list[Cell], shares: list[Cell]) -> Weighted | None:
    if len(parts) != len(shares):
        raise ScoringError(
            f"{len(parts)} component scores but {len(shares)} weights: give one weight per score"
        )
    text = "; ".join(
        f"{_weight_text(w, f'weight {i}')} {parse_score(s, f'component {i}')}"
        for i, (s, w) in enumerate(zip(parts, shares, strict=True), 1)
        if not (is_blank(s) and is_blank(w))
    )
    if not text:
        return None
    weighted = parse_result(text, "components")
    assert isinstance(weighted, Result) and isinstance(weighted.ns, Weighted)
    return weighted.ns


def _weight_text(value: Cell, where: str) -> str:
    weight = parse_weight(value, where)
    return f"{weight.numerator}/{weight.denominator}"


@xw.func
@_arg("scores", ndim=2, doc=_SCORES_DOC)
@_arg("rulings", ndim=2, doc=_RULINGS_DOC)
@_arg(
    "trim",
    doc="Optional: whole results dropped from each end for the datum (default 0)",
)
@_arg(
    "datum_round",
    doc="Optional: round the datum to this many points (default 10; 0: exact)",
)
@_arg(
    "real_results",
    doc="Optional: TRUE for a datum over the real results as they are (default FALSE)",
)
@_excel
def BUTLER_IMPS(
    scores: Cell,
    rulings: Cell = None,
    trim: Cell = None,
    datum_round: Cell = None,
    real_results: Cell = None,
) -> list[list[Cell]]:
    """NS and EW IMPs of every result against the board's datum (Butler), in two columns. The
    datum is the mean of the frequency table, rounded to 10; weighted results are rounded to
    whole IMPs; A+ scores +3 IMPs, A- -3."""
    board, traveller = _board(scores, rulings)
    if board is None:
        return [[None, None] for _ in range(traveller.size)]
    trim_n = _optional(trim, 0, _setting("trim", "trim"))
    unit = _optional(datum_round, 10, _setting("datum_round", "datum_round"))
    real = _optional(real_results, False, _setting("datum_real_results", "real_results"))
    return traveller.output(board.butler(trim_n, unit, real_results=real))


@xw.func
@_arg("scores", ndim=2, doc=_SCORES_DOC)
@_arg("rulings", ndim=2, doc=_RULINGS_DOC)
@_arg("divide_by", doc="Optional: total (default), comparisons or scores")
@_arg("expected", doc=_EXPECTED_DOC)
@_arg("convention", doc=_CONVENTION_DOC)
@_excel
def CROSS_IMPS(
    scores: Cell,
    rulings: Cell = None,
    divide_by: Cell = None,
    expected: Cell = None,
    convention: Cell = None,
) -> list[list[Cell]]:
    """NS and EW cross-IMPs of every result, in two columns: each score against every other, by
    frequency; in total (default), per comparison or per score. A+ scores +3 IMPs per
    comparison, A- -3."""
    board, traveller = _board(scores, rulings, expected, convention)
    if board is None:
        return [[None, None] for _ in range(traveller.size)]
    divisor = _optional(divide_by, CrossDivisor.TOTAL, _setting("cross_divide_by", "divide_by"))
    return traveller.output(board.cross_imps(divisor))


@xw.func
@_arg("scores", ndim=2, doc=_SCORES_DOC)
@_arg("expected", doc=_EXPECTED_DOC)
@_arg("scale", doc=_SCALE_DOC)
@_arg("rulings", ndim=2, doc=_RULINGS_DOC)
@_arg(
    "direction",
    doc="Optional: NS (default) or EW, also N-S, North-South...: whose table, when a score is "
    "split",
)
@_arg(
    "lines",
    doc="Optional: pad the table with blank lines to this many (for a fixed block)",
)
@_excel
def FREQUENCY_TABLE(
    scores: Cell,
    expected: Cell = None,
    scale: Cell = None,
    rulings: Cell = None,
    direction: Cell = None,
    lines: Cell = None,
) -> list[list[Cell]]:
    """The board's frequency table in five columns: Score, Freq, Adj. Freq, NS MP, EW MP.
    Artificial scores come first (Adj. Freq blank: they are not in the table), then the
    scores from the highest down, as the EBU prints it."""
    board, _ = _board(scores, rulings, expected)
    table: list[list[Cell]] = []
    if board is not None:
        table = [
            [_value(x) for x in (line.score, line.freq, line.adj_freq, line.ns_mp, line.ew_mp)]
            for line in frequency_lines(
                board.rows,
                board.expected,
                _scale(scale),
                _optional(
                    direction,
                    Direction.NS,
                    functools.partial(Direction.parse, where="direction"),
                    "direction",
                ),
                board.counts,
            )
        ]
    size = _optional(lines, None, _whole("lines"))
    if size is not None and not 1 <= size <= EXCEL_ROWS:
        raise ScoringError(
            f"lines={quote(size)} is not a number of lines from 1 to {EXCEL_ROWS} (a sheet's rows)"
        )
    if size is not None and len(table) > size:
        raise ScoringError(f"the frequency table has {len(table)} lines, more than lines={size}")
    return table + [[None] * 5] * ((size or 1) - len(table))


@xw.func
@_arg("difference", ndim=2, doc="A points difference (a cell or a range)")
@_excel
def IMPS(difference: Cell) -> Any:
    """IMPs for a points difference on the WBF scale, cell by cell."""
    return _elementwise(difference, lambda cell, where: imps(_number(cell, where)))


def _victory_points(margin: Cell, boards: Cell, scale: Cell) -> Any:
    count = _whole("boards")(boards)
    table = _vp_scale(scale)
    return _elementwise(margin, lambda c, where: table.points(_number(c, where), count))


@xw.func
@_arg("imps", ndim=2, doc=_IMPS_DOC)
@_arg("boards", doc=_BOARDS_DOC)
@_arg("vp_scale", ndim=2, doc=_VP_SCALE_DOC)
@_excel
def VP(imps: Cell, boards: Cell, vp_scale: Cell = None) -> Any:
    """Victory points, cell by cell: the WBF continuous 20-VP scale to 2 decimals, or the
    vp_scale named or given as a table. In xlwings Lite or Server type VICTORY_POINTS:
    Office.js needs names of 3 or more letters."""
    return _victory_points(imps, boards, vp_scale)


@xw.func
@_arg("imps", ndim=2, doc=_IMPS_DOC)
@_arg("boards", doc=_BOARDS_DOC)
@_arg("vp_scale", ndim=2, doc=_VP_SCALE_DOC)
@_excel
def VICTORY_POINTS(imps: Cell, boards: Cell, vp_scale: Cell = None) -> Any:
    """Victory points, cell by cell: the WBF continuous 20-VP scale to 2 decimals (the two
    sides sum to 20), or the vp_scale named or given as a table. The same as VP, under a name
    every Excel host accepts."""
    return _victory_points(imps, boards, vp_scale)


@xw.func
@_arg(
    "score",
    ndim=2,
    doc="This table's NS score; may be weighted ('60% 420; 40% -50')",
)
@_arg(
    "other_table",
    ndim=2,
    doc="The other table's NS score (a cell, or a range like score)",
)
@_excel
def TEAMS_IMPS(score: Cell, other_table: Cell) -> Any:
    """IMPs for a teams board, cell by cell (blank while either table is blank); a weighted score
    is weighted in IMPs, then rounded to whole IMPs."""
    ours, theirs = _grid(score), _grid(other_table)
    if [len(r) for r in ours] != [len(r) for r in theirs]:
        if len(theirs) == 1 and len(theirs[0]) == 1:
            theirs = [[theirs[0][0]] * len(r) for r in ours]
        else:
            raise ScoringError("score and other_table must be ranges of the same shape")
    out = [
        [_teams_cell(a, b, f"row {i}") for a, b in zip(ra, rb, strict=True)]
        for i, (ra, rb) in enumerate(zip(ours, theirs, strict=True), 1)
    ]
    return out[0][0] if len(out) == 1 and len(out[0]) == 1 else out


def _teams_cell(ours: Cell, theirs: Cell, where: str) -> float | None:
    if is_blank(ours) or is_blank(theirs):
        return None
    sides = []
    for cell, which in ((ours, "score"), (theirs, "other_table")):
        row = parse_result(cell, f"{where} ({which})")
        if not isinstance(row, Result) or row.is_split:
            raise ScoringError(f"{shown(cell)} is not a score for a teams board", where)
        sides.append(row.ns)
    return float(teams_imps(sides[0], sides[1]))


def _aggregate(score: Cell) -> Any:
    def one(cell: Cell, where: str) -> int | Fraction:
        row = parse_result(cell, where)
        if not isinstance(row, Result) or row.is_split:
            raise ScoringError(f"{shown(cell)} is not a score for aggregate scoring", where)
        return aggregate_score(row.ns)

    return _elementwise(score, one)


@xw.func
@_arg("score", ndim=2, doc=_AGGREGATE_DOC)
@_excel
def AGGREGATE(score: Cell) -> Any:
    """A weighted score in total points, rounded to the nearest 10 (aggregate scoring). In Excel
    type AGGREGATE_SCORE: Excel's own AGGREGATE function wins over this name."""
    return _aggregate(score)


@xw.func
@_arg("score", ndim=2, doc=_AGGREGATE_DOC)
@_excel
def AGGREGATE_SCORE(score: Cell) -> Any:
    """A weighted score in total points, rounded to the nearest 10 (aggregate scoring), cell by
    cell. The same as AGGREGATE, under a name that does not clash with Excel's AGGREGATE."""
    return _aggregate(score)


@xw.func
@_arg(
    "contract",
    ndim=2,
    doc="The contract: 4H, 3NT, 4SX, 7NTXX or Pass (cell or range)",
)
@_arg("declarer", ndim=2, doc="The declarer: N, E, S or W")
@_arg("result", ndim=2, doc="Tricks over or under: 0 or '=', 1 or '+1', -2")
@_arg("board", ndim=2, doc="The board number (gives the vulnerability)")
@_excel
def BRIDGE_SCORE(contract: Cell, declarer: Cell, result: Cell, board: Cell) -> Any:
    """The NS score of a contract by the Laws' scoring table, row by row. The result is relative
    to the contract: 0 or '=' made, 1 one over, -2 two down."""
    grids = [_cells(x) for x in (contract, declarer, result, board)]
    size = max(len(g) for g in grids)
    columns = []
    for name, cells in zip(("contract", "declarer", "result", "board"), grids, strict=True):
        if len(cells) not in (1, size):
            raise ScoringError(f"{name} has {len(cells)} cells but contract has {size}")
        columns.append(cells * size if len(cells) == 1 else cells)
    out = [
        _score_row(c, d, r, b, f"row {i}")
        for i, (c, d, r, b) in enumerate(zip(*columns, strict=True), 1)
    ]
    return out[0] if size == 1 else [[value] for value in out]


def _score_row(contract: Cell, declarer: Cell, result: Cell, board: Cell, where: str) -> Any:
    """One row's score: the cells read as the workbook reader reads them (refused alike)."""
    try:
        played = PlayedContract.from_cells(contract, declarer, result)
        return None if played is None else played.score(board_vulnerability(board))
    except ScoringError as exc:
        raise located(where, exc) from exc


@xw.func
@_arg("board", ndim=2, doc="The board number (cell or range)")
@_excel
def VULNERABILITY(board: Cell) -> Any:
    """Who is vulnerable on a board: None, NS, EW or Both (the standard 16-board cycle)."""
    return _elementwise(board, lambda cell, where: _board_text(board_vulnerability, cell, where))


@xw.func
@_arg("board", ndim=2, doc="The board number (cell or range)")
@_excel
def DEALER(board: Cell) -> Any:
    """The dealer of a board: N, E, S or W (the standard 16-board cycle)."""
    return _elementwise(board, lambda cell, where: _board_text(board_dealer, cell, where))


def _board_text(func: Callable[[Any], Any], cell: Cell, where: str) -> str:
    try:
        return str(func(cell).value)
    except ScoringError as exc:
        raise located(where, exc) from exc


@xw.func
@_arg(
    "board_scores",
    ndim=2,
    doc="The pair's score on each board: matchpoints, A+, A-, A=, BYE",
)
@_arg("top", doc="The matchpoint top on a board")
@_arg(
    "method",
    doc="Optional: mainstream (default) or magic (Magic Contest's method)",
)
@_arg("aplus", doc="Optional: the A+ percentage (default 60)")
@_arg("aminus", doc="Optional: the A- percentage (default 40)")
@_excel
def APPLY_AVPLUS(
    board_scores: Cell, top: Cell, method: Cell = None, aplus: Cell = None, aminus: Cell = None
) -> Any:  # float or None; xlwings cannot convert a union annotation
    """A pair's final percentage after A+, A-, A= and Bye boards (Law 12C2(c)): A+ gets the
    pair's own percentage when better than 60%, A- when worse than 40%, a Bye the pair's
    percentage after that."""
    cells = _cells(board_scores)
    if all(is_blank(cell) for cell in cells):
        return None
    result = apply_avplus(
        cells,
        _one("top", top),
        _optional(method, "mainstream", _same, "method"),
        _optional(aplus, AVERAGE_PLUS_PERCENT, _level("aplus"), "aplus"),
        _optional(aminus, AVERAGE_MINUS_PERCENT, _level("aminus"), "aminus"),
    )
    return None if result.percentage is None else float(result.percentage)


def _same(value: Cell) -> Cell:
    return value


def _level(name: str) -> Callable[[Cell], Fraction]:
    """An A+ or A- level in percent: 60, '60%'; 0.6 could be 0.6% or 60% and is refused
    (a cell formatted 60% hands the function 0.6)."""

    def convert(value: Cell) -> Fraction:
        try:
            return parse_percent(value)
        except ValueError as exc:
            raise ScoringError(str(exc), name) from None

    return convert


# --- teams matches --------------------------------------------------------------------------

_OPEN_DOC = "The open room's NS scores (home team NS), one board per row; may hold rulings"
_CLOSED_DOC = "The closed room's NS scores (away team NS), the same boards in the same rows"


def _match_rows(open_room: Cell, closed_room: Cell, rulings: Cell) -> list[tuple[Row, Row]]:
    """Both rooms' results, board by board (a blank cell is ``None``)."""
    opened, closed = _cells(open_room), _cells(closed_room)
    if len(opened) != len(closed):
        raise ScoringError(
            f"open_room has {len(opened)} cells but closed_room has {len(closed)}: "
            "give the two rooms' scores of the same boards"
        )
    table = _rulings(rulings)
    return [
        (
            parse_result(a, f"row {i} (open room)", table),
            parse_result(b, f"row {i} (closed room)", table),
        )
        for i, (a, b) in enumerate(zip(opened, closed, strict=True), 1)
    ]


@xw.func
@_arg("open_room", ndim=2, doc=_OPEN_DOC)
@_arg("closed_room", ndim=2, doc=_CLOSED_DOC)
@_arg("rulings", ndim=2, doc=_RULINGS_DOC)
@_excel
def MATCH_IMPS(open_room: Cell, closed_room: Cell, rulings: Cell = None) -> Any:
    """Two columns, the home and away team's IMPs, board by board (blank while a room is blank).
    A weighted score is weighted in IMPs and rounded to whole IMPs; A+ is +3 IMPs, A- -3."""
    out: list[list[Cell]] = []
    for pair in _match_rows(open_room, closed_room, rulings):
        figures = board_imps(*pair)
        out.append([None, None] if figures is None else [float(f) for f in figures])
    return out


@xw.func
@_arg("open_room", ndim=2, doc=_OPEN_DOC)
@_arg("closed_room", ndim=2, doc=_CLOSED_DOC)
@_arg(
    "boards",
    doc="Optional: the boards in the match (its length, at least the boards with a result); "
    "default: the rows given",
)
@_arg("rulings", ndim=2, doc=_RULINGS_DOC)
@_arg("vp_scale", ndim=2, doc=_VP_SCALE_DOC)
@_excel
def MATCH_VPS(
    open_room: Cell,
    closed_room: Cell,
    boards: Cell = None,
    rulings: Cell = None,
    vp_scale: Cell = None,
) -> Any:
    """One row: the home and away team's victory points for the match for its length, on the
    WBF continuous 20-VP scale to 2 decimals (they sum to 20 unless a board is split) or the
    vp_scale named or given as a table."""
    rows = _match_rows(open_room, closed_room, rulings)
    length = _optional(boards, len(rows), _whole("boards"))
    played = sum(1 for pair in rows if pair[0] is not None or pair[1] is not None)
    if length < played:  # VPs on a shorter match's scale: a figure on the wrong scale
        raise ScoringError(
            f"boards {length} is fewer than the {played} boards with a result in open_room "
            f"and closed_room: give the match's length (at least {played}), or leave boards out"
        )
    scale = _vp_scale(vp_scale)
    home = away = Fraction(0)
    for pair in rows:
        figures = board_imps(*pair)
        if figures is not None:
            home, away = home + figures[0], away + figures[1]
    return [[_value(scale.points(home, length)), _value(scale.points(away, length))]]
