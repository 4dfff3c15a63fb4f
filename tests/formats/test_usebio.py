"""USEBIO in and out, checked against real files written by Compscore3 (tests/data/usebio/).

Every published traveller figure and pair total is compared with xlbridge's,
under the convention the import chooses; each figure that differs is listed
here with the reason it differs.
"""

from __future__ import annotations

from fractions import Fraction

import defusedxml.ElementTree as SafeET
import pytest
from support import paths
from support.paths import EXAMPLE

from xlbridge.audit import (
    FOLLOWS,
    UNFACTORED,
    Figure,
    audit,
    choose_convention,
    conventions_for,
    published_total,
)
from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.formats.usebio import figure_text, read_usebio, usebio_document
from xlbridge.pair import PairLabel
from xlbridge.result import format_result
from xlbridge.workbook.pairs.night import score_night

DATA = paths.DATA / "usebio"

BUTLER_COMPSCORE = "Butler datum: the mean of the real results without the top and bottom one"

#: Files whose every published figure xlbridge reproduces, and the convention that does it.
REPRODUCED = {
    "butler_howell.xml": (BUTLER_COMPSCORE, 288 + 35),
    "butler_mitchell.xml": (BUTLER_COMPSCORE, 504 + 35),
    "cross_imp_howell.xml": ("cross-IMPs: per comparison", 225),
    "mp_pairs_mitchell_03.xml": ("matchpoints: short boards factored by Neuberg", 278),
}

#: Published line figures that are the file's errors, not a convention: (board, NS, EW): reason.
PUBLISHED_ERRORS = {
    "mp_pairs_mitchell_adjusted_02.xml": {
        # SCORE A5050 (an average each), but 23 and 11 matchpoints, which sum to 34, not the
        # top of 40: the figures of a real score the line held before it was adjusted.
        (3, "1NS", "1EW"): "stale figures of a score since replaced by A5050",
        # The published 21 / 19 are this line's figures with NS and EW swapped (xlbridge: 19 /
        # 21 for NS -50 against the board's other 20 results).
        (4, "1NS", "21EW"): "NS and EW matchpoints swapped",
    },
}


def _published(name: str):
    return read_usebio(DATA / name)


@pytest.mark.parametrize("name", sorted(REPRODUCED))
def test_every_published_figure_reproduced(name):
    published = _published(name)
    chosen, tried = choose_convention(published, conventions_for(published.event.settings))
    convention, checked = REPRODUCED[name]
    assert chosen.convention.name == convention
    assert chosen.checked == checked
    assert chosen.differences == ()
    if name.startswith("butler") or name.startswith("cross"):
        # the other convention does not reproduce them: the choice is a real one
        assert all(other.differences for other in tried if other is not chosen)


def test_butler_datum_is_the_published_board_average():
    """Compscore3's BOARD_AVERAGE: the real results' mean less top and bottom, to the nearest 10."""
    from xlbridge.board import Board

    for name in ("butler_howell.xml", "butler_mitchell.xml"):
        published = _published(name)
        settings = conventions_for(published.event.settings)[1].settings
        result = audit(published, conventions_for(published.event.settings)[1]).result
        assert settings.trim == 1 and settings.datum_real_results
        for board in result.boards:
            rows = [entry.play.result for entry in board.plays]
            datum = Board(rows, board.expected).datum(trim=1, real_results=True)
            assert datum == published.datums[board.board], (name, board.board)


def test_butler_datum_over_the_real_results_only():
    """Board 15 of butler_mitchell.xml: 6 real results and an A5050 of 7 expected.

    Compscore3's BOARD_AVERAGE -430 is the mean of the 6 real results less the top
    and the bottom (-450 -420 -420 -420: -427.5, to the nearest 10); factoring the
    6 up to 7 first and dropping a whole result from each end gives -420.
    """
    from xlbridge.board import Board
    from xlbridge.udfs import BUTLER_IMPS

    published = _published("butler_mitchell.xml")
    rows = [play.result for play in published.event.plays if play.board == 15]
    assert [format_result(row) for row in rows] == [
        "-420", "A=", "-450", "-420", "-200", "-420", "-450"
    ]  # fmt: skip
    assert published.datums[15] == -430
    assert Board(rows, 7).datum(trim=1, real_results=True) == -430
    assert Board(rows, 7).datum(trim=1) == -420
    # the published IMPs: -450 against -430 is -20 points, -1 IMP; the A5050 0
    cells = [[format_result(row)] for row in rows]
    assert BUTLER_IMPS(cells, None, 1, 10, True) == [
        [0, 0], [0, 0], [-1, 1], [0, 0], [6, -6], [0, 0], [-1, 1]
    ]  # fmt: skip
    lines = [line for line in published.lines if line.board == 15]
    assert [int(line.ns_figure.value) for line in lines] == [0, 0, -1, 0, 6, 0, -1]


