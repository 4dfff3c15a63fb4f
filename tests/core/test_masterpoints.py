"""The ABF Masterpoint Manual's own figures and examples (xlbridge.masterpoints)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from xlbridge.errors import ScoringError
from xlbridge.masterpoints import (
    abf_place_awards,
    abf_places,
    abf_winner_award,
    format_hundredths,
)


def test_places_are_the_manuals_examples():
    """4.2: "in a field of 9, awards are made to the 4th position"; top third: "in a field
    of 13 awards are made to the 5th position"."""
    assert abf_places(9) == 4
    assert abf_places(13, top_third=True) == 5


def test_place_awards_follow_the_manuals_fractions():
    """4.2: runners-up 70%; "3rd place receives half the winners' award, 4th place receives
    one third"."""
    assert abf_place_awards(Fraction(60, 100), 6) == (60, 42, 30, 20, 15, 12)


def test_winner_award_is_the_formula_up_to_the_tables_it_covers():
    """3.1.1 at grade E's weight 1.5: 0.02 x 1.5 x T (Mitchell) to 30 tables, 0.04 x 1.5 x T
    (Howell) to 15; beyond them the manual's formula is exponential, not computed."""
    assert abf_winner_award(30, True) == Fraction(90, 100)
    assert abf_winner_award(15, False) == Fraction(90, 100)
    for tables, two in ((31, True), (16, False)):
        with pytest.raises(ScoringError, match="type the awards on the Pairs sheet"):
            abf_winner_award(tables, two)


def test_awards_show_as_masterpoints():
    assert (format_hundredths(21), format_hundredths(105)) == ("0.21", "1.05")
