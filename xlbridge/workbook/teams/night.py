"""A teams night from file to results: the steps behind ``new --teams``, ``draw`` and ``score``.

A Swiss is kept in one workbook from the first round to the last: ``draw``
adds the new round to the workbook itself, after keeping a copy of it as it was
(``NIGHT-before-round2.xlsx``), so nothing typed can be lost; with ``-o`` it
writes the new round to another file instead.  ``score`` never changes its
input: it writes a results workbook.  Every output goes through
:func:`xlbridge.outputs.atomic_write`; a draw writes the copy and the workbook with
:func:`xlbridge.outputs.write_together` (both or neither), so a draw that fails
leaves nothing behind and is simply run again.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from openpyxl import load_workbook

from xlbridge.errors import InputFileError, ScoringError
from xlbridge.exact import plural
from xlbridge.inputs import check_merged_cells, check_workbook_file, open_in_spreadsheet
from xlbridge.outputs import atomic_write, refuse_same_file, write_together
from xlbridge.places import CellPlace, Problem
from xlbridge.report import format_fixed
from xlbridge.teams import (
    Match,
    TeamsResult,
    repeated_meetings,
    round_robin,
    score_teams,
    swiss_draw,
)
from xlbridge.workbook.shared.night import board_not_played
from xlbridge.workbook.shared.sheets import (
    check_row_numbers,
    damage_message,
    is_opendocument,
    sheet_names,
)
from xlbridge.workbook.shared.written import keep_formulas, save
from xlbridge.workbook.teams import template as T
from xlbridge.workbook.teams.reader import TeamsNight, is_teams_workbook, read_teams_workbook
from xlbridge.workbook.teams.template import (
    TRAVELLERS,
    TeamsLayout,
    add_round,
    build_teams_workbook,
    round_boards,
)

__all__ = [
    "Draw",
    "ScoredTeams",
    "before_draw_copy",
    "draw_round",
    "explain_teams_board",
    "format_draw",
    "format_teams_ranking",
    "new_teams_night",
    "results_to_come",
    "score_teams_night",
]


@dataclass(frozen=True)
class ScoredTeams:
    """A teams workbook read and scored."""

    night: TeamsNight
    result: TeamsResult
    #: the file's own warnings (open in a spreadsheet), before the sheets'
    opened: tuple[Problem, ...] = ()

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """Every warning, each with its place (``""`` when it has none), in the order met."""
        return self.opened + self.night.warnings + results_to_come(self.night, self.result)


@dataclass(frozen=True)
class Draw:
    """A round drawn: its matches (a bye has no away team) and the teams' names."""

    round: int
    matches: tuple[Match, ...]
    names: dict[int, str]
    #: the standings the round was drawn from (rank, team, VPs), best first
    standings: tuple[tuple[str, int, Fraction], ...] = ()
    #: the matches between teams that have met before (only when no draw avoided them)
    repeats: tuple[tuple[int, int], ...] = ()
    #: the workbook's warnings, and what the draw noticed (a team with no match in a round)
    warnings: tuple[Problem, ...] = ()


def new_teams_night(target: Path, layout: TeamsLayout, overwrite: bool = False) -> Draw:
    """Write a fresh teams workbook with the first round drawn (every round, for a round robin)."""
    if target.exists() and not overwrite:
        raise ScoringError(
            f"{os.fspath(target)} exists already: give a new file name, "
            "or add --force to replace it"
        )
    if target.suffix.lower() != ".xlsx":
        raise ScoringError(f"{os.fspath(target)}: the new workbook's name must end in .xlsx")
    _check_size(layout)
    numbers = list(range(1, layout.teams + 1))
    wb = build_teams_workbook(layout)
    if layout.format == "round-robin":
        schedule = round_robin(numbers)
        if layout.rounds > len(schedule):
            raise ScoringError(
                f"--rounds: {layout.teams} teams play a round robin in {len(schedule)} rounds, "
                f"not {layout.rounds}"
            )
        matches: list[Match] = []
        for number, fixtures in enumerate(schedule[: layout.rounds], start=1):
            matches.extend(_round_matches(number, fixtures, layout.boards))
        first = tuple(m for m in matches if m.round == 1)
    else:
        if layout.rounds > layout.teams - 1 + layout.teams % 2:
            raise ScoringError(
                f"--rounds: {layout.teams} teams can play at most "
                f"{plural(layout.teams - 1 + layout.teams % 2, 'Swiss round')} "
                "without meeting twice"
            )
        pairs, bye = swiss_draw(numbers, [])
        first = _round_matches(1, _with_bye(pairs, bye), layout.boards)
        matches = list(first)
    add_round(wb, matches)
    atomic_write(target, lambda tmp: save(wb, tmp))
    return Draw(1, first, {n: f"Team {n}" for n in numbers})


