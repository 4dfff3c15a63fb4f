"""A session's results: every board scored across the field, every pair ranked.

:func:`score_event` turns an :class:`~xlbridge.event.Event` (pairs, traveller
rows, adjustments, settings) into an :class:`EventResult`.  It is pure and
exact: every figure is a :class:`~fractions.Fraction`, two pairs with equal
scores are tied, and no rounding ever splits them.

**Expected results.**  Every board is scored as if it had ``E`` results:
``settings.expected``, or by default the most times any board was played
("max played"; an artificial score counts as a result, ``NP`` does not, nor
does an artificial score typed after it, ``NP A60/0``: see below).
In a matchpoint event the top is ``scale x (E - 1)`` on every board.

**Boards with fewer results** (``settings.unequal``):

``neuberg`` (the default; Bavin, "The Neuberg formula")
    the frequencies are factored by ``E/actual``; every board then carries the
    same top and the same total.
``ratio`` (the multi-club rescoring note)
    the board is matchpointed among its own ``n`` results (top
    ``scale x (n - 1)``) and every real score is multiplied by ``E/n``.  This
    does **not** equalise tops exactly: a top among ``n`` results becomes
    ``scale x (n - 1) x E/n``, less than the full top (46 x 28/24 = 53.67, not
    54), so a short board weighs a little less, and a board played once
    scores 0 for both sides.  Percentages are still of the full top.

Artificial scores get their percentage of the full top under both methods.
Butler datums do not depend on the method, and cross-IMPs are factored by
``E/actual``, which is the same under both.

**Pairs who played fewer boards** (a sit-out, ``NP``) are scored on what was
available to them: the maximum is the top times the boards they have a score
on (including A+/A-/A=/Bye boards).  ``factor_fewer_boards`` scales a pair's
total by (most boards any pair of its field has) / (its boards), e.g. 24/21
(``PairResult.scaled_total``): in IMP events the ranking is on that figure
(the plain total otherwise); in matchpoint events the ranking stays on the
percentage and the scaled total is the one Compscore3 publishes as a pair's
TOTAL_SCORE (percentage x top x most boards).

**The ACBL convention** (``settings.convention``; ACBLscore): 1 matchpoint a
result beaten (``scale`` 1), and every pair's total scaled to the section's boards
(the boards any pair has a score on), not to the most its field played: in a
13-table Mitchell whose NS pairs each sat out one round of two, an NS pair's total
is multiplied by 26/24 (``PairResult.scaled_total``); ``maximum`` is the top times
the section's boards, and the percentage is that total *as printed*, to two
decimals, of the maximum: the ranking is on it.

**The KoPS and BBO conventions** read a TD's average (a row artificial on both
sides, ``A60/40``) as one that is not a result on the board, ``NP A60/40``: the
board's real results are scored among themselves (factored to ``E`` like any board
with an ``NP``) and the average gets its percentage of that top.  Which averages:
BBO every one; KoPS (and JFR Pary) those at the table of an absent pair, a pair with
no real result all session, which is then not ranked (an ``A+/A+`` where both pairs
were there stays a result).  Typed ``NP A60/40``, the row is read so under any
convention: the conventions only say how an average typed plainly is read.

**A+, A- and Bye** (Law 12C2(c); the A+/A- note).  On the board an A+ is
``settings.aplus`` percent of the top (60%) and an A- ``settings.aminus``
(40%); at the end each pair's A+ boards are raised to its own percentage on
the rest of the session when that is better, its A- boards lowered when it is
worse, and a Bye (a :class:`~xlbridge.event.Play` against
:data:`~xlbridge.event.BYE`) gets the percentage after that, by
:mod:`xlbridge.avplus` (``mainstream`` or ``magic``).  IMP events use the same
rule in IMPs (A+ = +3 IMPs per comparison).  Any other artificial score (A=,
A60/40 typed as a fixed ruling) is a fixed score.

**A pair absent from a round** (EBU White Book 2.4.5; JFR Pary's ``60/0``):
``NP A60/0`` (or ``NP A+/A-``) says the board was not played at that table,
so it is not a result on the board (:func:`~xlbridge.result.counts_as_result`):
the board had one result fewer and is scored like a board with an ``NP``
(factored to ``E``), and it does not count towards "max played".  Its two
pairs are scored as the artificial scores say, of the full top, and the board
counts in their maximum like any board they have a score on: the absent pair's
0% is a board scored 0.  An ``A+`` in it is settled by Law 12C2(c) as any other.

**Adjustments** (procedural penalties, negative, and awards, positive) change
only that pair's score.  One on a board the pair has a score on counts in its
score on that board, so it counts in the percentage that decides its A+ and
A- boards (the A+/A- note, step 1); one on an A+/A-/Bye board is added after that
board is settled; a session adjustment (no board), or one on a board the pair
has no score on, is added to its total.  ``MP`` adjustments are in the event's
units (matchpoints, or IMPs in an IMP event), ``%`` ones in percent of the top
(matchpoint events only).

**Fouled boards.**  A board whose plays carry more than one
:attr:`~xlbridge.event.Play.version` is scored version by version: each version
is matchpointed within itself and factored (Neuberg) to the board's full ``E``,
so the versions together carry the board's normal total (EBU, Nick Doe,
"Scoring of fouled boards").  A version of one to three results is treated
by ``settings.small_versions``: ``neuberg`` (factor it like the others),
``average`` (50% to each side), or ``ebu``, the EBU White Book 4.2.3.3 rule
(see :class:`~xlbridge.event.SmallVersions`; when the version is at most a third
of ``E``, each side gets 60% + 5% per matchpoint above the version's average,
65%/55% for two results, 70% to 50% for three).  In IMP events the EBU
percentages count as artificial scores (3 IMPs per 10%).  The ACBL leaves the
method to the tournament's regulations (Law 87B).

**Ranking.**  By percentage (matchpoints) or total IMPs, with exact ties
(``1=``, ``3=``).  ``settings.ranking = auto`` ranks NS and EW pairs apart
when no pair changed direction (a Mitchell) and all pairs together otherwise
(a Howell).

A whole session, checked by hand.  Three tables, so E = 3 and the top is 4.
Board 1: 450, 420, -50 score 4, 2, 0.  Board 2 has two real results (110
twice), factored by 3/2: each 110 scores 2; pair 3's A+ is 60% of 4 = 2.4
and stays so, its percentage elsewhere (0 of 4) being lower:

>>> from xlbridge.event import Event, Pair, Play
>>> from xlbridge.result import parse_result
>>> cells = {1: [("1", "4", 420), ("2", "5", 450), ("3", "6", -50)],
...          2: [("1", "5", 110), ("2", "6", 110), ("3", "4", "A+/A-")]}
>>> event = Event(
...     pairs=tuple(Pair(str(n)) for n in range(1, 7)),
...     plays=tuple(Play(b, ns, ew, parse_result(cell))
...                 for b, tables in cells.items() for ns, ew, cell in tables))
>>> result = score_event(event)
>>> [(p.rank, str(p.pair.label), str(p.total), str(p.percentage)) for p in result.field("NS")]
[('1', '2', '6', '75'), ('2', '1', '4', '50'), ('3', '3', '12/5', '30')]
"""

