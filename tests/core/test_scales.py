"""The IMP scale and the continuous 20-VP scale, checked row by row against published tables.

Sources
-------
IMP scale: Law 78B of the Laws of Duplicate Bridge (WBF, 2017), the table that
national federations and bridge references reprint unchanged (for example the
Danish federation's "IMP TABEL" on bridge.dk and bridgehands.com).  Each band
is checked at both of its ends, and on both sides of zero.

VP scale (the WBF continuous 20-VP scale of 2013):

* 1 to 10 boards: the Danish Bridge Federation's published continuous table,
  as copied into a public code base's test data (a CSV whose rows are boards,
  "spil", and columns margins, "imp").
* 12 boards: the WBF 12-board table, hard-coded the same in two unrelated
  public code bases.
* 20 boards: 0, 1 and 2 IMPs are 10.00, 10.28 and 10.55 (bcstar.nl, 2013,
  quoting the WBF scale).

At a few margins these tables are 0.01 above the rounded formula: the WBF's
correction that keeps each IMP worth no more than the one before
(see ``test_published_rows_above_the_rounded_formula``).

The discrete scales (ACBL 20-VP and 30-VP, WBF 20-VP discrete) are checked at
every margin of every published row against the tables in tests/data/vp_scales/
(their sources are in each file's header and in tests/data/README.md).
"""

from __future__ import annotations

import csv
import math
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import paths

from xlbridge.errors import ScoringError
from xlbridge.exact import quote
from xlbridge.scales import (
    ACBL_20,
    ACBL_30,
    IMP_SCALE,
    VP_SCALES,
    VP_TOTAL,
    WBF_CONTINUOUS,
    WBF_DISCRETE,
    club_vp_scale,
    imps,
    victory_point_pair,
    victory_point_scale,
    victory_points,
    vp_scale,
)

# --------------------------------------------------------------------------- IMPs

# Both ends of every published band: (points difference, IMPs).
PUBLISHED_IMP_ROWS = [
    (0, 0), (10, 0),
    (20, 1), (40, 1),
    (50, 2), (80, 2),
    (90, 3), (120, 3),
    (130, 4), (160, 4),
    (170, 5), (210, 5),
    (220, 6), (260, 6),
    (270, 7), (310, 7),
    (320, 8), (360, 8),
    (370, 9), (420, 9),
    (430, 10), (490, 10),
    (500, 11), (590, 11),
    (600, 12), (740, 12),
    (750, 13), (890, 13),
    (900, 14), (1090, 14),
    (1100, 15), (1290, 15),
    (1300, 16), (1490, 16),
    (1500, 17), (1740, 17),
    (1750, 18), (1990, 18),
    (2000, 19), (2240, 19),
    (2250, 20), (2490, 20),
    (2500, 21), (2990, 21),
    (3000, 22), (3490, 22),
    (3500, 23), (3990, 23),
    (4000, 24), (9990, 24),
]  # fmt: skip


@pytest.mark.parametrize(("difference", "expected"), PUBLISHED_IMP_ROWS)
def test_imps_published_row(difference, expected):
    assert imps(difference) == expected
    assert imps(-difference) == -expected
    assert type(imps(difference)) is int


def test_imp_scale_constant_lists_the_published_bands():
    firsts = [first for first, _, _ in IMP_SCALE]
    lasts = [last for _, last, _ in IMP_SCALE]
    assert [won for _, _, won in IMP_SCALE] == list(range(25))
    assert firsts[0] == 0
    assert lasts[-1] is None
    # Each band ends 10 points before the next begins.
    assert lasts[:-1] == [first - 10 for first in firsts[1:]]
    assert [(first, won) for first, _, won in IMP_SCALE] == PUBLISHED_IMP_ROWS[::2]


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (15, 0),
        (Fraction(39, 2), 0),
        (19.99, 0),
        (45, 1),
        (Fraction(95, 2), 1),
        (49.99, 1),
        (Fraction(995, 2), 10),
        (Fraction(7999, 2), 23),
        (-15, 0),
        (-45, -1),
        (Fraction(-1001, 2), -11),
        (420.0, 9),
    ],
)
def test_imps_between_published_rows_take_the_band_already_reached(difference, expected):
    assert imps(difference) == expected


