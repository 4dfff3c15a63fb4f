"""Contracts, board cycles and Law 77 scoring, checked against published figures.

Every expected score below is a figure from the Law 77 scoring table (Laws of
Duplicate Bridge 2017) or the standard printed scoring charts derived from it,
written out by hand, never computed by the code under test.
"""

from __future__ import annotations

import doctest
import math
import re

import pytest

from xlbridge import contract as contract_module
from xlbridge.contract import (
    Contract,
    Doubling,
    PlayedContract,
    Seat,
    Strain,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    format_contract,
    is_possible_score,
    parse_contract,
    parse_tricks_result,
    possible_scores,
    score_contract,
)
from xlbridge.errors import ContractError, ScoringError

NONE, NS, EW, BOTH = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
X, XX = Doubling.DOUBLED, Doubling.REDOUBLED


def declarer_score(text: str, result: int, vulnerable: bool) -> int:
    """The score of North as declarer, vulnerable or not."""
    return score_contract(parse_contract(text), Seat.N, result, NS if vulnerable else NONE)


# The scoring chart for contracts made exactly: (not vulnerable, vulnerable) for
# undoubled, doubled and redoubled.
MADE_EXACTLY = {
    "1C": (70, 70, 140, 140, 230, 230),
    "1D": (70, 70, 140, 140, 230, 230),
    "1H": (80, 80, 160, 160, 520, 720),
    "1S": (80, 80, 160, 160, 520, 720),
    "1NT": (90, 90, 180, 180, 560, 760),
    "2C": (90, 90, 180, 180, 560, 760),
    "2D": (90, 90, 180, 180, 560, 760),
    "2H": (110, 110, 470, 670, 640, 840),
    "2S": (110, 110, 470, 670, 640, 840),
    "2NT": (120, 120, 490, 690, 680, 880),
    "3C": (110, 110, 470, 670, 640, 840),
    "3D": (110, 110, 470, 670, 640, 840),
    "3H": (140, 140, 530, 730, 760, 960),
    "3S": (140, 140, 530, 730, 760, 960),
    "3NT": (400, 600, 550, 750, 800, 1000),
    "4C": (130, 130, 510, 710, 720, 920),
    "4D": (130, 130, 510, 710, 720, 920),
    "4H": (420, 620, 590, 790, 880, 1080),
    "4S": (420, 620, 590, 790, 880, 1080),
    "4NT": (430, 630, 610, 810, 920, 1120),
    "5C": (400, 600, 550, 750, 800, 1000),
    "5D": (400, 600, 550, 750, 800, 1000),
    "5H": (450, 650, 650, 850, 1000, 1200),
    "5S": (450, 650, 650, 850, 1000, 1200),
    "5NT": (460, 660, 670, 870, 1040, 1240),
    "6C": (920, 1370, 1090, 1540, 1380, 1830),
    "6D": (920, 1370, 1090, 1540, 1380, 1830),
    "6H": (980, 1430, 1210, 1660, 1620, 2070),
    "6S": (980, 1430, 1210, 1660, 1620, 2070),
    "6NT": (990, 1440, 1230, 1680, 1660, 2110),
    "7C": (1440, 2140, 1630, 2330, 1960, 2660),
    "7D": (1440, 2140, 1630, 2330, 1960, 2660),
    "7H": (1510, 2210, 1770, 2470, 2240, 2940),
    "7S": (1510, 2210, 1770, 2470, 2240, 2940),
    "7NT": (1520, 2220, 1790, 2490, 2280, 2980),
}
MADE_CASES = [
    pytest.param(
        text + suffix, vulnerable, figures[2 * column + vulnerable], id=f"{text}{suffix}-{tag}"
    )
    for text, figures in MADE_EXACTLY.items()
    for column, suffix in enumerate(("", "X", "XX"))
    for vulnerable, tag in ((False, "nv"), (True, "vul"))
]


def test_the_chart_has_every_level_and_strain() -> None:
    assert len(MADE_EXACTLY) == 35
    assert len(MADE_CASES) == 210


@pytest.mark.parametrize(("text", "vulnerable", "expected"), MADE_CASES)
def test_made_exactly(text: str, vulnerable: bool, expected: int) -> None:
    assert declarer_score(text, 0, vulnerable) == expected