from __future__ import annotations

import math
import operator
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import NamedTuple

from xlbridge.avplus import settle_imps
from xlbridge.board import FrequencyLine, artificial_imps, matchpoint_top, score_board
from xlbridge.codes import Code
from xlbridge.direction import Direction
from xlbridge.errors import BoardError, ScoringError
from xlbridge.event import (
    BYE,
    Adjustment,
    AdjustmentUnit,
    Event,
    Pair,
    PairLabel,
    Play,
    Ranking,
    ScoringForm,
    Settings,
)
from xlbridge.exact import quote, round_half_away
from xlbridge.pair import natural_key
from xlbridge.places import Problem
from xlbridge.result import (
    Artificial,
    Result,
    Row,
    Side,
)
from xlbridge.scored import BoardResult, EventResult, PairBoard, PairResult, ScoredPlay
from xlbridge.settings import AvplusMethod, ScoringConvention

__all__ = [
    "absent_pairs",
    "rank_labels",
    "score_event",
    "score_players",
]

#: What a pair scores on one board before Law 12C2(c) settles it: a number,
#: a code still to settle (``A+``, ``A-``, ``BYE``: :attr:`Code.settled_last`), or
#: ``None`` (no score).
_Figure = Fraction | Code | None


def _exact_order(value: Fraction | int) -> tuple[float, Fraction | int]:
    """A sort key ordering values exactly as they are, comparing floats where they differ.

    Rounding to a float never reverses an order, so values whose floats
    differ are ordered by them; values with one float are compared exactly.
    """
    return float(value), value


