"""Properties of the teams core that must hold for any input (hypothesis)."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.result import Result, Weighted
from xlbridge.scales import imps
from xlbridge.teams import board_imps, round_robin, swiss_draw

scores = st.integers(-400, 400).map(lambda n: n * 10)


@st.composite
def weighted(draw: st.DrawFn) -> Result:
    """A plain or weighted NS score (whole-percent weights summing to 100%)."""
    parts = draw(st.lists(scores, min_size=1, max_size=4, unique=True))
    cuts = sorted(draw(st.lists(st.integers(1, 99), min_size=len(parts) - 1,
                                max_size=len(parts) - 1, unique=True)))  # fmt: skip
    bounds = [0, *cuts, 100]
    side = Weighted(
        tuple(
            (s, Fraction(b - a, 100))
            for s, a, b in zip(parts, bounds[:-1], bounds[1:], strict=True)
        )
    )
    return Result(side, side)


@given(weighted(), weighted())
@settings(max_examples=300)
def test_a_balanced_board_gives_the_teams_opposite_whole_imps(
    open_room: Result, closed: Result
) -> None:
    figures = board_imps(open_room, closed)
    assert figures is not None
    home, away = figures
    assert home == -away
    assert home.denominator == 1
    # A plain board is the WBF scale on the difference.
    if len(open_room.ns.components) == len(closed.ns.components) == 1:  # type: ignore[union-attr]
        (a, _), (b, _) = open_room.ns.components[0], closed.ns.components[0]  # type: ignore[union-attr]
        assert home == imps(a - b)


@given(st.integers(2, 12), st.data())
@settings(max_examples=100, deadline=None)
def test_a_swiss_draw_repeats_a_meeting_only_when_it_must(teams: int, data: st.DataObject) -> None:
    everyone = list(range(1, teams + 1))
    order = data.draw(st.permutations(everyone))
    all_pairs = list(itertools.combinations(everyone, 2))
    met = data.draw(st.lists(st.sampled_from(all_pairs), max_size=teams, unique=True))
    had_bye = data.draw(st.lists(st.sampled_from(everyone), max_size=teams - 1, unique=True))
    pairs, bye = swiss_draw(order, met, had_bye)  # a Swiss draw never gets stuck
    seated = [t for p in pairs for t in p] + ([bye] if bye is not None else [])
    assert sorted(seated) == everyone
    if {frozenset(p) for p in pairs} & {frozenset(p) for p in met}:
        # a repeat only when no draw without one exists, a bye going to a team without one
        fresh = [t for t in everyone if t not in had_bye] or everyone
        assert not _any_draw(everyone, {frozenset(p) for p in met}, fresh)
    assert (bye is None) == (teams % 2 == 0)
    if bye is not None and set(everyone) - set(had_bye):
        fresh_rank = [t for t in order if t not in had_bye]
        # The bye goes to the lowest team without one, unless that leaves no draw.
        assert bye in fresh_rank
    for home, away in pairs:
        assert order.index(home) < order.index(away)


def _any_draw(teams: list[int], played: set[frozenset[int]], byes: list[int]) -> bool:
    """Whether the teams can all be paired anew, one of ``byes`` sitting out if they are odd."""
    if len(teams) % 2:
        return any(_any_draw([t for t in teams if t != bye], played, byes) for bye in byes)
    if not teams:
        return True
    top, rest = teams[0], teams[1:]
    return any(
        frozenset((top, other)) not in played
        and _any_draw([t for t in rest if t != other], played, byes)
        for other in rest
    )


@given(st.integers(2, 16))
def test_a_round_robin_meets_everyone_once(teams: int) -> None:
    rounds = round_robin(list(range(1, teams + 1)))
    met = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert len(met) == len(set(met)) == teams * (teams - 1) // 2
