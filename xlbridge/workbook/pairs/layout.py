"""Where everything lives in the club-night workbook: sheets, columns, ranges.

The template builder, the reader and the writer all take their coordinates
from here, so the three cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from xlbridge.settings import (
    AvplusMethod,
    CrossDivisor,
    Ranking,
    Scale,
    ScoringConvention,
    ScoringForm,
    SmallVersions,
    UnequalBoards,
)
from xlbridge.workbook.shared.style import Column

__all__ = [
    "ADJUSTMENTS",
    "BOARD_RESULTS",
    "FREQUENCIES",
    "FREQ_BLOCK",
    "FREQ_LINES",
    "HOW_TO",
    "IMP_FREQUENCY_HEADERS",
    "MAX_BOARDS",
    "MAX_PAIRS",
    "MAX_ROWS",
    "MOVEMENT",
    "NATIONAL_BODY",
    "NATIONAL_ROWS",
    "NOTICE_CELLS",
    "PAIRS",
    "PLAYERS_LIST",
    "RANKING",
    "RANKING_AWARDS_COLUMN",
    "RULINGS",
    "RULINGS_ROWS",
    "SCORE_CARDS",
    "SETTINGS",
    "SETTING_ROWS",
    "STRATA",
    "STRATA_BY",
    "TABLE_CARDS",
    "TRAVELLERS",
    "Column",
    "Setting",
    "last_row",
]

HOW_TO = "How to use"
SETTINGS = "Settings"
PAIRS = "Pairs"
TRAVELLERS = "Travellers"
RULINGS = "Rulings"
ADJUSTMENTS = "Adjustments"
BOARD_RESULTS = "Board results"
FREQUENCIES = "Frequencies"
RANKING = "Ranking"
MOVEMENT = "Movement"
TABLE_CARDS = "Table cards"
SCORE_CARDS = "Score cards"

#: Traveller rows the formulas cover (rows 2 to MAX_ROWS + 1).
MAX_ROWS = 1000
#: Pairs the ranking covers.
MAX_PAIRS = 60
#: Boards the frequency sheet has a block for.
MAX_BOARDS = 36
#: Lines a frequency-table block has room for (scores, components, artificial codes).
FREQ_LINES = 20
#: Rows per board on the frequency sheet: title, header, lines, one blank.
FREQ_BLOCK = FREQ_LINES + 3
#: Rows the rulings range covers (header included).
RULINGS_ROWS = 200


def _values(choices: type[Enum]) -> tuple[str, ...]:
    """A setting's choices as the Settings sheet lists them (from :mod:`xlbridge.settings`)."""
    return tuple(str(member.value) for member in choices)


def last_row(count: int) -> int:
    """The last sheet row of a table with a header in row 1 and ``count`` data rows."""
    return count + 1


@dataclass(frozen=True)
class Setting:
    """One row of the Settings sheet: its defined name, label, default and choices."""

    name: str
    label: str
    default: object
    help: str
    choices: tuple[str, ...] = ()
    whole: tuple[int, int] | None = None


PAIR_COLUMNS = (
    Column("A", "Pair", 8, "The pair number as it appears on the travellers (1, 12, A3)"),
    Column("B", "Players", 36, "The players' names"),
    Column("C", "Direction", 11, "Mitchell: NS or EW (ranked separately); Howell: blank"),
    Column("D", "Player 1", 22, "For the results file (USEBIO): the first player's name"),
    Column("E", "ID 1", 10, "The first player's national (federation) number, or 'guest'"),
    Column("F", "Player 2", 22, "The second player's name"),
    Column("G", "ID 2", 10, "The second player's national (federation) number, or 'guest'"),
    Column("H", "Master points", 9, "For the results file (USEBIO): the master points awarded"),
)

TRAVELLER_COLUMNS = (
    Column("A", "Board", 7, "The board number", "0"),
    Column("B", "NS pair", 8, "The North-South pair number"),
    Column("C", "EW pair", 8, "The East-West pair number"),
    Column("D", "Contract", 10, "4H, 3NT, 4SX, 7NTXX or Pass"),
    Column("E", "By", 5, "The declarer: N, E, S or W"),
    Column("F", "Result", 7, "Tricks over or under: m or = (made exactly), +1, -2"),
    Column(
        "G",
        "NS score",
        28,
        "Leave blank to score the contract, or type the NS score (420, -50), NP, "
        "A+/A-, a weighted score '60% 420; 40% -50', a split 'NS: 680 | EW: 1430' "
        "or a ruling ID (R1)",
    ),
    Column("H", "Version", 8, "Fouled board: which version (blank when not fouled)"),
    Column("I", "Score used", 12, "Computed: the typed score, or the contract's score"),
    Column("J", "Round", 7, "The round (filled by xlbridge new --movement)", "0"),
    Column("K", "Table", 7, "The table (filled by xlbridge new --movement)", "0"),
    Column(
        "L",
        "TD note",
        24,
        "The row is checked against the movement; a note here (late arrival, changed "
        "movement) keeps a row that differs from it",
    ),
)

