"""Deals, double-dummy tables and par: the hand records of a session, in pure Python.

A :class:`Deal` is the 52 cards of a board, dealt to North, East, South and
West; :func:`parse_deal` reads it as PBN writes it (``"N:AKQ.JT9.876.5432
..."``: the first seat, then clockwise, suits in the order spades, hearts,
diamonds, clubs) and refuses anything that is not 52 distinct cards.

A :class:`DDTable` is what a double-dummy solver finds: the tricks each
declarer takes in each strain with best play all round.  Solving needs a
native solver (:mod:`xlbridge.formats.hand_records`, the optional ``hands`` extra); the table
itself, the makeable contracts and the par (:func:`par`) are worked out here,
from Law 77's scores (:func:`~xlbridge.contract.score_contract`).

>>> deal = parse_deal("N:AKQJ.AKQ.AKQ.AKQ T987.J87.J87.J87 654.654.654.T965 32.T932.T932.432")
>>> deal.hcp(Seat.N), format_hand(deal.hand(Seat.S))
(37, '654.654.654.T965')
>>> table = DDTable.from_rows({Seat.N: (13, 13, 13, 13, 13), Seat.S: (13, 13, 13, 13, 13),
...                           Seat.E: (0, 0, 0, 0, 0), Seat.W: (0, 0, 0, 0, 0)})
>>> result = par(table, Vulnerability.NONE, Seat.N)
>>> result.score, [str(c) for c in result.contracts]
(1520, ['7NT= NS'])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from xlbridge.contract import (
    Contract,
    Doubling,
    Seat,
    Strain,
    Vulnerability,
    score_contract,
)
from xlbridge.errors import DealError
from xlbridge.exact import quote
from xlbridge.places import Place, Problem

__all__ = [
    "RANKS",
    "SEATS",
    "STRAINS",
    "SUITS",
    "BoardHands",
    "BoardRecord",
    "DDTable",
    "Deal",
    "HandRecords",
    "Par",
    "ParContract",
    "SessionHands",
    "format_deal",
    "format_hand",
    "par",
    "parse_deal",
    "random_deal",
]

#: The seats in PBN order, clockwise from North.
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
#: The suits in the order a PBN hand lists them.
SUITS = (Strain.S, Strain.H, Strain.D, Strain.C)
#: The strains in the order a double-dummy table is printed (PBN OptimumResultTable).
STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
#: The ranks, highest first (T is the ten).
RANKS = "AKQJT98765432"
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
_SIDES = {"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}
#: Contracts in bidding order: 1C, 1D, 1H, 1S, 1NT, 2C, ... 7NT.
_BIDDING_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
_CONTRACTS = tuple(Contract(level, strain) for level in range(1, 8) for strain in _BIDDING_STRAINS)

#: One hand: the ranks held in spades, hearts, diamonds and clubs, highest first.
Hand = tuple[str, str, str, str]


@dataclass(frozen=True)
class Deal:
    """The four hands of a board, North, East, South, West (see :func:`parse_deal`)."""

    hands: tuple[Hand, Hand, Hand, Hand]

    def hand(self, seat: Seat) -> Hand:
        """The hand of ``seat``: four strings of ranks (spades, hearts, diamonds, clubs)."""
        return self.hands[SEATS.index(seat)]

    def hcp(self, seat: Seat) -> int:
        """High-card points of ``seat`` (A 4, K 3, Q 2, J 1)."""
        return sum(_HCP.get(rank, 0) for suit in self.hand(seat) for rank in suit)

    def __str__(self) -> str:
        return format_deal(self)


def random_deal(rng: random.Random) -> Deal:
    """A deal shuffled by ``rng``: give it a seed (``random.Random(2026)``) to deal again alike.

    >>> str(random_deal(random.Random(1)))[:20]
    'N:Q953.85.J532.T42 2'
    """
    cards = [(suit, rank) for suit in range(4) for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = cards[13 * seat : 13 * seat + 13]
        suits = ["".join(r for r in RANKS if (suit, r) in held) for suit in range(4)]
        hands.append((suits[0], suits[1], suits[2], suits[3]))
    return Deal((hands[0], hands[1], hands[2], hands[3]))


def format_hand(hand: Hand) -> str:
    """A hand as PBN writes it: ``'AKQ.JT9.876.5432'`` (a void is an empty suit)."""
    return ".".join(hand)


def format_deal(deal: Deal, first: Seat = Seat.N) -> str:
    """The deal as a PBN Deal tag value, starting with ``first``: ``'N:... ... ... ...'``."""
    start = SEATS.index(first)
    order = SEATS[start:] + SEATS[:start]
    return f"{first.value}:" + " ".join(format_hand(deal.hand(seat)) for seat in order)


def _quoted(text: object) -> str:
    """A deal's text for a message, whole: 71 characters quoted (52 cards, 3 dots a hand,
    the seat), 75 with 10 written for T, with room for a character named in brackets."""
    return quote(text, 120)


def parse_deal(text: str) -> Deal:
    """The deal in a PBN Deal tag value: ``'N:hand hand hand hand'``, hands clockwise.

    Each hand is four suits separated by dots (spades first), ranks in any
    order and case (``T`` or ``10`` for the ten).  Every one of the 52 cards
    must be dealt exactly once.

    >>> parse_deal("E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    Deal(hands=(('', '', '', 'AKQJT98765432'), ('AKQJT98765432', '', '', ''), ('', 'AKQJT98765432', '', ''), ('', '', 'AKQJT98765432', '')))
    >>> parse_deal("N:AK... ... ... ...")
    Traceback (most recent call last):
    ...
    xlbridge.errors.DealError: 'N:AK... ... ... ...' is not a whole deal: 2 cards dealt, 52 expected
    """  # noqa: E501
    if not isinstance(text, str) or ":" not in text:
        raise DealError(
            f"{_quoted(text)} is not a deal (expected 'N:' and four hands, as PBN writes it)"
        )
    first_text, _, rest = text.strip().partition(":")
    try:
        first = Seat.parse(first_text)
    except ValueError:
        raise DealError(
            f"{_quoted(text)} is not a deal: {quote(first_text)} is not a seat"
        ) from None
    parts = rest.split()
    if len(parts) != 4:
        raise DealError(f"{_quoted(text)} is not a deal: {len(parts)} hands, 4 expected")
    start = SEATS.index(first)
    hands: dict[Seat, Hand] = {}
    for offset, part in enumerate(parts):
        hands[SEATS[(start + offset) % 4]] = _parse_hand(part, text)
    deal = Deal((hands[Seat.N], hands[Seat.E], hands[Seat.S], hands[Seat.W]))
    _check_whole(deal, text)
    return deal


def _parse_hand(part: str, text: str) -> Hand:
    suits = part.upper().replace("10", "T").split(".")
    if part == "-":  # PBN's unknown hand: an incomplete deal
        raise DealError(f"{_quoted(text)} is not a whole deal: a hand is not given ('-')")
    if len(suits) != 4:
        raise DealError(
            f"{_quoted(text)} is not a deal: hand {quote(part)} has {len(suits)} suits, 4 expected"
        )
    hand = []
    for suit in suits:
        bad = [rank for rank in suit if rank not in RANKS]
        if bad:
            raise DealError(f"{_quoted(text)} is not a deal: {quote(bad[0])} is not a card rank")
        hand.append("".join(sorted(suit, key=RANKS.index)))
    return (hand[0], hand[1], hand[2], hand[3])


def _check_whole(deal: Deal, text: str) -> None:
    cards = [
        (suit, rank)
        for hand in deal.hands
        for suit, ranks in zip(SUITS, hand, strict=True)
        for rank in ranks
    ]
    twice = sorted({card for card in cards if cards.count(card) > 1}, key=cards.index)
    if twice:
        suit, rank = twice[0]
        raise DealError(f"{_quoted(text)} is not a deal: {rank}{_SYMBOL[suit]} is dealt twice")
    if len(cards) != 52:
        raise DealError(
            f"{_quoted(text)} is not a whole deal: {len(cards)} cards dealt, 52 expected"
        )
    counts = [sum(len(suit) for suit in hand) for hand in deal.hands]
    if set(counts) != {13}:
        seat = SEATS[next(i for i, n in enumerate(counts) if n != 13)]
        raise DealError(
            f"{_quoted(text)} is not a deal: {seat.value} holds "
            f"{counts[SEATS.index(seat)]} cards, not 13"
        )


_SYMBOL = {Strain.S: "\u2660", Strain.H: "\u2665", Strain.D: "\u2666", Strain.C: "\u2663"}


@dataclass(frozen=True)
class DDTable:
    """Double-dummy tricks: ``tricks[seat][strain]``, seats N E S W, strains NT S H D C."""

    tricks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        shape = len(self.tricks) == 4 and all(len(row) == 5 for row in self.tricks)
        if not shape or not all(
            type(n) is int and 0 <= n <= 13 for row in self.tricks for n in row
        ):
            raise DealError(f"{self.tricks!r} is not a double-dummy table (4 x 5 tricks, 0-13)")

    @classmethod
    def from_rows(cls, rows: Mapping[Seat, Sequence[int]]) -> DDTable:
        """A table from each seat's tricks in NT, S, H, D, C."""
        return cls(tuple(tuple(rows[seat]) for seat in SEATS))

    def tricks_for(self, seat: Seat, strain: Strain) -> int:
        """The tricks ``seat`` takes as declarer in ``strain``."""
        return self.tricks[SEATS.index(seat)][STRAINS.index(strain)]

    def makeable(self, seat: Seat, strain: Strain) -> int:
        """The highest level ``seat`` makes in ``strain`` (0: not even one)."""
        return max(0, self.tricks_for(seat, strain) - 6)


@dataclass(frozen=True)
class ParContract:
    """One par contract: the contract, the side and seats that declare it, and the result."""

    contract: Contract
    side: str
    declarers: tuple[Seat, ...]
    result: int

    def __str__(self) -> str:
        result = "=" if self.result == 0 else f"{self.result:+d}"
        seats = "".join(seat.value for seat in self.declarers)
        return f"{self.contract}{result} {seats}"


@dataclass(frozen=True)
class Par:
    """The par score (NS point of view) and the contracts that reach it."""

    score: int
    contracts: tuple[ParContract, ...]

    def __str__(self) -> str:
        if not self.contracts:
            return "0 (passed out)"
        return f"{self.score:+d}: " + ", ".join(str(c) for c in self.contracts)


def par(table: DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """The par of a deal: the score when both sides bid to their best against each other.

    Found by backward induction over the auction: a side holding a contract
    keeps it unless the opponents do better by bidding higher (a contract that
    fails is doubled).  Each side declares from the seat that takes more
    tricks; the dealer's side has the first chance to bid.  The par
    contracts are the contracts, each strain at its lowest level, that score
    the par and over which the opponents have no overcall doing as well
    (a sacrifice is over the opponents' best contract, as DDS reports it).
    """
    game = _ParGame(table, vulnerability)
    dealer_side = "NS" if dealer.is_north_south else "EW"
    other = _other(dealer_side)
    contracts = range(len(_CONTRACTS))
    after_pass = _best(other, [0, *(game.held(j, other) for j in contracts)])
    score = _best(dealer_side, [after_pass, *(game.held(j, dealer_side) for j in contracts)])
    if score == 0:  # no contract scores 0: nobody can bid profitably
        return Par(0, ())
    found: dict[tuple[str, Strain], ParContract] = {}
    for index, contract in enumerate(_CONTRACTS):
        for side in _SIDES:
            key = (side, contract.strain)
            if key not in found and game.ends(index, side, score):
                found[key] = game.describe(index, side)
    return Par(score, tuple(found.values()))


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _best(side: str, values: Sequence[int]) -> int:
    return max(values) if side == "NS" else min(values)


class _ParGame:
    """The auction as a two-player game over the 35 contracts, memoised."""

    def __init__(self, table: DDTable, vulnerability: Vulnerability) -> None:
        self.table = table
        self.vulnerability = vulnerability
        self.held = lru_cache(maxsize=None)(self._held)
        self.final = lru_cache(maxsize=None)(self._final)

    def declarer(self, side: str, strain: Strain) -> tuple[Seat, int]:
        seats = _SIDES[side]
        tricks = [self.table.tricks_for(seat, strain) for seat in seats]
        best = max(tricks)
        return seats[tricks.index(best)], best

    def played(self, index: int, side: str) -> tuple[Contract, Seat, int]:
        """Contract ``index`` as ``side`` plays it: its best declarer, the result, and
        doubled when it fails (the opponents double every failing contract)."""
        contract = _CONTRACTS[index]
        seat, tricks = self.declarer(side, contract.strain)
        result = tricks - contract.level - 6
        if result < 0:
            contract = Contract(contract.level, contract.strain, Doubling.DOUBLED)
        return contract, seat, result

    def _final(self, index: int, side: str) -> int:
        """The NS score if the auction ends in contract ``index`` by ``side``."""
        contract, seat, result = self.played(index, side)
        return score_contract(contract, seat, result, self.vulnerability)

    def _held(self, index: int, side: str) -> int:
        """The NS score once ``side`` has bid contract ``index`` and the opponents are to act."""
        other = _other(side)
        options = [self.final(index, side)]
        options.extend(self.held(j, other) for j in range(index + 1, len(_CONTRACTS)))
        return _best(other, options)

    def ends(self, index: int, side: str, score: int) -> bool:
        """True when contract ``index`` by ``side`` scores ``score`` and no overcall beats it.

        An overcall that does as well for the opponents (a sacrifice costing
        no more) is taken, so a contract the opponents could profitably
        outbid is not a par contract even when the score comes out the same.
        """
        if self.final(index, side) != score:
            return False
        other = _other(side)
        return all(
            _best(other, [self.final(j, other), score]) == score and self.final(j, other) != score
            for j in range(index + 1, len(_CONTRACTS))
        )

    def describe(self, index: int, side: str) -> ParContract:
        contract, _, result = self.played(index, side)
        tricks = contract.level + 6 + result
        seats = tuple(
            seat for seat in _SIDES[side] if self.table.tricks_for(seat, contract.strain) == tricks
        )
        return ParContract(contract, side, seats, result)


# --- a session's hand records -------------------------------------------------------------


@dataclass(frozen=True)
class BoardRecord:
    """One board of a hand-record file: its deal and what the file says about it.

    ``dealer`` and ``vulnerability`` are those of the board number (the
    standard rotation), which the session is scored with; the file's own
    tags, when they differ, are reported in :attr:`HandRecords.warnings`.
    ``dd`` is the file's double-dummy table (OptimumResultTable or
    DoubleDummyTricks), ``par_score`` its OptimumScore for NS, when given.
    """

    board: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    dd: DDTable | None = None
    par_score: int | None = None
    source: Place | str = ""


@dataclass(frozen=True)
class HandRecords:
    """The boards of a hand-record file, by board number, and what was noticed reading it
    (each warning at its line, and its board there: ``deals.pbn line 12: board 5``)."""

    boards: dict[int, BoardRecord]
    warnings: tuple[Problem, ...] = ()
    name: str = ""

    def __iter__(self) -> Iterator[BoardRecord]:
        return iter(sorted(self.boards.values(), key=lambda record: record.board))


@dataclass(frozen=True)
class BoardHands:
    """One board's deal, double-dummy table and par, ready to show.

    ``dd_source`` says where the table came from: ``solver`` (endplay, or
    the cache of its results), ``file`` (the file's OptimumResultTable) or
    ``""`` (no table).
    """

    record: BoardRecord
    dd: DDTable | None
    par: Par | None
    dd_source: str = ""

    @property
    def board(self) -> int:
        return self.record.board

    @property
    def deal(self) -> Deal:
        return self.record.deal


@dataclass(frozen=True)
class SessionHands:
    """Every board of a hand-record file, and what was noticed reading and checking it
    (each warning at its board's line, ``""`` its place when it names none)."""

    boards: dict[int, BoardHands]
    warnings: tuple[Problem, ...]
    name: str
    #: Newly solved tables to keep beside the file
    #: (see :func:`xlbridge.formats.hand_records.save_cache`).
    solved: tuple[tuple[str, dict[str, DDTable]], ...] = ()

    def get(self, board: int) -> BoardHands | None:
        """The hands of ``board``, or ``None`` when the file does not deal it."""
        return self.boards.get(board)