@pytest.mark.parametrize(
    ("text", "result", "vulnerable", "expected"),
    [
        ("4S", 1, False, 450),
        ("4S", 1, True, 650),
        ("3NT", 1, False, 430),
        ("3NT", 2, True, 660),
        ("2C", 3, False, 150),
        ("1D", 6, True, 190),
        ("1NT", 6, False, 270),
        ("2H", 2, False, 170),
        ("5D", 2, True, 640),
        ("6NT", 1, False, 1020),
        ("6NT", 1, True, 1470),
        ("3NTX", 1, False, 650),
        ("3NTX", 1, True, 950),
        ("1CX", 2, False, 340),
        ("1CX", 2, True, 540),
        ("4HX", 1, False, 690),
        ("4HX", 1, True, 990),
        ("2SX", 2, True, 1070),
        ("3NTXX", 1, False, 1000),
        ("3NTXX", 1, True, 1400),
        ("4HXX", 1, False, 1080),
        ("4HXX", 1, True, 1480),
        ("1CXX", 1, False, 430),
        # The largest score in duplicate bridge: 1NT redoubled, vulnerable, 13 tricks.
        ("1NTXX", 6, True, 3160),
        ("1NTXX", 6, False, 1760),
    ],
)
def test_overtricks(text: str, result: int, vulnerable: bool, expected: int) -> None:
    assert declarer_score(text, result, vulnerable) == expected


# Undertrick penalties, one down to thirteen down.
UNDOUBLED_NV = [-50 * n for n in range(1, 14)]
UNDOUBLED_VUL = [-100 * n for n in range(1, 14)]
DOUBLED_NV = [-100, -300, -500, -800, -1100, -1400, -1700, -2000, -2300, -2600, -2900, -3200, -3500]
DOUBLED_VUL = [
    -200,
    -500,
    -800,
    -1100,
    -1400,
    -1700,
    -2000,
    -2300,
    -2600,
    -2900,
    -3200,
    -3500,
    -3800,
]
REDOUBLED_NV = [
    -200,
    -600,
    -1000,
    -1600,
    -2200,
    -2800,
    -3400,
    -4000,
    -4600,
    -5200,
    -5800,
    -6400,
    -7000,
]
REDOUBLED_VUL = [
    -400,
    -1000,
    -1600,
    -2200,
    -2800,
    -3400,
    -4000,
    -4600,
    -5200,
    -5800,
    -6400,
    -7000,
    -7600,
]
UNDERTRICK_CASES = [
    pytest.param(suffix, down, vulnerable, penalties[down - 1], id=f"{suffix or 'U'}-{down}-{tag}")
    for suffix, vulnerable, tag, penalties in [
        ("", False, "nv", UNDOUBLED_NV),
        ("", True, "vul", UNDOUBLED_VUL),
        ("X", False, "nv", DOUBLED_NV),
        ("X", True, "vul", DOUBLED_VUL),
        ("XX", False, "nv", REDOUBLED_NV),
        ("XX", True, "vul", REDOUBLED_VUL),
    ]
    for down in range(1, 14)
]


@pytest.mark.parametrize(("suffix", "down", "vulnerable", "expected"), UNDERTRICK_CASES)
def test_undertricks(suffix: str, down: int, vulnerable: bool, expected: int) -> None:
    assert declarer_score(f"7NT{suffix}", -down, vulnerable) == expected


@pytest.mark.parametrize(
    ("text", "down", "vulnerable", "expected"),
    [
        ("3NT", 1, False, -50),
        ("4H", 2, True, -200),
        ("4SX", 3, False, -500),
        ("4SX", 3, True, -800),
        ("1CX", 7, False, -1700),
        ("1CXX", 7, True, -4000),
        ("2HX", 1, True, -200),
    ],
)
def test_undertricks_at_other_levels(text: str, down: int, vulnerable: bool, expected: int) -> None:
    assert declarer_score(text, -down, vulnerable) == expected


@pytest.mark.parametrize(
    ("text", "declarer", "result", "vulnerability", "expected"),
    [
        ("4H", Seat.E, 0, NONE, -420),
        ("4H", Seat.W, 0, EW, -620),
        ("4H", Seat.E, 0, NS, -420),
        ("4H", Seat.S, 0, EW, 420),
        ("4H", Seat.S, 0, BOTH, 620),
        ("3NT", Seat.E, -1, NONE, 50),
        ("3NT", Seat.W, -1, EW, 100),
        ("3NT", Seat.N, -2, BOTH, -200),
        ("6S", Seat.W, 0, BOTH, -1430),
        ("1HX", Seat.E, 0, NONE, -160),
        ("4SX", Seat.E, -3, NS, 500),
        ("7NTXX", Seat.W, -13, EW, 7600),
        ("7NTXX", Seat.S, -13, NS, -7600),
    ],
)
def test_sign_follows_the_declaring_side(text, declarer, result, vulnerability, expected) -> None:
    assert score_contract(parse_contract(text), declarer, result, vulnerability) == expected


