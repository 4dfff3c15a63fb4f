"""A pair's final result after A+, A-, A= and Bye (Law 12C2(c)), exactly.

An artificial adjusted score of average-plus (A+) gives a non-offending pair
at least 60% on the board, average-minus (A-) gives a partly offending pair at
most 40%, and both follow the pair's own percentage on the rest of the session
when that is better (A+) or worse (A-).  A Bye gives the pair its percentage
after A+ and A- have been settled.  *A+ and A- in the final result* computes this in nine steps:

1. S: the pair's score on boards without A+, A- and Bye.  A= boards (50% of
   the top) count here, as do fixed rulings ("exactly 18.0 on board X") and
   boards where a penalty was applied.
2. AP: the actual percentage, on which the A+ and A- boards are decided.
3. SA+: 60% of the top on each A+ board, or AP when AP > 60%.
4. SA-: 40% of the top on each A- board, or AP when AP < 40%.
5. SX = S + SA+ + SA-.
6. APX: the percentage of SX over every board except Byes.
7. SBye: APX on each Bye.
8. SF = SX + SBye.
9. FP: the final percentage, SF over every board, which equals APX.

The two methods differ only in step 2 (:class:`AvplusMethod`):

``mainstream`` (the A+/A- note, solution 1)
    AP is the percentage over the boards without A+, A- and Bye.

``magic`` (solution 2, used in Magic Contest)
    AP counts the A+ and A- boards too, each with the score it will finally
    get: AP is the solution X of ``X = (S% + A+ boards x max(60%, X) + A-
    boards x min(40%, X)) / boards``.  It is found exactly by the note's three
    hypotheses: X < 40% gives ``X = (S% + A+ boards x 60%) / (boards without
    A-)`` (the note's AP-), X > 60% gives ``X = (S% + A- boards x 40%) /
    (boards without A+)`` (the note's AP+), otherwise A+ and A- keep 60% and
    40%.  With a normally scored board the equation has exactly one
    solution, since its right-hand side grows more slowly than X; the first
    hypothesis that holds is it.  The magic AP always equals APX.

With no normally scored board (only A+, A- and Byes) AP is not defined:
A+ boards keep 60% and A- boards 40%, under both methods, and ``ap`` is
``None``.  With only Byes APX is not defined either: each Bye scores 50%
(an average), and ``apx`` is ``None``.  A pair with no board at all (every
entry blank) has no result, and is refused.

:func:`apply_avplus_imps` does the same for an IMP-scored pair event, in IMPs
per board instead of percentages, as the note suggests: A+ is +3 IMPs, A- is
-3 IMPs, A= is 0.  :func:`settle_imps` is the same rule on values already typed
(a session's boards, its parsed settings): :func:`apply_avplus_imps` parses its
arguments and then settles through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TypeAlias

from xlbridge.board import artificial_imps
from xlbridge.codes import AVERAGE_MINUS_PERCENT, AVERAGE_PERCENT, AVERAGE_PLUS_PERCENT, Code
from xlbridge.errors import ResultCellError, ScoringError
from xlbridge.exact import is_blank, parse_fraction, quote
from xlbridge.settings import AvplusMethod, parse_setting

__all__ = [
    "AvplusMethod",
    "AvplusResult",
    "apply_avplus",
    "apply_avplus_imps",
    "settle_imps",
]

#: The Law 12C2(a) levels (in percent of the top: xlbridge.result) in IMPs per board, for
#: IMP-scored pair events: 3 IMPs for each 10% from average.
AVERAGE_PLUS_IMPS = artificial_imps(AVERAGE_PLUS_PERCENT)
AVERAGE_IMPS = artificial_imps(AVERAGE_PERCENT)
AVERAGE_MINUS_IMPS = artificial_imps(AVERAGE_MINUS_PERCENT)


#: One parsed board entry: a score, an A+/A-/Bye still to be settled, or blank.
_Entry: TypeAlias = "Fraction | Code | None"


@dataclass(frozen=True)
class AvplusResult:
    """A pair's session after A+, A-, A= and Bye have been given their scores.

    ``scores`` holds the final score of every entry in order (matchpoints, or
    IMPs for :func:`apply_avplus_imps`), ``None`` for a blank one; ``score`` is
    their sum (SF), ``boards`` how many boards it covers (Byes included) and
    ``average`` the score per board.  ``percentage`` is FP in percent
    (``Fraction(55)`` is 55%), ``None`` for IMPs.

    The intermediate steps are in percent for matchpoints and in IMPs per
    board for IMPs: ``ap`` is the AP that decided the A+ and A- boards,
    ``ap_plus`` and ``ap_minus`` the note's AP+ and AP- (AP with the A- boards,
    resp. the A+ boards, at their unadjusted level; both equal ``ap`` for the
    mainstream method), and ``apx`` the level after A+ and A- that each Bye
    received.  ``ap`` is ``None`` without a normally scored board, ``apx``
    without any board but Byes.
    """

    scores: tuple[Fraction | None, ...]
    score: Fraction
    percentage: Fraction | None
    average: Fraction
    boards: int
    ap: Fraction | None
    ap_plus: Fraction | None
    ap_minus: Fraction | None
    apx: Fraction | None


@dataclass(frozen=True)
class _Levels:
    """AP, AP+ and AP- in score units per board."""

    ap: Fraction
    ap_plus: Fraction
    ap_minus: Fraction


@dataclass(frozen=True)
class _Adjusted:
    """The settled session in score units (matchpoints or IMPs)."""

    scores: tuple[Fraction | None, ...]
    levels: _Levels | None
    apx: Fraction | None


def apply_avplus(
    board_scores: Iterable[object],
    top: object,
    method: str | AvplusMethod = "mainstream",
    aplus: object = AVERAGE_PLUS_PERCENT,
    aminus: object = AVERAGE_MINUS_PERCENT,
) -> AvplusResult:
    """A pair's final result in a matchpoint event after A+, A-, A= and Bye.

    ``board_scores`` holds the pair's matchpoints on each board (an int, a
    float read by its shortest decimal text, or numeric text), or ``A+``,
    ``A-``, ``A=`` or ``BYE`` (a :class:`~xlbridge.codes.Code`, or its text as
    :meth:`Code.parse <xlbridge.codes.Code.parse>` reads it); a blank entry
    (``None`` or ``""``) is a board the pair did not play.  ``top`` is the
    matchpoint top per board; ``aplus`` and ``aminus`` are the A+ and A- levels
    in percent (60 and 40, not 0.6 and 0.4).  See the module docstring for the
    methods and for sessions without a normally scored board.

    *A+ and A- in the final result*, top 24: 15.0 on board 1, then A+, A- and a Bye.

    >>> result = apply_avplus([15, "A+", "A-", "BYE"], 24)
    >>> result.ap, result.apx, result.percentage
    (Fraction(125, 2), Fraction(55, 1), Fraction(55, 1))
    >>> [str(score) for score in result.scores], str(result.score)
    (['15', '15', '48/5', '66/5'], '264/5')
    >>> magic = apply_avplus([15, "A+", "A-", "BYE"], 24, method="magic")
    >>> magic.ap_plus, magic.ap_minus, magic.percentage
    (Fraction(205, 4), Fraction(245, 4), Fraction(325, 6))
    """
    chosen = parse_setting("avplus_method", method, argument="method")
    top_mp = _parse_top(top)
    plus = parse_setting("aplus", aplus, argument="aplus")
    minus = parse_setting("aminus", aminus, argument="aminus")

    def check(position: int, value: object, number: Fraction) -> None:
        if number < 0:
            raise ResultCellError(
                f"board {position}: {quote(value)} is negative; matchpoints run from 0 to the top"
            )
        if number > top_mp:
            raise ResultCellError(
                f"board {position}: {quote(value)} is above the top of {quote(top)}"
            )

    percent_of_top = top_mp / 100
    equal = AVERAGE_PERCENT * percent_of_top
    entries = _parse_entries(board_scores, equal, check)
    adjusted = _adjust(entries, plus * percent_of_top, minus * percent_of_top, equal, chosen)
    result = _result(adjusted, lambda level: level / percent_of_top)
    return replace(result, percentage=result.average / percent_of_top)


def apply_avplus_imps(
    board_imps: Iterable[object],
    method: str | AvplusMethod = "mainstream",
    aplus: object = AVERAGE_PLUS_IMPS,
    aminus: object = AVERAGE_MINUS_IMPS,
) -> AvplusResult:
    """A pair's final result in an IMP-scored pair event after A+, A-, A= and Bye.

    As :func:`apply_avplus`, in IMPs per board: ``board_imps`` holds the
    pair's IMPs on each board (any sign) or a code; A+ scores ``aplus`` IMPs
    (default +3) or the pair's own average per board if better, A- scores
    ``aminus`` (default -3) or the average if worse, A= scores 0 and a Bye
    the average after A+ and A-.  ``percentage`` is ``None``; ``ap``,
    ``ap_plus``, ``ap_minus`` and ``apx`` are in IMPs per board.

    >>> result = apply_avplus_imps([4, 5, "A+"])
    >>> [str(score) for score in result.scores], result.ap
    (['4', '5', '9/2'], Fraction(9, 2))
    """
    chosen = parse_setting("avplus_method", method, argument="method")
    plus = _parse_level("aplus", aplus, lambda p: p >= 0, "a number of IMPs of at least 0")
    minus = _parse_level("aminus", aminus, lambda p: p <= 0, "a number of IMPs of at most 0")

    def check(position: int, value: object, number: Fraction) -> None:
        """Any number of IMPs is a score."""

    entries = _parse_entries(board_imps, AVERAGE_IMPS, check)
    return settle_imps(entries, chosen, plus, minus)


def settle_imps(
    entries: Sequence[Fraction | Code | None],
    method: AvplusMethod,
    plus: Fraction,
    minus: Fraction,
) -> AvplusResult:
    """:func:`apply_avplus_imps` on entries already typed: each a score, ``A+``, ``A-`` or
    ``BYE`` (a :class:`~xlbridge.codes.Code` still to settle), or ``None``; ``method``,
    ``plus`` and ``minus`` as the settings hold them.  Nothing is parsed here: a session's
    boards come scored, and its settings were read once (:class:`~xlbridge.settings.Settings`).

    >>> [str(s) for s in settle_imps([Fraction(4), Fraction(5), Code.AVERAGE_PLUS],
    ...                              AvplusMethod.MAINSTREAM, Fraction(3), Fraction(-3)).scores]
    ['4', '5', '9/2']
    """
    return _result(_adjust(list(entries), plus, minus, AVERAGE_IMPS, method), lambda level: level)


def _parse_top(top: object) -> Fraction:
    """The matchpoint top, a positive number."""
    try:
        value = parse_fraction(top)
    except ValueError as exc:
        raise ScoringError(
            f"top must be a positive number of matchpoints, not {quote(top)}"
        ) from exc
    if value <= 0:
        raise ScoringError(f"top must be a positive number of matchpoints, not {quote(top)}")
    return value


def _parse_level(
    name: str, value: object, allowed: Callable[[Fraction], bool], expected: str
) -> Fraction:
    """An A+ or A- level, refused unless ``allowed``."""
    try:
        level = parse_fraction(value)
    except ValueError as exc:
        raise ScoringError(f"{name} must be {expected}, not {quote(value)}") from exc
    if not allowed(level):
        raise ScoringError(f"{name} must be {expected}, not {quote(value)}")
    return level


def _parse_entries(
    values: Iterable[object],
    equal: Fraction,
    check: Callable[[int, object, Fraction], None],
) -> list[_Entry]:
    """Each value as a score (A= as ``equal``), a code still to settle, or blank."""
    entries = [
        _parse_entry(position, value, equal, check)
        for position, value in enumerate(values, start=1)
    ]
    if all(entry is None for entry in entries):
        raise ScoringError("no boards to score: every board entry is blank")
    return entries


def _parse_entry(
    position: int,
    value: object,
    equal: Fraction,
    check: Callable[[int, object, Fraction], None],
) -> _Entry:
    """One board entry; ``position`` (1-based) names the board in errors."""
    if is_blank(value):
        return None
    code = Code.find(value)
    if code is Code.AVERAGE:
        return equal
    if code is not None and code.settled_last:
        return code
    try:
        number = parse_fraction(value)
    except ValueError as exc:
        raise ResultCellError(
            f"board {position}: {quote(value)} is not a score or A+/A-/A=/BYE"
        ) from exc
    check(position, value, number)
    return number


def _adjust(
    entries: list[_Entry],
    plus: Fraction,
    minus: Fraction,
    equal: Fraction,
    method: AvplusMethod,
) -> _Adjusted:
    """Steps 1-8 of *A+ and A- in the final result*, in score units; ``plus``, ``minus``,
    ``equal`` are the A levels."""
    scored = [entry for entry in entries if isinstance(entry, Fraction)]
    total = sum(scored, Fraction(0))
    n_plus, n_minus = entries.count(Code.AVERAGE_PLUS), entries.count(Code.AVERAGE_MINUS)
    levels = None
    if scored:
        solve = _mainstream_levels if method is AvplusMethod.MAINSTREAM else _magic_levels
        levels = solve(total, len(scored), n_plus, n_minus, plus, minus)
    plus_score = plus if levels is None else max(plus, levels.ap)
    minus_score = minus if levels is None else min(minus, levels.ap)
    counted = len(scored) + n_plus + n_minus
    apx = None
    if counted:
        apx = (total + n_plus * plus_score + n_minus * minus_score) / counted
    settled: dict[Code, Fraction] = {
        Code.AVERAGE_PLUS: plus_score,
        Code.AVERAGE_MINUS: minus_score,
        Code.BYE: equal if apx is None else apx,
    }
    scores = tuple(settled[entry] if isinstance(entry, Code) else entry for entry in entries)
    return _Adjusted(scores, levels, apx)


def _mainstream_levels(
    total: Fraction, n: int, n_plus: int, n_minus: int, plus: Fraction, minus: Fraction
) -> _Levels:
    """Solution 1: AP over the ``n`` normally scored boards alone."""
    ap = total / n
    return _Levels(ap, ap, ap)


def _magic_levels(
    total: Fraction, n: int, n_plus: int, n_minus: int, plus: Fraction, minus: Fraction
) -> _Levels:
    """Solution 2: AP solves ``X = (total + n_plus*max(plus, X) + n_minus*min(minus, X)) / N``.

    The note's three hypotheses, tried in order: with n > 0 the first that holds gives
    the one solution.
    """
    below = (total + n_plus * plus) / (n + n_plus)  # hypothesis 1, X < minus: the note's AP-
    above = (total + n_minus * minus) / (n + n_minus)  # hypothesis 2, X > plus: the note's AP+
    if below < minus:
        ap = below
    elif above > plus:
        ap = above
    else:  # hypothesis 3: A+ and A- keep their levels
        ap = (total + n_plus * plus + n_minus * minus) / (n + n_plus + n_minus)
    return _Levels(ap, above, below)


def _result(adjusted: _Adjusted, level: Callable[[Fraction], Fraction]) -> AvplusResult:
    """The public result, with the intermediate levels expressed by ``level``."""
    played = [score for score in adjusted.scores if score is not None]
    total = sum(played, Fraction(0))
    levels = adjusted.levels
    return AvplusResult(
        scores=adjusted.scores,
        score=total,
        percentage=None,
        average=total / len(played),
        boards=len(played),
        ap=None if levels is None else level(levels.ap),
        ap_plus=None if levels is None else level(levels.ap_plus),
        ap_minus=None if levels is None else level(levels.ap_minus),
        apx=None if adjusted.apx is None else level(adjusted.apx),
    )
