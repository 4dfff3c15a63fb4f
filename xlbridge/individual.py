"""Individual events: each player partners different players, and is scored alone.

An individual is played at tables of four like a pairs event, but the
partnerships change from round to round.  Each board is matchpointed as for
pairs, by the one engine (:class:`~xlbridge.board.Board`, through
:func:`~xlbridge.session.score_players`), and each player gets, on each board,
the NS or EW score of the partnership it sat in: totals, percentages, Neuberg
for boards played fewer times, A+ / A- settled on the player's own
percentage (Law 12C2(c)), weighted rulings, all as for pairs; the players are
ranked in one field.

**Movements** (:func:`individual_movement`), both published:

- 3 tables, 12 players, 11 rounds: the card "12 players, 11 rounds, 22
  boards" (Hungarian Bridge Federation's downloadable material, as the
  BridgeScorer program holds it, ``IndividualMovement.Individual3Tables``).
  Player 12 sits North at table 1 throughout; players 1 to 11 and the board
  sets move on one number each round (11 after 10, 1 after 11).  Every
  player partners every other player once and meets every other player
  twice as an opponent.
- 5, 7, 11 or 13 tables (a prime number of tables): the Rainbow movement,
  as Baron Barclay describes it ("The Rainbow Movement for Individual
  Duplicate Games"): North players stay, the boards move to the next lower
  table, South players to the next higher, East players two tables higher,
  West players two tables lower; T rounds.  A player never meets another
  who started in the same direction; every North player partners every
  South player once and meets every East and every West player once (the
  same for the others).  The players are numbered by the seat they start
  in, as the Rainbow post on rec.games.bridge numbers them: North players
  1 to T (their table), East T+1 to 2T, South 2T+1 to 3T, West 3T+1 to 4T.

>>> movement = individual_movement(3, boards=22)
>>> seat = movement.seat(8, 1)
>>> [str(p) for p in seat.players], seat.boards
(['12', '8', '1', '6'], (15, 16))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from xlbridge.contract import PlayedContract
from xlbridge.errors import ScoringError
from xlbridge.event import Adjustment, Event, EventFacts, Pair, Play, Settings
from xlbridge.exact import quote
from xlbridge.pair import PairLabel, natural_key, pair_or_blank
from xlbridge.places import Place, Problem
from xlbridge.result import NotPlayed, Result, Row, parse_result
from xlbridge.scored import EventResult
from xlbridge.session import score_players

__all__ = [
    "SEATS",
    "IndividualEvent",
    "IndividualMovement",
    "IndividualPlay",
    "IndividualSeat",
    "individual_movement",
    "partnership",
    "score_individual",
]

#: The seats at a table, in the order a traveller row and a seat list them.
SEATS = ("north", "south", "east", "west")

#: The 3-table card "12 players, 11 rounds, 22 boards", round 1: (North, South, East,
#: West, board set from 0) at tables 1 to 3.  Player 12 stays; in round r players 1 to
#: 11 and the sets move on r - 1 numbers round the cycle of 11.
TWELVE_PLAYERS: tuple[tuple[int, int, int, int, int], ...] = (
    (12, 1, 5, 10, 0),
    (7, 11, 8, 9, 5),
    (2, 4, 3, 6, 6),
)

#: The table counts the Rainbow movement is published for here (a prime number, 5 up).
RAINBOW_TABLES = (5, 7, 11, 13)


@dataclass(frozen=True)
class IndividualSeat:
    """One table in one round of an individual: the four players and the boards."""

    round: int
    table: int
    north: PairLabel
    south: PairLabel
    east: PairLabel
    west: PairLabel
    boards: tuple[int, ...]

    @property
    def players(self) -> tuple[PairLabel, PairLabel, PairLabel, PairLabel]:
        """North, South, East and West."""
        return self.north, self.south, self.east, self.west


@dataclass(frozen=True)
class IndividualMovement:
    """An individual movement: its name, size, source and every seat."""

    name: str
    tables: int
    rounds: int
    per_round: int
    seats: tuple[IndividualSeat, ...]
    source: str

    @property
    def boards(self) -> int:
        """The boards each player plays (every board in play)."""
        return self.rounds * self.per_round

    @cached_property
    def players(self) -> tuple[PairLabel, ...]:
        """Every player, by number."""
        found = {p for seat in self.seats for p in seat.players}
        return tuple(sorted(found, key=lambda label: natural_key(label.number)))

    def seat(self, round: int, table: int) -> IndividualSeat:
        """The seat at ``table`` in ``round`` (KeyError if there is none)."""
        return self._by_place[round, table]

    @cached_property
    def _by_place(self) -> dict[tuple[int, int], IndividualSeat]:
        return {(s.round, s.table): s for s in self.seats}

    def partners(self, player: PairLabel) -> Counter[PairLabel]:
        """How often ``player`` partners each other player."""
        found: Counter[PairLabel] = Counter()
        for seat in self.seats:
            n, s, e, w = seat.players
            for one, other in ((n, s), (s, n), (e, w), (w, e)):
                if one == player:
                    found[other] += 1
        return found

    def opponents(self, player: PairLabel) -> Counter[PairLabel]:
        """How often ``player`` meets each other player as an opponent."""
        found: Counter[PairLabel] = Counter()
        for seat in self.seats:
            n, s, e, w = seat.players
            if player in (n, s):
                found.update((e, w))
            elif player in (e, w):
                found.update((n, s))
        return found

    def traveller_rows(self) -> Iterator[tuple[int, int, int, IndividualSeat]]:
        """(board, round, table, seat) of every board played, board by board."""
        rows = sorted(
            (board, seat.round, seat.table) for seat in self.seats for board in seat.boards
        )
        for board, rnd, table in rows:
            yield board, rnd, table, self.seat(rnd, table)


def individual_movement(tables: int, boards: int) -> IndividualMovement:
    """The individual movement of ``tables`` tables with ``boards`` boards a player.

    3 tables: the 12-player card (11 rounds); 5, 7, 11 or 13 tables: the Rainbow
    (T rounds).  ``boards`` must share out evenly over the rounds.
    """
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise ScoringError(f"the number of tables must be a whole number, not {quote(tables)}")
    if tables == 3:
        rounds = 11
        size = _set_size(tables, boards, rounds)
        seats = [
            IndividualSeat(
                rnd + 1,
                table,
                _twelve(n, rnd),
                _twelve(s, rnd),
                _twelve(e, rnd),
                _twelve(w, rnd),
                _board_set((k + rnd) % rounds, size),
            )
            for rnd in range(rounds)
            for table, (n, s, e, w, k) in enumerate(TWELVE_PLAYERS, start=1)
        ]
        return IndividualMovement(
            "Individual (12 players)",
            tables,
            rounds,
            size,
            tuple(seats),
            '"12 players, 11 rounds, 22 boards" (Hungarian Bridge Federation)',
        )
    if tables in RAINBOW_TABLES:
        return _rainbow(tables, _set_size(tables, boards, tables))
    shown = ", ".join(str(t) for t in (3, *RAINBOW_TABLES))
    raise ScoringError(
        f"an individual movement is here for {shown} tables, not {tables}: "
        "a Rainbow needs a prime number of tables from 5"
    )


def _twelve(player: int, rnd: int) -> PairLabel:
    return PairLabel(str(player if player == 12 else (player - 1 + rnd) % 11 + 1))


def _rainbow(tables: int, size: int) -> IndividualMovement:
    """Baron Barclay's Rainbow: N stays, boards -1, S +1, E +2, W -2 (tables from 0)."""
    t = tables
    seats = []
    for rnd in range(t):
        for x in range(t):
            north, south, east, west = x, (x - rnd) % t, (x - 2 * rnd) % t, (x + 2 * rnd) % t
            seats.append(
                IndividualSeat(
                    rnd + 1,
                    x + 1,
                    PairLabel(str(north + 1)),
                    PairLabel(str(2 * t + south + 1)),
                    PairLabel(str(t + east + 1)),
                    PairLabel(str(3 * t + west + 1)),
                    _board_set((x + rnd) % t, size),
                )
            )
    return IndividualMovement(
        "Rainbow individual",
        t,
        t,
        size,
        tuple(seats),
        '"The Rainbow Movement for Individual Duplicate Games" (Baron Barclay)',
    )


