"""Club-night results as text for the terminal: the ranking, and one board explained.

:func:`format_ranking` prints each field's ranking; :func:`explain_board`
prints a board's frequency table the way the EBU's *Calculation of Weighted
Scores* works it (Score, Freq, Adj. Freq, NS MP, EW MP) and then how each figure arises: the Neuberg
factor, each score's matchpoints from the results it beats and ties, and
the weighted rows as the weighted sum of their components.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from xlbridge.board import FrequencyLine, matchpoint_top
from xlbridge.codes import Code
from xlbridge.contract import board_dealer, board_vulnerability
from xlbridge.direction import Direction
from xlbridge.pair import PairLabel
from xlbridge.report import format_figure, format_fixed, format_frequency_table
from xlbridge.result import Artificial, Result, Weighted, counts_as_result, format_result
from xlbridge.scored import BoardResult, EventResult, ScoredPlay
from xlbridge.stratified import event_strata, strata_columns
from xlbridge.workbook.pairs.printing import event_title, played_text, ranking_header
from xlbridge.workbook.shared.night import board_not_played

__all__ = ["explain_board", "format_ranking", "format_table"]


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]], right: str = "") -> str:
    """Rows as aligned text; columns whose header is in ``right`` are right-aligned."""
    table = [list(header), *[[_one_line(cell) for cell in r] for r in rows]]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = []
    for row in table:
        cells = [
            cell.rjust(widths[i]) if header[i] in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _one_line(cell: str) -> str:
    """A cell's text on one line (a name typed on two, with Alt+Enter): a space for each break."""
    return " ".join(cell.splitlines()) if "\n" in cell or "\r" in cell else cell


def format_ranking(result: EventResult) -> str:
    """Each field's ranking: Rank, Pair, Players, Boards, Score, Max and % (or IMPs); a
    stratified event's Strat and each stratum's places after them."""
    blocks = [event_title(result)]
    matchpoints = result.top is not None
    found = event_strata(result)
    extra, cells = strata_columns(result, found) if found is not None else ((), {})
    blank = ("",) * len(extra)
    for name in result.fields:
        pairs = result.field(name)
        header = ranking_header(matchpoints) + extra
        rows = [
            (
                p.rank,
                p.pair.label,
                p.pair.names,
                str(len(p.boards)),
                _percent(result.ranking_total(p)),
                # Max whole (336); an IMP night's figures to two decimals, as the IMPs
                format_figure(p.maximum) if matchpoints else format_fixed(p.average),
                _percent(p.percentage if matchpoints else p.score),
                *cells.get(p.pair.label, blank),
            )
            for p in pairs
        ]
        caption = Direction.heading(name)
        right = " ".join(("Rank Pair Boards Score Max % IMPs Per board Ranked on", *extra))
        block = format_table(header, rows, right=right)
        blocks.append(f"{caption}\n{block}" if caption else block)
    return "\n\n".join(blocks)


def _percent(value: Fraction | None) -> str:
    """A total or percentage to two decimals, so a column's figures line up."""
    return format_fixed(value)


def explain_board(result: EventResult, number: int) -> str:
    """Board ``number``'s frequency table, step by step (every version of a fouled board)."""
    boards = [b for b in result.boards if b.board == number]
    if not boards:
        raise board_not_played(number, [b.board for b in result.boards])
    scale = result.event.settings.scale
    return "\n\n".join(_explain(board, scale, result) for board in boards)