def test_a_board_played_fewer_times_is_published_unfactored():
    """Compscore3 publishes a short board's lines matchpointed among its own results."""
    published = _published("mp_pairs_mitchell_04.xml")
    chosen, _ = choose_convention(published, conventions_for(published.event.settings))
    lines = chosen.line_differences
    assert len(lines) == len(chosen.differences) == 56
    short_boards = {3, 6, 9, 12, 15, 18, 21, 24}
    for difference in lines:
        assert int(difference.where.split(",")[0].split()[1]) in short_boards
        assert difference.reason.startswith("the board has ")
    # the first: board 3 (5 of 6 results), 1NS v 1EW, NS -150 is beaten by... EW 7 of a top of 8
    first = lines[0]
    assert (first.where, str(first.published), first.ours) == (
        "board 3, 1NS v 1EW",
        "7",
        Fraction(43, 5),
    )
    assert UNFACTORED.format(n=5, e=6) == first.reason
    # xlbridge's figure is the Neuberg one: (7 + 1) x 6/5 - 1 = 8.6
    assert first.ours == Fraction(7 + 1) * 6 / 5 - 1


def test_totals_scaled_to_the_most_boards_played_in_the_field():
    """Compscore3's TOTAL_SCORE: a pair short of boards is scaled to its field's most boards.

    Howell, 27 boards: pairs 1 and 3 missed board 12 (played 5 times of 6) and
    published 128.77 and 132.09: their 124 and 127.2 matchpoints x 27/26.
    Mitchell with a sit-out: 1NS played 15 of the NS field's 17 boards (58.2 x
    17/15 = 65.96), 4EW and 8EW 16 of 17.  The percentages are unchanged.
    """
    expected = {
        "mp_pairs_howell.xml": {"1": "128.77", "3": "132.09"},
        "mp_pairs_mitchell_04.xml": {"1NS": "65.96", "4EW": "90.21", "8EW": "68.42"},
    }
    for name, totals in expected.items():
        published = _published(name)
        chosen, tried = choose_convention(published, conventions_for(published.event.settings))
        assert chosen.convention.name == (
            "matchpoints: Neuberg, totals scaled to the most boards played"
        )
        assert chosen.convention.settings.factor_fewer_boards
        assert not [d for d in chosen.differences if not d.what.startswith(("NS", "EW"))]
        plain = next(a for a in tried if not a.convention.settings.factor_fewer_boards)
        differing = {
            d.where.split()[1]: str(d.published) for d in plain.differences if d.what == "total"
        }
        assert differing == totals
        for label, total in totals.items():
            pair = chosen.result.pair(label)
            assert Figure.parse(total).matches(pair.scaled_total)
            assert pair.scaled_total == pair.total * (
                27 if name.startswith("mp_pairs_h") else 17
            ) / len(pair.boards)


