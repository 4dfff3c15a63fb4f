"""Teams of four: a board's IMPs from both rooms, matches in IMPs and VPs, the ranking, the draw.

A match is played in two rooms.  In the open room the home team sits North-South,
in the closed room the away team does; a traveller row holds both rooms' results,
each from North-South's point of view, as the pairs travellers do.

**A board's IMPs.**  The home team scores ``open NS - closed NS`` on the WBF IMP
scale (:func:`xlbridge.board.teams_imps`).  A weighted result in either room is
weighted in IMPs, component by component, and rounded to whole IMPs: 60% 420 and
40% -50 against 140 is 4.2 - 2 = 2.2, so 2 IMPs (the EBU's *Calculation of
Weighted Scores*, section 3).  A split (non-balancing) result scores each
team with its own side: home with the open room's NS side and the closed
room's EW side, away with the other two, so the two teams' IMPs need not
balance.  An artificial adjusted score in either room
is the board's score for the match: average plus is +3 IMPs and average minus
-3 (Law 86A), an explicit ``A60/40`` 3 IMPs for each 10% from average; with an
artificial score in both rooms the two rooms' IMPs are added.  ``NP`` in either
room: the board was not played in the match and scores 0 IMPs to both teams.

**A match.**  Its IMPs are the sum of its boards' IMPs (an IMP penalty is taken
from the offending team's margin), converted on the event's VP scale
(:attr:`TeamsSettings.vp_scale`, :mod:`xlbridge.scales`) for the match's length:
by default the WBF continuous 20-VP scale, two decimals, the two teams summing
to 20.  A bye scores :attr:`TeamsSettings.bye_vps`.

**The ranking** is by victory points (less VP penalties).  Ties are broken as in
the Contract Bridge Association of Ireland's *Breaking Ties in Team
Competitions*: first the matches between the tied teams, when every one of them
has played every other (VPs, then IMPs, in those matches), then the IMP quotient
(IMPs won / IMPs lost over all matches).  A tie still left is shared.

**The Swiss draw** (:func:`swiss_draw`): teams in ranking order; with an odd
number, the lowest-ranked team that has not yet had a bye sits out (a team gets
no second bye: FIDE Handbook C.04.1, Basic rules for Swiss Systems, rules c and
d); then the top team plays the next team it has not met, moving down when they
have met, and so on down the list, going back a step whenever the teams left
could not all be paired without a repeat.  The first round is drawn the same way
from the team numbers: 1 v 2, 3 v 4, ...
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from xlbridge.board import artificial_imps, teams_imps
from xlbridge.errors import ScoringError
from xlbridge.exact import format_date
from xlbridge.places import Problem
from xlbridge.result import Artificial, NotPlayed, Result, Row, Side, format_result
from xlbridge.scales import WBF_CONTINUOUS, VpScale

__all__ = [
    "TIE_BREAK_RULE",
    "BoardImps",
    "Match",
    "MatchResult",
    "Penalty",
    "Standing",
    "Team",
    "TeamsEvent",
    "TeamsResult",
    "TeamsSettings",
    "board_imps",
    "played_matches",
    "rank_teams",
    "repeated_meetings",
    "round_robin",
    "score_match",
    "score_teams",
    "swiss_draw",
]

#: The published tie-break procedure the ranking follows.
TIE_BREAK_RULE = (
    "ties broken as in the CBAI's Breaking Ties in Team Competitions: matches between "
    "the tied teams (VPs, then IMPs) when all of them have met, then the IMP quotient"
)

#: The default VPs for a bye, on the 20-VP scale (a setting).
BYE_VPS = Fraction(12)


@dataclass(frozen=True)
class Team:
    """A team: its number, name, players (name, national number) and withdrawal."""

    number: int
    name: str
    players: tuple[tuple[str, str], ...] = ()
    #: The last round the team played before it withdrew; ``None``: still playing.
    withdrawn_after: int | None = None


@dataclass(frozen=True)
class Match:
    """One match of a round; ``away`` is ``None`` for a bye."""

    round: int
    table: int | None
    home: int
    away: int | None
    boards: tuple[int, ...]


@dataclass(frozen=True)
class BoardImps:
    """One board of a match: both rooms' results and each team's IMPs.

    ``home`` and ``away`` are ``None`` while either room's result is missing.
    """

    board: int
    open_room: Row
    closed_room: Row
    home: Fraction | None
    away: Fraction | None


@dataclass(frozen=True)
class Penalty:
    """A penalty on a team: IMPs (from a round's match margin) or VPs (from its total)."""

    team: int
    round: int | None
    imps: Fraction = Fraction(0)
    vps: Fraction = Fraction(0)
    reason: str = ""


@dataclass(frozen=True)
class TeamsSettings:
    """How a teams event is scored."""

    boards_per_match: int
    bye_vps: Fraction = BYE_VPS
    #: The scale each match's IMP margins are converted on (Settings' "VP scale").
    vp_scale: VpScale = WBF_CONTINUOUS


@dataclass(frozen=True)
class TeamsEvent:
    """A teams event: teams, matches, and the results of each match's boards.

    ``results`` maps (round, home team) to each board's (open room, closed room).
    """

    name: str
    teams: tuple[Team, ...]
    matches: tuple[Match, ...]
    results: Mapping[tuple[int, int], Mapping[int, tuple[Row, Row]]]
    settings: TeamsSettings
    penalties: tuple[Penalty, ...] = ()
    #: the day it was played (the Settings sheet's *Date*), when known
    date: dt.date | None = None


@dataclass(frozen=True)
class MatchResult:
    """A match scored: its boards, each team's IMPs won and margin, and VPs.

    ``complete`` is False while a board of the match has no result in a room;
    the IMPs and VPs are then those of the boards played so far.
    """

    match: Match
    boards: tuple[BoardImps, ...]
    home_imps: Fraction
    away_imps: Fraction
    home_margin: Fraction
    away_margin: Fraction
    home_vps: Fraction
    away_vps: Fraction
    complete: bool

    def vps_of(self, team: int) -> Fraction:
        return self.home_vps if team == self.match.home else self.away_vps

    def imps_of(self, team: int) -> tuple[Fraction, Fraction]:
        """(IMPs won, IMPs lost) by ``team`` in the match."""
        if team == self.match.home:
            return self.home_imps, self.away_imps
        return self.away_imps, self.home_imps

    def opponent(self, team: int) -> int | None:
        return self.match.away if team == self.match.home else self.match.home


@dataclass(frozen=True)
class Standing:
    """A team's place: rank (``"3="`` when shared), VPs, IMPs won and lost."""

    team: Team
    rank: int
    shared: bool
    vps: Fraction
    penalty_vps: Fraction
    played: int
    imps_won: Fraction
    imps_lost: Fraction
    decided_by: str = ""

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.shared else str(self.rank)

    @property
    def quotient(self) -> Fraction | None:
        """IMPs won / IMPs lost; ``None`` when none were lost."""
        return None if self.imps_lost == 0 else self.imps_won / self.imps_lost


@dataclass(frozen=True)
class TeamsResult:
    """A teams event scored: every match, the ranking."""

    event: TeamsEvent
    matches: tuple[MatchResult, ...]
    standings: tuple[Standing, ...]
    #: the matches with a board still to come, each a problem at its match
    warnings: tuple[Problem, ...] = field(default=())

    @property
    def provisional(self) -> str:
        """What is still to come ("" when every match drawn is finished).

        While a match has a board with no result in a room its IMPs and VPs
        are those of the boards played so far, and every output says the
        figures are provisional.
        """
        waiting = sum(1 for m in self.matches if m.match.away is not None and not m.complete)
        if not waiting:
            return ""
        return f"{waiting} {'match' if waiting == 1 else 'matches'} not finished"

    @property
    def title(self) -> str:
        """The name and date as a heading, as a pairs night's: ``Swiss teams, 12 March 2024``
        (``Teams`` when it has no name), marked while results are to come."""
        name = self.event.name or "Teams"
        day = self.event.date
        return self.marked(f"{name}, {format_date(day)}" if day else name)

    def marked(self, text: str) -> str:
        """``text``, marked provisional while results are to come."""
        return f"{text} (PROVISIONAL: {self.provisional})" if self.provisional else text

    def frequencies(self) -> dict[int, list[tuple[str, int]]]:
        """Each board's results across the room (both rooms of every match), most common first."""
        counts: dict[int, dict[str, int]] = defaultdict(dict)
        for match in self.matches:
            for board in match.boards:
                for row in (board.open_room, board.closed_room):
                    if row is None:
                        continue
                    text = format_result(row)
                    counts[board.board][text] = counts[board.board].get(text, 0) + 1
        return {
            board: sorted(found.items(), key=lambda item: (-item[1], _score_key(item[0])))
            for board, found in sorted(counts.items())
        }


def _score_key(text: str) -> tuple[int, str]:
    try:
        return (-int(text), "")
    except ValueError:
        return (1 << 20, text)


# --- a board ---------------------------------------------------------------------------------


def board_imps(open_room: Row, closed_room: Row) -> tuple[Fraction, Fraction] | None:
    """(home IMPs, away IMPs) for a board; ``None`` while a room has no result.

    >>> from xlbridge.result import parse_result
    >>> board_imps(parse_result("60% 420; 40% -50"), parse_result(140))
    (Fraction(2, 1), Fraction(-2, 1))
    >>> board_imps(parse_result("A+/A-"), parse_result(620))
    (Fraction(3, 1), Fraction(-3, 1))
    """
    if open_room is None or closed_room is None:
        return None
    if isinstance(open_room, NotPlayed) or isinstance(closed_room, NotPlayed):
        return Fraction(0), Fraction(0)
    # Home sits NS in the open room and EW in the closed room.
    home_sides = (open_room.ns, closed_room.ew)
    away_sides = (closed_room.ns, open_room.ew)
    if _has_artificial(open_room) or _has_artificial(closed_room):
        return _artificial_total(home_sides), _artificial_total(away_sides)
    return _real(*home_sides), _real(*away_sides)


def _has_artificial(row: Result) -> bool:
    return isinstance(row.ns, Artificial) or isinstance(row.ew, Artificial)


def _artificial_total(sides: tuple[Side, Side]) -> Fraction:
    # 3 IMPs for each 10% from average: A+ +3, A- -3 (Law 86A).
    return sum(
        (artificial_imps(s.percent) for s in sides if isinstance(s, Artificial)), Fraction(0)
    )


def _real(own: Side, other: Side) -> Fraction:
    assert not isinstance(own, Artificial) and not isinstance(other, Artificial)
    return teams_imps(own, other)


# --- matches ---------------------------------------------------------------------------------


def score_match(
    match: Match,
    results: Mapping[int, tuple[Row, Row]],
    settings: TeamsSettings,
    penalties: Iterable[Penalty] = (),
) -> MatchResult:
    """A match's boards, IMPs and VPs (IMP penalties of its round taken off the margins)."""
    if match.away is None:
        return MatchResult(
            match,
            (),
            Fraction(0),
            Fraction(0),
            Fraction(0),
            Fraction(0),
            settings.bye_vps,
            Fraction(0),
            True,
        )
    boards = []
    for number in match.boards:
        open_room, closed_room = results.get(number, (None, None))
        imps = board_imps(open_room, closed_room)
        home, away = (None, None) if imps is None else imps
        boards.append(BoardImps(number, open_room, closed_room, home, away))
    home_won = sum((b.home for b in boards if b.home is not None and b.home > 0), Fraction(0))
    away_won = sum((b.away for b in boards if b.away is not None and b.away > 0), Fraction(0))
    home_margin = sum((b.home for b in boards if b.home is not None), Fraction(0))
    away_margin = sum((b.away for b in boards if b.away is not None), Fraction(0))
    for penalty in penalties:
        if penalty.round == match.round and penalty.imps:
            if penalty.team == match.home:
                home_margin -= penalty.imps
            elif penalty.team == match.away:
                away_margin -= penalty.imps
    length = len(match.boards) or settings.boards_per_match
    return MatchResult(
        match,
        tuple(boards),
        home_won,
        away_won,
        home_margin,
        away_margin,
        settings.vp_scale.points(home_margin, length),
        settings.vp_scale.points(away_margin, length),
        all(b.home is not None for b in boards),
    )


def score_teams(event: TeamsEvent) -> TeamsResult:
    """Every match of ``event`` scored, and the ranking."""
    numbers = {team.number for team in event.teams}
    for penalty in event.penalties:
        if penalty.team not in numbers:
            raise ScoringError(f"a penalty names team {penalty.team}, which is not on Teams")
    matches = tuple(
        score_match(
            match,
            event.results.get((match.round, match.home), {}),
            event.settings,
            event.penalties,
        )
        for match in sorted(
            event.matches, key=lambda m: (m.round, m.away is None, m.table or 0, m.home)
        )
    )
    warnings = tuple(problem for m in matches if (problem := _missing_results(m)))
    return TeamsResult(event, matches, rank_teams(event, matches), warnings)


def _missing_results(match: MatchResult) -> Problem | None:
    """A warning at ``match`` naming its boards without a result in a room, or ``None``."""
    missing = {
        room: [b.board for b in match.boards if getattr(b, f"{room}_room") is None]
        for room in ("open", "closed")
    }
    parts = [
        f"board{'s' if len(boards) > 1 else ''} {', '.join(map(str, boards))} "
        f"{'have' if len(boards) > 1 else 'has'} no result in the {room} room yet"
        for room, boards in missing.items()
        if boards
    ]
    if not parts:
        return None
    m = match.match
    return Problem(f"round {m.round} table {m.table} ({m.home} v {m.away})", "; ".join(parts))


def rank_teams(event: TeamsEvent, matches: Sequence[MatchResult]) -> tuple[Standing, ...]:
    """The ranking by VPs, ties broken by :data:`TIE_BREAK_RULE`.

    Only the matches played count: a match with no board scored yet (a round
    drawn, its results to come) is not a 10-10 draw, and a bye counts once
    another match of its round has a result.
    """
    matches = played_matches(matches)
    penalty_vps: dict[int, Fraction] = defaultdict(Fraction)
    for penalty in event.penalties:
        penalty_vps[penalty.team] += penalty.vps
    totals: dict[int, Fraction] = {}
    won: dict[int, Fraction] = {}
    lost: dict[int, Fraction] = {}
    played: dict[int, int] = {}
    for team in event.teams:
        n = team.number
        own = [m for m in matches if n in (m.match.home, m.match.away)]
        totals[n] = sum((m.vps_of(n) for m in own), Fraction(0)) - penalty_vps[n]
        won[n] = sum((m.imps_of(n)[0] for m in own), Fraction(0))
        lost[n] = sum((m.imps_of(n)[1] for m in own), Fraction(0))
        played[n] = sum(1 for m in own if m.match.away is not None)
    order, decided = _order(list(totals), totals, won, lost, matches)
    standings = []
    by_number = {team.number: team for team in event.teams}
    position = 0
    for group in order:
        rank = position + 1
        for n in group:
            standings.append(
                Standing(
                    by_number[n],
                    rank,
                    len(group) > 1,
                    totals[n],
                    penalty_vps[n],
                    played[n],
                    won[n],
                    lost[n],
                    decided.get(n, ""),
                )
            )
        position += len(group)
    return tuple(standings)


def played_matches(matches: Sequence[MatchResult]) -> list[MatchResult]:
    """The matches with a result on at least one board, and the byes of the rounds begun."""

    def played(match: MatchResult) -> bool:
        return any(board.home is not None for board in match.boards)

    begun = {m.match.round for m in matches if played(m)}
    return [m for m in matches if played(m) or (m.match.away is None and m.match.round in begun)]


def _order(
    teams: list[int],
    totals: Mapping[int, Fraction],
    won: Mapping[int, Fraction],
    lost: Mapping[int, Fraction],
    matches: Sequence[MatchResult],
) -> tuple[list[list[int]], dict[int, str]]:
    """Teams in ranking order as groups of teams still tied, and what decided each tie."""
    decided: dict[int, str] = {}
    groups: list[list[int]] = []
    for tied in _groups(teams, lambda n: totals[n]):
        if len(tied) == 1:
            groups.append(tied)
            continue
        for sub in _head_to_head(tied, matches, decided):
            if len(sub) == 1:
                groups.append(sub)
                continue
            by_quotient = _groups(sub, lambda n: _quotient_key(won[n], lost[n]))
            if len(by_quotient) > 1:
                for n in sub:
                    decided[n] = "IMP quotient"
            groups.extend(by_quotient)
    return groups, decided


def _quotient_key(won: Fraction, lost: Fraction) -> tuple[int, Fraction]:
    """A sort key for won / lost: IMPs won and none lost beats any quotient (more won first);
    none won and none lost counts as a quotient of 1."""
    if lost == 0:
        return (1, won) if won else (0, Fraction(1))
    return (0, won / lost)


def _groups(teams: Iterable[int], key: Callable[[int], Any]) -> list[list[int]]:
    """``teams`` in descending order of ``key(team)``, equal keys grouped (team number order)."""
    ordered = sorted(teams, key=lambda n: (_Descending(key(n)), n))
    groups: list[list[int]] = []
    for n in ordered:
        if groups and key(groups[-1][0]) == key(n):
            groups[-1].append(n)
        else:
            groups.append([n])
    return groups


@dataclass(frozen=True)
class _Descending:
    """A sort key that puts larger values first."""

    value: Any

    def __lt__(self, other: _Descending) -> bool:
        return bool(other.value < self.value)


def _head_to_head(
    tied: list[int], matches: Sequence[MatchResult], decided: dict[int, str]
) -> list[list[int]]:
    """Split ``tied`` by the matches among them, when every one has met every other."""
    among = [
        m
        for m in matches
        if m.match.away is not None and m.match.home in tied and m.match.away in tied
    ]
    met = {frozenset((m.match.home, m.match.away)) for m in among}
    if any(frozenset((a, b)) not in met for i, a in enumerate(tied) for b in tied[i + 1 :]):
        return [tied]
    vps: dict[int, Fraction] = defaultdict(Fraction)
    margin: dict[int, Fraction] = defaultdict(Fraction)
    for m in among:
        for n in (m.match.home, m.match.away):
            assert n is not None
            vps[n] += m.vps_of(n)
            margin[n] += m.home_margin if n == m.match.home else m.away_margin
    split = _groups(tied, lambda n: (vps[n], margin[n]))
    if len(split) > 1:
        for n in tied:
            decided[n] = "matches between the tied teams"
    return split


# --- draws -----------------------------------------------------------------------------------


def swiss_draw(
    order: Sequence[int], met: Iterable[Iterable[int]], had_bye: Iterable[int] = ()
) -> tuple[list[tuple[int, int]], int | None]:
    """The next Swiss round: matches (higher-ranked team first) and the team with the bye.

    ``order`` is the teams still playing, best first; ``met`` the pairs that
    have played each other.  No two teams meet again and no team has a second
    bye while a draw without either exists; when none does, the draw with the
    fewest repeat meetings (top-down otherwise) is made, as Swiss regulations
    allow, rather than stopping (:func:`repeated_meetings` names them).

    >>> swiss_draw([1, 2, 3, 4, 5], [(1, 2)], had_bye=[5])
    ([(1, 3), (2, 5)], 4)
    """
    played = {frozenset(pair) for pair in met}
    byes = set(had_bye)
    teams = list(order)
    if len(teams) < 2:
        raise ScoringError("a round needs at least two teams")
    candidates: list[int | None] = [None]
    if len(teams) % 2:  # a second bye only when every team has had one
        fresh = [n for n in reversed(teams) if n not in byes]
        candidates = [*fresh] if fresh else list(reversed(teams))
    # The fewest repeat meetings first: none when a draw without one exists, else one,
    # then two...: a Swiss never gets stuck; it lets two teams meet again only when
    # every draw would make some two meet again.
    for repeats in range(len(teams) // 2 + 1):
        for bye in candidates:
            rest = [n for n in teams if n != bye]
            pairs = _pair(rest, played, repeats=repeats)
            if pairs is not None:
                return pairs, bye
    raise ScoringError("no Swiss draw is possible")  # pragma: no cover - repeats always pair


def repeated_meetings(
    pairs: Iterable[tuple[int, int]], met: Iterable[Iterable[int]]
) -> list[tuple[int, int]]:
    """The matches of a draw between teams that have met before (in the draw's order)."""
    played = {frozenset(pair) for pair in met}
    return [pair for pair in pairs if frozenset(pair) in played]


#: The most steps a draw may take looking for pairings before it gives up (a safeguard:
#: real fields are drawn in a few hundred steps).
DRAW_STEPS = 1_000_000


def _pair(
    teams: list[int],
    played: set[frozenset[int]],
    dead: set[tuple[frozenset[int], int]] | None = None,
    steps: list[int] | None = None,
    repeats: int = 0,
) -> list[tuple[int, int]] | None:
    """Top team against the next it has not met, moving down; backtracking on a dead end.

    At most ``repeats`` matches may be between teams that have met (a new
    opponent is always tried first).  ``dead`` remembers the sets of teams
    already found impossible to pair among themselves, so no dead end is
    explored twice.
    """
    dead = set() if dead is None else dead
    steps = [DRAW_STEPS] if steps is None else steps
    if not teams:
        return []
    key = (frozenset(teams), repeats)
    if key in dead:
        return None
    steps[0] -= 1
    if steps[0] < 0:
        raise ScoringError("the draw found no pairing in a million steps: draw this round by hand")
    top, rest = teams[0], teams[1:]
    for again in (False, True) if repeats else (False,):
        for i, other in enumerate(rest):
            if (frozenset((top, other)) in played) != again:
                continue
            tail = _pair(rest[:i] + rest[i + 1 :], played, dead, steps, repeats - again)
            if tail is not None:
                return [(top, other), *tail]
    dead.add(key)
    return None


def round_robin(teams: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Every round of a round robin by the circle method; ``None`` is the bye.

    Home and away are balanced: with an odd number of teams every team is at
    home in exactly half its matches; with an even number, in half of its
    matches rounded up or down (9 matches: 4 or 5 at home).  The fixed slot of
    the circle is the bye (odd) or alternates home and away (even); every other
    table keeps its orientation, which alternates from table to table.

    >>> round_robin([1, 2, 3, 4])
    [[(1, 4), (3, 2)], [(3, 1), (2, 4)], [(1, 2), (4, 3)]]
    """
    slots: list[int | None] = list(teams)
    if len(slots) % 2:
        slots.insert(0, None)
    n = len(slots)
    rounds = []
    for number in range(n - 1):
        pairs: list[tuple[int, int | None]] = []
        for i in range(n // 2):
            a, b = slots[i], slots[n - 1 - i]
            if (i == 0 and number % 2 == 1) or (i > 0 and i % 2 == 1):
                a, b = b, a
            if a is None:
                a, b = b, a
            assert a is not None
            pairs.append((a, b))
        rounds.append(pairs)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds
