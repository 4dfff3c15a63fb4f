"""Hypothesis settings for the fuzzing, and the oracle's common test for Python's words."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, Phase, settings

from support import tiers

INTERNALS = ("None is", "datetime.", "Fraction(", "Traceback", "Error(", "<class ")
#: A bytes repr (b'...'): at the start or after a space or bracket, not the end of a word
#: quoted (a value 'a?b' a message quotes ends in "b'").
BYTES_REPR = re.compile(r"(?:^|[\s(\[{=,:])b'")


def python_leaks(text: str) -> list[str]:
    """What in ``text`` a scorer should never see: Python's own words or reprs."""
    found = [internal for internal in INTERNALS if internal in text]
    return found + [m.group() for m in BYTES_REPR.finditer(text)]


def fuzz(full: int | None = None, *, long: int | None = None) -> Any:
    """Hypothesis' settings for a fuzzing test.

    ``fuzz(full)``: ``full`` examples in the full tier (CI), a fifth while working, both
    derandomized.  ``fuzz(long=N)``: a long run (a test marked ``slow``) of ``N`` examples,
    or ``--examples``; random (``--hypothesis-seed`` repeats one), its first failure
    reported as found: shrinking a damaged workbook would take hours.
    """
    if full is None:
        count, long_run = tiers.EXAMPLES or long or 1000, True
    else:
        count, long_run = tiers.examples(full), False
    return settings(
        max_examples=count,
        deadline=None,
        derandomize=not long_run,
        phases=(Phase.explicit, Phase.reuse, Phase.generate) if long_run else tuple(Phase),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        database=None,
    )
