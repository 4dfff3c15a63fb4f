"""A stratified event's places: each pair's stratum and its place in every stratum it is
ranked in, in its field and overall (the rule: :mod:`xlbridge.strata`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlbridge.scored import EventResult, PairResult
from xlbridge.strata import Strata, pair_holding, split_places

__all__ = ["PairStrata", "StratumPlace", "event_strata", "strata_columns", "stratify"]


@dataclass(frozen=True)
class StratumPlace:
    """A pair's place in one stratum: in its field (NS, EW or the one field) and overall."""

    stratum: str
    section: str
    overall: str


@dataclass(frozen=True)
class PairStrata:
    """A pair's stratum (``""`` when its holding is not known) and its places."""

    stratum: str
    holding: Fraction | None
    places: tuple[StratumPlace, ...]

    def place(self, stratum: str) -> StratumPlace | None:
        """The pair's place in ``stratum``, or ``None`` when it is not ranked there."""
        return next((p for p in self.places if p.stratum == stratum), None)


def stratify(
    result: EventResult, strata: Strata, holdings: Mapping[str, Fraction | None]
) -> dict[str, PairStrata]:
    """Every ranked pair's stratum and places, by its label; ``holdings`` is each pair's
    holding (:func:`pair_holding`; ``None`` or missing: not known).
    """
    ranked = [p for p in result.pairs if p.rank and p.score is not None]
    ranks: dict[tuple[str, str], StratumPlace] = {}
    eligible = {p.pair.label: strata.ranked_in(holdings.get(p.pair.label)) for p in ranked}
    for stratum in strata.strata:
        members = [p for p in ranked if stratum in eligible[p.pair.label]]
        overall = _places(members)
        section: dict[str, str] = {}
        for name in result.fields:
            section.update(_places([p for p in members if p.field == name]))
        for p in members:
            label = p.pair.label
            ranks[(label, stratum.name)] = StratumPlace(
                stratum.name, section[label], overall[label]
            )
    out: dict[str, PairStrata] = {}
    for p in ranked:
        label = p.pair.label
        holding = holdings.get(label)
        own = strata.of(holding)
        places = tuple(ranks[(label, s.name)] for s in eligible[label])
        out[label] = PairStrata(own.name if own else "", holding, places)
    return out


def _places(members: Sequence[PairResult]) -> dict[str, str]:
    scores = [p.score or Fraction(0) for p in members]
    return {p.pair.label: place for p, place in zip(members, split_places(scores), strict=True)}


def event_strata(result: EventResult) -> dict[str, PairStrata] | None:
    """Every ranked pair's stratum and places by the event's Strata rows, each pair's
    holding from its players' (``None``: the event is not stratified).  A pair with a
    player whose holding is not known has no stratum (the reader has said which cell)."""
    strata = result.event.facts.strata
    if strata is None:
        return None
    holdings: dict[str, Fraction | None] = {}
    for entry in result.pairs:
        players = entry.pair.players
        known = [p.holding for p in players if p.holding is not None]
        whole = bool(players) and len(known) == len(players)
        holdings[entry.pair.label] = pair_holding(known, strata.rule) if whole else None
    return stratify(result, strata, holdings)


def strata_columns(
    result: EventResult, found: Mapping[str, PairStrata]
) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The ranking's strata columns: their headings (``Strat``, then each stratum's places:
    ``A`` in the pair's field and, with two fields, ``A overall``) and each pair's cells."""
    strata = result.event.facts.strata
    if strata is None:
        return (), {}
    two = len(result.fields) > 1
    header: list[str] = ["Strat"]
    for stratum in strata.strata:
        header.append(stratum.name)
    if two:
        header.extend(f"{stratum.name} overall" for stratum in strata.strata)
    cells: dict[str, tuple[str, ...]] = {}
    for label, pair in found.items():
        places = [pair.place(s.name) for s in strata.strata]
        row = [pair.stratum, *(p.section if p else "" for p in places)]
        if two:
            row.extend(p.overall if p else "" for p in places)
        cells[label] = tuple(row)
    return tuple(header), cells
