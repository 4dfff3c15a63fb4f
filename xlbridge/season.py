"""A club's season: each player's nights gathered from the nights' results, ranked by a rule.

The season counts **players**, not pairs: a pair's two players each get the
pair's result, so a player's nights with different partners all count.  Each
night is what its results file published for the pairs that played: a
percentage, a place and the field the place is in (:class:`Night`, made by
:func:`night_of`).  :func:`season_table` ranks the players by one of two rules
(:class:`SeasonRule`):

* ``percent``: the average of each player's ``best`` best percentages
  (all of them when the player has fewer, or when ``best`` is not given);
* ``points``: points by place in each field, on a :class:`PlaceScale` (the
  ``field`` scale gives the winner as many points as there are pairs in the
  field, then one less per place; or a fixed list, ``10,8,6,5,4,3,2,1``);
  pairs that tie share the points of the places they fill; a player's
  ``best`` best nights' points added up (all of them without ``best``).

A player with fewer than ``minimum`` nights is listed below the table, not
ranked.  Players level on the season's figure are ranked by more results
counted, then the best single result, then the next best, and so on; players
level on all of it share the place (``3=``).

Nothing is miscounted silently: two files holding the same night are refused
(:func:`check_nights`), a player named twice in one night is refused, and
two spellings of one player are warned about naming both files
(:func:`spelling_warnings`): names that differ only in case, spacing, full
stops or accents are counted as one player; an initial and a full first name
(``J Smith``, ``John Smith``) who share a partner are counted as two.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, pairwise

from xlbridge.errors import ScoringError
from xlbridge.exact import format_date, quote, round_half_away

__all__ = [
    "METHODS",
    "Night",
    "NightEntry",
    "PlaceScale",
    "PlayerNight",
    "Season",
    "SeasonRow",
    "SeasonRule",
    "check_nights",
    "name_key",
    "night_of",
    "place_points",
    "season_table",
    "spelling_warnings",
    "split_names",
]

#: The rules a season is ranked by.
METHODS = ("percent", "points")


@dataclass(frozen=True)
class NightEntry:
    """One pair's night as published: its players, percentage, place and field.

    ``place`` is the first place the pair fills (``3`` for ``3=``) and ``tied``
    how many pairs share it; ``field_size`` counts the pairs that played in
    the pair's field (NS, EW, or all).
    """

    pair: str
    players: tuple[str, ...]
    percentage: Fraction
    place: int
    tied: int
    field: str
    field_size: int


@dataclass(frozen=True)
class Night:
    """One night's results file: its name, event and date, and each pair that played."""

    source: str
    event: str
    date: datetime.date | None
    entries: tuple[NightEntry, ...]

    @property
    def title(self) -> str:
        """``Tuesday pairs, 6 January 2026`` (the event's name, or the file's)."""
        name = self.event or self.source
        return f"{name}, {format_date(self.date)}" if self.date else name


_PLACE = re.compile(r"^\s*(\d+)\s*=?\s*$")


def night_of(
    source: str,
    event: str,
    date: datetime.date | None,
    pairs: Iterable[tuple[str, Sequence[str], Fraction, str, str]],
    noun: str = "pair",
) -> Night:
    """A :class:`Night` from each played pair's (label, players, percentage, place, field).

    ``place`` is as published (``3``, ``3=``).  A place that is not a number or
    is past the pairs of its field (a tie counted), a pair with no player
    named, and a player named twice, are refused naming the file and the pair
    (``noun``: "player" for an individual's, each entry one player).
    """
    rows = list(pairs)
    if not rows:
        raise ScoringError("no pair has a result: not a night to count", source)
    sizes = Counter(row[4] for row in rows)
    places: list[int] = []
    for label, players, _, text, _ in rows:
        found = _PLACE.match(text)
        if found is None or int(found.group(1)) < 1:
            raise ScoringError(f"{noun} {label}'s place {quote(text)} is not a place", source)
        if not players:
            unnamed = "no name" if noun == "player" else "no players named"
            raise ScoringError(
                f"{noun} {label} has {unnamed}: the season counts players, "
                "so name them in the file",
                source,
            )
        places.append(int(found.group(1)))
    tied = Counter((row[4], place) for row, place in zip(rows, places, strict=True))
    entries = []
    seen: dict[str, str] = {}
    for (label, players, percentage, shown, fld), first in zip(rows, places, strict=True):
        count = tied[fld, first]
        if first + count - 1 > sizes[fld]:
            field_name = f"the {fld} field" if fld else "the field"
            raise ScoringError(
                f"{noun} {label}'s place {quote(shown)} is past the "
                f"{sizes[fld]} {noun}s of {field_name}",
                source,
            )
        for name in players:
            key = name_key(name)
            if key in seen:
                raise ScoringError(
                    f"{quote(name)} plays in {noun} {seen[key]} and in {noun} {label}: "
                    "two players of one name? Make the names differ in the file",
                    source,
                )
            seen[key] = label
        entries.append(NightEntry(label, tuple(players), percentage, first, count, fld, sizes[fld]))
    return Night(source, event, date, tuple(entries))


