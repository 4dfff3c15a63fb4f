"""Seed 004: several clubs merged into one field and every board rescored."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge import (
    BYE,
    Adjustment,
    Event,
    EventFacts,
    Pair,
    PairLabel,
    Play,
    ScoringError,
    ScoringForm,
    Settings,
    UnequalBoards,
    club_names,
    compare_rankings,
    format_rank_changes,
    merge_events,
    merge_warnings,
    parse_result,
    score_event,
)
from xlbridge.pair import club_text
from xlbridge.places import CellPlace, ClubPlace

# The seed prints -100 and -200 without their signs ("100", "200").
CLUB_A = [1430, 690, 680, 680, 680, 660, 660, 650, -100, -100, -200]
# Added to club A's 11 scores they give the seed's two 101-score tables.
EVEN_SPREAD = [690] * 20 + [680] * 20 + [660] * 20 + [650] * 20 + [-100] * 10
ALL_IN_BETWEEN = [680] * 90


def club(name: str, scores: list[int], **settings: object) -> Event:
    """A one-board club: table i is NS pair i against EW pair 100 + i."""
    return Event(
        pairs=tuple(Pair(str(n)) for n in range(1, len(scores) + 1))
        + tuple(Pair(str(100 + n)) for n in range(1, len(scores) + 1)),
        plays=tuple(
            Play(1, str(n), str(100 + n), parse_result(s), source=f"Travellers!G{n + 1}")
            for n, s in enumerate(scores, start=1)
        ),
        settings=Settings(**settings),  # type: ignore[arg-type]
        name=name,
    )


def ns_scores(result: object) -> dict[int, set[F]]:
    """NS matchpoints by NS score on board 1."""
    found: dict[int, set[F]] = {}
    for scored in result.board(1).plays:  # type: ignore[attr-defined]
        found.setdefault(int(scored.play.result.ns.components[0][0]), set()).add(scored.ns_score)
    return found


class TestSeed004:
    def test_eleven_scores_top_20(self) -> None:
        result = score_event(club("A", CLUB_A))
        assert result.top == 20
        assert ns_scores(result) == {
            1430: {20}, 690: {18}, 680: {14}, 660: {9}, 650: {6}, -100: {3}, -200: {0},
        }  # fmt: skip
        # +680: (16 + 14 + 12) / 3 = 14
        lines = result.board(1).ns_lines
        assert [(ln.score, ln.freq, ln.ns_mp) for ln in lines][2] == (680, 3, 14)

    def test_merged_evenly_top_200(self) -> None:
        merged = score_event(merge_events([club("A", CLUB_A), club("B", EVEN_SPREAD)]))
        assert merged.expected == 101 and merged.top == 200
        assert ns_scores(merged) == {
            1430: {200}, 690: {178}, 680: {134}, 660: {89}, 650: {46}, -100: {13}, -200: {0},
        }  # fmt: skip
        assert [ln.freq for ln in merged.board(1).ns_lines] == [1, 21, 23, 22, 21, 12, 1]

    def test_merged_all_in_between(self) -> None:
        merged = score_event(merge_events([club("A", CLUB_A), club("B", ALL_IN_BETWEEN)]))
        assert ns_scores(merged) == {
            1430: {200}, 690: {198}, 680: {104}, 660: {9}, 650: {6}, -100: {3}, -200: {0},
        }  # fmt: skip

    def test_compare_rankings(self) -> None:
        clubs = [club("A", CLUB_A), club("B", ALL_IN_BETWEEN)]
        results = [score_event(c) for c in clubs]
        merged = score_event(merge_events(clubs))
        changes = {(c.club, c.label): c for c in compare_rankings(results, merged)}
        # +690 was 18/20 = 90% and 2nd of 11; now 198/200 = 99%, still 2nd of 101.
        c = changes["A", "2"]
        assert (c.club_score, c.club_rank, c.merged_score, c.merged_rank) == (90, "2", 99, "2")
        assert c.merged_label == "A:2" and c.club_field == c.merged_field == "NS"
        # +660 was 9/20 = 45% (6th=); now 9/200 = 4.5%, 96th= of 101.
        c = changes["A", "6"]
        assert (c.club_score, c.club_rank) == (45, "6=")
        assert (c.merged_score, c.merged_rank) == (F(9, 2), "96=")
        # EW at club A's +690 table: 2/20 = 10%, now 2/200 = 1%.
        c = changes["A", "102"]
        assert (c.club_score, c.merged_score, c.merged_field) == (10, 1, "EW")
        assert len(changes) == 2 * (11 + 90)
        text = format_rank_changes(compare_rankings(results, merged))
        assert text.splitlines()[0].split() == [
            "Club", "Pair", "Players", "Field", "At", "club", "Rank", "Merged", "Rank",
        ]  # fmt: skip
        assert "A     2     " in text and "90.00" in text and "99.00" in text

    def test_ratio_method_factors_by_max_played(self) -> None:
        # Seed 004: boards played 24 times are multiplied by 28/24.  Board 1 is
        # played 28 times, board 2 24 times.  The top on board 2 becomes
        # 46 x 28/24 = 53.67, not 54: the ratio method does not equalise tops.
        plays = [Play(1, f"n{i}", f"e{i}", parse_result(10 * i)) for i in range(1, 29)] + [
            Play(2, f"n{i}", f"e{i}", parse_result(10 * i)) for i in range(1, 25)
        ]
        pairs = tuple(Pair(f"{d}{i}") for d in "ne" for i in range(1, 29))
        result = score_event(
            Event(pairs, tuple(plays), settings=Settings(unequal=UnequalBoards.RATIO))
        )
        assert result.expected == 28 and result.top == 54
        top_2 = result.pair("n24").board(2).score
        assert top_2 == 46 * F(28, 24) == F(161, 3)
        assert result.pair("n28").board(1).score == 54
        assert result.pair("n24").maximum == 2 * 54  # percentages still of the full top
        # Neuberg gives the full top: (28/24)(46 + 1) - 1 = 53.83; still not 54
        # (a top among fewer results is an estimate), but the board total is kept.
        neuberg = score_event(Event(pairs, tuple(plays)))
        assert neuberg.pair("n24").board(2).score == F(28, 24) * 47 - 1
        assert sum(neuberg.board(2).totals()) == 24 * 54


class TestMerge:
    def test_labels_sources_and_versions(self) -> None:
        G2 = CellPlace("Travellers", 2, "G")
        a = Event(
            (Pair("1"), Pair("2")),
            (
                Play(
                    1,
                    "1",
                    "2",
                    parse_result(420),
                    source=CellPlace("Travellers", 2, "G"),
                    version="B",
                ),
                Play(2, "1", BYE, None),
            ),
            (Adjustment("1", F(-1), source=CellPlace("Adjustments", 2, "A")),),
            name="Acol",
        )
        b = Event((Pair("1"), Pair("2")), (Play(1, "1", "2", parse_result(400)),))
        merged = merge_events([a, b])
        assert [p.label for p in merged.pairs] == ["Acol:1", "Acol:2", "club 2:1", "club 2:2"]
        # each club's cell kept as a place in that club's workbook, printed as a message names it
        assert merged.plays[0].source == ClubPlace("Acol", G2)
        assert str(merged.plays[0].source) == "Acol: Travellers!G2"
        assert str(merged.adjustments[0].source) == "Acol: Adjustments!A2"
        assert str(merged.plays[2].source) == "club 2"  # no cell known: the club alone
        assert merged.plays[0].version == "Acol:B" and merged.plays[2].version == ""
        assert merged.plays[1].ew == BYE
        assert merged.adjustments[0].pair == "Acol:1"
        assert merged.name == "Acol + club 2"
        assert merged.settings.expected is None

    def test_forms_must_agree(self) -> None:
        with pytest.raises(ScoringError, match="merge events scored the same way"):
            merge_events([club("A", [420]), club("B", [420], form=ScoringForm.BUTLER)])

    def test_errors_name_the_club(self) -> None:
        bad = club("B", [420, 420])
        bad = Event(
            bad.pairs, (*bad.plays, Play(1, "1", "9", parse_result(420), source="T!G9")), name="B"
        )
        with pytest.raises(ScoringError, match=r"B: T!G9"):
            score_event(merge_events([club("A", [420]), bad]))


class TestSameEvent:
    """Only one event's nights are merged: the same boards; dates that differ are told."""

    def test_boards_each_club_did_not_share_are_refused(self) -> None:
        a = club("A", [420])
        b = Event(a.pairs, (Play(2, "1", "101", parse_result(420)),), name="B")
        with pytest.raises(ScoringError, match=r"^A played board 1 and B board 2, which the"):
            merge_events([a, b])

    def test_a_club_playing_fewer_boards_is_merged(self) -> None:
        a = club("A", [420])
        more = Event(a.pairs, (*a.plays, Play(2, "1", "101", parse_result(-50))), name="B")
        assert len(merge_events([more, a]).plays) == 3

    def test_different_dates_are_warned(self) -> None:
        import datetime

        a = Event((), (), name="A", date=datetime.date(2026, 6, 5))
        b = Event((), (), name="B", date=datetime.date(2026, 5, 6))
        (warning,) = merge_warnings([a, b, Event((), (), name="C")])
        assert warning.startswith(
            "the nights are dated differently: 6 May 2026 (B), 5 June 2026 (A): are they"
        )
        assert merge_warnings([a, a]) == ()