@pytest.mark.parametrize("vulnerability", list(Vulnerability))
def test_passed_out_scores_zero(vulnerability: Vulnerability) -> None:
    assert score_contract(None, None, 0, vulnerability) == 0
    assert score_contract(parse_contract("Pass"), Seat.N, 0, vulnerability) == 0


def test_extremes() -> None:
    assert score_contract(parse_contract("7NTXX"), Seat.N, 0, BOTH) == 2980
    assert score_contract(parse_contract("7NTXX"), Seat.N, -13, BOTH) == -7600
    assert score_contract(parse_contract("1NTXX"), Seat.E, 6, BOTH) == -3160


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            (Contract(4, Strain.H), Seat.N, 4, NONE),
            "4 is not possible for 4H: at most 3 overtricks",
        ),
        (
            (Contract(7, Strain.NT), Seat.N, 1, NONE),
            "1 is not possible for 7NT: at most 0 overtricks",
        ),
        (
            (Contract(1, Strain.C), Seat.N, -8, NONE),
            "-8 is not possible for 1C: at most 7 undertricks",
        ),
        ((Contract(4, Strain.H), None, 0, NONE), "None is not a declarer for 4H (expected a Seat)"),
        ((Contract(4, Strain.H), Seat.N, 1.0, NONE), "1.0 is not a whole number of tricks"),
        ((Contract(4, Strain.H), Seat.N, True, NONE), "True is not a whole number of tricks"),
        ((None, None, 1, NONE), "1 is not a result for a passed-out board (expected 0)"),
    ],
)
def test_score_contract_refuses(args, message) -> None:
    with pytest.raises(ContractError) as info:
        score_contract(*args)
    assert str(info.value) == message


# The standard 16-board cycle: board, dealer, vulnerability.
BOARD_TABLE = [
    (1, Seat.N, NONE),
    (2, Seat.E, NS),
    (3, Seat.S, EW),
    (4, Seat.W, BOTH),
    (5, Seat.N, NS),
    (6, Seat.E, EW),
    (7, Seat.S, BOTH),
    (8, Seat.W, NONE),
    (9, Seat.N, EW),
    (10, Seat.E, BOTH),
    (11, Seat.S, NONE),
    (12, Seat.W, NS),
    (13, Seat.N, BOTH),
    (14, Seat.E, NONE),
    (15, Seat.S, NS),
    (16, Seat.W, EW),
    (17, Seat.N, NONE),
    (18, Seat.E, NS),
    (32, Seat.W, EW),
    (33, Seat.N, NONE),
    (36, Seat.W, BOTH),
    (1000, Seat.W, NONE),
]


@pytest.mark.parametrize(("board", "dealer", "vulnerability"), BOARD_TABLE)
def test_board_cycle(board: int, dealer: Seat, vulnerability: Vulnerability) -> None:
    assert board_dealer(board) is dealer
    assert board_vulnerability(board) is vulnerability


def test_board_as_whole_float() -> None:
    assert board_dealer(17.0) is Seat.N
    assert board_vulnerability(7.0) is BOTH


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (3.5, "board 3.5 is not a whole number"),
        (0, "board 0 is not a board number (expected 1 or more)"),
        (-1, "board -1 is not a board number (expected 1 or more)"),
        (-16.0, "board -16 is not a board number (expected 1 or more)"),
        ("x", "board 'x' is not a number"),
        (True, "board TRUE is not a number"),
        (math.nan, "board nan is not a number"),
    ],
)
@pytest.mark.parametrize("function", [board_dealer, board_vulnerability])
def test_board_refused(function, board, message) -> None:
    with pytest.raises(ContractError) as info:
        function(board)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", Seat.N),
        ("n", Seat.N),
        ("North", Seat.N),
        (" north ", Seat.N),
        ("E", Seat.E),
        ("east", Seat.E),
        ("S", Seat.S),
        ("SOUTH", Seat.S),
        ("w", Seat.W),
        ("West", Seat.W),
    ],
)
def test_seat_parse(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("C", Strain.C),
        ("c", Strain.C),
        ("\u2663", Strain.C),
        ("clubs", Strain.C),
        ("D", Strain.D),
        ("\u2666", Strain.D),
        ("\u2662", Strain.D),
        ("H", Strain.H),
        ("\u2665", Strain.H),
        ("\u2665\ufe0f", Strain.H),
        ("Hearts", Strain.H),
        ("s", Strain.S),
        ("\u2660", Strain.S),
        ("N", Strain.NT),
        ("NT", Strain.NT),
        ("nt", Strain.NT),
        ("no trump", Strain.NT),
        ("No-Trumps", Strain.NT),
    ],
)
def test_strain_parse(text: str, strain: Strain) -> None:
    assert Strain.parse(text) is strain