def test_published_errors_are_listed_with_both_figures():
    name = "mp_pairs_mitchell_adjusted_02.xml"
    published = _published(name)
    chosen, _ = choose_convention(published, conventions_for(published.event.settings))
    found = {d.where for d in chosen.line_differences}
    expected = {f"board {b}, {ns} v {ew}" for b, ns, ew in PUBLISHED_ERRORS[name]}
    assert found == expected
    texts = [str(d) for d in chosen.line_differences]
    assert (
        "board 3, 1NS v 1EW: NS MP published 23, xlbridge 20 "
        "(a published error: NS + EW is 34, not the top of 40)"
    ) in texts
    assert (
        "board 4, 1NS v 21EW: EW MP published 19, xlbridge 21 "
        "(a published error: the NS and EW figures are swapped)"
    ) in texts
    # the pairs' totals and percentages that differ are those of the pairs on these lines
    pairs = [d for d in chosen.differences if d not in chosen.line_differences]
    assert {d.where for d in pairs} == {"pair 1NS", "pair 1EW", "pair 21EW"}
    assert all(d.reason == FOLLOWS for d in pairs)
    # 1NS: +3 on board 3 and +2 on board 4 published: 479.65 + 5 = 484.65
    total = next(d for d in pairs if d.where == "pair 1NS" and d.what == "total")
    assert (str(total.published), total.ours) == ("484.65", Fraction(47965, 100))
    # everything else on the 54 boards of 21 tables is reproduced, including the artificial
    # scores written A5050, A6040, A6060 (20/20, 24/16, 24/24 of a top of 40)
    assert chosen.checked == 1218


def test_compscore_artificial_notation_read():
    published = _published("mp_pairs_mitchell_adjusted_02.xml")
    cells = {(p.board, p.ns): p.result for p in published.event.plays}
    from xlbridge.result import format_result

    assert format_result(cells[(1, "NS 1")]) == "A="  # 1NS in the file
    assert format_result(cells[(1, "NS 2")]) == "A60/40"  # A6040 in the file
    assert format_result(cells[(2, "NS 9")]) == "A60/60"  # A6060 in the file


def test_other_programs_artificial_notation_is_a_cell_form():
    """``A6040`` (Compscore3, in USEBIO SCORE) and ``60/40`` (JFR) are cells like ``A60/40``."""
    from xlbridge.result import parse_result

    assert parse_result("A6040") == parse_result("A60/40") == parse_result("60/40")
    assert parse_result("A5050") == parse_result("50%/50%") == parse_result("A=")
    assert format_result(parse_result("60/0")) == "A60/0"
    with pytest.raises(ScoringError):
        parse_result("2/5")  # a weight without its score, not 2% and 5%
    with pytest.raises(ScoringError):
        parse_result("A604")


def test_board_percentages_average_to_the_published_percentage():
    """A pair's published PERCENTAGE is the mean of its board percentages (equal tops).

    mp_pairs_mitchell_03: every board played 6 times (top 10); 3NS published 62.78%.
    """
    from xlbridge.board import matchpoint_percentages

    published = _published("mp_pairs_mitchell_03.xml")
    percents: dict[str, list[Fraction]] = {}
    boards = sorted({play.board for play in published.event.plays})
    for number in boards:
        plays = [play for play in published.event.plays if play.board == number]
        figures = matchpoint_percentages([play.result for play in plays])
        for play, (ns, ew) in zip(plays, figures, strict=True):
            percents.setdefault(play.ns, []).append(ns)
            percents.setdefault(play.ew, []).append(ew)
    # board 1, 2NS v 3EW: 110 is 7 of a top of 10: 70% and 30%
    first = matchpoint_percentages([p.result for p in published.event.plays if p.board == 1])[0]
    assert first == (70, 30)
    for pair in published.pairs:
        mean = sum(percents[pair.label]) / len(percents[pair.label])
        assert pair.percentage.matches(mean), pair.label
    assert str(next(p for p in published.pairs if p.label == "NS 3").percentage) == "62.78"


def test_players_and_club_read():
    published = _published("mp_pairs_mitchell_03.xml")
    facts = published.event.facts  # read once, with the event, for every output
    assert (facts.club, facts.club_number, facts.date.isoformat()) == (
        "NSBC@Lindfield",
        "2074",
        "2022-07-21",
    )
    pairs = {pair.label: pair for pair in published.event.pairs}
    players = pairs["NS 1"].players  # 1NS in the file
    assert [(p.name, p.national_id, p.guest) for p in players] == [
        ("YEUNG CHEUNG", "936510", False),  # as Compscore3 wrote them: never re-cased
        ("DIRECTOR", "", True),
    ]
    assert pairs["NS 3"].master_points == "21"


def test_figure_rounding_and_ties():
    assert Figure.parse("53.89").matches(Fraction(5389, 100))
    assert not Figure.parse("53.89").matches(Fraction(539, 10))
    # a value exactly half-way matches either neighbour (programs round ties differently)
    assert Figure.parse("12.6").matches(Fraction(1265, 100))
    assert Figure.parse("12.7").matches(Fraction(1265, 100))
    assert figure_text(Fraction(7)) == "7"
    assert figure_text(Fraction(20, 3)) == "6.67"


