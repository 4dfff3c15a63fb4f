"""Individual events: the published movements, and each player scored by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlbridge.errors import ScoringError
from xlbridge.event import Adjustment, Pair
from xlbridge.individual import (
    IndividualEvent,
    IndividualPlay,
    individual_movement,
    score_individual,
)
from xlbridge.pair import PairLabel

#: The card "12 players, 11 rounds, 22 boards" (Hungarian Bridge Federation), as
#: BridgeScorer's IndividualMovement.Individual3Tables transcribes it: round by round,
#: (North, South, East, West, first board) at tables 1, 2 and 3.
CARD_12 = (
    ((12, 1, 5, 10, 1), (7, 11, 8, 9, 11), (2, 4, 3, 6, 13)),
    ((12, 2, 6, 11, 3), (8, 1, 9, 10, 13), (3, 5, 4, 7, 15)),
    ((12, 3, 7, 1, 5), (9, 2, 10, 11, 15), (4, 6, 5, 8, 17)),
    ((12, 4, 8, 2, 7), (10, 3, 11, 1, 17), (5, 7, 6, 9, 19)),
    ((12, 5, 9, 3, 9), (11, 4, 1, 2, 19), (6, 8, 7, 10, 21)),
    ((12, 6, 10, 4, 11), (1, 5, 2, 3, 21), (7, 9, 8, 11, 1)),
    ((12, 7, 11, 5, 13), (2, 6, 3, 4, 1), (8, 10, 9, 1, 3)),
    ((12, 8, 1, 6, 15), (3, 7, 4, 5, 3), (9, 11, 10, 2, 5)),
    ((12, 9, 2, 7, 17), (4, 8, 5, 6, 5), (10, 1, 11, 3, 7)),
    ((12, 10, 3, 8, 19), (5, 9, 6, 7, 7), (11, 2, 1, 4, 9)),
    ((12, 11, 4, 9, 21), (6, 10, 7, 8, 9), (1, 3, 2, 5, 11)),
)


def _label(n: int) -> PairLabel:
    return PairLabel(str(n))


def test_the_three_table_movement_is_the_published_card() -> None:
    movement = individual_movement(3, boards=22)
    assert (movement.tables, movement.rounds, movement.per_round) == (3, 11, 2)
    for rnd, tables in enumerate(CARD_12, start=1):
        for table, (n, s, e, w, first) in enumerate(tables, start=1):
            seat = movement.seat(rnd, table)
            assert seat.players == tuple(map(_label, (n, s, e, w)))
            assert seat.boards == (first, first + 1)


def test_twelve_players_partner_every_other_once_and_meet_as_the_card_says() -> None:
    movement = individual_movement(3, boards=22)
    players = [_label(n) for n in range(1, 13)]
    assert list(movement.players) == players
    for player in players:
        partners = movement.partners(player)
        assert set(partners) == set(players) - {player}
        assert set(partners.values()) == {1}
    # player 12 (North at table 1) meets each of 1-11 twice: East and West of table 1
    assert movement.opponents(_label(12)) == {p: 2 for p in players[:11]}
    # player 1 by the card: S at table 1 in round 1 against 5 and 10, S at table 2 in
    # round 2 against 9 and 10, W at table 1 in round 3 against 12 and 3, ... N at
    # table 3 in round 11 against 2 and 5: 22 meetings, with 9 players
    assert movement.opponents(_label(1)) == {
        _label(n): c for n, c in {5: 2, 10: 4, 9: 1, 12: 2, 3: 4, 11: 3, 4: 1, 2: 3, 8: 2}.items()
    }
    # every board is played at all three tables, once each
    plays = [board for board, *_ in movement.traveller_rows()]
    assert sorted(plays) == sorted(list(range(1, 23)) * 3)


def test_the_rainbow_of_five_tables_keeps_the_directions_apart() -> None:
    movement = individual_movement(5, boards=15)
    assert (movement.rounds, movement.per_round, len(movement.players)) == (5, 3, 20)
    north, east, south, west = ({_label(n) for n in range(k * 5 + 1, k * 5 + 6)} for k in range(4))
    # Baron Barclay: North stays; boards down one; South up one; East up two; West down two
    first, second = movement.seat(1, 3), movement.seat(2, 3)
    assert first.players == tuple(map(_label, (3, 13, 8, 18)))
    assert second.players == (_label(3), _label(12), _label(6), _label(20))
    assert second.boards == movement.seat(1, 4).boards
    for group, mates, others in (
        (north, south, east | west),
        (south, north, east | west),
        (east, west, north | south),
        (west, east, north | south),
    ):
        for player in group:
            assert movement.partners(player) == dict.fromkeys(mates, 1)
            assert movement.opponents(player) == dict.fromkeys(others, 1)
    for player in movement.players:
        boards = [b for seat in movement.seats if player in seat.players for b in seat.boards]
        assert sorted(boards) == list(range(1, 16))


@pytest.mark.parametrize(
    ("tables", "boards", "words"),
    [
        (4, 16, "not 4: a Rainbow needs a prime number of tables from 5"),
        (6, 18, "not 6"),
        (5, 16, "16 boards do not share out over the 5 rounds"),
        (3, 20, "give a multiple of 11 (11, 22)"),
    ],
)
def test_sizes_with_no_movement_are_refused(tables: int, boards: int, words: str) -> None:
    with pytest.raises(ScoringError, match=words.replace("(", r"\(").replace(")", r"\)")):
        individual_movement(tables, boards)


def _event(cells: dict[int, list[object]], **kwargs: object) -> IndividualEvent:
    """Boards 1 and 2 of the 12-player card, one board a round, as the movement seats them."""
    movement = individual_movement(3, boards=11)
    plays = []
    for board, rnd, table, seat in movement.traveller_rows():
        if board in cells:
            result = cells[board].pop(0)
            plays.append(IndividualPlay(board, *seat.players, result, f"row {rnd}.{table}"))
    players = tuple(Pair(_label(n), f"Player {n}") for n in range(1, 13))
    return IndividualEvent(players, tuple(plays), **kwargs)  # type: ignore[arg-type]


def test_a_small_individual_scored_by_hand() -> None:
    # Board 1 (E = 3, top 4): 12+1 v 5+10 score 420 (NS 4, EW 0); 7+9 v 8+11 400 (2, 2);
    # 2+6 v 3+4 -50 (0, 4).  Board 2: 12+2 v 6+11 110 and 8+10 v 9+1 110: two results,
    # each 1 of 2 among themselves, factored by 3/2 (Neuberg): 2 each; 3+7 v 4+5 A+/A-.
    # Law 12C2(c), on each player's own percentage on board 1: 3 (100%) has 100% for
    # the A+, 7 (50%) keeps 60% = 2.4; 4 (100%) keeps 40% = 1.6, 5 (0%) gets 0%.
    event = _event({1: [420, 400, -50], 2: [110, 110, "A+/A-"]})
    result = score_individual(event)
    expected = {
        3: ("8", "100", "1"),
        12: ("6", "75", "2="),
        1: ("6", "75", "2="),
        4: ("28/5", "70", "4"),
        7: ("22/5", "55", "5"),
        8: ("4", "50", "6="),
        9: ("4", "50", "6="),
        11: ("4", "50", "6="),
        2: ("2", "25", "9="),
        6: ("2", "25", "9="),
        10: ("2", "25", "9="),
        5: ("0", "0", "12"),
    }
    got = {int(p.pair.label): (str(p.total), str(p.percentage), p.rank) for p in result.pairs}
    assert got == expected
    assert result.fields == ("",)
    assert [int(p.pair.label) for p in result.pairs][:3] == [3, 1, 12]
    assert result.pair("7").board(2).code == "A+"
    assert result.pair("7").board(2).score == Fraction(12, 5)
    assert result.pair("3").board(2).score == 4
    # the board itself is scored as for pairs: board 2's two 110s carry 2 each
    board = result.board(2)
    assert [(str(p.play.ns), str(p.play.ew)) for p in board.plays] == [
        ("2&12", "6&11"),
        ("8&10", "1&9"),
        ("3&7", "4&5"),
    ]
    assert [p.ns_score for p in board.plays][:2] == [2, 2]


def test_an_adjustment_names_a_player_and_changes_only_that_player() -> None:
    event = _event(
        {1: [420, 400, -50], 2: [110, 110, 90]},
        adjustments=(Adjustment(PairLabel("1"), Fraction(-1)),),
    )
    result = score_individual(event)
    # board 2: 110, 110, 90 (E = 3): 110 scores 3, 90 scores 0 (NS); EW 1, 1, 4
    assert result.pair("12").total == 4 + 3
    assert result.pair("1").total == 4 + 1 - 1  # its partner on board 1, EW on board 2
    with pytest.raises(ScoringError, match="adjustment for player '13', who is not"):
        score_individual(
            _event({1: [420, 400, -50]}, adjustments=(Adjustment(PairLabel("13"), Fraction(1)),))
        )


def test_a_player_seated_twice_is_refused_naming_the_rows() -> None:
    players = tuple(Pair(_label(n)) for n in range(1, 9))
    plays = (
        IndividualPlay(1, "1", "2", "3", "4", 420, "Travellers!A2"),
        IndividualPlay(1, "5", "1", "7", "8", 400, "Travellers!A3"),
        IndividualPlay(2, "1", "1", "3", "9", 400, "Travellers!A4"),
    )
    with pytest.raises(ScoringError) as caught:
        score_individual(IndividualEvent(players, plays))
    assert str(caught.value).splitlines() == [
        "Travellers!A3: player 1 is on board 1 twice (also at Travellers!A2)",
        "Travellers!A4: player 1 sits twice at one table on board 2",
        "Travellers!A4: player '9' on board 2 is not in the players list",
    ]
