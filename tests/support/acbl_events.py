"""Two club nights for the ACBL convention's tests: a 13-table Mitchell whose NS pairs
each sit out a round, and an 11-pair Howell with a sit-out and a board not played.

The scores are partscores, which every board allows whatever its vulnerability, drawn
with a fixed seed.
"""

from __future__ import annotations

import random

from xlbridge import Event, Pair, Play, Settings, parse_result
from xlbridge.movement import howell

#: Traveller rows: board, NS pair, EW pair, NS score (or NP).
Rows = list[tuple[int, str, str, int | str]]

ACBL = Settings(convention="ACBL")
SCORES = (-170, -140, -110, -90, 90, 110, 120, 140, 170)


def mitchell_rows(seed: int = 17) -> Rows:
    """A 13-table Mitchell, 13 rounds of 2 boards (26), EW 13 absent: NS sit out a round.

    Round r (0-12), table t (0-12): NS t+1 meets EW (t - r) mod 13 + 1 on board set
    (t + r) mod 13; when that EW pair is the absent 13th, the NS pair sits out.  Every
    board is played 12 times (top 11); each NS pair plays 24 boards, each EW pair 26.
    """
    draw = random.Random(seed)
    rows: Rows = []
    for rnd in range(13):
        for table in range(13):
            ew = (table - rnd) % 13
            if ew == 12:
                continue
            board_set = (table + rnd) % 13
            for board in (2 * board_set + 1, 2 * board_set + 2):
                rows.append((board, f"NS {table + 1}", f"EW {ew + 1}", draw.choice(SCORES)))
    return rows


def howell_rows(seed: int = 24) -> Rows:
    """An 11-pair Howell (6 tables, one with the sit-out), 11 rounds of 2 boards (22).

    Every board is played 5 times; every pair plays 20 boards.  On board 22 pair 1
    and its opponents could not play (``NP``): board 22 has 4 results of 5, and those
    two pairs have 19 boards.
    """
    draw = random.Random(seed)
    rows: Rows = []
    for _round, _table, board, ns, ew in howell(6, 22, sit_out=True).traveller_rows():
        score: int | str = draw.choice(SCORES)
        if board == 22 and "1" in (ns, ew):
            score = "NP"
        rows.append((board, str(ns), str(ew), score))
    return rows


def event(rows: Rows, settings: Settings = ACBL) -> Event:
    """The night's pairs and plays, scored with ``settings`` (the ACBL convention)."""
    labels = sorted({label for row in rows for label in row[1:3]})
    plays = tuple(Play(board, ns, ew, parse_result(score)) for board, ns, ew, score in rows)
    return Event(tuple(Pair(label) for label in labels), plays, settings=settings)
