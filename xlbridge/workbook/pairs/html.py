"""A club night's results as one static HTML page: ranking, boards, personal score cards.

Self-contained (inline CSS, no scripts, no external files), so a club can
put it on its website or e-mail it as it is.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape
from typing import TYPE_CHECKING

from xlbridge.contract import Seat, Strain, board_vulnerability
from xlbridge.direction import Direction
from xlbridge.masterpoints import award_shown
from xlbridge.report import format_figure, format_fixed
from xlbridge.result import format_result
from xlbridge.scored import BoardResult, EventResult, PairResult
from xlbridge.stratified import event_strata, strata_columns
from xlbridge.workbook.pairs.printing import event_title, pair_name, played_text, ranking_header
from xlbridge.workbook.shared.style import HTML_STYLE, html_page

if TYPE_CHECKING:
    from xlbridge.hands import BoardHands, SessionHands

__all__ = ["PAGE_STYLE", "html_table", "results_page"]

#: The results page's style (the individual's page has the same).  On a phone a long
#: name (``Featherstonehaugh-Cholmondeley``) in a ranking's third column (Players, or an
#: individual's Name) may break inside a word, so that the % column stays on a 390-pixel
#: screen: the pairs page's rankings follow their field's heading, the individual's the
#: Ranking heading itself.
PAGE_STYLE = (
    HTML_STYLE
    + """.boards{display:flex;flex-wrap:wrap;gap:0 2em}
