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

Messages say where the value was found and show it as the user typed it
(``row 7: '42O' is not a score``); a caller that knows more of the place
adds it with :func:`located` (the Excel functions, the workbook reader and
the command line add the sheet and cell).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

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
    """Input that xlbridge will not score, with a message that says where and why."""


class ResultCellError(ScoringError):
    """A result cell that is not a score, an artificial code, a weighting or a ruling."""


class WeightError(ResultCellError):
    """The weights of a weighted score do not sum to exactly 100%, or one is out of range."""


class RulingError(ScoringError):
    """A rulings range that is malformed, or a reference to a ruling that does not exist."""


class ContractError(ScoringError):
    """A contract, declarer, result or board number that is not valid."""


class BoardError(ScoringError):
    """A board that cannot be scored as given (for example more results than expected)."""


class SettingsError(ScoringError):
    """Settings with values they cannot take: one message a line, one per bad value.

    ``problems`` pairs each bad setting's name with its message.
    """

    def __init__(self, message: str, problems: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


class InputFileError(ScoringError):
    """A file xlbridge will not read or write as asked.

    Missing, not an .xlsx workbook, hostile (zip or XML bomb, external links),
    or an output path that would overwrite the input.
    """


class DealError(ScoringError):
    """A deal or hand record that is not valid (not 52 distinct cards, a board dealt twice)."""


E = TypeVar("E", bound=ScoringError)


def located(where: str, error: E) -> E:
    """``error`` again (same class) with ``where`` before its message; raise it ``from error``.

    A message that already starts at ``where`` is left as it is.

    >>> str(located("Settings!B7", ScoringError("'x' is not a number")))
    "Settings!B7: 'x' is not a number"
    """
    message = str(error)
    if where and not message.startswith(f"{where}:"):
        message = f"{where}: {message}"
    return type(error)(message)
