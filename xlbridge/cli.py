"""The ``xlbridge`` command: score club nights without Excel.

Each sub-command is a thin adapter over the core.  :func:`main` takes the
argument list and returns the exit status (0 success, 2 bad input), so it is
tested in-process; a :class:`~xlbridge.errors.ScoringError` is printed as its
message (naming sheet and cell) and never as a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from xlbridge import __version__
from xlbridge.errors import ScoringError

__all__ = ["cli", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="xlbridge")
def cli() -> None:
    """Exact duplicate-bridge scoring: weighted rulings, Neuberg, A+/A-, split scores."""


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
