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
