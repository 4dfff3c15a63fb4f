"""Deals, PBN games and tables, hand records, double-dummy tables and par.

The published figures come from a real hand record: BridgeComposer 5.57's
export of a Czech club's pairs night (tests/data/pbn/bridgecomposer_bkp_2022.pbn,
boards 16-30), which carries each deal's OptimumResultTable and OptimumScore
(par) as the dealing program (Big Deal) and BridgeComposer's solver found them.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import paths

from xlbridge.contract import Seat, Strain, Vulnerability
from xlbridge.errors import DealError
from xlbridge.formats.pbn import (
    Column,
    decode,
    format_table,
    read_games,
    read_hand_records,
)
from xlbridge.hands import DDTable, format_deal, par, parse_deal, random_deal
from xlbridge.places import FileLine, Problem, Within

DATA = paths.DATA / "pbn"
BRIDGECOMPOSER = DATA / "bridgecomposer_bkp_2022.pbn"

#: Board 16 of the BridgeComposer file, as published: OptimumResultTable and OptimumScore.
BOARD_16_DEAL = "N:AJ.532.KQT7.J876 KT98753.K7.64.T5 Q642.T8.A852.A94 .AQJ964.J93.KQ32"
BOARD_16_TRICKS = {  # NT S H D C
    Seat.N: (6, 6, 4, 7, 7),
    Seat.S: (6, 6, 5, 8, 7),
    Seat.E: (7, 7, 8, 5, 6),
    Seat.W: (7, 7, 8, 5, 6),
}
#: Each board's OptimumScore line as BridgeComposer printed it (NS point of view).
PUBLISHED_PAR = {
    16: -100, 17: -430, 18: -200, 19: 140, 20: 1430, 21: 140, 22: 120, 23: 2210,
    24: 90, 25: 400, 26: 650, 27: 300, 28: 130, 29: 650, 30: 100,
}  # fmt: skip


def records():
    return read_hand_records(decode(BRIDGECOMPOSER.read_bytes()), BRIDGECOMPOSER.name)


# --- deals ------------------------------------------------------------------------


def test_a_deal_reads_and_writes_back_from_any_first_seat():
    deal = parse_deal(BOARD_16_DEAL)
    assert format_deal(deal) == BOARD_16_DEAL
    east_first = format_deal(deal, Seat.E)
    assert east_first.startswith("E:KT98753.K7.64.T5 ")
    assert parse_deal(east_first) == deal
    assert parse_deal(BOARD_16_DEAL.lower().replace("t", "10")) == deal
    assert sum(deal.hcp(seat) for seat in Seat) == 40
    hcp = (deal.hcp(Seat.N), deal.hcp(Seat.E), deal.hcp(Seat.S), deal.hcp(Seat.W))
    assert hcp == (11, 6, 10, 13)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("N:AJ.532.KQT7.J87 KT98753.K7.64.T5 Q642.T8.A852.A94 .AQJ964.J93.KQ32", "51 cards"),
        ("N:AJ.532.KQT7.J876 KT98753.K7.64.T5 Q642.T8.A852.A94 .AQJ964.J93.KQ36", "6♣ is dealt"),
        ("N:AJ.532.KQT7.J8762 KT98753.K7.64.T5 Q642.T8.A852.A94 .AQJ964.J93.KQ3", "holds 14"),
        ("N:AJ.532.KQT7.J876 KT98753.K7.64.T5 Q642.T8.A852.A94", "3 hands"),
        ("N:AJ.532.KQT7.J8X6 KT98753.K7.64.T5 Q642.T8.A852.A94 .AQJ964.J93.KQ32", "'X'"),
        ("AJ.532.KQT7.J876 KT98753.K7.64.T5 Q642.T8.A852.A94 .AQJ964.J93.KQ32", "'N:'"),
        ("N:- KT98753.K7.64.T5 Q642.T8.A852.A94 .AQJ964.J93.KQ32", "not given"),
    ],
)
def test_a_deal_that_is_not_52_distinct_cards_is_refused(text, message):
    with pytest.raises(DealError, match=message):
        parse_deal(text)


def test_a_deal_pasted_with_an_unseen_character_names_it_and_shows_the_deal_whole():
    # board 16 as published, a zero-width space (copied from a web page) after North's
    # jack of clubs: the message shows the deal as pasted, the character named in words
    pasted = BOARD_16_DEAL.replace("J876", "J\u200b876", 1)
    with pytest.raises(DealError) as refused:
        parse_deal(pasted)
    assert str(refused.value) == (
        "'N:AJ.532.KQT7.J[zero-width space]876 KT98753.K7.64.T5 Q642.T8.A852.A94 "
        ".AQJ964.J93.KQ32' is not a deal: '[zero-width space]' is not a card rank"
    )


# --- PBN syntax -------------------------------------------------------------------


def test_games_tags_sections_comments_and_inherited_values():
    text = "\n".join(
        [
            "% PBN 2.1",
            "%Creator: someone",
            '[Event "Club night"] ; a comment',
            '[Board "1"] [Dealer "N"]',
            "{ a comment",
            "over two lines }",
            r'[Names "A \"quoted\" name"]',
            r'[ScoreTable "PairId_NS\2R;Contract\4L;Names\20L"]',
            ' 1 4S   "Alfa Bravo - Charlie"',
            "12 Pass -",
            "",
            '[Event "#"]',
            '[Board "2"]',
        ]
    )
    first, second = read_games(text)
    assert first.value("event") == "Club night"
    assert first.value("Dealer") == "N"
    assert first.value("Names") == 'A "quoted" name'
    table = first.table("ScoreTable")
    assert table is not None
    names = Column("Names", 20)
    assert table.columns == (Column("PairId_NS", 2, "R"), Column("Contract", 4), names)
    assert table.records() == [
        {"PairId_NS": "1", "Contract": "4S", "Names": "Alfa Bravo - Charlie"},
        {"PairId_NS": "12", "Contract": "Pass", "Names": "-"},
    ]
    assert (second.value("Event"), second.value("Board"), second.line) == ("Club night", "2", 12)


def test_tables_are_written_to_their_widths_and_read_back():
    columns = (Column("Rank", 2, "R"), Column("PairId", 2, "R"), Column("Names", 12, "L"))
    lines = format_table("TotalScoreTable", columns, [("1", "7", "Ann - Bob"), ("10=", "12", "")])
    assert lines == [
        r'[TotalScoreTable "Rank\2R;PairId\2R;Names\12L"]',
        ' 1  7 "Ann - Bob"',
        '10= 12 ""',
    ]
    (game,) = read_games("\n".join(lines))
    table = game.table("TotalScoreTable")
    assert table is not None
    assert [row["Names"] for row in table.records()] == ["Ann - Bob", ""]


# --- hand records -----------------------------------------------------------------


def test_a_published_hand_record_reads_with_its_double_dummy_tables():
    hands = records()
    assert sorted(hands.boards) == list(range(16, 31))
    assert hands.warnings == ()
    board = hands.boards[16]
    assert format_deal(board.deal) == BOARD_16_DEAL
    assert (board.dealer, board.vulnerability) == (Seat.W, Vulnerability.EW)
    assert board.dd == DDTable.from_rows(BOARD_16_TRICKS)
    assert board.dd.makeable(Seat.S, Strain.D) == 2
    assert {number: record.par_score for number, record in hands.boards.items()} == PUBLISHED_PAR


def test_par_from_the_published_tables_is_the_published_par():
    """xlbridge's par (pure Python) on each published table gives each published OptimumScore."""
    for record in records():
        assert record.dd is not None
        assert par(record.dd, record.vulnerability, record.dealer).score == record.par_score


