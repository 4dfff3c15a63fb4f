"""``xlbridge season``: the nights' results files read, and the season written out.

:func:`read_night` reads one night for the season (:mod:`xlbridge.season`):
a results workbook (as ``xlbridge score -o`` writes it; a filled night
workbook reads the same) is scored again, exactly, and each ranked pair's
percentage and place taken; a USEBIO file from any program gives the
percentages and places it published, in one field or, when its WINNER_TYPE
is 2, one a direction.  Only the pairs that played count (a pair that sat
out the night has no place).  A file that cannot be read, a teams or IMPs
night, or results still to come, are refused naming the file.

:func:`format_season` is the terminal's table; :func:`season_workbook` the
workbook (the Season sheet first, set to print on one page wide; then each
player's nights, then the files) and :func:`season_page` the web page.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import ScoringError
from xlbridge.event import Pair, ScoringForm
from xlbridge.exact import format_date, plural, quote
from xlbridge.places import ClubPlace, Problem, Within
from xlbridge.report import format_figure, format_fixed
from xlbridge.season import Night, Season, night_of, split_names
from xlbridge.workbook.pairs.html import html_table
from xlbridge.workbook.pairs.present import format_table
from xlbridge.workbook.shared.pages import print_setup
from xlbridge.workbook.shared.style import (
    BOLD,
    HEADER_FILL,
    HEADER_FONT,
    HTML_STYLE,
    TITLE_FONT,
    fix_properties,
    html_page,
    mark_results,
)

__all__ = [
    "NIGHT_SUFFIXES",
    "format_season",
    "read_night",
    "season_page",
    "season_workbook",
]

#: The files a season reads: results workbooks and USEBIO files.
NIGHT_SUFFIXES = (".xlsx", ".xlsm", ".xml")
#: The Season sheet prints on one page up to this many players.
ONE_PAGE_ROWS = 60
_GREY = Font(color="808080")


def read_night(path: Path) -> tuple[Night, tuple[Problem, ...]]:
    """The night in the results file at ``path`` and its warnings (each placed in the file).

    Every problem is a :class:`~xlbridge.errors.ScoringError` naming the file.
    """
    name = path.name
    suffix = path.suffix.lower()
    if suffix not in NIGHT_SUFFIXES:
        raise ScoringError(
            f"{os.fspath(path)}: the season reads results workbooks (.xlsx) and USEBIO files (.xml)"
        )
    if not path.is_file():
        raise ScoringError(f"{os.fspath(path)}: no such file")
    try:
        if suffix == ".xml":
            return _usebio_night(path), ()
        return _workbook_night(path)
    except ScoringError as exc:
        # the file is named once, by "cannot count": the error's place without it
        where = exc.where
        if isinstance(where, Within) and str(where.outer) == name:
            where = where.inner
        elif where is not None and str(where) == name:
            where = None
        what = exc.what
        for named in (f"{os.fspath(path)}: ", f"{os.fspath(path)} "):  # a file check's words
            if where is None and what.startswith(named):
                what = ("it " if named.endswith(" ") else "") + what.removeprefix(named)
                break
        raise ScoringError(f"cannot count {name}: {Problem(where or '', what)}") from None


def _players(pair: Pair) -> tuple[str, ...]:
    named = tuple(player.name for player in pair.players if player.name)
    return named or split_names(pair.names)


def _workbook_night(path: Path) -> tuple[Night, tuple[Problem, ...]]:
    from xlbridge.workbook.individual.reader import is_individual_workbook
    from xlbridge.workbook.pairs.night import score_night
    from xlbridge.workbook.teams.reader import is_teams_workbook

    name = path.name
    if is_teams_workbook(path):
        raise ScoringError("a teams workbook: the season counts pairs nights", name)
    if is_individual_workbook(path):
        return _individual_workbook_night(path)
    scored = score_night(path, boards=False)
    if scored.night.provisional:
        raise ScoringError(
            f"the results are provisional ({scored.night.event.provisional}): "
            "a season counts final results",
            name,
        )
    result = scored.result
    if result.top is None:
        raise ScoringError(
            "scored in IMPs: the season counts matchpoint nights (percentages)", name
        )
    rows = []
    for pair in result.pairs:
        if not pair.rank or pair.percentage is None:
            continue  # listed, but did not play
        label = str(pair.pair.label)
        rows.append((label, _players(pair.pair), pair.percentage, pair.rank, pair.field))
    facts = result.event.facts
    night = night_of(name, facts.name, facts.date, rows)
    return night, tuple(Problem(ClubPlace(name, w.where), w.what) for w in scored.warnings)


def _individual_workbook_night(path: Path) -> tuple[Night, tuple[Problem, ...]]:
    """An individual's results workbook: each player counts their own percentage."""
    from xlbridge.workbook.individual.night import score_individual_night

    name = path.name
    scored = score_individual_night(path)
    facts = scored.night.event.facts
    if facts.provisional:
        raise ScoringError(
            f"the results are provisional ({facts.provisional}): a season counts final results",
            name,
        )
    rows = [
        (str(p.pair.label), _named(p.pair.names), p.percentage, p.rank, "")
        for p in scored.result.pairs
        if p.rank and p.percentage is not None
    ]
    night = night_of(name, facts.name, facts.date, rows, noun="player")
    return night, tuple(Problem(ClubPlace(name, w.where), w.what) for w in scored.warnings)


