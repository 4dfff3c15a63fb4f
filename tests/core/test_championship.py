"""An event of two sessions ranked as one, every overall figure worked by hand.

Session 1 is a 3-table Mitchell of 3 boards (one a round): pairs NS 1-3 and
EW 1-3, every board played three times, top 4, each pair's maximum 12.
Session 2 is a 3-table Howell with a sit-out (five pairs, 1-5, five rounds of
one board): every board played twice, top 2, each pair plays 4 boards
(maximum 8).  Session 2's pairs are renumbered to session 1's; NS 3 did not
come to session 2.

Session 1 (the movement: board 1 NS1-EW1, NS3-EW2, NS2-EW3; board 2
NS2-EW2, NS1-EW3, NS3-EW1; board 3 NS3-EW3, NS2-EW1, NS1-EW2):
  board 1: NS1 +420, NS3 +170, NS2 +450  -> NS2 4, NS1 2, NS3 0; EW3 0, EW1 2, EW2 4
  board 2: NS2 +110, NS1 +110, NS3 -100  -> NS1 3, NS2 3, NS3 0; EW2 1, EW3 1, EW1 4
  board 3: NS3 +140, NS2 -110, NS1 -620  -> NS3 4, NS2 2, NS1 0; EW3 0, EW1 2, EW2 4
  NS1 2+3+0 = 5 (5/12 = 41 2/3%)    EW1 2+4+2 = 8 (66 2/3%)
  NS2 4+3+2 = 9 (75%)               EW2 4+1+4 = 9 (75%)
  NS3 0+0+4 = 4 (33 1/3%)           EW3 0+1+0 = 1 (8 1/3%)

Session 2 (board 1: 5-3, 4-2; board 2: 2-5, 1-3; board 3: 3-4, 1-5;
board 4: 2-3, 1-4; board 5: 1-2, 4-5; NS pair first):
  board 1: 5 +400, 4 +400  -> 5 1, 4 1; 3 1, 2 1
  board 2: 2 +620, 1 +650  -> 1 2, 2 0; 3 0, 5 2
  board 3: 3 -100, 1 +110  -> 1 2, 3 0; 5 0, 4 2
  board 4: 2 -200, 1 +600  -> 1 2, 2 0; 4 0, 3 2
  board 5: 1 +140, 4 +140  -> 1 1, 4 1; 2 1, 5 1
  pair 1: 2+2+2+1 = 7 (87.5%)   pair 2: 1+0+0+1 = 2 (25%)   pair 3: 1+0+0+2 = 3 (37.5%)
  pair 4: 1+2+0+1 = 4 (50%)     pair 5: 1+2+0+1 = 4 (50%)

The renumbering: 1 was EW 3, 2 was NS 1, 3 was EW 1, 4 was NS 2, 5 was EW 2.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from xlbridge import Event, Pair, Play, Settings, parse_result, score_event
from xlbridge.championship import (
    ChampionshipRule,
    Renumbering,
    score_championship,
)
from xlbridge.errors import ScoringError
from xlbridge.movement import make_movement
from xlbridge.scored import EventResult

#: Each session's NS score by (board, NS pair).
MITCHELL_SCORES = {
    (1, "NS 1"): 420,
    (1, "NS 3"): 170,
    (1, "NS 2"): 450,
    (2, "NS 2"): 110,
    (2, "NS 1"): 110,
    (2, "NS 3"): -100,
    (3, "NS 3"): 140,
    (3, "NS 2"): -110,
    (3, "NS 1"): -620,
}
HOWELL_SCORES = {
    (1, "5"): 400,
    (1, "4"): 400,
    (2, "2"): 620,
    (2, "1"): 650,
    (3, "3"): -100,
    (3, "1"): 110,
    (4, "2"): -200,
    (4, "1"): 600,
    (5, "1"): 140,
    (5, "4"): 140,
}
RENUMBERED = {"1": "EW 3", "2": "NS 1", "3": "EW 1", "4": "NS 2", "5": "EW 2"}
THE_MAP = {2: [Renumbering(s, o, f"map row {n}") for n, (s, o) in enumerate(RENUMBERED.items())]}


def session(kind: str, tables: int, boards: int, scores: dict[tuple[int, str], int]) -> Event:
    movement = make_movement(kind, tables, boards, sit_out=kind == "howell")
    plays = tuple(
        Play(board, ns, ew, parse_result(scores[board, str(ns)]))
        for _, _, board, ns, ew in movement.traveller_rows()
    )
    return Event(tuple(Pair(label) for label in movement.pairs), plays)


@pytest.fixture(scope="module")
def sessions() -> list[EventResult]:
    return [
        score_event(session("mitchell", 3, 3, MITCHELL_SCORES)),
        score_event(session("howell", 3, 5, HOWELL_SCORES)),
    ]


def test_each_session_as_worked(sessions: list[EventResult]) -> None:
    mitchell, howell = sessions
    assert (mitchell.top, howell.top) == (4, 2)
    assert {str(p.pair.label): p.total for p in mitchell.pairs} == {
        "NS 1": 5, "NS 2": 9, "NS 3": 4, "EW 1": 8, "EW 2": 9, "EW 3": 1,
    }  # fmt: skip
    assert {str(p.pair.label): (p.total, p.maximum) for p in howell.pairs} == {
        "1": (7, 8), "2": (2, 8), "3": (3, 8), "4": (4, 8), "5": (4, 8),
    }  # fmt: skip


def overall(
    sessions: list[EventResult], rule: str, carry: Fraction | None = None
) -> list[tuple[str, ...]]:
    result = score_championship(sessions, rule, THE_MAP, carry=carry)
    return [(p.rank, str(p.pair.label), str(p.score)) for p in result.pairs]


def test_factored_to_the_common_top(sessions: list[EventResult]) -> None:
    # The common top is 4 (the Mitchell's): the Howell's totals x 4/2 = 2.
    # NS1 5 + 2x2 = 9; NS2 9 + 4x2 = 17; EW1 8 + 3x2 = 14; EW2 9 + 4x2 = 17;
    # EW3 1 + 7x2 = 15; NS3 played one session: not ranked.
    # Maxima 12 + 8x2 = 28: NS2 and EW2 17/28 = 60.71%.
    result = score_championship(sessions, ChampionshipRule.FACTORED, THE_MAP)
    assert result.top == 4
    assert [(p.rank, str(p.pair.label), p.score) for p in result.pairs] == [
        ("1=", "NS 2", 17), ("1=", "EW 2", 17), ("3", "EW 3", 15), ("4", "EW 1", 14),
        ("5", "NS 1", 9), ("", "NS 3", None),
    ]  # fmt: skip
    ew3 = result.pair("EW 3")
    assert ew3.figures == (Fraction(1), Fraction(14))
    assert (ew3.maximum, ew3.percentage) == (Fraction(28), Fraction(1500, 28))
    absent = result.pair("NS 3")
    assert absent.figures == (Fraction(4), None)
    assert absent.played == 1


def test_a_common_top_given(sessions: list[EventResult]) -> None:
    # Top 8: the Mitchell x 2, the Howell x 4. NS2 9x2 + 4x4 = 34; EW3 1x2 + 7x4 = 30.
    result = score_championship(sessions, "factored", THE_MAP, top=8)
    assert (result.pair("NS 2").score, result.pair("EW 3").score) == (34, 30)


def test_sum_of_percentages(sessions: list[EventResult]) -> None:
    # NS1 125/3 + 25 = 200/3; NS2 75 + 50 = 125; EW1 200/3 + 75/2 = 625/6;
    # EW2 75 + 50 = 125; EW3 25/3 + 175/2 = 575/6; NS3 not ranked.
    assert overall(sessions, "sum") == [
        ("1=", "NS 2", "125"), ("1=", "EW 2", "125"), ("3", "EW 1", "625/6"),
        ("4", "EW 3", "575/6"), ("5", "NS 1", "200/3"), ("", "NS 3", "None"),
    ]  # fmt: skip


def test_average_of_percentages(sessions: list[EventResult]) -> None:
    # Over the sessions played: NS2 and EW2 125/2 = 62.5; EW1 625/12; EW3 575/12;
    # NS1 (200/3)/2 = 100/3, and NS3 on its one session: 100/3 too, 5th equal.
    assert overall(sessions, "average") == [
        ("1=", "NS 2", "125/2"), ("1=", "EW 2", "125/2"), ("3", "EW 1", "625/12"),
        ("4", "EW 3", "575/12"), ("5=", "NS 1", "100/3"), ("5=", "NS 3", "100/3"),
    ]  # fmt: skip


def test_carry_over(sessions: list[EventResult]) -> None:
    # A quarter of session 1 carried into the final (session 2):
    # EW3 25/12 + 175/2 = 1075/12; NS2 75/4 + 50 = 275/4; EW2 the same;
    # EW1 50/3 + 75/2 = 325/6; NS1 125/12 + 25 = 425/12; NS3 played no final.
    assert overall(sessions, "carry-over", carry=Fraction(1, 4)) == [
        ("1", "EW 3", "1075/12"), ("2=", "NS 2", "275/4"), ("2=", "EW 2", "275/4"),
        ("4", "EW 1", "325/6"), ("5", "NS 1", "425/12"), ("", "NS 3", "None"),
    ]  # fmt: skip
    result = score_championship(sessions, "carry-over", THE_MAP, carry=Fraction(1, 4))
    assert result.pair("EW 3").figures == (Fraction(25, 12), Fraction(175, 2))


def test_each_session_kept(sessions: list[EventResult]) -> None:
    result = score_championship(sessions, "sum", THE_MAP)
    assert result.sessions[0] is sessions[0]
    # the Mitchell ranked by direction, the Howell as one field, as each was scored
    assert [(p.rank, str(p.pair.label)) for p in result.sessions[0].field("NS")] == [
        ("1", "NS 2"), ("2", "NS 1"), ("3", "NS 3"),
    ]  # fmt: skip
    assert result.pair("NS 1").sessions == (sessions[0].pair("NS 1"), sessions[1].pair("2"))


def test_without_the_map_the_numbers_are_other_pairs(sessions: list[EventResult]) -> None:
    # The Howell's 1-5 are then five new pairs, and nobody played both sessions.
    result = score_championship(sessions, "sum")
    assert result.ranked == ()
    assert len(result.pairs) == 11


def test_bad_renumberings_are_refused(sessions: list[EventResult]) -> None:
    bad = {
        2: [
            Renumbering("7", "NS 1", "pairs.csv row 2"),
            Renumbering("1", "EW 9", "pairs.csv row 3"),
            Renumbering("2", "NS 3", "pairs.csv row 4"),
            Renumbering("2", "NS 2", "pairs.csv row 5"),
        ]
    }
    with pytest.raises(ScoringError) as caught:
        score_championship(sessions, "sum", bad, names=["mitchell.xlsx", "howell.xlsx"])
    assert str(caught.value).splitlines() == [
        "pairs.csv row 2: pair 7 is not in howell.xlsx",
        "pairs.csv row 3: pair EW 9 (for pair 1 of howell.xlsx) is not in mitchell.xlsx",
        "pairs.csv row 5: pair 2 is renumbered twice (also at pairs.csv row 4)",
    ]
    clash = {2: [Renumbering("1", "NS 1", "r2"), Renumbering("2", "NS 1", "r3")]}
    with pytest.raises(
        ScoringError, match="r3: pairs 1 and 2 of session 2 would both be pair NS 1"
    ):
        score_championship(sessions, "sum", clash)


def test_bad_options_are_refused(sessions: list[EventResult]) -> None:
    with pytest.raises(ScoringError, match="needs two sessions"):
        score_championship(sessions[:1], "sum")
    with pytest.raises(ScoringError, match="from 0% to 100% of the first session, not 150%"):
        score_championship(sessions, "carry-over", carry=Fraction(3, 2))
    with pytest.raises(ScoringError, match="needs the part of the first session"):
        score_championship(sessions, "carry-over")
    with pytest.raises(ScoringError, match="for the carry-over rule, not sum"):
        score_championship(sessions, "sum", carry=Fraction(1, 4))
    imps = replace(session("mitchell", 3, 3, MITCHELL_SCORES), settings=Settings(form="cross-imps"))
    with pytest.raises(ScoringError, match=r"^session 2 is scored in IMPs"):
        score_championship([sessions[0], score_event(imps)], "average")
