"""Movements: the properties every movement made here must have, for every size."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import ScoringError
from xlbridge.movement import (
    MAX_BOARDS,
    MAX_MITCHELL_TABLES,
    Movement,
    check_row,
    howell,
    make_movement,
    mitchell,
    parse_movement,
)


def _sizes(
    tables: st.SearchStrategy[int], rounds_less: int = 0
) -> st.SearchStrategy[tuple[int, int]]:
    """Tables, and boards a round from 1 to 4 within a session's boards."""
    return tables.flatmap(
        lambda t: st.tuples(st.just(t), st.integers(1, min(4, MAX_BOARDS // (t - rounds_less))))
    )


ODD = st.integers(1, MAX_MITCHELL_TABLES // 2 - 1).map(lambda n: 2 * n + 1)
EVEN = st.integers(1, MAX_MITCHELL_TABLES // 2).map(lambda n: 2 * n)


def _plays(movement: Movement) -> list[tuple[int, str, str]]:
    return [(board, ns, ew) for _, _, board, ns, ew in movement.traveller_rows()]


def _check_common(movement: Movement) -> None:
    """No pair plays a board twice or sits twice in a round; boards played equally often."""
    seen: set[tuple[int, str]] = set()
    for board, ns, ew in _plays(movement):
        for pair in (ns, ew):
            assert (board, pair) not in seen, (board, pair)
            seen.add((board, pair))
    for rnd in range(1, movement.rounds + 1):
        seated = [p for s in movement.seats if s.round == rnd for p in (s.ns, s.ew) if p]
        assert len(seated) == len(set(seated))
    counts = Counter(board for board, _, _ in _plays(movement))
    assert set(counts) == set(range(1, movement.boards + 1))
    assert len(set(counts.values())) == 1, counts
    assert all(len(s.boards) == movement.boards_per_round for s in movement.seats)


def _meetings(movement: Movement) -> Counter[frozenset[str]]:
    return Counter(frozenset((s.ns, s.ew)) for s in movement.seats if not s.sit_out)


@given(_sizes(ODD), st.booleans())
@settings(deadline=None, max_examples=40)
def test_odd_mitchell(size: tuple[int, int], sit_out: bool) -> None:
    tables, per_round = size
    movement = mitchell(tables, tables * per_round, sit_out=sit_out)
    _check_common(movement)
    assert movement.rounds == tables
    meetings = _meetings(movement)
    assert set(meetings.values()) == {1}  # no two pairs meet twice
    ns = [f"NS {n}" for n in range(1, tables + 1 - sit_out)]
    ew = [f"EW {n}" for n in range(1, tables + 1)]
    assert set(meetings) == {frozenset((a, b)) for a in ns for b in ew}  # each NS meets each EW
    # every pair plays every board it can: a full pair all, a pair of the half table one round less
    boards = defaultdict(set)
    for board, a, b in _plays(movement):
        boards[a].add(board)
        boards[b].add(board)
    assert all(len(boards[p]) == movement.boards for p in ns)


@given(_sizes(EVEN), st.booleans())
@settings(deadline=None, max_examples=40)
def test_share_and_relay_mitchell(size: tuple[int, int], sit_out: bool) -> None:
    tables, per_round = size
    movement = mitchell(tables, tables * per_round, sit_out=sit_out)
    _check_common(movement)
    assert movement.rounds == tables and movement.variant == "share-and-relay"
    meetings = _meetings(movement)
    assert set(meetings.values()) == {1}
    ns = [f"NS {n}" for n in range(1, tables + 1 - sit_out)]
    ew = [f"EW {n}" for n in range(1, tables + 1)]
    assert set(meetings) == {frozenset((a, b)) for a in ns for b in ew}
    if not sit_out and tables >= 4:  # tables 1 and T share their boards every round
        for rnd in range(1, tables + 1):
            assert movement.seat(rnd, 1).boards == movement.seat(rnd, tables).boards


@given(_sizes(EVEN.filter(lambda t: t >= 4), rounds_less=1))
@settings(deadline=None, max_examples=40)
def test_skip_mitchell_curtailed(size: tuple[int, int]) -> None:
    tables, per_round = size
    sit_out = False
    movement = mitchell(tables, (tables - 1) * per_round, skip=True)
    _check_common(movement)
    assert movement.rounds == tables - 1
    assert set(_meetings(movement).values()) == {1}  # curtailed before the revenge round
    # each NS pair meets all but one EW pair
    for n in range(1, tables + 1 - sit_out):
        met = [s for s in movement.seats if s.ns == f"NS {n}"]
        assert len({s.ew for s in met}) == tables - 1


@pytest.mark.parametrize("tables", range(2, 9))
def test_complete_howell(tables: int) -> None:
    for per_round in (1, 2, 3):
        movement = howell(tables, (2 * tables - 1) * per_round)
        _check_common(movement)
        meetings = _meetings(movement)
        pairs = [str(n) for n in range(1, 2 * tables + 1)]
        assert set(meetings.values()) == {1}
        assert set(meetings) == {frozenset((a, b)) for a in pairs for b in pairs if a < b}
        boards = defaultdict(set)
        for board, a, b in _plays(movement):
            boards[a].add(board)
            boards[b].add(board)
        assert all(len(boards[p]) == movement.boards for p in pairs)  # every pair every board


def test_sizes_of_the_issue() -> None:
    assert mitchell(7, 21).rounds == 7
    six = mitchell(6, 18)
    assert (six.rounds, six.boards_per_round, six.name) == (6, 3, "Mitchell share-and-relay")
    skip = mitchell(6, 15, skip=True)
    assert (skip.rounds, skip.boards_per_round, skip.name) == (5, 3, "Skip Mitchell")
    assert (skip.boards, skip.played) == (18, 15)  # six sets in play, five played by each pair
    assert len(mitchell(5, 15, sit_out=True).pairs) == 9
    four = howell(4, 21)
    assert (four.rounds, four.boards_per_round, len(four.pairs)) == (7, 3, 8)


def test_boards_must_share_out() -> None:
    with pytest.raises(
        ScoringError,
        match=r"18 boards do not share out over the 5 rounds of a "
        r"6-table skip Mitchell: give a multiple of 5 \(15, 20\)",
    ):
        mitchell(6, 18, skip=True)
    with pytest.raises(ScoringError, match="complete Howell is for 2 to 8 tables, not 9"):
        howell(9, 17)
    with pytest.raises(ScoringError, match="skip Mitchell needs 4 or more full tables"):
        mitchell(6, 15, skip=True, sit_out=True)
    with pytest.raises(ScoringError, match="skip Mitchell is for an even number of tables"):
        make_movement("mitchell", 7, 21, skip=True)


def test_a_movement_that_is_none_is_quoted_as_typed() -> None:
    # an apostrophe and a tab typed in: quoted as typed, never as Python writes text
    # ("mitch'ell\\t" in double quotes, the tab as a backslash-t)
    with pytest.raises(ScoringError) as refused:
        make_movement("mitch'ell\t", 5, 10)
    assert str(refused.value) == "'mitch'ell[tab]' is not a movement: write mitchell or howell"


def test_parse_movement_round_trips_the_name() -> None:
    for movement in (
        mitchell(7, 21),
        mitchell(6, 18),
        mitchell(6, 15, skip=True),
        mitchell(5, 15, sit_out=True),
        howell(4, 21),
    ):
        parsed = parse_movement(movement.name, movement.tables, movement.boards)
        assert parsed == movement
    assert parse_movement("other", 5, 15) is None
    assert parse_movement("Mitchell", 5, 16) is None


def test_check_row() -> None:
    movement = mitchell(3, 6)
    assert check_row(movement, 1, 2, 3, "NS 2", "EW 2") == ""
    assert check_row(movement, 1, 2, 3, "EW 2", "NS 2").startswith("NS and EW are swapped")
    assert check_row(movement, 1, 2, 5, "NS 2", "EW 2") == (
        "board 5 is not played at table 2 in round 1 (boards 3-4)"
    )
    assert check_row(movement, 1, 2, 3, "NS 2", "EW 1") == (
        "the movement seats NS 2 against EW 2 at table 2 in round 1, not NS 2 against EW 1; "
        "they meet at table 2 in round 2 (boards 5-6), so they would meet twice"
    )


def test_pair_numbering() -> None:
    """Mitchell numbering: a number and a direction; numbers through: the number alone."""
    from xlbridge.movement import PairNumbering

    mitchell_numbers = PairNumbering(
        {"1": frozenset({"NS", "EW"}), "5": frozenset({"EW"}), "9": frozenset({""})}
    )
    assert mitchell_numbers.by_direction
    assert [mitchell_numbers.at(n, "NS") for n in ("1", "5", "9")] == ["NS 1", "NS 5", "9"]
    assert [mitchell_numbers.at(n, "EW") for n in ("1", "5")] == ["EW 1", "EW 5"]
    assert [mitchell_numbers.resolve(t) for t in ("NS 1", "1", "5", "5ew", "EW1")] == [
        "NS 1",
        None,  # NS 1 or EW 1: an adjustment must say which
        "EW 5",
        "EW 5",
        "EW 1",
    ]
    through = PairNumbering({"1": frozenset({"NS"}), "10": frozenset({"EW"})})
    assert not through.by_direction
    assert (through.at("10", "EW"), through.resolve("10"), through.label("1", "NS")) == (
        "10",
        "10",
        "1",
    )


def _compared(movement: Movement) -> Counter[frozenset[str]]:
    """For every two pairs, the board sets on which they sit in the same direction (and so
    are compared in the matchpointing)."""
    sides: dict[tuple[tuple[int, ...], str], set[str]] = defaultdict(set)
    for seat in movement.seats:
        if seat.ns is not None and seat.ew is not None:
            sides[(seat.boards, "NS")].add(str(seat.ns))
            sides[(seat.boards, "EW")].add(str(seat.ew))
    counts: Counter[frozenset[str]] = Counter()
    for pairs in sides.values():
        for a in pairs:
            for b in pairs:
                if a < b:
                    counts[frozenset((a, b))] += 1
    return counts


@pytest.mark.parametrize(
    ("tables", "low", "high"),
    [(4, 3, 3), (5, 3, 5), (6, 5, 5), (7, 5, 7), (8, 7, 7)],
)
def test_howells_compare_every_two_pairs_evenly(tables: int, low: int, high: int) -> None:
    """Balanced where a balance exists: 6 tables compare every two pairs on 5 sets and 8
    tables on 7, as the published balanced Howells do (they spread 3-7 and 3-9 before);
    5 tables 3-5 (3-7 before), 7 tables 5-7."""
    movement = howell(tables, 2 * tables - 1)
    counts = _compared(movement)
    assert len(counts) == tables * (2 * tables - 1)  # every two of the 2T pairs
    assert (min(counts.values()), max(counts.values())) == (low, high)


def test_the_three_table_howell_shares_boards_only_in_its_last_round() -> None:
    """It put every table on the same set in every round before (the cyclic form must)."""
    movement = howell(3, 10)
    _check_common(movement)
    assert set(_meetings(movement).values()) == {1}  # every two of the 6 pairs meet once
    for rnd in range(1, 6):
        sets = [s.boards for s in movement.seats if s.round == rnd]
        assert len(set(sets)) == (1 if rnd == 5 else 3), (rnd, sets)
    boards = defaultdict(set)
    for board, a, b in _plays(movement):
        boards[a].add(board)
        boards[b].add(board)
    assert all(len(played) == 10 for played in boards.values())  # every pair every board