def rank_labels(scores: Sequence[Fraction]) -> list[str]:
    """The rank of each score, highest first; equal scores share a rank marked ``=``.

    >>> rank_labels([Fraction(55), Fraction(60), Fraction(55), Fraction(40)])
    ['2=', '1', '2=', '4']
    """
    # Equal scores are neighbours once sorted: compared, never hashed (a Fraction's hash is slow).
    keys = [_exact_order(score) for score in scores]
    order = sorted(range(len(scores)), key=keys.__getitem__, reverse=True)
    labels = [""] * len(scores)
    start = 0
    while start < len(order):
        end = start + 1
        while end < len(order) and scores[order[end]] == scores[order[start]]:
            end += 1
        label = f"{start + 1}=" if end - start > 1 else str(start + 1)
        for position in range(start, end):
            labels[order[position]] = label
        start = end
    return labels


def score_event(event: Event, *, boards: bool = True) -> EventResult:
    """Score every board of ``event`` across its field and rank the pairs.

    ``boards=False`` leaves out the per-board results (``EventResult.boards``
    is empty: no frequency tables are built), for a caller that reads only
    the pairs' results, such as a merge's club rankings; the pairs' results
    are the same.

    Raises :class:`~xlbridge.errors.ScoringError` (every problem found, one a
    line, each naming the play's ``source``) for a pair twice on a board, a
    pair against itself, an unknown pair or more results than expected.
    """
    _validate(event)
    event, absent = _read_averages(event)
    return _scored(event, event.pairs, None, boards, absent)


def score_players(
    event: Event,
    players: Sequence[Pair],
    members: Mapping[PairLabel, tuple[PairLabel, PairLabel]],
    *,
    boards: bool = True,
) -> EventResult:
    """Score an individual event: ``event``'s pairs are its partnerships, and ``members``
    names each partnership's two players; every board is scored as for pairs, and each
    of ``players`` gets the score of the partnership it sat in on each board it played.

    The players are ranked in one field, and Law 12C2(c) settles each player's A+, A-
    and byes on that player's own percentage; ``event.adjustments`` name players.  The
    result's ``pairs`` are the players (each a :class:`~xlbridge.event.Pair` of one)
    and its ``event`` holds them as its pairs.  A play's settled scores on its board are
    those of the partner listed first in ``players`` (two partners' A+ boards may settle
    differently: each player's own board shows its own).
    :mod:`xlbridge.individual` builds the partnerships and checks the seats first.
    """
    labels = {pair.label for pair in players}
    unknown = [a for a in event.adjustments if a.pair not in labels]
    if unknown:
        raise ScoringError(
            "\n".join(
                str(
                    Problem(
                        a.source,
                        f"adjustment for player {quote(str(a.pair))}, who is not in the players "
                        "list",
                    )
                )
                for a in unknown
            )
        )
    _validate(replace(event, adjustments=()))
    settings = replace(event.settings, ranking=Ranking.ONE_FIELD)
    seated = replace(event, pairs=tuple(players), settings=settings)
    return _scored(seated, tuple(players), members, boards)


