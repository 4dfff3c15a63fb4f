"""The files a user pastes into xlwings Lite: ``main.py`` and ``requirements.txt``.

xlwings Lite registers the custom functions it finds in its ``main.py``; that
file only imports them from :mod:`xlbridge.udfs`, leaving out the names an
Office.js host cannot register (:data:`xlbridge.udfs.ALIASES`: ``VP`` is too
short, ``AGGREGATE`` is Excel's own), whose twins it does import.  Lite
installs xlbridge (pure Python) from PyPI by its ``requirements.txt`` line.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from xlbridge import __version__
from xlbridge.udfs import ALIASES, OFFICEJS_FUNCTIONS

__all__ = ["NEXT_STEPS", "lite_files", "write_lite_files"]

NEXT_STEPS = """\
Next, in Excel (Windows, macOS or the web) with the xlwings Lite add-in open:
  1. paste main.py over the main.py tab;
  2. add the line of requirements.txt to the requirements.txt tab (keep its lines);
  3. restart xlwings Lite, then type =MATCHPOINTS(B2:B13) in a cell."""


def installed_version() -> str:
    """The version of xlbridge installed here (what Lite should install too)."""
    try:
        return metadata.version("xlbridge")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return __version__


def lite_files() -> dict[str, str]:
    """The text of ``main.py`` and ``requirements.txt`` for xlwings Lite."""
    version = installed_version()
    renamed = ", ".join(f"{old} is {new}" for old, new in sorted(ALIASES.items()))
    imports = "".join(f"    {name},\n" for name in OFFICEJS_FUNCTIONS)
    names = "".join(f'    "{name}",\n' for name in OFFICEJS_FUNCTIONS)
    main = (
        f'"""xlbridge {version}: exact duplicate-bridge scoring as Excel functions.\n'
        "\n"
        "Written by `xlbridge lite`.  xlwings Lite registers the functions imported\n"
        "here; type them without a prefix, e.g. =MATCHPOINTS(B2:B13).\n"
        f"In xlwings Lite {renamed}.\n"
        '"""\n'
        "\n"
        f"from xlbridge.udfs import (\n{imports})\n"
        "\n"
        f"__all__ = [\n{names}]\n"
    )
    return {"main.py": main, "requirements.txt": f"xlbridge=={version}\n"}


def write_lite_files(directory: Path, *, overwrite: bool = False) -> list[Path]:
    """Write ``main.py`` and ``requirements.txt`` into ``directory``; return their paths.

    Raises :class:`FileExistsError` (writing nothing) if either exists and
    ``overwrite`` is false.
    """
    files = {Path(directory, name): text for name, text in lite_files().items()}
    existing = [path for path in files if path.exists()]
    if existing and not overwrite:
        raise FileExistsError(f"{existing[0]} exists: use --force to overwrite it")
    Path(directory).mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    return list(files)