def test_import_rescore_export_round_trip(tmp_path, capsys):
    """import -> score --usebio writes every traveller figure and total the original published."""
    source = DATA / "butler_mitchell.xml"
    night, out = tmp_path / "night.xlsx", tmp_path / "out.xml"
    assert main(["import", str(source), "-o", str(night)]) == 0
    printed = capsys.readouterr().out
    assert "539 published figures checked: every one reproduced" in printed
    assert main(["score", str(night), "--usebio", str(out)]) == 0
    original, written = SafeET.parse(source).getroot(), SafeET.parse(out).getroot()
    assert _line_figures(written, "BUTLER_POINTS") == _line_figures(original, "BUTLER_POINTS")
    assert _pair_figures(written) == _pair_figures(original)
    assert written.find("CLUB/CLUB_NAME").text == "Sunshine Coast Bridge Club"
    averages = {
        b.findtext("BOARD_NUMBER"): b.findtext("BOARD_AVERAGE") for b in written.iter("BOARD")
    }
    published = {
        b.findtext("BOARD_NUMBER"): b.findtext("BOARD_AVERAGE")
        for b in original.iter("BOARD")
        if b.find("BOARD_AVERAGE") is not None
    }
    assert averages == published


def _line_figures(root, tag):
    found = {}
    for board in root.iter("BOARD"):
        if board.find("TRAVELLER_LINE") is None:
            continue
        for line in board.iter("TRAVELLER_LINE"):
            key = (board.findtext("BOARD_NUMBER"), line.findtext("NS_PAIR_NUMBER"))
            found[key] = (
                Fraction(line.findtext(f"NS_{tag}")),
                Fraction(line.findtext(f"EW_{tag}")),
                line.findtext("SCORE"),
            )
    return found


def _pair_figures(root):
    return {
        pair.findtext("PAIR_NUMBER"): (
            Fraction(pair.findtext("TOTAL_SCORE")),
            pair.findtext("PLACE"),
            pair.findtext("DIRECTION"),
            pair.findtext("MASTER_POINTS_AWARDED"),
            [p.findtext("NATIONAL_ID_NUMBER") for p in pair.iter("PLAYER")],
        )
        for pair in root.iter("PAIR")
        if pair.find("PAIR_NUMBER") is not None
    }