def _scored(
    event: Event,
    holders: Sequence[Pair],
    members: Mapping[PairLabel, tuple[PairLabel, PairLabel]] | None,
    boards: bool,
    absent: frozenset[PairLabel] = frozenset(),
) -> EventResult:
    """The event scored, each of ``holders`` getting its entries (a pair's, or with
    ``members`` each player's partnership's)."""
    settings = event.settings  # checked when it was made (xlbridge.settings)
    expected = settings.expected or _max_played(event.plays)
    figures, groups = _score_boards(event.plays, expected, settings, boards)
    units = _Units.of(settings, expected)
    entries = _entries(event.plays, figures)
    if members is not None:
        entries = _players_entries(entries, members)
    adjustments = _adjustments(event, units)
    # each play's settled NS and EW score by its index (int keys: no enum hashing)
    settled: tuple[dict[int, Fraction], dict[int, Fraction]] = ({}, {})
    pairs: list[PairResult] = []
    for pair in holders:
        own = sorted(entries.get(pair.label, []), key=_BOARD_ORDER)
        result = _pair_result(pair, own, adjustments.get(pair.label, []), units, settings)
        pairs.append(result)
        for entry, scored in zip(own, result.boards, strict=True):
            settled[entry.direction is Direction.EW].setdefault(entry.play, scored.score)
    ranked = _rank(pairs, settings, units, absent)
    board_results = tuple(
        _board_result(group, event.plays, settled, expected) for group in (groups if boards else ())
    )
    return EventResult(event, expected, units.top, board_results, ranked)


def _players_entries(
    entries: dict[PairLabel, list[_Entry]],
    members: Mapping[PairLabel, tuple[PairLabel, PairLabel]],
) -> dict[PairLabel, list[_Entry]]:
    """Each partnership's entries, given to both its players."""
    found: dict[PairLabel, list[_Entry]] = defaultdict(list)
    for partnership, own in entries.items():
        for player in members[partnership]:
            found[player].extend(own)
    return found


# --- validation -------------------------------------------------------------


def _in_play(play: Play) -> bool:
    """A row that puts its pairs on the board: a result, NP, or a bye (blank rows do not)."""
    return play.result is not None or play.is_bye


def _validate(event: Event) -> None:
    """Every problem with the event's pairs and plays, raised together."""
    problems: list[tuple[type[ScoringError], Problem]] = []
    labels: set[PairLabel] = set()
    for pair in event.pairs:
        if pair.label in labels:
            problems.append(
                (ScoringError, Problem(pair.source, f"pair {pair.label} is listed twice"))
            )
        labels.add(pair.label)
    seen: dict[tuple[int, PairLabel], Play] = {}
    results: Counter[int] = Counter()
    expected = event.settings.expected
    for play in event.plays:
        if not _in_play(play):
            continue
        problems.extend(_play_problems(play, labels, seen))
        if play.counts:
            results[play.board] += 1
            if expected is not None and results[play.board] == expected + 1:
                problems.append(
                    (
                        BoardError,
                        Problem(
                            play.source,
                            f"board {play.board} has more results than the {expected} expected",
                        ),
                    )
                )
    for adjustment in event.adjustments:
        if adjustment.pair not in labels:
            problems.append(
                (
                    ScoringError,
                    Problem(
                        adjustment.source,
                        f"adjustment for pair {quote(str(adjustment.pair))}, which is not in the "
                        "pairs list",
                    ),
                )
            )
    if problems:
        kinds = {kind for kind, _ in problems}
        kind = kinds.pop() if len(kinds) == 1 else ScoringError
        raise kind("\n".join(str(problem) for _, problem in problems))


def _play_problems(
    play: Play, labels: set[PairLabel], seen: dict[tuple[int, PairLabel], Play]
) -> list[tuple[type[ScoringError], Problem]]:
    where, board = play.source, play.board
    problems: list[tuple[type[ScoringError], Problem]] = []
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        problems.append((BoardError, Problem(where, f"board {quote(board)} is not a board number")))
    if play.ns.is_bye and play.ew.is_bye:
        problems.append(
            (BoardError, Problem(where, f"board {board}: a bye needs a pair on one side"))
        )
    if play.ns == play.ew and not play.ns.is_bye:
        problems.append(
            (BoardError, Problem(where, f"pair {play.ns} plays against itself on board {board}"))
        )
    for side, label in (("NS", play.ns), ("EW", play.ew)):
        if label.is_bye:
            continue
        if not label.strip():
            problems.append((ScoringError, Problem(where, f"board {board} has no {side} pair")))
        elif label not in labels:
            problems.append(
                (
                    ScoringError,
                    Problem(
                        where, f"pair {quote(str(label))} on board {board} is not in the pairs list"
                    ),
                )
            )
        if (board, label) in seen and play.ns != play.ew:
            first = seen[board, label].source
            also = f" (also at {first})" if first else ""
            problems.append(
                (BoardError, Problem(where, f"pair {label} is on board {board} twice{also}"))
            )
        seen.setdefault((board, label), play)
    return problems


