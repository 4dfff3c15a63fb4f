"""The ``xlbridge`` command: score club nights without Excel.

Each sub-command is a thin adapter over the core.  :func:`main` takes the
argument list and returns the exit status (0 success, 2 bad input), so it is
tested in-process; a :class:`~xlbridge.errors.ScoringError` is printed as its
message (naming sheet and cell) and never as a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from xlbridge import __version__
from xlbridge.errors import ScoringError

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
def new(night: Path, force: bool) -> None:
    """Write a fresh club-night workbook (the club-pairs template) to NIGHT.xlsx."""
    from xlbridge.workbook.night import new_night

    new_night(night, overwrite=force)
    click.echo(
        f"wrote {night}: fill in Settings, Pairs and Travellers, then: xlbridge score {night}"
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
    from xlbridge.safefile import atomic_write, refuse_same_file
    from xlbridge.session import score_event
    from xlbridge.workbook.night import event_workbook, score_night
    from xlbridge.workbook.present import format_ranking
    from xlbridge.workbook.writer import BulkRows, save_workbook

    nights = []
    for club in clubs:
        refuse_same_file(club, output)
        nights.append(score_night(club))
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
