"""The ``xlbridge`` command: score club nights without Excel.

Each sub-command is a thin adapter over the core.  :func:`main` takes the
argument list and returns the exit status (0 success, 2 bad input), so it is
tested in-process; a :class:`~xlbridge.errors.ScoringError` is printed as its
message (naming sheet and cell) and never as a traceback.
"""

from __future__ import annotations

import dataclasses
import errno
import gc
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from xlbridge import __version__
from xlbridge.errors import ScoringError
from xlbridge.exact import plain_text, quote
from xlbridge.places import CellPlace, ClubPlace, Problem, Within

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.event import Event
    from xlbridge.workbook.pairs.night import ScoredNight
    from xlbridge.workbook.players import Added, PlayersFile
    from xlbridge.workbook.shared.night import Night

__all__ = ["cli", "main"]


#: ``--force`` of the commands that write results: someone's own file is replaced only so.
_replace_outputs = click.option(
    "--force",
    is_flag=True,
    help="Replace an output file that exists though xlbridge did not write it.",
)


class _Number(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2
    """A round's or a board's number: ``2nd``, ``two`` or ``1a`` typed says what to type."""

    name = "integer"

    def __init__(self, what: str, example: int) -> None:
        self.what, self.example = what, example

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        import re

        from xlbridge.exact import quote

        if isinstance(value, int):
            return value
        text = str(value).strip()
        if re.fullmatch(r"[+-]?\d+", text):
            return int(text)
        option = param.opts[0] if param is not None and param.opts else ""
        ordinal = re.fullmatch(r"(\d+)\s*(?:st|nd|rd|th)", text, re.IGNORECASE)
        version = re.fullmatch(r"(\d+)\s*[a-z]", text, re.IGNORECASE)
        if ordinal:
            hint = f"type {option} {int(ordinal[1])}"
        elif version and self.what == "board":
            hint = (
                f"type {option} {int(version[1])}: every version of a fouled board "
                "(A, B, ...) is shown"
            )
        else:
            hint = f"give the {self.what}'s number, as {option} {self.example}"
        self.fail(f"{quote(text)} is not a number: {hint}", param, ctx)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="xlbridge")
def cli() -> None:
    """Exact duplicate-bridge scoring: weighted rulings, Neuberg, A+/A-, split scores."""


