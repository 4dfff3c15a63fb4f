"""The ACBL's open club game section awards (xlbridge.masterpoints), worked by hand from the
ACBL Handbook's "I. Calculating the awards":

    Section awards ... are based on the number of pairs ... in each group.  For example,
    an eight-table Mitchell movement is two groups of 8 pairs.  A five-table Howell
    movement is one group of 10 pairs.  In a Mitchell movement, a 1/2 table will be
    treated as though it were a full table.  For example, 7 1/2 tables would be 8 pairs
    in each group while a 5 1/2 table Howell is 11 pairs in the comparison group.  Depth
    of awards is 40% times the number of pairs in the comparison group, rounded to the
    nearest whole number with .5 rounded up.

    Open games award .10 MP per table for first place in each group. ... The second place
    award is 70% of 1st, third is 50% of 1st, fourth is 35%, fifth is 1/5 and sixth is
    1/6, etc. ... Maximum award is 1.50 masterpoints.

The text gives no table of awards and no worked example of its own; every figure below is
worked from those sentences, in the comment beside it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlbridge.errors import ScoringError
from xlbridge.masterpoints import (
    acbl_field_awards,
    acbl_first_award,
    acbl_group_size,
    acbl_place_award,
    acbl_places,
)
from xlbridge.settings import MasterPointBody, parse_master_point_body


def test_groups_are_the_texts_own_examples():
    # "an eight-table Mitchell movement is two groups of 8 pairs": 16 pairs, two winners
    assert acbl_group_size(16, True) == 8
    # "A five-table Howell movement is one group of 10 pairs"
    assert acbl_group_size(10, False) == 10
    # "7 1/2 tables would be 8 pairs in each group": 15 pairs in a Mitchell
    assert acbl_group_size(15, True) == 8
    # "a 5 1/2 table Howell is 11 pairs in the comparison group"
    assert acbl_group_size(11, False) == 11


@pytest.mark.parametrize(
    ("group", "places"),
    [
        (8, 3),  # 40% of 8 = 3.2 -> 3
        (9, 4),  # 3.6 -> 4
        (10, 4),  # 4.0
        (11, 4),  # 4.4 -> 4
        (13, 5),  # 5.2 -> 5
        (14, 6),  # 5.6 -> 6
        (15, 6),  # 6.0
        (20, 8),  # 8.0
        (3, 1),  # 1.2 -> 1
        (4, 2),  # 1.6 -> 2
    ],
)
def test_depth_is_forty_percent_rounded_to_the_nearest(group, places):
    # (40% of a whole number of pairs ends in .0, .2, .4, .6 or .8: the ".5 rounded up"
    # clause never bites for pairs, so no test can show it.)
    assert acbl_places(group) == places


def test_an_eight_table_mitchell():
    # first: .10 x 8 = 0.80 in each direction; second 70% = 0.56; third 50% = 0.40; the
    # depth is 3 places (3.2), so fourth and below get nothing
    assert acbl_first_award(8) == Fraction(80, 100)
    assert [acbl_place_award(Fraction(80, 100), p) for p in (2, 3)] == [
        Fraction(56, 100),
        Fraction(40, 100),
    ]
    ranks = ["1", "2", "3", "4", "5", "6", "7", "8"]
    assert acbl_field_awards(ranks, 8) == (80, 56, 40, 0, 0, 0, 0, 0)


def test_a_ten_pair_howell_awards_four_places():
    # a five-table Howell: one group of 10 pairs; first .10 x 10 = 1.00, then 0.70, 0.50,
    # fourth 35% = 0.35; depth 4
    ranks = [str(n) for n in range(1, 11)]
    assert acbl_field_awards(ranks, 10) == (100, 70, 50, 35, 0, 0, 0, 0, 0, 0)


def test_the_cap_is_one_and_a_half():
    # 15 pairs: .10 x 15 = 1.50, the maximum; 20 pairs: 2.00, held to 1.50
    assert acbl_first_award(15) == Fraction(3, 2)
    assert acbl_first_award(20) == Fraction(3, 2)
    # 14 pairs: 1.40, under the cap
    assert acbl_first_award(14) == Fraction(140, 100)


def test_a_capped_group_of_fifteen():
    # first 1.50; second 70% = 1.05; third 50% = 0.75; fourth 35% = 0.525 (not a whole
    # hundredth); fifth 1/5 = 0.30; sixth 1/6 = 0.25; depth 6
    first = acbl_first_award(15)
    assert [acbl_place_award(first, p) for p in range(1, 7)] == [
        Fraction(150, 100),
        Fraction(105, 100),
        Fraction(75, 100),
        Fraction(525, 1000),
        Fraction(30, 100),
        Fraction(25, 100),
    ]
    awards = acbl_field_awards([str(n) for n in range(1, 16)], 15)
    assert awards[:3] == (150, 105, 75)
    assert awards[4:] == (30, 25, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    # the text states no rounding to hundredths: fourth's 0.525 is left to the club
    assert awards[3] == (
        "place 4's award is 0.525 masterpoints and the ACBL's rounding to hundredths is "
        "not built in: type the award"
    )


def test_a_thirteen_table_mitchell():
    # first .10 x 13 = 1.30; 0.91; 0.65; fourth 35% = 0.455 (not a hundredth); fifth
    # 1/5 = 0.26; depth 5 (5.2)
    awards = acbl_field_awards([str(n) for n in range(1, 14)], 13)
    assert awards[:3] == (130, 91, 65)
    assert awards[4:] == (26, 0, 0, 0, 0, 0, 0, 0, 0)
    assert isinstance(awards[3], str) and "0.455" in awards[3]


def test_a_seventh_place_that_is_no_hundredth():
    # 20 pairs: first 1.50 (capped), seventh 1/7 of it = 3/14, not a terminating decimal
    assert acbl_place_award(Fraction(3, 2), 7) == Fraction(3, 14)
    awards = acbl_field_awards([str(n) for n in range(1, 21)], 20)
    assert awards[6] == (
        "place 7's award is 3/14 masterpoints and the ACBL's rounding to hundredths is "
        "not built in: type the award"
    )
    # eighth: 1.50 / 8 = 0.1875, no hundredth either; ninth and below: beyond the depth 8
    assert isinstance(awards[7], str) and "0.1875" in awards[7]
    assert awards[8:] == (0,) * 12


def test_a_tie_within_the_places_is_left_to_the_club():
    # the text read states no rule for tied places: an 8-pair group, two tied second
    ranks = ["1", "2=", "2=", "4", "5", "6", "7", "8"]
    message = "the ACBL's rule for places tied (2=) is not built in: type the award"
    assert acbl_field_awards(ranks, 8) == (80, message, message, 0, 0, 0, 0, 0)


def test_a_tie_beyond_the_places_gets_nothing():
    # 8 pairs: 3 places, so a tie for fifth is unawarded whatever the tie rule
    ranks = ["1", "2", "3", "4", "5=", "5=", "7", "8"]
    assert acbl_field_awards(ranks, 8) == (80, 56, 40, 0, 0, 0, 0, 0)


def test_a_group_needs_a_pair():
    with pytest.raises(ScoringError, match="at least one pair"):
        acbl_first_award(0)


def test_the_settings_row_names_the_acbl():
    assert parse_master_point_body(" acbl ") is MasterPointBody.ACBL
    with pytest.raises(ScoringError, match="must be ABF, ACBL or blank"):
        parse_master_point_body("WBF")
