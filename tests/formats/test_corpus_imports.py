"""Imported files from elsewhere, hostile or inconsistent (the third round's slips, class 4).

Each is refused with one message naming the file and, where it is one, the line or board,
exit status 2, nothing written, in bounded time; or imported with the published figure it
disagrees with named by the audit.  Built from a real Compscore3 file (tests/data/usebio).
"""

from __future__ import annotations

import os
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


def pbn_match(tags: str, more: str = "") -> str:
    """Board 1 of a teams match as a PBN results file: the IMPs of two rooms (PBN 2.1's
    Scoring "IMP"), teams 1 and 2 at the first table, 3 and 4 at the second; ``tags``
    added to the game (a Competition tag, the rooms' tags), ``more`` lines to its table."""
    return (
        "% PBN 2.1\n% EXPORT\n"
        '[Event "Club Swiss Teams"]\n[Site ""]\n[Date "2026.11.23"]\n[Board "1"]\n'
        f'{tags}[Scoring "IMP"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Declarer "S"]\n[Contract "4H"]\n[Result "10"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
        'Score_NS\\6R;IMP_NS\\6R;IMP_EW\\6R"]\n'
        " 1  2 4H    S 10    420  11     -11\n"
        " 3  4 3NT   N  9    400   0       0\n" + more
    )


NOT_PAIRS = "not a pairs event: xlbridge imports pairs events (matchpoints, Butler or cross-IMPs)"
TEAMS_WORKBOOK = "; score a teams event in a teams workbook (xlbridge new --teams)"

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
    "a board typed as a circled digit": (  # a digit to Python's isdigit, not to int()
        "x.xml",
        lambda: REAL.replace(
            "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>②</BOARD_NUMBER>", 1
        ).encode(),
        "x.xml: BOARD_NUMBER '②' is not a board number",
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
    "a PBN teams event": (
        "x.pbn",
        lambda: pbn_match('[Competition "Teams"]\n').encode(),
        f'x.pbn line 7: [Competition "Teams"]: a teams event, {NOT_PAIRS}{TEAMS_WORKBOOK}',
    ),
    "a PBN individual event": (
        "x.pbn",
        lambda: pbn_match('[Competition "Individuals"]\n').encode(),
        f'x.pbn line 7: [Competition "Individuals"]: an individual event, {NOT_PAIRS}\n',
    ),
    "a PBN teams match by its rooms": (
        "x.pbn",
        lambda: pbn_match('[HomeTeam "Aces"]\n[VisitTeam "Kings"]\n[Room "Open"]\n').encode(),
        f'x.pbn line 7: [HomeTeam "Aces"]: a teams match\'s team, {NOT_PAIRS}{TEAMS_WORKBOOK}',
    ),
    "a PBN room": (
        "x.pbn",
        lambda: pbn_match('[Room "Closed"]\n').encode(),
        f'x.pbn line 7: [Room "Closed"]: a teams match\'s room, {NOT_PAIRS}{TEAMS_WORKBOOK}',
    ),
    # a PBN results file whose only board is a circled digit: once skipped, then refused as
    # "no ScoreTable found", which did not point at the board
    "a PBN board typed as a circled digit": (
        "x.pbn",
        lambda: pbn_match("").replace('[Board "1"]', '[Board "\u2460"]').encode(),
        "x.pbn line 6: '\u2460' is not a board number",
    ),
    "a PBN board 0": (
        "x.pbn",
        lambda: pbn_match("").replace('[Board "1"]', '[Board "0"]').encode(),
        "x.pbn line 6: '0' is not a board number",
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


def test_a_pbn_pairs_event_scored_in_imps_is_still_butler(tmp_path, capsys):
    source = tmp_path / "x.pbn"
    # four pairs' results: the datum drops 420 and -50 and is 410, so 420 and 400 score 0
    # IMPs, -50 (460 below) -10 and the second 420 0 (WBF IMP scale)
    more = " 5  6 4H    S 10    420   0       0\n 7  8 4H    S  9    -50 -10      10\n"
    text = pbn_match('[Competition "Pairs"]\n', more).replace("420  11     -11", "420   0       0")
    source.write_text(text, encoding="utf-8")
    night = tmp_path / "night.xlsx"
    assert main(["import", str(source), "-o", str(night)]) == 0
    out = capsys.readouterr().out
    assert "convention: Butler" in out and "every one reproduced" in out


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


# A value in a message is quoted as typed: an apostrophe as it is, in single quotes, an
# unseen character named in words (Python's "O'Brien's" and '\t' are not what was typed).
QUOTED_AS_TYPED: dict[str, tuple[str, Make, str]] = {
    "a board number with a tab inside": (
        "x.xml",
        lambda: REAL.replace(
            "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>1\t2</BOARD_NUMBER>", 1
        ).encode(),
        "x.xml: BOARD_NUMBER '1[tab]2' is not a board number",
    ),
    "a board number pasted with a zero-width space": (
        "x.xml",
        lambda: REAL.replace(
            "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>2\u200b</BOARD_NUMBER>", 1
        ).encode(),
        "x.xml: BOARD_NUMBER '2[zero-width space]' is not a board number",
    ),
    "a PBN tag value with an apostrophe and no quotes": (
        "x.pbn",
        lambda: (
            pbn_match("").replace('[Event "Club Swiss Teams"]', "[Event O'Brien's Pairs]").encode()
        ),
        "x.pbn: line 3: '[Event O'Brien's Pairs]' is not a PBN tag pair",
    ),
}


@pytest.mark.parametrize("case", QUOTED_AS_TYPED)
def test_a_value_in_a_refusal_is_quoted_as_typed(case, tmp_path, capsys):
    name, make, words = QUOTED_AS_TYPED[case]
    source = tmp_path / name
    source.write_bytes(make())
    assert main(["import", str(source), "-o", str(tmp_path / "night.xlsx")]) == 2
    err = capsys.readouterr().err
    assert err.replace(f"{tmp_path}{os.sep}", "") == f"error: {words}\n"  # the whole message
