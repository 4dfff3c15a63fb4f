"""The ``xlbridge`` command: score club nights without Excel.

Each sub-command is a thin adapter over the core.  :func:`main` takes the
argument list and returns the exit status (0 success, 2 bad input), so it is
tested in-process; a :class:`~xlbridge.errors.ScoringError` is printed as its
message (naming sheet and cell) and never as a traceback.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from xlbridge import __version__
from xlbridge.errors import ScoringError

if TYPE_CHECKING:
    from xlbridge.workbook.night import ScoredNight

__all__ = ["cli", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="xlbridge")
def cli() -> None:
    """Exact duplicate-bridge scoring: weighted rulings, Neuberg, A+/A-, split scores."""


@cli.command()
@click.argument("directory", default=".", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite main.py and requirements.txt.")
def lite(directory: Path, force: bool) -> None:
    """Write main.py and requirements.txt to paste into xlwings Lite (default: here)."""
    from xlbridge.lite import NEXT_STEPS, write_lite_files

    try:
        paths = write_lite_files(directory, overwrite=force)
    except FileExistsError as exc:
        raise click.ClickException(str(exc)) from exc
    for path in paths:
        click.echo(f"wrote {path}")
    click.echo(NEXT_STEPS)


@cli.command()
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
def score(night: Path, output: Path | None, html_path: Path | None) -> None:
    """Score a filled club-night workbook and print the ranking; the input is never changed."""
    from xlbridge.workbook.night import default_output, score_night, write_html, write_night_results
    from xlbridge.workbook.present import format_ranking

    scored = score_night(night)
    for warning in scored.warnings:
        click.echo(f"warning: {warning}", err=True)
    target = output or default_output(night)
    write_night_results(night, scored, target)
    if html_path is not None:
        write_html(night, scored.result, html_path)
    click.echo(format_ranking(scored.result))
    click.echo(f"\nwrote {target}" + (f" and {html_path}" if html_path else ""))


@cli.command()
@click.argument("night", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite NIGHT.xlsx if it exists.")
@click.option(
    "--movement",
    type=click.Choice(["mitchell", "howell"], case_sensitive=False),
    help="Number the pairs and pre-fill the travellers for this movement.",
)
@click.option("--tables", type=int, help="Tables in play (a half table counts as one).")
@click.option("--boards", type=int, help="Boards each pair plays: a multiple of the rounds.")
@click.option("--skip", is_flag=True, help="Even tables: a skip Mitchell of T-1 rounds.")
@click.option("--sit-out", is_flag=True, help="A half table: the last table has no NS pair.")
@click.option("--event", default="", help="The event's name, printed on the results.")
@click.option("--date", "day", type=click.DateTime(["%Y-%m-%d"]), help="The date of play.")
def new(
    night: Path,
    force: bool,
    movement: str | None,
    tables: int | None,
    boards: int | None,
    skip: bool,
    sit_out: bool,
    event: str,
    day: datetime | None,
) -> None:
    """Write a fresh club-night workbook to NIGHT.xlsx, set up for a movement if given."""
    from xlbridge.movement import make_movement
    from xlbridge.workbook.night import new_night

    made = None
    if movement is not None:
        if tables is None or boards is None:
            raise ScoringError("--movement needs --tables and --boards")
        made = make_movement(movement, tables, boards, skip=skip, sit_out=sit_out)
    elif tables is not None or boards is not None or skip or sit_out:
        raise ScoringError("--tables, --boards, --skip and --sit-out go with --movement")
    new_night(night, overwrite=force, movement=made, event=event, day=day and day.date())
    if made is None:
        click.echo(
            f"wrote {night}: fill in Settings, Pairs and Travellers, then: xlbridge score {night}"
        )
        return
    rows = sum(1 for _ in made.traveller_rows())
    click.echo(
        f"wrote {night}: {made.name}, {made.tables} tables, {made.rounds} rounds of "
        f"{made.boards_per_round} boards ({made.boards} boards in play), {len(made.pairs)} pairs; "
        f"{rows} traveller rows ready for the results, then: xlbridge score {night}"
    )


@cli.command()
@click.argument("night", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--board", "-b", "number", type=int, required=True, help="The board to explain.")
def explain(night: Path, number: int) -> None:
    """Show one board's frequency table step by step (Score, Freq, Adj. Freq, NS MP, EW MP)."""
    from xlbridge.workbook.night import score_night
    from xlbridge.workbook.present import explain_board

    scored = score_night(night)
    for warning in scored.warnings:
        click.echo(f"warning: {warning}", err=True)
    try:
        click.echo(explain_board(scored.result, number))
    except KeyError as exc:
        raise ScoringError(str(exc.args[0])) from None


@cli.command()
@click.argument("clubs", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The merged results workbook to write.",
)
def merge(clubs: tuple[Path, ...], output: Path) -> None:
    """Score several clubs' workbooks of the same boards as one field (simultaneous pairs)."""
    from xlbridge.merge import compare_rankings, format_rank_changes, merge_events
    from xlbridge.safefile import atomic_write
    from xlbridge.session import score_event
    from xlbridge.workbook.night import event_workbook
    from xlbridge.workbook.present import format_ranking
    from xlbridge.workbook.writer import BulkRows, save_workbook

    # A merged field is millions of objects without cycles: the cyclic garbage collector
    # would only walk them again and again (a third of the time of 500 clubs), up to the
    # last report printed.
    collecting = gc.isenabled()
    gc.disable()
    try:
        nights = []
        for club, scored in zip(clubs, _scored_clubs(clubs, output), strict=True):
            nights.append(scored)
            for warning in nights[-1].warnings:
                click.echo(f"warning: {club}: {warning}", err=True)
        event = merge_events([night.night.event for night in nights])
        result = score_event(event)
        bulk = BulkRows()
        wb = event_workbook(event, result, bulk)
        atomic_write(output, lambda tmp: save_workbook(wb, tmp, bulk))
        click.echo(format_ranking(result))
        changes = compare_rankings([night.result for night in nights], result)
        click.echo("\n" + format_rank_changes(changes))
        click.echo(f"\nwrote {output}")
    finally:
        if collecting:
            gc.enable()


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
    import xlbridge.workbook.night  # noqa: F401  (what scoring a club needs, loaded once)

    gc.enable()
    gc.collect()
    gc.freeze()


def _score_club(club: Path, output: Path) -> ScoredNight:
    """:func:`~xlbridge.workbook.night.score_night`, the result cut to what a merge reads of it.

    ``club`` must not be the ``output`` file.  The merge compares each pair's
    club ranking with the merged one, so the club's boards are neither kept
    nor copied between processes: no per-board results, no boards per pair.
    """
    from dataclasses import replace

    from xlbridge.safefile import refuse_same_file
    from xlbridge.workbook.night import score_night

    refuse_same_file(club, output)
    scored = score_night(club, boards=False)
    result = scored.result
    pairs = tuple(replace(pair, boards=()) for pair in result.pairs)
    return replace(scored, result=replace(result, pairs=pairs))


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
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