def absent_pairs(event: Event) -> frozenset[PairLabel]:
    """The pairs of ``event`` with no real result: every row of theirs is an average
    (:func:`~xlbridge.result.is_average`), ``NP``, ``NP A60/0`` or a bye, or they have none.
    Under the KoPS convention such a pair was absent all session (JFR Pary's pair 24)."""
    real = {
        label
        for play in event.plays
        if play.counts and not play.is_average
        for label in (play.ns, play.ew)
    }
    return frozenset(pair.label for pair in event.pairs if pair.label not in real)


def _read_averages(event: Event) -> tuple[Event, frozenset[PairLabel]]:
    """``event`` with its averages read as its convention reads them, and the pairs it does
    not rank (:class:`~xlbridge.settings.ScoringConvention`).

    KoPS: the average at an absent pair's table (:func:`absent_pairs`) is not a result on
    the board, and the absent pair is not ranked.  BBO: no average is a result on its
    board.  Either way the row is read as ``NP A60/40``
    (:func:`~xlbridge.result.average_not_counted`), so the one rule for such a row (its
    board scored among its real results, :class:`~xlbridge.board.Board`) scores it.
    """
    convention = event.settings.convention
    if convention is ScoringConvention.BBO:
        return _with_plays(event, lambda play: True), frozenset()
    if convention is ScoringConvention.KOPS:
        absent = absent_pairs(event)
        return _with_plays(event, lambda play: play.ns in absent or play.ew in absent), absent
    return event, frozenset()


def _with_plays(event: Event, chosen: Callable[[Play], bool]) -> Event:
    """``event`` with the averages of the ``chosen`` plays read as not results."""
    plays = tuple(play.average_not_counted() if chosen(play) else play for play in event.plays)
    if all(new is old for new, old in zip(plays, event.plays, strict=True)):
        return event
    return replace(event, plays=plays)


def _max_played(plays: Iterable[Play]) -> int:
    counts = Counter(p.board for p in plays if p.counts)
    if not counts:
        raise ScoringError("no board has a result: there is nothing to score")
    return max(counts.values())


# --- boards -----------------------------------------------------------------


@dataclass(frozen=True)
class _Group:
    """The plays (by index) of one board, or of one version of a fouled board."""

    board: int
    version: str
    indices: tuple[int, ...]
    fouled: bool
    #: the results it had, counted once, when its :class:`~xlbridge.board.Board` was made
    results: int = 0
    #: the frequency tables printed (the NS and the EW lines; none without a result, or
    #: when the boards are not asked for), from the table the scores come from
    lines: tuple[tuple[FrequencyLine, ...], tuple[FrequencyLine, ...]] = field(
        default=((), ()), compare=False
    )
    #: a Butler board's datums (of the NS and the EW table), with its printed tables
    datums: tuple[Fraction, Fraction] | None = field(default=None, compare=False)