@pytest.mark.parametrize(
    ("text", "doubling"),
    [
        ("", Doubling.UNDOUBLED),
        (" ", Doubling.UNDOUBLED),
        ("X", Doubling.DOUBLED),
        ("x", Doubling.DOUBLED),
        ("*", Doubling.DOUBLED),
        ("XX", Doubling.REDOUBLED),
        ("xx", Doubling.REDOUBLED),
        ("**", Doubling.REDOUBLED),
        ("redoubled", Doubling.REDOUBLED),
    ],
)
def test_doubling_parse(text: str, doubling: Doubling) -> None:
    assert Doubling.parse(text) is doubling


@pytest.mark.parametrize(
    ("text", "vulnerability"),
    [
        ("None", NONE),
        ("none", NONE),
        ("Love", NONE),
        ("-", NONE),
        ("\u2013", NONE),
        ("NS", NS),
        ("N-S", NS),
        ("n/s", NS),
        ("EW", EW),
        ("E-W", EW),
        ("e - w", EW),
        ("All", BOTH),
        ("Both", BOTH),
        ("BOTH", BOTH),
    ],
)
def test_vulnerability_parse(text: str, vulnerability: Vulnerability) -> None:
    assert Vulnerability.parse(text) is vulnerability


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (Seat.parse, "Q", "'Q' is not a seat (expected N, E, S or W)"),
        (Seat.parse, "", "'' is not a seat (expected N, E, S or W)"),
        (Seat.parse, None, "a blank cell is not a seat (expected N, E, S or W)"),
        (Strain.parse, "Z", "'Z' is not a strain (expected C, D, H, S or NT)"),
        (Doubling.parse, "XXX", "'XXX' is not a doubling (expected '', X or XX)"),
        (
            Vulnerability.parse,
            "some",
            "'some' is not a vulnerability (expected None, NS, EW or Both)",
        ),
        (Vulnerability.parse, "", "'' is not a vulnerability (expected None, NS, EW or Both)"),
    ],
)
def test_enum_parse_refuses(parse, text, message) -> None:
    with pytest.raises(ContractError) as info:
        parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("vulnerability", "vulnerable_seats"),
    [
        (NONE, ""),
        (NS, "NS"),
        (EW, "EW"),
        (BOTH, "NESW"),
    ],
)
def test_is_vulnerable(vulnerability: Vulnerability, vulnerable_seats: str) -> None:
    for seat in Seat:
        assert vulnerability.is_vulnerable(seat) is (seat.value in vulnerable_seats)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4HX", Contract(4, Strain.H, X)),
        ("4 H X", Contract(4, Strain.H, X)),
        ("4hx", Contract(4, Strain.H, X)),
        ("4H*", Contract(4, Strain.H, X)),
        ("3NT", Contract(3, Strain.NT)),
        ("3N", Contract(3, Strain.NT)),
        ("3nt", Contract(3, Strain.NT)),
        ("3NX", Contract(3, Strain.NT, X)),
        ("7NTXX", Contract(7, Strain.NT, XX)),
        ("7 NT XX", Contract(7, Strain.NT, XX)),
        ("4\u2665", Contract(4, Strain.H)),
        ("4\u2665\ufe0fX", Contract(4, Strain.H, X)),
        ("6\u2660xx", Contract(6, Strain.S, XX)),
        ("1C", Contract(1, Strain.C, Doubling.UNDOUBLED)),
        ("2 Diamonds", Contract(2, Strain.D)),
        (" 5D ", Contract(5, Strain.D)),
    ],
)
def test_parse_contract(text: str, expected: Contract) -> None:
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["pass", "PASS", "Pass", "P", "p", "AP", "all pass", "Passed out"])
def test_parse_passed_out(text: str) -> None:
    assert parse_contract(text) is None


