"""Double-dummy solving (endplay, DDS) checked against a real published hand record.

BridgeComposer printed each deal's OptimumResultTable and OptimumScore in
tests/data/pbn/bridgecomposer_bkp_2022.pbn; the solver must find the same
tricks, and xlbridge's par on them the same par.  Solving takes about a
second a deal, so the default run solves four boards and the slow run all 15.
"""

from __future__ import annotations

import json
import shutil

import pytest
from support import paths

from xlbridge.formats import hand_records as dd
from xlbridge.formats.pbn import decode, read_hand_records
from xlbridge.hands import format_deal, par
from xlbridge.places import FileLine, Within

pytest.importorskip("endplay")

DATA = paths.DATA / "pbn"
BRIDGECOMPOSER = DATA / "bridgecomposer_bkp_2022.pbn"


def published():
    return read_hand_records(decode(BRIDGECOMPOSER.read_bytes()), BRIDGECOMPOSER.name)


def _check_solved(boards):
    records = [published().boards[n] for n in boards]
    solved = dd.solve([record.deal for record in records])
    for record, table in zip(records, solved, strict=True):
        assert table == record.dd, f"board {record.board}"
        assert par(table, record.vulnerability, record.dealer).score == record.par_score


def test_the_solver_reproduces_published_double_dummy_tables():
    _check_solved([16, 23, 27])


@pytest.mark.slow
def test_the_solver_reproduces_every_published_table():
    _check_solved(range(16, 31))


def test_par_contracts_are_those_dds_reports():
    """xlbridge's par (pure Python) against endplay's own par (DDS's Par) on the same tables."""
    from endplay.dds import calc_dd_table
    from endplay.dds import par as dds_par
    from endplay.types import Deal, Player, Vul

    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "Both": Vul.both}
    for number in (16, 24, 27):
        record = published().boards[number]
        theirs = dds_par(
            calc_dd_table(Deal(format_deal(record.deal))),
            vuls[record.vulnerability.value],
            Player.find(record.dealer.value),
        )
        assert record.dd is not None
        ours = par(record.dd, record.vulnerability, record.dealer)
        assert ours.score == theirs.score
        their_contracts = {
            (c.level, "NT" if c.denom.abbr == "NT" else c.denom.name[0].upper(), c.declarer.abbr)
            for c in theirs
        }
        our_contracts = {
            (c.contract.level, c.contract.strain.value, seat.value)
            for c in ours.contracts
            for seat in c.declarers
        }
        assert our_contracts == their_contracts, f"board {number}"


def test_tables_are_solved_once_and_kept_beside_the_file(tmp_path, monkeypatch):
    deals = tmp_path / "deals.pbn"
    text = BRIDGECOMPOSER.read_bytes().decode("latin-1")
    # the first two boards, without their published tables: only the solver can give them
    games = text.split("\n\n")
    kept = [g for g in games if '[Board "16"]' in g or '[Board "17"]' in g]
    stripped = [
        "\n".join(line for line in g.split("[OptimumScore")[0].splitlines() if "Double" not in line)
        for g in kept
    ]
    deals.write_text("\n\n".join(stripped) + "\n", encoding="latin-1")

    hands = dd.load_hands(deals)
    assert {b.dd_source for b in hands.boards.values()} == {"solver"}
    assert not dd.cache_path(deals).exists()  # kept only once the outputs are written
    dd.save_cache(hands)
    cached = json.loads(dd.cache_path(deals).read_text(encoding="utf-8"))
    assert len(cached["tables"]) == 2

    def refuse(deals):
        raise AssertionError("solved again")

    monkeypatch.setattr(dd, "solve", refuse)
    again = dd.load_hands(deals)
    assert again.boards[16].dd == hands.boards[16].dd == published().boards[16].dd
    assert str(again.boards[16].par) == "-100: 3DX-1 S"


def test_a_published_table_that_differs_from_the_solver_is_reported(tmp_path):
    deals = tmp_path / "deals.pbn"
    board_16 = BRIDGECOMPOSER.read_bytes().decode("latin-1").split("\n\n")[0]
    # South's diamonds printed as 9 tricks instead of 8
    deals.write_bytes(board_16.replace("S  D 8\n", "S  D 9\n", 1).encode("latin-1"))
    hands = dd.load_hands(deals)
    assert [str(warning) for warning in hands.warnings] == [
        "deals.pbn line 51: board 16: the file's double-dummy table differs from the solver's "
        "(S D 9 in the file, 8 solved); the solver's is shown"
    ]
    assert hands.warnings[0].where == Within(FileLine("deals.pbn", 51), "board 16")
    assert hands.boards[16].dd == published().boards[16].dd


def test_without_the_solver_the_files_own_tables_are_used(tmp_path):
    deals = tmp_path / "deals.pbn"
    shutil.copy(BRIDGECOMPOSER, deals)
    hands = dd.load_hands(deals, use_solver=False)
    assert {b.dd_source for b in hands.boards.values()} == {"file"}
    assert hands.warnings == ()
    assert hands.boards[27].par is not None and hands.boards[27].par.score == 300
