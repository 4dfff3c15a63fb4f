"""An individual's results as one static HTML page: the players' ranking, then each board.

The pairs page's style and structure (:mod:`xlbridge.workbook.pairs.html`):
self-contained (inline CSS, no scripts), the viewport tag for a phone, the
event's name and date as the heading (marked provisional while results are to
come).  The ranking shows the figures the terminal prints; each board's
traveller names its four players (North, South, East, West) beside the
contract, the NS score and the NS and EW matchpoints.
"""

from __future__ import annotations

from html import escape

from xlbridge.contract import board_vulnerability
from xlbridge.individual import IndividualEvent, IndividualPlay, partnership
from xlbridge.pair import PairLabel
from xlbridge.report import format_figure, format_fixed
from xlbridge.result import format_result
from xlbridge.scored import BoardResult, EventResult
from xlbridge.workbook.pairs.html import PAGE_STYLE, html_table
from xlbridge.workbook.pairs.printing import event_title, played_text
from xlbridge.workbook.shared.style import html_page

__all__ = ["individual_page"]

_Seated = dict[tuple[int, str, PairLabel], IndividualPlay]


def _ranking(result: EventResult) -> str:
    rows = [
        (
            p.rank,
            str(p.pair.label),
            p.pair.names,
            len(p.boards),
            # two decimals, as the terminal prints them
            format_fixed(result.ranking_total(p)),
            format_figure(p.maximum),
            format_fixed(p.percentage),
        )
        for p in result.pairs
    ]
    header = ("Rank", "Player", "Name", "Boards", "Score", "Max", "%")
    return html_table(header, rows, numeric=3)


def _board(board: BoardResult, seated: _Seated) -> str:
    version = f" (version {escape(board.version)})" if board.version else ""
    vul = board_vulnerability(board.board).value
    rows = []
    for scored in board.plays:
        play = seated.get((board.board, board.version, scored.play.ns))
        players = [str(p) for p in play.players] if play else ["", "", "", ""]
        rows.append(
            (
                *players,
                played_text(scored.play),
                format_result(scored.play.result),
                format_figure(scored.ns_score),
                format_figure(scored.ew_score),
            )
        )
    traveller = html_table(
        ("N", "S", "E", "W", "Contract", "Score", "NS MP", "EW MP"), rows, numeric=5
    )
    return (
        f'<div class="card" id="board-{board.board}{escape(board.version)}">'
        f"<h3>Board {board.board}{version}</h3><p>Vulnerable: {escape(vul)}; "
        f"{board.results} results, expected {board.expected}</p>{traveller}</div>"
    )


def individual_page(event: IndividualEvent, result: EventResult) -> str:
    """The whole results page of the individual ``event`` scored as ``result``."""
    seated: _Seated = {
        (play.board, play.version, partnership(play.north, play.south)): play
        for play in event.plays
    }
    title = escape(event_title(result))
    boards = "".join(_board(b, seated) for b in result.boards)
    return html_page(
        title,
        PAGE_STYLE,
        f"<h1>{title}</h1>"
        '<nav><a href="#ranking">Ranking</a><a href="#boards">Boards</a></nav>'
        f'<h2 id="ranking">Ranking</h2>{_ranking(result)}'
        f'<h2 id="boards">Boards</h2><div class="boards">{boards}</div>'
        "<footer><p>Scored by xlbridge.</p></footer>",
    )