def _explain(board: BoardResult, scale: int, result: EventResult) -> str:
    vul, dealer = board_vulnerability(board.board).described, board_dealer(board.board).value
    version = f", version {board.version}" if board.version else ""
    top = matchpoint_top(board.expected, scale)
    out = [
        f"Board {board.board}{version} ({vul}, dealer {dealer}): "
        f"{board.results} results, expected {board.expected}, top {top}",
    ]
    tables = [("", board.ns_lines)]
    if _real(board.ns_lines) != _real(board.ew_lines):
        tables = [("NS pairs are compared in", board.ns_lines)]
        tables.append(("EW pairs are compared in", board.ew_lines))
    for caption, lines in tables:
        if caption:
            out.append(f"\n{caption}:")
        out.append("")
        out.append(format_frequency_table(lines if caption else _one_table(board)))
        out.append("")
        out.extend(_steps(lines, board, scale))
    out.extend(_artificial(board, top, result))
    out.append("")
    out.extend(_rows(board, scale))
    return "\n".join(out)


def _real(lines: Sequence[FrequencyLine]) -> list[FrequencyLine]:
    return [line for line in lines if line.adj_freq is not None]


def _one_table(board: BoardResult) -> list[FrequencyLine]:
    """The one table of a board whose NS and EW pairs are compared in the same results.

    An artificial line shows the row as typed for both sides (``A+/A-``).
    """
    plays = [p.play.result for p in board.plays if _is_artificial(p)]
    artificial = []
    for line in board.ns_lines:
        if line.adj_freq is not None:
            continue
        # the first row of this line's kind: its NS label, and whether it counts as a result
        row = next((r for r in plays if _line_label(r) == line.score), None)
        artificial.append(line if row is None else replace(line, score=format_result(row)))
    return [*artificial, *_real(board.ns_lines)]


def _line_label(row: object) -> str:
    """The label :func:`~xlbridge.board.frequency_lines` gives an artificial row's NS line."""
    assert isinstance(row, Result) and isinstance(row.ns, Artificial)
    return row.ns.label if counts_as_result(row) else f"NP {row.ns.label}"


def _is_artificial(scored: ScoredPlay) -> bool:
    result = scored.play.result
    return isinstance(result, Result) and isinstance(result.ns, Artificial)


def _real_results(board: BoardResult) -> int:
    """The board's real results, as the Neuberg factor counts them: each row with a score
    (a weighted score once, however many its components), not an artificial score."""
    return sum(
        1
        for scored in board.plays
        if isinstance(result := scored.play.result, Result)
        and isinstance(result.ns, Weighted)
        and counts_as_result(result)
    )


def _steps(lines: Sequence[FrequencyLine], board: BoardResult, scale: int) -> list[str]:
    real = _real(lines)
    actual = _real_results(board)
    steps = []
    if real and actual != board.expected:
        factor = Fraction(board.expected, actual)
        steps.append(
            f"Neuberg: {actual} real results of the {board.expected} expected, so every "
            f"frequency is factored by {board.expected}/{actual} = {format_figure(factor, 4)}:"
        )
        steps.append(
            f"Adj. Freq = (Freq + the weights of weighted scores) x {board.expected}/{actual}"
        )
    elif real:
        steps.append("Adj. Freq = Freq + the weights of weighted scores (no factoring)")
    top = matchpoint_top(board.expected, scale)
    below = Fraction(0)
    explained: list[str] = []
    for line in reversed(real):
        assert line.adj_freq is not None
        tie = f"({format_figure(line.adj_freq)} - 1)" + ("" if scale == 2 else " / 2")
        explained.append(
            f"  {_score(line.score):>6}: {scale} x {format_figure(below)} below + {tie} = "
            f"{format_figure(line.ns_mp)} NS;  EW {top} - {format_figure(line.ns_mp)} = "
            f"{format_figure(line.ew_mp)}"
        )
        below += line.adj_freq
    steps.append(
        f"NS MP = {scale} x (adj. freq below) + (adj. freq - 1)"
        + ("" if scale == 2 else " / 2")
        + f" (Law 78A: {scale} per result beaten, {format_figure(Fraction(scale, 2))} per tie):"
    )
    steps.extend(reversed(explained))
    return steps


