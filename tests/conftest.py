"""The test tiers (see docs/testing.md).

* ``python -m pytest``: the **fast** tier, while working: every unit and integration test,
  the corpora and the fuzzing at small sizes; no program outside Python.
* ``python -m pytest --full``: the **full** tier, the README's command and CI's: the same
  tests with the fuzzing at its CI sizes, and the tests in ``tests/external/`` that drive
  LibreOffice, Chromium, poppler, Node.js with Pyodide, and a wheel built and installed.
* ``python -m pytest -m slow --hypothesis-profile=long [--examples N] FILE``: a long run.

Markers follow the folders: a test in ``tests/external/`` is marked ``external``, one in
``tests/fuzz/`` ``fuzz``; ``-m`` selects on them as on any marker.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from openpyxl import load_workbook
from support import tiers
from support.events import EventNights, event_nights
from support.paths import EXAMPLE

TESTS = Path(__file__).parent

# A test process lives long and holds many objects (the modules, Hypothesis, openpyxl's
# cells): Python's default of a collection every 700 new objects spends a sixth of the
# workbook tests' time walking them (tests/formats/test_round_trip.py: 33 s of CPU, 27 s
# with this).  Collections still run, only less often; the product's own setting is untouched
# (this file is not imported by it).
gc.set_threshold(50_000, 20, 20)
#: The marker every test in a folder carries.
FOLDER_MARKERS = {"external": "external", "fuzz": "fuzz"}

_COMMON = {
    "deadline": None,  # a shared two-core machine: no timing in a test
    "suppress_health_check": [HealthCheck.too_slow],
    "database": None,
}
settings.register_profile("fast", derandomize=True, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("full", derandomize=True, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("long", derandomize=False, **_COMMON)  # type: ignore[arg-type]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("xlbridge")
    group.addoption(
        "--full",
        action="store_true",
        help="the full tier (the README's command, CI): fuzzing at CI sizes, and the tests "
        "that drive LibreOffice, Chromium, poppler, Node.js/Pyodide and a built wheel",
    )
    group.addoption(
        "--examples",
        type=int,
        default=None,
        metavar="N",
        help="draw N examples in every fuzzing test (a long run's size)",
    )


def pytest_configure(config: pytest.Config) -> None:
    profile = config.getoption("hypothesis_profile", None)
    if profile is None:
        profile = "full" if config.getoption("full") else "fast"
        settings.load_profile(profile)
    tiers.TIER = profile if profile in ("fast", "full", "long") else "full"
    tiers.EXAMPLES = config.getoption("examples")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        try:
            folder = item.path.relative_to(TESTS).parts[0]
        except ValueError:  # a doctest in docs/, README.md or xlbridge/
            continue
        if folder in FOLDER_MARKERS:
            item.add_marker(FOLDER_MARKERS[folder])
    if config.getoption("full") or "external" in (config.getoption("markexpr") or ""):
        return
    kept = [item for item in items if item.get_closest_marker("external") is None]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept


@pytest.fixture(scope="session")
def small_night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example night cut to boards 1-4 (fast to read), without its result sheets."""
    wb = load_workbook(EXAMPLE)
    travellers = wb["Travellers"]
    for row in travellers.iter_rows(min_row=2):
        board = row[0].value
        if board is None or board > 4:
            for cell in row:
                cell.value = None
    travellers.delete_rows(40, travellers.max_row)
    for name in ("Board results", "Frequencies", "Ranking", "How to use"):
        del wb[name]
    path = tmp_path_factory.mktemp("base") / "small.xlsx"
    wb.save(path)
    return path


@pytest.fixture(scope="session")
def two_sessions(tmp_path_factory: pytest.TempPathFactory) -> EventNights:
    """The Mitchell and the Howell of ``xlbridge event``'s tests (support.events), and the
    pair map of the Howell's pairs to the Mitchell's."""
    return event_nights(tmp_path_factory.mktemp("event"))
