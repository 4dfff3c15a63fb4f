"""Hand records with a slip (the third round's slips, class 5): each refused naming the file,
line and board, exit status 2, no results written; or scored with a warning that says what
the file gets wrong."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from support import paths

from xlbridge.cli import main
from xlbridge.formats.hand_records import cache_path

ROOT = paths.TEMPLATES
EXAMPLE = ROOT / "example_club_night.xlsx"
HANDS = (ROOT / "example_club_night_hands.pbn").read_text(encoding="utf-8")
DEAL = re.search(r'\[Deal "([^"]*)"\]', HANDS)
assert DEAL is not None
FIRST = DEAL.group(1)  # board 1: N:KT5.AJ8543.KJ.K5 Q6432.T62.7.T973 ...
NORTH, EAST = FIRST[2:].split(" ")[:2]

REFUSED = {
    "a card dealt twice": (
        HANDS.replace(FIRST, FIRST.replace(NORTH, NORTH[:-1] + EAST[-1], 1), 1),
        "line 12: board 1: 'N:KT5.AJ8543.KJ.K3 ",
        "3♣ is dealt twice",
    ),
    "a hand of 12 cards": (
        HANDS.replace(FIRST, FIRST.replace(NORTH, NORTH[:-1], 1), 1),
        "line 12: board 1:",
        "is not a whole deal: 51 cards dealt, 52 expected",
    ),
    "a board 0": (
        HANDS.replace('[Board "1"]', '[Board "0"]', 1),
        "line 12",
        "'0' is not a board number",
    ),
    # found by the commands' long run (round 16): a circled digit is a digit to Python's
    # isdigit but not a number to int(), which raised ValueError through `score --hands`
    "a board typed as a circled digit": (
        HANDS.replace('[Board "1"]', '[Board "①"]', 1),
        "line 12",
        "'①' is not a board number",
    ),
    "another notation (LIN)": (
        "qx|o1|md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|\n",
        "line 1",
        "is not PBN (expected a tag such as [Board",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", REFUSED)
def test_a_hand_record_slip_is_refused_naming_line_and_board(case, tmp_path, capsys):
    text, where, words = REFUSED[case]
    deals = tmp_path / "deals.pbn"
    deals.write_text(text, encoding="utf-8")
    results = tmp_path / "results.xlsx"
    assert main(["score", str(EXAMPLE), "-o", str(results), "--hands", str(deals)]) == 2
    err = capsys.readouterr().err
    assert f"deals.pbn {where}" in err or f"deals.pbn: {where}" in err, err
    assert words in err and "Traceback" not in err
    assert not results.exists()


def test_a_file_that_is_not_there(tmp_path, capsys):
    results = tmp_path / "results.xlsx"
    missing = tmp_path / "deals.pbn"
    assert main(["score", str(EXAMPLE), "-o", str(results), "--hands", str(missing)]) == 2
    assert "the hand-record file is not there" in capsys.readouterr().err
    assert not results.exists()


def solved_beside(deals: Path, text: str) -> None:
    """``text`` written to ``deals`` with the example's solved tables kept beside it, as after
    the club's first night: only a deal not in them is solved again (all 27 take seconds)."""
    deals.write_text(text, encoding="utf-8")
    shutil.copyfile(cache_path(ROOT / "example_club_night_hands.pbn"), cache_path(deals))


def test_a_deal_for_a_board_not_played_is_a_warning(tmp_path, capsys):
    deals = tmp_path / "deals.pbn"
    solved_beside(deals, HANDS.replace('[Board "1"]', '[Board "99"]', 1))
    results = tmp_path / "results.xlsx"
    assert main(["score", str(EXAMPLE), "-o", str(results), "--hands", str(deals)]) == 0
    err = capsys.readouterr().err
    assert "deals.pbn has no deal for board 1" in err
    # the file's own tags, quoted as the file has them
    assert 'board 99 is marked [Dealer "N"] and [Vulnerable "None"]' in err


def test_deals_for_boards_not_played_are_noted(tmp_path, capsys):
    """A file that deals more boards than were played (36 dealt, the night played 1-27)."""
    extra = "".join(
        f'\n[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{FIRST}"]\n'
        for board in (28, 29, 30, 35)
    )
    deals = tmp_path / "deals.pbn"
    solved_beside(deals, HANDS + extra)
    results = tmp_path / "results.xlsx"
    assert main(["score", str(EXAMPLE), "-o", str(results), "--hands", str(deals)]) == 0
    err = capsys.readouterr().err
    assert "note: deals.pbn also deals board 28-30, 35, not played tonight: left out" in err