@pytest.mark.parametrize("bad", ["abc", None, True, float("nan"), float("inf"), [10]])
def test_imps_refuses_what_is_not_a_number(bad):
    with pytest.raises(ScoringError, match=r"^the points difference must be a number") as info:
        imps(bad)
    assert quote(bad) in str(info.value)


fractions = st.fractions(min_value=-10_000, max_value=10_000, max_denominator=1000)


@given(fractions)
def test_imps_are_antisymmetric(difference):
    assert imps(-difference) == -imps(difference)


@given(fractions, fractions)
def test_imps_never_fall_as_the_difference_rises(a, b):
    low, high = sorted((a, b))
    assert imps(low) <= imps(high)


# ---------------------------------------------------------------- victory points

# Winner's VPs for margins 0, 1, 2, ... up to the first 20.00.
PUBLISHED_VP_TABLES = {
    1: """
        10.00 11.20 12.29 13.28 14.18 15.00 15.74 16.42 17.03 17.59 18.09 18.55 18.97 19.34
        19.69 20.00
    """,
    2: """
        10.00 10.86 11.67 12.42 13.12 13.78 14.39 14.96 15.50 16.00 16.46 16.90 17.31 17.69
        18.04 18.37 18.68 18.97 19.24 19.50 19.73 19.95 20.00
    """,
    3: """
        10.00 10.71 11.38 12.01 12.61 13.18 13.71 14.22 14.70 15.15 15.58 15.99 16.37 16.73
        17.08 17.40 17.71 18.00 18.28 18.54 18.78 19.01 19.23 19.44 19.64 19.83 20.00
    """,
    4: """
        10.00 10.61 11.20 11.76 12.29 12.80 13.28 13.74 14.18 14.60 15.00 15.38 15.74 16.09
        16.42 16.73 17.03 17.31 17.59 17.84 18.09 18.33 18.55 18.76 18.97 19.16 19.34 19.52
        19.69 19.85 20.00
    """,
    5: """
        10.00 10.55 11.08 11.59 12.07 12.53 12.98 13.41 13.81 14.20 14.58 14.94 15.28 15.61
        15.92 16.23 16.52 16.79 17.06 17.31 17.56 17.79 18.01 18.23 18.43 18.63 18.82 19.00
        19.17 19.33 19.49 19.64 19.79 19.93 20.00
    """,
    6: """
        10.00 10.50 10.99 11.46 11.90 12.33 12.75 13.15 13.53 13.90 14.25 14.59 14.92 15.24
        15.54 15.83 16.11 16.38 16.64 16.89 17.12 17.35 17.58 17.79 17.99 18.19 18.38 18.56
        18.73 18.90 19.06 19.22 19.37 19.51 19.65 19.78 19.91 20.00
    """,
    7: """
        10.00 10.47 10.92 11.35 11.77 12.18 12.57 12.94 13.31 13.65 13.99 14.32 14.63 14.93
        15.22 15.50 15.78 16.04 16.29 16.53 16.77 16.99 17.21 17.42 17.62 17.82 18.01 18.19
        18.36 18.53 18.69 18.85 19.00 19.15 19.29 19.43 19.56 19.68 19.80 19.92 20.00
    """,
    8: """
        10.00 10.44 10.86 11.27 11.67 12.05 12.42 12.77 13.12 13.45 13.78 14.09 14.39 14.68
        14.96 15.23 15.50 15.75 16.00 16.23 16.46 16.68 16.90 17.11 17.31 17.50 17.69 17.87
        18.04 18.21 18.37 18.53 18.68 18.83 18.97 19.11 19.24 19.37 19.50 19.62 19.74 19.85
        19.95 20.00
    """,
    9: """
        10.00 10.41 10.81 11.20 11.58 11.94 12.29 12.63 12.96 13.28 13.59 13.89 14.18 14.46
        14.74 15.00 15.26 15.50 15.74 15.97 16.20 16.42 16.63 16.83 17.03 17.22 17.41 17.59
        17.76 17.93 18.09 18.25 18.40 18.55 18.69 18.83 18.97 19.10 19.22 19.34 19.46 19.58
        19.69 19.80 19.90 20.00
    """,
    10: """
        10.00 10.39 10.77 11.14 11.50 11.85 12.18 12.51 12.83 13.14 13.43 13.72 14.00 14.28
        14.54 14.80 15.05 15.29 15.52 15.75 15.97 16.18 16.39 16.59 16.78 16.97 17.16 17.34
        17.51 17.68 17.84 18.00 18.15 18.30 18.44 18.58 18.71 18.84 18.97 19.10 19.22 19.33
        19.44 19.55 19.66 19.76 19.86 19.96 20.00
    """,
    12: """
        10.00 10.36 10.71 11.05 11.38 11.70 12.01 12.31 12.61 12.90 13.18 13.45 13.71 13.97
        14.22 14.46 14.70 14.93 15.15 15.37 15.58 15.79 15.99 16.18 16.37 16.55 16.73 16.91
        17.08 17.24 17.40 17.56 17.71 17.86 18.00 18.14 18.28 18.41 18.54 18.66 18.78 18.90
        19.02 19.13 19.24 19.34 19.44 19.54 19.64 19.74 19.83 19.92 20.00
    """,
}


