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

What USEBIO cannot carry, and how xlbridge writes it:

* a weighted score (Law 12C1(c)): SCORE holds the weighted NS score in
  total points to the nearest whole point (the EBU's aggregate view); the
  matchpoints written are xlbridge's exact ones, to two decimals;
* a split score: SCORE holds the NS side's score, the matchpoints each side's own;
* an artificial score: SCORE holds ``A`` and both percentages (``A6040``,
  ``A5050``), as Compscore writes them; an explicit percentage that is not a
  whole number is rounded to one in SCORE (the matchpoints are exact);
* not played (``NP``): the line is left out (it has no score);
* a fouled board's versions: the lines are written under the one board.
"""

from __future__ import annotations

import datetime
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from xlbridge import __version__
from xlbridge.audit import (
    EventInfo,
    Figure,
    Player,
    PublishedEvent,
    PublishedLine,
    PublishedPair,
    butler_datums,
    published_total,
)
from xlbridge.contract import parse_contract
from xlbridge.errors import ContractError, InputFileError, ScoringError
from xlbridge.event import BYE, Event, Pair, Play, ScoringForm, Settings
from xlbridge.exact import round_half_away
from xlbridge.result import (
    Artificial,
    Result,
    Row,
    Weighted,
    parse_result,
)
from xlbridge.scored import EventResult

__all__ = [
    "USEBIO_VERSIONS",
    "figure_text",
    "read_usebio",
    "usebio_document",
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
_SEATS = {"N", "E", "S", "W"}


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
        raise InputFileError(f"{name!r} is not a USEBIO results file (no USEBIO and EVENT)")
    form = _form(event_el, name)
    description = _text(event_el, "EVENT_DESCRIPTION") or _text(event_el, "TITLE")
    pairs, published_pairs = _pairs(event_el, name)
    plays, lines, datums, leads = _boards(event_el, form, name, {p.label for p in pairs})
    event = Event(tuple(pairs), tuple(plays), (), Settings(form=form), description)
    club = root.find("CLUB")
    program = (_text(event_el, "PROGRAM_NAME"), _text(event_el, "PROGRAM_VERSION"))
    info = EventInfo(
        club_name=_text(club, "CLUB_NAME"),
        club_number=_text(club, "CLUB_ID_NUMBER"),
        date=_date(_text(event_el, "DATE")),
        players={pair.label: pair.players for pair in published_pairs},
        master_points={p.label: p.master_points for p in published_pairs if p.master_points},
        leads=leads,
        program=" ".join(part for part in program if part),
        file_format=f"USEBIO {root.get('Version', '')}".strip(),
    )
    return PublishedEvent(event, tuple(lines), tuple(published_pairs), datums, info)


def _parse(name: str) -> Any:
    try:
        size = Path(name).stat().st_size
    except OSError as exc:
        raise InputFileError(f"cannot read {name!r}: {exc.strerror or exc}") from None
    if size > MAX_USEBIO_BYTES:
        raise InputFileError(f"{name!r} is larger than any club's results file ({size} bytes)")
    try:
        return SafeET.parse(name, forbid_dtd=False).getroot()
    except DefusedXmlException as exc:
        raise InputFileError(f"{name!r} is refused: it declares XML entities ({exc})") from None
    except ET.ParseError as exc:
        raise InputFileError(f"{name!r} is not well-formed XML: {exc}") from None
    except OSError as exc:
        raise InputFileError(f"cannot read {name!r}: {exc.strerror or exc}") from None


def _text(element: Any, tag: str) -> str:
    if element is None:
        return ""
    found = element.find(tag)
    return "" if found is None or found.text is None else found.text.strip()


def _form(event_el: Any, name: str) -> ScoringForm:
    method = _text(event_el, "BOARD_SCORING_METHOD").upper()
    kind = (event_el.get("EVENT_TYPE") or "").upper()
    for key in (method, kind):
        if key in _FORMS_BY_NAME:
            return _FORMS_BY_NAME[key]
    shown = method or kind or "none"
    raise ScoringError(
        f"{name}: EVENT_TYPE/BOARD_SCORING_METHOD {shown!r} is not a pairs event xlbridge "
        "scores (matchpoints, Butler or cross-IMPs)"
    )


def _date(text: str) -> datetime.date | None:
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%Y%m%d"):
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def _figure(element: Any, tag: str, where: str) -> Figure | None:
    text = _text(element, tag)
    if not text:
        return None
    try:
        return Figure.parse(text)
    except ValueError:
        raise ScoringError(f"{where}: {tag} {text!r} is not a number") from None


def _pairs(event_el: Any, name: str) -> tuple[list[Pair], list[PublishedPair]]:
    participants = event_el.find("PARTICIPANTS")
    if participants is None:
        raise ScoringError(f"{name}: the EVENT has no PARTICIPANTS")
    pairs: list[Pair] = []
    published: list[PublishedPair] = []
    for index, pair_el in enumerate(participants.findall("PAIR"), start=1):
        label = _text(pair_el, "PAIR_NUMBER")
        where = f"PARTICIPANTS PAIR {index}" + (f" ({label})" if label else "")
        if not label:
            raise ScoringError(f"{name}: {where} has no PAIR_NUMBER")
        players = tuple(
            Player(
                _text(player, "PLAYER_NAME").title(),
                _national_id(_text(player, "NATIONAL_ID_NUMBER")),
                guest=_national_id(_text(player, "NATIONAL_ID_NUMBER")) == "",
            )
            for player in pair_el.findall("PLAYER")
        )
        names = " & ".join(player.name for player in players if player.name)
        pairs.append(Pair(label, names, f"pair {label}"))
        published.append(
            PublishedPair(
                label=label,
                direction=_text(pair_el, "DIRECTION").upper(),
                total=_figure(pair_el, "TOTAL_SCORE", where),
                percentage=_figure(pair_el, "PERCENTAGE", where),
                place=_text(pair_el, "PLACE"),
                master_points=_text(pair_el, "MASTER_POINTS_AWARDED")
                or _text(pair_el.find("MASTER_POINTS"), "MASTER_POINTS_AWARDED"),
                players=players,
                source=f"pair {label}",
            )
        )
    if not pairs:
        raise ScoringError(f"{name}: PARTICIPANTS lists no PAIR")
    return pairs, published


def _national_id(text: str) -> str:
    """A national number; ``0`` (Compscore's "no number", e.g. a director filling in) is none."""
    return "" if text.strip("0 ") == "" else text


def _boards(
    event_el: Any, form: ScoringForm, name: str, labels: set[str]
) -> tuple[list[Play], list[PublishedLine], dict[int, Fraction], dict[tuple[int, str, str], str]]:
    plays: list[Play] = []
    lines: list[PublishedLine] = []
    datums: dict[int, Fraction] = {}
    leads: dict[tuple[int, str, str], str] = {}
    figure = _FIGURES[form]
    for board_el in event_el.findall("BOARD"):
        number_text = _text(board_el, "BOARD_NUMBER")
        if not number_text.isdigit() or int(number_text) < 1:
            raise ScoringError(f"{name}: BOARD_NUMBER {number_text!r} is not a board number")
        board = int(number_text)
        average = _figure(board_el, "BOARD_AVERAGE", f"board {board}")
        if average is not None:
            datums[board] = average.value
        for line_el in board_el.findall("TRAVELLER_LINE"):
            ns, ew = _text(line_el, "NS_PAIR_NUMBER"), _text(line_el, "EW_PAIR_NUMBER")
            where = f"board {board}, {ns or '?'} v {ew or '?'}"
            for label in (ns, ew):
                if label not in labels:
                    raise ScoringError(f"{name}: {where}: pair {label!r} is not a PARTICIPANT")
            play = _play(line_el, board, ns, ew, where)
            plays.append(play)
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
    if not plays:
        raise ScoringError(f"{name}: the EVENT has no TRAVELLER_LINE")
    return plays, lines, datums, leads


def _play(line_el: Any, board: int, ns: str, ew: str, where: str) -> Play:
    contract_text = _text(line_el, "CONTRACT")
    declarer = _text(line_el, "PLAYED_BY").upper()[:1]
    tricks_text = _text(line_el, "TRICKS")
    result = _score(_text(line_el, "SCORE"), where)
    contract, tricks = "", ""
    if contract_text:
        try:
            parsed = parse_contract(contract_text)
        except ContractError:
            parsed, contract = None, contract_text
        if parsed is None and not contract:
            contract = "Pass"
        elif parsed is not None:
            contract = str(parsed)
            if tricks_text.isdigit() and declarer in _SEATS:
                over = int(tricks_text) - parsed.level - 6
                tricks = "=" if over == 0 else f"{over:+d}"
    return Play(board, ns, ew, result, where, "", contract, declarer if contract else "", tricks)


def _score(text: str, where: str) -> Row:
    """SCORE: the NS score, or an artificial score (``A6040``, read by the core)."""
    if not text:
        raise ScoringError(f"{where}: the line has no SCORE")
    return parse_result(text, where)


# --- writing ------------------------------------------------------------------------------------


def figure_text(value: Fraction) -> str:
    """A figure as USEBIO files print it: two decimals, whole numbers plain (``7``, ``6.67``).

    >>> figure_text(Fraction(7)), figure_text(Fraction(20, 3)), figure_text(Fraction(-1, 2))
    ('7', '6.67', '-0.50')
    """
    if value.denominator == 1:
        return str(value.numerator)
    return _two_places(value)


def _two_places(value: Fraction) -> str:
    return f"{float(round_half_away(value, Fraction(1, 100))):.2f}"


def _score_text(row: Result) -> str:
    ns, ew = row.ns, row.ew
    if isinstance(ns, Artificial) and isinstance(ew, Artificial):
        # two digits a side, as Compscore3 writes them (A6040; 0% is 00: A6000)
        return f"A{int(round_half_away(ns.percent)):02d}{int(round_half_away(ew.percent)):02d}"
    side = ns if isinstance(ns, Weighted) else ew
    assert isinstance(side, Weighted)
    return str(int(round_half_away(side.mean())))


def _tricks(play: Play) -> str:
    try:
        contract = parse_contract(play.contract) if play.contract else None
    except ContractError:
        return ""
    if contract is None or not play.tricks:
        return ""
    relative = play.tricks.strip()
    over = 0 if relative in {"=", "0"} else int(relative) if _INT.match(relative) else None
    return "" if over is None else str(contract.level + 6 + over)


_INT = re.compile(r"^[+-]?\d+$")


def _number(label: str) -> str:
    """A pair's USEBIO number: a Mitchell numbered by direction labels its pairs ``NS 1``, ``EW 1``;
    USEBIO carries the number (its DIRECTION, or the line's column, says which)."""
    direction, _, number = label.partition(" ")
    return number if direction in {"NS", "EW"} and number else label


def _place(rank: str) -> str:
    return rank.rstrip("=")


def usebio_document(
    result: EventResult, info: EventInfo | None = None, version: str = "1.2"
) -> bytes:
    """``result`` as a USEBIO ``version`` document (UTF-8 bytes, declaring the DTD)."""
    if version not in USEBIO_VERSIONS:
        raise ScoringError(f"USEBIO version {version!r}: xlbridge writes 1.2 or 1.3")
    info = info or EventInfo()
    event = result.event
    form = event.settings.form
    root = ET.Element("USEBIO", {"Version": version})
    club = ET.SubElement(root, "CLUB")
    _add(club, "CLUB_NAME", info.club_name)
    _add(club, "CLUB_ID_NUMBER", info.club_number)
    kind = "PAIRS" if version == "1.3" else _EVENT_TYPES[form]
    event_el = ET.SubElement(root, "EVENT", {"EVENT_TYPE": kind})
    _add(event_el, "EVENT_DESCRIPTION", event.name or "Club pairs")
    _add(event_el, "PROGRAM_NAME", "xlbridge")
    _add(event_el, "PROGRAM_VERSION", __version__)
    _add(event_el, "WINNER_TYPE", str(max(1, len(result.fields))))
    if info.date is not None:
        date = info.date.isoformat() if version == "1.3" else info.date.strftime("%d/%m/%Y")
        _add(event_el, "DATE", date)
    _add(event_el, "BOARD_SCORING_METHOD", _METHODS[form])
    numbers = sorted({b.board for b in result.boards})
    _add(event_el, "BOARDS_PLAYED", str(len(numbers)))
    ranked = [p for p in result.pairs if p.rank]
    _add(event_el, "PAIRS", str(len(ranked)))
    _add(event_el, "SESSION_COUNT", "1")
    _add(event_el, "SECTION_COUNT", "1")
    _participants(event_el, result, info, version)
    _boards_out(event_el, result, info)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    dtd = f"usebio_v{version.replace('.', '_')}.dtd"
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/{dtd}">\n'
    )
    return (head + body + "\n").encode("utf-8")


def _add(parent: ET.Element, tag: str, text: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = text
    return element


def _participants(event_el: ET.Element, result: EventResult, info: EventInfo, version: str) -> None:
    participants = ET.SubElement(event_el, "PARTICIPANTS")
    players = info.players
    points = info.master_points
    for entry in result.pairs:
        if not entry.rank:
            continue
        pair_el = ET.SubElement(participants, "PAIR")
        label = entry.pair.label
        _add(pair_el, "PAIR_NUMBER", _number(label))
        _add(pair_el, "DIRECTION", entry.field)  # NS or EW in a Mitchell, blank in a Howell
        _add(pair_el, "TOTAL_SCORE", figure_text(published_total(result, entry)))
        if entry.percentage is not None:
            _add(pair_el, "PERCENTAGE", _two_places(entry.percentage))
        _add(pair_el, "PLACE", _place(entry.rank))
        if points.get(label):
            if version == "1.3":
                wrapper = ET.SubElement(pair_el, "MASTER_POINTS")
                _add(wrapper, "MASTER_POINTS_AWARDED", points[label])
            else:
                _add(pair_el, "MASTER_POINTS_AWARDED", points[label])
        for player in _pair_players(entry.pair, players.get(label, ())):
            player_el = ET.SubElement(pair_el, "PLAYER")
            _add(player_el, "PLAYER_NAME", player.name)
            _add(player_el, "NATIONAL_ID_NUMBER", player.national_id or "0")


def _pair_players(pair: Pair, players: Iterable[Player]) -> tuple[Player, ...]:
    found = tuple(players)
    if found:
        return found
    names = [name.strip() for name in re.split(r"\s*(?:&|/| and )\s*", pair.names) if name.strip()]
    return tuple(Player(name) for name in names)


def _boards_out(event_el: ET.Element, result: EventResult, info: EventInfo) -> None:
    figure = _FIGURES[result.event.settings.form]
    leads = info.leads
    by_board: dict[int, list[Any]] = {}
    for board in result.boards:
        by_board.setdefault(board.board, []).append(board)
    datums = butler_datums(result)
    for number in sorted(by_board):
        board_el = ET.SubElement(event_el, "BOARD")
        _add(board_el, "BOARD_NUMBER", str(number))
        if number in datums:
            _add(board_el, "BOARD_AVERAGE", figure_text(datums[number]))
        for version in by_board[number]:
            for scored in version.plays:
                play = scored.play
                if not isinstance(play.result, Result) or BYE in (play.ns.upper(), play.ew.upper()):
                    continue  # not played, or a bye: no line
                line = ET.SubElement(board_el, "TRAVELLER_LINE")
                _add(line, "NS_PAIR_NUMBER", _number(play.ns))
                _add(line, "EW_PAIR_NUMBER", _number(play.ew))
                if play.contract:
                    _add(line, "CONTRACT", play.contract.upper())
                    if play.declarer:
                        _add(line, "PLAYED_BY", play.declarer.upper())
                    lead = leads.get((number, play.ns, play.ew))
                    if lead:
                        _add(line, "LEAD", lead)
                    tricks = _tricks(play)
                    if tricks:
                        _add(line, "TRICKS", tricks)
                _add(line, "SCORE", _score_text(play.result))
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
    from xlbridge.safefile import atomic_write

    def write(tmp: Path) -> None:
        tmp.write_bytes(data)

    atomic_write(path, write)