def _named(name: str) -> tuple[str, ...]:
    """An individual's player: its one name, or none."""
    return (name.strip(),) if name.strip() else ()


def _usebio_individual_night(path: Path) -> Night:
    """An individual's USEBIO file (EVENT_TYPE INDIVIDUAL): each player as published."""
    from xlbridge.formats.usebio import read_usebio_individual

    name = path.name
    published = read_usebio_individual(path)
    players = {player.label: player for player in published.event.players}
    rows = []
    for label, (_, percentage, place) in published.published.items():
        if not place:
            continue  # no place: the player did not play
        if not percentage:
            raise ScoringError(f"player {label} has a PLACE but no PERCENTAGE", name)
        rows.append((str(label), _named(players[label].names), Fraction(percentage), place, ""))
    facts = published.event.facts
    return night_of(name, facts.name, facts.date, rows, noun="player")


def _usebio_night(path: Path) -> Night:
    from xlbridge.formats.usebio import (
        TEAMS_EVENT_TYPES,
        read_usebio,
        usebio_event_type,
        usebio_winners,
    )

    name = path.name
    kind = usebio_event_type(path)
    if kind in TEAMS_EVENT_TYPES:
        raise ScoringError(
            f"a teams event (EVENT_TYPE {quote(kind)}): the season counts pairs nights", name
        )
    if kind == "INDIVIDUAL":
        return _usebio_individual_night(path)
    published = read_usebio(path)
    event = published.event
    if event.settings.form is not ScoringForm.MATCHPOINTS:
        raise ScoringError(
            f"scored in IMPs ({event.settings.form.value}): the season counts "
            "matchpoint nights (percentages)",
            name,
        )
    two_fields = usebio_winners(path) == 2
    pairs = {pair.label: pair for pair in event.pairs}
    rows = []
    for shown in published.pairs:
        if not shown.place:
            continue  # no place: the pair did not play
        label = str(shown.label)
        if shown.percentage is None:
            raise ScoringError(f"pair {label} has a PLACE but no PERCENTAGE", name)
        direction = shown.label.direction or shown.direction
        if two_fields and direction not in ("NS", "EW"):
            raise ScoringError(
                f"the places are by direction (WINNER_TYPE 2), but pair {label} has no DIRECTION",
                name,
            )
        fld = direction if two_fields else ""
        players = _players(pairs[shown.label])
        rows.append((label, players, shown.percentage.value, shown.place, fld))
    facts = event.facts
    return night_of(name, facts.name, facts.date, rows)


# --- out ----------------------------------------------------------------------------------------


def _shown(season: Season, value: Fraction) -> str:
    """A percentage to two places (``53.10``); points as few places as they need (``6.5``)."""
    return format_fixed(value) if season.rule.method == "percent" else format_figure(value)


def _heading(season: Season) -> str:
    return "Average %" if season.rule.method == "percent" else "Points"


def _best_heading(season: Season) -> str:
    return "Best %" if season.rule.method == "percent" else "Best night"


def _table_rows(season: Season, ranked: bool) -> list[tuple[str, ...]]:
    return [
        (
            row.place,
            row.player,
            str(row.played),
            str(row.counted),
            _shown(season, row.score),
            _shown(season, row.best),
        )
        for row in season.rows
        if bool(row.place) == ranked
    ]


def _header(season: Season) -> tuple[str, ...]:
    return ("Place", "Player", "Nights", "Counted", _heading(season), _best_heading(season))


def _span(season: Season) -> str:
    dates = [n.date for n in season.nights if n.date is not None]
    count = plural(len(season.nights), "night")
    if not dates:
        return count
    first, last = format_date(min(dates)), format_date(max(dates))
    return f"{count}, {first}" + (f" to {last}" if last != first else "")


def _below(season: Season) -> str:
    minimum = season.rule.minimum
    return f"Not ranked: fewer than {plural(minimum, 'night')}"