def _published(boards):
    return [Fraction(vp) for vp in PUBLISHED_VP_TABLES[boards].split()]


PUBLISHED_VP_ROWS = [
    (boards, margin, vp)
    for boards in PUBLISHED_VP_TABLES
    for margin, vp in enumerate(_published(boards))
]


@pytest.mark.parametrize(("boards", "margin", "winner"), PUBLISHED_VP_ROWS)
def test_victory_points_published_row(boards, margin, winner):
    loser = VP_TOTAL - winner
    assert victory_points(margin, boards) == winner
    assert victory_points(-margin, boards) == loser
    assert victory_point_pair(margin, boards) == (winner, loser)
    assert victory_point_pair(-margin, boards) == (loser, winner)


@pytest.mark.parametrize("boards", PUBLISHED_VP_TABLES)
def test_victory_point_scale_is_the_published_table(boards):
    assert victory_point_scale(boards) == tuple(_published(boards))


@pytest.mark.parametrize(
    ("boards", "margin", "published"),
    [
        (8, 40, "19.74"),
        (10, 27, "17.34"),
        (10, 29, "17.68"),
        (10, 31, "18.00"),
        (12, 42, "19.02"),
        (12, 44, "19.24"),
        (12, 49, "19.74"),
    ],
)
def test_published_rows_above_the_rounded_formula(boards, margin, published):
    tau = (math.sqrt(5) - 1) / 2
    formula = 10 + 10 * (1 - tau ** (margin / (5 * math.sqrt(boards)))) / (1 - tau**3)
    # Far enough from a rounding edge for floats to be trusted here.
    assert abs(formula * 100 - math.floor(formula * 100) - 0.5) > 1e-6
    assert Fraction(round(formula * 100), 100) == Fraction(published) - Fraction(1, 100)
    assert victory_points(margin, boards) == Fraction(published)


@pytest.mark.parametrize(("margin", "winner"), [(0, "10.00"), (1, "10.28"), (2, "10.55")])
def test_twenty_boards_published_rows(margin, winner):
    assert victory_point_pair(margin, 20) == (Fraction(winner), VP_TOTAL - Fraction(winner))


@pytest.mark.parametrize(
    ("boards", "margin", "winner"),
    [
        (8, 42, "19.95"),  # blitz 15 * sqrt(8) = 42.43
        (8, 43, "20"),
        (8, 44, "20"),
        (8, 250, "20"),
        (8, Fraction(85, 2), "20"),  # 42.5 is past the blitz
        (9, 44, "19.90"),  # blitz exactly 45
        (9, 45, "20"),
        (16, 59, "19.93"),  # blitz exactly 60
        (16, 60, "20"),
        (16, 61, "20"),
        (32, 84, "19.95"),  # blitz 84.85
        (32, 85, "20"),
        (41, 95, "19.96"),  # blitz 96.05, but 96 already rounds to 20.00
        (41, 96, "20"),
        (41, Fraction(961, 10), "20"),
        (41, 97, "20"),
    ],
)
def test_blitz(boards, margin, winner):
    assert victory_point_pair(margin, boards) == (Fraction(winner), VP_TOTAL - Fraction(winner))
    assert victory_point_pair(-margin, boards) == (VP_TOTAL - Fraction(winner), Fraction(winner))


