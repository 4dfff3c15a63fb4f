"""Movements: who plays whom, on which boards, at which table, round by round.

A club night runs to a movement.  :func:`make_movement` builds the two kinds
clubs run:

**Mitchell** (:func:`mitchell`).  NS pair ``n`` stays at table ``n``; the EW
pairs move up one table and the boards down one table after each round.  A
Mitchell pair is known by its number and direction: NS 1 to NS T and EW 1 to
EW T, as in USEBIO and PBN (labels ``"NS 3"``, ``"EW 3"``).

- An odd number of tables: the straight Mitchell, T rounds, every NS pair
  meets every EW pair and plays every board once.
- An even number of tables, ``share-and-relay`` (the North American "relay and
  bye stand"): tables 1 and T play the same boards each round, and a set of
  boards rests on a relay stand between tables T/2 and T/2 + 1; T rounds, a
  complete movement.
- An even number of tables, ``skip``: the EW pairs skip a table after round
  T/2; curtailed to T - 1 rounds, before the round in which one EW pair would
  meet its first opponent again.  Each NS pair misses one EW pair.  The T sets
  of boards are all in play, so each pair plays T - 1 of them: a 6-table skip
  Mitchell of 15 boards (5 rounds of 3) has 18 boards in play, each played
  5 times.
- With a ``sit_out`` (a half table, an odd number of pairs): the last table
  has no NS pair; the EW pair that comes to it sits out that round, and its
  boards are not played there.

**Complete Howell** (:func:`howell`, 2 to 8 tables, 2T pairs, 2T - 1 rounds):
every pair meets every other pair once and plays every board once.  With a
sit-out (2T - 1 pairs, an odd number: 7 pairs at 4 tables), the stationary
pair is missing and its table is the last: the pair that comes to it sits out
that round, so every pair meets every other once and sits out once.  Pair 2T
stays NS at table 1; the other pairs and the boards move one step round a
cycle each round (the cyclic form of the complete Howell).  The starting
positions (:data:`HOWELL_STARTERS`) were found by an exhaustive search for
this form, not copied from published cards, and the test-suite checks that
each has the properties of a complete Howell; a club's own Howell cards may
number the tables otherwise.  With two tables both tables play the same boards
in a round (relay them between the tables, or make a copy per table): no
2-table Howell does otherwise.

The boards are shared out in sets, one set per round: ``B`` boards (the
boards each pair plays) over ``R`` rounds need ``B`` a multiple of ``R``.

:func:`check_row` compares a traveller row with the movement, for the
workbook's checks.

>>> movement = make_movement("mitchell", tables=3, boards=6)
>>> movement.name, movement.rounds, movement.boards_per_round
('Mitchell', 3, 2)
>>> [(s.round, s.table, str(s.ns), str(s.ew), s.boards) for s in movement.seats[:3]]
[(1, 1, 'NS 1', 'EW 1', (1, 2)), (1, 2, 'NS 2', 'EW 2', (3, 4)), (1, 3, 'NS 3', 'EW 3', (5, 6))]
>>> movement.seat(2, 1).ew, movement.seat(2, 1).boards
(PairLabel('3', 'EW'), (3, 4))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from xlbridge.errors import ScoringError
from xlbridge.exact import quote
from xlbridge.pair import PairLabel

__all__ = [
    "HOWELL_STARTERS",
    "Movement",
    "PairNumbering",
    "Seat",
    "check_row",
    "howell",
    "make_movement",
    "mitchell",
    "number_key",
    "parse_movement",
]

#: The most tables one Mitchell section seats: a bigger field plays in sections
#: (a workbook each, scored as one field with ``xlbridge merge``).
MAX_MITCHELL_TABLES = 30

#: The most boards a pair plays in one workbook's session (a long day is 50 to 56).
MAX_BOARDS = 60

#: A complete Howell of T tables by its starter: (a, b, k) per moving table, pairs
#: ``a`` (NS) and ``b`` (EW) of the 2T - 1 moving pairs (numbered from 0 round the
#: cycle) meeting on board set ``k`` in the first round; in round r every number
#: moves on by r.  The stationary pair meets moving pair 0 on set 0.  Each starter
#: meets the conditions of a complete Howell: the differences ``±(b - a)`` cover
#: every non-zero step once (every pair meets every other once) and the sets
#: ``k - a``, ``k - b`` with 0 cover every set once (every pair plays every set once).
HOWELL_STARTERS: dict[int, tuple[tuple[int, int, int], ...]] = {
    2: ((1, 2, 0),),
    3: ((1, 4, 0), (2, 3, 0)),
    4: ((1, 3, 2), (2, 6, 4), (4, 5, 1)),
    5: ((8, 3, 4), (4, 2, 1), (6, 5, 8), (1, 7, 5)),
    6: ((2, 1, 3), (6, 3, 9), (8, 4, 1), (10, 5, 4), (7, 9, 5)),
    7: ((1, 2, 3), (3, 6, 9), (4, 11, 2), (5, 9, 1), (7, 12, 6), (8, 10, 5)),
    8: ((1, 13, 2), (7, 2, 9), (4, 12, 7), (5, 11, 10), (8, 6, 14), (3, 14, 12), (10, 9, 6)),
}

#: The 3-table Howell round by round, (NS, EW, board set) at tables 1-3: six pairs, five
#: rounds, every pair meets every other once and plays every set once, and the tables play
#: different sets in every round but the last, where all three share set 5 (no cyclic
#: 3-table Howell can: its tables share a set every round).  Found by exhaustive search
#: over the circle-method pairings.
THREE_TABLE_HOWELL: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((1, 6, 0), (2, 5, 1), (3, 4, 2)),
    ((1, 5, 2), (6, 4, 1), (2, 3, 3)),
    ((1, 4, 3), (5, 3, 0), (6, 2, 2)),
    ((1, 3, 1), (4, 2, 0), (5, 6, 3)),
    ((1, 2, 4), (3, 6, 4), (4, 5, 4)),
)

MITCHELL, HOWELL = "mitchell", "howell"
RELAY, SKIP = "share-and-relay", "skip"


@dataclass(frozen=True)
class Seat:
    """One table in one round: the NS and EW pairs and the boards they play.

    ``ns`` or ``ew`` is ``None`` for the missing pair of a half table: the other
    pair sits out that round.
    """

    round: int
    table: int
    ns: PairLabel | None
    ew: PairLabel | None
    boards: tuple[int, ...]

    @property
    def sit_out(self) -> bool:
        """True when one pair is missing: no board is played here this round."""
        return not (self.ns and self.ew)


@dataclass(frozen=True)
class Movement:
    """A whole movement: its kind, size and every seat, round by round, table by table."""

    kind: str
    tables: int
    boards: int
    rounds: int
    per_round: int
    variant: str
    sit_out: bool
    seats: tuple[Seat, ...]

    @property
    def name(self) -> str:
        """The movement as Settings names it: ``Mitchell``, ``Skip Mitchell``, ``Howell``..."""
        if self.kind == HOWELL:
            base = "Howell"
        elif self.variant == SKIP:
            base = "Skip Mitchell"
        elif self.variant == RELAY:
            base = "Mitchell share-and-relay"
        else:
            base = "Mitchell"
        return base + (" with a sit-out" if self.sit_out else "")

    @property
    def boards_per_round(self) -> int:
        return self.per_round

    @property
    def notes(self) -> tuple[str, ...]:
        """What the room must know to run it (shared boards, the relay stand, sit-outs),
        and what else could be played with these tables, in a club scorer's words."""
        t = self.tables
        if self.kind == HOWELL:
            stays = "pair 1" if t == 3 else f"pair {2 * t}"
            notes = [f"{stays} stays at table 1; the others move"]
            if self.sit_out:
                notes = ["the pair that comes to the empty seat sits out that round"]
            if t == 2:
                notes.append(
                    "both tables play the same boards each round: relay them "
                    "between the tables, or make a copy of each board per table"
                )
            if t == 3:
                notes.append(
                    "in the last round all three tables play the same boards: relay them, "
                    "or make a copy of each board per table"
                )
            return tuple(notes)
        notes = []
        if self.variant == RELAY:
            half = t // 2
            notes.append(
                f"tables 1 and {t} share boards each round; a relay stand holds one set "
                f"between tables {half} and {half + 1}"
            )
            if t >= 4:  # a skip Mitchell needs four full tables
                notes.append(f"or a skip Mitchell of {t - 1} rounds: add --skip")
        elif self.variant == SKIP:
            notes.append(f"EW pairs skip a table after round {t // 2}")
        if self.sit_out:
            notes.append(f"table {t} has no NS pair: the EW pair that comes to it sits out")
        if self.variant == "" and t % 2:
            notes.append("or a Howell for every pair to meet every other: --movement howell")
        return tuple(notes)

    @property
    def played(self) -> int:
        """The boards each pair plays (all the boards in play, but in a skip Mitchell)."""
        return self.per_round * self.rounds

    @property
    def mitchell(self) -> bool:
        return self.kind == MITCHELL

    @cached_property
    def pairs(self) -> tuple[PairLabel, ...]:
        """Every pair's label: NS pairs then EW pairs (Mitchell), or 1 to 2T (Howell)."""
        found = {p for s in self.seats for p in (s.ns, s.ew) if p}
        return tuple(sorted(found, key=lambda label: label.sort_key))

    def seat(self, round: int, table: int) -> Seat:
        """The seat at ``table`` in ``round`` (KeyError if the movement has none)."""
        return self._by_place[round, table]

    @cached_property
    def _by_place(self) -> dict[tuple[int, int], Seat]:
        return {(s.round, s.table): s for s in self.seats}

    @cached_property
    def _meetings(self) -> dict[frozenset[PairLabel | None], Seat]:
        return {frozenset((s.ns, s.ew)): s for s in self.seats if not s.sit_out}

    def meeting(self, one: PairLabel, other: PairLabel) -> Seat | None:
        """Where pairs ``one`` and ``other`` meet (``None`` if they do not)."""
        return self._meetings.get(frozenset((one, other)))

    def traveller_rows(self) -> Iterator[tuple[int, int, int, PairLabel, PairLabel]]:
        """(round, table, board, NS pair, EW pair) of every board played, board by board.

        One row per table per board, in the order of a paper traveller: the
        board, then the rounds in which it is played.
        """
        rows = [
            (board, seat.round, seat.table, seat.ns, seat.ew)
            for seat in self.seats
            if seat.ns is not None and seat.ew is not None
            for board in seat.boards
        ]
        for board, rnd, table, ns, ew in sorted(rows):
            yield rnd, table, board, ns, ew