def _score_boards(
    plays: Sequence[Play], expected: int, settings: Settings, printed: bool
) -> tuple[dict[int, tuple[_Figure, _Figure]], list[_Group]]:
    """Each play's (NS, EW) figure by index, and the groups of plays scored together (with
    their frequency tables when ``printed``)."""
    groups: dict[tuple[int, str], list[int]] = defaultdict(list)
    figures: dict[int, tuple[_Figure, _Figure]] = {}
    for index, play in enumerate(plays):
        if play.is_bye:
            figures[index] = (None, Code.BYE) if play.ns.is_bye else (Code.BYE, None)
        elif play.result is not None:
            groups[play.board, play.version].append(index)
    versions = Counter(board for board, _ in groups)
    ordered = sorted(groups.items(), key=lambda item: (item[0][0], natural_key(item[0][1])))
    found = [_Group(b, v, tuple(indices), versions[b] > 1) for (b, v), indices in ordered]
    scored: list[_Group] = []
    for group in found:
        rows = [plays[i].result for i in group.indices]
        group_figures, group = _group_figures(group, rows, expected, settings, printed)
        figures.update(zip(group.indices, group_figures, strict=True))
        scored.append(group)
    return figures, scored


def _group_figures(
    group: _Group, rows: Sequence[Row], expected: int, settings: Settings, printed: bool
) -> tuple[list[tuple[_Figure, _Figure]], _Group]:
    """The (NS, EW) figures of one board or one version of a fouled board, and ``group``
    with the results it had and, when ``printed``, its frequency tables
    (:func:`~xlbridge.board.score_board`: the board is made, and its rows counted, once).
    A side that Law 12C2(c) settles at the end keeps its code, whatever the board gives."""
    if not any(isinstance(row, Result) for row in rows):
        return [(None, None)] * len(rows), group
    codes = [
        (_code(row.ns, settings), _code(row.ew, settings)) if isinstance(row, Result) else None
        for row in rows
    ]
    scored = score_board(rows, expected, settings, fouled=group.fouled, printed=printed)
    figures: list[tuple[_Figure, _Figure]] = []
    for code, value in zip(codes, scored.figures, strict=True):
        if value is None or code is None:
            figures.append((None, None))
        else:
            figures.append((code[0] or value[0], code[1] or value[1]))
    return figures, replace(group, results=scored.results, lines=scored.lines, datums=scored.datums)


def _code(side: Side, settings: Settings) -> Code | None:
    """``A+`` or ``A-`` for a side that Law 12C2(c) settles at the end: one typed so, or a
    percentage typed that is the Settings' A+ or A- (``A60`` while A+ is 60%)."""
    if not isinstance(side, Artificial):
        return None
    code = side.average(settings.aplus, settings.aminus)
    return code if code is not None and code.settled_last else None


def _board_result(
    group: _Group,
    plays: Sequence[Play],
    settled: tuple[dict[int, Fraction], dict[int, Fraction]],
    expected: int,
) -> BoardResult:
    ns, ew = settled
    scored = tuple(ScoredPlay(plays[i], ns.get(i), ew.get(i)) for i in group.indices)
    # The printed tables are those the scores came from (see _group_figures).
    return BoardResult(
        group.board, group.version, expected, group.results, scored, *group.lines, group.datums
    )


# --- pairs ------------------------------------------------------------------


class _Entry(NamedTuple):  # a quarter of a million in a merged field: a tuple is built fastest
    """A pair on a board: its direction, opponent and figure; ``play``: its index in the plays."""

    board: int
    version: str
    direction: Direction
    opponent: PairLabel
    figure: Fraction | Code
    play: int


#: An entry's sort key: by board, then version.
_BOARD_ORDER = operator.itemgetter(0, 1)


def _entries(
    plays: Sequence[Play], figures: dict[int, tuple[_Figure, _Figure]]
) -> dict[PairLabel, list[_Entry]]:
    entries: dict[PairLabel, list[_Entry]] = defaultdict(list)
    for index, (ns, ew) in figures.items():
        play = plays[index]
        for label, opponent, direction, figure in (
            (play.ns, play.ew, Direction.NS, ns),
            (play.ew, play.ns, Direction.EW, ew),
        ):
            if figure is not None and not label.is_bye:
                shown = BYE if opponent.is_bye else opponent
                entries[label].append(
                    _Entry(play.board, play.version, direction, shown, figure, index)
                )
    return entries


