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
score``), or ``what`` alone when the place is not known.  ``what`` says what
was expected and shows the value as the user typed or sees it
(:func:`xlbridge.exact.quote`), never as Python writes it.  A caller that
knows more of the place adds it with :meth:`ScoringError.at` (the Excel
functions add the row, the workbook reader the sheet and cell, a merge the
club's file), which returns the same kind of error placed there; nobody edits
a message's text.

>>> error = ScoringError("'42O' is not a score").at("Travellers!G14")
>>> error.where, error.what, str(error)
('Travellers!G14', "'42O' is not a score", "Travellers!G14: '42O' is not a score")
>>> str(error.at("club.xlsx"))
"club.xlsx: Travellers!G14: '42O' is not a score"
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Self

    from xlbridge.places import Place

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

    ``where`` is ``""`` until a caller that knows the place adds it with :meth:`at`.
    """

    def __init__(self, what: str, where: Place | str = "") -> None:
        self.what = str(what)
        self.where = str(where)
        super().__init__(f"{self.where}: {self.what}" if self.where else self.what)

    def at(self, place: Place | str) -> Self:
        """This error placed at ``place`` (an outer place goes before a known inner one).

        A place already given, or an empty ``place``, leaves the error as it is.
        """
        where = str(place)
        if not where or self.where == where or self.where.startswith(f"{where}: "):
            return self
        if not self.where and self.what.startswith(f"{where}:"):
            return self  # an older message that names its place in its text
        placed = copy.copy(self)
        placed.where = f"{where}: {self.where}" if self.where else where
        placed.args = (f"{placed.where}: {placed.what}",)
        return placed

    def __reduce__(self) -> tuple[object, ...]:
        # the attributes cross process boundaries (a merge's workers) as they are
        return (_rebuild, (type(self), self.__dict__.copy()))


def _rebuild(cls: type[ScoringError], state: dict[str, object]) -> ScoringError:
    error = cls.__new__(cls)
    error.__dict__.update(state)
    where, what = state.get("where", ""), state.get("what", "")
    error.args = (f"{where}: {what}" if where else str(what),)
    return error


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
    reader names its column.
    """

    def __init__(self, what: str, where: Place | str = "", part: str = "") -> None:
        super().__init__(what, where)
        self.part = part


class BoardError(ScoringError):
    """A board that cannot be scored as given (for example more results than expected)."""


class SettingsError(ScoringError):
    """Settings with values they cannot take: one message a line, one per bad value.

    ``problems`` pairs each bad setting's name with its message.
    """

    def __init__(
        self, what: str, problems: Sequence[tuple[str, str]] = (), where: Place | str = ""
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
