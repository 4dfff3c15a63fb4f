"""Plain-text tables a tournament director can check by hand.

:func:`format_frequency_table` prints a board's frequency table the way the
EBU's worked examples print it (``Score  Freq  Adj. Freq  NS MP  EW MP``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from xlbridge.board import FrequencyLine

__all__ = ["format_figure", "format_frequency_table"]


def format_figure(value: Fraction | int | None, decimals: int = 2) -> str:
    """An exact figure for people: whole numbers as such, others to ``decimals`` places.

    >>> format_figure(Fraction(126, 10)), format_figure(Fraction(1060, 11), 1), format_figure(29)
    ('12.6', '96.4', '29')
    """
    if value is None:
        return ""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _score_text(score: int | str) -> str:
    return f"{score:+d}" if isinstance(score, int) and score else str(score)


def format_frequency_table(lines: Sequence[FrequencyLine], decimals: int = 2) -> str:
    """The frequency table as text, with the column totals of Freq and Adj. Freq.

    >>> from xlbridge.board import frequency_lines
    >>> from xlbridge.result import parse_result
    >>> rows = [parse_result(c) for c in (600, "A=", -100, -100, -200, -300)]
    >>> print(format_frequency_table(frequency_lines(rows)))
    Score  Freq  Adj. Freq  NS MP  EW MP
    A=        1                 5      5
    +600      1        1.2    9.8    0.2
    -100      2        2.4    6.2    3.8
    -200      1        1.2    2.6    7.4
    -300      1        1.2    0.2    9.8
              6          6
    """
    header = ("Score", "Freq", "Adj. Freq", "NS MP", "EW MP")
    body = [
        (
            _score_text(line.score),
            str(line.freq),
            format_figure(line.adj_freq, decimals),
            format_figure(line.ns_mp, decimals),
            format_figure(line.ew_mp, decimals),
        )
        for line in lines
    ]
    adjusted = [line.adj_freq for line in lines if line.adj_freq is not None]
    total_adj = format_figure(sum(adjusted, Fraction(0)), decimals) if adjusted else ""
    # the board's results: a row that does not count (NP A60/0) is not one of them
    totals = ("", str(sum(line.freq for line in lines if line.counted)), total_adj, "", "")
    table = [header, *body, totals]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    text = [
        "  ".join(
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)
        ).rstrip()
        for row in table
    ]
    return "\n".join(text)
