"""Master points by a national body's published rules: the ABF's green points and the ACBL's
black points for a club session.

The rule is the *ABF Masterpoint Manual* (Australian Bridge Federation; the
Masterpoint Centre's HTML edition, sections 2, 3.1 and 4.2):

- the winner's award of a session is ``0.02 W T`` masterpoints in a movement
  with two winners (Mitchell) and ``0.04 W T`` in one with a single winner
  (Howell, arrow-switch Mitchell), ``T`` the tables with a half table rounded
  up, for ``T`` up to 30 and 15 (3.1.1; beyond them the manual's formula is
  exponential, and is not computed here);
- ``W`` is the grade's weight; a regular club session is grade E, green
  points, on Tables 1B and 2B, weight 1.5 (3.1.3, 2.1);
- places are awarded to the top half of each field, rounded down, in a
  duplicate event; to the top third, rounded up, in a Butler pairs event
  whose matches are of five boards or more (4.2);
- the runners-up get 70% of the winner's award, every other place the
  winner's award divided by one less than the place (4.2);
- awards are given in hundredths of a masterpoint, as the Masterpoint Centre
  takes them (its award form: "enter 1.23 as 123") and as USEBIO's
  ``MASTER_POINTS_AWARDED`` carries them.

Each place's award is rounded to the hundredth, half up (the Tables print
them so); pairs tied for a place share the awards of the places they fill,
equally, half a hundredth rounded up.  The manual's tie clause (4.4.6) was
not found in the text read; this sharing is what Compscore3 writes for a tie
(tests/data/usebio/mp_pairs_mitchell_03.xml: two pairs tied third of three
places get 6 each, half of 11 + 0).

The ACBL's open club game is the *ACBL Handbook of Rules and Regulations*,
"I. Calculating the awards" (Chapter 4's masterpoint section, acbl.org):

- section awards are based on the number of pairs in each group: an eight-table
  Mitchell is two groups of 8 pairs, a five-table Howell one group of 10 pairs;
  in a Mitchell a half table counts as a full table (7 1/2 tables: 8 pairs in
  each group), a 5 1/2 table Howell is 11 pairs;
- the depth of awards is 40% of the pairs in the group, rounded to the nearest
  whole number, .5 rounded up;
- first place in each group is .10 masterpoint per table (the same paragraph's
  invitational and newcomer games say "per pair": one pair of a group per table
  in a Mitchell; in a Howell this reads it as per pair of the group, the basis
  the text gives all section awards), at most 1.50;
- second is 70% of first, third 50%, fourth 35%, fifth 1/5 and sixth 1/6, etc.

The text read states no rounding of an award to hundredths and no rule for
tied places, for strat awards, or for overall awards: a pair whose award would
need one is left for the club to type, with a message saying which rule is
missing (:class:`UnbuiltAward`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from xlbridge.errors import ScoringError
from xlbridge.event import Pair
from xlbridge.exact import decimal_text, parse_fraction, quote, round_half_away
from xlbridge.scored import EventResult
from xlbridge.settings import MasterPointBody, ScoringForm

__all__ = [
    "ABF_GREEN_CLUB_WEIGHT",
    "ABF_ONE_WINNER_MOST_TABLES",
    "ABF_ONE_WINNER_RATE",
    "ABF_RUNNER_UP",
    "ABF_TWO_WINNER_MOST_TABLES",
    "ABF_TWO_WINNER_RATE",
    "ACBL_DEPTH",
    "ACBL_OPEN_FIRST_PER_PAIR",
    "ACBL_OPEN_MOST",
    "HUNDREDTHS",
    "TypedAward",
    "UnbuiltAward",
    "abf_awards",
    "abf_field_awards",
    "abf_place_awards",
    "abf_places",
    "abf_winner_award",
    "acbl_awards",
    "acbl_field_awards",
    "acbl_first_award",
    "acbl_group_size",
    "acbl_place_award",
    "acbl_places",
    "award_shown",
    "format_hundredths",
    "with_awards",
    "with_awards_noted",
]

#: ABF Masterpoint Manual 3.1.3 and 2.1: grade E, a regular club session (green points),
#: is weighted 1.5 (Tables 1B and 2B).
ABF_GREEN_CLUB_WEIGHT = Fraction(3, 2)
#: ABF Masterpoint Manual 3.1.1: the winners' award of a two-winner movement is 0.02 W T.
ABF_TWO_WINNER_RATE = Fraction(2, 100)
#: ... and of a single-winner movement 0.04 W T.
ABF_ONE_WINNER_RATE = Fraction(4, 100)
#: ... for T up to and including 30 tables (two winners) and 15 (one winner).
ABF_TWO_WINNER_MOST_TABLES = 30
ABF_ONE_WINNER_MOST_TABLES = 15
#: ABF Masterpoint Manual 4.2: the runners-up receive 70% of the winners' award.
ABF_RUNNER_UP = Fraction(7, 10)
#: Awards are whole hundredths of a masterpoint.
HUNDREDTHS = 100


def abf_winner_award(
    tables: int, two_winners: bool, weight: Fraction = ABF_GREEN_CLUB_WEIGHT
) -> Fraction:
    """The winner's award in masterpoints (exact) for ``tables`` tables, half tables
    rounded up (ABF Masterpoint Manual 3.1.1).

    >>> abf_winner_award(7, True), abf_winner_award(4, False)
    (Fraction(21, 100), Fraction(6, 25))
    """
    most = ABF_TWO_WINNER_MOST_TABLES if two_winners else ABF_ONE_WINNER_MOST_TABLES
    if tables < 1:
        raise ScoringError("master points need at least one table")
    if tables > most:
        kind = "two winners (Mitchell)" if two_winners else "one winner (Howell)"
        raise ScoringError(
            f"master points: {tables} tables with {kind} is beyond the ABF's "
            f"{most}-table scale this program computes; type the awards on the Pairs sheet"
        )
    rate = ABF_TWO_WINNER_RATE if two_winners else ABF_ONE_WINNER_RATE
    return rate * weight * tables


def abf_places(field: int, top_third: bool = False) -> int:
    """How many places get an award in a field of ``field`` pairs: the top half, rounded
    down; the top third, rounded up, when ``top_third`` (ABF Masterpoint Manual 4.2).

    >>> abf_places(9), abf_places(13, top_third=True)
    (4, 5)
    """
    return -(-field // 3) if top_third else field // 2


def abf_place_awards(winner: Fraction, places: int) -> tuple[int, ...]:
    """Each place's award in hundredths, the winner's first, rounded half up: the winner's
    award, 70% of it, then the winner's divided by one less than the place.

    >>> abf_place_awards(Fraction(63, 100), 10)
    (63, 44, 32, 21, 16, 13, 11, 9, 8, 7)
    """
    awards = []
    for place in range(1, places + 1):
        if place == 1:
            exact = winner
        elif place == 2:
            exact = winner * ABF_RUNNER_UP
        else:
            exact = winner / (place - 1)
        awards.append(int(round_half_away(exact * HUNDREDTHS)))
    return tuple(awards)


def abf_field_awards(
    ranks: Sequence[str],
    tables: int,
    two_winners: bool,
    *,
    top_third: bool = False,
    weight: Fraction = ABF_GREEN_CLUB_WEIGHT,
) -> tuple[int, ...]:
    """The award in hundredths of each pair of one field, from its place as ranked
    (``"1"``, ``"3="``); pairs with the same place share the awards of the places
    they fill, half a hundredth rounded up.

    >>> abf_field_awards(["1", "2", "3=", "3=", "5", "6", "7"], 7, True)
    (21, 15, 6, 6, 0, 0, 0)
    """
    places = abf_places(len(ranks), top_third)
    winner = abf_winner_award(tables, two_winners, weight)
    tied: dict[str, int] = {}
    for rank in ranks:
        tied[rank] = tied.get(rank, 0) + 1
    firsts = {rank: _place_number(rank) for rank in tied}
    scale = abf_place_awards(winner, places)
    shares: dict[str, int] = {}
    for rank, count in tied.items():
        first = firsts[rank]
        pooled = sum(scale[p - 1] for p in range(first, first + count) if p <= places)
        shares[rank] = int(round_half_away(Fraction(pooled, count)))
    return tuple(shares[rank] for rank in ranks)


def _place_number(rank: str) -> int:
    text = rank.strip().rstrip("=")
    if not text.isdecimal() or int(text) < 1:
        raise ScoringError(f"master points: {quote(rank)} is not a place")
    return int(text)


def abf_awards(result: EventResult, weight: Fraction = ABF_GREEN_CLUB_WEIGHT) -> dict[str, int]:
    """Every ranked pair's ABF award in hundredths, by its label, for the scored session.

    Two fields (NS and EW ranked apart) are a two-winner movement; one field a
    single-winner one.  The tables are the ranked pairs halved, a half table
    rounded up.  A Butler session ranks its top third (the manual's rule for Butler
    pairs played in matches of five boards or more).
    """
    ranked = [p for p in result.pairs if p.rank]
    fields = result.rankings
    tables = math.ceil(Fraction(len(ranked), 2))
    top_third = result.event.settings.form is ScoringForm.BUTLER
    awards: dict[str, int] = {}
    for field in fields.values():
        shares = abf_field_awards(
            [p.rank for p in field], tables, len(fields) > 1, top_third=top_third, weight=weight
        )
        for entry, share in zip(field, shares, strict=True):
            awards[entry.pair.label] = share
    return awards


#: ACBL Handbook, I. Calculating the awards: open games award .10 MP per table (one pair
#: of each group per table) for first place in each group ...
ACBL_OPEN_FIRST_PER_PAIR = Fraction(1, 10)
#: ... and the maximum award is 1.50 masterpoints.
ACBL_OPEN_MOST = Fraction(3, 2)
#: ... depth of awards: 40% of the pairs in the group, .5 rounded up.
ACBL_DEPTH = Fraction(2, 5)
#: ... second 70% of first, third 50%, fourth 35%; fifth 1/5, sixth 1/6, etc.
_ACBL_SHARES = {1: Fraction(1), 2: Fraction(7, 10), 3: Fraction(1, 2), 4: Fraction(35, 100)}


def acbl_group_size(ranked: int, two_winners: bool) -> int:
    """The pairs in each group of a session of ``ranked`` pairs: in a Mitchell (two
    winners) the tables, a half table counted as a full one; in a Howell every pair.

    >>> acbl_group_size(16, True), acbl_group_size(15, True), acbl_group_size(11, False)
    (8, 8, 11)
    """
    return -(-ranked // 2) if two_winners else ranked


def acbl_places(group: int) -> int:
    """How many places are awarded in a group: 40% of its pairs, .5 rounded up.

    >>> acbl_places(8), acbl_places(9), acbl_places(10), acbl_places(14)
    (3, 4, 4, 6)
    """
    return int(round_half_away(ACBL_DEPTH * group))


def acbl_first_award(group: int) -> Fraction:
    """First place's award in an open game: .10 a pair of the group, at most 1.50.

    >>> acbl_first_award(8), acbl_first_award(13), acbl_first_award(20)
    (Fraction(4, 5), Fraction(13, 10), Fraction(3, 2))
    """
    if group < 1:
        raise ScoringError("master points need at least one pair in a group")
    return min(ACBL_OPEN_FIRST_PER_PAIR * group, ACBL_OPEN_MOST)


def acbl_place_award(first: Fraction, place: int) -> Fraction:
    """A place's award (exact): first's, 70%, 50%, 35%, then 1/5, 1/6 ... of first.

    >>> acbl_place_award(Fraction(4, 5), 2), acbl_place_award(Fraction(3, 2), 6)
    (Fraction(14, 25), Fraction(1, 4))
    """
    return first * _ACBL_SHARES.get(place, Fraction(1, place))


@dataclass(frozen=True)
class UnbuiltAward:
    """A pair whose award needs a rule the text read does not state: the club types it."""

    pair: Pair
    why: str


def acbl_field_awards(ranks: Sequence[str], group: int) -> tuple[int | str, ...]:
    """Each pair's award in hundredths from its place as ranked (``"1"``, ``"3="``), or,
    where the text read states no rule for it, the words saying which: a tie for a place
    awarded, or an award that is not a whole hundredth.

    >>> acbl_field_awards(["1", "2", "3", "4", "5", "6", "7", "8"], 8)
    (80, 56, 40, 0, 0, 0, 0, 0)
    """
    places = acbl_places(group)
    first = acbl_first_award(group)
    tied: dict[str, int] = {}
    for rank in ranks:
        tied[rank] = tied.get(rank, 0) + 1
    out: list[int | str] = []
    for rank in ranks:
        place = _place_number(rank)
        if place > places:
            out.append(0)
        elif tied[rank] > 1:
            out.append(
                f"the ACBL's rule for places tied ({rank.strip()}) is not built in: type the award"
            )
        else:
            exact = acbl_place_award(first, place) * HUNDREDTHS
            if exact.denominator == 1:
                out.append(int(exact))
            else:
                out.append(
                    f"place {place}'s award is {decimal_text(exact / HUNDREDTHS)} masterpoints "
                    "and the ACBL's rounding to hundredths is not built in: type the award"
                )
    return tuple(out)


def acbl_awards(result: EventResult) -> tuple[dict[str, int], tuple[UnbuiltAward, ...]]:
    """Every ranked pair's ACBL open club game award in hundredths, by its label, and the
    pairs whose award needs a rule not built in.  Two fields (NS and EW ranked apart) are
    a Mitchell's two groups; one field a Howell's one group.  A stratified event's awards
    are not built in: every pair is returned as such.
    """
    ranked = [p for p in result.pairs if p.rank]
    fields = result.fields
    if result.event.facts.strata is not None:
        why = "the ACBL's rule for strat awards is not built in: type the awards"
        return {}, tuple(UnbuiltAward(p.pair, why) for p in ranked)
    group = acbl_group_size(len(ranked), len(fields) > 1)
    awards: dict[str, int] = {}
    unbuilt: list[UnbuiltAward] = []
    for name in fields:
        field = result.field(name)
        for entry, award in zip(
            field, acbl_field_awards([p.rank for p in field], group), strict=True
        ):
            if isinstance(award, int):
                awards[entry.pair.label] = award
            else:
                unbuilt.append(UnbuiltAward(entry.pair, award))
    return awards, tuple(unbuilt)


def format_hundredths(hundredths: int) -> str:
    """An award in hundredths as masterpoints: ``0.24``, ``1.05``.

    >>> format_hundredths(24), format_hundredths(105), format_hundredths(0)
    ('0.24', '1.05', '0.00')
    """
    return f"{hundredths // HUNDREDTHS}.{hundredths % HUNDREDTHS:02d}"


@dataclass(frozen=True)
class TypedAward:
    """A pair's typed award that is not the computed one: the typed stands."""

    pair: Pair
    typed: str
    computed: int


