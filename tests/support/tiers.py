"""The test tiers, and how many examples a fuzzing or property test draws in each.

``python -m pytest`` runs the **fast** tier while working; ``python -m pytest --full``
(the README's command, and CI's) runs the **full** tier; the long runs are the tests
marked ``slow``, run with the **long** Hypothesis profile.  ``tests/conftest.py`` sets
:data:`TIER` (from ``--full`` or ``--hypothesis-profile``) before any test module is
imported, and ``--examples N`` replaces every fuzzing test's count (a long run's size).
"""

from __future__ import annotations

TIER = "fast"  # "fast", "full" or "long": set by tests/conftest.py
EXAMPLES: int | None = None  # --examples N


def examples(full: int) -> int:
    """How many examples a fuzzing test draws: ``full`` in the full tier (CI), a fifth of it
    (at least 5) while working; ``--examples`` overrides both."""
    if EXAMPLES is not None:
        return EXAMPLES
    return full if TIER != "fast" else max(5, full // 5)