@pytest.mark.parametrize("boards", [1, 2, 7, 8, 16, 24, 32, 64, 100])
def test_a_drawn_match_is_ten_all(boards):
    assert victory_point_pair(0, boards) == (10, 10)
    assert victory_point_pair(Fraction(0), boards) == (10, 10)


@pytest.mark.parametrize(
    ("boards", "margin", "winner"),
    [
        (8, Fraction(1, 2), "10.22"),
        (8, 0.5, "10.22"),
        (8, Fraction(21, 2), "13.93"),
        (8, 10.5, "13.93"),
        (8, Fraction(397, 10), "19.70"),
        (16, Fraction(119, 2), "19.96"),
        (20, Fraction(1, 4), "10.07"),
    ],
)
def test_fractional_margin(boards, margin, winner):
    assert victory_points(margin, boards) == Fraction(winner)
    assert victory_points(-margin, boards) == VP_TOTAL - Fraction(winner)


@pytest.mark.parametrize("boards", [16.0, "16", Fraction(16)])
def test_boards_given_as_a_whole_number_of_another_type(boards):
    assert victory_points(1, boards) == Fraction("10.31")


@pytest.mark.parametrize("bad", [0, -8, 3.5, Fraction(7, 2), "eight", None, True, float("nan")])
def test_board_count_must_be_a_whole_number_of_at_least_one(bad):
    with pytest.raises(ScoringError, match=r"^the number of boards must be a whole number") as info:
        victory_points(10, bad)
    assert quote(bad) in str(info.value)
    with pytest.raises(ScoringError):
        victory_point_pair(10, bad)
    with pytest.raises(ScoringError):
        victory_point_scale(bad)


@pytest.mark.parametrize("bad", ["ten", None, False, float("inf")])
def test_imp_margin_must_be_a_number(bad):
    with pytest.raises(ScoringError, match=r"^the IMP margin must be a number") as info:
        victory_points(bad, 8)
    assert quote(bad) in str(info.value)


@pytest.mark.parametrize("boards", range(1, 65))
def test_scale_is_rising_concave_and_capped_at_twenty(boards):
    scale = victory_point_scale(boards)
    gains = [b - a for a, b in pairwise(scale)]
    assert scale[0] == 10
    assert scale[-1] == VP_TOTAL
    assert all(vp < VP_TOTAL for vp in scale[:-1])
    assert all(gain > 0 for gain in gains)
    assert all(later <= earlier for earlier, later in pairwise(gains))
    assert all((vp * 100).denominator == 1 for vp in scale)
    # The margin before the last is short of the blitz, 15 * sqrt(boards) ...
    assert (len(scale) - 2) ** 2 < 225 * boards
    # ... and from the last on, every margin is worth 20.
    for margin in range(len(scale) - 1, len(scale) + 3):
        assert victory_points(margin, boards) == VP_TOTAL


board_counts = st.integers(min_value=1, max_value=64)
margins = st.fractions(min_value=-150, max_value=150, max_denominator=100)


@settings(deadline=None)
@given(margins, board_counts)
def test_both_sides_share_exactly_twenty_in_hundredths(margin, boards):
    own, other = victory_point_pair(margin, boards)
    assert own + other == VP_TOTAL
    assert 0 <= own <= VP_TOTAL
    assert (own * 100).denominator == 1
    assert isinstance(own, Fraction)
    assert victory_points(-margin, boards) == other


@settings(deadline=None)
@given(margins, margins, board_counts)
def test_more_imps_never_earn_fewer_victory_points(a, b, boards):
    low, high = sorted((a, b))
    assert victory_points(low, boards) <= victory_points(high, boards)


@settings(deadline=None)
@given(margins, board_counts)
def test_fractional_margin_lies_between_its_whole_neighbours(margin, boards):
    below, above = math.floor(margin), math.ceil(margin)
    assert victory_points(below, boards) <= victory_points(margin, boards)
    assert victory_points(margin, boards) <= victory_points(above, boards)


# ---------------------------------------------------------------- other VP scales

DATA = paths.DATA / "vp_scales"


def _csv(name: str) -> list[dict[str, str]]:
    lines = [line for line in (DATA / name).read_text().splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines))


