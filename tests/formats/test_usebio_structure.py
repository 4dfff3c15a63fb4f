"""The USEBIO files xlbridge writes keep the element order of real files.

The USEBIO 1.2 and 1.3 DTDs are not available to validate against (the
searches made are listed in docs/formats.md), so the writer is checked
against the files real programs wrote (tests/data/usebio, Compscore3): for
every element, any two children that a real file writes in one order are
written by xlbridge in that order too, and xlbridge writes no child a real
file puts under another parent.  The real files are USEBIO 1.2; a 1.3 file's
EVENT opens in the order of the USEBIO 1.3 document ("usebio-1.3.pdf",
usebio.org) as a 1.3 writer that cites it writes it (a pairs stratification
program: PROGRAM_NAME, PROGRAM_VERSION, EVENT_ID, EVENT_DESCRIPTION, DATE,
BOARDS_PLAYED, WINNER_TYPE, PAIRS, EW_PAIRS, MPS_AWARDED_FLAG, EVENT_RATING,
then PARTICIPANTS; a pair's MASTER_POINTS holds MASTER_POINTS_AWARDED and
MASTER_POINT_TYPE), and the rest of it as the real files.
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

#: The EVENT's opening children in USEBIO 1.3, in the document's order (the module's note).
ORDER_1_3 = [
    "PROGRAM_NAME",
    "PROGRAM_VERSION",
    "EVENT_ID",
    "EVENT_DESCRIPTION",
    "DATE",
    "BOARDS_PLAYED",
    "WINNER_TYPE",
    "PAIRS",
    "EW_PAIRS",
    "MPS_AWARDED_FLAG",
    "EVENT_RATING",
    "PARTICIPANTS",
]
MASTER_POINTS_1_3 = ["MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE"]
#: 1.2's names the 1.3 writer (the module's note) replaces, never written in a 1.3 file.
RENAMED_IN_1_3 = {"EVENT_IDENTIFIER": "EVENT_ID", "MASTER_POINT_SCALE": "EVENT_RATING"}

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
    root = SafeET.fromstring(data, forbid_dtd=False)
    for parent, lists in _children(root).items():
        for tags in lists:
            if parent == "EVENT" and root.get("Version") == "1.3":
                head = [tag for tag in tags if tag in ORDER_1_3]
                if head != sorted(head, key=ORDER_1_3.index):
                    problems.append(f"EVENT: {head} not in the 1.3 document's order")
                problems += [f"1.2's {tag} in a 1.3 file" for tag in RENAMED_IN_1_3 if tag in tags]
                continue
            if parent == "MASTER_POINTS":  # 1.3's wrapper: the points, then their type
                if tags not in (["MASTER_POINTS_AWARDED"], MASTER_POINTS_1_3):
                    problems.append(f"MASTER_POINTS holds {tags}")
                continue
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
    if version == "1.2":
        assert tags.index("PROGRAM_NAME") < tags.index("WINNER_TYPE") < tags.index("DATE")
    else:
        assert tags[:7] == [
            "PROGRAM_NAME",
            "PROGRAM_VERSION",
            "EVENT_DESCRIPTION",
            "DATE",
            "BOARDS_PLAYED",
            "WINNER_TYPE",
            "PAIRS",
        ]
    assert tags.index("DATE") < tags.index("PARTICIPANTS") < tags.index("BOARD")


@pytest.mark.parametrize("version", ["1.2", "1.3"])
@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_import_then_export_follows_the_real_files(
    path: Path, version: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night, out = tmp_path / "night.xlsx", tmp_path / "out.xml"
    assert main(["import", str(path), "-o", str(night)]) == 0
    command = ["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]
    assert main([*command, "--usebio-version", version]) == 0
    capsys.readouterr()
    assert _check(out.read_bytes()) == []
