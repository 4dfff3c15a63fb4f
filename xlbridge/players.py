"""A club's players list, and the form of a national body's player numbers.

A club keeps a list of its players (name, national number, optionally the
masterpoint holding): the night's Pairs sheet and an imported file are
completed from it (:mod:`xlbridge.workbook.players` reads and writes the
file).  This module knows no file format: the list is its entries, each with
the line of the file it came from.

The forms of the numbers, as the bodies publish them:

* the ACBL: "ACBL assigns a seven-digit player number to each member ...
  When a player reaches Life Master status, this is indicated by a change in
  the player number by the substitution of a letter for the first digit,
  alphabetically from J for 1 to R for 9" (*ACBL Handbook*, I. The Player
  Number): seven digits, or a letter J to R and six digits;
* the ABF: the ABF Number takes positions 1-7 of a masterpoint file, "right-aligned,
  zero padded" (ABF Masterpoint Centre, *Masterpoint Awards File Formats*):
  digits, at most seven;
* the EBU: no published form was found; an EBU number is checked as digits only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from xlbridge.errors import ScoringError
from xlbridge.exact import normalise_text, quote

__all__ = [
    "Completed",
    "Listed",
    "NationalBody",
    "PlayersList",
    "complete",
    "number_key",
    "numbers_said",
    "parse_national_body",
    "same_name",
    "wrong_form",
]


class NationalBody(str, Enum):
    """The national body whose player numbers a night's Pairs sheet holds."""

    EBU = "EBU"
    ABF = "ABF"
    ACBL = "ACBL"

    def __str__(self) -> str:
        return str(self.value)


#: Each body's numbers: the pattern (whole text, case ignored) and the words for it.
_FORMS = {
    NationalBody.EBU: (re.compile(r"[0-9]+"), "digits"),
    NationalBody.ABF: (re.compile(r"[0-9]{1,7}"), "digits, at most 7"),
    NationalBody.ACBL: (
        re.compile(r"[0-9]{7}|[J-R][0-9]{6}", re.IGNORECASE),
        "7 digits, or a letter J to R and 6 digits",
    ),
}


def parse_national_body(value: object) -> NationalBody | None:
    """The body a Settings cell names (``EBU``, ``ABF`` or ``ACBL``, any case), ``None`` if blank.

    >>> parse_national_body(" acbl "), parse_national_body("")
    (<NationalBody.ACBL: 'ACBL'>, None)
    """
    text = "" if value is None else normalise_text(str(value)).strip()
    if not text:
        return None
    for body in NationalBody:
        if text.upper() == body.value:
            return body
    raise ScoringError(f"the national body must be EBU, ABF, ACBL or blank, not {quote(value)}")


def wrong_form(body: NationalBody, number: str) -> str | None:
    """What is wrong with ``number`` as one of ``body``'s player numbers, or ``None``.

    >>> wrong_form(NationalBody.ACBL, "K123456") is None, wrong_form(NationalBody.ABF, "12345678")
    (True, "'12345678' is not in the form of an ABF number (digits, at most 7)")
    """
    pattern, words = _FORMS[body]
    if pattern.fullmatch(number.strip()):
        return None
    return f"{quote(number)} is not in the form of an {body} number ({words})"


def number_key(number: str) -> str:
    """A number as the list compares it: spaces around it ignored, letters in capitals."""
    return normalise_text(number).strip().upper()


def same_name(first: str, second: str) -> bool:
    """Whether two names are one as a person reads them: case and spacing ignored.

    >>> same_name("Ann  Smith", "ann smith"), same_name("Ann Smith", "Anne Smith")
    (True, False)
    """
    return _name_key(first) == _name_key(second)


def _name_key(name: str) -> str:
    return " ".join(normalise_text(name).split()).casefold()


@dataclass(frozen=True)
class Listed:
    """One player on the list: name, national number, holding (as written), and the line."""

    name: str
    number: str
    holding: str = ""
    line: int = 0


