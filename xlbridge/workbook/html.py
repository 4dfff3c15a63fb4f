"""A club night's results as one static HTML page: ranking, boards, personal score cards.

Self-contained (inline CSS, no scripts, no external files), so a club can
put it on its website or e-mail it as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from xlbridge.contract import board_vulnerability
from xlbridge.report import format_figure
from xlbridge.result import format_result
from xlbridge.session import BoardResult, EventResult, PairResult
from xlbridge.workbook.printing import event_title, pair_name, played_text

__all__ = ["results_page"]

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5em;color:#222}
h1{color:#1f5c3a}h2{border-bottom:2px solid #1f5c3a;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0 1em}
th{background:#1f5c3a;color:#fff;padding:.25em .6em}
td{padding:.2em .6em;border-bottom:1px solid #ddd}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.boards{display:flex;flex-wrap:wrap;gap:0 2em}.card{display:inline-block;vertical-align:top}
nav a{margin-right:1em}
@media print{nav{display:none}.card{break-inside:avoid}.pair-card{display:block;break-before:page}}
"""


def _table(header: Sequence[str], rows: Sequence[Sequence[object]], numeric: int = 0) -> str:
    """An HTML table; columns from ``numeric`` on are right-aligned numbers."""
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{escape(str(c))}</td>'
            if numeric and i >= numeric
            else f"<td>{escape(str(c))}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _percent(pair: PairResult) -> str:
    return "" if pair.percentage is None else f"{float(pair.percentage):.2f}"


def _ranking(result: EventResult) -> str:
    parts = []
    for name in result.fields:
        caption = {"NS": "North-South", "EW": "East-West"}.get(name, "All pairs")
        rows = [
            (
                p.rank,
                p.pair.label,
                p.pair.names,
                len(p.boards),
                format_figure(p.total),
                format_figure(p.maximum if result.top is not None else p.average),
                _percent(p) if result.top is not None else format_figure(p.score),
            )
            for p in result.field(name)
        ]
        header = ("Rank", "Pair", "Players", "Boards", "Score", "Max", "%")
        parts.append(f"<h3>{escape(caption)}</h3>" + _table(header, rows, numeric=3))
    return "".join(parts)


def _board(board: BoardResult) -> str:
    version = f" (version {escape(board.version)})" if board.version else ""
    vul = board_vulnerability(board.board).value
    rows = [
        (
            line.score,
            line.freq,
            format_figure(line.adj_freq),
            format_figure(line.ns_mp),
            format_figure(line.ew_mp),
        )
        for line in board.ns_lines
    ]
    table = _table(("Score", "Freq", "Adj. Freq", "NS MP", "EW MP"), rows, numeric=1)
    if board.ew_lines != board.ns_lines:
        ew_rows = [
            (
                line.score,
                line.freq,
                format_figure(line.adj_freq),
                format_figure(line.ns_mp),
                format_figure(line.ew_mp),
            )
            for line in board.ew_lines
        ]
        table = (
            "<p>NS pairs' table</p>"
            + table
            + "<p>EW pairs' table</p>"
            + _table(("Score", "Freq", "Adj. Freq", "NS MP", "EW MP"), ew_rows, numeric=1)
        )
    traveller = _table(
        ("NS", "EW", "Contract", "Score", "NS", "EW"),
        [
            (
                s.play.ns,
                s.play.ew,
                played_text(s.play),
                format_result(s.play.result),
                format_figure(s.ns_score),
                format_figure(s.ew_score),
            )
            for s in board.plays
        ],
        numeric=4,
    )
    return (
        f'<div class="card" id="board-{board.board}{escape(board.version)}">'
        f"<h3>Board {board.board}{version}</h3><p>Vulnerable: {escape(vul)}; "
        f"{board.results} results, expected {board.expected}</p>{table}{traveller}</div>"
    )


def _card(pair: PairResult, result: EventResult) -> str:
    names = {p.pair.label: p.pair.names for p in result.pairs}
    rows = []
    for entry in pair.boards:
        played = next(
            (
                s
                for b in result.boards
                if b.board == entry.board and b.version == entry.version
                for s in b.plays
                if pair.pair.label in (s.play.ns, s.play.ew)
            ),
            None,
        )
        score = format_result(played.play.result) if played else entry.code
        contract = played_text(played.play) if played else ""
        rows.append(
            (
                entry.board,
                entry.direction.value,
                f"{entry.opponent} {names.get(entry.opponent, '')}".strip(),
                contract,
                score,
                entry.code,
                format_figure(entry.score),
                format_figure(entry.adjustment) if entry.adjustment else "",
            )
        )
    header = ("Board", "Dir", "Opponents", "Contract", "Score", "Code", "MP", "Adj.")
    return (
        f'<div class="card pair-card" id="pair-{escape(pair.pair.label.replace(" ", ""))}">'
        f"<h3>{escape(pair_name(pair.pair.label))}"
        f" {escape(pair.pair.names)}: {_percent(pair)}%</h3>"
        + _table(header, rows, numeric=6)
        + "</div>"
    )


def results_page(result: EventResult) -> str:
    """The whole results page as an HTML document."""
    title = escape(event_title(result))
    boards = "".join(_board(b) for b in result.boards)
    cards = "".join(_card(p, result) for p in result.pairs if p.boards)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{title}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{title}</h1>"
        '<nav><a href="#ranking">Ranking</a><a href="#boards">Boards</a>'
        '<a href="#cards">Score cards</a></nav>'
        f'<h2 id="ranking">Ranking</h2>{_ranking(result)}'
        f'<h2 id="boards">Boards</h2><div class="boards">{boards}</div>'
        f'<h2 id="cards">Personal score cards</h2><div class="boards">{cards}</div>'
        "<footer><p>Scored by xlbridge.</p></footer></body></html>\n"
    )