@pytest.mark.parametrize(
    "text", ["4Z", "8H", "0NT", "", "H4", "4", "4X", "4HXXX", "4H X X X", "NT", "44H"]
)
def test_parse_contract_refuses(text: str) -> None:
    with pytest.raises(ContractError) as info:
        parse_contract(text)
    expected = f"{text!r} is not a contract (expected level 1-7, strain C D H S NT, then X or XX)"
    assert str(info.value) == expected


def test_parse_contract_refuses_a_number() -> None:
    with pytest.raises(ContractError, match=r"^4 is not a contract \(expected level 1-7"):
        parse_contract(4)  # type: ignore[arg-type]


def test_the_quoted_message() -> None:
    with pytest.raises(ContractError) as info:
        parse_contract("4Z")
    assert str(info.value) == (
        "'4Z' is not a contract (expected level 1-7, strain C D H S NT, then X or XX)"
    )
    assert isinstance(info.value, ScoringError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("contract", "text"),
    [
        (Contract(4, Strain.H, X), "4HX"),
        (Contract(3, Strain.NT), "3NT"),
        (Contract(7, Strain.NT, XX), "7NTXX"),
        (Contract(1, Strain.C), "1C"),
        (Contract(2, Strain.D, X), "2DX"),
        (Contract(6, Strain.S, XX), "6SXX"),
        (None, "Pass"),
    ],
)
def test_format_contract(contract: Contract | None, text: str) -> None:
    assert format_contract(contract) == text
    assert parse_contract(text) == contract


def test_every_contract_round_trips() -> None:
    contracts = [
        Contract(level, strain, doubling)
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
    ]
    assert len(set(contracts)) == 105
    for contract in contracts:
        assert parse_contract(format_contract(contract)) == contract
        assert str(contract) == format_contract(contract)


def test_equality_covers_every_field() -> None:
    assert Contract(4, Strain.H) == Contract(4, Strain.H, Doubling.UNDOUBLED)
    assert Contract(4, Strain.H) != Contract(4, Strain.H, X)
    assert Contract(4, Strain.H, X) != Contract(4, Strain.H, XX)
    assert Contract(4, Strain.H) != Contract(4, Strain.S)
    assert Contract(4, Strain.H) != Contract(5, Strain.H)
    assert len({Contract(4, Strain.H), Contract(4, Strain.H, X), Contract(4, Strain.H, XX)}) == 3


def test_contract_is_frozen() -> None:
    contract = Contract(4, Strain.H)
    with pytest.raises(AttributeError):
        contract.level = 5  # type: ignore[misc]


def test_repr_pastes_back() -> None:
    contract = Contract(4, Strain.H, X)
    assert repr(contract) == "Contract(level=4, strain=Strain.H, doubling=Doubling.DOUBLED)"
    namespace = {"Contract": Contract, "Strain": Strain, "Doubling": Doubling}
    assert eval(repr(contract), namespace) == contract
    assert repr(Seat.N) == "Seat.N"
    assert repr(Vulnerability.BOTH) == "Vulnerability.BOTH"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, Strain.H), "0 is not a contract level (expected 1-7)"),
        ((8, Strain.H), "8 is not a contract level (expected 1-7)"),
        ((4.0, Strain.H), "4.0 is not a contract level (expected 1-7)"),
        ((True, Strain.H), "True is not a contract level (expected 1-7)"),
        ((4, "H"), "'H' is not a Strain (use Strain.parse)"),
        ((4, Strain.H, "X"), "'X' is not a Doubling (use Doubling.parse)"),
    ],
)
def test_contract_refuses(args, message) -> None:
    with pytest.raises(ContractError) as info:
        Contract(*args)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=", 0),
        (" = ", 0),
        ("m", 0),
        ("M", 0),
        ("made", 0),
        ("Making", 0),
        ("0", 0),
        ("+0", 0),
        (0, 0),
        (0.0, 0),
        ("+1", 1),
        (1, 1),
        (1.0, 1),
        ("+3", 3),
        ("-2", -2),
        ("\u22122", -2),
        (-2, -2),
        (-2.0, -2),
        ("-10", -10),
    ],
)
def test_parse_tricks_result(value: object, expected: int) -> None:
    assert parse_tricks_result(value, Contract(4, Strain.H)) == expected