#: The most teams a Swiss seats, and a round robin (whose every round is drawn at once,
#: each team meeting all the others).
MAX_TEAMS = 200
MAX_ROUND_ROBIN_TEAMS = 30
#: The most boards a match, and a team over the event (the rounds times the boards).
MAX_MATCH_BOARDS = 64
MAX_EVENT_BOARDS = 240


def _check_size(layout: TeamsLayout) -> None:
    """Refuse a teams event no club plays (a workbook of tens of thousands of rows, made
    over minutes), saying what to give instead."""
    if layout.teams < 2:
        raise ScoringError("--teams: a teams event needs at least two teams")
    if layout.boards < 1:
        raise ScoringError("--boards: a match needs at least one board")
    if layout.rounds < 1:
        raise ScoringError("--rounds: an event needs at least one round")
    robin = layout.format == "round-robin"
    most = MAX_ROUND_ROBIN_TEAMS if robin else MAX_TEAMS
    if layout.teams > most:
        raise ScoringError(
            f"--teams: {'a round robin' if robin else 'a Swiss'} is for 2 to {most} teams, "
            f"not {layout.teams}"
            + (": play a bigger field as a Swiss (--format swiss)" if robin else "")
        )
    if layout.boards > MAX_MATCH_BOARDS:
        raise ScoringError(
            f"--boards: {layout.boards} boards a match is more than a day's play: "
            f"give at most {MAX_MATCH_BOARDS} (--boards is the length of each match)"
        )
    if layout.rounds * layout.boards > MAX_EVENT_BOARDS:
        raise ScoringError(
            f"{plural(layout.rounds, 'round')} of {layout.boards} boards is "
            f"{layout.rounds * layout.boards} boards a team, more than an event: give at most "
            f"{MAX_EVENT_BOARDS} boards a team over the rounds (fewer --rounds or --boards)"
        )


def _round_matches(
    number: int, pairs: Sequence[tuple[int, int | None]], boards: int
) -> tuple[Match, ...]:
    played = [(h, a) for h, a in pairs if a is not None]
    byes = [h for h, a in pairs if a is None]
    return (
        *(
            Match(number, table, home, away, round_boards(number, boards))
            for table, (home, away) in enumerate(played, start=1)
        ),
        *(Match(number, None, team, None, ()) for team in byes),
    )


def _with_bye(pairs: Sequence[tuple[int, int]], bye: int | None) -> list[tuple[int, int | None]]:
    out: list[tuple[int, int | None]] = list(pairs)
    if bye is not None:
        out.append((bye, None))
    return out


def before_draw_copy(night: Path, round_number: int) -> Path:
    """``NIGHT-before-round2.xlsx``: the copy of the workbook kept before round 2 is added."""
    return night.with_name(f"{night.stem}-before-round{round_number}.xlsx")


def draw_round(source: Path, round_number: int, target: Path, keep: Path | None = None) -> Draw:
    """Draw Swiss round ``round_number`` by the standings; write the workbook with it to ``target``.

    The standings are those after every earlier round, which must all be complete.
    ``keep``: the round is drawn into ``source`` itself (``target`` is ``source``) and
    ``source`` is first copied to ``keep``, as it was.
    """
    if keep is None:
        refuse_same_file(source, target)
    if is_opendocument(source):
        raise ScoringError(
            f"{os.fspath(source)} is an .ods: xlbridge draw writes the round into an .xlsx "
            "workbook: save it as .xlsx in LibreOffice and draw there"
        )
    _refuse_other_kinds(source)
    night = read_teams_workbook(source)  # the round before may be unfinished: the draw says so
    result = score_teams(night.event)
    if night.format != "swiss":
        raise ScoringError(
            f"the format is {night.format}: its rounds were all drawn by xlbridge new: "
            "type their results and score",
            night.setting_cells.get("format", T.SETTINGS),
        )
    drawn = night.drawn_rounds
    if round_number != drawn + 1:
        done = f"round {drawn} drawn" if drawn == 1 else f"rounds 1-{drawn} drawn"
        raise ScoringError(
            f"--round {round_number}: the workbook has {done}, so the next is round {drawn + 1}"
        )
    if night.rounds and round_number > night.rounds:
        cell = night.setting_cells.get("rounds", T.SETTINGS)
        raise ScoringError(
            f"--round {round_number}: {cell} says the event has {night.rounds} rounds, and "
            f"round {night.rounds} was its last: to play round {round_number}, type "
            f"{round_number} there first"
        )
    if missing := results_to_come(night, result):
        shown = "\n".join(str(problem) for problem in missing[:10])
        more = f"\n... and {len(missing) - 10} more" if len(missing) > 10 else ""
        raise ScoringError(
            f"round {drawn} is not finished, so its standings are not known yet: type its "
            f"results, then draw round {round_number}:\n{shown}{more}"
        )
    playing = [
        s.team.number
        for s in result.standings
        if s.team.withdrawn_after is None or s.team.withdrawn_after >= round_number
    ]
    met = [(m.match.home, m.match.away) for m in result.matches if m.match.away is not None]
    had_bye = [m.match.home for m in result.matches if m.match.away is None]
    pairs, bye = swiss_draw(playing, met, had_bye)
    repeats = tuple(repeated_meetings(pairs, met))
    boards = night.event.settings.boards_per_match
    matches = _round_matches(round_number, _with_bye(pairs, bye), boards)
    check_workbook_file(source)
    check_merged_cells(source)
    check_row_numbers(source)  # every sheet is written back: none may lose a row
    try:
        with open(source, "rb") as file:  # closed even when openpyxl fails half way
            wb = keep_formulas(load_workbook(file))
    except Exception as exc:  # a part the entries do not need is damaged: name it
        raise InputFileError(damage_message(Path(source), exc)) from exc
    add_round(wb, matches)
    outputs: list[tuple[Path, Callable[[Path], None]]] = []
    if keep is not None:

        def copy(tmp: Path) -> None:
            shutil.copyfile(source, tmp)

        outputs.append((keep, copy))
    outputs.append((target, lambda tmp: save(wb, tmp)))
    write_together(outputs)  # the copy and the round, or neither: the draw runs again
    standings = tuple((s.rank_text, s.team.number, s.vps) for s in result.standings)
    names = {t.number: t.name for t in night.event.teams}
    warnings = night.warnings + _missed_rounds(night, playing)
    return Draw(round_number, matches, names, standings, repeats, warnings)


def _refuse_other_kinds(source: Path) -> None:
    """A pairs night or an individual given to ``draw``, said as such (their sheets, Pairs
    and Players, as :mod:`xlbridge.workbook.kinds` tells them)."""
    if is_teams_workbook(source):
        return
    try:
        names = set(sheet_names(source))
    except Exception:  # a damaged file: the reader names the damaged part
        return
    what = "a pairs night" if "Pairs" in names else "an individual" if "Players" in names else ""
    if what:
        raise ScoringError(
            f"{os.fspath(source)} is {what}, not a teams event: xlbridge draw draws the next "
            "round of a Swiss teams workbook (one made by xlbridge new --teams N)"
        )