RULING_COLUMNS = (
    Column("A", "ID", 7, "The ruling's ID (R1, R2); type it in the NS score column"),
    Column("B", "Side", 7, "NS, EW or blank (both sides)"),
    Column("C", "Score", 12, "A component NS score (620, -100) or an artificial score (A+)"),
    Column("D", "Weight", 9, "This component's weight: 30%, 2/5; the weights of an ID sum to 100%"),
    Column("E", "Note", 40, "What the TD ruled (for the record)"),
)

ADJUSTMENT_COLUMNS = (
    Column(
        "A",
        "Pair",
        8,
        "The pair penalised (negative amount) or awarded (positive); NS 3 or EW 3 when "
        "each direction is numbered from 1",
    ),
    Column("B", "Board", 7, "The board, or blank for a session adjustment", "0"),
    Column("C", "Amount", 9, "-1, -0.5: matchpoints or percent of a top", "0.0#"),
    Column("D", "Unit", 7, "MP (matchpoints) or % (percent of a top)"),
    Column("E", "Reason", 40, "Why (for the record)"),
)

RESULT_COLUMNS = (
    Column("A", "Board", 7, "", "0"),
    Column("B", "NS pair", 8),
    Column("C", "EW pair", 8),
    Column("D", "Contract", 10),
    Column("E", "By", 5),
    Column("F", "Score", 24),
    Column("G", "NS", 9, "NS matchpoints (or IMPs)", "0.0#"),
    Column("H", "EW", 9, "EW matchpoints (or IMPs)", "0.0#"),
    Column("I", "NS %", 8, "Matchpoints: NS percentage of the top", "0.0#"),
    Column("J", "EW %", 8, "Matchpoints: EW percentage of the top", "0.0#"),
)

FREQUENCY_HEADERS = ("Score", "Freq", "Adj. Freq", "NS MP", "EW MP")
#: An IMP night's (cross-IMPs, Butler): each score's IMPs as NS and as EW.
IMP_FREQUENCY_HEADERS = ("Score", "Freq", "Adj. Freq", "NS IMPs", "EW IMPs")

RANKING_COLUMNS = (
    Column("A", "Rank", 7),
    Column("B", "Pair", 8),
    Column("C", "Players", 36),
    Column("D", "Direction", 10),
    Column("E", "Boards", 8, "", "0"),
    Column("F", "Score", 10, "", "0.00"),
    Column("G", "Max", 9, "", "0.00"),
    Column("H", "%", 9, "", "0.00"),
)

#: The Ranking's column of master points, when any pair has an award (typed or computed).
RANKING_AWARDS_COLUMN = Column("I", "Master points", 9)

_FORMS = _values(ScoringForm)

