"""A teams night's results as one static HTML page: ranking, matches, every match's scorecard,
each board's results across the room.  Self-contained: inline CSS, no scripts."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from xlbridge.report import format_fixed
from xlbridge.result import format_result
from xlbridge.teams import TIE_BREAK_RULE, MatchResult, TeamsResult
from xlbridge.workbook.shared.style import HTML_STYLE, html_page

__all__ = ["teams_page"]

_STYLE = (
    HTML_STYLE
    + """tr.total td{font-weight:bold;border-top:2px solid #1f5c3a}
.cards{display:flex;flex-wrap:wrap;gap:0 2.5em}
p.note{color:#555;font-size:.9em}
"""
    # on a phone a long name (Featherstonehaugh-Cholmondeley) breaks inside a word in the
    # ranking's Team and Players columns, 6em at least, so the VPs stay on a 390 px screen
    + "@media (max-width:600px){#ranking+.wide td:nth-child(-n+3):not(:first-child)"
    + "{overflow-wrap:anywhere;min-width:6em}}\n"
)


def _figure(value: Fraction | None, places: int | None = None) -> str:
    """Whole numbers plain and others to two places; to ``places`` always when given."""
    if places is not None:
        return format_fixed(value, places)
    return format_fixed(value, whole=True)


def _table(
    header: Sequence[str], rows: Sequence[Sequence[object]], numeric: int = 0, total: bool = False
) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = []
    for index, row in enumerate(rows):
        cells = "".join(
            f'<td class="n">{escape(str(c))}</td>' if i >= numeric else f"<td>{escape(str(c))}</td>"
            for i, c in enumerate(row)
        )
        last = total and index == len(rows) - 1
        body.append(f'<tr class="total">{cells}</tr>' if last else f"<tr>{cells}</tr>")
    rows_html = "".join(body)
    # in its own box: a table wider than a phone's screen scrolls there, never the page
    return (
        f'<div class="wide"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows_html}</tbody></table></div>"
    )


def _card(m: MatchResult, names: dict[int, str]) -> str:
    match = m.match
    assert match.away is not None
    title = (
        f"Round {match.round}, table {match.table}: {match.home} {names[match.home]} "
        f"v {match.away} {names[match.away]}"
    )
    rows: list[list[object]] = [
        [
            b.board,
            "" if b.open_room is None else format_result(b.open_room),
            "" if b.closed_room is None else format_result(b.closed_room),
            _figure(b.home) if b.home is not None and b.home > 0 else "",
            _figure(b.away) if b.away is not None and b.away > 0 else "",
        ]
        for b in m.boards
    ]
    rows.append(["IMPs", "", "", _figure(m.home_imps), _figure(m.away_imps)])
    rows.append(["VPs", "", "", _figure(m.home_vps, 2), _figure(m.away_vps, 2)])
    table = _table(("Board", "Open room", "Closed room", "Home", "Away"), rows, 3)
    return f'<div class="card"><h3>{escape(title)}</h3>{table}</div>'


def teams_page(result: TeamsResult) -> str:
    """The whole results page."""
    names = {t.number: t.name for t in result.event.teams}
    ranking = _table(
        # the team's number and name in one column, as the terminal shows them (narrow
        # enough for a phone)
        ("Rank", "Team", "Players", "Played", "IMPs won", "IMPs lost", "VPs"),
        [
            (
                s.rank_text,
                f"{s.team.number} {s.team.name}"
                + (" (withdrawn)" if s.team.withdrawn_after is not None else ""),
                ", ".join(name for name, _ in s.team.players if name),
                s.played,
                _figure(s.imps_won),
                _figure(s.imps_lost),
                _figure(s.vps, 2),
            )
            for s in result.standings
        ],
        3,
    )
    matches = _table(
        ("Round", "Table", "Home", "Away", "IMPs", "", "VPs", ""),
        [
            (
                m.match.round,
                m.match.table or "",
                f"{m.match.home} {names[m.match.home]}",
                "bye" if m.match.away is None else f"{m.match.away} {names[m.match.away]}",
                "" if m.match.away is None else _figure(m.home_imps),
                "" if m.match.away is None else _figure(m.away_imps),
                _figure(m.home_vps, 2),
                "" if m.match.away is None else _figure(m.away_vps, 2),
            )
            for m in result.matches
        ],
        4,
    )
    cards = "".join(_card(m, names) for m in result.matches if m.match.away is not None)
    frequencies = "".join(
        f'<div class="card"><h3>Board {board}</h3>'
        + _table(("NS score", "Tables"), [(text, count) for text, count in lines], 1)
        + "</div>"
        for board, lines in result.frequencies().items()
    )
    title = escape(result.title)
    return html_page(
        title,
        _STYLE,
        f"<h1>{title}</h1>"
        f'<h2 id="ranking">Ranking</h2>{ranking}'
        f'<p class="note">VPs on {escape(result.event.settings.vp_scale.in_words)}; '
        f"{escape(TIE_BREAK_RULE)}.</p>"
        f"<h2>Matches</h2>{matches}"
        f'<h2>Scorecards</h2><div class="cards">{cards}</div>'
        f'<h2>Boards across the room</h2><div class="cards">{frequencies}</div>',
    )