nav a{margin-right:1em}
.hands{display:flex;flex-wrap:wrap;gap:.5em 1.5em;align-items:flex-start;margin:.3em 0 .6em}
table.deal td{border:none;padding:.1em .4em;vertical-align:top;white-space:nowrap}
table.deal td.mid{text-align:center;color:#555;font-size:.85em}
.red{color:#c00}.hcp{color:#777;font-size:.85em}
table.dd td,table.dd th{padding:.1em .45em;text-align:center}
table.dd th{background:#e8f0ea;color:#222}
@media print{nav{display:none}.card{break-inside:avoid}.pair-card{display:block;break-before:page}}
@media (max-width:600px){#ranking~h3+.wide td:nth-child(3){overflow-wrap:anywhere}}
@media (max-width:600px){#ranking+.wide td:nth-child(3){overflow-wrap:anywhere}}
"""
)


def html_table(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    numeric: int = 0,
    right: Collection[int] = (),
) -> str:
    """An HTML table; columns from ``numeric`` on, and those in ``right``, are right-aligned
    numbers."""
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{_cell(c)}</td>'
            if (numeric and i >= numeric) or i in right
            else f"<td>{_cell(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    # in its own box: a table wider than a phone's screen scrolls there, never the page
    return (
        f'<div class="wide"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


class _Html(str):
    """A table cell that is already HTML (a link): written as it is, not escaped."""


def _cell(value: object) -> str:
    return value if isinstance(value, _Html) else escape(str(value))


def _percent(pair: PairResult) -> str:
    return format_fixed(pair.percentage)


def _ranking(result: EventResult) -> str:
    parts = []
    body = result.event.facts.mp_body
    awards = {p.pair.label: award_shown(p.pair.master_points, body) for p in result.pairs}
    with_awards = any(awards.get(p.pair.label) for p in result.pairs if p.rank)
    found = event_strata(result)
    extra, cells = strata_columns(result, found) if found is not None else ((), {})
    blank = ("",) * len(extra)
    for name in result.fields:
        caption = Direction.heading(name, "All pairs")
        rows = [
            (
                p.rank,
                p.pair.label,
                p.pair.names,
                len(p.boards),
                format_fixed(result.ranking_total(p)),  # two decimals, as the terminal shows it
                # Max whole (336); an IMP night's figures to two decimals, as the IMPs
                format_figure(p.maximum) if result.top is not None else format_fixed(p.average),
                _percent(p) if result.top is not None else format_fixed(p.score),
                *((awards[p.pair.label],) if with_awards else ()),
                *cells.get(p.pair.label, blank),
            )
            for p in result.field(name)
        ]
        header = ranking_header(result.top is not None)
        if with_awards:
            header += ("Master points",)
        header += extra
        parts.append(f"<h3>{escape(caption)}</h3>" + html_table(header, rows, numeric=3))
    return "".join(parts)


def _board(board: BoardResult, hands: BoardHands | None = None, units: str = "MP") -> str:
    """One board's card: its frequency table(s), each score's figures in ``units`` (MP, or
    the IMPs of an IMP night, with a Butler board's datum), and its traveller."""
    headers = ("Score", "Freq", "Adj. Freq", f"NS {units}", f"EW {units}")
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
    table = html_table(headers, rows, numeric=1)
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
            + html_table(headers, ew_rows, numeric=1)
        )
    traveller = html_table(
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
        f"{board.results} results, expected {board.expected}{_datums(board)}</p>"
        f"{_hands(hands) if hands else ''}{table}{traveller}</div>"
    )


def _datums(board: BoardResult) -> str:
    """A Butler board's datum (``; datum 110``), or each table's when they differ."""
    if board.datums is None:
        return ""
    ns, ew = board.datums
    if ns == ew:
        return f"; datum {format_figure(ns)}"
    return f"; datum {format_figure(ns)} (NS pairs' table), {format_figure(ew)} (EW pairs' table)"


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
        key = f"{entry.board}{escape(entry.version)}"
        rows.append(
            (
                _Html(f'<a href="#board-{key}">{key}</a>'),  # ``3A``: the version played
                entry.direction.value,
                f"{entry.opponent} {names.get(entry.opponent, '')}".strip(),
                contract,
                score,
                entry.code,
                format_figure(entry.score),
                format_figure(entry.adjustment) if entry.adjustment else "",
            )
        )
    units = "MP" if result.top is not None else "IMPs"
    header = ("Board", "Dir", "Opponents", "Contract", "Score", "Code", units, "Adj.")
    figure = (
        f"{_percent(pair)}%"
        if result.top is not None
        else f"{format_fixed(result.ranking_total(pair))} IMPs"
    )
    return (
        f'<div class="card pair-card" id="pair-{escape(pair.pair.label.replace(" ", ""))}">'
        f"<h3>{escape(pair_name(pair.pair.label))}"
        f" {escape(pair.pair.names)}: {figure}</h3>"
        + html_table(header, rows, numeric=6)
        + "</div>"
    )


def results_page(result: EventResult, hands: SessionHands | None = None) -> str:
    """The whole results page as an HTML document (with each board's hands when given)."""
    title = escape(event_title(result))
    units = "MP" if result.top is not None else "IMPs"
    boards = "".join(_board(b, hands.get(b.board) if hands else None, units) for b in result.boards)
    cards = "".join(_card(p, result) for p in result.pairs if p.boards)
    return html_page(
        title,
        PAGE_STYLE,
        f"<h1>{title}</h1>"
        '<nav><a href="#ranking">Ranking</a><a href="#boards">Boards</a>'
        '<a href="#cards">Score cards</a></nav>'
        f'<h2 id="ranking">Ranking</h2>{_ranking(result)}'
        f'<h2 id="boards">Boards</h2><div class="boards">{boards}</div>'
        f'<h2 id="cards">Personal score cards</h2><div class="boards">{cards}</div>'
        "<footer><p>Scored by xlbridge.</p></footer>",
    )


# --- hand records: the deal, the makeable contracts and the par beside each board ------------

_SUIT_HTML = {
    Strain.S: "&#9824;",
    Strain.H: '<span class="red">&#9829;</span>',
    Strain.D: '<span class="red">&#9830;</span>',
    Strain.C: "&#9827;",
    Strain.NT: "NT",
}
_HAND_SUITS = (Strain.S, Strain.H, Strain.D, Strain.C)


def _hand(hands: BoardHands, seat: Seat) -> str:
    held = hands.deal.hand(seat)
    lines = "<br>".join(
        f"{_SUIT_HTML[suit]} {escape(cards.replace('T', '10')) or '&mdash;'}"
        for suit, cards in zip(_HAND_SUITS, held, strict=True)
    )
    return f'<b>{seat.value}</b> <span class="hcp">{hands.deal.hcp(seat)}</span><br>{lines}'


def _hands(hands: BoardHands) -> str:
    """The board's deal as a compass diagram, its makeable contracts and its par."""
    record = hands.record
    middle = (
        f"Board {record.board}<br>Dealer {record.dealer.value}<br>"
        f"Vul {escape(record.vulnerability.value)}"
    )
    deal = (
        '<table class="deal"><tbody>'
        f"<tr><td></td><td>{_hand(hands, Seat.N)}</td><td></td></tr>"
        f'<tr><td>{_hand(hands, Seat.W)}</td><td class="mid">{middle}</td>'
        f"<td>{_hand(hands, Seat.E)}</td></tr>"
        f"<tr><td></td><td>{_hand(hands, Seat.S)}</td><td></td></tr>"
        "</tbody></table>"
    )
    table = hands.dd
    if table is None:
        return f'<div class="hands">{deal}</div>'
    strains = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
    head = "".join(f"<th>{_SUIT_HTML[strain]}</th>" for strain in strains)
    body = "".join(
        f"<tr><th>{seat.value}</th>"
        + "".join(f"<td>{table.makeable(seat, strain) or '-'}</td>" for strain in strains)
        + "</tr>"
        for seat in (Seat.N, Seat.S, Seat.E, Seat.W)
    )
    makeable = (
        f'<table class="dd"><thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table>'
    )
    par = f"<p>Par {_par_html(hands)}</p>" if hands.par is not None else ""
    return f'<div class="hands">{deal}<div>{makeable}{par}</div></div>'


def _par_html(hands: BoardHands) -> str:
    par = hands.par
    if par is None or not par.contracts:
        return "0 (passed out)"
    contracts = ", ".join(
        f"{c.contract.level}{_SUIT_HTML[c.contract.strain]}{escape(c.contract.doubling.value)}"
        f"{'=' if c.result == 0 else f'{c.result:+d}'} "
        f"{''.join(seat.value for seat in c.declarers)}"
        for c in par.contracts
    )
    return f"NS {par.score:+d}: {contracts}"