_SEPARATORS = re.compile(r"\s*(?:&|/|\+|\band\b)\s*", re.IGNORECASE)


def split_names(names: str) -> tuple[str, ...]:
    """The players of a pair's one-line names: ``Ann Lee & Bob Ray`` (``&``, ``and``, ``/``, ``+``).

    >>> split_names("Ann Lee & Bob Ray"), split_names("Ann Lee and Bob Ray"), split_names("")
    (('Ann Lee', 'Bob Ray'), ('Ann Lee', 'Bob Ray'), ())
    """
    return tuple(part for part in (p.strip() for p in _SEPARATORS.split(names)) if part)


def name_key(name: str) -> str:
    """A player's name as compared: case, spacing, full stops and accents left out.

    >>> name_key("  José  DÍAZ "), name_key("J. Smith") == name_key("j smith")
    ('jose diaz', True)
    """
    decomposed = unicodedata.normalize("NFKD", name.replace(".", " "))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


@dataclass(frozen=True)
class PlaceScale:
    """Points by place: ``field`` (the winner gets the number of pairs in the field, then
    one less per place) or a fixed list (``10,8,6``: places past it get nothing)."""

    fixed: tuple[int, ...] = ()

    @classmethod
    def parse(cls, text: str) -> PlaceScale:
        """``field`` or whole numbers separated by commas, best place first, never rising.

        >>> PlaceScale.parse("field").points(1, 8), PlaceScale.parse("10, 8, 6").points(4, 8)
        (8, 0)
        """
        words = text.strip().lower()
        if words == "field":
            return cls()
        parts = [part.strip() for part in words.split(",")]
        if not all(part.isdecimal() for part in parts):
            raise ScoringError(
                f"--scale {quote(text)}: give field, or whole numbers of points for the places "
                "separated by commas (10,8,6,5,4,3,2,1)"
            )
        fixed = tuple(int(part) for part in parts)
        if any(later > earlier for earlier, later in pairwise(fixed)):
            raise ScoringError(f"--scale {quote(text)}: a lower place never gets more points")
        return cls(fixed)

    def points(self, place: int, field_size: int) -> int:
        """The points for ``place`` in a field of ``field_size`` pairs."""
        if not self.fixed:
            return max(field_size - place + 1, 0)
        return self.fixed[place - 1] if place <= len(self.fixed) else 0

    def __str__(self) -> str:
        if not self.fixed:
            return "the winner gets as many as there are pairs in the field, one less a place"
        return ",".join(map(str, self.fixed))


def place_points(scale: PlaceScale, entry: NightEntry) -> Fraction:
    """A pair's points: those of the places its tie fills, shared.

    Two pairs level second of eight on the ``field`` scale share 7 + 6: 13/2 each.
    """
    filled = range(entry.place, entry.place + entry.tied)
    return Fraction(sum(scale.points(place, entry.field_size) for place in filled), entry.tied)


