"""Stratified events (xlbridge.strata): a Mitchell and a Howell worked by hand.

The rule (docs/club-night.md, "Stratified events"): a pair's stratum is set by
the higher player's holding (EBU, "Stratification for clubs"; the average when
the Settings say so), and a pair is ranked in its own stratum and every one
above it (Kendal Bridge Club, "Stratification"), in its field and overall.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlbridge.errors import ScoringError
from xlbridge.event import Event, Pair, Play
from xlbridge.result import parse_result
from xlbridge.session import score_event
from xlbridge.strata import (
    Strata,
    StrataRule,
    pair_holding,
    parse_holding,
    parse_strata,
    parse_strata_rule,
    split_places,
)
from xlbridge.stratified import PairStrata, stratify


def _play(board: int, ns: str, ew: str, score: int) -> Play:
    return Play(board, ns, ew, parse_result(score))


def _holdings(table: dict[str, tuple[int, int]], rule: StrataRule) -> dict[str, Fraction | None]:
    return {label: pair_holding([Fraction(h) for h in two], rule) for label, two in table.items()}


def _places(found: dict[str, PairStrata], stratum: str) -> dict[str, tuple[str, str]]:
    out = {}
    for label, strata in found.items():
        place = strata.place(stratum)
        if place is not None:
            out[label] = (place.section, place.overall)
    return out


# --- a Mitchell: pairs 1-4 sit NS, 5-8 EW; one board played four times ----------------------
#
# Board 1, NS scores: 1 v 5 +420, 2 v 6 +420, 3 v 7 +170, 4 v 8 -50.  Four results: top 6.
#   NS: 1 and 2 beat 3 and 4 and tie each other: 2 x 2 + 1 = 5 (83.33%); 3 beats 4: 2
#   (33.33%); 4: 0 (0%).  EW, the other side of each: 5 and 6: 1 (16.67%); 7: 4 (66.67%);
#   8: 6 (100%).
# Strata "A 0-, B 0-1000, C 0-300", by the higher player's holding:
#   pair 1: 1500 / 200 -> 1500: A      pair 5: 2000 / 10  -> 2000: A
#   pair 2:  800 / 100 ->  800: B      pair 6:  150 / 90  ->  150: C
#   pair 3:  250 / 300 ->  300: C      pair 7:  999 / 1000 -> 1000: B (the limit is in B)
#   pair 4:   50 / 20  ->   50: C      pair 8:   40 / 0   ->   40: C
# A (every pair):  NS 1 and 2 tie first: 1/2, 1/2; 3: 3; 4: 4.
#                  EW 8: 1; 7: 2; 5 and 6 tie: 3/4, 3/4.
#                  overall by percentage: 8 (100) 1; 1, 2 (83.33) 2/3; 7 (66.67) 4;
#                  3 (33.33) 5; 5, 6 (16.67) 6/7; 4 (0) 8.
# B (pairs 2, 3, 4, 6, 7, 8): NS 2: 1, 3: 2, 4: 3; EW 8: 1, 7: 2, 6: 3;
#                  overall 8: 1, 2: 2, 7: 3, 3: 4, 6: 5, 4: 6.
# C (pairs 3, 4, 6, 8): NS 3: 1, 4: 2; EW 8: 1, 6: 2; overall 8: 1, 3: 2, 6: 3, 4: 4.

MITCHELL_HOLDINGS = {
    "1": (1500, 200),
    "2": (800, 100),
    "3": (250, 300),
    "4": (50, 20),
    "5": (2000, 10),
    "6": (150, 90),
    "7": (999, 1000),
    "8": (40, 0),
}


def _mitchell() -> Event:
    plays = (
        _play(1, "1", "5", 420),
        _play(1, "2", "6", 420),
        _play(1, "3", "7", 170),
        _play(1, "4", "8", -50),
    )
    return Event(tuple(Pair(str(n)) for n in range(1, 9)), plays)


def test_a_stratified_mitchell_worked_by_hand() -> None:
    result = score_event(_mitchell())
    assert result.fields == ("NS", "EW")
    strata = Strata(parse_strata("A 0-, B 0-1000, C 0-300"))
    found = stratify(result, strata, _holdings(MITCHELL_HOLDINGS, StrataRule.HIGHER))
    assert {label: s.stratum for label, s in found.items()} == {
        "1": "A",
        "2": "B",
        "3": "C",
        "4": "C",
        "5": "A",
        "6": "C",
        "7": "B",
        "8": "C",
    }
    assert _places(found, "A") == {
        "1": ("1/2", "2/3"),
        "2": ("1/2", "2/3"),
        "3": ("3", "5"),
        "4": ("4", "8"),
        "5": ("3/4", "6/7"),
        "6": ("3/4", "6/7"),
        "7": ("2", "4"),
        "8": ("1", "1"),
    }
    assert _places(found, "B") == {
        "2": ("1", "2"),
        "3": ("2", "4"),
        "4": ("3", "6"),
        "6": ("3", "5"),
        "7": ("2", "3"),
        "8": ("1", "1"),
    }
    assert _places(found, "C") == {
        "3": ("1", "2"),
        "4": ("2", "4"),
        "6": ("2", "3"),
        "8": ("1", "1"),
    }
    # a stratum-A pair is ranked only in A; a C pair in A, B and C
    assert [p.stratum for p in found["1"].places] == ["A"]
    assert [p.stratum for p in found["4"].places] == ["A", "B", "C"]


def test_by_the_average_pair_one_moves_down_to_b() -> None:
    # average: pair 1 (1500 + 200) / 2 = 850: B; pair 5 (2000 + 10) / 2 = 1005: A;
    # pair 7 (999 + 1000) / 2 = 999.5: B.  B is then pairs 1, 2, 3, 4, 6, 7, 8:
    # NS 1 and 2 tie first (1/2), 3: 3, 4: 4.
    result = score_event(_mitchell())
    strata = Strata(parse_strata("A 0-, B 0-1000, C 0-300"), StrataRule.AVERAGE)
    found = stratify(result, strata, _holdings(MITCHELL_HOLDINGS, StrataRule.AVERAGE))
    assert (found["1"].stratum, found["5"].stratum, found["7"].stratum) == ("B", "A", "B")
    assert found["7"].holding == Fraction(1999, 2)
    b = _places(found, "B")
    assert (b["1"], b["2"], b["3"], b["4"]) == (
        ("1/2", "2/3"),
        ("1/2", "2/3"),
        ("3", "5"),
        ("4", "7"),
    )


# --- a Howell: six pairs, one field; two boards, the pairs changing direction --------------
#
# Board 1 (top 4): 1 v 2 +620, 3 v 4 +620, 5 v 6 +100.
#   NS 1 and 3: 2 + 1 = 3 each, 5: 0; EW 2 and 4: 1 each, 6: 4.
# Board 2 (top 4): 2 v 3 +200, 4 v 5 -100, 6 v 1 +110.
#   NS 2: 4, 6: 2, 4: 0; EW 3: 0, 5: 4, 1: 2.
# Totals out of 8: 1: 3 + 2 = 5 (62.5%); 2: 1 + 4 = 5 (62.5%); 3: 3 + 0 = 3 (37.5%);
#   4: 1 + 0 = 1 (12.5%); 5: 0 + 4 = 4 (50%); 6: 4 + 2 = 6 (75%).
# Strata "A 0-, B 0-750, C 0-100", by the higher holding:
#   1: 800 / 600 -> A; 2: 700 / 300 -> B; 3: 50 / 60 -> C; 4: 20 / 10 -> C;
#   5: 2000 / 5 -> A; 6: 100 / 100 -> C (the limit is in C).
# One field, so each place in the field is the overall place too:
# A: 6: 1; 1 and 2 tie: 2/3; 5: 4; 3: 5; 4: 6.
# B (2, 3, 4, 6): 6: 1; 2: 2; 3: 3; 4: 4.
# C (3, 4, 6): 6: 1; 3: 2; 4: 3.

HOWELL_HOLDINGS = {
    "1": (800, 600),
    "2": (700, 300),
    "3": (50, 60),
    "4": (20, 10),
    "5": (2000, 5),
    "6": (100, 100),
}


def _howell() -> Event:
    plays = (
        _play(1, "1", "2", 620),
        _play(1, "3", "4", 620),
        _play(1, "5", "6", 100),
        _play(2, "2", "3", 200),
        _play(2, "4", "5", -100),
        _play(2, "6", "1", 110),
    )
    return Event(tuple(Pair(str(n)) for n in range(1, 7)), plays)


def test_a_stratified_howell_worked_by_hand() -> None:
    result = score_event(_howell())
    assert result.fields == ("",)
    assert [(p.pair.label, p.percentage) for p in result.pairs][:3] == [
        ("6", 75),
        ("1", Fraction(125, 2)),
        ("2", Fraction(125, 2)),
    ]
    strata = Strata(parse_strata("A 0-, B 0-750, C 0-100"))
    found = stratify(result, strata, _holdings(HOWELL_HOLDINGS, StrataRule.HIGHER))
    assert {label: s.stratum for label, s in found.items()} == {
        "1": "A",
        "2": "B",
        "3": "C",
        "4": "C",
        "5": "A",
        "6": "C",
    }
    one = {"A": {"6": "1", "1": "2/3", "2": "2/3", "5": "4", "3": "5", "4": "6"}}
    one["B"] = {"6": "1", "2": "2", "3": "3", "4": "4"}
    one["C"] = {"6": "1", "3": "2", "4": "3"}
    for stratum, places in one.items():
        assert _places(found, stratum) == {k: (v, v) for k, v in places.items()}


def test_a_pair_whose_holding_is_not_known_is_ranked_only_in_the_open_stratum() -> None:
    # pair 4's holding unknown: it stays 6th in A (open to every pair) and leaves B and C,
    # where 6, 2, 3 are then 1, 2, 3 and 6, 3 are 1, 2.
    result = score_event(_howell())
    holdings = _holdings(HOWELL_HOLDINGS, StrataRule.HIGHER)
    holdings["4"] = None
    found = stratify(result, Strata(parse_strata("A 0-, B 0-750, C 0-100")), holdings)
    assert found["4"].stratum == ""
    assert [(p.stratum, p.section) for p in found["4"].places] == [("A", "6")]
    assert _places(found, "B") == {"6": ("1", "1"), "2": ("2", "2"), "3": ("3", "3")}
    assert _places(found, "C") == {"6": ("1", "1"), "3": ("2", "2")}


def test_ties_share_the_places_they_fill() -> None:
    scores = [Fraction(n) for n in (70, 55, 55, 55, 40)]
    assert split_places(scores) == ["1", "2/3/4", "2/3/4", "2/3/4", "5"]


def test_the_strata_as_typed() -> None:
    assert [str(s) for s in parse_strata("a open; c 0-299; b 0-749")] == [
        "A 0-",
        "B 0-749",
        "C 0-299",
    ]
    # a limited game: no open stratum
    assert str(parse_strata("A 0-500, B 0-200, C 0-100")[0]) == "A 0-500"
    for typed, words in (
        ("A 0-", "names fewer than two strata"),
        ("A 0-, B 0-", "strata A and B have no limit"),
        ("A 0-300, B 0-300", "strata A and B have the same limit"),
        ("A 0-, A 0-300", "stratum A is named twice"),
        ("A 0-, B 100-300", "a stratum's range starts at 0"),
        ("A 0-, B 0-lots", "the limit is not a number"),
        ("A 0-, 300", "'300' is not a stratum"),
    ):
        with pytest.raises(ScoringError, match=words):
            parse_strata(typed)
    assert parse_strata_rule("") is StrataRule.HIGHER
    with pytest.raises(ScoringError, match=r"strata by must be higher .* or average, not 'max'"):
        parse_strata_rule("max")


def test_holdings_as_a_players_list_writes_them() -> None:
    assert parse_holding("1,234.56") == Fraction(123456, 100)
    assert parse_holding("12,5") == Fraction(25, 2)  # a decimal comma
    assert parse_holding("12,345") == 12345  # thousands
    assert parse_holding(" 300 ") == 300
    with pytest.raises(ScoringError, match="the holding 'lots' is not a number of masterpoints"):
        parse_holding("lots")
    with pytest.raises(ScoringError, match="the holding '-5' is below 0"):
        parse_holding("-5")
