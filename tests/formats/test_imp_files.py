"""An IMP night's USEBIO and PBN files: the scoring method they name, each figure they
publish, and `xlbridge import` reading every one of them back.

The example night scored in cross-IMPs and in Butler, its Adjustments cleared (as
tests/workbook/test_imp_frequencies.py builds it, where each Board results figure is
worked by hand from the IMP scale).  Every published figure is checked against the results
workbook of the same run: a traveller line's IMPs against its Board results row, a pair's
total against its Board results rows added up (Butler pair 2: 68; cross-IMPs pair 2:
455.26), never against what the writer was given.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.nights import imp_night

from xlbridge.cli import main

FORMS = ("cross-IMPs", "Butler")


def _run(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


Scored = dict[str, tuple[Path, Workbook]]


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> Scored:
    """Each form's folder (night.xml, night.pbn) and its results workbook."""
    found = {}
    for form in FORMS:
        folder = tmp_path_factory.mktemp(form)
        night, out = imp_night(folder, form), folder / "res.xlsx"
        xml, pbn = folder / "night.xml", folder / "night.pbn"
        _run(["score", str(night), "-o", str(out), "--usebio", str(xml), "--pbn", str(pbn)])
        found[form] = (folder, load_workbook(out))
    return found


def _shown(value: object) -> str:
    """A figure as the files write it: whole numbers plain, others to two decimals."""
    assert isinstance(value, int | float)
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _board_results(wb: Workbook) -> dict[tuple[int, int, int], tuple[str, str]]:
    """(board, NS pair, EW pair) -> (NS IMPs, EW IMPs) of each Board results row with them."""
    return {
        (row[0], row[1], row[2]): (_shown(row[6]), _shown(row[7]))
        for row in wb["Board results"].iter_rows(min_row=2, values_only=True)
        if row[6] is not None
    }


def _totals(wb: Workbook) -> dict[tuple[int, str], str]:
    """(pair, direction) -> its IMPs: its Board results rows added up."""
    sums: dict[tuple[int, str], float] = {}
    for row in wb["Board results"].iter_rows(min_row=2, values_only=True):
        if row[6] is None:
            continue
        for pair, direction, imps in ((row[1], "NS", row[6]), (row[2], "EW", row[7])):
            sums[pair, direction] = sums.get((pair, direction), 0.0) + imps
    return {key: _shown(round(total, 2)) for key, total in sums.items()}


def _ranking(wb: Workbook) -> list[tuple[object, ...]]:
    """Each Ranking row: rank, pair, direction, boards, IMPs, per board, ranked on."""
    return [
        (r[0], r[1], r[3], r[4], *(round(v, 6) for v in r[5:8]))
        for r in wb["Ranking"].iter_rows(values_only=True)
        if isinstance(r[4], int)
    ]


@pytest.mark.parametrize(
    ("form", "event_type", "method", "element"),
    [
        ("cross-IMPs", "CROSS_IMP", "CROSS_IMPS", "CROSS_IMP_POINTS"),
        ("Butler", "BUTLER_PAIRS", "BUTLER_IMPS", "BUTLER_POINTS"),
    ],
)
def test_usebio_names_the_imp_method_and_publishes_the_board_results_imps(
    scored: Scored, form: str, event_type: str, method: str, element: str
) -> None:
    folder, wb = scored[form]
    event = ET.parse(folder / "night.xml").getroot().find("EVENT")
    assert event is not None
    assert event.get("EVENT_TYPE") == event_type
    assert event.findtext("BOARD_SCORING_METHOD") == method
    # each pair: its IMPs as TOTAL_SCORE, and no PERCENTAGE (an IMP night has no top)
    totals = _totals(wb)
    pairs = event.iter("PAIR")
    published = {
        (int(p.findtext("PAIR_NUMBER", "")), p.findtext("DIRECTION", "")): (
            p.findtext("TOTAL_SCORE"),
            p.find("PERCENTAGE"),
        )
        for p in pairs
    }
    assert published == {key: (total, None) for key, total in totals.items()}
    assert published[2, "NS"][0] == {"cross-IMPs": "455.26", "Butler": "68"}[form]
    # each traveller line's IMPs are its Board results row's
    rows, lines = _board_results(wb), {}
    for board in event.iter("BOARD"):
        number = int(board.findtext("BOARD_NUMBER", ""))
        for line in board.iter("TRAVELLER_LINE"):
            assert line.find("NS_MATCH_POINTS") is None
            key = (
                number,
                int(line.findtext("NS_PAIR_NUMBER", "")),
                int(line.findtext("EW_PAIR_NUMBER", "")),
            )
            lines[key] = (line.findtext(f"NS_{element}"), line.findtext(f"EW_{element}"))
    assert lines == rows
    assert len(lines) == 215  # 216 rows, one of them a board not played


