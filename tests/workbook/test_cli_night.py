"""The club-night commands: score, new, explain (in-process via main(argv), once as a process)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.paths import EXAMPLE

from xlbridge.cli import main
from xlbridge.session import score_event
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reader import read_workbook

FIELDS = ["North-South", "East-West"]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "tuesday.xlsx"
    shutil.copy(EXAMPLE, path)
    return path


def test_score_writes_results_and_prints_the_ranking(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = digest(night)
    assert main(["score", str(night)]) == 0
    out = capsys.readouterr().out
    assert "North-South" in out and "East-West" in out and "Rank  Pair  Players" in out
    assert digest(night) == before
    output = night.with_name("tuesday-results.xlsx")
    expected = score_event(read_workbook(night).event)
    wb = load_workbook(output)
    ranking = [r for r in wb[L.RANKING].iter_rows(values_only=True) if isinstance(r[4], int)]
    assert len(ranking) == 17
    # North-South and East-West each under its heading, on the sheet the workbook opens on
    assert [r[0] for r in wb[L.RANKING].iter_rows(values_only=True) if r[0] in FIELDS] == FIELDS
    assert wb.active.title == L.RANKING and wb.sheetnames[:4] == [
        L.RANKING,
        L.BOARD_RESULTS,
        L.FREQUENCIES,
        L.SCORE_CARDS,
    ]
    assert L.HOW_TO not in wb.sheetnames and L.TABLE_CARDS not in wb.sheetnames
    for row, pair in zip(ranking, expected.pairs, strict=True):
        assert (row[0], str(row[1]), row[3]) == (pair.rank, pair.pair.label, pair.field)
        assert pair.percentage is not None and row[7] == pytest.approx(float(pair.percentage))
    results = list(wb[L.BOARD_RESULTS].iter_rows(min_row=2, values_only=True))
    scored = [r for r in results if r[0] is not None]
    assert len(scored) == 216
    total = sum(Fraction(repr(r[6])) for r in scored if r[6] is not None)
    assert float(total) == pytest.approx(float(sum(b.totals()[0] for b in expected.boards)))
    assert not any(
        isinstance(c.value, str) and c.value.startswith("=")
        for ws in (wb[L.BOARD_RESULTS], wb[L.FREQUENCIES], wb[L.RANKING])
        for row in ws.iter_rows()
        for c in row
    )
    assert wb[L.TRAVELLERS]["I2"].value is not None


def test_a_typo_exits_2_names_the_cell_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wb = load_workbook(EXAMPLE)
    wb[L.TRAVELLERS]["G14"] = "42O"
    path = tmp_path / "typo.xlsx"
    wb.save(path)
    before = digest(path)
    out, html = tmp_path / "out.xlsx", tmp_path / "out.html"
    assert main(["score", str(path), "-o", str(out), "--html", str(html)]) == 2
    assert "Travellers!G14: '42O' is not a score" in capsys.readouterr().err
    assert digest(path) == before
    assert not out.exists() and not html.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["typo.xlsx"]


def test_score_refuses_to_overwrite_its_input(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = digest(night)
    assert main(["score", str(night), "-o", str(night)]) == 2
    assert "refusing to write over the input" in capsys.readouterr().err
    assert digest(night) == before


def test_html_page_is_self_contained(night: Path, tmp_path: Path) -> None:
    page = tmp_path / "results.html"
    assert main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "<script" not in text and "http" not in text.replace('lang="en"', "")
    assert "Personal score cards" in text and "Stephen Ingram" in text
    assert text.count('class="card" id="board-') == 27
    assert 'id="pair-17"' in text


def test_new_writes_the_template_and_refuses_an_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "friday.xlsx"
    assert main(["new", str(path)]) == 0
    assert load_workbook(path).sheetnames[:4] == [L.HOW_TO, L.SETTINGS, L.PAIRS, L.TRAVELLERS]
    before = digest(path)
    assert main(["new", str(path)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert digest(path) == before


def test_explain_prints_the_frequency_table_step_by_step(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", str(night), "--board", "5"]) == 0
    out = capsys.readouterr().out
    assert "Score  Freq  Adj. Freq  NS MP  EW MP" in out
    assert "-450      0        0.4    1.4   12.6" in out
    assert "60% x 4.4 + 40% x 1.4 = 3.2" in out
    # 8 results (the weighted one counts once, its weights 0.6 + 0.4 in Adj. Freq): a full
    # board, not factored; explain said "factored by 8/7" of it, counting only the Freq 7
    assert "8 results, expected 8" in out
    assert "(no factoring)" in out and "factored by" not in out
    assert main(["explain", str(night), "--board", "22"]) == 0
    out = capsys.readouterr().out
    assert "Neuberg: 7 real results of the 8 expected, so every frequency is factored by 8/7" in out
    assert main(["explain", str(night), "--board", "40"]) == 2


def test_explain_an_artificial_score(night: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Board 17 holds an A+/A- (seed 001): one table, factored, Law 12C2(c) said in words."""
    assert main(["explain", str(night), "--board", "17"]) == 0
    out = capsys.readouterr().out
    assert out.count("Score  Freq  Adj. Freq  NS MP  EW MP") == 1  # NS and EW: the same table
    assert "A+/A-     1               8.4    5.6" in out
    assert "(no factoring)" not in out
    assert "factored by 8/7 = 1.1429" in out
    assert (
        "pair 5: A+ is 60% of the top 14 = 8.4; Law 12C2(c): the pair's own percentage on its "
        "other boards, 48.97%, is lower, so it stays"
    ) in out
    assert "pair 13: A- is 40% of the top 14 = 5.6; Law 12C2(c)" in out


