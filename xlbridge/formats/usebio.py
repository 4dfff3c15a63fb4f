"""USEBIO XML: a pairs event's results, in and out.

USEBIO is the results interchange format of the English Bridge Union
("USEBIO 1.2" and "USEBIO 1.3", usebio.org), which EBUScore, ScoreBridge,
Compscore and results sites read and write, and which the EBU takes for
master points, NGS grading and Universal Membership.

:func:`read_usebio` reads a pairs event (matchpoints, Butler IMPs or
cross-IMPs) into a :class:`~xlbridge.audit.PublishedEvent`: the event to
rescore and every figure the file published.  :func:`usebio_document` writes
an event's results in the structure real files use (Compscore3's, kept in
``tests/data/usebio/``)::

    USEBIO Version
      CLUB: CLUB_NAME, CLUB_ID_NUMBER
      EVENT EVENT_TYPE: EVENT_DESCRIPTION, PROGRAM_NAME, PROGRAM_VERSION, WINNER_TYPE,
                        DATE, BOARD_SCORING_METHOD, counts
        PARTICIPANTS: PAIR (PAIR_NUMBER, DIRECTION, TOTAL_SCORE, PERCENTAGE, PLACE,
                            MASTER_POINTS_AWARDED, PLAYER (PLAYER_NAME, NATIONAL_ID_NUMBER) x 2)
        BOARD: BOARD_NUMBER, [BOARD_AVERAGE], TRAVELLER_LINE (NS_PAIR_NUMBER, EW_PAIR_NUMBER,
               CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE, NS_/EW_ MATCH_POINTS | BUTLER_POINTS
               | CROSS_IMP_POINTS)

A Mitchell numbered in each direction writes its pairs ``1NS`` and ``1EW``, as
Compscore3 does; a number alone is read with the pair's ``DIRECTION`` and the
traveller column it stands in.

**What SCORE cannot say, and how xlbridge says it.**  Other programs read
SCORE as a whole number of points (or Compscore3's ``A6040``), so SCORE stays
one: a weighted score's weighted mean in points, rounded (the EBU's aggregate
view), a split score's NS side, an artificial score's ``A6040``.  The exact
cell goes beside it in an XML processing instruction, which XML allows in any
element's content whatever the DTD says and which every reader that does not
ask for it skips::

    <SCORE>26</SCORE>
    <?xlbridge cell score="60% 110; 40% -100"?>

and so do the rest of what a traveller holds that USEBIO has no element for:
a fouled board's version (``version="B"``), the rows without a line (``NP``
and byes, ``<?xlbridge line ns="NS 3" ew="EW 5" score="NP"?>`` in the BOARD),
the adjustments (``<?xlbridge adjustment pair="NS 1" amount="-1" unit="MP"?>``)
and the settings the event was scored with (``<?xlbridge settings ...?>``),
both in the EVENT.  :func:`read_usebio` reads them back, so a file xlbridge
wrote rescores to the same figures, exactly.
"""

from __future__ import annotations

import contextlib
import datetime
import html
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from xlbridge import __version__
from xlbridge.audit import (
    EventInfo,
    Figure,
    PublishedEvent,
    PublishedLine,
    PublishedPair,
    butler_datums,
    published_total,
)
from xlbridge.contract import PlayedContract, Seat
from xlbridge.errors import ContractError, InputFileError, ScoringError, SettingsError
from xlbridge.event import (
    Adjustment,
    AdjustmentUnit,
    Event,
    EventFacts,
    Pair,
    Play,
    Player,
    ScoringForm,
    Settings,
)
from xlbridge.exact import parse_date, quote, round_half_away
from xlbridge.formats import contract_disagreement, settings_words, split_names
from xlbridge.hands import Deal
from xlbridge.individual import SEATS, IndividualEvent, IndividualPlay
from xlbridge.movement import PairNumbering, number_key
from xlbridge.pair import PairLabel, parse_direction
from xlbridge.places import Place, Within
from xlbridge.report import format_fixed
from xlbridge.result import (
    Artificial,
    NotPlayed,
    Result,
    Row,
    Weighted,
    format_result,
    parse_result,
)
from xlbridge.scored import EventResult, ScoredPlay
from xlbridge.teams import Match, MatchResult, Penalty, Team, TeamsEvent, TeamsResult, TeamsSettings

__all__ = [
    "TEAMS_EVENT_TYPES",
    "USEBIO_VERSIONS",
    "PublishedIndividual",
    "PublishedTeams",
    "figure_text",
    "individual_usebio_document",
    "read_usebio",
    "read_usebio_individual",
    "read_usebio_teams",
    "teams_differences",
    "teams_usebio_document",
    "usebio_document",
    "usebio_event_type",
    "usebio_winners",
    "write_usebio",
    "write_usebio_bytes",
]

#: The versions :func:`usebio_document` writes.
USEBIO_VERSIONS = ("1.2", "1.3")
#: No club's results file is larger (the largest real one seen is a quarter of a megabyte).
MAX_USEBIO_BYTES = 50 * 1024 * 1024

#: EVENT_TYPE (1.2) and BOARD_SCORING_METHOD by scoring form.
_EVENT_TYPES = {
    ScoringForm.MATCHPOINTS: "MP_PAIRS",
    ScoringForm.BUTLER: "BUTLER_PAIRS",
    ScoringForm.CROSS_IMPS: "CROSS_IMP",
}
_METHODS = {
    ScoringForm.MATCHPOINTS: "MATCH_POINTS",
    ScoringForm.BUTLER: "BUTLER_IMPS",
    ScoringForm.CROSS_IMPS: "CROSS_IMPS",
}
#: The traveller line's figure elements by scoring form (``NS_`` / ``EW_`` + this).
_FIGURES = {
    ScoringForm.MATCHPOINTS: "MATCH_POINTS",
    ScoringForm.BUTLER: "BUTLER_POINTS",
    ScoringForm.CROSS_IMPS: "CROSS_IMP_POINTS",
}
_FORMS_BY_NAME = {
    **{name: form for form, name in _EVENT_TYPES.items()},
    **{name: form for form, name in _METHODS.items()},
    "MATCHPOINTS": ScoringForm.MATCHPOINTS,
    "BUTLER": ScoringForm.BUTLER,
    "CROSS_IMPS_PAIRS": ScoringForm.CROSS_IMPS,
}


# --- reading ------------------------------------------------------------------------------------


def read_usebio(path: str | os.PathLike[str]) -> PublishedEvent:
    """The pairs event in the USEBIO file at ``path`` and the figures it published.

    Raises :class:`~xlbridge.errors.ScoringError` naming the element for a
    file that is not USEBIO, not a pairs event xlbridge scores, or malformed.
    """
    name = os.fspath(path)
    root = _parse(name)
    event_el = root.find("EVENT")
    if root.tag != "USEBIO" or event_el is None:
        raise InputFileError(f"{name} is not a USEBIO results file (no USEBIO and EVENT)")
    form = _form(event_el, name)
    marks = _marks(event_el)
    settings = _settings_read(marks.get("settings", [{}])[0], form, name)
    pairs, published_pairs, numbering = _pairs(event_el, name)
    labels = {p.label for p in pairs}
    disagreements: list[str] = []
    plays, lines, datums, leads = _boards(event_el, form, name, labels, numbering, disagreements)
    adjustments = tuple(_adjustment(mark, name) for mark in marks.get("adjustment", []))
    club = root.find("CLUB")
    facts = EventFacts(
        name=_text(event_el, "EVENT_DESCRIPTION") or _text(event_el, "TITLE"),
        date=_date(_text(event_el, "DATE")),
        club=_text(club, "CLUB_NAME"),
        club_number=_text(club, "CLUB_ID_NUMBER"),
        # 1.3's names first (EVENT_ID, EVENT_RATING), then 1.2's
        event_id=_text(event_el, "EVENT_ID") or _text(event_el, "EVENT_IDENTIFIER"),
        mp_scale=_text(event_el, "EVENT_RATING") or _text(event_el, "MASTER_POINT_SCALE"),
        mp_type=_text(event_el, "MASTER_POINT_TYPE") or _pair_mp_type(event_el),
        mps_awarded=_text(event_el, "MPS_AWARDED_FLAG"),
        charge=_text(event_el, "P2P_CHARGE_RATE") or _text(event_el, "EBU_CHARGE_CODE"),
    )
    event = Event(tuple(pairs), tuple(plays), adjustments, settings or Settings(form=form), facts)
    program = (_text(event_el, "PROGRAM_NAME"), _text(event_el, "PROGRAM_VERSION"))
    info = EventInfo(
        leads=leads,
        program=" ".join(part for part in program if part),
        file_format=f"USEBIO {root.get('Version', '')}".strip(),
        settings=settings,
        disagreements=tuple(disagreements),
    )
    return PublishedEvent(event, tuple(lines), tuple(published_pairs), datums, info)


