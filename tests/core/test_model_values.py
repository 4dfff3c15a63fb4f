"""The values a person types, parsed once and printed back the same way (issue 22 item 1).

A pair label (:class:`~xlbridge.pair.PairLabel`), a contract as played
(:class:`~xlbridge.contract.PlayedContract`), a date (:func:`~xlbridge.exact.parse_date`)
and the event's facts (:class:`~xlbridge.event.EventFacts`): every form a
person, a file or a terminal writes is read, the canonical text reads back as
the same value, and what is not one is refused naming the part that is wrong.
"""

from __future__ import annotations

import copy
import datetime
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.contract import (
    Contract,
    Doubling,
    PlayedContract,
    Seat,
    Strain,
    Vulnerability,
    parse_contract,
)
from xlbridge.direction import Direction
from xlbridge.errors import ContractError, ScoringError
from xlbridge.event import EventFacts
from xlbridge.exact import format_date, parse_date, quote
from xlbridge.pair import BYE, PairLabel, parse_direction, sort_key

# --- pair labels ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "number", "direction"),
    [
        (3, "3", ""),
        (3.0, "3", ""),
        ("3", "3", ""),
        ("3.0", "3", ""),
        (" 03 ", "3", ""),
        ("NS 3", "3", "NS"),
        ("3NS", "3", "NS"),
        ("ns3", "3", "NS"),
        ("N-S 3", "3", "NS"),
        ("N/S 3", "3", "NS"),
        ("3 N-S", "3", "NS"),
        ("EW 12", "12", "EW"),
        ("12EW", "12", "EW"),  # as Compscore3's USEBIO files write it
        ("12 ew", "12", "EW"),
        ("A3", "A3", ""),  # a section's letter: a label, not a direction
        ("NSW", "NSW", ""),  # not NS + a number
    ],
)
def test_a_pair_label_is_read_from_every_form(typed, number, direction):
    label = PairLabel.parse(typed)
    assert (label.number, label.direction, label.club) == (number, direction, "")
    assert PairLabel.parse(str(label)) == label  # the canonical text reads back
    assert PairLabel.parse(label) is label


def test_a_pair_label_is_its_canonical_text():
    ns3 = PairLabel.parse("3NS")
    assert str(ns3) == ns3 == "NS 3"
    assert hash(ns3) == hash("NS 3")  # a dict keyed by labels is found by the text
    assert {ns3: 1}["NS 3"] == 1
    assert PairLabel.parse("3") != ns3 != PairLabel.parse("EW 3")
    assert (ns3.display, PairLabel.parse(7).display) == ("NS 3", "Pair 7")
    assert repr(ns3) == "PairLabel('3', 'NS')"
    assert eval(repr(ns3), {"PairLabel": PairLabel}) == ns3  # a repr to paste back


def test_a_merged_field_keeps_clubs_apart():
    label = PairLabel.parse("NS 3").in_club("Acol")
    assert (str(label), label.club, label.own) == ("Acol:NS 3", "Acol", "NS 3")
    assert PairLabel.parse("Acol:NS 3") == label and PairLabel.parse("Acol:NS 3").club == "Acol"
    assert label.display == "Acol: NS 3"
    assert BYE.in_club("Acol") is BYE


def test_pairs_sort_as_people_list_them():
    typed = ["EW 2", "NS 10", "NS 2", "EW 10", "EW 1"]
    assert sorted(typed, key=sort_key) == ["NS 2", "NS 10", "EW 1", "EW 2", "EW 10"]
    assert sorted(["10", "2", "1"], key=sort_key) == ["1", "2", "10"]
    assert sorted(["Bath:1", "Acol:10", "Acol:2"], key=sort_key) == ["Acol:2", "Acol:10", "Bath:1"]


def test_a_pair_label_cannot_be_changed_and_survives_pickling():
    label = PairLabel.parse("EW 4")
    with pytest.raises(AttributeError):
        label.number = "5"  # type: ignore[misc]
    for copied in (pickle.loads(pickle.dumps(label)), copy.copy(label), copy.deepcopy(label)):
        assert copied == label and copied.direction == "EW" and type(copied) is PairLabel


@pytest.mark.parametrize("typed", [None, "", "  ", 3.5, "3.5", True])
def test_what_is_no_pair_is_refused(typed):
    with pytest.raises(ScoringError) as error:
        PairLabel.parse(typed)
    assert "None" not in str(error.value)