def test_explain_an_average_plus_raised_by_law_12c2c() -> None:
    """Pair 1 tops board 1 (100%); its A+ on board 2 is raised to that percentage, 4 of 4."""
    from xlbridge.event import Event, Pair, Play
    from xlbridge.result import parse_result
    from xlbridge.workbook.pairs.present import explain_board

    cells = {
        1: [("1", "4", 420), ("2", "5", 400), ("3", "6", -50)],
        2: [("1", "5", "A+/A-"), ("2", "6", 110), ("3", "4", 140)],
    }
    event = Event(
        pairs=tuple(Pair(str(n)) for n in range(1, 7)),
        plays=tuple(Play(b, ns, ew, parse_result(c)) for b, t in cells.items() for ns, ew, c in t),
    )
    text = explain_board(score_event(event), 2)
    assert (
        "pair 1: A+ is 60% of the top 4 = 2.4; Law 12C2(c): raised to the pair's own percentage "
        "on its other boards, 100% = 4"
    ) in text
    assert (
        "Neuberg: 2 real results of the 3 expected, so every frequency is factored by 3/2" in text
    )


@pytest.mark.subprocess
def test_score_as_a_real_command(night: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.xlsx"
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge.cli", "score", str(night), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Stephen Ingram & Geoffrey Cole" in done.stdout
    assert out.exists()


@pytest.mark.subprocess
def test_python_dash_m_xlbridge_is_the_command(tmp_path: Path) -> None:
    """``python -m xlbridge`` where the ``xlbridge`` script is not on PATH (venv not active)."""
    helped = subprocess.run(
        [sys.executable, "-m", "xlbridge", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert helped.returncode == 0, helped.stderr
    assert "Usage: xlbridge" in helped.stdout and "Score a night" in helped.stdout
    shutil.copy(EXAMPLE, tmp_path / "example_club_night.xlsx")
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge", "score", "example_club_night.xlsx", "-o", "out.xlsx"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    # the example night's North-South winners, as docs/formats.md shows them (211.97, 63.09%)
    assert "Stephen Ingram & Geoffrey Cole        24  211.97  336  63.09" in done.stdout
    wb = load_workbook(tmp_path / "out.xlsx")
    ranking = [r for r in wb[L.RANKING].iter_rows(values_only=True) if isinstance(r[4], int)]
    assert len(ranking) == 17


def other_club(path: Path) -> Path:
    """The example night played by another club (Acol): the same boards and results, other
    players (the same players would be the same club given twice, which a merge refuses)."""
    wb = load_workbook(EXAMPLE)
    wb[L.SETTINGS]["B2"] = "Acol"
    for (cell,) in wb[L.PAIRS].iter_rows(min_row=2, min_col=2, max_col=2):
        if cell.value:
            cell.value = f"{cell.value} (Acol)"
    wb.save(path)
    return path


@pytest.mark.parametrize("how", ["same path", "another path", "a copy"])
def test_merge_refuses_the_same_club_twice(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    other = night
    if how == "another path":
        other = night.parent / "." / night.name
    elif how == "a copy":
        other = tmp_path / "copy.xlsx"
        shutil.copy(night, other)
    out = tmp_path / "sim.xlsx"
    assert main(["merge", str(night), str(other), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{night} and {other} are the same workbook" in err, err
    assert not out.exists()


def test_merge_scores_two_clubs_as_one_field(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = other_club(tmp_path / "acol.xlsx")
    before = (digest(night), digest(other))
    out = tmp_path / "sim.xlsx"
    assert main(["merge", str(night), str(other), "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Acol:2" in text and "Tuesday Pairs:2" in text and "At club" in text
    assert (digest(night), digest(other)) == before
    merged = load_workbook(out)
    ranking = [r for r in merged[L.RANKING].iter_rows(min_row=2, values_only=True) if r[1]]
    assert len(ranking) == 34
    # The same night twice: every pair keeps its percentage, tied with its twin.
    assert ranking[0][0] == "1=" and ranking[1][0] == "1="
    assert main(["merge", str(night), "-o", str(night)]) == 2


def test_merge_of_many_clubs_scores_them_in_worker_processes(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import xlbridge.cli as cli

    other = other_club(tmp_path / "other.xlsx")
    serial, pooled = tmp_path / "serial.xlsx", tmp_path / "pooled.xlsx"
    assert main(["merge", str(night), str(other), "-o", str(serial)]) == 0
    by_one = capsys.readouterr().out
    monkeypatch.setattr(cli, "CLUBS_PER_WORKER", 1)
    monkeypatch.setattr(cli.os, "cpu_count", lambda: 2)
    assert main(["merge", str(night), str(other), "-o", str(pooled)]) == 0
    assert capsys.readouterr().out == by_one.replace(str(serial), str(pooled))
    # a club that is the output file is refused in the workers too, naming it
    assert main(["merge", str(night), str(other), "-o", str(other)]) == 2
    assert "refusing to write over the input file" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("lock", "program"), [("~$tuesday.xlsx", "Excel"), (".~lock.tuesday.xlsx#", "LibreOffice")]
)
def test_a_night_open_in_a_spreadsheet_is_scored_with_a_warning(
    night: Path, lock: str, program: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """What is typed in a spreadsheet and not saved is not in the file: the scorer is told."""
    (night.parent / lock).write_bytes(b"")
    assert main(["score", str(night)]) == 0
    err = capsys.readouterr().err
    assert (
        f"warning: {night} is open in a spreadsheet ({program}'s {lock} is beside it): results "
        "typed there and not saved are not in the file and are not scored; save it and score "
        f"again (or, if it is closed, delete {lock})"
    ) in err
    assert night.with_name("tuesday-results.xlsx").exists()


def test_a_closed_night_has_no_open_warning(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (night.parent / "~$other.xlsx").write_bytes(b"")  # another workbook's, not this one's
    assert main(["score", str(night)]) == 0
    assert "open in a spreadsheet" not in capsys.readouterr().err


def test_a_file_is_named_as_it_was_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name Python would quote otherwise ("O'Neill night.xlsx", in double quotes)."""
    monkeypatch.chdir(tmp_path)
    assert main(["score", "O'Neill night.xlsx"]) == 2
    assert capsys.readouterr().err == "error: O'Neill night.xlsx does not exist\n"
    shutil.copy(EXAMPLE, tmp_path / "O'Neill night.xlsx")
    assert main(["score", "O'Neill night.xlsx", "-o", "O'Neill night.xlsx"]) == 2
    assert capsys.readouterr().err == (
        "error: refusing to write over the input file O'Neill night.xlsx "
        "(-o O'Neill night.xlsx): give a different output file\n"
    )


def without_board(path: Path, board: int) -> Path:
    """``path`` saved again with board ``board``'s traveller rows cleared (not played there)."""
    wb = load_workbook(path)
    for row in wb[L.TRAVELLERS].iter_rows(min_row=2):
        if row[0].value == board:
            for cell in row:
                cell.value = None
    wb.save(path)
    return path


def test_merge_refuses_nights_of_different_boards(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each played a board the other did not: not one event's boards, nothing to compare."""
    without_board(night, 27)
    other = without_board(other_club(tmp_path / "acol.xlsx"), 1)
    out = tmp_path / "sim.xlsx"
    assert main(["merge", str(night), str(other), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert (
        f"{night} played board 1 and {other} board 27, which the other did not: their results "
        "cannot be compared; merge the nights of one event, played on the same boards"
    ) in err, err
    assert not out.exists()
    # a club that played fewer of the boards (a small club in a simultaneous) is merged
    shutil.copy(EXAMPLE, night)
    assert main(["merge", str(night), str(other), "-o", str(out)]) == 0
    assert "board" not in capsys.readouterr().err


def test_merge_warns_of_nights_dated_differently(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = other_club(tmp_path / "acol.xlsx")
    wb = load_workbook(other)
    wb[L.SETTINGS]["B3"] = "5 June 2026"
    wb.save(other)
    out = tmp_path / "sim.xlsx"
    assert main(["merge", str(night), str(other), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    # the example night is dated 12 March 2024 (its Settings B3)
    assert (
        f"warning: the nights are dated differently: 12 March 2024 ({night}), "
        f"5 June 2026 ({other}): are they one event? (see each workbook's Settings date)"
    ) in err, err
    assert out.exists()


def test_merge_puts_each_clubs_file_before_its_warnings_places(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A warning at a cell is said as ``club: cell: words``, one with no place as ``club:
    words``: the club's file goes before the place, the words stay as the reader made them."""
    wb = load_workbook(night)
    wb[L.SETTINGS]["B3"] = "12/03/2024"  # the example's date (12 March 2024), typed as text
    wb.save(night)
    other = other_club(tmp_path / "acol.xlsx")
    (tmp_path / "~$acol.xlsx").write_bytes(b"")  # Excel's lock file: acol.xlsx is open in it
    out = tmp_path / "sim.xlsx"
    assert main(["merge", str(night), str(other), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert [line for line in err.splitlines() if line.startswith("warning: ")] == [
        f"warning: {night}: Settings!B3: '12/03/2024' reads two ways: 12 March 2024 (day "
        "first, as it is read) or December 3, 2024 (month first): type it as 12 Mar 2024 or "
        "2024-03-12 to say which",
        f"warning: {other}: {other} is open in a spreadsheet (Excel's ~$acol.xlsx is beside "
        "it): results typed there and not saved are not in the file and are not scored; save "
        "it and score again (or, if it is closed, delete ~$acol.xlsx)",
    ], err
    assert out.exists()


def test_merge_shows_its_progress_on_stderr(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A merge of hundreds of clubs takes a while: the clubs read so far, on stderr, one line
    a tenth of the way when stderr is not a terminal; the results alone on stdout."""
    clubs = [night, other_club(tmp_path / "acol.xlsx")]
    out = tmp_path / "sim.xlsx"
    assert main(["merge", *map(str, clubs), "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.err == "reading club 1 of 2\nreading club 2 of 2\n"
    assert "reading" not in captured.out
    assert captured.out.startswith("Tuesday Pairs + Acol")


def test_merge_progress_is_one_line_a_tenth_of_the_way(
    night: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from xlbridge.cli import Progress

    progress = Progress(500)
    for count in range(1, 501):
        progress.done(count)
    err = capsys.readouterr().err
    assert err.splitlines() == [f"reading club {n} of 500" for n in range(50, 501, 50)]


def test_merge_progress_on_a_terminal_is_written_over_in_place(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from xlbridge.cli import Progress

    progress = Progress(3)
    progress.terminal = True  # as when stderr is a terminal
    for count in (1, 2, 3):
        progress.done(count)
    progress.clear()
    blank = " " * len("reading club 3 of 3")
    assert capsys.readouterr().err == (
        "\rreading club 1 of 3\rreading club 2 of 3\rreading club 3 of 3" + f"\r{blank}\r"
    )