@dataclass(frozen=True)
class _Units:
    """The event's scoring units: the top (matchpoints) and the A+/A- levels per board.

    Law 12C2(c) is settled by :func:`~xlbridge.avplus.settle_imps` in
    units relative to ``centre`` (half the top for matchpoints, 0 IMPs): the
    rule is the same in any linear unit, and this way a penalised board below
    0 or an award above the top is still a score.
    """

    top: int | None
    centre: Fraction
    plus: Fraction
    minus: Fraction

    @classmethod
    def of(cls, settings: Settings, expected: int) -> _Units:
        if settings.form is ScoringForm.MATCHPOINTS:
            top = matchpoint_top(expected, settings.scale)
            centre = Fraction(top, 2)
            plus = settings.aplus * top / 100 - centre
            minus = settings.aminus * top / 100 - centre
            return cls(top, centre, plus, minus)
        per_board = Fraction(1)  # the comparisons an artificial score's IMPs are counted over
        if settings.form is ScoringForm.CROSS_IMPS:
            per_board = Fraction(expected - 1, settings.cross_divide_by.divisor(expected))
        return cls(
            None,
            Fraction(0),
            artificial_imps(settings.aplus) * per_board,
            artificial_imps(settings.aminus) * per_board,
        )


def _adjustments(event: Event, units: _Units) -> dict[str, list[tuple[int | None, Fraction]]]:
    """Each pair's adjustments as (board or None, amount in the event's units)."""
    found: dict[str, list[tuple[int | None, Fraction]]] = defaultdict(list)
    for adjustment in event.adjustments:
        found[adjustment.pair].append((adjustment.board, _amount(adjustment, units)))
    return found


def _amount(adjustment: Adjustment, units: _Units) -> Fraction:
    amount = Fraction(adjustment.amount)
    if adjustment.unit is not AdjustmentUnit.PERCENT_OF_TOP:
        return amount
    if units.top is None:
        raise ScoringError(
            f"an adjustment of {adjustment.amount}% of a top needs a matchpoint event: give "
            "IMPs (unit MP) in an IMP event",
            adjustment.source,
        )
    return amount * units.top / 100


def _pair_result(
    pair: Pair,
    entries: list[_Entry],
    adjustments: list[tuple[int | None, Fraction]],
    units: _Units,
    settings: Settings,
) -> PairResult:
    scored_boards = {e.board for e in entries}
    on_board: dict[int, Fraction] = {}
    session = _ZERO
    for board, amount in adjustments:
        if board is not None and board in scored_boards:
            on_board[board] = on_board.get(board, _ZERO) + amount
        else:
            session += amount
    figures = [e.figure for e in entries]
    values: list[Fraction | Code] = (
        [
            figure + on_board[e.board]
            if e.board in on_board and isinstance(figure, Fraction)
            else figure
            for e, figure in zip(entries, figures, strict=True)
        ]
        if on_board
        else figures
    )
    settled = _settle(values, units, settings.avplus_method)
    if on_board:
        scores = [
            score - on_board[e.board]
            if e.board in on_board and isinstance(e.figure, Fraction)
            else score
            for e, score in zip(entries, settled, strict=True)
        ]
    else:
        scores = settled
    boards = tuple(
        PairBoard(
            e.board,
            e.version,
            e.direction,
            e.opponent,
            str(figure) if isinstance(figure, Code) else "",
            score,
            on_board.get(e.board, _ZERO),
        )
        for e, figure, score in zip(entries, figures, scores, strict=True)
    )
    # The total, exactly, with one reduction; the (mostly zero) adjustments only where made.
    total = _exact_sum([session, *scores, *on_board.values()])
    count = len(boards)
    maximum = percentage = average = None
    if units.top is not None and count:
        maximum = Fraction(units.top * count)
        percentage = 100 * total / maximum if maximum else Fraction(50)
    if count:
        average = total / count
    return PairResult(pair, "", boards, session, total, maximum, percentage, average, None, "")


_ZERO = Fraction(0)


