"""A teams workbook is read by the same cell layer as a pairs night, with the same checks.

Each case is a slip a scorer makes in the teams workbook that the pairs reader
already refuses (a formula with no saved value, an Excel error value, merged
cells, a copied or misspelt sheet, a header row moved), refused with the pairs
reader's words and the cell it is in; and a passed-out board typed as a
contract, with the score left blank, scores 0 in that room (Law 77: no score).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from xlbridge.cli import main
from xlbridge.places import Problem
from xlbridge.workbook.teams.night import score_teams_night

Slip = Callable[[Workbook], None]


def night(tmp_path: Path, slip: Slip) -> Path:
    """A 2-team, 1-board match: the open room's NS +420 (4H= by N), the closed room's slip."""
    path = tmp_path / "teams.xlsx"
    assert main(["new", str(path), "--teams", "2", "--boards", "1", "--rounds", "1"]) == 0
    wb = load_workbook(path)
    ws = wb["Travellers"]
    ws["F2"], ws["G2"], ws["H2"] = "4H", "N", "="
    ws["J2"], ws["K2"], ws["L2"] = "3H", "N", "="
    slip(wb)
    wb.save(path)
    return path


def refused(tmp_path: Path, slip: Slip, capsys: pytest.CaptureFixture[str]) -> str:
    path = night(tmp_path, slip)
    capsys.readouterr()
    assert main(["score", str(path)]) == 2
    assert not (tmp_path / "teams-results.xlsx").exists()
    err = capsys.readouterr().err
    assert "Traceback" not in err and "None" not in err
    return err


def test_a_formula_with_no_saved_value_is_refused_naming_the_cell(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Travellers"]["M2"] = "=420"  # openpyxl saves a formula without its value

    err = refused(tmp_path, slip, capsys)
    assert (
        "Travellers!M2: holds a formula (=420) with no saved value: type the value, "
        "or open the workbook in Excel and save it"
    ) in err


def test_an_excel_error_is_named_as_the_pairs_reader_names_it(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Travellers"]["M2"] = "#N/A"

    err = refused(tmp_path, slip, capsys)
    assert "Travellers!M2: #N/A is an Excel error, not a value: usually a lookup" in err


def test_merged_cells_are_refused(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        ws = wb["Travellers"]
        ws["I3"] = 100
        ws.merge_cells("I2:I3")

    err = refused(tmp_path, slip, capsys)
    assert "Travellers!I2:I3: merged cells: unmerge them" in err


def test_a_copied_travellers_sheet_is_not_left_out_silently(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb.copy_worksheet(wb["Travellers"]).title = "Travellers (2)"

    err = refused(tmp_path, slip, capsys)
    assert "sheet 'Travellers (2)': looks like the Travellers sheet" in err


def test_a_moved_header_row_is_refused(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Matches"]["A1"] = 1

    err = refused(tmp_path, slip, capsys)
    assert "Matches!A1: expected the header 'Round', found 1: keep the header row" in err


def test_all_pass_with_a_blank_score_scores_zero(tmp_path):
    def slip(wb: Workbook) -> None:
        ws = wb["Travellers"]
        ws["J2"], ws["K2"], ws["L2"] = "All Pass", None, None

    scored = score_teams_night(night(tmp_path, slip))
    # +420 against a passed-out board: 420 points, 9 IMPs on the WBF table (370-420)
    match = scored.result.matches[0]
    assert (match.home_imps, match.away_imps) == (9, 0)


def test_a_date_typed_as_text_is_read(tmp_path):
    def slip(wb: Workbook) -> None:
        ws = wb["Settings"]
        for row in range(1, ws.max_row + 1):
            if str(ws.cell(row, 1).value).strip().lower() == "date":
                ws.cell(row, 2).value = "24/11/2026"

    scored = score_teams_night(night(tmp_path, slip))
    assert scored.night.date is not None and scored.night.date.isoformat() == "2026-11-24"


def five_teams(tmp_path: Path) -> tuple[Path, Workbook]:
    """A 5-team Swiss, round 1 typed: the open rooms bid and made game (4H=: +420 on board 1,
    +620 on board 2, NS vulnerable), the closed rooms a partscore (3H=: +140)."""
    path = tmp_path / "five.xlsx"
    assert main(["new", str(path), "--teams", "5", "--boards", "2", "--rounds", "2"]) == 0
    wb = load_workbook(path)
    ws = wb["Travellers"]
    for row in range(2, ws.max_row + 1):
        if ws.cell(row, 1).value == 1:
            game = 420 if ws.cell(row, 3).value == 1 else 620
            ws.cell(row, 9).value, ws.cell(row, 13).value = game, 140
    return path, wb


def refusal(wb, path, capsys) -> str:
    """Save the slipped workbook ``wb`` to ``path`` and score it: refused (exit 2), what it said."""
    wb.save(path)
    capsys.readouterr()
    assert main(["score", str(path)]) == 2
    return capsys.readouterr().err


def test_a_bye_team_given_a_score_is_refused_naming_the_cell(tmp_path, capsys):
    path, wb = five_teams(tmp_path)
    wb["Travellers"].append([1, None, 1, 5, None, None, None, None, 420, None, None, None, 140])
    assert (
        "Travellers!D6: team 5 has the bye in round 1: a bye plays no boards, so this row has "
        "nothing to score; delete it"
    ) in refusal(wb, path, capsys)


def test_one_room_left_blank_is_named_and_the_match_counts_its_boards_played(tmp_path, capsys):
    path, wb = five_teams(tmp_path)
    wb["Travellers"]["M2"] = None  # board 1 of 1 v 2: the closed room not typed yet
    wb.save(path)
    scored = score_teams_night(path)
    assert Problem("round 1 table 1 (1 v 2)", "board 1 has no result in the closed room yet") in (
        scored.result.warnings
    )
    match = next(m for m in scored.result.matches if m.match.home == 1)
    # board 2 only: +620 against +140 is 480, 10 IMPs (WBF scale: 430-490)
    assert (match.home_imps, match.away_imps) == (10, 0)


def test_a_team_withdrawn_before_a_round_it_played_is_refused(tmp_path, capsys):
    """Withdrawn after round 0 (never played) but in round 1's match: one of the two cells is
    wrong, and scoring it either way would change the ranking."""
    path, wb = five_teams(tmp_path)
    wb["Teams"]["K2"] = 0
    assert (
        "Matches!C2: team 1 plays in round 1, but Teams!K2 says it withdrew after round 0: "
        "give the last round it played there"
    ) in refusal(wb, path, capsys)


def test_a_team_withdrawn_after_the_round_it_played_keeps_its_matches(tmp_path):
    path, wb = five_teams(tmp_path)
    wb["Teams"]["K2"] = 1
    wb.save(path)
    scored = score_teams_night(path)
    standing = next(s for s in scored.result.standings if s.team.number == 1)
    # 420 v 140 (7 IMPs) and 620 v 140 (10 IMPs): 17 IMPs to nil
    assert (standing.team.withdrawn_after, standing.imps_won, standing.imps_lost) == (1, 17, 0)


def test_a_team_count_in_settings_that_differs_from_the_teams_sheet_is_named(tmp_path):
    path, wb = five_teams(tmp_path)
    wb["Settings"]["B5"] = 4  # a late entry added on the Teams sheet, Settings not updated
    wb.save(path)
    scored = score_teams_night(path)
    assert (
        "Settings!B5: 'Teams' says 4, but the Teams sheet lists 5: the Teams sheet is scored"
        in map(str, scored.warnings)
    )
    assert len(scored.result.standings) == 5


# --- a room's result cells: the pairs traveller's checks, with its words -------------------
# The match: open room 4H= by N (+420), closed room 3H= by N (+140); board 1, nobody
# vulnerable: 280 points to the home team, 7 IMPs (WBF scale: 270-310).


def rulings(wb: Workbook, *rows: tuple[object, ...]) -> None:
    for row in rows:
        wb["Rulings"].append(list(row))


def test_a_weighted_ruling_in_one_room_is_imped_against_the_other(tmp_path, capsys):
    """Seed 000 section 3: 60% 4H= (+420), 40% 4H-1 (-50) against 3H= (+140): 7 x 0.6 -
    5 x 0.4 = 2.2 IMPs, so 2; the ruling typed in the open room's score, the contract as
    played left beside it (no warning: the TD's score replaces the table's)."""

    def slip(wb: Workbook) -> None:
        wb["Travellers"]["I2"] = "R1"
        rulings(wb, ("R1", None, 420, "60%", "4H="), ("R1", None, -50, "40%", "4H-1"))

    scored = score_teams_night(night(tmp_path, slip))
    (match,) = scored.result.matches
    assert (match.home_imps, match.away_imps) == (2, 0)
    assert scored.warnings == ()


def test_the_same_ruling_in_both_rooms_is_scored_with_a_warning(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Travellers"]["I2"], wb["Travellers"]["M2"] = "R1", "R1"
        rulings(wb, ("R1", None, 420, "60%", ""), ("R1", None, -50, "40%", ""))

    scored = score_teams_night(night(tmp_path, slip))
    assert (
        "Travellers!M2: ruling R1 is given in both rooms of board 1 (also Travellers!I2): a "
        "ruling is for the table where it was made; if each room has its own, give each its "
        "own ID"
    ) in map(str, scored.warnings)
    (match,) = scored.result.matches
    assert (match.home_imps, match.away_imps) == (0, 0)  # the same weighted score twice


@pytest.mark.parametrize(
    ("cells", "words"),
    [
        # a score typed in the Result column, the room's contract left out
        ({"J2": None, "K2": None, "L2": 140}, "Travellers!L2: 140 is typed but no contract is"),
        # ... or in the Result column of a room with its contract
        ({"L2": 140}, "Travellers!L2: 140 is not possible for 3H: at most 4 overtricks"),
        # a score typed where the contract goes
        ({"J2": 140, "K2": None, "L2": None}, "Travellers!J2: 140 is not a contract"),
        # 620 is a vulnerable game: board 1 has nobody vulnerable
        ({"I2": 620}, "Travellers!I2: 620: no contract scores 620 for NS on board 1"),
    ],
)  # fmt: skip
def test_a_score_in_the_wrong_place_is_refused_naming_the_cell(cells, words, tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        for ref, value in cells.items():
            wb["Travellers"][ref] = value

    assert words in refused(tmp_path, slip, capsys)


def test_a_typed_score_that_differs_from_the_contract_is_used_with_a_warning(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Travellers"]["M2"] = 170  # 3H+1 typed as the score; the contract says 3H=

    scored = score_teams_night(night(tmp_path, slip))
    assert (
        "Travellers!M2: the typed score 170 differs from the contract's (3H= N: 140); the "
        "typed score is used"
    ) in map(str, scored.warnings)
    (match,) = scored.result.matches
    assert (match.home_imps, match.away_imps) == (6, 0)  # 250 points: 6 IMPs (220-260)


def test_a_ruling_whose_weights_do_not_add_up_names_its_rows(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Travellers"]["I2"] = "R1"
        rulings(wb, ("R1", None, 420, "60%", ""), ("R1", None, -50, "30%", ""))

    err = refused(tmp_path, slip, capsys)
    assert "Rulings!A2:E3: ruling 'R1': the weights add up to 90%, not 100%" in err


@pytest.mark.parametrize(("ns", "ew"), [("North-South", "East-West"), ("NS", "EW"), ("N-S", "E-W")])
def test_a_split_rulings_sides_three_ways(ns, ew, tmp_path):
    """The open room ruled NS +420 for the home pair and NS -50 for the away pair, against the
    closed room's 3H= (+140): home +420 - 140 = 280 points, 7 IMPs (270-310); away +50 + 140 =
    190 points, 5 IMPs (170-210), however the sides are spelt."""

    def slip(wb: Workbook) -> None:
        wb["Travellers"]["I2"] = "R1"
        rulings(wb, ("R1", ns, 420, None, ""), ("R1", ew, -50, None, ""))

    scored = score_teams_night(night(tmp_path, slip))
    (match,) = scored.result.matches
    assert (match.home_imps, match.away_imps) == (7, 5)


def test_a_rulings_side_typo_is_refused_naming_the_cell(tmp_path, capsys):
    def slip(wb: Workbook) -> None:
        wb["Travellers"]["I2"] = "R1"
        rulings(wb, ("R1", "NX", 420, None, ""), ("R1", "EW", -50, None, ""))

    err = refused(tmp_path, slip, capsys)
    assert "Rulings!B2: side 'NX' is not a direction (expected NS, N-S or North-South" in err


@pytest.mark.parametrize(
    ("sides", "words"),
    [
        (("EW", "EW"), "Rulings!B3: both rows of ruling R1 give EW: leave Side blank when the "
         "score is the same for both sides, or give NS on one row"),
        (("NS",), "Rulings!B2: the one row of ruling R1 gives NS: leave Side blank when the "
         "score is the same for both sides, or add a row giving EW"),
        (("ns", "N/S", "NS"), "Rulings!B4: all 3 rows of ruling R1 give NS: leave Side blank "
         "when the score is the same for both sides, or give EW on the rows of the EW score"),
    ],
)  # fmt: skip
def test_a_ruling_whose_rows_all_give_one_side_says_what_to_type(sides, words, tmp_path, capsys):
    """Side NS or EW makes a row one side's score of a split ruling; with no row for the other
    side the ruling has no score for it."""

    def slip(wb: Workbook) -> None:
        wb["Travellers"]["I2"] = "R1"
        weights = {1: ["100%"], 2: ["60%", "40%"], 3: ["50%", "30%", "20%"]}[len(sides)]
        rows = zip(sides, weights, strict=True)
        rulings(wb, *(("R1", side, 420, weight, "") for side, weight in rows))

    assert words in refused(tmp_path, slip, capsys)


def test_a_split_ruling_with_a_row_for_each_side_is_scored(tmp_path, capsys):
    """The fix the refusal asks for: NS on one row, EW on the other.  NS +420 against the
    closed room's +140 is 280, 7 IMPs to the home team; EW +140 against +140 is 0."""

    def slip(wb: Workbook) -> None:
        wb["Travellers"]["I2"] = "R1"
        rulings(wb, ("R1", "NS", 420, "", ""), ("R1", "EW", 140, "", ""))

    scored = score_teams_night(night(tmp_path, slip))
    (match,) = scored.result.matches
    assert (match.home_imps, match.away_imps) == (7, 0)