def test_example_night_exports_every_figure(tmp_path):
    """The example night's USEBIO file: every figure is the workbook's, to two decimals."""
    scored = score_night(EXAMPLE)
    result = scored.result
    data = usebio_document(result, version="1.2")
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM ')
    root = SafeET.fromstring(data, forbid_dtd=False)
    assert root.get("Version") == "1.2"
    assert root.findtext("CLUB/CLUB_NAME") == "Example Bridge Club"
    assert root.findtext("CLUB/CLUB_ID_NUMBER") == "9999"
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "MP_PAIRS"
    assert event.findtext("DATE") == "12/03/2024"
    assert event.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    assert event.findtext("WINNER_TYPE") == "2"
    pairs = {p.findtext("PAIR_NUMBER"): p for p in event.iter("PAIR")}
    assert len(pairs) == len([p for p in result.pairs if p.rank])
    for entry in result.pairs:
        if not entry.rank:
            continue
        pair = pairs[entry.pair.label]
        assert pair.findtext("DIRECTION") == entry.field
        assert pair.findtext("PLACE") == entry.rank.rstrip("=")
        assert Figure.parse(pair.findtext("TOTAL_SCORE")).matches(entry.total)
        assert Figure.parse(pair.findtext("PERCENTAGE")).matches(entry.percentage)
        names = [p.findtext("PLAYER_NAME") for p in pair.iter("PLAYER")]
        assert " & ".join(names) == entry.pair.names
    # the last pair's second player is a visitor: no national number (0, as Compscore writes)
    last = list(event.iter("PAIR"))
    ids = [p.findtext("NATIONAL_ID_NUMBER") for pair in last for p in pair.iter("PLAYER")]
    assert ids.count("0") == 1
    lines = 0
    for board in result.boards:
        written = next(
            b for b in event.iter("BOARD") if b.findtext("BOARD_NUMBER") == str(board.board)
        )
        by_pairs = {
            (line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER")): line
            for line in written.iter("TRAVELLER_LINE")
        }
        for scored_play in board.plays:
            if scored_play.ns_score is None:
                continue
            line = by_pairs[(scored_play.play.ns, scored_play.play.ew)]
            assert line.findtext("NS_MATCH_POINTS") == figure_text(scored_play.ns_score)
            assert line.findtext("EW_MATCH_POINTS") == figure_text(scored_play.ew_score)
            lines += 1
    assert lines == sum(1 for b in result.boards for p in b.plays if p.ns_score is not None)


def test_version_1_3_writes_an_iso_date_and_pairs_event():
    result = score_night(EXAMPLE).result
    root = SafeET.fromstring(usebio_document(result, version="1.3"), forbid_dtd=False)
    assert root.get("Version") == "1.3"
    assert root.find("EVENT").get("EVENT_TYPE") == "PAIRS"
    assert root.findtext("EVENT/DATE") == "2024-03-12"


def test_hostile_or_foreign_files_refused(tmp_path, capsys):
    bomb = tmp_path / "bomb.xml"
    bomb.write_text(
        '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaa">]><USEBIO>&a;</USEBIO>'
    )
    assert main(["import", str(bomb), "-o", str(tmp_path / "n.xlsx")]) == 2
    assert "entities" in capsys.readouterr().err
    teams = tmp_path / "teams.xml"
    teams.write_text('<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS"/></USEBIO>')
    with pytest.raises(ScoringError, match="not a pairs event"):
        read_usebio(teams)
    assert not (tmp_path / "n.xlsx").exists()


def test_the_audit_is_on_the_imported_workbook(tmp_path, capsys):
    from openpyxl import load_workbook

    night = tmp_path / "night.xlsx"
    source = str(DATA / "mp_pairs_mitchell_adjusted_02.xml")
    assert main(["import", source, "-o", str(night)]) == 0
    capsys.readouterr()
    rows = list(load_workbook(night)["Audit"].iter_rows(values_only=True))
    assert rows[2][0] == "1218 published figures checked: 10 differ from xlbridge's"
    assert rows[4] == ("Where", "Figure", "Published", "xlbridge", "Why")
    assert rows[5] == (
        "board 3, 1NS v 1EW",
        "NS MP",
        23,
        20,
        "a published error: NS + EW is 34, not the top of 40",
    )
    assert rows[9][:4] == ("pair 1NS", "total", 484.65, 479.65)
    assert len(rows) == 15


def test_import_picks_the_reader_by_suffix(tmp_path, capsys):
    from xlbridge.formats import READERS, read_published

    assert READERS[".xml"] == "xlbridge.formats.usebio:read_usebio"
    night = tmp_path / "n.xlsx"
    assert main(["import", str(tmp_path / "event.csv"), "-o", str(night)]) == 2
    assert "imports results files ending .bws, .pbn, .xml" in capsys.readouterr().err
    published = read_published(DATA / "mp_pairs_mitchell_03.xml")
    assert published.info.file_format == "USEBIO 1.2"
    assert not night.exists()


def test_import_never_overwrites_a_workbook_unasked(tmp_path, capsys):
    night = tmp_path / "night.xlsx"
    night.write_bytes(b"a scorer's own workbook")
    source = str(DATA / "mp_pairs_mitchell_03.xml")
    assert main(["import", source, "-o", str(night)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert night.read_bytes() == b"a scorer's own workbook"
    assert main(["import", source, "-o", str(night), "--force"]) == 0
    assert night.read_bytes()[:2] == b"PK"


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.xml")))
def test_export_after_import_writes_the_published_figures(name, tmp_path, capsys):
    """import, score --usebio: every figure the original got right is written again.

    The figures the audit lists (a convention of the original's display, or its
    error) are the only ones allowed to differ, and each is listed with its reason.
    """
    source = DATA / name
    night, out = tmp_path / "night.xlsx", tmp_path / "out.xml"
    assert main(["import", str(source), "-o", str(night)]) == 0
    assert main(["score", str(night), "-o", str(tmp_path / "r.xlsx"), "--usebio", str(out)]) == 0
    capsys.readouterr()
    published = read_usebio(source)
    chosen, _ = choose_convention(published, conventions_for(published.event.settings))
    listed = {d.where for d in chosen.differences}
    assert all(d.reason for d in chosen.differences), [str(d) for d in chosen.differences]
    written = SafeET.parse(out).getroot()
    tag = {
        "matchpoints": "MATCH_POINTS",
        "butler": "BUTLER_POINTS",
        "cross-imps": "CROSS_IMP_POINTS",
    }[published.event.settings.form.value]
    lines = {}
    for board in written.iter("BOARD"):
        for line in board.iter("TRAVELLER_LINE"):
            key = (
                int(board.findtext("BOARD_NUMBER")),
                PairLabel.parse(line.findtext("NS_PAIR_NUMBER")),
                PairLabel.parse(line.findtext("EW_PAIR_NUMBER")),
            )
            lines[key] = (
                Fraction(line.findtext(f"NS_{tag}")),
                Fraction(line.findtext(f"EW_{tag}")),
            )
    assert len(lines) == len(published.lines)
    for line in published.lines:
        if line.source in listed:
            continue
        ns, ew = lines[(line.board, line.ns, line.ew)]
        assert line.ns_figure.matches(ns) and line.ew_figure.matches(ew), line.source
    pairs = {PairLabel.parse(p.findtext("PAIR_NUMBER")): p for p in written.iter("PAIR")}
    for pair in published.pairs:
        if pair.source in listed:
            continue
        mine = pairs[pair.label]
        exact = chosen.result.pair(pair.label)
        # written: xlbridge's exact figure to two decimals, half away from zero (68.425 is
        # written 68.43, where Compscore3 printed 68.42); the published one is its rounding
        assert mine.findtext("TOTAL_SCORE") == figure_text(published_total(chosen.result, exact))
        assert pair.total.matches(published_total(chosen.result, exact)), pair.label
        if pair.percentage is not None:
            assert pair.percentage.matches(exact.percentage), pair.label
            assert Figure.parse(mine.findtext("PERCENTAGE")).matches(exact.percentage)
        assert mine.findtext("PLACE") == pair.place, pair.label


def test_a_mitchell_numbered_by_direction_exports_1ns_and_reads_back(tmp_path, capsys):
    """NS 1 to 7 and EW 1 to 7 on the Pairs sheet: PAIR_NUMBER 1NS and 1EW, as Compscore3 writes
    them (a bare 1 for both read back as "pair 1 is listed twice"), and the import reads them."""
    from openpyxl import load_workbook

    night, renumbered, out = tmp_path / "n.xlsx", tmp_path / "r.xlsx", tmp_path / "o.xml"
    assert main(["import", str(DATA / "mp_pairs_mitchell_03.xml"), "-o", str(night)]) == 0
    wb = load_workbook(night)
    pairs_sheet = wb["Pairs"]
    assert (pairs_sheet["A2"].value, pairs_sheet["C2"].value) == (1, "NS")  # numbers and directions
    wb.save(renumbered)
    assert (
        main(["score", str(renumbered), "-o", str(tmp_path / "x.xlsx"), "--usebio", str(out)]) == 0
    )
    capsys.readouterr()
    written = SafeET.parse(out).getroot()
    pairs = {(p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")): p for p in written.iter("PAIR")}
    assert ("3NS", "NS") in pairs and ("3EW", "EW") in pairs
    ids = [p.findtext("NATIONAL_ID_NUMBER") for p in pairs[("3NS", "NS")].iter("PLAYER")]
    assert ids == ["70831", "975206"]  # SUE WELCH, JENNY BURCHFIELD: 3NS in the original
    assert pairs[("3NS", "NS")].findtext("PERCENTAGE") == "62.78"
    first = next(written.iter("TRAVELLER_LINE"))
    assert (first.findtext("NS_PAIR_NUMBER"), first.findtext("EW_PAIR_NUMBER")) == ("2NS", "3EW")
    again = tmp_path / "again.xlsx"
    assert main(["import", str(out), "-o", str(again)]) == 0
    assert "every one reproduced" in capsys.readouterr().out