def _margins(text: str) -> range:
    """'5-6' -> 5, 6; '7' -> 7; '28+' -> 28 up to 40 past it (every margin beyond is the same)."""
    if text.endswith("+"):
        return range(int(text[:-1]), int(text[:-1]) + 41)
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def _bridgehands_cases() -> list[tuple[str, int, int, int, int]]:
    cases = []
    for row in _csv("bridgehands_victory_points.csv"):
        winner, loser = map(int, row["vps"].split("-"))
        for column, boards in (("imps_6_8", range(6, 9)), ("imps_9_11", range(9, 12))):
            for length in boards:
                for margin in _margins(row[column]):
                    cases.append((f"ACBL {row['scale']}-VP", length, margin, winner, loser))
    return cases


BRIDGEHANDS = _bridgehands_cases()


def test_the_bridgehands_file_covers_every_margin_once():
    # 14 rows of the 30-VP scale and 11 of the 20-VP, each margin 0..last+40 exactly once.
    for scale, last_6_8, last_9_11 in (("ACBL 30-VP", 28, 36), ("ACBL 20-VP", 28, 36)):
        for length, last in ((8, last_6_8), (11, last_9_11)):
            margins = [m for s, n, m, _, _ in BRIDGEHANDS if s == scale and n == length]
            assert sorted(margins) == list(range(last + 41))


@pytest.mark.parametrize(("scale", "boards", "margin", "winner", "loser"), BRIDGEHANDS)
def test_acbl_scales_reproduce_bridgehands_published_tables(scale, boards, margin, winner, loser):
    assert vp_scale(scale).pair(margin, boards) == (winner, loser)
    assert vp_scale(scale).pair(-margin, boards) == (loser, winner)
    assert type(vp_scale(scale).points(margin, boards)) is Fraction


def _bridgescore_cases() -> list[tuple[int, int, int]]:
    cases = []
    for row in _csv("bridgescore_acbl.csv"):
        cutoffs = [int(row[f"c{vp}"]) for vp in range(11, 21)]
        # BridgeHands publishes nothing under 6 boards, so xlbridge offers the scale from 6.
        for boards in range(max(6, int(row["first_boards"])), int(row["last_boards"]) + 1):
            for margin in range(cutoffs[-1] + 20):
                step = next((i for i, c in enumerate(cutoffs) if c > margin), 10)
                cases.append((boards, margin, 10 + step))
    return cases


@pytest.mark.parametrize(("boards", "margin", "winner"), _bridgescore_cases())
def test_acbl_20_reproduces_bridgescore_table(boards, margin, winner):
    assert ACBL_20.pair(margin, boards) == (winner, 20 - winner)
    assert ACBL_20.pair(-margin, boards) == (20 - winner, winner)


def _wbf_discrete_cases() -> list[tuple[int, int, int, int]]:
    cases = []
    for row in _csv("bridgeboxscorer_wbf_discrete.csv"):
        winner, loser = map(int, row["vps"].split("-"))
        for column, text in row.items():
            if column != "vps":
                for margin in _margins(text):
                    cases.append((int(column.removeprefix("boards_")), margin, winner, loser))
    return cases


WBF_DISCRETE_CASES = _wbf_discrete_cases()
WBF_DISCRETE_LENGTHS = (5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24, 28, 32, 40, 48, 56, 64)


def test_the_wbf_discrete_file_covers_every_margin_once():
    # 20 match lengths; each 11 rows, 10-10 to 20-0, margins 0..(20-0's first)+40 once each.
    assert sorted({n for n, _, _, _ in WBF_DISCRETE_CASES}) == list(WBF_DISCRETE_LENGTHS)
    for length, blitz in ((5, 31), (8, 39), (16, 54), (24, 66), (64, 108)):
        margins = [m for n, m, _, _ in WBF_DISCRETE_CASES if n == length]
        assert sorted(margins) == list(range(blitz + 41))
        assert {(w, lo) for n, _, w, lo in WBF_DISCRETE_CASES if n == length} == {
            (10 + step, 10 - step) for step in range(11)
        }


@pytest.mark.parametrize(("boards", "margin", "winner", "loser"), WBF_DISCRETE_CASES)
def test_wbf_discrete_reproduces_the_published_table(boards, margin, winner, loser):
    assert vp_scale("WBF 20-VP discrete").pair(margin, boards) == (winner, loser)
    assert WBF_DISCRETE.pair(-margin, boards) == (loser, winner)
    assert type(WBF_DISCRETE.points(margin, boards)) is Fraction