def test_a_team_keeps_its_own_letters(tmp_path):
    """A team named in half-width katakana, a Croatian player's titlecase digraph (U+01C5)
    and the event's name are read as typed, never turned into their compatibility forms
    (NFKC: full-width katakana, ``Dž``); the players' numbers are still read as numbers."""

    def names(wb: Workbook) -> None:
        wb["Teams"]["B2"], wb["Teams"]["C2"] = "\uff80\uff85\uff76", "\u01c5uro Kova\u010d"
        wb["Teams"]["D2"] = "\uff11\uff12"  # a number typed with full-width digits: 12
        wb["Settings"]["B2"] = "\uff80\uff85\uff76 Cup"

    event = score_teams_night(night(tmp_path, names)).night.event
    assert event.name == "\uff80\uff85\uff76 Cup"
    assert event.teams[0].name == "\uff80\uff85\uff76"
    assert event.teams[0].players == (("\u01c5uro Kova\u010d", "12"),)


def test_a_blank_column_inserted_before_the_boards_is_named_first(tmp_path, capsys):
    """A blank column inserted between Away (D) and Boards (E) of the Matches sheet: E1 is
    blank and 'Boards' is in F1, a column no other check reads, so the boards were read from
    the blank column (found by the teams fuzzing of slips in typing, issue 35 item 8: it was
    called a blank list of boards at Matches!E2)."""

    def slip(wb: Workbook) -> None:
        wb["Matches"].insert_cols(5)

    err = refused(tmp_path, slip, capsys)
    assert err.splitlines()[0] == (
        "error: Matches!E1: expected the header 'Boards', found a blank cell, and 'Boards' in "
        "the next column: a column was inserted before it; delete that column (a column for "
        "notes goes after the last one)"
    ), err


def test_a_format_typed_with_an_apostrophe_is_quoted_as_typed(tmp_path, capsys):
    # Patton's, another teams scoring: named as typed, not as Python's "Patton's"
    def slip(wb: Workbook) -> None:
        ws = wb["Settings"]
        (row,) = [cell.row for cell in ws["A"] if cell.value == "Format"]
        ws[f"B{row}"] = "Patton's"

    err = refused(tmp_path, slip, capsys)
    assert err == (
        "error: 1 problem in the workbook:\n"
        "Settings!B4: 'Patton's' is not a format: use swiss or round-robin\n"
    )
