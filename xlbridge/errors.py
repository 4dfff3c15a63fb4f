"""The exceptions xlbridge raises, in one place.

Every error is a :class:`ValueError`, so callers that already catch bad
input keep working::

    ValueError
     └── ScoringError                 anything xlbridge refuses to score
          ├── ResultCellError         a result cell that is not a score (row, value)
          │    └── WeightError        weights of a weighted score not summing to 100%
          ├── RulingError             a rulings range that is malformed or referenced wrongly
          ├── ContractError           a contract, declarer, result or board that is not valid
          ├── BoardError              a board that cannot be scored as given (e.g. too many results)
          ├── SettingsError           a setting with a value it cannot take (one line per value)
          ├── DealError               a deal or hand record that is not valid (not 52 cards)
          └── InputFileError          a file refused before reading or writing (not .xlsx, hostile)

Every error carries **where** and **what** as attributes, and its message is
built once from them: ``where: what`` (``Travellers!G14: '42O' is not a
score``), or ``what`` alone when the place is not known.  ``where`` is the
place as a value (:mod:`xlbridge.places`: a ``CellPlace``, a ``FileLine``, ...,
or text for a place no type describes), ``None`` when not known; it prints as
the message names it.  ``what`` says what was expected and shows the value as
the user typed or sees it (:func:`xlbridge.exact.quote`), never as Python
writes it.  A caller that knows more of the place adds it with
:meth:`ScoringError.at` (the Excel functions add the row, the workbook reader
the sheet and cell, a merge the club's file), which returns the same kind of
error placed there, an outer place before a known inner one
(:class:`~xlbridge.places.Within`); nobody edits a message's text.

>>> from xlbridge.places import CellPlace
>>> error = ScoringError("'42O' is not a score").at(CellPlace("Travellers", 14, "G"))
>>> error.where, error.what
(CellPlace(sheet='Travellers', row=14, column='G'), "'42O' is not a score")
>>> str(error)
"Travellers!G14: '42O' is not a score"
>>> placed = error.at("club.xlsx")
>>> placed.where.inner == error.where, str(placed)
(True, "club.xlsx: Travellers!G14: '42O' is not a score")
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from xlbridge.places import Place, Within, outermost

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "BoardError",
    "ContractError",
    "DealError",
    "InputFileError",
    "ResultCellError",
    "RulingError",
    "ScoringError",
    "SettingsError",
    "WeightError",
    "located",
]


class ScoringError(ValueError):
    """Input that xlbridge will not score: ``where`` it was found and ``what`` is wrong.

    ``where`` is the place as given (a :data:`~xlbridge.places.Place`, or text for a
    place no type describes), ``None`` until a caller that knows the place adds it
    with :meth:`at`.
    """

    where: Place | str | None

    def __init__(self, what: str, where: Place | str | None = None) -> None:
        self.what = str(what)
        self.where = where if where is not None and str(where) else None
        super().__init__(_message(self.where, self.what))

    def at(self, place: Place | str | None) -> Self:
        """This error placed at ``place`` (an outer place goes before a known inner one:
        :class:`~xlbridge.places.Within`).

        A place already given (the same place, or the outermost of the known one), or
        no ``place``, leaves the error as it is.
        """
        if place is None or not str(place):
            return self
        shown = str(place)
        where: Place | str
        if self.where is None:
            where = place
        elif shown in (str(self.where), str(outermost(self.where))):
            return self  # given already
        else:
            where = Within(place, self.where)
        placed = copy.copy(self)
        placed.where = where
        placed.args = (_message(where, placed.what),)
        return placed

    def __reduce__(self) -> tuple[object, ...]:
        # the attributes cross process boundaries (a merge's workers) as they are
        return (_rebuild, (type(self), self.__dict__.copy()))


def _rebuild(cls: type[ScoringError], state: dict[str, object]) -> ScoringError:
    error = cls.__new__(cls)
    error.__dict__.update(state)
    error.args = (_message(state.get("where"), str(state.get("what", ""))),)
    return error


def _message(where: object, what: str) -> str:
    """``where: what``, or ``what`` alone with no place: made once, never edited."""
    return f"{where}: {what}" if where is not None else what


class ResultCellError(ScoringError):
    """A result cell that is not a score, an artificial code, a weighting or a ruling."""


class WeightError(ResultCellError):
    """The weights of a weighted score do not sum to exactly 100%, or one is out of range."""


class RulingError(ScoringError):
    """A rulings range that is malformed, or a reference to a ruling that does not exist."""


class ContractError(ScoringError):
    """A contract, declarer, result or board number that is not valid.

    ``part`` says which of a played contract's cells is wrong: ``contract``,
    ``declarer``, ``result`` or ``board`` (``""`` when not known), so that a
    reader names its column.  ``unread`` is true when the contract's cell holds no
    contract at all (:func:`~xlbridge.contract.parse_contract` could not read it), not
    a contract whose declarer or result is wrong.
    """

    def __init__(
        self, what: str, where: Place | str | None = None, part: str = "", *, unread: bool = False
    ) -> None:
        super().__init__(what, where)
        self.part = part
        self.unread = unread


class BoardError(ScoringError):
    """A board that cannot be scored as given (for example more results than expected)."""


class SettingsError(ScoringError):
    """Settings with values they cannot take: one message a line, one per bad value.

    ``problems`` pairs each bad setting's name with its message.
    """

    def __init__(
        self, what: str, problems: Sequence[tuple[str, str]] = (), where: Place | str | None = None
    ) -> None:
        super().__init__(what, where)
        self.problems = tuple(problems)


class InputFileError(ScoringError):
    """A file xlbridge will not read or write as asked.

    Missing, not an .xlsx workbook, hostile (zip or XML bomb, external links),
    or an output path that would overwrite the input.
    """


class DealError(ScoringError):
    """A deal or hand record that is not valid (not 52 distinct cards, a board dealt twice)."""


E = TypeVar("E", bound=ScoringError)


def located(where: Place | str, error: E) -> E:
    """``error`` placed at ``where``: the same as ``error.at(where)``; raise it ``from error``.

    >>> str(located("Settings!B7", ScoringError("'x' is not a number")))
    "Settings!B7: 'x' is not a number"
    """
    return error.at(where)
