"""The Pairs sheet: each pair's label, players and direction."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from functools import partial

from xlbridge.errors import ScoringError
from xlbridge.event import Pair, Player
from xlbridge.exact import is_blank, quote
from xlbridge.movement import PairNumbering, number_key
from xlbridge.pair import PairLabel, parse_direction
from xlbridge.places import CellPlace, Place
from xlbridge.players import complete
from xlbridge.strata import Strata, parse_holding
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reading.base import Cells, ReaderState, cell_text, name_text
from xlbridge.workbook.pairs.reading.base import at as _at

#: What the ID column holds for a player without a national number (a visitor or guest).
GUEST = "guest"


_GUEST_WORDS = frozenset({"guest", "visitor", "g", "v"})


def _player(name: object, number: object) -> Player:
    """A player from the Pairs sheet's name and ID cells (``guest``: no national number)."""
    text = cell_text(number)
    guest = text.lower() in _GUEST_WORDS
    return Player(name_text(name), "" if guest else text, guest=guest or not text)


class PairsSheet(ReaderState):
    """The Pairs sheet: each pair's label, players and direction."""

    def _pairs(self) -> list[Pair]:
        """The Pairs sheet: each pair's label, names, players and master points."""
        listed: list[tuple[int, PairLabel, Cells, str]] = []
        for index, cells in self._entries(L.PAIRS, len(L.PAIR_COLUMNS)):
            label_cell, names, direction_cell = cells[:3]
            where = CellPlace(L.PAIRS, index, "A")
            if is_blank(label_cell):
                self.problems.error(where, f"a pair needs a number (the row names {quote(names)})")
                continue
            typed = self.problems.attempt(partial(_at, where, PairLabel.parse, label_cell))
            if typed is None:
                continue
            # NS, N-S, North-South, EW, E/W, East...: Direction.parse's words; a typo is
            # refused here, and the pair read as if the cell were blank (no second error)
            direction = (
                self.problems.attempt(partial(parse_direction, direction_cell, where.at("C"))) or ""
            )
            if typed.direction and direction and direction != typed.direction:
                self.problems.error(
                    where.at("C"),
                    f"pair {quote(label_cell)} is listed as {direction}: "
                    f"write {typed.direction} or the number alone",
                )
                continue
            listed.append((index, typed, cells, typed.direction or direction))
        directions: dict[str, set[str]] = defaultdict(set)
        for _, typed, _, direction in listed:
            directions[number_key(typed)].add(direction)
        self.numbering = PairNumbering({k: frozenset(v) for k, v in directions.items()})
        pairs: list[Pair] = []
        seen: dict[PairLabel, CellPlace] = {}
        for index, typed, cells, direction in listed:
            where = CellPlace(L.PAIRS, index, "A")
            label = self.numbering.label(typed.number, direction, typed.club)
            if label in seen:
                self.problems.cause(  # every row of the pair it should have been is wrong
                    where, f"pair {label} is listed twice (also {seen[label]})"
                )
                continue
            if self.numbering.by_direction and not direction:
                self.problems.error(
                    where.at("C"),
                    f"pair {typed} needs a direction, NS or EW: the pairs are numbered "
                    "in each direction (NS 1, EW 1)",
                )
                continue
            seen[label] = where
            typed_players = (
                self._complete((where.at(name), where.at(number)), *cells[first : first + 2])
                for first, name, number in ((3, "D", "E"), (5, "F", "G"))
            )
            players = tuple(
                _player(name, number)
                for name, number in typed_players
                if not (is_blank(name) and is_blank(number))
            )
            names = "" if is_blank(cells[1]) else str(cells[1]).strip()
            pairs.append(Pair(label, names, where, players, cell_text(cells[7])))
        if not pairs:
            self.problems.error(CellPlace(L.PAIRS, 2, "A"), "no pairs are listed")
        return pairs

    def _holdings(self, pairs: list[Pair], strata: Strata, where: Place | str) -> list[Pair]:
        """Each player's holding from the players list, for a stratified event; a player
        whose holding is not known is a warning at its number cell (its pair is then ranked
        only in the strata open to every pair)."""
        if self.players is None:
            self.problems.warn(
                where or L.SETTINGS,
                "the strata need each player's masterpoint holding: name the club's players "
                "list (the Players list row, or --players), with a Holding column",
            )
            return pairs
        players = self.players
        open_to_all = [s.name for s in strata.strata if s.upper is None]
        only = (
            f"ranked only in stratum {' and '.join(open_to_all)}" if open_to_all else "not ranked"
        )
        done: list[Pair] = []
        for pair in pairs:
            row = pair.source if isinstance(pair.source, CellPlace) else None
            held: list[Player] = []
            for index, player in enumerate(pair.players):
                cell: Place | str = row.at("EG"[index]) if row is not None else L.PAIRS
                why = ""
                listed = players.number(player.national_id) if player.national_id else None
                if not player.national_id:
                    who = player.name or f"player {index + 1}"
                    why = f"{who} has no number, so no holding on {players.name}"
                elif listed is None:
                    number = quote(player.national_id)
                    why = f"number {number} is not on {players.name}, so has no holding"
                elif not listed.holding:
                    why = f"{listed.name} has no holding on {players.name} (line {listed.line})"
                else:
                    try:
                        holding = parse_holding(listed.holding)
                    except ScoringError as exc:
                        why = f"{players.name} line {listed.line}: {exc}"
                    else:
                        held.append(replace(player, holding=holding))
                        continue
                self.problems.warn(
                    cell, f"{why}: pair {pair.label}'s stratum is not known, and it is {only}"
                )
                held.append(player)
            if len(pair.players) < 2 and row is not None:
                self.problems.warn(
                    row.at("D"),
                    f"pair {pair.label} has {('no players', 'one player')[len(pair.players)]} "
                    f"listed: its stratum is not known, and it is {only}",
                )
            done.append(replace(pair, players=tuple(held)))
        return done

    def _complete(
        self, where: tuple[CellPlace, CellPlace], name: object, number: object
    ) -> tuple[object, object]:
        """A player's name and number cells (at ``where``) completed from the players list;
        the warnings met are said at their cells."""
        typed = cell_text(number)
        if typed.lower() in _GUEST_WORDS or (self.players is None and self.body is None):
            return name, number
        done = complete(self.players, self.body, cell_text(name), typed)
        for part, message in done.warnings:
            self.problems.warn(where[0] if part == "name" else where[1], message)
        return (done.name or name), (done.number or number)