def _set_size(tables: int, boards: int, rounds: int) -> int:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScoringError(f"the number of boards must be a whole number from 1, not {boards}")
    if boards % rounds:
        low = boards // rounds * rounds
        choices = ", ".join(str(b) for b in (low, low + rounds) if b)
        raise ScoringError(
            f"{boards} boards do not share out over the {rounds} rounds of a {tables}-table "
            f"individual: give a multiple of {rounds} ({choices})"
        )
    return boards // rounds


def _board_set(number: int, size: int) -> tuple[int, ...]:
    return tuple(range(number * size + 1, (number + 1) * size + 1))


# --- the event ----------------------------------------------------------------


@dataclass(frozen=True)
class IndividualPlay:
    """One traveller row of an individual: a board, the four players and the result.

    ``result`` is the result cell as for pairs (NS's score; ``A+/A-``, ``NP``...),
    parsed when the play is made and refused there when it is no result.
    """

    board: int
    north: PairLabel
    south: PairLabel
    east: PairLabel
    west: PairLabel
    result: Row
    source: Place | str = ""
    version: str = ""
    played: PlayedContract | None = None

    def __post_init__(self) -> None:
        for seat in SEATS:
            value = getattr(self, seat)
            if type(value) is not PairLabel:
                object.__setattr__(self, seat, pair_or_blank(value))
        if self.result is not None and not isinstance(self.result, (Result, NotPlayed)):
            object.__setattr__(self, "result", parse_result(self.result, self.source))

    @property
    def players(self) -> tuple[PairLabel, PairLabel, PairLabel, PairLabel]:
        """North, South, East and West."""
        return self.north, self.south, self.east, self.west