def sim(club_name: str, scores: list[int], event: str = "Sim pairs") -> Event:
    """A club's night of a simultaneous pairs: ``event`` named in Settings, ``club_name``
    in Settings' Club ("" when left blank)."""
    night = club(event, scores)
    return Event(
        night.pairs, night.plays, settings=night.settings, facts=EventFacts(event, club=club_name)
    )


class TestClubNames:
    """A club's pairs in the merged field are prefixed with what tells the clubs apart: its
    Settings' Club, else its event's name, else its file's name."""

    FILES = ("a", "b", "c")

    def test_one_event_name_and_three_club_names(self) -> None:
        events = [sim("Acol", [420]), sim("Bath", [420]), sim("Crewe", [420])]
        assert club_names(events, self.FILES) == ["Acol", "Bath", "Crewe"]
        assert club_names(events) == ["Acol", "Bath", "Crewe"]

    @pytest.mark.parametrize(
        "names", [("", "", ""), ("Acol", "", "Crewe"), ("Acol", "Acol", "Bath")]
    )
    def test_one_event_name_and_club_names_that_do_not_tell_them_apart(
        self, names: tuple[str, str, str]
    ) -> None:
        events = [sim(name, [420]) for name in names]
        assert club_names(events, self.FILES) == ["a", "b", "c"]
        # no files given (a Python caller): the event's name, a repeat numbered by position
        assert club_names(events) == ["Sim pairs", "Sim pairs #2", "Sim pairs #3"]

    def test_event_names_that_differ_are_kept(self) -> None:
        events = [sim("", [420], "Tuesday"), sim("", [420], "Acol sim"), sim("", [420], "Bath")]
        assert club_names(events, self.FILES) == ["Tuesday", "Acol sim", "Bath"]
        # the same Club at each (a copied template) does not tell them apart either
        same = [sim("Our club", [420], name) for name in ("Tuesday", "Acol sim", "Bath")]
        assert club_names(same, self.FILES) == ["Tuesday", "Acol sim", "Bath"]

    def test_files_of_one_name_in_two_folders_are_numbered(self) -> None:
        events = [sim("", [420]), sim("", [420]), sim("", [420])]
        assert club_names(events, ["club", "club", ""]) == ["club", "club #2", "club 3"]

    def test_a_typed_name_like_a_numbered_one_is_not_made_twice(self) -> None:
        events = [Event((), (), name=name) for name in ("A", "A #3", "A")]
        assert club_names(events) == ["A", "A #3", "A #3 #3"]

    def test_one_file_name_an_event(self) -> None:
        with pytest.raises(ScoringError, match=r"^3 events and 2 files: give one file's name"):
            club_names([sim("", [420])] * 3, ["a", "b"])

    def test_merge_events_and_compare_rankings_name_the_clubs_alike(self) -> None:
        """Seed 004 as a simultaneous pairs: A's +690 (its pair 2) is 178 of the field's top
        200, under A's Club name, in the merged field and in the rank changes."""
        clubs = [sim("Acol", CLUB_A), sim("Bath", EVEN_SPREAD)]
        merged = score_event(merge_events(clubs, ["a", "b"]))
        assert merged.event.name == "Acol + Bath"
        assert merged.pair("Acol:2").board(1).score == 178 and merged.top == 200
        changes = compare_rankings([score_event(c) for c in clubs], merged, ["a", "b"])
        change = next(c for c in changes if c.club == "Acol" and c.label == "2")
        assert (change.merged_label, change.club_score, change.merged_score) == (
            "Acol:2",
            F(90),  # 18 of 20 at Acol
            F(89),  # 178 of 200 in the field
        )
        assert {c.club for c in changes} == {"Acol", "Bath"}

    def test_merge_warnings_name_the_clubs_alike(self) -> None:
        import datetime

        tue = Event((), (), facts=EventFacts("Sim pairs", datetime.date(2026, 11, 24)))
        thu = Event((), (), facts=EventFacts("Sim pairs", datetime.date(2026, 11, 26)))
        (warning,) = merge_warnings([tue, thu], files=["acol", "bath"])
        assert warning.startswith(
            "the nights are dated differently: 24 November 2026 (acol), 26 November 2026 (bath)"
        )

    @pytest.mark.parametrize(
        ("typed", "named"),
        [
            ("Crewe: Tuesday", "Crewe: Tuesday"),  # a label's own part is after the last colon
            ("  Acol\n Bridge  Club ", "Acol Bridge Club"),
            ("Bath\u00b2", "Bath2"),  # a pair's label refuses a superscript digit
            ("\uff22\uff41\uff54\uff48", "Bath"),  # full-width letters: read as plain ones
            ("Dee \u2212 north", "Dee - north"),  # a typographic minus sign
            ("Ely \u1369", "Ely 1"),  # an Ethiopic digit one, which NFKC leaves alone
        ],
    )
    def test_a_club_name_is_made_fit_for_a_pair_label(self, typed: str, named: str) -> None:
        events = [sim(typed, [420]), sim("Acol", [420])]
        (first, _) = club_names(events)
        assert first == named
        label = PairLabel("3", "NS", first)
        assert PairLabel.parse(str(label)) == label and PairLabel.parse(str(label)).club == named


@given(st.text())
def test_any_club_name_survives_a_pair_labels_round_trip(typed: str) -> None:
    """Whatever a club typed in Settings' Club, its merged field's labels read back as its."""
    name = club_text(typed)
    if name:
        label = PairLabel("3", "NS", name)
        assert PairLabel.parse(str(label)).club == name
        assert club_text(name) == name