@pytest.mark.parametrize(
    ("boards", "margin", "expected"),
    [
        # 8 boards: 10 IMPs is 14-6 (10-12), 13 is 15-5 (13-16), 38 is 19-1, 39 is 20-0.
        (8, 10, (14, 6)),
        (8, 13, (15, 5)),
        (8, 38, (19, 1)),
        (8, 39, (20, 0)),
        # 24 boards: 1 IMP is still a draw (0-1), 2 is 11-9, 65 is 19-1 and 66 is 20-0.
        (24, 1, (10, 10)),
        (24, 2, (11, 9)),
        (24, -65, (1, 19)),
        (24, 66, (20, 0)),
    ],
)
def test_wbf_discrete_worked_rows(boards, margin, expected):
    assert WBF_DISCRETE.pair(margin, boards) == expected


def _wbf_construction(boards: int) -> list[int]:
    """The first margin of 10-10 .. 20-0 by the WBF Scoring Panel's construction
    (*The New WBF IMP to VP Scales*): VP v's band ends where the continuous curve
    reaches v + 1/2 (whole IMPs down); then a band is narrowed while the one
    after it would be narrower (the draw band: while 11-9's is under twice it plus 1).
    """
    blitz = 15 * math.sqrt(boards)
    r = ((math.sqrt(5) - 1) / 2) ** 3
    ends = [
        math.floor(blitz * math.log(1 - (1 - r) * (half / 10 - 1)) / math.log(r))
        for half in (10.5 + step for step in range(10))
    ]
    i = 0
    while i < 9:
        too_wide = (
            ends[1] - ends[0] < 2 * ends[0] + 1
            if i == 0
            else (ends[i + 1] - ends[i] < ends[i] - ends[i - 1])
        )
        if too_wide:
            ends[i] -= 1
            i = 0
        else:
            i += 1
    return [0] + [end + 1 for end in ends]


@pytest.mark.parametrize("boards", WBF_DISCRETE_LENGTHS)
def test_the_published_wbf_discrete_table_follows_the_wbf_construction(boards):
    # A second, independent source for every row: the published table is the construction's.
    firsts = [
        min(m for n, m, w, _ in WBF_DISCRETE_CASES if n == boards and w == 10 + step)
        for step in range(11)
    ]
    assert firsts == _wbf_construction(boards)


@pytest.mark.parametrize(
    ("scale", "boards", "expected"),
    [
        (ACBL_20, 5, "the ACBL 20-VP scale is published for matches of 6 to 36 boards, not 5"),
        (ACBL_20, 37, "the ACBL 20-VP scale is published for matches of 6 to 36 boards, not 37"),
        (ACBL_30, 12, "the ACBL 30-VP scale is published for matches of 6 to 11 boards, not 12"),
        *(
            (
                WBF_DISCRETE,
                n,
                "the WBF 20-VP discrete scale is published for matches of "
                f"5 to 16, 20, 24, 28, 32, 40, 48, 56 and 64 boards, not {n}",
            )
            for n in (4, 17, 18, 19, 21, 30, 65)
        ),
    ],
)
def test_a_match_length_the_publication_has_no_table_for_is_refused(scale, boards, expected):
    with pytest.raises(ScoringError) as info:
        scale.pair(3, boards)
    assert str(info.value) == expected


def test_a_weighted_margin_takes_the_row_it_has_reached():
    # 6-8 boards: 1-2 IMPs is 11-9 and 3-4 is 12-8, so 2.5 IMPs is 11-9, 3 is 12-8.
    assert ACBL_20.pair(Fraction(5, 2), 8) == (11, 9)
    assert ACBL_20.pair(Fraction(-5, 2), 8) == (9, 11)
    assert ACBL_30.pair(Fraction(1, 2), 7) == (15, 15)


def test_the_continuous_scale_is_the_default_and_unchanged():
    assert vp_scale("WBF 20-VP continuous") is WBF_CONTINUOUS
    # 8 boards, 40 IMPs: 19.74 in the WBF table (see PUBLISHED_VP_TABLES).
    assert WBF_CONTINUOUS.pair(40, 8) == (Fraction(1974, 100), Fraction(26, 100))
    assert str(WBF_CONTINUOUS) == "WBF 20-VP continuous"