def format_season(season: Season, title: str) -> str:
    """The season's table for the terminal: the rule, the ranked players, then the rest."""
    header = _header(season)
    right = f"Place Nights Counted {_heading(season)} {_best_heading(season)}"
    blocks = [f"{title}: {_span(season)}", f"Ranked by {season.rule.describe()}"]
    ranked = _table_rows(season, True)
    if ranked:
        blocks.append(format_table(header, ranked, right=right))
    else:
        blocks.append(f"No player has {plural(season.rule.minimum, 'night')} yet.")
    rest = _table_rows(season, False)
    if rest:
        blocks.append(_below(season) + "\n" + format_table(header, rest, right=right))
    return "\n\n".join(blocks)


def season_workbook(season: Season, title: str) -> Workbook:
    """The season as a workbook: Season (the table, printing on one page wide and, up to
    :data:`ONE_PAGE_ROWS` players, one page tall), Nights (each player's figure each night,
    the counted ones bold, the others grey) and Files (each night's file)."""
    wb = Workbook()
    table = wb.active
    assert table is not None
    table.title = "Season"
    _season_sheet(table, season, title)
    _nights_sheet(wb.create_sheet("Nights"), season)
    _files_sheet(wb.create_sheet("Files"), season)
    for ws in wb.worksheets:
        print_setup(ws, title, None)
    mark_results(wb)
    fix_properties(wb)
    return wb


def _header_cells(ws: Worksheet, row: int, header: Sequence[str]) -> None:
    for column, text in enumerate(header, start=1):
        cell = ws.cell(row, column, text)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL


def _number(value: Fraction) -> float | int:
    """A figure for a cell: whole numbers as such, the rest as the nearest float."""
    return value.numerator if value.denominator == 1 else float(value)


def _season_sheet(ws: Worksheet, season: Season, title: str) -> None:
    ws.cell(1, 1, title).font = TITLE_FONT
    ws.cell(2, 1, _span(season))
    ws.cell(3, 1, f"Ranked by {season.rule.describe()}")
    row = 5
    _header_cells(ws, row, _header(season))
    ws.print_title_rows = f"{row}:{row}"
    below_written = False
    for entry in season.rows:
        row += 1
        if not entry.place and not below_written:
            row += 1
            ws.cell(row, 1, _below(season)).font = BOLD
            row += 1
            below_written = True
        values = (entry.place, entry.player, entry.played, entry.counted)
        for column, value in enumerate(values, start=1):
            ws.cell(row, column, value)
        for column, figure in ((5, entry.score), (6, entry.best)):
            cell = ws.cell(row, column, _number(figure))
            cell.number_format = "0.00"
    for letter, width in zip("ABCDEF", (7, 28, 8, 9, 11, 11), strict=True):
        ws.column_dimensions[letter].width = width
    ws.print_area = f"A1:F{max(row, 5)}"
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1 if len(season.rows) <= ONE_PAGE_ROWS else 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _nights_sheet(ws: Worksheet, season: Season) -> None:
    """Each player a row, each night a column: the night's figure, bold when counted."""
    columns = {id(night): index for index, night in enumerate(season.nights, start=3)}
    _header_cells(ws, 1, ("Place", "Player", *(_night_heading(n) for n in season.nights)))
    for row, entry in enumerate(season.rows, start=2):
        ws.cell(row, 1, entry.place)
        ws.cell(row, 2, entry.player)
        for night in entry.nights:
            cell = ws.cell(row, columns[id(night.night)], _number(night.value))
            cell.number_format = "0.00"
            cell.font = BOLD if night.counted else _GREY
    ws.column_dimensions["B"].width = 28
    ws.freeze_panes = "C2"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def _night_heading(night: Night) -> str:
    return night.date.strftime("%d/%m/%Y") if night.date else night.source


def _files_sheet(ws: Worksheet, season: Season) -> None:
    _header_cells(ws, 1, ("Date", "Event", "File", "Pairs"))
    for row, night in enumerate(season.nights, start=2):
        values = (format_date(night.date), night.event, night.source, len(night.entries))
        for column, value in enumerate(values, start=1):
            ws.cell(row, column, value)
    for letter, width in zip("ABCD", (18, 36, 30, 7), strict=True):
        ws.column_dimensions[letter].width = width


def season_page(season: Season, title: str) -> str:
    """The season as one static web page: the table, the players below the minimum, the nights."""

    parts = [
        f"<h1>{escape(title)}</h1>",
        f"<p>{escape(_span(season))}. Ranked by {escape(season.rule.describe())}.</p>",
        html_table(_header(season), _table_rows(season, True), 2, right=(0,)),
    ]
    rest = _table_rows(season, False)
    if rest:
        parts += [
            f"<h2>{escape(_below(season))}</h2>",
            html_table(_header(season), rest, 2, right=(0,)),
        ]
    nights = [(format_date(n.date), n.event, n.source, str(len(n.entries))) for n in season.nights]
    parts += [
        "<h2>Nights</h2>",
        html_table(("Date", "Event", "File", "Pairs"), nights, 3, right=(0,)),
    ]
    return html_page(escape(title), HTML_STYLE, "".join(parts))