def results_to_come(night: TeamsNight, result: TeamsResult) -> tuple[Problem, ...]:
    """Each match's boards with a room still to come, at the cell to type first (the room's
    contract cell on the board's Travellers row); a board with no row there, at the sheet."""
    problems: list[Problem] = []
    for scored in result.matches:
        match = scored.match
        if match.away is None:
            continue
        label = f"round {match.round} table {match.table} ({match.home} v {match.away})"
        rows = {b.board: night.traveller_rows.get((match.round, match.home, b.board))
                for b in scored.boards}  # fmt: skip
        no_row = [board for board, row in rows.items() if row is None]
        if no_row:
            problems.append(
                Problem(
                    TRAVELLERS,
                    f"{label}: {_boards_text(no_row)} no row on the sheet: add "
                    f"{'its row' if len(no_row) == 1 else 'their rows'} (round, table, board, "
                    "home, away) and type both rooms",
                )
            )
        for room, column in (("open", "F"), ("closed", "J")):
            boards = [
                b.board
                for b in scored.boards
                if getattr(b, f"{room}_room") is None and rows[b.board] is not None
            ]
            if boards:
                first = rows[boards[0]]
                assert first is not None
                problems.append(
                    Problem(
                        CellPlace(TRAVELLERS, first, column),
                        f"{label}: {_boards_text(boards)} no result in the {room} room yet",
                    )
                )
    return tuple(problems)


def _boards_text(boards: Sequence[int]) -> str:
    """``board 2 has`` or ``boards 1, 2 have``."""
    if len(boards) == 1:
        return f"board {boards[0]} has"
    return f"boards {', '.join(map(str, boards))} have"


def _missed_rounds(night: TeamsNight, playing: Sequence[int]) -> tuple[Problem, ...]:
    """A team still playing whose name was cleared, or that had no match and no bye in an
    earlier round (its match row deleted), at its Teams row: a team that withdrew
    without the round typed."""
    seated = {(m.round, t) for m in night.event.matches for t in (m.home, m.away) if t}
    problems = []
    for team in playing:
        row = night.team_rows.get(team)
        if team in night.unnamed and row is not None:
            problems.append(
                Problem(
                    CellPlace(T.TEAMS, row, "B"),
                    f"team {team} has no name and is drawn as Team {team}: if it withdrew, "
                    f"type the last round it played in {CellPlace(T.TEAMS, row, 'K')} "
                    "and draw again",
                )
            )
        missed = [r for r in range(1, night.drawn_rounds + 1) if (r, team) not in seated]
        if not missed:
            continue
        rounds = ", ".join(map(str, missed))
        where: CellPlace | str = T.TEAMS if row is None else CellPlace(T.TEAMS, row, "K")
        problems.append(
            Problem(
                where,
                f"team {team} has no match and no bye in round{'s' if len(missed) > 1 else ''} "
                f"{rounds} on the {T.MATCHES} sheet, and is drawn with the VPs it has: if it "
                "withdrew, type the last round it played there and draw again",
            )
        )
    return tuple(problems)


def format_draw(draw: Draw) -> str:
    """The round's draw as a list for the room."""
    played = [m for m in draw.matches if m.away is not None]
    boards = played[0].boards if played else ()
    lines: list[str] = []
    # the name column as wide as the longest name it lists, so the VPs and the away teams
    # stay in line under a long team name
    if draw.standings:
        lines += [
            f"Standings after round {draw.round - 1}, from which round {draw.round} is drawn:"
        ]
        named = [
            (rank, f"{team} {draw.names.get(team, '')}", vps) for rank, team, vps in draw.standings
        ]
        width = max(32, *(len(name) for _, name, _ in named))
        for rank, name, vps in named:
            lines.append(f"{rank:>5}  {name:<{width}}  {format_fixed(vps):>6} VPs")
        lines.append("")
    homes = [f"{m.home} {draw.names.get(m.home, '')}" for m in played]
    width = max(32, *(len(home) for home in homes)) if homes else 32
    lines += [
        f"Round {draw.round}" + (f" ({_boards_shown(boards)})" if boards else ""),
        "",
        f"{'Table':>5}  {'Home (NS in the open room)':<{width}}  Away (NS in the closed room)",
    ]
    for m, home in zip(played, homes, strict=True):
        assert m.away is not None
        away = f"{m.away} {draw.names.get(m.away, '')}"
        lines.append(f"{m.table or '':>5}  {home:<{width}}  {away}")
    for m in draw.matches:
        if m.away is None:
            lines.append(f"{'bye':>5}  {m.home} {draw.names.get(m.home, '')}")
    for first, second in draw.repeats:
        lines.append(
            f"note: teams {first} and {second} meet again: every possible draw had two teams "
            "meet again, and this one has the fewest such matches"
        )
    return "\n".join(lines)