def _parse(name: str) -> Any:
    try:
        size = Path(name).stat().st_size
    except OSError as exc:
        raise InputFileError(f"cannot read {name}: {exc.strerror or exc}") from None
    if size > MAX_USEBIO_BYTES:
        raise InputFileError(
            f"{Path(name).name} is larger than any club's results file ({size:,} bytes; "
            f"at most {MAX_USEBIO_BYTES // 1024 // 1024} MB): not read"
        )
    try:
        data = _utf8_if_undeclared(Path(name).read_bytes(), name)
    except OSError as exc:
        raise InputFileError(f"cannot read {name}: {exc.strerror or exc}") from None
    # processing instructions kept: xlbridge's own (<?xlbridge ...?>) say what SCORE cannot
    parser = SafeET.DefusedXMLParser(target=ET.TreeBuilder(insert_pis=True))
    try:
        parser.feed(data)
        return parser.close()
    except DefusedXmlException as exc:
        entity = getattr(exc, "name", "") or "?"
        raise InputFileError(
            f"{name} is refused: it declares XML entities (&{entity};), which no results "
            "file needs and which can read other files or fill the memory"
        ) from None
    except ET.ParseError as exc:
        raise InputFileError(f"{name} is not well-formed XML: {exc}") from None
    except OSError as exc:
        raise InputFileError(f"cannot read {name}: {exc.strerror or exc}") from None


_DECLARED = re.compile(rb"""^<\?xml[^>]*\bencoding\s*=""")


def _utf8_if_undeclared(data: bytes, name: str) -> bytes:
    """The file's bytes as the XML parser should see them.

    A file with a byte-order mark (UTF-8 or UTF-16) or an encoding declared
    (``windows-1252``, ``ISO-8859-1``) is read as it says.  One with neither is
    UTF-8 by the XML standard, but Windows programs write such files in
    Windows-1252 (a name with é or £): one that is not UTF-8 is read as
    Windows-1252, one that is not that either is refused naming the file.
    """
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")) or _DECLARED.match(data):
        return data
    if data.startswith((b"<\0", b"\0<")):
        raise InputFileError(
            f"{name} is UTF-16 text without a byte-order mark or an encoding declaration: "
            "save it as UTF-8"
        )
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1252").encode("utf-8")
        except UnicodeDecodeError as exc:
            byte = exc.object[exc.start]
            raise InputFileError(
                f"{name} is neither UTF-8 nor Windows-1252 text (byte {byte:#04x} at offset "
                f"{exc.start}) and declares no encoding: save it as UTF-8"
            ) from None
    return data


def _text(element: Any, tag: str) -> str:
    if element is None:
        return ""
    found = element.find(tag)
    return "" if found is None or found.text is None else found.text.strip()


#: xlbridge's processing instructions: ``<?xlbridge kind key="value" ...?>``.
_MARK = "xlbridge"
_MARK_FIELD = re.compile(r'(\w+)="([^"]*)"')


def _marks(element: Any) -> dict[str, list[dict[str, str]]]:
    """xlbridge's processing instructions among ``element``'s children, by kind."""
    found: dict[str, list[dict[str, str]]] = {}
    for child in element:
        if child.tag is not ET.ProcessingInstruction or not child.text:
            continue
        target, _, rest = child.text.partition(" ")
        kind, _, fields = rest.strip().partition(" ")
        if target != _MARK or not kind:
            continue
        values = {key: html.unescape(value) for key, value in _MARK_FIELD.findall(fields)}
        found.setdefault(kind, []).append(values)
    return found


def _form(event_el: Any, name: str) -> ScoringForm:
    method = _text(event_el, "BOARD_SCORING_METHOD").upper()
    kind = (event_el.get("EVENT_TYPE") or "").upper()
    # a teams or individual file is never read as pairs, whatever its board scoring
    teams = kind in TEAMS_EVENT_TYPES or event_el.find(".//PARTICIPANTS/TEAM") is not None
    if kind == "INDIVIDUAL":
        raise ScoringError(
            "EVENT_TYPE 'INDIVIDUAL' is an individual event, not a pairs event: "
            "xlbridge import makes a pairs or a teams workbook, not an individual one yet; "
            "xlbridge season counts the file as it is",
            name,
        )
    if teams or kind in _NOT_SCORED_TYPES:
        what = "a teams-of-four event" if teams else _NOT_SCORED_TYPES[kind]
        raise ScoringError(
            f"{name}: EVENT_TYPE {quote(kind or 'none')} is {what}, not a pairs event xlbridge "
            "scores as pairs"
            + (
                ": import it as teams (xlbridge import reads a teams file into a teams workbook)"
                if teams
                else ": xlbridge scores pairs and teams-of-four events only"
            )
        )
    for key in (method, kind):
        if key in _FORMS_BY_NAME:
            return _FORMS_BY_NAME[key]
    shown = method or kind or "none"
    raise ScoringError(
        f"EVENT_TYPE/BOARD_SCORING_METHOD {quote(shown)} is not a pairs event xlbridge "
        "scores (matchpoints, Butler or cross-IMPs)",
        name,
    )


def _date(text: str) -> datetime.date | None:
    """DATE: ``21/07/2022`` (1.2), ``2022-07-21`` (1.3) or ``20220721``; ``None`` if none."""
    try:
        return parse_date(text)
    except ValueError:
        pass
    try:
        return datetime.datetime.strptime(text, "%Y%m%d").date()
    except ValueError:
        return None


def _figure(element: Any, tag: str, where: str) -> Figure | None:
    text = _text(element, tag)
    if not text:
        return None
    try:
        return Figure.parse(text)
    except ValueError:
        raise ScoringError(f"{tag} {quote(text)} is not a number", where) from None


def _pairs(event_el: Any, name: str) -> tuple[list[Pair], list[PublishedPair], PairNumbering]:
    participants = event_el.find("PARTICIPANTS")
    if participants is None:
        raise ScoringError("the EVENT has no PARTICIPANTS", name)
    found: list[tuple[PairLabel, str, Any, str]] = []
    for index, pair_el in enumerate(participants.findall("PAIR"), start=1):
        text = _text(pair_el, "PAIR_NUMBER")
        where = f"PARTICIPANTS PAIR {index}" + (f" ({text})" if text else "")
        if not text:
            raise ScoringError(f"{where} has no PAIR_NUMBER", name)
        try:
            typed = PairLabel.parse(text)
        except ScoringError as exc:
            raise exc.at(Within(name, where)) from None
        direction = typed.direction or parse_direction(
            _text(pair_el, "DIRECTION"), Within(name, f"{where} DIRECTION")
        )
        found.append((typed, direction, pair_el, where))
    if not found:
        raise ScoringError("PARTICIPANTS lists no PAIR", name)
    directions: dict[str, set[str]] = {}
    for typed, direction, _, _ in found:
        directions.setdefault(number_key(typed), set()).add(direction)
    numbering = PairNumbering({k: frozenset(v) for k, v in directions.items()})
    pairs: list[Pair] = []
    published: list[PublishedPair] = []
    for typed, direction, pair_el, where in found:
        label = numbering.label(typed.number, direction, typed.club)
        text = _text(pair_el, "PAIR_NUMBER")
        players = tuple(
            Player(
                _text(player, "PLAYER_NAME"),  # as the file spells it: McDonald, van der Berg
                _national_id(_text(player, "NATIONAL_ID_NUMBER")),
                guest=_national_id(_text(player, "NATIONAL_ID_NUMBER")) == "",
            )
            for player in pair_el.findall("PLAYER")
        )
        names = " & ".join(player.name for player in players if player.name)
        points = _text(pair_el, "MASTER_POINTS_AWARDED") or _text(
            pair_el.find("MASTER_POINTS"), "MASTER_POINTS_AWARDED"
        )
        pairs.append(Pair(label, names, f"pair {text}", players, points))
        published.append(
            PublishedPair(
                label=label,
                direction=_text(pair_el, "DIRECTION").upper(),
                total=_figure(pair_el, "TOTAL_SCORE", where),
                percentage=_figure(pair_el, "PERCENTAGE", where),
                place=_text(pair_el, "PLACE"),
                source=f"pair {text}",  # as the file names it
            )
        )
    return pairs, published, numbering


