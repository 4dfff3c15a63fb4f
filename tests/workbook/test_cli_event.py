"""``xlbridge event``: two nights (a Mitchell and a Howell) ranked as one, from their workbooks.

The nights are those of tests/core/test_championship.py, typed into workbooks
from ``xlbridge new`` (tests/support/events.py): the figures below are worked
there by hand, and here read back from the terminal and the results workbook.

Session 1, a 3-table Mitchell (top 4, 12 a pair): NS1 5, NS2 9, NS3 4, EW1 8,
EW2 9, EW3 1 matchpoints (41 2/3%, 75%, 33 1/3%, 66 2/3%, 75%, 8 1/3%).
Session 2, a 3-table Howell with a sit-out (top 2, 8 a pair): pairs 1-5 score
7, 2, 3, 4, 4 (87.5%, 25%, 37.5%, 50%, 50%), and were EW 3, NS 1, EW 1, NS 2,
EW 2 of session 1 (the pair map); NS 3 missed session 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.events import EventNights

from xlbridge.cli import main


@pytest.fixture(scope="module")
def nights(two_sessions: EventNights) -> tuple[Path, Path, Path]:
    return two_sessions.mitchell, two_sessions.howell, two_sessions.pairs


def run(
    nights: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str], *options: str
) -> tuple[int, str, str, Path]:
    mitchell, howell, pairs = nights
    out = mitchell.with_name(f"event-{options[1]}.xlsx")
    status = main(["event", str(mitchell), str(howell), "--pairs", str(pairs), "-o", str(out),
                   *options])  # fmt: skip
    captured = capsys.readouterr()
    return status, captured.out, captured.err, out


def overall_rows(path: Path) -> list[tuple[object, ...]]:
    wb = load_workbook(path)
    assert wb.sheetnames == ["Overall", "Session 1", "Session 2"]
    ws = wb["Overall"]
    return [tuple(row) for row in ws.iter_rows(min_row=4, values_only=True)]


def test_factored(nights: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    # Common top 4: the Howell's totals x 2. NS2 9 + 8 = 17, EW2 9 + 8 = 17, EW3 1 + 14 = 15,
    # EW1 8 + 6 = 14, NS1 5 + 4 = 9 of 12 + 16 = 28 (17/28 = 60.71%); NS3 not ranked.
    status, out, err, path = run(nights, capsys, "--rule", "factored")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "Overall: total matchpoints factored to a common top of 4 "
        "(a pair that missed a session is listed, not ranked)"
    )
    assert [line.split() for line in lines[4:10]] == [
        ["1=", "NS", "2", "2", "9.00", "8.00", "17.00", "28.00", "60.71"],
        ["1=", "EW", "2", "2", "9.00", "8.00", "17.00", "28.00", "60.71"],
        ["3", "EW", "3", "2", "1.00", "14.00", "15.00", "28.00", "53.57"],
        ["4", "EW", "1", "2", "8.00", "6.00", "14.00", "28.00", "50.00"],
        ["5", "NS", "1", "Ann", "&", "Bob", "2", "5.00", "4.00", "9.00", "28.00", "32.14"],
        ["NS", "3", "1", "4.00"],
    ]
    rows = overall_rows(path)
    assert rows[0] == ("Rank", "Pair", "Players", "Sessions", "S1 MP", "S2 MP", "Total", "Max", "%")
    assert rows[3] == ("3", "EW 3", None, 2, 1, 14, 15, 28, pytest.approx(1500 / 28))
    assert rows[6] == (None, "NS 3", None, 1, 4, None, None, None, None)
    # each session's own ranking follows, as the night's Ranking sheet shows it
    session1 = load_workbook(path)["Session 1"]
    assert [session1.cell(r, 2).value for r in (3, 4, 5)] == ["NS 2", "NS 1", "NS 3"]
    assert "Session 2 (howell.xlsx): Club pairs" in out


def test_sum(nights: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    # NS2 75 + 50 = 125 = EW2; EW1 66.67 + 37.5 = 625/6 = 104.17; EW3 8.33 + 87.5 = 575/6
    # = 95.83; NS1 41.67 + 25 = 200/3 = 66.67.
    status, out, _, path = run(nights, capsys, "--rule", "sum")
    assert status == 0
    assert [row[:2] + row[-1:] for row in overall_rows(path)[1:]] == [
        ("1=", "NS 2", 125), ("1=", "EW 2", 125), ("3", "EW 1", pytest.approx(625 / 6)),
        ("4", "EW 3", pytest.approx(575 / 6)), ("5", "NS 1", pytest.approx(200 / 3)),
        (None, "NS 3", None),
    ]  # fmt: skip
    assert out.splitlines()[6].split() == ["3", "EW", "1", "2", "66.67", "37.50", "104.17"]


def test_average(nights: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    # Over the sessions played: NS1 (41.67 + 25) / 2 = 33.33, and NS3 on its one session
    # 33.33 too: 5th equal.
    status, out, _, path = run(nights, capsys, "--rule", "average")
    assert status == 0
    assert "ranked on the sessions it played" in out.splitlines()[0]
    assert [row[:2] + row[-1:] for row in overall_rows(path)[1:]] == [
        ("1=", "NS 2", 62.5), ("1=", "EW 2", 62.5), ("3", "EW 1", pytest.approx(625 / 12)),
        ("4", "EW 3", pytest.approx(575 / 12)), ("5=", "NS 1", pytest.approx(100 / 3)),
        ("5=", "NS 3", pytest.approx(100 / 3)),
    ]  # fmt: skip


def test_carry_over(nights: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    # 25% of session 1 carried: EW3 2.08 + 87.5 = 1075/12 = 89.58; NS2 and EW2 18.75 + 50
    # = 68.75; EW1 16.67 + 37.5 = 54.17; NS1 10.42 + 25 = 35.42; NS3 played no final.
    status, out, _, path = run(nights, capsys, "--rule", "carry-over", "--carry", "25%")
    assert status == 0
    assert out.splitlines()[0].startswith("Overall: carry-over: 25% of session 1 carried")
    rows = overall_rows(path)
    assert rows[0][4:] == ("S1 carried", "S2 %", "Total")
    assert [row[:2] + row[-1:] for row in rows[1:]] == [
        ("1", "EW 3", pytest.approx(1075 / 12)), ("2=", "NS 2", 68.75), ("2=", "EW 2", 68.75),
        ("4", "EW 1", pytest.approx(325 / 6)), ("5", "NS 1", pytest.approx(425 / 12)),
        (None, "NS 3", None),
    ]  # fmt: skip


def test_a_pair_not_in_the_session_is_refused(
    nights: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    mitchell, howell, _ = nights
    bad = mitchell.with_name("bad.csv")
    bad.write_text("1,EW 3\n7,NS 1\n2,3\n", encoding="utf-8")
    out = mitchell.with_name("bad.xlsx")
    status = main(["event", str(mitchell), str(howell), "--rule", "sum", "--pairs", str(bad),
                   "-o", str(out)])  # fmt: skip
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.splitlines() == [
        "error: bad.csv row 3: session 1 (mitchell.xlsx) has both NS 3 and EW 3: "
        "write NS 3 or EW 3",
    ]
    bad.write_text("1,EW 3\n7,NS 1\n", encoding="utf-8")
    status = main(["event", str(mitchell), str(howell), "--rule", "sum", "--pairs", str(bad),
                   "-o", str(out)])  # fmt: skip
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.splitlines() == [
        "error: bad.csv row 2: pair 7 is not in session 2 (howell.xlsx)",
    ]
    assert not out.exists()


def test_bad_options(nights: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    mitchell, howell, _ = nights
    out = str(mitchell.with_name("x.xlsx"))
    for options, message in [
        (["--rule", "carry-over", "--carry", "25"], "--carry: give a part such as 25% or 1/4, "
         "not '25' (add % for a percentage)"),
        (["--rule", "sum", "--carry", "25%"], "a carry-over is for the carry-over rule, not sum"),
    ]:  # fmt: skip
        assert main(["event", str(mitchell), str(howell), "-o", out, *options]) == 2
        assert capsys.readouterr().err.splitlines() == [f"error: {message}"]
    assert main(["event", str(mitchell), "--rule", "sum", "-o", out]) == 2
    assert "give two nights or more" in capsys.readouterr().err


def test_a_night_twice_or_a_night_in_error(
    nights: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    mitchell, howell, _ = nights
    out = str(mitchell.with_name("y.xlsx"))
    assert main(["event", str(mitchell), str(mitchell), "--rule", "sum", "-o", out]) == 2
    assert capsys.readouterr().err.endswith(
        "are the same workbook (the same pairs and results): give each night once\n"
    )
    wb = load_workbook(howell)
    wb["Travellers"]["G2"] = "42O"
    broken = howell.with_name("broken.xlsx")
    wb.save(broken)
    assert main(["event", str(mitchell), str(broken), "--rule", "sum", "-o", out]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "error: broken.xlsx: 1 problem in the workbook:",
        "Travellers!G2: '42O' is not a score",
    ]
