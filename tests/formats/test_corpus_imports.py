"""Imported files from elsewhere, hostile or inconsistent (the third round's slips, class 4).

Each is refused with one message naming the file and, where it is one, the line or board,
exit status 2, nothing written, in bounded time; or imported with the published figure it
disagrees with named by the audit.  Built from a real Compscore3 file (tests/data/usebio).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from support.paths import DATA

from xlbridge.cli import main

REAL = (DATA / "usebio" / "mp_pairs_mitchell_03.xml").read_text(encoding="utf-8")
BOMB = (
    '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">'
    '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<USEBIO Version="1.2"><EVENT>&b;</EVENT>'
    "</USEBIO>"
)
EXTERNAL = (
    '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n'
    '<USEBIO Version="1.2"><EVENT>&e;</EVENT></USEBIO>'
)
Make = Callable[[], bytes]

REFUSED: dict[str, tuple[str, Make, str]] = {
    "an entity bomb": ("x.xml", lambda: BOMB.encode(), "declares XML entities (&a;)"),
    "an external entity": ("x.xml", lambda: EXTERNAL.encode(), "declares XML entities (&e;)"),
    "cut short": ("x.xml", lambda: REAL.encode()[:3000], "is not well-formed XML"),
    "deep nesting": (
        "x.xml",
        lambda: (
            '<USEBIO Version="1.2">' + "<a>" * 50_000 + "</a>" * 50_000 + "</USEBIO>"
        ).encode(),
        "is not a USEBIO results file",
    ),
    "a wrong declared encoding": (
        "x.xml",
        lambda: REAL.replace(
            '<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>', 1
        ).encode(),
        "is not well-formed XML: encoding specified in XML declaration is incorrect",
    ),
    "a pair not among the participants": (
        "x.xml",
        lambda: REAL.replace(
            "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>99NS</NS_PAIR_NUMBER>", 1
        ).encode(),
        "pair NS 99 is not a PARTICIPANT",
    ),
    "a board twice": (
        "x.xml",
        lambda: REAL.replace(
            "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>1</BOARD_NUMBER>", 1
        ).encode(),
        "is on board 1 twice",
    ),
    "a score that is not a number": (
        "x.xml",
        lambda: re.sub(r"<SCORE>[^<]*</SCORE>", "<SCORE>abc</SCORE>", REAL, count=1).encode(),
        "'abc' is not a score",
    ),
    "a teams event": (
        "x.xml",
        lambda: REAL.replace('EVENT_TYPE="MP_PAIRS"', 'EVENT_TYPE="SWISS_TEAMS"').encode(),
        # read as a teams file now (USEBIO teams in): its pairs are no teams
        "x.xml: PARTICIPANTS lists no TEAM",
    ),
    "binary data as PBN": ("x.pbn", lambda: bytes(range(256)) * 4, "not PBN text"),
    "hand records, not results": (
        "x.pbn",
        lambda: (DATA / "pbn" / "bridgecomposer_bkp_2022.pbn").read_bytes(),
        "no ScoreTable found: not a results file",
    ),
    "not an Access file": ("x.bws", lambda: b"Section,Table\n1,1\n", "not a Bridgemate .bws file"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_hostile_or_broken_file_is_refused(case, tmp_path, capsys):
    name, make, words = REFUSED[case]
    source = tmp_path / name
    source.write_bytes(make())
    night = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 2
    err = capsys.readouterr().err
    assert words in err, err
    assert "Traceback" not in err and "EntitiesForbidden" not in err
    assert not night.exists()


@pytest.mark.parametrize(
    ("tag", "value"),
    [("NS_MATCH_POINTS", "-3"), ("PERCENTAGE", "140.00")],  # negative; over 100%
)
def test_a_published_figure_that_cannot_be_is_named_by_the_audit(tag, value, tmp_path, capsys):
    source = tmp_path / "x.xml"
    changed = re.sub(f"<{tag}>[^<]*</{tag}>", f"<{tag}>{value}</{tag}>", REAL, count=1)
    source.write_text(changed, encoding="utf-8")
    assert main(["import", str(source), "-o", str(tmp_path / "night.xlsx")]) == 0
    assert "1 differ from xlbridge's" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (
            "huge.pbn",
            "huge.pbn is larger than any club's results file (83,886,080 bytes; "
            "at most 50 MB): not read",
        ),
        (
            "huge.xml",
            "huge.xml is larger than any club's results file (83,886,080 bytes; "
            "at most 50 MB): not read",
        ),
        ("huge.bws", "huge.bws is larger than any Bridgemate night (83,886,080 bytes): not read"),
    ],
)
def test_a_huge_file_is_refused_before_it_is_read(name, words, tmp_path, capsys):
    source = tmp_path / name
    with open(source, "wb") as file:  # 80 MB, sparse: the size alone is refused
        file.truncate(80 * 1024 * 1024)
    night = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err, err
    assert not night.exists()
