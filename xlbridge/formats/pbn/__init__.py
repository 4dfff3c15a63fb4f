"""PBN 2.1 (Portable Bridge Notation) files: games of tag pairs, sections and tables.

A PBN file is a sequence of *games* separated by empty lines.  A game is a
set of tag pairs (``[Board "5"]``); some tags are followed by a *section*
of data lines: the auction, the play, or a *table*, whose tag value names
its columns (``"Rank\\2R;PairId\\2R;Names\\40L"``: column name, then after a
backslash the width and ``R`` or ``L`` for right or left alignment), with
one row per line, entries separated by spaces and an entry holding spaces
written as a quoted string.  A tag value of ``#`` repeats the value the tag
had in the previous game.  Lines starting with ``%`` are directives, ``;``
starts a comment to the end of the line and ``{...}`` a comment that may
span lines (PBN 2.1, sections 2, 3 and 5).

:func:`read_games` reads the games (pure Python, nothing but the standard
library); :func:`read_hand_records` reads the deals of a hand-record file
for ``xlbridge score --hands``; :func:`format_tag` and :func:`format_table`
write tags and tables as the standard spells them.

>>> games = read_games('[Board "1"]\\n[Deal "N:... ... ... ..."]\\n\\n[Board "2"]\\n[Deal "#"]\\n')
>>> [(g.value("Board"), g.value("Deal")) for g in games]
[('1', 'N:... ... ... ...'), ('2', 'N:... ... ... ...')]
"""

from __future__ import annotations

from xlbridge.formats.pbn.deals import (
    PBN_VULNERABLE,
    board_tags,
    format_hand_record,
    on_board,
    read_hand_records,
)
from xlbridge.formats.pbn.export import (
    format_results,
)
from xlbridge.formats.pbn.published import (
    PbnResults,
    PublishedLineText,
    PublishedPairText,
    read_pbn,
    read_results,
)
from xlbridge.formats.pbn.syntax import (
    Column,
    Game,
    Table,
    Tag,
    decode,
    format_table,
    format_tag,
    parse_columns,
    quote,
    read_file_games,
    read_games,
)

__all__ = [
    "PBN_VULNERABLE",
    "Column",
    "Game",
    "PbnResults",
    "PublishedLineText",
    "PublishedPairText",
    "Table",
    "Tag",
    "board_tags",
    "decode",
    "format_hand_record",
    "format_results",
    "format_table",
    "format_tag",
    "on_board",
    "parse_columns",
    "quote",
    "read_file_games",
    "read_games",
    "read_hand_records",
    "read_pbn",
    "read_results",
]