@pytest.mark.parametrize(
    ("board", "contracts"),
    [
        (16, ["3DX-1 S"]),  # NS save over EW's hearts
        (17, ["3NT+1 EW"]),
        (19, ["1H+2 N"]),
        (20, ["6H= NS"]),
        (24, ["1C+1 NS", "1NT= NS"]),
        (27, ["5DX-2 EW"]),  # EW save over NS's game
    ],
)
def test_par_contracts(board, contracts):
    record = records().boards[board]
    assert record.dd is not None
    assert [str(c) for c in par(record.dd, record.vulnerability, record.dealer).contracts] == (
        contracts
    )


def test_a_passed_out_par():
    flat = DDTable(((6, 6, 6, 6, 6),) * 4)
    result = par(flat, Vulnerability.BOTH, Seat.N)
    assert (result.score, result.contracts) == (0, ())


def test_a_board_marked_against_its_number_is_reported_and_scored_by_its_number():
    text = f'[Board "5"]\n[Dealer "E"]\n[Vulnerable "EW"]\n[Deal "{BOARD_16_DEAL}"]\n'
    hands = read_hand_records(text, "deals.pbn")
    (warning,) = hands.warnings
    assert warning.where == FileLine("deals.pbn", 4)
    assert str(warning) == (
        'deals.pbn line 4: board 5 is marked [Dealer "E"] and [Vulnerable "EW"], but board 5 '
        "is dealt "
        "by N with NS vulnerable; it is scored by its number"
    )
    assert (hands.boards[5].dealer, hands.boards[5].vulnerability) == (Seat.N, Vulnerability.NS)