def _pair_mp_type(event_el: Any) -> str:
    """A 1.3 file's master-point type, written only in its pairs' ``MASTER_POINTS``."""
    found = event_el.find("PARTICIPANTS/PAIR/MASTER_POINTS/MASTER_POINT_TYPE")
    return "" if found is None or found.text is None else found.text.strip()


def _national_id(text: str) -> str:
    """A national number; ``0`` (Compscore's "no number", e.g. a director filling in) is none."""
    return "" if text.strip("0 ") == "" else text


def _line_label(text: str, side: str, numbering: PairNumbering, where: Place | str) -> PairLabel:
    try:
        return numbering.at(PairLabel.parse(text), side)
    except ScoringError as exc:
        raise exc.at(where) from None


def _boards(
    event_el: Any,
    form: ScoringForm,
    name: str,
    labels: set[PairLabel],
    numbering: PairNumbering,
    disagreements: list[str],
) -> tuple[
    list[Play],
    list[PublishedLine],
    dict[int, Fraction],
    dict[tuple[int, PairLabel, PairLabel], str],
]:
    plays: list[Play] = []
    lines: list[PublishedLine] = []
    datums: dict[int, Fraction] = {}
    leads: dict[tuple[int, PairLabel, PairLabel], str] = {}
    figure = _FIGURES[form]
    for board_el in event_el.findall("BOARD"):
        number_text = _text(board_el, "BOARD_NUMBER")
        if not number_text.isdecimal() or int(number_text) < 1:
            raise ScoringError(f"BOARD_NUMBER {quote(number_text)} is not a board number", name)
        board = int(number_text)
        average = _figure(board_el, "BOARD_AVERAGE", f"board {board}")
        if average is not None:
            datums[board] = average.value
        for line_el in board_el.findall("TRAVELLER_LINE"):
            ns_text, ew_text = _text(line_el, "NS_PAIR_NUMBER"), _text(line_el, "EW_PAIR_NUMBER")
            # the line as the file names it: where the audit says a figure differs
            where = f"board {board}, {ns_text or '?'} v {ew_text or '?'}"
            at = Within(name, where)
            ns = _line_label(ns_text, "NS", numbering, at)
            ew = _line_label(ew_text, "EW", numbering, at)
            for label in (ns, ew):
                if label not in labels:
                    raise ScoringError(f"pair {label} is not a PARTICIPANT", at)
            mark = _marks(line_el).get("cell", [{}])[0]
            plays.append(_play(line_el, board, ns, ew, mark, at, disagreements))
            lead = _text(line_el, "LEAD")
            if lead:
                leads[(board, ns, ew)] = lead
            lines.append(
                PublishedLine(
                    board,
                    ns,
                    ew,
                    _figure(line_el, f"NS_{figure}", where),
                    _figure(line_el, f"EW_{figure}", where),
                    where,
                )
            )
        for mark in _marks(board_el).get("line", []):
            plays.append(_unlined(mark, board, labels, name))
    if not plays:
        raise ScoringError("the EVENT has no TRAVELLER_LINE", name)
    return plays, lines, datums, leads


def _play(
    line_el: Any,
    board: int,
    ns: PairLabel,
    ew: PairLabel,
    mark: dict[str, str],
    where: Place | str,
    disagreements: list[str],
) -> Play:
    """A TRAVELLER_LINE's play.  The line gives its score up to three times: SCORE, the
    exact cell xlbridge wrote beside it, and CONTRACT, PLAYED_BY and TRICKS.  The exact
    cell is scored where there is one, else SCORE; the contract is never scored.  Where
    they disagree, the words are added to ``disagreements``."""
    try:
        played = PlayedContract.from_tricks(
            _text(line_el, "CONTRACT"), _text(line_el, "PLAYED_BY"), _text(line_el, "TRICKS")
        )
    except ContractError:
        played = None  # the contract is for people; the line is scored by its SCORE
    text, exact = _text(line_el, "SCORE"), mark.get("score")
    result = _score(text, exact, where)
    if exact is not None:
        said = _cell_disagreement(text, exact, result, where)
        if said:
            disagreements.append(said)
    else:
        said = contract_disagreement(board, played, result, f"SCORE {text}", where)
        if said:
            disagreements.append(said)
    return Play(board, ns, ew, result, where, mark.get("version", ""), played)


def _cell_disagreement(text: str, exact: str, result: Row, where: Place | str) -> str | None:
    """The words for a SCORE that is not what xlbridge writes for the exact cell beside it
    (``None`` when it is, or when the line has no SCORE: the cell says it alone)."""
    if not text or not isinstance(result, Result):
        return None
    expected = _score_text(result)
    same = (
        int(text) == int(expected)
        if text.lstrip("+-").isdecimal() and expected.lstrip("+-").isdecimal()
        else text.upper() == expected.upper()
    )
    if same:
        return None
    shown = "" if exact == expected else f" (whose SCORE is {expected})"
    return (
        f"{where}: SCORE {text} and xlbridge's exact cell beside it, {exact}{shown}, "
        "disagree: the exact cell is scored"
    )


def _unlined(mark: dict[str, str], board: int, labels: set[PairLabel], name: str) -> Play:
    """A row xlbridge wrote without a TRAVELLER_LINE: ``NP``, or a bye."""
    where = Within(name, f"board {board}, {mark.get('ns', '?')} v {mark.get('ew', '?')}")
    try:
        ns, ew = PairLabel.parse(mark.get("ns")), PairLabel.parse(mark.get("ew"))
        result = parse_result(mark.get("score", ""), where)
    except ScoringError as exc:
        raise exc.at(where) from None
    for label in (ns, ew):
        if label not in labels and not label.is_bye:
            raise ScoringError(f"pair {label} is not a PARTICIPANT", where)
    return Play(board, ns, ew, result, where, mark.get("version", ""))


def _score(text: str, exact: str | None, where: Place | str) -> Row:
    """SCORE: the NS score, or an artificial score (``A6040``, read by the core); the exact
    cell xlbridge wrote beside it (a weighted or split score) when there is one."""
    if exact is not None:
        return parse_result(exact, where)
    if not text:
        raise ScoringError("the line has no SCORE", where)
    try:
        return parse_result(text, where)
    except ScoringError as exc:
        if text.lstrip("+-").isdecimal():
            raise ScoringError(
                f"SCORE {quote(text)} is not a bridge score: a weighted score written as its mean "
                "in points, without its weights, cannot be rescored",
                where,
            ) from exc
        raise


def _settings_read(mark: dict[str, str], form: ScoringForm, name: str) -> Settings | None:
    """The settings xlbridge scored the file with (``None`` when it does not say)."""
    if not mark:
        return None
    try:
        settings = Settings.parse(mark)
    except (SettingsError, KeyError) as exc:
        raise ScoringError(f"the xlbridge settings are not valid: {exc}", name) from None
    return settings if settings.form is form else None


def _adjustment(mark: dict[str, str], name: str) -> Adjustment:
    try:
        board = mark.get("board", "")
        return Adjustment(
            PairLabel.parse(mark.get("pair")),
            Fraction(mark.get("amount", "")),
            AdjustmentUnit.parse(mark.get("unit", "MP")),
            int(board) if board else None,
            mark.get("reason", ""),
            f"{name}: adjustment",
        )
    except (ScoringError, ValueError, ZeroDivisionError) as exc:
        raise ScoringError(f"an xlbridge adjustment is not valid: {exc}", name) from None


# --- writing ------------------------------------------------------------------------------------


def figure_text(value: Fraction) -> str:
    """A figure as USEBIO files print it: two decimals, whole numbers plain (``7``, ``6.67``).

    >>> figure_text(Fraction(7)), figure_text(Fraction(20, 3)), figure_text(Fraction(-1, 2))
    ('7', '6.67', '-0.50')
    """
    return format_fixed(value, whole=True)


def _score_text(row: Result) -> str:
    """SCORE as other programs read it: a whole number of points, or ``A6040``."""
    ns, ew = row.ns, row.ew
    if isinstance(ns, Artificial) and isinstance(ew, Artificial):
        # two digits a side, as Compscore3 writes them (A6040; 0% is 00: A6000)
        return f"A{int(round_half_away(ns.percent)):02d}{int(round_half_away(ew.percent)):02d}"
    side = ns if isinstance(ns, Weighted) else ew
    assert isinstance(side, Weighted)
    return str(int(round_half_away(side.mean())))


