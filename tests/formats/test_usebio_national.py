"""What a national body reads in a USEBIO file beyond the results, as Compscore3 writes it.

A real Compscore3 file (tests/data/usebio, the Australian club file of 21 July 2022)
carries the event's identifier, the master-point scale and type, whether master points
were awarded, the charge rate, and each pair's master points and their type.  Imported,
they become Settings rows of the workbook; scored with ``--usebio``, they are written
where Compscore3 writes them; imported again, they are the same.  With ``--hands`` the
hand records follow the event as Compscore3's HANDSET.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import replace
from pathlib import Path

import defusedxml.ElementTree as SafeET
import pytest
from openpyxl import load_workbook
from support import paths
from support.paths import EXAMPLE

from xlbridge.cli import main
from xlbridge.formats.usebio import read_usebio
from xlbridge.places import Within
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
    real = children(REAL, "EVENT")
    if version == "1.2":
        # in the real file's order: the identifier first; the master-point elements after
        # the date; the charge after the counts
        assert event.index("EVENT_IDENTIFIER") < event.index("EVENT_DESCRIPTION")
        order = ["DATE", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG"]
        assert [tag for tag in event if tag in order] == order
        assert [t for t in real if t in order] == order
        assert event.index("P2P_CHARGE_RATE") > event.index("SECTION_COUNT")
    else:
        # 1.3's names, in the order of a 1.3 writer that cites the document: EVENT_ID after
        # the program, EVENT_RATING (the real file's MASTER_POINT_SCALE "Club") after
        # MPS_AWARDED_FLAG
        assert "EVENT_IDENTIFIER" not in event and "MASTER_POINT_SCALE" not in event
        order = ["PROGRAM_VERSION", "EVENT_ID", "EVENT_DESCRIPTION", "DATE"]
        assert [tag for tag in event if tag in order] == order
        assert event.index("MPS_AWARDED_FLAG") + 1 == event.index("EVENT_RATING")
        root = SafeET.parse(out).getroot()
        assert root.findtext("EVENT/EVENT_ID") == "3221"
        assert root.findtext("EVENT/EVENT_RATING") == "Club"
        assert root.findtext("EVENT/EBU_CHARGE_CODE") == "10"
        points = root.find("EVENT/PARTICIPANTS/PAIR/MASTER_POINTS")
        assert points is not None
        assert [child.tag for child in points] == ["MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE"]
        assert points.findtext("MASTER_POINT_TYPE") == "GREEN"
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


def _as_1_3(text: str) -> str:
    """The real Compscore3 file said in USEBIO 1.3's words (the module's note): the version,
    an ISO date, EVENT_ID and EVENT_RATING, each pair's points and type in MASTER_POINTS."""
    text = text.replace('<USEBIO Version="1.2">', '<USEBIO Version="1.3">')
    text = text.replace("usebio_v1_2.dtd", "usebio_v1_3.dtd")
    text = text.replace("<DATE>21/07/2022</DATE>", "<DATE>2022-07-21</DATE>")
    for old, new in (("EVENT_IDENTIFIER", "EVENT_ID"), ("MASTER_POINT_SCALE", "EVENT_RATING")):
        text = text.replace(f"<{old}>", f"<{new}>").replace(f"</{old}>", f"</{new}>")
    text = re.sub(
        r"<MASTER_POINTS_AWARDED>(\d+)</MASTER_POINTS_AWARDED>\s*"
        r"<MASTER_POINT_TYPE>(\w+)</MASTER_POINT_TYPE>",
        r"<MASTER_POINTS><MASTER_POINTS_AWARDED>\1</MASTER_POINTS_AWARDED>"
        r"<MASTER_POINT_TYPE>\2</MASTER_POINT_TYPE></MASTER_POINTS>",
        text,
    )
    # the event's own MASTER_POINT_TYPE (1.2) is said by the pairs' in 1.3
    return text.replace("<MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>\n    <MPS", "\n    <MPS")


