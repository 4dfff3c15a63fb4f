"""The Adjustments sheet: penalties and awards to a pair."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from xlbridge.event import Adjustment, AdjustmentUnit
from xlbridge.exact import (
    NumberError,
    is_blank,
    normalise_text,
    parse_fraction,
    parse_percent,
    quote,
    whole_number,
)
from xlbridge.pair import PairLabel
from xlbridge.places import CellPlace, Place
from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.reading.base import ReaderState
from xlbridge.workbook.pairs.reading.base import at as _at
from xlbridge.workbook.pairs.reading.base import quote_free as _quote_free
from xlbridge.workbook.shared.sheets import is_percent_format


def _unit(value: object) -> AdjustmentUnit:
    return AdjustmentUnit.parse(value)


class AdjustmentsSheet(ReaderState):
    """The Adjustments sheet: penalties and awards to a pair."""

    def _adjustments(self, labels: set[PairLabel], boards: int | None) -> list[Adjustment]:
        found: list[Adjustment] = []
        for index, cells in self._entries(L.ADJUSTMENTS, 5):
            pair_cell, board_cell, amount_cell, unit_cell, reason = cells
            at = CellPlace(L.ADJUSTMENTS, index, "A").at
            before = len(self.problems.errors)
            pair = self._adjusted_pair(at("A"), pair_cell, labels)
            board = None
            if not is_blank(board_cell):
                try:
                    board = whole_number(board_cell)
                    if board < 1 or (boards is not None and board > boards):
                        raise ValueError
                except ValueError:
                    self.problems.error(at("B"), f"board {quote(board_cell)} is out of range")
            unit = AdjustmentUnit.MATCHPOINTS
            if not is_blank(unit_cell):
                parsed = self.problems.attempt(partial(_at, at("D"), _unit, unit_cell))
                unit = parsed if parsed is not None else unit
            amount = self._amount(index, amount_cell, unit, not is_blank(unit_cell))
            if amount is None:
                continue
            if isinstance(amount, tuple):
                amount, unit = amount
            elif is_blank(unit_cell):
                # The workbook's own Ranking formulas add only the rows marked MP or %: a
                # blank unit would count in one total and not the other.
                self.problems.error(
                    at("D"),
                    f"the unit of the adjustment {quote(amount_cell)} is blank: write MP "
                    "(matchpoints) or % (percent of a top)",
                )
                continue
            if len(self.problems.errors) == before and pair is not None:
                note = "" if is_blank(reason) else str(reason)
                found.append(Adjustment(pair, amount, unit, board, note, at("C")))
        return found

    def _adjusted_pair(
        self, where: Place, cell: object, labels: set[PairLabel]
    ) -> PairLabel | None:
        """The pair an adjustment names (``3``, ``NS 3``, ``3EW``), or ``None`` (reported)."""
        typed = None
        if not is_blank(cell):
            typed = self.problems.attempt(partial(_at, where, PairLabel.parse, cell))
            if typed is None:
                return None
        pair = None if typed is None else self.numbering.resolve(typed)
        if typed is not None and pair is None:
            self.problems.error(
                where,
                f"pair {quote(cell)} is both NS {typed} and EW {typed}: "
                f"write NS {typed} or EW {typed}",
            )
        elif pair not in labels:
            self.problems.error(
                where, f"{self.who} {quote(cell)} is not on the {self.listing} sheet"
            )
            return None
        return pair

    def _amount(
        self, index: int, cell: object, unit: AdjustmentUnit, unit_typed: bool
    ) -> Fraction | tuple[Fraction, AdjustmentUnit] | None:
        """An adjustment's amount as the user meant it; with the unit when the cell says it.

        An amount typed as a percentage (-10%: Excel stores -0.1 and formats the
        cell as a percentage) is a percentage of a top; with the unit left
        blank the unit is %, with the unit MP the row contradicts itself.
        """
        where = CellPlace(L.ADJUSTMENTS, index, "C")
        sheet = self.loaded.read[L.ADJUSTMENTS]
        percent = is_percent_format(sheet.number_format(index, 3)) or (
            isinstance(cell, str) and normalise_text(cell).endswith("%")
        )
        if percent and unit is AdjustmentUnit.MATCHPOINTS:
            if unit_typed:
                shown = f"{quote(cell)} (shown as a percentage)"
                self.problems.error(
                    where,
                    f"{shown} is a percentage but the unit ({where.at('D')}) is MP: "
                    "write % as the unit, or type the amount in matchpoints",
                )
                return None
            unit = AdjustmentUnit.PERCENT_OF_TOP
        try:
            if unit is AdjustmentUnit.PERCENT_OF_TOP:
                amount = parse_percent(cell, percent)
            else:
                amount = parse_fraction(cell)
        except NumberError as exc:
            if exc.readings:  # 0.4: 0.4% or 40%, both readings shown
                self.problems.error(where, _quote_free(exc, cell))
            else:
                self.problems.error(where, f"{quote(cell)} is not an amount (e.g. -1 or -0.5)")
            return None
        if unit is AdjustmentUnit.PERCENT_OF_TOP and not -100 <= amount <= 100:
            self.problems.error(
                where, f"{quote(amount)}% of a top is not an adjustment (from -100% to 100%)"
            )
            return None
        return (amount, unit) if percent else amount