@dataclass(frozen=True)
class PlayersList:
    """A club's players list: ``name`` is the file's, for messages; every number once."""

    name: str
    entries: tuple[Listed, ...] = ()

    @classmethod
    def of(cls, name: str, entries: Iterable[Listed]) -> PlayersList:
        """The list of ``entries``; a number given to two names is refused naming both lines.

        A player listed twice with one name is kept once (the first line).
        """
        kept: dict[str, Listed] = {}
        for entry in entries:
            first = kept.setdefault(number_key(entry.number), entry)
            if first is not entry and not same_name(first.name, entry.name):
                raise ScoringError(
                    f"{name} line {entry.line}: number {entry.number} is listed for two "
                    f"players, {first.name} (line {first.line}) and {entry.name}: "
                    "a number is one player's"
                )
        return cls(name, tuple(kept.values()))

    def number(self, number: str) -> Listed | None:
        """The player listed with ``number``, or ``None``."""
        key = number_key(number)
        return next((e for e in self.entries if number_key(e.number) == key), None)

    def named(self, name: str) -> tuple[Listed, ...]:
        """The players listed with ``name`` (case and spacing ignored), in the list's order."""
        return tuple(e for e in self.entries if same_name(e.name, name))


def numbers_said(entries: Sequence[Listed]) -> str:
    """``123456 on line 2 and 654321 on line 5``: the numbers of the players of one name."""
    said = [f"{e.number} on line {e.line}" for e in entries]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


@dataclass(frozen=True)
class Completed:
    """A player's name and number completed from the list, and what to warn about.

    Each warning is ``(part, message)``: ``part`` is ``"name"`` or ``"number"``,
    the cell it is about.
    """

    name: str
    number: str
    warnings: tuple[tuple[str, str], ...] = ()


def complete(
    players: PlayersList | None,
    body: NationalBody | None,
    name: str,
    number: str,
    *,
    unlisted: bool = True,
) -> Completed:
    """A player typed as ``name`` and ``number`` (either may be blank), completed from the list.

    A number typed without a name gets the list's name; a name typed without a
    number gets the list's number when one player has that name (two or more:
    a warning naming their numbers).  A number in the wrong form for ``body``,
    or not on the list, is a warning; so is a typed name that is not the
    list's (the typed name stands).  ``unlisted=False``: a number not on the
    list is no warning (an imported file's).

    >>> club = PlayersList.of("players.csv", [Listed("Ann Smith", "123456", "", 2)])
    >>> complete(club, None, "", "123456")
    Completed(name='Ann Smith', number='123456', warnings=())
    >>> complete(club, None, "ann smith", "").number
    '123456'
    """
    warnings: list[tuple[str, str]] = []
    if number:
        form = wrong_form(body, number) if body is not None else None
        if form:
            return Completed(name, number, (("number", form),))
        if players is None:
            return Completed(name, number)
        listed = players.number(number)
        if listed is None:
            if not unlisted:
                return Completed(name, number)
            return Completed(
                name,
                number,
                (("number", f"number {quote(number)} is not on the players list {players.name}"),),
            )
        if not name:
            return Completed(listed.name, number)
        if not same_name(name, listed.name):
            warnings.append(
                (
                    "name",
                    f"{quote(name)} has number {number}, which {players.name} "
                    f"(line {listed.line}) gives to {listed.name}: the name stands as written",
                )
            )
        return Completed(name, number, tuple(warnings))
    if not name or players is None:
        return Completed(name, number)
    named = players.named(name)
    if len(named) == 1:
        return Completed(name, named[0].number)
    if named:
        return Completed(
            name,
            number,
            (
                (
                    "number",
                    f"{players.name} lists {len(named)} players named {named[0].name} "
                    f"({numbers_said(named)}): type the number of the one who played",
                ),
            ),
        )
    return Completed(name, number)