def _exact_sum(values: list[Fraction]) -> Fraction:
    """``sum(values)``, exactly, with one reduction (numerators over a common denominator)."""
    common = math.lcm(*(value.denominator for value in values))
    return Fraction(sum(v.numerator * (common // v.denominator) for v in values), common)


def _settle(values: list[Fraction | Code], units: _Units, method: AvplusMethod) -> list[Fraction]:
    """Law 12C2(c) for one pair's boards (numbers and A+/A-/BYE codes)."""
    if not any(isinstance(v, Code) for v in values):
        return [v for v in values if isinstance(v, Fraction)]
    centred = [v - units.centre if isinstance(v, Fraction) else v for v in values]
    result = settle_imps(centred, method, units.plus, units.minus)
    return [units.centre + s for s in result.scores if s is not None]


def _rank(
    pairs: list[PairResult],
    settings: Settings,
    units: _Units,
    absent: frozenset[PairLabel] = frozenset(),
) -> tuple[PairResult, ...]:
    fields = _fields(pairs, settings.ranking)
    most: dict[str, int] = {}  # the most boards any pair of each field played
    for p in pairs:
        field = fields[p.pair.label]
        most[field] = max(most.get(field, 0), len(p.boards))
    acbl = settings.convention is ScoringConvention.ACBL
    section = len({entry.board for p in pairs for entry in p.boards})
    scored: list[PairResult] = []
    for p in pairs:
        if not p.boards or p.pair.label in absent:  # not ranked
            scored.append(replace(p, field=fields[p.pair.label], score=None))
            continue
        if acbl and units.top is not None:
            scored.append(replace(_acbl(p, section, units.top), field=fields[p.pair.label]))
            continue
        factor = Fraction(most[fields[p.pair.label]], len(p.boards))
        scaled = p.total * factor if settings.factor_fewer_boards else None
        if units.top is not None:
            score = p.percentage
        elif scaled is not None:
            score = scaled
        else:
            score = p.total
        scored.append(replace(p, field=fields[p.pair.label], score=score, scaled_total=scaled))
    ranked: list[PairResult] = []
    for name in ("NS", "EW", ""):
        members = [p for p in scored if p.field == name and p.score is not None]
        labels = rank_labels([p.score for p in members if p.score is not None])
        with_rank = [replace(p, rank=r) for p, r in zip(members, labels, strict=True)]
        with_rank.sort(key=lambda p: p.pair.label.sort_key)
        with_rank.sort(key=lambda p: _exact_order(p.score or 0), reverse=True)  # stable
        ranked.extend(with_rank)
    ranked.extend(
        sorted((p for p in scored if p.score is None), key=lambda p: p.pair.label.sort_key)
    )
    return tuple(ranked)


#: ACBLscore prints a total to two decimals.
_HUNDREDTH = Fraction(1, 100)


def _acbl(pair: PairResult, section: int, top: int) -> PairResult:
    """``pair`` as ACBLscore prints it: its total scaled to the ``section``'s boards, and
    the percentage of that total as printed (two decimals), ranked on.

    A pair who played 24 of 26 boards with 156.5 matchpoints on a top of 11: 156.5 x
    26/24 = 169.5417, printed 169.54, of 11 x 26 = 286: 59.28%.
    """
    scaled = pair.total * section / len(pair.boards)
    maximum = Fraction(top * section)
    printed = round_half_away(scaled, _HUNDREDTH)
    percentage = 100 * printed / maximum if maximum else Fraction(50)
    return replace(
        pair, maximum=maximum, percentage=percentage, score=percentage, scaled_total=scaled
    )


_DIRECTION = operator.attrgetter("direction")


def _fields(pairs: list[PairResult], ranking: Ranking) -> dict[str, str]:
    """The field each pair is ranked in."""
    directions = {p.pair.label: Counter(map(_DIRECTION, p.boards)) for p in pairs}
    if ranking is Ranking.ONE_FIELD or (
        ranking is Ranking.AUTO and any(len(d) > 1 for d in directions.values())
    ):
        return dict.fromkeys(directions, "")
    fields: dict[str, str] = {}
    for label, counts in directions.items():
        if not counts:
            fields[label] = ""
        else:
            fields[label] = "EW" if counts[Direction.EW] > counts[Direction.NS] else "NS"
    return fields
