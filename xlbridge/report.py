"""Figures and plain-text tables for people: one rounding rule for every figure shown.

Every figure a person reads (a ranking's score and percentage, a board's
matchpoints, VPs, an IMPs average; on the terminal, the web page, in PBN and
USEBIO) is written by :func:`format_fixed` or :func:`format_figure`, with one
rule: the exact value rounded half away from zero
(:func:`~xlbridge.exact.round_half_away`), as Excel shows the results
workbook's cells.  37/8 is exactly 4.625 and shows as 4.63, -37/8 as -4.63; no
float is rounded on the way (``f"{4.625:.2f}"`` gives 4.62).

:func:`format_frequency_table` prints a board's frequency table the way the
EBU's worked examples print it (``Score  Freq  Adj. Freq  NS MP  EW MP``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from xlbridge.board import FrequencyLine
from xlbridge.exact import round_half_away

__all__ = ["format_figure", "format_fixed", "format_frequency_table", "number_runs"]


def format_fixed(value: Fraction | int | None, decimals: int = 2, *, whole: bool = False) -> str:
    """An exact figure to exactly ``decimals`` places, ties half away from zero (blank for None).

    With ``whole``, a whole number is written plainly (``7``, as USEBIO and PBN files
    and the teams pages write it), every other figure still to ``decimals`` places.

    >>> format_fixed(Fraction(37, 8)), format_fixed(Fraction(-37, 8)), format_fixed(177)
    ('4.63', '-4.63', '177.00')
    >>> format_fixed(Fraction(5, 2), 0), format_fixed(Fraction(-1, 1000))
    ('3', '0.00')
    >>> format_fixed(7, whole=True), format_fixed(Fraction(1, 2), whole=True)
    ('7', '0.50')
    """
    if value is None:
        return ""
    if whole and Fraction(value).denominator == 1:
        return str(Fraction(value).numerator)
    scale = 10**decimals
    steps = int(round_half_away(Fraction(value) * scale))  # exact, a whole number of 1/scale
    sign = "-" if steps < 0 else ""  # a figure that rounds to 0 has no sign
    units, part = divmod(abs(steps), scale)
    return f"{sign}{units}.{part:0{decimals}d}" if decimals else f"{sign}{units}"


def format_figure(value: Fraction | int | None, decimals: int = 2) -> str:
    """An exact figure for people: whole numbers as such, others to at most ``decimals`` places.

    Rounded as :func:`format_fixed` rounds, then written without trailing zeros.

    >>> format_figure(Fraction(126, 10)), format_figure(Fraction(1060, 11), 1), format_figure(29)
    ('12.6', '96.4', '29')
    >>> format_figure(Fraction(37, 8)), format_figure(Fraction(1, 8)), format_figure(Fraction(7, 3))
    ('4.63', '0.13', '2.33')
    """
    if value is None:
        return ""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = format_fixed(value, decimals)
    return text.rstrip("0").rstrip(".") if decimals else text


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


def number_runs(numbers: Sequence[int]) -> str:
    """Sorted board numbers in runs: ``[28, 29, 30, 35]`` is ``28-30, 35``.

    >>> number_runs([1, 2, 3, 4, 7, 9, 10])
    '1-4, 7, 9, 10'
    """
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(
        f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs
    )