def _exact_cell(row: Result) -> str | None:
    """The cell text when SCORE does not say the result exactly (``None`` when it does)."""
    with contextlib.suppress(ScoringError):  # SCORE '-432' is no score: the cell is needed
        if type(row) is Result and parse_result(_score_text(row)) == row:
            return None
    return format_result(row)


def _number(label: PairLabel) -> str:
    """A pair's USEBIO number: ``3``, or ``3NS`` / ``3EW`` for a Mitchell numbered by
    direction, as Compscore3 writes them."""
    if label.direction and not label.club:
        return f"{label.number}{label.direction}"
    return str(label)


def _place(rank: str) -> str:
    return rank.rstrip("=")


def _mark(kind: str, **fields: str) -> ET.Element[Any]:
    """``<?xlbridge kind key="value" ...?>`` (empty values left out)."""
    text = " ".join(
        f'{key}="{html.escape(value, quote=True).replace("?", "&#63;")}"'
        for key, value in fields.items()
        if value
    )
    return ET.ProcessingInstruction(_MARK, f"{kind} {text}".strip())


def usebio_document(
    result: EventResult,
    info: EventInfo | None = None,
    version: str = "1.2",
    hands: Mapping[int, Deal] | None = None,
) -> bytes:
    """``result`` as a USEBIO ``version`` document (UTF-8 bytes, declaring the DTD).

    The club, the date and the players are the event's (its facts, its pairs);
    ``info`` gives the opening leads, when a file read had them; ``hands`` (each
    board's deal) are written as the ``HANDSET`` after the event, as Compscore3
    writes the hand records.
    """
    if version not in USEBIO_VERSIONS:
        raise ScoringError(f"USEBIO version {quote(version)}: xlbridge writes 1.2 or 1.3")
    info = info or EventInfo()
    event = result.event
    facts = event.facts
    form = event.settings.form
    root = ET.Element("USEBIO", {"Version": version})
    club = ET.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", facts.club)
    _add(club, "CLUB_ID_NUMBER", facts.club_number)
    kind = "PAIRS" if version == "1.3" else _EVENT_TYPES[form]
    event_el = ET.SubElement(root, "EVENT", {"EVENT_TYPE": kind})
    numbers = sorted({b.board for b in result.boards})
    ranked = [p for p in result.pairs if p.rank]
    _event_head(
        event_el,
        facts,
        version,
        _EventCounts(
            winners=str(max(1, len(result.fields))),
            boards=str(len(numbers)),
            entrants=("PAIRS", str(len(ranked))),
            method=("BOARD_SCORING_METHOD", _METHODS[form]),
        ),
        "Club pairs",
    )
    _settings_marks(event_el, event.settings, event.adjustments)
    _participants(event_el, result, version)
    _boards_out(event_el, result, info)
    if hands:
        _handset(root, hands)
    return _document(root, version)


def _document(root: ET.Element, version: str | None = None) -> bytes:
    """``root`` as a USEBIO file's bytes: indented, UTF-8, with the DTD of ``version`` (an
    individual's file, whose elements are xlbridge's own, names none)."""
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    if version is not None:
        dtd = f"usebio_v{version.replace('.', '_')}.dtd"
        head += f'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/{dtd}">\n'
    return (head + body + "\n").encode("utf-8")


@dataclass(frozen=True)
class _EventCounts:
    """What the EVENT says of the event's size and scoring, as USEBIO text."""

    winners: str  # WINNER_TYPE: 1, or 2 when NS and EW are ranked apart
    boards: str  # BOARDS_PLAYED
    entrants: tuple[str, str]  # ("PAIRS", "17") or ("TEAMS", "6")
    method: tuple[str, str]  # ("BOARD_SCORING_METHOD", "MATCH_POINTS") or the match's


def _event_head(
    event_el: ET.Element, facts: EventFacts, version: str, counts: _EventCounts, default: str
) -> None:
    """The EVENT's children before the participants.

    1.2 in the order Compscore3 writes them (``tests/data/usebio``): ``EVENT_IDENTIFIER``
    first, the master-point elements after the ``DATE``, the counts, then
    ``P2P_CHARGE_RATE``.  1.3 in the order and names of a 1.3 writer that cites the
    USEBIO 1.3 document (a stratification program; the document itself and its DTD were
    not found): the program, ``EVENT_ID``, the description, the date, ``BOARDS_PLAYED``,
    ``WINNER_TYPE``, the count of entrants, then ``MPS_AWARDED_FLAG`` and
    ``EVENT_RATING`` (that writer's name for the master-point scale); then the scoring
    method, the session and section counts and ``EBU_CHARGE_CODE``, which usebio.org's
    "USEBIO 1.3" page names for 1.2's ``P2P_CHARGE_RATE``.  That page also makes any
    valid 1.2 file valid 1.3 once declared so, and :func:`read_usebio` reads 1.2's names
    in a file of either version.
    """
    method_tag, method = counts.method
    entrants_tag, entrants = counts.entrants
    if version == "1.3":
        _add(event_el, "PROGRAM_NAME", "xlbridge")
        _add(event_el, "PROGRAM_VERSION", __version__)
        if facts.event_id:
            _add(event_el, "EVENT_ID", facts.event_id)
        _add(event_el, "EVENT_DESCRIPTION", facts.name or default)
        if facts.date is not None:
            _add(event_el, "DATE", facts.date.isoformat())
        _add(event_el, "BOARDS_PLAYED", counts.boards)
        _add(event_el, "WINNER_TYPE", counts.winners)
        if entrants_tag:
            _add(event_el, entrants_tag, entrants)
        for tag, value in (
            ("MPS_AWARDED_FLAG", facts.mps_awarded),
            ("EVENT_RATING", facts.mp_scale),
            ("MASTER_POINT_TYPE", facts.mp_type),
        ):
            if value:
                _add(event_el, tag, value)
        _add(event_el, method_tag, method)
        _add(event_el, "SESSION_COUNT", "1")
        _add(event_el, "SECTION_COUNT", "1")
        if facts.charge:
            _add(event_el, "EBU_CHARGE_CODE", facts.charge)
        return
    if facts.event_id:
        _add(event_el, "EVENT_IDENTIFIER", facts.event_id)
    _add(event_el, "EVENT_DESCRIPTION", facts.name or default)
    _add(event_el, "PROGRAM_NAME", "xlbridge")
    _add(event_el, "PROGRAM_VERSION", __version__)
    _add(event_el, "WINNER_TYPE", counts.winners)
    if facts.date is not None:
        _add(event_el, "DATE", facts.date.strftime("%d/%m/%Y"))
    # the master-point elements follow the date, in the order Compscore3 writes them
    for tag, value in (
        ("MASTER_POINT_SCALE", facts.mp_scale),
        ("MASTER_POINT_TYPE", facts.mp_type),
        ("MPS_AWARDED_FLAG", facts.mps_awarded),
    ):
        if value:
            _add(event_el, tag, value)
    _add(event_el, method_tag, method)
    _add(event_el, "BOARDS_PLAYED", counts.boards)
    if entrants_tag:
        _add(event_el, entrants_tag, entrants)
    _add(event_el, "SESSION_COUNT", "1")
    _add(event_el, "SECTION_COUNT", "1")
    if facts.charge:  # after the counts, as Compscore3 writes it
        _add(event_el, "P2P_CHARGE_RATE", facts.charge)


#: USEBIO's names of the four hands, in the order Compscore3 writes them.
_HANDS = (("East", Seat.E), ("North", Seat.N), ("South", Seat.S), ("West", Seat.W))
#: The suits as Compscore3 writes them, and each one's place in a hand (spades first).
_SUITS = (("CLUBS", 3), ("DIAMONDS", 2), ("HEARTS", 1), ("SPADES", 0))


def _handset(root: ET.Element, hands: Mapping[int, Deal]) -> None:
    """The hand records: each board's four hands, suit by suit (``AKJ3``, ``T`` for ten)."""
    handset = ET.SubElement(root, "HANDSET")
    for board in sorted(hands):
        board_el = ET.SubElement(handset, "BOARD")
        _add(board_el, "BOARD_NUMBER", str(board))
        for name, seat in _HANDS:
            hand_el = ET.SubElement(board_el, "HAND")
            _add(hand_el, "DIRECTION", name)
            for tag, suit in _SUITS:
                _add(hand_el, tag, hands[board].hand(seat)[suit])


