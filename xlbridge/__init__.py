"""xlbridge: exact duplicate-bridge scoring for spreadsheets and the command line.

The core (this package without :mod:`xlbridge.udfs`, :mod:`xlbridge.workbook`
and :mod:`xlbridge.cli`) imports neither xlwings nor openpyxl, so it runs
under Pyodide (xlwings Lite).
"""

from __future__ import annotations

from xlbridge.avplus import AvplusResult, apply_avplus, apply_avplus_imps
from xlbridge.board import (
    Board,
    Direction,
    FrequencyLine,
    FrequencyTable,
    aggregate_score,
    butler_board,
    cross_imps_board,
    frequency_lines,
    matchpoint_board,
    neuberg,
    teams_imps,
    weighted_matchpoints,
)
from xlbridge.contract import (
    Contract,
    Doubling,
    Seat,
    Strain,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    format_contract,
    is_possible_score,
    parse_contract,
    parse_tricks_result,
    score_contract,
)
from xlbridge.errors import (
    BoardError,
    ContractError,
    ResultCellError,
    RulingError,
    ScoringError,
    WeightError,
)
from xlbridge.event import Adjustment, Event, Pair, Play, ScoringForm, Settings
from xlbridge.result import (
    NOT_PLAYED,
    Artificial,
    Result,
    Weighted,
    format_result,
    parse_result,
    parse_rulings,
)
from xlbridge.scales import imps, victory_point_pair, victory_points

__version__ = "0.1.0"

__all__ = [
    "NOT_PLAYED",
    "Adjustment",
    "Artificial",
    "AvplusResult",
    "Board",
    "BoardError",
    "Contract",
    "ContractError",
    "Direction",
    "Doubling",
    "Event",
    "FrequencyLine",
    "FrequencyTable",
    "Pair",
    "Play",
    "Result",
    "ResultCellError",
    "RulingError",
    "ScoringError",
    "ScoringForm",
    "Seat",
    "Settings",
    "Strain",
    "Vulnerability",
    "WeightError",
    "Weighted",
    "__version__",
    "aggregate_score",
    "apply_avplus",
    "apply_avplus_imps",
    "board_dealer",
    "board_vulnerability",
    "butler_board",
    "cross_imps_board",
    "format_contract",
    "format_result",
    "frequency_lines",
    "imps",
    "is_possible_score",
    "matchpoint_board",
    "neuberg",
    "parse_contract",
    "parse_result",
    "parse_rulings",
    "parse_tricks_result",
    "score_contract",
    "teams_imps",
    "victory_point_pair",
    "victory_points",
    "weighted_matchpoints",
]