def test_a_bye_and_the_directions_a_pairs_sheet_writes():
    assert PairLabel.parse("bye") == BYE and PairLabel.parse(" Bye ").is_bye
    assert not PairLabel.parse("B").is_bye
    assert [parse_direction(t) for t in ("NS", "N-S", "North", "s", "E/W", "West", "", None)] == [
        *("NS", "NS", "NS", "NS", "EW", "EW", "", "")
    ]
    with pytest.raises(ScoringError, match=r"^Pairs!C4: 'N/A' is not a direction"):
        parse_direction("N/A", "Pairs!C4")  # a Howell's 'not applicable' is not North-South


# --- directions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        *("NS", "ns", "N-S", "N/S", "N S", "N.S.", "n - s", "North-South", "North South"),
        *("northsouth", "NORTH/SOUTH", "North\u2013South", "N", "S", "North", "south"),
        "\uff2e\uff33",  # NS typed on a full-width keyboard
    ],
)
def test_every_spelling_of_north_south(typed: str) -> None:
    assert Direction.parse(typed) is Direction.NS


@pytest.mark.parametrize(
    "typed",
    ["EW", "ew", "E-W", "E/W", "E W", "East-West", "East West", "eastwest", "E", "W", "West"],
)
def test_every_spelling_of_east_west(typed: str) -> None:
    assert Direction.parse(typed) is Direction.EW


@pytest.mark.parametrize(
    "typed",
    [
        *("NX", "N/A", "NE", "SW", "SN", "WE", "NSEW", "Nord", "Northern", "NS 3", "North-East"),
        *("", "  ", None, 1, 1.0, True),
    ],
)
def test_what_is_not_a_direction(typed: object) -> None:
    with pytest.raises(ScoringError) as error:
        Direction.parse(typed, "Rulings!B2")
    message = str(error.value)
    assert message.startswith(f"Rulings!B2: {quote(typed)} is not a direction (expected NS, ")
    assert "None" not in message and "True" not in message


def test_how_a_direction_prints() -> None:
    assert [(d.short, d.long, d.other.short) for d in Direction] == [
        ("NS", "North-South", "EW"),
        ("EW", "East-West", "NS"),
    ]
    assert [Direction.heading(f, "All pairs") for f in ("NS", "EW", "")] == [
        *("North-South", "East-West", "All pairs")
    ]


@given(
    st.integers(1, 999),
    st.sampled_from(["", "NS", "EW"]),
    st.sampled_from(["", "Acol", "club 2", "Bath #3"]),
)
def test_every_label_reads_back_from_its_text(number, direction, club):
    label = PairLabel(str(number), direction, club)
    again = PairLabel.parse(str(label))
    assert (again.number, again.direction, again.club) == (str(number), direction, club)


# --- contracts as played ----------------------------------------------------------------------

NONE = Vulnerability.NONE


@pytest.mark.parametrize(
    ("cells", "text", "tricks", "score"),
    [
        (("4S", "N", "="), "4S= N", 10, 420),
        (("4 S", "N", "+1"), "4S+1 N", 11, 450),  # as a Bridgemate terminal writes it
        (("3 NT x", "W", "-1"), "3NTX-1 W", 8, 100),
        (("4h", "n", 1), "4H+1 N", 11, 450),  # Excel made a typed +1 the number 1
        (("4♥", "North", 0.0), "4H= N", 10, 420),
        (("4HXX", "E", "-2"), "4HXX-2 E", 8, 600),  # 200 + 400, redoubled not vulnerable
        (("4S", "S", "m"), "4S= S", 10, 420),  # made
        (("4S", "S", "Made"), "4S= S", 10, 420),
        (("PASS", None, None), "Pass", None, 0),
        (("All Pass", "", 0), "Pass", None, 0),
        (("passed out", "N", "="), "Pass", None, 0),
    ],
)
def test_a_contract_is_read_once_from_its_cells(cells, text, tricks, score):
    played = PlayedContract.from_cells(*cells)
    assert played is not None
    assert (str(played), played.tricks, played.score(NONE)) == (text, tricks, score)
    assert PlayedContract.parse(text) == played
    assert PlayedContract.from_cells(*played.cells()) == played
    if played.contract is not None:
        contract = str(played.contract)
        declarer = played.declarer.value
        assert PlayedContract.from_tricks(contract, declarer, str(played.tricks)) == played


@pytest.mark.parametrize(
    ("cells", "part"),
    [
        (("4Q", "N", "="), "contract"),
        (("8S", "N", "="), "contract"),
        (("4S", "Q", "="), "declarer"),
        (("4S", None, "="), "declarer"),
        (("4S", "N", "junk"), "result"),
        (("4S", "N", None), "result"),
        (("4S", "N", "+4"), "result"),  # 14 tricks
        (("4S", "N", "-11"), "result"),
        (("4S", "N", 1.5), "result"),
        (("Pass", "Q", "="), "declarer"),
        (("Pass", "N", "junk"), "result"),
        (("Pass", None, "-1"), "result"),
    ],
)
def test_a_wrong_cell_is_named_by_its_part(cells, part):
    with pytest.raises(ContractError) as error:
        PlayedContract.from_cells(*cells)
    assert error.value.part == part
    assert "None" not in str(error.value)


