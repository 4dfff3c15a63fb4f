"""A stratified event: each pair's stratum by its players' masterpoint holdings, and its
place in every stratum it may be ranked in.

A stratified pairs game is played and scored as any other; its ranking is then
given again for each stratum (*stratum*, "strat": A, B, C; a club's "flights"
are the same).  The rule, as the bodies and the clubs that run such games
publish it:

- each stratum has an upper limit of masterpoints (the top one usually none:
  "Open/500/200", "0-299"); a pair's stratum is set by "the Masterpoint Rank
  of the player with the higher rank" (EBU, *Club Focus*, Spring 2011,
  "Stratification for clubs"); "categories for a given pair are typically based
  on the player with the higher number of MPs ... and may be based on the
  average MPs of the partners" (Tribune-Star, "Bridge results", 19 January
  2020, describing the ACBL's strats): the higher holding by default, the
  average when the Settings say so;
- every pair is ranked in the top stratum; the second ranking "compares the
  scores of only the ... strat B and strat C pairs", the third only the strat
  C pairs (Kendal Bridge Club, "Stratification"): a pair is ranked in its own
  stratum and every stratum above it, never below;
- section awards are "based on the number of pairs ... in each group", a
  Mitchell being "two groups" (*ACBL Handbook*, "I. Calculating the Awards"):
  a pair's place in each stratum is given in its field (NS or EW, or the one
  field of a Howell) and overall (every field together, on the figure ranked
  on: the percentage for matchpoints).

Pairs that tie share the places they fill, written ``2/3`` (as ACBLscore's
recaps write a tie).  A pair whose holding is not known (a player with no
holding on the club's list) is ranked only in the strata open to every pair
(no upper limit): where else it belongs is not guessed, and the reader warns
naming the cell.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from xlbridge.errors import ScoringError
from xlbridge.exact import normalise_text, parse_fraction, quote
from xlbridge.report import format_figure

__all__ = [
    "Strata",
    "StrataRule",
    "Stratum",
    "pair_holding",
    "parse_holding",
    "parse_strata",
    "parse_strata_rule",
    "split_places",
]


@dataclass(frozen=True)
class Stratum:
    """One stratum: its name (``A``) and its upper limit of masterpoints (``None``: open)."""

    name: str
    upper: Fraction | None = None

    def __str__(self) -> str:
        limit = "" if self.upper is None else format_figure(self.upper)
        return f"{self.name} 0-{limit}"


class StrataRule(str, Enum):
    """Which holding sets a pair's stratum: the higher player's, or the pair's average."""

    HIGHER = "higher"
    AVERAGE = "average"

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Strata:
    """The event's strata, the widest (top) first, and the rule for a pair's holding."""

    strata: tuple[Stratum, ...]
    rule: StrataRule = StrataRule.HIGHER

    def __str__(self) -> str:
        return ", ".join(str(s) for s in self.strata)

    def of(self, holding: Fraction | None) -> Stratum | None:
        """The narrowest stratum a pair of ``holding`` is in (``None``: not known, or above
        every limit).

        >>> strata = Strata(parse_strata("A 0-, B 0-1000, C 0-300"))
        >>> [strata.of(Fraction(h)).name for h in (5000, 1000, 301, 300, 0)]
        ['A', 'B', 'B', 'C', 'C']
        """
        if holding is None:
            return None
        found = None
        for stratum in self.strata:
            if stratum.upper is None or holding <= stratum.upper:
                found = stratum
        return found

    def ranked_in(self, holding: Fraction | None) -> tuple[Stratum, ...]:
        """The strata a pair of ``holding`` is ranked in: its own and every one above it;
        only the open strata when its holding is not known."""
        own = self.of(holding)
        if own is None:
            return tuple(s for s in self.strata if s.upper is None)
        return self.strata[: self.strata.index(own) + 1]


_PART = re.compile(r"([A-Za-z][A-Za-z0-9]*)\s*(?::\s*)?(.*)")
_LIMIT = re.compile(r"0\s*-\s*(.*)")


