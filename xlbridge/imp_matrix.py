"""Cross-IMP sums over a board's distinct scores, in whole numbers.

``imp_sums(scores, masses)[i]`` is ``sum(masses[j] * imps(scores[i] - scores[j]))``:
each distinct score's IMPs against every other, weighted by how often each was
scored (the masses put on a common denominator by the caller).  All three ways
of working it out are exact integer arithmetic:

- a wide board (many distinct scores): the IMP scale is a step function of
  the difference, one IMP more at each threshold (20, 50, 90, ...).  So
  ``sum_j m_j * imps(s_i - s_j)`` is, over the 24 thresholds ``t``, the mass of
  the scores at or below ``s_i - t`` less the mass at or above ``s_i + t``:
  two look-ups in the prefix sums of the masses, sorted by score.  That is
  ``O(n log n)`` for ``n`` distinct scores, in plain Python (as in Pyodide,
  which has no numpy by default), not the ``O(n^2)`` of the matrix;
- a narrower board: numpy's int64 matrix-times-vector product, when numpy is
  there and the products are bounded well inside int64;
- otherwise the plain double loop, which is quickest for a handful of scores.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import accumulate, repeat

from xlbridge.scales import IMP_THRESHOLDS, imps

__all__ = ["imp_sums"]

#: Products whose bound stays below this are left to numpy's int64.
INT64_SAFE = 2**62

#: From this many distinct scores the banded sums are used, numpy or not (numpy's
#: n-by-n matrix costs more from about here on; the banded sums beat the loop far sooner).
BANDED_SCORES = 400

#: Up to this many distinct scores the double loop is quicker than the banded sums.
LOOP_SCORES = 6


def imp_sums(scores: Sequence[int], masses: Sequence[int]) -> list[int]:
    """``[sum(m_j * imps(s_i - s_j) for j) for i]``: whole scores, whole masses, exactly.

    >>> imp_sums([420, 400, -50], [1, 2, 1])
    [12, 9, -30]
    """
    n = len(scores)
    if n <= LOOP_SCORES:
        return _imp_sums_python(scores, masses)
    if n < BANDED_SCORES and max(map(abs, masses)) * 24 * n < INT64_SAFE:
        try:
            return _imp_sums_numpy(scores, masses)
        except ImportError:  # as in Pyodide
            pass
    return _imp_sums_banded(scores, masses)


def _imp_sums_banded(scores: Sequence[int], masses: Sequence[int]) -> list[int]:
    """The sums by IMP band: prefix sums of the masses in score order, two look-ups per band.

    ``imps(d) = #{t : t <= d}`` for ``d >= 0`` and ``-#{t : t <= -d}`` below, so
    ``sum_j m_j imps(s - s_j) = sum_t (mass(s_j <= s - t) - mass(s_j >= s + t))``,
    and ``mass(s_j >= y) = total - mass(s_j < y)``.
    """
    order = sorted(range(len(scores)), key=scores.__getitem__)
    ascending = [scores[k] for k in order]
    prefix = list(accumulate((masses[k] for k in order), initial=0))
    at = prefix.__getitem__
    # A band wider than the spread of the scores adds prefix[0] + prefix[n] = total to every
    # score, which the offset takes away again: only the bands within the spread are summed.
    bands = [t for t in IMP_THRESHOLDS if t <= ascending[-1] - ascending[0]]
    sums = [0] * len(order)
    for band in bands:
        below = map(at, map(bisect_right, repeat(ascending), [s - band for s in ascending]))
        from_ = map(at, map(bisect_left, repeat(ascending), [s + band for s in ascending]))
        sums = list(map(int.__add__, sums, map(int.__add__, below, from_)))
    offset = len(bands) * prefix[-1]
    out = [0] * len(order)
    for position, index in enumerate(order):
        out[index] = sums[position] - offset
    return out


def _imp_sums_numpy(scores: Sequence[int], masses: Sequence[int]) -> list[int]:
    import numpy as np

    points = np.asarray(scores, dtype=np.int64)
    difference = points[:, None] - points[None, :]
    won = np.searchsorted(np.asarray(IMP_THRESHOLDS, dtype=np.int64), np.abs(difference), "right")
    scale = np.where(difference >= 0, won, -won)
    sums: list[int] = (scale @ np.asarray(masses, dtype=np.int64)).tolist()
    return sums


def _imp_sums_python(scores: Sequence[int], masses: Sequence[int]) -> list[int]:
    scale: dict[int, int] = {}
    sums = []
    for s in scores:
        total = 0
        for t, m in zip(scores, masses, strict=True):
            difference = s - t
            value = scale.get(difference)
            if value is None:
                value = scale[difference] = imps(difference)
            total += m * value
        sums.append(total)
    return sums