def _boards_shown(boards: Sequence[int]) -> str:
    """``boards 7-12``, or ``board 3`` for a one-board match."""
    return f"board {boards[0]}" if len(boards) == 1 else f"boards {boards[0]}-{boards[-1]}"


def score_teams_night(path: str | os.PathLike[str]) -> ScoredTeams:
    """Check, read and score the teams workbook at ``path`` (refused with no result in any
    room: there is nothing to rank)."""
    night = read_teams_workbook(path)
    rooms = [
        room for boards in night.event.results.values() for pair in boards.values() for room in pair
    ]
    if not any(room is not None for room in rooms):
        blank = f" ({plural(len(rooms) // 2, 'board')} left blank)" if rooms else ""
        raise ScoringError(
            f"no board has a result in either room yet{blank}: type the results, then score",
            CellPlace(TRAVELLERS, 2, "F"),
        )
    opened = open_in_spreadsheet(path)
    return ScoredTeams(night, score_teams(night.event), (Problem("", opened),) if opened else ())


def format_teams_ranking(result: TeamsResult) -> str:
    """The ranking as text for the terminal."""
    lines = [result.title, ""]
    names = [
        f"{s.team.number} {s.team.name}"
        + (" (withdrawn)" if s.team.withdrawn_after is not None else "")
        for s in result.standings
    ]
    # as wide as the longest team name, so the figures stay in their columns
    width = max(28, *(len(name) for name in names)) if names else 28
    lines.append(
        f"{'Rank':<5} {'Team':<{width}} {'Played':>6} {'IMPs +':>7} {'IMPs -':>7} {'VPs':>7}"
    )
    for s, name in zip(result.standings, names, strict=True):
        lines.append(
            f"{s.rank_text:<5} {name:<{width}} {s.played:>6} {_num(s.imps_won):>7} "
            f"{_num(s.imps_lost):>7} {format_fixed(s.vps):>7}"
        )
    return "\n".join(lines)


def _num(value: object) -> str:
    from fractions import Fraction

    assert isinstance(value, Fraction)
    return format_fixed(value, whole=True)


def explain_teams_board(result: TeamsResult, board: int) -> str:
    """Board ``board`` as a TD checks it: every match's two rooms and IMPs, then the results
    across the room with how many tables had each."""
    from xlbridge.result import format_result

    names = {t.number: t.name for t in result.event.teams}
    lines = [f"Board {board}", ""]
    header = f"{'Round':>5} {'Table':>5}  {'Home v Away':<34} {'Open':>18} {'Closed':>18}  IMPs"
    rows = []
    for m in result.matches:
        for b in m.boards:
            if b.board != board:
                continue
            teams = (
                f"{m.match.home} {names[m.match.home]} v {m.match.away} {names[m.match.away or 0]}"
            )
            rooms = [("" if r is None else format_result(r)) for r in (b.open_room, b.closed_room)]
            imps = "" if b.home is None or b.away is None else f"{_num(b.home)} / {_num(b.away)}"
            rows.append(
                f"{m.match.round:>5} {m.match.table or '':>5}  {teams:<34} "
                f"{rooms[0]:>18} {rooms[1]:>18}  {imps}"
            )
    if not rows:
        played = [b.board for m in result.matches for b in m.boards]
        raise board_not_played(board, played)
    lines += [header, *rows, "", "Across the room (both rooms of every match):"]
    lines += [f"{text:>18}  {count} table{'s' if count != 1 else ''}"
              for text, count in result.frequencies().get(board, [])]  # fmt: skip
    return "\n".join(lines)