@pytest.mark.parametrize(
    ("value", "contract", "message"),
    [
        (3.5, "4H", "3.5 is not a whole number of tricks"),
        ("3.5", "4H", "'3.5' is not a whole number of tricks"),
        ("x", "4H", "'x' is not a result"),
        ("", "4H", "'' is not a result"),
        (None, "4H", "a blank cell is not a result"),
        (True, "4H", "TRUE is not a result"),
        (math.inf, "4H", "inf is not a result"),
        (4, "4H", "4 is not possible for 4H: at most 3 overtricks"),
        ("+4", "4HX", "'+4' is not possible for 4HX: at most 3 overtricks"),
        (1, "7NT", "1 is not possible for 7NT: at most 0 overtricks"),
        (10, "4H", "10 is not possible for 4H: at most 3 overtricks"),
        (-11, "4H", "-11 is not possible for 4H: at most 10 undertricks"),
        ("-14", "7NT", "'-14' is not possible for 7NT: at most 13 undertricks"),
        (-8, "1C", "-8 is not possible for 1C: at most 7 undertricks"),
        (1, "Pass", "1 is not a result for a passed-out board (expected 0)"),
    ],
)
def test_parse_tricks_result_refuses(value: object, contract: str, message: str) -> None:
    with pytest.raises(ContractError) as info:
        parse_tricks_result(value, parse_contract(contract))
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(
    ("value", "contract", "expected"),
    [
        (3, "4H", 3),
        (-10, "4H", -10),
        (0, "7NT", 0),
        (-13, "7NT", -13),
        (6, "1NT", 6),
        (-7, "1C", -7),
        (None, "Pass", 0),
        ("", "Pass", 0),
        (0, "Pass", 0),
        ("=", "Pass", 0),
    ],
)
def test_parse_tricks_result_limits(value: object, contract: str, expected: int) -> None:
    assert parse_tricks_result(value, parse_contract(contract)) == expected


@pytest.mark.parametrize(
    ("score", "vulnerability", "possible"),
    [
        (420, NONE, True),  # 4H= not vulnerable
        (420, None, True),
        (620, NS, True),  # 4H= vulnerable by NS
        (620, None, True),
        (620, NONE, False),  # no non-vulnerable contract scores 620
        (620, EW, False),
        (-620, EW, True),  # 4H= vulnerable by EW
        (-50, NONE, True),  # one down undoubled, not vulnerable
        (50, NONE, True),
        (0, NONE, True),  # passed out
        (0, None, True),
        (110, None, True),  # 2H= or 3C=
        (90, None, True),  # 1NT= or 2C=
        (1430, NS, True),  # 6H= vulnerable
        (1430, NONE, True),  # 1CXX+6 not vulnerable
        (2980, BOTH, True),  # 7NTXX= vulnerable
        (2980, NONE, False),
        (2220, BOTH, True),  # 7NT= vulnerable
        (2220, NONE, False),
        (3160, NS, True),  # 1NTXX+6 vulnerable, the largest score
        (3160, None, True),
        (-7600, NS, True),  # 7NTXX-13 vulnerable by NS
        (-7600, NONE, False),
        (-7600, None, True),
        (7600, EW, True),
        (-7000, NONE, True),  # 7NTXX-13 not vulnerable
        (425, None, False),
        (410, None, False),
        (410, NS, False),
        (410, BOTH, False),
        (10, None, False),
        (20, None, False),
        (60, None, False),
        (7610, None, False),
        (3170, None, False),
        (7700, None, False),
        (430, None, True),  # 3NT+1
        (460, None, True),  # 5NT=
        (440, None, True),  # 5C+2 or 1CX+3 not vulnerable
    ],
)
def test_is_possible_score(score: int, vulnerability: Vulnerability | None, possible: bool) -> None:
    assert is_possible_score(score, vulnerability) is possible
    assert (score in possible_scores(vulnerability)) is possible


def test_possible_scores_by_vulnerability() -> None:
    every = possible_scores()
    assert every == possible_scores(None)
    assert every == frozenset().union(*(possible_scores(vul) for vul in Vulnerability))
    assert possible_scores(NONE) <= every
    assert max(every) == 7600  # 7NTXX-13 vulnerable by EW
    assert min(every) == -7600
    assert all(score % 10 == 0 for score in every)