@dataclass(frozen=True)
class SeasonRule:
    """How the season is ranked: ``method`` (``percent`` or ``points``), the ``best`` nights
    counted (``None``: all), the ``minimum`` nights to be ranked, the place ``scale``."""

    method: str = "percent"
    best: int | None = None
    minimum: int = 1
    scale: PlaceScale = field(default_factory=PlaceScale)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ScoringError(f"the season's method is percent or points, not {self.method}")
        if self.best is not None and self.best < 1:
            raise ScoringError(
                f"--best {self.best}: give the nights counted for each player, 1 or more "
                "(--best 6: each player's six best), or leave --best out to count every night"
            )
        if self.minimum < 1:
            raise ScoringError(
                f"--min {self.minimum}: give the nights a player needs to be ranked, 1 or more"
            )

    @property
    def unit(self) -> str:
        return "%" if self.method == "percent" else "points"

    def describe(self) -> str:
        """The rule in words, printed above the table."""
        counted = f"the best {self.best} nights" if self.best else "every night"
        if self.method == "percent":
            what = f"the average percentage of {counted}"
        else:
            what = f"points by place ({self.scale}), over {counted}"
        if self.minimum > 1:
            what += f"; ranked with at least {self.minimum} nights"
        return what


@dataclass(frozen=True)
class PlayerNight:
    """One of a player's nights: the night, the pair's entry, the partner(s), the figure
    counted by the rule, and whether it is among the nights counted."""

    night: Night
    entry: NightEntry
    partners: tuple[str, ...]
    value: Fraction
    counted: bool


@dataclass(frozen=True)
class SeasonRow:
    """One player's season: ``score`` is the average percentage or the points counted;
    ``place`` is ``1``, ``3=``, or ``""`` for a player below the attendance minimum."""

    player: str
    nights: tuple[PlayerNight, ...]
    score: Fraction
    place: str

    @property
    def played(self) -> int:
        return len(self.nights)

    @property
    def counted(self) -> int:
        return sum(1 for n in self.nights if n.counted)

    @property
    def best(self) -> Fraction:
        """The best single night's figure."""
        return max(n.value for n in self.nights)

    def ranking_key(self) -> tuple[Fraction, int, tuple[Fraction, ...]]:
        """What ranks players: the score, the results counted, the counted results best first."""
        values = tuple(sorted((n.value for n in self.nights if n.counted), reverse=True))
        return (self.score, self.counted, values)


@dataclass(frozen=True)
class Season:
    """The season: the rule, the nights in date order, the ranked players then the rest,
    and the warnings met (names under two spellings)."""

    rule: SeasonRule
    nights: tuple[Night, ...]
    rows: tuple[SeasonRow, ...]
    warnings: tuple[str, ...]


def check_nights(nights: Sequence[Night]) -> None:
    """Refuse two files that hold the same night: the same players with the same
    percentages (to two places, as files publish them), whatever the files' names."""
    seen: dict[frozenset[tuple[frozenset[str], Fraction]], Night] = {}
    for night in nights:
        signature = frozenset(
            (
                frozenset(name_key(p) for p in entry.players),
                round_half_away(entry.percentage, Fraction(1, 100)),
            )
            for entry in night.entries
        )
        if signature in seen:
            first = seen[signature]
            raise ScoringError(
                f"{first.source} and {night.source} hold the same night ({first.title}; "
                f"{night.title}): the same players with the same percentages; give each "
                "night once"
            )
        seen[signature] = night


def spelling_warnings(nights: Sequence[Night]) -> tuple[dict[str, str], list[str]]:
    """Each name's key mapped to the spelling shown, and the warnings about spellings.

    Names with one key (case, spacing, full stops, accents apart) are one player,
    shown as the spelling most used (the first met on a tie), and warned about
    naming the first file of each spelling.  An initial and a full first name with
    one surname (``J Smith``, ``John Smith``) who share a partner are warned about
    and counted as two players.
    """
    spellings: dict[str, dict[str, str]] = {}
    used: dict[str, Counter[str]] = {}
    partners: dict[str, set[str]] = {}
    for night in nights:
        for entry in night.entries:
            keys = [name_key(p) for p in entry.players]
            for name, key in zip(entry.players, keys, strict=True):
                spellings.setdefault(key, {}).setdefault(name, night.source)
                used.setdefault(key, Counter())[name] += 1
                partners.setdefault(key, set()).update(k for k in keys if k != key)
    shown: dict[str, str] = {}
    warnings: list[str] = []
    for key, names in spellings.items():
        ranked = sorted(names, key=lambda n: -used[key][n])  # stable: the first met on a tie
        shown[key] = ranked[0]
        if len(names) > 1:
            listed = " and ".join(f"{quote(n)} ({names[n]})" for n in names)
            warnings.append(
                f"{listed} differ only in case, spacing or accents: counted as one player, "
                f"{quote(ranked[0])}; make the names the same in the files"
            )
    for first, second in combinations(sorted(spellings), 2):
        shared = partners[first] & partners[second]
        if shared and _initial_of(first, second):
            a, b = shown[first], shown[second]
            partner = shown[min(shared)]
            warnings.append(
                f"{quote(a)} ({spellings[first][a]}) and {quote(b)} ({spellings[second][b]}) "
                f"both partner {quote(partner)}: one player under two spellings? Counted as "
                "two players; if they are one, make the names the same in the files"
            )
    return shown, warnings