def test_the_1_3_names_are_read_as_the_1_2_ones(tmp_path: Path) -> None:
    """A file in 1.3's words reads to the same event and figures as the real 1.2 file."""
    renamed = tmp_path / "v13.xml"
    renamed.write_text(_as_1_3(REAL.read_text(encoding="utf-8")), encoding="utf-8")
    root = SafeET.parse(renamed, forbid_dtd=False).getroot()
    assert root.find("EVENT/EVENT_IDENTIFIER") is None and root.find("EVENT/EVENT_ID") is not None
    assert root.find("EVENT/MASTER_POINT_TYPE") is None
    assert root.find("EVENT/PARTICIPANTS/PAIR/MASTER_POINTS/MASTER_POINT_TYPE") is not None
    old, new = read_usebio(REAL), read_usebio(renamed)
    facts = new.event.facts
    assert (facts.event_id, facts.mp_scale, facts.mp_type, facts.mps_awarded, facts.charge) == (
        "3221",
        "Club",
        "GREEN",
        "Y",
        "10",
    )
    assert facts.date == old.event.facts.date == datetime.date(2022, 7, 21)
    assert new.pairs == old.pairs and new.lines == old.lines
    first = next(p for p in new.pairs if p.source == "pair 1NS")
    assert (str(first.total), str(first.percentage), first.place) == ("97.00", "53.89", "3")
    masters = {str(p.label): p.master_points for p in new.event.pairs}
    assert masters["NS 1"] == "6"
    assert new.info.file_format == "USEBIO 1.3"


@pytest.mark.parametrize("real", sorted(DATA.glob("*.xml")), ids=lambda path: path.stem)
def test_a_real_1_2_file_declared_1_3_reads_the_same(real: Path, tmp_path: Path) -> None:
    """usebio.org's "USEBIO 1.3" page: 1.3 "remains backwards compatible with USEBIO 1.2 -
    any valid 1.2 file will be valid 1.3 simply by changing the version declaration".  So
    each real Compscore3 file with its declaration (the Version and the DTD) changed, and
    nothing else, is a 1.3 file that keeps 1.2's names (EVENT_IDENTIFIER,
    MASTER_POINT_SCALE, P2P_CHARGE_RATE, a dd/mm/yyyy DATE, MP_PAIRS): it reads to the
    same event and published figures."""
    text = real.read_text(encoding="utf-8")
    assert text.count('<USEBIO Version="1.2">') == 1 and text.count("usebio_v1_2.dtd") == 1
    declared = tmp_path / real.name
    declared.write_text(
        text.replace('<USEBIO Version="1.2">', '<USEBIO Version="1.3">').replace(
            "usebio_v1_2.dtd", "usebio_v1_3.dtd"
        ),
        encoding="utf-8",
    )
    old, new = read_usebio(real), read_usebio(declared)
    assert new.info.file_format == "USEBIO 1.3" and old.info.file_format == "USEBIO 1.2"
    # each play names the file it came from; the rest is the same, figure for figure
    plays = [replace(p, source=_in_file(p.source, declared, real)) for p in new.event.plays]
    assert plays == list(old.event.plays)
    assert replace(new.event, plays=old.event.plays) == old.event
    assert new.pairs == old.pairs and new.lines == old.lines


def _in_file(source: object, declared: Path, real: Path) -> object:
    """A play's place in the file declared 1.3, as in the real file: the same entry."""
    assert isinstance(source, Within) and source.outer == str(declared), source
    return replace(source, outer=str(real))


def test_a_1_2_file_declared_1_3_keeps_its_national_elements(tmp_path: Path) -> None:
    """The Australian file of 21 July 2022 declared 1.3 (above): its 1.2 names are read
    as they are in 1.2, the figures it published with them."""
    declared = tmp_path / REAL.name
    declared.write_text(
        REAL.read_text(encoding="utf-8").replace('Version="1.2"', 'Version="1.3"'),
        encoding="utf-8",
    )
    facts = read_usebio(declared).event.facts
    assert (facts.event_id, facts.mp_scale, facts.mp_type, facts.mps_awarded, facts.charge) == (
        "3221",
        "Club",
        "GREEN",
        "Y",
        "10",
    )
    assert facts.date == datetime.date(2022, 7, 21)
    first = next(p for p in read_usebio(declared).pairs if p.source == "pair 1NS")
    assert (str(first.total), str(first.percentage), first.place) == ("97.00", "53.89", "3")