def _artificial(board: BoardResult, top: int, result: EventResult) -> list[str]:
    """Each artificial score: its percentage of the top, then what Law 12C2(c) made of it."""
    out: list[str] = []
    for scored in board.plays:
        row = scored.play.result
        if not isinstance(row, Result) or not isinstance(row.ns, Artificial):
            continue
        out.append("")
        what = (
            "an artificial score"
            if counts_as_result(row)
            else "not played at this table (an absent pair): an artificial score that is "
            "not one of the board's results"
        )
        out.append(f"{scored.play.ns} v {scored.play.ew}: {format_result(row)}, {what}")
        for label, side, settled in (
            (scored.play.ns, row.ns, scored.ns_score),
            (scored.play.ew, row.ew, scored.ew_score),
        ):
            if isinstance(side, Artificial):
                out.append("  " + _settled(label, side, settled, top, board.board, result))
    return out


def _settled(
    label: PairLabel,
    side: Artificial,
    settled: Fraction | None,
    top: int,
    board: int,
    result: EventResult,
) -> str:
    settings = result.event.settings
    percent = side.percent_under(settings.aplus, settings.aminus)  # as it is scored
    base = percent * top / 100
    text = (
        f"{label.named}: {side.label} is {format_figure(percent)}% of the top {top} "
        f"= {format_figure(base)}"
    )
    code = side.average(settings.aplus, settings.aminus)
    settles = code is not None and code.settled_last  # A+ or A-: Law 12C2(c)
    if settled is None or settled == base or not settles:
        if settles and top:
            own = _own_percentage(label, board, top, result)
            better = "lower" if code is Code.AVERAGE_PLUS else "higher"
            if own is not None:
                text += (
                    f"; Law 12C2(c): the pair's own percentage on its other boards, "
                    f"{format_figure(own)}%, is {better}, so it stays"
                )
        return text
    way = "raised" if settled > base else "lowered"
    return (
        f"{text}; Law 12C2(c): {way} to the pair's own percentage on its other boards, "
        f"{format_figure(100 * settled / top)}% = {format_figure(settled)}"
    )


def _own_percentage(label: PairLabel, board: int, top: int, result: EventResult) -> Fraction | None:
    """The pair's percentage on its boards without an A+, A- or bye (None without any)."""
    try:
        pair = result.pair(label)
    except KeyError:
        return None
    scores = [entry.total for entry in pair.boards if not entry.code and entry.board != board]
    return 100 * sum(scores, Fraction(0)) / (top * len(scores)) if scores else None


def _results(real: Sequence[FrequencyLine], board: BoardResult) -> str:
    return str(board.results - _artificial_rows(board))


def _artificial_rows(board: BoardResult) -> int:
    return sum(
        1
        for p in board.plays
        if isinstance(p.play.result, Result) and isinstance(p.play.result.ns, Artificial)
    )


def _score(score: int | str) -> str:
    return f"{score:+d}" if isinstance(score, int) and score else str(score)


def _rows(board: BoardResult, scale: int) -> list[str]:
    """The traveller as scored, with the weighted rows worked out."""
    del scale
    rows = []
    for scored in board.plays:
        play = scored.play
        contract = played_text(play)
        rows.append(
            (
                play.ns,
                play.ew,
                contract,
                format_result(play.result),
                format_figure(scored.ns_score),
                format_figure(scored.ew_score),
            )
        )
    header = ("NS", "EW", "Contract", "Score", "NS MP", "EW MP")
    out = ["The traveller:", format_table(header, rows, right="NS EW NS MP EW MP")]
    lines = {line.score: line for line in board.ns_lines}
    for scored in board.plays:
        result = scored.play.result
        if isinstance(result, Result) and isinstance(result.ns, Weighted) and result.ns.is_weighted:
            parts = " + ".join(
                f"{format_figure(w * 100)}% x {format_figure(lines[s].ns_mp)}"
                for s, w in result.ns.components
                if s in lines
            )
            out.append(
                f"Pairs {scored.play.ns} v {scored.play.ew}: the weighted score's NS MP = "
                f"{parts} = {format_figure(scored.ns_score)}"
            )
    return out