@dataclass(frozen=True)
class PairNumbering:
    """How the pairs of an event are numbered, from its pairs list.

    ``directions`` holds the directions each number is listed with (a merged
    field's numbers with their club: ``Acol:3``).
    ``by_direction`` is true when a number is used by an NS pair and an EW
    pair (Mitchell numbering, NS 1..n and EW 1..n): each pair with a direction
    is then known as NS 3 or EW 3, and a traveller's NS and EW columns say
    which pair a number means.  Otherwise (a Howell, or a Mitchell numbered
    through, NS 1-9 and EW 10-18) a number alone names a pair.
    """

    directions: dict[str, frozenset[str]]
    #: worked out once from ``directions`` (every traveller cell asks)
    by_direction: bool = field(init=False)

    def __post_init__(self) -> None:
        by_direction = any(len(found) > 1 for found in self.directions.values())
        object.__setattr__(self, "by_direction", by_direction)

    def label(self, number: str, direction: str, club: str = "") -> PairLabel:
        """The label of pair ``number`` listed with ``direction`` (``NS``, ``EW`` or "")."""
        return PairLabel(number, direction if self.by_direction else "", club)

    def at(self, typed: object, side: str) -> PairLabel:
        """The label of the pair ``typed`` in the ``side`` (NS or EW) column of a traveller.

        A number alone in a Mitchell numbered by direction means that column's
        pair; a pair typed with its direction (``3NS``) is that pair.
        """
        typed = PairLabel.parse(typed)
        if not self.by_direction:
            return PairLabel(typed.number, "", typed.club) if typed.direction else typed
        if typed.direction:
            return typed
        found = self.directions.get(number_key(typed), frozenset())
        # a number listed with a direction means that direction's pair (NS 5 when only EW 5
        # is listed is then reported as not on the Pairs sheet)
        return PairLabel(typed.number, side, typed.club) if found - {""} else typed

    def resolve(self, typed: object) -> PairLabel | None:
        """The label of a pair written on its own (an adjustment): ``3``, ``NS 3``, ``3EW``.

        ``None`` when the number alone is ambiguous (both NS 3 and EW 3 exist).
        """
        typed = PairLabel.parse(typed)
        if typed.direction:
            return self.label(typed.number, typed.direction, typed.club)
        found = self.directions.get(number_key(typed), frozenset())
        if self.by_direction and len(found) > 1:
            return None
        return self.label(typed.number, next(iter(found), ""), typed.club)