def test_a_blank_contract_is_no_contract():
    assert PlayedContract.from_cells(None, "N", "=") is None
    assert PlayedContract.from_tricks("", "N", "9") is None


def test_tricks_taken_as_files_give_them():
    assert PlayedContract.from_tricks("4H", "N", "9") == PlayedContract.parse("4H-1 N")
    assert PlayedContract.from_tricks("PASS", "N", "0") == PlayedContract(None)  # Compscore3
    assert PlayedContract.from_tricks("PASS", "N", "") == PlayedContract(None)
    for tricks in ("14", "x", None):
        with pytest.raises(ContractError) as error:
            PlayedContract.from_tricks("4H", "N", tricks)
        assert error.value.part == "result"


def test_equality_covers_every_field_and_the_repr_pastes_back():
    four = PlayedContract(Contract(4, Strain.H), Seat.N, 0)
    assert four != PlayedContract(Contract(4, Strain.H, Doubling.DOUBLED), Seat.N, 0)
    assert four != PlayedContract(Contract(4, Strain.H), Seat.S, 0)
    assert four != PlayedContract(Contract(4, Strain.H), Seat.N, 1)
    namespace = {
        "PlayedContract": PlayedContract,
        "Contract": Contract,
        "Strain": Strain,
        "Doubling": Doubling,
        "Seat": Seat,
    }
    assert eval(repr(four), namespace) == four


def test_a_played_contract_refuses_what_cannot_be_played():
    with pytest.raises(ContractError):
        PlayedContract(None, Seat.N)
    with pytest.raises(ContractError):
        PlayedContract(Contract(7, Strain.NT), Seat.N, 1)
    with pytest.raises(ContractError):
        PlayedContract(Contract(1, Strain.C), None, 0)


@given(
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
    st.sampled_from(list(Seat)),
    st.data(),
)
def test_every_contract_reads_back_from_its_texts(level, strain, doubling, seat, data):
    contract = Contract(level, strain, doubling)
    result = data.draw(st.integers(-contract.max_undertricks, contract.max_overtricks))
    played = PlayedContract(contract, seat, result)
    assert PlayedContract.parse(str(played)) == played
    assert PlayedContract.from_cells(*played.cells()) == played
    assert PlayedContract.from_tricks(str(contract), seat.value, played.tricks) == played
    assert parse_contract(played.cells()[0]) == contract


# --- dates and the event's facts -------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        "24/11/2026",
        "24-11-2026",
        "24.11.26",
        "2026-11-24",
        "2026.11.24",
        "24 Nov 2026",
        "24 November 2026",
        "Tuesday 24 November 2026",
        "Nov 24, 2026",
        "11/24/2026",  # month first: 24 is no month
        datetime.datetime(2026, 11, 24, 19, 30),
        datetime.date(2026, 11, 24),
    ],
)
def test_a_date_typed_as_text_is_a_date(typed):
    assert parse_date(typed) == datetime.date(2026, 11, 24)


@pytest.mark.parametrize("typed", ["31/02/2026", "next Tuesday", 46350, "2026-13-01", None])
def test_what_is_no_date_is_refused_saying_how_to_type_one(typed):
    with pytest.raises(ValueError, match=r"is not a date \(type it as 24/11/2026"):
        parse_date(typed)


def test_the_facts_head_the_results():
    facts = EventFacts("Tuesday pairs", datetime.date(2026, 11, 4), "Acol", "9999", "Mitchell")
    assert facts.title == "Tuesday pairs, 4 November 2026"
    assert EventFacts().title == "Results"
    assert format_date(facts.date) == "4 November 2026"


def test_a_label_of_circled_digits_is_refused_in_words():
    """Found by the workbook fuzzing: '①④' typed as a pair raised Python's ValueError; read
    as a text label it then matched no pair on the travellers, so the message named every row
    but the cell typed (round 16): it is refused where it is typed, saying what to type."""
    from xlbridge.pair import PairLabel, natural_key

    for typed in ("①④", "²", "A³"):
        with pytest.raises(ScoringError) as refused:
            PairLabel.parse(typed)
        assert str(refused.value) == f"'{typed}' is not a pair number: type its digits as 1, 2, 3"
    assert natural_key("①④") == ((1, 0, "①④"),)
    assert natural_key("B10") == ((1, 0, "B"), (0, 10, ""))
