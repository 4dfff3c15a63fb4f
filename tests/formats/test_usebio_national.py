"""What a national body reads in a USEBIO file beyond the results, as Compscore3 writes it.

A real Compscore3 file (tests/data/usebio, the Australian club file of 21 July 2022)
carries the event's identifier, the master-point scale and type, whether master points
were awarded, the charge rate, and each pair's master points and their type.  Imported,
they become Settings rows of the workbook; scored with ``--usebio``, they are written
where Compscore3 writes them; imported again, they are the same.  With ``--hands`` the
hand records follow the event as Compscore3's HANDSET.
"""

from __future__ import annotations

from pathlib import Path

import defusedxml.ElementTree as SafeET
import pytest
from openpyxl import load_workbook
from support import paths
from support.paths import EXAMPLE

from xlbridge.cli import main
from xlbridge.formats.usebio import read_usebio
from xlbridge.workbook.pairs import layout as L

DATA = paths.DATA / "usebio"
REAL = DATA / "mp_pairs_mitchell_03.xml"
HANDS = paths.EXAMPLE.with_name("example_club_night_hands.pbn")


def children(path: Path, parent: str) -> list[str]:
    root = SafeET.parse(path).getroot()
    element = root if parent == "USEBIO" else root.find(f".//{parent}")
    assert element is not None
    return [child.tag for child in element]


@pytest.mark.parametrize("version", ["1.2", "1.3"])
def test_a_real_files_national_elements_go_through_a_workbook_and_back(
    version: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "night.xlsx"
    assert main(["import", str(REAL), "-o", str(night)]) == 0
    settings = {r[0]: r[1] for r in load_workbook(night)[L.SETTINGS].iter_rows(values_only=True)}
    assert settings["Event identifier"] == "3221"
    assert settings["Master point scale"] == "Club"
    assert settings["Master point type"] == "GREEN"
    assert settings["Master points awarded"] == "Yes"
    assert settings["Charge code"] == "10"
    out = tmp_path / "out.xml"
    command = ["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]
    assert main([*command, "--usebio-version", version]) == 0
    facts = read_usebio(out).event.facts
    assert (facts.event_id, facts.mp_scale, facts.mp_type, facts.mps_awarded, facts.charge) == (
        "3221",
        "Club",
        "GREEN",
        "Y",
        "10",
    )
    event = children(out, "EVENT")
    charge = "EBU_CHARGE_CODE" if version == "1.3" else "P2P_CHARGE_RATE"
    # in the real file's order: the identifier first; the master-point elements after the
    # date; the charge after the counts
    assert event.index("EVENT_IDENTIFIER") < event.index("EVENT_DESCRIPTION")
    order = ["DATE", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG"]
    assert [tag for tag in event if tag in order] == order
    assert event.index(charge) > event.index("SECTION_COUNT")
    real = children(REAL, "EVENT")
    assert [t for t in real if t in order] == order
    if version == "1.2":  # each pair's points, and their type, as the real file writes them
        pair = children(out, "PAIR")
        assert pair[pair.index("MASTER_POINTS_AWARDED") + 1] == "MASTER_POINT_TYPE"
        real_pair = children(REAL, "PAIR")
        assert real_pair[real_pair.index("MASTER_POINTS_AWARDED") + 1] == "MASTER_POINT_TYPE"


def test_hand_records_are_the_handset(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    command = ["score", str(EXAMPLE), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]
    assert main([*command, "--hands", str(HANDS)]) == 0
    assert children(out, "USEBIO")[-1] == "HANDSET" and children(REAL, "USEBIO")[-1] == "HANDSET"
    root = SafeET.parse(out).getroot()
    boards = root.findall("HANDSET/BOARD")
    assert len(boards) == 27
    first = boards[0]
    assert [h.findtext("DIRECTION") for h in first.findall("HAND")] == [
        "East",
        "North",
        "South",
        "West",
    ]
    cards = sum(
        len(hand.findtext(suit) or "")
        for hand in first.findall("HAND")
        for suit in ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")
    )
    assert cards == 52
    # and without hand records, no HANDSET
    plain = tmp_path / "plain.xml"
    command = ["score", str(EXAMPLE), "-o", str(tmp_path / "p.xlsx"), "--usebio", str(plain)]
    assert main(command) == 0
    assert "HANDSET" not in children(plain, "USEBIO")


def test_pbn_results_begin_as_bridgecomposers_export(tmp_path: Path) -> None:
    """The real BridgeComposer file (tests/data/pbn) begins with the version, ``% EXPORT``
    and its character set; xlbridge's results begin the same way (in UTF-8, which it
    writes) and read back."""
    real = (DATA.parent / "pbn" / "bridgecomposer_bkp_2022.pbn").read_bytes().decode("latin-1")
    assert real.splitlines()[:3] == [
        "% PBN 2.1",
        "% EXPORT",
        "%Content-type: text/x-pbn; charset=ISO-8859-1",
    ]
    out = tmp_path / "out.pbn"
    assert main(["score", str(EXAMPLE), "-o", str(tmp_path / "r.xlsx"), "--pbn", str(out)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[:3] == [
        "% PBN 2.1",
        "% EXPORT",
        "%Content-type: text/x-pbn; charset=UTF-8",
    ]
    assert main(["import", str(out), "-o", str(tmp_path / "again.xlsx")]) == 0