SETTING_ROWS = (
    Setting("EventName", "Event", "Club pairs", "The event's name, printed on the results"),
    Setting("EventDate", "Date", None, "The date of play"),
    Setting(
        "Movement",
        "Movement",
        "Mitchell",
        "Mitchell, Howell or other; with xlbridge new --movement the travellers are checked "
        "against it",
        (
            "Mitchell",
            "Mitchell share-and-relay",
            "Skip Mitchell",
            "Mitchell with a sit-out",
            "Mitchell share-and-relay with a sit-out",
            "Howell",
            "other",
        ),
    ),
    Setting("Tables", "Tables", 9, "The number of tables in play", whole=(1, 100)),
    Setting("Boards", "Boards", 27, "The number of boards in play", whole=(1, 200)),
    Setting("ScoringForm", "Scoring", "matchpoints", "Matchpoints, Butler or cross-IMPs", _FORMS),
    Setting(
        "Scale", "MP per result beaten", 2, "2 (Law 78A) or 1 (North American)", _values(Scale)
    ),
    Setting(
        "ExpectedSetting",
        "Expected results per board",
        "max played",
        "max played (default) or a number; boards with fewer results are factored (Neuberg)",
    ),
    Setting("Unequal", "Fewer results", "neuberg", "neuberg or ratio", _values(UnequalBoards)),
    Setting(
        "AvplusMethod",
        "A+/A- method",
        "mainstream",
        "mainstream or magic (Law 12C2(c))",
        _values(AvplusMethod),
    ),
    Setting("Aplus", "A+ percent", 60, "Average plus, in percent", whole=(50, 100)),
    Setting("Aminus", "A- percent", 40, "Average minus, in percent", whole=(0, 50)),
    Setting(
        "ButlerTrim",
        "Butler: results dropped",
        0,
        "Whole results dropped from each end",
        whole=(0, 5),
    ),
    Setting(
        "DatumRound", "Butler: datum rounding", 10, "Round the datum to (0: exact)", whole=(0, 100)
    ),
    Setting(
        "DatumReal",
        "Butler: datum of real results",
        "No",
        "Yes: the datum is the mean of the real results as they are (not factored up)",
        ("No", "Yes"),
    ),
    Setting(
        "DivideBy",
        "Cross-IMPs: divide by",
        "total",
        "total, comparisons or scores",
        _values(CrossDivisor),
    ),
    Setting(
        "FactorBoards",
        "Factor fewer boards",
        "No",
        "Scale a pair's total up to the most boards played (IMPs: ranked on it)",
        ("No", "Yes"),
    ),
    Setting(
        "Ranking",
        "Ranking",
        "auto",
        "auto (by direction when no pair changed direction), one field, or by direction",
        _values(Ranking),
    ),
    Setting(
        "SmallVersions",
        "Small fouled versions",
        "neuberg",
        "A fouled version with 1-3 results: neuberg, average or ebu (White Book 4.2.3.3)",
        _values(SmallVersions),
    ),
    Setting("ClubName", "Club", None, "The club's name, for the results file (USEBIO)"),
    Setting("ClubNumber", "Club number", None, "The club's number with its national body (USEBIO)"),
    Setting(
        "Convention",
        "Convention",
        None,
        "Blank: xlbridge's figures; ACBL: ACBLscore's (1 MP a beat, totals scaled to the "
        "section's boards); KoPS: a pair with no real result is absent, not ranked, and the "
        "averages at its table are not results; BBO: no average is a result on its board",
        _values(ScoringConvention),
    ),
)


#: Optional Settings rows for the national body's results file (USEBIO), read by their
#: label wherever they are on the sheet (as the Hand records row): a club that sends its
#: results to the EBU adds them below the others.
NATIONAL_ROWS = (
    Setting(
        "EventIdentifier", "Event identifier", None, "The event's number with the national body"
    ),
    Setting("MasterPointScale", "Master point scale", None, "Club, County, ... (USEBIO)"),
    Setting("MasterPointType", "Master point type", None, "The master points' kind (USEBIO)"),
    Setting("MasterPointsAwarded", "Master points awarded", None, "Yes or No (USEBIO)"),
    Setting(
        "MasterPointBody",
        "Master point body",
        None,
        "ABF (green points) or ACBL (an open club game's): a blank Master points cell on "
        "Pairs is computed; blank: none",
    ),
    Setting("ChargeCode", "Charge code", None, "The national body's charge code or rate"),
)


def setting_row(name: str) -> int:
    """The sheet row of the setting ``name`` (header in row 1)."""
    for index, setting in enumerate(SETTING_ROWS, start=2):
        if setting.name == name:
            return index
    raise KeyError(name)


#: The Settings row holding the expected number of results actually used.
EXPECTED_USED_ROW = len(SETTING_ROWS) + 2

#: The cell of each sheet whose formulas need the xlbridge add-in that says, in one line,
#: when the add-in is missing (``workbook/shared/addin.py``): in the header row, one
#: column right of the sheet's own (the reader reads no further than those).
NOTICE_CELLS = {TRAVELLERS: "N1", BOARD_RESULTS: "L1", FREQUENCIES: "I1", RANKING: "J1"}


#: An optional Settings row naming the club's players list (``xlbridge new --players``),
#: read by its label wherever it is on the sheet (as the Hand records row).
PLAYERS_LIST = Setting(
    "PlayersList",
    "Players list",
    None,
    "The club's players list (Name, Number, Holding), relative to this workbook",
)
#: Optional Settings rows making a stratified event (read by their label wherever they are):
#: the strata, and which holding sets a pair's stratum.
STRATA = Setting(
    "Strata",
    "Strata",
    None,
    "A stratified event: each stratum's name and masterpoint range (A 0-, B 0-1000, "
    "C 0-300); the holdings come from the players list",
)
STRATA_BY = Setting(
    "StrataBy",
    "Strata by",
    None,
    "higher (blank): the higher player's holding sets a pair's stratum; average: the pair's",
)
#: An optional Settings row naming the body whose numbers the Pairs sheet's ID columns hold.
NATIONAL_BODY = Setting(
    "NationalBody",
    "National body",
    None,
    "EBU, ABF or ACBL: the ID columns on Pairs are checked as its numbers",
)