def _add(parent: ET.Element, tag: str, text: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = text
    return element


def _settings_marks(
    event_el: ET.Element, settings: Settings, adjustments: Iterable[Adjustment]
) -> None:
    """An event's settings and adjustments as xlbridge's own notes (USEBIO has no element
    for them), so the file reads back to the same figures."""
    event_el.append(_mark("settings", **settings_words(settings)))
    for adjustment in adjustments:
        event_el.append(
            _mark(
                "adjustment",
                pair=str(adjustment.pair),
                board="" if adjustment.board is None else str(adjustment.board),
                amount=str(adjustment.amount),
                unit=str(adjustment.unit),
                reason=adjustment.reason,
            )
        )


def _participants(event_el: ET.Element, result: EventResult, version: str) -> None:
    participants = ET.SubElement(event_el, "PARTICIPANTS")
    for entry in result.pairs:
        if not entry.rank and not entry.boards:
            continue  # a pair with no score: on no traveller line
        pair_el = ET.SubElement(participants, "PAIR")
        pair = entry.pair
        _add(pair_el, "PAIR_NUMBER", _number(pair.label))
        _add(pair_el, "DIRECTION", entry.field)  # NS or EW in a Mitchell, blank in a Howell
        _add(pair_el, "TOTAL_SCORE", figure_text(published_total(result, entry)))
        if entry.percentage is not None:
            _add(pair_el, "PERCENTAGE", format_fixed(entry.percentage))
        if entry.rank:  # an absent pair (the KoPS convention) has lines but no place
            _add(pair_el, "PLACE", _place(entry.rank))
        if pair.master_points:
            if version == "1.3":  # 1.3: the points and their type in MASTER_POINTS
                wrapper = ET.SubElement(pair_el, "MASTER_POINTS")
                _add(wrapper, "MASTER_POINTS_AWARDED", pair.master_points)
                if result.event.facts.mp_type:
                    _add(wrapper, "MASTER_POINT_TYPE", result.event.facts.mp_type)
            else:
                _add(pair_el, "MASTER_POINTS_AWARDED", pair.master_points)
                if result.event.facts.mp_type:
                    _add(pair_el, "MASTER_POINT_TYPE", result.event.facts.mp_type)
        for player in _pair_players(pair):
            player_el = ET.SubElement(pair_el, "PLAYER")
            _add(player_el, "PLAYER_NAME", player.name)
            _add(player_el, "NATIONAL_ID_NUMBER", player.national_id or "0")


def _pair_players(pair: Pair) -> tuple[Player, ...]:
    if pair.players:
        return pair.players
    return tuple(Player(name) for name in split_names(pair.names))


def _boards_out(event_el: ET.Element, result: EventResult, info: EventInfo) -> None:
    figure = _FIGURES[result.event.settings.form]
    by_board: dict[int, list[Any]] = {}
    for board in result.boards:
        by_board.setdefault(board.board, []).append(board)
    unlined: dict[int, list[Play]] = {}
    for play in result.event.plays:  # rows the boards' results do not hold: NP, byes
        if play.is_bye or isinstance(play.result, NotPlayed):
            unlined.setdefault(play.board, []).append(play)
    datums = butler_datums(result)
    for number in sorted(by_board.keys() | unlined.keys()):
        board_el = ET.SubElement(event_el, "BOARD")
        _add(board_el, "BOARD_NUMBER", str(number))
        if number in datums:
            _add(board_el, "BOARD_AVERAGE", figure_text(datums[number]))
        for version in by_board.get(number, []):
            for scored in version.plays:
                if isinstance(scored.play.result, Result) and not scored.play.is_bye:
                    _line(board_el, scored, figure, info.leads.get)
        for play in unlined.get(number, []):
            board_el.append(
                _mark(
                    "line",
                    ns=str(play.ns),
                    ew=str(play.ew),
                    score=format_result(play.result),
                    version=play.version,
                )
            )


def _line(
    board_el: ET.Element,
    scored: ScoredPlay,
    figure: str,
    lead: Callable[[tuple[int, PairLabel, PairLabel]], str | None],
) -> None:
    play = scored.play
    assert isinstance(play.result, Result)
    line = ET.SubElement(board_el, "TRAVELLER_LINE")
    _add(line, "NS_PAIR_NUMBER", _number(play.ns))
    _add(line, "EW_PAIR_NUMBER", _number(play.ew))
    played = play.played
    if played is not None:
        contract, declarer, _ = played.cells()
        _add(line, "CONTRACT", contract.upper())
        if declarer:
            _add(line, "PLAYED_BY", declarer)
        opening = lead((play.board, play.ns, play.ew))
        if opening:
            _add(line, "LEAD", opening)
        if played.tricks is not None:
            _add(line, "TRICKS", str(played.tricks))
    _add(line, "SCORE", _score_text(play.result))
    exact = _exact_cell(play.result)
    if exact is not None or play.version:
        line.append(_mark("cell", score=exact or "", version=play.version))
    for side, value in (("NS", scored.ns_score), ("EW", scored.ew_score)):
        if value is not None:
            _add(line, f"{side}_{figure}", figure_text(value))


def write_usebio(
    path: str | os.PathLike[str], result: EventResult, info: EventInfo | None, version: str
) -> None:
    """Write ``result`` as USEBIO ``version`` to ``path`` (atomically)."""
    write_usebio_bytes(path, usebio_document(result, info, version))


def write_usebio_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a USEBIO document made by :func:`usebio_document` to ``path`` (atomically)."""
    from xlbridge.outputs import atomic_write

    def write(tmp: Path) -> None:
        tmp.write_bytes(data)

    atomic_write(path, write)


# --- teams --------------------------------------------------------------------------------------
#
# A teams-of-four event, in the structure USEBIO's teams files have: the teams in PARTICIPANTS
# (``TEAM`` with ``TEAM_ID`` and ``TEAM_NAME`` attributes, its VPs, place and players), and one
# ``MATCH`` per match (``ROUND_NUMBER``, ``TEAM``, ``OPPOSING_TEAM``, the boards, each team's
# VPs, then each ``BOARD`` with its ``IMPS`` and both rooms' ``TRAVELLER_LINE``, each with the
# ``DIRECTION`` the first team sat in that room).  That is the structure a USEBIO Swiss teams
# writer (a club scoring appliance's, written to the USEBIO documents) writes, and the one a
# USEBIO reader (the EBU's ``ImportUsebio``, which takes teams files for master points) reads.


#: The EVENT_TYPEs of a teams-of-four event, and of an individual, in 1.2 and 1.3.
TEAMS_EVENT_TYPES = frozenset({"SWISS_TEAMS", "TEAMS_OF_FOUR", "TEAMS"})
_NOT_SCORED_TYPES = {
    "INDIVIDUAL": "an individual event",
    "KO": "a knockout teams match",
    "SWISS_PAIRS": "a Swiss pairs event (pairs meeting in matches)",
    "SWISS_PAIRS_CROSS_IMPS": "a Swiss pairs event (pairs meeting in matches)",
    "SWISS_PAIRS_BUTLER_IMPS": "a Swiss pairs event (pairs meeting in matches)",
}


def usebio_event_type(path: str | os.PathLike[str]) -> str:
    """The EVENT_TYPE of the USEBIO file at ``path`` (upper case; ``""`` when none)."""
    root = _parse(os.fspath(path))
    event_el = root.find("EVENT")
    if root.tag != "USEBIO" or event_el is None:
        raise InputFileError(
            f"{os.fspath(path)} is not a USEBIO results file (no USEBIO and EVENT)"
        )
    return (event_el.get("EVENT_TYPE") or "").strip().upper()


def usebio_winners(path: str | os.PathLike[str]) -> int:
    """The WINNER_TYPE of the USEBIO file at ``path``: 2 when NS and EW are ranked apart
    (a place in each direction), 1 otherwise (one field; also when the file does not say)."""
    root = _parse(os.fspath(path))
    return 2 if _text(root.find("EVENT"), "WINNER_TYPE") == "2" else 1


def _teams_event_type(version: str, fmt: str) -> str:
    """A Swiss is ``SWISS_TEAMS``; a round robin ``TEAMS_OF_FOUR`` (1.2) or ``TEAMS`` (1.3)."""
    if fmt == "swiss":
        return "SWISS_TEAMS"
    return "TEAMS" if version == "1.3" else "TEAMS_OF_FOUR"


def teams_usebio_document(
    result: TeamsResult,
    version: str = "1.2",
    date: datetime.date | None = None,
    fmt: str = "swiss",
) -> bytes:
    """A teams event's results as a USEBIO ``version`` document (UTF-8 bytes).

    Each match is a ``MATCH``: the home team is its ``TEAM``, sitting North-South in the open
    room (its ``TRAVELLER_LINE`` with ``DIRECTION`` ``NS``) and East-West in the closed room
    (``EW``); each room's ``SCORE`` is North-South's, as on a traveller.  ``IMPS`` are the home
    team's; ``TEAM_SCORE`` and ``OPPOSING_TEAM_SCORE`` the two teams' VPs.  What USEBIO has
    no element for (the IMPs each team won, a weighted score's cell, a bye, a penalty, the VP
    scale) goes in ``<?xlbridge ...?>`` instructions, so the file reads back exactly.
    """
    if version not in USEBIO_VERSIONS:
        raise ScoringError(f"USEBIO version {quote(version)}: xlbridge writes 1.2 or 1.3")
    event = result.event
    facts = EventFacts(name=event.name, date=date)
    root = ET.Element("USEBIO", {"Version": version})
    club = ET.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", "")
    _add(club, "CLUB_ID_NUMBER", "")
    event_el = ET.SubElement(root, "EVENT", {"EVENT_TYPE": _teams_event_type(version, fmt)})
    boards = sorted({b for m in event.matches for b in m.boards})
    _event_head(
        event_el,
        facts,
        version,
        _EventCounts("1", str(len(boards)), ("", ""), ("BOARD_SCORING_METHOD", "IMPS")),
        "Teams",  # as the ranking, the results workbook and the web page head it
    )
    _add(event_el, "MATCH_SCORING_METHOD", "VPS")
    settings = event.settings
    event_el.append(
        _mark(
            "teams",
            format=fmt,
            boards=str(settings.boards_per_match),
            vp_scale=str(settings.vp_scale),
            # a club's own table, row by row: "0 10 10;3 12 8;..."
            vp_table=";".join(" ".join(map(str, row)) for row in settings.vp_scale.club_rows),
            bye_vps=str(settings.bye_vps),
        )
    )
    for penalty in event.penalties:
        event_el.append(
            _mark(
                "penalty",
                team=str(penalty.team),
                round="" if penalty.round is None else str(penalty.round),
                imps=str(penalty.imps) if penalty.imps else "",
                vps=str(penalty.vps) if penalty.vps else "",
                reason=penalty.reason,
            )
        )
    participants = ET.SubElement(event_el, "PARTICIPANTS")
    for standing in result.standings:
        team = standing.team
        team_el = ET.SubElement(
            participants, "TEAM", {"TEAM_ID": str(team.number), "TEAM_NAME": team.name}
        )
        _add(team_el, "TOTAL_SCORE", figure_text(standing.vps))
        _add(team_el, "PLACE", str(standing.rank))
        if team.withdrawn_after is not None:
            team_el.append(_mark("team", withdrawn_after=str(team.withdrawn_after)))
        for name, number in team.players:
            if not name:
                continue
            player_el = ET.SubElement(team_el, "PLAYER")
            _add(player_el, "PLAYER_NAME", name)
            _add(player_el, "NATIONAL_ID_NUMBER", number or "0")
    for match in result.matches:
        _match_out(event_el, match)
    return _document(root, version)


def _match_out(event_el: ET.Element, scored: MatchResult) -> None:
    match = scored.match
    if match.away is None:  # a bye: no opponents, no boards; its VPs are in the team's total
        event_el.append(
            _mark("bye", round=str(match.round), team=str(match.home), vps=str(scored.home_vps))
        )
        return
    match_el = ET.SubElement(event_el, "MATCH")
    _add(match_el, "ROUND_NUMBER", str(match.round))
    _add(match_el, "TEAM", str(match.home))
    _add(match_el, "OPPOSING_TEAM", str(match.away))
    if match.boards:
        _add(match_el, "START_BOARD_NUMBER", str(match.boards[0]))
        _add(match_el, "END_BOARD_NUMBER", str(match.boards[-1]))
    _add(match_el, "TEAM_SCORE", figure_text(scored.home_vps))
    _add(match_el, "OPPOSING_TEAM_SCORE", figure_text(scored.away_vps))
    match_el.append(
        _mark(
            "match",
            table="" if match.table is None else str(match.table),
            boards=",".join(str(b) for b in match.boards),
            team_imps=str(scored.home_imps),
            opposing_team_imps=str(scored.away_imps),
        )
    )
    for board in scored.boards:
        board_el = ET.SubElement(match_el, "BOARD")
        _add(board_el, "BOARD_NUMBER", str(board.board))
        if board.home is not None:
            _add(board_el, "IMPS", figure_text(board.home))
            if board.away is not None and board.away != -board.home:  # a split score
                board_el.append(_mark("imps", opposing_team=str(board.away)))
        for direction, row in (("NS", board.open_room), ("EW", board.closed_room)):
            if isinstance(row, Result):
                line = ET.SubElement(board_el, "TRAVELLER_LINE")
                _add(line, "DIRECTION", direction)
                _add(line, "SCORE", _score_text(row))
                exact = _exact_cell(row)
                if exact is not None:
                    line.append(_mark("cell", score=exact))
            elif row is not None:  # NP: the room has no line
                board_el.append(_mark("room", direction=direction, score=format_result(row)))


@dataclass(frozen=True)
class PublishedTeams:
    """A teams event read from a USEBIO file, and the figures the file published."""

    event: TeamsEvent
    format: str
    date: datetime.date | None
    #: each team's published VPs and place
    standings: Mapping[int, tuple[Figure | None, str]]
    #: each match's published VPs (home, away), by (round, home team)
    match_vps: Mapping[tuple[int, int], tuple[Figure | None, Figure | None]]
    #: each board's published IMPs (home team's), by (round, home team, board)
    board_imps: Mapping[tuple[int, int, int], Figure]
    file_format: str = ""
    program: str = ""


def read_usebio_teams(path: str | os.PathLike[str]) -> PublishedTeams:
    """The teams-of-four event in the USEBIO file at ``path``: teams, matches, both rooms.

    Raises :class:`~xlbridge.errors.ScoringError` naming the element for a file that is
    not a teams event, or whose teams, matches or rooms cannot be read.
    """
    from xlbridge.scales import WBF_CONTINUOUS, club_vp_scale, vp_scale
    from xlbridge.teams import BYE_VPS

    name = os.fspath(path)
    root = _parse(name)
    event_el = root.find("EVENT")
    if root.tag != "USEBIO" or event_el is None:
        raise InputFileError(f"{name} is not a USEBIO results file (no USEBIO and EVENT)")
    kind = (event_el.get("EVENT_TYPE") or "").upper()
    if kind not in TEAMS_EVENT_TYPES:
        raise ScoringError(f"EVENT_TYPE {quote(kind or 'none')} is not a teams-of-four event", name)
    marks = _marks(event_el)
    teams_mark = marks.get("teams", [{}])[0]
    teams, standings = _teams_in(event_el, name)
    numbers = {team.number for team in teams}
    matches: list[Match] = []
    results: dict[tuple[int, int], dict[int, tuple[Row, Row]]] = {}
    match_vps: dict[tuple[int, int], tuple[Figure | None, Figure | None]] = {}
    board_imps: dict[tuple[int, int, int], Figure] = {}
    for index, match_el in enumerate(event_el.iter("MATCH"), start=1):
        match, rooms, imps = _match_in(match_el, f"{name}: MATCH {index}", numbers)
        matches.append(match)
        key = (match.round, match.home)
        if key in results:
            raise ScoringError(
                f"MATCH {index}: team {match.home} plays two matches in round {match.round}", name
            )
        results[key] = rooms
        where = f"round {match.round}, {match.home} v {match.away}"
        match_vps[key] = (
            _figure(match_el, "TEAM_SCORE", where),
            _figure(match_el, "OPPOSING_TEAM_SCORE", where),
        )
        board_imps.update({(match.round, match.home, b): f for b, f in imps.items()})
    for mark in marks.get("bye", []):
        try:
            team, round_ = int(mark.get("team", "")), int(mark.get("round", ""))
        except ValueError:
            raise ScoringError(f"an xlbridge bye is not valid: {mark}", name) from None
        matches.append(Match(round_, None, team, None, ()))
    if not matches:
        raise ScoringError("the EVENT has no MATCH", name)
    lengths = sorted({len(m.boards) for m in matches if m.boards})
    try:
        if "vp_table" in teams_mark:
            rows = [row.split() for row in teams_mark["vp_table"].split(";")]
            scale = club_vp_scale(rows, name=teams_mark.get("vp_scale") or "own table")
        elif "vp_scale" in teams_mark:
            scale = vp_scale(teams_mark["vp_scale"])
        else:
            scale = WBF_CONTINUOUS
        bye_vps = Fraction(teams_mark["bye_vps"]) if "bye_vps" in teams_mark else BYE_VPS
        per_match = int(teams_mark.get("boards") or (lengths[-1] if lengths else 1))
    except (ValueError, ZeroDivisionError):
        raise ScoringError("the xlbridge teams settings are not valid", name) from None
    penalties = tuple(_penalty_in(mark, name) for mark in marks.get("penalty", []))
    event = TeamsEvent(
        _text(event_el, "EVENT_DESCRIPTION"),
        tuple(teams),
        tuple(matches),
        results,
        TeamsSettings(per_match, bye_vps, scale),
        penalties,
    )
    fmt = teams_mark.get("format") or ("swiss" if kind == "SWISS_TEAMS" else "round-robin")
    program = (_text(event_el, "PROGRAM_NAME"), _text(event_el, "PROGRAM_VERSION"))
    return PublishedTeams(
        event,
        fmt,
        _date(_text(event_el, "DATE")),
        standings,
        match_vps,
        board_imps,
        f"USEBIO {root.get('Version', '')}".strip(),
        " ".join(part for part in program if part),
    )


def _teams_in(event_el: Any, name: str) -> tuple[list[Team], dict[int, tuple[Figure | None, str]]]:
    participants = event_el.find(".//PARTICIPANTS")
    found = [] if participants is None else participants.findall("TEAM")
    if not found:
        raise ScoringError("PARTICIPANTS lists no TEAM", name)
    teams: list[Team] = []
    standings: dict[int, tuple[Figure | None, str]] = {}
    for index, team_el in enumerate(found, start=1):
        text = (team_el.get("TEAM_ID") or _text(team_el, "TEAM_NUMBER")).strip()
        where = Within(name, f"PARTICIPANTS TEAM {index}")
        if not text.isdecimal() or int(text) < 1:
            raise ScoringError(f"TEAM_ID {quote(text)} is not a team number", where)
        number = int(text)
        if number in standings:
            raise ScoringError(f"team {number} is listed twice", where)
        players = tuple(
            (
                _text(player, "PLAYER_NAME"),
                _national_id(_text(player, "NATIONAL_ID_NUMBER")),
            )
            for player in team_el.iter("PLAYER")
        )
        mark = _marks(team_el).get("team", [{}])[0]
        withdrawn = mark.get("withdrawn_after", "")
        teams.append(
            Team(
                number,
                (team_el.get("TEAM_NAME") or "").strip() or f"Team {number}",
                players,
                int(withdrawn) if withdrawn.isdecimal() else None,
            )
        )
        standings[number] = (
            _figure(team_el, "TOTAL_SCORE", f"team {number}"),
            _text(team_el, "PLACE"),
        )
    return teams, standings


def _whole(element: Any, tag: str, where: str) -> int:
    text = _text(element, tag)
    if not text.isdecimal() or int(text) < 1:
        raise ScoringError(f"{tag} {quote(text)} is not a number from 1", where)
    return int(text)


def _match_in(
    match_el: Any, where: str, numbers: set[int]
) -> tuple[Match, dict[int, tuple[Row, Row]], dict[int, Figure]]:
    round_ = _whole(match_el, "ROUND_NUMBER", where)
    home = _whole(match_el, "TEAM", where)
    away = _whole(match_el, "OPPOSING_TEAM", where)
    for team in (home, away):
        if team not in numbers:
            raise ScoringError(f"team {team} is not a PARTICIPANT", where)
    mark = _marks(match_el).get("match", [{}])[0]
    rooms: dict[int, tuple[Row, Row]] = {}
    imps: dict[int, Figure] = {}
    for board_el in match_el.findall("BOARD"):
        board = _whole(board_el, "BOARD_NUMBER", where)
        at = f"{where}, board {board}"
        open_room: Row = None
        closed_room: Row = None
        for line in board_el.findall("TRAVELLER_LINE"):
            direction = parse_direction(_text(line, "DIRECTION"), f"{at} DIRECTION")
            exact = _marks(line).get("cell", [{}])[0].get("score")
            row = _score(_text(line, "SCORE"), exact, at)
            if direction == "NS":
                open_room = row
            else:
                closed_room = row
        for room in _marks(board_el).get("room", []):
            row = parse_result(room.get("score", ""), at)
            if parse_direction(room.get("direction", ""), at) == "NS":
                open_room = row
            else:
                closed_room = row
        rooms[board] = (open_room, closed_room)
        figure = _figure(board_el, "IMPS", at)
        if figure is not None:
            imps[board] = figure
    boards_text = mark.get("boards", "")
    try:
        boards = tuple(int(b) for b in boards_text.split(",")) if boards_text else ()
    except ValueError:
        raise ScoringError(
            f"the xlbridge boards {quote(boards_text)} are not numbers", where
        ) from None
    if not boards:
        start = _text(match_el, "START_BOARD_NUMBER")
        end = _text(match_el, "END_BOARD_NUMBER")
        if start.isdecimal() and end.isdecimal() and int(start) <= int(end):
            boards = tuple(range(int(start), int(end) + 1))
        else:
            boards = tuple(sorted(rooms))
    table = mark.get("table", "")
    return Match(round_, int(table) if table.isdecimal() else None, home, away, boards), rooms, imps


def _penalty_in(mark: dict[str, str], name: str) -> Penalty:
    try:
        round_ = mark.get("round", "")
        return Penalty(
            int(mark.get("team", "")),
            int(round_) if round_ else None,
            Fraction(mark.get("imps") or 0),
            Fraction(mark.get("vps") or 0),
            mark.get("reason", ""),
        )
    except (ValueError, ZeroDivisionError):
        raise ScoringError(f"an xlbridge penalty is not valid: {mark}", name) from None


def teams_differences(published: PublishedTeams, result: TeamsResult) -> tuple[int, list[str]]:
    """How many published figures were checked against ``result``, and each that differs."""
    checked, differ = 0, []
    by_key = {(m.match.round, m.match.home): m for m in result.matches}
    for key, (home_vps, away_vps) in sorted(published.match_vps.items()):
        scored = by_key.get(key)
        if scored is None:
            continue
        where = f"round {key[0]}, {scored.match.home} v {scored.match.away}"
        for label, figure, ours in (
            ("VPs", home_vps, scored.home_vps),
            ("opponents' VPs", away_vps, scored.away_vps),
        ):
            if figure is not None:
                checked += 1
                if not figure.matches(ours):
                    differ.append(
                        f"{where}: {label} published {figure}, xlbridge {figure_text(ours)}"
                    )
        for board in scored.boards:
            imps = published.board_imps.get((key[0], key[1], board.board))
            if imps is not None and board.home is not None:
                checked += 1
                if not imps.matches(board.home):
                    differ.append(
                        f"{where}, board {board.board}: IMPs published {imps}, "
                        f"xlbridge {figure_text(board.home)}"
                    )
    for standing in result.standings:
        total, place = published.standings.get(standing.team.number, (None, ""))
        if total is not None:
            checked += 1
            if not total.matches(standing.vps):
                differ.append(
                    f"team {standing.team.number}: VPs published {total}, "
                    f"xlbridge {figure_text(standing.vps)}"
                )
        if place:
            checked += 1
            if place.rstrip("=") != str(standing.rank):
                differ.append(
                    f"team {standing.team.number}: place published {place}, "
                    f"xlbridge {standing.rank_text}"
                )
    return checked, differ


# --- individuals --------------------------------------------------------------------------------
#
# An individual event (EVENT_TYPE INDIVIDUAL): the players in PARTICIPANTS, each a PLAYER with
# its PLAYER_NUMBER, name, national number, TOTAL_SCORE, PERCENTAGE and PLACE, and each
# TRAVELLER_LINE with the four seats' players (NORTH_, SOUTH_, EAST_, WEST_PLAYER_NUMBER)
# before the contract, SCORE and the NS and EW matchpoints.  The USEBIO documents stored for
# this project do not show an individual's elements, so these names are xlbridge's own,
# made on USEBIO's pattern (PAIR_NUMBER, NS_PAIR_NUMBER); no other program's individual file
# has been checked against them.  What SCORE cannot say is written as for pairs (the cell,
# the settings and the adjustments in ``<?xlbridge ...?>`` instructions).

#: The traveller line's elements of an individual's four seats, in seat order.
_SEAT_TAGS = tuple(f"{seat.upper()}_PLAYER_NUMBER" for seat in ("north", "south", "east", "west"))


def individual_usebio_document(event: IndividualEvent, result: EventResult) -> bytes:
    """An individual's results (``result``, from :func:`~xlbridge.individual.score_individual`
    of ``event``) as a USEBIO 1.2 document (UTF-8 bytes)."""
    if event.settings.form is not ScoringForm.MATCHPOINTS:
        raise ScoringError("an individual is written to USEBIO scored by matchpoints only")
    facts = event.facts
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = ET.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", facts.club)
    _add(club, "CLUB_ID_NUMBER", facts.club_number)
    event_el = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "INDIVIDUAL"})
    numbers = sorted({b.board for b in result.boards})
    _event_head(
        event_el,
        facts,
        "1.2",
        _EventCounts(
            winners="1",
            boards=str(len(numbers)),
            entrants=("PLAYERS", str(len([p for p in result.pairs if p.rank]))),
            method=("BOARD_SCORING_METHOD", "MATCH_POINTS"),
        ),
        "Club individual",
    )
    _settings_marks(event_el, event.settings, event.adjustments)
    participants = ET.SubElement(event_el, "PARTICIPANTS")
    for scored in result.pairs:
        player_el = ET.SubElement(participants, "PLAYER")
        _add(player_el, "PLAYER_NUMBER", str(scored.pair.label))
        _add(player_el, "PLAYER_NAME", scored.pair.names)
        national = scored.pair.players[0].national_id if scored.pair.players else ""
        if national:
            _add(player_el, "NATIONAL_ID_NUMBER", national)
        if scored.rank:
            _add(player_el, "TOTAL_SCORE", figure_text(scored.total))
            if scored.percentage is not None:
                _add(player_el, "PERCENTAGE", figure_text(scored.percentage))
            _add(player_el, "PLACE", _place(scored.rank))
    # the scored plays are the partnerships', made from the rows with a result, in order
    seated_rows = [p for p in event.plays if p.result is not None]
    by_play = dict(zip(map(id, result.event.plays), seated_rows, strict=True))
    for board in result.boards:
        board_el = ET.SubElement(event_el, "BOARD")
        _add(board_el, "BOARD_NUMBER", str(board.board))
        for scored_play in board.plays:
            play = scored_play.play
            seated = by_play[id(play)]
            row = play.result
            if not isinstance(row, Result):
                board_el.append(
                    _mark(
                        "line",
                        **dict(zip(SEATS, map(str, seated.players), strict=True)),
                        score=format_result(row),
                        version=play.version,
                    )
                )
                continue
            line = ET.SubElement(board_el, "TRAVELLER_LINE")
            for tag, player in zip(_SEAT_TAGS, seated.players, strict=True):
                _add(line, tag, str(player))
            played = play.played
            if played is not None:
                contract, declarer, _ = played.cells()
                _add(line, "CONTRACT", contract.upper())
                if declarer:
                    _add(line, "PLAYED_BY", declarer)
                if played.tricks is not None:
                    _add(line, "TRICKS", str(played.tricks))
            exact = _exact_cell(row)
            _add(line, "SCORE", _score_text(row))
            if exact is not None or play.version:
                line.append(_mark("cell", score=exact or "", version=play.version))
            for side, value in (("NS", scored_play.ns_score), ("EW", scored_play.ew_score)):
                if value is not None:
                    _add(line, f"{side}_MATCH_POINTS", figure_text(value))
    return _document(root)


@dataclass(frozen=True)
class PublishedIndividual:
    """An individual read from USEBIO: the event, and each player's published figures
    (TOTAL_SCORE, PERCENTAGE, PLACE as the file prints them; "" when absent)."""

    event: IndividualEvent
    published: dict[PairLabel, tuple[str, str, str]]


def read_usebio_individual(path: str | os.PathLike[str]) -> PublishedIndividual:
    """The individual event in the USEBIO file at ``path`` (EVENT_TYPE INDIVIDUAL).

    Raises :class:`~xlbridge.errors.ScoringError` naming the element for a file
    that is not an individual or is malformed.
    """
    name = os.fspath(path)
    root = _parse(name)
    event_el = root.find("EVENT")
    if root.tag != "USEBIO" or event_el is None:
        raise InputFileError(f"{name} is not a USEBIO results file (no USEBIO and EVENT)")
    kind = (event_el.get("EVENT_TYPE") or "").strip().upper()
    if kind != "INDIVIDUAL":
        raise ScoringError(
            f"EVENT_TYPE {quote(kind or 'none')} is not an individual event: "
            "read it as pairs or teams",
            name,
        )
    method = _text(event_el, "BOARD_SCORING_METHOD").upper()
    if method and method != "MATCH_POINTS":
        raise ScoringError(
            f"BOARD_SCORING_METHOD {quote(method)}: xlbridge reads an individual "
            "scored by matchpoints (MATCH_POINTS)",
            name,
        )
    marks = _marks(event_el)
    settings = _settings_read(marks.get("settings", [{}])[0], ScoringForm.MATCHPOINTS, name)
    players: list[Pair] = []
    published: dict[PairLabel, tuple[str, str, str]] = {}
    for index, player_el in enumerate(event_el.findall("PARTICIPANTS/PLAYER"), start=1):
        where = Within(name, f"PLAYER {index}")
        number = _text(player_el, "PLAYER_NUMBER")
        if not number:
            raise ScoringError(f"{where} has no PLAYER_NUMBER")
        label = PairLabel.parse(number)
        player_name = _text(player_el, "PLAYER_NAME")
        national = _national_id(_text(player_el, "NATIONAL_ID_NUMBER"))
        people = (Player(player_name, national),) if player_name or national else ()
        players.append(Pair(label, player_name, where, people))
        published[label] = tuple(  # type: ignore[assignment]
            _text(player_el, tag) for tag in ("TOTAL_SCORE", "PERCENTAGE", "PLACE")
        )
    if not players:
        raise ScoringError("the individual lists no PLAYER in PARTICIPANTS", name)
    plays: list[IndividualPlay] = []
    for board_el in event_el.findall("BOARD"):
        text = _text(board_el, "BOARD_NUMBER")
        if not text.isdecimal():
            raise ScoringError(f"BOARD_NUMBER {quote(text)} is not a board number", name)
        board = int(text)
        for index, line in enumerate(board_el.findall("TRAVELLER_LINE"), start=1):
            where = Within(name, f"board {board}, line {index}")
            seated = [_text(line, tag) for tag in _SEAT_TAGS]
            missing = [tag for tag, value in zip(_SEAT_TAGS, seated, strict=True) if not value]
            if missing:
                raise ScoringError(f"{where} has no {missing[0]}")
            cell = (_marks(line).get("cell") or [{}])[0]
            row = _score(_text(line, "SCORE"), cell.get("score") or None, where)
            n, s, e, w = map(PairLabel.parse, seated)
            plays.append(IndividualPlay(board, n, s, e, w, row, where, cell.get("version", "")))
        for index, mark in enumerate(_marks(board_el).get("line", []), start=1):
            where = Within(name, f"board {board}, unlined {index}")
            n, s, e, w = (PairLabel.parse(mark.get(seat, "")) for seat in SEATS)
            plays.append(
                IndividualPlay(
                    board,
                    n,
                    s,
                    e,
                    w,
                    parse_result(mark.get("score", ""), where),
                    where,
                    mark.get("version", ""),
                )
            )
    adjustments = tuple(_adjustment(mark, name) for mark in marks.get("adjustment", []))
    club = root.find("CLUB")
    facts = EventFacts(
        name=_text(event_el, "EVENT_DESCRIPTION"),
        date=_date(_text(event_el, "DATE")),
        club=_text(club, "CLUB_NAME"),
        club_number=_text(club, "CLUB_ID_NUMBER"),
    )
    event = IndividualEvent(
        tuple(players), tuple(plays), adjustments, settings or Settings(), facts
    )
    return PublishedIndividual(event, published)