def _board_16(old: str = "", new: str = "") -> str:
    """Board 16 of the BridgeComposer file as published (its Deal tag on line 51), with
    ``old`` typed as ``new``."""
    text = decode(BRIDGECOMPOSER.read_bytes()).split("\n\n")[0]
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "what"),
    [
        # a row whose strain is no strain: the table is left, the tricks tag not read either
        (
            "N  S 6\n",
            "N  X 6\n",
            "OptimumResultTable row 'N X 6' not read (a declarer, a strain and tricks are "
            "expected, e.g. 'N S 6')",
        ),
        # West's clubs left out: 19 of the 20 entries (DoubleDummyTricks is read instead)
        ("\nW  C 6", "", "OptimumResultTable has 19 of 20 entries; not used"),
        # West's clubs as 14 tricks, more than a hand has
        ("W  C 6", "W  C 14", "the double-dummy table has tricks outside 0-13"),
    ],
)
def test_a_files_double_dummy_table_not_used_is_a_warning_at_its_board(old, new, what):
    hands = read_hand_records(_board_16(old, new), "deals.pbn")
    assert hands.warnings == (Problem(Within(FileLine("deals.pbn", 51), "board 16"), what),)
    assert str(hands.warnings[0]) == f"deals.pbn line 51: board 16: {what}"
    # text read with no file name: the line alone
    (unnamed,) = read_hand_records(_board_16(old, new)).warnings
    assert str(unnamed) == f"line 51: board 16: {what}"


def test_a_files_par_that_its_table_does_not_give_is_a_warning_at_its_board(tmp_path):
    from xlbridge.formats.hand_records import load_hands

    deals = tmp_path / "deals.pbn"
    # BridgeComposer's par for board 16 is NS -100 (3DX-1 by South); typed as NS -200
    deals.write_text(
        _board_16('[OptimumScore "NS -100"]', '[OptimumScore "NS -200"]'), encoding="utf-8"
    )
    hands = load_hands(deals, use_solver=False)
    assert hands.warnings == (
        Problem(
            Within(FileLine("deals.pbn", 51), "board 16"),
            "the file's par (OptimumScore) is NS -200, the double-dummy table gives NS -100",
        ),
    )
    assert str(hands.warnings[0]) == (
        "deals.pbn line 51: board 16: the file's par (OptimumScore) is NS -200, "
        "the double-dummy table gives NS -100"
    )


def test_a_bad_deal_is_an_error_naming_the_board_and_line():
    bad = BOARD_16_DEAL.replace("KQ32", "KQ3")
    text = f'[Board "3"]\n[Deal "{BOARD_16_DEAL}"]\n\n[Board "4"]\n[Deal "{bad}"]\n'
    with pytest.raises(DealError, match=r"deals.pbn line 5: board 4: .* 51 cards dealt"):
        read_hand_records(text, "deals.pbn")
    other = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    twice = f'[Board "3"]\n[Deal "{BOARD_16_DEAL}"]\n\n[Board "3"]\n[Deal "{other}"]\n'
    with pytest.raises(DealError, match=r"board 3 is dealt differently from deals\.pbn line 2"):
        read_hand_records(twice, "deals.pbn")


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(list(Seat)))
def test_any_deal_reads_back_from_any_seat(seed, first):
    deal = random_deal(random.Random(seed))
    assert parse_deal(format_deal(deal, first)) == deal
    assert sum(deal.hcp(seat) for seat in Seat) == 40
    assert sorted(len("".join(deal.hand(seat))) for seat in Seat) == [13, 13, 13, 13]


@given(
    st.lists(st.integers(min_value=0, max_value=13), min_size=20, max_size=20),
    st.sampled_from(list(Vulnerability)),
    st.sampled_from(list(Seat)),
)
def test_par_is_what_its_contracts_score(tricks, vulnerability, dealer):
    """Each par contract, declared as listed, scores the par (Law 77)."""
    from xlbridge.contract import score_contract

    table = DDTable(tuple(tuple(tricks[5 * i : 5 * i + 5]) for i in range(4)))
    result = par(table, vulnerability, dealer)
    for found in result.contracts:
        for seat in found.declarers:
            taken = table.tricks_for(seat, found.contract.strain)
            assert taken - found.contract.level - 6 == found.result
            assert score_contract(found.contract, seat, found.result, vulnerability) == result.score