def parse_strata(value: object) -> tuple[Stratum, ...]:
    """The strata a Settings cell names: ``A 0-, B 0-1000, C 0-300`` (each stratum's name
    and its masterpoint range; ``0-`` or ``open``: no upper limit), widest first.

    >>> [str(s) for s in parse_strata("C 0-299; A open; B 0-999.99")]
    ['A 0-', 'B 0-999.99', 'C 0-299']
    """
    text = "" if value is None else normalise_text(str(value)).strip()
    parts = [p.strip() for p in re.split(r"[,;]", text) if p.strip()]
    strata: list[Stratum] = []
    for part in parts:
        found = _PART.fullmatch(part)
        if found is None:
            raise ScoringError(_strata_help(f"{quote(part)} is not a stratum"))
        name, limit = found.group(1).upper(), found.group(2).strip()
        upper = _upper(limit, part)
        if any(s.name == name for s in strata):
            raise ScoringError(_strata_help(f"stratum {name} is named twice"))
        strata.append(Stratum(name, upper))
    if len(strata) < 2:
        raise ScoringError(_strata_help(f"{quote(value)} names fewer than two strata"))
    strata.sort(key=lambda s: (s.upper is not None, -(s.upper or 0)))
    for higher, lower in itertools.pairwise(strata):
        if lower.upper is None or higher.upper == lower.upper:
            same = "have no limit" if lower.upper is None else "have the same limit"
            raise ScoringError(_strata_help(f"strata {higher.name} and {lower.name} {same}"))
    return tuple(strata)


def _upper(limit: str, part: str) -> Fraction | None:
    if limit.lower() in ("open", "0-", "0 -"):
        return None
    found = _LIMIT.fullmatch(limit)
    if found is None:
        raise ScoringError(
            _strata_help(f"{quote(part)}: a stratum's range starts at 0 (0-300, or 0- for open)")
        )
    if not found.group(1).strip():
        return None
    try:
        upper = parse_fraction(found.group(1).strip())
    except ValueError:
        raise ScoringError(_strata_help(f"{quote(part)}: the limit is not a number")) from None
    if upper < 0:
        raise ScoringError(_strata_help(f"{quote(part)}: the limit is below 0"))
    return upper


def _strata_help(what: str) -> str:
    return f"{what}: write each stratum's name and range, as A 0-, B 0-1000, C 0-300"


def parse_strata_rule(value: object) -> StrataRule:
    """The Strata by cell: ``higher`` (blank) or ``average``.

    >>> parse_strata_rule(""), parse_strata_rule("Average")
    (<StrataRule.HIGHER: 'higher'>, <StrataRule.AVERAGE: 'average'>)
    """
    text = "" if value is None else normalise_text(str(value)).strip().lower()
    if not text:
        return StrataRule.HIGHER
    for rule in StrataRule:
        if text == rule.value:
            return rule
    raise ScoringError(
        f"strata by must be higher (the higher player's holding) or average, not {quote(value)}"
    )


def parse_holding(text: str) -> Fraction:
    """A masterpoint holding as a players list writes it (``123.45``, ``1,234.5``); a
    negative or non-number refused.

    >>> parse_holding("1,234.5"), parse_holding("0")
    (Fraction(2469, 2), Fraction(0, 1))
    """
    cleaned = normalise_text(text).strip()
    if "," in cleaned and "." in cleaned:  # 1,234.5: commas between thousands
        cleaned = cleaned.replace(",", "")
    elif cleaned.count(",") == 1 and not re.fullmatch(r"[0-9]{1,3},[0-9]{3}", cleaned):
        cleaned = cleaned.replace(",", ".")  # 12,5: a decimal comma (a list saved in Europe)
    else:
        cleaned = cleaned.replace(",", "")
    try:
        holding = parse_fraction(cleaned)
    except ValueError:
        raise ScoringError(f"the holding {quote(text)} is not a number of masterpoints") from None
    if holding < 0:
        raise ScoringError(f"the holding {quote(text)} is below 0")
    return holding


def pair_holding(holdings: Sequence[Fraction], rule: StrataRule) -> Fraction:
    """The pair's holding for its stratum: the higher player's, or the players' average.

    >>> pair_holding([Fraction(250), Fraction(1200)], StrataRule.HIGHER)
    Fraction(1200, 1)
    >>> pair_holding([Fraction(250), Fraction(1200)], StrataRule.AVERAGE)
    Fraction(725, 1)
    """
    if not holdings:
        raise ScoringError("a pair's holding needs its players' holdings")
    if rule is StrataRule.AVERAGE:
        return Fraction(sum(holdings, Fraction(0)), len(holdings))
    return max(holdings)


def split_places(scores: Sequence[Fraction]) -> list[str]:
    """Each score's place, highest first; equal scores share the places they fill (``2/3``).

    >>> split_places([Fraction(60), Fraction(55), Fraction(55), Fraction(40)])
    ['1', '2/3', '2/3', '4']
    """
    places = []
    for score in scores:
        first = 1 + sum(1 for s in scores if s > score)
        last = first + sum(1 for s in scores if s == score) - 1
        places.append("/".join(str(p) for p in range(first, last + 1)))
    return places
