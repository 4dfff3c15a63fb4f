"""Cross-IMP sums over a board's distinct scores, in whole numbers.

``imp_sums(scores, masses)[i]`` is ``sum(masses[j] * imps(scores[i] - scores[j]))``:
each distinct score's IMPs against every other, weighted by how often each was
scored (the masses put on a common denominator by the caller).  It is one
integer matrix-times-vector product: numpy's int64 when the products are
bounded well inside it, plain Python integers otherwise.  Both are exact.
"""

from __future__ import annotations

from collections.abc import Sequence

from xlbridge.scales import IMP_THRESHOLDS, imps

__all__ = ["imp_sums"]

#: Products whose bound stays below this are left to numpy's int64.
INT64_SAFE = 2**62


def imp_sums(scores: Sequence[int], masses: Sequence[int]) -> list[int]:
    """``[sum(m_j * imps(s_i - s_j) for j) for i]``: whole scores, whole masses, exactly.

    Uses numpy's int64 when the products are bounded well inside it, plain
    Python integers otherwise or when numpy is not available.
    """
    if not scores:
        return []
    bound = max(abs(m) for m in masses) * 24 * len(masses)
    if bound < INT64_SAFE:
        try:
            return _imp_sums_numpy(scores, masses)
        except ImportError:
            pass
    return _imp_sums_python(scores, masses)


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
