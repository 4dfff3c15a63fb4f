"""A club night as it is lived: typed in any spreadsheet, scored while results come in.

The night is made by ``xlbridge new`` (a 5-table Mitchell), its results typed
as contract / by / result (the way the How to use sheet recommends) and saved
by openpyxl, or by LibreOffice, which does not know ``BRIDGE_SCORE``: the
Score used column is blank there, and one line at its top says the add-in
is missing, as in Excel without the add-in.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.libreoffice import libreoffice_copy
from support.nights import TYPED, figures

from xlbridge.cli import main
from xlbridge.result import format_result, parse_result
from xlbridge.teams import BYE_VPS, Match, Team, TeamsEvent, TeamsSettings, score_teams
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.night import score_night
from xlbridge.workbook.teams.night import score_teams_night


def filled_rows(path: Path) -> Iterator[int]:
    """The Travellers rows ``xlbridge new`` filled (board, pairs, round and table)."""
    ws = load_workbook(path)[L.TRAVELLERS]
    for row in range(2, ws.max_row + 1):
        if ws[f"A{row}"].value is not None:
            yield row


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 5-table Mitchell over 20 boards from ``xlbridge new``, every result typed."""
    folder = tmp_path_factory.mktemp("night")
    blank = folder / "mitchell.xlsx"
    assert (
        main(["new", str(blank), "--movement", "mitchell", "--tables", "5", "--boards", "20"]) == 0
    )
    wb = load_workbook(blank)
    ws = wb[L.TRAVELLERS]
    for turn, row in enumerate(filled_rows(blank)):
        contract, declarer, result = TYPED[turn % len(TYPED)]
        ws[f"D{row}"], ws[f"E{row}"], ws[f"F{row}"] = contract, declarer, result
    filled = folder / "filled.xlsx"
    wb.save(filled)
    return filled


def test_the_openpyxl_copy_scores_the_contracts_typed(made: Path) -> None:
    scored = score_night(made)
    plays = {(p.play.board, p.play.ns): p for b in scored.result.boards for p in b.plays}
    assert len(plays) == 100 and not scored.warnings
    # board 1, NS 1 v EW 1: 4H by S made, not vulnerable (Law 77): +420
    assert format_result(plays[1, "NS 1"].play.result) == "420"
    # board 1, NS 5 v EW 4: 3NT by N +1, not vulnerable: +430
    assert format_result(plays[1, "NS 5"].play.result) == "430"
    for board in scored.result.boards:  # 5 results, top 8: 4 x 5 = 20 matchpoints a direction
        assert sum(p.ns_score or 0 for p in board.plays) == 20
        assert sum(p.ew_score or 0 for p in board.plays) == 20
    assert sum(p.total for p in scored.result.pairs) == 20 * 40
    assert {p.percentage for p in scored.result.pairs} != {Fraction(50)}


@pytest.mark.external  # LibreOffice
def test_a_night_saved_by_libreoffice_scores_the_same(made: Path, tmp_path: Path) -> None:
    copy = libreoffice_copy(made, tmp_path)
    cached = load_workbook(copy, data_only=True)[L.TRAVELLERS]
    # LibreOffice has no BRIDGE_SCORE: the Score used column is blank, one line says why
    assert cached["I2"].value is None
    assert cached["N1"].value.startswith("These results need the xlbridge add-in")
    assert figures(score_night(copy)) == figures(score_night(made))


# --- provisional results: a night scored while the travellers come in ---------------------


def blanked(source: Path, target: Path, count: int, *, delete: bool = False) -> list[int]:
    """``source`` with the results of its last ``count`` rows left blank.

    ``delete``: those rows deleted instead, and every Round and Table cleared (the rows
    typed by hand, not laid out by the movement: the rows in are all there is).
    """
    wb = load_workbook(source)
    ws = wb[L.TRAVELLERS]
    every = list(filled_rows(source))
    rows = every[-count:]
    for row in rows:
        for letter in "DEFGH" if not delete else "ABCDEFGHIJKL":
            ws[f"{letter}{row}"] = None
    for row in every if delete else ():
        ws[f"J{row}"] = ws[f"K{row}"] = None
    wb.save(target)
    return rows


