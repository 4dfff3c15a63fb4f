"""Standard results files: reading them into an event, writing an event's results to them.

:mod:`xlbridge.formats.usebio` reads and writes USEBIO XML (the EBU's
results interchange format, used by EBUScore, ScoreBridge, Compscore and
results sites).  A reader returns an :class:`xlbridge.audit.PublishedEvent`:
the event to rescore and the figures the file published, so that
:func:`xlbridge.audit.audit` can check them.  :func:`read_published` picks
the reader by the file's suffix (``.xml``: USEBIO; ``.pbn``: PBN, read by
``xlbridge.formats.pbn``'s ``read_pbn`` where it is installed).
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import cast

from xlbridge.audit import PublishedEvent
from xlbridge.contract import PlayedContract, board_vulnerability
from xlbridge.errors import InputFileError
from xlbridge.exact import decimal_text
from xlbridge.places import Place
from xlbridge.result import Result, Row, Weighted
from xlbridge.settings import Settings

__all__ = ["READERS", "contract_disagreement", "read_published", "settings_words", "split_names"]

#: The reader of each file suffix: ``module:function``, the function taking the path.
READERS = {
    ".xml": "xlbridge.formats.usebio:read_usebio",
    ".pbn": "xlbridge.formats.pbn.published:read_pbn",
}


def read_published(path: str | os.PathLike[str]) -> PublishedEvent:
    """The event and published figures in the results file at ``path`` (by its suffix)."""
    suffix = Path(path).suffix.lower()
    target = READERS.get(suffix)
    if target is None:
        known = ", ".join(sorted([*READERS, ".bws"]))  # .bws: xlbridge.formats.bws
        raise InputFileError(f"{os.fspath(path)}: xlbridge imports results files ending {known}")
    module_name, function = target.split(":")
    try:
        found = getattr(importlib.import_module(module_name), function)
    except (ModuleNotFoundError, AttributeError):
        shown = os.fspath(path)
        raise InputFileError(f"{shown}: {suffix} files cannot be imported yet") from None
    reader = cast(Callable[[str | os.PathLike[str]], PublishedEvent], found)
    return reader(path)


def contract_disagreement(
    board: int, played: PlayedContract | None, row: Row, score: str, where: Place | str
) -> str | None:
    """The words for a line whose score (``score``: the file's name for it and its text,
    ``SCORE 400``) disagrees with its own contract and result; ``None`` when they agree.

    A results file gives a line's score twice: the score, and the contract and tricks it
    comes from (Law 77).  The score is what is scored (a ruling may have changed it); a
    plain score that is not the contract's is said, never silently scored.  A weighted,
    split or artificial score is a ruling's, which no contract makes: not compared.

    >>> from xlbridge.result import parse_result
    >>> played = PlayedContract.from_tricks("4H", "N", "11")
    >>> contract_disagreement(1, played, parse_result("400"), "SCORE 400", "f.xml: board 1")
    'f.xml: board 1: SCORE 400 and its contract 4H+1 N (450) disagree: the SCORE is scored'
    >>> contract_disagreement(1, played, parse_result("450"), "SCORE 450", "f.xml") is None
    True
    """
    if played is None or type(row) is not Result or row.is_split:
        return None
    if not isinstance(row.ns, Weighted) or len(row.ns.components) != 1:
        return None
    made = played.score(board_vulnerability(board))
    if row.ns.components[0][0] == made:
        return None
    name = score.split(" ")[0]
    return f"{where}: {score} and its contract {played} ({made}) disagree: the {name} is scored"


_PARTNERS = re.compile(r"\s*&\s*|\s+and\s+|\s+-\s+")


def split_names(names: str) -> tuple[str, ...]:
    """The players of a pair's names typed on one line, each as typed (never re-cased).

    ``&``, `` and `` or a spaced hyphen parts the players; a ``/`` parts them only
    where none of those does, so that a name with a ``/`` in it stays whole.

    >>> split_names("Ann Lee & Bob Ray"), split_names("LEE ANN - RAY BOB")
    (('Ann Lee', 'Bob Ray'), ('LEE ANN', 'RAY BOB'))
    >>> split_names("Jo McKay/Di MacLeod"), split_names("Smith/Jones & d'Arcy")
    (('Jo McKay', 'Di MacLeod'), ('Smith/Jones', "d'Arcy"))
    """
    parts = [part.strip() for part in _PARTNERS.split(names) if part.strip()]
    if len(parts) == 1:
        parts = [part.strip() for part in parts[0].split("/") if part.strip()]
    return tuple(parts)


def settings_words(settings: Settings) -> dict[str, str]:
    """Each setting as the word :meth:`Settings.parse <xlbridge.settings.Settings.parse>`
    reads back (``expected`` only when given): what a results file xlbridge writes says
    it was scored with.

    >>> settings_words(Settings(scale=1, aplus=65))["aplus"], Settings.parse(
    ...     settings_words(Settings(scale=1))).scale
    ('65', <Scale.ONE: 1>)
    """
    words: dict[str, str] = {}
    for spec in dataclasses.fields(settings):
        value = getattr(settings, spec.name)
        if value is None:
            continue
        if isinstance(value, bool):
            words[spec.name] = "yes" if value else "no"
        elif isinstance(value, Fraction):
            words[spec.name] = decimal_text(value)
        else:
            words[spec.name] = str(value)
    return words