def _initial_of(first: str, second: str) -> bool:
    """True when one name is the other with its first names as initials (``j smith``)."""
    a, b = first.split(), second.split()
    if len(a) != len(b) or len(a) < 2 or a[-1] != b[-1] or a == b:
        return False
    return all(
        x == y or (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y))
        for x, y in zip(a[:-1], b[:-1], strict=True)
    )


def season_table(nights: Sequence[Night], rule: SeasonRule) -> Season:
    """The season's table: every player's nights, the score by ``rule``, places with ties.

    Raises :class:`~xlbridge.errors.ScoringError` for two files of one night.
    """
    if not nights:
        raise ScoringError("no nights given: name the season's results files")
    check_nights(nights)
    ordered = sorted(nights, key=lambda n: (n.date or datetime.date.max, n.source))
    shown, warnings = spelling_warnings(ordered)
    gathered: dict[str, list[tuple[Night, NightEntry, tuple[str, ...], Fraction]]] = {}
    for night in ordered:
        for entry in night.entries:
            keys = [name_key(p) for p in entry.players]
            value = (
                entry.percentage if rule.method == "percent" else place_points(rule.scale, entry)
            )
            for key in keys:
                partners = tuple(shown[k] for k in keys if k != key)
                gathered.setdefault(key, []).append((night, entry, partners, value))
    rows = [_row(shown[key], found, rule) for key, found in gathered.items()]
    ranked = sorted(
        (r for r in rows if r.played >= rule.minimum),
        key=lambda r: (_descending(r.ranking_key()), name_key(r.player)),
    )
    rest = sorted(
        (r for r in rows if r.played < rule.minimum),
        key=lambda r: (-r.played, -r.score, name_key(r.player)),
    )
    placed = _places(ranked)
    return Season(rule, tuple(ordered), (*placed, *rest), tuple(warnings))


def _row(
    player: str,
    found: list[tuple[Night, NightEntry, tuple[str, ...], Fraction]],
    rule: SeasonRule,
) -> SeasonRow:
    by_value = sorted(range(len(found)), key=lambda i: -found[i][3])  # stable: earlier first
    counted = set(by_value if rule.best is None else by_value[: rule.best])
    nights = tuple(
        PlayerNight(night, entry, partners, value, index in counted)
        for index, (night, entry, partners, value) in enumerate(found)
    )
    values = [found[i][3] for i in counted]
    total = sum(values, Fraction(0))
    score = total / len(values) if rule.method == "percent" else total
    return SeasonRow(player, nights, score, "")


def _descending(key: tuple[Fraction, int, tuple[Fraction, ...]]) -> tuple[object, ...]:
    score, counted, values = key
    return (-score, -counted, tuple(-v for v in values))


def _places(ranked: list[SeasonRow]) -> list[SeasonRow]:
    """Places by the ranking key; players level on all of it share the place (``3=``)."""
    keys = [r.ranking_key() for r in ranked]
    placed = []
    for index, row in enumerate(ranked):
        first = keys.index(keys[index])
        level = keys.count(keys[index])
        place = f"{first + 1}{'=' if level > 1 else ''}"
        placed.append(SeasonRow(row.player, row.nights, row.score, place))
    return placed
