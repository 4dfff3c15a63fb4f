"""PBN hand records: the deals of a hand-record file in, and hand-record files out."""

from __future__ import annotations

import re
from collections.abc import Iterable

from xlbridge.contract import (
    Seat,
    Strain,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from xlbridge.errors import DealError, InputFileError, ScoringError
from xlbridge.exact import quote
from xlbridge.formats.pbn.syntax import Game, format_tag, read_file_games
from xlbridge.hands import (
    SEATS,
    STRAINS,
    BoardRecord,
    DDTable,
    Deal,
    HandRecords,
    format_deal,
    parse_deal,
)
from xlbridge.places import FileLine, Place, Problem, Within

__all__ = [
    "PBN_VULNERABLE",
    "board_tags",
    "format_hand_record",
    "on_board",
    "read_hand_records",
]

# --- hand records -------------------------------------------------------------------


def on_board(where: Place | str, board: int) -> Within:
    """A board at a place of a hand-record file: ``deals.pbn line 12: board 5``.

    >>> str(on_board(FileLine("deals.pbn", 12), 5))
    'deals.pbn line 12: board 5'
    """
    return Within(where, f"board {board}")


def read_hand_records(text: str, name: str = "") -> HandRecords:
    """The deals of a PBN hand-record file (``name`` is how messages call it).

    Every game with a ``Board`` and a ``Deal`` gives a board.  A deal that is
    not 52 distinct cards, or a board dealt twice with different cards, is
    an error naming the board and line; a Dealer or Vulnerable tag that
    contradicts the board number is a warning.
    """
    boards: dict[int, BoardRecord] = {}
    warnings: list[Problem] = []
    problems: list[Problem] = []
    for game in read_file_games(text, name):
        deal_tag = game.tag("Deal")
        line = deal_tag.line if deal_tag is not None else game.line
        where = FileLine(name, line)
        try:
            record = _board_record(game, where, warnings)
        except ScoringError as exc:
            problems.append(Problem(where, str(exc)))
            continue
        if record is None:
            continue
        known = boards.get(record.board)
        if known is None:
            boards[record.board] = record
        elif known.deal != record.deal:
            problems.append(
                Problem(where, f"board {record.board} is dealt differently from {known.source}")
            )
    if problems:
        raise DealError("\n".join(str(problem) for problem in problems))
    if not boards:
        raise InputFileError(f"{name or 'the file'}: no deals found (no [Board] with a [Deal])")
    return HandRecords(boards, tuple(warnings), name)


def _board_record(game: Game, where: FileLine, warnings: list[Problem]) -> BoardRecord | None:
    board_text, deal_text = game.value("Board"), game.value("Deal")
    if not board_text or not deal_text:
        return None
    if not board_text.strip().isdecimal() or int(board_text) < 1:
        raise ScoringError(f"{quote(board_text)} is not a board number")
    board = int(board_text)
    try:
        deal = parse_deal(deal_text)
    except DealError as exc:
        raise exc.at(f"board {board}") from None
    dealer, vulnerability = board_dealer(board), board_vulnerability(board)
    _check_rotation(game, board, dealer, vulnerability, where, warnings)
    dd = _dd_table(game, board, where, warnings)
    par_score = _optimum_score(game.value("OptimumScore"))
    return BoardRecord(board, deal, dealer, vulnerability, dd, par_score, where)


def _check_rotation(
    game: Game,
    board: int,
    dealer: Seat,
    vulnerability: Vulnerability,
    where: FileLine,
    warnings: list[Problem],
) -> None:
    said_dealer, said_vul = game.value("Dealer"), game.value("Vulnerable")
    marked = []
    if said_dealer and said_dealer.strip() not in ("", "?"):
        try:
            if Seat.parse(said_dealer) != dealer:
                marked.append(f'[Dealer "{said_dealer}"]')
        except ValueError:
            marked.append(f'[Dealer "{said_dealer}"]')
    if said_vul and said_vul.strip() not in ("", "?"):
        try:
            if Vulnerability.parse(said_vul) != vulnerability:
                marked.append(f'[Vulnerable "{said_vul}"]')
        except ValueError:
            marked.append(f'[Vulnerable "{said_vul}"]')
    if marked:
        warnings.append(
            Problem(
                where,
                f"board {board} is marked {' and '.join(marked)}, but board {board} "
                f"is dealt by {dealer.value} with {_vul_words(vulnerability)}; "
                "it is scored by its number",
            )
        )


def _vul_words(vulnerability: Vulnerability) -> str:
    return {
        Vulnerability.NONE: "nobody vulnerable",
        Vulnerability.NS: "NS vulnerable",
        Vulnerability.EW: "EW vulnerable",
        Vulnerability.BOTH: "both sides vulnerable",
    }[vulnerability]


_STRAIN_NAMES = {"NT": Strain.NT, "N": Strain.NT, "S": Strain.S, "H": Strain.H}
_STRAIN_NAMES |= {"D": Strain.D, "C": Strain.C}


def _dd_table(game: Game, board: int, where: FileLine, warnings: list[Problem]) -> DDTable | None:
    """The double-dummy table the file gives: OptimumResultTable, else DoubleDummyTricks."""
    table = game.table("OptimumResultTable")
    if table is not None:
        found: dict[tuple[Seat, Strain], int] = {}
        for record in table.records():
            try:
                seat = Seat.parse(record.get("Declarer", ""))
                strain = _STRAIN_NAMES[record.get("Denomination", "").upper()]
                tricks = int(record.get("Result", ""))
            except (ValueError, KeyError):
                warnings.append(
                    Problem(
                        on_board(where, board),
                        f"OptimumResultTable row {quote(' '.join(record.values()))} not read "
                        "(a declarer, a strain and tricks are expected, e.g. 'N S 6')",
                    )
                )
                return None
            found[(seat, strain)] = tricks
        if len(found) == 20:
            return _table_of(found, where, board, warnings)
        warnings.append(
            Problem(
                on_board(where, board),
                f"OptimumResultTable has {len(found)} of 20 entries; not used",
            )
        )
    tricks_text = game.value("DoubleDummyTricks")
    if tricks_text and re.fullmatch(r"[0-9a-dA-D]{20}", tricks_text.strip()):
        digits = [int(char, 16) for char in tricks_text.strip()]
        found = {}
        for block, seat in enumerate((Seat.N, Seat.S, Seat.E, Seat.W)):  # PBN's order N S E W
            for offset, strain in enumerate(STRAINS):
                found[(seat, strain)] = digits[5 * block + offset]
        return _table_of(found, where, board, warnings)
    return None


def _table_of(
    found: dict[tuple[Seat, Strain], int], where: FileLine, board: int, warnings: list[Problem]
) -> DDTable | None:
    try:
        return DDTable(tuple(tuple(found[(seat, strain)] for strain in STRAINS) for seat in SEATS))
    except DealError:
        warnings.append(
            Problem(on_board(where, board), "the double-dummy table has tricks outside 0-13")
        )
        return None


def _optimum_score(text: str | None) -> int | None:
    """NS's par score from an OptimumScore value (``'NS 110'``, ``'NS -100'``, ``'EW +620'``)."""
    match = re.fullmatch(r"\s*(NS|EW)\s*([+-]?\d+)\s*", text or "", re.IGNORECASE)
    if match is None:
        return None
    score = int(match.group(2))
    return score if match.group(1).upper() == "NS" else -score


PBN_VULNERABLE = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "All",
}


def board_tags(board: int, deal: Deal | None) -> list[str]:
    """The Board, Dealer, Vulnerable and Deal tags of ``board`` (the deal from the dealer)."""
    dealer = board_dealer(board)
    lines = [
        format_tag("Board", str(board)),
        format_tag("Dealer", dealer.value),
        format_tag("Vulnerable", PBN_VULNERABLE[board_vulnerability(board)]),
    ]
    if deal is not None:
        lines.append(format_tag("Deal", format_deal(deal, dealer)))
    return lines


def format_hand_record(boards: Iterable[tuple[int, Deal]], event: str = "", date: str = "") -> str:
    """A hand-record file: one game per board with its deal, as dealing programs write them."""
    games = []
    for number, deal in boards:
        lines = [format_tag("Event", event), format_tag("Site", ""), format_tag("Date", date)]
        lines += board_tags(number, deal)[:1]
        lines += [format_tag(seat, "") for seat in ("West", "North", "East", "South")]
        lines += board_tags(number, deal)[1:]
        games.append("\n".join(lines))
    return "% PBN 2.1\n" + "\n\n".join(games) + "\n"


# --- results out: a scored session as PBN 2.1 (score tables, deals, double dummy) ---------