@cli.command(short_help="Write main.py and requirements.txt for xlwings Lite.")
@click.argument("directory", default=".", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite main.py and requirements.txt.")
@click.option(
    "--wheel",
    metavar="URL",
    help="Install xlbridge from this wheel's URL (https://.../xlbridge_scoring-...whl) "
    "instead of the package index.",
)
def lite(directory: Path, force: bool, wheel: str | None) -> None:
    """Write main.py and requirements.txt to paste into xlwings Lite (default: here).

    requirements.txt pins this version of xlbridge-scoring once it is on the package
    index; until then (0.1.0, the first release, is not yet), give --wheel with a wheel's
    URL: without it nothing is written.
    """
    from xlbridge.lite import NEXT_STEPS, write_lite_files

    try:
        paths = write_lite_files(directory, overwrite=force, wheel=wheel)
    except (FileExistsError, ValueError) as exc:
        raise ScoringError(str(exc)) from None
    for path in paths:
        click.echo(f"wrote {path}")
    click.echo(NEXT_STEPS)


@cli.command(short_help="Score a night (or teams): ranking, results workbook, files.")
@click.argument("night", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The results workbook to write (default: NIGHT-results.xlsx).",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a results page (ranking, boards, personal score cards).",
)
@click.option(
    "--hands",
    "hands_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A PBN hand-record file: each board's deal, makeable contracts and par are shown "
    "(default: the file a 'Hand records' row of the Settings sheet names).",
)
@click.option(
    "--pbn",
    "pbn_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the results as PBN 2.1 (score tables, ranking, deals with --hands).",
)
@click.option(
    "--usebio",
    "usebio_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the results as a USEBIO XML file (for the national body, results sites).",
)
@click.option(
    "--usebio-version",
    type=click.Choice(["1.2", "1.3"]),
    default="1.2",
    show_default=True,
    help="The USEBIO version to write.",
)
@click.option(
    "--players",
    "players_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The club's players list (CSV: Name, Number, Holding): blank names and numbers on the "
    "Pairs sheet completed, numbers checked (default: the Settings row 'Players list').",
)
@_replace_outputs
def score(
    night: Path,
    output: Path | None,
    html_path: Path | None,
    hands_path: Path | None,
    pbn_path: Path | None,
    usebio_path: Path | None,
    usebio_version: str,
    players_path: Path | None,
    force: bool,
) -> None:
    """Score a filled club-night workbook and print the ranking; the input is never changed.

    An output that exists is replaced only when xlbridge wrote it (an earlier results
    workbook, page or file), never a night being filled in, unless --force.
    """
    from xlbridge.outputs import OutputPlan
    from xlbridge.workbook.kinds import night_kind
    from xlbridge.workbook.pairs.night import default_output
    from xlbridge.workbook.shared.night import Asked

    target = output or default_output(night)
    asked = Asked(
        night, target, html_path, hands_path, pbn_path, usebio_path, usebio_version, players_path
    )
    kind = night_kind(night)
    kind.check(asked)
    # Every output is planned and checked before the night is read; each writer runs
    # only once the night is scored, and all are written or none.
    plan = OutputPlan(kind.inputs(asked), force)
    scored: list[Night] = []
    for option, path in asked.outputs():
        plan.add(path, option, partial(_write, scored, option), kind.suffixes(option))
    plan.check()
    scored.append(kind.read(asked))
    for warning in scored[0].warnings:
        click.echo(f"warning: {warning}", err=True)
    scored[0].provisional(asked, _say)
    scored[0].prepare(plan, _say)
    written = plan.write()
    scored[0].written()
    click.echo(scored[0].ranking_text())
    click.echo("\nwrote " + " and ".join(os.fspath(path) for path in written))


def _write(scored: list[Night], option: str, tmp: Path) -> None:
    """Fill the output ``option`` names, once the night is scored."""
    scored[0].write(option, tmp)


def _say(line: str) -> None:
    click.echo(line, err=True)


@cli.command(short_help="A new club-night (or teams) workbook, set up for a movement.")
@click.argument("night", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite NIGHT.xlsx if it exists.")
@click.option(
    "--movement",
    type=click.Choice(["mitchell", "howell"], case_sensitive=False),
    help="Number the pairs and pre-fill the travellers for this movement.",
)
@click.option("--tables", type=int, help="Tables in play (a half table counts as one).")
@click.option(
    "--boards",
    type=int,
    help="Boards each pair plays (a multiple of the rounds); with --teams, boards per match.",
)
@click.option("--skip", is_flag=True, help="Even tables: a skip Mitchell of T-1 rounds.")
@click.option("--sit-out", is_flag=True, help="A half table: the last table has no NS pair.")
@click.option("--teams", type=int, help="A teams event of this many teams (teams workbook).")
@click.option(
    "--individual",
    is_flag=True,
    help="An individual of --tables tables (3: the 12-player card; 5, 7, 11, 13: the Rainbow).",
)
@click.option(
    "--rounds",
    type=int,
    help="Teams: rounds (default: a Swiss 4, fewer with few teams; a round robin all).",
)
@click.option(
    "--format",
    "event_format",
    type=click.Choice(["swiss", "round-robin"]),
    help="Teams: swiss (default; xlbridge draw writes each next round) or round-robin.",
)
@click.option("--event", default="", help="The event's name, printed on the results.")
@click.option(
    "--date",
    "day_text",
    metavar="DATE",
    help="The date of play: 24/11/2026, 2026-11-24 or 24 Nov 2026.",
)
@click.option(
    "--players",
    "players_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The club's players list (CSV: Name, Number, Holding), recorded in Settings for "
    "xlbridge score to complete and check the Pairs sheet from.",
)
def new(
    night: Path,
    force: bool,
    movement: str | None,
    tables: int | None,
    boards: int | None,
    skip: bool,
    sit_out: bool,
    teams: int | None,
    individual: bool,
    rounds: int | None,
    event_format: str | None,
    event: str,
    day_text: str | None,
    players_path: Path | None,
) -> None:
    """Write a fresh club-night workbook to NIGHT.xlsx, set up for a movement if given;
    with --teams, a teams workbook."""
    from xlbridge.exact import parse_date, plain_text, plural, two_readings
    from xlbridge.inputs import check_name
    from xlbridge.movement import make_movement
    from xlbridge.workbook.pairs.night import new_night

    check_name(night)
    if night.name.lower() in ("", ".", "..", ".xlsx", ".xlsm"):
        raise ScoringError(
            f"{os.fspath(night)}: give the new workbook a name, such as tuesday.xlsx"
        )
    event = plain_text(event, "--event")
    day = None
    if day_text is not None:
        try:
            day = parse_date(day_text)
        except ValueError as exc:
            raise ScoringError(str(exc), "--date") from None
        if doubt := two_readings(day_text):
            click.echo(f"warning: --date: {doubt}", err=True)
    if individual:
        if movement is not None or teams is not None or skip or sit_out:
            raise ScoringError(
                "--movement, --teams, --skip and --sit-out are not for --individual: "
                "give --tables (and --boards)"
            )
        if players_path is not None:
            raise ScoringError("--players is for a pairs night, not --individual")
        if rounds is not None or event_format is not None:
            raise ScoringError("--rounds and --format are for a teams workbook, not --individual")
        _new_individual(night, force, tables, boards, event, day)
        return
    players = ""
    if players_path is not None:
        from xlbridge.workbook.pairs.night import players_list_name
        from xlbridge.workbook.players import read_players

        if teams is not None:
            raise ScoringError("--players is for a pairs night, not --teams")
        listed = read_players(players_path).players
        players = players_list_name(players_path, night)
    if teams is not None:
        if movement is not None or tables is not None or skip or sit_out:
            raise ScoringError(
                "--movement, --tables, --skip and --sit-out are for pairs, not --teams"
            )
        _new_teams(night, force, teams, boards, rounds, event_format, event or None, day)
        return
    if rounds is not None or event_format is not None:
        raise ScoringError("--rounds and --format are for a teams workbook: add --teams N")
    made = None
    if movement is not None:
        if tables is None or boards is None:
            raise ScoringError("--movement needs --tables and --boards")
        made = make_movement(movement, tables, boards, skip=skip, sit_out=sit_out)
    elif tables is not None or boards is not None or skip or sit_out:
        raise ScoringError("--tables, --boards, --skip and --sit-out go with --movement")
    new_night(night, overwrite=force, movement=made, event=event, day=day, players=players)
    if players:
        click.echo(
            f"players list: {players} ({plural(len(listed.entries), 'player')}), in Settings"
        )
    if made is None:
        click.echo(
            f"wrote {night}: fill in Settings, Pairs and Travellers, then: xlbridge score {night}"
        )
        return
    rows = sum(1 for _ in made.traveller_rows())
    click.echo(
        f"wrote {night}: {made.name}, {plural(made.tables, 'table')}, "
        f"{plural(made.rounds, 'round')} of {plural(made.boards_per_round, 'board')} "
        f"({plural(made.boards, 'board')} in play), {plural(len(made.pairs), 'pair')}; "
        f"{plural(rows, 'traveller row')} ready for the results, then: xlbridge score {night}"
    )
    for note in made.notes:
        click.echo(f"  {note}")


@cli.command(short_help="One board's frequency table, step by step.")
@click.argument("night", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--board", "-b", "number", type=_Number("board", 1), required=True, help="The board to explain."
)
def explain(night: Path, number: int) -> None:
    """Show one board's frequency table step by step (Score, Freq, Adj. Freq, NS MP, EW MP)."""
    from xlbridge.workbook.kinds import night_kind
    from xlbridge.workbook.shared.night import Asked

    scored = night_kind(night).read(Asked(night))
    for warning in scored.warnings:
        click.echo(f"warning: {warning}", err=True)
    click.echo(scored.explain(number))


@cli.command(short_help="Several clubs' nights of the same boards as one field.")
@click.argument("clubs", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The merged results workbook to write.",
)
@_replace_outputs
def merge(clubs: tuple[Path, ...], output: Path, force: bool) -> None:
    """Score several clubs' workbooks of the same boards as one field (simultaneous pairs)."""
    from xlbridge.merge import (
        compare_rankings,
        format_rank_changes,
        merge_events,
        merge_warnings,
        repeated_club,
        unlike_scoring,
        unshared_boards,
        unshared_message,
    )
    from xlbridge.outputs import OutputPlan
    from xlbridge.session import score_event
    from xlbridge.workbook.pairs.night import event_workbook
    from xlbridge.workbook.pairs.present import format_ranking
    from xlbridge.workbook.pairs.writer import BulkRows, save_workbook

    if len(clubs) < 2:
        raise ScoringError(
            f"one club given ({os.fspath(clubs[0])}): a merge scores two clubs or more as one "
            "field: give every club's workbook (or score one club's night with xlbridge "
            f"score {os.fspath(clubs[0])})"
        )
    # A merged field is millions of objects without cycles: the cyclic garbage collector
    # would only walk them again and again (a third of the time of 500 clubs), up to the
    # last report printed.
    plan = OutputPlan(clubs, force)
    merged: list[Workbook] = []
    bulk = BulkRows()
    plan.add(output, "-o", lambda tmp: save_workbook(merged[0], tmp, bulk), (".xlsx",))
    plan.check()
    _refuse_repeated_files(clubs)
    collecting = gc.isenabled()
    gc.disable()
    try:
        nights = []
        progress = Progress(len(clubs))
        for club, scored in zip(clubs, _scored_clubs(clubs, output), strict=True):
            nights.append(scored)
            for found in nights[-1].warnings:
                progress.clear()
                # the club's file is the outer place: the warning's words stay as made
                warning = Problem(ClubPlace(os.fspath(club), found.where), found.what)
                click.echo(f"warning: {warning}", err=True)
            progress.done(len(nights))
        progress.clear()
        events = [night.night.event for night in nights]
        repeated = repeated_club(events)
        if repeated is not None:
            raise _same_workbook(clubs[repeated[0]], clubs[repeated[1]])
        unlike = unlike_scoring(events)
        if unlike is not None:
            raise _scored_unlike(clubs, events, unlike)
        names = [os.fspath(club) for club in clubs]
        unshared = unshared_boards(events)
        if unshared is not None:
            raise ScoringError(unshared_message(events, names, unshared))
        for note in merge_warnings(events, names):  # the field's: each names its clubs
            click.echo(f"warning: {note}", err=True)
        # each club's name in the field: its Settings Club, event or file name (no ending)
        files = [club.stem for club in clubs]
        event = merge_events(events, files)
        waiting = [
            str(Problem(ClubPlace(os.fspath(club)), night.night.event.provisional))
            for club, night in zip(clubs, nights, strict=True)
            if night.night.provisional
        ]
        if waiting:  # a club's results still to come: the merged field is provisional too
            click.echo("provisional: " + "; ".join(waiting), err=True)
            facts = dataclasses.replace(event.facts, provisional="; ".join(waiting))
            event = dataclasses.replace(event, facts=facts)
        result = score_event(event)
        merged.append(event_workbook(event, result, bulk))
        plan.write()
        click.echo(format_ranking(result))
        changes = compare_rankings([night.result for night in nights], result, files)
        click.echo("\n" + format_rank_changes(changes))
        click.echo(f"\nwrote {output}")
    finally:
        if collecting:
            gc.enable()


@cli.command(short_help="Several nights (sessions) of one event ranked as one.")
@click.argument("nights", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--rule",
    required=True,
    type=click.Choice(["factored", "sum", "average", "carry-over"]),
    help="factored: total matchpoints, each session factored to a common top; sum or average: "
    "of the session percentages; carry-over: part of session 1 (--carry) added to the rest.",
)
@click.option(
    "--pairs",
    "maps",
    multiple=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="A CSV of two columns: a pair's number in session 2, its number in session 1 "
    "(give --pairs again for session 3, and so on); pairs not in it keep their numbers.",
)
@click.option(
    "--carry", metavar="PART", help="carry-over: the part of session 1 carried: 25% or 1/4."
)
@click.option(
    "--top", type=int, help="factored: the common top (default: the largest session top)."
)
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The results workbook to write (the overall ranking, then each session's).",
)
@_replace_outputs
def event(
    nights: tuple[Path, ...],
    rule: str,
    maps: tuple[Path, ...],
    carry: str | None,
    top: int | None,
    output: Path,
    force: bool,
) -> None:
    """Rank two or more scored nights (the workbooks xlbridge score reads) as one event."""
    from xlbridge.championship import ChampionshipResult, score_championship
    from xlbridge.outputs import OutputPlan
    from xlbridge.workbook.pairs.championship import (
        format_championship,
        parse_carry,
        read_pair_map,
        session_names,
        write_championship,
    )
    from xlbridge.workbook.pairs.night import score_night
    from xlbridge.workbook.teams.reader import is_teams_workbook

    if len(nights) < 2:
        raise ScoringError("give two nights or more: the sessions of the event, in order")
    if len(maps) > len(nights) - 1:
        raise ScoringError(
            f"{len(maps)} --pairs maps for {len(nights) - 1} later session"
            f"{'s' if len(nights) > 2 else ''}: give one map for each session after the first"
        )
    carried = None if carry is None else parse_carry(carry)
    if rule == "carry-over" and carried is None:
        raise ScoringError(
            "--rule carry-over needs --carry: the part of session 1 carried (25% or 1/4)"
        )
    if top is not None and top < 1:
        raise ScoringError(
            f"--top {top}: the common top is a number of matchpoints above 0 (a board's top), "
            "or leave --top out for the largest session top"
        )
    _refuse_repeated_files(nights, "night")
    plan = OutputPlan([*nights, *maps], force)
    done: list[ChampionshipResult] = []
    plan.add(output, "-o", lambda tmp: write_championship(done[0], tmp), (".xlsx",))
    plan.check()
    scored = []
    for night in nights:
        if is_teams_workbook(night):
            raise ScoringError(
                f"{os.fspath(night)}: a teams workbook: an event of sessions is pairs"
            )
        with _naming(night):
            scored.append(score_night(night))
        for found in scored[-1].warnings:
            warning = Problem(ClubPlace(os.fspath(night), found.where), found.what)
            click.echo(f"warning: {warning}", err=True)
        if scored[-1].night.provisional:
            waiting = Problem(ClubPlace(os.fspath(night)), scored[-1].night.event.provisional)
            click.echo(f"provisional: {waiting}", err=True)
    first = scored[0].night.event
    titles = session_names(nights)
    pair_maps = {
        number: read_pair_map(
            path, scored[number - 1].night.event, first, (titles[number - 1], titles[0])
        )
        for number, path in enumerate(maps, start=2)
    }
    done.append(
        score_championship(
            [s.result for s in scored],
            rule,
            pair_maps,
            carry=carried,
            top=top,
            names=titles,
        )
    )
    plan.write()
    click.echo(format_championship(done[0]))
    click.echo(f"\nwrote {output}")


class Progress:
    """``reading club 12 of 500`` on stderr: written over in place on a terminal, else one
    line each tenth of the way (a log keeps ten lines, not five hundred)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.terminal = sys.stderr.isatty()
        self.shown = ""

    def done(self, count: int) -> None:
        text = f"reading club {count} of {self.total}"
        if self.terminal:
            click.echo(f"\r{text}", err=True, nl=False)
            self.shown = text
        elif count * 10 // self.total > (count - 1) * 10 // self.total:
            click.echo(text, err=True)

    def clear(self) -> None:
        """The line written over is rubbed out, for a warning or the results after it."""
        if self.shown:
            click.echo("\r" + " " * len(self.shown) + "\r", err=True, nl=False)
            self.shown = ""


def _refuse_repeated_files(clubs: Sequence[Path], each: str = "club's workbook") -> None:
    """Refuse one file given twice (by two names too), before any club is read.

    A copy of a club's workbook is found once the clubs are read
    (:func:`~xlbridge.merge.repeated_club`).
    """
    seen: dict[Path, Path] = {}
    for club in clubs:
        first = seen.setdefault(club.resolve(), club)
        if first is not club:
            raise _same_workbook(first, club, each)


def _same_workbook(first: Path, second: Path, each: str = "club's workbook") -> ScoringError:
    return ScoringError(
        f"{os.fspath(first)} and {os.fspath(second)} are the same workbook (the same pairs "
        f"and results): give each {each} once"
    )


def _scored_unlike(clubs: Sequence[Path], events: Sequence[Event], index: int) -> ScoringError:
    """A club scored unlike the first (:func:`~xlbridge.merge.unlike_scoring`), named by its
    file and its Settings cell, each club's setting quoted as typed."""
    from xlbridge.workbook.pairs import layout as L

    first, other = events[0].settings, events[index].settings
    name = "ScoringForm" if first.form != other.form else "Scale"
    label = next(setting.label for setting in L.SETTING_ROWS if setting.name == name)
    parsed = {"ScoringForm": (first.form, other.form), "Scale": (first.scale, other.scale)}
    row = L.setting_row(name)
    typed = [_setting_typed(clubs[i], row, parsed[name][n]) for n, i in enumerate((0, index))]
    return ScoringError(
        f"{label} is {quote(typed[1])}, and {os.fspath(clubs[0])}'s is {quote(typed[0])}: "
        "the clubs of one field are scored the same way: type the same "
        f"{label} in every club's Settings",
        Within(os.fspath(clubs[index]), CellPlace(L.SETTINGS, row, "B")),
    )


def _setting_typed(club: Path, row: int, parsed: object) -> object:
    """The Settings cell at ``row`` of ``club`` as typed (the value read if it cannot be)."""
    from xlbridge.workbook.pairs import layout as L
    from xlbridge.workbook.shared.sheets import load_sheets

    try:
        rows = load_sheets(club, {L.SETTINGS: 0}).read[L.SETTINGS].rows
        typed = rows[row - 1][1]
    except (ScoringError, IndexError, KeyError):
        return str(parsed)
    return str(parsed) if typed is None else typed


#: Clubs per worker process below which a merge scores them in this process.
CLUBS_PER_WORKER = 16


def _scored_clubs(clubs: Sequence[Path], output: Path) -> Iterator[ScoredNight]:
    """Each club checked, read and scored, in order: in worker processes for many clubs.

    Reading and scoring a club takes some 30 ms and the clubs are independent,
    so a merge of hundreds shares them among the machine's cores.  Results
    come back in the clubs' order, and the first club that fails raises its
    error (the clubs after it are dropped).
    """
    score = partial(_score_club, output=output)
    workers = min(os.cpu_count() or 1, len(clubs) // CLUBS_PER_WORKER)
    if workers < 2:
        yield from map(score, clubs)
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, initializer=_start_worker)
    try:
        yield from pool.map(score, clubs, chunksize=8)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _start_worker() -> None:
    """A merge's worker: the cycle collector back on (the merge turns it off), but frozen
    over what is loaded by then, so its collections walk only each club's new objects
    (3 ms of a club's 39 ms went on walking the modules again and again)."""
    import xlbridge.workbook.pairs.night  # noqa: F401  (what scoring a club needs, loaded once)

    gc.enable()
    gc.collect()
    gc.freeze()


def _score_club(club: Path, output: Path) -> ScoredNight:
    """:func:`~xlbridge.workbook.pairs.night.score_night`, cut to what a merge reads of it.

    ``club`` must not be the ``output`` file.  The merge compares each pair's
    club ranking with the merged one, so the club's boards are neither kept
    nor copied between processes: no per-board results, no boards per pair.
    """
    from dataclasses import replace

    from xlbridge.outputs import is_merged_field, refuse_same_file
    from xlbridge.workbook.pairs.night import score_night

    refuse_same_file(club, output)
    if is_merged_field(club):
        raise ScoringError(
            f"{os.fspath(club)} is a merged field xlbridge merge wrote, not a club's night: "
            "its pairs and results would count twice: give each club's own workbook"
        )
    with _naming(club, os.fspath(club)):
        scored = score_night(club, boards=False)
    result = scored.result
    pairs = tuple(replace(pair, boards=()) for pair in result.pairs)
    return replace(scored, result=replace(result, pairs=pairs))


@cli.command("import", short_help="A USEBIO, PBN or Bridgemate (.bws) file as a workbook.")
@click.argument("source", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The club-night workbook to write (.xlsx).",
)
@click.option("--force", is_flag=True, help="Overwrite the workbook if it exists.")
@click.option(
    "--players",
    "players_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The club's players list (CSV: Name, Number, Holding): blank names and numbers "
    "filled from it, and the list recorded in the workbook's Settings.",
)
@click.option(
    "--update-players",
    is_flag=True,
    help="With --players: add to the list the players the file names with a number the "
    "list lacks (no line of the list is changed or removed).",
)
def import_(
    source: Path, output: Path, force: bool, players_path: Path | None, update_players: bool
) -> None:
    """Turn a results file into a club workbook to rescore: USEBIO (.xml) or PBN (.pbn), with
    an audit of the figures it published, or a Bridgemate night (.bws), as the tables entered it.
    """
    from xlbridge.audit import choose_convention, conventions_for_event, format_audit, scored_with
    from xlbridge.formats import read_published
    from xlbridge.inputs import check_name
    from xlbridge.outputs import refuse_same_file
    from xlbridge.workbook.pairs.filled import write_filled_workbook

    check_name(output, "-o")
    refuse_same_file(source, output)
    if output.exists() and not force:
        raise ScoringError(f"{os.fspath(output)} exists already: give a new file name (or --force)")
    club = _ClubPlayers.given(players_path, update_players, output)
    if source.suffix.lower() == ".bws":
        _import_bridgemate(source, output, club)
        return
    if source.suffix.lower() == ".xml":
        from xlbridge.formats.usebio import TEAMS_EVENT_TYPES, usebio_event_type

        with _naming(source):
            teams_file = usebio_event_type(source) in TEAMS_EVENT_TYPES
        if teams_file:
            if players_path is not None:
                raise ScoringError("--players is for a pairs event, not a teams file")
            _import_usebio_teams(source, output)
            return
    with _naming(source):
        published = read_published(source)
        conventions = conventions_for_event(published.event)
        if published.info.settings is not None:  # the file says how it was scored (xlbridge's)
            conventions = (scored_with(published.info.settings), *conventions)
        chosen, tried = choose_convention(published, conventions)
    for said in published.info.disagreements:  # the file's own figures disagree
        click.echo(f"warning: {said}", err=True)
    # the convention's settings, and its plays (an absent pair's 0% read as NP A60/0)
    plays, settings = chosen.result.event.plays, chosen.convention.settings
    event = club.filled(replace(published.event, plays=plays, settings=settings))
    planned = club.planned(event)
    write_filled_workbook(output, event, published.info, chosen, players=club.name)
    club.update(planned)
    info = published.info
    made_by = " by ".join(part for part in (info.file_format, info.program) if part)
    click.echo(f"{source}: {event.name or 'event'}" + (f" ({made_by})" if made_by else ""))
    click.echo(format_audit(chosen, tried))
    click.echo(f"\nwrote {output}: xlbridge score {output}")


@contextmanager
def _naming(source: Path, shown: str | None = None) -> Iterator[None]:
    """A message about what is wrong in ``source`` names it once, as every other message
    does: before the error's place (``bath.xlsx: Travellers!F4``) or its first line;
    ``shown`` the name given it (a club's file as it was typed), the file's name else."""
    try:
        yield
    except ScoringError as exc:
        if source.name in str(exc):
            raise
        raise exc.at(shown or source.name) from None


def _import_usebio_teams(source: Path, output: Path) -> None:
    """``xlbridge import TEAMS.xml``: a USEBIO teams event as a teams workbook, rescored, and
    every published VP, place and board's IMPs checked against xlbridge's."""
    from xlbridge.exact import plural
    from xlbridge.formats.usebio import read_usebio_teams, teams_differences
    from xlbridge.teams import score_teams
    from xlbridge.workbook.teams.filled import write_filled_teams_workbook

    with _naming(source):
        published = read_usebio_teams(source)
        result = score_teams(published.event)
    write_filled_teams_workbook(output, published.event, published.format, published.date)
    event = published.event
    made_by = " by ".join(part for part in (published.file_format, published.program) if part)
    played = [m for m in event.matches if m.away is not None]
    click.echo(
        f"{source}: {event.name or 'teams'}" + (f" ({made_by})" if made_by else "") + ": "
        f"{plural(len(event.teams), 'team')}, {len(played)} match{'' if len(played) == 1 else 'es'}"
    )
    checked, differ = teams_differences(published, result)
    click.echo(
        f"{plural(checked, 'published figure')} checked: "
        + (f"{len(differ)} differ from xlbridge's" if differ else "all reproduced")
    )
    for line in differ:
        click.echo(f"  {line}")
    click.echo(f"\nwrote {output}: xlbridge score {output}")


@dataclasses.dataclass(frozen=True)
class _ClubPlayers:
    """``import --players [--update-players]``: the club's list, read before the file is."""

    file: PlayersFile | None = None
    #: the list's name as the workbook's Settings row gives it
    name: str = ""
    update_list: bool = False

    @classmethod
    def given(cls, path: Path | None, update: bool, output: Path) -> _ClubPlayers:
        if path is None:
            if update:
                raise ScoringError("--update-players needs --players: the list to add to")
            return cls()
        from xlbridge.workbook.pairs.night import players_list_name
        from xlbridge.workbook.players import read_players

        return cls(read_players(path), players_list_name(path, output), update)

    def filled(self, event: Event) -> Event:
        """``event`` with its blank names and numbers filled from the list (warnings said)."""
        if self.file is None:
            return event
        from xlbridge.workbook.players import fill_players

        event, warnings = fill_players(event, self.file.players)
        for warning in warnings:
            click.echo(f"warning: {warning}", err=True)
        return event

    def planned(self, event: Event) -> Added | None:
        """With --update-players: the players ``event`` names that the list lacks, to add
        (worked out before the workbook is written: a list that cannot take them is refused
        before anything is written)."""
        if self.file is None or not self.update_list:
            return None
        from xlbridge.workbook.players import plan_additions

        return plan_additions(self.file, event)

    def update(self, planned: Added | None) -> None:
        """The players planned added to the list (its lines kept byte for byte), and said."""
        if planned is None:
            return
        from xlbridge.exact import plural

        planned.write()
        name = planned.path.name
        if planned.added:
            first, last = planned.added[0].line, planned.added[-1].line
            lines = f"line {first}" if first == last else f"lines {first}-{last}"
            click.echo(f"{name}: added {plural(len(planned.added), 'player')} ({lines})")
        else:
            click.echo(f"{name}: every player with a number is on the list already")
        if planned.without_number:
            click.echo(
                f"{name}: not added, no national number: " + ", ".join(planned.without_number)
            )


def _import_bridgemate(source: Path, output: Path, club: _ClubPlayers | None = None) -> None:
    """``xlbridge import GAME.bws``: the results as the tables entered them, in a workbook.

    A result the movement has and no entry gives (never entered, or erased and not
    entered again) is a traveller row left blank: the night is provisional, and each
    such result is named by its table, round and board.
    """
    from xlbridge.exact import plural
    from xlbridge.formats.bws import read_bws
    from xlbridge.workbook.pairs.filled import ResultToCome, write_filled_workbook

    with _naming(source):
        night = read_bws(source)
    places = [(seating.round, seating.table) for seating in night.seatings]
    to_come = [
        ResultToCome(m.board, m.ns, m.ew, m.seating.round, m.seating.table) for m in night.missing
    ]
    club = club or _ClubPlayers()
    event = club.filled(night.event)
    planned = club.planned(event)
    write_filled_workbook(output, event, places=places, to_come=to_come, players=club.name)
    club.update(planned)
    seated = [*night.seatings, *(m.seating for m in night.missing)]
    tables = len({(s.section, s.table) for s in seated})
    rounds = len({s.round for s in seated})
    click.echo(
        f"{source}: Bridgemate, {night.movement}, {len(event.pairs)} pairs, "
        f"{plural(tables, 'table')}, {plural(rounds, 'round')}, {len(event.plays)} results"
    )
    for note in night.notes:
        click.echo(f"  {note}")
    if night.missing:
        click.echo(
            f"provisional: {event.provisional} (a traveller row left blank for each, "
            "to type in the workbook):",
            err=True,
        )
        for missing in night.missing:
            click.echo(f"  {missing.message}", err=True)
    click.echo(f"\nwrote {output}: xlbridge score {output}")


# --- individuals ----------------------------------------------------------------------------


def _new_individual(
    night: Path,
    force: bool,
    tables: int | None,
    boards: int | None,
    event: str,
    day: date | None,
) -> None:
    """``xlbridge new --individual``: the players numbered, the travellers seated."""
    from xlbridge.exact import plural
    from xlbridge.individual import individual_movement
    from xlbridge.workbook.individual.night import default_boards, new_individual_night

    if tables is None:
        raise ScoringError("--individual needs --tables: 3 (12 players), 5, 7, 11 or 13")
    made = individual_movement(tables, boards or default_boards(tables))
    new_individual_night(night, made, event, day, overwrite=force)
    rows = sum(1 for _ in made.traveller_rows())
    click.echo(
        f"wrote {night}: {made.name}, {plural(made.tables, 'table')}, "
        f"{plural(len(made.players), 'player')}, {plural(made.rounds, 'round')} of "
        f"{plural(made.per_round, 'board')} ({plural(made.boards, 'board')} in play); "
        f"{plural(rows, 'traveller row')} seated, ready for the results, then: "
        f"xlbridge score {night}"
    )


# --- teams ----------------------------------------------------------------------------------


def _new_teams(
    night: Path,
    force: bool,
    teams: int,
    boards: int | None,
    rounds: int | None,
    event_format: str | None,
    event: str | None,
    day: date | None,
) -> None:
    """``xlbridge new --teams``: the teams workbook, first round drawn."""

    from xlbridge.workbook.teams.night import format_draw, new_teams_night
    from xlbridge.workbook.teams.template import TeamsLayout

    if boards is None:
        raise ScoringError("--teams needs --boards: the number of boards in each match")
    fmt = event_format or "swiss"
    if rounds is None:
        rounds = teams - 1 + teams % 2 if fmt == "round-robin" else min(teams - 1, 4)
    layout = TeamsLayout(teams, boards, rounds, fmt, event or "", day)
    draw = new_teams_night(night, layout, overwrite=force)
    click.echo(format_draw(draw))
    following = (
        f"then: xlbridge draw {night} --round 2"
        if fmt == "swiss" and rounds > 1
        else f"then: xlbridge score {night}"
    )
    click.echo(f"\nwrote {night}: fill in Teams and round 1's Travellers, {following}")


@cli.command(short_help="A club's season: each player's nights ranked by the club's rule.")
@click.argument("nights", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--points",
    is_flag=True,
    help="Rank by points by place (see --scale) instead of by average percentage.",
)
@click.option(
    "--best",
    type=int,
    metavar="N",
    help="Count each player's N best nights (default: every night).",
)
@click.option(
    "--min",
    "minimum",
    type=int,
    default=1,
    show_default=True,
    metavar="M",
    help="The nights a player needs to be ranked; the others are listed below the table.",
)
@click.option(
    "--scale",
    default="field",
    show_default=True,
    help="With --points: 'field' (the winner gets as many points as there are pairs in "
    "the field, then one less a place) or points by place, e.g. 10,8,6,5,4,3,2,1.",
)
@click.option("--title", default="Season", show_default=True, help="The table's title.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the season as a workbook (.xlsx), its first sheet set to print.",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the season as a web page.",
)
@_replace_outputs
def season(
    nights: tuple[Path, ...],
    points: bool,
    best: int | None,
    minimum: int,
    scale: str,
    title: str,
    output: Path | None,
    html_path: Path | None,
    force: bool,
) -> None:
    """Rank a club's players over a season of NIGHTS: results workbooks (xlbridge score -o)
    and USEBIO files (.xml) from any program, in any order.

    Each player counts every night played, with any partner.  A file that cannot be read,
    or two files of one night, are refused; a player under two spellings is warned about.
    """
    from xlbridge.outputs import OutputPlan
    from xlbridge.season import PlaceScale, Season, SeasonRule, season_table
    from xlbridge.workbook.season import (
        format_season,
        read_night,
        season_page,
        season_workbook,
    )
    from xlbridge.workbook.shared.written import save

    title = plain_text(title, "--title")
    if scale != "field" and not points:
        raise ScoringError("--scale goes with --points")
    rule = SeasonRule("points" if points else "percent", best, minimum, PlaceScale.parse(scale))
    files = list(nights)
    plan = OutputPlan(files, force)
    table: list[Season] = []
    if output is not None:
        plan.add(
            output,
            "-o",
            lambda tmp: save(season_workbook(table[0], title), tmp),
            (".xlsx",),
        )
    if html_path is not None:
        plan.add(
            html_path,
            "--html",
            lambda tmp: _write_text(tmp, season_page(table[0], title)),
            (".html", ".htm"),
        )
    plan.check()
    read = []
    for path in files:
        night, warnings = read_night(path)
        for warning in warnings:
            click.echo(f"warning: {warning}", err=True)
        read.append(night)
    result = season_table(read, rule)
    for spelling in result.warnings:
        click.echo(f"warning: {spelling}", err=True)
    table.append(result)
    written = plan.write()
    click.echo(format_season(result, title))
    if written:
        click.echo("\nwrote " + " and ".join(os.fspath(path) for path in written))


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


@cli.command(short_help="Draw the next Swiss round from the standings.")
@click.argument("night", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--round",
    "-r",
    "round_number",
    type=_Number("round", 2),
    required=True,
    help="The round to draw.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the workbook with the new round here, leaving NIGHT as it is "
    "(default: the round is added to NIGHT, after a copy NIGHT-before-roundR.xlsx is kept).",
)
@click.option("--force", is_flag=True, help="Replace the output (or the kept copy) if it exists.")
def draw(night: Path, round_number: int, output: Path | None, force: bool) -> None:
    """Draw the next Swiss round from the standings (no two teams meet twice) and print it."""
    from xlbridge.inputs import check_name
    from xlbridge.outputs import refuse_same_file
    from xlbridge.workbook.teams.night import before_draw_copy, draw_round, format_draw

    if output is None:  # one workbook for the whole event; the workbook before is kept
        keep = before_draw_copy(night, round_number)
        check_name(keep, "the copy kept before the draw", "or draw with -o OUT.xlsx")
        if keep.exists() and not force:
            raise ScoringError(
                f"{os.fspath(keep)} exists already: round {round_number} was drawn before, "
                f"and that is {os.fspath(night)} as it was then: to draw round {round_number} "
                f"again, draw from it (xlbridge draw {os.fspath(keep)} --round {round_number} "
                "-o NEW.xlsx), or add --force to replace it with the workbook as it is now"
            )
        drawn = draw_round(night, round_number, night, keep=keep)
        for warning in drawn.warnings:
            click.echo(f"warning: {warning}", err=True)
        click.echo(format_draw(drawn))
        click.echo(
            f"\nadded round {round_number} to {night} (as it was before: {keep}): "
            f"fill in round {round_number} there"
        )
        return
    check_name(output, "-o")
    refuse_same_file(night, output)
    if not output.name.lower().endswith(".xlsx"):
        raise ScoringError(f"-o {os.fspath(output)}: the drawn workbook's name must end in .xlsx")
    if output.exists() and not force:
        raise ScoringError(
            f"{os.fspath(output)} exists already (its round may be filled in): "
            "give another name with -o, or add --force to replace it"
        )
    drawn = draw_round(night, round_number, output)
    for warning in drawn.warnings:
        click.echo(f"warning: {warning}", err=True)
    click.echo(format_draw(drawn))
    click.echo(f"\nwrote {output}: fill in round {round_number} there")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        cli.main(args=args, prog_name="xlbridge", standalone_mode=False)
    except ScoringError as exc:
        click.echo(f"error: {exc}", err=True)
        return 2
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        return 2
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 1
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:
            raise
        # each command checks its names first (inputs.check_name); this is the net under them
        shown = f"{os.fspath(exc.filename)}: " if exc.filename else ""
        click.echo(f"error: {shown}the file name is too long: give a shorter name", err=True)
        return 2
    except Exception as exc:
        from openpyxl.utils.exceptions import IllegalCharacterError

        if not isinstance(exc, IllegalCharacterError):
            raise
        # every reader names where such a text was; this is the net under them
        text = str(exc).removesuffix(" cannot be used in worksheets.")
        try:
            plain_text(text, "error")
        except ScoringError as named:
            click.echo(f"{named}", err=True)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