def _pbn_tables(
    text: str,
) -> tuple[list[str], dict[tuple[int, int, int], tuple[str, str]], list[list[str]]]:
    """The Scoring tag's values, each ScoreTable line's IMPs by (board, NS, EW), and the
    TotalScoreTable's rows (its header first)."""
    scorings, imps, totals = [], {}, []
    board, table, columns = 0, "", []
    for line in text.splitlines():
        tag = re.fullmatch(r'\[(\w+) "(.*)"\]', line)
        if tag:
            name, value = tag.groups()
            table = name if name in ("ScoreTable", "TotalScoreTable") else ""
            columns = [c.split("\\")[0] for c in value.split(";")]
            if name == "Board":
                board = int(value)
            elif name == "Scoring":
                scorings.append(value)
            elif name == "TotalScoreTable":
                totals.append(columns)
            continue
        if not table or not line.strip():
            table = "" if not line.strip() else table
            continue
        entry = dict(zip(columns, shlex.split(line), strict=True))
        if table == "ScoreTable":
            key = (board, int(entry["PairId_NS"]), int(entry["PairId_EW"]))
            imps[key] = (entry["IMP_NS"], entry["IMP_EW"])
        else:
            totals.append([entry[c] for c in columns])
    return scorings, imps, totals


@pytest.mark.parametrize("form", FORMS)
def test_pbn_names_imp_columns_and_publishes_the_board_results_imps(
    scored: Scored, form: str
) -> None:
    folder, wb = scored[form]
    text = (folder / "night.pbn").read_text(encoding="utf-8")
    scorings, imps, totals = _pbn_tables(text)
    assert set(scorings) == {{"cross-IMPs": "IMP;Cross-IMPs", "Butler": "IMP;Butler"}[form]}
    # the PBN standard's IMP columns: IMP_NS and IMP_EW, no MP or percentage
    header = re.search(r'\[ScoreTable "([^"]*)"\]', text)
    assert header is not None
    assert [c.split("\\")[0] for c in header.group(1).split(";")][-3:] == [
        "Score_NS",
        "IMP_NS",
        "IMP_EW",
    ]
    named = set(re.findall(r"[;\"](\w+)\\\d+[LR]", text))
    assert {"IMP_NS", "IMP_EW", "TotalScoreIMP"} <= named
    assert not named & {"MP_NS", "MP_EW", "Percentage_NS", "TotalScoreMP", "TotalPercentage"}
    assert {key: value for key, value in imps.items() if value != ("-", "-")} == _board_results(wb)
    # the ranking: TotalScoreIMP, each pair's Board results added up
    head, *rows = totals
    assert head == ["Rank", "PairId", "Direction", "TotalScoreIMP", "NrBoards", "Names"]
    assert {(int(r[1]), r[2]): r[3] for r in rows} == _totals(wb)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("kind", ["xml", "pbn"])
def test_import_reproduces_every_published_figure(
    scored: Scored, form: str, kind: str, tmp_path: Path
) -> None:
    folder, wb = scored[form]
    again = tmp_path / "again.xlsx"
    said = _run(["import", str(folder / f"night.{kind}"), "-o", str(again)])
    assert re.search(r"^\d+ published figures checked: every one reproduced$", said, re.M), said
    # rescored, the same ranking: each pair's rank, boards, IMPs, per board, ranked on
    out = tmp_path / "again-results.xlsx"
    _run(["score", str(again), "-o", str(out)])
    assert _ranking(load_workbook(out)) == _ranking(wb)
