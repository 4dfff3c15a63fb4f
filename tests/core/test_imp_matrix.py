"""The cross-IMP kernel: the banded sums, numpy's matrix and the double loop agree exactly."""

from __future__ import annotations

import random
import sys

import pytest

from xlbridge import imp_matrix
from xlbridge.scales import imps


def brute(scores: list[int], masses: list[int]) -> list[int]:
    return [sum(m * imps(s - t) for t, m in zip(scores, masses, strict=True)) for s in scores]


def test_hand_worked_board() -> None:
    # 420 against 400 (20: 1 IMP) twice and -50 (470: 10 IMPs) once = 12;
    # 400: -1 + 10 = 9; -50: -10 - 2 x 10 = -30 (WBF scale, Law 78B).
    for kernel in (imp_matrix._imp_sums_banded, imp_matrix._imp_sums_python):
        assert kernel([420, 400, -50], [1, 2, 1]) == [12, 9, -30]


@pytest.mark.parametrize("seed", range(6))
def test_banded_sums_match_the_scale(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([2, 7, 40, 450])
    step = rng.choice([1, 10])
    scores = rng.sample(range(-7600, 7610, step), n)  # any order, not sorted
    masses = [rng.choice([0, 1, rng.randrange(1, 10**6)]) for _ in scores]
    expected = brute(scores, masses)
    assert imp_matrix._imp_sums_banded(scores, masses) == expected
    assert imp_matrix.imp_sums(scores, masses) == expected


def test_every_band_edge() -> None:
    # Differences exactly at, one below and one above every threshold.
    edges = sorted({0, *(t + d for t in imp_matrix.IMP_THRESHOLDS for d in (-1, 0, 1))})
    scores = [*edges, *(-e for e in edges if e)]
    masses = [1 + i % 5 for i in range(len(scores))]
    assert imp_matrix._imp_sums_banded(scores, masses) == brute(scores, masses)


def test_huge_masses_stay_exact() -> None:
    rng = random.Random(11)
    scores = rng.sample(range(-5000, 5000, 10), 500)
    masses = [rng.randrange(1, 10**30) for _ in scores]  # far past int64
    assert imp_matrix.imp_sums(scores, masses) == brute(scores, masses)


def test_without_numpy_every_width_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy raises ImportError
    rng = random.Random(3)
    for n in (1, 6, 7, 100, 399, 400):
        scores = rng.sample(range(-7600, 7610, 10), n)
        masses = [rng.randrange(1, 1000) for _ in scores]
        assert imp_matrix.imp_sums(scores, masses) == brute(scores, masses)
    assert imp_matrix.imp_sums([], []) == []
