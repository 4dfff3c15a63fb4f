"""Contracts and their scores: seats, strains, doublings, vulnerability and Law 77.

The scoring follows the Laws of Duplicate Bridge 2017, Law 77, whose table is
kept here as module constants (trick values, premiums, overtrick and
undertrick values); :func:`score_contract` only looks figures up and adds
them.  Scores are from North-South's point of view: positive when NS gain.

A passed-out board has no contract, so it is represented by ``None``:
:func:`parse_contract` returns ``None`` for ``'Pass'`` and
:func:`score_contract` scores it 0.

>>> contract = parse_contract("4HX")
>>> contract
Contract(level=4, strain=Strain.H, doubling=Doubling.DOUBLED)
>>> score_contract(contract, Seat.E, 0, board_vulnerability(7))
-790
>>> format_contract(parse_contract("all pass"))
'Pass'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from xlbridge.errors import ContractError
from xlbridge.exact import is_blank, normalise_text, parse_fraction, quote, whole_number

__all__ = [
    "PASSED_OUT_NAMES",
    "Contract",
    "Doubling",
    "PlayedContract",
    "Seat",
    "Strain",
    "Vulnerability",
    "board_dealer",
    "board_vulnerability",
    "contract_prefix",
    "format_contract",
    "is_passed_out",
    "is_possible_score",
    "parse_contract",
    "parse_tricks_result",
    "possible_scores",
    "score_contract",
]


class _Token(Enum):
    """An enum whose repr is the code that names the member (``Seat.N``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __str__(self) -> str:
        return str(self.value)


class Seat(_Token):
    """A seat at the table; ``Seat.parse`` accepts ``'n'``, ``'North'`` and the like."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def parse(cls, text: object) -> Seat:
        """The seat named by ``text`` (``'N'``, ``'north'``, ``' West '``)."""
        return _lookup(_SEAT_NAMES, text, "a seat (expected N, E, S or W)", "declarer")

    @property
    def is_north_south(self) -> bool:
        """True for North and South."""
        return self in (Seat.N, Seat.S)


class Strain(_Token):
    """A denomination; ``Strain.parse`` accepts letters, ``'NT'``/``'N'`` and suit symbols."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @classmethod
    def parse(cls, text: object) -> Strain:
        """The strain named by ``text`` (``'h'``, ``'♥'``, ``'hearts'``, ``'N'``, ``'nt'``)."""
        return _lookup(_STRAIN_NAMES, text, "a strain (expected C, D, H, S or NT)", "contract")


class Doubling(_Token):
    """Whether a contract is doubled; the value is how it is written after the strain."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    @classmethod
    def parse(cls, text: object) -> Doubling:
        """The doubling written as ``text``: ``''``, ``'X'``, ``'XX'`` (or ``'*'``, ``'**'``)."""
        return _lookup(_DOUBLING_NAMES, text, "a doubling (expected '', X or XX)", "contract")


class Vulnerability(_Token):
    """Which sides are vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    @property
    def described(self) -> str:
        """In words, for a message: ``neither side vulnerable``, ``NS vulnerable``..."""
        return {"None": "neither side", "Both": "both sides"}.get(self.value, self.value) + (
            " vulnerable"
        )

    @classmethod
    def parse(cls, text: object) -> Vulnerability:
        """The vulnerability in ``text``: ``'None'``, ``'Love'``, ``'-'``, ``'N-S'``, ``'All'``."""
        expected = "a vulnerability (expected None, NS, EW or Both)"
        return _lookup(_VULNERABILITY_NAMES, text, expected)

    def is_vulnerable(self, seat: Seat) -> bool:
        """True when the side of ``seat`` is vulnerable."""
        return seat in _VULNERABLE_SEATS[self]


_E = TypeVar("_E", bound=Enum)


def _squash(text: str) -> str:
    """Cell text made comparable: trimmed, upper case, without spaces or emoji selectors."""
    return re.sub(r"[\s\ufe0f]+", "", normalise_text(text)).upper()


def _lookup(names: Mapping[str, _E], text: object, expected: str, part: str = "") -> _E:
    member = names.get(_squash(text)) if isinstance(text, str) else None
    if member is None:
        raise ContractError(f"{quote(text)} is not {expected}", part=part)
    return member


def _names(aliases: Mapping[_E, tuple[str, ...]]) -> dict[str, _E]:
    """A lookup from every (squashed) alias to its member."""
    return {_squash(alias): member for member, names in aliases.items() for alias in names}


_SEAT_NAMES = _names(
    {
        Seat.N: ("N", "North"),
        Seat.E: ("E", "East"),
        Seat.S: ("S", "South"),
        Seat.W: ("W", "West"),
    }
)
_STRAIN_NAMES = _names(
    {
        Strain.C: ("C", "Club", "Clubs", "\u2663", "\u2667"),
        Strain.D: ("D", "Diamond", "Diamonds", "\u2666", "\u2662"),
        Strain.H: ("H", "Heart", "Hearts", "\u2665", "\u2661"),
        Strain.S: ("S", "Spade", "Spades", "\u2660", "\u2664"),
        Strain.NT: ("NT", "N", "No trump", "No trumps", "No-trump", "No-trumps", "Notrump"),
    }
)
_DOUBLING_NAMES = _names(
    {
        Doubling.UNDOUBLED: ("", "Undoubled"),
        Doubling.DOUBLED: ("X", "*", "Doubled"),
        Doubling.REDOUBLED: ("XX", "**", "Redoubled"),
    }
)
_VULNERABILITY_NAMES = _names(
    {
        Vulnerability.NONE: ("None", "Love", "-", "Nil", "Neither"),
        Vulnerability.NS: ("NS", "N-S", "N/S"),
        Vulnerability.EW: ("EW", "E-W", "E/W"),
        Vulnerability.BOTH: ("Both", "All"),
    }
)
_VULNERABLE_SEATS: dict[Vulnerability, frozenset[Seat]] = {
    Vulnerability.NONE: frozenset(),
    Vulnerability.NS: frozenset({Seat.N, Seat.S}),
    Vulnerability.EW: frozenset({Seat.E, Seat.W}),
    Vulnerability.BOTH: frozenset(Seat),
}


@dataclass(frozen=True)
class Contract:
    """A final contract: level 1-7, strain and doubling (a passed-out board is ``None``).

    >>> Contract(3, Strain.NT)
    Contract(level=3, strain=Strain.NT, doubling=Doubling.UNDOUBLED)
    >>> str(Contract(7, Strain.NT, Doubling.REDOUBLED))
    '7NTXX'
    """

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if type(self.level) is not int or not 1 <= self.level <= 7:  # a Python caller's slips
            raise ContractError(
                f"{self.level!r} is not a contract level (expected 1-7)", part="contract"
            )
        if not isinstance(self.strain, Strain):
            raise ContractError(
                f"{self.strain!r} is not a Strain (use Strain.parse)", part="contract"
            )
        if not isinstance(self.doubling, Doubling):
            raise ContractError(
                f"{self.doubling!r} is not a Doubling (use Doubling.parse)", part="contract"
            )

    def __str__(self) -> str:
        return format_contract(self)

    @property
    def max_overtricks(self) -> int:
        """The most overtricks the 13 tricks allow (0 for a grand slam)."""
        return 7 - self.level

    @property
    def max_undertricks(self) -> int:
        """The most undertricks possible: every trick the contract needs."""
        return self.level + 6


_CONTRACT_EXPECTED = "(expected level 1-7, strain C D H S NT, then X or XX)"
_CONTRACT_PATTERN = re.compile(r"([1-7])(.+?)(XX|X|\*\*|\*)?")
#: What a contract cell may hold for a passed-out board, compared without case or spaces
#: (``'All Pass'``, ``'passed out'``): the one list the parser, the workbook reader and
#: ``BRIDGE_SCORE`` use.
PASSED_OUT_NAMES = frozenset({"P", "PASS", "AP", "ALLPASS", "PASSED", "PASSEDOUT", "PASSOUT"})
_PASSED_OUT_TEXT = "Pass"


def is_passed_out(text: object) -> bool:
    """Whether a contract cell says the board was passed out (one of :data:`PASSED_OUT_NAMES`).

    >>> is_passed_out("All Pass"), is_passed_out("passed out"), is_passed_out("4S")
    (True, True, False)
    """
    return isinstance(text, str) and _squash(text) in PASSED_OUT_NAMES


def parse_contract(text: str) -> Contract | None:
    """The contract in ``text`` (``'4HX'``, ``'4 H X'``, ``'3N'``, ``'4♥'``), ``None`` if passed.

    Passed out is written as one of :data:`PASSED_OUT_NAMES` (``'Pass'``, ``'AP'``,
    ``'All Pass'``, ``'Passed out'``..., any case).

    >>> parse_contract("3n")
    Contract(level=3, strain=Strain.NT, doubling=Doubling.UNDOUBLED)
    >>> parse_contract("AP") is None
    True
    """
    if is_passed_out(text):
        return None
    squashed = _squash(text) if isinstance(text, str) else ""
    match = _CONTRACT_PATTERN.fullmatch(squashed)
    strain = _STRAIN_NAMES.get(match.group(2)) if match else None
    if match is None or strain is None:
        raise ContractError(
            f"{quote(text)} is not a contract {_CONTRACT_EXPECTED}", part="contract", unread=True
        )
    return Contract(int(match.group(1)), strain, _DOUBLING_NAMES[match.group(3) or ""])


#: What may follow the contract in its own cell: the declarer and the result, either first,
#: ``by`` before the declarer (``4HS=``, ``3NTX-2 W``, ``4S by N +1``, ``4H= S``).
_SEAT_WORDS = "NORTH|EAST|SOUTH|WEST|N|E|S|W"
_RESULT_WORDS = r"=|[+-]\d{1,2}|MADE|MAKES|MAKING|MAKE|M"
_TAIL_PATTERN = re.compile(
    rf"(?:BY)?(?P<seat>{_SEAT_WORDS})(?P<result>{_RESULT_WORDS})?"
    rf"|(?P<result2>{_RESULT_WORDS})(?:BY)?(?P<seat2>{_SEAT_WORDS})?"
)


def _split_played(text: str) -> tuple[Contract, str | None, str | None] | None:
    """The contract at the start of ``text`` and the declarer's and result's text after it
    (``None`` for a part not there), or ``None`` when ``text`` is not such a cell."""
    squashed = _squash(text)
    for end in range(len(squashed) - 1, 1, -1):  # the longest contract first: 3NTX, not 3N
        try:
            contract = parse_contract(squashed[:end])
        except ContractError:
            continue
        if contract is None:
            return None
        tail = _TAIL_PATTERN.fullmatch(squashed[end:])
        if tail is None:
            return None
        return contract, tail["seat"] or tail["seat2"], tail["result"] or tail["result2"]
    return None


def contract_prefix(text: object) -> Contract | None:
    """The contract a cell begins with when it holds more (``'4H S made 2'`` begins with 4H).

    >>> contract_prefix("4H S made 2"), contract_prefix("4H"), contract_prefix("five")
    (Contract(level=4, strain=Strain.H, doubling=Doubling.UNDOUBLED), None, None)
    """
    if not isinstance(text, str):
        return None
    squashed = _squash(text)
    for end in range(len(squashed) - 1, 1, -1):
        try:
            return parse_contract(squashed[:end])
        except ContractError:
            continue
    return None


def format_contract(contract: Contract | None) -> str:
    """The usual short form (``'4HX'``, ``'3NT'``), or ``'Pass'`` for a passed-out board."""
    if contract is None:
        return _PASSED_OUT_TEXT
    return f"{contract.level}{contract.strain.value}{contract.doubling.value}"


_MADE_WORDS = frozenset({"=", "M", "MADE", "MAKE", "MAKES", "MAKING"})
_RESULT_EXPECTED = "(expected tricks over or under the contract: 0 or '=', 1 or '+1', -2)"


def parse_tricks_result(value: object, contract: Contract | None) -> int:
    """The result relative to ``contract``: 0 made exactly, 1 one overtrick, -2 two down.

    Accepts what a cell holds: numbers (Excel turns a typed ``+1`` into 1) and
    text such as ``'='``, ``'+1'``, ``'-2'``, ``'m'`` or ``'made'``.  A
    passed-out board (``contract`` is ``None``) takes a blank or 0.

    >>> parse_tricks_result("+1", parse_contract("4S"))
    1
    >>> parse_tricks_result(-2.0, parse_contract("3NT"))
    -2
    """
    if contract is None and is_blank(value):
        return 0
    result = _read_tricks(value)
    _check_result(contract, result, value)
    return result


def _read_tricks(value: object) -> int:
    if isinstance(value, str) and _squash(value) in _MADE_WORDS:
        return 0
    try:
        number = parse_fraction(value)
    except ValueError:
        raise ContractError(
            f"{quote(value)} is not a result {_RESULT_EXPECTED}", part="result"
        ) from None
    if number.denominator != 1:
        raise ContractError(f"{quote(value)} is not a whole number of tricks", part="result")
    return int(number)


def _check_result(contract: Contract | None, result: int, value: object) -> None:
    """Refuse a result the 13 tricks cannot produce for ``contract``."""
    if contract is None:
        if result != 0:
            raise ContractError(
                f"{quote(value)} is not a result for a passed-out board (expected 0)",
                part="result",
            )
    elif result > contract.max_overtricks:
        raise ContractError(
            f"{quote(value)} is not possible for {contract}: "
            f"at most {contract.max_overtricks} overtricks",
            part="result",
        )
    elif -result > contract.max_undertricks:
        raise ContractError(
            f"{quote(value)} is not possible for {contract}: "
            f"at most {contract.max_undertricks} undertricks",
            part="result",
        )


# Law 77.  Trick score per odd trick bid and made, undoubled: (first, each subsequent).
_TRICK_VALUES: dict[Strain, tuple[int, int]] = {
    Strain.C: (20, 20),
    Strain.D: (20, 20),
    Strain.H: (30, 30),
    Strain.S: (30, 30),
    Strain.NT: (40, 30),
}
_DOUBLING_FACTOR: dict[Doubling, int] = {
    Doubling.UNDOUBLED: 1,
    Doubling.DOUBLED: 2,
    Doubling.REDOUBLED: 4,
}
_GAME_TRICK_SCORE = 100
_PARTSCORE_PREMIUM = 50
# Premiums keyed by vulnerable (False, True).
_GAME_PREMIUM: dict[bool, int] = {False: 300, True: 500}
_SLAM_PREMIUM: dict[tuple[int, bool], int] = {
    (6, False): 500,
    (6, True): 750,
    (7, False): 1000,
    (7, True): 1500,
}
# For making a doubled ("insult") or redoubled contract.
_MAKING_PREMIUM: dict[Doubling, int] = {
    Doubling.UNDOUBLED: 0,
    Doubling.DOUBLED: 50,
    Doubling.REDOUBLED: 100,
}
# Each overtrick when doubled or redoubled; undoubled overtricks score the trick value.
_DOUBLED_OVERTRICK: dict[tuple[Doubling, bool], int] = {
    (Doubling.DOUBLED, False): 100,
    (Doubling.DOUBLED, True): 200,
    (Doubling.REDOUBLED, False): 200,
    (Doubling.REDOUBLED, True): 400,
}
# Undertricks: (first, each additional, bonus for the fourth and each subsequent).
_UNDERTRICKS: dict[tuple[Doubling, bool], tuple[int, int, int]] = {
    (Doubling.UNDOUBLED, False): (50, 50, 0),
    (Doubling.UNDOUBLED, True): (100, 100, 0),
    (Doubling.DOUBLED, False): (100, 200, 100),
    (Doubling.DOUBLED, True): (200, 300, 0),
    (Doubling.REDOUBLED, False): (200, 400, 200),
    (Doubling.REDOUBLED, True): (400, 600, 0),
}


def score_contract(
    contract: Contract | None,
    declarer: Seat | None,
    result: int,
    vulnerability: Vulnerability,
) -> int:
    """The score for North-South (positive when NS gain) by Law 77.

    ``result`` is relative to the contract (0 made exactly, 1 one over, -2
    two down); a passed-out board (``contract`` is ``None``) scores 0.

    >>> score_contract(Contract(3, Strain.NT), Seat.N, 1, Vulnerability.NONE)
    430
    >>> score_contract(Contract(4, Strain.S, Doubling.DOUBLED), Seat.N, -3, Vulnerability.NS)
    -800
    """
    if isinstance(result, bool) or not isinstance(result, int):  # a Python caller's slip
        raise ContractError(f"{result!r} is not a whole number of tricks", part="result")
    _check_result(contract, result, result)
    if contract is None:
        return 0
    if not isinstance(declarer, Seat):
        raise ContractError(
            f"{declarer!r} is not a declarer for {contract} (expected a Seat)", part="declarer"
        )
    vulnerable = vulnerability.is_vulnerable(declarer)
    if result >= 0:
        score = _made_score(contract, result, vulnerable)
    else:
        score = -_undertrick_penalty(contract.doubling, -result, vulnerable)
    return score if declarer.is_north_south else -score


def _made_score(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    """Declarer's score for making ``contract`` with ``overtricks`` to spare."""
    first, subsequent = _TRICK_VALUES[contract.strain]
    factor = _DOUBLING_FACTOR[contract.doubling]
    trick_score = (first + subsequent * (contract.level - 1)) * factor
    game = trick_score >= _GAME_TRICK_SCORE
    premium = _GAME_PREMIUM[vulnerable] if game else _PARTSCORE_PREMIUM
    premium += _SLAM_PREMIUM.get((contract.level, vulnerable), 0)
    premium += _MAKING_PREMIUM[contract.doubling]
    overtrick = _DOUBLED_OVERTRICK.get((contract.doubling, vulnerable), subsequent)
    return trick_score + premium + overtricks * overtrick


def _undertrick_penalty(doubling: Doubling, undertricks: int, vulnerable: bool) -> int:
    """What the defenders score for ``undertricks`` (at least 1)."""
    first, additional, fourth_on = _UNDERTRICKS[(doubling, vulnerable)]
    return first + additional * (undertricks - 1) + fourth_on * max(0, undertricks - 3)


@dataclass(frozen=True)
class PlayedContract:
    """A contract as played: ``contract`` (``None``: passed out), ``declarer`` and ``result``.

    ``result`` is the tricks relative to the contract (0 made exactly, 1 one
    over, -2 two down); :attr:`tricks` is the tricks declarer took.  Every
    reader parses the three cells once (:meth:`from_cells`; a file's tricks
    taken, :meth:`from_tricks`), the score comes from Law 77 once
    (:meth:`score`), and every output writes it one way: ``str()`` on a score
    card (``4H+1 N``, ``Pass``), :meth:`cells` in a workbook's three columns,
    :attr:`tricks` in PBN and USEBIO.  A passed-out board has no declarer and a
    result of 0.

    >>> played = PlayedContract.from_cells("4 h x", "n", "+1")
    >>> played
    PlayedContract(contract=Contract(level=4, strain=Strain.H, doubling=Doubling.DOUBLED), \
declarer=Seat.N, result=1)
    >>> str(played), played.cells(), played.tricks, played.score(Vulnerability.NONE)
    ('4HX+1 N', ('4HX', 'N', '+1'), 11, 690)
    >>> PlayedContract.parse("4HX+1 N") == played, str(PlayedContract.from_cells("All Pass"))
    (True, 'Pass')
    """

    contract: Contract | None
    declarer: Seat | None = None
    result: int = 0

    def __post_init__(self) -> None:
        if self.contract is not None and not isinstance(self.contract, Contract):
            raise ContractError(
                f"{quote(self.contract)} is not a Contract (use parse_contract)", part="contract"
            )
        if self.contract is None:
            if self.declarer is not None:
                raise ContractError("a passed-out board has no declarer", part="declarer")
        elif not isinstance(self.declarer, Seat):
            raise ContractError(
                f"{quote(self.declarer)} is not a declarer for {self.contract} "
                "(expected N, E, S or W)",
                part="declarer",
            )
        if isinstance(self.result, bool) or not isinstance(self.result, int):
            raise ContractError(
                f"{quote(self.result)} is not a whole number of tricks", part="result"
            )
        _check_result(self.contract, self.result, self.result)

    @classmethod
    def from_cells(
        cls, contract: object, declarer: object = None, result: object = None
    ) -> PlayedContract | None:
        """The contract played, from its three cells as a person or a terminal typed them.

        ``contract``: ``4HX``, ``4 S``, ``3 NT x``, ``4♥``, or a passed-out
        word (:data:`PASSED_OUT_NAMES`); ``declarer``: ``N``, ``north``...;
        ``result``: ``=``, ``+2``, ``-1``, ``m``/``made``, or a number
        relative to the contract (Excel turns a typed ``+1`` into 1).  A
        passed-out board takes a blank or 0 as its result and a blank (or a
        seat) as its declarer.  ``None`` when the contract cell is blank.

        The contract's cell may hold the declarer and the result too, as score
        cards write them (``4HS=``, ``3NTX-2 W``, ``4S by N +1``, ``4H= S``);
        a part typed there and in its own cell must agree.

        A cell that is wrong raises :class:`~xlbridge.errors.ContractError`
        whose ``part`` names it (``contract``, ``declarer`` or ``result``).
        """
        if is_blank(contract):
            return None
        try:
            parsed = parse_contract(contract)  # type: ignore[arg-type]
        except ContractError:
            if not isinstance(contract, str):
                raise
            split = _split_played(contract)
            if split is None:
                raise
            parsed, declarer, result = _one_cell(contract, split, declarer, result)
            if split[2] is not None:  # the result is in the contract's cell: named there
                try:
                    parse_tricks_result(result, parsed)
                except ContractError as exc:
                    raise ContractError(f"{quote(contract)}: {exc.what}", part="contract") from None
        if parsed is None:
            if not is_blank(declarer):
                Seat.parse(declarer)  # a seat is harmless; anything else is a slip
            parse_tricks_result(result, None)
            return cls(None)
        seat = Seat.parse(declarer) if not is_blank(declarer) else None
        if seat is None:
            raise ContractError(
                f"a blank declarer for {parsed} (expected N, E, S or W)", part="declarer"
            )
        if is_blank(result):
            raise ContractError(f"a blank result for {parsed} {_RESULT_EXPECTED}", part="result")
        return cls(parsed, seat, parse_tricks_result(result, parsed))

    @classmethod
    def from_tricks(
        cls, contract: object, declarer: object = None, tricks: object = None
    ) -> PlayedContract | None:
        """The contract played, from a file that gives the tricks declarer took (PBN's
        ``Result``, USEBIO's ``TRICKS``): ``4H``, ``N``, ``9`` is 4H one down.

        ``None`` when the contract is blank; a passed-out board's declarer and
        tricks are not read (files write ``N`` and ``0`` there).
        """
        if is_blank(contract):
            return None
        parsed = parse_contract(contract)  # type: ignore[arg-type]
        if parsed is None:
            return cls(None)
        try:
            taken = whole_number(tricks)
        except ValueError:
            raise ContractError(
                f"{quote(tricks)} is not a number of tricks taken (0 to 13)", part="result"
            ) from None
        if not 0 <= taken <= 13:
            raise ContractError(
                f"{quote(tricks)} is not a number of tricks taken (0 to 13)", part="result"
            )
        return cls(parsed, Seat.parse(declarer), taken - parsed.level - 6)

    @classmethod
    def parse(cls, text: str) -> PlayedContract:
        """The canonical text back (``4HX+1 N``, ``3NT= S``, ``4S-2 E``, ``Pass``).

        >>> PlayedContract.parse("3NT= S").tricks
        9
        """
        if is_passed_out(text):
            return cls(None)
        match = _PLAYED_TEXT.fullmatch(normalise_text(text)) if isinstance(text, str) else None
        if match is None:
            raise ContractError(
                f"{quote(text)} is not a contract as played (expected e.g. 4H+1 N, 3NT= S, Pass)",
                part="contract",
            )
        played = cls.from_cells(match.group(1), match.group(3), match.group(2))
        assert played is not None
        return played

    @property
    def tricks(self) -> int | None:
        """The tricks declarer took (``None`` when passed out)."""
        return None if self.contract is None else self.contract.level + 6 + self.result

    @property
    def result_text(self) -> str:
        """The result as a traveller writes it: ``=``, ``+1``, ``-2`` (``""`` when passed out)."""
        if self.contract is None:
            return ""
        return "=" if self.result == 0 else f"{self.result:+d}"

    def score(self, vulnerability: Vulnerability) -> int:
        """The NS score by Law 77 (:func:`score_contract`)."""
        return score_contract(self.contract, self.declarer, self.result, vulnerability)

    def cells(self) -> tuple[str, str, str]:
        """The contract, declarer and result cells of a traveller: ``('4HX', 'N', '+1')``."""
        return self._cells

    @functools.cached_property
    def _cells(self) -> tuple[str, str, str]:
        # kept on the contract: a merged field writes each play's cells twice (Travellers
        # and Board results), and finding them among the worked-out ones hashes the contract
        return _played_cells(self)

    def __str__(self) -> str:
        if self.contract is None:
            return _PASSED_OUT_TEXT
        assert self.declarer is not None
        return f"{format_contract(self.contract)}{self.result_text} {self.declarer.value}"


def _one_cell(
    text: str, split: tuple[Contract, str | None, str | None], declarer: object, result: object
) -> tuple[Contract, object, object]:
    """The contract, declarer and result of a contract cell that holds the declarer or the
    result too (``4HS=``), with the declarer's and result's own cells: a part typed in both
    places must agree."""
    contract, seat, tricks = split
    for part, there, cell in (("declarer", seat, declarer), ("result", tricks, result)):
        if there is None or is_blank(cell):
            continue
        same = (
            Seat.parse(there) == Seat.parse(cell)
            if part == "declarer"
            else _read_tricks(there) == _read_tricks(cell)
        )
        if not same:
            raise ContractError(
                f"{quote(text)} holds a {part} ({there}) and the {part}'s cell another "
                f"({quote(cell)}): type the contract ({format_contract(contract)}) alone in its "
                f"cell, the {part} in its own",
                part="contract",
            )
    return (
        contract,
        declarer if seat is None else seat,
        result if tricks is None else tricks,
    )


@functools.lru_cache(maxsize=4096)
def _played_cells(played: PlayedContract) -> tuple[str, str, str]:
    """:meth:`PlayedContract.cells`, worked out once for each contract as played (a merged
    field writes a hundred thousand rows of a few hundred contracts)."""
    if played.contract is None:
        return (_PASSED_OUT_TEXT, "", "")
    assert played.declarer is not None
    return (format_contract(played.contract), played.declarer.value, played.result_text)


_PLAYED_TEXT = re.compile(r"(.+?)\s*(=|[+-]\d+)\s+(\S+)")


# The standard cycle of 16 boards; board 17 is dealt like board 1.
_CYCLE = 16
_BOARD_DEALERS = (Seat.N, Seat.E, Seat.S, Seat.W)
_NONE, _NS, _EW, _BOTH = Vulnerability
_BOARD_VULNERABILITIES = (
    *(_NONE, _NS, _EW, _BOTH),  # boards 1-4
    *(_NS, _EW, _BOTH, _NONE),  # boards 5-8
    *(_EW, _BOTH, _NONE, _NS),  # boards 9-12
    *(_BOTH, _NONE, _NS, _EW),  # boards 13-16
)


def board_vulnerability(board: int | float) -> Vulnerability:
    """The vulnerability of ``board`` (1 None, 2 NS, 3 EW, 4 Both, ... in cycles of 16).

    >>> board_vulnerability(7)
    Vulnerability.BOTH
    """
    return _BOARD_VULNERABILITIES[(_board_number(board) - 1) % _CYCLE]


def board_dealer(board: int | float) -> Seat:
    """The dealer of ``board`` (1 N, 2 E, 3 S, 4 W, 5 N, ...).

    >>> board_dealer(18.0)
    Seat.E
    """
    return _BOARD_DEALERS[(_board_number(board) - 1) % len(_BOARD_DEALERS)]


def _board_number(board: object) -> int:
    try:
        number = parse_fraction(board)
    except ValueError:
        raise ContractError(f"board {quote(board)} is not a number", part="board") from None
    if number.denominator != 1:
        raise ContractError(f"board {quote(board)} is not a whole number", part="board")
    if number < 1:
        raise ContractError(
            f"board {quote(board)} is not a board number (expected 1 or more)", part="board"
        )
    return int(number)


_POSSIBLE_SCORES: dict[Vulnerability | None, frozenset[int]] = {}


def possible_scores(vulnerability: Vulnerability | None = None) -> frozenset[int]:
    """Every NS score some contract, declarer and result produce (``None``: any vulnerability).

    Computed on first use and cached.

    >>> 620 in possible_scores(Vulnerability.NS), 620 in possible_scores(Vulnerability.EW)
    (True, False)
    """
    if vulnerability not in _POSSIBLE_SCORES:
        _POSSIBLE_SCORES[vulnerability] = _all_scores(vulnerability)
    return _POSSIBLE_SCORES[vulnerability]


def is_possible_score(score: int | float, vulnerability: Vulnerability | None = None) -> bool:
    """True if some contract scores ``score`` for NS (for data-entry checks).

    >>> is_possible_score(420), is_possible_score(425), is_possible_score(-7600)
    (True, False, True)
    """
    return score in possible_scores(vulnerability)


def _all_scores(vulnerability: Vulnerability | None) -> frozenset[int]:
    if vulnerability is None:
        return frozenset[int]().union(*(possible_scores(vul) for vul in Vulnerability))
    return frozenset(
        score_contract(contract, declarer, result, vulnerability)
        for contract in _ALL_CONTRACTS
        for declarer in (Seat.N, Seat.E)
        for result in range(-contract.max_undertricks, contract.max_overtricks + 1)
    ) | {0}


_ALL_CONTRACTS = tuple(
    Contract(level, strain, doubling)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
)
