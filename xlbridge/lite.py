"""The files a user pastes into xlwings Lite: ``main.py`` and ``requirements.txt``.

xlwings Lite registers the custom functions it finds in its ``main.py``; that
file only imports them from :mod:`xlbridge.udfs`, leaving out the names an
Office.js host cannot register (:data:`xlbridge.udfs.ALIASES`: ``VP`` is too
short, ``AGGREGATE`` is Excel's own), whose twins it does import.  Lite
installs xlbridge (pure Python) by its ``requirements.txt`` line: the
distribution :data:`DISTRIBUTION` at this version from the package index, or
a wheel file's URL.  A version that is not on the index (not in
:data:`PUBLISHED`: 0.1.0 before the first release, a checkout after a release)
installs only from a wheel's URL, so without one nothing is written and the
message says how to get one.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from xlbridge import __version__
from xlbridge.exact import quote
from xlbridge.udfs import ALIASES, OFFICEJS_FUNCTIONS

__all__ = [
    "DISTRIBUTION",
    "NEXT_STEPS",
    "PUBLISHED",
    "installed_version",
    "lite_files",
    "requirement",
    "write_lite_files",
]

#: xlbridge's name on the package index (``pip install xlbridge-scoring``); it imports as xlbridge.
DISTRIBUTION = "xlbridge-scoring"

#: The versions of :data:`DISTRIBUTION` on the package index, the only ones a
#: ``requirements.txt`` line may name: a release adds its own in its release commit
#: (docs/releasing.md).  None yet: 0.1.0 is the first, still to be published.
PUBLISHED: frozenset[str] = frozenset()

NEXT_STEPS = """\
Next, in Excel (Windows, macOS or the web) with the xlwings Lite add-in open:
  1. paste main.py over the main.py tab;
  2. add the line of requirements.txt to the requirements.txt tab (keep its lines);
  3. restart xlwings Lite, then type =MATCHPOINTS(B2:B13) in a cell."""


def installed_version() -> str:
    """The version of xlbridge installed here (what Lite should install too)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return __version__


def requirement(wheel: str | None = None) -> str:
    """The line of ``requirements.txt`` that installs this xlbridge in xlwings Lite.

    ``wheel``, a wheel file's URL (https://...), replaces the index's name and
    version: for a build that is not on the package index.  Without one, a
    version that is not on the index (:data:`PUBLISHED`) raises :class:`ValueError`
    saying how to install it: the line would install nothing.
    """
    if wheel is None:
        version = installed_version()
        if version not in PUBLISHED:
            raise ValueError(
                f"{DISTRIBUTION} {version} is not on the package index yet, so no "
                "requirements.txt line can name it: build a wheel here (python -m build), put "
                "dist/" + f"{DISTRIBUTION.replace('-', '_')}-{version}-py3-none-any.whl on a web "
                "server the browser reaches over https, and give its address: --wheel "
                "https://.../" + f"{DISTRIBUTION.replace('-', '_')}-{version}-py3-none-any.whl "
                "(docs/excel.md, Before the first release: a wheel)"
            )
        return f"{DISTRIBUTION}=={version}"
    name = wheel.rsplit("/", 1)[-1]
    if not wheel.startswith(("https://", "http://")) or not name.endswith(".whl"):
        raise ValueError(
            f"{quote(wheel, 200)} is not the URL of a wheel file (https://.../NAME.whl)"
        )
    if not name.startswith(DISTRIBUTION.replace("-", "_") + "-"):
        raise ValueError(f"{quote(wheel, 200)} is not a wheel of {DISTRIBUTION}")
    return wheel


def lite_files(wheel: str | None = None) -> dict[str, str]:
    """The text of ``main.py`` and ``requirements.txt`` for xlwings Lite.

    ``wheel``: see :func:`requirement`.
    """
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
    return {"main.py": main, "requirements.txt": f"{requirement(wheel)}\n"}


def write_lite_files(
    directory: Path, *, overwrite: bool = False, wheel: str | None = None
) -> list[Path]:
    """Write ``main.py`` and ``requirements.txt`` into ``directory``; return their paths.

    Raises :class:`FileExistsError` (writing nothing) if either exists and
    ``overwrite`` is false, :class:`ValueError` if ``wheel`` is not a wheel's URL.
    """
    files = {Path(directory, name): text for name, text in lite_files(wheel).items()}
    existing = [path for path in files if path.exists()]
    if existing and not overwrite:
        raise FileExistsError(f"{existing[0]} exists: use --force to overwrite it")
    Path(directory).mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    return list(files)