def number_key(label: PairLabel) -> str:
    """A pair's number as :class:`PairNumbering` keys it (``3``; ``Acol:3`` in a merged field)."""
    return f"{label.club}:{label.number}" if label.club else label.number


def make_movement(
    kind: str, tables: int, boards: int, *, skip: bool = False, sit_out: bool = False
) -> Movement:
    """The movement ``kind`` (``mitchell`` or ``howell``) of ``tables`` tables, ``boards`` a pair.

    Raises :class:`~xlbridge.errors.ScoringError` in words a club scorer
    reads for a size the movement does not come in, or boards that do not
    share out evenly over its rounds.
    """
    key = str(kind).strip().lower()
    if key == MITCHELL:
        return _compared(mitchell(tables, boards, skip=skip, sit_out=sit_out))
    if key == HOWELL:
        if skip:
            raise ScoringError(
                "--skip is for a Mitchell of an even number of tables: a Howell has no skip"
            )
        return _compared(howell(tables, boards, sit_out=sit_out))
    raise ScoringError(f"{quote(kind)} is not a movement: write mitchell or howell")


def _compared(movement: Movement) -> Movement:
    """``movement``, if each board is played at two tables or more: a board played once
    has no other result to be compared with (two tables with a sit-out seat 3 pairs)."""
    plays = Counter(
        board
        for seat in movement.seats
        if seat.ns is not None and seat.ew is not None
        for board in seat.boards
    )
    if plays and max(plays.values()) < 2:
        raise ScoringError(
            f"a {movement.name} of {movement.tables} tables seats {len(movement.pairs)} pairs: "
            "each board is played at one table only, so no result is compared with another: "
            "seat 4 pairs or more (two full tables)"
        )
    return movement