@pytest.mark.parametrize(
    "name", ["acbl 20-vp", "  ACBL   30-VP ", "Wbf 20-Vp Continuous", "wbf 20-vp DISCRETE"]
)
def test_a_scale_is_found_by_its_name_in_any_case(name):
    assert vp_scale(name).name.lower() == " ".join(name.split()).lower()


@pytest.mark.parametrize(
    ("name", "scale"),
    [
        ("WBF 20VP continuous", "WBF 20-VP continuous"),
        ("wbf-20-vp-continuous", "WBF 20-VP continuous"),
        ("ACBL 30 VP", "ACBL 30-VP"),
        ("WBF 20-VP  Discrete", "WBF 20-VP discrete"),
    ],
)
def test_a_scale_is_found_with_its_hyphens_and_spaces_typed_otherwise(name, scale):
    assert vp_scale(name).name == scale


@pytest.mark.parametrize("name", ["EBU 20-VP", "WBF 25-VP", "WBF 20", "20 VP", "", None, 20])
def test_an_unknown_scale_is_refused_in_plain_words(name):
    with pytest.raises(ScoringError) as info:
        vp_scale(name)
    assert str(info.value) == (
        f"{quote(name)} is not a VP scale xlbridge knows: use one of "
        "WBF 20-VP continuous, WBF 20-VP discrete, ACBL 20-VP, ACBL 30-VP"
    )


def test_every_scale_name_is_listed_once():
    assert list(VP_SCALES) == [
        "WBF 20-VP continuous",
        "WBF 20-VP discrete",
        "ACBL 20-VP",
        "ACBL 30-VP",
    ]


# ------------------------------------------------------------------- a club's own table

CLUB = [(0, 10, 10), (3, 12, 8), (8, 15, 5), (20, 20, 0)]


@pytest.mark.parametrize(
    ("margin", "expected"),
    [(0, (10, 10)), (2, (10, 10)), (3, (12, 8)), (-7, (8, 12)), (19, (15, 5)), (99, (20, 0))],
)
def test_a_club_table_gives_its_rows(margin, expected):
    assert club_vp_scale(CLUB).pair(margin, 8) == expected
    assert club_vp_scale(CLUB).pair(margin, 30) == expected  # every match length


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([], "the VP table is empty: give rows of IMP margin from, winner's VPs, loser's VPs"),
        (
            [(1, 10, 10)],
            "VP table row 1: the first row is a drawn match, 0 IMPs with the VPs shared "
            "equally, not 1 IMPs 10-10",
        ),
        (
            [(0, 11, 9)],
            "VP table row 1: the first row is a drawn match, 0 IMPs with the VPs shared "
            "equally, not 0 IMPs 11-9",
        ),
        (
            [(0, 10, 10), (3, 12, 8), (3, 13, 7)],
            "VP table row 3, IMP margin from: the IMP margins must rise from row to row, and "
            "3 does not rise from 3: type a margin above 3",
        ),
        (
            [(0, 10, 10), (3, 12, 9)],
            "VP table row 2, loser's VPs: 3 IMPs 12-9 gives 21 VPs in all, and the draw row "
            "gives 20: every row must add up the same (with 12 for the winner, type 8 for the "
            "loser)",
        ),
        (
            [(0, 10, 10), (3, 13, 7), (5, 12, 8)],
            "VP table row 3, winner's VPs: the winner's VPs 12 must be at least the row "
            "above's (13) and the loser's (8): type 13 or more",
        ),
        (
            [(0, 10, 10), (3, "twelve", 8)],
            "VP table row 2, winner's VPs: 'twelve' is not a number: type a whole number "
            "or a decimal (12 or 12.5)",
        ),
        (
            [(0, 10, 10), (None, 12, 8)],
            "VP table row 2, IMP margin from: a blank cell is not a number: type a whole "
            "number or a decimal (12 or 12.5)",
        ),
        (
            [(0, 10, 10), (-3, 12, 8)],
            "VP table row 2, IMP margin from: -3 is below zero: type 0 or more",
        ),
        (
            [(0, 10)],
            "the VP table has 2 columns in row 1: give three, IMP margin from, winner's VPs, "
            "loser's VPs",
        ),
    ],
)
def test_a_club_table_is_checked_naming_the_row_and_column(rows, expected):
    with pytest.raises(ScoringError) as info:
        club_vp_scale(rows)
    assert str(info.value) == expected
