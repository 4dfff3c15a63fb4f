"""An event of several sessions (a championship) ranked as one.

Each session is scored on its own by :func:`~xlbridge.session.score_event`
(its own movement, top and ranking, kept as it is); :func:`score_championship`
then adds the sessions up by one of four rules (:class:`ChampionshipRule`),
exactly:

``factored``: total matchpoints factored to a common top
    each session's totals (and maxima) are multiplied by common top / the
    session's top, so that every board of every session carries the same
    top, and the factored totals are added; the ranking is on that sum (the
    percentage of the factored maxima is shown beside it).  The common top
    is the largest session top unless one is given.  (David Stevenson,
    "Combining Sessions with Different Tops", method 3.)
``sum``: the sum of the session percentages
    (Stevenson's method 5.)
``average``: the average of the session percentages, over the sessions played
``carry-over``: the first session carried into the final
    the first session's percentage times ``carry`` (a fraction from 0 to 1:
    ``1/4`` carries a quarter of it) is added to the percentages of the
    later sessions (the final).

**A pair absent from a session** (not listed in it, or listed without a
board): under ``factored``, ``sum`` and ``carry-over`` it is not ranked
unless it played every session (a sum over fewer sessions is not comparable);
it is listed after the ranked pairs with the sessions it did play.  Under
``average`` it is ranked on the sessions it played (a pair that played one
session of two is ranked on that session alone).

**Pairs across sessions.**  A pair keeps its number from session to session
unless a session's :class:`Renumbering` says which pair of an earlier session
it is (a Howell's pair 4 was the Mitchell's NS 2).  The overall ranking is
one field (every pair against every other), whatever the sessions' fields;
equal scores share a place (``1=``), as in a session.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from xlbridge.errors import ScoringError
from xlbridge.event import Pair
from xlbridge.exact import quote
from xlbridge.merge import repeated_club
from xlbridge.pair import PairLabel
from xlbridge.places import Problem
from xlbridge.scored import EventResult, PairResult
from xlbridge.session import rank_labels
from xlbridge.settings import Choice

__all__ = [
    "ChampionshipPair",
    "ChampionshipResult",
    "ChampionshipRule",
    "Renumbering",
    "score_championship",
]


class ChampionshipRule(Choice):
    """How the sessions are added up (see the module's notes)."""

    FACTORED = "factored"
    SUM = "sum"
    AVERAGE = "average"
    CARRY_OVER = "carry-over"


#: The rules that rank a pair only when it played every session.
EVERY_SESSION = (ChampionshipRule.FACTORED, ChampionshipRule.SUM, ChampionshipRule.CARRY_OVER)


@dataclass(frozen=True)
class Renumbering:
    """Pair ``session_label`` of a later session is pair ``label`` of an earlier one.

    ``source`` says where the renumbering was written (``pairs.csv row 3``).
    """

    session_label: PairLabel
    label: PairLabel
    source: str = ""

    def __post_init__(self) -> None:
        for name in ("session_label", "label"):
            value = getattr(self, name)
            if type(value) is not PairLabel:
                object.__setattr__(self, name, PairLabel.parse(value))


@dataclass(frozen=True)
class ChampionshipPair:
    """One pair across the sessions.

    ``sessions`` holds the pair's result in each session (``None`` where it
    did not play); ``figures`` what each session adds to its score under the
    rule (the factored total, the percentage, or the carried part of it;
    ``None`` where it did not play).  ``score`` is the figure ranked on
    (``None``: not ranked, ``rank`` ""); ``maximum`` the factored maxima
    added up (``factored`` only) and ``percentage`` the score as a percentage
    of it.
    """

    pair: Pair
    sessions: tuple[PairResult | None, ...]
    figures: tuple[Fraction | None, ...]
    score: Fraction | None
    rank: str
    maximum: Fraction | None = None

    @property
    def played(self) -> int:
        """The sessions the pair played."""
        return sum(1 for s in self.sessions if s is not None)

    @property
    def percentage(self) -> Fraction | None:
        """``factored``: the score as a percentage of the factored maxima."""
        if self.score is None or not self.maximum:
            return None
        return 100 * self.score / self.maximum


@dataclass(frozen=True)
class ChampionshipResult:
    """The overall ranking (``pairs``: ranked best first, then the pairs not ranked)
    and each session's own result (``sessions``, each with its own ranking)."""

    rule: ChampionshipRule
    sessions: tuple[EventResult, ...]
    names: tuple[str, ...]
    pairs: tuple[ChampionshipPair, ...]
    top: int | None = None
    carry: Fraction | None = None

    @property
    def ranked(self) -> tuple[ChampionshipPair, ...]:
        return tuple(p for p in self.pairs if p.rank)

    def pair(self, label: object) -> ChampionshipPair:
        """The pair labelled ``label`` in the event's numbering (KeyError if none)."""
        label = PairLabel.parse(label)
        for found in self.pairs:
            if found.pair.label == label:
                return found
        raise KeyError(label)


def score_championship(
    sessions: Sequence[EventResult],
    rule: ChampionshipRule | str,
    pair_maps: Mapping[int, Sequence[Renumbering]] | None = None,
    *,
    carry: Fraction | None = None,
    top: int | None = None,
    names: Sequence[str] | None = None,
) -> ChampionshipResult:
    """The sessions' scored results ranked as one event by ``rule``.

    ``pair_maps[n]`` renumbers session ``n`` (from 2) to the pairs of the
    earlier sessions; a pair it does not name keeps its number.  ``carry``
    (``carry-over`` only) is the fraction of the first session carried;
    ``top`` (``factored`` only) the common top (default: the largest).
    ``names`` name the sessions in messages (default ``session 1``...).

    Raises :class:`~xlbridge.errors.ScoringError` for fewer than two sessions,
    a session scored in IMPs, one night given twice (the same pairs and results),
    a carry outside 0 to 1, or a renumbering that
    names a pair not in its session, names one twice, or gives two pairs one
    number (every problem, one a line, each naming where it was written).
    """
    rule = ChampionshipRule.parse(rule)
    titles = tuple(names) if names is not None else ()
    titles += tuple(f"session {n}" for n in range(len(titles) + 1, len(sessions) + 1))
    _check(sessions, rule, carry, top, titles)
    labels = _labels(sessions, pair_maps or {}, titles)
    common = top if top is not None else max(s.top or 0 for s in sessions)
    order: dict[PairLabel, list[PairResult | None]] = {}
    names_of: dict[PairLabel, str] = {}
    for index, (session, renumbered) in enumerate(zip(sessions, labels, strict=True)):
        for result in session.pairs:
            label = renumbered.get(result.pair.label, result.pair.label)
            slots = order.setdefault(label, [None] * len(sessions))
            if result.percentage is None:  # listed, no board: absent
                continue
            slots[index] = result
            if not names_of.get(label):
                names_of[label] = result.pair.names
    pairs = [
        _pair(Pair(label, names_of.get(label, "")), tuple(slots), sessions, rule, carry, common)
        for label, slots in order.items()
    ]
    return ChampionshipResult(
        rule,
        tuple(sessions),
        titles,
        _ranked(pairs),
        common if rule is ChampionshipRule.FACTORED else None,
        carry if rule is ChampionshipRule.CARRY_OVER else None,
    )


def _check(
    sessions: Sequence[EventResult],
    rule: ChampionshipRule,
    carry: Fraction | None,
    top: int | None,
    titles: Sequence[str],
) -> None:
    if len(sessions) < 2:
        raise ScoringError("an event of several sessions needs two sessions or more")
    for session, title in zip(sessions, titles, strict=True):
        if session.top is None:
            raise ScoringError(
                f"{title} is scored in IMPs: an event of several sessions adds matchpoint sessions"
            )
    repeated = repeated_club([session.event for session in sessions])
    if repeated is not None:
        first, second = (titles[index] for index in repeated)
        raise ScoringError(
            f"{first} and {second} are the same night (the same pairs and results): "
            "give each session once"
        )
    if rule is ChampionshipRule.CARRY_OVER:
        if carry is None:
            raise ScoringError("carry-over needs the part of the first session carried (25%)")
        if not 0 <= carry <= 1:
            raise ScoringError(
                f"the carry-over must be from 0% to 100% of the first session, "
                f"not {_percent_text(carry)}"
            )
    elif carry is not None:
        raise ScoringError(f"a carry-over is for the carry-over rule, not {rule.value}")
    if top is not None and rule is not ChampionshipRule.FACTORED:
        raise ScoringError(f"a common top is for the factored rule, not {rule.value}")
    if top is not None and (isinstance(top, bool) or not isinstance(top, int) or top < 1):
        raise ScoringError(f"the common top must be a whole number above 0, not {quote(top)}")


def _percent_text(value: Fraction) -> str:
    shown = 100 * value
    text = str(shown.numerator) if shown.denominator == 1 else f"{float(shown):g}"
    return f"{text}%"


def _labels(
    sessions: Sequence[EventResult],
    pair_maps: Mapping[int, Sequence[Renumbering]],
    titles: Sequence[str],
) -> list[dict[PairLabel, PairLabel]]:
    """Each session's pair labels in the event's numbering (only those that change)."""
    problems: list[Problem] = []
    for number in pair_maps:
        if not (isinstance(number, int) and 2 <= number <= len(sessions)):
            problems.append(
                Problem(
                    "",
                    f"a renumbering is for session 2 to {len(sessions)}, "
                    f"not session {quote(number)}",
                )
            )
    if problems:
        raise ScoringError("\n".join(str(problem) for problem in problems))
    known: set[PairLabel] = {p.pair.label for p in sessions[0].pairs}
    labels: list[dict[PairLabel, PairLabel]] = [{}]
    for index, session in enumerate(sessions[1:], start=1):
        title = titles[index]
        own = {p.pair.label for p in session.pairs}
        renumbered: dict[PairLabel, PairLabel] = {}
        given: dict[PairLabel, Renumbering] = {}
        for entry in pair_maps.get(index + 1, ()):
            at = entry.source
            if entry.session_label not in own:
                problems.append(Problem(at, f"pair {entry.session_label} is not in {title}"))
                continue
            if entry.session_label in given:
                first = given[entry.session_label].source
                also = f" (also at {first})" if first else ""
                problems.append(
                    Problem(at, f"pair {entry.session_label} is renumbered twice{also}")
                )
                continue
            if entry.label not in known:
                earlier = titles[0] if index == 1 else "an earlier session"
                problems.append(
                    Problem(
                        at,
                        f"pair {entry.label} (for pair {entry.session_label} of {title}) "
                        f"is not in {earlier}",
                    )
                )
                continue
            given[entry.session_label] = entry
            renumbered[entry.session_label] = entry.label
        holders: dict[PairLabel, PairLabel] = {}
        for label in sorted(own, key=lambda label: label.sort_key):
            overall = renumbered.get(label, label)
            if overall in holders:
                other = holders[overall]
                entry_of = given.get(label) or given.get(other)
                problems.append(
                    Problem(
                        entry_of.source if entry_of else "",
                        f"pairs {other} and {label} of {title} would both be pair {overall}",
                    )
                )
            holders[overall] = label
        known.update(holders)
        labels.append(renumbered)
    if problems:
        raise ScoringError("\n".join(str(problem) for problem in problems))
    return labels


def _pair(
    pair: Pair,
    slots: tuple[PairResult | None, ...],
    sessions: Sequence[EventResult],
    rule: ChampionshipRule,
    carry: Fraction | None,
    common: int,
) -> ChampionshipPair:
    figures: list[Fraction | None] = []
    maximum: Fraction | None = None
    for index, (result, session) in enumerate(zip(slots, sessions, strict=True)):
        if result is None or result.percentage is None:
            figures.append(None)
        elif rule is ChampionshipRule.FACTORED:
            factor = Fraction(common, session.top or 1)
            figures.append(result.total * factor)
            maximum = (maximum or Fraction(0)) + (result.maximum or 0) * factor
        elif rule is ChampionshipRule.CARRY_OVER and index == 0:
            figures.append(result.percentage * (carry or 0))
        else:
            figures.append(result.percentage)
    played = [f for f in figures if f is not None]
    score: Fraction | None
    if not played or (rule in EVERY_SESSION and len(played) < len(figures)):
        score = None
    elif rule is ChampionshipRule.AVERAGE:
        score = sum(played, Fraction(0)) / len(played)
    else:
        score = sum(played, Fraction(0))
    if score is None:
        maximum = None
    return ChampionshipPair(pair, slots, tuple(figures), score, "", maximum)


def _ranked(pairs: list[ChampionshipPair]) -> tuple[ChampionshipPair, ...]:
    """Ranked pairs best first (equal scores share a place, ``1=``), then the rest."""
    ranked = [p for p in pairs if p.score is not None]
    marks = rank_labels([p.score for p in ranked if p.score is not None])
    ranked = [replace(p, rank=mark) for p, mark in zip(ranked, marks, strict=True)]
    ranked.sort(key=lambda p: p.pair.label.sort_key)
    ranked.sort(key=lambda p: (float(p.score or 0), p.score or 0), reverse=True)  # stable
    rest = sorted((p for p in pairs if p.score is None), key=lambda p: p.pair.label.sort_key)
    return (*ranked, *rest)
