"""Several clubs or sections rescored as one field (the multi-club rescoring note, docs/sources.md).

A pair's percentage at its club is not kept: :func:`merge_events` puts every
club's pairs, travellers and adjustments into one :class:`~xlbridge.event.Event`
and :func:`~xlbridge.session.score_event` scores every board again across the
whole field, with a new top and a new expected number of results ("max
played" across all clubs).  :func:`compare_rankings` then sets each pair's
club result beside its result in the merged field, the report a TD prints
when players ask why their percentage changed.

Pair labels are made unique by the club's name (:func:`club_names`): pair ``3``
of the club named ``Acol`` is ``Acol:3`` in the merged field.  The name is what
tells the clubs apart: their Settings' Club names, else their events' names,
else their files' names (a simultaneous pairs' clubs all type one event name);
a repeated name gets ``#2``.  A fouled board's versions are kept apart
by club in the same way (``Acol:B``), since one club's misboarded deal is not
another's; the normal version (``""``) is the same deal everywhere.

Only nights of the same boards are merged: two clubs each of which played a
board the other did not are refused (:func:`unshared_boards`), since their
results cannot be compared; a small club may play fewer of the boards (its
boards are among the others').  Nights dated differently are merged with a
warning (:func:`merge_warnings`): a simultaneous event may be played over
several days.  The movements are not compared: each club plays the movement
that fits its tables.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from xlbridge.errors import ScoringError
from xlbridge.event import Adjustment, Event, EventFacts, Pair, Play
from xlbridge.exact import format_date, quote
from xlbridge.pair import PairLabel, club_text
from xlbridge.places import ClubPlace, Place
from xlbridge.report import format_fixed, number_runs
from xlbridge.scored import EventResult, PairResult

__all__ = [
    "RankChange",
    "club_names",
    "compare_rankings",
    "format_rank_changes",
    "merge_events",
    "merge_warnings",
    "repeated_club",
    "unlike_scoring",
    "unshared_boards",
    "unshared_message",
]


def club_names(events: Sequence[Event], files: Sequence[str] | None = None) -> list[str]:
    """The name each event's pairs are prefixed with in the merged field: what tells the
    clubs apart.

    The first of these that names every club, each differently: the clubs' names
    (Settings' Club), the events' names (Settings' Event), the names of the files
    (``files``, one an event, as the command read them, without folder or ending).  When
    none does, the files' names (the events' when no files are given, ``club 2`` for an
    unnamed second event), a repeated name made unique by its position (``Acol #3``).
    Each name is made fit for a pair's label (:func:`~xlbridge.pair.club_text`).

    >>> sim = [Event((), (), facts=EventFacts("Sim pairs", club=club)) for club in ("Acol", "Bath")]
    >>> club_names(sim), club_names(sim, ["acol", "bath"])
    (['Acol', 'Bath'], ['Acol', 'Bath'])
    >>> club_names([Event((), (), name="Sim pairs")] * 2, ["acol", "bath"])
    ['acol', 'bath']
    >>> club_names([Event((), (), name="Acol"), Event((), ()), Event((), (), name="Acol")])
    ['Acol', 'club 2', 'Acol #3']
    """
    kinds = [
        [club_text(event.facts.club) for event in events],
        [club_text(event.name) for event in events],
    ]
    if files is not None:
        if len(files) != len(events):
            raise ScoringError(
                f"{len(events)} events and {len(files)} files: give one file's name an event"
            )
        kinds.append([club_text(name) for name in files])
    for names in kinds:
        if all(names) and len(set(names)) == len(names):
            return names
    unique: list[str] = []
    taken: set[str] = set()
    for number, name in enumerate(kinds[-1], start=1):
        name = name or f"club {number}"
        while name in taken:  # a typed "Acol #3" is not made twice
            name = f"{name} #{number}"
        unique.append(name)
        taken.add(name)
    return unique


def repeated_club(events: Sequence[Event]) -> tuple[int, int] | None:
    """The indices of the first two events that are one club's, or ``None``.

    Two events are the same club's when they list the same pairs and the same
    results on the same boards, whatever their files are called (a copy, a
    file saved again): merged, every pair and result would count twice.

    >>> from xlbridge.event import Pair
    >>> acol = Event((Pair("1", "Ann & Bob"),), ())
    >>> repeated_club([acol, Event((Pair("1", "Cy & Di"),), ()), acol])
    (0, 2)
    """
    # Results are compared by value, each distinct result object hashed once (a field
    # shares a few hundred result objects among its hundred thousand plays).
    numbers: dict[int, int] = {}
    by_value: dict[object, int] = {}
    seen: dict[object, int] = {}
    for index, event in enumerate(events):
        plays = []
        for play in event.plays:
            number = numbers.get(id(play.result))
            if number is None:
                number = numbers[id(play.result)] = by_value.setdefault(play.result, len(by_value))
            plays.append((play.board, play.ns, play.ew, play.version, number))
        plays.sort()
        key = (tuple(sorted((pair.label, pair.names) for pair in event.pairs)), tuple(plays))
        first = seen.setdefault(key, index)
        if first != index:
            return first, index
    return None


def unlike_scoring(events: Sequence[Event]) -> int | None:
    """The index of the first event scored unlike the first, or ``None``.

    A field is scored one way: every club by the same form (matchpoints, Butler
    or cross-IMPs) and, in matchpoints, the same matchpoints per result beaten
    (the scale: 2 by Law 78A, 1 in North America), else one club's results are
    counted on another footing than the rest.

    >>> from xlbridge.settings import ScoringForm, Settings
    >>> imps = Event((), (), settings=Settings(form=ScoringForm.CROSS_IMPS))
    >>> unlike_scoring([Event((), ()), Event((), ()), imps])
    2
    """
    ways = [(event.settings.form, event.settings.scale) for event in events]
    return next((index for index, way in enumerate(ways) if way != ways[0]), None)


def _boards(event: Event) -> frozenset[int]:
    return frozenset({play.board for play in event.plays})


def unshared_boards(events: Sequence[Event]) -> tuple[int, int] | None:
    """The indices of the first two events each of which played a board the other did not.

    ``None`` when the clubs' boards nest: every club played the same boards, or
    a club fewer of them (a small club's boards are among the others').

    >>> from xlbridge.event import Pair, Play
    >>> def night(*boards):
    ...     return Event((Pair("1"), Pair("2")), tuple(Play(b, "1", "2", None) for b in boards))
    >>> unshared_boards([night(1, 2, 3), night(1, 2), night(2), night(1, 2, 3)]) is None
    True
    >>> unshared_boards([night(1, 2, 3), night(1, 2), night(2, 3)])
    (1, 2)
    """
    first: dict[frozenset[int], int] = {}
    for index, event in enumerate(events):
        first.setdefault(_boards(event), index)
    # Sorted largest first, the sets nest when each holds the next: two that do not are
    # found side by side (of two sets of which neither holds the other, the one found
    # first was the larger or as large, so it is not held by the next either).
    ordered = sorted(first, key=lambda boards: (-len(boards), first[boards]))
    for larger, smaller in itertools.pairwise(ordered):
        if not smaller <= larger:
            one, other = sorted((first[larger], first[smaller]))
            return one, other
    return None


def unshared_message(events: Sequence[Event], names: Sequence[str], pair: tuple[int, int]) -> str:
    """Why the two events ``pair`` (from :func:`unshared_boards`) are not merged, naming them.

    >>> from xlbridge.event import Pair, Play
    >>> def night(*boards):
    ...     return Event((Pair("1"), Pair("2")), tuple(Play(b, "1", "2", None) for b in boards))
    >>> unshared_message([night(1, 2, 3), night(1, 4, 5, 6)], ["a", "b"], (0, 1))[:54]
    'a played boards 2, 3 and b boards 4-6, which the other'
    """
    one, other = pair
    ones, others = _boards(events[one]), _boards(events[other])

    def listed(boards: frozenset[int]) -> str:
        return f"board{'s' if len(boards) > 1 else ''} {number_runs(sorted(boards))}"

    return (
        f"{names[one]} played {listed(ones - others)} and {names[other]} "
        f"{listed(others - ones)}, which the other did not: their results cannot be compared; "
        "merge the nights of one event, played on the same boards"
    )


#: Clubs named for each date in :func:`merge_warnings` before "and N more".
NAMED_PER_DATE = 3


def merge_warnings(
    events: Sequence[Event],
    names: Sequence[str] | None = None,
    files: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """What differs between the events that a merge allows but a person should check.

    Nights dated differently (Settings' Date) are named by date: a simultaneous
    event may be played over several days, two nights of one club are not one
    event.  ``names`` name the events (their files); their :func:`club_names` by default
    (of ``files``, the files' names, when given).

    >>> import datetime
    >>> tue = Event((), (), name="Acol", date=datetime.date(2026, 11, 24))
    >>> thu = Event((), (), name="Bath", date=datetime.date(2026, 11, 26))
    >>> merge_warnings([tue, thu, tue])[0][:80]
    'the nights are dated differently: 24 November 2026 (Acol, Acol #3), 26 November '
    """
    names = club_names(events, files) if names is None else names
    by_date: dict[datetime.date, list[str]] = {}
    for name, event in zip(names, events, strict=True):
        if event.date is not None:
            by_date.setdefault(event.date, []).append(name)
    if len(by_date) < 2:
        return ()
    dated = []
    for day, named in sorted(by_date.items()):
        shown = ", ".join(named[:NAMED_PER_DATE])
        if len(named) > NAMED_PER_DATE:
            shown += f" and {len(named) - NAMED_PER_DATE} more"
        dated.append(f"{format_date(day)} ({shown})")
    return (
        f"the nights are dated differently: {', '.join(dated)}: are they one event? "
        "(see each workbook's Settings date)",
    )


class _ClubLabels(dict[PairLabel, PairLabel]):
    """A club's labels in the merged field (``Acol:3``), each made once, shared by its plays."""

    def __init__(self, club: str) -> None:
        super().__init__()
        self.club = club

    def __missing__(self, label: PairLabel) -> PairLabel:
        found = self[label] = label.in_club(self.club)
        return found


def _source(club: str, source: Place | str) -> ClubPlace:
    return ClubPlace(club, source)


def merge_events(events: Sequence[Event], files: Sequence[str] | None = None) -> Event:
    """One event holding every club's pairs, plays and adjustments, to be scored afresh.

    Each club's pairs are known by its :func:`club_names` (of ``files``, the names of
    the events' files, when given).

    The settings are the first event's, with ``expected`` left to the merged
    field (max played); every event must use the same scoring form and scale.
    """
    if not events:
        raise ScoringError("no events to merge")
    first = events[0].settings
    unlike = unlike_scoring(events)
    if unlike is not None:
        event = events[unlike]
        raise ScoringError(
            f"event {quote(event.name)} is scored by {event.settings.form.value} "
            f"(scale {event.settings.scale}), not {first.form.value} (scale {first.scale}) "
            "like the first: merge events scored the same way"
        )
    clubs = club_names(events, files)
    repeated = repeated_club(events)
    if repeated is not None:
        one, other = (clubs[index] for index in repeated)
        raise ScoringError(
            f"{one} and {other} hold the same pairs and results: the same club is given "
            "twice; give each club's workbook once"
        )
    unshared = unshared_boards(events)
    if unshared is not None:
        raise ScoringError(unshared_message(events, clubs, unshared))
    pairs: list[Pair] = []
    plays: list[Play] = []
    adjustments: list[Adjustment] = []
    for club, event in zip(clubs, events, strict=True):
        merged = _ClubLabels(club)
        pairs.extend(
            replace(pair, label=merged[pair.label], source=_source(club, pair.source))
            for pair in event.pairs
        )
        plays.extend(
            Play(  # every field given: dataclasses.replace costs twice as much per play
                play.board,
                merged[play.ns],
                merged[play.ew],
                play.result,  # equal results are one object (xlbridge.result), across clubs too
                _source(club, play.source),
                f"{club}:{play.version}" if play.version else "",
                play.played,
            )
            for play in event.plays
        )
        adjustments.extend(
            replace(adj, pair=merged[adj.pair], source=_source(club, adj.source))
            for adj in event.adjustments
        )
    return Event(
        tuple(pairs),
        tuple(plays),
        tuple(adjustments),
        replace(first, expected=None),
        EventFacts(name=" + ".join(clubs)),
    )


@dataclass(frozen=True)
class RankChange:
    """One pair's result at its club beside its result in the merged field.

    ``*_score`` is the figure ranked on (the percentage in matchpoint events,
    total IMPs otherwise); ``*_rank`` the rank label (``"3="``) in the pair's
    field (``*_field``: ``NS``, ``EW`` or ``""``).
    """

    club: str
    label: str
    names: str
    club_score: Fraction | None
    club_rank: str
    club_field: str
    merged_label: str
    merged_score: Fraction | None
    merged_rank: str
    merged_field: str


def compare_rankings(
    club_results: Sequence[EventResult],
    merged: EventResult,
    files: Sequence[str] | None = None,
) -> tuple[RankChange, ...]:
    """Each pair's club result beside its merged result.

    ``club_results`` are the clubs' own results, in the order their events
    were given to :func:`merge_events` (with the same ``files``); ``merged`` is the
    merged event's result.
    Pairs come club by club, in each club's ranking order.
    """
    clubs = club_names([result.event for result in club_results], files)
    by_label: dict[PairLabel, PairResult] = {}
    for pair in merged.pairs:
        by_label.setdefault(pair.pair.label, pair)  # as merged.pair(label): the first
    changes: list[RankChange] = []
    for club, result in zip(clubs, club_results, strict=True):
        for own in result.pairs:
            label = own.pair.label.in_club(club)
            try:
                there = by_label[label]
            except KeyError:
                raise ScoringError(
                    f"pair {own.pair.label} of {quote(club)} is not in the merged result "
                    f"(expected {label}): give the clubs in the order they were merged"
                ) from None
            changes.append(
                RankChange(
                    club,
                    own.pair.label,
                    own.pair.names,
                    own.score,
                    own.rank,
                    own.field,
                    label,
                    there.score,
                    there.rank,
                    there.field,
                )
            )
    return tuple(changes)


def format_rank_changes(changes: Sequence[RankChange], decimals: int = 2) -> str:
    """The comparison as a plain-text table (scores to ``decimals`` places).

    ``At club`` and ``Merged`` are percentages in a matchpoint event and
    total IMPs in an IMP event.

    >>> change = RankChange("Acol", "3", "Ann & Bob", Fraction(90), "2", "NS",
    ...                     "Acol:3", Fraction(89), "2=", "NS")
    >>> print(format_rank_changes([change]))
    Club  Pair  Players    Field  At club  Rank  Merged  Rank
    Acol  3     Ann & Bob  NS     90.00    2     89.00   2=
    """
    header = ("Club", "Pair", "Players", "Field", "At club", "Rank", "Merged", "Rank")
    rows = [
        (
            c.club,
            c.label,
            c.names,
            c.merged_field or c.club_field,
            _figure(c.club_score, decimals),
            c.club_rank,
            _figure(c.merged_score, decimals),
            c.merged_rank,
        )
        for c in changes
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))
        for row in [header, *rows]
    ]
    return "\n".join(line.rstrip() for line in lines)


def _figure(value: Fraction | None, decimals: int) -> str:
    """A figure for the printed report, rounded as every figure for people is."""
    return format_fixed(value, decimals)