def _set_size(name: str, tables: int, boards: int, rounds: int) -> int:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScoringError(f"the number of boards must be a whole number from 1, not {boards}")
    if boards > MAX_BOARDS:
        raise ScoringError(
            f"{boards} boards a pair is more than a session: give at most {MAX_BOARDS} "
            f"(--boards is the boards each pair plays, not the boards in the room)"
        )
    if boards % rounds:
        low = boards // rounds * rounds
        choices = ", ".join(str(b) for b in (low, low + rounds) if b)
        raise ScoringError(
            f"{boards} boards do not share out over the {rounds} rounds of a {tables}-table "
            f"{name}: give a multiple of {rounds} ({choices})"
        )
    return boards // rounds


def _board_set(number: int, size: int) -> tuple[int, ...]:
    """Boards of set ``number`` (from 0) when each set holds ``size`` boards."""
    return tuple(range(number * size + 1, (number + 1) * size + 1))


def mitchell(tables: int, boards: int, *, skip: bool = False, sit_out: bool = False) -> Movement:
    """A Mitchell of ``tables`` tables: straight (odd), share-and-relay or skip (even)."""
    _whole_tables(
        tables,
        2,
        MAX_MITCHELL_TABLES,
        beyond=": seat a bigger field in sections, a workbook each, and score them as one "
        "field with xlbridge merge",
    )
    odd = tables % 2 == 1
    if skip and odd:
        raise ScoringError(
            f"a skip Mitchell is for an even number of tables; {tables} tables "
            "play a straight Mitchell"
        )
    if skip and (sit_out or tables < 4):
        raise ScoringError(
            "a skip Mitchell needs 4 or more full tables (with a sit-out some boards would be "
            "played once more than others): play a share-and-relay Mitchell"
        )
    variant = "" if odd else (SKIP if skip else RELAY)
    rounds = tables - 1 if variant == SKIP else tables
    name = {"": "Mitchell", SKIP: "skip Mitchell", RELAY: "share-and-relay Mitchell"}[variant]
    size = _set_size(name, tables, boards, rounds)
    seats = []
    for rnd in range(rounds):
        for table in range(tables):
            ew = (table - rnd - (1 if variant == SKIP and rnd >= tables // 2 else 0)) % tables
            station = _relay_station(table, tables) if variant == RELAY else table
            board_set = (station + rnd) % tables
            ns = None if sit_out and table == tables - 1 else PairLabel(str(table + 1), "NS")
            seats.append(
                Seat(
                    rnd + 1,
                    table + 1,
                    ns,
                    PairLabel(str(ew + 1), "EW"),
                    _board_set(board_set, size),
                )
            )
    in_play = size * tables
    return Movement(MITCHELL, tables, in_play, rounds, size, variant, sit_out, tuple(seats))


def _relay_station(table: int, tables: int) -> int:
    """Where table ``table`` (from 0) stands on the boards' round of a share-and-relay.

    The boards pass round ``tables`` stations: tables 1 and T share the first
    (both play its boards), and the relay stand (no table) stands between
    tables T/2 and T/2 + 1.
    """
    half = tables // 2
    if table == tables - 1:
        return 0
    return table if table < half else table + 1


def howell(tables: int, boards: int, *, sit_out: bool = False) -> Movement:
    """A complete Howell of ``tables`` tables (2 to 8): 2T pairs, 2T - 1 rounds.

    With ``sit_out`` (an odd number of pairs, 2T - 1): the stationary pair is
    missing and sits at the last table, so the pair that comes to it sits out
    that round; every pair still meets every other pair once, and sits out
    once.
    """
    _whole_tables(tables, 2, 8, "a complete Howell")
    moving = 2 * tables - 1
    size = _set_size("complete Howell", tables, boards, moving)
    if tables == 3:
        seats3 = [
            Seat(
                rnd,
                table,
                None if sit_out and ns == 6 else PairLabel(str(ns)),
                None if sit_out and ew == 6 else PairLabel(str(ew)),
                _board_set(board_set, size),
            )
            for rnd, round_seats in enumerate(THREE_TABLE_HOWELL, start=1)
            for table, (ns, ew, board_set) in enumerate(round_seats, start=1)
        ]
        return Movement(HOWELL, tables, boards, moving, size, "", sit_out, tuple(seats3))
    stationary = (-1, 0, 0)  # -1: the stationary pair
    moving_tables = HOWELL_STARTERS[tables]
    starter = (*moving_tables, stationary) if sit_out else (stationary, *moving_tables)
    seats = []
    for rnd in range(moving):
        for table, (a, b, k) in enumerate(starter, start=1):
            ns: PairLabel | None = (
                (None if sit_out else PairLabel(str(2 * tables)))
                if a < 0
                else PairLabel(str((a + rnd) % moving + 1))
            )
            ew = PairLabel(str((b + rnd) % moving + 1))
            seats.append(Seat(rnd + 1, table, ns, ew, _board_set((k + rnd) % moving, size)))
    return Movement(HOWELL, tables, boards, moving, size, "", sit_out, tuple(seats))


def _whole_tables(
    tables: int, low: int, high: int, what: str = "a Mitchell", beyond: str = ""
) -> None:
    """Refuse ``tables`` outside ``low`` to ``high``; ``beyond``: what to do with more."""
    if isinstance(tables, bool) or not isinstance(tables, int) or not low <= tables <= high:
        more = beyond if isinstance(tables, int) and tables > high else ""
        raise ScoringError(f"{what} is for {low} to {high} tables, not {tables}{more}")


def parse_movement(text: object, tables: int | None, boards: int | None) -> Movement | None:
    """The movement Settings names (``Mitchell``, ``Skip Mitchell with a sit-out``, ``Howell``)
    with ``boards`` in play.

    ``None`` when the text names no movement built here ("other", blank) or
    the tables and boards do not make one: the workbook is then not checked
    against a movement.
    """
    words = "".join(ch if ch.isalnum() else " " for ch in str(text or "").lower()).split()
    kind = MITCHELL if MITCHELL in words else HOWELL if HOWELL in words else None
    if kind is None or tables is None or boards is None:
        return None
    sit_out = "sit" in words or "sitout" in words or "half" in words
    skip = SKIP in words
    if skip:  # all T sets in play, T - 1 played by each pair
        boards = boards // tables * (tables - 1) if tables > 1 and boards % tables == 0 else 0
    try:
        return make_movement(kind, tables, boards, skip=skip, sit_out=sit_out)
    except ScoringError:
        return None


def check_row(
    movement: Movement, round: int, table: int, board: int, ns: object, ew: object
) -> str:
    """What is wrong with a traveller row placed at ``table`` in ``round`` ("" if nothing).

    Reports NS and EW swapped, a board not played at that table in that round,
    and pairs other than the movement's, saying where those pairs meet.
    """
    try:
        seat = movement.seat(round, table)
    except KeyError:
        return f"the movement has no table {table} in round {round}"
    where = f"at table {table} in round {round}"
    ns, ew = PairLabel.parse(ns), PairLabel.parse(ew)
    if seat.ns is None or seat.ew is None:
        return f"table {table} sits out in round {round}: no board is played there"
    numbers = (ns.number, ew.number)
    if (ns, ew) != (seat.ns, seat.ew) and numbers == (seat.ew.number, seat.ns.number):
        return (
            f"NS and EW are swapped: the movement seats {seat.ns.named} North-South "
            f"and {seat.ew.named} East-West {where}"
        )
    problems = []
    if (ns, ew) != (seat.ns, seat.ew):
        text = (
            f"the movement seats {seat.ns.named} against {seat.ew.named} {where}, "
            f"not {ns.named} against {ew.named}"
        )
        met = movement.meeting(ns, ew)
        if met is not None:
            text += (
                f"; they meet at table {met.table} in round {met.round} "
                f"(boards {_span(met.boards)}), so they would meet twice"
            )
        problems.append(text)
    if board not in seat.boards:
        problems.append(f"board {board} is not played {where} (boards {_span(seat.boards)})")
    return "; ".join(problems)


def _span(boards: tuple[int, ...]) -> str:
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"