def test_ten_blank_rows_score_provisionally_in_a_few_lines(
    made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "tonight.xlsx"
    rows = blanked(made, night, 10)
    out, page = tmp_path / "out.xlsx", tmp_path / "out.html"
    assert main(["score", str(night), "-o", str(out), "--html", str(page)]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert 1 < len(lines) <= 10, lines
    # the last 10 rows are boards 19 and 20 of every round (5 tables)
    assert lines[0] == "provisional: 10 results to come (traveller rows left blank), by round:"
    assert "  round 5: boards 19-20 (table 1)" in lines
    assert "Club pairs (PROVISIONAL: 10 results to come)" in captured.out.splitlines()[0]
    html = page.read_text(encoding="utf-8")
    assert "<h1>Club pairs (PROVISIONAL: 10 results to come)</h1>" in html
    ranking = load_workbook(out)[L.RANKING]
    notes = [c.value for c in ranking["A"] if isinstance(c.value, str) and "PROVISIONAL" in c.value]
    assert notes == ["PROVISIONAL: 10 results to come; not the final results"]
    assert "PROVISIONAL: 10 results to come" in ranking.oddHeader.left.text
    # the figures are those of the rows in, as if the blank rows were not there at all
    gone = tmp_path / "deleted.xlsx"
    assert blanked(made, gone, 10, delete=True) == rows
    assert figures(score_night(night)) == figures(score_night(gone))
    assert all(len(p.boards) == 18 for p in score_night(night).result.pairs)


def test_final_only_outputs_are_refused_while_provisional(
    made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = tmp_path / "tonight.xlsx"
    blanked(made, night, 3)
    usebio, pbn, out = tmp_path / "n.xml", tmp_path / "n.pbn", tmp_path / "n.xlsx"
    argv = ["score", str(night), "-o", str(out), "--usebio", str(usebio), "--pbn", str(pbn)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "the results are provisional (3 results to come): --usebio and --pbn are written" in err
    assert not usebio.exists() and not pbn.exists() and not out.exists()


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        ({"D": "4H"}, "Travellers!E{row}"),  # a contract with no declarer: a slip
        # no contract: the declarer and result are named (a score typed in the wrong column)
        ({"E": "N", "F": "+1"}, "Travellers!E{row}: 'N' is typed but no contract is"),
        ({"J": None, "K": None}, "Travellers!G{row}: no result"),  # not a row of the movement
        ({"A": "x"}, "Travellers!A{row}: board 'x' is not a board number"),
    ],
)
def test_a_half_filled_row_is_still_a_slip(
    made: Path, tmp_path: Path, cells: dict[str, object], expected: str, capsys
) -> None:
    night = tmp_path / "tonight.xlsx"
    (row,) = blanked(made, night, 1)
    wb = load_workbook(night)
    for letter, value in cells.items():
        wb[L.TRAVELLERS][f"{letter}{row}"] = value
    wb.save(night)
    out = tmp_path / "n.xlsx"
    assert main(["score", str(night), "-o", str(out)]) == 2
    assert expected.format(row=row) in capsys.readouterr().err
    assert not out.exists()


# --- teams: the standings while matches are still to be played -----------------------------


def test_teams_standings_count_only_the_matches_played() -> None:
    teams = tuple(Team(n, f"T{n}") for n in range(1, 6))
    matches = (
        Match(1, 1, 1, 2, (1, 2)),
        Match(1, 2, 3, 4, (1, 2)),
        Match(1, None, 5, None, ()),  # a bye
        Match(2, 1, 1, 3, (3, 4)),  # played
        Match(2, 2, 2, 5, (3, 4)),  # drawn, its results to come
        Match(2, None, 4, None, ()),
        Match(3, 1, 1, 4, (5, 6)),  # round 3 drawn, nothing played: its bye does not count
        Match(3, 2, 2, 3, (5, 6)),
        Match(3, None, 5, None, ()),
    )
    row = parse_result
    results = {
        (1, 1): {1: (row(420), row(140)), 2: (row(-100), row(110))},  # 1 beats 2 by 2 IMPs
        (1, 3): {1: (row(420), row(420)), 2: (row(100), row(100))},  # 3 and 4 level
        (2, 1): {3: (row(420), row(140)), 4: (row(-100), row(110))},  # 1 beats 3 by 2
    }
    event = TeamsEvent("partial", teams, matches, results, TeamsSettings(2))
    standings = {s.team.number: s for s in score_teams(event).standings}
    # the published WBF 2-board table: a margin of 2 IMPs is 11.67 to 8.33;
    # a bye is 12 VPs (the default setting); an unplayed match is nothing (was 10-10).
    assert standings[1].vps == 2 * Fraction("11.67")
    assert standings[2].vps == Fraction("8.33")  # round 2 v 5 to come: not a 10-10
    assert standings[3].vps == 10 + Fraction("8.33")
    assert standings[4].vps == 10 + BYE_VPS  # round 2's bye: that round has begun
    assert standings[5].vps == BYE_VPS  # round 1's bye; round 3's is not yet
    assert [standings[n].played for n in range(1, 6)] == [2, 1, 2, 1, 0]


def test_a_merge_with_a_club_still_to_finish_is_provisional(
    made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    acol = tmp_path / "acol.xlsx"
    blanked(made, acol, 2)
    wb = load_workbook(acol)
    wb[L.SETTINGS]["B2"] = "Acol"
    for (cell,) in wb[L.PAIRS].iter_rows(min_row=2, min_col=2, max_col=2):
        cell.value = "Acol players"
    wb.save(acol)
    out = tmp_path / "sim.xlsx"
    assert main(["merge", str(made), str(acol), "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert f"provisional: {acol}: 2 results to come" in captured.err
    assert f"(PROVISIONAL: {acol}: 2 results to come)" in captured.out.splitlines()[0]
    ranking = load_workbook(out)[L.RANKING]
    notes = [c.value for c in ranking["A"] if isinstance(c.value, str) and "PROVISIONAL" in c.value]
    assert notes == [f"PROVISIONAL: {acol}: 2 results to come; not the final results"]


@pytest.mark.external  # LibreOffice
def test_a_teams_night_saved_by_libreoffice_scores_the_same(tmp_path: Path) -> None:
    night = tmp_path / "swiss.xlsx"
    assert main(["new", str(night), "--teams", "4", "--boards", "2", "--rounds", "3"]) == 0
    wb = load_workbook(night)
    ws = wb[L.TRAVELLERS]
    for row in range(2, ws.max_row + 1):
        if ws[f"A{row}"].value is not None:  # open room 4S by N made, closed room one down
            ws[f"F{row}"], ws[f"G{row}"], ws[f"H{row}"] = "4S", "N", "="
            ws[f"J{row}"], ws[f"K{row}"], ws[f"L{row}"] = "4S", "N", "-1"
    wb.save(night)
    copy = libreoffice_copy(night, tmp_path)

    def standings(path: Path) -> list[tuple[int, Fraction, Fraction]]:
        result = score_teams_night(path).result
        return [(s.team.number, s.vps, s.imps_won) for s in result.standings]

    # boards 1 (none vulnerable: 420 + 50) and 2 (NS vulnerable: 620 + 100): 10 + 12 IMPs
    assert sorted(imps for _, _, imps in standings(night)) == [0, 0, 22, 22]
    assert standings(copy) == standings(night)