def partnership(one: PairLabel, other: PairLabel) -> PairLabel:
    """The label of the partnership of two players: ``3&12`` (lower number first)."""
    first, second = sorted((one, other), key=lambda label: natural_key(label.number))
    return PairLabel(f"{first.number}&{second.number}")


@dataclass(frozen=True)
class IndividualEvent:
    """An individual: the players (each a :class:`~xlbridge.event.Pair` of one: its label
    the player's number, ``names`` the player's name), the traveller rows, the
    adjustments (each naming a player), the settings and the facts."""

    players: tuple[Pair, ...]
    plays: tuple[IndividualPlay, ...]
    adjustments: tuple[Adjustment, ...] = ()
    settings: Settings = field(default_factory=Settings)
    facts: EventFacts = field(default_factory=EventFacts)

    def as_pairs(self) -> tuple[Event, dict[PairLabel, tuple[PairLabel, PairLabel]]]:
        """The event with its partnerships as pairs, and each partnership's players.

        Raises :class:`~xlbridge.errors.ScoringError`, every problem a line naming
        the row, for a player not in the players list, a player twice at one
        table, or a player on a board twice.
        """
        labels = {p.label for p in self.players}
        problems: list[Problem] = []
        seen: dict[tuple[int, PairLabel], IndividualPlay] = {}
        members: dict[PairLabel, tuple[PairLabel, PairLabel]] = {}
        plays: list[Play] = []
        for play in self.plays:
            if play.result is None:
                continue
            problems.extend(_seat_problems(play, labels, seen))
            ns, ew = (play.north, play.south), (play.east, play.west)
            sides = [partnership(*side) for side in (ns, ew)]
            for label, side in zip(sides, (ns, ew), strict=True):
                members.setdefault(label, side)
            plays.append(
                Play(play.board, sides[0], sides[1], play.result, play.source, play.version,
                     play.played)
            )  # fmt: skip
        if problems:
            raise ScoringError("\n".join(str(problem) for problem in problems))
        pairs = tuple(Pair(label) for label in members)
        return Event(pairs, tuple(plays), self.adjustments, self.settings, self.facts), members


def _seat_problems(
    play: IndividualPlay,
    labels: set[PairLabel],
    seen: dict[tuple[int, PairLabel], IndividualPlay],
) -> list[Problem]:
    problems: list[Problem] = []
    board, where = play.board, play.source
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        return [Problem(where, f"board {quote(board)} is not a board number")]
    counted = Counter(play.players)
    for seat, player in zip(SEATS, play.players, strict=True):
        if not player.strip():
            problems.append(Problem(where, f"board {board} has no {seat.title()} player"))
            continue
        if player not in labels:
            problems.append(
                Problem(
                    where,
                    f"player {quote(str(player))} on board {board} is not in the players list",
                )
            )
        if counted[player] > 1:
            if seat == next(s for s, p in zip(SEATS, play.players, strict=True) if p == player):
                problems.append(
                    Problem(where, f"player {player} sits twice at one table on board {board}")
                )
            continue
        if (board, player) in seen:
            first = seen[board, player].source
            also = f" (also at {first})" if first else ""
            problems.append(Problem(where, f"player {player} is on board {board} twice{also}"))
        seen.setdefault((board, player), play)
    return problems


def score_individual(event: IndividualEvent, *, boards: bool = True) -> EventResult:
    """Score an individual: each board as for pairs, each player on its partnerships'
    scores, the players ranked in one field (see the module's docstring).

    The result's ``pairs`` are the players; its boards' plays are the
    partnerships' (``3&12`` against ``5&10``).
    """
    pairs_event, members = event.as_pairs()
    return score_players(pairs_event, event.players, members, boards=boards)
