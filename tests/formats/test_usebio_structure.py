"""The USEBIO files xlbridge writes keep the element order of real files.

The USEBIO 1.2 and 1.3 DTDs are not available to validate against (the
searches made are listed in docs/formats.md), so the writer is checked
against the files real programs wrote (tests/data/usebio, Compscore3): for
every element, any two children that a real file writes in one order are
written by xlbridge in that order too, and xlbridge writes no child a real
file puts under another parent.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import defusedxml.ElementTree as SafeET
import pytest
from support import paths
from support.paths import EXAMPLE

from xlbridge.cli import main
from xlbridge.formats.usebio import usebio_document
from xlbridge.workbook.pairs.night import score_night

DATA = paths.DATA / "usebio"
REAL = sorted(DATA.glob("*.xml"))

#: Elements the USEBIO documents describe that the real files in tests/data do not write,
#: so their place is not checked against them: the event's counts and scoring method.
NOT_IN_REAL_FILES = {"BOARD_SCORING_METHOD", "BOARDS_PLAYED", "PAIRS", "MASTER_POINTS"}


def _children(root) -> dict[str, list[list[str]]]:
    found: dict[str, list[list[str]]] = defaultdict(list)
    for element in root.iter():
        found[element.tag].append([child.tag for child in element])
    return found


def _real_order() -> tuple[dict[str, set[tuple[str, str]]], dict[str, set[str]]]:
    """For each parent: the (earlier, later) child pairs real files write, and its children."""
    order: dict[str, set[tuple[str, str]]] = defaultdict(set)
    parents: dict[str, set[str]] = defaultdict(set)
    for path in REAL:
        for parent, lists in _children(SafeET.parse(path, forbid_dtd=False).getroot()).items():
            for tags in lists:
                parents[parent].update(tags)
                for i, first in enumerate(tags):
                    later = (tag for tag in tags[i + 1 :] if tag != first)
                    order[parent].update((first, tag) for tag in later)
    return order, parents


ORDER, PARENTS = _real_order()


def _check(data: bytes) -> list[str]:
    problems = []
    for parent, lists in _children(SafeET.fromstring(data, forbid_dtd=False)).items():
        for tags in lists:
            for i, first in enumerate(tags):
                for later in tags[i + 1 :]:
                    if (later, first) in ORDER[parent] and (first, later) not in ORDER[parent]:
                        problems.append(f"{parent}: {first} written before {later}")
            for tag in set(tags) - PARENTS[parent] - NOT_IN_REAL_FILES:
                if any(tag in children for children in PARENTS.values()):
                    problems.append(f"{tag} written under {parent}, where no real file has it")
    return sorted(set(problems))


def test_real_files_agree_with_each_other() -> None:
    """The order read from the real files is one order (HAND's suits aside: Compscore3 varies)."""
    for parent, pairs in ORDER.items():
        if parent == "HAND":
            continue
        assert not {(a, b) for a, b in pairs if (b, a) in pairs}, parent


@pytest.mark.parametrize("version", ["1.2", "1.3"])
def test_example_night_follows_the_real_files(version: str) -> None:
    result = score_night(EXAMPLE).result
    data = usebio_document(result, version=version)
    assert _check(data) == []
    # the writer's own elements are in the real order where the real files have them
    event = SafeET.fromstring(data, forbid_dtd=False).find("EVENT")
    tags = [child.tag for child in event]
    assert tags.index("PROGRAM_NAME") < tags.index("WINNER_TYPE") < tags.index("DATE")
    assert tags.index("DATE") < tags.index("PARTICIPANTS") < tags.index("BOARD")


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_import_then_export_follows_the_real_files(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night, out = tmp_path / "night.xlsx", tmp_path / "out.xml"
    assert main(["import", str(path), "-o", str(night)]) == 0
    assert main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]) == 0
    capsys.readouterr()
    assert _check(out.read_bytes()) == []