def test_possible_scores_mirror_between_sides() -> None:
    assert possible_scores(NS) == frozenset(-score for score in possible_scores(EW))
    for vulnerability in (NONE, BOTH):
        scores = possible_scores(vulnerability)
        assert scores == frozenset(-score for score in scores)


def test_possible_scores_are_cached() -> None:
    assert possible_scores(NS) is possible_scores(NS)
    assert possible_scores() is possible_scores()


def test_is_possible_score_accepts_a_whole_float() -> None:
    assert is_possible_score(420.0)
    assert not is_possible_score(420.5)


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(contract_module)
    assert tried > 0
    assert failures == 0


def test_decorated_digits_are_every_character_nfkc_makes_digits_of() -> None:
    """Superscript, circled... digits are not numbers (docs/excel.md); full-width ones are."""
    import unicodedata

    from xlbridge.exact import _DECORATED, normalise_text, parse_fraction

    for code in range(0x80, 0x30000):
        char = chr(code)
        plain = unicodedata.normalize("NFKC", char)
        decorated = (
            unicodedata.decomposition(char).startswith("<")
            and not 0xFF10 <= code <= 0xFF19
            and plain.isascii()
            and any(c.isdigit() for c in plain)
        )
        assert bool(_DECORATED.fullmatch(char)) == decorated, hex(code)
    for text in ("\u00b2\u00b20", "\u2463\u2461\u24ea", "4\u00b2"):
        assert normalise_text(text) == text
        with pytest.raises(ValueError, match="is not a number"):
            parse_fraction(text)
    assert parse_fraction("\uff14\uff12\uff10") == 420


# A contract typed with its declarer and result in the one cell (as score cards write it),
# scored by Law 77 from the chart: 4H made, not vulnerable, 120 + 300 = 420; 3NT doubled two
# down by West, EW not vulnerable, 100 + 200 = 300 to NS, vulnerable 200 + 300 = 500; 4S by
# North with an overtrick, 120 + 30 + 300 = 450, vulnerable 120 + 30 + 500 = 650.
@pytest.mark.parametrize(
    ("cell", "vulnerability", "expected"),
    [
        ("4HS=", Vulnerability.NONE, 420),
        ("4h s =", Vulnerability.NONE, 420),
        ("4H= S", Vulnerability.NONE, 420),
        ("4H by S made", Vulnerability.NONE, 420),
        ("3NTx-2 W", Vulnerability.NONE, 300),
        ("3NTX -2 by West", Vulnerability.EW, 500),
        ("4S by N +1", Vulnerability.NONE, 450),
        ("4 Spades by North +1", Vulnerability.NS, 650),
        ("4SW-1", Vulnerability.NONE, 50),
    ],
)
def test_a_contract_cell_with_its_declarer_and_result(
    cell: str, vulnerability: Vulnerability, expected: int
) -> None:
    played = PlayedContract.from_cells(cell)
    assert played is not None and played.score(vulnerability) == expected


def test_a_contract_cell_with_one_more_part_takes_the_other_from_its_cell() -> None:
    by_south = PlayedContract.from_cells("4HS", None, "+1")  # 4H by S, one over: 450
    assert by_south is not None and by_south.score(Vulnerability.NONE) == 450
    made = PlayedContract.from_cells("4H=", "E")  # 4H by E made: -420 to NS
    assert made is not None and made.score(Vulnerability.NONE) == -420
    assert PlayedContract.from_cells("4HS=", "S", "=") == PlayedContract.parse("4H= S")


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        (
            ("4HS=", "N"),
            "'4HS=' holds a declarer (S) and the declarer's cell another ('N'): type the "
            "contract (4H) alone in its cell, the declarer in its own",
        ),
        (
            ("4HS=", "S", "+1"),
            "'4HS=' holds a result (=) and the result's cell another ('+1')",
        ),
        (("4H S made 2",), "'4H S made 2' is not a contract"),
        (("4HS+8",), "'4HS+8': '+8' is not possible for 4H: at most 3 overtricks"),
    ],
)
def test_a_contract_cell_with_more_that_cannot_be_read(
    cells: tuple[object, ...], message: str
) -> None:
    with pytest.raises(ContractError, match="^" + re.escape(message)):
        PlayedContract.from_cells(*cells)