def with_awards(result: EventResult) -> tuple[EventResult, tuple[TypedAward, ...]]:
    """The result with each ranked pair's master points filled in by the event's body, and
    the typed awards that differ from the computed ones (see :func:`with_awards_noted`)."""
    filled, typed, _ = with_awards_noted(result)
    return filled, typed


def with_awards_noted(
    result: EventResult,
) -> tuple[EventResult, tuple[TypedAward, ...], tuple[UnbuiltAward, ...]]:
    """The result with each ranked pair's master points filled in by the event's body.

    A pair whose award is blank gets the computed one (hundredths, as USEBIO carries
    it); a typed award stands, and each typed one that is not the computed one is
    returned; so is each blank award whose rule is not built in (the ACBL's ties,
    rounding and strats: the club types it).  With no body named, the result is
    unchanged.  A session beyond the scale computed raises
    :class:`~xlbridge.errors.ScoringError` (see :func:`abf_winner_award`).
    """
    body = result.event.facts.mp_body
    if body is None:
        return result, (), ()
    unbuilt: tuple[UnbuiltAward, ...] = ()
    if body is MasterPointBody.ACBL:
        awards, unbuilt = acbl_awards(result)
        unbuilt = tuple(u for u in unbuilt if not u.pair.master_points.strip())
    else:
        awards = abf_awards(result)
    differences: list[TypedAward] = []
    filled: dict[Pair, Pair] = {}
    for entry in result.pairs:
        computed = awards.get(entry.pair.label)
        if computed is None:
            continue
        typed = entry.pair.master_points.strip()
        if not typed:
            filled[entry.pair] = replace(entry.pair, master_points=str(computed))
        elif not _same(typed, computed):
            differences.append(TypedAward(entry.pair, typed, computed))
    if not filled:
        return result, tuple(differences), unbuilt
    event = replace(result.event, pairs=tuple(filled.get(p, p) for p in result.event.pairs))
    pairs = tuple(replace(p, pair=filled.get(p.pair, p.pair)) for p in result.pairs)
    return replace(result, event=event, pairs=pairs), tuple(differences), unbuilt


def _same(typed: str, computed: int) -> bool:
    try:
        return parse_fraction(typed) == computed
    except ValueError:
        return False


def award_shown(award: str, body: MasterPointBody | None) -> str:
    """A pair's award as the results show it: the ABF's and the ACBL's hundredths as
    masterpoints (``24`` is ``0.24``), anything else as typed.

    >>> award_shown("24", MasterPointBody.ABF), award_shown("24", None)
    ('0.24', '24')
    """
    text = award.strip()
    if body is not None and text.isdecimal():
        return format_hundredths(int(text))
    return text
