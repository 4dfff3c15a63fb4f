"""A file's own figures are never silently overridden (issue 35, class 3).

A results file can give one figure twice: a USEBIO line's SCORE and the exact
cell xlbridge writes beside it (``<?xlbridge cell ...?>``), a line's score and
its own contract and tricks (Law 77), a PBN ScoreTable's Score_NS and its
Contract, Declarer and Result.  Where the two disagree, the import scores the
one it always has (the exact cell; the score, not the contract), warns naming
the file, the line and both values, and the audit lists the disagreement
instead of saying every figure was reproduced.

The files are real: xlbridge's own export of the example night (the
templates' example club night) and Compscore3's mp_pairs_mitchell_03.xml,
each edited in one place to disagree with itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.paths import DATA, EXAMPLE

from xlbridge.audit import audit, format_audit
from xlbridge.cli import main
from xlbridge.formats import read_published


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The example night scored, written as USEBIO and PBN by ``xlbridge score``."""
    folder = tmp_path_factory.mktemp("exported")
    usebio, pbn = folder / "night.xml", folder / "night.pbn"
    args = ["score", str(EXAMPLE), "-o", str(folder / "out.xlsx")]
    assert main([*args, "--usebio", str(usebio), "--pbn", str(pbn)]) == 0
    return usebio, pbn


def _edited(source: Path, folder: Path, old: str, new: str) -> Path:
    """``source`` copied into ``folder`` with its one ``old`` text made ``new``."""
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1
    target = folder / source.name
    target.write_text(text.replace(old, new), encoding="utf-8")
    return target


# board 5, pair 4 v pair 15: a weighted ruling 60% of -420 and 40% of -450, whose SCORE is
# -432 in points (-252 - 180), as other programs read it
WEIGHTED_LINE = '<SCORE>-432</SCORE>\n        <?xlbridge cell score="60% -420; 40% -450"?>'


def test_the_files_as_written_agree_with_themselves(
    exported: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    for path in exported:
        published = read_published(path)
        assert published.info.disagreements == ()
        assert "every one reproduced" in format_audit(audit(published))


def test_a_usebio_score_that_is_not_its_exact_cell_is_said(
    exported: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = WEIGHTED_LINE.replace("-432", "-420")
    path = _edited(exported[0], tmp_path, WEIGHTED_LINE, edited)
    said = (
        f"{path}: board 5, 4 v 15: SCORE -420 and xlbridge's exact cell beside it, "
        "60% -420; 40% -450 (whose SCORE is -432), disagree: the exact cell is scored"
    )
    published = read_published(path)
    assert published.info.disagreements == (said,)
    # the exact cell is scored: every published figure is still xlbridge's, but the audit
    # does not say the file agrees
    text = format_audit(audit(published))
    assert "every one reproduced" not in text
    assert "none differ from xlbridge's" in text
    assert text.endswith(f"the file disagrees with itself in 1 place:\n  {said}")
    # and the import warns of it, as it prints the audit
    assert main(["import", str(path), "-o", str(tmp_path / "night.xlsx")]) == 0
    printed = capsys.readouterr()
    assert f"warning: {said}" in printed.err
    assert "every one reproduced" not in printed.out
    assert f"  {said}" in printed.out


def test_a_usebio_score_that_is_not_its_contract_is_said(tmp_path: Path) -> None:
    # Compscore3's board 1, 2NS v 3EW: 3D by North, 9 tricks, SCORE 110 (Law 77: 3D= is 60
    # below and 50 above the line, not vulnerable on board 1); SCORE edited to 130
    line = "<EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>\n    <CONTRACT>3D</CONTRACT>\n" + (
        "    <PLAYED_BY>N</PLAYED_BY>\n    <LEAD>KH</LEAD>\n    <TRICKS>9</TRICKS>\n"
        "    <SCORE>110</SCORE>"
    )
    source = DATA / "usebio" / "mp_pairs_mitchell_03.xml"
    path = _edited(source, tmp_path, line, line.replace("110", "130"))
    said = (
        f"{path}: board 1, 2NS v 3EW: SCORE 130 and its contract 3D= N (110) disagree: "
        "the SCORE is scored"
    )
    published = read_published(path)
    assert published.info.disagreements == (said,)
    text = format_audit(audit(published))
    assert "every one reproduced" not in text
    assert text.endswith(f"the file disagrees with itself in 1 place:\n  {said}")


def test_a_pbn_score_that_is_not_its_contract_is_said(
    exported: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # board 1, pair 2 v pair 12: 1NT by North, 8 tricks, 120 (Law 77, not vulnerable);
    # Score_NS edited to 150
    row = " 2 12 1NT   N  8    120 "
    path = _edited(exported[1], tmp_path, row, row.replace("120", "150"))
    said = (
        "night.pbn line 22: board 1: Score_NS 150 and its contract 1NT+1 N (120) disagree: "
        "the Score_NS is scored"
    )
    published = read_published(path)
    assert published.info.disagreements == (said,)
    text = format_audit(audit(published))
    assert "every one reproduced" not in text
    assert text.endswith(f"the file disagrees with itself in 1 place:\n  {said}")
    assert main(["import", str(path), "-o", str(tmp_path / "night.xlsx")]) == 0
    assert f"warning: {said}" in capsys.readouterr().err


def test_a_pair_total_that_is_not_its_own_lines_is_listed(tmp_path: Path) -> None:
    # Compscore3's pair 1NS: 97.00 matchpoints, 53.89% of its 180 (18 boards, top 10); every
    # line figure of the file is reproduced.  TOTAL_SCORE edited to 99.00: its lines still
    # add up to 97, and so does xlbridge's rescoring.
    source = DATA / "usebio" / "mp_pairs_mitchell_03.xml"
    old = "<PAIR_NUMBER>1NS</PAIR_NUMBER>\n     <DIRECTION>NS</DIRECTION>\n     <TOTAL_SCORE>97.00"
    path = _edited(source, tmp_path, old, old.replace("97.00", "99.00"))
    text = format_audit(audit(read_published(path)))
    assert "every one reproduced" not in text
    assert "278 published figures checked: 1 differ from xlbridge's" in text
    assert (
        "  pair 1NS: total published 99.00, xlbridge 97.00 (its published line figures are "
        "all reproduced: the file disagrees with itself)"
    ) in text
